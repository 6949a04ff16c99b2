"""The cgp family (work in progress)."""
