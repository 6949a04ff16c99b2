"""Lookup tables for the Sudoku kernels (plain numpy; no numba here).

The solver keeps, for each digit and each band of three rows, one 27-bit word: bit ``9*r + c``
is set while the digit may still go in row ``r`` of the band, column ``c``. A cell index
``i`` (0-80) is band ``i // 27``, bit ``i % 27``.

- ``SHRINK[x]``: for a 9-bit row segment, which of its three boxes still hold a bit (3 bits).
- ``COMPLEX27[s]``: ``s`` is a 3x3 (row, box) presence map of one digit in one band (bit
  ``3*r + box``). The digit goes exactly once in each row and each box of the band, so the
  (row, box) pairs it takes form a permutation matrix. The entry is the union of the
  permutation matrices inside ``s``, widened to the 27 cells; 0 when there is none.
- ``COL27[c]``: the three cells of column ``c`` in a band. ``ROW27[r]``: the nine of row ``r``.
- ``DEBRUIJN``: index of the lowest set bit of a 32-bit word (``x & -x`` times 0x077CB531,
  top five bits).
- ``PERMS``: every ordering of 0, 1, 2 (six rows), and ``FACT``: 0! to 3!.
- The rater's unit tables (``UNIT``, ``CELL_UNITS``, ``CELL_POS``, ``SEES``, ``PEERS``,
  ``INTER``; units numbered rows 0-8, columns 9-17, boxes 18-26), shared by
  :mod:`puzzlefmt.sudoku._kernels.rate` and :mod:`puzzlefmt.sudoku._kernels.chains`.
"""

from __future__ import annotations

from itertools import permutations

import numpy as np

__all__ = [
    "BOX27",
    "CELL_POS",
    "CELL_UNITS",
    "CLAIM27",
    "COL27",
    "COMPLEX27",
    "DEBRUIJN",
    "DEBRUIJN_MUL",
    "FACT",
    "INTER",
    "LONE_COL27",
    "PEERS",
    "PERMS",
    "ROW27",
    "SEES",
    "SHRINK",
    "UNIT",
]


# Each table is worked out in plain Python (lists and ints) and made an array once: numpy
# indexing inside these loops cost every command that loads the kernels about 0.1 s.


def _shrink() -> np.ndarray:
    out = []
    for x in range(512):
        v = 0
        for box in range(3):
            if (x >> (3 * box)) & 7:
                v |= 1 << box
        out.append(v)
    return np.array(out, dtype=np.int64)


def _complex27() -> np.ndarray:
    perm_masks = []
    for p in permutations(range(3)):
        perm_masks.append(sum(1 << (3 * r + p[r]) for r in range(3)))
    out = []
    for s in range(512):
        union = 0
        for m in perm_masks:
            if m & s == m:
                union |= m
        wide = 0
        for r in range(3):
            for box in range(3):
                if union >> (3 * r + box) & 1:
                    wide |= 0b111 << (9 * r + 3 * box)
        out.append(wide)
    return np.array(out, dtype=np.int64)


_COL27 = [(1 << c) | (1 << (c + 9)) | (1 << (c + 18)) for c in range(9)]

SHRINK = _shrink()
COMPLEX27 = _complex27()
COL27 = np.array(_COL27, dtype=np.int64)
ROW27 = np.array([0x1FF << (9 * r) for r in range(3)], dtype=np.int64)
BOX27 = np.array([0x7 * (1 | 1 << 9 | 1 << 18) << (3 * x) for x in range(3)], dtype=np.int64)

DEBRUIJN_MUL = 0x077CB531
_debruijn = [0] * 32
for _i in range(32):
    _debruijn[((DEBRUIJN_MUL << _i) & 0xFFFFFFFF) >> 27] = _i
DEBRUIJN = np.array(_debruijn, dtype=np.int64)


def _lone_columns() -> np.ndarray:
    """For a 9-bit set of columns: the 27-bit cells of the columns alone in their box."""
    out = []
    for s in range(512):
        m = 0
        for box in range(3):
            t = (s >> (3 * box)) & 7
            if t != 0 and t & (t - 1) == 0:
                c = 3 * box + (t.bit_length() - 1)
                m |= _COL27[c]
        out.append(m)
    return np.array(out, dtype=np.int64)


LONE_COL27 = _lone_columns()


def _claim27() -> np.ndarray:
    """For a 9-bit set of columns a band must use for a digit: the cells of the band it then
    cannot use (the rest of each such column's box)."""
    rest = [0] * 9  # column c: the other columns of its box
    for c in range(9):
        box = c // 3
        for c2 in range(3 * box, 3 * box + 3):
            if c2 != c:
                rest[c] |= _COL27[c2]
    out = []
    for s in range(512):
        m = 0
        for c in range(9):
            if s >> c & 1:
                m |= rest[c]
        out.append(m)
    return np.array(out, dtype=np.int64)


CLAIM27 = _claim27()

PERMS = np.array(list(permutations(range(3))), dtype=np.int64)
FACT = np.array([1, 1, 2, 6], dtype=np.int64)


def _rater_tables() -> tuple[np.ndarray, ...]:
    unit = [[0] * 9 for _ in range(27)]
    for r in range(9):
        for c in range(9):
            unit[r][c] = r * 9 + c
            unit[9 + c][r] = r * 9 + c
    for b in range(9):
        for k in range(9):
            unit[18 + b][k] = (b // 3) * 27 + (b % 3) * 3 + (k // 3) * 9 + k % 3
    cell_units = [[0] * 3 for _ in range(81)]  # box, row, column
    cell_pos = [[0] * 3 for _ in range(81)]  # position in each
    for u in range(27):
        kind = 0 if u >= 18 else (1 if u < 9 else 2)
        for p in range(9):
            cell_units[unit[u][p]][kind] = u
            cell_pos[unit[u][p]][kind] = p
    sees = [[False] * 81 for _ in range(81)]
    peers = [[0] * 20 for _ in range(81)]  # box first, then row, then column
    for i in range(81):
        k = 0
        for kind in range(3):
            for p in range(9):
                j = unit[cell_units[i][kind]][p]
                if j != i and not sees[i][j]:
                    sees[i][j] = True
                    peers[i][k] = j
                    k += 1
    members = [set(cells) for cells in unit]
    inter = [[0] * 27 for _ in range(27)]  # positions in u of the cells also in v
    for u in range(27):
        for v in range(27):
            if u != v:
                inter[u][v] = sum(1 << p for p, cell in enumerate(unit[u]) if cell in members[v])
    return (np.array(unit, dtype=np.int64), np.array(cell_units, dtype=np.int64),
            np.array(cell_pos, dtype=np.int64), np.array(sees, dtype=np.bool_),
            np.array(peers, dtype=np.int64), np.array(inter, dtype=np.int64))


#: The rater's unit tables (units: rows 0-8, columns 9-17, boxes 18-26): ``UNIT[u, p]`` the
#: cell at position ``p`` of unit ``u``; ``CELL_UNITS[c]`` the box, row and column of cell ``c``
#: and ``CELL_POS[c]`` its position in each; ``SEES[c, q]``; ``PEERS[c]`` the 20 peers, box
#: first, then row, then column; ``INTER[u, v]`` the positions in ``u`` of the cells also in
#: ``v`` (0 for ``u == v``).
UNIT, CELL_UNITS, CELL_POS, SEES, PEERS, INTER = _rater_tables()
