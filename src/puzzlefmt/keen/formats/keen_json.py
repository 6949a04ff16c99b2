"""The ``keen-json`` format: Keen puzzles as JSON objects, one after another.

::

    {"size": 3, "difficulty": null, "multiplication_only": false, "seed": null,
     "cages": [{"cells": [0, 1], "op": "add", "target": 3}, ...],
     "solution": [2, 1, 3, 3, 2, 1, 1, 3, 2]}

Each object is :meth:`Puzzle.to_json() <puzzlefmt.keen.model.Puzzle.to_json>` (the schema is
``schemas/keen.json``). Cells are row-major indices (``row * size + column``), cages in order
of their first cell, ``op`` one of ``add``, ``mul``, ``sub``, ``div``, ``target`` a whole
number (``null``: a clue written with no digits). ``difficulty`` is ``easy`` ..
``unreasonable`` or ``null``. A random-seed ID has its ``"seed"`` text and the cages Keen
makes from it (the reader expands the seed again and refuses other cages; ``"cages": null``
is read as those cages); a seed ID of a size Keen does not make (3 to 9) has ``"cages":
null`` and no solution.

A file is a sequence of such objects: one per line (JSON Lines, what the writer makes) or
pretty-printed over several lines (``indent=``), one after another; blank lines between them
are skipped. A record that spans lines is gathered line by line, by the depth of its
brackets, so reading stays linear in the text. A record nested deeper than
:data:`~puzzlefmt.jsontext.MAX_DEPTH` is refused at the bracket that goes too deep.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from puzzlefmt.collection import LineCollection, NumberedLines, Record
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Option, Sniff
from puzzlefmt.jsontext import MAX_DEPTH, check_depth
from puzzlefmt.keen._jsoncodec import FORMAT as FMT
from puzzlefmt.keen.model import Puzzle, _from_json

__all__ = ["FORMAT", "JsonCollection", "parse_record", "sniff_json", "write_record"]

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
#: A record (one JSON object) of more lines or characters than this is refused: the largest
#: puzzle, pretty-printed, is far smaller.
MAX_RECORD_LINES = 200_000
MAX_RECORD_CHARS = 32_000_000


def _decode(
    text: str, first: int, number: int | None
) -> tuple[Any, PuzzleFormatError | None, bool]:
    """``(value, None, False)``, or ``(None, error, stops_early)`` with the error placed at
    the record's line; ``stops_early``: the text is fine as far as it goes (more lines may
    finish it)."""
    try:
        check_depth(text, format=FMT, line=first, record=number)
    except PuzzleFormatError as exc:
        return None, exc, False
    try:
        return json.loads(text), None, False
    except json.JSONDecodeError as exc:
        lines = text.split("\n")
        return None, PuzzleFormatError(
            f"expected a JSON object, found an error: {exc.msg}", format=FMT,
            line=first + exc.lineno - 1, column=exc.colno, record=number,
            expected="JSON", found=exc.msg, text=lines[exc.lineno - 1].strip(),
        ), exc.pos >= len(text.rstrip())
    except ValueError as exc:  # an integer of more digits than Python converts
        return None, PuzzleFormatError(
            f"expected a JSON object, found an error: {exc}", format=FMT, line=first,
            record=number, expected="JSON", found=str(exc),
        ), False


def parse_record(line: str) -> Puzzle:
    """One JSON object on one line (a module-level function: batch workers receive it)."""
    value, error, _ = _decode(line, 1, None)
    if error is not None:
        raise error
    return _from_json(Puzzle, value, line=1)


def _depth(line: str) -> int:
    """How much deeper the brackets are at the end of ``line`` than at its start (JSON
    strings cannot span lines, so a line's strings are whole)."""
    bare = _STRINGS.sub("", line)
    return bare.count("{") + bare.count("[") - bare.count("}") - bare.count("]")


@dataclass(frozen=True, kw_only=True)
class JsonCollection(LineCollection):
    """A :class:`~puzzlefmt.collection.LineCollection` whose records may span lines (a
    pretty-printed JSON object): :meth:`iter_records` gathers them; the writer's ``indent``
    option makes them."""

    def iter_records(
        self, lines: NumberedLines, *, comments: bool = False, numbered_from: int = 0
    ) -> Iterator[Record]:
        buf: list[str] = []
        chars = 0
        depth = 0
        first = 0
        number = numbered_from
        for lineno, line in lines:
            if not buf:
                if not line.strip():
                    continue
                value, error, early = _decode(line, lineno, number + 1)
                if error is None:
                    number += 1
                    yield self._record(number, lineno, line, value)
                    continue
                if not early:
                    number += 1
                    yield Record(number, lineno, line, error=error)
                    continue
                first, depth, chars = lineno, 0, 0
            buf.append(line)
            chars += len(line) + 1
            depth += _depth(line)
            if len(buf) > MAX_RECORD_LINES or chars > MAX_RECORD_CHARS:
                number += 1
                yield Record(number, first, buf[0], error=PuzzleFormatError.expecting(
                    f"a JSON object of at most {MAX_RECORD_LINES} lines", "a longer one",
                    format=FMT, line=first, record=number, text=buf[0].strip()))
                buf = []
                continue
            if 0 < depth <= MAX_DEPTH:  # more lines to come (deeper: refused now, below)
                continue
            text = "\n".join(buf)
            buf = []
            number += 1
            value, error, _ = _decode(text, first, number)
            if error is not None:
                yield Record(number, first, text, error=error)
            else:
                yield self._record(number, first, text, value)
        if buf:
            number += 1
            err = PuzzleFormatError(
                "expected the rest of the JSON object, found end of text", format=FMT,
                line=first, record=number, expected="'}'", found="end of text",
                text=buf[0].strip(),
            )
            yield Record(number, first, "\n".join(buf), error=err)

    @staticmethod
    def _record(number: int, line: int, text: str, value: Any) -> Record:
        try:
            puzzle = _from_json(Puzzle, value, line=line)
        except PuzzleFormatError as exc:
            return Record(number, line, text, error=exc.relocated(record=number))
        return Record(number, line, text, puzzle)


def _blank(line: str) -> bool:
    return not line.strip()


def write_record(puzzle: Puzzle, *, indent: int | None = None) -> str:
    """One puzzle as one line of JSON (``indent``: pretty-printed over several lines)."""
    if indent is None:
        return json.dumps(puzzle.to_json(), ensure_ascii=False, separators=(",", ":"))
    return json.dumps(puzzle.to_json(), ensure_ascii=False, indent=indent)


def sniff_json(text: str) -> Sniff | None:
    """How well ``text`` looks like Keen's JSON form: an object with ``size`` and ``cages`` (or
    ``seed``); None otherwise."""
    head = text[:4000].lstrip()
    if not head.startswith("{"):
        return None
    if '"size"' in head and ('"cages"' in head or '"seed"' in head):
        return Sniff(0.9, "a JSON object with Keen's size and cages")
    return None


#: The ``keen-json`` format: a puzzle, or a list of puzzles, as JSON (:meth:`Puzzle.to_json`).
FORMAT = JsonCollection(
    name="keen-json",
    family="keen",
    model=Puzzle,
    extensions=(),
    description="Keen puzzles as JSON objects (size, cages: cells/op/target, solution)",
    sniff_text=sniff_json,
    parse_record=parse_record,
    write_record=write_record,
    is_comment=_blank,
    priority=30,
    write_options=(
        Option("indent", int, None, "pretty-print each object over several lines, indented "
               "by this many spaces (default: one object a line)", minimum=0, maximum=16),
    ),
    holds=frozenset({"givens", "metadata", "seed", "solution"}),
)
