"""SudoCue's Sudoku Puzzle Collection ``.sdm``: one puzzle a line, ``0`` for a blank, CRLF.

Read as ``.txt`` is (see :mod:`puzzlefmt.sudoku.formats.txt`: 81-character lines with any blank and
a comment after them, Sukaku and HoDoKu library lines, ``#`` comments); written with ``0``
blanks and CRLF, as SudoCue writes it.
"""

from __future__ import annotations

import functools

from puzzlefmt.collection import LineCollection
from puzzlefmt.sudoku.formats.line import LINE_OPTIONS
from puzzlefmt.sudoku.formats.txt import holds_for, parse_record, sniff_collection, writes_as
from puzzlefmt.sudoku.formats.txt import write_record as _write_txt_record
from puzzlefmt.sudoku.grid import Grid

__all__ = ["FORMAT", "write_record"]


def write_record(grid: Grid, *, values: bool = False, comment: bool = True) -> str:
    """One record: the line with ``0`` blanks (or a Sukaku line of candidates only)."""
    return _write_txt_record(grid, blank="0", values=values, comment=comment)


#: The ``sdm`` format: SudoCue's collection, one puzzle a line, ``0`` for a blank, CRLF.
FORMAT = LineCollection(
    name="sdm",
    family="sudoku",
    model=Grid,
    extensions=("sdm",),
    description="SudoCue collection: one puzzle a line, 0 for blanks, CRLF",
    sniff_text=functools.partial(sniff_collection, fmt="sdm"),
    parse_record=functools.partial(parse_record, "sdm"),
    write_record=write_record,
    newline="\r\n",
    priority=21,
    write_options=tuple(o for o in LINE_OPTIONS if o.name != "blank"),
    holds=frozenset({"givens", "candidates", "comments"}),
    holds_for=holds_for,
    writes_as=writes_as,
)
