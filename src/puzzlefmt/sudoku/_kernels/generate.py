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
2. up to :data:`ROUNDS` rounds on that grid, each choosing clues by symmetry groups (one or
   more cells each, given by the caller):

   a. without ``minimal``, or when every group is one cell (``none``), the round starts
      from the full grid; else from no clue, and groups are added until the solution is
      unique: while a known set of groups
      (below) has no clue, a random group of it is added; then the solver looks for a
      second solution, and when it finds one, the groups where it differs from the grid
      become a known set (a unique puzzle has a clue in one of them: else that second
      solution fits its clues too);
   b. random groups are added up to the lower bound of the clue count (when below it);
   c. the groups are visited in a random order and a group's clues are removed when the
      puzzle keeps exactly one solution and the clue count stays at or above the lower
      bound (a removal that would leave a known set without a clue is refused without
      calling the solver);
   d. the round is kept when its clue count is at most the upper bound and, with
      ``minimal``, no single clue can be removed (each tried alone: without it, and with
      its digit forbidden in its cell, the puzzle must still have a solution).

   The known sets stay for the grid's later rounds: they make rounds after the first
   cheaper, and a grid is not thrown away after one round that missed.

Without ``minimal``, and with groups of one cell only, the first round is the removal from
the full grid that every try was before the rounds (the same puzzle for a seed when it is
kept); removing single cells until none can go leaves a minimal puzzle.

Why the rounds: a puzzle symmetric by groups of two or four cells from which no group can
be removed is seldom minimal cell by cell (each of its clues needed alone): with rot90
symmetry about one round in a thousand is, those with the fewest clues (24 or 25). Before
the rounds (removal from the full grid only, a new grid each time) a minimal puzzle took
about 30,000 solver calls with rot90 symmetry, 2,600 with rot180 and 4,000 with mirror
(means over 40 seeds); now about 8,000, 800 and 1,100 (means over 200 seeds).

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


#: Rounds of clue choice on one solution grid before :func:`attempt` gives it up.
ROUNDS = 64
#: Sets of symmetry groups known to hold a clue of every unique puzzle that :func:`attempt`
#: remembers per grid.
KNOWN = 1024
#: Symmetry groups per word of a group set (two words: up to 126 groups).
WORD = 63


@njit
def _size(groups: np.ndarray, g: int) -> int:
    k = 0
    while k < groups.shape[1] and groups[g, k] >= 0:
        k += 1
    return k


@njit
def _hit(known: np.ndarray, t: int, s: np.ndarray) -> bool:
    return bool((known[t, 0] & s[0]) != 0 or (known[t, 1] & s[1]) != 0)


@njit
def _flip(groups: np.ndarray, g: int, on: bool, out: np.ndarray, solution: np.ndarray,
          present: np.ndarray, s: np.ndarray) -> int:
    """Put group ``g``'s clues in (``on``) or take them out: its size."""
    k = _size(groups, g)
    for j in range(k):
        cell = groups[g, j]
        out[cell] = solution[cell] if on else 0
    present[g] = on
    bit = np.int64(1) << (g % WORD)
    if on:
        s[g // WORD] |= bit
    else:
        s[g // WORD] &= ~bit
    return k


@njit
def _learn(sols: np.ndarray, solution: np.ndarray, owner: np.ndarray, known: np.ndarray,
           nk: np.ndarray) -> None:
    """Remember where a solution found differs from ``solution``: a unique puzzle has a clue
    there (else that solution fits its clues too). Row ``t`` of ``known``: the groups
    (words 0 and 1, :data:`WORD` groups each) and the cells (words 2 and 3, cells 0-62 and
    63-80) of set ``t``."""
    for row in range(2):
        w = np.zeros(4, np.int64)
        for cell in range(81):
            if sols[row, cell] != solution[cell]:
                g = owner[cell]
                w[g // WORD] |= np.int64(1) << (g % WORD)
                w[2 + cell // WORD] |= np.int64(1) << (cell % WORD)
        if w[2] != 0 or w[3] != 0:
            if nk[0] < known.shape[0]:
                known[nk[0]] = w
                nk[0] += 1
            return


@njit
def _any_of(rng: np.ndarray, known: np.ndarray, t: int, ng: int) -> int:
    """A random group of the known set ``t``."""
    n = 0
    for g in range(ng):
        if (known[t, g // WORD] >> (g % WORD)) & 1:
            n += 1
    pick = below(rng, n)
    for g in range(ng):
        if (known[t, g // WORD] >> (g % WORD)) & 1:
            if pick == 0:
                return g
            pick -= 1
    return -1  # pragma: no cover - a known set is never empty


@njit
def _removable(out: np.ndarray, solution: np.ndarray, owner: np.ndarray, known: np.ndarray,
               nk: np.ndarray, masks: np.ndarray, sols: np.ndarray, stack: np.ndarray,
               pending: np.ndarray, tally: np.ndarray) -> bool:
    """Some clue can be taken away alone with the solution staying unique: without it, and
    with its cell forbidden the clue's digit, the puzzle has no solution. A clue that is the
    only one in a known set of cells is needed: the solver is not asked about it."""
    clues = np.zeros(2, np.int64)
    for cell in range(81):
        if out[cell] != 0:
            clues[cell // WORD] |= np.int64(1) << (cell % WORD)
    needed = np.zeros(2, np.int64)
    for t in range(nk[0]):
        a = known[t, 2] & clues[0]
        b = known[t, 3] & clues[1]
        if a != 0 and b == 0 and (a & (a - 1)) == 0:
            needed[0] |= a
        elif b != 0 and a == 0 and (b & (b - 1)) == 0:
            needed[1] |= b
    for cell in range(81):
        v = int(out[cell])
        if v == 0 or (needed[cell // WORD] >> (cell % WORD)) & 1:
            continue
        out[cell] = 0
        masks[cell] = 0x1FF & ~(1 << (v - 1))
        tally[0] += 1
        found = solve_one(out, masks, True, 1, sols, stack, pending)
        masks[cell] = 0x1FF
        out[cell] = v
        if found == 0:
            return True
        _learn(sols, solution, owner, known, nk)
    return False


@njit
def attempt(rng: np.ndarray, groups: np.ndarray, lo: int, hi: int, minimal: bool,
            out: np.ndarray, solution: np.ndarray, tally: np.ndarray) -> int:
    """One try (see the module docstring): the clue count of the puzzle written to ``out``
    (its solution to ``solution``), or -1 when no round on the grid is kept. ``groups``:
    (g, 4) cells of each symmetry group, -1 after the last (at most 126 groups);
    ``tally[0]`` counts the solver calls."""
    masks = np.full(81, 0x1FF, np.uint16)
    sols = np.zeros((2, 81), np.uint8)
    stack = np.empty((MAX_DEPTH + 1, NSTATE), np.int64)
    pending = np.empty(MAX_DEPTH, np.int64)
    tally[0] += 1
    if not _solution(rng, solution, masks, sols, stack, pending):
        return -1
    ng = groups.shape[0]
    owner = np.empty(81, np.int64)
    for g in range(ng):
        for j in range(_size(groups, g)):
            owner[groups[g, j]] = g
    known = np.zeros((KNOWN, 4), np.int64)
    nk = np.zeros(1, np.int64)
    present = np.zeros(ng, np.bool_)
    s = np.zeros(2, np.int64)
    order = np.arange(ng)
    # with groups of one cell, the removal from the full grid leaves a minimal puzzle
    build = False
    for g in range(ng):
        if minimal and _size(groups, g) > 1:
            build = True
    for _ in range(ROUNDS):
        for g in range(ng):
            _flip(groups, g, not build, out, solution, present, s)
        count = 0 if build else 81
        # built up: clues until the solution is unique, a group of each known set without one
        while build:
            for t in range(nk[0]):
                if not _hit(known, t, s):
                    count += _flip(groups, _any_of(rng, known, t, ng), True, out, solution,
                                   present, s)
            tally[0] += 1
            if solve_one(out, masks, False, 2, sols, stack, pending) == 1:
                break
            _learn(sols, solution, owner, known, nk)
        # up to the lower bound, then away while the solution stays unique
        if count < lo:
            _shuffle(rng, order)
            for pos in range(ng):
                h = int(order[pos])
                if count >= lo:
                    break
                if not present[h]:
                    count += _flip(groups, h, True, out, solution, present, s)
        _shuffle(rng, order)
        for pos in range(ng):
            h = int(order[pos])
            if not present[h] or count - _size(groups, h) < lo:
                continue
            _flip(groups, h, False, out, solution, present, s)
            needed = False
            for t in range(nk[0]):
                if not _hit(known, t, s):
                    needed = True
                    break
            if not needed:
                tally[0] += 1
                if solve_one(out, masks, False, 2, sols, stack, pending) == 1:
                    count -= _size(groups, h)
                    continue
                _learn(sols, solution, owner, known, nk)
            _flip(groups, h, True, out, solution, present, s)
        if count > hi:
            continue
        if minimal and _removable(out, solution, owner, known, nk, masks, sols, stack,
                                  pending, tally):
            continue
        return count
    return -1


@aot(
    "int64(int64[::1], int64[:, ::1], int64, int64, boolean, int64, uint8[::1], uint8[::1], "
    "int64[::1])"
)
@njit
def generate(rng: np.ndarray, groups: np.ndarray, lo: int, hi: int, minimal: bool, tries: int,
             out: np.ndarray, solution: np.ndarray, tally: np.ndarray) -> int:
    """Attempts until one is kept (its clue count) or ``tries`` have failed (-1);
    ``tally[0]`` counts the solver calls."""
    for _ in range(tries):
        found = attempt(rng, groups, lo, hi, minimal, out, solution, tally)
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
    if generate(rng, cells, lo, hi, minimal, tries, out, solution, np.zeros(1, np.int64)) < 0:
        return None
    made: list[int] = out.tolist()
    return made


def new_state(state: Sequence[int]) -> np.ndarray:
    """The xorshift state (four 32-bit words) as the kernels take it."""
    return np.array(state, np.int64)
