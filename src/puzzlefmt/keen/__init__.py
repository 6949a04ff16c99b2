"""Simon Tatham's Keen (KenKen): game IDs, the puzzle model, validation, solving, grading.

>>> from puzzlefmt.keen import Puzzle
>>> p = Puzzle("3:a_a3_a_,a3m6m3s1")
>>> p.solve().solution
(2, 1, 3, 3, 2, 1, 1, 3, 2)
>>> p.grade().title
'Normal'

- :class:`Puzzle` parses a game ID (``Puzzle("6:...")``) and writes it (``game_id()``,
  ``desc()``); ``problems()`` lists rule problems; ``solve()`` and ``grade()``.
- :func:`validate` reads an ID as the real Keen program does, refusing exactly what it
  refuses; :func:`upstream_verdict` gives the real program's own message.
- :func:`solve`, :func:`solve_many`, :func:`grade`, :func:`grade_many` (numba kernels,
  imported on first use); :func:`generate` makes a puzzle of a chosen difficulty.
- Formats: ``keen`` (one ID), ``keen-list`` (one per line), ``keen-json``, ``keen-text``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puzzlefmt.keen.gameid import KeenCompatibilityWarning, parse_game_id
from puzzlefmt.keen.generate import generate, random_puzzle
from puzzlefmt.keen.grade import grade, grade_many
from puzzlefmt.keen.idlist import read_list, write_list
from puzzlefmt.keen.json_form import puzzle_from_json, puzzle_to_json, read_json, write_json
from puzzlefmt.keen.model import (
    MAX_SIZE,
    UPSTREAM_SIZES,
    Cage,
    Difficulty,
    Op,
    Puzzle,
    Walls,
    format_solution,
)
from puzzlefmt.keen.text import write_text
from puzzlefmt.keen.validate import (
    KeenWarning,
    Problem,
    problems,
    upstream_desc_error,
    upstream_verdict,
    validate,
)

if TYPE_CHECKING:
    from puzzlefmt.keen.solver import count_solutions, solve, solve_many

__all__ = [
    "MAX_SIZE",
    "UPSTREAM_SIZES",
    "Cage",
    "Difficulty",
    "KeenCompatibilityWarning",
    "KeenWarning",
    "Op",
    "Problem",
    "Puzzle",
    "Walls",
    "count_solutions",
    "format_solution",
    "generate",
    "grade",
    "grade_many",
    "parse_game_id",
    "problems",
    "puzzle_from_json",
    "puzzle_to_json",
    "random_puzzle",
    "read_json",
    "read_list",
    "solve",
    "solve_many",
    "upstream_desc_error",
    "upstream_verdict",
    "validate",
    "write_json",
    "write_list",
    "write_text",
]

_LAZY = {
    "solve": "puzzlefmt.keen.solver",
    "solve_many": "puzzlefmt.keen.solver",
    "count_solutions": "puzzlefmt.keen.solver",
}


def __getattr__(name: str) -> Any:
    # The solver and grader import numba: load them on first use only.
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'puzzlefmt.keen' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
