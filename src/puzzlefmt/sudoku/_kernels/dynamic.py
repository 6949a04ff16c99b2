"""The Sudoku Explainer rater's breadth-first chaining kernels: row 23, Nishio Forcing
Chains (7.5), row 24, Multiple Forcing Chains (cell and region forcing, 8.0) and row 25,
Dynamic Forcing Chains (contradictions, double forcing, cell and region forcing, 8.5), each
plus serate's length increment.

Potentials are :mod:`puzzlefmt.sudoku._kernels.chains`'s, ``(cell * 9 + digit) * 2 + on``.
One *propagation* (:func:`propagate`) starts from one potential and derives, breadth first,
everything it implies: an on potential's offs first whenever one is queued (the cell's other
candidates unless X only, then the digit in the box, row and column), else the oldest off's
ons (the other candidate of a bivalue cell unless X only, then the other place of the digit
in the box, row, column when it has two). The first derivation of a potential is kept, with
its parents; the same cell and digit derived on and off is a *contradiction* and ends the
propagation. *Dynamic* propagation works on a copy of the grid from which each processed off
potential is removed, so later bivalue/bilocal tests see the removals; an on derived from
such a test also has as *hidden parents* the offs that made the cell bivalue (digit order) or
the unit bilocal (unit order). A propagation's potentials live in a *slot* of the work
arrays (entries with their parents), so several can be kept side by side: one per digit of
the start cell (cell forcing), one for "off" (contradictions, double forcing), one per place
of a unit (region forcing).

Each row visits the empty cells in reading order (Nishio and Dynamic: 2+ candidates,
Multiple: 3+), their digits ascending, and collects hints in discovery order: per digit the
contradiction from "on", from "off", the double forcing results (on ones, then off ones),
the region forcing results per unit (box, row, column; when the start cell is the digit's
first place there; on results, then off), then after the digits the cell forcing results
(on, then off). A result is a hint only when it changes the grid. Its complexity is the sum,
over its targets (two for contradictions and double forcing, one per branch otherwise), of
the distinct potentials among the target's ancestors (every parent counts, hidden ones
included); the step is the first hint by (rating, complexity, sort key: double 1, cell 5,
region 6, contradiction 7), as :func:`puzzlefmt.sudoku._kernels.chains.forcing_chains`
chooses. Written from ``shared/specs/se-rating.md`` 5.1, 5.2, 5.4, 5.6, 6 and serate's
output, not from its source.

Nesting (serate's rows 26-30) plugs into :func:`propagate`: its ``level`` argument is passed
to :func:`nested_offs` each time both queues run dry, which adds the eliminations of the
first nested technique that finds any as off potentials with their parents (spec 5.5):
level 1 (row 26) pointing/claiming, hidden pair, naked pair, X-Wing; level 2 (row 27) then
Forcing Chains & Cycles (row 21, :func:`_nested_chains`); level 3 (row 28) then Multiple
Forcing Chains (row 24, :func:`_nested_multiple`). A nested chaining technique collects all
its hints on the working grid, sorts them as its row does, and turns each one's
eliminations (cells in reading order, digits ascending) into offs whose parents are the
removals of the chain that made the nested chain's off -> on links (a bivalue cell's removed
candidates, a bilocal unit's removed places); a hint with none is left out. A target's
complexity then adds the complexity of each distinct nested hint among its ancestors (5.6).
Level 4 (row 29) is the four, then Dynamic Forcing Chains (row 25, :func:`_nested_dynamic`)
on the working grid; level 5 (row 30) the four, Dynamic Forcing Chains, then Dynamic Forcing
Chains at nesting level 2 (the four and Forcing Chains & Cycles nested in its own
propagations). A nested Dynamic Forcing Chains hint's rule parents are, for each on among its
targets' ancestors (every parent) that an off implied, the outer removals of the bivalue cell
or bilocal unit that implied it (:func:`_cause_parents`; the nested propagation notes which,
:func:`_dyn_propagate`). The nested searches use preallocated work arrays (:func:`_nest_work`;
a second set of slots for the branches of levels 3-5, a second set of the level 2 arrays for
level 5's innermost Forcing Chains), no recursion and no allocation in their loops.

The chosen step's chains go into the ``hl`` buffer (count, then one word per node): for each
target, the path along first parents from the branch's start to the target. A word is
``potential + 2048 * (parent + 2)``, ``parent`` the index of the node's first parent in the
record (-1 for a start); hidden parents are counted in the rating, not recorded.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import njit
from puzzlefmt.sudoku._kernels.bits import ctz, popcount
from puzzlefmt.sudoku._kernels.chains import (
    LINKS,
    NODES,
    _beats,
    _chain,
    _cycle_elims,
    length_increment,
)
from puzzlefmt.sudoku._kernels.tables import CELL_POS, CELL_UNITS, INTER, PEERS, UNIT

__all__ = ["DYNAMIC_NAMES", "ROW_DYNAMIC", "ROW_MULTIPLE", "ROW_NISHIO", "T_NISHIO",
           "chaining_row", "nested_offs", "propagate", "propagate_nested"]

#: Optimized once in the ahead-of-time build, as the rater's other modules are (``rate.py``
#: says why; :data:`puzzlefmt._aot.ONCE`).
AOT_OPTIMIZE_ONCE = True

#: Technique ids (after :data:`puzzlefmt.sudoku._kernels.chains.NAMES`' 22-29).
T_NISHIO, T_CELL, T_REGION, T_DCONTRA, T_DDOUBLE, T_DCELL, T_DREGION = range(30, 37)
#: Row 26's (nesting level 1): the four dynamic ones, 4 ids further.
T_NESTED = 4
#: Their names as serate prints them.
DYNAMIC_NAMES = ("Nishio Forcing Chains", "Cell Forcing Chains", "Region Forcing Chains",
                 "Dynamic Contradiction Forcing Chains", "Dynamic Double Forcing Chains",
                 "Dynamic Cell Forcing Chains", "Dynamic Region Forcing Chains",
                 "Dynamic Contradiction Forcing Chains (+)",
                 "Dynamic Double Forcing Chains (+)", "Dynamic Cell Forcing Chains (+)",
                 "Dynamic Region Forcing Chains (+)",
                 "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
                 "Dynamic Double Forcing Chains (+ Forcing Chains)",
                 "Dynamic Cell Forcing Chains (+ Forcing Chains)",
                 "Dynamic Region Forcing Chains (+ Forcing Chains)",
                 "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
                 "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
                 "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
                 "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
                 "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
                 "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
                 "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
                 "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
                 "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing "
                 "Chains))",
                 "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
                 "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
                 "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))")
#: The rows :func:`chaining_row` runs.
ROW_NISHIO, ROW_MULTIPLE, ROW_DYNAMIC = 0, 1, 2

#: Slots: 0-8 "digit on" of the start cell, 9 its "digit off", 10-18 a unit's other places.
_SLOTS = 19
_OFF = 9
_REG = 10
#: Entries of a slot (every potential once, plus a contradiction's new one) and parents.
_ENTRIES = 1460
_POOL = 1458 * 18
#: Word scale of the ``hl`` records (potentials are below 2048).
_SCALE = 2048
# best-hint record words (bi): chains.py's layout
_B_FOUND, _B_TECH, _B_CX, _B_KEY, _B_TARGET = 0, 1, 2, 3, 4
_X, _Y = 1, 2  # chains.py's passes
H_TECH, H_CELL, H_DIGIT, H_DIGITS = 0, 2, 3, 4  # as in rate.py's step buffer


@njit(inline=True)
def _beats_best(bi: np.ndarray, bf: np.ndarray, rating: float, cx: int, key: int) -> bool:
    """Whether a hint sorts strictly before the best one so far (its record ``bi``/``bf``):
    chains.py's order (rating, complexity, sort key)."""
    return bool(_beats(bi[_B_FOUND], bf[0], bi[_B_CX], bi[_B_KEY], rating, cx, key))


@njit
def _reset_slot(s: int, pos: np.ndarray, epot: np.ndarray, nent: np.ndarray,
                npool: np.ndarray) -> None:
    """Empty slot ``s``. Every ``pos`` array starts all -1 and is written only at its slots'
    entries' potentials, so resetting those words (not all 1458) makes the row -1 again."""
    for i in range(nent[s]):
        pos[s, epot[s, i]] = -1
    nent[s] = 0
    npool[s] = 0


@njit
def _entry(s: int, pot: int, epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray,
           nent: np.ndarray, npool: np.ndarray) -> int:
    """A new entry (no parents yet) for ``pot`` in slot ``s``; its id."""
    e = int(nent[s])
    nent[s] = e + 1
    epot[s, e] = pot
    epst[s, e] = npool[s]
    epcnt[s, e] = 0
    return e


@njit
def _parent(s: int, e: int, par: int, epcnt: np.ndarray, pool: np.ndarray,
            npool: np.ndarray) -> None:
    """Add parent entry ``par`` to entry ``e`` (the entry added last in its slot)."""
    pool[s, npool[s]] = par
    npool[s] += 1
    epcnt[s, e] += 1


@njit
def _nested_add(s: int, q: int, par: np.ndarray, npar: int, pos: np.ndarray,
                epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray, nent: np.ndarray,
                pool: np.ndarray, npool: np.ndarray, qoff: np.ndarray, toff: int) -> int:
    """Queue off potential ``q`` (a nested step's elimination) with the parent entries
    ``par[:npar]`` unless slot ``s`` has it already; the new queue end."""
    if pos[s, q] >= 0:
        return toff
    a = _entry(s, q, epot, epst, epcnt, nent, npool)
    for i in range(npar):
        _parent(s, a, par[i], epcnt, pool, npool)
    pos[s, q] = a
    qoff[toff] = a
    return toff + 1


@njit
def _gone_parents(s: int, u: int, d: int, gone: int, pos: np.ndarray, par: np.ndarray,
                  npar: int) -> int:
    """Append to ``par`` the entries of the offs that removed digit ``d`` from the places
    ``gone`` (a position mask) of unit ``u``, in unit order; the new count."""
    while gone:
        b = ctz(gone)
        gone &= gone - 1
        h = pos[s, (UNIT[u, b] * 9 + d) * 2]
        if h >= 0:
            par[npar] = h
            npar += 1
    return npar


@njit
def _nested_basic(s: int, tech: int, cand: np.ndarray, pl: np.ndarray, wcand: np.ndarray,
                  wpl: np.ndarray, pos: np.ndarray, epot: np.ndarray, epst: np.ndarray,
                  epcnt: np.ndarray, nent: np.ndarray, pool: np.ndarray, npool: np.ndarray,
                  qoff: np.ndarray, toff: int, par: np.ndarray) -> int:
    """One of level 1's nested techniques on the working grid (``tech``: 0 pointing and
    claiming, 1 hidden pair, 2 naked pair, 3 X-Wing), every pattern in the scanning order
    of the rater's own producer (spec 4); each elimination, cells in reading order and
    digits ascending, becomes an off entry whose parents are the offs that made the
    pattern (spec 5.5); a pattern with none is ignored. The new queue end."""
    if tech == 0:  # pointing / claiming: pairs (box, column), (box, row), (column, box), (row, box)
        for pk in range(4):
            a0 = 18 if pk < 2 else (9 if pk == 2 else 0)
            b0 = (9 if pk == 0 else 0) if pk < 2 else 18
            for ai in range(9):
                a = a0 + ai
                for bi in range(9):
                    b = b0 + bi
                    inab = INTER[a, b]
                    if inab == 0:
                        continue
                    inba = INTER[b, a]
                    for d in range(9):
                        m = wpl[a, d]
                        if (m & (m - 1)) == 0 or (m & ~inab) != 0:
                            continue
                        gone = wpl[b, d] & ~inba
                        if gone == 0:
                            continue
                        npar = _gone_parents(s, a, d, pl[a, d] & ~m & ~inab, pos, par, 0)
                        if npar == 0:
                            continue
                        while gone:
                            p = ctz(gone)
                            gone &= gone - 1
                            toff = _nested_add(s, (UNIT[b, p] * 9 + d) * 2, par, npar, pos,
                                               epot, epst, epcnt, nent, pool, npool, qoff,
                                               toff)
        return toff
    if tech == 3:  # X-Wing: columns as base lines (rows as cover), then rows
        skip = 0  # the digits placed in more than 5 rows (no X-Wing left to find)
        for d in range(9):
            placed = 0
            for r in range(9):
                if pl[r, d] == 0:
                    placed += 1
            if placed > 5:
                skip |= 1 << d
        for side in range(2):
            base0 = 9 if side == 0 else 0
            cover0 = 0 if side == 0 else 9
            for b1 in range(1, 9):
                for b0i in range(b1):
                    for d in range(9):
                        if skip >> d & 1:
                            continue
                        x0 = wpl[base0 + b0i, d]
                        x1 = wpl[base0 + b1, d]
                        if popcount(x0) < 2 or popcount(x1) < 2:
                            continue
                        cov = x0 | x1
                        if popcount(cov) != 2:
                            continue
                        bm = (1 << b0i) | (1 << b1)
                        found = False
                        m = cov
                        while m:
                            v = ctz(m)
                            m &= m - 1
                            if wpl[cover0 + v, d] & ~bm:
                                found = True
                        if not found:
                            continue
                        npar = _gone_parents(s, base0 + b0i, d, pl[base0 + b0i, d] & ~x0 & ~cov,
                                             pos, par, 0)
                        npar = _gone_parents(s, base0 + b1, d, pl[base0 + b1, d] & ~x1 & ~cov,
                                             pos, par, npar)
                        if npar == 0:
                            continue
                        for c in range(81):  # reading order
                            if not (wcand[c] >> d & 1):
                                continue
                            bl = CELL_UNITS[c, 2] - 9 if side == 0 else CELL_UNITS[c, 1]
                            cv = CELL_UNITS[c, 1] if side == 0 else CELL_UNITS[c, 2] - 9
                            if (cov >> cv & 1) and not (bm >> bl & 1):
                                toff = _nested_add(s, (c * 9 + d) * 2, par, npar, pos, epot,
                                                   epst, epcnt, nent, pool, npool, qoff, toff)
        return toff
    for ku in range(27):  # hidden / naked pair: boxes, columns, rows
        u = 18 + ku if ku < 9 else (ku if ku < 18 else ku - 18)
        empties = 0
        for p in range(9):
            if cand[UNIT[u, p]]:
                empties += 1
        if tech == 1:
            if empties <= 4:
                continue
            for d2 in range(1, 9):
                x2 = wpl[u, d2]
                if popcount(x2) != 2:
                    continue
                for d1 in range(d2):
                    if wpl[u, d1] != x2:
                        continue
                    cells = x2
                    dm = (1 << d1) | (1 << d2)
                    found = False
                    m = cells
                    while m:
                        p = ctz(m)
                        m &= m - 1
                        if wcand[UNIT[u, p]] & ~dm:
                            found = True
                    if not found:
                        continue
                    npar = _gone_parents(s, u, d1, pl[u, d1] & ~x2, pos, par, 0)
                    npar = _gone_parents(s, u, d2, pl[u, d2] & ~x2, pos, par, npar)
                    if npar == 0:
                        continue
                    m = cells
                    while m:
                        p = ctz(m)
                        m &= m - 1
                        c = UNIT[u, p]
                        r = wcand[c] & ~dm
                        while r:
                            dd = ctz(r)
                            r &= r - 1
                            toff = _nested_add(s, (c * 9 + dd) * 2, par, npar, pos, epot,
                                               epst, epcnt, nent, pool, npool, qoff, toff)
        else:
            if empties < 4:
                continue
            for p2 in range(1, 9):
                c2 = UNIT[u, p2]
                x = wcand[c2]
                if not cand[c2] or popcount(x) != 2:
                    continue
                for p1 in range(p2):
                    c1 = UNIT[u, p1]
                    if not cand[c1] or wcand[c1] != x:
                        continue
                    pair = (1 << p1) | (1 << p2)
                    found = False
                    for p in range(9):
                        if not (pair >> p & 1) and wcand[UNIT[u, p]] & x:
                            found = True
                    if not found:
                        continue
                    npar = 0
                    for c in (c1, c2):
                        g = cand[c] & ~wcand[c]
                        while g:
                            dd = ctz(g)
                            g &= g - 1
                            h = pos[s, (c * 9 + dd) * 2]
                            if h >= 0:
                                par[npar] = h
                                npar += 1
                    if npar == 0:
                        continue
                    for p in range(9):
                        if pair >> p & 1:
                            continue
                        c = UNIT[u, p]
                        r = wcand[c] & x
                        while r:
                            dd = ctz(r)
                            r &= r - 1
                            toff = _nested_add(s, (c * 9 + dd) * 2, par, npar, pos, epot,
                                               epst, epcnt, nent, pool, npool, qoff, toff)
    return toff


#: Nested Forcing Chains & Cycles (level 2+): hints of one search round, and the words of
#: their parents and eliminations.
_MAXH = 8192
_HPOOL = 1 << 18
# hint table columns (_H_FP: the hint's fingerprint, :func:`_chain_fp`)
_H_CX, _H_KEY, _H_PST, _H_PCNT, _H_EST, _H_ECNT, _H_FP = range(7)
# fingerprints: 64-bit FNV-1a style, kept non-negative
_FP_SEED = 1469598103934665603
_FP_PRIME = 1099511628211
_FP_MASK = (1 << 63) - 1


@njit(inline=True)
def _fp_mix(h: int, x: int) -> int:
    return ((h ^ x) * _FP_PRIME) & _FP_MASK


@njit(inline=True)
def _push_parents(s: int, x: int, epst: np.ndarray, epcnt: np.ndarray, pool: np.ndarray,
                  seen: np.ndarray, mark: int, out: np.ndarray, n: int) -> int:
    """Append to ``out`` (from ``n``) each parent of entry ``x`` of slot ``s`` that ``seen``
    has not marked ``mark`` yet, marking it: one step of a walk of a potential's ancestors
    (a stack or a queue); the new count."""
    for k in range(epst[s, x], epst[s, x] + epcnt[s, x]):
        y = pool[s, k]
        if seen[y] != mark:
            seen[y] = mark
            out[n] = y
            n += 1
    return n


@njit
def _chain_fp(chain: np.ndarray, targets: int) -> int:
    """The fingerprint of a nested row 21 hint: its number of targets (a cycle has two,
    the cycle and the cycle read backwards) and its single-parent chain ``chain`` (count
    first). Two nested hints are one nested chain for the complexity (spec 5.6) when
    serate's ``FullChain`` finds them equal: the same targets, each with the same
    potentials in the same order among its ancestors (breadth first), whichever
    propagation found them; the fingerprint stands for that."""
    h = _fp_mix(_FP_SEED, targets)
    for k in range(1, chain[0] + 1):
        h = _fp_mix(h, chain[k])
    return h


@njit
def _branches_fp(slots: np.ndarray, ents: np.ndarray, nb: int, epot2: np.ndarray,
                 epst2: np.ndarray, epcnt2: np.ndarray, pool2: np.ndarray,
                 seen2: np.ndarray, ws2: np.ndarray, queue: np.ndarray,
                 nl: tuple[np.ndarray, ...], nested: bool) -> tuple[int, int]:
    """A nested hint whose targets are entries ``ents[:nb]`` of nested slots ``slots[:nb]``:
    its complexity, the sum over its targets of the distinct potentials among the target and
    its ancestors (as :func:`_ancestors` counts them), plus, when ``nested``, the nested
    hints among them (:func:`_nested_cx`, ``nl`` as there), and its fingerprint (as
    :func:`_chain_fp`): per target, it and its ancestors (every parent) breadth first, each
    once, as serate's ``getChain`` lists them. One walk a target serves both."""
    n = 0
    h = _fp_mix(_FP_SEED, nb)
    for b in range(nb):
        s2 = slots[b]
        ws2[0] += 1
        mark = ws2[0]
        seen2[ents[b]] = mark
        queue[0] = ents[b]
        head = 0
        tail = 1
        h = _fp_mix(h, -1)
        while head < tail:
            x = queue[head]
            head += 1
            h = _fp_mix(h, epot2[s2, x])
            tail = _push_parents(s2, x, epst2, epcnt2, pool2, seen2, mark, queue, tail)
        n += tail
        if nested:
            n += _nested_cx(s2, mark, seen2, nl, b == 0)
    return n, h


@njit
def _nest_work(level: int) -> tuple[np.ndarray, ...]:
    """The nested work arrays for :func:`propagate` at ``level`` (small ones below 2)."""
    big = level >= 2
    multi = level >= 3
    dyn = level >= 4
    e = _ENTRIES if multi else 1
    n = NODES if big else 1
    h = _MAXH if big else 1
    k = 1458 if big else 1  # below level 2 only the list counts (16) and 40's count are read
    a = 4096 if big else 1
    f = 81 if big else 1
    # numba: a 41-item tuple display compiles to list_to_tuple, which it cannot type
    return (np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),  # noqa: RUF005
            np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),
            np.empty(n, dtype=np.int64), np.zeros((4, k), dtype=np.int64),
            np.zeros(32, dtype=np.int64), np.zeros(LINKS if big else 1, dtype=np.int64),
            np.zeros(f, dtype=np.int64), np.zeros((19, f), dtype=np.bool_),
            np.zeros((h, 7), dtype=np.int64), np.zeros(h, dtype=np.float64),
            np.zeros(_HPOOL if big else 1, dtype=np.int64),
            np.zeros((_SLOTS, _ENTRIES if big else 1), dtype=np.int64),
            np.zeros((_SLOTS, _ENTRIES if big else 1), dtype=np.int64),
            np.zeros((_SLOTS, _ENTRIES if big else 1), dtype=np.int64),
            np.zeros(_SLOTS, dtype=np.int64), np.zeros(4, dtype=np.int64),
            np.zeros(k, dtype=np.int64), np.zeros(a, dtype=np.int64)) + (
            # 20-39: the nested slots of levels 3-5 (as chaining_row's), their branches
            np.full((_SLOTS if multi else 1, 1458 if multi else 1), -1, dtype=np.int64),
            np.empty((_SLOTS if multi else 1, e), dtype=np.int64),
            np.empty((_SLOTS if multi else 1, e), dtype=np.int64),
            np.empty((_SLOTS if multi else 1, e), dtype=np.int64),
            np.zeros(_SLOTS, dtype=np.int64),
            np.empty((_SLOTS if multi else 1, (4 * _POOL if level >= 5 else _POOL) if multi
                      else 1), dtype=np.int64),
            np.zeros(_SLOTS, dtype=np.int64), np.zeros(e, dtype=np.int64),
            np.zeros(e, dtype=np.int64), np.zeros(2, dtype=np.int64),
            np.zeros(32, dtype=np.int64), np.zeros(81, dtype=np.int64),
            np.zeros((27, 9), dtype=np.int64), np.zeros(e, dtype=np.int64),
            np.zeros(e, dtype=np.int64), np.zeros(1, dtype=np.int64),
            np.zeros(9, dtype=np.int64), np.zeros(9, dtype=np.int64),
            np.zeros(9, dtype=np.int64), np.zeros(3, dtype=np.int64),
            # 40: the nested hints a hint's complexity counted so far (count first)
            np.zeros(a, dtype=np.int64),
            # 41-43 (levels 4-5, nested Dynamic Forcing Chains): the cause of each on entry
            # of a nested slot (1 a bivalue cell, 2-4 a bilocal box, row, column), the
            # nested working grid
            np.empty((_SLOTS if dyn else 1, e), dtype=np.int64),
            np.zeros(81, dtype=np.int64), np.zeros((27, 9), dtype=np.int64))


@njit(inline=True)
def _once(h: int, out: np.ndarray, n: int, mark: np.ndarray, stamp: int) -> int:
    """Append entry ``h`` to ``out`` at ``n`` unless it is none (-1), listed already
    (``mark`` == ``stamp``) or ``out`` is full; the new count."""
    if h >= 0 and mark[h] != stamp and n < out.shape[0]:
        mark[h] = stamp
        out[n] = h
        n += 1
    return n


@njit
def _cell_gone(s: int, c: int, cand: np.ndarray, wcand: np.ndarray, pos: np.ndarray,
               out: np.ndarray, n: int, mark: np.ndarray, stamp: int) -> int:
    """Append to ``out`` (from ``n``) the entries of slot ``s`` of cell ``c``'s removed
    candidates (in ``cand``, not in ``wcand``; digit order), each entry once (``mark`` ==
    ``stamp``): what a naked single in ``c`` rests on. The new count."""
    gone = cand[c] & ~wcand[c]
    while gone:
        b = ctz(gone)
        gone &= gone - 1
        n = _once(pos[s, (c * 9 + b) * 2], out, n, mark, stamp)
    return n


@njit
def _unit_gone(s: int, u: int, d: int, pl: np.ndarray, wcand: np.ndarray, pos: np.ndarray,
               out: np.ndarray, n: int, mark: np.ndarray, stamp: int) -> int:
    """Append to ``out`` (from ``n``) the entries of slot ``s`` of unit ``u``'s removed
    places of digit ``d`` (in ``pl``, no longer in ``wcand``; unit order), each entry once
    (``mark`` == ``stamp``): what a hidden single in ``u`` rests on. The new count."""
    places = pl[u, d]
    while places:
        b = ctz(places)
        places &= places - 1
        y = UNIT[u, b]
        if wcand[y] >> d & 1:
            continue
        n = _once(pos[s, (y * 9 + d) * 2], out, n, mark, stamp)
    return n


@njit
def _rule_parents(s: int, chain: np.ndarray, cand: np.ndarray, pl: np.ndarray,
                  wcand: np.ndarray, wpl: np.ndarray, pos: np.ndarray, out: np.ndarray,
                  n: int, mark: np.ndarray, stamp: int) -> int:
    """Append to ``out`` (from ``n``) the entries of slot ``s`` of the removals that made a
    nested chain's off -> on links (``chain``: count, then its potentials, each the parent
    of the next): a bivalue cell's removed candidates (digit order), a bilocal unit's
    removed places of the digit (unit order; the unit is the first of box, row, column
    that links the two cells), each entry once (``mark`` == ``stamp``); the new count."""
    for k in range(2, chain[0] + 1):
        p = chain[k]
        if not p & 1:
            continue
        prev = chain[k - 1]
        pc = (prev >> 1) // 9
        d = (prev >> 1) % 9
        qc = (p >> 1) // 9
        if qc == pc:
            n = _cell_gone(s, pc, cand, wcand, pos, out, n, mark, stamp)
        else:
            for kind in range(3):
                u = CELL_UNITS[pc, kind]
                pm = wpl[u, d]
                if popcount(pm) == 2 and UNIT[u, ctz(pm & ~(1 << CELL_POS[pc, kind]))] == qc:
                    n = _unit_gone(s, u, d, pl, wcand, pos, out, n, mark, stamp)
                    break
    return n


@njit
def _reversed_parents(s: int, chain: np.ndarray, cand: np.ndarray, pl: np.ndarray,
                      wcand: np.ndarray, pos: np.ndarray, out: np.ndarray, n: int,
                      mark: np.ndarray, stamp: int) -> int:
    """Append to ``out`` (from ``n``) the rule parents of a cycle read backwards (serate's
    cycle hint has the cycle both ways, each node's state turned over and its cause kept):
    each off node of ``chain`` (count, then its potentials, each the parent of the next)
    becomes an on, standing on the removals of the link it came by: from its own cell,
    the cell's removed candidates (digit order); else the first of box, row, column
    holding it and its parent, that unit's removed places of the digit (unit order). Each
    entry once (``mark`` == ``stamp``); the new count."""
    for k in range(2, chain[0] + 1):
        p = chain[k]
        if p & 1:
            continue
        x = (p >> 1) // 9
        d = (p >> 1) % 9
        pc = (chain[k - 1] >> 1) // 9
        if x == pc:
            n = _cell_gone(s, x, cand, wcand, pos, out, n, mark, stamp)
            continue
        for kind in range(3):
            u = CELL_UNITS[x, kind]
            if CELL_UNITS[pc, kind] == u:
                n = _unit_gone(s, u, d, pl, wcand, pos, out, n, mark, stamp)
                break
    return n


@njit
def _keep_hint(s: int, rating: float, cx: int, key: int, chain: np.ndarray,
               elim: np.ndarray, cand: np.ndarray, pl: np.ndarray, wcand: np.ndarray,
               wpl: np.ndarray, pos: np.ndarray, nw: tuple[np.ndarray, ...],
               cycle: bool) -> None:
    """Record one nested row 21 hint (its eliminations ``elim``, a digit mask a cell) with
    its rule parents, unless it has none (it was there without the chain); a ``cycle``'s
    also those of the cycle read backwards (:func:`_reversed_parents`)."""
    nw[17][3] += 1
    npar = _rule_parents(s, chain, cand, pl, wcand, wpl, pos, nw[19], 0, nw[18], nw[17][3])
    if cycle:
        npar = _reversed_parents(s, chain, cand, pl, wcand, pos, nw[19], npar, nw[18],
                                 nw[17][3])
    if npar:
        _store_hint(rating, cx, key, npar, elim, nw, _chain_fp(chain, 2 if cycle else 1))


@njit
def _store_hint(rating: float, cx: int, key: int, npar: int, elim: np.ndarray,
                nw: tuple[np.ndarray, ...], fp: int) -> None:
    """Record a nested hint whose rule parents are ``nw[19][:npar]`` (``npar`` >= 1: a hint
    without any is left out by its caller); ``fp``: its fingerprint (:func:`_chain_fp`)."""
    ht = nw[10]
    hr = nw[11]
    hp = nw[12]
    ctr = nw[17]
    nh = ctr[2]
    if nh >= ht.shape[0]:
        return
    top = ht[nh - 1, _H_EST] + ht[nh - 1, _H_ECNT] if nh > 0 else 0
    need = npar
    for x in range(81):
        need += popcount(elim[x])
    if top + need > hp.shape[0]:
        return
    scratch = nw[19]
    ht[nh, _H_CX] = cx
    ht[nh, _H_KEY] = key
    ht[nh, _H_FP] = fp
    ht[nh, _H_PST] = top
    ht[nh, _H_PCNT] = npar
    for i in range(npar):
        hp[top + i] = scratch[i]
    top += npar
    ne = 0
    for x in range(81):
        m = elim[x]
        while m:
            d = ctz(m)
            m &= m - 1
            hp[top + ne] = (x * 9 + d) * 2
            ne += 1
    ht[nh, _H_EST] = top
    ht[nh, _H_ECNT] = ne
    hr[nh] = rating
    ctr[2] = nh + 1


@njit
def _nested_chains(s: int, cand: np.ndarray, val: np.ndarray, pl: np.ndarray,
                   wcand: np.ndarray, wpl: np.ndarray, pos: np.ndarray, epot: np.ndarray,
                   epst: np.ndarray, epcnt: np.ndarray, nent: np.ndarray, pool: np.ndarray,
                   npool: np.ndarray, qoff: np.ndarray, toff: int,
                   nw: tuple[np.ndarray, ...]) -> int:
    """Level 2's nested technique: Forcing Chains & Cycles (row 21, static) on the working
    grid. Every hint of the row is collected in its discovery order (passes X, Y, XY; cells
    in reading order, digits ascending; per start its cycles, then its forcing chains),
    stably sorted by (rating, complexity, sort key); each hint's eliminations, cells in
    reading order and digits ascending, become off entries of slot ``s`` (unless there)
    whose parents are the hint's rule parents (:func:`_rule_parents`); a hint without any
    is left out. Each entry so added is listed with the hint's id and complexity (the
    nested complexity of 5.6). The new queue end."""
    npot, npar, ndep, cur, nxt, marks, qs, chain, elim, cyc = (
        nw[0], nw[1], nw[2], nw[3], nw[4], nw[5], nw[6], nw[7], nw[8], nw[9])
    ctr = nw[17]
    ctr[2] = 0
    for mode in (_X, _Y, _X | _Y):
        key = 2 if mode == _X else (3 if mode == _Y else 4)
        cbase = 7.0 if mode == _X | _Y else 6.5
        fbase = 7.0 if mode == _X | _Y else 6.6
        chains = mode & _X != 0
        for c0 in range(81):
            if val[c0]:
                continue
            nc = popcount(wcand[c0])
            if nc < 2 or (mode == _Y and nc != 2):
                continue
            m0 = wcand[c0]
            while m0:
                d0 = ctz(m0)
                m0 &= m0 - 1
                for side in range(2):
                    if side == 1 and mode == _Y:
                        break
                    start = (c0 * 9 + d0) * 2 + 1 - side
                    ctr[0] += 1
                    stamp_on = ctr[0]
                    start_on = 1 - side
                    npot[0] = start
                    npar[0] = -1
                    ndep[0] = 0
                    n = 1
                    target = -1
                    ncur = 0
                    nn = 0
                    if start_on:
                        marks[0, start] = stamp_on
                        cur[0] = 0
                        ncur = 1
                        if mode & _Y and nc == 2:
                            e = ctz(wcand[c0] & ~(1 << d0))
                            marks[3, (c0 * 9 + e) * 2] = stamp_on
                        if mode & _X:
                            for kind in range(3):
                                u = CELL_UNITS[c0, kind]
                                pm = wpl[u, d0]
                                if popcount(pm) == 2:
                                    x = UNIT[u, ctz(pm & ~(1 << CELL_POS[c0, kind]))]
                                    marks[3, (x * 9 + d0) * 2] = stamp_on
                    else:
                        nxt[0] = 0
                        nn = 1
                    phase_on = start_on == 1
                    depth = 0
                    while True:
                        if phase_on:
                            if ncur == 0:
                                break
                            nn = 0
                            for i in range(ncur):
                                node = cur[i]
                                pot = npot[node]
                                c = (pot >> 1) // 9
                                d = (pot >> 1) % 9
                                nq = 0
                                if mode & _Y:
                                    m = wcand[c] & ~(1 << d)
                                    while m:
                                        qs[nq] = (c * 9 + ctz(m)) * 2
                                        nq += 1
                                        m &= m - 1
                                for k in range(20):
                                    x = PEERS[c, k]
                                    if (wcand[x] >> d) & 1:
                                        qs[nq] = (x * 9 + d) * 2
                                        nq += 1
                                for t in range(nq):
                                    q = qs[t]
                                    if q == start:
                                        continue  # the start off: every node's ancestor
                                    if marks[2, q] == stamp_on:
                                        # queued before: dropped unless it can close a
                                        # cycle (marks[3]) and is no ancestor of the node
                                        # (every other off ancestor was queued, so the
                                        # first-parent walk is needed only here)
                                        if marks[3, q] != stamp_on:
                                            continue
                                        j = node
                                        while j >= 0 and npot[j] != q:
                                            j = npar[j]
                                        if j >= 0:
                                            continue
                                    if n >= npot.shape[0]:
                                        break
                                    marks[2, q] = stamp_on
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
                            ncur = 0
                            for i in range(nn):
                                node = nxt[i]
                                pot = npot[node]
                                c = (pot >> 1) // 9
                                d = (pot >> 1) % 9
                                nq = 0
                                if mode & _Y and popcount(wcand[c]) == 2:
                                    qs[0] = (c * 9 + ctz(wcand[c] & ~(1 << d))) * 2 + 1
                                    nq = 1
                                if mode & _X:
                                    for kind in range(3):
                                        u = CELL_UNITS[c, kind]
                                        pm = wpl[u, d]
                                        if popcount(pm) == 2:
                                            x = UNIT[u, ctz(pm & ~(1 << CELL_POS[c, kind]))]
                                            qs[nq] = (x * 9 + d) * 2 + 1
                                            nq += 1
                                for t in range(nq):
                                    q = qs[t]
                                    if start_on and q == start and depth + 1 >= 4:
                                        cx = depth + 1
                                        _chain(npot, npar, node, chain)
                                        chain[0] += 1
                                        chain[chain[0]] = start
                                        if _cycle_elims(wcand, chain, elim, cyc):
                                            _keep_hint(s, cbase + length_increment(cx), cx,
                                                       key, chain, elim, cand, pl, wcand,
                                                       wpl, pos, nw, True)
                                    if marks[0, q] != stamp_on:
                                        if n >= npot.shape[0]:
                                            break
                                        marks[0, q] = stamp_on
                                        npot[n] = q
                                        npar[n] = node
                                        ndep[n] = depth + 1
                                        if not start_on and q == start + 1:
                                            target = n
                                        cur[ncur] = n
                                        ncur += 1
                                        n += 1
                            depth += 1
                            phase_on = True
                            if target >= 0 and not start_on:
                                break
                    if target >= 0:
                        cx = ndep[target] + 1
                        _chain(npot, npar, target, chain)
                        for x in range(81):
                            elim[x] = 0
                        if start_on:
                            elim[c0] = 1 << d0
                        else:
                            elim[c0] = wcand[c0] & ~(1 << d0)
                        _keep_hint(s, fbase + length_increment(cx), cx, key, chain, elim,
                                   cand, pl, wcand, wpl, pos, nw, False)
    return _add_hints(s, pos, epot, epst, epcnt, nent, pool, npool, qoff, toff, nw)


@njit
def _add_hints(s: int, pos: np.ndarray, epot: np.ndarray, epst: np.ndarray,
               epcnt: np.ndarray, nent: np.ndarray, pool: np.ndarray, npool: np.ndarray,
               qoff: np.ndarray, toff: int, nw: tuple[np.ndarray, ...]) -> int:
    """The nested hints recorded (``nw[10:13]``), stably sorted by (rating, complexity,
    sort key): their eliminations become off entries of slot ``s`` (unless there) with the
    hint's rule parents, listed with the hint's fingerprint (its identity for the nested
    complexity, :func:`_chain_fp`) and complexity; the new queue end."""
    ctr = nw[17]
    nh = ctr[2]
    if nh == 0:
        return toff
    ht = nw[10]
    hp = nw[12]
    # stable sort by (rating, complexity, sort key): least significant first
    order = np.argsort(ht[:nh, _H_KEY], kind="mergesort")
    o2 = np.argsort(ht[order, _H_CX], kind="mergesort")
    order = order[o2]
    o3 = np.argsort(nw[11][order], kind="mergesort")
    order = order[o3]
    nlent, nlid, nlcx, nlcnt = nw[13], nw[14], nw[15], nw[16]
    for i in range(nh):
        h = order[i]
        pst = ht[h, _H_PST]
        npr = ht[h, _H_PCNT]
        for k in range(ht[h, _H_EST], ht[h, _H_EST] + ht[h, _H_ECNT]):
            q = hp[k]
            if pos[s, q] >= 0:
                continue
            if npool[s] + npr > pool.shape[1] or nent[s] >= epot.shape[1] - 1:
                return toff
            a = _entry(s, q, epot, epst, epcnt, nent, npool)
            for j in range(npr):
                _parent(s, a, hp[pst + j], epcnt, pool, npool)
            pos[s, q] = a
            qoff[toff] = a
            toff += 1
            t = nlcnt[s]
            nlent[s, t] = a
            nlid[s, t] = ht[h, _H_FP]
            nlcx[s, t] = ht[h, _H_CX]
            nlcnt[s] = t + 1
    return toff


@njit
def _plain_propagate(s: int, start: int, cand: np.ndarray, pl: np.ndarray, pos: np.ndarray,
                     epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray,
                     nent: np.ndarray, pool: np.ndarray, npool: np.ndarray, qon: np.ndarray,
                     qoff: np.ndarray, ons: np.ndarray) -> None:
    """:func:`propagate`, static, all links, no nesting, on the grid ``cand``/``pl`` (a
    nested Multiple Forcing Chains branch): stops at a contradiction, as it does."""
    _reset_slot(s, pos, epot, nent, npool)
    e0 = _entry(s, start, epot, epst, epcnt, nent, npool)
    pos[s, start] = e0
    hon = 0
    ton = 0
    hoff = 0
    toff = 0
    if start & 1:
        qon[0] = e0
        ton = 1
    else:
        qoff[0] = e0
        toff = 1
    while True:
        if hon < ton:
            e = qon[hon]
            hon += 1
            p = epot[s, e]
            c = (p >> 1) // 9
            d = (p >> 1) % 9
            for step in range(4):
                if step == 0:
                    m = cand[c] & ~(1 << d)
                    base = c * 9
                    mul = 1
                else:
                    u = CELL_UNITS[c, step - 1]
                    m = pl[u, d] & ~(1 << CELL_POS[c, step - 1])
                    base = u
                    mul = 0
                while m:
                    b = ctz(m)
                    m &= m - 1
                    q = (c * 9 + b) * 2 if mul else (UNIT[base, b] * 9 + d) * 2
                    if pos[s, q + 1] >= 0:
                        return
                    if pos[s, q] < 0:
                        a = _entry(s, q, epot, epst, epcnt, nent, npool)
                        _parent(s, a, e, epcnt, pool, npool)
                        pos[s, q] = a
                        qoff[toff] = a
                        toff += 1
        elif hoff < toff:
            e = qoff[hoff]
            hoff += 1
            p = epot[s, e]
            c = (p >> 1) // 9
            d = (p >> 1) % 9
            non = 0
            if popcount(cand[c]) == 2:
                ons[non] = (c * 9 + ctz(cand[c] & ~(1 << d))) * 2 + 1
                non += 1
            for kind in range(3):
                u = CELL_UNITS[c, kind]
                pm = pl[u, d]
                if popcount(pm) == 2:
                    x = UNIT[u, ctz(pm & ~(1 << CELL_POS[c, kind]))]
                    ons[non] = (x * 9 + d) * 2 + 1
                    non += 1
            for k in range(non):
                q = ons[k]
                if pos[s, q - 1] < 0 and pos[s, q] >= 0:
                    continue
                if pos[s, q - 1] >= 0:
                    return
                a = _entry(s, q, epot, epst, epcnt, nent, npool)
                _parent(s, a, e, epcnt, pool, npool)
                pos[s, q] = a
                qon[ton] = a
                ton += 1
        else:
            return


#: ``start`` of :func:`_start_parents` for a cell forcing hint (a unit number, 0-26, for a
#: region forcing hint; -1 for a contradiction or double forcing hint, whose start has none)
START_CELL = 27


@njit
def _start_parents(s: int, p: int, start: int, cand: np.ndarray, pl: np.ndarray,
                   wcand: np.ndarray, pos: np.ndarray, out: np.ndarray, n: int,
                   mark: np.ndarray, stamp: int) -> int:
    """Append to ``out`` (from ``n``) the entries of outer slot ``s`` of the removals that
    the start ``p`` (an on) of a nested cell or region forcing branch stands on: a cell
    forcing hint's digits are the cell's candidates left, so the cell's removed ones
    (digit order); a region forcing hint's places are the unit's places of the digit
    left, so its removed places (unit order); each entry once (``mark`` == ``stamp``).
    ``start``: :data:`START_CELL`, the unit, or -1 (nothing); the new count."""
    if start < 0:
        return n
    c = (p >> 1) // 9
    d = (p >> 1) % 9
    if start == START_CELL:
        return _cell_gone(s, c, cand, wcand, pos, out, n, mark, stamp)
    return _unit_gone(s, start, d, pl, wcand, pos, out, n, mark, stamp)


@njit
def _branch_parents(s: int, s2: int, e2: int, start: int, cand: np.ndarray,
                    pl: np.ndarray, wcand: np.ndarray, wpl: np.ndarray, pos: np.ndarray,
                    nw: tuple[np.ndarray, ...], n: int) -> int:
    """Append to ``nw[19]`` the rule parents (in outer slot ``s``) of a nested Multiple
    Forcing Chains branch: entry ``e2`` of nested slot ``s2`` and all its ancestors, each
    on one's link checked by :func:`_rule_parents`, the branch's start by
    :func:`_start_parents` (``start``); the new count."""
    epot2, epst2, epcnt2, pool2 = nw[21], nw[22], nw[23], nw[25]
    seen2, stack2, ws2, chain3 = nw[33], nw[34], nw[35], nw[39]
    ws2[0] += 1
    mark = ws2[0]
    seen2[e2] = mark
    stack2[0] = e2
    top = 1
    while top:
        top -= 1
        x = stack2[top]
        p = epot2[s2, x]
        if epcnt2[s2, x] > 0 and p & 1:
            chain3[0] = 2
            chain3[1] = epot2[s2, pool2[s2, epst2[s2, x]]]
            chain3[2] = p
            n = _rule_parents(s, chain3, cand, pl, wcand, wpl, pos, nw[19], n, nw[18],
                              nw[17][3])
        elif p & 1:
            n = _start_parents(s, p, start, cand, pl, wcand, pos, nw[19], n, nw[18],
                               nw[17][3])
        top = _push_parents(s2, x, epst2, epcnt2, pool2, seen2, mark, stack2, top)
    return n


@njit
def _multi_agree(s: int, slots: np.ndarray, nb: int, key: int, start: int,
                 cand: np.ndarray, pl: np.ndarray, wcand: np.ndarray, wpl: np.ndarray,
                 pos: np.ndarray, nw: tuple[np.ndarray, ...]) -> None:
    """Record every result the nested branches ``slots[:nb]`` agree on (first branch's
    order, on ones then off ones) that changes the working grid, as a nested hint
    (``start``: the unit of region forcing, :data:`START_CELL` for cell forcing)."""
    pos2, epot2, epst2, epcnt2, nent2, pool2 = nw[20], nw[21], nw[22], nw[23], nw[24], nw[25]
    seen2, stack2, ws2, ents2 = nw[33], nw[34], nw[35], nw[37]
    elim = nw[8]
    s0 = slots[0]
    for state in (1, 0):
        for i in range(nent2[s0]):
            q = epot2[s0, i]
            if q & 1 != state or pos2[s0, q] != i:
                continue
            ents2[0] = i
            common = True
            for b in range(1, nb):
                j = pos2[slots[b], q]
                if j < 0:
                    common = False
                    break
                ents2[b] = j
            if not common or not _worth(wcand, q):
                continue
            nw[17][3] += 1
            npar = 0
            for b in range(nb):
                npar = _branch_parents(s, slots[b], ents2[b], start, cand, pl, wcand, wpl,
                                       pos, nw, npar)
            if npar == 0:
                continue
            cx, fp = _branches_fp(slots, ents2, nb, epot2, epst2, epcnt2, pool2, seen2, ws2,
                                  stack2, (nw[13], nw[14], nw[15], nw[16], nw[40]), False)
            qc = (q >> 1) // 9
            qd = (q >> 1) % 9
            for x in range(81):
                elim[x] = 0
            elim[qc] = wcand[qc] & ~(1 << qd) if q & 1 else 1 << qd
            _store_hint(8.0 + length_increment(cx), cx, key, npar, elim, nw, fp)


@njit
def _nested_multiple(s: int, cand: np.ndarray, val: np.ndarray, pl: np.ndarray,
                     wcand: np.ndarray, wpl: np.ndarray, pos: np.ndarray, epot: np.ndarray,
                     epst: np.ndarray, epcnt: np.ndarray, nent: np.ndarray,
                     pool: np.ndarray, npool: np.ndarray, qoff: np.ndarray, toff: int,
                     nw: tuple[np.ndarray, ...]) -> int:
    """Level 3's nested technique: Multiple Forcing Chains (row 24, static: cell and region
    forcing from the cells with 3+ candidates) on the working grid, every hint collected
    in discovery order and added as :func:`_add_hints` does; the rule parents of a hint are
    those of every branch's ancestors (:func:`_branch_parents`)."""
    pos2, epot2, epst2, epcnt2, nent2, pool2, npool2 = (nw[20], nw[21], nw[22], nw[23],
                                                        nw[24], nw[25], nw[26])
    qon2, qoff2, ons2 = nw[27], nw[28], nw[30]
    slots2, digit2 = nw[36], nw[38]
    nw[17][2] = 0
    for c in range(81):
        if val[c] or popcount(wcand[c]) < 3:
            continue
        nd = 0
        m = wcand[c]
        while m:
            d = ctz(m)
            m &= m - 1
            so = nd
            digit2[nd] = so
            nd += 1
            _plain_propagate(so, (c * 9 + d) * 2 + 1, wcand, wpl, pos2, epot2, epst2, epcnt2,
                             nent2, pool2, npool2, qon2, qoff2, ons2)
            for kind in range(3):
                u = CELL_UNITS[c, kind]
                pm = wpl[u, d]
                if popcount(pm) < 2 or UNIT[u, ctz(pm)] != c:
                    continue
                nb = 0
                mm = pm
                while mm:
                    b = ctz(mm)
                    mm &= mm - 1
                    x = UNIT[u, b]
                    if x == c:
                        slots2[nb] = so
                    else:
                        slots2[nb] = _REG + nb
                        _plain_propagate(_REG + nb, (x * 9 + d) * 2 + 1, wcand, wpl, pos2,
                                         epot2, epst2, epcnt2, nent2, pool2, npool2, qon2,
                                         qoff2, ons2)
                    nb += 1
                _multi_agree(s, slots2, nb, 6, u, cand, pl, wcand, wpl, pos, nw)
        _multi_agree(s, digit2, nd, 5, START_CELL, cand, pl, wcand, wpl, pos, nw)
    return _add_hints(s, pos, epot, epst, epcnt, nent, pool, npool, qoff, toff, nw)


@njit(inline=True)
def _on_offs(s: int, e: int, xonly: bool, wcand: np.ndarray, wpl: np.ndarray,
             pos: np.ndarray, epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray,
             nent: np.ndarray, pool: np.ndarray, npool: np.ndarray, qoff: np.ndarray,
             toff: int, res: np.ndarray) -> int:
    """The offs that the on entry ``e`` of slot ``s`` implies on the working grid
    ``wcand``/``wpl`` (the cell's other digits unless ``xonly``, the digit's other places in
    the cell's three units), each new one an entry queued at ``qoff[toff]``: the queue's new
    end, or -1 on a contradiction (an implied off already on; ``res`` then holds the
    entries of that on and of the new off)."""
    p = epot[s, e]
    c = (p >> 1) // 9
    d = (p >> 1) % 9
    for step in range(4):
        if step == 0:
            if xonly:
                continue
            m = wcand[c] & ~(1 << d)
            base = c * 9
            mul = 1
        else:
            u = CELL_UNITS[c, step - 1]
            m = wpl[u, d] & ~(1 << CELL_POS[c, step - 1])
            base = u
            mul = 0
        while m:
            b = ctz(m)
            m &= m - 1
            q = (c * 9 + b) * 2 if mul else (UNIT[base, b] * 9 + d) * 2
            if pos[s, q + 1] >= 0:  # the cell and digit is on: contradiction
                a = _entry(s, q, epot, epst, epcnt, nent, npool)
                _parent(s, a, e, epcnt, pool, npool)
                res[0] = pos[s, q + 1]
                res[1] = a
                return -1
            if pos[s, q] < 0:
                a = _entry(s, q, epot, epst, epcnt, nent, npool)
                _parent(s, a, e, epcnt, pool, npool)
                pos[s, q] = a
                qoff[toff] = a
                toff += 1
    return toff


@njit
def _dyn_propagate(s: int, start: int, cand: np.ndarray, val: np.ndarray, pl: np.ndarray,
                   wcand: np.ndarray, wpl: np.ndarray, inner: int, pos: np.ndarray,
                   epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray, ecause: np.ndarray,
                   nent: np.ndarray, pool: np.ndarray, npool: np.ndarray, qon: np.ndarray,
                   qoff: np.ndarray, res: np.ndarray, ons: np.ndarray,
                   nwi: tuple[np.ndarray, ...]) -> bool:
    """:func:`propagate_nested`, dynamic with all links, for a nested Dynamic Forcing Chains
    search (levels 4-5) on the grid ``cand``/``pl`` (the outer chain's working grid) into
    the nested slot arrays: each on entry derived from an off also notes its cause in
    ``ecause`` (1 the bivalue cell, 2-4 the bilocal box, row, column), from which
    :func:`_cause_parents` finds the outer removals the link needed. ``inner``: the nesting
    level of the nested search itself (0, or 2 at level 5: pointing/claiming, hidden and
    naked pair, X-Wing, then Forcing Chains & Cycles with the work arrays ``nwi``)."""
    _reset_slot(s, pos, epot, nent, npool)
    if inner >= 2:  # (below level 5 ``nwi`` is the outer search's own ``nw``: left alone)
        nwi[16][s] = 0
    e0 = _entry(s, start, epot, epst, epcnt, nent, npool)
    pos[s, start] = e0
    for c in range(81):
        wcand[c] = cand[c]
    for u in range(27):
        for d in range(9):
            wpl[u, d] = pl[u, d]
    hon = 0
    ton = 0
    hoff = 0
    toff = 0
    if start & 1:
        qon[0] = e0
        ton = 1
    else:
        qoff[0] = e0
        toff = 1
    while True:
        if hon < ton:
            toff = _on_offs(s, qon[hon], False, wcand, wpl, pos, epot, epst, epcnt, nent, pool,
                            npool, qoff, toff, res)
            hon += 1
            if toff < 0:
                return True
        elif hoff < toff:
            e = qoff[hoff]
            hoff += 1
            p = epot[s, e]
            c = (p >> 1) // 9
            d = (p >> 1) % 9
            non = 0
            if popcount(wcand[c]) == 2:
                ons[non] = (c * 9 + ctz(wcand[c] & ~(1 << d))) * 2 + 1
                non += 1
            for kind in range(3):
                u = CELL_UNITS[c, kind]
                pm = wpl[u, d]
                if popcount(pm) == 2:
                    x = UNIT[u, ctz(pm & ~(1 << CELL_POS[c, kind]))]
                    ons[non] = (x * 9 + d) * 2 + 1
                    non += 1
            for k in range(non):
                q = ons[k]
                if pos[s, q - 1] < 0 and pos[s, q] >= 0:
                    continue  # known, and no contradiction: nothing to add
                a = _entry(s, q, epot, epst, epcnt, nent, npool)
                _parent(s, a, e, epcnt, pool, npool)
                qc = (q >> 1) // 9
                if k == 0 and qc == c and popcount(wcand[c]) == 2:
                    ecause[s, a] = 1
                    gone = cand[c] & ~wcand[c]
                    while gone:
                        b = ctz(gone)
                        gone &= gone - 1
                        h = pos[s, (c * 9 + b) * 2]
                        if h >= 0:
                            _parent(s, a, h, epcnt, pool, npool)
                else:
                    # the unit this on comes from: the first (box, row, column) whose
                    # two places are the cell and the on's cell
                    for kind in range(3):
                        u = CELL_UNITS[c, kind]
                        pm = wpl[u, d]
                        if popcount(pm) == 2 and \
                                UNIT[u, ctz(pm & ~(1 << CELL_POS[c, kind]))] == qc:
                            ecause[s, a] = 2 + kind
                            gone = pl[u, d] & ~pm
                            while gone:
                                b = ctz(gone)
                                gone &= gone - 1
                                h = pos[s, (UNIT[u, b] * 9 + d) * 2]
                                if h >= 0:
                                    _parent(s, a, h, epcnt, pool, npool)
                            break
                if pos[s, q - 1] >= 0:  # the cell and digit is off: contradiction
                    res[0] = a
                    res[1] = pos[s, q - 1]
                    _remove(wcand, wpl, c, d)
                    return True
                pos[s, q] = a
                qon[ton] = a
                ton += 1
            _remove(wcand, wpl, c, d)
        else:
            if inner > 0:
                t = _nested_level1(s, cand, pl, wcand, wpl, pos, epot, epst, epcnt, nent,
                                   pool, npool, qoff, toff, ons)
                if t == toff and inner >= 2:
                    t = _nested_chains(s, cand, val, pl, wcand, wpl, pos, epot, epst, epcnt,
                                       nent, pool, npool, qoff, toff, nwi)
                if t > toff:
                    toff = t
                    continue
            return False


@njit
def _cause_parents(s: int, s2: int, e2: int, start: int, cand: np.ndarray,
                   pl: np.ndarray, wcand: np.ndarray, pos: np.ndarray,
                   nw: tuple[np.ndarray, ...], n: int) -> int:
    """Append to ``nw[19]`` the rule parents (in outer slot ``s``) of a nested Dynamic
    Forcing Chains target, entry ``e2`` of nested slot ``s2``: for it and each of its
    ancestors (every parent) that is an on derived from an off, the outer removals
    (``cand``/``pl``, the outer chain's start grid, against ``wcand``, its working grid)
    of its cause (:func:`_dyn_propagate`): the bivalue cell's candidates (digit order) or
    the bilocal unit's places of the digit (unit order), each entry once; a branch's start,
    those of :func:`_start_parents` (``start``); the new count."""
    epot2, epst2, epcnt2, pool2 = nw[21], nw[22], nw[23], nw[25]
    seen2, stack2, ws2, ecause = nw[33], nw[34], nw[35], nw[41]
    mark = nw[18]
    stamp = nw[17][3]
    out = nw[19]
    ws2[0] += 1
    m2 = ws2[0]
    seen2[e2] = m2
    stack2[0] = e2
    top = 1
    while top:
        top -= 1
        x = stack2[top]
        p = epot2[s2, x]
        if epcnt2[s2, x] > 0 and p & 1:
            c = (p >> 1) // 9
            d = (p >> 1) % 9
            cause = ecause[s2, x]
            if cause == 1:
                n = _cell_gone(s, c, cand, wcand, pos, out, n, mark, stamp)
            elif cause >= 2:
                n = _unit_gone(s, CELL_UNITS[c, cause - 2], d, pl, wcand, pos, out, n, mark,
                               stamp)
        elif p & 1:
            n = _start_parents(s, p, start, cand, pl, wcand, pos, out, n, mark, stamp)
        top = _push_parents(s2, x, epst2, epcnt2, pool2, seen2, m2, stack2, top)
    return n


@njit
def _dyn_hint(s: int, inner: int, key: int, start: int, target: int, slots: np.ndarray,
              ents: np.ndarray, nb: int, cand: np.ndarray, pl: np.ndarray,
              wcand: np.ndarray, pos: np.ndarray, nw: tuple[np.ndarray, ...],
              nwi: tuple[np.ndarray, ...]) -> None:
    """Record a nested Dynamic Forcing Chains hint on ``target`` (an on places the digit:
    the cell's other candidates go; an off removes it) whose branches are entries
    ``ents[:nb]`` of nested slots ``slots[:nb]``: unless each of its eliminations is in
    outer slot ``s`` already (it would add nothing) or it has no rule parents
    (:func:`_cause_parents`; ``start`` as there). Its complexity: the branches' ancestors,
    plus at ``inner`` level 2 the complexity of each distinct nested hint among them
    (5.6)."""
    qc = (target >> 1) // 9
    qd = (target >> 1) % 9
    el = wcand[qc] & ~(1 << qd) if target & 1 else 1 << qd
    new = False
    m = el
    while m:
        if pos[s, (qc * 9 + ctz(m)) * 2] < 0:
            new = True
            break
        m &= m - 1
    if not new:
        return
    nw[17][3] += 1
    npar = 0
    for b in range(nb):
        npar = _cause_parents(s, slots[b], ents[b], start, cand, pl, wcand, pos, nw, npar)
    if npar == 0:
        return
    epst2, epcnt2, pool2 = nw[22], nw[23], nw[25]
    seen2, stack2, ws2 = nw[33], nw[34], nw[35]
    # at inner level 2+ with the nested hints among the ancestors
    cx, fp = _branches_fp(slots, ents, nb, nw[21], epst2, epcnt2, pool2, seen2, ws2, stack2,
                          (nwi[13], nwi[14], nwi[15], nwi[16], nwi[40]), inner >= 2)
    elim = nw[8]
    for x in range(81):
        elim[x] = 0
    elim[qc] = el
    base = 8.5 if inner == 0 else 9.5 + 0.5 * (inner - 2)
    _store_hint(base + length_increment(cx), cx, key, npar, elim, nw, fp)


@njit
def _dyn_agree(s: int, inner: int, key: int, start: int, slots: np.ndarray, nb: int,
               cand: np.ndarray, pl: np.ndarray, wcand: np.ndarray, pos: np.ndarray,
               nw: tuple[np.ndarray, ...], nwi: tuple[np.ndarray, ...]) -> None:
    """Every result the nested branches ``slots[:nb]`` agree on (first branch's order, on
    ones then off ones) that changes the working grid, as a nested hint (:func:`_dyn_hint`)."""
    pos2, epot2, nent2, ents2 = nw[20], nw[21], nw[24], nw[37]
    s0 = slots[0]
    for state in (1, 0):
        for i in range(nent2[s0]):
            q = epot2[s0, i]
            if q & 1 != state or pos2[s0, q] != i:
                continue
            ents2[0] = i
            common = True
            for b in range(1, nb):
                j = pos2[slots[b], q]
                if j < 0:
                    common = False
                    break
                ents2[b] = j
            if not common or not _worth(wcand, q):
                continue
            _dyn_hint(s, inner, key, start, q, slots, ents2, nb, cand, pl, wcand, pos, nw,
                      nwi)


@njit
def _nested_dynamic(s: int, inner: int, cand: np.ndarray, val: np.ndarray, pl: np.ndarray,
                    wcand: np.ndarray, wpl: np.ndarray, pos: np.ndarray, epot: np.ndarray,
                    epst: np.ndarray, epcnt: np.ndarray, nent: np.ndarray,
                    pool: np.ndarray, npool: np.ndarray, qoff: np.ndarray, toff: int,
                    nw: tuple[np.ndarray, ...], nwi: tuple[np.ndarray, ...]) -> int:
    """Levels 4-5's nested technique: Dynamic Forcing Chains (row 25; at ``inner`` level
    2, level 5's second one, with its own nesting) on the working grid, every hint
    (contradictions, double, region and cell forcing, in :func:`chaining_row`'s discovery
    order) collected and added as :func:`_add_hints` does; a hint's rule parents are those
    of its targets' ancestors (:func:`_cause_parents`)."""
    pos2, epot2, epst2, epcnt2, nent2, pool2, npool2 = (nw[20], nw[21], nw[22], nw[23],
                                                        nw[24], nw[25], nw[26])
    qon2, qoff2, ons2 = nw[27], nw[28], nw[30]
    slots2, digit2, ecause, wc2, wp2, res2 = nw[36], nw[38], nw[41], nw[42], nw[43], nw[29]
    ents3 = nw[39]
    nw[17][2] = 0
    for c in range(81):
        if val[c]:
            continue
        n = popcount(wcand[c])
        if n < 2:
            continue
        nd = 0
        m = wcand[c]
        while m:
            d = ctz(m)
            m &= m - 1
            so = nd
            digit2[nd] = so
            nd += 1
            pon = (c * 9 + d) * 2 + 1
            # contradictions: from "on" (removes the digit), from "off" (places it)
            hit = _dyn_propagate(so, pon, wcand, val, wpl, wc2, wp2, inner, pos2, epot2,
                                 epst2, epcnt2, ecause, nent2, pool2, npool2, qon2, qoff2,
                                 res2, ons2, nwi)
            if hit and _worth(wcand, pon - 1):
                slots2[0] = so
                slots2[1] = so
                ents3[0] = res2[0]
                ents3[1] = res2[1]
                _dyn_hint(s, inner, 7, -1, pon - 1, slots2, ents3, 2, cand, pl, wcand, pos,
                          nw, nwi)
            hit = _dyn_propagate(_OFF, pon - 1, wcand, val, wpl, wc2, wp2, inner, pos2, epot2,
                                 epst2, epcnt2, ecause, nent2, pool2, npool2, qon2, qoff2,
                                 res2, ons2, nwi)
            if hit and _worth(wcand, pon):
                slots2[0] = _OFF
                slots2[1] = _OFF
                ents3[0] = res2[0]
                ents3[1] = res2[1]
                _dyn_hint(s, inner, 7, -1, pon, slots2, ents3, 2, cand, pl, wcand, pos, nw,
                          nwi)
            if n >= 3:  # double forcing: on results, then off ones
                for state in (1, 0):
                    for i in range(nent2[so]):
                        q = epot2[so, i]
                        if q & 1 != state or pos2[so, q] != i:
                            continue
                        j = pos2[_OFF, q]
                        if j < 0 or not _worth(wcand, q):
                            continue
                        slots2[0] = so
                        slots2[1] = _OFF
                        ents3[0] = i
                        ents3[1] = j
                        _dyn_hint(s, inner, 1, -1, q, slots2, ents3, 2, cand, pl, wcand,
                                  pos, nw, nwi)
            for kind in range(3):  # region forcing
                u = CELL_UNITS[c, kind]
                pm = wpl[u, d]
                if popcount(pm) < 2 or UNIT[u, ctz(pm)] != c:
                    continue
                nb = 0
                mm = pm
                while mm:
                    b = ctz(mm)
                    mm &= mm - 1
                    x = UNIT[u, b]
                    if x == c:
                        slots2[nb] = so
                    else:
                        slots2[nb] = _REG + nb
                        _dyn_propagate(_REG + nb, (x * 9 + d) * 2 + 1, wcand, val, wpl, wc2,
                                       wp2, inner, pos2, epot2, epst2, epcnt2, ecause, nent2,
                                       pool2, npool2, qon2, qoff2, res2, ons2, nwi)
                    nb += 1
                _dyn_agree(s, inner, 6, u, slots2, nb, cand, pl, wcand, pos, nw, nwi)
        _dyn_agree(s, inner, 5, START_CELL, digit2, nd, cand, pl, wcand, pos, nw, nwi)
    return _add_hints(s, pos, epot, epst, epcnt, nent, pool, npool, qoff, toff, nw)


@njit
def nested_offs(level: int, s: int, cand: np.ndarray, val: np.ndarray, pl: np.ndarray,
                wcand: np.ndarray, wpl: np.ndarray, pos: np.ndarray, epot: np.ndarray,
                epst: np.ndarray, epcnt: np.ndarray, nent: np.ndarray, pool: np.ndarray,
                npool: np.ndarray, qoff: np.ndarray, toff: int, par: np.ndarray,
                nw: tuple[np.ndarray, ...], nwi: tuple[np.ndarray, ...]) -> int:
    """The nesting hook of :func:`propagate` (serate's rows 26-30, spec 5.5): when both
    queues are empty, add the off potentials the nested techniques of ``level`` find on
    the working grid (``wcand``/``wpl``; ``cand``/``pl`` the grid the chain started from)
    as new entries of slot ``s`` with their parents, queue them after ``qoff[toff - 1]``,
    and return the new queue end. Only the first technique that adds anything is used.
    Level 0 (rows 23-25) has no nested technique; level 1 (row 26): pointing/claiming,
    hidden pair, naked pair, X-Wing; level 2 (row 27) then Forcing Chains & Cycles (row
    21, :func:`_nested_chains`); level 3 (row 28) then Multiple Forcing Chains (row 24,
    :func:`_nested_multiple`); level 4 (row 29): the four, then Dynamic Forcing Chains
    (row 25, :func:`_nested_dynamic`); level 5 (row 30): the four, Dynamic Forcing Chains,
    then Dynamic Forcing Chains at level 2 (whose own nested Forcing Chains use ``nwi``).
    ``par``: scratch for a pattern's parents; ``nw``: the nested work arrays
    (:func:`_nest_work`)."""
    if level <= 0:
        return toff
    t = _nested_level1(s, cand, pl, wcand, wpl, pos, epot, epst, epcnt, nent, pool, npool,
                       qoff, toff, par)
    if t > toff:
        return t
    if level >= 4:
        t = _nested_dynamic(s, 0, cand, val, pl, wcand, wpl, pos, epot, epst, epcnt, nent,
                            pool, npool, qoff, toff, nw, nwi)
        if t > toff or level < 5:
            return t
        return _nested_dynamic(s, 2, cand, val, pl, wcand, wpl, pos, epot, epst, epcnt,
                               nent, pool, npool, qoff, toff, nw, nwi)
    if level >= 2:
        t = _nested_chains(s, cand, val, pl, wcand, wpl, pos, epot, epst, epcnt, nent,
                           pool, npool, qoff, toff, nw)
        if t > toff or level < 3:
            return t
        return _nested_multiple(s, cand, val, pl, wcand, wpl, pos, epot, epst, epcnt, nent,
                                pool, npool, qoff, toff, nw)
    return toff


@njit
def _nested_level1(s: int, cand: np.ndarray, pl: np.ndarray, wcand: np.ndarray,
                   wpl: np.ndarray, pos: np.ndarray, epot: np.ndarray, epst: np.ndarray,
                   epcnt: np.ndarray, nent: np.ndarray, pool: np.ndarray, npool: np.ndarray,
                   qoff: np.ndarray, toff: int, par: np.ndarray) -> int:
    """Level 1's nested techniques (:func:`nested_offs` at level 1): the first of
    pointing/claiming, hidden pair, naked pair, X-Wing that adds anything."""
    for tech in range(4):
        t = _nested_basic(s, tech, cand, pl, wcand, wpl, pos, epot, epst, epcnt, nent, pool,
                          npool, qoff, toff, par)
        if t > toff:
            return t
    return toff


@njit
def propagate(s: int, start: int, cand: np.ndarray, pl: np.ndarray, wcand: np.ndarray,
              wpl: np.ndarray, dynamic: bool, xonly: bool, level: int, pos: np.ndarray,
              epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray, nent: np.ndarray,
              pool: np.ndarray, npool: np.ndarray, qon: np.ndarray, qoff: np.ndarray,
              res: np.ndarray, ons: np.ndarray) -> bool:
    """Everything potential ``start`` implies, into slot ``s`` (entry 0 is ``start``), for
    nesting levels 0 and 1 (:func:`propagate_nested` from level 2: the same propagation,
    with the nested work arrays; kept apart so that rows 23-26 pass none of them).
    True on a contradiction: ``res`` then holds the entries of its on and off potentials
    (one of them a new entry not in ``pos``); the slot keeps what was derived before it.
    ``ons``: scratch for one off potential's on consequences (4 words; with ``level``
    above 0, for a nested pattern's parents: 32 words)."""
    _reset_slot(s, pos, epot, nent, npool)
    e0 = _entry(s, start, epot, epst, epcnt, nent, npool)
    pos[s, start] = e0
    for c in range(81):
        wcand[c] = cand[c]
    for u in range(27):
        for d in range(9):
            wpl[u, d] = pl[u, d]
    hon = 0
    ton = 0
    hoff = 0
    toff = 0
    if start & 1:
        qon[0] = e0
        ton = 1
    else:
        qoff[0] = e0
        toff = 1
    while True:
        if hon < ton:
            toff = _on_offs(s, qon[hon], xonly, wcand, wpl, pos, epot, epst, epcnt, nent, pool,
                            npool, qoff, toff, res)
            hon += 1
            if toff < 0:
                return True
        elif hoff < toff:
            e = qoff[hoff]
            hoff += 1
            p = epot[s, e]
            c = (p >> 1) // 9
            d = (p >> 1) % 9
            non = 0
            if not xonly and popcount(wcand[c]) == 2:
                ons[non] = (c * 9 + ctz(wcand[c] & ~(1 << d))) * 2 + 1
                non += 1
            for kind in range(3):
                u = CELL_UNITS[c, kind]
                pm = wpl[u, d]
                if popcount(pm) == 2:
                    x = UNIT[u, ctz(pm & ~(1 << CELL_POS[c, kind]))]
                    ons[non] = (x * 9 + d) * 2 + 1
                    non += 1
            for k in range(non):
                q = ons[k]
                if pos[s, q - 1] < 0 and pos[s, q] >= 0:
                    continue  # known, and no contradiction: nothing to add
                a = _entry(s, q, epot, epst, epcnt, nent, npool)
                _parent(s, a, e, epcnt, pool, npool)
                if dynamic:  # hidden parents: the removals that made the link
                    qc = (q >> 1) // 9
                    if k == 0 and not xonly and qc == c and popcount(wcand[c]) == 2:
                        gone = cand[c] & ~wcand[c]
                        while gone:
                            b = ctz(gone)
                            gone &= gone - 1
                            h = pos[s, (c * 9 + b) * 2]
                            if h >= 0:
                                _parent(s, a, h, epcnt, pool, npool)
                    else:
                        # the unit this on comes from: the first (box, row, column) whose
                        # two places are the cell and the on's cell
                        for kind in range(3):
                            u = CELL_UNITS[c, kind]
                            pm = wpl[u, d]
                            if popcount(pm) == 2 and \
                                    UNIT[u, ctz(pm & ~(1 << CELL_POS[c, kind]))] == qc:
                                gone = pl[u, d] & ~pm
                                while gone:
                                    b = ctz(gone)
                                    gone &= gone - 1
                                    h = pos[s, (UNIT[u, b] * 9 + d) * 2]
                                    if h >= 0:
                                        _parent(s, a, h, epcnt, pool, npool)
                                break
                if pos[s, q - 1] >= 0:  # the cell and digit is off: contradiction
                    res[0] = a
                    res[1] = pos[s, q - 1]
                    if dynamic:
                        _remove(wcand, wpl, c, d)
                    return True
                pos[s, q] = a
                qon[ton] = a
                ton += 1
            if dynamic:
                _remove(wcand, wpl, c, d)
        else:
            if level > 0:
                t = _nested_level1(s, cand, pl, wcand, wpl, pos, epot, epst, epcnt, nent,
                                   pool, npool, qoff, toff, ons)
                if t > toff:
                    toff = t
                    continue
            return False


@njit
def propagate_nested(s: int, start: int, cand: np.ndarray, val: np.ndarray, pl: np.ndarray,
              wcand: np.ndarray, wpl: np.ndarray, dynamic: bool, xonly: bool, level: int,
              pos: np.ndarray, epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray,
              nent: np.ndarray, pool: np.ndarray, npool: np.ndarray, qon: np.ndarray,
              qoff: np.ndarray, res: np.ndarray, ons: np.ndarray,
              nw: tuple[np.ndarray, ...], nwi: tuple[np.ndarray, ...]) -> bool:
    """:func:`propagate` for nesting levels 2 and up: everything potential ``start``
    implies, into slot ``s`` (entry 0 is ``start``). True on a contradiction: ``res`` then
    holds the entries of its on and off potentials (one of them a new entry not in
    ``pos``); the slot keeps what was derived before it.
    ``ons``: scratch for one off potential's on consequences (4 words; with ``level``
    above 0, for a nested pattern's parents: 32 words); ``nw``: the nested work arrays
    (:func:`_nest_work`), whose list of slot ``s``'s nested chain entries is cleared."""
    _reset_slot(s, pos, epot, nent, npool)
    nw[16][s] = 0
    e0 = _entry(s, start, epot, epst, epcnt, nent, npool)
    pos[s, start] = e0
    for c in range(81):
        wcand[c] = cand[c]
    for u in range(27):
        for d in range(9):
            wpl[u, d] = pl[u, d]
    hon = 0
    ton = 0
    hoff = 0
    toff = 0
    if start & 1:
        qon[0] = e0
        ton = 1
    else:
        qoff[0] = e0
        toff = 1
    while True:
        if hon < ton:
            toff = _on_offs(s, qon[hon], xonly, wcand, wpl, pos, epot, epst, epcnt, nent, pool,
                            npool, qoff, toff, res)
            hon += 1
            if toff < 0:
                return True
        elif hoff < toff:
            e = qoff[hoff]
            hoff += 1
            p = epot[s, e]
            c = (p >> 1) // 9
            d = (p >> 1) % 9
            non = 0
            if not xonly and popcount(wcand[c]) == 2:
                ons[non] = (c * 9 + ctz(wcand[c] & ~(1 << d))) * 2 + 1
                non += 1
            for kind in range(3):
                u = CELL_UNITS[c, kind]
                pm = wpl[u, d]
                if popcount(pm) == 2:
                    x = UNIT[u, ctz(pm & ~(1 << CELL_POS[c, kind]))]
                    ons[non] = (x * 9 + d) * 2 + 1
                    non += 1
            for k in range(non):
                q = ons[k]
                if pos[s, q - 1] < 0 and pos[s, q] >= 0:
                    continue  # known, and no contradiction: nothing to add
                a = _entry(s, q, epot, epst, epcnt, nent, npool)
                _parent(s, a, e, epcnt, pool, npool)
                if dynamic:  # hidden parents: the removals that made the link
                    qc = (q >> 1) // 9
                    if k == 0 and not xonly and qc == c and popcount(wcand[c]) == 2:
                        gone = cand[c] & ~wcand[c]
                        while gone:
                            b = ctz(gone)
                            gone &= gone - 1
                            h = pos[s, (c * 9 + b) * 2]
                            if h >= 0:
                                _parent(s, a, h, epcnt, pool, npool)
                    else:
                        # the unit this on comes from: the first (box, row, column) whose
                        # two places are the cell and the on's cell
                        for kind in range(3):
                            u = CELL_UNITS[c, kind]
                            pm = wpl[u, d]
                            if popcount(pm) == 2 and \
                                    UNIT[u, ctz(pm & ~(1 << CELL_POS[c, kind]))] == qc:
                                gone = pl[u, d] & ~pm
                                while gone:
                                    b = ctz(gone)
                                    gone &= gone - 1
                                    h = pos[s, (UNIT[u, b] * 9 + d) * 2]
                                    if h >= 0:
                                        _parent(s, a, h, epcnt, pool, npool)
                                break
                if pos[s, q - 1] >= 0:  # the cell and digit is off: contradiction
                    res[0] = a
                    res[1] = pos[s, q - 1]
                    if dynamic:
                        _remove(wcand, wpl, c, d)
                    return True
                pos[s, q] = a
                qon[ton] = a
                ton += 1
            if dynamic:
                _remove(wcand, wpl, c, d)
        else:
            if level > 0:
                t = nested_offs(level, s, cand, val, pl, wcand, wpl, pos, epot, epst, epcnt,
                                nent, pool, npool, qoff, toff, ons, nw, nwi)
                if t > toff:
                    toff = t
                    continue
            return False


@njit(inline=True)
def _remove(wcand: np.ndarray, wpl: np.ndarray, c: int, d: int) -> None:
    if wcand[c] >> d & 1:
        wcand[c] &= ~(1 << d)
        for kind in range(3):
            wpl[CELL_UNITS[c, kind], d] &= ~(1 << CELL_POS[c, kind])


@njit
def _ancestors(s: int, e: int, epst: np.ndarray, epcnt: np.ndarray, pool: np.ndarray,
               seen: np.ndarray, ws: np.ndarray, stack: np.ndarray) -> int:
    """The number of distinct potentials among entry ``e`` and all its ancestors (every
    parent, hidden ones included) in slot ``s``."""
    ws[0] += 1
    mark = ws[0]
    seen[e] = mark
    stack[0] = e
    top = 1
    n = 0
    while top:
        top -= 1
        x = stack[top]
        n += 1
        top = _push_parents(s, x, epst, epcnt, pool, seen, mark, stack, top)
    return n


@njit
def _complexity(s: int, e: int, epst: np.ndarray, epcnt: np.ndarray, pool: np.ndarray,
                seen: np.ndarray, ws: np.ndarray, stack: np.ndarray,
                nl: tuple[np.ndarray, ...], first: bool) -> int:
    """One target's part of a hint's complexity (spec 5.6): the distinct potentials among
    entry ``e`` of slot ``s`` and its ancestors, plus the nested hints among them
    (:func:`_nested_cx`)."""
    n = _ancestors(s, e, epst, epcnt, pool, seen, ws, stack)
    return n + _nested_cx(s, ws[0], seen, nl, first)


@njit
def _nested_cx(s: int, mark: int, seen: np.ndarray, nl: tuple[np.ndarray, ...],
               first: bool) -> int:
    """The complexity of each nested chaining hint (level 2+) one of whose eliminations is
    among the entries of slot ``s`` marked ``mark`` in ``seen`` (a target and its ancestors)
    and that no earlier target of the same hint (``first``: this is the first) met already:
    nested hints are one when their fingerprints are (:func:`_chain_fp`), as serate counts
    a nested chain found again by another branch's propagation once. ``nl``: the nested
    work arrays' entry lists (13-16) and counted fingerprints (40)."""
    n = 0
    done = nl[4]
    if first:
        done[0] = 0
    cnt = nl[3][s]
    if cnt:
        nlent, nlid, nlcx = nl[0], nl[1], nl[2]
        for k in range(cnt):
            if seen[nlent[s, k]] != mark:
                continue
            hid = nlid[s, k]
            dup = False  # the hint counted already, for this target or an earlier one
            for k2 in range(1, done[0] + 1):
                if done[k2] == hid:
                    dup = True
                    break
            if not dup and done[0] + 1 < done.shape[0]:
                done[0] += 1
                done[done[0]] = hid
                n += nlcx[s, k]
    return n


@njit
def _worth(cand: np.ndarray, target: int) -> bool:
    """Whether a result changes the grid: an off removes a candidate, an on places a digit
    in a cell with others."""
    c = (target >> 1) // 9
    d = (target >> 1) % 9
    if target & 1:
        return bool(cand[c] >> d & 1) and (cand[c] & ~(1 << d)) != 0
    return bool(cand[c] >> d & 1)


@njit
def _take(bi: np.ndarray, bf: np.ndarray, bl: np.ndarray, tech: int, rating: float, cx: int,
          key: int, target: int, slots: np.ndarray, ents: np.ndarray, nb: int,
          epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray, pool: np.ndarray,
          path: np.ndarray) -> None:
    """Record a hint as the best so far, with the first-parent path of each branch."""
    bi[_B_FOUND] = 1
    bi[_B_TECH] = tech
    bi[_B_CX] = cx
    bi[_B_KEY] = key
    bi[_B_TARGET] = target
    bf[0] = rating
    n = 0
    for b in range(nb):
        s = slots[b]
        e = ents[b]
        k = 0
        while True:
            path[k] = e
            k += 1
            if epcnt[s, e] == 0:
                break
            e = pool[s, epst[s, e]]
        # the record full (not met: paths are tens of nodes, a step has at most 9 branches):
        # the branch's nodes from its start are kept, the rest is cut
        keep = min(k, LINKS - 1 - n)
        for i in range(keep):
            parent = -1 if i == 0 else n - 1
            bl[1 + n] = epot[s, path[k - 1 - i]] + _SCALE * (parent + 2)
            n += 1
    bl[0] = n


#: The propagation cache of :func:`chaining_row` at levels 1-3 (:func:`_prop_on`): records
#: (one per "digit on" start), entries, parent words and nested chain entries it can hold.
_C_RECS = 1458
_C_ENTS = 1 << 19
_C_POOL = 1 << 21
_C_NL = 1 << 17


@njit
def _prop_cache() -> tuple[np.ndarray, ...]:
    """An empty propagation cache: the record of each start (-1: none), the records
    (entries' and parents' and nested lists' offsets and counts, contradiction and ``res``),
    the stored entries (potential, first parent word, parent count), parent words and
    nested chain entries (entry, hint id, complexity), and the fill counts."""
    return (np.full(1458, -1, dtype=np.int64), np.empty((_C_RECS, 9), dtype=np.int64),
            np.empty((_C_ENTS, 3), dtype=np.int64), np.empty(_C_POOL, dtype=np.int64),
            np.empty((_C_NL, 3), dtype=np.int64), np.zeros(4, dtype=np.int64))


@njit
def _prop_cache_none() -> tuple[np.ndarray, ...]:
    """:func:`_prop_cache`'s arrays, of size 1 (a level that uses none)."""
    return (np.full(1, -1, dtype=np.int64), np.empty((1, 9), dtype=np.int64),
            np.empty((1, 3), dtype=np.int64), np.empty(1, dtype=np.int64),
            np.empty((1, 3), dtype=np.int64), np.zeros(4, dtype=np.int64))


@njit
def _prop_on(s: int, start: int, cand: np.ndarray, val: np.ndarray, pl: np.ndarray,
             wcand: np.ndarray, wpl: np.ndarray, level: int, pos: np.ndarray,
             epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray, nent: np.ndarray,
             pool: np.ndarray, npool: np.ndarray, qon: np.ndarray, qoff: np.ndarray,
             res: np.ndarray, ons: np.ndarray, nw: tuple[np.ndarray, ...],
             nwi: tuple[np.ndarray, ...], cache: tuple[np.ndarray, ...]) -> bool:
    """:func:`propagate_nested` (:func:`propagate` at level 1; dynamic, all links) of a
    "digit on" start into slot ``s``, for :func:`chaining_row` at levels 1-3, where the
    same start is propagated as a digit's branch and as a place of up to three units'
    region forcing: the first propagation of a start is kept in ``cache`` (when it fits)
    and later ones copy it into the slot (entries, parents, nested chain entries, the
    contradiction and ``res``), the slot then as the propagation would leave it (its
    nested hints' ids the first propagation's: distinct from any other start's)."""
    cidx, crec, cent, cpool, cnl, ctop = cache
    nlent, nlid, nlcx, nlcnt = nw[13], nw[14], nw[15], nw[16]
    r = cidx[start]
    if r >= 0:
        _reset_slot(s, pos, epot, nent, npool)
        eo, ne, po, npl, lo, nl, chit = (crec[r, 0], crec[r, 1], crec[r, 2], crec[r, 3],
                                         crec[r, 4], crec[r, 5], crec[r, 6])
        for i in range(ne):
            epot[s, i] = cent[eo + i, 0]
            epst[s, i] = cent[eo + i, 1]
            epcnt[s, i] = cent[eo + i, 2]
        for i in range(ne - chit):  # a contradiction's last entry is not in ``pos``
            pos[s, epot[s, i]] = i
        nent[s] = ne
        for k in range(npl):
            pool[s, k] = cpool[po + k]
        npool[s] = npl
        for k in range(nl):
            nlent[s, k] = cnl[lo + k, 0]
            nlid[s, k] = cnl[lo + k, 1]
            nlcx[s, k] = cnl[lo + k, 2]
        nlcnt[s] = nl
        res[0] = crec[r, 7]
        res[1] = crec[r, 8]
        return bool(chit == 1)
    if level >= 2:
        hit = propagate_nested(s, start, cand, val, pl, wcand, wpl, True, False, level, pos,
                               epot, epst, epcnt, nent, pool, npool, qon, qoff, res, ons, nw,
                               nwi)
    else:
        hit = propagate(s, start, cand, pl, wcand, wpl, True, False, level, pos, epot, epst,
                        epcnt, nent, pool, npool, qon, qoff, res, ons)
    ne = nent[s]
    npl = npool[s]
    nl = nlcnt[s]
    if (ctop[3] < crec.shape[0] and ctop[0] + ne <= cent.shape[0]
            and ctop[1] + npl <= cpool.shape[0] and ctop[2] + nl <= cnl.shape[0]):
        r = ctop[3]
        crec[r, 0] = ctop[0]
        crec[r, 1] = ne
        crec[r, 2] = ctop[1]
        crec[r, 3] = npl
        crec[r, 4] = ctop[2]
        crec[r, 5] = nl
        crec[r, 6] = 1 if hit else 0
        crec[r, 7] = res[0]
        crec[r, 8] = res[1]
        eo = ctop[0]
        for i in range(ne):
            cent[eo + i, 0] = epot[s, i]
            cent[eo + i, 1] = epst[s, i]
            cent[eo + i, 2] = epcnt[s, i]
        po = ctop[1]
        for k in range(npl):
            cpool[po + k] = pool[s, k]
        lo = ctop[2]
        for k in range(nl):
            cnl[lo + k, 0] = nlent[s, k]
            cnl[lo + k, 1] = nlid[s, k]
            cnl[lo + k, 2] = nlcx[s, k]
        ctop[0] += ne
        ctop[1] += npl
        ctop[2] += nl
        ctop[3] += 1
        cidx[start] = r
    return hit


@njit
def chaining_row(cand: np.ndarray, val: np.ndarray, pl: np.ndarray, row: int, level: int,
                 hi: np.ndarray, hf: np.ndarray, he: np.ndarray, hc: np.ndarray,
                 hl: np.ndarray) -> bool:
    """Row 23 (``ROW_NISHIO``), 24 (``ROW_MULTIPLE``) or 25 (``ROW_DYNAMIC``): the first
    hint in serate's order, into the step buffers (``hl``: its chains). False when none.
    ``level``: the nesting level passed to :func:`propagate` (0 for these rows; with
    ``ROW_DYNAMIC`` 1-5: rows 26-30, "Dynamic Forcing Chains (+)", "(+ Forcing
    Chains)", "(+ Multiple Forcing Chains)", "(+ Dynamic Forcing Chains)", "(+ Dynamic
    Forcing Chains (+ Forcing Chains))", base 9.0, 9.5, 10.0, 10.5, 11.0)."""
    nishio = row == ROW_NISHIO
    dynamic = row != ROW_MULTIPLE
    base = 7.5 if nishio else (8.0 if row == ROW_MULTIPLE else 8.5 + 0.5 * level)
    shift = T_NESTED * level
    t_contra = T_NISHIO if nishio else T_DCONTRA + shift
    t_cell = T_CELL if row == ROW_MULTIPLE else T_DCELL + shift
    t_region = T_REGION if row == ROW_MULTIPLE else T_DREGION + shift
    t_double = T_DDOUBLE + shift
    # no need to zero the big work arrays (a few MB, every call): a slot's entries and
    # parents are read only up to its counts; ``pos`` is -1 but at the potentials of its
    # slots' entries, which propagate() resets (:func:`_reset_slot`: 1458 words each time
    # cost 3% of the time on the 9.0+ vectors)
    pos = np.full((_SLOTS, 1458), -1, dtype=np.int64)
    epot = np.empty((_SLOTS, _ENTRIES), dtype=np.int64)
    epst = np.empty((_SLOTS, _ENTRIES), dtype=np.int64)
    epcnt = np.empty((_SLOTS, _ENTRIES), dtype=np.int64)
    nent = np.zeros(_SLOTS, dtype=np.int64)
    pool = np.empty((_SLOTS, _POOL if level < 2 else 4 * _POOL), dtype=np.int64)
    nw = _nest_work(level)
    # level 5's innermost Forcing Chains (read and written at level 5 only)
    nwi = _nest_work(2) if level >= 5 else nw
    nl = (nw[13], nw[14], nw[15], nw[16], nw[40])  # what the complexities read
    # levels 1-3: each "digit on" propagation once (:func:`_prop_on`); levels 4-5 (whose
    # nested searches share the slots' work arrays) and rows 23-25 propagate each time
    cached = 1 <= level <= 3 and row == ROW_DYNAMIC
    cache = _prop_cache() if cached else _prop_cache_none()
    npool = np.zeros(_SLOTS, dtype=np.int64)
    qon = np.zeros(_ENTRIES, dtype=np.int64)
    qoff = np.zeros(_ENTRIES, dtype=np.int64)
    res = np.zeros(2, dtype=np.int64)
    ons = np.zeros(32, dtype=np.int64)
    wcand = np.zeros(81, dtype=np.int64)
    wpl = np.zeros((27, 9), dtype=np.int64)
    seen = np.zeros(_ENTRIES, dtype=np.int64)
    stack = np.zeros(_ENTRIES, dtype=np.int64)
    ws = np.zeros(1, dtype=np.int64)
    path = np.zeros(_ENTRIES, dtype=np.int64)
    slots = np.zeros(9, dtype=np.int64)
    ents = np.zeros(9, dtype=np.int64)
    bi = np.zeros(8, dtype=np.int64)
    bf = np.zeros(1, dtype=np.float64)
    bl = np.zeros(LINKS, dtype=np.int64)
    digit_slot = np.zeros(9, dtype=np.int64)
    for c in range(81):
        if val[c]:
            continue
        n = popcount(cand[c])
        if not (n > 2 or (n > 1 and dynamic)):
            continue
        nd = 0
        m = cand[c]
        while m:
            d = ctz(m)
            m &= m - 1
            so = nd  # this digit's on slot
            digit_slot[nd] = so
            nd += 1
            pon = (c * 9 + d) * 2 + 1
            # a contradiction from "on" removes the digit (the static row has none)
            if cached:
                hit = _prop_on(so, pon, cand, val, pl, wcand, wpl, level, pos, epot, epst,
                               epcnt, nent, pool, npool, qon, qoff, res, ons, nw, nwi, cache)
            elif level >= 2:
                hit = propagate_nested(so, pon, cand, val, pl, wcand, wpl, dynamic, nishio,
                                       level, pos, epot, epst, epcnt, nent, pool, npool, qon,
                                       qoff, res, ons, nw, nwi)
            else:
                hit = propagate(so, pon, cand, pl, wcand, wpl, dynamic, nishio, level, pos,
                                epot, epst, epcnt, nent, pool, npool, qon, qoff, res, ons)
            if hit and dynamic:
                _contradiction(cand, so, pon - 1, t_contra, base, res, epot, epst, epcnt,
                               pool, seen, ws, stack, bi, bf, bl, path, slots, ents, nl)
            if dynamic:
                # a contradiction from "off" places it
                if level >= 2:
                    hit = propagate_nested(_OFF, pon - 1, cand, val, pl, wcand, wpl, dynamic,
                                           nishio, level, pos, epot, epst, epcnt, nent, pool,
                                           npool, qon, qoff, res, ons, nw, nwi)
                else:
                    hit = propagate(_OFF, pon - 1, cand, pl, wcand, wpl, dynamic, nishio,
                                    level, pos, epot, epst, epcnt, nent, pool, npool, qon,
                                    qoff, res, ons)
                if hit:
                    _contradiction(cand, _OFF, pon, t_contra, base, res, epot, epst, epcnt,
                                   pool, seen, ws, stack, bi, bf, bl, path, slots, ents, nl)
                if n >= 3 and not nishio:  # double forcing: on results, then off ones
                    for state in (1, 0):
                        for i in range(nent[so]):
                            q = epot[so, i]
                            if q & 1 != state or pos[so, q] != i:
                                continue
                            j = pos[_OFF, q]
                            if j < 0 or not _worth(cand, q):
                                continue
                            cx = (_complexity(so, i, epst, epcnt, pool, seen, ws, stack, nl,
                                              True)
                                  + _complexity(_OFF, j, epst, epcnt, pool, seen, ws, stack,
                                                nl, False))
                            rating = base + length_increment(cx)
                            if _beats_best(bi, bf, rating, cx, 1):
                                slots[0] = so
                                slots[1] = _OFF
                                ents[0] = i
                                ents[1] = j
                                _take(bi, bf, bl, t_double, rating, cx, 1, q, slots, ents,
                                      2, epot, epst, epcnt, pool, path)
            if nishio:
                continue
            # region forcing: each unit of the cell where the digit has 2+ places and this
            # cell is the first of them
            for kind in range(3):
                u = CELL_UNITS[c, kind]
                pm = pl[u, d]
                if popcount(pm) < 2 or UNIT[u, ctz(pm)] != c:
                    continue
                nb = 0
                mm = pm
                while mm:
                    b = ctz(mm)
                    mm &= mm - 1
                    x = UNIT[u, b]
                    if x == c:
                        slots[nb] = so
                    else:
                        slots[nb] = _REG + nb
                        if cached:
                            _prop_on(_REG + nb, (x * 9 + d) * 2 + 1, cand, val, pl, wcand,
                                     wpl, level, pos, epot, epst, epcnt, nent, pool, npool,
                                     qon, qoff, res, ons, nw, nwi, cache)
                        elif level >= 2:
                            propagate_nested(_REG + nb, (x * 9 + d) * 2 + 1, cand, val, pl,
                                             wcand, wpl, dynamic, False, level, pos, epot,
                                             epst, epcnt, nent, pool, npool, qon, qoff, res,
                                             ons, nw, nwi)
                        else:
                            propagate(_REG + nb, (x * 9 + d) * 2 + 1, cand, pl, wcand, wpl,
                                      dynamic, False, level, pos, epot, epst, epcnt, nent,
                                      pool, npool, qon, qoff, res, ons)
                    nb += 1
                _agree(cand, slots, nb, t_region, 6, base, pos, epot, epst, epcnt, nent,
                       pool, seen, ws, stack, bi, bf, bl, path, ents, nl)
        if not nishio:  # cell forcing: what every digit of the cell agrees on
            _agree(cand, digit_slot, nd, t_cell, 5, base, pos, epot, epst, epcnt, nent,
                   pool, seen, ws, stack, bi, bf, bl, path, ents, nl)
    if bi[_B_FOUND] == 0:
        return False
    hi[H_TECH] = bi[_B_TECH]
    hf[0] = bf[0]
    target = bi[_B_TARGET]
    tc = (target >> 1) // 9
    td = (target >> 1) % 9
    if target & 1:
        hi[H_CELL] = tc
        hi[H_DIGIT] = td + 1
    else:
        he[tc] = 1 << td
    digits = 0
    inhc = np.zeros(81, dtype=np.bool_)
    for k in range(1, bl[0] + 1):
        p = bl[k] % _SCALE
        x = (p >> 1) // 9
        digits |= 1 << ((p >> 1) % 9)
        if not inhc[x]:
            inhc[x] = True
            hc[0] += 1
            hc[hc[0]] = x
    hi[H_DIGITS] = digits
    for k in range(bl[0] + 1):
        hl[k] = bl[k]
    return True


@njit
def _contradiction(cand: np.ndarray, s: int, target: int, tech: int, base: float,
                   res: np.ndarray, epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray,
                   pool: np.ndarray, seen: np.ndarray, ws: np.ndarray, stack: np.ndarray,
                   bi: np.ndarray, bf: np.ndarray, bl: np.ndarray, path: np.ndarray,
                   slots: np.ndarray, ents: np.ndarray, nl: tuple[np.ndarray, ...]) -> None:
    """Offer the contradiction ``res`` of slot ``s`` as a hint on ``target`` (the start
    the other way): complexity both conflicting potentials' ancestors, sort key 7."""
    if not _worth(cand, target):
        return
    cx = (_complexity(s, res[0], epst, epcnt, pool, seen, ws, stack, nl, True)
          + _complexity(s, res[1], epst, epcnt, pool, seen, ws, stack, nl, False))
    rating = base + length_increment(cx)
    if _beats_best(bi, bf, rating, cx, 7):
        slots[0] = s
        slots[1] = s
        ents[0] = res[0]
        ents[1] = res[1]
        _take(bi, bf, bl, tech, rating, cx, 7, target, slots, ents, 2, epot, epst, epcnt,
              pool, path)


@njit
def _agree(cand: np.ndarray, slots: np.ndarray, nb: int, tech: int, key: int, base: float,
           pos: np.ndarray, epot: np.ndarray, epst: np.ndarray, epcnt: np.ndarray,
           nent: np.ndarray, pool: np.ndarray, seen: np.ndarray, ws: np.ndarray,
           stack: np.ndarray, bi: np.ndarray, bf: np.ndarray, bl: np.ndarray,
           path: np.ndarray, ents: np.ndarray, nl: tuple[np.ndarray, ...]) -> None:
    """Offer the results every branch (``slots[:nb]``) agrees on, in the first branch's
    order, on ones then off ones."""
    s0 = slots[0]
    for state in (1, 0):
        for i in range(nent[s0]):
            q = epot[s0, i]
            if q & 1 != state or pos[s0, q] != i:
                continue
            ents[0] = i
            common = True
            for b in range(1, nb):
                j = pos[slots[b], q]
                if j < 0:
                    common = False
                    break
                ents[b] = j
            if not common or not _worth(cand, q):
                continue
            cx = 0
            for b in range(nb):
                cx += _complexity(slots[b], ents[b], epst, epcnt, pool, seen, ws, stack, nl,
                                  b == 0)
            rating = base + length_increment(cx)
            if _beats_best(bi, bf, rating, cx, key):
                _take(bi, bf, bl, tech, rating, cx, key, q, slots, ents, nb, epot, epst,
                      epcnt, pool, path)
