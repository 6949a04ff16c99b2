"""The numpy half of the Keen solver (:mod:`puzzlefmt.keen.solver` is its face): the
puzzle as the kernels' arrays, batches handed to :func:`~puzzlefmt.keen._kernels.solve.solve_batch`,
and the slice-by-slice search of a puzzle with a time bound.

Loaded (with numba, which compiles the kernels or loads them from its cache) on the first
solve, so that ``import puzzlefmt.keen`` stays instant.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

from puzzlefmt._jit import interpreted, tier
from puzzlefmt.keen._kernels import solve as kern
from puzzlefmt.keen.model import Cage, Op, Puzzle
from puzzlefmt.model import SolveResult

__all__ = ["SLICE_WORK", "BeyondKernelError", "PuzzleArrays", "puzzle_arrays", "solve_batch"]

_OPCODE = {Op.ADD: kern.ADD, Op.MUL: kern.MUL, Op.SUB: kern.SUB, Op.DIV: kern.DIV}
_KERNEL_TARGET_LIMIT = 1 << 62

#: The work of one slice of the search (layouts looked at; a few milliseconds).
SLICE_WORK = 1 << 21
#: The first slice's work when the kernels run as plain Python (a small batch of a command,
#: :func:`puzzlefmt._jit.tier`): a puzzle that needs more goes on compiled, with its clock.
PLAIN_SLICE_WORK = 1 << 13

PuzzleArrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


class BeyondKernelError(ValueError):
    """A puzzle the kernels cannot take (a target past 2**62 that some digits may reach)."""


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
    raise BeyondKernelError(
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


def _unknown(limit: int, reason: str, found: list[Puzzle] | None = None) -> SolveResult[Puzzle]:
    return SolveResult(count=len(found or ()), limit=limit, solutions=found or [],
                       reason=reason, complete=False)


def _solved(puzzle: Puzzle, sols: np.ndarray, count: int) -> list[Puzzle]:
    """The first two solutions as puzzles carrying them (``sols`` rows are digits)."""
    n = puzzle.size * puzzle.size
    return [puzzle._solved(tuple(sols[k, :n].tolist())) for k in range(min(count, 2))]


def _finish(puzzle: Puzzle, limit: int, timeout: float | None) -> SolveResult[Puzzle]:
    """Solve one puzzle from the start, slice by slice, within ``timeout`` seconds."""
    start = time.perf_counter()
    w = puzzle.size
    cstart, ccells, cop, ctarget, cell_cage = puzzle_arrays(puzzle)
    tstart, tcount, tbuf, _ = kern.cage_layouts(w, cstart, ccells, cop, ctarget)
    levels, bcell, brem, meta = kern.search_state(w)
    sols = np.zeros((2, w * w), np.int64)
    # Plain Python (the tier, NUMBA_DISABLE_JIT, no numba) takes smaller slices, so that
    # the time allowed is looked at as often.
    work = PLAIN_SLICE_WORK if interpreted() else SLICE_WORK
    while True:
        got = int(kern.search_from(w, cstart, ccells, cell_cage, tstart, tcount, tbuf, limit,
                                   sols, levels, bcell, brem, meta, work))
        if got != kern.PAUSED:
            return SolveResult(count=got, limit=limit, solutions=_solved(puzzle, sols, got))
        if timeout is not None and time.perf_counter() - start >= timeout:
            found = int(meta[1])
            return _unknown(limit, f"gave up after {timeout:g} s (the time allowed per "
                                   "puzzle)", _solved(puzzle, sols, found))


def solve_batch(
    puzzles: Sequence[Puzzle], limit: int, timeout: float | None, seed_reason: str
) -> list[SolveResult[Puzzle]]:
    """:func:`puzzlefmt.keen.solver.solve_many` (``limit`` checked there)."""
    results: list[SolveResult[Puzzle] | None] = [None] * len(puzzles)
    todo: list[int] = []
    arrays: list[PuzzleArrays] = []
    for i, p in enumerate(puzzles):
        if not p.cages:
            results[i] = _unknown(limit, seed_reason)
            continue
        try:
            arrays.append(puzzle_arrays(p))
        except BeyondKernelError as exc:
            results[i] = _unknown(limit, str(exc))
            continue
        todo.append(i)
    if todo:
        if len(arrays) == 1:  # one puzzle (the common call): no offsets to add up
            w = puzzles[todo[0]].size
            sizes = np.array([w], np.int64)
            cell_off = np.array([0, w * w], np.int64)
            cage_off = np.array([0, len(arrays[0][2])], np.int64)
            maxn = w * w
        else:
            sizes = np.array([puzzles[i].size for i in todo], np.int64)
            cell_off = np.zeros(len(todo) + 1, np.int64)
            cage_off = np.zeros(len(todo) + 1, np.int64)
            np.cumsum(sizes * sizes, out=cell_off[1:])
            np.cumsum([len(a[2]) for a in arrays], out=cage_off[1:])
            maxn = int((sizes * sizes).max())
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
        counts = np.zeros(len(todo), np.int64)
        sols = np.zeros((len(todo), 2, maxn), np.int64)
        first = 0
        while first < len(todo):
            with tier(len(todo) - first):
                work = PLAIN_SLICE_WORK if interpreted() else SLICE_WORK
                stop = int(kern.solve_batch(sizes, cell_off, cage_off, cstart, ccells, cop,
                                            ctarget, cell_cage, limit, counts, sols, first, work))
            for j in range(first, stop):
                p = puzzles[todo[j]]
                count = int(counts[j])
                results[todo[j]] = SolveResult(count=count, limit=limit,
                                               solutions=_solved(p, sols[j], count))
            if stop < len(todo):
                # Out of its first slice: this one goes on alone, with its clock.
                results[todo[stop]] = _finish(puzzles[todo[stop]], limit, timeout)
            first = stop + 1
    out: list[SolveResult[Puzzle]] = []
    for r in results:
        assert r is not None
        out.append(r)
    return out


