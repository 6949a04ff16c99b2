"""Nine rows of nine cells, no frame: cells run together (``.234..8..``) or separated by
spaces, commas or tabs (SadMan's copy formats). Blank cells as in the line format."""

from __future__ import annotations

from typing import Literal

from puzzlefmt.sudoku._grid import read_value_grid, write_value_rows
from puzzlefmt.sudoku.grid import Grid

__all__ = ["read_rows", "write_rows"]

Separator = Literal["", " ", ",", "\t"]


def read_rows(text: str) -> Grid:
    return read_value_grid(text, "rows")


def write_rows(
    grid: Grid,
    *,
    sep: Separator = "",
    blank: str = ".",
    newline: str = "\n",
    values: bool = False,
) -> str:
    cells = grid.values if values else grid.givens
    rows = write_value_rows(cells, blank=blank, cell_sep=sep, box_sep=sep)
    return newline.join(rows) + newline
