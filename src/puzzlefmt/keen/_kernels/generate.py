"""numba kernel of the seed expander: keen.c's ``new_game_desc`` whole, one seed or many a
call.

:mod:`puzzlefmt.keen.seed` describes the steps; this kernel runs them, drawing from the
random source of :mod:`puzzlefmt.sgt._kernels.random` (the collection's SHA-1 source), for
one seed (:func:`generate_one`) or each seed of a batch: the Latin square
(:mod:`puzzlefmt.sgt._kernels.latin`), the cages, the clues, the grading at the levels the
generator asks for (:func:`puzzlefmt.keen._kernels.seed.grades_as`) until a candidate has the
difficulty asked, and writes the puzzle's description (block structure, comma, clues) as the
game writes it. The seeds come as their bytes, one after the other.
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


#: Rows of the generator's workspace (:func:`_gen_work`): the visiting order and its
#: ranks, which cells are alone, the cages' union-find (parent, size, smallest cell), each
#: cell's cage (its smallest cell), each cage's size at its smallest cell, the clue flags,
#: the cages still to deal to, each cage's operation, the description's symbols, each
#: cage's target (a 3x3 candidate's key, :func:`_memo_key`).
_ORDER, _RANK, _ALONE, _PARENT, _COUNT, _SMALLEST = 0, 1, 2, 3, 4, 5
_LEADER, _SIZES, _FLAGS, _LIVE, _OPS, _SYMS, _TARGET = 6, 7, 8, 9, 10, 11, 12
#: Rows filled once for the size: each cell's four neighbours (:func:`_near`, at ``4 * cell
#: + q``), and how many ordered pairs of distinct digits up to w have each product (a
#: domino's product ``v`` at ``v``); then, per candidate, the column of each digit in each
#: row of the solution (at ``w * row + digit - 1``).
_NEAR, _PAIRS, _POS = 13, 14, 15
_GEN_ROWS = 16


@njit
def _gen_work(w: int) -> np.ndarray:
    """The generator's workspace for w x w puzzles (one row wide enough for the block
    structure's symbols), with its tables for the size."""
    gw = np.zeros((_GEN_ROWS, 4 * w * w + 2), np.int64)
    for i in range(w * w):
        for q in range(4):
            gw[_NEAR, 4 * i + q] = _near(w, i, q)
    for v in range(1, w * w + 1):
        pairs = 0
        for d in range(1, w + 1):
            if v % d == 0 and v // d <= w and v // d != d:
                pairs += 1
        gw[_PAIRS, v] = pairs
    return gw


@njit(inline=True)
def _root(gw: np.ndarray, a: int) -> int:
    while gw[_PARENT, a] != a:
        a = gw[_PARENT, a]
    return a


@njit(inline=True)
def _merge(gw: np.ndarray, a: int, b: int) -> None:
    ra = _root(gw, a)
    rb = _root(gw, b)
    if ra == rb:
        return
    if gw[_COUNT, ra] < gw[_COUNT, rb]:
        ra, rb = rb, ra
    gw[_PARENT, rb] = ra
    gw[_COUNT, ra] += gw[_COUNT, rb]
    gw[_SMALLEST, ra] = min(gw[_SMALLEST, ra], gw[_SMALLEST, rb])


@njit(inline=True)
def _near(w: int, i: int, q: int) -> int:
    """Neighbour ``q`` (0 to 3: left, right, up, down, the order the generator looks) of cell
    ``i``, or -1 past the grid's edge."""
    if q == 0:
        return i - 1 if i % w > 0 else -1
    if q == 1:
        return i + 1 if i % w + 1 < w else -1
    if q == 2:
        return i - w if i >= w else -1
    return i + w if i + w < w * w else -1


@njit
def _blocks(st: np.ndarray, w: int, gw: np.ndarray) -> bool:
    """Step 2 of :mod:`puzzlefmt.keen.seed`: the smallest cell of each cell's cage
    into the ``_LEADER`` row, each cage's size at its smallest cell into ``_SIZES``, the
    visiting order into ``_ORDER``; ``False`` when a cell is left alone."""
    a = w * w
    for i in range(a):
        gw[_ORDER, i] = i
    rk.shuffle_row(st, gw, _ORDER, a)
    for i in range(a):
        gw[_RANK, gw[_ORDER, i]] = i
        gw[_ALONE, i] = 1
        gw[_PARENT, i] = i
        gw[_COUNT, i] = 1
        gw[_SMALLEST, i] = i
    for i in range(a):
        if not gw[_ALONE, i]:
            continue
        best = -1
        for q in range(4):
            n = gw[_NEAR, 4 * i + q]
            if n >= 0 and gw[_ALONE, n] and (best == -1 or gw[_RANK, n] < gw[_RANK, best]):
                best = n
        if best >= 0 and rk.upto(st, 4):
            gw[_ALONE, i] = 0
            gw[_ALONE, best] = 0
            _merge(gw, i, best)
    for i in range(a):
        if not gw[_ALONE, i]:
            continue
        best = -1
        for q in range(4):
            n = gw[_NEAR, 4 * i + q]
            if n >= 0 and gw[_COUNT, _root(gw, n)] < MAX_CAGE and (
                    best == -1 or gw[_RANK, n] < gw[_RANK, best]):
                best = n
        if best >= 0:
            gw[_ALONE, i] = 0
            gw[_ALONE, best] = 0
            _merge(gw, i, best)
    for i in range(a):
        if gw[_ALONE, i]:
            return False
    for i in range(a):
        gw[_SIZES, i] = 0
    for i in range(a):
        j = gw[_SMALLEST, _root(gw, i)]
        gw[_LEADER, i] = j
        gw[_SIZES, j] += 1
    return True


@njit
def _clue_flags(w: int, diff: int, mult_only: bool, grid: np.ndarray, gw: np.ndarray) -> None:
    """Step 3 of :mod:`puzzlefmt.keen.seed`, first half: which operations suit each cage
    (flags at its smallest cell) into the ``_FLAGS`` row."""
    for i in range(w * w):
        gw[_FLAGS, i] = 0
        j = gw[_LEADER, i]
        k = gw[_SIZES, j]
        if mult_only:
            gw[_FLAGS, j] = _F_MUL
        elif j == i and k > 2:
            gw[_FLAGS, j] |= _F_ADD | _F_MUL
        elif j != i and k == 2:
            p = max(grid[j], grid[i])
            q = min(grid[j], grid[i])
            v = p + q
            gw[_FLAGS, j] |= _F_ADD if 4 < v < 2 * w - 2 else _F_ADD << _BAD_SHIFT
            if gw[_PAIRS, p * q] <= 2 and diff > _NORMAL:
                gw[_FLAGS, j] |= _F_MUL << _BAD_SHIFT
            else:
                gw[_FLAGS, j] |= _F_MUL
            if p - q < w - 1:
                gw[_FLAGS, j] |= _F_SUB
            if p % q == 0 and 2 * (p // q) <= w:
                gw[_FLAGS, j] |= _F_DIV


@njit
def _deal(gw: np.ndarray, a: int) -> None:
    """Step 3 of :mod:`puzzlefmt.keen.seed`, second half (the order row freshly shuffled):
    the operations dealt out; the operation of each cage
    at its smallest cell into the ``_OPS`` row."""
    nlive = 0
    for q in range(a):
        gw[_OPS, q] = _ADD
        j = gw[_ORDER, q]
        if gw[_FLAGS, j]:
            gw[_LIVE, nlive] = j
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
                    if gw[_FLAGS, gw[_LIVE, q]] & want:
                        at = q
                        break
                if at >= 0:
                    break
            if at >= 0:
                pick = gw[_LIVE, at]
                gw[_OPS, pick] = op
                gw[_FLAGS, pick] = 0
                for q in range(at, nlive - 1):
                    gw[_LIVE, q] = gw[_LIVE, q + 1]
                nlive -= 1
                dealt = True
        if not dealt:
            return


@njit
def _put_number(out: np.ndarray, n: int, value: int) -> int:
    digits = 1
    v = value
    while v >= 10:
        v //= 10
        digits += 1
    for k in range(digits - 1, -1, -1):
        out[n + k] = 48 + value % 10
        value //= 10
    return n + digits


@njit
def _put_symbol(out: np.ndarray, n: int, sym: int, count: int) -> int:
    """Write ``count`` repeats of the block-structure symbol ``sym`` as the game writes them
    (two at most written out, more as the symbol and its count); the new length."""
    if count <= 2:
        for _ in range(count):
            out[n] = sym
            n += 1
        return n
    out[n] = sym
    return _put_number(out, n + 1, count)


@njit
def _cage_value(w: int, gw: np.ndarray, grid: np.ndarray, lead: int) -> int:
    """The value of the cage led by ``lead`` over the digits of ``grid``: its clue when
    ``grid`` is the solution; -1 for a division that does not come out whole."""
    op = gw[_OPS, lead]
    v: int = grid[lead]
    for i in range(lead + 1, w * w):  # the leader is the cage's smallest cell
        if gw[_LEADER, i] != lead:
            continue
        d = grid[i]
        if op == _ADD:
            v += d
        elif op == _MUL:
            v *= d
        elif op == _SUB:
            v = abs(v - d)
        elif max(v, d) % min(v, d) == 0:
            v = max(v, d) // min(v, d)
        else:
            return -1
    return v


@njit
def _describe(w: int, grid: np.ndarray, gw: np.ndarray, out: np.ndarray, n: int) -> int:
    """The description (block structure, comma, clues: what
    :func:`puzzlefmt.keen.gameid.encode_desc` writes) into ``out`` from ``out[n]`` on; the
    new length."""
    half = w * (w - 1)
    total = 2 * half
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
            if gw[_LEADER, a] == gw[_LEADER, b]:
                run += 1
                continue
        # A wall (the last position always is) ends the run of shared edges before it.
        while run > 25:
            gw[_SYMS, nsym] = 122  # z
            nsym += 1
            run -= 25
        gw[_SYMS, nsym] = 95 if run == 0 else 96 + run
        nsym += 1
        run = 0
    prev = gw[_SYMS, 0]  # the symbol being repeated, and how many times
    reps = 0
    for q in range(nsym):
        if gw[_SYMS, q] == prev:
            reps += 1
        else:
            n = _put_symbol(out, n, prev, reps)
            prev = gw[_SYMS, q]
            reps = 1
    n = _put_symbol(out, n, prev, reps)
    out[n] = 44
    n += 1
    for i in range(w * w):
        if gw[_LEADER, i] != i:
            continue
        out[n] = _LETTER[gw[_OPS, i]]
        n = _put_number(out, n + 1, _cage_value(w, gw, grid, i))
    return n


#: The verdicts of the grader kept for 3x3 candidates (:func:`_memo_work`): slots of the
#: open-addressing table (a power of two), and how many may be filled. A 3x3 puzzle has few
#: distinct candidates (about 2,000 of them among 300,000 drawn for 60,000 Easy puzzles, 99%
#: of the grader's calls ask again about one already graded; at 4x4 2%, at 5x5 none), so
#: the generator keeps the grader's answer for each: the random source is drawn from exactly
#: as before (the grader draws nothing), and the answer is the grader's.
_MEMO_SLOTS = 8192
_MEMO_FILL = 6144
#: The words of a table entry: the candidate's key in three words, then the verdict + 2
#: (0: a free slot).
_MEMO_WORDS = 4


def memo_shape(w: int) -> tuple[int, int]:
    """The shape of the table of :func:`_generate_ws`'s kept verdicts (int64, zeros): a 3x3
    generator's (row :data:`_MEMO_SLOTS`: how many entries are filled), a single unused row
    at other sizes."""
    return (_MEMO_SLOTS + 1 if w == 3 else 1, _MEMO_WORDS)


@njit
def _memo_work(w: int) -> np.ndarray:
    """A new table of :func:`_generate_ws`'s kept verdicts (:func:`memo_shape`)."""
    return np.zeros((_MEMO_SLOTS + 1 if w == 3 else 1, _MEMO_WORDS), np.int64)


@njit
def _memo_key(grid: np.ndarray, gw: np.ndarray) -> tuple[int, int, int]:
    """A 3x3 candidate as three words, each three cells of 13 bits: a cell that leads its
    cage (its smallest cell) as ``4096 + 1024 * operation + target``, another cell as its
    cage's leader. The grader's verdict depends on these alone: the cages, their operations
    and their targets."""
    for i in range(9):
        j = gw[_LEADER, i]
        d = grid[i]
        if j == i:
            gw[_TARGET, i] = d
        else:
            t = gw[_TARGET, j]
            op = gw[_OPS, j]
            if op == _ADD:
                gw[_TARGET, j] = t + d
            elif op == _MUL:
                gw[_TARGET, j] = t * d
            elif op == _SUB:
                gw[_TARGET, j] = abs(t - d)
            else:
                gw[_TARGET, j] = max(t, d) // min(t, d)
    k0 = 0
    k1 = 0
    k2 = 0
    for i in range(9):
        j = gw[_LEADER, i]
        v = 4096 + 1024 * gw[_OPS, i] + gw[_TARGET, i] if j == i else j
        if i < 3:
            k0 = (k0 << 13) | v
        elif i < 6:
            k1 = (k1 << 13) | v
        else:
            k2 = (k2 << 13) | v
    return k0, k1, k2


@njit(inline=True)
def _swapped(grid: np.ndarray, cell: int, p: int, q: int, s: int, t: int) -> int:
    """The digit of ``cell`` once the rectangle's corners are swapped (``p``, ``t`` take
    ``q``'s digit, ``q``, ``s`` take ``p``'s)."""
    at = q if cell in (p, t) else p if cell in (q, s) else cell
    d: int = grid[at]
    return d


@njit(inline=True)
def _domino_keeps(w: int, gw: np.ndarray, grid: np.ndarray, lead: int, p: int, q: int,
                  s: int, t: int) -> bool:
    """Whether the domino led by ``lead`` (a difference or a quotient) keeps its clue once
    the rectangle's corners are swapped (:func:`_swapped`)."""
    v = lead + 1 if lead % w + 1 < w and gw[_LEADER, lead + 1] == lead else lead + w
    x = grid[lead]
    y = grid[v]
    nx = _swapped(grid, lead, p, q, s, t)
    ny = _swapped(grid, v, p, q, s, t)
    if gw[_OPS, lead] == _SUB:
        kept: bool = abs(nx - ny) == abs(x - y)
    else:
        kept = max(nx, ny) % min(nx, ny) == 0 and \
            max(nx, ny) // min(nx, ny) == max(x, y) // min(x, y)
    return kept


@njit
def _swap_solves(w: int, gw: np.ndarray, grid: np.ndarray) -> bool:
    """Whether the candidate (solution ``grid``, cages in ``gw``) has a second solution of
    the simplest kind: two digits ``a``, ``b`` on the corners of a rectangle (``a b`` on one
    row, ``b a`` on another, in the same columns), swapped, with every cage the swap
    touches keeping its clue. The grader's deductions remove only candidates that no
    solution has, so with two solutions they never finish and the candidate is refused at
    every difficulty: the verdict :func:`grades_as_ws` would give, without its run (at 4x4
    Hard almost half the candidates drawn).

    A sum or product cage keeps its clue exactly when it holds as many of the corners that
    get ``b`` (``a`` before) as of those that get ``a``; a difference or quotient cage is a
    domino, worked out. The rectangles are found from each row's column of each digit."""
    for r in range(w):
        for c in range(w):
            gw[_POS, r * w + grid[r * w + c] - 1] = c
    for r1 in range(w - 1):
        for r2 in range(r1 + 1, w):
            for c1 in range(w - 1):
                p = r1 * w + c1
                s = r2 * w + c1
                a = grid[p]
                b = grid[s]
                c2 = gw[_POS, r1 * w + b - 1]
                if c2 <= c1 or grid[r2 * w + c2] != a:
                    continue
                q = r1 * w + c2
                t = r2 * w + c2
                lp = gw[_LEADER, p]
                lq = gw[_LEADER, q]
                ls = gw[_LEADER, s]
                lt = gw[_LEADER, t]
                same = True
                for k in range(4):
                    lead = lp if k == 0 else lq if k == 1 else ls if k == 2 else lt
                    op = gw[_OPS, lead]
                    if op in (_ADD, _MUL):
                        if (lead == lp) + (lead == lt) != (lead == lq) + (lead == ls):
                            same = False
                            break
                    elif not _domino_keeps(w, gw, grid, lead, p, q, s, t):
                        same = False
                        break
                if same:
                    return True
    return False


@njit
def _generate_ws(st: np.ndarray, w: int, diff: int, mult_only: bool, grid: np.ndarray,
                 gw: np.ndarray, lw: np.ndarray, cw: np.ndarray, tbuf: np.ndarray,
                 rw: np.ndarray, dyn: np.ndarray, dst: np.ndarray, memo: np.ndarray) -> int:
    """keen.c's ``new_game_desc`` from the seeded state ``st``, in the workspaces: the
    solution into ``grid``, each cell's cage (its smallest cell) into the ``_LEADER`` row of
    ``gw``, each cage's operation (at its smallest cell) into ``_OPS``; 1, or -1 for a cage
    too large to grade (never generated). ``diff``: 0 Easy to 4 Unreasonable (a 3x3 above
    Normal is generated as Normal). ``memo`` (:func:`_memo_work`, for this ``w``, ``diff``
    and ``mult_only``) keeps the grader's verdicts of 3x3 candidates."""
    a = w * w
    if w == 3 and diff > _NORMAL:
        diff = _NORMAL
    mask = _MEMO_SLOTS - 1
    while True:
        lk.latin_fill(st, w, grid, lw)
        if not _blocks(st, w, gw):
            continue
        _clue_flags(w, diff, mult_only, grid, gw)
        rk.shuffle_row(st, gw, _ORDER, a)
        _deal(gw, a)
        if w != 3:
            verdict = 0 if _swap_solves(w, gw, grid) else \
                sk.grades_as_ws(w, diff, gw, _LEADER, _OPS, grid, cw, tbuf, rw, dyn, dst)
        else:
            k0, k1, k2 = _memo_key(grid, gw)
            h = (k0 * -7046029254386353131) ^ (k1 * -4658895280553007687) \
                ^ (k2 * 1609587929392839161)
            slot = (h >> 40) & mask
            while memo[slot, 3] != 0 and (memo[slot, 0] != k0 or memo[slot, 1] != k1
                                          or memo[slot, 2] != k2):
                slot = (slot + 1) & mask
            if memo[slot, 3] != 0:
                verdict = memo[slot, 3] - 2
            else:
                verdict = 0 if _swap_solves(w, gw, grid) else \
                    sk.grades_as_ws(w, diff, gw, _LEADER, _OPS, grid, cw, tbuf, rw, dyn,
                                    dst)
                if memo[_MEMO_SLOTS, 0] < _MEMO_FILL:
                    memo[slot, 0] = k0
                    memo[slot, 1] = k1
                    memo[slot, 2] = k2
                    memo[slot, 3] = verdict + 2
                    memo[_MEMO_SLOTS, 0] += 1
        if verdict:
            return verdict


@aot("int64(int64[::1], int64, int64, boolean, int64[::1], int64[::1], int64[::1])")
@njit
def generate_one(st: np.ndarray, w: int, diff: int, mult_only: bool, grid: np.ndarray,
                 leader: np.ndarray, ops: np.ndarray) -> int:
    """keen.c's ``new_game_desc`` from the seeded state ``st`` (left where the generator
    leaves it): the solution into ``grid``, each cell's cage (its smallest cell) into
    ``leader``, each cage's operation (at its smallest cell) into ``ops``; 1, or -1 for a
    cage too large to grade (never generated). ``diff``: 0 Easy to 4 Unreasonable (a 3x3
    above Normal is generated as Normal). The single-seed path
    (:func:`puzzlefmt.keen.seed.generate`)."""
    gw = _gen_work(w)
    cw, tbuf, rw, dyn, dst = sk.grade_work(w)
    got = _generate_ws(st, w, diff, mult_only, grid, gw, lk.latin_work(w), cw, tbuf, rw, dyn,
                       dst, _memo_work(w))
    for i in range(w * w):
        leader[i] = gw[_LEADER, i]
        ops[i] = gw[_OPS, i]
    return got


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
    grid = np.zeros(w * w, np.int64)
    gw = _gen_work(w)
    lw = lk.latin_work(w)
    cw, tbuf, rw, dyn, dst = sk.grade_work(w)
    memo = _memo_work(w)
    line = np.zeros(DESC_BYTES, np.int64)
    count = len(seed_at) - 1
    for k in range(count):
        rk.seed_state(st, seeds, seed_at[k], seed_at[k + 1] - seed_at[k])
        if _generate_ws(st, w, diff, mult_only, grid, gw, lw, cw, tbuf, rw, dyn, dst,
                        memo) < 0:
            return -1 - k
        n = _describe(w, grid, gw, line, 0)
        for i in range(n):
            out[k, i] = line[i]
        out_len[k] = n
    return count


#: Digits of a seed the midend draws for a new game (:data:`puzzlefmt.sgt.random.SEED_DIGITS`).
SEED_DIGITS = 15


@aot("int64(int64, int64, boolean, int64[::1], boolean, uint8[::1], int64, uint8[::1], "
     "uint8[::1], boolean, uint8[::1], int64[:, ::1])")
@njit
def generate_lines(w: int, diff: int, mult_only: bool, master: np.ndarray, has_first: bool,
                   first: np.ndarray, count: int, prefix: np.ndarray, suffix: np.ndarray,
                   with_seed: bool, out: np.ndarray, memo: np.ndarray) -> int:
    """``count`` lines of ``puzzlefmt generate keen`` into ``out``: for each seed, ``prefix``
    (``6:``), the description of the puzzle keen.c makes from it, and with ``with_seed`` a
    tab, ``suffix`` (``6dn#``) and the seed, then a new line. The seeds: ``first``'s bytes
    with ``has_first`` (the master seed, the first puzzle's; it may be empty), then 15
    digits each drawn from the random state ``master`` (an array of
    :mod:`puzzlefmt.sgt._kernels.random`, left where the next call goes on) as
    :func:`puzzlefmt.sgt.random.game_seeds` draws them. ``out`` must hold ``count`` lines
    of at most :data:`DESC_BYTES` + the prefix, suffix and seed. Returns the bytes written,
    or ``-1`` when a seed made a cage too large to grade (never generated). ``memo``: the
    kept verdicts (:func:`memo_shape`), kept by the caller from one call to the next for
    the same ``w``, ``diff`` and ``mult_only``."""
    st = rk.new_state()
    grid = np.zeros(w * w, np.int64)
    gw = _gen_work(w)
    lw = lk.latin_work(w)
    cw, tbuf, rw, dyn, dst = sk.grade_work(w)
    seed = np.zeros(max(SEED_DIGITS, first.shape[0]), np.uint8)
    n = 0
    for k in range(count):
        if k == 0 and has_first:
            length = first.shape[0]
            for i in range(length):
                seed[i] = first[i]
        else:
            length = SEED_DIGITS
            seed[0] = 49 + rk.upto(master, 9)
            for i in range(1, SEED_DIGITS):
                seed[i] = 48 + rk.upto(master, 10)
        rk.seed_state(st, seed, 0, length)
        if _generate_ws(st, w, diff, mult_only, grid, gw, lw, cw, tbuf, rw, dyn, dst,
                        memo) < 0:
            return -1
        for i in range(prefix.shape[0]):
            out[n + i] = prefix[i]
        n = _describe(w, grid, gw, out, n + prefix.shape[0])
        if with_seed:
            out[n] = 9
            n += 1
            for i in range(suffix.shape[0]):
                out[n + i] = suffix[i]
            n += suffix.shape[0]
            for i in range(length):
                out[n + i] = seed[i]
            n += length
        out[n] = 10
        n += 1
    return n
