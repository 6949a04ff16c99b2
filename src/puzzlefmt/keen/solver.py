"""Solving Keen puzzles: none, unique (with it) or multiple (with two).

The work is done by numba kernels (:mod:`puzzlefmt.keen._kernels`): every cage's digit
layouts are enumerated once, then a depth-first search narrows candidates to a fixed point of
the layouts and the row/column rules (naked and hidden singles) at every node, branching on a
cell with fewest candidates. :func:`solve_many` hands a whole batch to one kernel call.

numba is imported when this module is, not when :mod:`puzzlefmt.keen` is: reading files stays
instant, and the first solve compiles (or loads the on-disk cache).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from puzzlefmt.keen import _kernels as kern
from puzzlefmt.keen.model import Op
from puzzlefmt.registry import SolveResult

if TYPE_CHECKING:
    from puzzlefmt.keen.model import Cage, Puzzle

__all__ = ["PuzzleArrays", "count_solutions", "puzzle_arrays", "solve", "solve_many"]

_OPCODE = {Op.ADD: kern.ADD, Op.MUL: kern.MUL, Op.SUB: kern.SUB, Op.DIV: kern.DIV}
_KERNEL_TARGET_LIMIT = 1 << 62

PuzzleArrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _kernel_target(cage: Cage, size: int) -> int:
    """The target as the kernels take it: ``-1`` for one no digits can reach."""
    t = cage.target
    if t is None:
        return 0
    if t < _KERNEL_TARGET_LIMIT:
        return t
    bound = size * cage.area if cage.op is Op.ADD else size**cage.area
    if cage.op in (Op.SUB, Op.DIV) or t > bound:
        return -1
    raise ValueError(
        f"the cage at cell {cage.anchor} has a target of {t}, beyond what this solver handles"
    )


def puzzle_arrays(puzzle: Puzzle) -> PuzzleArrays:
    """``(cstart, ccells, cop, ctarget, cell_cage)``: the puzzle as the kernels read it
    (cached on the puzzle)."""
    cached = puzzle._arrays
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    if not puzzle.cages:
        raise ValueError("a random-seed ID of a size Keen does not make (3 to 9) has no "
                         "cages")
    cages = puzzle.cages
    w = puzzle.size
    cstart = np.zeros(len(cages) + 1, np.int64)
    np.cumsum([len(c.cells) for c in cages], out=cstart[1:])
    ccells = np.array([cell for c in cages for cell in c.cells], np.int64)
    cop = np.array([_OPCODE[c.op] for c in cages], np.int64)
    ctarget = np.array([_kernel_target(c, w) for c in cages], np.int64)
    cell_cage = np.array(puzzle.cage_indices, np.int64)
    arrays = (cstart, ccells, cop, ctarget, cell_cage)
    puzzle._arrays = arrays
    return arrays


def _seed_result(limit: int) -> SolveResult:
    return SolveResult(
        count=0, limit=limit,
        reason="a random-seed ID of a size Keen does not make (3 to 9) has no cages",
    )


def solve_many(puzzles: Sequence[Puzzle], limit: int = 2) -> list[SolveResult]:
    """Solve a batch of puzzles in one kernel call; one :class:`SolveResult` each.

    ``limit``: stop counting a puzzle's solutions there (2 tells unique from multiple). The
    first two solutions are kept, as tuples of digits, row-major. A random-seed ID of a size
    Keen does not make has no cages: its result has no solutions and says why in ``reason``.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    todo = [i for i, p in enumerate(puzzles) if p.cages]
    results: list[SolveResult | None] = [None] * len(puzzles)
    if todo:
        arrays = [puzzle_arrays(puzzles[i]) for i in todo]
        sizes = np.array([puzzles[i].size for i in todo], np.int64)
        cell_off = np.zeros(len(todo) + 1, np.int64)
        cage_off = np.zeros(len(todo) + 1, np.int64)
        np.cumsum(sizes * sizes, out=cell_off[1:])
        np.cumsum([len(a[2]) for a in arrays], out=cage_off[1:])
        if len(arrays) == 1:
            cstart, ccells, cop, ctarget, cell_cage = arrays[0]
        else:
            # Cage starts, made global (the kernel rebases each puzzle's to 0).
            cstart = np.empty(int(cage_off[-1]) + 1, np.int64)
            for j, a in enumerate(arrays):
                cstart[cage_off[j] : cage_off[j + 1]] = a[0][:-1] + cell_off[j]
            cstart[-1] = cell_off[-1]
            ccells = np.concatenate([a[1] for a in arrays])
            cop = np.concatenate([a[2] for a in arrays])
            ctarget = np.concatenate([a[3] for a in arrays])
            cell_cage = np.concatenate([a[4] for a in arrays])
        maxn = int((sizes * sizes).max())
        counts = np.zeros(len(todo), np.int64)
        sols = np.zeros((len(todo), 2, maxn), np.int64)
        kern.solve_batch(sizes, cell_off, cage_off, cstart, ccells, cop, ctarget, cell_cage,
                      limit, counts, sols)
        for j, i in enumerate(todo):
            n = int(sizes[j]) ** 2
            count = int(counts[j])
            if count < 0:
                where = f" (puzzle {i + 1} of {len(puzzles)})" if len(puzzles) > 1 else ""
                raise ValueError(f"a cage has too many digit layouts to solve{where}")
            kept = [tuple(sols[j, k, :n].tolist()) for k in range(min(count, 2))]
            results[i] = SolveResult(count=count, limit=limit, solutions=kept)
    return [r if r is not None else _seed_result(limit) for r in results]


def solve(puzzle: Puzzle, limit: int = 2) -> SolveResult:
    """Solve one puzzle: ``result.status`` is ``"none"``, ``"unique"`` or ``"multiple"``;
    ``result.solution`` is the solution when unique; ``result.solutions`` keeps two."""
    return solve_many([puzzle], limit)[0]


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    """The number of solutions, counted up to ``limit``."""
    return solve(puzzle, limit).count
