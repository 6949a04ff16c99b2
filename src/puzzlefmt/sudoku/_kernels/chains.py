"""The Sudoku Explainer rater's chaining kernels: row 21, Forcing Chains & Cycles (X-cycles,
Y-cycles, forcing X-chains, XY-cycles, forcing XY-chains), and row 22, Aligned Triplet
Exclusion.

Grids are :mod:`puzzlefmt.sudoku._kernels.rate`'s (``cand``, ``val``, ``pl``). A *potential*
is "digit ``d`` (0-8) is (on) / is not (off) in cell ``c``", numbered
``(c * 9 + d) * 2 + on``. Its implications (*links*), as serate uses them:

- on -> off: the cell's other candidates (cell link, Y; in digit order), then the digit in
  the cell's peers (region link, X; box, row, column, in region order);
- off -> on: the other candidate of a bivalue cell (Y), then the other place of the digit in
  the cell's box, row, column when it has two places there (X).

The X pass uses region links and bilocal units only, the Y pass cell links and region links
for on -> off and bivalue cells for off -> on, the XY pass everything. Each pass visits cells
with 2+ candidates (Y: 2) in reading order and their digits ascending, and searches from "d
on" layer by layer (on -> off, off -> on, ...; an off consequence is dropped only when it
is an ancestor of the potential that produced it, so the same off potential can be queued
several times, by each path; an on consequence is kept only when new). A repeat of an
off potential matters only when it implies the start (its on consequences are already
there), so the kernel queues the others once a search. The start found
again as an on at depth 4 or more closes a *cycle* (it removes every candidate outside the
cycle's cells that sees an on and an off node of its digit); "d off" found from "d on" is a
*forcing chain* that removes ``d``; then, from "d off", "d on" found is one that places
``d``. Each hint has a complexity (its nodes, the start once) and a rating (base + length
increment); the step is the first hint by (rating, complexity, sort key: X 2, Y 3, XY 4) in
discovery order (cycles of a start before its chains). The behaviour was written up from
serate's output (``shared/specs/se-rating.md`` 5.3, 5.6, 6, and serate's own lists of
hints), not from its source.

The chosen step's chain goes into the ``hl`` buffer: its node count, then its potentials
from the start to the target (a cycle ends with the start again); each node's parent is the
one before it.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import njit
from puzzlefmt.sudoku._kernels.bits import ctz, popcount
from puzzlefmt.sudoku._kernels.tables import CELL_POS, CELL_UNITS, PEERS, SEES, UNIT

__all__ = ["LINKS", "NODES", "aligned_triplet", "forcing_chains", "length_increment"]

#: Optimized once in the ahead-of-time build, as the rater's other modules are (``rate.py``
#: says why; :data:`puzzlefmt._aot.ONCE`).
AOT_OPTIMIZE_ONCE = True

#: Nodes of one search: at most 729 on potentials, each with at most 28 off consequences.
NODES = 24576
#: Words of a step's chain record (``hl``): the count, then up to 1,458 potentials (+ the
#: start again for a cycle).
LINKS = 1460

#: Technique ids (continuing :data:`puzzlefmt.sudoku._kernels.rate.TECHNIQUES`).
T_XCYCLE, T_YCYCLE, T_TURBOT, T_XCHAIN, T_CYCLE, T_CHAIN, T_ATE, T_GXWING = range(22, 30)
#: Their names as serate prints them (an X-cycle of 4 nodes is a Generalized X-Wing, a
#: forcing X-chain of 6 nodes a Turbot Fish).
NAMES = ("Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Turbot Fish", "Forcing X-Chain",
         "Bidirectional Cycle", "Forcing Chain", "Aligned Triplet Exclusion",
         "Generalized X-Wing")

_X, _Y = 1, 2
# best-hint record words
_B_FOUND, _B_TECH, _B_CX, _B_KEY, _B_CELL, _B_DIGIT = 0, 1, 2, 3, 4, 5
H_TECH, H_CELL, H_DIGIT, H_DIGITS = 0, 2, 3, 4  # as in rate.py's step buffer


@njit
def length_increment(complexity: int) -> float:
    """serate's length increment for a chain of ``complexity`` nodes: 0.1 per threshold
    (4, 6, 8, 12, 16, 24, ...) that ``complexity - 2`` exceeds, added up as doubles."""
    n = complexity - 2
    inc = 0.0
    thr = 4
    odd = True
    while n > thr:
        inc += 0.1
        thr = thr * 3 // 2 if odd else thr * 4 // 3
        odd = not odd
    return inc


@njit(inline=True)
def _beats(found: int, brating: float, bcx: int, bkey: int, rating: float, cx: int,
           key: int) -> bool:
    """Whether a hint sorts strictly before the best one so far (``found``: whether there
    is one; its rating, complexity and sort key)."""
    if found == 0:
        return True
    if rating != brating:
        return rating < brating
    if cx != bcx:
        return cx < bcx
    return key < bkey


@njit
def _chain(npot: np.ndarray, npar: np.ndarray, node: int, out: np.ndarray) -> int:
    """The potentials from the root to ``node`` into ``out[1:]`` (count in ``out[0]``)."""
    n = 0
    j = node
    while j >= 0:
        n += 1
        j = npar[j]
    out[0] = n
    j = node
    k = n
    while j >= 0:
        out[k] = npot[j]
        k -= 1
        j = npar[j]
    return n


@njit
def _cycle_elims(cand: np.ndarray, chain: np.ndarray, elim: np.ndarray, cyc: np.ndarray
                 ) -> bool:
    """The eliminations of the cycle ``chain`` (count first): every candidate outside the
    cycle's cells that sees an on node and an off node of its digit. ``cyc`` (bool, 19 x
    81, all False, and left so): row 0 the cycle's cells, rows 1-9 its on nodes by digit,
    rows 10-18 its off nodes."""
    digits = 0
    for k in range(1, chain[0] + 1):
        p = chain[k]
        c = (p >> 1) // 9
        d = (p >> 1) % 9
        cyc[0, c] = True
        digits |= 1 << d
        if p & 1:
            cyc[1 + d, c] = True
        else:
            cyc[10 + d, c] = True
    found = False
    for x in range(81):
        elim[x] = 0
        if cyc[0, x]:
            continue
        m = cand[x] & digits
        while m:
            d = ctz(m)
            m &= m - 1
            seen_on = False
            seen_off = False
            for i in range(20):
                q = PEERS[x, i]
                if cyc[1 + d, q]:
                    seen_on = True
                if cyc[10 + d, q]:
                    seen_off = True
            if seen_on and seen_off:
                elim[x] |= 1 << d
                found = True
    for k in range(1, chain[0] + 1):
        p = chain[k]
        c = (p >> 1) // 9
        d = (p >> 1) % 9
        cyc[0, c] = False
        cyc[1 + d, c] = False
        cyc[10 + d, c] = False
    return found


@njit
def _record(bi: np.ndarray, bf: np.ndarray, be: np.ndarray, bl: np.ndarray, tech: int,
            rating: float, cx: int, key: int, cell: int, digit: int, elim: np.ndarray,
            chain: np.ndarray) -> None:
    bi[_B_FOUND] = 1
    bi[_B_TECH] = tech
    bi[_B_CX] = cx
    bi[_B_KEY] = key
    bi[_B_CELL] = cell
    bi[_B_DIGIT] = digit
    bf[0] = rating
    for x in range(81):
        be[x] = elim[x]
    for k in range(chain[0] + 1):
        bl[k] = chain[k]


@njit
def forcing_chains(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray,
                   hf: np.ndarray, he: np.ndarray, hc: np.ndarray, hl: np.ndarray) -> bool:
    """Forcing Chains & Cycles (row 21): the first hint in serate's order, into the step
    buffers (``hl``: its chain). False when there is none.

    Each start's layered search is written out here rather than called (a call would count
    a dozen arrays' references, more than a short search costs), and the best hint so far
    is kept in scalars too, so that the test of each layer touches no array. A pass stops
    as soon as its smallest rating cannot beat the best hint: every later search of the
    pass would stop at its first layer.
    """
    npot = np.empty(NODES, dtype=np.int64)
    npar = np.empty(NODES, dtype=np.int64)
    ndep = np.empty(NODES, dtype=np.int64)
    cur = np.empty(NODES, dtype=np.int64)
    nxt = np.empty(NODES, dtype=np.int64)
    # marks[0]: the on potentials of the current search; [1]: the off potentials queued in
    # the current search (every off ancestor of a node is one, or the start); [2]: the off
    # potentials that imply the start (they close a cycle)
    marks = np.zeros((3, 1458), dtype=np.int64)
    qs = np.empty(32, dtype=np.int64)  # one potential's consequences (at most 28)
    chain = np.zeros(LINKS, dtype=np.int64)
    elim = np.zeros(81, dtype=np.int64)
    cyc = np.zeros((19, 81), dtype=np.bool_)
    bi = np.zeros(8, dtype=np.int64)
    bf = np.zeros(1, dtype=np.float64)
    be = np.zeros(81, dtype=np.int64)
    bl = np.zeros(LINKS, dtype=np.int64)
    # the best hint so far, as scalars (bi/bf hold the same)
    bfound = 0
    brate = 0.0
    bcx = 0
    bkey = 0
    stamp_on = 0  # marks: this search
    for mode in (_X, _Y, _X | _Y):
        key = 2 if mode == _X else (3 if mode == _Y else 4)
        cbase = 7.0 if mode == _X | _Y else 6.5
        fbase = 7.0 if mode == _X | _Y else 6.6
        ctech = T_CYCLE if mode == _X | _Y else (T_XCYCLE if mode == _X else T_YCYCLE)
        chains = mode & _X != 0
        lowest = min(cbase, fbase)
        for c0 in range(81):
            if not _beats(bfound, brate, bcx, bkey, lowest, 2, key):
                break  # no search of this pass gets past its first layer
            if val[c0]:
                continue
            nc = popcount(cand[c0])
            if nc < 2 or (mode == _Y and nc != 2):
                continue
            m0 = cand[c0]
            while m0:
                d0 = ctz(m0)
                m0 &= m0 - 1
                for side in range(2):
                    if side == 1 and mode == _Y:
                        break
                    # one layered search from "d0 on" (side 0), then "d0 off" (side 1)
                    start = (c0 * 9 + d0) * 2 + 1 - side
                    low = lowest if side == 0 else fbase
                    stamp_on += 1
                    start_on = 1 - side
                    npot[0] = start
                    npar[0] = -1
                    ndep[0] = 0
                    n = 1
                    target = -1  # the node of the forcing chain's target, when found
                    ncur = 0
                    nn = 0
                    if start_on:
                        marks[0, start] = stamp_on
                        cur[0] = 0
                        ncur = 1
                        # the off potentials whose consequences hold the start
                        if mode & _Y and nc == 2:
                            e = ctz(cand[c0] & ~(1 << d0))
                            marks[2, (c0 * 9 + e) * 2] = stamp_on
                        if mode & _X:
                            for kind in range(3):
                                u = CELL_UNITS[c0, kind]
                                pm = pl[u, d0]
                                if popcount(pm) == 2:
                                    x = UNIT[u, ctz(pm & ~(1 << CELL_POS[c0, kind]))]
                                    marks[2, (x * 9 + d0) * 2] = stamp_on
                    else:
                        nxt[0] = 0
                        nn = 1
                    phase_on = start_on == 1
                    depth = 0
                    while True:
                        if phase_on:
                            if ncur == 0:
                                break
                            # results from this layer on have complexity depth + 2 or more
                            if not _beats(bfound, brate, bcx, bkey,
                                          low + length_increment(depth + 2), depth + 2, key):
                                break
                            nn = 0
                            for i in range(ncur):
                                node = cur[i]
                                pot = npot[node]
                                c = (pot >> 1) // 9
                                d = (pot >> 1) % 9
                                nq = 0
                                if mode & _Y:  # cell link: the cell's other candidates
                                    m = cand[c] & ~(1 << d)
                                    while m:
                                        qs[nq] = (c * 9 + ctz(m)) * 2
                                        nq += 1
                                        m &= m - 1
                                for k in range(20):  # region link: the digit in the peers
                                    x = PEERS[c, k]
                                    if (cand[x] >> d) & 1:
                                        qs[nq] = (x * 9 + d) * 2
                                        nq += 1
                                for t in range(nq):
                                    q = qs[t]
                                    if marks[1, q] == stamp_on or q == start:
                                        # queued before, or the start: every off
                                        # ancestor is one of these
                                        if marks[2, q] != stamp_on:
                                            # queued before, by another path (or an
                                            # ancestor): its on consequences are all
                                            # marked by then, and it closes no cycle
                                            continue
                                        j = node
                                        while j >= 0 and npot[j] != q:
                                            j = npar[j]
                                        if j >= 0:
                                            continue  # an ancestor of its potential
                                    marks[1, q] = stamp_on
                                    npot[n] = q
                                    npar[n] = node
                                    ndep[n] = depth + 1
                                    if start_on and chains and target < 0 and q == start - 1:
                                        target = n
                                    nxt[nn] = n
                                    nn += 1
                                    n += 1
                            depth += 1
                            phase_on = False
                        else:
                            if nn == 0:
                                break
                            if not start_on and not _beats(
                                    bfound, brate, bcx, bkey,
                                    low + length_increment(depth + 2), depth + 2, key):
                                break
                            ncur = 0
                            for i in range(nn):
                                node = nxt[i]
                                pot = npot[node]
                                c = (pot >> 1) // 9
                                d = (pot >> 1) % 9
                                nq = 0
                                if mode & _Y and popcount(cand[c]) == 2:  # bivalue cell
                                    qs[0] = (c * 9 + ctz(cand[c] & ~(1 << d))) * 2 + 1
                                    nq = 1
                                if mode & _X:  # bilocal box, row, column
                                    for kind in range(3):
                                        u = CELL_UNITS[c, kind]
                                        pm = pl[u, d]
                                        if popcount(pm) == 2:
                                            x = UNIT[u, ctz(pm & ~(1 << CELL_POS[c, kind]))]
                                            qs[nq] = (x * 9 + d) * 2 + 1
                                            nq += 1
                                for t in range(nq):
                                    q = qs[t]
                                    if start_on and q == start and depth + 1 >= 4:
                                        cx = depth + 1  # a cycle closes
                                        rating = cbase + length_increment(cx)
                                        if _beats(bfound, brate, bcx, bkey, rating, cx, key):
                                            _chain(npot, npar, node, chain)
                                            chain[0] += 1
                                            chain[chain[0]] = start
                                            if _cycle_elims(cand, chain, elim, cyc):
                                                tech = (T_GXWING if ctech == T_XCYCLE
                                                        and cx == 4 else ctech)
                                                _record(bi, bf, be, bl, tech, rating, cx, key,
                                                        -1, -1, elim, chain)
                                                bfound = 1
                                                brate = rating
                                                bcx = cx
                                                bkey = key
                                    if marks[0, q] != stamp_on:
                                        marks[0, q] = stamp_on
                                        npot[n] = q
                                        npar[n] = node
                                        ndep[n] = depth + 1
                                        if not start_on and q == start + 1:
                                            target = n  # the first "d on" from "d off"
                                        cur[ncur] = n
                                        ncur += 1
                                        n += 1
                            depth += 1
                            phase_on = True
                            if target >= 0 and not start_on:
                                break  # nothing else is looked for from "d off"
                    if target >= 0:
                        cx = ndep[target] + 1
                        rating = fbase + length_increment(cx)
                        if _beats(bfound, brate, bcx, bkey, rating, cx, key):
                            _chain(npot, npar, target, chain)
                            for x in range(81):
                                elim[x] = 0
                            tech = (T_CHAIN if mode == _X | _Y
                                    else (T_TURBOT if cx == 6 else T_XCHAIN))
                            if start_on:
                                elim[c0] = 1 << d0
                                _record(bi, bf, be, bl, tech, rating, cx, key, -1, -1, elim,
                                        chain)
                            else:
                                elim[c0] = cand[c0] & ~(1 << d0)
                                _record(bi, bf, be, bl, tech, rating, cx, key, c0, d0, elim,
                                        chain)
                            bfound = 1
                            brate = rating
                            bcx = cx
                            bkey = key
    if bfound == 0:
        return False
    hi[H_TECH] = bi[_B_TECH]
    hf[0] = bf[0]
    digits = 0
    seen = np.zeros(81, dtype=np.bool_)
    for k in range(1, bl[0] + 1):
        p = bl[k]
        c = (p >> 1) // 9
        digits |= 1 << ((p >> 1) % 9)
        if not seen[c]:
            seen[c] = True
            hc[0] += 1
            hc[hc[0]] = c
    hi[H_DIGITS] = digits
    for k in range(bl[0] + 1):
        hl[k] = bl[k]
    if bi[_B_CELL] >= 0:
        hi[H_CELL] = bi[_B_CELL]
        hi[H_DIGIT] = bi[_B_DIGIT] + 1
    else:
        for x in range(81):
            he[x] = be[x]
    return True


@njit
def aligned_triplet(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, hi: np.ndarray,
                    hf: np.ndarray, he: np.ndarray, hc: np.ndarray) -> bool:
    """Aligned Triplet Exclusion (7.5): the first hint in serate's order, into the step
    buffers (cells: the three cells, then their common excluders). False when none.

    Base cells: empty cells with 2+ candidates, no peer with a single candidate, and some
    *excluders* (peers with 2 or 3 candidates, in peer order). Pairs of base cells in colex
    order; the third cell runs over the first cell's excluders, then the second's (each
    once) that are base cells; the three need 2+ common excluders. A combination of digits
    is out when two equal digits stand in cells that see each other or a common excluder's
    candidates all lie among the three digits; a candidate in no combination left goes.
    """
    isbase = np.zeros(81, dtype=np.bool_)
    base = np.zeros(81, dtype=np.int64)
    exc = np.zeros((81, 20), dtype=np.int64)
    nexc = np.zeros(81, dtype=np.int64)
    # each cell's excluders as a bitset of cells, two words (cells 0-40, 41-80)
    elo = np.zeros(81, dtype=np.int64)
    ehi = np.zeros(81, dtype=np.int64)
    nb = 0
    for c in range(81):
        if val[c] or popcount(cand[c]) < 2:
            continue
        single = False
        for i in range(20):
            q = PEERS[c, i]
            n = popcount(cand[q])
            if val[q] == 0 and n == 1:
                single = True
            if 2 <= n <= 3:
                exc[c, nexc[c]] = q
                nexc[c] += 1
                if q < 41:
                    elo[c] |= 1 << q
                else:
                    ehi[c] |= 1 << (q - 41)
        if single or nexc[c] == 0:
            continue
        isbase[c] = True
        base[nb] = c
        nb += 1
    # the triples already tried (none of them had a hint: the test is the same whatever
    # the order of the three cells), by their two lowest cells, a bitset of the third
    tlo = np.zeros(81 * 81, dtype=np.int64)
    thi = np.zeros(81 * 81, dtype=np.int64)
    union = np.zeros(40, dtype=np.int64)
    inunion = np.zeros(81, dtype=np.bool_)
    common = np.zeros(20, dtype=np.int64)
    rel = np.zeros(20, dtype=np.int64)  # the masks of the excluders that can exclude
    cells = np.zeros(3, dtype=np.int64)
    ok = np.zeros(3, dtype=np.int64)
    for j in range(1, nb):
        c2 = base[j]
        for i in range(j):
            c1 = base[i]
            # the three cells' common excluders are among the pair's: fewer than 2, no
            # third cell can do
            lo12 = elo[c1] & elo[c2]
            hi12 = ehi[c1] & ehi[c2]
            if popcount(lo12) + popcount(hi12) < 2:
                continue
            nu = 0
            for k in range(nexc[c1]):
                q = exc[c1, k]
                if not inunion[q]:
                    inunion[q] = True
                    union[nu] = q
                    nu += 1
            for k in range(nexc[c2]):
                q = exc[c2, k]
                if not inunion[q]:
                    inunion[q] = True
                    union[nu] = q
                    nu += 1
            for k in range(nu):
                inunion[union[k]] = False
            for k in range(nu):
                c3 = union[k]
                if c3 in (c1, c2) or not isbase[c3]:
                    continue
                lo = lo12 & elo[c3]
                hi3 = hi12 & ehi[c3]
                if popcount(lo) + popcount(hi3) < 2:
                    continue
                low = min(c1, c2, c3)
                top = max(c1, c2, c3)
                key = low * 81 + (c1 + c2 + c3 - low - top)
                if top < 41:
                    if (tlo[key] >> top) & 1:
                        continue
                    tlo[key] |= 1 << top
                else:
                    if (thi[key] >> (top - 41)) & 1:
                        continue
                    thi[key] |= 1 << (top - 41)
                ne = 0
                for e in range(nexc[c1]):  # in the first cell's peer order
                    q = exc[c1, e]
                    if (lo >> q) & 1 if q < 41 else (hi3 >> (q - 41)) & 1:
                        common[ne] = q
                        ne += 1
                f1 = cand[c1]
                f2 = cand[c2]
                f3 = cand[c3]
                # the common excluders that can exclude a combination: those whose
                # candidates all lie among the three cells'
                u = f1 | f2 | f3
                nr = 0
                for e in range(ne):
                    me = cand[common[e]]
                    if me & ~u == 0:
                        rel[nr] = me
                        nr += 1
                ok1 = 0
                ok2 = 0
                ok3 = 0
                s12 = SEES[c1, c2]
                s13 = SEES[c1, c3]
                s23 = SEES[c2, c3]
                full = False  # every candidate is in a combination left: no hint
                m1 = f1
                while m1:
                    x = m1 & -m1
                    m1 &= m1 - 1
                    m2 = f2
                    while m2:
                        y = m2 & -m2
                        m2 &= m2 - 1
                        if x == y and s12:
                            continue
                        m3 = f3
                        while m3:
                            z = m3 & -m3
                            m3 &= m3 - 1
                            if (z == x and s13) or (z == y and s23):
                                continue
                            xyz = x | y | z
                            bad = False
                            for e in range(nr):
                                if (rel[e] & ~xyz) == 0:
                                    bad = True
                                    break
                            if bad:
                                continue
                            ok1 |= x
                            ok2 |= y
                            ok3 |= z
                            if ok1 == f1 and ok2 == f2 and ok3 == f3:
                                full = True
                                break
                        if full:
                            break
                    if full:
                        break
                if full or ((f1 & ~ok1) | (f2 & ~ok2) | (f3 & ~ok3)) == 0:
                    continue
                cells[0] = c1
                cells[1] = c2
                cells[2] = c3
                ok[0] = ok1
                ok[1] = ok2
                ok[2] = ok3
                for t in range(3):
                    he[cells[t]] = cand[cells[t]] & ~ok[t]
                    hc[0] += 1
                    hc[hc[0]] = cells[t]
                for e in range(ne):
                    hc[0] += 1
                    hc[hc[0]] = common[e]
                hi[H_TECH] = T_ATE
                hf[0] = 7.5
                hi[H_DIGITS] = cand[c1] | cand[c2] | cand[c3]
                return True
    return False
