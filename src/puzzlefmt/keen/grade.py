"""Grading: the difficulty the real Keen program gives a puzzle.

Keen grades by the deductions a puzzle needs, trying each level in turn with only the
deductions up to it, and naming the first level at which they fill the grid:

- Easy: for each cage, the digits some layout of it still allows, pooled over the whole cage;
  hidden and naked singles in rows and columns;
- Normal: the same per cell (each cell keeps the digits some layout puts there);
- Hard: digits every layout of a cage puts in one row or column are ruled out of the rest of
  that row or column; naked and hidden subsets in rows and columns;
- Extreme: the same subsets across rows and columns for one digit (X-wings, swordfish...),
  and forcing chains of two-candidate cells;
- Unreasonable: nothing but trial and error (search) finishes it.

The kernel here follows keen.c and latin.c step by step (which deduction is tried when, and
how each is made), so that the level agrees with the real program's; the last step, search,
is the counting solver of :mod:`puzzlefmt.keen.solver`, which finds the same answer. A puzzle
with no unique solution has no grade (``None``; the real ``keensolver -g`` prints
"ambiguous").

A cage with very many layouts (nine cells multiplying to 60480) is enumerated at each step
among the digits its cells still allow, which is what keen.c does for every cage, so such
puzzles get the real program's grade too.

The kernels live in :mod:`puzzlefmt.keen._kernels.grade`, loaded (with numba) on the first
call.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from types import ModuleType

from puzzlefmt._jit import notice_if_cold
from puzzlefmt.keen.model import Difficulty, Puzzle
from puzzlefmt.keen.solver import puzzle_arrays, solve_many

__all__ = ["MAX_GRADE_SIZE", "grade", "grade_many"]

#: Grading enumerates subsets of a row (2**size of them), as the real program does: sizes up
#: to 16 (the real game makes 3 to 9; its solver, keensolver, grades larger ones too).
MAX_GRADE_SIZE = 16


@functools.cache
def _kernels() -> ModuleType:
    # The kernel loader: numba is imported on the first grading, not with puzzlefmt.keen.
    from puzzlefmt.keen._kernels import grade as _grade_kernels  # noqa: PLC0415 - the kernel loader

    notice_if_cold("the Keen grader's kernels")
    return _grade_kernels


def grade_many(puzzles: Sequence[Puzzle]) -> list[Difficulty | None]:
    """:func:`grade` for many puzzles."""
    grade_one = _kernels().grade_one
    out: list[Difficulty | None] = []
    searched: list[int] = []
    for i, puzzle in enumerate(puzzles):
        if not puzzle.cages:
            raise ValueError("a random-seed ID of a size Keen does not make has no cages to "
                             "grade")
        if puzzle.size > MAX_GRADE_SIZE:
            raise ValueError(
                f"grading enumerates subsets of rows, as the real Keen program does: it "
                f"stops at size {MAX_GRADE_SIZE}; this puzzle is {puzzle.size}x{puzzle.size}"
            )
        cstart, ccells, cop, ctarget, cell_cage = puzzle_arrays(puzzle)
        level = int(grade_one(puzzle.size, cstart, ccells, cop, ctarget, cell_cage))
        if level == -2:
            where = f" (puzzle {i + 1} of {len(puzzles)})" if len(puzzles) > 1 else ""
            raise ValueError(f"a cage has too many digit layouts to grade{where}")
        if level >= 0:
            out.append(Difficulty(level))
        else:
            out.append(None)
            searched.append(i)
    if searched:
        results = solve_many([puzzles[i] for i in searched], 2, timeout=None)
        for i, result in zip(searched, results, strict=True):
            out[i] = Difficulty.UNREASONABLE if result.count == 1 else None
    return out


def grade(puzzle: Puzzle) -> Difficulty | None:
    """The difficulty the real Keen program gives ``puzzle``: the easiest level whose
    deductions solve it (Unreasonable: only search does). ``None`` when the puzzle has no
    solution or several (``keensolver -g`` says "ambiguous")."""
    return grade_many([puzzle])[0]
