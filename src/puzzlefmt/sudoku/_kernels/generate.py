"""The classic Sudoku generator's kernels (numba): a random solution grid, clues taken away
by symmetry groups while the solution stays unique, and the minimality check.

Randomness is a xorshift128 generator over four 32-bit words (Marsaglia's, shifts 11, 19,
8), kept in an int64 array: integer operations only, masked to 32 bits, so the same state
draws the same numbers on every machine, compiled or as plain Python
(``NUMBA_DISABLE_JIT=1``). :func:`below` takes ``n`` from the high bits (``(x * n) >> 32``).

One attempt (:func:`attempt`):

1. a solution grid: boxes 1, 5 and 9 (independent of each other) get random permutations,
   the solver (:func:`puzzlefmt.sudoku._kernels.solve.solve_one`) completes the grid, and the
   grid is mixed by a random relabelling of the digits, band and row, stack and column
   permutations and, half the time, a transposition;
2. the symmetry groups (one or more cells each, given by the caller) are visited in a random
   order; a group's clues are removed when the puzzle keeps exactly one solution and the
   clue count stays at or above the lower bound;
3. with ``minimal``, the puzzle is kept only when no single clue can be removed (each tried
   alone: the solution must stop being unique); it is kept only when its clue count is at
   most the upper bound.

:func:`generate` runs attempts until one is kept or ``tries`` have failed.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from puzzlefmt._jit import aot, njit
from puzzlefmt.sudoku._kernels.solve import MAX_DEPTH, NSTATE, solve_one

__all__ = ["attempt", "below", "generate", "make", "new_state", "next32"]

M32 = 0xFFFFFFFF


@njit
def next32(rng: np.ndarray) -> int:
    """The next 32-bit number of the xorshift128 state ``rng`` (four words, in place)."""
    x = rng[0]
    t = (x ^ (x << 11)) & M32
    rng[0] = rng[1]
    rng[1] = rng[2]
    rng[2] = rng[3]
    w = rng[3]
    w = (w ^ (w >> 19)) ^ (t ^ (t >> 8))
    rng[3] = w & M32
    return int(rng[3])


@njit
def below(rng: np.ndarray, n: int) -> int:
    """A number from 0 to ``n - 1`` (``n`` at most 2**31)."""
    return int((next32(rng) * n) >> 32)


@njit
def _shuffle(rng: np.ndarray, a: np.ndarray) -> None:
    for i in range(a.shape[0] - 1, 0, -1):
        j = below(rng, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


@njit
def _line_order(rng: np.ndarray) -> np.ndarray:
    """A random order of the 9 rows (or columns) that keeps bands (stacks) together."""
    bands = np.arange(3)
    _shuffle(rng, bands)
    out = np.empty(9, np.int64)
    inner = np.arange(3)
    for b in range(3):
        _shuffle(rng, inner)
        for k in range(3):
            out[3 * b + k] = 3 * bands[b] + inner[k]
    return out


@njit
def _solution(rng: np.ndarray, grid: np.ndarray, masks: np.ndarray, sols: np.ndarray,
              stack: np.ndarray, pending: np.ndarray) -> bool:
    seedgrid = np.zeros(81, np.uint8)
    perm = np.arange(1, 10)
    for box in (0, 4, 8):
        _shuffle(rng, perm)
        r0 = (box // 3) * 3
        c0 = (box % 3) * 3
        for k in range(9):
            seedgrid[(r0 + k // 3) * 9 + c0 + k % 3] = perm[k]
    if solve_one(seedgrid, masks, False, 1, sols, stack, pending) < 1:
        return False
    labels = np.arange(1, 10)
    _shuffle(rng, labels)
    rows = _line_order(rng)
    cols = _line_order(rng)
    flip = below(rng, 2) == 1
    for r in range(9):
        for c in range(9):
            v = sols[0, rows[r] * 9 + cols[c]]
            if flip:
                grid[c * 9 + r] = labels[v - 1]
            else:
                grid[r * 9 + c] = labels[v - 1]
    return True


@njit
def _unique(puzzle: np.ndarray, masks: np.ndarray, sols: np.ndarray, stack: np.ndarray,
            pending: np.ndarray) -> bool:
    return solve_one(puzzle, masks, False, 2, sols, stack, pending) == 1


@njit
def attempt(rng: np.ndarray, groups: np.ndarray, lo: int, hi: int, minimal: bool,
            out: np.ndarray, solution: np.ndarray) -> int:
    """One try (see the module docstring): the clue count of the puzzle written to ``out``
    (its solution to ``solution``), or -1 when the try is not kept. ``groups``: (g, 4) cells
    of each symmetry group, -1 after the last."""
    masks = np.zeros(81, np.uint16)
    sols = np.zeros((2, 81), np.uint8)
    stack = np.empty((MAX_DEPTH + 1, NSTATE), np.int64)
    pending = np.empty(MAX_DEPTH, np.int64)
    if not _solution(rng, solution, masks, sols, stack, pending):
        return -1
    for i in range(81):
        out[i] = solution[i]
    count = 81
    order = np.arange(groups.shape[0])
    _shuffle(rng, order)
    for g in order:
        k = 0
        while k < 4 and groups[g, k] >= 0:
            k += 1
        if count - k < lo:
            continue
        for j in range(k):
            out[groups[g, j]] = 0
        if _unique(out, masks, sols, stack, pending):
            count -= k
        else:
            for j in range(k):
                cell = groups[g, j]
                out[cell] = solution[cell]
    if count > hi:
        return -1
    if minimal:
        for cell in range(81):
            if out[cell] == 0:
                continue
            out[cell] = 0
            still = _unique(out, masks, sols, stack, pending)
            out[cell] = solution[cell]
            if still:
                return -1
    return count


@aot(
    "int64(int64[::1], int64[:, ::1], int64, int64, boolean, int64, uint8[::1], uint8[::1])"
)
@njit
def generate(rng: np.ndarray, groups: np.ndarray, lo: int, hi: int, minimal: bool, tries: int,
             out: np.ndarray, solution: np.ndarray) -> int:
    """Attempts until one is kept (its clue count) or ``tries`` have failed (-1)."""
    for _ in range(tries):
        found = attempt(rng, groups, lo, hi, minimal, out, solution)
        if found >= 0:
            return found
    return -1


# ---------------------------------------------------------------------- Python entry


def make(rng: np.ndarray, groups: Sequence[Sequence[int]], lo: int, hi: int, minimal: bool,
         tries: int) -> list[int] | None:
    """:func:`puzzlefmt.sudoku.generator.generate`'s step: up to ``tries`` attempts drawing
    from the xorshift state ``rng`` (:func:`new_state`; it carries on between calls); the
    puzzle's 81 cells, or ``None``."""
    cells = np.full((len(groups), 4), -1, np.int64)
    for g, found in enumerate(groups):
        cells[g, : len(found)] = found
    out = np.zeros(81, np.uint8)
    solution = np.zeros(81, np.uint8)
    if generate(rng, cells, lo, hi, minimal, tries, out, solution) < 0:
        return None
    made: list[int] = out.tolist()
    return made


def new_state(state: Sequence[int]) -> np.ndarray:
    """The xorshift state (four 32-bit words) as the kernels take it."""
    return np.array(state, np.int64)
