"""numba kernels for Keen: cage layouts, propagation, and the counting search.

Everything here works on numpy arrays; :mod:`puzzlefmt.keen.solver` is the Python face.
A candidate set is a bit mask, bit ``d-1`` for digit ``d``. A puzzle is given as:

- ``cstart`` (ncages+1) and ``ccells``: the cells of cage ``c`` are
  ``ccells[cstart[c]:cstart[c+1]]``, ascending;
- ``cop``: 0 add, 1 mul, 2 sub, 3 div; ``ctarget``: the target (``-1``: one no digits reach);
- ``cell_cage``: the cage of every cell.

The *layouts* of a cage are the digit tuples (1..w, no digit twice in a row or column of the
cage) that meet its clue, stored as masks in one flat buffer: cage ``c`` has ``tcount[c]``
layouts of ``k`` masks each from ``tstart[c]``.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import njit

ADD = 0
MUL = 1
SUB = 2
DIV = 3

#: Layout buffers past this many masks (32 MB), or a search past this many steps for one
#: cage, mean a cage too large to enumerate (real puzzles stay far below both).
MAX_LAYOUT_MASKS = 4_000_000
MAX_CAGE_STEPS = 50_000_000
POW_CAP = 1 << 62
#: Naked subsets are looked for in rows and columns with at most this many open cells.
SUBSET_CELLS = 12


@njit
def popcount(m: int) -> int:
    c = 0
    while m:
        m &= m - 1
        c += 1
    return c


@njit
def lowest_digit(m: int) -> int:
    """The digit of the lowest set bit of ``m`` (bit 0 is digit 1)."""
    d = 1
    while (m & 1) == 0:
        m >>= 1
        d += 1
    return d


@njit
def layout_fits(tbuf: np.ndarray, off: int, masks: np.ndarray, ccells: np.ndarray, s: int,
                k: int) -> bool:
    """Whether the layout of ``k`` masks at ``tbuf[off:]`` meets the candidates ``masks`` of
    the cells ``ccells[s:s+k]`` in every cell."""
    j = 0
    while j < k and (tbuf[off + j] & masks[ccells[s + j]]) != 0:
        j += 1
    return j == k


@njit
def line_span(u: int, w: int) -> tuple[int, int]:
    """Line ``u`` (rows 0..w-1, then columns w..2w-1) as its first cell and the step between
    its cells."""
    if u < w:
        return u * w, 1
    return u - w, w


@njit
def enumerate_cage(
    w: int,
    cells: np.ndarray,
    op: int,
    target: int,
    buf: np.ndarray,
    start: int,
    digits: np.ndarray,
    rem: np.ndarray,
    powcap: np.ndarray,
) -> int:
    """Write every layout of one cage into ``buf`` from ``start`` (as masks); return how many,
    ``-1`` when ``buf`` is too small, ``-2`` when the search takes too many steps."""
    k = cells.shape[0]
    count = 0
    if target < 0:
        return 0
    if k == 1:
        if op >= SUB or not 1 <= target <= w:  # SUB and DIV need two cells
            return 0
        if start >= buf.shape[0]:
            return -1
        buf[start] = 1 << (target - 1)
        return 1
    if op >= SUB:
        if k != 2:
            return 0
        for a in range(1, w + 1):
            b = a + target if op == SUB else a * target
            if b < 1 or b > w or b == a:
                continue
            if start + 2 * count + 4 > buf.shape[0]:
                return -1
            buf[start + 2 * count] = 1 << (a - 1)
            buf[start + 2 * count + 1] = 1 << (b - 1)
            count += 1
            buf[start + 2 * count] = 1 << (b - 1)
            buf[start + 2 * count + 1] = 1 << (a - 1)
            count += 1
        return count
    # ADD / MUL: depth-first over the cells, digits ascending; the last digit is forced.
    add = op == ADD
    if not add and target == 0:
        return 0
    rem[0] = target
    i = 0
    digits[0] = 0
    steps = 0
    while i >= 0:
        steps += 1
        if steps > MAX_CAGE_STEPS:
            return -2
        left = k - i - 1  # cells after this one
        r = rem[i]
        if left == 0:
            # The last cell takes exactly what remains.
            d = r
            ok = 1 <= d <= w
            if ok:
                ci = cells[i]
                for j in range(i):
                    if digits[j] == d:
                        cj = cells[j]
                        if cj // w == ci // w or cj % w == ci % w:
                            ok = False
                            break
            if ok:
                if start + (count + 1) * k > buf.shape[0]:
                    return -1
                base = start + count * k
                for j in range(i):
                    buf[base + j] = 1 << (digits[j] - 1)
                buf[base + i] = 1 << (d - 1)
                count += 1
            i -= 1
            continue
        d = digits[i] + 1
        found = False
        ci = cells[i]
        while d <= w:
            if add:
                if d > r - left:
                    break
                if r - d > left * w:
                    d += 1
                    continue
            else:
                if r % d != 0:
                    d += 1
                    continue
                if r // d > powcap[left]:
                    d += 1
                    continue
            clash = False
            for j in range(i):
                if digits[j] == d:
                    cj = cells[j]
                    if cj // w == ci // w or cj % w == ci % w:
                        clash = True
                        break
            if not clash:
                found = True
                break
            d += 1
        if found:
            digits[i] = d
            rem[i + 1] = r - d if add else r // d
            i += 1
            digits[i] = 0
        else:
            digits[i] = 0
            i -= 1
    return count


@njit
def build_layouts(
    w: int,
    cstart: np.ndarray,
    ccells: np.ndarray,
    cop: np.ndarray,
    ctarget: np.ndarray,
    tstart: np.ndarray,
    tcount: np.ndarray,
) -> np.ndarray:
    """Enumerate the layouts of every cage; fill ``tstart``/``tcount``; return the buffer.
    An empty buffer with ``tcount[0] == -1`` means a cage too large to enumerate."""
    ncages = cop.shape[0]
    n = w * w
    powcap = np.empty(n + 1, np.int64)
    powcap[0] = 1
    for j in range(1, n + 1):
        powcap[j] = POW_CAP if powcap[j - 1] >= POW_CAP // w else powcap[j - 1] * w
    digits = np.zeros(n + 1, np.int64)
    rem = np.zeros(n + 1, np.int64)
    buf = np.empty(max(64, 16 * n), np.int64)
    used = 0
    for c in range(ncages):
        cells = ccells[cstart[c] : cstart[c + 1]]
        while True:
            got = enumerate_cage(w, cells, cop[c], ctarget[c], buf, used, digits, rem, powcap)
            if got >= 0:
                break
            if got == -2 or buf.shape[0] * 2 > MAX_LAYOUT_MASKS:
                tcount[0] = -1
                return np.empty(0, np.int64)
            bigger = np.empty(buf.shape[0] * 2, np.int64)
            bigger[:used] = buf[:used]
            buf = bigger
        tstart[c] = used
        tcount[c] = got
        used += got * (cstart[c + 1] - cstart[c])
    return buf[:used]


@njit
def cage_layouts(
    w: int, cstart: np.ndarray, ccells: np.ndarray, cop: np.ndarray, ctarget: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """:func:`build_layouts` with its own ``tstart``/``tcount``: those two, the buffer, and
    False for a cage too large to enumerate."""
    ncages = cop.shape[0]
    tstart = np.zeros(ncages, np.int64)
    tcount = np.zeros(ncages, np.int64)
    tbuf = build_layouts(w, cstart, ccells, cop, ctarget, tstart, tcount)
    return tstart, tcount, tbuf, not (ncages > 0 and tcount[0] < 0)


@njit
def propagate(
    masks: np.ndarray,
    w: int,
    cstart: np.ndarray,
    ccells: np.ndarray,
    cell_cage: np.ndarray,
    tstart: np.ndarray,
    tcount: np.ndarray,
    tbuf: np.ndarray,
    dirty: np.ndarray,
    scr: np.ndarray,
    slot_r: np.ndarray,
    slot_c: np.ndarray,
    ucell: np.ndarray,
    sub: np.ndarray,
) -> bool:
    """Narrow ``masks`` to a fixed point of these deductions, looking first at the cages
    marked ``dirty``: each cell keeps the digits some layout of its cage still allows; a digit
    every layout of a cage puts in one row (or column) leaves the rest of that row (column);
    naked and hidden singles in rows and columns; then, once those are stuck, naked subsets
    in rows and columns (hidden subsets are the naked ones of the other cells). False on a
    contradiction.

    ``scr`` is scratch space of at least 7 times the largest cage's size; ``ucell`` holds w
    cells, ``sub`` 2**k masks: rows and columns with more than k open cells are not searched
    for subsets."""
    ncages = tcount.shape[0]
    full = (1 << w) - 1
    maxk = scr.shape[0] // 7
    # scr: union[maxk] | lines[2maxk] | must[2maxk] | acc[2maxk]; slot_r/slot_c: each
    # cell's row and column as an index into lines.
    while True:
        for c in range(ncages):
            if not dirty[c]:
                continue
            dirty[c] = False
            s = cstart[c]
            k = cstart[c + 1] - s
            nl = 0
            for j in range(k):
                scr[j] = 0
                cell = ccells[s + j]
                for line in (cell // w, w + cell % w):
                    q = 0
                    while q < nl and scr[maxk + q] != line:
                        q += 1
                    if q == nl:
                        scr[maxk + q] = line
                        scr[3 * maxk + q] = full
                        nl += 1
                    if line < w:
                        slot_r[j] = q
                    else:
                        slot_c[j] = q
            base = tstart[c]
            alive = False
            for t in range(tcount[c]):
                off = base + t * k
                if layout_fits(tbuf, off, masks, ccells, s, k):
                    alive = True
                    for q in range(nl):
                        scr[5 * maxk + q] = 0
                    for j in range(k):
                        d = tbuf[off + j]
                        scr[j] |= d
                        scr[5 * maxk + slot_r[j]] |= d
                        scr[5 * maxk + slot_c[j]] |= d
                    for q in range(nl):
                        scr[3 * maxk + q] &= scr[5 * maxk + q]
            if not alive:
                return False
            for j in range(k):
                cell = ccells[s + j]
                masks[cell] &= scr[j]
            if k > 1:
                for q in range(nl):
                    must = scr[3 * maxk + q]
                    if must == 0:
                        continue
                    first, step = line_span(scr[maxk + q], w)
                    for i in range(w):
                        cell = first + i * step
                        m = masks[cell]
                        if (m & must) != 0 and cell_cage[cell] != c:
                            m &= ~must
                            if m == 0:
                                return False
                            masks[cell] = m
                            dirty[cell_cage[cell]] = True
        changed = False
        for u in range(2 * w):
            first, step = line_span(u, w)
            seen = 0
            for i in range(w):
                m = masks[first + i * step]
                if m == 0:
                    return False
                if (m & (m - 1)) == 0:
                    if seen & m:
                        return False
                    seen |= m
            once = 0
            twice = 0
            for i in range(w):
                cell = first + i * step
                m = masks[cell]
                if (m & (m - 1)) != 0 and (m & seen) != 0:
                    m &= ~seen
                    if m == 0:
                        return False
                    masks[cell] = m
                    dirty[cell_cage[cell]] = True
                    changed = True
                twice |= once & m
                once |= m
            if once != full:
                return False
            single = once & ~twice & ~seen
            if single:
                for i in range(w):
                    cell = first + i * step
                    m = masks[cell]
                    hit = m & single
                    if hit:
                        if hit & (hit - 1):
                            return False
                        masks[cell] = hit
                        dirty[cell_cage[cell]] = True
                        changed = True
        if not changed:
            for c in range(ncages):
                if dirty[c]:
                    changed = True
                    break
        if not changed:
            # At a fixed point of the cheap rules: naked subsets in rows and columns (which
            # are also the hidden subsets, seen from the other cells).
            for u in range(2 * w):
                first, step = line_span(u, w)
                n = 0
                for i in range(w):
                    m = masks[first + i * step]
                    if m & (m - 1):
                        ucell[n] = first + i * step
                        n += 1
                if n < 4 or (1 << n) > sub.shape[0]:
                    continue
                sub[0] = 0
                for subset in range(1, 1 << n):
                    low = subset & -subset
                    i = 0
                    while (low >> i) != 1:
                        i += 1
                    un = sub[subset ^ low] | masks[ucell[i]]
                    sub[subset] = un
                    size = popcount(subset)
                    if size < 2 or size > n - 2:
                        continue
                    pu = popcount(un)
                    if pu < size:
                        return False
                    if pu == size:
                        for q in range(n):
                            if (subset >> q) & 1:
                                continue
                            cell = ucell[q]
                            m = masks[cell]
                            if m & un:
                                m &= ~un
                                if m == 0:
                                    return False
                                masks[cell] = m
                                dirty[cell_cage[cell]] = True
                                changed = True
                    if changed:
                        break
                if changed:
                    break
            if not changed:
                return True


@njit
def search(
    w: int,
    cstart: np.ndarray,
    ccells: np.ndarray,
    cell_cage: np.ndarray,
    tstart: np.ndarray,
    tcount: np.ndarray,
    tbuf: np.ndarray,
    start_masks: np.ndarray,
    limit: int,
    sols: np.ndarray,
) -> int:
    """Count solutions from ``start_masks`` up to ``limit``; write the first two into
    ``sols`` (2 x n digits). Depth-first, branching on a cell with fewest candidates."""
    n = w * w
    ncages = tcount.shape[0]
    levels = np.empty((n + 1, n), np.int64)
    bcell = np.zeros(n + 1, np.int64)
    brem = np.zeros(n + 1, np.int64)
    dirty = np.ones(ncages, np.bool_)
    maxk = 1
    for c in range(ncages):
        maxk = max(maxk, cstart[c + 1] - cstart[c])
    scr = np.zeros(7 * maxk, np.int64)
    slot_r = np.zeros(maxk, np.int64)
    slot_c = np.zeros(maxk, np.int64)
    ucell = np.zeros(w, np.int64)
    sub = np.zeros(1 << min(w, SUBSET_CELLS), np.int64)
    levels[0, :] = start_masks
    if not propagate(levels[0], w, cstart, ccells, cell_cage, tstart, tcount, tbuf, dirty,
                     scr, slot_r, slot_c, ucell, sub):
        return 0
    count = 0
    d = 0
    choose = True
    while True:
        if choose:
            best = -1
            bestn = 99
            cur = levels[d]
            for cell in range(n):
                m = cur[cell]
                if m & (m - 1):
                    pc = popcount(m)
                    if pc < bestn:
                        bestn = pc
                        best = cell
                        if pc == 2:
                            break
            if best < 0:
                if count < sols.shape[0]:
                    for cell in range(n):
                        sols[count, cell] = lowest_digit(cur[cell])
                count += 1
                if count >= limit:
                    return count
                d -= 1
                if d < 0:
                    return count
                choose = False
                continue
            bcell[d] = best
            brem[d] = cur[best]
        r = brem[d]
        if r == 0:
            d -= 1
            if d < 0:
                return count
            choose = False
            continue
        b = r & -r
        brem[d] = r ^ b
        nxt = levels[d + 1]
        nxt[:] = levels[d]
        nxt[bcell[d]] = b
        dirty[:] = False
        dirty[cell_cage[bcell[d]]] = True
        if propagate(nxt, w, cstart, ccells, cell_cage, tstart, tcount, tbuf, dirty, scr, slot_r,
                     slot_c, ucell, sub):
            d += 1
            choose = True
        else:
            choose = False


@njit
def solve_batch(
    pw: np.ndarray,
    cell_off: np.ndarray,
    cage_off: np.ndarray,
    cstart: np.ndarray,
    ccells: np.ndarray,
    cop: np.ndarray,
    ctarget: np.ndarray,
    cell_cage: np.ndarray,
    limit: int,
    counts: np.ndarray,
    sols: np.ndarray,
) -> None:
    """Solve many puzzles laid end to end (``cell_off``/``cage_off`` delimit each).

    ``counts[p]``: solutions found (up to ``limit``), ``-1`` for a cage too large to
    enumerate. ``sols[p, k, :n]``: the first two solutions."""
    for p in range(pw.shape[0]):
        w = pw[p]
        c0 = cage_off[p]
        c1 = cage_off[p + 1]
        x0 = cell_off[p]
        x1 = cell_off[p + 1]
        starts = cstart[c0 : c1 + 1] - cstart[c0]
        cells = ccells[x0:x1]
        tstart, tcount, tbuf, ok = cage_layouts(w, starts, cells, cop[c0:c1], ctarget[c0:c1])
        if not ok:
            counts[p] = -1
            continue
        masks = np.full(w * w, (1 << w) - 1, np.int64)
        counts[p] = search(w, starts, cells, cell_cage[x0:x1], tstart, tcount, tbuf, masks,
                           limit, sols[p])
