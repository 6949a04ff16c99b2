"""numba kernels for Keen: cage layouts, propagation, and the counting search.

Everything here works on numpy arrays; :mod:`puzzlefmt.keen.solver` is the Python face.
A candidate set is a bit mask, bit ``d-1`` for digit ``d``. A puzzle is given as:

- ``cstart`` (ncages+1) and ``ccells``: the cells of cage ``c`` are
  ``ccells[cstart[c]:cstart[c+1]]``, ascending;
- ``cop``: 0 add, 1 mul, 2 sub, 3 div; ``ctarget``: the target (``-1``: one no digits reach);
- ``cell_cage``: the cage of every cell.

The *layouts* of a cage are the digit tuples (1..w, no digit twice in a row or column of the
cage) that meet its clue, stored as masks in one flat buffer: cage ``c`` has ``tcount[c]``
layouts of ``k`` masks each from ``tstart[c]``. A cage with more than :data:`DYNAMIC_LAYOUTS`
layouts (a big cage: nine cells multiplying to 60480) is *dynamic* instead: ``tcount[c]`` is
:data:`DYNAMIC` and the buffer holds its operation and target at ``tstart[c]``; its layouts
are enumerated when needed, among the digits the cells still allow (as keen.c does for every
cage), which is quick once the candidates narrow.

The counting search can stop after a budget of work and go on later from where it stopped
(:func:`search_from`), so that the caller can bound the time spent on a puzzle.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import aot, njit

ADD = 0
MUL = 1
SUB = 2
DIV = 3

#: A cage with more layouts than this, or whose enumeration takes more than
#: :data:`LAYOUT_STEPS` steps, or of more than :data:`DYNAMIC_CELLS` cells, is enumerated
#: when needed instead of once (a dynamic cage).
DYNAMIC_LAYOUTS = 50_000
LAYOUT_STEPS = 2_000_000
DYNAMIC_CELLS = 12
#: ``tcount`` of a dynamic cage.
DYNAMIC = -1
#: One enumeration of a dynamic cage's layouts gives up after this many steps: in the solver
#: the cage then narrows nothing at that node (sound: the search checks it again when its
#: cells are fewer); the grader, which must make the real program's deductions, allows
#: :data:`MAX_CAGE_STEPS` and reports a cage too large past that.
SEARCH_CAGE_STEPS = 100_000
#: The solver does not enumerate a dynamic cage whose cells allow more digit combinations
#: than this (ignoring the clue): the enumeration would narrow nothing in its steps.
DYN_SKIP = 1 << 40
MAX_CAGE_STEPS = 50_000_000
POW_CAP = 1 << 62
#: What :func:`search_from` returns when its budget of work ran out before it finished.
PAUSED = -3
#: The work a search node costs besides its cages' layouts (in layout-sized steps).
NODE_WORK = 32
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
def line_span(u: int, w: int) -> tuple[int, int]:
    """Line ``u`` (rows 0..w-1, then columns w..2w-1) as its first cell and the step between
    its cells."""
    if u < w:
        return u * w, 1
    return u - w, w


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
    A cage of more than :data:`DYNAMIC_LAYOUTS` layouts is left dynamic (``tcount`` is
    :data:`DYNAMIC`, the buffer holds its operation and target)."""
    ncages = cop.shape[0]
    n = w * w
    # The enumeration's rows (see enumerate_cage): the cells, digits, remainders, and the
    # largest product of each number of cells.
    sc = np.zeros((4, n + 1), np.int64)
    for i in range(ccells.shape[0]):
        sc[0, i] = ccells[i]
    sc[3, 0] = 1
    for j in range(1, n + 1):
        sc[3, j] = POW_CAP if sc[3, j - 1] >= POW_CAP // w else sc[3, j - 1] * w
    buf = np.empty(max(64, 16 * n), np.int64)
    used = 0
    for c in range(ncages):
        k = cstart[c + 1] - cstart[c]
        limit_end = used + DYNAMIC_LAYOUTS * k
        got = -1  # a cage of more than DYNAMIC_CELLS cells is dynamic without trying
        while k <= DYNAMIC_CELLS:
            end = min(buf.shape[0], limit_end)
            got = enumerate_cage(w, sc, 0, cstart[c], k, cop[c], ctarget[c], buf, used, 1, 2,
                                 3, end, LAYOUT_STEPS)
            if got >= 0 or got == -2 or end == limit_end:
                break
            buf = _grown(buf, used, buf.shape[0] * 2)
        if got < 0:
            if used + 2 > buf.shape[0]:
                buf = _grown(buf, used, buf.shape[0] * 2)
            buf[used] = cop[c]
            buf[used + 1] = ctarget[c]
            tstart[c] = used
            tcount[c] = DYNAMIC
            used += 2
            continue
        tstart[c] = used
        tcount[c] = got
        used += got * k
    return buf[:used]


@njit
def layouts_into(w: int, ncages: int, cw: np.ndarray, cstart: int, ccells: int, cop: int,
                 ctarget: int, tstart: int, tcount: int, powcap: int, digits: int, rem: int,
                 buf: np.ndarray) -> int:
    """:func:`build_layouts` for the first ``ncages`` cages whose starts, cells, operations
    and targets are the rows ``cstart``, ``ccells``, ``cop`` and ``ctarget`` of ``cw``, into
    ``buf``, with the layouts' starts and counts in its rows ``tstart`` and ``tcount`` and
    the scratch of :func:`build_layouts` in its rows ``powcap`` (filled as there),
    ``digits`` and ``rem``: the length used, or -1 when the layouts do not fit in ``buf`` or
    some cage would be dynamic (the caller then builds them with :func:`cage_layouts`).
    One 2-D array instead of a dozen rows: see :mod:`puzzlefmt.keen._kernels.grade`."""
    used = 0
    end = buf.shape[0]
    for c in range(ncages):
        s = cw[cstart, c]
        k = cw[cstart, c + 1] - s
        if k > DYNAMIC_CELLS:
            return -1
        got = enumerate_cage(w, cw, ccells, s, k, cw[cop, c], cw[ctarget, c], buf, used,
                             digits, rem, powcap, min(end, used + DYNAMIC_LAYOUTS * k),
                             LAYOUT_STEPS)
        if got < 0:
            return -1
        cw[tstart, c] = used
        cw[tcount, c] = got
        used += got * k
    return used


@njit(inline=True)
def enumerate_cage(w: int, cw: np.ndarray, ccells: int, s: int, k: int, op: int, target: int,
                   buf: np.ndarray, start: int, digits: int, rem: int, powcap: int, end: int,
                   max_steps: int) -> int:
    """Write every layout of the cage of cells ``cw[ccells, s:s+k]`` into ``buf[start:end]``
    (as masks), with its scratch in the rows ``digits`` and ``rem`` of ``cw`` and in its row
    ``powcap`` the largest product of each number of cells (capped at :data:`POW_CAP`);
    return how many, ``-1`` when they do not fit before ``end``, ``-2`` after ``max_steps``
    steps."""
    count = 0
    if target < 0:
        return 0
    if k == 1:
        if op >= SUB or not 1 <= target <= w:  # SUB and DIV need two cells
            return 0
        if start >= end:
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
            if start + 2 * count + 4 > end:
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
    cw[rem, 0] = target
    i = 0
    cw[digits, 0] = 0
    steps = 0
    while i >= 0:
        steps += 1
        if steps > max_steps:
            return -2
        left = k - i - 1  # cells after this one
        r = cw[rem, i]
        if left == 0:
            # The last cell takes exactly what remains.
            d = r
            ok = 1 <= d <= w
            if ok:
                ci = cw[ccells, s + i]
                for j in range(i):
                    if cw[digits, j] == d:
                        cj = cw[ccells, s + j]
                        if cj // w == ci // w or cj % w == ci % w:
                            ok = False
                            break
            if ok:
                if start + (count + 1) * k > end:
                    return -1
                base = start + count * k
                for j in range(i):
                    buf[base + j] = 1 << (cw[digits, j] - 1)
                buf[base + i] = 1 << (d - 1)
                count += 1
            i -= 1
            continue
        d = cw[digits, i] + 1
        found = False
        ci = cw[ccells, s + i]
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
                if r // d > cw[powcap, left]:
                    d += 1
                    continue
            clash = False
            for j in range(i):
                if cw[digits, j] == d:
                    cj = cw[ccells, s + j]
                    if cj // w == ci // w or cj % w == ci % w:
                        clash = True
                        break
            if not clash:
                found = True
                break
            d += 1
        if found:
            cw[digits, i] = d
            cw[rem, i + 1] = r - d if add else r // d
            i += 1
            cw[digits, i] = 0
        else:
            cw[digits, i] = 0
            i -= 1
    return count


@njit
def _grown(buf: np.ndarray, used: int, size: int) -> np.ndarray:
    bigger = np.empty(size, np.int64)
    for k in range(used):  # a loop, not a slice copy: no shape check to compile (seconds)
        bigger[k] = buf[k]
    return bigger


@njit
def cage_layouts(
    w: int, cstart: np.ndarray, ccells: np.ndarray, cop: np.ndarray, ctarget: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """:func:`build_layouts` with its own ``tstart``/``tcount``: those two, the buffer, and
    True (every cage can be solved: a big one is dynamic)."""
    ncages = cop.shape[0]
    tstart = np.zeros(ncages, np.int64)
    tcount = np.zeros(ncages, np.int64)
    tbuf = build_layouts(w, cstart, ccells, cop, ctarget, tstart, tcount)
    return tstart, tcount, tbuf, True


# ---------------------------------------------------------------------- dynamic cages
#
# A dynamic cage's layouts are enumerated among the digits its cells still allow, depth
# first over its cells, by an iterator whose state lives in two arrays:
#   dyn[0, i]: the digit of cell i;  dyn[1, i]: what remains of the target before cell i;
#   dyn[2, i]: the digits cell i has still to try;  dyn[3, i] / dyn[4, i]: the least and
#   the most the cells i.. can make (sum or product of their smallest and largest allowed
#   digits, ignoring the row and column rule);  dyn[5, r] / dyn[6, c]: the digits the cells
#   placed so far use in grid row r / column c.
#   dst[0]: the cell being filled (-1: done); dst[1]: steps taken; dst[2]: 1 when the step
#   budget ran out; dst[3]: work counted for the search's budget (see search_from).

DYN_ROWS = 7


@njit
def dyn_start(w: int, ccells: np.ndarray, s: int, k: int, op: int, target: int,
              masks: np.ndarray, dyn: np.ndarray, dst: np.ndarray) -> bool:
    """Start enumerating the layouts of the cage ``ccells[s:s+k]``; False when the bounds
    already rule every layout out."""
    add = op == ADD
    dyn[3, k] = 0 if add else 1
    dyn[4, k] = 0 if add else 1
    for i in range(k - 1, -1, -1):
        m = masks[ccells[s + i]]
        if m == 0:
            return False
        lo = lowest_digit(m)
        hi = lo
        while (m >> hi) != 0:
            hi += 1
        if add:
            dyn[3, i] = dyn[3, i + 1] + lo
            dyn[4, i] = dyn[4, i + 1] + hi
        else:
            a = dyn[3, i + 1]
            dyn[3, i] = POW_CAP if a > POW_CAP // lo else a * lo
            b = dyn[4, i + 1]
            dyn[4, i] = POW_CAP if b > POW_CAP // hi else b * hi
    dst[0] = 0
    dst[1] = 0
    dst[2] = 0
    if target < dyn[3, 0] or target > dyn[4, 0]:
        dst[0] = -1
        return False
    for j in range(w):
        dyn[5, j] = 0
        dyn[6, j] = 0
    dyn[1, 0] = target
    dyn[2, 0] = masks[ccells[s]]
    return True


@njit
def dyn_next(w: int, ccells: np.ndarray, s: int, k: int, op: int, masks: np.ndarray,
             dyn: np.ndarray, dst: np.ndarray, max_steps: int) -> bool:
    """The next layout (its digits in ``dyn[0, :k]``), or False at the end or when
    ``max_steps`` steps are spent (then ``dst[2]`` is 1)."""
    i = dst[0]
    steps = dst[1]
    add = op == ADD
    while i >= 0:
        steps += 1
        if steps > max_steps:
            dst[2] = 1
            break
        cand = dyn[2, i]
        if cand == 0:
            i -= 1
            if i >= 0:  # take back the digit of cell i
                cell = ccells[s + i]
                bit = 1 << (dyn[0, i] - 1)
                dyn[5, cell // w] &= ~bit
                dyn[6, cell % w] &= ~bit
            continue
        bit = cand & -cand
        dyn[2, i] = cand ^ bit
        d = lowest_digit(bit)
        r = dyn[1, i]
        if add:
            rest = r - d
        else:
            if r % d != 0:
                continue
            rest = r // d
        if rest < dyn[3, i + 1] or rest > dyn[4, i + 1]:
            continue
        dyn[0, i] = d
        if i == k - 1:
            dst[0] = i
            dst[1] = steps
            return True
        cell = ccells[s + i]
        dyn[5, cell // w] |= bit
        dyn[6, cell % w] |= bit
        i += 1
        dyn[1, i] = rest
        nxt = ccells[s + i]
        dyn[2, i] = masks[nxt] & ~dyn[5, nxt // w] & ~dyn[6, nxt % w]
    dst[0] = -1
    dst[1] = steps
    return False


@njit
def dyn_scan(w: int, ccells: np.ndarray, s: int, k: int, op: int, target: int,
             masks: np.ndarray, scr: np.ndarray, maxk: int, nl: int, slot_r: np.ndarray,
             slot_c: np.ndarray, dyn: np.ndarray, dst: np.ndarray, max_steps: int) -> int:
    """What :func:`propagate` gathers from a precomputed cage's layouts, for a dynamic one:
    ``scr[j]`` the digits some layout puts in cell j, ``scr[3*maxk + q]`` the digits every
    layout puts in line q. 1: done; 0: no layout (a contradiction); -1: the step budget ran
    out (nothing may be concluded)."""
    alive = False
    if dyn_start(w, ccells, s, k, op, target, masks, dyn, dst):
        while dyn_next(w, ccells, s, k, op, masks, dyn, dst, max_steps):
            alive = True
            for q in range(nl):
                scr[5 * maxk + q] = 0
            for j in range(k):
                d = 1 << (dyn[0, j] - 1)
                scr[j] |= d
                scr[5 * maxk + slot_r[j]] |= d
                scr[5 * maxk + slot_c[j]] |= d
            done = True
            for q in range(nl):
                scr[3 * maxk + q] &= scr[5 * maxk + q]
                if scr[3 * maxk + q] != 0:
                    done = False
            if done:
                for j in range(k):
                    if scr[j] != masks[ccells[s + j]]:
                        done = False
                        break
            if done:  # every digit allowed somewhere, none forced in a line: nothing to learn
                break
    dst[3] += dst[1]
    if dst[2]:
        return -1
    return 1 if alive else 0


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
    dyn: np.ndarray,
    dst: np.ndarray,
) -> bool:
    """Narrow ``masks`` to a fixed point of these deductions, looking first at the cages
    marked ``dirty``: each cell keeps the digits some layout of its cage still allows; a digit
    every layout of a cage puts in one row (or column) leaves the rest of that row (column);
    naked and hidden singles in rows and columns; then, once those are stuck, naked subsets
    in rows and columns (hidden subsets are the naked ones of the other cells). False on a
    contradiction.

    ``scr`` is scratch space of at least 7 times the largest cage's size; ``ucell`` holds w
    cells, ``sub`` 2**k masks: rows and columns with more than k open cells are not searched
    for subsets. ``dyn`` and ``dst`` are the state of a dynamic cage's enumeration
    (:data:`DYN_ROWS` x max(largest cage + 1, w), and 4); ``dst[3]`` counts the steps of
    dynamic enumerations (the search counts the rest of its work by nodes)."""
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
            ntab = tcount[c]
            if ntab == DYNAMIC:
                # Enumerating a cage whose cells still allow more than DYN_SKIP digit
                # combinations would narrow nothing in the steps allowed: skip it (sound; its
                # cells are checked again when they are fewer, and exactly when fixed).
                bound = 1
                for j in range(k):
                    bound *= popcount(masks[ccells[s + j]])
                    if bound > DYN_SKIP or bound == 0:
                        break
                if bound == 0:
                    return False
                if bound > DYN_SKIP:
                    continue
                got = dyn_scan(w, ccells, s, k, tbuf[base], tbuf[base + 1], masks, scr, maxk,
                               nl, slot_r, slot_c, dyn, dst, SEARCH_CAGE_STEPS)
                if got == 0:
                    return False
                if got < 0:
                    continue  # too many layouts to look at here: this cage narrows nothing
            else:
                alive = False
                for t in range(ntab):
                    off = base + t * k
                    j = 0  # does the layout meet the candidates? (written out: no array handed on)
                    while j < k and (tbuf[off + j] & masks[ccells[s + j]]) != 0:
                        j += 1
                    if j == k:
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
def search_state(w: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Fresh state for :func:`search_from`: ``levels`` (row 0: the start candidates, every
    digit), ``bcell``, ``brem`` and ``meta``."""
    n = w * w
    levels = np.empty((n + 1, n), np.int64)
    levels[0, :] = (1 << w) - 1
    return levels, np.zeros(n + 1, np.int64), np.zeros(n + 1, np.int64), np.zeros(4, np.int64)


@njit
def search_from(
    w: int,
    cstart: np.ndarray,
    ccells: np.ndarray,
    cell_cage: np.ndarray,
    tstart: np.ndarray,
    tcount: np.ndarray,
    tbuf: np.ndarray,
    limit: int,
    sols: np.ndarray,
    levels: np.ndarray,
    bcell: np.ndarray,
    brem: np.ndarray,
    meta: np.ndarray,
    budget: int,
) -> int:
    """Count solutions up to ``limit``, writing the first two into ``sols`` (2 x n digits):
    depth-first from the candidates ``levels[0]``, branching on a cell with fewest
    candidates. Returns the count, or :data:`PAUSED` when ``budget`` work (layouts looked at,
    and :data:`NODE_WORK` a node) ran out first: calling again with the same arrays goes on
    from there. ``meta`` (4 zeros to start) keeps the depth, the count, what to do next and
    whether the first narrowing is done."""
    n = w * w
    ncages = tcount.shape[0]
    dirty = np.ones(ncages, np.bool_)
    maxk = 1
    for c in range(ncages):
        maxk = max(maxk, cstart[c + 1] - cstart[c])
    scr = np.zeros(7 * maxk, np.int64)
    slot_r = np.zeros(maxk, np.int64)
    slot_c = np.zeros(maxk, np.int64)
    ucell = np.zeros(w, np.int64)
    sub = np.zeros(1 << min(w, SUBSET_CELLS), np.int64)
    dyn = np.zeros((DYN_ROWS, max(maxk + 1, w)), np.int64)
    dst = np.zeros(4, np.int64)
    # A node's work: what a node costs besides its cages, and the stored layouts looked at
    # (counted once here rather than in the inner loop: about an eighth of them at a node).
    node_work = NODE_WORK
    for c in range(ncages):
        if tcount[c] > 0:
            node_work += tcount[c] >> 3
    if meta[3] == 0:
        meta[3] = 1
        if not propagate(levels[0], w, cstart, ccells, cell_cage, tstart, tcount, tbuf,
                         dirty, scr, slot_r, slot_c, ucell, sub, dyn, dst):
            return 0
        meta[0] = 0
        meta[1] = 0
        meta[2] = 1
    d = meta[0]
    count = int(meta[1])
    choose = meta[2] == 1
    if d < 0:
        return count
    while True:
        if dst[3] >= budget:
            meta[0] = d
            meta[1] = count
            meta[2] = 1 if choose else 0
            return PAUSED
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
                    break
                d -= 1
                if d < 0:
                    break
                choose = False
                continue
            bcell[d] = best
            brem[d] = cur[best]
        r = brem[d]
        if r == 0:
            d -= 1
            if d < 0:
                break
            choose = False
            continue
        b = r & -r
        brem[d] = r ^ b
        nxt = levels[d + 1]
        for k in range(nxt.shape[0]):  # a loop, not a slice copy: see _grown
            nxt[k] = levels[d, k]
        nxt[bcell[d]] = b
        dirty[:] = False
        dirty[cell_cage[bcell[d]]] = True
        dst[3] += node_work
        if propagate(nxt, w, cstart, ccells, cell_cage, tstart, tcount, tbuf, dirty, scr,
                     slot_r, slot_c, ucell, sub, dyn, dst):
            d += 1
            choose = True
        else:
            choose = False
    meta[0] = -1
    meta[1] = count
    return count


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
    ``sols`` (2 x n digits). :func:`search_from` with no bound on the work (a plain Python
    function: callers from Python only)."""
    levels, bcell, brem, meta = search_state(w)
    levels[0, :] = start_masks
    return int(search_from(w, cstart, ccells, cell_cage, tstart, tcount, tbuf, limit, sols,
                           levels, bcell, brem, meta, POW_CAP))


@aot(
    "int64(int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], "
    "int64[::1], int64, int64[::1], int64[:, :, ::1], int64, int64)"
)
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
    first: int,
    budget: int,
) -> int:
    """Solve many puzzles laid end to end (``cell_off``/``cage_off`` delimit each), from
    puzzle ``first`` on, each within ``budget`` work (see :func:`search_from`).

    ``counts[p]``: solutions found (up to ``limit``). ``sols[p, k, :n]``: the first two
    solutions. Returns the number of puzzles, or the index of the first puzzle whose budget
    ran out (its count is :data:`PAUSED`; the caller takes it from there, then calls again
    from the next one)."""
    for p in range(first, pw.shape[0]):
        w = pw[p]
        c0 = cage_off[p]
        c1 = cage_off[p + 1]
        x0 = cell_off[p]
        x1 = cell_off[p + 1]
        starts = cstart[c0 : c1 + 1] - cstart[c0]
        cells = ccells[x0:x1]
        tstart, tcount, tbuf, _ = cage_layouts(w, starts, cells, cop[c0:c1], ctarget[c0:c1])
        levels, bcell, brem, meta = search_state(w)
        got = search_from(w, starts, cells, cell_cage[x0:x1], tstart, tcount, tbuf, limit,
                          sols[p], levels, bcell, brem, meta, budget)
        counts[p] = got
        if got == PAUSED:
            return p
    return int(pw.shape[0])
