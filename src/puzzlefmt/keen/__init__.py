"""The keen family (work in progress)."""
