"""Registers the Sudoku formats (work in progress)."""
