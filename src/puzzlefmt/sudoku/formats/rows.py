"""Nine rows of nine cells, no frame: cells run together (``.234..8..``) or separated by
spaces, commas or tabs (SadMan's copy formats). Blank cells as in the line format.

Also read (what people paste): rows with ``|`` between the boxes (``..3|.2.|6..``,
``. . 3 | . 2 . | 6 . .``) and rule lines between the bands, and rows with labels: ``A``-``I``
(or ``A``-``H``, ``J``; either case) or ``r1``-``r9`` before each row, after a line of column
numbers ``1 2 3 4 5 6 7 8 9`` or not. Labels are recognised when all nine rows have them, in
order.

Written run together with ``.`` blanks and LF; options ``sep`` (``none``, ``space``, ``comma``,
``tab``), ``blank``, ``values``, ``newline``."""

from __future__ import annotations

import re

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._cells import NEWLINES, ROW_BLANKS, is_border
from puzzlefmt.sudoku._textgrid import value_rows
from puzzlefmt.sudoku.formats._gridpicture import (
    NumLine,
    nine_plain_rows,
    read_value_grid,
    read_value_rows,
)
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "read_rows", "sniff", "unlabelled", "write_rows"]

SEPARATORS = {"none": "", "space": " ", "comma": ",", "tab": "\t"}

_LABEL = re.compile(r"\s*([A-Ja-j]|[Rr][1-9])(?=[\s:|)\]])[:)\]]?")
_LABEL_RUNS = ("ABCDEFGHI", "ABCDEFGHJ", [f"R{k}" for k in range(1, 10)])
_COLUMNS = re.compile(r"[\s|:]*(?:[Cc]?1[\s|:]*)(?:[Cc]?2[\s|:]*)(?:[Cc]?3[\s|:]*)"
                      r"(?:[Cc]?4[\s|:]*)(?:[Cc]?5[\s|:]*)(?:[Cc]?6[\s|:]*)"
                      r"(?:[Cc]?7[\s|:]*)(?:[Cc]?8[\s|:]*)(?:[Cc]?9[\s|:]*)")


def unlabelled(lines: list[NumLine]) -> list[NumLine] | None:
    """The 9 rows of a labelled grid with their labels blanked out (columns kept), without
    the line of column numbers and the rule lines; ``None`` when the rows are not labelled."""
    body = [(n, ln) for n, ln in lines if ln.strip() and not is_border(ln)]
    if body and _COLUMNS.fullmatch(body[0][1]):
        body = body[1:]
    if len(body) != 9:
        return None
    labels = []
    rows = []
    for n, ln in body:
        m = _LABEL.match(ln)
        if m is None:
            return None
        labels.append(m.group(1).upper())
        rows.append((n, " " * m.end() + ln[m.end():]))
    if not any(labels == list(run) for run in _LABEL_RUNS):
        return None
    return rows


def read_rows(text: str) -> Grid:
    """Read nine rows of nine cells, with or without separators, box bars or labels (see the
    module docstring)."""
    lines = list(enumerate(split_lines(text), 1))
    rows = unlabelled(lines)
    if rows is not None:
        return Grid._make(read_value_rows(rows, "rows"))
    return read_value_grid(text, "rows")


def write_rows(
    grid: Grid,
    *,
    sep: str = "none",
    blank: str = ".",
    newline: str = "lf",
    values: bool = False,
) -> str:
    """The nine rows, cells separated by ``sep`` (``"none"``, ``"space"``, ``"comma"``,
    ``"tab"``), ``blank`` for a blank, lines ended by ``newline``; ``values=True``: placed
    digits too."""
    cells = grid.values if values else grid.givens
    between = SEPARATORS[sep]
    rows = value_rows(cells, blank=blank, cell_sep=between, box_sep=between)
    nl = NEWLINES[newline]
    return nl.join(rows) + nl


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like nine rows of nine cells, and how they are separated; None
    otherwise."""
    lines = nine_plain_rows(text)
    if lines is not None:
        sep = "commas" if "," in lines[0] else "tabs" if "\t" in lines[0] else (
            "spaces" if " " in lines[0].strip() else "no separator")
        return Sniff(0.7, f"9 rows of 9 cells ({sep})")
    numbered = list(enumerate(split_lines(text), 1))
    body = [ln for _, ln in numbered if ln.strip()]
    if not 9 <= len(body) <= 15:
        return None  # 9 rows, a line of column numbers and rules at most
    labelled = unlabelled(numbered)
    if labelled is None and (is_border(body[0]) or is_border(body[-1])):
        return None  # a framed grid is another format's
    try:
        read_rows(text)
    except PuzzleFormatError:
        return None
    what = "with row labels" if labelled is not None else "with | between the boxes"
    return Sniff(0.6, f"9 rows of 9 cells {what}")


#: The ``rows`` format: nine rows of nine cells, run together or separated by spaces, commas or
#: tabs.
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
