"""Registers the cgp formats with the registry (work in progress)."""
