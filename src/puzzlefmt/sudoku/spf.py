"""SuDoku Solver ``.spf``: like Simple Sudoku, but every cell stands between spaces and box
rules cross ``|`` with ``+``; no outer frame::

     5 4 . | 1 . 3 | 8 . .
    -------+-------+------

Read with any spacing (a leading or trailing space per row is common); written as the seed
shows it.
"""

from __future__ import annotations

from puzzlefmt.sudoku._grid import read_value_grid, write_value_rows
from puzzlefmt.sudoku.grid import Grid

__all__ = ["read_spf", "write_spf"]

RULE = "-------+-------+------"


def read_spf(text: str) -> Grid:
    return read_value_grid(text, "spf")


def write_spf(grid: Grid, *, newline: str = "\r\n", values: bool = False) -> str:
    cells = grid.values if values else grid.givens
    rows = write_value_rows(cells, blank=".", cell_sep=" ", box_sep=" | ", prefix=" ")
    out = [*rows[0:3], RULE, *rows[3:6], RULE, *rows[6:9]]
    return newline.join(out) + newline
