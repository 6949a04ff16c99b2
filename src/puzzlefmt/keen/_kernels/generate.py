"""numba kernel of the seed expander: keen.c's ``new_game_desc`` whole, many seeds a call.

:mod:`puzzlefmt.keen.seed` describes the steps and keeps them in Python for one seed; this
kernel runs the same steps, drawing from the random source of
:mod:`puzzlefmt.sgt._kernels.random` (the collection's SHA-1 source), for each seed of a
batch: the Latin square (:mod:`puzzlefmt.sgt._kernels.latin`), the cages, the clues, the
grading at the levels the generator asks for (:func:`puzzlefmt.keen._kernels.seed.grades_as`)
until a candidate has the difficulty asked, and writes the puzzle's description (block
structure, comma, clues) as the game writes it. The seeds come as their bytes, one after
the other.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import aot, njit
from puzzlefmt.keen._kernels import seed as sk
from puzzlefmt.sgt._kernels import latin as lk
from puzzlefmt.sgt._kernels import random as rk

#: The largest cage the generator makes.
MAX_CAGE = 6
#: The bytes of a description's row in the output: a 9x9 description is at most 145 symbols
#: and 41 clues of at most 7 characters.
DESC_BYTES = 512

_F_ADD = 0x01
_F_SUB = 0x02
_F_MUL = 0x04
_F_DIV = 0x08
_BAD_SHIFT = 4
_ADD, _MUL, _SUB, _DIV = 0, 1, 2, 3
_NORMAL = 1
#: The op letters of a clue, by operation code: a, m, s, d.
_LETTER = (97, 109, 115, 100)


@njit(inline=True)
def _root(parent: np.ndarray, a: int) -> int:
    while parent[a] != a:
        a = parent[a]
    return a


@njit(inline=True)
def _merge(parent: np.ndarray, count: np.ndarray, smallest: np.ndarray, a: int,
           b: int) -> None:
    ra = _root(parent, a)
    rb = _root(parent, b)
    if ra == rb:
        return
    if count[ra] < count[rb]:
        ra, rb = rb, ra
    parent[rb] = ra
    count[ra] += count[rb]
    smallest[ra] = min(smallest[ra], smallest[rb])


@njit
def _blocks(st: np.ndarray, w: int, order: np.ndarray, leader: np.ndarray,
            sizes: np.ndarray) -> bool:
    """Step 2 (:func:`puzzlefmt.keen.seed._blocks`): the smallest cell of each cell's cage
    into ``leader``, each cage's size at its smallest cell into ``sizes``, the visiting
    order into ``order``; ``False`` when a cell is left alone."""
    a = w * w
    for i in range(a):
        order[i] = i
    rk.shuffle(st, order, a)
    rank = np.empty(a, np.int64)
    for i in range(a):
        rank[order[i]] = i
    alone = np.ones(a, np.bool_)
    parent = np.arange(a)
    count = np.ones(a, np.int64)
    smallest = np.arange(a)
    near = np.empty(4, np.int64)
    for i in range(a):
        if not alone[i]:
            continue
        best = -1
        m = _near(w, i, near)
        for q in range(m):
            n = near[q]
            if alone[n] and (best == -1 or rank[n] < rank[best]):
                best = n
        if best >= 0 and rk.upto(st, 4):
            alone[i] = False
            alone[best] = False
            _merge(parent, count, smallest, i, best)
    for i in range(a):
        if not alone[i]:
            continue
        best = -1
        m = _near(w, i, near)
        for q in range(m):
            n = near[q]
            if count[_root(parent, n)] < MAX_CAGE and (best == -1 or rank[n] < rank[best]):
                best = n
        if best >= 0:
            alone[i] = False
            alone[best] = False
            _merge(parent, count, smallest, i, best)
    for i in range(a):
        if alone[i]:
            return False
    for i in range(a):
        sizes[i] = 0
    for i in range(a):
        j = smallest[_root(parent, i)]
        leader[i] = j
        sizes[j] += 1
    return True


@njit(inline=True)
def _near(w: int, i: int, near: np.ndarray) -> int:
    """The neighbours of cell ``i`` left, right, up, down (the order the generator looks)
    into ``near``; how many."""
    x = i % w
    y = i // w
    m = 0
    if x > 0:
        near[m] = i - 1
        m += 1
    if x + 1 < w:
        near[m] = i + 1
        m += 1
    if y > 0:
        near[m] = i - w
        m += 1
    if y + 1 < w:
        near[m] = i + w
        m += 1
    return m


@njit
def _clue_flags(w: int, diff: int, mult_only: bool, grid: np.ndarray, leader: np.ndarray,
                sizes: np.ndarray, flags: np.ndarray) -> None:
    """Step 3, first half (:func:`puzzlefmt.keen.seed._clue_flags`)."""
    for i in range(w * w):
        flags[i] = 0
        j = leader[i]
        k = sizes[j]
        if mult_only:
            flags[j] = _F_MUL
        elif j == i and k > 2:
            flags[j] |= _F_ADD | _F_MUL
        elif j != i and k == 2:
            p = max(grid[j], grid[i])
            q = min(grid[j], grid[i])
            v = p + q
            flags[j] |= _F_ADD if 4 < v < 2 * w - 2 else _F_ADD << _BAD_SHIFT
            v = p * q
            pairs = 0
            for d in range(1, w + 1):
                if v % d == 0 and v // d <= w and v // d != d:
                    pairs += 1
            if pairs <= 2 and diff > _NORMAL:
                flags[j] |= _F_MUL << _BAD_SHIFT
            else:
                flags[j] |= _F_MUL
            if p - q < w - 1:
                flags[j] |= _F_SUB
            if p % q == 0 and 2 * (p // q) <= w:
                flags[j] |= _F_DIV


@njit
def _deal(flags: np.ndarray, order: np.ndarray, a: int, ops: np.ndarray) -> None:
    """Step 3, second half (:func:`puzzlefmt.keen.seed._deal`): the operation of each cage
    at its smallest cell into ``ops``."""
    live = np.empty(a, np.int64)
    nlive = 0
    for q in range(a):
        ops[q] = _ADD
        j = order[q]
        if flags[j]:
            live[nlive] = j
            nlive += 1
    while True:
        dealt = False
        for step in range(4):
            if step == 0:
                op, good = _DIV, _F_DIV
            elif step == 1:
                op, good = _SUB, _F_SUB
            elif step == 2:
                op, good = _MUL, _F_MUL
            else:
                op, good = _ADD, _F_ADD
            at = -1
            for want in (good, good << _BAD_SHIFT):
                for q in range(nlive):
                    if flags[live[q]] & want:
                        at = q
                        break
                if at >= 0:
                    break
            if at >= 0:
                pick = live[at]
                ops[pick] = op
                flags[pick] = 0
                for q in range(at, nlive - 1):
                    live[q] = live[q + 1]
                nlive -= 1
                dealt = True
        if not dealt:
            return


@njit
def _put_symbol(out: np.ndarray, row: int, n: int, sym: int, count: int) -> int:
    """Write ``count`` repeats of the block-structure symbol ``sym`` as the game writes them
    (two at most written out, more as the symbol and its count); the new length."""
    if count <= 2:
        for _ in range(count):
            out[row, n] = sym
            n += 1
        return n
    out[row, n] = sym
    return _put_number(out, row, n + 1, count)


@njit
def _put_number(out: np.ndarray, row: int, n: int, value: int) -> int:
    digits = 1
    v = value
    while v >= 10:
        v //= 10
        digits += 1
    for k in range(digits - 1, -1, -1):
        out[row, n + k] = 48 + value % 10
        value //= 10
    return n + digits


@njit
def _describe(w: int, grid: np.ndarray, leader: np.ndarray, ops: np.ndarray,
              out: np.ndarray, row: int) -> int:
    """The description (block structure, comma, clues: what
    :func:`puzzlefmt.keen.gameid.encode_desc` writes) into ``out[row]``; its length."""
    half = w * (w - 1)
    total = 2 * half
    syms = np.empty(2 * total + 2, np.int64)
    nsym = 0
    run = 0
    for pos in range(total + 1):
        if pos < total:
            if pos < half:
                a = (pos // (w - 1)) * w + pos % (w - 1)
                b = a + 1
            else:
                a = ((pos - half) % (w - 1)) * w + (pos - half) // (w - 1)
                b = a + w
            if leader[a] == leader[b]:
                run += 1
                continue
        # A wall (the last position always is) ends the run of shared edges before it.
        while run > 25:
            syms[nsym] = 122  # z
            nsym += 1
            run -= 25
        syms[nsym] = 95 if run == 0 else 96 + run
        nsym += 1
        run = 0
    n = 0
    prev = syms[0]  # the symbol being repeated, and how many times
    reps = 0
    for q in range(nsym):
        if syms[q] == prev:
            reps += 1
        else:
            n = _put_symbol(out, row, n, prev, reps)
            prev = syms[q]
            reps = 1
    n = _put_symbol(out, row, n, prev, reps)
    out[row, n] = 44
    n += 1
    for i in range(w * w):
        if leader[i] != i:
            continue
        op = ops[i]
        target = grid[i]
        for c in range(i + 1, w * w):
            if leader[c] != i:
                continue
            d = grid[c]
            if op == _ADD:
                target += d
            elif op == _MUL:
                target *= d
            elif op == _SUB:
                target = abs(target - d)
            else:
                target = max(target, d) // min(target, d)
        out[row, n] = _LETTER[op]
        n = _put_number(out, row, n + 1, target)
    return n


@njit
def generate_one(st: np.ndarray, w: int, diff: int, mult_only: bool, grid: np.ndarray,
                 leader: np.ndarray, ops: np.ndarray) -> int:
    """keen.c's ``new_game_desc`` from the seeded state ``st``: the solution into ``grid``,
    each cell's cage (its smallest cell) into ``leader``, each cage's operation (at its
    smallest cell) into ``ops``; 1, or -1 for a cage too large to grade (never generated).
    ``diff``: 0 Easy to 4 Unreasonable (a 3x3 above Normal is generated as Normal)."""
    a = w * w
    if w == 3 and diff > _NORMAL:
        diff = _NORMAL
    order = np.empty(a, np.int64)
    sizes = np.empty(a, np.int64)
    flags = np.empty(a, np.int64)
    while True:
        lk.latin_generate(st, w, grid)
        if not _blocks(st, w, order, leader, sizes):
            continue
        _clue_flags(w, diff, mult_only, grid, leader, sizes, flags)
        rk.shuffle(st, order, a)
        _deal(flags, order, a, ops)
        verdict = sk.grades_as(w, diff, leader, ops, grid)
        if verdict:
            return verdict


@aot("int64(int64, int64, boolean, uint8[::1], int64[::1], uint8[:, ::1], int64[::1])")
@njit
def generate_batch(w: int, diff: int, mult_only: bool, seeds: np.ndarray,
                   seed_at: np.ndarray, out: np.ndarray, out_len: np.ndarray) -> int:
    """The descriptions of the puzzles keen.c makes for the parameters (size ``w`` 3 to 9,
    difficulty ``diff`` 0 to 4, ``mult_only``) and each seed: seed ``k`` is the bytes
    ``seeds[seed_at[k]:seed_at[k+1]]``; its description goes to ``out[k, :out_len[k]]``
    (ASCII, :data:`DESC_BYTES` a row). How many seeds were done (all), or ``-1 - k`` when
    seed ``k`` made a cage too large to grade (never generated)."""
    st = rk.new_state()
    a = w * w
    grid = np.zeros(a, np.int64)
    leader = np.zeros(a, np.int64)
    ops = np.zeros(a, np.int64)
    count = len(seed_at) - 1
    for k in range(count):
        rk.seed_state(st, seeds, seed_at[k], seed_at[k + 1] - seed_at[k])
        if generate_one(st, w, diff, mult_only, grid, leader, ops) < 0:
            return -1 - k
        out_len[k] = _describe(w, grid, leader, ops, out, k)
    return count
