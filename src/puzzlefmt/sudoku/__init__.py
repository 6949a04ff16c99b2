"""The Sudoku family."""
