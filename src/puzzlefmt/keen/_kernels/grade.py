"""numba kernels of the grader: keen.c's and latin.c's deductions, level by level.

See :mod:`puzzlefmt.keen.grade` for what each level allows. Candidate sets are bit masks
(bit ``d-1`` for digit ``d``); a puzzle comes as the arrays of :mod:`puzzlefmt.keen._kernels.solve`.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import aot, njit
from puzzlefmt.keen._kernels import solve as kern

EASY = 0
NORMAL = 1
HARD = 2
EXTREME = 3
IMPOSSIBLE = 10
UNFINISHED = 12
#: A dynamic cage whose layouts are too many to enumerate within kern.MAX_CAGE_STEPS.
TOO_LARGE = 13


@njit(inline=True)
def _place(masks: np.ndarray, grid: np.ndarray, rowdone: np.ndarray, coldone: np.ndarray,
           w: int, cell: int, n: int) -> None:
    bit = 1 << (n - 1)
    y = cell // w
    x = cell % w
    for i in range(w):
        masks[i * w + x] &= ~bit
        masks[y * w + i] &= ~bit
    masks[cell] = bit
    grid[cell] = n
    rowdone[y, n - 1] = True
    coldone[x, n - 1] = True


@njit(inline=True)
def _simple(masks: np.ndarray, grid: np.ndarray, rowdone: np.ndarray, coldone: np.ndarray,
            w: int) -> int:
    """latin.c's simple deductions: one placement (or a contradiction) at a time."""
    for y in range(w):
        for n in range(1, w + 1):
            if rowdone[y, n - 1]:
                continue
            bit = 1 << (n - 1)
            m = 0
            at = -1
            for x in range(w):
                if masks[y * w + x] & bit:
                    m += 1
                    at = y * w + x
            if m == 1:
                if grid[at] == 0:
                    _place(masks, grid, rowdone, coldone, w, at, n)
                    return 1
            elif m == 0:
                return -1
    for x in range(w):
        for n in range(1, w + 1):
            if coldone[x, n - 1]:
                continue
            bit = 1 << (n - 1)
            m = 0
            at = -1
            for y in range(w):
                if masks[y * w + x] & bit:
                    m += 1
                    at = y * w + x
            if m == 1:
                if grid[at] == 0:
                    _place(masks, grid, rowdone, coldone, w, at, n)
                    return 1
            elif m == 0:
                return -1
    for x in range(w):
        for y in range(w):
            cell = y * w + x
            if grid[cell] != 0:
                continue
            m = masks[cell]
            if m == 0:
                return -1
            if (m & (m - 1)) == 0:
                _place(masks, grid, rowdone, coldone, w, cell, kern.lowest_digit(m))
                return 1
    return 0


@njit
def _dyn_clues(masks: np.ndarray, w: int, level: int, ccells: np.ndarray, s: int, k: int,
               op: int, target: int, scratch: np.ndarray, dyn: np.ndarray,
               dst: np.ndarray) -> bool:
    """What :func:`_clues` gathers from a precomputed cage's layouts, for a dynamic cage
    (enumerated among the digits its cells allow, as keen.c enumerates every cage). False
    when the enumeration takes more than kern.MAX_CAGE_STEPS steps."""
    if kern.dyn_start(w, ccells, s, k, op, target, masks, dyn, dst):
        while kern.dyn_next(w, ccells, s, k, op, masks, dyn, dst, kern.MAX_CAGE_STEPS):
            done = True
            if level == EASY:
                pooled = 0
                for j in range(k):
                    pooled |= 1 << (dyn[0, j] - 1)
                for j in range(k):
                    scratch[j] |= pooled
            elif level == NORMAL:
                for j in range(k):
                    scratch[j] |= 1 << (dyn[0, j] - 1)
            else:
                for i in range(2 * w):
                    scratch[2 * w + i] = 0
                for j in range(k):
                    cell = ccells[s + j]
                    scratch[2 * w + cell % w] |= 1 << (dyn[0, j] - 1)  # columns first
                    scratch[3 * w + cell // w] |= 1 << (dyn[0, j] - 1)  # then rows
                for i in range(2 * w):
                    scratch[i] &= scratch[2 * w + i]
                    if scratch[i] != 0:
                        done = False
            if level != HARD:
                for j in range(k):
                    m = masks[ccells[s + j]]
                    if (m & scratch[j]) != m:
                        done = False
                        break
            if done:  # no further layout can change what this cage deduces
                break
    return bool(dst[2] == 0)


@njit(inline=True)
def _clues(masks: np.ndarray, w: int, level: int, cstart: np.ndarray, ccells: np.ndarray,
           cell_cage: np.ndarray, tstart: np.ndarray, tcount: np.ndarray, tbuf: np.ndarray,
           scratch: np.ndarray) -> int:
    """keen.c's clue deductions at ``level`` (Easy, Normal or Hard), for a puzzle whose
    cages' layouts are all stored (:func:`_clues_dyn` when some are dynamic)."""
    ncages = tcount.shape[0]
    full = (1 << w) - 1
    ret = 0
    for c in range(ncages):
        s = cstart[c]
        k = cstart[c + 1] - s
        base = tstart[c]
        if level == HARD:
            for i in range(2 * w):
                scratch[i] = full
        else:
            for i in range(k):
                scratch[i] = 0
        for t in range(tcount[c]):
            off = base + t * k
            if not kern.layout_fits(tbuf, off, masks, ccells, s, k):
                continue
            if level == EASY:
                pooled = 0
                for j in range(k):
                    pooled |= tbuf[off + j]
                for j in range(k):
                    scratch[j] |= pooled
            elif level == NORMAL:
                for j in range(k):
                    scratch[j] |= tbuf[off + j]
            else:
                for i in range(2 * w):
                    scratch[2 * w + i] = 0
                for j in range(k):
                    cell = ccells[s + j]
                    scratch[2 * w + cell % w] |= tbuf[off + j]  # columns first
                    scratch[3 * w + cell // w] |= tbuf[off + j]  # then rows
                for i in range(2 * w):
                    scratch[i] &= scratch[2 * w + i]
        if level != HARD:
            for j in range(k):
                cell = ccells[s + j]
                kept = masks[cell] & scratch[j]
                if kept != masks[cell]:
                    masks[cell] = kept
                    ret = 1
        else:
            for i in range(2 * w):
                need = scratch[i]
                if need == 0:
                    continue
                for q in range(w):
                    cell = q * w + i if i < w else (i - w) * w + q
                    if cell_cage[cell] != c and (masks[cell] & need):
                        masks[cell] &= ~need
                        ret = 1
            if ret:
                return ret
    return ret


@njit
def _clues_dyn(masks: np.ndarray, w: int, level: int, cstart: np.ndarray, ccells: np.ndarray,
               cell_cage: np.ndarray, tstart: np.ndarray, tcount: np.ndarray,
               tbuf: np.ndarray, scratch: np.ndarray, dyn: np.ndarray, dst: np.ndarray) -> int:
    """:func:`_clues` for a puzzle with dynamic cages, in the same order (-2 when one has
    too many layouts to enumerate). The same loop with one more case: a copy, so that the
    common case keeps its own tight loop (grading is some 6% faster for it)."""
    ncages = tcount.shape[0]
    full = (1 << w) - 1
    ret = 0
    for c in range(ncages):
        s = cstart[c]
        k = cstart[c + 1] - s
        base = tstart[c]
        if level == HARD:
            for i in range(2 * w):
                scratch[i] = full
        else:
            for i in range(k):
                scratch[i] = 0
        if tcount[c] == kern.DYNAMIC and not _dyn_clues(
            masks, w, level, ccells, s, k, tbuf[base], tbuf[base + 1], scratch, dyn, dst
        ):
            return -2
        for t in range(tcount[c]):
            off = base + t * k
            if not kern.layout_fits(tbuf, off, masks, ccells, s, k):
                continue
            if level == EASY:
                pooled = 0
                for j in range(k):
                    pooled |= tbuf[off + j]
                for j in range(k):
                    scratch[j] |= pooled
            elif level == NORMAL:
                for j in range(k):
                    scratch[j] |= tbuf[off + j]
            else:
                for i in range(2 * w):
                    scratch[2 * w + i] = 0
                for j in range(k):
                    cell = ccells[s + j]
                    scratch[2 * w + cell % w] |= tbuf[off + j]  # columns first
                    scratch[3 * w + cell // w] |= tbuf[off + j]  # then rows
                for i in range(2 * w):
                    scratch[i] &= scratch[2 * w + i]
        if level != HARD:
            for j in range(k):
                cell = ccells[s + j]
                kept = masks[cell] & scratch[j]
                if kept != masks[cell]:
                    masks[cell] = kept
                    ret = 1
        else:
            for i in range(2 * w):
                need = scratch[i]
                if need == 0:
                    continue
                for q in range(w):
                    cell = q * w + i if i < w else (i - w) * w + q
                    if cell_cage[cell] != c and (masks[cell] & need):
                        masks[cell] &= ~need
                        ret = 1
            if ret:
                return ret
    return ret


@njit
def _set(rows: np.ndarray, w: int, reduced: np.ndarray, rowidx: np.ndarray,
         colidx: np.ndarray) -> int:
    """latin.c's ``latin_solver_set`` on a w x w boolean matrix given as ``rows`` (one bit
    mask over the columns each): rule out what a naked/hidden subset forbids. Changes
    ``rows`` in place; returns 1 on progress, -1 on a contradiction, else 0."""
    solitary = 0
    n = 0
    for i in range(w):
        m = rows[i]
        if m == 0:
            return -1
        if (m & (m - 1)) == 0:
            solitary |= m
        else:
            rowidx[n] = i
            n += 1
    nc = 0
    for j in range(w):
        if not (solitary >> j) & 1:
            colidx[nc] = j
            nc += 1
    if nc != n:
        return 0
    # Reduced rows: column colidx[j] becomes bit n-1-j, so that a subset counter k visits
    # the subsets in latin.c's order (its set[n-1] is the lowest bit).
    for i in range(n):
        m = rows[rowidx[i]]
        r = 0
        for j in range(n):
            if (m >> colidx[j]) & 1:
                r |= 1 << (n - 1 - j)
        reduced[i] = r
    for k in range(1, 1 << n):
        count = kern.popcount(k)
        if count <= 1 or count >= n - 1:
            continue
        fits = 0
        for i in range(n):
            if (reduced[i] & k) == 0:
                fits += 1
        if fits > n - count:
            return -1
        if fits >= n - count:
            progress = False
            for i in range(n):
                r = reduced[i]
                if (r & k) != 0 and (r & ~k) != 0:
                    gone = r & ~k
                    for j in range(n):
                        if (gone >> (n - 1 - j)) & 1:
                            rows[rowidx[i]] &= ~(1 << colidx[j])
                    reduced[i] = r & k
                    progress = True
            if progress:
                return 1
    return 0


@njit
def _set_line(masks: np.ndarray, w: int, first: int, step: int, rows: np.ndarray,
              reduced: np.ndarray, rowidx: np.ndarray, colidx: np.ndarray) -> int:
    """:func:`_set` on the row or column of cells ``first + i * step``; written back on
    progress."""
    for i in range(w):
        rows[i] = masks[first + i * step]
    ret = _set(rows, w, reduced, rowidx, colidx)
    if ret > 0:
        for i in range(w):
            masks[first + i * step] = rows[i]
    return ret


@njit
def _sets(masks: np.ndarray, w: int, extreme: bool, rows: np.ndarray, reduced: np.ndarray,
          rowidx: np.ndarray, colidx: np.ndarray) -> int:
    """latin.c's set deductions: rows then columns (Hard), or one digit across rows and
    columns (Extreme)."""
    if not extreme:
        for u in range(2 * w):
            first, step = kern.line_span(u, w)
            ret = _set_line(masks, w, first, step, rows, reduced, rowidx, colidx)
            if ret != 0:
                return ret
        return 0
    for n in range(w):
        bit = 1 << n
        for x in range(w):
            r = 0
            for y in range(w):
                if masks[y * w + x] & bit:
                    r |= 1 << y
            rows[x] = r
        ret = _set(rows, w, reduced, rowidx, colidx)
        if ret != 0:
            if ret > 0:
                for x in range(w):
                    for y in range(w):
                        if not (rows[x] >> y) & 1:
                            masks[y * w + x] &= ~bit
            return ret
    return 0


@njit
def _forcing(masks: np.ndarray, w: int, number: np.ndarray, queue: np.ndarray) -> int:
    """latin.c's forcing chains: one elimination at a time."""
    for y in range(w):
        for x in range(w):
            start = y * w + x
            m = masks[start]
            if kern.popcount(m) != 2:
                continue
            a = kern.lowest_digit(m)
            b = kern.lowest_digit(m & (m - 1))
            total = a + b
            for orign in (a, b):
                number[:] = w + 1
                head = 0
                tail = 1
                queue[0] = start
                number[start] = total - orign
                while head < tail:
                    cur = queue[head]
                    head += 1
                    yy = cur // w
                    xx = cur % w
                    currn = number[cur]
                    cbit = 1 << (currn - 1)
                    for q in range(2 * w):
                        if q < w:
                            yt = q
                            xt = xx
                        else:
                            yt = yy
                            xt = q - w
                        nb = yt * w + xt
                        if number[nb] <= w:
                            continue
                        if (masks[nb] & cbit) == 0:
                            continue
                        mm = masks[nb]
                        if kern.popcount(mm) == 2:
                            queue[tail] = nb
                            tail += 1
                            number[nb] = kern.lowest_digit(mm) + kern.lowest_digit(mm & (mm - 1)) \
                                - currn
                        if currn == orign and (xt == x or yt == y):
                            masks[nb] &= ~cbit
                            return 1
    return 0


@njit
def _valid(grid: np.ndarray, w: int, cstart: np.ndarray, ccells: np.ndarray,
           cop: np.ndarray, ctarget: np.ndarray) -> bool:
    for c in range(cop.shape[0]):
        s = cstart[c]
        k = cstart[c + 1] - s
        t = ctarget[c]
        op = cop[c]
        if op == kern.ADD:
            total = 0
            for j in range(k):
                total += grid[ccells[s + j]]
            if total != t:
                return False
        elif op == kern.MUL:
            rest = t
            for j in range(k):
                g = grid[ccells[s + j]]
                if rest % g != 0:
                    return False
                rest //= g
            if rest != 1:
                return False
        else:
            a = grid[ccells[s]]
            b = grid[ccells[s + 1]]
            hi = max(a, b)
            lo = min(a, b)
            if op == kern.SUB:
                if hi - lo != t:
                    return False
            elif lo * t != hi:
                return False
    return True


@njit
def _dyn_state(w: int, cstart: np.ndarray,
               tcount: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Scratch for dynamic cages' enumerations (a token one when there are none)."""
    maxk = 0
    for c in range(tcount.shape[0]):
        if tcount[c] == kern.DYNAMIC:
            maxk = max(maxk, cstart[c + 1] - cstart[c])
    cols = max(maxk + 1, w) if maxk else 1
    return np.zeros((kern.DYN_ROWS, cols), np.int64), np.zeros(4, np.int64)


@njit
def _run(w: int, maxdiff: int, cstart: np.ndarray, ccells: np.ndarray, cop: np.ndarray,
         ctarget: np.ndarray, cell_cage: np.ndarray, tstart: np.ndarray, tcount: np.ndarray,
         tbuf: np.ndarray) -> int:
    """latin.c's ``latin_solver_top`` with Keen's deductions, up to ``maxdiff`` (no search):
    the hardest level used, or IMPOSSIBLE / UNFINISHED (TOO_LARGE: a dynamic cage with too
    many layouts)."""
    dyn, dst = _dyn_state(w, cstart, tcount)
    return _run_with(w, maxdiff, cstart, ccells, cop, ctarget, cell_cage, tstart, tcount, tbuf,
                     dyn, dst)


@njit
def _run_with(w: int, maxdiff: int, cstart: np.ndarray, ccells: np.ndarray, cop: np.ndarray,
              ctarget: np.ndarray, cell_cage: np.ndarray, tstart: np.ndarray,
              tcount: np.ndarray, tbuf: np.ndarray, dyn: np.ndarray, dst: np.ndarray) -> int:
    """:func:`_run` with the dynamic cages' scratch given (``_dyn_state``)."""
    has_dyn = dyn.shape[1] > 1
    n = w * w
    masks = np.full(n, (1 << w) - 1, np.int64)
    grid = np.zeros(n, np.int64)
    rowdone = np.zeros((w, w), np.bool_)
    coldone = np.zeros((w, w), np.bool_)
    scratch = np.zeros(max(4 * w, n + 1), np.int64)
    rows = np.zeros(w, np.int64)
    reduced = np.zeros(w, np.int64)
    rowidx = np.zeros(w, np.int64)
    colidx = np.zeros(w, np.int64)
    number = np.zeros(n, np.int64)
    queue = np.zeros(n, np.int64)
    diff = EASY
    while True:
        progress = False
        for i in range(maxdiff + 1):
            ret = 0
            if i == EASY:
                if maxdiff == EASY:
                    if has_dyn:
                        ret = _clues_dyn(masks, w, EASY, cstart, ccells, cell_cage, tstart,
                                         tcount, tbuf, scratch, dyn, dst)
                    else:
                        ret = _clues(masks, w, EASY, cstart, ccells, cell_cage, tstart, tcount,
                                     tbuf, scratch)
                if ret == 0:
                    ret = _simple(masks, grid, rowdone, coldone, w)
            elif i == NORMAL:
                if has_dyn:
                    ret = _clues_dyn(masks, w, NORMAL, cstart, ccells, cell_cage, tstart,
                                     tcount, tbuf, scratch, dyn, dst)
                else:
                    ret = _clues(masks, w, NORMAL, cstart, ccells, cell_cage, tstart, tcount,
                                 tbuf, scratch)
            elif i == HARD:
                if has_dyn:
                    ret = _clues_dyn(masks, w, HARD, cstart, ccells, cell_cage, tstart,
                                     tcount, tbuf, scratch, dyn, dst)
                else:
                    ret = _clues(masks, w, HARD, cstart, ccells, cell_cage, tstart, tcount,
                                 tbuf, scratch)
                if ret == 0:
                    ret = _sets(masks, w, False, rows, reduced, rowidx, colidx)
            elif i == EXTREME:
                ret = _sets(masks, w, True, rows, reduced, rowidx, colidx)
                if ret == 0:
                    ret = _forcing(masks, w, number, queue)
            if ret == -2:
                return TOO_LARGE
            if ret < 0:
                return IMPOSSIBLE
            if ret > 0:
                diff = max(diff, i)
                progress = True
                break
        if not progress:
            break
    for cell in range(n):
        if grid[cell] == 0:
            return UNFINISHED
    if not _valid(grid, w, cstart, ccells, cop, ctarget):
        return IMPOSSIBLE
    return diff


@aot("int64(int64, int64[::1], int64[::1], int64[::1], int64[::1], int64[::1])")
@njit
def grade_one(w: int, cstart: np.ndarray, ccells: np.ndarray, cop: np.ndarray,
               ctarget: np.ndarray, cell_cage: np.ndarray) -> int:
    """The level 0..3 at which the real program's deductions solve the puzzle; -1 if none
    does (then only search can: Unreasonable, or no unique solution); -2 for a cage too
    large to enumerate."""
    tstart, tcount, tbuf, _ = kern.cage_layouts(w, cstart, ccells, cop, ctarget)
    dyn, dst = _dyn_state(w, cstart, tcount)
    for maxdiff in range(EXTREME + 1):
        ret = _run_with(w, maxdiff, cstart, ccells, cop, ctarget, cell_cage, tstart, tcount,
                        tbuf, dyn, dst)
        if ret == TOO_LARGE:
            return -2
        if ret <= maxdiff:
            return ret
    return -1
