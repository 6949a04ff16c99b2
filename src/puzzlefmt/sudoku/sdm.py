"""Collections of one puzzle a line: ``.txt`` and ``.sdm`` (SudoCue's Sudoku Puzzle Collection).

Each record is an 81-character line (see :mod:`puzzlefmt.sudoku.line`: any blank convention,
a comment or rating after the cells kept as ``meta["comment"]``), a 729-character Sukaku
line, or a HoDoKu library line (starting with ``:``; HoDoKu's exemplar file mixes them
in). Lines starting with ``#`` and blank lines are comments, not puzzles, even when a comment
is exactly 81 characters long. Files may use CRLF, LF or CR, lack a final newline, end with
blank lines, or be UTF-16 with a BOM (decoding is done before these readers).

Written with CRLF, as the programs that own the formats write them: ``.sdm`` with ``0`` for a
blank, ``.txt`` with ``.``. A grid with candidates and no clues is written as a Sukaku line.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

from puzzlefmt.collection import Collection, line_records, read_collection, write_collection
from puzzlefmt.registry import NumberedLines, Record
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.sudoku.hodoku import read_hodoku_line
from puzzlefmt.sudoku.line import read_line, write_line
from puzzlefmt.sudoku.sukaku import read_sukaku_line, write_sukaku
from puzzlefmt.textio import numbered_lines

__all__ = ["iter_sdm", "iter_txt", "read_sdm", "read_txt", "write_sdm", "write_txt"]


def parse_record(fmt: str, line: str) -> Grid:
    """One record line of a ``fmt`` collection (``"txt"`` or ``"sdm"``)."""
    if line.startswith(":"):
        return read_hodoku_line(line)
    if len(line) >= 729 and len(line.rstrip()) == 729 and line[81] not in " \t#,;":
        return read_sukaku_line(line, fmt)
    return read_line(line, fmt)


def _parser(fmt: str) -> Callable[[str], Grid]:
    return functools.partial(parse_record, fmt)


def iter_txt(lines: NumberedLines) -> Iterator[Record]:
    return line_records(lines, _parser("txt"))


def iter_sdm(lines: NumberedLines) -> Iterator[Record]:
    return line_records(lines, _parser("sdm"))


def read_txt(text: str) -> Collection:
    return read_collection(numbered_lines(text), _parser("txt"), format="txt")


def read_sdm(text: str) -> Collection:
    return read_collection(numbered_lines(text), _parser("sdm"), format="sdm")


def record_txt(grid: Grid) -> str:
    if grid.candidates is not None and not any(grid.values):
        return write_sukaku(grid)
    return write_line(grid, blank=".", comment=True)


def record_sdm(grid: Grid) -> str:
    if grid.candidates is not None and not any(grid.values):
        return write_sukaku(grid, placeholder="0")
    return write_line(grid, blank="0", comment=True)


def _items(obj: object) -> list[Grid] | Collection:
    if isinstance(obj, Grid):
        return [obj]
    return obj if isinstance(obj, Collection) else list(obj)  # type: ignore[call-overload]


def write_txt(items: object, *, newline: str = "\r\n") -> str:
    return write_collection(_items(items), record_txt, newline=newline)


def write_sdm(items: object, *, newline: str = "\r\n") -> str:
    return write_collection(_items(items), record_sdm, newline=newline)
