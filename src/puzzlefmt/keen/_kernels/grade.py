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

#: Rows of the solver's workspace (:func:`run_work`): the candidates, the grid, which
#: digits each row and column has placed (``y * w + digit - 1``), the clue deductions'
#: scratch, the set deductions' four rows, the forcing chains' two, and which cells'
#: candidates changed since their cage's clue was last looked at (:data:`_LOOK`).
_MASKS, _GRID, _ROWDONE, _COLDONE, _SCRATCH = 0, 1, 2, 3, 4
_SROWS, _REDUCED, _ROWIDX, _COLIDX, _NUMBER, _QUEUE, _DIRTY = 5, 6, 7, 8, 9, 10, 11
_RUN_ROWS = 12
#: Bits of a cell's ``_DIRTY`` word: its cage's clue is to be looked at again at Easy or
#: Normal (``_LOOK``), at Hard (``_LOOK_HARD``), its row's and its column's sets at Hard
#: (``_LOOK_ROW``, ``_LOOK_COL``). A cage's clue deduction depends on its cells'
#: candidates alone and, once applied, finds nothing more in them: while none of them
#: changed, looking again would change nothing, so :func:`_clues` skips the cage; a line's
#: sets that found nothing find nothing while its cells are unchanged (:func:`_sets`). The
#: solver takes the same steps, in the same order, as without the skips.
_LOOK = 1
_LOOK_HARD = 2
_LOOK_ROW = 4
_LOOK_COL = 8
_LOOK_ALL = 15
#: Rows of a puzzle's cages as the solver reads them (:func:`cage_rows`; the generator's
#: grader adds rows of its own after these): the cages' starts, the cells by cage, each
#: cell's cage, where each cage's layouts start and how many, each cage's operation and
#: target. The deductions index these two workspaces in place: a function that takes one
#: 2-D array instead of a dozen 1-D ones, or views of them, saves numba's reference counts
#: of each on every call (a third of the generator's time when they were passed apart).
CSTART, CCELLS, CELL_CAGE, TSTART, TCOUNT, COP, CTARGET = 0, 1, 2, 3, 4, 5, 6
CAGE_ROWS = 7


@njit(inline=True)
def _place(rw: np.ndarray, w: int, cell: int, n: int) -> None:
    bit = 1 << (n - 1)
    y = cell // w
    x = cell % w
    for i in range(w):
        q = i * w + x
        if rw[_MASKS, q] & bit:
            rw[_MASKS, q] &= ~bit
            rw[_DIRTY, q] = _LOOK_ALL
        q = y * w + i
        if rw[_MASKS, q] & bit:
            rw[_MASKS, q] &= ~bit
            rw[_DIRTY, q] = _LOOK_ALL
    if rw[_MASKS, cell] != bit:
        rw[_DIRTY, cell] = _LOOK_ALL
    rw[_MASKS, cell] = bit
    rw[_GRID, cell] = n
    rw[_ROWDONE, y * w + n - 1] = 1
    rw[_COLDONE, x * w + n - 1] = 1


@njit(inline=True)
def _simple(rw: np.ndarray, w: int) -> int:
    """latin.c's simple deductions: one placement (or a contradiction) at a time."""
    for y in range(w):
        for n in range(1, w + 1):
            if rw[_ROWDONE, y * w + n - 1]:
                continue
            bit = 1 << (n - 1)
            m = 0
            at = -1
            for x in range(w):
                if rw[_MASKS, y * w + x] & bit:
                    m += 1
                    at = y * w + x
            if m == 1:
                if rw[_GRID, at] == 0:
                    _place(rw, w, at, n)
                    return 1
            elif m == 0:
                return -1
    for x in range(w):
        for n in range(1, w + 1):
            if rw[_COLDONE, x * w + n - 1]:
                continue
            bit = 1 << (n - 1)
            m = 0
            at = -1
            for y in range(w):
                if rw[_MASKS, y * w + x] & bit:
                    m += 1
                    at = y * w + x
            if m == 1:
                if rw[_GRID, at] == 0:
                    _place(rw, w, at, n)
                    return 1
            elif m == 0:
                return -1
    for x in range(w):
        for y in range(w):
            cell = y * w + x
            if rw[_GRID, cell] != 0:
                continue
            m = rw[_MASKS, cell]
            if m == 0:
                return -1
            if (m & (m - 1)) == 0:
                _place(rw, w, cell, kern.lowest_digit(m))
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
def _clues(w: int, level: int, ncages: int, cw: np.ndarray, tbuf: np.ndarray,
           rw: np.ndarray) -> int:
    """keen.c's clue deductions at ``level`` (Easy, Normal or Hard), for a puzzle whose
    cages' layouts are all stored (:func:`_clues_dyn` when some are dynamic)."""
    full = (1 << w) - 1
    ret = 0
    look = _LOOK_HARD if level == HARD else _LOOK
    for c in range(ncages):
        s = cw[CSTART, c]
        k = cw[CSTART, c + 1] - s
        stale = 0
        for j in range(k):
            stale |= rw[_DIRTY, cw[CCELLS, s + j]]
        if not stale & look:
            continue
        for j in range(k):
            rw[_DIRTY, cw[CCELLS, s + j]] &= ~look
        base = cw[TSTART, c]
        if level == HARD:
            for i in range(2 * w):
                rw[_SCRATCH, i] = full
        else:
            for i in range(k):
                rw[_SCRATCH, i] = 0
        for t in range(cw[TCOUNT, c]):
            off = base + t * k
            j = 0  # does the layout meet the candidates? (written out: no array handed on)
            while j < k and (tbuf[off + j] & rw[_MASKS, cw[CCELLS, s + j]]) != 0:
                j += 1
            if j < k:
                continue
            if level == EASY:
                pooled = 0
                for j in range(k):
                    pooled |= tbuf[off + j]
                for j in range(k):
                    rw[_SCRATCH, j] |= pooled
            elif level == NORMAL:
                for j in range(k):
                    rw[_SCRATCH, j] |= tbuf[off + j]
            else:
                for i in range(2 * w):
                    rw[_SCRATCH, 2 * w + i] = 0
                for j in range(k):
                    cell = cw[CCELLS, s + j]
                    rw[_SCRATCH, 2 * w + cell % w] |= tbuf[off + j]  # columns first
                    rw[_SCRATCH, 3 * w + cell // w] |= tbuf[off + j]  # then rows
                for i in range(2 * w):
                    rw[_SCRATCH, i] &= rw[_SCRATCH, 2 * w + i]
        if level != HARD:
            for j in range(k):
                cell = cw[CCELLS, s + j]
                kept = rw[_MASKS, cell] & rw[_SCRATCH, j]
                if kept != rw[_MASKS, cell]:
                    rw[_MASKS, cell] = kept
                    rw[_DIRTY, cell] |= _LOOK_ALL ^ _LOOK
                    ret = 1
        else:
            for i in range(2 * w):
                need = rw[_SCRATCH, i]
                if need == 0:
                    continue
                for q in range(w):
                    cell = q * w + i if i < w else (i - w) * w + q
                    if cw[CELL_CAGE, cell] != c and (rw[_MASKS, cell] & need):
                        rw[_MASKS, cell] &= ~need
                        rw[_DIRTY, cell] = _LOOK_ALL
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
            j = 0  # does the layout meet the candidates? (written out: no array handed on)
            while j < k and (tbuf[off + j] & masks[ccells[s + j]]) != 0:
                j += 1
            if j < k:
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


@njit(inline=True)
def _set(rw: np.ndarray, w: int) -> int:
    """latin.c's ``latin_solver_set`` on a w x w boolean matrix given as the ``_SROWS`` row
    of ``rw`` (one bit mask over the columns each): rule out what a naked/hidden subset
    forbids. Changes that row in place; returns 1 on progress, -1 on a contradiction, else
    0."""
    solitary = 0
    n = 0
    for i in range(w):
        m = rw[_SROWS, i]
        if m == 0:
            return -1
        if (m & (m - 1)) == 0:
            solitary |= m
        else:
            rw[_ROWIDX, n] = i
            n += 1
    nc = 0
    for j in range(w):
        if not (solitary >> j) & 1:
            rw[_COLIDX, nc] = j
            nc += 1
    if nc != n:
        return 0
    # Reduced rows: column colidx[j] becomes bit n-1-j, so that a subset counter k visits
    # the subsets in latin.c's order (its set[n-1] is the lowest bit).
    for i in range(n):
        m = rw[_SROWS, rw[_ROWIDX, i]]
        r = 0
        for j in range(n):
            if (m >> rw[_COLIDX, j]) & 1:
                r |= 1 << (n - 1 - j)
        rw[_REDUCED, i] = r
    for k in range(1, 1 << n):
        count = kern.popcount(k)
        if count <= 1 or count >= n - 1:
            continue
        fits = 0
        for i in range(n):
            if (rw[_REDUCED, i] & k) == 0:
                fits += 1
        if fits > n - count:
            return -1
        if fits >= n - count:
            progress = False
            for i in range(n):
                r = rw[_REDUCED, i]
                if (r & k) != 0 and (r & ~k) != 0:
                    gone = r & ~k
                    for j in range(n):
                        if (gone >> (n - 1 - j)) & 1:
                            rw[_SROWS, rw[_ROWIDX, i]] &= ~(1 << rw[_COLIDX, j])
                    rw[_REDUCED, i] = r & k
                    progress = True
            if progress:
                return 1
    return 0


@njit
def _sets(rw: np.ndarray, w: int, extreme: bool) -> int:
    """latin.c's set deductions on the candidates of ``rw``: rows then columns (Hard), or
    one digit across rows and columns (Extreme). A row or column none of whose cells
    changed since it last gave nothing is skipped (it would give nothing again); the cells
    changed are noted (``_DIRTY``)."""
    if not extreme:
        for u in range(2 * w):
            first, step = kern.line_span(u, w)
            look = _LOOK_ROW if u < w else _LOOK_COL
            stale = 0
            for i in range(w):
                stale |= rw[_DIRTY, first + i * step]
            if not stale & look:
                continue
            for i in range(w):
                q = first + i * step
                rw[_DIRTY, q] &= ~look
                rw[_SROWS, i] = rw[_MASKS, q]
            ret = _set(rw, w)
            if ret > 0:
                for i in range(w):
                    q = first + i * step
                    if rw[_MASKS, q] != rw[_SROWS, i]:
                        rw[_MASKS, q] = rw[_SROWS, i]
                        rw[_DIRTY, q] = _LOOK_ALL
            if ret != 0:
                return ret
        return 0
    for n in range(w):
        bit = 1 << n
        for x in range(w):
            r = 0
            for y in range(w):
                if rw[_MASKS, y * w + x] & bit:
                    r |= 1 << y
            rw[_SROWS, x] = r
        ret = _set(rw, w)
        if ret != 0:
            if ret > 0:
                for x in range(w):
                    for y in range(w):
                        q = y * w + x
                        if not (rw[_SROWS, x] >> y) & 1 and rw[_MASKS, q] & bit:
                            rw[_MASKS, q] &= ~bit
                            rw[_DIRTY, q] = _LOOK_ALL
            return ret
    return 0


@njit
def _forcing(rw: np.ndarray, w: int) -> int:
    """latin.c's forcing chains on the candidates of ``rw``: one elimination at a time
    (noted in ``_DIRTY``). A chain's numbers are kept in the ``_NUMBER`` row as ``16 *
    chain + number``, the chain counted on in ``rw[_NUMBER, w * w]``: an entry of another
    chain is no number yet, so no row is cleared for each chain."""
    n = w * w
    # Each two-candidate cell's digit sum (0 for the others) in the clue deductions'
    # scratch row: the candidates do not change before an elimination ends the search.
    for q in range(n):
        m = rw[_MASKS, q]
        rest = m & (m - 1)
        if m != 0 and rest != 0 and (rest & (rest - 1)) == 0:
            rw[_SCRATCH, q] = kern.lowest_digit(m) + kern.lowest_digit(rest)
        else:
            rw[_SCRATCH, q] = 0
    for y in range(w):
        for x in range(w):
            start = y * w + x
            total = rw[_SCRATCH, start]
            if total == 0:
                continue
            m = rw[_MASKS, start]
            a = kern.lowest_digit(m)
            b = total - a
            for orign in (a, b):
                rw[_NUMBER, n] += 1
                chain = rw[_NUMBER, n] * 16
                head = 0
                tail = 1
                rw[_QUEUE, 0] = start
                rw[_NUMBER, start] = chain + total - orign
                while head < tail:
                    cur = rw[_QUEUE, head]
                    head += 1
                    yy = cur // w
                    xx = cur % w
                    currn = rw[_NUMBER, cur] - chain
                    cbit = 1 << (currn - 1)
                    for q in range(2 * w):
                        if q < w:
                            yt = q
                            xt = xx
                        else:
                            yt = yy
                            xt = q - w
                        nb = yt * w + xt
                        if rw[_NUMBER, nb] >= chain:
                            continue
                        mm = rw[_MASKS, nb]
                        if (mm & cbit) == 0:
                            continue
                        if rw[_SCRATCH, nb] != 0:
                            rw[_QUEUE, tail] = nb
                            tail += 1
                            rw[_NUMBER, nb] = chain + rw[_SCRATCH, nb] - currn
                        if currn == orign and (xt == x or yt == y):
                            rw[_MASKS, nb] = mm & ~cbit
                            rw[_DIRTY, nb] = _LOOK_ALL
                            return 1
    return 0


@njit
def _valid(w: int, ncages: int, cw: np.ndarray, rw: np.ndarray) -> bool:
    for c in range(ncages):
        s = cw[CSTART, c]
        k = cw[CSTART, c + 1] - s
        t = cw[CTARGET, c]
        op = cw[COP, c]
        if op == kern.ADD:
            total = 0
            for j in range(k):
                total += rw[_GRID, cw[CCELLS, s + j]]
            if total != t:
                return False
        elif op == kern.MUL:
            rest = t
            for j in range(k):
                g = rw[_GRID, cw[CCELLS, s + j]]
                if rest % g != 0:
                    return False
                rest //= g
            if rest != 1:
                return False
        else:
            a = rw[_GRID, cw[CCELLS, s]]
            b = rw[_GRID, cw[CCELLS, s + 1]]
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
    cw = cage_rows(w, cstart, ccells, cop, ctarget, cell_cage, tstart, tcount)
    return _run_ws(w, maxdiff, cop.shape[0], cw, tbuf, dyn, dst, run_work(w))


@njit
def cage_rows(w: int, cstart: np.ndarray, ccells: np.ndarray, cop: np.ndarray,
              ctarget: np.ndarray, cell_cage: np.ndarray, tstart: np.ndarray,
              tcount: np.ndarray) -> np.ndarray:
    """The puzzle's cages and layouts (as :mod:`puzzlefmt.keen._kernels.solve` gives them)
    in the rows :func:`_run_ws` reads (:data:`CSTART` ...)."""
    n = w * w
    ncages = cop.shape[0]
    cw = np.zeros((CAGE_ROWS, n + 2), np.int64)
    for c in range(ncages + 1):
        cw[CSTART, c] = cstart[c]
    for i in range(n):
        cw[CCELLS, i] = ccells[i]
        cw[CELL_CAGE, i] = cell_cage[i]
    for c in range(ncages):
        cw[TSTART, c] = tstart[c]
        cw[TCOUNT, c] = tcount[c]
        cw[COP, c] = cop[c]
        cw[CTARGET, c] = ctarget[c]
    return cw


@njit
def run_work(w: int) -> np.ndarray:
    """The workspace of :func:`_run_ws` for a w x w puzzle (made once, used for many)."""
    return np.zeros((_RUN_ROWS, max(4 * w, w * w + 1)), np.int64)


@njit(inline=True)
def _fresh(rw: np.ndarray, w: int) -> None:
    """The solver's workspace as a run starts: every digit a candidate of every cell,
    nothing placed, every cage, row and column to look at."""
    full = (1 << w) - 1
    for i in range(w * w):
        rw[_MASKS, i] = full
        rw[_GRID, i] = 0
        rw[_ROWDONE, i] = 0
        rw[_COLDONE, i] = 0
        rw[_DIRTY, i] = _LOOK_ALL
    for i in range(rw.shape[1]):
        rw[_SCRATCH, i] = 0


@njit
def _run_ws(w: int, maxdiff: int, ncages: int, cw: np.ndarray, tbuf: np.ndarray,
            dyn: np.ndarray, dst: np.ndarray, rw: np.ndarray) -> int:
    """:func:`_run_with` on the ``ncages`` cages of ``cw`` (:func:`cage_rows`) in the
    workspace ``rw`` (:func:`run_work`): allocates nothing."""
    has_dyn = dyn.shape[1] > 1
    n = w * w
    _fresh(rw, w)
    diff = EASY
    while True:
        progress = False
        for i in range(maxdiff + 1):
            ret = 0
            if i == EASY:
                if maxdiff == EASY:
                    if has_dyn:
                        ret = _clues_dyn_rows(w, EASY, ncages, cw, tbuf, rw, dyn, dst)
                    else:
                        ret = _clues(w, EASY, ncages, cw, tbuf, rw)
                if ret == 0:
                    ret = _simple(rw, w)
            elif i == NORMAL:
                if has_dyn:
                    ret = _clues_dyn_rows(w, NORMAL, ncages, cw, tbuf, rw, dyn, dst)
                else:
                    ret = _clues(w, NORMAL, ncages, cw, tbuf, rw)
            elif i == HARD:
                if has_dyn:
                    ret = _clues_dyn_rows(w, HARD, ncages, cw, tbuf, rw, dyn, dst)
                else:
                    ret = _clues(w, HARD, ncages, cw, tbuf, rw)
                if ret == 0:
                    ret = _sets(rw, w, False)
            elif i == EXTREME:
                ret = _sets(rw, w, True)
                if ret == 0:
                    ret = _forcing(rw, w)
            if ret == -2:
                return TOO_LARGE
            if ret < 0:
                return IMPOSSIBLE
            if ret > 0:
                if has_dyn and i > EASY:
                    # A dynamic cage's clue deductions leave no note of the cells they
                    # change: everything is looked at again.
                    for q in range(n):
                        rw[_DIRTY, q] = _LOOK_ALL
                diff = max(diff, i)
                progress = True
                break
        if not progress:
            break
    for cell in range(n):
        if rw[_GRID, cell] == 0:
            return UNFINISHED
    if not _valid(w, ncages, cw, rw):
        return IMPOSSIBLE
    return diff


@njit
def solves_easy(w: int, ncages: int, cw: np.ndarray, tbuf: np.ndarray, rw: np.ndarray) -> bool:
    """Whether :func:`_run_ws` up to Easy finishes a puzzle that has a solution (the
    generator's candidates, whose Latin square is one), with every cage's layouts stored.

    The Easy deductions (the clues' digits, latin.c's single places and single candidates)
    only remove candidates, and each still applies after other removals, so they reach the
    same end in any order: this run makes every placement a sweep finds before looking at
    the clues again, where :func:`_run_ws` goes back to the clues after each one. With a
    solution they never meet a contradiction (they never remove its digits); one seen here
    all the same answers ``False``, as :func:`_run_ws`'s IMPOSSIBLE is not Easy."""
    n = w * w
    _fresh(rw, w)
    placed = 0
    while True:
        changed = _clues(w, EASY, ncages, cw, tbuf, rw)
        for cell in range(n):
            if rw[_GRID, cell] != 0:
                continue
            m = rw[_MASKS, cell]
            if m == 0:
                return False
            if (m & (m - 1)) == 0:
                _place(rw, w, cell, kern.lowest_digit(m))
                placed += 1
                changed = 1
        for line in range(2 * w):
            for d in range(1, w + 1):
                if line < w:
                    if rw[_ROWDONE, line * w + d - 1]:
                        continue
                elif rw[_COLDONE, (line - w) * w + d - 1]:
                    continue
                bit = 1 << (d - 1)
                m = 0
                at = -1
                for q in range(w):
                    cell = line * w + q if line < w else q * w + line - w
                    if rw[_MASKS, cell] & bit:
                        m += 1
                        at = cell
                if m == 0:
                    return False
                if m == 1 and rw[_GRID, at] == 0:
                    _place(rw, w, at, d)
                    placed += 1
                    changed = 1
        if placed == n:
            return True
        if not changed:
            return False


@njit
def _clues_dyn_rows(w: int, level: int, ncages: int, cw: np.ndarray, tbuf: np.ndarray,
                    rw: np.ndarray, dyn: np.ndarray, dst: np.ndarray) -> int:
    """:func:`_clues_dyn` on the workspaces' rows (a puzzle with dynamic cages)."""
    return _clues_dyn(rw[_MASKS], w, level, cw[CSTART, :ncages + 1], cw[CCELLS],
                      cw[CELL_CAGE], cw[TSTART, :ncages], cw[TCOUNT, :ncages], tbuf,
                      rw[_SCRATCH], dyn, dst)


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
