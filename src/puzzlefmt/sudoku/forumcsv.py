"""Forum CSV collections (the "hardest" lists of the Sudoku players' forum).

An optional title line, a header ``#!sudoku -c1,PuzzleR,Label,Poster,q1,q2,ER,EP,ED,Sx9,Sxt``
(``-cN``: the puzzle is in column N; then the column names), then one CSV row a puzzle. The
puzzle column is read as an 81-character line; every other column goes to ``grid.meta`` under
its name (empty values too), in order. Lines before the header are kept as comments.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator

from puzzlefmt.collection import Collection, write_collection
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.registry import NumberedLines, Record
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.sudoku.line import read_line, write_line
from puzzlefmt.textio import numbered_lines

__all__ = ["iter_forum_csv", "read_forum_csv", "write_forum_csv"]

FMT = "forum-csv"
_HEADER = re.compile(r"^#!sudoku\s+-c(\d+),(.*)$")


class _Layout:
    def __init__(self) -> None:
        self.column = 0
        self.names: list[str] = []
        self.seen = False

    def header(self, n: int, line: str) -> bool:
        m = _HEADER.match(line.strip())
        if not m:
            return False
        self.column = int(m.group(1)) - 1
        self.names = [x.strip() for x in m.group(2).split(",")]
        if not 0 <= self.column < max(len(self.names), 1):
            raise PuzzleFormatError.expecting(
                f"a puzzle column from 1 to {len(self.names)}", m.group(1), format=FMT,
                line=n, column=11, text=line)
        self.seen = True
        return True

    def parse(self, n: int, line: str) -> Grid:
        row = next(csv.reader([line]))
        if len(row) <= self.column:
            raise PuzzleFormatError.expecting(
                f"at least {self.column + 1} columns", f"{len(row)}", format=FMT, line=n,
                text=line)
        grid = read_line(row[self.column].strip(), FMT, n)
        meta = {}
        for k, value in enumerate(row):
            if k == self.column:
                continue
            name = self.names[k] if k < len(self.names) else f"column{k + 1}"
            meta[name] = value
        grid.meta.update(meta)
        return grid


def iter_forum_csv(lines: NumberedLines) -> Iterator[Record]:
    layout = _Layout()
    number = 0
    for n, line in lines:
        if not layout.seen:
            layout.header(n, line)
            continue
        if not line.strip() or line.startswith("#"):
            continue
        number += 1
        try:
            yield Record(number, n, line, layout.parse(n, line))
        except PuzzleFormatError as exc:
            yield Record(number, n, line, error=exc.relocated(record=number))


def read_forum_csv(text: str) -> Collection:
    layout = _Layout()
    items: list[Grid] = []
    comments: dict[int, list[str]] = {}
    number = 0
    for n, line in numbered_lines(text):
        if not layout.seen:
            layout.header(n, line)
            comments.setdefault(0, []).append(line)
            continue
        if not line.strip() or line.startswith("#"):
            comments.setdefault(len(items), []).append(line)
            continue
        number += 1
        try:
            items.append(layout.parse(n, line))
        except PuzzleFormatError as exc:
            raise exc.relocated(record=number) from None
    if not layout.seen:
        raise PuzzleFormatError.expecting(
            "a '#!sudoku -cN,...' header line", "none", format=FMT, line=1)
    return Collection(items, format=FMT, comments=comments)


def record_forum_csv(grid: Grid) -> str:
    cells = [write_line(grid, blank=".", comment=False)]
    cells += [v for k, v in grid.meta.items() if k != "comment"]
    out = []
    for c in cells:
        out.append(f'"{c}"' if ("," in c or '"' in c) and not c.startswith('"') else c)
    return ",".join(out)


def write_forum_csv(items: object, *, newline: str = "\r\n") -> str:
    seq = [items] if isinstance(items, Grid) else items
    if not (isinstance(seq, Collection) and seq.comments.get(0)):
        first = next(iter(seq), None)  # type: ignore[call-overload]
        names = ["Puzzle"] + [k for k in (first.meta if first else {}) if k != "comment"]
        seq = Collection(seq, format=FMT, comments={0: ["#!sudoku -c1," + ",".join(names)]})  # type: ignore[arg-type]
    return write_collection(seq, record_forum_csv, newline=newline)
