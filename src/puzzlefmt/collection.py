"""Collections: files of many records, read lazily, written back with their comments.

Most collection formats are "one record per line, ``#`` comments and blank lines allowed"
(Sudoku ``.sdm``/``.txt``, Keen ID lists, CGP lists). :func:`line_records` turns numbered lines
into :class:`~puzzlefmt.registry.Record` objects for any such format, given the function that
parses one line; :class:`Collection` is what ``loads`` returns for a whole collection text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.registry import NumberedLines, Record

__all__ = ["Collection", "is_comment_line", "line_records", "read_collection", "write_collection"]


class Collection(list[Any]):
    """A list of model objects read from one collection text, with what surrounded them.

    ``comments[i]`` holds the comment and blank lines that stood before item ``i``
    (``comments[len(self)]``: those after the last item), so that writing the collection back
    keeps them. ``format`` names the format it was read from.
    """

    def __init__(
        self,
        items: Iterable[Any] = (),
        *,
        format: str,
        comments: dict[int, list[str]] | None = None,
    ) -> None:
        super().__init__(items)
        self.format = format
        self.comments: dict[int, list[str]] = comments or {}

    def __repr__(self) -> str:
        return f"Collection({list.__repr__(self)}, format={self.format!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Collection):
            return list.__eq__(self, other) and self.comments == other.comments
        return list.__eq__(self, other)

    __hash__ = None  # a list is not hashable


def is_comment_line(line: str) -> bool:
    """Blank lines and lines whose first non-blank character is ``#``."""
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def line_records(
    lines: NumberedLines,
    parse: Callable[[str], Any],
    *,
    skip: Callable[[str], bool] = is_comment_line,
) -> Iterator[Record]:
    """One record per non-skipped line; a parse error becomes a record with ``error`` set,
    placed at the record's line and number, and reading goes on."""
    number = 0
    quick = skip is is_comment_line  # most lines start with a cell, not '#' or a space
    for lineno, line in lines:
        if not (quick and line and line[0] not in "# \t") and skip(line):
            continue
        number += 1
        try:
            value = parse(line)
        except PuzzleFormatError as exc:
            yield Record(number, lineno, line, error=exc.relocated(line=lineno, record=number))
        else:
            yield Record(number, lineno, line, value)


def read_collection(
    lines: NumberedLines,
    parse: Callable[[str], Any],
    *,
    format: str,
    skip: Callable[[str], bool] = is_comment_line,
) -> Collection:
    """Read a whole line-based collection, keeping comments; the first bad record raises."""
    items: list[Any] = []
    comments: dict[int, list[str]] = {}
    number = 0
    for lineno, line in lines:
        if skip(line):
            comments.setdefault(len(items), []).append(line)
            continue
        number += 1
        try:
            items.append(parse(line))
        except PuzzleFormatError as exc:
            raise exc.relocated(line=lineno, record=number) from None
    return Collection(items, format=format, comments=comments)


def write_collection(
    items: Iterable[Any],
    write_record: Callable[[Any], str],
    *,
    newline: str = "\n",
) -> str:
    """Write records one per line, with a :class:`Collection`'s comments where they stood."""
    comments = items.comments if isinstance(items, Collection) else {}
    out: list[str] = []
    count = 0
    for i, item in enumerate(items):
        out.extend(comments.get(i, ()))
        out.append(write_record(item))
        count = i + 1
    out.extend(comments.get(count, ()))
    return "".join(line + newline for line in out)
