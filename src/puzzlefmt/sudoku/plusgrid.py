"""``+---+`` grids: the frame SadMan Sudoku copies (``+---+---+---+`` with ``|.23|4..|8..|``)
and the spaced one of HoDoKu and Sudoku Explainer (``+-------+`` with ``| . 1 . | ...``)."""

from __future__ import annotations

from puzzlefmt.sudoku._grid import read_value_grid, write_value_rows
from puzzlefmt.sudoku.grid import Grid

__all__ = ["read_plus_grid", "write_plus_grid"]


def read_plus_grid(text: str) -> Grid:
    return read_value_grid(text, "plus-grid")


def write_plus_grid(
    grid: Grid, *, spaced: bool = True, newline: str = "\n", values: bool = False
) -> str:
    """``spaced=True``: ``| . 1 . |`` cells (HoDoKu); ``False``: ``|.23|`` (SadMan)."""
    cells = grid.values if values else grid.givens
    if spaced:
        rows = write_value_rows(cells, blank=".", cell_sep=" ", box_sep=" | ", prefix="| ",
                                suffix=" |")
        rule = "+-------+-------+-------+"
    else:
        rows = write_value_rows(cells, blank=".", cell_sep="", box_sep="|", prefix="|",
                                suffix="|")
        rule = "+---+---+---+"
    out = [rule, *rows[0:3], rule, *rows[3:6], rule, *rows[6:9], rule]
    return newline.join(out) + newline
