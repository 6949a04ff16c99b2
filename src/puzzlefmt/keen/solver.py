"""Solving Keen puzzles: none, unique (with it) or multiple (with two), within a time bound.

The work is done by numba kernels (:mod:`puzzlefmt.keen._kernels.solve`): every cage's digit
layouts are enumerated once (a cage with very many, such as nine cells multiplying to 60480,
is enumerated at each step among the digits its cells still allow, as keen.c does), then a
depth-first search narrows candidates to a fixed point of the layouts and the row/column
rules (naked and hidden singles, subsets) at every node, branching on a cell with fewest
candidates. :func:`solve_many` hands a whole batch to one kernel call.

Each puzzle gets ``timeout`` seconds (default :data:`~puzzlefmt.keen.model.SOLVE_TIMEOUT`).
The kernel works in slices of a few milliseconds of work; between slices the time is
checked, and a puzzle past its time ends ``"unknown"`` (``complete=False``, the reason says
so), keeping the solutions found so far. The first slice of a puzzle solved in a batch runs
before its clock starts, so a puzzle may run one slice past its time.

numpy and numba are loaded on the first solve (:func:`_engine`), not when
:mod:`puzzlefmt.keen` is imported: reading files stays instant, and the first solve compiles
the kernels (or loads them from numba's on-disk cache).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from puzzlefmt._jit import notice_if_cold
from puzzlefmt.keen.model import SOLVE_TIMEOUT, Puzzle, format_solution
from puzzlefmt.model import SolveResult

__all__ = [
    "SEED_REASON",
    "count_solutions",
    "puzzle_arrays",
    "solution_text",
    "solve",
    "solve_many",
]

#: Why a random-seed ID of a size Keen does not make is not solved (it has no cages).
SEED_REASON = "a random-seed ID of a size Keen does not make (3 to 9) has no cages"


@functools.cache
def _engine() -> ModuleType:
    """The numpy half of the solver, with the numba kernels."""
    # The kernel loader: numpy and numba are imported on the first solve, not with
    # puzzlefmt.keen, so that reading and writing never pay for them.
    from puzzlefmt.keen._kernels import batch as _solve  # noqa: PLC0415 - the kernel loader

    notice_if_cold("the Keen solver's kernels")
    return _solve


def puzzle_arrays(puzzle: Puzzle) -> tuple[Any, ...]:
    """``(cstart, ccells, cop, ctarget, cell_cage)``: the puzzle as the kernels read it, as
    numpy arrays (cached on the puzzle)."""
    arrays: tuple[Any, ...] = _engine().puzzle_arrays(puzzle)
    return arrays


def solve_many(
    puzzles: Sequence[Puzzle], limit: int = 2, *, timeout: float | None = SOLVE_TIMEOUT
) -> list[SolveResult[Puzzle]]:
    """Solve a batch of puzzles in one kernel call; one :class:`SolveResult` each.

    ``limit``: stop counting a puzzle's solutions there (2 tells unique from multiple). The
    first two solutions are kept, each the puzzle with that solution attached. ``timeout``:
    seconds per puzzle (``None``: no bound); a puzzle given up on is ``"unknown"``. A
    random-seed ID of a size Keen does not make has no cages: its result is ``"unknown"``
    and says why in ``reason``.
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a whole number of at least 1, not {limit!r}")
    if timeout is not None and (isinstance(timeout, bool) or not timeout > 0):
        raise ValueError(f"timeout must be a number of seconds above 0 or None, not "
                         f"{timeout!r}")
    results: list[SolveResult[Puzzle]] = _engine().solve_batch(puzzles, limit, timeout,
                                                               SEED_REASON)
    return results


def solve(
    puzzle: Puzzle, limit: int = 2, *, timeout: float | None = SOLVE_TIMEOUT
) -> SolveResult[Puzzle]:
    """Solve one puzzle: ``result.status`` is ``"none"``, ``"unique"``, ``"multiple"`` or
    ``"unknown"`` (given up after ``timeout`` seconds, or a random-seed ID of a size Keen
    does not make); ``result.solution`` is the puzzle with its solution attached when unique;
    ``result.solutions`` keeps two."""
    return solve_many([puzzle], limit, timeout=timeout)[0]


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    """The number of solutions, counted up to ``limit`` (with no time bound)."""
    return solve(puzzle, limit, timeout=None).count


def solution_text(puzzle: Puzzle, result: SolveResult[Puzzle]) -> str:
    """``puzzlefmt solve``'s line: the solution (one digit per cell, row-major) when unique;
    ``none`` (with the reason when known); ``multiple`` and the first two found; ``unknown``
    and why when the solver gave up (or a random-seed ID of a size Keen does not make)."""
    if not result.complete:
        return f"unknown: {result.reason}"
    if result.count == 0:
        return f"none: {result.reason}" if result.reason else "none"
    shown = [format_solution(s.solution or (), puzzle.size) for s in result.solutions[:2]]
    if result.count == 1:
        return shown[0]
    return "multiple " + " ".join(shown)
