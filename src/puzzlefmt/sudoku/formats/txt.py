"""``.txt`` collections: one puzzle a line, ``#`` comments (the common exchange format).

Each record is an 81-character line (see :mod:`puzzlefmt.sudoku.formats.line`: any blank convention,
a comment or rating after the cells kept as ``meta["comment"]``), a 729-character Sukaku
line, or a HoDoKu library line (starting with ``:``; HoDoKu's exemplar file mixes them
in). Lines starting with ``#`` and blank lines are comments, not puzzles, even when a comment
is exactly 81 characters long. Files may use CRLF, LF or CR, lack a final newline, end with
blank lines, or be UTF-16 with a BOM (decoding is done before these readers).

Written with CRLF, ``.`` for a blank (option ``blank``); a grid with candidates (or struck-out
candidates) and no given is written as a Sukaku line, a grid with placed digits and no given
as the line of its values. ``.sdm`` (:mod:`puzzlefmt.sudoku.formats.sdm`) is the same with ``0``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from puzzlefmt.collection import LineCollection
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Sniff
from puzzlefmt.sudoku.formats.hodoku import read_hodoku_line
from puzzlefmt.sudoku.formats.line import LINE_OPTIONS, read_line
from puzzlefmt.sudoku.formats.line import writes_as as line_writes_as
from puzzlefmt.sudoku.formats.sukaku import read_sukaku_line, sukaku_line
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "parse_record", "sniff_collection", "write_record", "writes_as"]


def parse_record(fmt: str, line: str) -> Grid:
    """One record line of a ``fmt`` collection (``"txt"`` or ``"sdm"``)."""
    if line.startswith(":"):
        return read_hodoku_line(line)
    if len(line) >= 729 and len(line.rstrip()) == 729 and line[81] not in " \t#,;":
        return read_sukaku_line(line, fmt)
    return read_line(line, fmt)


def write_record(grid: Grid, *, blank: str = ".", values: bool = False,
                 comment: bool = True) -> str:
    """One record: the 81-character line, or the Sukaku line of a grid of candidates (or of
    struck-out candidates) with no given: a candidate grid, its placed digits written as
    one-candidate cells."""
    if _marks(grid) and not any(grid.givens):
        return sukaku_line(grid, placeholder="0" if blank == "0" else ".")
    return grid.line(blank, values=values, comment=comment)


_WITH_GIVENS = frozenset({"givens", "comments"})
_WITHOUT_GIVENS = frozenset({"givens", "candidates", "comments"})


def holds_for(grid: Grid) -> frozenset[str]:
    """What a line keeps of ``grid``: its candidates only as a Sukaku line, written for a
    grid without a given (a grid with givens is written as its givens)."""
    return _WITHOUT_GIVENS if not any(grid.givens) else _WITH_GIVENS


def writes_as(grid: Grid, options: Mapping[str, Any]) -> dict[str, str]:
    """What a line keeps of ``grid`` as another kind: the placed digits of the line of its
    values (:func:`puzzlefmt.sudoku.formats.line.writes_as`); none in a Sukaku line (written for a
    grid with candidates and no given: its placed digits are one-candidate cells there)."""
    if _marks(grid) and not any(grid.givens):
        return {}
    return line_writes_as(grid, options)


def _marks(grid: Grid) -> bool:
    return grid.candidates is not None or (grid.eliminated is not None
                                           and any(grid.eliminated))


def sniff_collection(text: str, fmt: str) -> Sniff | None:
    """How well ``text`` looks like a ``fmt`` collection (``"txt"`` or ``"sdm"``)."""
    lines = [ln for ln in split_lines(text) if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines or (len(lines) == 1 and fmt != "txt"):
        return None
    if len(lines) == 1 and len(split_lines(text)) == 1:
        return None  # a single line is the line format
    good = 0
    for ln in lines:
        if ln.startswith(":"):
            continue  # a HoDoKu library line: read inside a .txt, but not what makes one
        try:
            parse_record(fmt, ln)
        except PuzzleFormatError:
            continue
        good += 1
    if good < max(1, int(0.8 * len(lines))):
        return None
    zeros = sum(1 for ln in lines if "." not in ln[:81])
    base = 0.8 if fmt == "txt" else 0.78
    if fmt == "sdm" and zeros == len(lines):
        base = 0.79
    return Sniff(base, f"{good} of {len(lines)} lines are 81-cell puzzles")


#: The ``txt`` format: a collection, one 81-character (or 729-character) puzzle a line, ``#``
#: comments.
FORMAT = LineCollection(
    name="txt",
    family="sudoku",
    model=Grid,
    extensions=("txt",),
    description="collection: one 81-character (or 729) puzzle a line, # comments",
    sniff_text=functools.partial(sniff_collection, fmt="txt"),
    parse_record=functools.partial(parse_record, "txt"),
    write_record=write_record,
    newline="\r\n",
    priority=20,
    write_options=LINE_OPTIONS,
    holds=frozenset({"givens", "candidates", "comments"}),
    holds_for=holds_for,
    writes_as=writes_as,
)
