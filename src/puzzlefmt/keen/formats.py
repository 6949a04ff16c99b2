"""Registers the keen formats with the registry (work in progress)."""
