"""SuDoku Solver ``.spf``: like Simple Sudoku, but every cell stands between spaces and box
rules cross ``|`` with ``+``; no outer frame::

     5 4 . | 1 . 3 | 8 . .
    -------+-------+------

Read with any spacing (a leading or trailing space per row is common); written as the seed
shows it.
"""

from __future__ import annotations

from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._cells import NEWLINES, is_border
from puzzlefmt.sudoku._textgrid import value_rows
from puzzlefmt.sudoku.formats._gridpicture import read_value_grid
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "read_spf", "sniff", "write_spf"]

RULE = "-------+-------+------"


def read_spf(text: str) -> Grid:
    """Read a ``.spf`` grid (any digit grid frame): its digits as givens."""
    return read_value_grid(text, "spf")


def write_spf(grid: Grid, *, newline: str = "crlf", values: bool = False) -> str:
    """The ``.spf`` grid of the givens (``values=True``: placed digits too), lines ended by
    ``newline`` (``"crlf"`` or ``"lf"``)."""
    cells = grid.values if values else grid.givens
    rows = value_rows(cells, blank=".", cell_sep=" ", box_sep=" | ", prefix=" ")
    out = [*rows[0:3], RULE, *rows[3:6], RULE, *rows[6:9]]
    nl = NEWLINES[newline]
    return nl.join(out) + nl


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like a ``.spf`` grid: 11 lines, two of them ``-------+-------``
    rules, no frame; None otherwise."""
    lines = [ln for ln in split_lines(text) if ln.strip()]
    if len(lines) != 11:
        return None
    rules = [ln.strip() for ln in lines if is_border(ln)]
    if len(rules) != 2 or any(r.startswith(("*", "|", "+", ".")) for r in rules):
        return None
    if not all("+" in r for r in rules):
        return None
    body = [ln for ln in lines if not is_border(ln)]
    if not all(ln.count("|") == 2 and len(ln.split()) == 11 for ln in body):
        return None
    return Sniff(0.92, "spaced cells with | and -------+------- rules, no frame")


#: The ``spf`` format: SuDoku Solver's grid (``. . . | . . .`` rows, ``-------+-------`` rules).
FORMAT = Format(
    name="spf",
    family="sudoku",
    model=Grid,
    extensions=("spf",),
    description="SuDoku Solver (. . . | . . . rows, -------+------- rules)",
    sniff_text=sniff,
    read=read_spf,
    write=write_spf,
    priority=34,
    write_options=(
        Option("newline", str, "crlf", "line ending: crlf or lf", choices=tuple(NEWLINES)),
        Option("values", bool, False,
               "write placed digits as cells too (they read back as givens)"),
    ),
    holds=frozenset({"givens"}),
)
