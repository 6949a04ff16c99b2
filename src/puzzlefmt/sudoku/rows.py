"""Nine rows of nine cells, no frame: cells run together (``.234..8..``) or separated by
spaces, commas or tabs (SadMan's copy formats). Blank cells as in the line format.

Written run together with ``.`` blanks and LF; options ``sep`` (``none``, ``space``, ``comma``,
``tab``), ``blank``, ``values``, ``newline``."""

from __future__ import annotations

from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._draw import value_rows
from puzzlefmt.sudoku._grid import nine_plain_rows, read_value_grid
from puzzlefmt.sudoku._text import NEWLINES, ROW_BLANKS
from puzzlefmt.sudoku.grid import Grid

__all__ = ["FORMAT", "read_rows", "sniff", "write_rows"]

SEPARATORS = {"none": "", "space": " ", "comma": ",", "tab": "\t"}


def read_rows(text: str) -> Grid:
    return read_value_grid(text, "rows")


def write_rows(
    grid: Grid,
    *,
    sep: str = "none",
    blank: str = ".",
    newline: str = "lf",
    values: bool = False,
) -> str:
    cells = grid.values if values else grid.givens
    between = SEPARATORS[sep]
    rows = value_rows(cells, blank=blank, cell_sep=between, box_sep=between)
    nl = NEWLINES[newline]
    return nl.join(rows) + nl


def sniff(text: str) -> Sniff | None:
    lines = nine_plain_rows(text)
    if lines is None:
        return None
    sep = "commas" if "," in lines[0] else "tabs" if "\t" in lines[0] else (
        "spaces" if " " in lines[0].strip() else "no separator")
    return Sniff(0.7, f"9 rows of 9 cells ({sep})")


FORMAT = Format(
    name="rows",
    family="sudoku",
    model=Grid,
    description="9 rows of 9 cells, run together or separated by spaces, commas or tabs",
    sniff_text=sniff,
    read=read_rows,
    write=write_rows,
    priority=40,
    write_options=(
        Option("sep", str, "none", "between cells", choices=tuple(SEPARATORS)),
        Option("blank", str, ".", "the character written for an empty cell",
               choices=ROW_BLANKS),
        Option("newline", str, "lf", "line ending: crlf or lf", choices=tuple(NEWLINES)),
        Option("values", bool, False,
               "write placed digits as cells too (they read back as givens)"),
    ),
    holds=frozenset({"givens"}),
)
