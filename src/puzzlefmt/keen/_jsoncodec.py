"""The JSON form of a Keen puzzle (below the model; no model here).

:meth:`Puzzle.from_json <puzzlefmt.keen.model.Puzzle.from_json>` and the ``keen-json``
format read an object through :func:`read_head` (the document, its keys, the size and the
parameters), :func:`read_cages` and :func:`read_solution`, each refusal a
:class:`~puzzlefmt.errors.PuzzleFormatError` naming the key (:func:`bad`); the model builds
the puzzle from what they return. :func:`write` is :meth:`Puzzle.to_json
<puzzlefmt.keen.model.Puzzle.to_json>`'s object.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen.elements import MAX_SIZE, Cage, Difficulty, Op
from puzzlefmt.model import json_object

__all__ = ["CAGE_KEYS", "FORMAT", "KEYS", "Head", "bad", "read_cages", "read_head",
           "read_solution", "write"]

#: The format's name, in every error.
FORMAT = "keen-json"
#: The keys of a puzzle's object, and of a cage's.
KEYS = ("size", "difficulty", "multiplication_only", "seed", "cages", "solution")
CAGE_KEYS = ("cells", "op", "target")


@dataclass(frozen=True, slots=True)
class Head:
    """An object's size and parameters, checked; its seed, cages and solution as found (the
    model checks them in its order: a random-seed ID's depend on its expansion)."""

    size: int
    difficulty: Difficulty | None
    multiplication_only: bool
    seed: object
    cages: object
    solution: object


def bad(field: str, expected: str, value: object, line: int | None = None) -> PuzzleFormatError:
    """The refusal of ``value`` at ``field``: what was expected and (shortened) found."""
    try:
        shown = json.dumps(value) if not isinstance(value, str) else repr(value)
    except ValueError:  # an integer too long for Python to write out in decimal
        digits = int(value.bit_length() * 0.30103) + 1 if isinstance(value, int) else 0
        shown = f"a number of about {digits} digits"
    if len(shown) > 40:
        shown = shown[:39] + "…"
    return PuzzleFormatError(
        f"{field}: expected {expected}, found {shown}",
        format=FORMAT, line=line, expected=expected, found=shown,
    )


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def read_head(data: Mapping[str, Any] | str, *, line: int | None = None) -> Head:
    """The document (a mapping, or JSON text) as one puzzle's object: no unknown key, the
    size, the difficulty and the ``m`` flag checked."""
    if isinstance(data, str):
        try:
            data = json_object(data, format=FORMAT)
        except PuzzleFormatError as exc:
            raise exc.relocated(line=line) if line is not None else exc from None
    elif not isinstance(data, Mapping):
        raise bad("the document", "a JSON object for one Keen puzzle", data, line)
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise bad(f"key {unknown[0]!r}", f"one of {', '.join(KEYS)}", unknown[0], line)
    size = data.get("size")
    if not _is_int(size) or not 1 <= size <= MAX_SIZE:
        raise bad("size", f"a whole number from 1 to {MAX_SIZE}", size, line)
    difficulty: Difficulty | None = None
    diff = data.get("difficulty")
    if diff is not None:
        try:
            if not isinstance(diff, str):
                raise ValueError
            difficulty = Difficulty.from_letter(diff) if len(diff) == 1 else (
                Difficulty.from_name(diff))
        except ValueError:
            raise bad("difficulty", "easy, normal, hard, extreme, unreasonable or null",
                      diff, line) from None
    mult = data.get("multiplication_only", False)
    if not isinstance(mult, bool):
        raise bad("multiplication_only", "true or false", mult, line)
    return Head(size, difficulty, mult, data.get("seed"), data.get("cages"),
                data.get("solution"))


def read_solution(solution: object, line: int | None = None) -> list[int]:
    """A solution's list of numbers (its shape is the model's to check)."""
    if not isinstance(solution, list) or not all(_is_int(v) for v in solution):
        raise bad("solution", "a list of digits or null", solution, line)
    return solution


def read_cages(cages_data: list[Any], line: int | None = None) -> list[Cage]:
    """The cages of a JSON list (each checked for shape, not yet for the grid)."""
    cages: list[Cage] = []
    for k, item in enumerate(cages_data):
        where = f"cages[{k}]"
        if not isinstance(item, Mapping):
            raise bad(where, "an object with cells, op and target", item, line)
        extra = [key for key in item if key not in CAGE_KEYS]
        if extra:
            raise bad(f"{where} key {extra[0]!r}", "cells, op or target", extra[0], line)
        cells = item.get("cells")
        if not isinstance(cells, list) or not cells or not all(_is_int(c) for c in cells):
            raise bad(f"{where}.cells", "a non-empty list of cell numbers", cells, line)
        op_value = item.get("op")
        try:
            if not isinstance(op_value, str):
                raise ValueError
            op = Op(op_value) if len(op_value) == 1 else Op.from_word(op_value)
        except ValueError:
            raise bad(f"{where}.op", "add, mul, sub or div", op_value, line) from None
        target = item.get("target")
        if target is not None and (not _is_int(target) or target < 0):
            raise bad(f"{where}.target", "a whole number >= 0 or null", target, line)
        cages.append(Cage(tuple(cells), op, target))
    return cages


def write(size: int, difficulty: Difficulty | None, multiplication_only: bool,
          seed: str | None, cages: Sequence[Cage], solution: Sequence[int] | None
          ) -> dict[str, Any]:
    """A puzzle's object (no cages: ``"cages": null``, a random-seed ID of a size Keen does
    not make)."""
    return {
        "size": size,
        "difficulty": None if difficulty is None else difficulty.name.lower(),
        "multiplication_only": multiplication_only,
        "seed": seed,
        "cages": None if not cages else [
            {"cells": list(c.cells), "op": c.op.word, "target": c.target} for c in cages
        ],
        "solution": None if solution is None else list(solution),
    }
