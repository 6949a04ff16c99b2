"""VBForums contest format: ``.msk`` (the puzzle) and ``.sol`` (its solution), nine rows of
nine cells, ``.`` for a blank, each row ended by CRLF."""

from __future__ import annotations

from puzzlefmt.sudoku._grid import read_value_grid, write_value_rows
from puzzlefmt.sudoku.grid import Grid

__all__ = ["read_msk", "read_sol", "write_msk", "write_sol"]


def read_msk(text: str) -> Grid:
    return read_value_grid(text, "msk")


def read_sol(text: str) -> Grid:
    return read_value_grid(text, "sol")


def write_msk(grid: Grid, *, newline: str = "\r\n") -> str:
    return newline.join(write_value_rows(grid.givens, blank=".", cell_sep="", box_sep="")) + newline


def write_sol(grid: Grid, *, newline: str = "\r\n") -> str:
    """The grid's values (givens and placed digits): a solution when the grid is solved."""
    return newline.join(write_value_rows(grid.values, blank=".", cell_sep="", box_sep="")) + newline
