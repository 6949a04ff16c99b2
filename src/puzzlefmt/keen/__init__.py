"""Simon Tatham's Keen (KenKen): game IDs, the puzzle model, validation, solving, grading.

>>> from puzzlefmt.keen import Puzzle
>>> p = Puzzle("3:a_a3_a_,a3m6m3s1")
>>> p.solve().solution.solution
(2, 1, 3, 3, 2, 1, 1, 3, 2)
>>> p.grade().title
'Normal'

- :class:`Puzzle` reads any Keen text (``Puzzle("6:...")``) and writes its game ID
  (``game_id()``, ``desc()``); ``problems()`` lists rule problems, ``status()`` gives them as
  :class:`Status` flags; ``solve()`` (solutions are puzzles carrying them) and ``grade()``.
- :func:`validate` reads an ID as the real Keen program does, refusing exactly what it
  refuses; :func:`upstream_verdict` gives the real program's own message.
- :func:`solve`, :func:`solve_many`, :func:`grade`, :func:`grade_many` (numba kernels,
  loaded on first use); :func:`generate` makes a puzzle of a chosen difficulty.
- :mod:`puzzlefmt.keen.columnar` (loads numba): ``decode_lines`` and ``solve_lines`` take a
  block of game ID lines to numpy arrays (cage map, ops, targets; counts and solutions) with
  no per-record object; ``puzzlefmt solve`` on a ``keen-list`` goes through it.
- Formats: ``keen`` (one ID), ``keen-list`` (one per line), ``keen-json``; pictures
  ``keen-text`` and ``keen-svg``.
"""

from __future__ import annotations

from puzzlefmt.keen.family import FAMILY
from puzzlefmt.keen.generate import random_puzzle
from puzzlefmt.keen.generator import generate
from puzzlefmt.keen.grade import grade, grade_many
from puzzlefmt.keen.model import (
    MAX_SIZE,
    SOLVE_TIMEOUT,
    UPSTREAM_SIZES,
    Cage,
    Difficulty,
    KeenCompatibilityWarning,
    Op,
    Puzzle,
    Status,
    Walls,
    format_solution,
)
from puzzlefmt.keen.solver import count_solutions, solve, solve_many
from puzzlefmt.keen.validate import (
    KeenWarning,
    upstream_desc_error,
    upstream_verdict,
    validate,
)
from puzzlefmt.model import Problem

__all__ = [
    "FAMILY",
    "MAX_SIZE",
    "SOLVE_TIMEOUT",
    "UPSTREAM_SIZES",
    "Cage",
    "Difficulty",
    "KeenCompatibilityWarning",
    "KeenWarning",
    "Op",
    "Problem",
    "Puzzle",
    "Status",
    "Walls",
    "count_solutions",
    "format_solution",
    "generate",
    "grade",
    "grade_many",
    "random_puzzle",
    "solve",
    "solve_many",
    "upstream_desc_error",
    "upstream_verdict",
    "validate",
]
