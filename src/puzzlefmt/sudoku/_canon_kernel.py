"""The minlex kernels: the smallest image of a grid under the 3,359,232 positional symmetries
(transpose; bands, rows in a band, stacks, columns in a stack) and digit relabelling.

A transform is written as 29 int64: ``[transpose, rows[9], cols[9], digits[10]]``. Output row
``i`` is source row ``rows[i]`` of the (transposed, if ``transpose``) input, output column
``j`` its column ``cols[j]``, and digit ``d`` becomes ``digits[d]`` (``digits[0] == 0``).

Two searches:

- :func:`_grid_minlex` for a valid solution grid (rows, columns, boxes hold 1-9). Row 1
  always becomes ``123456789``; a digit's label is then the output position of its column in
  row 1, so the columns can be placed lazily while row 2 is written, one position at a time:
  the column for a position is chosen (branch), and a digit met for the first time pulls its
  row-1 column to the first free position that can take it (no branch: the smallest label
  wins). Row 2 fixes every column; the other rows then follow by sorting. The pruning relies
  on validity: a row-2 digit never comes from its own stack of row 1.
- :func:`_puzzle_minlex` for anything else. Output rows are chosen one by one (the band of
  rows 1, 4, 7 first, then rows of that band). Columns still blank in every output row so far
  are interchangeable and stay unplaced; a stack still blank in every such row too. Writing a
  row places the row's clue columns among them: blanks first (a blank beats any digit),
  every order of the clue-bearing stacks and of the clue columns within a stack. At each
  level only the children giving the smallest row survive, compared against the best row
  found so far at that level (branch and bound). Exact for any input, valid or not.

Conventions: ``PATTERN == 0``: the true string minimum (blank ``0`` below every digit).
``PATTERN == 1``: smallest clue pattern first, the digits only deciding between transforms
that give that same whole pattern. :func:`_min_pattern` finds the smallest pattern first (a
search on the 0/1 grid, where columns with the same pattern so far stay interchangeable and
are never ordered), then :func:`_puzzle_minlex` finds the smallest string among the images
with that pattern, pruning on the digits as in the string convention.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import njit
from puzzlefmt.sudoku._tables import FACT

__all__ = ["TRANSFORM_WORDS", "minlex_batch"]

TRANSFORM_WORDS = 29
INF = 100
BIG = 1 << 20
TIES = 48
PATTERN_BUDGET = 20000  # rows written before the one-search pattern minlex gives up
DENSE_SEGMENTS = 6  # full row segments (both orientations) that call for two stages
WORKSPACE = 700 + 2 * 10 * TIES
GRID_WORKSPACE = 411


# ---------------------------------------------------------------------- helpers


@njit
def _perm(index: int, n: int, out: np.ndarray) -> None:
    """The ``index``-th ordering (Lehmer code) of ``0..n-1`` into ``out[:n]``."""
    for i in range(n):
        out[i] = i
    for i in range(n - 1):
        f = FACT[n - 1 - i]
        q = index // f
        index -= q * f
        v = out[i + q]
        for m in range(i + q, i, -1):
            out[m] = out[m - 1]
        out[i] = v


@njit
def _sudoku(g: np.ndarray) -> bool:
    """A full grid whose every row, column and box holds 1-9 once (the full-grid search
    relies on all three)."""
    for u in range(9):
        seen_r = 0
        seen_c = 0
        seen_b = 0
        for x in range(9):
            a = g[9 * u + x]
            b = g[9 * x + u]
            c = g[27 * (u // 3) + 3 * (u % 3) + 9 * (x // 3) + x % 3]
            if a == 0 or b == 0 or c == 0:
                return False
            seen_r |= 1 << a
            seen_c |= 1 << b
            seen_b |= 1 << c
        if seen_r != 0x3FE or seen_c != 0x3FE or seen_b != 0x3FE:
            return False
    return True


@njit
def _less(a: np.ndarray, b: np.ndarray, n: int) -> int:
    """-1, 0 or 1 as ``a[:n]`` is below, equal to or above ``b[:n]``."""
    for i in range(n):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


@njit
def _used_stacks(slot: np.ndarray) -> tuple[int, int]:
    """The source stacks placed in ``slot`` (output stack -> source stack, -1 while
    unplaced) as a bit mask, and the number of unplaced output stacks."""
    used = 0
    nfree = 0
    for s in range(3):
        if slot[s] >= 0:
            used |= 1 << slot[s]
        else:
            nfree += 1
    return used, nfree


@njit
def _bearing(g: np.ndarray, base: int, used: int) -> tuple[int, int]:
    """The source stacks not in ``used`` with a clue in the row at ``g[base:]``, as a bit
    mask, and their number."""
    m = 0
    bearing = 0
    for stk in range(3):
        clue = g[base + 3 * stk] | g[base + 3 * stk + 1] | g[base + 3 * stk + 2]
        if clue != 0 and not (used >> stk) & 1:
            bearing |= 1 << stk
            m += 1
    return bearing, m


# ---------------------------------------------------------------------- full grids


@njit
def _grid_minlex(g2: np.ndarray, best: np.ndarray, tr: np.ndarray, ws: np.ndarray) -> None:
    """Minlex of a valid solution grid (both orientations in ``g2``) into ``best`` (81
    labels) and its transform into ``tr``; ``ws``: ``GRID_WORKSPACE`` int64 of scratch."""
    for i in range(81):
        best[i] = INF
    for j in range(9):
        best[j] = j + 1
    at = 0
    pos0 = ws[at : at + 10]
    at += 10
    sig = ws[at : at + 9]
    at += 9
    mates = ws[at : at + 9]
    at += 9
    p = ws[at : at + 10 * 9].reshape((10, 9))  # output column -> source column, per level
    at += 10 * 9
    pinv = ws[at : at + 10 * 9].reshape((10, 9))
    at += 10 * 9
    slot = ws[at : at + 10 * 3].reshape((10, 3))  # output stack -> source stack
    at += 10 * 3
    it = ws[at : at + 10]
    at += 10
    lab = ws[at : at + 10]
    at += 10
    rest = ws[at : at + 63]
    at += 63
    order = ws[at : at + 9]
    at += 9
    keys = ws[at : at + 9 * 9].reshape((9, 9))
    at += 9 * 9
    for t in range(2):
        g = g2[t]
        for band in range(3):
            for i0 in range(3):
                r0 = 3 * band + i0
                for c in range(9):
                    pos0[g[9 * r0 + c]] = c
                for i1 in range(3):
                    if i1 == i0:
                        continue
                    r1 = 3 * band + i1
                    r2 = 3 * band + 3 - i0 - i1
                    for c in range(9):
                        sig[c] = pos0[g[9 * r1 + c]]
                    # mates[c]: the other columns of c's stack whose row-2 digit sits in the
                    # same stack of row 1 as c's. Row 2 can open 4 5 6 only if some column
                    # has two (else 4 5 7 at best): skip the pair when it cannot match a
                    # best that opens 4 5 6.
                    most = 0
                    for c in range(9):
                        n = 0
                        for x in range(3 * (c // 3), 3 * (c // 3) + 3):
                            if x != c and sig[x] // 3 == sig[c] // 3:
                                n += 1
                        mates[c] = n
                        most = max(most, n)
                    if best[11] == 6 and most < 2:
                        continue
                    for c in range(9):
                        p[0, c] = -1
                        pinv[0, c] = -1
                    for s in range(3):
                        slot[0, s] = -1
                    it[0] = 0
                    j = 0
                    while j >= 0:
                        if j == 9:
                            _grid_leaf(
                                g,
                                t,
                                r0,
                                r1,
                                r2,
                                band,
                                p[9],
                                pinv[9],
                                pos0,
                                lab,
                                rest,
                                order,
                                keys,
                                best,
                                tr,
                            )
                            j -= 1
                            continue
                        # The next column for output position j at this level.
                        c = -1
                        if p[j, j] >= 0:
                            if it[j] == 0:
                                c = p[j, j]
                                it[j] = 9
                        else:
                            s = j // 3
                            while it[j] < 9:
                                cand = it[j]
                                it[j] += 1
                                if pinv[j, cand] >= 0:
                                    continue
                                # Row 2 opens 4 5 (6) only from a column whose stack sends
                                # one (two) more digits to the same stack of row 1.
                                if j == 0 and (
                                    (best[10] == 5 and mates[cand] == 0)
                                    or (best[11] == 6 and mates[cand] < 2)
                                ):
                                    continue
                                stk = cand // 3
                                if slot[j, s] == stk:
                                    c = cand
                                    break
                                if slot[j, s] < 0:
                                    taken = False
                                    for s2 in range(3):
                                        if slot[j, s2] == stk:
                                            taken = True
                                    if not taken:
                                        c = cand
                                        break
                        if c < 0:
                            j -= 1
                            continue
                        for m in range(9):
                            p[j + 1, m] = p[j, m]
                            pinv[j + 1, m] = pinv[j, m]
                        for s2 in range(3):
                            slot[j + 1, s2] = slot[j, s2]
                        if p[j + 1, j] < 0:
                            p[j + 1, j] = c
                            pinv[j + 1, c] = j
                            slot[j + 1, j // 3] = c // 3
                        # The label of row 2's digit here: where its row-1 column goes.
                        c2 = sig[c]
                        if pinv[j + 1, c2] < 0:
                            stk = c2 // 3
                            q = j + 1
                            while q < 9:
                                if p[j + 1, q] < 0:
                                    sq = slot[j + 1, q // 3]
                                    if sq == stk:
                                        break
                                    if sq < 0:
                                        taken = False
                                        for s2 in range(3):
                                            if slot[j + 1, s2] == stk:
                                                taken = True
                                        if not taken:
                                            break
                                q += 1
                            p[j + 1, q] = c2
                            pinv[j + 1, c2] = q
                            slot[j + 1, q // 3] = stk
                        v = pinv[j + 1, c2] + 1
                        if v > best[9 + j]:
                            continue
                        if v < best[9 + j]:
                            best[9 + j] = v
                            for m in range(10 + j, 81):
                                best[m] = INF
                        j += 1
                        it[j] = 0


@njit
def _grid_leaf(
    g: np.ndarray,
    t: int,
    r0: int,
    r1: int,
    r2: int,
    band: int,
    p: np.ndarray,
    pinv: np.ndarray,
    pos0: np.ndarray,
    lab: np.ndarray,
    rest: np.ndarray,
    order: np.ndarray,
    keys: np.ndarray,
    best: np.ndarray,
    tr: np.ndarray,
) -> None:
    """Rows 3-9 once every column is placed; keep them if they beat the best."""
    lab[0] = 0
    for d in range(1, 10):
        lab[d] = pinv[pos0[d]] + 1
    # Row 3 is fixed: most leaves lose there, before the other rows are sorted.
    for j in range(9):
        v = lab[g[9 * r2 + p[j]]]
        if v != best[18 + j]:
            if v > best[18 + j]:
                return
            break
    for r in range(9):
        for j in range(9):
            keys[r, j] = lab[g[9 * r + p[j]]]
    # Row 3, then the other two bands, rows sorted in each, bands by their first row.
    n = 0
    order[n] = r2
    n += 1
    b1 = 0 if band != 0 else 1
    b2 = 3 - band - b1
    for bb in (b1, b2):
        for i in range(3):
            order[n + i] = 3 * bb + i
        for i in range(n + 1, n + 3):  # insertion sort of three rows
            x = order[i]
            m = i
            while m > n and _less(keys[x], keys[order[m - 1]], 9) < 0:
                order[m] = order[m - 1]
                m -= 1
            order[m] = x
        n += 3
    if _less(keys[order[4]], keys[order[1]], 9) < 0:
        for i in range(1, 4):
            x = order[i]
            order[i] = order[i + 3]
            order[i + 3] = x
    for i in range(7):
        for j in range(9):
            rest[9 * i + j] = keys[order[i], j]
    cmp = _less(rest, best[18:], 63)
    if cmp >= 0:
        return  # worse, or a tie: keep the first transform found
    for m in range(63):
        best[18 + m] = rest[m]
    tr[0] = t
    tr[1] = r0
    tr[2] = r1
    for i in range(7):
        tr[3 + i] = order[i]
    for j in range(9):
        tr[10 + j] = p[j]
    for d in range(10):
        tr[19 + d] = lab[d]


# ---------------------------------------------------------------------- puzzles


@njit
def _candidate(
    k: int,
    r: int,
    rowmask: int,
    bandmask: int,
    curband: int,
    dup_row: np.ndarray,
    dup_band: np.ndarray,
) -> bool:
    """May source row ``r`` be output row ``k``? Identical rows of a band (blank rows, most
    often) are interchangeable, and so are identical bands: only the first unused one of
    each kind is tried."""
    if (rowmask >> r) & 1 or dup_row[r] & ~rowmask:
        return False
    b = r // 3
    if k % 3 == 0:
        return not ((bandmask >> b) & 1 or dup_band[b] & ~bandmask)
    return b == curband


@njit
def _duplicates(g: np.ndarray, dup_row: np.ndarray, dup_band: np.ndarray) -> None:
    """``dup_row[r]``: bit mask of the earlier rows of ``r``'s band with the same cells;
    ``dup_band[b]``: of the earlier bands with the same cells."""
    for r in range(9):
        dup_row[r] = 0
        for r2 in range(3 * (r // 3), r):
            same = True
            for c in range(9):
                if g[9 * r + c] != g[9 * r2 + c]:
                    same = False
                    break
            if same:
                dup_row[r] |= 1 << r2
    for b in range(3):
        dup_band[b] = 0
        for b2 in range(b):
            same = True
            for m in range(27):
                if g[27 * b + m] != g[27 * b2 + m]:
                    same = False
                    break
            if same:
                dup_band[b] |= 1 << b2


@njit
def _survey(g: np.ndarray, r: int, slot: np.ndarray, col: np.ndarray) -> tuple[int, int]:
    """For source row ``r`` as the next output row: how many arrangements :func:`_arrange`
    numbers, and the most leading blanks any of them gives (a row that cannot open with as
    many blanks as the best row so far loses to it whatever its digits)."""
    base = 9 * r
    used, nfree = _used_stacks(slot)
    count = 1
    m = 0
    fewest = 3
    for stk in range(3):
        if (used >> stk) & 1:
            continue
        n = 0
        for x in range(3):
            if g[base + 3 * stk + x]:
                n += 1
        if n:
            m += 1
            count *= FACT[n]
            fewest = min(fewest, n)
    count *= FACT[m]
    zeros = 3 * (nfree - m)
    open_run = m == 0
    if m:
        zeros += 3 - fewest
    for s in range(nfree, 3):
        stk = slot[s]
        kc = 0
        for x in range(3):
            c = 3 * stk + x
            placed = False
            for y in range(3):
                if col[3 * s + y] == c:
                    placed = True
            if not placed and g[base + c]:
                kc += 1
        count *= FACT[kc]
        if not open_run:
            continue
        nunplaced = 0
        for y in range(3):
            if col[3 * s + y] < 0:
                nunplaced += 1
        zeros += nunplaced - kc
        if kc:
            open_run = False
            continue
        for y in range(nunplaced, 3):
            if g[base + col[3 * s + y]]:
                open_run = False
                break
            zeros += 1
    return count, zeros


@njit
def _zeros(row: np.ndarray) -> int:
    """Leading blanks of a row (a row of INF: none)."""
    n = 0
    while n < 9 and row[n] == 0:
        n += 1
    return n


@njit
def _pattern_zeros(x: int) -> int:
    """Leading blanks of a 9-bit pattern (BIG: none)."""
    if x >= 512:
        return 0
    n = 0
    while n < 9 and not (x >> (8 - n)) & 1:
        n += 1
    return n


@njit
def _arrange(
    g: np.ndarray,
    r: int,
    a: int,
    slot_in: np.ndarray,
    col_in: np.ndarray,
    lab_in: np.ndarray,
    next_in: int,
    slot_out: np.ndarray,
    col_out: np.ndarray,
    lab_out: np.ndarray,
    row_out: np.ndarray,
    perm: np.ndarray,
) -> int:
    """Write source row ``r`` as the next output row under arrangement number ``a``.

    ``slot``: output stack -> source stack, -1 while unplaced (a prefix); ``col``: output
    column -> source column, -1 while unplaced (a prefix of each stack). The arrangement
    number picks the order of the clue-bearing unplaced stacks, then for each stack the
    order of its newly placed clue columns. Returns the next free label, or -1 when ``a`` is
    past the last arrangement.
    """
    base = 9 * r
    for s in range(3):
        slot_out[s] = slot_in[s]
    for j in range(9):
        col_out[j] = col_in[j]
    for d in range(10):
        lab_out[d] = lab_in[d]
    used, nfree = _used_stacks(slot_in)
    # Unplaced stacks with a clue in this row take the last unplaced slots, in some order.
    bearing, m = _bearing(g, base, used)
    if m:
        f = FACT[m]
        _perm(a % f, m, perm)
        a //= f
        i = 0
        for stk in range(3):
            if (bearing >> stk) & 1:
                slot_out[nfree - m + perm[i]] = stk
                i += 1
    # In every placed stack, unplaced columns with a clue go after the blank ones.
    for s in range(3):
        stk = slot_out[s]
        if stk < 0:
            continue
        nunplaced = 0
        placed = 0
        for x in range(3):
            c = col_out[3 * s + x]
            if c < 0:
                nunplaced += 1
            else:
                placed |= 1 << (c - 3 * stk)
        kc = 0
        clue_cols = 0
        for x in range(3):
            if not (placed >> x) & 1 and g[base + 3 * stk + x]:
                kc += 1
                clue_cols |= 1 << x
        if kc == 0:
            continue
        f = FACT[kc]
        _perm(a % f, kc, perm)
        a //= f
        first = 3 * s + nunplaced - kc
        i = 0
        for x in range(3):
            if (clue_cols >> x) & 1:
                col_out[first + perm[i]] = 3 * stk + x
                i += 1
    if a != 0:
        return -1
    nl = next_in
    for j in range(9):
        c = col_out[j]
        v = 0 if c < 0 else g[base + c]
        if v == 0:
            row_out[j] = 0
        else:
            if lab_out[v] == 0:
                lab_out[v] = nl
                nl += 1
            row_out[j] = lab_out[v]
    return nl


@njit
def _pattern(row: np.ndarray) -> int:
    x = 0
    for j in range(9):
        x = 2 * x + (1 if row[j] else 0)
    return x


# ---------------------------------------------------------------------- puzzle search state
# The row-by-row searches keep, per level ``k`` (output rows written so far): ``st_slot[k]``
# (output stack -> source stack), ``st_col[k]`` (output column -> source column), one more
# per-search array ``st_aux[k]`` (digit labels, or column classes), and the bit masks of
# the source rows and bands used, with the band of the last row (``st_cur``).


@njit
def _root(
    st_slot: np.ndarray,
    st_col: np.ndarray,
    st_aux: np.ndarray,
    aux0: int,
    st_rows: np.ndarray,
    st_bands: np.ndarray,
    st_cur: np.ndarray,
) -> None:
    """Level 0: nothing placed, ``st_aux[0]`` all ``aux0``."""
    for s in range(3):
        st_slot[0, s] = -1
    for j in range(9):
        st_col[0, j] = -1
    for d in range(st_aux.shape[1]):
        st_aux[0, d] = aux0
    st_rows[0] = 0
    st_bands[0] = 0
    st_cur[0] = -1


@njit
def _puzzle_minlex(
    g2: np.ndarray, pattern: bool, best: np.ndarray, tr: np.ndarray, ws: np.ndarray, budget: int
) -> bool:
    """Minlex of any grid (both orientations in ``g2``) into ``best`` and ``tr``; ``ws``:
    ``WORKSPACE`` int64 of scratch space. Gives up (False) after ``budget`` rows written
    (no limit when negative)."""
    # Every array is a view of the caller's workspace (no allocation per grid).
    at = 0
    best_rows = ws[at : at + 9 * 9].reshape((9, 9))
    at += 9 * 9
    best_pat = ws[at : at + 9]
    at += 9
    st_slot = ws[at : at + 10 * 3].reshape((10, 3))
    at += 10 * 3
    st_col = ws[at : at + 10 * 9].reshape((10, 9))
    at += 10 * 9
    st_lab = ws[at : at + 10 * 10].reshape((10, 10))
    at += 10 * 10
    st_next = ws[at : at + 10]
    at += 10
    st_rows = ws[at : at + 10]  # bit mask of used source rows
    at += 10
    st_bands = ws[at : at + 10]
    at += 10
    st_cur = ws[at : at + 10]
    at += 10
    it_r = ws[at : at + 10]
    at += 10
    it_a = ws[at : at + 10]
    at += 10
    ties = ws[at : at + 10]  # children giving the level's smallest row
    at += 10
    tie_r = ws[at : at + 10 * TIES].reshape((10, TIES))
    at += 10 * TIES
    tie_a = ws[at : at + 10 * TIES].reshape((10, TIES))
    at += 10 * TIES
    chosen = ws[at : at + 9]
    at += 9
    path = ws[at : at + 9 * 9].reshape((9, 9))
    at += 9 * 9
    min_row = ws[at : at + 9 * 9].reshape((9, 9))
    at += 9 * 9
    min_pat = ws[at : at + 9]
    at += 9
    slot_o = ws[at : at + 3]
    at += 3
    col_o = ws[at : at + 9]
    at += 9
    lab_o = ws[at : at + 10]
    at += 10
    row_o = ws[at : at + 9]
    at += 9
    perm = ws[at : at + 3]
    at += 3
    dup_row = ws[at : at + 9]
    at += 9
    dup_band = ws[at : at + 3]
    at += 3
    best_rows[:, :] = INF
    best_pat[:] = BIG
    have = False
    fresh = False  # the bound improved since the last transform was kept
    spent = 0
    for t in range(2):
        g = g2[t]
        _duplicates(g, dup_row, dup_band)
        _root(st_slot, st_col, st_lab, 0, st_rows, st_bands, st_cur)
        st_next[0] = 1
        k = 0
        entering = True
        while k >= 0:
            if entering:
                # Pass 1: the smallest row any child gives, against the best so far.
                entering = False
                it_r[k] = 0
                it_a[k] = 0
                for m in range(9):
                    min_row[k, m] = INF
                min_pat[k] = BIG
                ties[k] = 0
                bound = _pattern_zeros(best_pat[k]) if pattern else _zeros(best_rows[k])
                for r in range(9):
                    if not _candidate(k, r, st_rows[k], st_bands[k], st_cur[k], dup_row, dup_band):
                        continue
                    count, zeros = _survey(g, r, st_slot[k], st_col[k])
                    if zeros < bound:
                        continue
                    spent += count
                    for a in range(count):
                        nl = _arrange(
                            g,
                            r,
                            a,
                            st_slot[k],
                            st_col[k],
                            st_lab[k],
                            st_next[k],
                            slot_o,
                            col_o,
                            lab_o,
                            row_o,
                            perm,
                        )
                        if pattern:
                            x = _pattern(row_o)
                            cmp = -1 if x < min_pat[k] else (0 if x == min_pat[k] else 1)
                            if cmp < 0:
                                min_pat[k] = x
                                bound = max(bound, _pattern_zeros(x))
                        else:
                            cmp = _less(row_o, min_row[k], 9)
                            if cmp < 0:
                                for m in range(9):
                                    min_row[k, m] = row_o[m]
                                bound = max(bound, _zeros(row_o))
                        if cmp < 0:
                            ties[k] = 0
                        if cmp <= 0:
                            if ties[k] < TIES:
                                tie_r[k, ties[k]] = r
                                tie_a[k, ties[k]] = a
                            ties[k] += 1
                if pattern:
                    if min_pat[k] > best_pat[k]:
                        k -= 1
                        continue
                    if min_pat[k] < best_pat[k]:
                        best_pat[k] = min_pat[k]
                        for m in range(k + 1, 9):
                            best_pat[m] = BIG
                        fresh = True
                else:
                    cmp = _less(min_row[k], best_rows[k], 9)
                    if cmp > 0:
                        k -= 1
                        continue
                    if cmp < 0:
                        for m in range(9):
                            best_rows[k, m] = min_row[k, m]
                        for m in range(k + 1, 9):
                            for j in range(9):
                                best_rows[m, j] = INF
                        fresh = True
                if 0 <= budget < spent:
                    return False
            # Pass 2: the next child giving that row, from the list made in pass 1 unless
            # it overflowed.
            found = False
            if ties[k] <= TIES and it_a[k] < ties[k]:
                nl = _arrange(
                    g,
                    tie_r[k, it_a[k]],
                    tie_a[k, it_a[k]],
                    st_slot[k],
                    st_col[k],
                    st_lab[k],
                    st_next[k],
                    slot_o,
                    col_o,
                    lab_o,
                    row_o,
                    perm,
                )
                it_r[k] = tie_r[k, it_a[k]]
                it_a[k] += 1
                found = True
            while not found and ties[k] > TIES and it_r[k] < 9:
                r = it_r[k]
                if not _candidate(k, r, st_rows[k], st_bands[k], st_cur[k], dup_row, dup_band):
                    it_r[k] += 1
                    it_a[k] = 0
                    continue
                nl = _arrange(
                    g,
                    r,
                    it_a[k],
                    st_slot[k],
                    st_col[k],
                    st_lab[k],
                    st_next[k],
                    slot_o,
                    col_o,
                    lab_o,
                    row_o,
                    perm,
                )
                if nl < 0:
                    it_r[k] += 1
                    it_a[k] = 0
                    continue
                it_a[k] += 1
                if pattern:
                    if _pattern(row_o) == min_pat[k]:
                        found = True
                        break
                elif _less(row_o, min_row[k], 9) == 0:
                    found = True
                    break
            if not found:
                k -= 1
                continue
            r = it_r[k]
            chosen[k] = r
            for m in range(9):
                path[k, m] = row_o[m]
            if k == 8:
                keep = fresh or not have
                if pattern and not keep:
                    keep = _less(path.ravel(), best, 81) < 0
                if keep:
                    for i in range(9):
                        for m in range(9):
                            best[9 * i + m] = path[i, m]
                    _puzzle_transform(t, chosen, slot_o, col_o, lab_o, tr)
                    have = True
                    fresh = False
                continue
            for s in range(3):
                st_slot[k + 1, s] = slot_o[s]
            for j in range(9):
                st_col[k + 1, j] = col_o[j]
            for d in range(10):
                st_lab[k + 1, d] = lab_o[d]
            st_next[k + 1] = nl
            st_rows[k + 1] = st_rows[k] | (1 << r)
            st_bands[k + 1] = st_bands[k] | (1 << (r // 3))
            st_cur[k + 1] = r // 3
            k += 1
            entering = True
    return True


@njit
def _pattern_step(
    p: np.ndarray,
    r: int,
    a: int,
    slot_in: np.ndarray,
    col_in: np.ndarray,
    cls_in: np.ndarray,
    slot_out: np.ndarray,
    col_out: np.ndarray,
    cls_out: np.ndarray,
    perm: np.ndarray,
) -> int:
    """The pattern search's :func:`_arrange`: write row ``r`` of the 0/1 grid ``p`` as the
    next output row, clue-bearing unplaced stacks in order number ``a``. Placed columns form
    classes (``cls``: the first position of the class; contiguous): columns with the same
    pattern in every row so far, interchangeable as far as the pattern goes, so a row only
    splits each class, blanks first (no branch). Returns the row's 9-bit pattern, or -1 when
    ``a`` is past the last order."""
    base = 9 * r
    used, nfree = _used_stacks(slot_in)
    bearing, m = _bearing(p, base, used)
    if a >= FACT[m]:
        return -1
    for s in range(3):
        slot_out[s] = slot_in[s]
    for j in range(9):
        col_out[j] = col_in[j]
        cls_out[j] = cls_in[j]
    if m:
        _perm(a, m, perm)
        i = 0
        for stk in range(3):
            if (bearing >> stk) & 1:
                s = nfree - m + perm[i]
                slot_out[s] = stk
                for x in range(3):  # one class of three blank columns, split below
                    col_out[3 * s + x] = 3 * stk + x
                    cls_out[3 * s + x] = 3 * s
                i += 1
    row = 0
    for s in range(3):
        if slot_out[s] < 0:
            continue
        lo = 3 * s
        while lo < 3 * s + 3:
            hi = lo + 1
            while hi < 3 * s + 3 and cls_out[hi] == lo:
                hi += 1
            # Blank columns of the class first, then those with a clue (any order inside
            # each part: they stay interchangeable).
            nb = 0
            for j in range(lo, hi):
                if not p[base + col_out[j]]:
                    nb += 1
            if 0 < nb < hi - lo:
                blanks = 0
                clues = 0
                for j in range(lo, hi):
                    c = col_out[j]
                    if p[base + c]:
                        clues |= 1 << (c - 3 * slot_out[s])
                    else:
                        blanks |= 1 << (c - 3 * slot_out[s])
                j = lo
                for x in range(3):
                    if (blanks >> x) & 1:
                        col_out[j] = 3 * slot_out[s] + x
                        cls_out[j] = lo
                        j += 1
                for x in range(3):
                    if (clues >> x) & 1:
                        col_out[j] = 3 * slot_out[s] + x
                        cls_out[j] = lo + nb
                        j += 1
            lo = hi
        for x in range(3):
            if p[base + col_out[3 * s + x]]:
                row |= 1 << (8 - 3 * s - x)
    return row


@njit
def _min_pattern(p2: np.ndarray, target: np.ndarray, ws: np.ndarray) -> None:
    """The smallest clue pattern of any image of the 0/1 grids ``p2`` (both orientations),
    row by row into ``target`` (9-bit ints). Same search as :func:`_puzzle_minlex`, with
    classes of interchangeable columns instead of every order of them, and no digits."""
    at = 0
    st_slot = ws[at : at + 10 * 3].reshape((10, 3))
    at += 10 * 3
    st_col = ws[at : at + 10 * 9].reshape((10, 9))
    at += 10 * 9
    st_cls = ws[at : at + 10 * 9].reshape((10, 9))
    at += 10 * 9
    st_rows = ws[at : at + 10]
    at += 10
    st_bands = ws[at : at + 10]
    at += 10
    st_cur = ws[at : at + 10]
    at += 10
    it_r = ws[at : at + 10]
    at += 10
    it_a = ws[at : at + 10]
    at += 10
    min_pat = ws[at : at + 10]
    at += 10
    slot_o = ws[at : at + 3]
    at += 3
    col_o = ws[at : at + 9]
    at += 9
    cls_o = ws[at : at + 9]
    at += 9
    perm = ws[at : at + 3]
    at += 3
    dup_row = ws[at : at + 9]
    at += 9
    dup_band = ws[at : at + 3]
    at += 3
    for k in range(9):
        target[k] = BIG
    for t in range(2):
        p = p2[t]
        _duplicates(p, dup_row, dup_band)
        _root(st_slot, st_col, st_cls, -1, st_rows, st_bands, st_cur)
        k = 0
        entering = True
        while k >= 0:
            if entering:
                entering = False
                it_r[k] = 0
                it_a[k] = 0
                min_pat[k] = BIG
                for r in range(9):
                    if not _candidate(k, r, st_rows[k], st_bands[k], st_cur[k], dup_row, dup_band):
                        continue
                    a = 0
                    while True:
                        x = _pattern_step(
                            p, r, a, st_slot[k], st_col[k], st_cls[k], slot_o, col_o, cls_o, perm
                        )
                        if x < 0:
                            break
                        min_pat[k] = min(min_pat[k], x)
                        a += 1
                if min_pat[k] > target[k]:
                    k -= 1
                    continue
                if min_pat[k] < target[k]:
                    target[k] = min_pat[k]
                    for m in range(k + 1, 9):
                        target[m] = BIG
            found = False
            while it_r[k] < 9:
                r = it_r[k]
                if not _candidate(k, r, st_rows[k], st_bands[k], st_cur[k], dup_row, dup_band):
                    it_r[k] += 1
                    it_a[k] = 0
                    continue
                x = _pattern_step(
                    p, r, it_a[k], st_slot[k], st_col[k], st_cls[k], slot_o, col_o, cls_o, perm
                )
                if x < 0:
                    it_r[k] += 1
                    it_a[k] = 0
                    continue
                it_a[k] += 1
                if x == min_pat[k]:
                    found = True
                    break
            if not found:
                k -= 1
                continue
            if k == 8:
                continue
            r = it_r[k]
            for s in range(3):
                st_slot[k + 1, s] = slot_o[s]
            for j in range(9):
                st_col[k + 1, j] = col_o[j]
                st_cls[k + 1, j] = cls_o[j]
            st_rows[k + 1] = st_rows[k] | (1 << r)
            st_bands[k + 1] = st_bands[k] | (1 << (r // 3))
            st_cur[k + 1] = r // 3
            k += 1
            entering = True


@njit
def _filtered_minlex(
    g2: np.ndarray, target: np.ndarray, best: np.ndarray, tr: np.ndarray, ws: np.ndarray
) -> None:
    """The smallest string among the images of ``g2`` whose row patterns are ``target``
    (the pattern convention's second stage) into ``best`` and ``tr``.

    Unlike in :func:`_puzzle_minlex` a path can dead-end here (an order of clue columns
    chosen for its digits may not give a later row the target pattern), so the children
    giving the smallest row are not always enough: a node tries the group of children
    giving its smallest row, then, only if no image was found below it, the group giving
    the next row, and so on; a group above the best image found so far is pruned."""
    at = 0
    st_slot = ws[at : at + 10 * 3].reshape((10, 3))
    at += 10 * 3
    st_col = ws[at : at + 10 * 9].reshape((10, 9))
    at += 10 * 9
    st_lab = ws[at : at + 10 * 10].reshape((10, 10))
    at += 10 * 10
    st_next = ws[at : at + 10]
    at += 10
    st_rows = ws[at : at + 10]
    at += 10
    st_bands = ws[at : at + 10]
    at += 10
    st_cur = ws[at : at + 10]
    at += 10
    group = ws[at : at + 10 * 9].reshape((10, 9))  # the row of the group being tried
    at += 10 * 9
    ties = ws[at : at + 10]  # children in the group (more than TIES: scan for them)
    at += 10
    it_r = ws[at : at + 10]
    at += 10
    it_a = ws[at : at + 10]
    at += 10
    tie_r = ws[at : at + 10 * TIES].reshape((10, TIES))
    at += 10 * TIES
    tie_a = ws[at : at + 10 * TIES].reshape((10, TIES))
    at += 10 * TIES
    chosen = ws[at : at + 9]
    at += 9
    path = ws[at : at + 81]
    at += 81
    nxt = ws[at : at + 9]
    at += 9
    slot_o = ws[at : at + 3]
    at += 3
    col_o = ws[at : at + 9]
    at += 9
    lab_o = ws[at : at + 10]
    at += 10
    row_o = ws[at : at + 9]
    at += 9
    perm = ws[at : at + 3]
    at += 3
    dup_row = ws[at : at + 9]
    at += 9
    dup_band = ws[at : at + 3]
    at += 3
    have = False
    for t in range(2):
        g = g2[t]
        _duplicates(g, dup_row, dup_band)
        _root(st_slot, st_col, st_lab, 0, st_rows, st_bands, st_cur)
        st_next[0] = 1
        k = 0
        for m in range(9):
            group[0, m] = -1  # below every row: no group tried yet
        new_group = True
        while k >= 0:
            tight = have and _less(path, best, 9 * k) == 0
            if new_group:
                # The next group: the smallest row above the last group's, its children.
                new_group = False
                for m in range(9):
                    nxt[m] = INF
                ties[k] = 0
                need = _pattern_zeros(target[k])
                for r in range(9):
                    if not _candidate(k, r, st_rows[k], st_bands[k], st_cur[k], dup_row, dup_band):
                        continue
                    count, zeros = _survey(g, r, st_slot[k], st_col[k])
                    if zeros < need:
                        continue
                    for a in range(count):
                        _arrange(
                            g,
                            r,
                            a,
                            st_slot[k],
                            st_col[k],
                            st_lab[k],
                            st_next[k],
                            slot_o,
                            col_o,
                            lab_o,
                            row_o,
                            perm,
                        )
                        if _pattern(row_o) != target[k] or _less(row_o, group[k], 9) <= 0:
                            continue
                        cmp = _less(row_o, nxt, 9)
                        if cmp < 0:
                            for m in range(9):
                                nxt[m] = row_o[m]
                        if cmp < 0:
                            ties[k] = 0
                        if cmp <= 0:
                            if ties[k] < TIES:
                                tie_r[k, ties[k]] = r
                                tie_a[k, ties[k]] = a
                            ties[k] += 1
                # No group left, or only groups above the best image: the node is done.
                if ties[k] == 0 or (tight and _less(nxt, best[9 * k :], 9) > 0):
                    k -= 1
                    continue
                for m in range(9):
                    group[k, m] = nxt[m]
                it_r[k] = 0
                it_a[k] = 0
            # The next child of the group.
            found = False
            if ties[k] <= TIES:
                if it_a[k] < ties[k]:
                    it_r[k] = tie_r[k, it_a[k]]
                    a = tie_a[k, it_a[k]]
                    it_a[k] += 1
                    found = True
            else:  # too many to list: walk every child again, keep the group's
                while it_r[k] < 9:
                    r = it_r[k]
                    if not _candidate(k, r, st_rows[k], st_bands[k], st_cur[k], dup_row, dup_band):
                        it_r[k] += 1
                        it_a[k] = 0
                        continue
                    a = it_a[k]
                    nl = _arrange(
                        g,
                        r,
                        a,
                        st_slot[k],
                        st_col[k],
                        st_lab[k],
                        st_next[k],
                        slot_o,
                        col_o,
                        lab_o,
                        row_o,
                        perm,
                    )
                    if nl < 0:
                        it_r[k] += 1
                        it_a[k] = 0
                        continue
                    it_a[k] += 1
                    if _less(row_o, group[k], 9) == 0:
                        found = True
                        break
            if not found:
                # The group is spent: on to the next one, which the bound drops at once if
                # an image was found below (the best then runs through this group's row).
                new_group = True
                continue
            r = it_r[k]
            nl = _arrange(
                g,
                r,
                a,
                st_slot[k],
                st_col[k],
                st_lab[k],
                st_next[k],
                slot_o,
                col_o,
                lab_o,
                row_o,
                perm,
            )
            if tight and _less(row_o, best[9 * k :], 9) > 0:
                continue
            chosen[k] = r
            for x in range(9):
                path[9 * k + x] = row_o[x]
            if k == 8:
                if not have or _less(path, best, 81) < 0:
                    for x in range(81):
                        best[x] = path[x]
                    _puzzle_transform(t, chosen, slot_o, col_o, lab_o, tr)
                    have = True
                continue
            for s in range(3):
                st_slot[k + 1, s] = slot_o[s]
            for j in range(9):
                st_col[k + 1, j] = col_o[j]
            for d in range(10):
                st_lab[k + 1, d] = lab_o[d]
            st_next[k + 1] = nl
            st_rows[k + 1] = st_rows[k] | (1 << r)
            st_bands[k + 1] = st_bands[k] | (1 << (r // 3))
            st_cur[k + 1] = r // 3
            k += 1
            for m in range(9):
                group[k, m] = -1
            new_group = True


@njit
def _puzzle_transform(
    t: int, chosen: np.ndarray, slot: np.ndarray, col: np.ndarray, lab: np.ndarray, tr: np.ndarray
) -> None:
    """The transform of a finished search path; stacks and columns still unplaced (blank
    everywhere) and digits absent from the grid get the rest in increasing order."""
    tr[0] = t
    for i in range(9):
        tr[1 + i] = chosen[i]
    used = _used_stacks(slot)[0]
    stk = 0
    s0 = -1
    s1 = -1
    s2 = -1
    for s in range(3):
        x = slot[s]
        if x < 0:
            while (used >> stk) & 1:
                stk += 1
            x = stk
            used |= 1 << stk
        if s == 0:
            s0 = x
        elif s == 1:
            s1 = x
        else:
            s2 = x
    for s in range(3):
        stack_s = s0 if s == 0 else (s1 if s == 1 else s2)
        placed = 0
        for x in range(3):
            c = col[3 * s + x]
            if c >= 0:
                placed |= 1 << (c - 3 * stack_s)
        y = 0
        for x in range(3):
            c = col[3 * s + x]
            if c < 0:
                while (placed >> y) & 1:
                    y += 1
                placed |= 1 << y
                c = 3 * stack_s + y
            tr[10 + 3 * s + x] = c
    taken = 0
    for d in range(1, 10):
        if lab[d]:
            taken |= 1 << lab[d]
    nxt = 1
    tr[19] = 0
    for d in range(1, 10):
        if lab[d]:
            tr[19 + d] = lab[d]
        else:
            while (taken >> nxt) & 1:
                nxt += 1
            taken |= 1 << nxt
            tr[19 + d] = nxt


# ---------------------------------------------------------------------- batch


@njit
def minlex_batch(puzzles: np.ndarray, pattern: bool, out: np.ndarray, trs: np.ndarray) -> None:
    """Minlex of every row of ``puzzles`` (n, 81) into ``out`` (n, 81) and ``trs`` (n, 29)."""
    g2 = np.empty((2, 81), dtype=np.int64)
    best = np.empty(81, dtype=np.int64)
    ws = np.empty(WORKSPACE, dtype=np.int64)
    gws = np.empty(GRID_WORKSPACE, dtype=np.int64)
    p2 = np.empty((2, 81), dtype=np.int64)
    target = np.empty(9, dtype=np.int64)
    for i in range(puzzles.shape[0]):
        for r in range(9):
            for c in range(9):
                v = puzzles[i, 9 * r + c]
                g2[0, 9 * r + c] = v
                g2[1, 9 * c + r] = v
        full = True
        for m in range(81):
            if g2[0, m] == 0:
                full = False
        if _sudoku(g2[0]):
            _grid_minlex(g2, best, trs[i], gws)
        elif pattern and not full:  # (without blanks, every image has the same pattern)
            # Pattern first. One search, the digits compared at the leaves, suits most
            # puzzles. Where rows hold whole boxes' worth of clues, that search carries
            # every order of them to the end (measured: 1,500/s on such puzzles), so two
            # stages go faster there (20,000/s): the smallest pattern, then the smallest
            # string having it. Also the way out when the one search runs past a budget.
            full_segments = 0
            for m in range(27):
                for h in range(2):
                    x = 3 * m
                    if g2[h, x] and g2[h, x + 1] and g2[h, x + 2]:
                        full_segments += 1
            if full_segments >= DENSE_SEGMENTS or not _puzzle_minlex(
                g2, True, best, trs[i], ws, PATTERN_BUDGET
            ):
                for m in range(81):
                    p2[0, m] = 1 if g2[0, m] else 0
                    p2[1, m] = 1 if g2[1, m] else 0
                _min_pattern(p2, target, ws)
                _filtered_minlex(g2, target, best, trs[i], ws)
        else:
            _puzzle_minlex(g2, False, best, trs[i], ws, -1)
        for m in range(81):
            out[i, m] = best[m]
