"""Forum CSV collections (the "hardest" lists of the Sudoku players' forum).

An optional title line, a header ``#!sudoku -c1,PuzzleR,Label,Poster,q1,q2,ER,EP,ED,Sx9,Sxt``
(``-cN``: the puzzle is in column N; then the column names), then one CSV row a puzzle. The
puzzle column is read as an 81-character line; every other column goes to ``grid.meta`` under
its name (empty values too), in order. Lines before the header are kept as comments.

A :class:`~puzzlefmt.collection.LineCollection` with a header: :func:`header` reads the
header line into a :class:`Layout`, :func:`parse_record` reads a row with it, and
:func:`write_header` writes the header a collection needs when it has none (the puzzle column
first, then the first record's metadata names).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from puzzlefmt.collection import LineCollection, is_comment_line
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Sniff
from puzzlefmt.sudoku.formats.line import read_line
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = [
    "FORMAT",
    "Layout",
    "field_spans",
    "fill_row",
    "header",
    "is_comment",
    "parse_record",
    "sniff",
    "write_header",
    "write_record",
]

FMT = "forum-csv"
_HEADER = re.compile(r"^#!sudoku\s+-c(\d+),(.*)$")
_LETTERS = re.compile(r"[A-WYZa-wyz]")  # letters that are not the blanks X and x


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the puzzle is (0-based ``column``) and what the columns are called."""

    column: int
    names: tuple[str, ...]


def header(line: str) -> Layout | None:
    """The layout a ``#!sudoku -cN,...`` header line gives (``None`` for another line; a bad
    ``-cN`` raises)."""
    m = _HEADER.match(line.strip())
    if not m:
        return None
    digits = m.group(1)
    column = int(digits) - 1 if len(digits) <= 9 else -1  # more digits: no column anyway
    names = tuple(x.strip() for x in m.group(2).split(","))
    if not 0 <= column < max(len(names), 1):
        raise PuzzleFormatError.expecting(
            f"a puzzle column from 1 to {len(names)}", m.group(1), format=FMT,
            line=1, column=11, text=line)
    return Layout(column, names)


def is_comment(line: str) -> bool:
    """Blank and ``#`` lines, and a title: a line with no comma, letters and fewer than 81
    characters (``HardestDatabase110626`` above the header)."""
    if is_comment_line(line):
        return True
    return "," not in line and len(line.strip()) < 81 and bool(_LETTERS.search(line))


def parse_record(line: str, context: Layout) -> Grid:
    """One CSV row read with the header's layout (errors at line 1: the collection places
    them)."""
    row = next(csv.reader([line]))
    if len(row) <= context.column:
        raise PuzzleFormatError.expecting(
            f"at least {context.column + 1} columns", f"{len(row)}", format=FMT, line=1,
            text=line)
    grid = read_line(row[context.column].strip(), FMT, 1)
    names = context.names
    meta = dict(grid.meta)  # a comment after the 81 cells first
    for k, value in enumerate(row):
        if k != context.column:
            meta[names[k] if k < len(names) else f"column{k + 1}"] = value
    return grid.replace(meta=meta)


def write_record(grid: Grid, context: Layout | None = None) -> str:
    """One row: the puzzle (``.`` blanks, then ``meta["comment"]`` if any, in the same field:
    the reader keeps text after the 81 cells) and every other metadata value, quoted where
    CSV needs it, in the layout of the header ``context`` (``None``: the puzzle first, as
    :func:`write_header` writes). A value with a line break raises ``ValueError``."""
    others = {k: v for k, v in grid.meta.items() if k != "comment"}
    if context is None:
        cells = [grid.givens_line(), *others.values()]
    else:
        cells = []
        for k, name in enumerate(context.names):
            if k == context.column:
                cells.append(grid.givens_line())
            else:
                # (not others.pop(name, others.pop(...)): the default would be popped too)
                key = name if name in others else f"column{k + 1}"
                cells.append(others.pop(key, ""))
        if len(context.names) <= context.column:
            cells.append(grid.givens_line())
        cells += others.values()
    for c in cells:
        if "\n" in c or "\r" in c:
            raise ValueError(f"forum-csv cannot write {c!r}: a row is one line")
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(cells)
    return out.getvalue()


def field_spans(line: str) -> list[tuple[int, int]]:
    """Where each CSV field of ``line`` starts and ends (quotes included): the commas
    outside double quotes cut it."""
    spans: list[tuple[int, int]] = []
    start = 0
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            spans.append((start, i))
            start = i + 1
    spans.append((start, len(line)))
    return spans


def fill_row(line: str, grid: Grid, values: dict[str, str]) -> tuple[str, dict[str, str]]:
    """``line``, a row read as ``grid``, with the columns named in ``values`` set to them
    and every other byte as it was; and what those columns held before. The columns are
    found from the names ``grid.meta`` holds them under (the header's, in row order), so the
    row must be the one ``grid`` was read from; a name the row has no column for is left
    out. A row whose columns cannot be told apart from the grid (it was not read from that
    row, or the header names a column twice) raises ``ValueError``."""
    row = next(csv.reader([line]))
    spans = field_spans(line)
    named = [(k, v) for k, v in grid.meta.items() if k != "comment"]
    if len(spans) != len(row) or len(named) != len(row) - 1:
        raise ValueError("its columns cannot be told apart (a column name twice in the "
                         "header?)")
    column = -1
    for c, cell in enumerate(row):
        if [v for _, v in named] != row[:c] + row[c + 1:]:
            continue
        try:
            read = read_line(cell.strip(), FMT, 1)
        except PuzzleFormatError:
            continue
        if read.givens == grid.givens:
            column = c
            break
    if column < 0:
        raise ValueError("its columns are not those of the grid given")
    where = {name: k if k < column else k + 1 for k, (name, _) in enumerate(named)}
    before: dict[str, str] = {}
    out = line
    for name, (start, end) in sorted(
            ((n, spans[where[n]]) for n in values if n in where), key=lambda x: -x[1][0]):
        before[name] = row[where[name]]
        text = values[name]
        if any(ch in text for ch in ',"\r\n'):
            raise ValueError(f"{text!r} cannot stand in a CSV field unquoted")
        out = out[:start] + text + out[end:]
    return out, before


def write_header(first: Grid) -> str:
    """The header for rows written by :func:`write_record`, named after ``first``'s metadata."""
    names = ["Puzzle", *(k for k in first.meta if k != "comment")]
    return "#!sudoku -c1," + ",".join(names)


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like a forum CSV collection: a ``#!sudoku`` header in its first
    ten lines; None otherwise."""
    for ln in split_lines(text)[:10]:
        if _HEADER.match(ln.strip()):
            return Sniff(0.97, "a '#!sudoku -cN,...' CSV header")
    return None


#: The ``forum-csv`` format: a forum's CSV collection after a ``#!sudoku -cN,...`` header.
FORMAT = LineCollection(
    name=FMT,
    family="sudoku",
    model=Grid,
    extensions=("csv",),
    description="forum CSV collection with a #!sudoku -cN header",
    sniff_text=sniff,
    parse_record=parse_record,
    write_record=write_record,
    is_comment=is_comment,
    header=header,
    write_header=write_header,
    header_name="'#!sudoku -cN,...' header line",
    newline="\r\n",
    priority=49,
    holds=frozenset({"givens", "metadata", "comments"}),
)
