"""The numba kernel that decodes a block of game ID lines into arrays (the kernel tier of
:mod:`puzzlefmt.keen.columnar`).

A line is decoded when it is exactly ``<size>[d<letter>][m]:<block structure>,<clues>``
with a size of 1 to 9 (one or two digits), repeat counts of at most four digits and targets
of at most 18; every other line, and every line the reader (:mod:`puzzlefmt.keen.gameid`)
refuses, is marked not decoded (``ok = 0``), and the caller reads it with the reader. The
block structure is read in its documented meaning (``z``: 25 shared edges and no wall), as
the reader reads it by default.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import aot, njit

__all__ = ["MAXN", "decode_ids"]

#: Cells of the largest grid decoded here (9x9).
MAXN = 81

_COLON = 58
_COMMA = 44
_UNDERSCORE = 95
_LOWER_A = 97
_LOWER_Z = 122
_ZERO = 48
_NINE = 57
_MAX_COUNT_DIGITS = 4
_MAX_TARGET_DIGITS = 18


@njit
def _op_code(ch: int) -> int:
    """0 add, 1 mul, 2 sub, 3 div (the solver's codes); -1 for another character."""
    if ch == 97:  # a
        return 0
    if ch == 109:  # m
        return 1
    if ch == 115:  # s
        return 2
    if ch == 100:  # d
        return 3
    return -1


@njit
def _difficulty(ch: int) -> int:
    """0 to 4 for e, n, h, x, u; -1 for another character."""
    if ch == 101:
        return 0
    if ch == 110:
        return 1
    if ch == 104:
        return 2
    if ch == 120:
        return 3
    if ch == 117:
        return 4
    return -1


@njit
def _root(parent: np.ndarray, a: int) -> int:
    while parent[a] != a:
        a = parent[a]
    return a


@njit
def _decode_one(buf: np.ndarray, p: int, e: int, i: int, size: np.ndarray,
                difficulty: np.ndarray, mult: np.ndarray, cages: np.ndarray,
                cell_cage: np.ndarray, cop: np.ndarray, ctarget: np.ndarray,
                ccells: np.ndarray, cstart: np.ndarray, parent: np.ndarray,
                area: np.ndarray) -> bool:
    """Decode the line ``buf[p:e]`` into row ``i`` of the outputs; False when it is not
    taken."""
    # Parameters: one or two digits of size, then d + letter, then m, then ':'.
    if p >= e or not _ZERO <= buf[p] <= _NINE:
        return False
    w = int(buf[p]) - _ZERO
    p += 1
    if p < e and _ZERO <= buf[p] <= _NINE:
        w = w * 10 + int(buf[p]) - _ZERO
        p += 1
    if w < 1 or w > 9:
        return False
    level = -1
    if p < e and buf[p] == 100:  # d
        if p + 1 >= e:
            return False
        level = _difficulty(buf[p + 1])
        if level < 0:
            return False
        p += 2
    m_flag = 0
    if p < e and buf[p] == 109:  # m
        m_flag = 1
        p += 1
    if p >= e or buf[p] != _COLON:
        return False
    p += 1
    # Block structure: symbols with repeat counts, union-find of the shared edges.
    n = w * w
    half = w * (w - 1)
    total = 2 * half + 1
    for c in range(n):
        parent[c] = c
    pos = 0
    while p < e and buf[p] != _COMMA:
        ch = int(buf[p])  # a plain int: uint8 arithmetic wraps where the kernel runs as Python
        if ch == _UNDERSCORE:
            shared = 0
            wall = 1
        elif _LOWER_A <= ch <= _LOWER_Z:
            shared = ch - 96
            wall = 1
            if shared == 26:
                shared = 25
                wall = 0
        else:
            return False
        p += 1
        count = 0
        digits = 0
        while p < e and _ZERO <= buf[p] <= _NINE:
            count = count * 10 + int(buf[p]) - _ZERO
            digits += 1
            p += 1
        if digits > _MAX_COUNT_DIGITS:
            return False
        count = max(count, 1)
        step = shared + wall
        end = pos + count * step
        if end > total or (wall == 0 and end >= total):
            return False
        for rep in range(count):
            first = pos + rep * step
            for q in range(first, first + shared):
                if q < half:
                    y = q // (w - 1)
                    x = q % (w - 1)
                    a = y * w + x
                    b = a + 1
                else:
                    j = q - half
                    x = j // (w - 1)
                    y = j % (w - 1)
                    a = y * w + x
                    b = a + w
                ra = _root(parent, a)
                rb = _root(parent, b)
                if ra < rb:
                    parent[rb] = ra
                elif rb < ra:
                    parent[ra] = rb
        pos = end
    if pos != total or p >= e:
        return False
    p += 1  # the comma
    # Cages in order of their first cell; cells grouped by cage, ascending.
    k = 0
    for c in range(n):
        r = c if parent[c] == c else parent[parent[c]]
        parent[c] = r  # parents are smaller cells: their roots are final already
        if r == c:
            cell_cage[i, c] = k
            area[k] = 0
            k += 1
        else:
            cell_cage[i, c] = cell_cage[i, r]
        area[cell_cage[i, c]] += 1
    for c in range(n, cell_cage.shape[1]):
        cell_cage[i, c] = -1
    ncages = k
    cstart[i, 0] = 0
    for g in range(ncages):
        cstart[i, g + 1] = cstart[i, g] + area[g]
        area[g] = cstart[i, g]  # now the next free place of cage g
    for g in range(ncages + 1, cstart.shape[1]):
        cstart[i, g] = n
    for c in range(n):
        g = cell_cage[i, c]
        ccells[i, area[g]] = c
        area[g] += 1
    for c in range(n, ccells.shape[1]):
        ccells[i, c] = -1
    # Clues: one op letter and up to 18 digits per cage, then the end of the line.
    for g in range(ncages):
        if p >= e:
            return False
        code = _op_code(buf[p])
        if code < 0:
            return False
        if code >= 2 and cstart[i, g + 1] - cstart[i, g] != 2:
            return False
        p += 1
        value = 0
        digits = 0
        while p < e and _ZERO <= buf[p] <= _NINE:
            value = value * 10 + int(buf[p]) - _ZERO
            digits += 1
            p += 1
        if digits > _MAX_TARGET_DIGITS:
            return False
        cop[i, g] = code
        ctarget[i, g] = value if digits else -1
    if p != e:
        return False
    for g in range(ncages, cop.shape[1]):
        cop[i, g] = -1
        ctarget[i, g] = 0
    size[i] = w
    difficulty[i] = level
    mult[i] = m_flag
    cages[i] = ncages
    return True


@aot(
    "int64(Array(uint8, 1, 'C', readonly=True), int64[::1], int64[::1], boolean[::1], "
    "int64[::1], int8[::1], boolean[::1], int64[::1], int8[:, ::1], int8[:, ::1], int64[:, ::1], "
    "int8[:, ::1], int16[:, ::1])"
)
@njit
def decode_ids(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray, ok: np.ndarray,
               size: np.ndarray, difficulty: np.ndarray, mult: np.ndarray,
               cages: np.ndarray, cell_cage: np.ndarray, cop: np.ndarray,
               ctarget: np.ndarray, ccells: np.ndarray, cstart: np.ndarray) -> int:
    """Decode every line ``buf[starts[i]:ends[i]]``; ``ok[i]`` says whether it was taken.
    Rows of a line not taken hold nothing of use. Returns the number taken."""
    parent = np.empty(MAXN, np.int64)
    area = np.empty(MAXN + 1, np.int64)
    taken = 0
    for i in range(starts.shape[0]):
        good = _decode_one(buf, starts[i], ends[i], i, size, difficulty, mult, cages,
                           cell_cage, cop, ctarget, ccells, cstart, parent, area)
        ok[i] = good
        taken += good
    return taken
