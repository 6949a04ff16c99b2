"""The Sudoku Explainer rater's numba kernels: the techniques up to Aligned Pair Exclusion.

A grid is two int64 arrays of 81: ``val`` (0 empty, else the digit) and ``cand`` (9-bit
candidate masks, bit ``d`` for digit ``d+1``; 0 where a digit stands). Units are numbered as
:data:`puzzlefmt.sudoku.grid.UNITS`: rows 0-8, columns 9-17, boxes 18-26; a unit's cells are
in reading order and a *position* is an index 0-8 into them.

Each technique looks for its first step in the order ``docs/sudoku-rating.md`` gives (from
the behaviour of Sudoku Explainer's ``serate`` 1.2.1.3, written up in
``shared/specs/se-rating.md``) and writes it into the step buffers:

- ``hi`` (int64, ``HI`` words): technique id, its type (unique loops, BUG), the placed cell
  (-1: none), the placed digit, the digits involved (mask), the units involved (27-bit mask),
  the loop's size;
- ``hf`` (float64, 1): its rating, the double serate compares;
- ``he`` (int64, 81): per cell, the candidates it removes (mask);
- ``hc`` (int64, 82): the number of cells involved, then the cells (a loop in loop order).

:func:`rate_run` runs the rating loop for one grid (and records the steps when asked);
:func:`rate_batch` rates many grids and keeps only ER/EP/ED and the verdict. The same functions
run as plain Python with ``NUMBA_DISABLE_JIT=1`` or inside :func:`puzzlefmt._jit.tier`.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import aot, njit
from puzzlefmt.sudoku._kernels.bits import ctz, popcount
from puzzlefmt.sudoku._kernels.chains import LINKS, NAMES, aligned_triplet, forcing_chains
from puzzlefmt.sudoku._kernels.dynamic import (
    DYNAMIC_NAMES,
    ROW_DYNAMIC,
    ROW_MULTIPLE,
    ROW_NISHIO,
    chaining_row,
)
from puzzlefmt.sudoku._kernels.solve import MAX_DEPTH, NSTATE, solve_arrays, solve_one
from puzzlefmt.sudoku._kernels.tables import CELL_POS, CELL_UNITS, INTER, PEERS, SEES, UNIT

__all__ = ["HI", "LINKS", "NUMPY", "TECHNIQUES", "T_CHAINS", "rate_batch", "rate_run",
           "solution_counts", "start_batch"]

#: The ahead-of-time build optimizes this module's functions once, in the extension's module
#: with their callers, not again at each level of the rater's call tree
#: (:data:`puzzlefmt._aot.ONCE`): the rater's part of the build takes a fifth less CPU, and
#: the rater runs the same instructions (within 0.5%).
AOT_OPTIMIZE_ONCE = True

#: numpy, for the callers of the Python entries (one kernel-loader import gives both).
NUMPY = np
#: Words of the ``hi`` step buffer.
HI = 8
H_TECH, H_TYPE, H_CELL, H_DIGIT, H_DIGITS, H_UNITS, H_SIZE = 0, 1, 2, 3, 4, 5, 6

#: Technique ids, in the order serate tries them (index = id).
TECHNIQUES = (
    "Hidden Single", "Direct Pointing", "Direct Claiming", "Direct Hidden Pair",
    "Naked Single", "Direct Hidden Triplet", "Pointing", "Claiming", "Naked Pair", "X-Wing",
    "Hidden Pair", "Naked Triplet", "Swordfish", "Hidden Triplet", "XY-Wing", "XYZ-Wing",
    "Unique Rectangle", "Naked Quad", "Jellyfish", "Hidden Quad", "BUG",
    "Aligned Pair Exclusion", *NAMES, *DYNAMIC_NAMES,
)
T_HSINGLE, T_DPOINT, T_DCLAIM, T_DPAIR, T_NSINGLE, T_DTRIPLE, T_POINT, T_CLAIM = range(8)
T_NPAIR, T_XWING, T_HPAIR, T_NTRIPLE, T_SWORD, T_HTRIPLE, T_XY, T_XYZ = range(8, 16)
T_UR, T_NQUAD, T_JELLY, T_HQUAD, T_BUG, T_APE = range(16, 22)
#: The first chaining technique's id (rows 21-22, :mod:`puzzlefmt.sudoku._kernels.chains`).
T_CHAINS = 22

#: Verdicts of :func:`rate_run` (its return value).
DONE, STUCK, PAUSED = 0, 1, 2



#: Unit orders: boxes, columns, rows (singles, sets) and boxes, rows, columns (BUG).
BCR = np.array([*range(18, 27), *range(9, 18), *range(9)], dtype=np.int64)
BRC = np.array([*range(18, 27), *range(9), *range(9, 18)], dtype=np.int64)
#: Each unit's index in BCR.
BCR_POS = np.argsort(BCR).astype(np.int64)
#: The index (0-35) of each two-digit mask, -1 for other masks.
PAIR_ID = np.full(512, -1, dtype=np.int64)
for _i, _m in enumerate(m for m in range(512) if bin(m).count("1") == 2):
    PAIR_ID[_m] = _i
#: Pointing pairs: (A kind, B kind) as unit-id offsets: (box, column), (box, row),
#: (column, box), (row, box).
PAIR_A = np.array([18, 18, 9, 0], dtype=np.int64)
PAIR_B = np.array([9, 0, 18, 18], dtype=np.int64)


# ---------------------------------------------------------------------- helpers


@njit
def _places(cand: np.ndarray, pl: np.ndarray) -> None:
    """``pl[u, d]``: positions in unit ``u`` of the cells with candidate ``d``."""
    for u in range(27):
        for d in range(9):
            pl[u, d] = 0
        for p in range(9):
            m = cand[UNIT[u, p]]
            while m:
                d = ctz(m)
                pl[u, d] |= 1 << p
                m &= m - 1


@njit
def _empties(val: np.ndarray, u: int) -> int:
    n = 0
    for p in range(9):
        if val[UNIT[u, p]] == 0:
            n += 1
    return n


@njit
def _init_aux(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, aux: np.ndarray) -> None:
    """``pl`` from the grid, and ``aux``: per unit the digits with one place (0-26), the
    empty cells (27-53); the units (bit ``k`` for unit ``BCR[k]``) with a digit of one
    place (54) and with one empty cell (55). All are kept up to date by :func:`_remove`
    and :func:`_apply`."""
    _places(cand, pl)
    aux[54] = 0
    aux[55] = 0
    for u in range(27):
        one = 0
        for d in range(9):
            m = pl[u, d]
            if m and (m & (m - 1)) == 0:
                one |= 1 << d
        aux[u] = one
        aux[27 + u] = _empties(val, u)
        if one:
            aux[54] |= 1 << BCR_POS[u]
        if aux[27 + u] == 1:
            aux[55] |= 1 << BCR_POS[u]


@njit
def _remove(cand: np.ndarray, pl: np.ndarray, aux: np.ndarray, c: int, d: int) -> None:
    """Candidate ``d`` (0-8) of cell ``c`` goes."""
    cand[c] &= ~(1 << d)
    for kind in range(3):
        u = CELL_UNITS[c, kind]
        m = pl[u, d] & ~(1 << CELL_POS[c, kind])
        pl[u, d] = m
        if m and (m & (m - 1)) == 0:
            aux[u] |= 1 << d
        else:
            aux[u] &= ~(1 << d)
        if aux[u]:
            aux[54] |= 1 << BCR_POS[u]
        else:
            aux[54] &= ~(1 << BCR_POS[u])


@njit
def _clear(hi: np.ndarray, hf: np.ndarray, he: np.ndarray, hc: np.ndarray) -> None:
    for k in range(hi.shape[0]):
        hi[k] = 0
    hi[H_CELL] = -1
    hf[0] = 0.0
    hc[0] = 0  # he is all zero: only a step found writes it, and _apply clears it


@njit
def _add_cell(hc: np.ndarray, c: int) -> None:
    hc[0] += 1
    hc[hc[0]] = c


@njit
def _unit_cells(hc: np.ndarray, u: int, posmask: int) -> None:
    m = posmask
    while m:
        p = ctz(m)
        _add_cell(hc, UNIT[u, p])
        m &= m - 1


@njit
def _sorted_cells(hc: np.ndarray, flags: np.ndarray) -> None:
    for c in range(81):
        if flags[c]:
            _add_cell(hc, c)


@njit
def _place(hi: np.ndarray, hf: np.ndarray, tech: int, rating: float, cell: int,
           digit: int) -> None:
    hi[H_TECH] = tech
    hf[0] = rating
    hi[H_CELL] = cell
    hi[H_DIGIT] = digit + 1


# ---------------------------------------------------------------------- singles


@njit
def hidden_single(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, aux: np.ndarray,
                  hi: np.ndarray, hf: np.ndarray, hc: np.ndarray) -> bool:
    """Full House (1.0) first, then hidden singles: boxes (1.2), columns, rows (1.5)."""
    units = aux[55]
    while units:
        u = BCR[ctz(units)]
        units &= units - 1
        for p in range(9):
            c = UNIT[u, p]
            if val[c] == 0 and cand[c]:
                d = ctz(cand[c])
                _place(hi, hf, T_HSINGLE, 1.0, c, d)
                hi[H_UNITS] = 1 << u
                hi[H_DIGITS] = 1 << d
                _add_cell(hc, c)
                return True
    if aux[54]:
        u = BCR[ctz(aux[54])]
        d = ctz(aux[u])
        c = UNIT[u, ctz(pl[u, d])]
        _place(hi, hf, T_HSINGLE, 1.2 if u >= 18 else 1.5, c, d)
        hi[H_UNITS] = 1 << u
        hi[H_DIGITS] = 1 << d
        _add_cell(hc, c)
        return True
    return False


@njit
def naked_single(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray,
                 hf: np.ndarray, he: np.ndarray, hc: np.ndarray) -> bool:
    """A cell with one candidate (2.3), cells in reading order."""
    for c in range(81):
        m = cand[c]
        if val[c] == 0 and m and (m & (m - 1)) == 0:
            d = ctz(m)
            _place(hi, hf, T_NSINGLE, 2.3, c, d)
            hi[H_DIGITS] = m
            _add_cell(hc, c)
            return True
    return False


# ---------------------------------------------------------------------- intersections


@njit
def intersections(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray,
                  hf: np.ndarray, he: np.ndarray, hc: np.ndarray, direct: bool) -> bool:
    """Pointing (2.6) / claiming (2.8); ``direct``: the direct forms (1.7 / 1.9) that place
    the hidden single the locked candidates leave in a region of A's kind crossing B."""
    for pk in range(4):
        a0 = PAIR_A[pk]
        b0 = PAIR_B[pk]
        for ai in range(9):
            a = a0 + ai
            for bi in range(9):
                b = b0 + bi
                inab = INTER[a, b]
                if inab == 0:
                    continue
                inba = INTER[b, a]
                for d in range(9):
                    m = pl[a, d]
                    if (m & (m - 1)) == 0 or (m & ~inab) != 0:
                        continue
                    gone = pl[b, d] & ~inba
                    if gone == 0:
                        continue
                    if direct:
                        for ri in range(9):
                            r = a0 + ri
                            if r == a:
                                continue
                            inrb = INTER[r, b]
                            if inrb == 0 or (pl[r, d] & inrb) == 0:
                                continue
                            left = pl[r, d] & ~inrb
                            if left and (left & (left - 1)) == 0:
                                c = UNIT[r, ctz(left)]
                                _place(hi, hf, T_DPOINT if a0 == 18 else T_DCLAIM,
                                       1.7 if a0 == 18 else 1.9, c, d)
                                hi[H_DIGITS] = 1 << d
                                hi[H_UNITS] = (1 << a) | (1 << b) | (1 << r)
                                _unit_cells(hc, a, m)
                                _add_cell(hc, c)
                                return True
                    else:
                        hi[H_TECH] = T_POINT if a0 == 18 else T_CLAIM
                        hf[0] = 2.6 if a0 == 18 else 2.8
                        hi[H_DIGITS] = 1 << d
                        hi[H_UNITS] = (1 << a) | (1 << b)
                        _unit_cells(hc, a, m)
                        g = gone
                        while g:
                            p = ctz(g)
                            he[UNIT[b, p]] |= 1 << d
                            g &= g - 1
                        return True
    return False


# ---------------------------------------------------------------------- subsets


@njit
def direct_hidden(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray,
                  hf: np.ndarray, he: np.ndarray, hc: np.ndarray, k: int) -> bool:
    """Direct hidden pair (2.0) or triplet (2.5): a hidden set that leaves another digit
    one place in the region; that digit is placed."""
    for ku in range(27):
        u = BCR[ku]
        if _empties(val, u) <= k:
            continue
        elig = 0
        for d in range(9):
            if 2 <= popcount(pl[u, d]) <= k:
                elig |= 1 << d
        if popcount(elig) < k:
            continue
        dm = 0
        while True:  # the k-digit subsets of elig, ascending (colex)
            dm = (dm - elig) & elig
            if dm == 0:
                break
            if popcount(dm) != k:
                continue
            cells = 0
            ok = True
            m = dm
            while m:
                d = ctz(m)
                x = pl[u, d]
                if x == 0 or (x & (x - 1)) == 0:
                    ok = False
                    break
                cells |= x
                m &= m - 1
            if not ok or popcount(cells) != k:
                continue
            for e in range(9):
                if dm >> e & 1:
                    continue
                x = pl[u, e]
                if popcount(x) < 2:
                    continue
                left = x & ~cells
                if left and (left & (left - 1)) == 0:
                    c = UNIT[u, ctz(left)]
                    _place(hi, hf, T_DPAIR if k == 2 else T_DTRIPLE, 2.0 if k == 2 else 2.5,
                           c, e)
                    hi[H_DIGITS] = dm | (1 << e)
                    hi[H_UNITS] = 1 << u
                    _unit_cells(hc, u, cells)
                    _add_cell(hc, c)
                    return True
    return False


@njit
def naked_set(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray,
              hf: np.ndarray, he: np.ndarray, hc: np.ndarray, k: int, tech: int,
              rating: float) -> bool:
    """Naked pair / triplet / quad: k cells of a region holding k digits together."""
    for ku in range(27):
        u = BCR[ku]
        if _empties(val, u) < 2 * k:
            continue
        elig = 0
        for p in range(9):
            c = UNIT[u, p]
            if val[c] == 0 and 2 <= popcount(cand[c]) <= k:
                elig |= 1 << p
        if popcount(elig) < k:
            continue
        pm = 0
        while True:  # the k-cell subsets of elig, ascending (colex)
            pm = (pm - elig) & elig
            if pm == 0:
                break
            if popcount(pm) != k:
                continue
            dig = 0
            ok = True
            m = pm
            while m:
                p = ctz(m)
                x = cand[UNIT[u, p]]
                if val[UNIT[u, p]] != 0 or (x & (x - 1)) == 0:
                    ok = False
                    break
                dig |= x
                m &= m - 1
            if not ok or popcount(dig) != k:
                continue
            found = False
            for p in range(9):
                if pm >> p & 1:
                    continue
                c = UNIT[u, p]
                if cand[c] & dig:
                    he[c] = cand[c] & dig
                    found = True
            if found:
                hi[H_TECH] = tech
                hf[0] = rating
                hi[H_DIGITS] = dig
                hi[H_UNITS] = 1 << u
                _unit_cells(hc, u, pm)
                return True
    return False


@njit
def hidden_set(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray,
               hf: np.ndarray, he: np.ndarray, hc: np.ndarray, k: int, tech: int,
               rating: float) -> bool:
    """Hidden pair / triplet / quad: k digits of a region with k places together."""
    for ku in range(27):
        u = BCR[ku]
        if _empties(val, u) <= 2 * k:
            continue
        elig = 0
        for d in range(9):
            if 2 <= popcount(pl[u, d]) <= k:
                elig |= 1 << d
        if popcount(elig) < k:
            continue
        dm = 0
        while True:  # the k-digit subsets of elig, ascending (colex)
            dm = (dm - elig) & elig
            if dm == 0:
                break
            if popcount(dm) != k:
                continue
            cells = 0
            ok = True
            m = dm
            while m:
                d = ctz(m)
                x = pl[u, d]
                if x == 0 or (x & (x - 1)) == 0:
                    ok = False
                    break
                cells |= x
                m &= m - 1
            if not ok or popcount(cells) != k:
                continue
            found = False
            m = cells
            while m:
                p = ctz(m)
                c = UNIT[u, p]
                if cand[c] & ~dm:
                    he[c] = cand[c] & ~dm
                    found = True
                m &= m - 1
            if found:
                hi[H_TECH] = tech
                hf[0] = rating
                hi[H_DIGITS] = dm
                hi[H_UNITS] = 1 << u
                _unit_cells(hc, u, cells)
                return True
    return False


@njit
def fish(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray, hf: np.ndarray,
         he: np.ndarray, hc: np.ndarray, k: int, tech: int, rating: float) -> bool:
    """X-Wing / Swordfish / Jellyfish: columns as base lines first, then rows."""
    count = np.zeros(9, dtype=np.int64)
    for c in range(81):
        if val[c]:
            count[val[c] - 1] += 1
    elig = np.zeros(9, dtype=np.int64)
    for side in range(2):
        base0 = 9 if side == 0 else 0
        cover0 = 0 if side == 0 else 9
        anyd = 0
        for d in range(9):
            elig[d] = 0
            if count[d] > 9 - 2 * k:
                continue
            for b in range(9):
                if 2 <= popcount(pl[base0 + b, d]) <= k:
                    elig[d] |= 1 << b
            if popcount(elig[d]) >= k:
                anyd |= 1 << d
        if anyd == 0:
            continue
        lines = 0
        for d in range(9):
            if anyd >> d & 1:
                lines |= elig[d]
        bm = 0
        while True:  # the k-line subsets of lines, ascending (colex)
            bm = (bm - lines) & lines
            if bm == 0:
                break
            if popcount(bm) != k:
                continue
            for d in range(9):
                if not (anyd >> d & 1) or (bm & ~elig[d]):
                    continue
                cov = 0
                ok = True
                m = bm
                while m:
                    b = ctz(m)
                    x = pl[base0 + b, d]
                    if x == 0 or (x & (x - 1)) == 0:
                        ok = False
                        break
                    cov |= x
                    m &= m - 1
                if not ok or popcount(cov) != k:
                    continue
                found = False
                m = cov
                while m:
                    v = ctz(m)
                    g = pl[cover0 + v, d] & ~bm
                    while g:
                        p = ctz(g)
                        he[UNIT[cover0 + v, p]] |= 1 << d
                        found = True
                        g &= g - 1
                    m &= m - 1
                if found:
                    hi[H_TECH] = tech
                    hf[0] = rating
                    hi[H_DIGITS] = 1 << d
                    units = 0
                    flags = np.zeros(81, dtype=np.bool_)
                    m = bm
                    while m:
                        b = ctz(m)
                        units |= 1 << (base0 + b)
                        x = pl[base0 + b, d]
                        while x:
                            flags[UNIT[base0 + b, ctz(x)]] = True
                            x &= x - 1
                        m &= m - 1
                    m = cov
                    while m:
                        units |= 1 << (cover0 + ctz(m))
                        m &= m - 1
                    hi[H_UNITS] = units
                    _sorted_cells(hc, flags)
                    return True
    return False


# ---------------------------------------------------------------------- wings


@njit
def wing(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray, hf: np.ndarray,
         he: np.ndarray, hc: np.ndarray, xyz: bool) -> bool:
    """XY-Wing (4.2) or XYZ-Wing (4.4)."""
    size = 3 if xyz else 2
    for p in range(81):
        pm = cand[p]
        if val[p] or popcount(pm) != size:
            continue
        for i in range(20):
            w1 = PEERS[p, i]
            m1 = cand[w1]
            if val[w1] or popcount(m1) != 2 or popcount(m1 & pm) != size - 1:
                continue
            for j in range(20):
                w2 = PEERS[p, j]
                m2 = cand[w2]
                if w2 == w1 or val[w2] or popcount(m2) != 2:
                    continue
                if popcount(pm | m1 | m2) != 3:
                    continue
                common = pm & m1 & m2
                if popcount(common) != (1 if xyz else 0):
                    continue
                z = m1 & m2
                if popcount(z) != 1:
                    continue
                found = False
                for i2 in range(20):
                    c = PEERS[w1, i2]
                    if c in (p, w2) or not (cand[c] & z):
                        continue
                    if SEES[c, w2] and (not xyz or SEES[c, p]):
                        he[c] = z
                        found = True
                if found:
                    hi[H_TECH] = T_XYZ if xyz else T_XY
                    hf[0] = 4.4 if xyz else 4.2
                    hi[H_DIGITS] = pm | m1 | m2
                    _add_cell(hc, p)
                    _add_cell(hc, w1)
                    _add_cell(hc, w2)
                    return True
    return False


# ---------------------------------------------------------------------- unique loops


@njit
def _loop_rating(n: int) -> float:
    r = 4.5
    if n == 6:
        r += 0.1
    elif n == 8:
        r += 0.2
    elif n >= 10:
        r += 0.3
        r += 0.2
    return r


@njit
def _common_units(c1: int, c2: int, out: np.ndarray) -> int:
    n = 0
    for kind in range(3):
        if CELL_UNITS[c1, kind] == CELL_UNITS[c2, kind]:
            out[n] = CELL_UNITS[c1, kind]
            n += 1
    return n


@njit
def _ur_type3(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, c1: int, c2: int, ab: int,
              xmask: int, base: float, elim: np.ndarray) -> float:
    """Unique loop type 3: the two cells with extras act as one cell holding the extra
    digits (a naked set with other cells of a region they share) or as one place of a and b
    (a hidden set). Every such set is a hint; the lowest rating (the first found among
    equals) is kept in ``elim``; its rating is returned (0.0: none)."""
    best = 0.0
    common = np.zeros(3, dtype=np.int64)
    tmp = np.zeros(81, dtype=np.int64)
    nu = _common_units(c1, c2, common)
    for ui in range(nu):
        u = common[ui]
        pair = 0
        others = 0  # positions of the other empty cells with 2+ candidates
        for p in range(9):
            c = UNIT[u, p]
            if c in (c1, c2):
                pair |= 1 << p
            elif val[c] == 0 and popcount(cand[c]) >= 2:
                others |= 1 << p
        for hidden in range(2):
            sub = 0
            while True:  # the subsets of others, ascending
                sub = (sub - others) & others
                if sub == 0:
                    break
                k = popcount(sub)
                if hidden == 0:
                    dig = xmask
                    m = sub
                    while m:
                        dig |= cand[UNIT[u, ctz(m)]]
                        m &= m - 1
                    if popcount(dig) != k + 1:
                        continue
                    r = base + 0.1 * k
                else:
                    # digits a, b and k - 1 more whose places are all in the set, with at
                    # least as many other cells as extra digits (observed: serate finds no
                    # smaller hidden set)
                    if k < popcount(xmask):
                        continue
                    inside = 0
                    for d in range(9):
                        x = pl[u, d]
                        if x == 0:
                            continue
                        if (ab >> d) & 1:
                            if x & ~(sub | pair):
                                inside = -1
                                break
                        elif (x & ~sub) == 0:
                            inside |= 1 << d
                    if inside < 0 or popcount(inside) != k - 1:
                        continue
                    dig = ab | inside
                    r = base + 0.1 * (k - 1)
                if best > 0.0 and r >= best:
                    continue
                found = False
                for c in range(81):
                    tmp[c] = 0
                for p in range(9):
                    c = UNIT[u, p]
                    if hidden == 0:
                        if (pair | sub) >> p & 1 or val[c]:
                            continue
                        if cand[c] & dig:
                            tmp[c] = cand[c] & dig
                            found = True
                    elif sub >> p & 1 and cand[c] & ~dig:
                        tmp[c] = cand[c] & ~dig
                        found = True
                if found:
                    best = r
                    for c in range(81):
                        elim[c] = tmp[c]
    return best


@njit
def _ur_hints(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, path: np.ndarray, n: int,
              ab: int, hi: np.ndarray, hf: np.ndarray, he: np.ndarray, hc: np.ndarray,
              have: bool) -> bool:
    """The hints of one loop (types 1-4): each that comes before the best so far (rating,
    then type; the first found among equals) replaces it in the step buffers. A loop found
    again gives the same hints, so keeping the first of equals is serate's order (its hints
    are sorted stably after dropping repeats). Whether a hint is held."""
    extra = np.zeros(4, dtype=np.int64)
    nx = 0
    xmask = 0
    for i in range(n):
        c = path[i]
        x = cand[c] & ~ab
        if x:
            if nx < 4:
                extra[nx] = c
            nx += 1
            xmask |= x
    base = _loop_rating(n)
    common = np.zeros(3, dtype=np.int64)
    for t in range(1, 5):
        elim = np.zeros(81, dtype=np.int64)
        rating = base
        found = False
        if t == 1:
            if nx != 1:
                continue
            elim[extra[0]] = ab
            found = True
        elif t == 2:
            if nx < 2 or popcount(xmask) != 1:
                continue
            for c in range(81):
                if val[c] or not (cand[c] & xmask):
                    continue
                inloop = False
                for i in range(n):
                    if path[i] == c:
                        inloop = True
                if inloop:
                    continue
                allsee = True
                for i in range(n):
                    q = path[i]
                    if (cand[q] & ~ab) and not SEES[c, q]:
                        allsee = False
                if allsee:
                    elim[c] = xmask
                    found = True
        elif t == 3:
            if nx != 2 or popcount(xmask) < 2:
                continue
            rating = _ur_type3(cand, val, pl, extra[0], extra[1], ab, xmask, base, elim)
            found = rating > 0.0
        else:
            if nx != 2:
                continue
            c1 = extra[0]
            c2 = extra[1]
            nu = _common_units(c1, c2, common)
            for ui in range(nu):
                u = common[ui]
                a = ab & -ab
                b = ab & ~a
                for side in range(2):
                    lock = a if side == 0 else b
                    other = b if side == 0 else a
                    d = ctz(lock)
                    inpos = 0
                    for p in range(9):
                        if UNIT[u, p] == c1 or UNIT[u, p] == c2:
                            inpos |= 1 << p
                    if (pl[u, d] & ~inpos) == 0:
                        elim[c1] = other
                        elim[c2] = other
                        found = True
                        break
                if found:
                    break
        if not found:
            continue
        if have and (rating > hf[0] or (rating == hf[0] and t >= hi[H_TYPE])):
            continue
        have = True
        hf[0] = rating
        hi[H_TECH] = T_UR
        hi[H_TYPE] = t
        hi[H_CELL] = -1
        hi[H_DIGITS] = ab
        hi[H_SIZE] = n
        units = 0
        for i in range(n):
            for kind in range(3):
                units |= 1 << CELL_UNITS[path[i], kind]
        hi[H_UNITS] = units
        for c in range(81):
            he[c] = elim[c]
        hc[0] = n
        for i in range(n):
            hc[i + 1] = path[i]
    return have


@njit
def unique_loops(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray,
                 hf: np.ndarray, he: np.ndarray, hc: np.ndarray) -> bool:
    """Unique rectangles and loops, types 1-4: every hint collected, the best one (rating,
    then type, then discovery) taken."""
    have = False
    path = np.zeros(82, dtype=np.int64)
    arrive = np.zeros(82, dtype=np.int64)  # kind used to reach path[L] (-1: start)
    it_kind = np.zeros(82, dtype=np.int64)
    it_pos = np.zeros(82, dtype=np.int64)
    xcount = np.zeros(82, dtype=np.int64)  # cells with extras in path[0..L]
    xmask = np.zeros(82, dtype=np.int64)  # their extra digits
    inpath = np.zeros(81, dtype=np.bool_)
    rcount = np.zeros(27, dtype=np.int64)
    rpar = np.zeros(27, dtype=np.int64)
    seen = np.zeros((64, 2), dtype=np.uint64)  # cells of the loops met (bits 0-63, 64-80)
    nseen = 0
    livemap = np.zeros((36, 81), dtype=np.bool_)
    pstate = np.zeros(36, dtype=np.int64)  # per pair: 0 not looked at, 1 searched, 2 skipped
    both = np.zeros((36, 27), dtype=np.int64)  # per pair and unit: positions holding both
    ucount = np.zeros(27, dtype=np.int64)
    for start in range(81):
        ab = cand[start]
        if val[start] or popcount(ab) != 2:
            continue
        pid = PAIR_ID[ab]
        live = livemap[pid]
        if pstate[pid] == 0:
            # cells that can be on a loop of a and b: holding both and, repeatedly, with
            # another such cell in each of their three units; the search skips the rest,
            # and skips the pair when none of them has an extra candidate (no hint then)
            for u in range(27):
                ucount[u] = 0
            for u in range(27):
                both[pid, u] = 0
            for c in range(81):
                live[c] = val[c] == 0 and (cand[c] & ab) == ab
                if live[c]:
                    for kind in range(3):
                        ucount[CELL_UNITS[c, kind]] += 1
                        both[pid, CELL_UNITS[c, kind]] |= 1 << CELL_POS[c, kind]
            changed = True
            while changed:
                changed = False
                for c in range(81):
                    if live[c] and (ucount[CELL_UNITS[c, 0]] < 2 or ucount[CELL_UNITS[c, 1]] < 2
                                    or ucount[CELL_UNITS[c, 2]] < 2):
                        live[c] = False
                        changed = True
                        for kind in range(3):
                            ucount[CELL_UNITS[c, kind]] -= 1
            pstate[pid] = 2
            for c in range(81):
                if live[c] and cand[c] != ab:
                    pstate[pid] = 1
                    break
        if pstate[pid] == 2 or not live[start]:
            continue
        path[0] = start
        arrive[0] = -1
        it_kind[0] = 0
        it_pos[0] = -1
        xcount[0] = 0
        xmask[0] = 0
        inpath[start] = True
        ones = 0
        for kind in range(3):
            u = CELL_UNITS[start, kind]
            rcount[u] = 1
            rpar[u] = 0
            ones += 1
        level = 0
        while level >= 0:
            cur = path[level]
            moved = False
            while it_kind[level] < 3:
                kind = it_kind[level]
                if kind == arrive[level]:
                    it_kind[level] += 1
                    it_pos[level] = -1
                    continue
                u = CELL_UNITS[cur, kind]
                if it_pos[level] < 0:  # the cells of u holding a and b, in unit order
                    it_pos[level] = both[pid, u]
                while it_pos[level]:
                    bits = it_pos[level]
                    q = UNIT[u, ctz(bits)]
                    it_pos[level] = bits & (bits - 1)
                    if q == cur:
                        continue
                    if q == start:
                        if level + 1 >= 4 and ones == 0:
                            # a loop met again (another start, direction or way) gives
                            # the same hints, later: only its first meeting counts
                            lo = np.uint64(0)
                            hi2 = np.uint64(0)
                            for i in range(level + 1):
                                if path[i] < 64:
                                    lo |= np.uint64(1) << np.uint64(path[i])
                                else:
                                    hi2 |= np.uint64(1) << np.uint64(path[i] - 64)
                            met = False
                            for i in range(nseen):
                                if seen[i, 0] == lo and seen[i, 1] == hi2:
                                    met = True
                                    break
                            if not met:
                                if nseen < seen.shape[0]:
                                    seen[nseen, 0] = lo
                                    seen[nseen, 1] = hi2
                                    nseen += 1
                                have = _ur_hints(cand, val, pl, path, level + 1, ab, hi, hf,
                                                 he, hc, have)
                        continue
                    if inpath[q] or val[q] or (cand[q] & ab) != ab:
                        continue
                    x = cand[q] & ~ab
                    nx = xcount[level]
                    if x:
                        # the extra digits of every cell taken from here so far count,
                        # not only the path's (observed: serate misses loops so): a cell
                        # taken adds its extras here even when no loop can go on from it
                        if not (popcount(xmask[level] | x) == 1 or nx < 2):
                            continue
                        nx += 1
                        xmask[level] |= x
                    if not live[q]:
                        continue
                    xm = xmask[level]
                    pos = level + 1
                    ok = True
                    for k2 in range(3):
                        v = CELL_UNITS[q, k2]
                        if rcount[v] >= 2 or (rcount[v] == 1 and rpar[v] == pos % 2):
                            ok = False
                    if not ok:
                        continue
                    for k2 in range(3):
                        v = CELL_UNITS[q, k2]
                        if rcount[v] == 0:
                            rpar[v] = pos % 2
                            ones += 1
                        else:
                            ones -= 1
                        rcount[v] += 1
                    inpath[q] = True
                    path[pos] = q
                    arrive[pos] = kind
                    it_kind[pos] = 0
                    it_pos[pos] = -1
                    xcount[pos] = nx
                    xmask[pos] = xm
                    level = pos
                    moved = True
                    break
                if moved:
                    break
                it_kind[level] += 1
                it_pos[level] = -1
            if moved:
                continue
            # done with this level: take its cell off the path
            q = path[level]
            inpath[q] = False
            for k2 in range(3):
                v = CELL_UNITS[q, k2]
                rcount[v] -= 1
                if rcount[v] == 0:
                    ones -= 1
                else:
                    ones += 1
            level -= 1
    return have


# ---------------------------------------------------------------------- BUG


@njit
def bug(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray, hf: np.ndarray,
        he: np.ndarray, hc: np.ndarray) -> bool:
    """Bivalue Universal Grave, types 1-4."""
    bugd = np.zeros(81, dtype=np.int64)  # BUG digits per cell
    cells = np.zeros(81, dtype=np.int64)  # BUG cells in discovery order
    ncells = 0
    alld = 0
    for ku in range(27):
        u = BRC[ku]
        for d in range(9):
            x = pl[u, d]
            n = popcount(x)
            if n in (0, 2):
                continue
            big = -1
            nbig = 0
            while x:
                c = UNIT[u, ctz(x)]
                if popcount(cand[c]) >= 3:
                    nbig += 1
                    big = c
                x &= x - 1
            if nbig == 0:
                return False
            if nbig > 1:
                continue
            if bugd[big] == 0:
                cells[ncells] = big
                ncells += 1
            bugd[big] |= 1 << d
            alld |= 1 << d
    if ncells == 0:
        return False
    # cells seeing every BUG cell
    seeall = np.zeros(81, dtype=np.bool_)
    nsee = 0
    for c in range(81):
        if val[c]:
            continue
        ok = True
        for i in range(ncells):
            if c == cells[i] or not SEES[c, cells[i]]:
                ok = False
                break
        seeall[c] = ok
        if ok:
            nsee += 1
    if ncells >= 2 and popcount(alld) >= 2 and nsee == 0:
        return False
    # without the BUG digits: every cell bivalue, every digit 0 or 2 places per region
    rest = cand.copy()
    for i in range(ncells):
        rest[cells[i]] &= ~bugd[cells[i]]
    for c in range(81):
        if val[c] == 0 and popcount(rest[c]) != 2:
            return False
    for u in range(27):
        for d in range(9):
            n = 0
            for p in range(9):
                if rest[UNIT[u, p]] >> d & 1:
                    n += 1
            if n not in (0, 2):
                return False
    hi[H_TECH] = T_BUG
    hi[H_DIGITS] = alld
    if ncells == 1:
        c = cells[0]
        if cand[c] & ~bugd[c]:
            he[c] = cand[c] & ~bugd[c]
            hi[H_TYPE] = 1
            hf[0] = 5.6
            _add_cell(hc, c)
            return True
        return False
    if popcount(alld) == 1:
        found = False
        for c in range(81):
            if seeall[c] and (cand[c] & alld):
                he[c] = alld
                found = True
        if found:
            hi[H_TYPE] = 2
            hf[0] = 5.7
            for i in range(ncells):
                _add_cell(hc, cells[i])
            return True
    if ncells == 2:
        c1 = cells[0]
        c2 = cells[1]
        if SEES[c1, c2]:
            n1 = cand[c1] & ~bugd[c1]
            n2 = cand[c2] & ~bugd[c2]
            v = n1 & n2
            if popcount(v) == 1:
                e1 = n1 & ~v
                e2 = n2 & ~v
                if e1 or e2:
                    he[c1] = e1
                    he[c2] = e2
                    hi[H_TYPE] = 4
                    hf[0] = 5.7
                    _add_cell(hc, c1)
                    _add_cell(hc, c2)
                    return True
    if popcount(alld) >= 2:
        common = np.zeros(3, dtype=np.int64)
        # regions holding every BUG cell
        nu = 0
        for kind in range(3):
            u = CELL_UNITS[cells[0], kind]
            ok = True
            for i in range(1, ncells):
                if CELL_UNITS[cells[i], kind] != u:
                    ok = False
            if ok:
                common[nu] = u
                nu += 1
        for size in range(2, 7):
            for ui in range(nu):
                u = common[ui]
                inbug = 0
                others = 0
                for p in range(9):
                    c = UNIT[u, p]
                    if bugd[c]:
                        inbug |= 1 << p
                    elif val[c] == 0 and popcount(cand[c]) >= 2:
                        others |= 1 << p
                kk = size - 1
                if popcount(others) < kk:
                    continue
                sub = 0
                while True:  # the kk-cell subsets of others, ascending
                    sub = (sub - others) & others
                    if sub == 0:
                        break
                    if popcount(sub) != kk:
                        continue
                    dig = alld
                    m = sub
                    while m:
                        dig |= cand[UNIT[u, ctz(m)]]
                        m &= m - 1
                    if popcount(dig) != size:
                        continue
                    found = False
                    for p in range(9):
                        c = UNIT[u, p]
                        if (inbug >> p & 1) or (sub >> p & 1) or val[c]:
                            continue
                        if cand[c] & dig:
                            he[c] = cand[c] & dig
                            found = True
                    if found:
                        r = 5.7 + 0.1 * (size - 1)
                        hi[H_TYPE] = 3
                        hi[H_SIZE] = size
                        hi[H_UNITS] = 1 << u
                        hf[0] = r
                        for i in range(ncells):
                            _add_cell(hc, cells[i])
                        m = sub
                        while m:
                            _add_cell(hc, UNIT[u, ctz(m)])
                            m &= m - 1
                        return True
    return False


# ---------------------------------------------------------------------- APE


@njit
def aligned_pair(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray,
                 hf: np.ndarray, he: np.ndarray, hc: np.ndarray) -> bool:
    """Aligned Pair Exclusion (6.2)."""
    base = np.zeros(81, dtype=np.int64)
    # per cell, its bivalue peers: bit i for PEERS[c, i] (the excluders' peer order)
    bvk = np.zeros(81, dtype=np.int64)
    nb = 0
    for c in range(81):
        if val[c] or popcount(cand[c]) < 2:
            continue
        single = False
        for i in range(20):
            q = PEERS[c, i]
            if val[q]:
                continue
            n = popcount(cand[q])
            if n == 1:
                single = True
            elif n == 2:
                bvk[c] |= 1 << i
        if bvk[c] and not single:
            base[nb] = c
            nb += 1
    exc = np.zeros(20, dtype=np.int64)
    for j in range(1, nb):
        c2 = base[j]
        for i in range(j):
            c1 = base[i]
            bm = bvk[c1]
            if bm & (bm - 1) == 0:
                continue  # one bivalue peer: fewer than two excluders
            ne = 0
            while bm:
                q = PEERS[c1, ctz(bm)]
                bm &= bm - 1
                if q != c2 and SEES[q, c2]:
                    exc[ne] = q
                    ne += 1
            if ne < 2:
                continue
            see = SEES[c1, c2]
            ok1 = 0
            ok2 = 0
            m1 = cand[c1]
            while m1:
                x = m1 & -m1
                m1 &= m1 - 1
                m2 = cand[c2]
                while m2:
                    y = m2 & -m2
                    m2 &= m2 - 1
                    if x == y and see:
                        continue
                    bad = False
                    for e in range(ne):
                        if (cand[exc[e]] & ~(x | y)) == 0:
                            bad = True
                            break
                    if bad:
                        continue
                    ok1 |= x
                    ok2 |= y
            g1 = cand[c1] & ~ok1
            g2 = cand[c2] & ~ok2
            if g1 or g2:
                he[c1] = g1
                he[c2] = g2
                hi[H_TECH] = T_APE
                hf[0] = 6.2
                hi[H_DIGITS] = cand[c1] | cand[c2]
                _add_cell(hc, c1)
                _add_cell(hc, c2)
                for e in range(ne):
                    _add_cell(hc, exc[e])
                return True
    return False


# ---------------------------------------------------------------------- the loop


@njit
def next_step(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, aux: np.ndarray,
              hi: np.ndarray, hf: np.ndarray, he: np.ndarray, hc: np.ndarray,
              hl: np.ndarray) -> bool:
    """The step serate takes next, into the step buffers; False when none of these
    techniques applies. ``pl`` and ``aux`` as :func:`_init_aux` makes them."""
    _clear(hi, hf, he, hc)
    hl[0] = 0
    if hidden_single(cand, val, pl, aux, hi, hf, hc):
        return True
    if intersections(cand, val, pl, hi, hf, he, hc, True):
        return True
    if direct_hidden(cand, val, pl, hi, hf, he, hc, 2):
        return True
    if naked_single(cand, val, pl, hi, hf, he, hc):
        return True
    if direct_hidden(cand, val, pl, hi, hf, he, hc, 3):
        return True
    if intersections(cand, val, pl, hi, hf, he, hc, False):
        return True
    if naked_set(cand, val, pl, hi, hf, he, hc, 2, T_NPAIR, 3.0):
        return True
    if fish(cand, val, pl, hi, hf, he, hc, 2, T_XWING, 3.2):
        return True
    if hidden_set(cand, val, pl, hi, hf, he, hc, 2, T_HPAIR, 3.4):
        return True
    if naked_set(cand, val, pl, hi, hf, he, hc, 3, T_NTRIPLE, 3.6):
        return True
    if fish(cand, val, pl, hi, hf, he, hc, 3, T_SWORD, 3.8):
        return True
    if hidden_set(cand, val, pl, hi, hf, he, hc, 3, T_HTRIPLE, 4.0):
        return True
    if wing(cand, val, pl, hi, hf, he, hc, False):
        return True
    if wing(cand, val, pl, hi, hf, he, hc, True):
        return True
    if unique_loops(cand, val, pl, hi, hf, he, hc):
        return True
    if naked_set(cand, val, pl, hi, hf, he, hc, 4, T_NQUAD, 5.0):
        return True
    if fish(cand, val, pl, hi, hf, he, hc, 4, T_JELLY, 5.2):
        return True
    if hidden_set(cand, val, pl, hi, hf, he, hc, 4, T_HQUAD, 5.4):
        return True
    if bug(cand, val, pl, hi, hf, he, hc):
        return True
    # Every technique from here on is sound (unlike the uniqueness ones above): it only
    # removes candidates that are in no solution, and places a digit only by removing the
    # cell's others. When every candidate left is in some solution (a grid with several
    # solutions, an empty one say), none of them can find anything: stuck, as they would
    # all find after seconds of search.
    if _all_live(cand, val):
        return False
    if aligned_pair(cand, val, pl, hi, hf, he, hc):
        return True
    if forcing_chains(cand, val, pl, hi, hf, he, hc, hl):
        return True
    if aligned_triplet(cand, val, pl, hi, hf, he, hc):
        return True
    for row in (ROW_NISHIO, ROW_MULTIPLE, ROW_DYNAMIC):
        if chaining_row(cand, val, pl, row, 0, hi, hf, he, hc, hl):
            return True
    # rows 26-28: Dynamic Forcing Chains (+), nesting levels 1-3
    for level in range(1, 4):
        if chaining_row(cand, val, pl, ROW_DYNAMIC, level, hi, hf, he, hc, hl):
            return True
    # rows 29-30 (levels 4-5): on a grid with one solution only (serate tries them on any
    # grid; on a grid with several solutions, an empty one say, they would take hours)
    if _one_solution(cand, val):
        for level in range(4, 6):
            if chaining_row(cand, val, pl, ROW_DYNAMIC, level, hi, hf, he, hc, hl):
                return True
    return False


@njit
def _count(cand: np.ndarray, val: np.ndarray, cell: int, digit: int, limit: int,
           sols: np.ndarray) -> int:
    """The solutions of the grid (digits ``val``, candidates ``cand``), counted up to
    ``limit``, with ``cell`` held to the candidate ``digit`` (0-8; ``cell`` -1: none); the
    first two go to ``sols``."""
    puzzle = np.zeros(81, dtype=np.uint8)
    masks = np.zeros(81, dtype=np.uint16)
    for c in range(81):
        puzzle[c] = val[c]
        masks[c] = (1 << (val[c] - 1)) if val[c] else cand[c]
    if cell >= 0:
        masks[cell] = 1 << digit
    stack = np.empty((MAX_DEPTH + 1, NSTATE), dtype=np.int64)
    pending = np.empty(MAX_DEPTH, dtype=np.int64)
    found: int = solve_one(puzzle, masks, True, limit, sols, stack, pending)
    return found


@njit
def _all_live(cand: np.ndarray, val: np.ndarray) -> bool:
    """Whether every candidate of the grid (digits ``val``, candidates ``cand``) is in some
    solution: at most two solver calls on a grid with one solution or none (the first finds
    the solution or none; the next asks for a candidate outside it), one a candidate
    outside the solutions found so far on a grid with several."""
    seen = np.zeros(81, dtype=np.int64)
    sols = np.zeros((2, 81), dtype=np.uint8)
    c = -1
    d = 0
    while True:
        if _count(cand, val, c, d, 1, sols) < 1:
            return False
        for q in range(81):
            seen[q] |= 1 << (sols[0, q] - 1)
        c = -1
        for q in range(81):
            left = cand[q] & ~seen[q] if val[q] == 0 else 0
            if left:
                c = q
                d = ctz(left)
                break
        if c < 0:
            return True


@njit
def _one_solution(cand: np.ndarray, val: np.ndarray) -> bool:
    """Whether the grid (digits ``val``, candidates ``cand``) has exactly one solution."""
    return bool(_count(cand, val, -1, 0, 2, np.zeros((2, 81), dtype=np.uint8)) == 1)


@njit
def _apply(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, aux: np.ndarray,
           hi: np.ndarray, he: np.ndarray) -> int:
    """Apply a step: its eliminations, or its placement (the digit leaves the cell's peers).
    The cells it fills (0 or 1)."""
    c = hi[H_CELL]
    if c < 0:
        for q in range(81):
            m = he[q] & cand[q]
            he[q] = 0
            while m:
                _remove(cand, pl, aux, q, ctz(m))
                m &= m - 1
        return 0
    d = hi[H_DIGIT] - 1
    m = cand[c] & ~(1 << d)
    while m:
        _remove(cand, pl, aux, c, ctz(m))
        m &= m - 1
    if cand[c] >> d & 1:
        _remove(cand, pl, aux, c, d)
    val[c] = d + 1
    for kind in range(3):
        u = CELL_UNITS[c, kind]
        aux[27 + u] -= 1
        if aux[27 + u] == 1:
            aux[55] |= 1 << BCR_POS[u]
        else:
            aux[55] &= ~(1 << BCR_POS[u])
    for i in range(20):
        q = PEERS[c, i]
        if cand[q] >> d & 1:
            _remove(cand, pl, aux, q, d)
    return 1


@aot(
    "int64(int64[::1], int64[::1], float64[::1], int64, int64[:, ::1], float64[::1], "
    "int64[:, ::1], int64[:, ::1], int64[:, ::1])"
)
@njit
def rate_run(cand: np.ndarray, val: np.ndarray, state: np.ndarray, max_steps: int,
             si: np.ndarray, sf: np.ndarray, se: np.ndarray, sc: np.ndarray,
             sl: np.ndarray) -> int:
    """Rate from ``cand``/``val`` (changed in place) for at most ``max_steps`` steps.

    ``state`` (float64, 5): ER, EP, ED, placed-yet (0/1), steps taken, carried over from a
    previous call. Steps are recorded into ``si`` (n, HI), ``sf`` (n), ``se`` (n, 81),
    ``sc`` (n, 82) when they have rows (0 rows: nothing is recorded), and a chaining step's
    chain into ``sl`` (n, ``LINKS``; 0 rows: not recorded; see
    :mod:`puzzlefmt.sudoku._kernels.chains`). Returns ``DONE`` (no
    empty cell left), ``STUCK`` (no technique applies) or ``PAUSED`` (``max_steps`` taken).
    """
    pl = np.zeros((27, 9), dtype=np.int64)
    aux = np.zeros(56, dtype=np.int64)
    hi = np.zeros(HI, dtype=np.int64)
    hf = np.zeros(1, dtype=np.float64)
    he = np.zeros(81, dtype=np.int64)
    hc = np.zeros(82, dtype=np.int64)
    hl = np.zeros(LINKS, dtype=np.int64)
    _init_aux(cand, val, pl, aux)
    empty = 0
    for c in range(81):
        if val[c] == 0:
            empty += 1
    taken = 0
    while True:
        if empty == 0:
            return DONE
        if taken >= max_steps:
            return PAUSED
        if not next_step(cand, val, pl, aux, hi, hf, he, hc, hl):
            return STUCK
        k = int(state[4])
        if k < si.shape[0]:
            for j in range(HI):
                si[k, j] = hi[j]
            sf[k] = hf[0]
            for c in range(81):
                se[k, c] = he[c]
            for j in range(82):
                sc[k, j] = hc[j]
        if k < sl.shape[0]:
            for j in range(hl[0] + 1):
                sl[k, j] = hl[j]
        state[0] = max(state[0], hf[0])
        if state[3] == 0.0:
            if k == 0:
                state[2] = state[0]
            if hi[H_CELL] >= 0:
                state[1] = state[0]
                state[3] = 1.0
        empty -= _apply(cand, val, pl, aux, hi, he)
        state[4] = k + 1
        taken += 1


@aot("void(int64[:, ::1], int64[:, ::1], int64[:, ::1])")
@njit
def start_batch(vals: np.ndarray, marks: np.ndarray, cands: np.ndarray) -> None:
    """The candidates serate's solver starts from: for each empty cell its ``marks`` (all
    nine, or a candidate grid's) less the digits its peers hold; 0 where a digit stands."""
    for i in range(vals.shape[0]):
        for c in range(81):
            if vals[i, c]:
                cands[i, c] = 0
                continue
            m = marks[i, c]
            for k in range(20):
                v = vals[i, PEERS[c, k]]
                if v:
                    m &= ~(1 << (v - 1))
            cands[i, c] = m


@aot("void(int64[:, ::1], int64[:, ::1], float64[:, ::1], int64[::1])")
@njit
def rate_batch(cands: np.ndarray, vals: np.ndarray, out: np.ndarray, verdicts: np.ndarray
               ) -> None:
    """Rate many grids: ``out[i]`` = ER, EP, ED, placed-yet, steps; ``verdicts[i]`` as
    :func:`rate_run` returns."""
    si = np.zeros((0, HI), dtype=np.int64)
    sf = np.zeros(0, dtype=np.float64)
    se = np.zeros((0, 81), dtype=np.int64)
    sc = np.zeros((0, 82), dtype=np.int64)
    sl = np.zeros((0, LINKS), dtype=np.int64)
    for i in range(cands.shape[0]):
        out[i, 0] = -np.inf
        out[i, 1] = 0.0
        out[i, 2] = 0.0
        out[i, 3] = 0.0
        out[i, 4] = 0.0
        verdicts[i] = rate_run(cands[i], vals[i], out[i], 1 << 30, si, sf, se, sc, sl)


# ---------------------------------------------------------------------- Python entries


def solution_counts(vals: np.ndarray, held: np.ndarray | None) -> np.ndarray:
    """How many solutions (0, 1, or 2 for several) each of the ``(n, 81)`` grids has;
    ``held``: candidate masks a solution must keep to (``None``: none)."""
    counts, _ = solve_arrays(vals.astype(np.uint8), 2, held)
    result: np.ndarray = counts
    return result
