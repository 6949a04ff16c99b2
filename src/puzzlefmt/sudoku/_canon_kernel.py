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

Conventions (the ``pattern`` argument of :func:`minlex_batch`): false, the true string minimum
(blank ``0`` below every digit); true, the smallest clue pattern first, the digits only
deciding between transforms that give that same whole pattern. For dense puzzles
:func:`_min_pattern` finds the smallest pattern first (a search on the 0/1 grid, where columns
with the same pattern so far stay interchangeable and are never ordered), then
:func:`_filtered_minlex` finds the smallest string among the images with that pattern, pruning
on the digits as in the string convention.

Scratch space: one int64 buffer per batch, laid out once below by :class:`_Layout` (every
offset computed, none summed by hand) and indexed as ``ws[FIELD + i]``. The row searches keep
one row of a *level table* per depth ``k`` (at :func:`_lv`), the grid search one per position
of row 2 (at :func:`_glv`); a child is written straight into the next depth's row. No array
views in the loops: each view is reference-counted through calls numba cannot see through.
"""

from __future__ import annotations

from typing import cast

import numpy as np

from puzzlefmt._jit import njit
from puzzlefmt.sudoku._tables import FACT

__all__ = ["TRANSFORM_WORDS", "minlex_batch"]

TRANSFORM_WORDS = 29
INF = 100
BIG = 1 << 20
TIES = 48  # tied children listed per depth (more: the depth walks its children again)
PATTERN_BUDGET = 20000  # rows written before the one-search pattern minlex gives up
DENSE_SEGMENTS = 6  # full row segments (both orientations) that call for two stages
LEVELS = 10  # search depths: 0-9 output rows written (puzzles), row-2 positions (grids)
# Loop counters start at ZERO, not 0: numba would compile every function a counter is passed
# to once more, for the type Literal[int](0) it has before the loop is typed. Likewise a
# constant argument (PATTERN_BUDGET + ZERO: a run-time int).
ZERO = cast("int", np.int64(0))
NO_BUDGET = cast("int", np.int64(-1))


class _Layout:
    """Named int64 fields laid end to end; ``size`` is the total so far."""

    def __init__(self) -> None:
        self.size = 0

    def take(self, n: int = 1) -> int:
        """``n`` words; the index of the first."""
        start = self.size
        self.size += n
        return start


# One row of the puzzle searches' level table: the node after ``k`` output rows. The first
# NODE_WIDTH words are what a child inherits; the rest is the bookkeeping of its children.
_node = _Layout()
SLOT = _node.take(3)  # output stack -> source stack, -1 while unplaced (a prefix)
COL = _node.take(9)  # output column -> source column, -1 while unplaced (per stack, a prefix)
AUX = _node.take(10)  # digit -> label (0: not met yet), or column classes (pattern search)
NEXT = _node.take()  # the next free label
ROWS = _node.take()  # bit mask of the source rows used
BANDS = _node.take()  # bit mask of the source bands used
CUR = _node.take()  # band of the last row written (-1 at the root)
NODE_WIDTH = _node.size
CHOSEN = _node.take()  # source row of the child taken
IT_R = _node.take()  # the walk over the children: source row,
IT_A = _node.take()  # arrangement number (or place in the tie list)
NTIES = _node.take()  # children giving the smallest row (or in the group)
MIN_PAT = _node.take()  # the smallest row pattern of the children
BEST_PAT = _node.take()  # the best row pattern at this depth so far (BIG: none)
MIN_ROW = _node.take(9)  # the smallest row of the children
BEST_ROW = _node.take(9)  # the best row at this depth so far (INF: none)
GROUP = _node.take(9)  # the row of the group being tried (filtered search)
TIE_R = _node.take(TIES)  # the tied children: source rows,
TIE_A = _node.take(TIES)  # arrangement numbers
LEVEL_WIDTH = _node.size

# One row of the grid search's level table: the state after ``j`` positions of row 2.
_gnode = _Layout()
G_P = _gnode.take(9)  # output column -> source column, -1 while unplaced
G_PINV = _gnode.take(9)  # source column -> output column
G_SLOT = _gnode.take(3)  # output stack -> source stack
G_IT = _gnode.take()  # the next source column to try
GRID_LEVEL_WIDTH = _gnode.size

# The scratch buffer.
_ws = _Layout()
LEVEL_TABLE = _ws.take(LEVELS * LEVEL_WIDTH)
GRID_TABLE = _ws.take(LEVELS * GRID_LEVEL_WIDTH)
TARGET = _ws.take(9)  # the smallest pattern, row by row (9-bit ints)
PATH = _ws.take(81)  # the rows written on the current search path
NXT = _ws.take(9)  # the next group's row (filtered search)
PERM = _ws.take(3)  # an ordering of up to three things
DUP_ROW = _ws.take(9)  # earlier rows of the band with the same cells (bit mask)
DUP_BAND = _ws.take(3)  # earlier bands with the same cells (bit mask)
POS0 = _ws.take(10)  # grid search: digit -> its column in row 1
SIG = _ws.take(9)  # column -> the row-1 column of its row-2 digit
MATES = _ws.take(9)  # see _count_mates
LAB = _ws.take(10)  # digit -> label
REST = _ws.take(63)  # rows 3-9 of a leaf
ORDER = _ws.take(9)  # source rows in output order
KEYS = _ws.take(81)  # every row relabelled and reordered
SCRATCH_SIZE = _ws.size


@njit
def _lv(k: int) -> int:
    """Where depth ``k``'s row of the puzzle searches' level table starts."""
    return LEVEL_TABLE + k * LEVEL_WIDTH


@njit
def _glv(j: int) -> int:
    """Where position ``j``'s row of the grid search's level table starts."""
    return GRID_TABLE + j * GRID_LEVEL_WIDTH


# ---------------------------------------------------------------------- helpers


@njit
def _perm(index: int, n: int, ws: np.ndarray) -> None:
    """The ``index``-th ordering (Lehmer code) of ``0..n-1`` into ``PERM``."""
    for i in range(n):
        ws[PERM + i] = i
    for i in range(n - 1):
        f = FACT[n - 1 - i]
        q = index // f
        index -= q * f
        v = ws[PERM + i + q]
        for m in range(i + q, i, -1):
            ws[PERM + m] = ws[PERM + m - 1]
        ws[PERM + i] = v


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
def _less(a: np.ndarray, i: int, b: np.ndarray, j: int, n: int) -> int:
    """-1, 0 or 1 as ``a[i:i+n]`` is below, equal to or above ``b[j:j+n]``."""
    for m in range(n):
        if a[i + m] != b[j + m]:
            return -1 if a[i + m] < b[j + m] else 1
    return 0


@njit
def _used_stacks(ws: np.ndarray, nd: int) -> tuple[int, int]:
    """The source stacks placed in node ``nd`` as a bit mask, and the number of unplaced
    output stacks."""
    used = 0
    nfree = 0
    for s in range(3):
        if ws[nd + SLOT + s] >= 0:
            used |= 1 << ws[nd + SLOT + s]
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


@njit
def _zeros(a: np.ndarray, i: int) -> int:
    """Leading blanks of the row at ``a[i:]`` (a row of INF: none)."""
    n = 0
    while n < 9 and a[i + n] == 0:
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
def _pattern(a: np.ndarray, i: int) -> int:
    """The 9-bit clue pattern of the row at ``a[i:]``."""
    x = 0
    for j in range(9):
        x = 2 * x + (1 if a[i + j] else 0)
    return x


# ---------------------------------------------------------------------- full grids


@njit
def _grid_minlex(g2: np.ndarray, best: np.ndarray, tr: np.ndarray, ws: np.ndarray) -> None:
    """Minlex of a valid solution grid (both orientations in ``g2``) into ``best`` (81
    labels) and its transform into ``tr``: every choice of the first two rows."""
    for i in range(81):
        best[i] = INF
    for j in range(9):
        best[j] = j + 1
    for t in range(2):
        g = g2[t]
        for band in range(3):
            for i0 in range(3):
                r0 = 3 * band + i0
                for c in range(9):
                    ws[POS0 + g[9 * r0 + c]] = c
                for i1 in range(3):
                    if i1 == i0:
                        continue
                    r1 = 3 * band + i1
                    r2 = 3 * band + 3 - i0 - i1
                    for c in range(9):
                        ws[SIG + c] = ws[POS0 + g[9 * r1 + c]]
                    # Row 2 can open 4 5 6 only if some column has two mates (else 4 5 7
                    # at best): skip the pair when it cannot match a best that opens 4 5 6.
                    if _count_mates(ws) < 2 and best[11] == 6:
                        continue
                    _row2_search(g, t, r0, r1, r2, band, best, tr, ws)


@njit
def _count_mates(ws: np.ndarray) -> int:
    """``MATES[c]``: the other columns of c's stack whose row-2 digit sits in the same stack
    of row 1 as c's. Returns the largest."""
    most = 0
    for c in range(9):
        n = 0
        for x in range(3 * (c // 3), 3 * (c // 3) + 3):
            if x != c and ws[SIG + x] // 3 == ws[SIG + c] // 3:
                n += 1
        ws[MATES + c] = n
        most = max(most, n)
    return most


@njit
def _row2_search(
    g: np.ndarray,
    t: int,
    r0: int,
    r1: int,
    r2: int,
    band: int,
    best: np.ndarray,
    tr: np.ndarray,
    ws: np.ndarray,
) -> None:
    """Rows ``r0``, ``r1`` of ``g`` as rows 1 and 2: place the columns while row 2 is
    written, position by position (branch and bound against ``best``). Depth ``j`` of the
    level table: the placements before position ``j``. (One loop: this is the hottest code
    of the grid search, and numba does not inline calls.)"""
    nd = _glv(ZERO)
    for c in range(9):
        ws[nd + G_P + c] = -1
        ws[nd + G_PINV + c] = -1
    for s in range(3):
        ws[nd + G_SLOT + s] = -1
    ws[nd + G_IT] = 0
    j = ZERO
    while j >= 0:
        if j == 9:
            _grid_leaf(g, t, r0, r1, r2, band, best, tr, ws)
            j -= 1
            continue
        # The next source column for position j.
        nd = _glv(j)
        c = -1
        if ws[nd + G_P + j] >= 0:  # placed already (pulled by a row-2 digit): no choice
            if ws[nd + G_IT] == 0:
                c = ws[nd + G_P + j]
                ws[nd + G_IT] = 9
        else:
            s = j // 3
            while ws[nd + G_IT] < 9:
                cand = ws[nd + G_IT]
                ws[nd + G_IT] += 1
                if ws[nd + G_PINV + cand] >= 0:
                    continue
                # Row 2 opens 4 5 (6) only from a column whose stack sends one (two) more
                # digits to the same stack of row 1.
                if j == 0 and (
                    (best[10] == 5 and ws[MATES + cand] == 0)
                    or (best[11] == 6 and ws[MATES + cand] < 2)
                ):
                    continue
                stk = cand // 3
                if ws[nd + G_SLOT + s] == stk or (
                    ws[nd + G_SLOT + s] < 0 and _stack_free(ws, nd, stk)
                ):
                    c = cand
                    break
        if c < 0:
            j -= 1
            continue
        # The child: column c at position j.
        ch = nd + GRID_LEVEL_WIDTH
        for m in range(GRID_LEVEL_WIDTH - 1):  # (G_IT, last, is the child's own)
            ws[ch + m] = ws[nd + m]
        if ws[ch + G_P + j] < 0:
            ws[ch + G_P + j] = c
            ws[ch + G_PINV + c] = j
            ws[ch + G_SLOT + j // 3] = c // 3
        # The label of row 2's digit here: where its row-1 column goes (the first free
        # position that can take it, if not placed yet).
        c2 = ws[SIG + c]
        if ws[ch + G_PINV + c2] < 0:
            stk = c2 // 3
            q = j + 1
            while q < 9:
                if ws[ch + G_P + q] < 0:
                    sq = ws[ch + G_SLOT + q // 3]
                    if sq == stk or (sq < 0 and _stack_free(ws, ch, stk)):
                        break
                q += 1
            ws[ch + G_P + q] = c2
            ws[ch + G_PINV + c2] = q
            ws[ch + G_SLOT + q // 3] = stk
        v = ws[ch + G_PINV + c2] + 1
        if v > best[9 + j]:
            continue
        if v < best[9 + j]:
            best[9 + j] = v
            for m in range(10 + j, 81):
                best[m] = INF
        j += 1
        ws[ch + G_IT] = 0


@njit
def _stack_free(ws: np.ndarray, nd: int, stk: int) -> bool:
    """No output stack of grid node ``nd`` holds source stack ``stk`` yet."""
    at = nd + G_SLOT
    return bool(ws[at] != stk and ws[at + 1] != stk and ws[at + 2] != stk)


@njit
def _grid_leaf(
    g: np.ndarray,
    t: int,
    r0: int,
    r1: int,
    r2: int,
    band: int,
    best: np.ndarray,
    tr: np.ndarray,
    ws: np.ndarray,
) -> None:
    """Rows 3-9 once every column is placed; keep them if they beat the best."""
    nd = _glv(LEVELS - 1)
    ws[LAB] = 0
    for d in range(1, 10):
        ws[LAB + d] = ws[nd + G_PINV + ws[POS0 + d]] + 1
    # Row 3 is fixed: most leaves lose there, before the other rows are sorted.
    for j in range(9):
        v = ws[LAB + g[9 * r2 + ws[nd + G_P + j]]]
        if v != best[18 + j]:
            if v > best[18 + j]:
                return
            break
    for r in range(9):
        for j in range(9):
            ws[KEYS + 9 * r + j] = ws[LAB + g[9 * r + ws[nd + G_P + j]]]
    _order_rows(r2, band, ws)
    for i in range(7):
        for j in range(9):
            ws[REST + 9 * i + j] = ws[KEYS + 9 * ws[ORDER + i] + j]
    if _less(ws, REST, best, 18, 63) >= 0:
        return  # worse, or a tie: keep the first transform found
    for m in range(63):
        best[18 + m] = ws[REST + m]
    tr[0] = t
    tr[1] = r0
    tr[2] = r1
    for i in range(7):
        tr[3 + i] = ws[ORDER + i]
    for j in range(9):
        tr[10 + j] = ws[nd + G_P + j]
    for d in range(10):
        tr[19 + d] = ws[LAB + d]


@njit
def _order_rows(r2: int, band: int, ws: np.ndarray) -> None:
    """Rows 3-9 in output order into ``ORDER``: row 3, then the other two bands, rows sorted
    in each (by ``KEYS``), bands by their first row."""
    n = 0
    ws[ORDER + n] = r2
    n += 1
    b1 = 0 if band != 0 else 1
    b2 = 3 - band - b1
    for bb in (b1, b2):
        for i in range(3):
            ws[ORDER + n + i] = 3 * bb + i
        for i in range(n + 1, n + 3):  # insertion sort of three rows
            x = ws[ORDER + i]
            m = i
            while m > n and _less(ws, KEYS + 9 * x, ws, KEYS + 9 * ws[ORDER + m - 1], 9) < 0:
                ws[ORDER + m] = ws[ORDER + m - 1]
                m -= 1
            ws[ORDER + m] = x
        n += 3
    if _less(ws, KEYS + 9 * ws[ORDER + 4], ws, KEYS + 9 * ws[ORDER + 1], 9) < 0:
        for i in range(1, 4):
            x = ws[ORDER + i]
            ws[ORDER + i] = ws[ORDER + i + 3]
            ws[ORDER + i + 3] = x


# ---------------------------------------------------------------------- puzzles: children


@njit
def _candidate(k: int, r: int, ws: np.ndarray) -> bool:
    """May source row ``r`` be output row ``k``? Identical rows of a band (blank rows, most
    often) are interchangeable, and so are identical bands: only the first unused one of
    each kind is tried."""
    nd = _lv(k)
    rowmask = ws[nd + ROWS]
    if (rowmask >> r) & 1 or ws[DUP_ROW + r] & ~rowmask:
        return False
    b = r // 3
    bandmask = ws[nd + BANDS]
    if k % 3 == 0:
        return not ((bandmask >> b) & 1 or ws[DUP_BAND + b] & ~bandmask)
    return bool(b == ws[nd + CUR])


@njit
def _duplicates(g: np.ndarray, ws: np.ndarray) -> None:
    """``DUP_ROW[r]``: bit mask of the earlier rows of ``r``'s band with the same cells;
    ``DUP_BAND[b]``: of the earlier bands with the same cells."""
    for r in range(9):
        ws[DUP_ROW + r] = 0
        for r2 in range(3 * (r // 3), r):
            if _less(g, 9 * r, g, 9 * r2, 9) == 0:
                ws[DUP_ROW + r] |= 1 << r2
    for b in range(3):
        ws[DUP_BAND + b] = 0
        for b2 in range(b):
            if _less(g, 27 * b, g, 27 * b2, 27) == 0:
                ws[DUP_BAND + b] |= 1 << b2


@njit
def _root(ws: np.ndarray, aux0: int) -> None:
    """Depth 0: nothing placed, every ``AUX`` word ``aux0``."""
    nd = _lv(ZERO)
    for s in range(3):
        ws[nd + SLOT + s] = -1
    for j in range(9):
        ws[nd + COL + j] = -1
    for d in range(10):
        ws[nd + AUX + d] = aux0
    ws[nd + NEXT] = 1
    ws[nd + ROWS] = 0
    ws[nd + BANDS] = 0
    ws[nd + CUR] = -1


@njit
def _survey(g: np.ndarray, r: int, ws: np.ndarray, nd: int) -> tuple[int, int]:
    """For source row ``r`` as the next output row below node ``nd``: how many arrangements
    :func:`_arrange` numbers, and the most leading blanks any of them gives (a row that
    cannot open with as many blanks as the best row so far loses to it whatever its
    digits)."""
    base = 9 * r
    used, nfree = _used_stacks(ws, nd)
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
        stk = ws[nd + SLOT + s]
        kc = 0
        for x in range(3):
            c = 3 * stk + x
            placed = False
            for y in range(3):
                if ws[nd + COL + 3 * s + y] == c:
                    placed = True
            if not placed and g[base + c]:
                kc += 1
        count *= FACT[kc]
        if not open_run:
            continue
        nunplaced = 0
        for y in range(3):
            if ws[nd + COL + 3 * s + y] < 0:
                nunplaced += 1
        zeros += nunplaced - kc
        if kc:
            open_run = False
            continue
        for y in range(nunplaced, 3):
            if g[base + ws[nd + COL + 3 * s + y]]:
                open_run = False
                break
            zeros += 1
    return count, zeros


@njit
def _inherit(ws: np.ndarray, nd: int, r: int) -> None:
    """The child of node ``nd`` (the next row of the level table) starts as ``nd`` with
    source row ``r`` used."""
    ch = nd + LEVEL_WIDTH
    for m in range(NODE_WIDTH):
        ws[ch + m] = ws[nd + m]
    ws[ch + ROWS] = ws[nd + ROWS] | (1 << r)
    ws[ch + BANDS] = ws[nd + BANDS] | (1 << (r // 3))
    ws[ch + CUR] = r // 3


@njit
def _arrange(g: np.ndarray, r: int, a: int, k: int, ws: np.ndarray) -> int:
    """Write source row ``r`` as output row ``k`` under arrangement number ``a``: the
    placements and labels into depth ``k + 1``, the row into ``PATH``.

    The arrangement number picks the order of the clue-bearing unplaced stacks, then for
    each stack the order of its newly placed clue columns. Returns the next free label, or
    -1 when ``a`` is past the last arrangement.
    """
    base = 9 * r
    nd = _lv(k)
    ch = nd + LEVEL_WIDTH
    _inherit(ws, nd, r)
    used, nfree = _used_stacks(ws, nd)
    # Unplaced stacks with a clue in this row take the last unplaced slots, in some order.
    bearing, m = _bearing(g, base, used)
    if m:
        f = FACT[m]
        _perm(a % f, m, ws)
        a //= f
        i = 0
        for stk in range(3):
            if (bearing >> stk) & 1:
                ws[ch + SLOT + nfree - m + ws[PERM + i]] = stk
                i += 1
    # In every placed stack, unplaced columns with a clue go after the blank ones.
    for s in range(3):
        stk = ws[ch + SLOT + s]
        if stk < 0:
            continue
        nunplaced = 0
        placed = 0
        for x in range(3):
            c = ws[ch + COL + 3 * s + x]
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
        _perm(a % f, kc, ws)
        a //= f
        first = 3 * s + nunplaced - kc
        i = 0
        for x in range(3):
            if (clue_cols >> x) & 1:
                ws[ch + COL + first + ws[PERM + i]] = 3 * stk + x
                i += 1
    if a != 0:
        return -1
    nl = ws[nd + NEXT]
    row = PATH + 9 * k
    for j in range(9):
        c = ws[ch + COL + j]
        v = 0 if c < 0 else g[base + c]
        if v == 0:
            ws[row + j] = 0
        else:
            if ws[ch + AUX + v] == 0:
                ws[ch + AUX + v] = nl
                nl += 1
            ws[row + j] = ws[ch + AUX + v]
    ws[ch + NEXT] = nl
    return int(nl)


@njit
def _add_tie(ws: np.ndarray, nd: int, r: int, a: int) -> None:
    """One more child of node ``nd`` giving its row (listed while the list has room)."""
    n = ws[nd + NTIES]
    if n < TIES:
        ws[nd + TIE_R + n] = r
        ws[nd + TIE_A + n] = a
    ws[nd + NTIES] = n + 1


# ---------------------------------------------------------------------- puzzles: one search


@njit
def _puzzle_minlex(
    g2: np.ndarray, pattern: bool, best: np.ndarray, tr: np.ndarray, ws: np.ndarray, budget: int
) -> bool:
    """Minlex of any grid (both orientations in ``g2``) into ``best`` and ``tr``. Gives up
    (False) after ``budget`` rows written (no limit when negative)."""
    for k in range(9):
        for m in range(9):
            ws[_lv(k) + BEST_ROW + m] = INF
        ws[_lv(k) + BEST_PAT] = BIG
    have = False
    fresh = False  # the bound improved since the last transform was kept
    spent = 0
    for t in range(2):
        g = g2[t]
        _duplicates(g, ws)
        _root(ws, 0)
        k = ZERO
        entering = True
        while k >= 0:
            if entering:
                entering = False
                spent += _smallest_children(g, k, pattern, ws)
                verdict = _bound_level(k, pattern, ws)
                if verdict > 0:
                    k -= 1
                    continue
                if verdict < 0:
                    fresh = True
                if 0 <= budget < spent:
                    return False
            if not _next_smallest_child(g, k, pattern, ws):
                k -= 1
                continue
            ws[_lv(k) + CHOSEN] = ws[_lv(k) + IT_R]
            if k < 8:
                k += 1
                entering = True
                continue
            keep = fresh or not have
            if pattern and not keep:
                keep = _less(ws, PATH, best, 0, 81) < 0
            if keep:
                for m in range(81):
                    best[m] = ws[PATH + m]
                _puzzle_transform(t, tr, ws)
                have = True
                fresh = False
    return True


@njit
def _smallest_children(g: np.ndarray, k: int, pattern: bool, ws: np.ndarray) -> int:
    """Pass 1 at depth ``k``: the smallest row (or row pattern) any child gives, and the list
    of the children giving it. Returns the number of rows written."""
    nd = _lv(k)
    row = PATH + 9 * k
    ws[nd + IT_R] = 0
    ws[nd + IT_A] = 0
    for m in range(9):
        ws[nd + MIN_ROW + m] = INF
    ws[nd + MIN_PAT] = BIG
    ws[nd + NTIES] = 0
    bound = _pattern_zeros(ws[nd + BEST_PAT]) if pattern else _zeros(ws, nd + BEST_ROW)
    spent = 0
    for r in range(9):
        if not _candidate(k, r, ws):
            continue
        count, zeros = _survey(g, r, ws, nd)
        if zeros < bound:
            continue
        spent += count
        for a in range(count):
            _arrange(g, r, a, k, ws)
            if pattern:
                x = _pattern(ws, row)
                cmp = -1 if x < ws[nd + MIN_PAT] else (0 if x == ws[nd + MIN_PAT] else 1)
                if cmp < 0:
                    ws[nd + MIN_PAT] = x
                    bound = max(bound, _pattern_zeros(x))
            else:
                cmp = _less(ws, row, ws, nd + MIN_ROW, 9)
                if cmp < 0:
                    for m in range(9):
                        ws[nd + MIN_ROW + m] = ws[row + m]
                    bound = max(bound, _zeros(ws, row))
            if cmp < 0:
                ws[nd + NTIES] = 0
            if cmp <= 0:
                _add_tie(ws, nd, r, a)
    return spent


@njit
def _bound_level(k: int, pattern: bool, ws: np.ndarray) -> int:
    """The children's smallest row at depth ``k`` against the best there so far: 1 (worse:
    the node is done), 0 (equal) or -1 (better: the new best, deeper bests forgotten)."""
    nd = _lv(k)
    if pattern:
        if ws[nd + MIN_PAT] > ws[nd + BEST_PAT]:
            return 1
        if ws[nd + MIN_PAT] == ws[nd + BEST_PAT]:
            return 0
        ws[nd + BEST_PAT] = ws[nd + MIN_PAT]
        for m in range(k + 1, 9):
            ws[_lv(m) + BEST_PAT] = BIG
        return -1
    cmp = _less(ws, nd + MIN_ROW, ws, nd + BEST_ROW, 9)
    if cmp >= 0:
        return cmp
    for j in range(9):
        ws[nd + BEST_ROW + j] = ws[nd + MIN_ROW + j]
    for m in range(k + 1, 9):
        for j in range(9):
            ws[_lv(m) + BEST_ROW + j] = INF
    return -1


@njit
def _next_smallest_child(g: np.ndarray, k: int, pattern: bool, ws: np.ndarray) -> bool:
    """Pass 2 at depth ``k``: the next child giving the smallest row, written into depth
    ``k + 1`` and the path; from the list made in pass 1 unless it overflowed. False: none
    left."""
    nd = _lv(k)
    if ws[nd + NTIES] <= TIES:
        i = ws[nd + IT_A]
        if i >= ws[nd + NTIES]:
            return False
        _arrange(g, ws[nd + TIE_R + i], ws[nd + TIE_A + i], k, ws)
        ws[nd + IT_R] = ws[nd + TIE_R + i]
        ws[nd + IT_A] = i + 1
        return True
    row = PATH + 9 * k
    while ws[nd + IT_R] < 9:
        r = ws[nd + IT_R]
        if not _candidate(k, r, ws):
            ws[nd + IT_R] += 1
            ws[nd + IT_A] = 0
            continue
        if _arrange(g, r, ws[nd + IT_A], k, ws) < 0:
            ws[nd + IT_R] += 1
            ws[nd + IT_A] = 0
            continue
        ws[nd + IT_A] += 1
        if pattern:
            if _pattern(ws, row) == ws[nd + MIN_PAT]:
                return True
        elif _less(ws, row, ws, nd + MIN_ROW, 9) == 0:
            return True
    return False


@njit
def _puzzle_transform(t: int, tr: np.ndarray, ws: np.ndarray) -> None:
    """The transform of a finished search path (the placements at the last depth); stacks
    and columns still unplaced (blank everywhere) and digits absent from the grid get the
    rest in increasing order."""
    leaf = _lv(LEVELS - 1)
    tr[0] = t
    for i in range(9):
        tr[1 + i] = ws[_lv(i) + CHOSEN]
    used = _used_stacks(ws, leaf)[0]
    stk = 0
    for s in range(3):
        x = ws[leaf + SLOT + s]
        if x < 0:
            while (used >> stk) & 1:
                stk += 1
            x = stk
            used |= 1 << stk
        _stack_columns(ws, leaf, s, x, tr)
    taken = 0
    for d in range(1, 10):
        if ws[leaf + AUX + d]:
            taken |= 1 << ws[leaf + AUX + d]
    nxt = 1
    tr[19] = 0
    for d in range(1, 10):
        if ws[leaf + AUX + d]:
            tr[19 + d] = ws[leaf + AUX + d]
        else:
            while (taken >> nxt) & 1:
                nxt += 1
            taken |= 1 << nxt
            tr[19 + d] = nxt


@njit
def _stack_columns(ws: np.ndarray, leaf: int, s: int, stack: int, tr: np.ndarray) -> None:
    """The source columns of output stack ``s`` (source stack ``stack``) into ``tr``, the
    unplaced ones in increasing order."""
    placed = 0
    for x in range(3):
        c = ws[leaf + COL + 3 * s + x]
        if c >= 0:
            placed |= 1 << (c - 3 * stack)
    y = 0
    for x in range(3):
        c = ws[leaf + COL + 3 * s + x]
        if c < 0:
            while (placed >> y) & 1:
                y += 1
            placed |= 1 << y
            c = 3 * stack + y
        tr[10 + 3 * s + x] = c


# ---------------------------------------------------------------------- pattern: two stages


@njit
def _pattern_step(p: np.ndarray, r: int, a: int, k: int, ws: np.ndarray) -> int:
    """The pattern search's :func:`_arrange`: write row ``r`` of the 0/1 grid ``p`` as output
    row ``k``, clue-bearing unplaced stacks in order number ``a``. Placed columns form
    classes (``AUX``: the first position of the class; contiguous): columns with the same
    pattern in every row so far, interchangeable as far as the pattern goes, so a row only
    splits each class, blanks first (no branch). Returns the row's 9-bit pattern, or -1 when
    ``a`` is past the last order."""
    base = 9 * r
    nd = _lv(k)
    ch = nd + LEVEL_WIDTH
    used, nfree = _used_stacks(ws, nd)
    bearing, m = _bearing(p, base, used)
    if a >= FACT[m]:
        return -1
    _inherit(ws, nd, r)
    if m:
        _perm(a, m, ws)
        i = 0
        for stk in range(3):
            if (bearing >> stk) & 1:
                s = nfree - m + ws[PERM + i]
                ws[ch + SLOT + s] = stk
                for x in range(3):  # one class of three blank columns, split below
                    ws[ch + COL + 3 * s + x] = 3 * stk + x
                    ws[ch + AUX + 3 * s + x] = 3 * s
                i += 1
    row = 0
    for s in range(3):
        if ws[ch + SLOT + s] < 0:
            continue
        _split_classes(p, base, s, ws, ch)
        for x in range(3):
            if p[base + ws[ch + COL + 3 * s + x]]:
                row |= 1 << (8 - 3 * s - x)
    return row


@njit
def _split_classes(p: np.ndarray, base: int, s: int, ws: np.ndarray, ch: int) -> None:
    """Split each class of output stack ``s`` of node ``ch``: blank columns of the row
    first, then those with a clue (any order inside each part: they stay
    interchangeable)."""
    stk = ws[ch + SLOT + s]
    lo = 3 * s
    while lo < 3 * s + 3:
        hi = lo + 1
        while hi < 3 * s + 3 and ws[ch + AUX + hi] == lo:
            hi += 1
        nb = 0
        for j in range(lo, hi):
            if not p[base + ws[ch + COL + j]]:
                nb += 1
        if 0 < nb < hi - lo:
            blanks = 0
            clues = 0
            for j in range(lo, hi):
                c = ws[ch + COL + j]
                if p[base + c]:
                    clues |= 1 << (c - 3 * stk)
                else:
                    blanks |= 1 << (c - 3 * stk)
            j = lo
            for x in range(3):
                if (blanks >> x) & 1:
                    ws[ch + COL + j] = 3 * stk + x
                    ws[ch + AUX + j] = lo
                    j += 1
            for x in range(3):
                if (clues >> x) & 1:
                    ws[ch + COL + j] = 3 * stk + x
                    ws[ch + AUX + j] = lo + nb
                    j += 1
        lo = hi


@njit
def _min_pattern(p2: np.ndarray, ws: np.ndarray) -> None:
    """The smallest clue pattern of any image of the 0/1 grids ``p2`` (both orientations),
    row by row into ``TARGET`` (9-bit ints). Same search as :func:`_puzzle_minlex`, with
    classes of interchangeable columns instead of every order of them, and no digits."""
    for k in range(9):
        ws[TARGET + k] = BIG
    for t in range(2):
        p = p2[t]
        _duplicates(p, ws)
        _root(ws, -1)
        k = ZERO
        entering = True
        while k >= 0:
            if entering:
                entering = False
                x = _smallest_pattern(p, k, ws)
                if x > ws[TARGET + k]:
                    k -= 1
                    continue
                if x < ws[TARGET + k]:
                    ws[TARGET + k] = x
                    for m in range(k + 1, 9):
                        ws[TARGET + m] = BIG
            if not _next_pattern_child(p, k, ws):
                k -= 1
                continue
            if k < 8:
                k += 1
                entering = True


@njit
def _smallest_pattern(p: np.ndarray, k: int, ws: np.ndarray) -> int:
    """The smallest row pattern any child of depth ``k`` gives (and its walk reset)."""
    nd = _lv(k)
    ws[nd + IT_R] = 0
    ws[nd + IT_A] = 0
    ws[nd + MIN_PAT] = BIG
    for r in range(9):
        if not _candidate(k, r, ws):
            continue
        a = ZERO
        while True:
            x = _pattern_step(p, r, a, k, ws)
            if x < 0:
                break
            ws[nd + MIN_PAT] = min(ws[nd + MIN_PAT], x)
            a += 1
    return int(ws[nd + MIN_PAT])


@njit
def _next_pattern_child(p: np.ndarray, k: int, ws: np.ndarray) -> bool:
    """The next child of depth ``k`` giving its smallest pattern, into depth ``k + 1``."""
    nd = _lv(k)
    while ws[nd + IT_R] < 9:
        r = ws[nd + IT_R]
        if not _candidate(k, r, ws):
            ws[nd + IT_R] += 1
            ws[nd + IT_A] = 0
            continue
        x = _pattern_step(p, r, ws[nd + IT_A], k, ws)
        if x < 0:
            ws[nd + IT_R] += 1
            ws[nd + IT_A] = 0
            continue
        ws[nd + IT_A] += 1
        if x == ws[nd + MIN_PAT]:
            return True
    return False


@njit
def _filtered_minlex(g2: np.ndarray, best: np.ndarray, tr: np.ndarray, ws: np.ndarray) -> None:
    """The smallest string among the images of ``g2`` whose row patterns are ``TARGET``
    (the pattern convention's second stage) into ``best`` and ``tr``.

    Unlike in :func:`_puzzle_minlex` a path can dead-end here (an order of clue columns
    chosen for its digits may not give a later row the target pattern), so the children
    giving the smallest row are not always enough: a node tries the group of children
    giving its smallest row, then, only if no image was found below it, the group giving
    the next row, and so on; a group above the best image found so far is pruned."""
    have = False
    for t in range(2):
        g = g2[t]
        _duplicates(g, ws)
        _root(ws, 0)
        k = ZERO
        for m in range(9):
            ws[_lv(k) + GROUP + m] = -1  # below every row: no group tried yet
        new_group = True
        while k >= 0:
            tight = have and _less(ws, PATH, best, 0, 9 * k) == 0
            if new_group:
                new_group = False
                if not _next_group(g, k, tight, best, ws):
                    k -= 1
                    continue
            a = _next_group_child(g, k, ws)
            if a < 0:
                # The group is spent: on to the next one, which the bound drops at once if
                # an image was found below (the best then runs through this group's row).
                new_group = True
                continue
            _arrange(g, ws[_lv(k) + IT_R], a, k, ws)
            if tight and _less(ws, PATH + 9 * k, best, 9 * k, 9) > 0:
                continue
            ws[_lv(k) + CHOSEN] = ws[_lv(k) + IT_R]
            if k < 8:
                k += 1
                for m in range(9):
                    ws[_lv(k) + GROUP + m] = -1
                new_group = True
                continue
            if not have or _less(ws, PATH, best, 0, 81) < 0:
                for x in range(81):
                    best[x] = ws[PATH + x]
                _puzzle_transform(t, tr, ws)
                have = True


@njit
def _next_group(g: np.ndarray, k: int, tight: bool, best: np.ndarray, ws: np.ndarray) -> bool:
    """The next group of depth ``k``: the smallest row with the target pattern above the
    last group's, and its children. False when there is none, or (``tight``: the path so
    far equals the best image's) it is above the best image's row."""
    nd = _lv(k)
    row = PATH + 9 * k
    for m in range(9):
        ws[NXT + m] = INF
    ws[nd + NTIES] = 0
    need = _pattern_zeros(ws[TARGET + k])
    for r in range(9):
        if not _candidate(k, r, ws):
            continue
        count, zeros = _survey(g, r, ws, nd)
        if zeros < need:
            continue
        for a in range(count):
            _arrange(g, r, a, k, ws)
            if _pattern(ws, row) != ws[TARGET + k]:
                continue
            if _less(ws, row, ws, nd + GROUP, 9) <= 0:
                continue
            cmp = _less(ws, row, ws, NXT, 9)
            if cmp < 0:
                for m in range(9):
                    ws[NXT + m] = ws[row + m]
                ws[nd + NTIES] = 0
            if cmp <= 0:
                _add_tie(ws, nd, r, a)
    if ws[nd + NTIES] == 0 or (tight and _less(ws, NXT, best, 9 * k, 9) > 0):
        return False
    for m in range(9):
        ws[nd + GROUP + m] = ws[NXT + m]
    ws[nd + IT_R] = 0
    ws[nd + IT_A] = 0
    return True


@njit
def _next_group_child(g: np.ndarray, k: int, ws: np.ndarray) -> int:
    """The arrangement number of the next child in depth ``k``'s group (its source row in
    ``IT_R``), or -1 when the group is spent."""
    nd = _lv(k)
    if ws[nd + NTIES] <= TIES:
        i = ws[nd + IT_A]
        if i >= ws[nd + NTIES]:
            return -1
        ws[nd + IT_R] = ws[nd + TIE_R + i]
        ws[nd + IT_A] = i + 1
        return int(ws[nd + TIE_A + i])
    # Too many to list: walk every child again, keep the group's.
    while ws[nd + IT_R] < 9:
        r = ws[nd + IT_R]
        if not _candidate(k, r, ws):
            ws[nd + IT_R] += 1
            ws[nd + IT_A] = 0
            continue
        a = ws[nd + IT_A]
        if _arrange(g, r, a, k, ws) < 0:
            ws[nd + IT_R] += 1
            ws[nd + IT_A] = 0
            continue
        ws[nd + IT_A] += 1
        if _less(ws, PATH + 9 * k, ws, nd + GROUP, 9) == 0:
            return int(a)
    return -1


# ---------------------------------------------------------------------- batch


@njit
def minlex_batch(puzzles: np.ndarray, pattern: bool, out: np.ndarray, trs: np.ndarray) -> None:
    """Minlex of every row of ``puzzles`` (n, 81) into ``out`` (n, 81) and ``trs`` (n, 29);
    ``pattern``: the pattern-first convention, else the string minimum."""
    ws = np.empty(SCRATCH_SIZE, dtype=np.int64)
    g2 = np.empty((2, 81), dtype=np.int64)
    p2 = np.empty((2, 81), dtype=np.int64)
    best = np.empty(81, dtype=np.int64)
    for i in range(puzzles.shape[0]):
        _minlex_one(puzzles[i], pattern, g2, p2, best, trs[i], ws)
        for m in range(81):
            out[i, m] = best[m]


@njit
def _minlex_one(
    cells: np.ndarray,
    pattern: bool,
    g2: np.ndarray,
    p2: np.ndarray,
    best: np.ndarray,
    tr: np.ndarray,
    ws: np.ndarray,
) -> None:
    """Minlex of one grid (81 cells) into ``best`` and ``tr``: picks the search."""
    blanks = 0
    for r in range(9):
        for c in range(9):
            v = cells[9 * r + c]
            g2[0, 9 * r + c] = v
            g2[1, 9 * c + r] = v
            if v == 0:
                blanks += 1
    # (Without blanks every image has the same pattern: the string search decides.)
    by_pattern = pattern and blanks > 0
    if _sudoku(g2[0]):
        _grid_minlex(g2, best, tr, ws)
    elif not by_pattern:
        _puzzle_minlex(g2, by_pattern, best, tr, ws, NO_BUDGET)
    elif _dense(g2) or not _puzzle_minlex(g2, by_pattern, best, tr, ws, PATTERN_BUDGET + ZERO):
        # The pattern convention. One search, the digits compared at the leaves, suits most
        # puzzles. Where rows hold whole boxes' worth of clues, that search carries every
        # order of them to the end (measured: 1,500/s on such puzzles), so two stages go
        # faster there (20,000/s): the smallest pattern, then the smallest string having it.
        # Also the way out when the one search runs past its budget.
        for m in range(81):
            p2[0, m] = 1 if g2[0, m] else 0
            p2[1, m] = 1 if g2[1, m] else 0
        _min_pattern(p2, ws)
        _filtered_minlex(g2, best, tr, ws)


@njit
def _dense(g2: np.ndarray) -> bool:
    """At least ``DENSE_SEGMENTS`` full row segments, counting both orientations."""
    full_segments = 0
    for m in range(27):
        for h in range(2):
            x = 3 * m
            if g2[h, x] and g2[h, x + 1] and g2[h, x + 2]:
                full_segments += 1
    return full_segments >= DENSE_SEGMENTS
