"""The JSON form of a Keen puzzle (``keen-json``): one JSON object a puzzle.

::

    {"size": 3, "difficulty": null, "multiplication_only": false, "seed": null,
     "cages": [{"cells": [0, 1], "op": "add", "target": 3}, ...],
     "solution": [2, 1, 3, 3, 2, 1, 1, 3, 2]}

Cells are row-major indices (``row * size + column``), cages in order of their first cell,
``op`` one of ``add``, ``mul``, ``sub``, ``div``, ``target`` a whole number (``null``: a clue
written with no digits). ``difficulty`` is ``easy`` .. ``unreasonable`` or ``null``. A
random-seed ID has its ``"seed"`` text and the cages Keen makes from it (the reader expands the
seed again and refuses other cages; ``"cages": null`` is read as those cages); a seed ID of a
size Keen does not make (3 to 9) has ``"cages": null`` and no solution.

A ``keen-json`` file is a sequence of such objects: one per line (JSON Lines, what the writer
makes) or pretty-printed over several lines, one after another.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from puzzlefmt.collection import Collection, write_collection
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen.model import MAX_SIZE, Cage, Difficulty, Op, Puzzle
from puzzlefmt.registry import NumberedLines, Record
from puzzlefmt.textio import numbered_lines

__all__ = [
    "iter_json",
    "puzzle_from_json",
    "puzzle_to_json",
    "read_json",
    "write_json",
    "write_json_record",
]

FMT = "keen-json"
_KEYS = ("size", "difficulty", "multiplication_only", "seed", "cages", "solution")
_CAGE_KEYS = ("cells", "op", "target")


def puzzle_to_json(puzzle: Puzzle) -> dict[str, Any]:
    """The JSON-ready dict of a puzzle."""
    return {
        "size": puzzle.size,
        "difficulty": None if puzzle.difficulty is None else puzzle.difficulty.name.lower(),
        "multiplication_only": puzzle.multiplication_only,
        "seed": puzzle.seed,
        "cages": None if not puzzle.cages else [
            {"cells": list(c.cells), "op": c.op.word, "target": c.target}
            for c in puzzle.cages
        ],
        "solution": None if puzzle.solution is None else list(puzzle.solution),
    }


def _bad(field: str, expected: str, value: object, line: int | None = None) -> PuzzleFormatError:
    shown = json.dumps(value) if not isinstance(value, str) else repr(value)
    if len(shown) > 40:
        shown = shown[:39] + "…"
    return PuzzleFormatError(
        f"{field}: expected {expected}, found {shown}",
        format=FMT, line=line, expected=expected, found=shown,
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def puzzle_from_json(data: dict[str, Any] | str, *, line: int | None = None) -> Puzzle:
    """A puzzle from its JSON form (a dict, or JSON text). Unknown keys are refused, so that
    a misspelt key is not silently dropped. Raises :class:`PuzzleFormatError` naming the
    field."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise PuzzleFormatError(
                f"expected JSON, found an error: {exc.msg}", format=FMT,
                line=exc.lineno + (line or 1) - 1, column=exc.colno, expected="JSON",
                found=exc.msg,
            ) from None
    if not isinstance(data, dict):
        raise _bad("the document", "a JSON object for one Keen puzzle", data, line)
    unknown = [k for k in data if k not in _KEYS]
    if unknown:
        raise _bad(f"key {unknown[0]!r}", f"one of {', '.join(_KEYS)}", unknown[0], line)
    size = data.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= MAX_SIZE:
        raise _bad("size", f"a whole number from 1 to {MAX_SIZE}", size, line)
    difficulty: Difficulty | None = None
    diff = data.get("difficulty")
    if diff is not None:
        try:
            if not isinstance(diff, str):
                raise ValueError
            difficulty = Difficulty.from_letter(diff) if len(diff) == 1 else (
                Difficulty.from_name(diff))
        except ValueError:
            raise _bad("difficulty", "easy, normal, hard, extreme, unreasonable or null",
                       diff, line) from None
    mult = data.get("multiplication_only", False)
    if not isinstance(mult, bool):
        raise _bad("multiplication_only", "true or false", mult, line)
    seed = data.get("seed")
    cages_data = data.get("cages")
    if seed is not None:
        return _seeded(data, size, seed, difficulty, mult, line)
    if not isinstance(cages_data, list):
        raise _bad("cages", "a list of cages", cages_data, line)
    cages = _cages(cages_data, line)
    solution = data.get("solution")
    if solution is not None and (
        not isinstance(solution, list) or not all(_is_int(v) for v in solution)
    ):
        raise _bad("solution", "a list of digits or null", solution, line)
    try:
        return Puzzle.from_cages(size, cages, solution=solution, difficulty=difficulty,
                                 multiplication_only=mult)
    except ValueError as exc:
        field = "solution" if "solution" in str(exc) else "cages"
        raise PuzzleFormatError(f"{field}: {exc}", format=FMT, line=line,
                                expected="cages that cover the grid", found=str(exc)) from None


def _seeded(data: dict[str, Any], size: int, seed: object, difficulty: Difficulty | None,
            mult: bool, line: int | None) -> Puzzle:
    """A random-seed ID's object: the seed expanded, checked against the cages given."""
    if not isinstance(seed, str):
        raise _bad("seed", "text or null", seed, line)
    try:
        puzzle = Puzzle.from_seed(size, seed, difficulty=difficulty, multiplication_only=mult)
    except ValueError as exc:
        raise _bad("seed", str(exc), seed, line) from None
    cages_data = data.get("cages")
    solution = data.get("solution")
    if not puzzle.cages:
        if cages_data is not None or solution is not None:
            raise _bad("cages", f"null for a random-seed ID of size {size} (Keen makes sizes "
                       "3 to 9: it has no cages)", cages_data, line)
        return puzzle
    if cages_data is not None:
        if not isinstance(cages_data, list):
            raise _bad("cages", "a list of cages or null", cages_data, line)
        given = _cages(cages_data, line)
        mine = {(c.cells, c.op, c.target) for c in puzzle.cages}
        if {(tuple(sorted(c.cells)), c.op, c.target) for c in given} != mine or len(
            given) != len(mine):
            raise _bad("cages", f"the cages Keen makes from the seed {seed!r}", cages_data,
                       line)
    if solution is None:
        return puzzle
    if not isinstance(solution, list) or not all(_is_int(v) for v in solution):
        raise _bad("solution", "a list of digits or null", solution, line)
    try:
        return puzzle.with_solution(solution)
    except ValueError as exc:
        raise _bad("solution", str(exc), solution, line) from None


def _cages(cages_data: list[Any], line: int | None) -> list[Cage]:
    """The cages of a JSON list (each checked for shape, not yet for the grid)."""
    cages: list[Cage] = []
    for k, item in enumerate(cages_data):
        where = f"cages[{k}]"
        if not isinstance(item, dict):
            raise _bad(where, "an object with cells, op and target", item, line)
        extra = [key for key in item if key not in _CAGE_KEYS]
        if extra:
            raise _bad(f"{where} key {extra[0]!r}", "cells, op or target", extra[0], line)
        cells = item.get("cells")
        if not isinstance(cells, list) or not cells or not all(_is_int(c) for c in cells):
            raise _bad(f"{where}.cells", "a non-empty list of cell numbers", cells, line)
        op_value = item.get("op")
        try:
            if not isinstance(op_value, str):
                raise ValueError
            op = Op(op_value) if len(op_value) == 1 else Op.from_word(op_value)
        except ValueError:
            raise _bad(f"{where}.op", "add, mul, sub or div", op_value, line) from None
        target = item.get("target")
        if target is not None and (not _is_int(target) or target < 0):
            raise _bad(f"{where}.target", "a whole number >= 0 or null", target, line)
        cages.append(Cage(tuple(cells), op, target))
    return cages


def _complete(exc: json.JSONDecodeError, text: str) -> bool:
    """Whether a decoding error only says the text stops early (more lines may finish it).
    JSON tokens never span lines, so an error at the very end means "incomplete"."""
    return exc.pos >= len(text.rstrip())


def iter_json(lines: NumberedLines) -> Iterator[Record]:
    """Records from numbered lines: one JSON object per line, or pretty-printed objects."""
    buf: list[str] = []
    first = 0
    number = 0
    for lineno, line in lines:
        if not buf and not line.strip():
            continue
        if not buf:
            first = lineno
        buf.append(line)
        text = "\n".join(buf)
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            if _complete(exc, text):
                continue
            number += 1
            err = PuzzleFormatError(
                f"expected a JSON object, found an error: {exc.msg}", format=FMT,
                line=first + exc.lineno - 1, column=exc.colno, record=number,
                expected="JSON", found=exc.msg, text=buf[exc.lineno - 1].strip(),
            )
            buf = []
            yield Record(number, first, text, error=err)
            continue
        number += 1
        buf = []
        try:
            puzzle = puzzle_from_json(value, line=first)
        except PuzzleFormatError as exc:
            yield Record(number, first, text, error=exc.relocated(record=number))
        else:
            yield Record(number, first, text, puzzle)
    if buf:
        number += 1
        err = PuzzleFormatError(
            "expected the rest of the JSON object, found end of text", format=FMT,
            line=first, record=number, expected="'}'", found="end of text",
            text=buf[0].strip(),
        )
        yield Record(number, first, "\n".join(buf), error=err)


def read_json(text: str) -> Collection:
    """Every puzzle of a ``keen-json`` text; the first bad one raises."""
    items: list[Puzzle] = []
    for rec in iter_json(numbered_lines(text)):
        if rec.error is not None:
            raise rec.error
        items.append(rec.value)
    return Collection(items, format=FMT)


def write_json_record(puzzle: Puzzle) -> str:
    """One puzzle as one line of JSON."""
    return json.dumps(puzzle_to_json(puzzle), ensure_ascii=False, separators=(",", ":"))


def write_json(items: Puzzle | Iterable[Puzzle], *, indent: int | None = None) -> str:
    """One JSON object per puzzle, one per line (``indent``: pretty-printed instead)."""
    if isinstance(items, Puzzle):
        items = [items]
    if indent is None:
        return write_collection(items, write_json_record)
    return "".join(
        json.dumps(puzzle_to_json(p), ensure_ascii=False, indent=indent) + "\n" for p in items
    )
