"""Collections: files of many records, read as a stream, written back with their comments.

One generic mechanism serves every collection format (Sudoku ``.sdm``/``.txt``, HoDoKu
library files, forum CSV, Keen ID lists, CGP lists...): a :class:`LineCollection` is a
:class:`~puzzlefmt.format.Format` made of a *record codec* (``parse_record(line)`` and
``write_record(obj)`` for one record line) and the collection's line rules (which lines are
comments or blank, an optional header, the line ending it writes). The same object reads a
whole text (``loads``), streams numbered lines (``iter_records``, what ``iter_records`` of the
API, the command line and the batch runner use) and writes (``dumps``).

``parse_record`` must be picklable (a module-level function, class or ``functools.partial``):
batch jobs send raw lines to worker processes and parse them there.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, check_options
from puzzlefmt.textio import numbered_lines, text_of

__all__ = [
    "Collection",
    "LineCollection",
    "NumberedLines",
    "Record",
    "is_comment_line",
]

#: Lines with their 1-based line numbers, as readers of collections take them.
NumberedLines = Iterable[tuple[int, str]]


@dataclass(slots=True)
class Record:
    """One record of a collection: its 1-based ``number``, first ``line``, raw ``text``, and
    either the parsed ``value`` or the ``error`` that stopped it. With ``comments=True``
    streams also yield the comment, blank and header lines as records with ``comment=True``
    and ``number == 0``, so that a converter can keep them."""

    number: int
    line: int
    text: str
    value: Any = None
    error: PuzzleFormatError | None = None
    comment: bool = False
    header: bool = False  # a comment record that is the collection's header line

    @property
    def ok(self) -> bool:
        """True for a record that was read and is not a comment."""
        return self.error is None and not self.comment


class Collection(list[Any]):
    """A list of models read from one collection text, with what surrounded them.

    ``comments[i]`` holds the comment, blank and header lines that stood before item ``i``
    (``comments[len(self)]``: those after the last item), so that writing the collection
    back keeps them. ``format`` names the format it was read from.
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


@dataclass(frozen=True, kw_only=True)
class LineCollection(Format):
    """A collection format of one record a line (see the module docstring).

    ``is_comment``: lines that are not records (kept as comments). ``header``: for a format
    whose records follow a header line (forum CSV's ``#!sudoku -c1,...``), the function that
    reads a line as the header and returns what the records need to be parsed (the column
    layout), or ``None`` for a line that is not the header; ``parse_record`` is then called as
    ``parse_record(line, context)``. The header line is kept with the comments.
    ``write_header(first_model)`` gives the header line to write before the records when the
    collection has none, and ``write_record(model, context=...)`` writes a row in the layout
    of the header it stands under (``context=None``: the layout ``write_header`` writes).
    ``newline``: the line ending written.
    """

    parse_record: Callable[..., Any]
    write_record: Callable[..., str]
    is_comment: Callable[[str], bool] = is_comment_line
    header: Callable[[str], Any] | None = None
    write_header: Callable[[Any], str] | None = None
    header_name: str = "header"
    newline: str = "\n"
    read: Callable[..., Any] = field(default=None)  # type: ignore[assignment]
    write: Callable[..., str] = field(default=None)  # type: ignore[assignment]
    collection: bool = field(default=True, init=False)

    # ------------------------------------------------------------------ reading

    def iter_records(
        self, lines: NumberedLines, *, comments: bool = False, numbered_from: int = 0
    ) -> Iterator[Record]:
        """One :class:`Record` per record line, lazily; a bad line becomes a record with
        ``error`` set at its line and number, and reading goes on. ``numbered_from``: how
        many records came before these lines (a part of a larger file)."""
        number = numbered_from
        parse = self.parse_record
        skip = self.is_comment
        quick = skip is is_comment_line  # most lines start with a cell, not '#' or a space
        header = self.header
        seen_header = header is None
        for lineno, line in lines:
            if not seen_header:
                assert header is not None
                try:
                    context = header(line)
                except PuzzleFormatError as exc:
                    raise exc.relocated(line=lineno) from None
                if context is not None:
                    seen_header = True
                    parse = functools.partial(self.parse_record, context=context)
                    if comments:
                        yield Record(0, lineno, line, comment=True, header=True)
                    continue
                if skip(line):
                    if comments:
                        yield Record(0, lineno, line, comment=True)
                    continue
                # Without the header no record can be read: the whole text is refused.
                raise PuzzleFormatError.expecting(
                    f"the {self.header_name} before the first record", "a record",
                    format=self.name, line=lineno, text=line)
            if not (quick and line and line[0] not in "# \t\f\v") and skip(line):
                if comments:
                    yield Record(0, lineno, line, comment=True)
                continue
            number += 1
            try:
                value = parse(line)
            except PuzzleFormatError as exc:
                yield Record(number, lineno, line,
                             error=exc.relocated(line=lineno, record=number))
            else:
                yield Record(number, lineno, line, value)
        if not seen_header:
            raise PuzzleFormatError.expecting(
                f"the {self.header_name}", "no records and no header", format=self.name)

    def loads(self, text: str | bytes, **options: Any) -> Collection:
        """The whole collection, with its comments; the first bad record raises."""
        check_options(self.read_options, options, owner=self.name, role="reader")
        items: list[Any] = []
        notes: dict[int, list[str]] = {}
        lines = numbered_lines(text_of(text, "loads"))
        for rec in self.iter_records(lines, comments=True):
            if rec.comment:
                notes.setdefault(len(items), []).append(rec.text)
            elif rec.error is not None:
                raise rec.error
            else:
                items.append(rec.value)
        return Collection(items, format=self.name, comments=notes)

    # ------------------------------------------------------------------ writing

    def dumps(self, obj: Any, **options: Any) -> str:
        """Write a collection (or any iterable of models, or one model) one record a line,
        with a :class:`Collection`'s comments where they stood."""
        opts = check_options(self.write_options, options, owner=self.name, role="writer")
        items = [obj] if isinstance(obj, self.model) else obj
        if not isinstance(items, Iterable):
            raise TypeError(f"{self.name} writes {self.model.__name__} objects, "
                            f"not {type(obj).__name__}")
        if not isinstance(items, list):
            items = list(items)  # an iterator: read it once
        notes = items.comments if isinstance(items, Collection) else {}
        out: list[str] = []
        write = self.write_record
        if self.header is not None:
            # Rows are written in the layout of the header they stand under: the kept one,
            # or the one written for them.
            context = next((c for lines in notes.values() for line in lines
                            if (c := self.header(line)) is not None), None)
            first = next(iter(items), None)
            if context is None and self.write_header is not None and first is not None:
                line = self.write_header(self.one(first))
                out.append(line)
                context = self.header(line)
            write = functools.partial(self.write_record, context=context)
        count = 0
        for i, item in enumerate(items):
            out.extend(notes.get(i, ()))
            out.append(write(self.one(item), **opts))
            count = i + 1
        out.extend(notes.get(count, ()))
        nl = self.newline
        return "".join(line + nl for line in out)

    def dump_record(self, obj: Any, *, context: Any = None, **options: Any) -> str:
        """One record's line, with the collection's line ending (in the layout ``context``
        of a header, for a format with one; ``None``: the layout of :attr:`write_header`)."""
        opts = check_options(self.write_options, options, owner=self.name, role="writer")
        if self.header is not None:
            opts["context"] = context
        return self.write_record(self.one(obj), **opts) + self.newline
