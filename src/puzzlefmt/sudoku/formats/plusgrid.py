"""``+---+`` grids: the frame SadMan Sudoku copies (``+---+---+---+`` with ``|.23|4..|8..|``)
and the spaced one of HoDoKu and Sudoku Explainer (``+-------+`` with ``| . 1 . | ...``)."""

from __future__ import annotations

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._cells import NEWLINES
from puzzlefmt.sudoku._textgrid import value_rows
from puzzlefmt.sudoku.formats._gridpicture import read_value_grid
from puzzlefmt.sudoku.formats.candidates import count_groups
from puzzlefmt.sudoku.formats.pmgrid import sniff_pm_grid
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "read_plus_grid", "sniff", "write_plus_grid"]


def read_plus_grid(text: str) -> Grid:
    """Read a ``+---+`` framed grid (any digit grid frame): its digits as givens."""
    return read_value_grid(text, "plus-grid")


def write_plus_grid(
    grid: Grid, *, spaced: bool = True, newline: str = "lf", values: bool = False
) -> str:
    """``spaced=True``: ``| . 1 . |`` cells (HoDoKu); ``False``: ``|.23|`` (SadMan)."""
    cells = grid.values if values else grid.givens
    if spaced:
        rows = value_rows(cells, blank=".", cell_sep=" ", box_sep=" | ", prefix="| ",
                          suffix=" |")
        rule = "+-------+-------+-------+"
    else:
        rows = value_rows(cells, blank=".", cell_sep="", box_sep="|", prefix="|", suffix="|")
        rule = "+---+---+---+"
    out = [rule, *rows[0:3], rule, *rows[3:6], rule, *rows[6:9], rule]
    nl = NEWLINES[newline]
    return nl.join(out) + nl


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like a ``+---+`` framed grid of digits (not of candidates); None
    otherwise."""
    lines = [ln for ln in split_lines(text) if ln.strip()]
    if not lines or not lines[0].strip().startswith("+-") or count_groups(text):
        return None
    if sniff_pm_grid(text):
        return None
    try:
        read_plus_grid(text)
    except PuzzleFormatError:
        return None
    return Sniff(0.9, "+---+ frame around 9 rows of cells")


#: The ``plus-grid`` format: a ``+-------+`` framed grid (SadMan, HoDoKu, Sudoku Explainer).
FORMAT = Format(
    name="plus-grid",
    family="sudoku",
    model=Grid,
    description="+-------+ framed grid (SadMan, HoDoKu, Sudoku Explainer)",
    sniff_text=sniff,
    read=read_plus_grid,
    write=write_plus_grid,
    priority=35,
    write_options=(
        Option("spaced", bool, True, "| . 1 . | cells (HoDoKu); false: |.23| (SadMan)"),
        Option("newline", str, "lf", "line ending: crlf or lf", choices=tuple(NEWLINES)),
        Option("values", bool, False,
               "write placed digits as cells too (they read back as givens)"),
    ),
    holds=frozenset({"givens"}),
)
