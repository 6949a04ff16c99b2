"""The solver's numba kernels: band bitboards, propagation, guessing, counting.

State of one search node, an int64 array of ``NSTATE`` words:

- words ``0..26``: word ``3*d + b`` holds where digit ``d+1`` may still go in band ``b``
  (27 bits, bit ``9*r + c`` = row ``r`` of the band, column ``c``);
- words ``27..29``: the unsolved cells of each band;
- words ``30..32``: per band, bit ``3*d + r`` set while digit ``d+1`` has no cell yet in row
  ``r`` of the band;
- words ``33..35``: scratch: each band's cells with exactly two candidates, as the last
  naked-single pass found them.

Propagation (:func:`propagate`) works through a 27-bit list of changed words. For a changed
word it keeps only the (row, box) pairs of the band that belong to some way of placing the
digit once per row and once per box (``COMPLEX27``), which settles box-line interactions and
box and row hidden singles inside the band; a box where the digit keeps to one column takes
that column from the other two bands; a row left with one cell places the digit there (the cell
leaves the other digits' words). When the list is empty, cells with one digit left (naked
singles) are placed; when that places none, a column that only one band can still give the
digit claims it for that band (the rest of that box goes). A cell with no digit, or a column
with no band left, is a contradiction. Those two passes look only at the digits and bands whose
words changed since their last pass. The rules only take candidates away, so the fixed point,
and with it the search, does not depend on the order the work is done in. The search guesses
the lowest digit of a two-candidate cell with the most unsolved peers (first in cell order
among equals; else the first unsolved cell), keeping the "not that digit" alternative in the
level's own state on a stack with one state per level; counting goes on past the first solution
up to the limit. Bit scans are :func:`~puzzlefmt.sudoku._kernels.bits.ctz` and
:func:`~puzzlefmt.sudoku._kernels.bits.popcount` (one instruction each when compiled).

The same functions run as plain Python with ``NUMBA_DISABLE_JIT=1``.

:func:`solve_arrays` and :func:`solve_rows` are the plain-Python entries over numpy arrays
that :mod:`puzzlefmt.sudoku.solver` calls; this module (numpy and numba) is imported only
when something is solved.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

import numpy as np

from puzzlefmt._jit import aot, njit
from puzzlefmt.sudoku._kernels.bits import ctz, popcount
from puzzlefmt.sudoku._kernels.tables import (
    BOX27,
    CLAIM27,
    COL27,
    COMPLEX27,
    LONE_COL27,
    ROW27,
    SHRINK,
)

__all__ = ["NSTATE", "solve_arrays", "solve_batch", "solve_rows"]

NSTATE = 36
BAND_ALL = (1 << 27) - 1
BAND_WORDS = sum(1 << (3 * d) for d in range(9))  # the words of band 0
MAX_DEPTH = 96
NEXT1 = np.array([1, 2, 0], dtype=np.int64)
NEXT2 = np.array([2, 0, 1], dtype=np.int64)
# For word w = 3*d + b: its digit, its band, and the same digit's words in the other two bands.
W_DIGIT = np.arange(27, dtype=np.int64) // 3
W_BAND = np.arange(27, dtype=np.int64) % 3
W_PEER1 = 3 * W_DIGIT + NEXT1[W_BAND]
W_PEER2 = 3 * W_DIGIT + NEXT2[W_BAND]
# For bit k of a band (row k // 9, column k % 9): its row, its column, and its row and box.
K_ROW27 = ROW27[np.arange(27) // 9]
K_COL27 = COL27[np.arange(27) % 9]
K_PEERS27 = K_ROW27 | BOX27[np.arange(27) % 9 // 3]


@njit
def propagate(st: np.ndarray, dirty: int) -> bool:
    """Run the constraints to a fixed point; False on a contradiction."""
    # Branch-free updates where the outcome is unpredictable: a mispredicted branch costs
    # more than the few operations it would skip (measured: 1.4x on the hardest puzzles).
    # Only digits (claims) and bands (naked singles) whose words changed since their last pass
    # are looked at again: the others would give what they gave then.
    tn = 0
    tk = 0
    while True:
        tc = 0
        while dirty != 0:
            # One round over the words changed so far; what this round changes waits for the
            # next, so that a word's work does not wait on the one before it.
            cur = dirty
            tc |= cur
            dirty = 0
            while cur != 0:
                w = ctz(cur)
                cur &= cur - 1
                a0 = st[w]
                s = SHRINK[a0 & 511] | (SHRINK[(a0 >> 9) & 511] << 3)
                s |= SHRINK[(a0 >> 18) & 511] << 6
                a = a0 & COMPLEX27[s]
                if a == 0:
                    return False
                st[w] = a
                # A box where the digit keeps to one column claims that column.
                lone = LONE_COL27[(a | (a >> 9) | (a >> 18)) & 511]
                # (A word still to come in this round needs no new mark.)
                w1 = W_PEER1[w]
                x = st[w1]
                dirty |= (((x & lone) != 0) << w1) & ~cur
                st[w1] = x & ~lone
                w1 = W_PEER2[w]
                x = st[w1]
                dirty |= (((x & lone) != 0) << w1) & ~cur
                st[w1] = x & ~lone
                s0 = a & 511
                s1 = (a >> 9) & 511
                s2 = a >> 18
                # Rows of the band left with one cell for the digit, not yet placed.
                one = ((s0 & (s0 - 1)) == 0) | (((s1 & (s1 - 1)) == 0) << 1)
                one |= ((s2 & (s2 - 1)) == 0) << 2
                b = W_BAND[w]
                d = W_DIGIT[w]
                ur = (st[30 + b] >> (3 * d)) & one & 7
                while ur != 0:
                    r = ctz(ur)
                    ur &= ur - 1
                    cell = a & ROW27[r]
                    st[30 + b] &= ~(1 << (3 * d + r))
                    st[27 + b] &= ~cell
                    for d2 in range(9):
                        w2 = 3 * d2 + b
                        m = cell if d2 != d else 0
                        x = st[w2]
                        dirty |= (((x & m) != 0) << w2) & ~cur
                        st[w2] = x & ~m
        tn |= tc
        tk |= tc
        # Naked singles, and cells with no digit left.
        for b in range(3):
            if tn & (BAND_WORDS << b) == 0:
                continue
            u = st[27 + b]
            if u == 0:
                st[33 + b] = 0
                continue
            r1 = 0
            r2 = 0
            r3 = 0
            for d in range(9):
                x = st[3 * d + b] & u
                r3 |= r2 & x
                r2 |= r1 & x
                r1 |= x
            if u & ~r1:
                return False
            st[33 + b] = r2 & ~r3
            single = u & ~r2
            while single != 0:
                cell = single & -single
                single ^= cell
                for d in range(9):
                    w = 3 * d + b
                    if st[w] & cell:
                        st[w] &= ~(K_ROW27[ctz(cell)] ^ cell)
                        dirty |= 1 << w
                        break
        tn = 0
        if dirty != 0:
            continue
        # A column where only one band still has the digit claims the digit for that band.
        for d in range(9):
            if (tk >> (3 * d)) & 7 == 0:
                continue
            a0 = st[3 * d]
            a1 = st[3 * d + 1]
            a2 = st[3 * d + 2]
            c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511
            c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511
            c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511
            if (c0 | c1 | c2) != 511:
                return False
            k0 = CLAIM27[c0 & ~(c1 | c2)]
            k1 = CLAIM27[c1 & ~(c0 | c2)]
            k2 = CLAIM27[c2 & ~(c0 | c1)]
            changed = ((a0 & k0) != 0) | (((a1 & k1) != 0) << 1) | (((a2 & k2) != 0) << 2)
            dirty |= changed << (3 * d)
            st[3 * d] = a0 & ~k0
            st[3 * d + 1] = a1 & ~k1
            st[3 * d + 2] = a2 & ~k2
        tk = 0
        if dirty == 0:
            return True


@njit
def _init_state(st: np.ndarray, puzzle: np.ndarray, masks: np.ndarray, use_masks: bool) -> None:
    """Every digit everywhere, less what the candidate masks forbid; each given keeps its
    digit's row of the band to its one cell (propagation does the rest)."""
    for w in range(27):
        st[w] = BAND_ALL
    for b in range(3):
        st[27 + b] = BAND_ALL
        st[30 + b] = BAND_ALL
    if use_masks:
        for b in range(3):
            for k in range(27):
                m = masks[27 * b + k]
                if m == 0x1FF:
                    continue
                bit = 1 << k
                for d in range(9):
                    if not (m >> d) & 1:
                        st[3 * d + b] &= ~bit
    for b in range(3):
        for k in range(27):
            v = np.int64(puzzle[27 * b + k])
            if v != 0:
                st[3 * v - 3 + b] &= ~(K_ROW27[k] ^ (1 << k))


@njit
def _pick_cell(st: np.ndarray) -> tuple[int, int]:
    """A cell to guess on, as (band, cell bit): among the cells with two candidates, one with
    the most unsolved peers (a guess there settles the most); else the first unsolved cell.
    Words 33-35 hold each band's two-candidate cells, left there by :func:`propagate`."""
    best = -1
    best_b = -1
    best_cell = 0
    for b in range(3):
        u = st[27 + b]
        if u == 0:
            continue
        if best_b < 0:
            best_b = b
            best_cell = u & -u
        two = st[33 + b]
        if two == 0:
            continue
        o1 = st[27 + NEXT1[b]]
        o2 = st[27 + NEXT2[b]]
        while two != 0:
            cell = two & -two
            two ^= cell
            k = ctz(cell)
            col = K_COL27[k]
            n = popcount(u & K_PEERS27[k]) + popcount(o1 & col) + popcount(o2 & col)
            if n > best:
                best = n
                best_b = b
                best_cell = cell
    return best_b, best_cell


@njit
def _write_solution(st: np.ndarray, out: np.ndarray) -> None:
    """Digits of a solved state into an 81-cell row."""
    for d in range(9):
        for b in range(3):
            a = st[3 * d + b]
            while a != 0:
                k = ctz(a)
                a &= a - 1
                out[27 * b + k] = d + 1


@njit
def solve_one(
    puzzle: np.ndarray,
    masks: np.ndarray,
    use_masks: bool,
    limit: int,
    sols: np.ndarray,
    stack: np.ndarray,
    pending: np.ndarray,
) -> int:
    """Count the solutions of one puzzle up to ``limit``; the first two go to ``sols``.

    ``stack`` holds one state per search level: a guess copies the level's state one level
    down and places the digit there; the level itself keeps the "not that digit" alternative
    (its word is in ``pending``) for when the search comes back up."""
    st = stack[0]
    _init_state(st, puzzle, masks, use_masks)
    count = 0
    sp = 0
    ok = propagate(st, (1 << 27) - 1)
    while True:
        if ok:
            if st[30] == 0 and st[31] == 0 and st[32] == 0:
                if count < 2:
                    _write_solution(st, sols[count])
                count += 1
                if count >= limit:
                    return count
                ok = False
            else:
                b, cell = _pick_cell(st)
                d = 0
                while not st[3 * d + b] & cell:
                    d += 1
                w = 3 * d + b
                if sp + 1 >= stack.shape[0]:  # cannot happen: each level fixes a cell
                    return -1
                nxt = stack[sp + 1]
                for i in range(NSTATE):
                    nxt[i] = st[i]
                st[w] &= ~cell
                pending[sp] = w
                sp += 1
                st = nxt
                st[w] &= ~(K_ROW27[ctz(cell)] ^ cell)
                ok = propagate(st, 1 << w)
                continue
        if sp == 0:
            return count
        sp -= 1
        st = stack[sp]
        ok = propagate(st, 1 << pending[sp])


@aot(
    "void(uint8[:, ::1], uint16[:, ::1], boolean, int64, int32[::1], uint8[:, :, ::1])"
)
@njit
def solve_batch(
    puzzles: np.ndarray,
    masks: np.ndarray,
    use_masks: bool,
    limit: int,
    counts: np.ndarray,
    sols: np.ndarray,
) -> None:
    """Solve ``puzzles`` (n, 81) into ``counts`` (n,) and ``sols`` (n, 2, 81)."""
    stack = np.empty((MAX_DEPTH + 1, NSTATE), dtype=np.int64)
    pending = np.empty(MAX_DEPTH, dtype=np.int64)
    n = puzzles.shape[0]
    for i in range(n):
        m = masks[i] if use_masks else masks[0]
        counts[i] = solve_one(puzzles[i], m, use_masks, limit, sols[i], stack, pending)


# ---------------------------------------------------------------------- Python entries

_ALL = 0x1FF


def solve_arrays(
    puzzles: object, limit: int = 2, candidates: object | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`puzzlefmt.sudoku.solver.solve_array`: check the arrays, run the batch."""
    grid = _as_cells(puzzles, "puzzles", 9, np.uint8)
    try:
        limit = operator.index(limit)
    except TypeError:
        raise ValueError(f"limit must be a positive integer, found {limit!r}") from None
    if limit < 1:
        raise ValueError(f"limit must be a positive integer, found {limit!r}")
    n = grid.shape[0]
    if candidates is None:
        masks = np.full((1, 81), _ALL, dtype=np.uint16)
        use_masks = False
    else:
        masks = _as_cells(candidates, "candidates", _ALL, np.uint16)
        if masks.shape[0] != n:
            raise ValueError(
                f"candidates has {masks.shape[0]} rows but puzzles has {n}; expected one each"
            )
        use_masks = True
    counts = np.zeros(n, dtype=np.int32)
    solutions = np.zeros((n, 2, 81), dtype=np.uint8)
    if n:
        solve_batch(grid, masks, use_masks, limit, counts, solutions)
    return counts, solutions


def solve_rows(
    rows: Sequence[Sequence[int]],
    givens: Sequence[Sequence[int]],
    masks: Sequence[Sequence[int]] | None,
    limit: int,
) -> tuple[list[int], list[list[list[int]]]]:
    """Solve puzzles given as lists (cells 0-9; candidate masks or ``None``): the counts, and
    for each puzzle its first two solutions less ``givens`` (what a solver places)."""
    n = len(rows)
    values = np.frombuffer(b"".join(map(bytes, rows)), dtype=np.uint8).reshape(n, 81).copy()
    marks = None if masks is None else np.array(masks, dtype=np.uint16).reshape(n, 81)
    counts, sols = solve_arrays(values, limit, marks)
    fixed = np.frombuffer(b"".join(map(bytes, givens)), dtype=np.uint8).reshape(n, 1, 81)
    placed: list[list[list[int]]] = np.where(fixed == 0, sols, 0).tolist()
    return counts.tolist(), placed


def _as_cells(arr: object, name: str, top: int, dtype: type) -> np.ndarray:
    a = np.asarray(arr)
    if a.ndim != 2 or a.shape[1] != 81:
        raise ValueError(f"{name} must have shape (n, 81), found {a.shape}")
    if a.size and (a.dtype.kind not in "iub" or int(a.min()) < 0 or int(a.max()) > top):
        raise ValueError(f"{name} must hold integers from 0 to {top}")
    return np.ascontiguousarray(a, dtype=dtype)
