"""The minlex kernels: the smallest image of a grid under the 3,359,232 positional symmetries
(transpose; bands, rows in a band, stacks, columns in a stack) and digit relabelling.

A transform is written as 29 int64: ``[transpose, rows[9], cols[9], digits[10]]``. Output row
``i`` is source row ``rows[i]`` of the (transposed, if ``transpose``) input, output column
``j`` its column ``cols[j]``, and digit ``d`` becomes ``digits[d]`` (``digits[0] == 0``).
:func:`minlex_batch` picks the search for each grid:

- :func:`_grid_minlex` for a valid solution grid (rows, columns, boxes hold 1-9). Row 1
  always becomes ``123456789``; a digit's label is then the output position of its column in
  row 1, so the columns can be placed lazily while row 2 is written, one position at a time:
  the column for a position is chosen (branch), and a digit met for the first time pulls its
  row-1 column to the first free position that can take it (no branch: the smallest label
  wins). Row 2 fixes every column; the other rows then follow by sorting. The pruning relies
  on validity: a row-2 digit never comes from its own stack of row 1.
- :func:`_pattern_minlex` for the pattern convention (``pattern`` true: the smallest clue
  pattern first, the digits only deciding between transforms giving that whole pattern).
  Breadth first, row by row, the method of dobrichev's *patminlex*: a candidate fixes the
  orientation, the rows so far and the stack order, and keeps for each stack the set of
  column orders still giving the smallest rows (no branching on columns); only candidates
  giving the smallest row survive each level; the digits then decide among the survivors.
- :func:`_string_minlex` for the string convention (the true string minimum, blank ``0``
  below every digit): the same breadth-first search, candidates also carrying their digit
  labels and splitting where column orders would place different digits. Where that would
  hold more than ``STRING_CANDIDATES`` candidates (nearly full grids whose rows tie under
  many orders), :func:`_puzzle_minlex` takes over, depth first: columns still blank in
  every output row so far stay unplaced, a row places its clue columns among them, and at
  each depth only the children giving the smallest row survive, against the best row found
  so far there (branch and bound).

Every search is exact for any input, valid or not; ties keep the first transform found.

Scratch space: one int64 buffer per batch, laid out once below by :class:`_Layout` (every
offset computed, none summed by hand) and indexed as ``ws[FIELD + i]``, and two candidate
lists for the breadth-first searches (``CAND_MAX`` candidates of up to three words). The
depth-first search keeps one row of a *level table* per depth (at :func:`_lv`), and writes
a child straight into the next row; the grid search keeps its placements packed in three
words per position. Calls between kernels that pass arrays cost tens of nanoseconds here
(each array is reference-counted), so the hot loops call only functions of plain ints.
"""

from __future__ import annotations

from typing import cast

import numpy as np

from puzzlefmt._jit import aot, njit
from puzzlefmt.sudoku._kernels.tables import FACT, PERMS

__all__ = ["TRANSFORM_WORDS", "minlex_batch"]

TRANSFORM_WORDS = 29
INF = 100
TIES = 48  # tied children listed per depth (more: the depth walks its children again)
LEVELS = 10  # search depths: 0-9 output rows written (puzzles), row-2 positions (grids)
# Loop counters start at ZERO, not 0: numba would compile every function a counter is passed
# to once more, for the type Literal[int](0) it has before the loop is typed.
ZERO = cast("int", np.int64(0))


class _Layout:
    """Named int64 fields laid end to end; ``size`` is the total so far."""

    def __init__(self) -> None:
        self.size = 0

    def take(self, n: int = 1) -> int:
        """``n`` words; the index of the first."""
        start = self.size
        self.size += n
        return start


# One row of the depth-first search's level table: the node after ``k`` output rows. The first
# NODE_WIDTH words are what a child inherits; the rest is the bookkeeping of its children.
_node = _Layout()
SLOT = _node.take(3)  # output stack -> source stack, -1 while unplaced (a prefix)
COL = _node.take(9)  # output column -> source column, -1 while unplaced (per stack, a prefix)
AUX = _node.take(10)  # digit -> label (0: not met yet)
NEXT = _node.take()  # the next free label
ROWS = _node.take()  # bit mask of the source rows used
CUR = _node.take()  # band of the last row written (-1 at the root)
NODE_WIDTH = _node.size
CHOSEN = _node.take()  # source row of the child taken
IT_R = _node.take()  # the walk over the children: source row,
IT_A = _node.take()  # arrangement number (or place in the tie list)
NTIES = _node.take()  # children giving the smallest row
MIN_ROW = _node.take(9)  # the smallest row of the children
BEST_ROW = _node.take(9)  # the best row at this depth so far (INF: none)
TIE_R = _node.take(TIES)  # the tied children: source rows,
TIE_A = _node.take(TIES)  # arrangement numbers
LEVEL_WIDTH = _node.size


# The scratch buffer.
_ws = _Layout()
LEVEL_TABLE = _ws.take(LEVELS * LEVEL_WIDTH)
GP = _ws.take(LEVELS)  # grid search, per position of row 2: the columns placed (packed)
GPINV = _ws.take(LEVELS)  # their inverse (packed)
GSLOTS = _ws.take(LEVELS)  # the stacks placed (packed)
GIT = _ws.take(LEVELS)  # the next source column to try
TARGET = _ws.take(9)  # pattern search: the smallest pattern, row by row (9-bit ints)
PATH = _ws.take(81)  # depth-first search: the rows written on the current path
POS0 = _ws.take(10)  # grid search: digit -> its column in row 1
SIG = _ws.take(9)  # column -> the row-1 column of its row-2 digit
MATES = _ws.take(9)  # see _count_mates
LAB = _ws.take(10)  # digit -> label
REST = _ws.take(63)  # rows 3-9 of a leaf
ORDER = _ws.take(9)  # source rows in output order
KEYS = _ws.take(81)  # every row relabelled and reordered
RPAT = _ws.take(2 * 9)  # breadth first: each row's clue pattern (9 bits), both orientations
RCODE = _ws.take(2 * 9)  # each row's cells, 4 bits each
RDUP = _ws.take(2 * 9)  # earlier rows of the band with the same cells (bit mask)
BDUP = _ws.take(2 * 3)  # earlier bands with the same cells (bit mask)
POS = _ws.take(81)  # the clue cells of the smallest pattern, in order
LABELS = _ws.take(81)  # the best labels of those cells so far
RTRIP = _ws.take(2 * 9 * 3)  # each row's digits in each stack (packed, 4 bits each)
LEAST = _ws.take(9)  # string search: the smallest row (nine packed keys) at each depth
SCRATCH_SIZE = _ws.size


@njit
def _lv(k: int) -> int:
    """Where depth ``k``'s row of the puzzle searches' level table starts."""
    return LEVEL_TABLE + k * LEVEL_WIDTH


# ---------------------------------------------------------------------- helpers


@njit
def _sudoku(g2: np.ndarray) -> bool:
    """``g2[0]`` is a full grid whose every row, column and box holds 1-9 once (the
    full-grid search relies on all three)."""
    for u in range(9):
        seen_r = 0
        seen_c = 0
        seen_b = 0
        for x in range(9):
            a = g2[0, 9 * u + x]
            b = g2[0, 9 * x + u]
            c = g2[0, 27 * (u // 3) + 3 * (u % 3) + 9 * (x // 3) + x % 3]
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
def _zeros(a: np.ndarray, i: int) -> int:
    """Leading blanks of the row at ``a[i:]`` (a row of INF: none)."""
    n = 0
    while n < 9 and a[i + n] == 0:
        n += 1
    return n


# ---------------------------------------------------------------------- full grids
# The grid search keeps its placements packed, three words per position of row 2 (GP,
# GPINV, GSLOTS): output column q -> source column + 1 in bits 4q..4q+3 (0:
# unplaced); source column c -> output column + 1 in bits 4c..4c+3; output stack s ->
# source stack + 1 in bits 2s..2s+1, and the source stacks placed in bits 6-8.


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
def _takes(slots: int, s: int, stk: int) -> bool:
    """May output stack ``s`` hold source stack ``stk`` (``slots``: a packed SLOTS word)?"""
    sq = (slots >> (2 * s)) & 3
    return sq == stk + 1 or (sq == 0 and not (slots >> (6 + stk)) & 1)


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
    written, position by position (branch and bound against ``best``). Depth ``j``: the
    placements before position ``j``."""
    ws[GP] = 0
    ws[GPINV] = 0
    ws[GSLOTS] = 0
    ws[GIT] = 0
    j = ZERO
    while j >= 0:
        cols = ws[GP + j]
        where = ws[GPINV + j]
        slots = ws[GSLOTS + j]
        if j == 9:
            # Every column is placed. Row 3 is fixed: most leaves lose there, before the
            # other rows are written and sorted.
            cmp = 0
            for x in range(9):
                c = ((cols >> (4 * x)) & 15) - 1
                v = (where >> (4 * ws[POS0 + g[9 * r2 + c]])) & 15
                if v != best[18 + x]:
                    cmp = 1 if v > best[18 + x] else -1
                    break
            if cmp <= 0:
                _grid_leaf(g, t, r0, r1, r2, band, cols, where, best, tr, ws)
            j -= 1
            continue
        # The next source column for position j.
        c = -1
        if (cols >> (4 * j)) & 15:  # placed already (pulled by a row-2 digit): no choice
            if ws[GIT + j] == 0:
                c = ((cols >> (4 * j)) & 15) - 1
                ws[GIT + j] = 9
        else:
            while ws[GIT + j] < 9:
                cand = ws[GIT + j]
                ws[GIT + j] += 1
                if (where >> (4 * cand)) & 15:
                    continue
                # Row 2 opens 4 5 (6) only from a column whose stack sends one (two) more
                # digits to the same stack of row 1.
                if j == 0 and (
                    (best[10] == 5 and ws[MATES + cand] == 0)
                    or (best[11] == 6 and ws[MATES + cand] < 2)
                ):
                    continue
                if _takes(slots, j // 3, cand // 3):
                    c = cand
                    break
        if c < 0:
            j -= 1
            continue
        # The child: column c at position j.
        if not (cols >> (4 * j)) & 15:
            cols |= (c + 1) << (4 * j)
            where |= (j + 1) << (4 * c)
            slots |= (c // 3 + 1) << (2 * (j // 3)) | 1 << (6 + c // 3)
        # The label of row 2's digit here: where its row-1 column goes (the first free
        # position that can take it, if not placed yet).
        c2 = ws[SIG + c]
        if not (where >> (4 * c2)) & 15:
            stk = c2 // 3
            q = j + 1
            while q < 9 and ((cols >> (4 * q)) & 15 or not _takes(slots, q // 3, stk)):
                q += 1
            cols |= (c2 + 1) << (4 * q)
            where |= (q + 1) << (4 * c2)
            slots |= (stk + 1) << (2 * (q // 3)) | 1 << (6 + stk)
        v = (where >> (4 * c2)) & 15
        if v > best[9 + j]:
            continue
        if v < best[9 + j]:
            best[9 + j] = v
            for m in range(10 + j, 81):
                best[m] = INF
        j += 1
        ws[GP + j] = cols
        ws[GPINV + j] = where
        ws[GSLOTS + j] = slots
        ws[GIT + j] = 0


@njit
def _grid_leaf(
    g: np.ndarray,
    t: int,
    r0: int,
    r1: int,
    r2: int,
    band: int,
    cols: int,
    where: int,
    best: np.ndarray,
    tr: np.ndarray,
    ws: np.ndarray,
) -> None:
    """Rows 3-9 once every column is placed (``cols``, ``where``; row 3 no worse than the
    best's); keep them if they beat the best."""
    ws[LAB] = 0
    for d in range(1, 10):
        ws[LAB + d] = (where >> (4 * ws[POS0 + d])) & 15
    for j in range(9):
        c = ((cols >> (4 * j)) & 15) - 1
        for r in range(9):
            ws[KEYS + 9 * r + j] = ws[LAB + g[9 * r + c]]
    _order_rows(r2, band, ws)
    for i in range(7):
        for j in range(9):
            ws[REST + 9 * i + j] = ws[KEYS + 9 * ws[ORDER + i] + j]
    m = 0
    while m < 63 and ws[REST + m] == best[18 + m]:
        m += 1
    if m == 63 or ws[REST + m] > best[18 + m]:
        return  # worse, or a tie: keep the first transform found
    for m in range(63):
        best[18 + m] = ws[REST + m]
    tr[0] = t
    tr[1] = r0
    tr[2] = r1
    for i in range(7):
        tr[3 + i] = ws[ORDER + i]
    for j in range(9):
        tr[10 + j] = ((cols >> (4 * j)) & 15) - 1
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


# ---------------------------------------------------------------------- pattern convention
# Breadth first, row by row (the method of dobrichev's patminlex). A candidate is a partial
# transform: the orientation, the source rows of the output rows so far, the order of the
# stacks (fixed with row 1), and for each stack the set of column orders (a 6-bit mask over
# PERMS) still giving the smallest rows so far. A stack's column orders only matter through
# the 3-bit clue pattern they give each row, so a row keeps, for each stack, the orders
# giving its smallest triplet (TRIPLET_BEST, TRIPLET_KEEP): no branching on columns. Only
# candidates giving the smallest row survive each level. The digits then decide among the
# survivors and their remaining column orders.


def _triplet_tables() -> tuple[np.ndarray, np.ndarray]:
    """For a 3-bit clue triplet (bit 2: the stack's first column) and a mask of allowed
    column orders: the smallest triplet they give, and the orders giving it."""
    best = np.full((8, 64), 8, dtype=np.int64)
    keep = np.zeros((8, 64), dtype=np.int64)
    for bits in range(8):
        image = [
            sum(1 << (2 - i) for i in range(3) if bits >> (2 - int(order[i])) & 1)
            for order in PERMS
        ]
        for mask in range(1, 64):
            least = min(image[q] for q in range(6) if mask >> q & 1)
            best[bits, mask] = least
            keep[bits, mask] = sum(1 << q for q in range(6) if mask >> q & 1 and image[q] == least)
    return best, keep


def _row_best_table() -> np.ndarray:
    """For a 9-bit row pattern: the smallest it becomes under any stack and column order
    (each stack's clues pushed right, stacks by increasing clue count)."""
    out = np.empty(512, dtype=np.int64)
    for x in range(512):
        counts = sorted(bin((x >> (6 - 3 * s)) & 7).count("1") for s in range(3))
        out[x] = sum(((1 << n) - 1) << (6 - 3 * i) for i, n in enumerate(counts))
    return out


TRIPLET_BEST, TRIPLET_KEEP = _triplet_tables()
ROW_BEST = _row_best_table()
LEAD_ZEROS = np.array([9 - x.bit_length() for x in range(512)], dtype=np.int64)
CAND_MAX = 2 * 6 * 6**3 * 6  # orientations x band orders x row orders x stack orders
ALL_ORDERS = cast("int", np.int64(63 | 63 << 6 | 63 << 12))  # a fresh candidate's masks
# A candidate's first word: the source row of output row k in bits 4k..4k+3, then:
C_USED = 36  # 9 bits: the source rows used
C_T = 45  # the orientation
C_SP = 46  # 3 bits: the stack order (a row of PERMS)


@njit
def _pattern_minlex(
    g2: np.ndarray, best: np.ndarray, tr: np.ndarray, ws: np.ndarray, cand: np.ndarray
) -> None:
    """Minlex of a puzzle under the pattern convention into ``best`` and ``tr``; ``cand``:
    two candidate lists (rows 0-1 and 2-3: first words, column-order masks)."""
    _row_codes(g2, ws)
    n = _top_rows(cand, ws)
    src = ZERO
    for k in range(1, 9):
        n = _next_rows(k, src, n, cand, ws)
        src = 2 - src
    _best_digits(g2, src, n, cand, best, tr, ws)


@njit
def _row_codes(g2: np.ndarray, ws: np.ndarray) -> None:
    """``RPAT``, ``RCODE``, ``RDUP``, ``BDUP`` for both orientations. Identical rows of a
    band, and identical bands, are interchangeable: only the first unused one is tried."""
    for t in range(2):
        for r in range(9):
            x = 0
            code = 0
            for c in range(9):
                v = g2[t, 9 * r + c]
                x = 2 * x + (1 if v else 0)
                code = 16 * code + v
            ws[RPAT + 9 * t + r] = x
            ws[RCODE + 9 * t + r] = code
            for stk in range(3):
                ws[RTRIP + 27 * t + 3 * r + stk] = (code >> (4 * (6 - 3 * stk))) & 4095
        for r in range(9):
            dup = 0
            for r2 in range(3 * (r // 3), r):
                if ws[RCODE + 9 * t + r2] == ws[RCODE + 9 * t + r]:
                    dup |= 1 << r2
            ws[RDUP + 9 * t + r] = dup
        for b in range(3):
            dup = 0
            for b2 in range(b):
                at = RCODE + 9 * t
                if (
                    ws[at + 3 * b] == ws[at + 3 * b2]
                    and ws[at + 3 * b + 1] == ws[at + 3 * b2 + 1]
                    and ws[at + 3 * b + 2] == ws[at + 3 * b2 + 2]
                ):
                    dup |= 1 << b2
            ws[BDUP + 3 * t + b] = dup


@njit
def _row_value(x: int, sp: int, orders: int) -> tuple[int, int]:
    """Row pattern ``x`` under stack order ``sp`` and the column-order masks ``orders``: the
    smallest row it gives, and the masks of the column orders giving it."""
    v = 0
    kept = 0
    for i in range(3):
        trip = (x >> (6 - 3 * PERMS[sp, i])) & 7
        mask = (orders >> (6 * i)) & 63
        v = 8 * v + TRIPLET_BEST[trip, mask]
        kept |= TRIPLET_KEEP[trip, mask] << (6 * i)
    return v, kept


@njit
def _top_rows(cand: np.ndarray, ws: np.ndarray) -> int:
    """Level 0: every (orientation, row, stack order) giving the smallest first row, into
    list 0. Returns their number."""
    top = 512
    for m in range(18):
        top = min(top, ROW_BEST[ws[RPAT + m]])
    ws[TARGET] = top
    n = 0
    for t in range(2):
        for r in range(9):
            x = ws[RPAT + 9 * t + r]
            if ROW_BEST[x] != top or ws[RDUP + 9 * t + r] or ws[BDUP + 3 * t + r // 3]:
                continue
            for sp in range(6):
                v, kept = _row_value(x, sp, ALL_ORDERS)
                if v == top:
                    cand[0, n] = r | (1 << r) << C_USED | t << C_T | sp << C_SP
                    cand[1, n] = kept
                    n += 1
    return n


@njit
def _next_rows(k: int, src: int, n: int, cand: np.ndarray, ws: np.ndarray) -> int:
    """Level ``k``: every child of the ``n`` candidates of list ``src`` (0 or 2) giving the
    smallest row ``k``, into the other list. Returns their number."""
    dst = 2 - src
    least = 512
    nn = 0
    for i in range(n):
        a = cand[src, i]
        orders = cand[src + 1, i]
        t = (a >> C_T) & 1
        sp = (a >> C_SP) & 7
        used = (a >> C_USED) & 511
        if k % 3:  # rows of the band of output row 3 * (k // 3)
            lo = 3 * (((a >> (12 * (k // 3))) & 15) // 3)
            hi = lo + 3
        else:  # any row of a band not used yet
            lo = 0
            hi = 9
        for r in range(lo, hi):
            if (used >> r) & 1 or ws[RDUP + 9 * t + r] & ~used:
                continue
            if k % 3 == 0:
                bands = 0
                for b in range(3):
                    if (used >> (3 * b)) & 7:
                        bands |= 1 << b
                if (bands >> (r // 3)) & 1 or ws[BDUP + 3 * t + r // 3] & ~bands:
                    continue
            v, kept = _row_value(ws[RPAT + 9 * t + r], sp, orders)
            if v > least:
                continue
            if v < least:
                least = v
                nn = 0
            cand[dst, nn] = a | r << (4 * k) | (1 << r) << C_USED
            cand[dst + 1, nn] = kept
            nn += 1
    ws[TARGET + k] = least
    return nn


@njit
def _best_digits(
    g2: np.ndarray,
    src: int,
    n: int,
    cand: np.ndarray,
    best: np.ndarray,
    tr: np.ndarray,
    ws: np.ndarray,
) -> None:
    """Among the ``n`` final candidates of list ``src`` and their column orders, the one
    whose digits, relabelled in order of appearance, read smallest (the first such)."""
    npos = 0
    for k in range(9):
        for j in range(9):
            if (ws[TARGET + k] >> (8 - j)) & 1:
                ws[POS + npos] = 9 * k + j
                npos += 1
    have = False
    for i in range(n):
        a = cand[src, i]
        orders = cand[src + 1, i]
        t = (a >> C_T) & 1
        sp = (a >> C_SP) & 7
        for q0 in range(6):
            if not (orders >> q0) & 1:
                continue
            cols0 = _stack_columns_packed(PERMS[sp, 0], q0)
            for q1 in range(6):
                if not (orders >> (6 + q1)) & 1:
                    continue
                cols1 = cols0 | _stack_columns_packed(PERMS[sp, 1], q1) << 12
                for q2 in range(6):
                    if not (orders >> (12 + q2)) & 1:
                        continue
                    cols = cols1 | _stack_columns_packed(PERMS[sp, 2], q2) << 24
                    # The digits at the clue cells, relabelled, against the best labels:
                    # left at the first larger one; from the first smaller one on, they
                    # are the new best.
                    labels = ZERO
                    nl = 1
                    state = 0 if have else -1
                    for q in range(npos):
                        cell = ws[POS + q]
                        row = (a >> (4 * (cell // 9))) & 15
                        d = g2[t, 9 * row + ((cols >> (4 * (cell % 9))) & 15)]
                        lab = (labels >> (4 * d - 4)) & 15
                        if lab == 0:
                            lab = nl
                            labels |= nl << (4 * d - 4)
                            nl += 1
                        if state == 0:
                            if lab > ws[LABELS + q]:
                                state = 1
                                break
                            if lab < ws[LABELS + q]:
                                state = -1
                        if state < 0:
                            ws[LABELS + q] = lab
                    if state < 0:
                        _packed_transform(t, a, cols, labels, tr)
                        have = True
    for m in range(81):
        best[m] = 0
    for q in range(npos):
        best[ws[POS + q]] = ws[LABELS + q]


@njit
def _stack_columns_packed(stack: int, q: int) -> int:
    """The source columns of source stack ``stack`` in column order ``q``, packed: the
    ``x``-th in bits 4x..4x+3 (shift by 12s for output stack ``s``)."""
    base = 3 * stack
    return int(base + PERMS[q, 0] | (base + PERMS[q, 1]) << 4 | (base + PERMS[q, 2]) << 8)


@njit
def _packed_transform(t: int, rows: int, cols: int, labels: int, tr: np.ndarray) -> None:
    """The transform of packed source rows and columns (4 bits per output row, column) and
    labels (digit d's in bits 4(d-1)...); digits absent from the grid get the labels left,
    in increasing order."""
    tr[0] = t
    for i in range(9):
        tr[1 + i] = (rows >> (4 * i)) & 15
        tr[10 + i] = (cols >> (4 * i)) & 15
    taken = 0
    for d in range(1, 10):
        taken |= 1 << ((labels >> (4 * d - 4)) & 15)
    nxt = 1
    tr[19] = 0
    for d in range(1, 10):
        lab = (labels >> (4 * d - 4)) & 15
        if lab == 0:
            while (taken >> nxt) & 1:
                nxt += 1
            taken |= 1 << nxt
            lab = nxt
        tr[19 + d] = lab


# ---------------------------------------------------------------------- string convention
# The same breadth-first search with digits: a candidate also carries its labels (digit d
# -> label in bits 4(d-1)..4d-1) and the next free label. A stack's column orders stay
# together while they put the same digits in the same places (so give the same image); a
# row whose smallest key triplet comes from orders placing different digits splits the
# candidate, one branch per digit triplet. Children are compared by their rows' keys (0
# blank, else the label; nine of 4 bits, packed). Past STRING_CANDIDATES candidates the
# search gives up and the depth-first search takes over.
#
# Every child's row has the smallest clue pattern its column orders allow (in a stack,
# the smallest key triplet puts the blanks first, whatever the labels), so only the
# orders giving that pattern are tried, and a child with fewer leading blanks than
# another loses to it, unwritten.

STRING_CANDIDATES = CAND_MAX  # candidates the breadth-first string search may hold
C_NEXT = 18  # a candidate's second word: the column-order masks, then the next free label


@njit
def _string_minlex(
    g2: np.ndarray, best: np.ndarray, tr: np.ndarray, ws: np.ndarray, cand: np.ndarray
) -> bool:
    """Minlex of any grid under the string convention into ``best`` and ``tr``; ``cand``:
    two candidate lists of three words (rows 0-2, 3-5). False when it gave up."""
    _row_codes(g2, ws)
    src = ZERO
    n = ZERO + 1
    for k in range(9):
        n = _string_level(k, src, n, cand, ws)
        if n < 0:
            return False
        src = 3 - src
    _string_result(src, cand, best, tr, ws)
    return True


@njit
def _string_level(k: int, src: int, n: int, cand: np.ndarray, ws: np.ndarray) -> int:
    """Depth ``k``: every child of the ``n`` candidates of list ``src`` (0 or 3; at depth
    0, the empty transform) giving the smallest row, into the other list. Returns their
    number, or -1 past ``STRING_CANDIDATES``. (One function: numba calls that pass
    arrays cost more than this loop's steps.)"""
    dst = 3 - src
    zeros = 0  # leading blanks of the smallest row so far (a child with fewer is larger)
    if k == 0:
        for m in range(18):
            zeros = max(zeros, LEAD_ZEROS[ROW_BEST[ws[RPAT + m]]])
    least = 1 << 40
    nn = 0
    for i in range(n):
        a = cand[src, i] if k else 0
        b = cand[src + 1, i] if k else ALL_ORDERS | 1 << C_NEXT
        c = cand[src + 2, i] if k else 0
        used = (a >> C_USED) & 511
        band = ((a >> (12 * (k // 3))) & 15) // 3  # of output row 3 * (k // 3)
        lo = 3 * band if k % 3 else 0  # the source rows that may come next
        hi = lo + 3 if k % 3 else 9
        for t in range(2):
            if k and t != (a >> C_T) & 1:
                continue
            for r in range(lo, hi):
                if not _row_allowed(
                    k, r, used, band, ws[RDUP + 9 * t + r], ws[BDUP + 3 * t + r // 3]
                ):
                    continue
                for sp in range(6):
                    if k and sp != (a >> C_SP) & 7:
                        continue
                    v, kept = _row_value(ws[RPAT + 9 * t + r], sp, b)
                    if LEAD_ZEROS[v] < zeros:
                        continue
                    at = RTRIP + 27 * t + 3 * r
                    cells0 = ws[at + PERMS[sp, 0]]
                    cells1 = ws[at + PERMS[sp, 1]]
                    cells2 = ws[at + PERMS[sp, 2]]
                    nl0 = b >> C_NEXT
                    keys0, groups0 = _branches(cells0, kept & 63, c, nl0)
                    if keys0 > least >> 24:
                        continue
                    for g0 in range(6):
                        m0 = (groups0 >> (6 * g0)) & 63
                        if m0 == 0:
                            break
                        lab1, nl1 = _triplet_keys(cells0, _first(m0), c, nl0)[2:]
                        keys1, groups1 = _branches(cells1, (kept >> 6) & 63, lab1, nl1)
                        keys01 = keys0 << 12 | keys1
                        if keys01 > least >> 12:
                            continue
                        for g1 in range(6):
                            m1 = (groups1 >> (6 * g1)) & 63
                            if m1 == 0:
                                break
                            lab2, nl2 = _triplet_keys(cells1, _first(m1), lab1, nl1)[2:]
                            keys2, groups2 = _branches(cells2, (kept >> 12) & 63, lab2, nl2)
                            row = keys01 << 12 | keys2
                            if row > least:
                                continue
                            if row < least:
                                least = row
                                zeros = max(zeros, _key_zeros(row))
                                nn = 0
                            for g2 in range(6):
                                m2 = (groups2 >> (6 * g2)) & 63
                                if m2 == 0:
                                    break
                                lab3, nl3 = _triplet_keys(cells2, _first(m2), lab2, nl2)[2:]
                                if nn == STRING_CANDIDATES:
                                    return -1
                                cand[dst, nn] = (
                                    a | r << (4 * k) | (1 << r) << C_USED | t << C_T | sp << C_SP
                                )
                                cand[dst + 1, nn] = m0 | m1 << 6 | m2 << 12 | nl3 << C_NEXT
                                cand[dst + 2, nn] = lab3
                                nn += 1
    ws[LEAST + k] = least
    return nn


@njit
def _key_zeros(row: int) -> int:
    """Leading blanks of a row of nine packed keys."""
    n = 0
    while n < 9 and not (row >> (4 * (8 - n))) & 15:
        n += 1
    return n


@njit
def _row_allowed(k: int, r: int, used: int, band: int, rdup: int, bdup: int) -> bool:
    """May source row ``r`` be output row ``k``, the source rows in bit mask ``used`` taken
    and ``band`` the current band? ``rdup``, ``bdup``: the row's ``RDUP`` and its band's
    ``BDUP`` (identical rows of a band, blank rows most often, and identical bands are
    interchangeable: only the first unused one of each kind is tried)."""
    if (used >> r) & 1 or rdup & ~used:
        return False
    if k % 3:
        return r // 3 == band
    bands = 0
    for x in range(3):
        if (used >> (3 * x)) & 7:
            bands |= 1 << x
    return not ((bands >> (r // 3)) & 1 or bdup & ~bands)


@njit
def _first(mask: int) -> int:
    """The lowest set bit's index."""
    q = 0
    while not (mask >> q) & 1:
        q += 1
    return q


@njit
def _branches(cells: int, orders: int, labels: int, nl: int) -> tuple[int, int]:
    """A stack's triplet of ``cells`` (packed digits, first column highest) in the column
    ``orders`` allowed: the smallest key triplet under ``labels``, and the orders giving it
    grouped by the digits they place (group ``g``'s mask in bits 6g..6g+5)."""
    if cells == 0:
        return 0, orders
    least = 1 << 12
    groups = 0
    places = 0  # the digit triplet of each group, 12 bits each
    ngroups = 0
    for q in range(6):
        if not (orders >> q) & 1:
            continue
        keys, digits = _triplet_keys(cells, q, labels, nl)[:2]
        if keys > least:
            continue
        if keys < least:
            least = keys
            groups = 0
            places = 0
            ngroups = 0
        g = 0
        while g < ngroups and (places >> (12 * g)) & 4095 != digits:
            g += 1
        if g == ngroups:
            places |= digits << (12 * g)
            ngroups += 1
        groups |= 1 << (6 * g + q)
    return least, groups


@njit
def _triplet_keys(cells: int, q: int, labels: int, nl: int) -> tuple[int, int, int, int]:
    """``cells`` in column order ``q``: their keys and digits (packed, 4 bits each), and
    the labels and next free label after them."""
    keys = 0
    digits = 0
    for x in range(3):
        d = (cells >> (4 * (2 - PERMS[q, x]))) & 15
        digits = 16 * digits + d
        key = 0
        if d:
            key = (labels >> (4 * (d - 1))) & 15
            if key == 0:
                key = nl
                labels |= nl << (4 * (d - 1))
                nl += 1
        keys = 16 * keys + key
    return keys, digits, labels, nl


@njit
def _string_result(
    src: int, cand: np.ndarray, best: np.ndarray, tr: np.ndarray, ws: np.ndarray
) -> None:
    """The form from the depths' smallest rows, the transform from the first candidate left
    (its column orders all give the same image: the first is taken)."""
    for k in range(9):
        row = ws[LEAST + k]
        for j in range(9):
            best[9 * k + j] = (row >> (4 * (8 - j))) & 15
    a = cand[src, 0]
    orders = cand[src + 1, 0]
    sp = (a >> C_SP) & 7
    cols = ZERO
    for s in range(3):
        cols |= _stack_columns_packed(PERMS[sp, s], _first((orders >> (6 * s)) & 63)) << (12 * s)
    _packed_transform((a >> C_T) & 1, a, cols, cand[src + 2, 0], tr)


# ---------------------------------------------------------------------- depth first
# The string convention's fallback. Depth k's node (a row of the level table at _lv(k)):
# the source rows used, the band of the last one, the stacks and columns placed (those
# still blank in every output row so far stay unplaced: interchangeable), the labels.


@njit
def _puzzle_minlex(g2: np.ndarray, best: np.ndarray, tr: np.ndarray, ws: np.ndarray) -> None:
    """Minlex of any grid (both orientations in ``g2``) under the string convention into
    ``best`` and ``tr``, depth first: at each depth only the children giving the smallest
    row survive, against the best row found so far at that depth (branch and bound)."""
    _row_codes(g2, ws)
    for k in range(9):
        for m in range(9):
            ws[_lv(k) + BEST_ROW + m] = INF
    have = False
    fresh = False  # the bound improved since the last transform was kept
    for t in range(2):
        g = g2[t]
        nd = _lv(ZERO)
        for m in range(NODE_WIDTH):
            ws[nd + m] = 0
        for m in range(12):  # (SLOT, COL)
            ws[nd + SLOT + m] = -1
        ws[nd + NEXT] = 1
        k = ZERO
        entering = True
        while k >= 0:
            nd = _lv(k)
            if entering:
                entering = False
                _smallest_children(g, t, k, ws)
                cmp = _less(ws, nd + MIN_ROW, ws, nd + BEST_ROW, 9)
                if cmp > 0:  # worse than the best at this depth: the node is done
                    k -= 1
                    continue
                if cmp < 0:  # better: the new best, deeper bests forgotten
                    fresh = True
                    for m in range(9):
                        ws[nd + BEST_ROW + m] = ws[nd + MIN_ROW + m]
                    for m in range(9 * (k + 1), 81):
                        ws[_lv(m // 9) + BEST_ROW + m % 9] = INF
            if not _next_smallest_child(g, t, k, ws):
                k -= 1
                continue
            ws[nd + CHOSEN] = ws[nd + IT_R]
            if k < 8:
                k += 1
                entering = True
                continue
            if fresh or not have:
                for m in range(81):
                    best[m] = ws[PATH + m]
                _puzzle_transform(t, tr, ws)
                have = True
                fresh = False


@njit
def _smallest_children(g: np.ndarray, t: int, k: int, ws: np.ndarray) -> None:
    """Pass 1 at depth ``k``: the smallest row any child gives, and the list of the
    children giving it (as long as it has room)."""
    nd = _lv(k)
    row = PATH + 9 * k
    ws[nd + IT_R] = 0
    ws[nd + IT_A] = 0
    for m in range(9):
        ws[nd + MIN_ROW + m] = INF
    ws[nd + NTIES] = 0
    bound = _zeros(ws, nd + BEST_ROW)
    used = ws[nd + ROWS]
    for r in range(9):
        if not _row_allowed(
            k, r, used, ws[nd + CUR], ws[RDUP + 9 * t + r], ws[BDUP + 3 * t + r // 3]
        ):
            continue
        count, zeros = _survey(g, r, ws, nd)
        if zeros < bound:
            continue
        for a in range(count):
            _arrange(g, r, a, k, ws)
            cmp = _less(ws, row, ws, nd + MIN_ROW, 9)
            if cmp < 0:
                for m in range(9):
                    ws[nd + MIN_ROW + m] = ws[row + m]
                bound = max(bound, _zeros(ws, row))
                ws[nd + NTIES] = 0
            if cmp <= 0:
                n = ws[nd + NTIES]
                if n < TIES:
                    ws[nd + TIE_R + n] = r
                    ws[nd + TIE_A + n] = a
                ws[nd + NTIES] = n + 1


@njit
def _next_smallest_child(g: np.ndarray, t: int, k: int, ws: np.ndarray) -> bool:
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
    used = ws[nd + ROWS]
    while ws[nd + IT_R] < 9:
        r = ws[nd + IT_R]
        rdup = ws[RDUP + 9 * t + r]
        if not _row_allowed(k, r, used, ws[nd + CUR], rdup, ws[BDUP + 3 * t + r // 3]) or (
            _arrange(g, r, ws[nd + IT_A], k, ws) < 0
        ):
            ws[nd + IT_R] += 1
            ws[nd + IT_A] = 0
            continue
        ws[nd + IT_A] += 1
        if _less(ws, row, ws, nd + MIN_ROW, 9) == 0:
            return True
    return False


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
def _ordering(index: int, n: int) -> int:
    """The row of PERMS whose first ``n`` entries are the ``index``-th ordering of
    ``0..n-1`` (n <= 3, in lexicographic order)."""
    return index if n == 3 else 2 * index


@njit
def _arrange(g: np.ndarray, r: int, a: int, k: int, ws: np.ndarray) -> int:
    """Write source row ``r`` as output row ``k`` under arrangement number ``a``: the child
    node into depth ``k + 1``, the row into ``PATH``.

    The arrangement number picks the order of the clue-bearing unplaced stacks, then for
    each stack the order of its newly placed clue columns. Returns the next free label, or
    -1 when ``a`` is past the last arrangement.
    """
    base = 9 * r
    nd = _lv(k)
    ch = nd + LEVEL_WIDTH
    for m in range(NODE_WIDTH):
        ws[ch + m] = ws[nd + m]
    ws[ch + ROWS] = ws[nd + ROWS] | (1 << r)
    ws[ch + CUR] = r // 3
    used, nfree = _used_stacks(ws, nd)
    # Unplaced stacks with a clue in this row take the last unplaced slots, in some order.
    bearing = 0
    m = ZERO
    for stk in range(3):
        if (
            not (used >> stk) & 1
            and g[base + 3 * stk] | g[base + 3 * stk + 1] | g[base + 3 * stk + 2]
        ):
            bearing |= 1 << stk
            m += 1
    if m:
        order = _ordering(a % FACT[m], m)
        a //= FACT[m]
        i = 0
        for stk in range(3):
            if (bearing >> stk) & 1:
                ws[ch + SLOT + nfree - m + PERMS[order, i]] = stk
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
        kc = ZERO
        clue_cols = 0
        for x in range(3):
            if not (placed >> x) & 1 and g[base + 3 * stk + x]:
                kc += 1
                clue_cols |= 1 << x
        if kc == 0:
            continue
        order = _ordering(a % FACT[kc], kc)
        a //= FACT[kc]
        first = 3 * s + nunplaced - kc
        i = 0
        for x in range(3):
            if (clue_cols >> x) & 1:
                ws[ch + COL + first + PERMS[order, i]] = 3 * stk + x
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
def _puzzle_transform(t: int, tr: np.ndarray, ws: np.ndarray) -> None:
    """The transform of a finished search path (the placements at the last depth); stacks
    and columns still unplaced (blank everywhere) get the rest in increasing order."""
    leaf = _lv(LEVELS - 1)
    rows = ZERO
    for i in range(9):
        rows |= ws[_lv(i) + CHOSEN] << (4 * i)
    used = _used_stacks(ws, leaf)[0]
    stk = 0
    cols = ZERO
    for s in range(3):
        stack = ws[leaf + SLOT + s]
        if stack < 0:
            while (used >> stk) & 1:
                stk += 1
            stack = stk
            used |= 1 << stk
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
            cols |= c << (4 * (3 * s + x))
    labels = ZERO
    for d in range(1, 10):
        labels |= ws[leaf + AUX + d] << (4 * d - 4)
    _packed_transform(t, rows, cols, labels, tr)


# ---------------------------------------------------------------------- batch


@aot(
    "void(uint8[:, ::1], boolean, uint8[:, ::1], int64[:, ::1])"
)
@njit
def minlex_batch(puzzles: np.ndarray, pattern: bool, out: np.ndarray, trs: np.ndarray) -> None:
    """Minlex of every row of ``puzzles`` (n, 81) into ``out`` (n, 81) and ``trs`` (n, 29);
    ``pattern``: the pattern-first convention, else the string minimum. Picks the search
    for each grid."""
    ws = np.empty(SCRATCH_SIZE, dtype=np.int64)
    g2 = np.empty((2, 81), dtype=np.int64)
    best = np.empty(81, dtype=np.int64)
    cand = np.empty((6, CAND_MAX), dtype=np.int64)
    for i in range(puzzles.shape[0]):
        blanks = 0
        for r in range(9):
            for c in range(9):
                v = puzzles[i, 9 * r + c]
                g2[0, 9 * r + c] = v
                g2[1, 9 * c + r] = v
                if v == 0:
                    blanks += 1
        tr = trs[i]
        if _sudoku(g2):
            _grid_minlex(g2, best, tr, ws)
        elif pattern and blanks:  # (without blanks every image has the same pattern)
            _pattern_minlex(g2, best, tr, ws, cand)
        elif not _string_minlex(g2, best, tr, ws, cand):
            _puzzle_minlex(g2, best, tr, ws)
        for m in range(81):
            out[i, m] = best[m]
