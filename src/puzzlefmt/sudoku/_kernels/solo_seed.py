"""numba kernel of the Solo seed expander: solo.c's deductive solver, step for step.

Simon Tatham's Solo grades a puzzle by the hardest deduction its solver needs, always
going back to the easiest kind after each step; the generator keeps a clue out only when the
puzzle is still solved within the asked level. To make the game's puzzle from a seed, every
grading must come out as the game's, so :func:`deduce` follows ``solver()`` of ``solo.c``
(plain, jigsaw and X-diagonal Sudoku of any box shape; no killer cages): the same
deductions, tried in the same order, each stopping at its first success. Search (the
Unreasonable level) is done by :mod:`puzzlefmt.sudoku.solo_seed` around this kernel, which
also holds the grid filler's cell choice and the jigsaw region growing of ``divvy.c``.

The candidate cube is ``cube[cell * cr + n - 1]`` (cell = ``y * cr + x``), as in ``solo.c``.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import njit

BLOCK = 0
SIMPLE = 1
INTERSECT = 2
SET = 3
EXTREME = 4
RECURSIVE = 5
AMBIGUOUS = 6
IMPOSSIBLE = 7


@njit
def _ondiag0(xy: int, cr: int) -> bool:
    return xy % (cr + 1) == 0


@njit
def _ondiag1(xy: int, cr: int) -> bool:
    return xy % (cr - 1) == 0 and 0 < xy < cr * cr - 1


@njit
def _place(cr: int, xtype: bool, blocks: np.ndarray, whichblock: np.ndarray,
           cube: np.ndarray, grid: np.ndarray, row: np.ndarray, col: np.ndarray,
           blk: np.ndarray, diag: np.ndarray, x: int, y: int, n: int) -> None:
    sq = y * cr + x
    for i in range(1, cr + 1):
        if i != n:
            cube[sq * cr + i - 1] = 0
    for i in range(cr):
        if i != y:
            cube[(i * cr + x) * cr + n - 1] = 0
    for i in range(cr):
        if i != x:
            cube[(y * cr + i) * cr + n - 1] = 0
    bi = whichblock[sq]
    for i in range(cr):
        bp = blocks[bi, i]
        if bp != sq:
            cube[bp * cr + n - 1] = 0
    grid[sq] = n
    row[y * cr + n - 1] = 1
    col[x * cr + n - 1] = 1
    blk[bi * cr + n - 1] = 1
    if xtype:
        if _ondiag0(sq, cr):
            for i in range(cr):
                d = i * (cr + 1)
                if d != sq:
                    cube[d * cr + n - 1] = 0
            diag[n - 1] = 1
        if _ondiag1(sq, cr):
            for i in range(cr):
                d = (i + 1) * (cr - 1)
                if d != sq:
                    cube[d * cr + n - 1] = 0
            diag[cr + n - 1] = 1


@njit
def _elim(cr: int, xtype: bool, blocks: np.ndarray, whichblock: np.ndarray,
          cube: np.ndarray, grid: np.ndarray, row: np.ndarray, col: np.ndarray,
          blk: np.ndarray, diag: np.ndarray, idx: np.ndarray) -> int:
    """``solver_elim``: one candidate left in the ``cr`` cube positions ``idx``: place it."""
    m = 0
    fpos = -1
    for i in range(cr):
        if cube[idx[i]]:
            fpos = idx[i]
            m += 1
    if m == 1:
        n = 1 + fpos % cr
        x = fpos // cr
        y = x // cr
        x %= cr
        if grid[y * cr + x] == 0:
            _place(cr, xtype, blocks, whichblock, cube, grid, row, col, blk, diag, x, y, n)
            return 1
    elif m == 0:
        return -1
    return 0


@njit
def _intersect(cr: int, cube: np.ndarray, idx1: np.ndarray, idx2: np.ndarray) -> bool:
    """``solver_intersect``: if every candidate of domain 1 lies in domain 2, clear the rest
    of domain 2 (both sorted ascending). True when something was cleared."""
    j = 0
    for i in range(cr):
        p = idx1[i]
        while j < cr and idx2[j] < p:
            j += 1
        if cube[p]:
            if j < cr and idx2[j] == p:
                continue
            return False
    ret = False
    j = 0
    for i in range(cr):
        p = idx2[i]
        while j < cr and idx1[j] < p:
            j += 1
        if cube[p] and (j >= cr or idx1[j] != p):
            ret = True
            cube[p] = 0
    return ret


@njit
def _set(cr: int, cube: np.ndarray, idx: np.ndarray, grid: np.ndarray, rowidx: np.ndarray,
         colidx: np.ndarray, chosen: np.ndarray) -> int:
    """``solver_set`` on the ``cr`` x ``cr`` matrix of cube positions ``idx``."""
    for i in range(cr):
        rowidx[i] = 1
        colidx[i] = 1
    for i in range(cr):
        count = 0
        first = -1
        for j in range(cr):
            if cube[idx[i * cr + j]]:
                first = j
                count += 1
        if count == 0:
            return -1
        if count == 1:
            rowidx[i] = 0
            colidx[first] = 0
    j = 0
    for i in range(cr):
        if rowidx[i]:
            rowidx[j] = i
            j += 1
    n = j
    j = 0
    for i in range(cr):
        if colidx[i]:
            colidx[j] = i
            j += 1
    if n != j:  # solo.c asserts this cannot happen
        return 0
    for i in range(n):
        for j in range(n):
            grid[i * cr + j] = cube[idx[rowidx[i] * cr + colidx[j]]]
    for i in range(n):
        chosen[i] = 0
    count = 0
    while True:
        if 1 < count < n - 1:
            rows = 0
            for i in range(n):
                ok = True
                for j in range(n):
                    if chosen[j] and grid[i * cr + j]:
                        ok = False
                        break
                if ok:
                    rows += 1
            if rows > n - count:
                return -1
            if rows >= n - count:
                progress = False
                for i in range(n):
                    ok = True
                    for j in range(n):
                        if chosen[j] and grid[i * cr + j]:
                            ok = False
                            break
                    if not ok:
                        for j in range(n):
                            if not chosen[j] and grid[i * cr + j]:
                                cube[idx[rowidx[i] * cr + colidx[j]]] = 0
                                progress = True
                if progress:
                    return 1
        i = n
        while i > 0 and chosen[i - 1]:
            i -= 1
            chosen[i] = 0
            count -= 1
        if i > 0:
            i -= 1
            chosen[i] = 1
            count += 1
        else:
            break
    return 0


@njit
def _forcing(cr: int, xtype: bool, blocks: np.ndarray, whichblock: np.ndarray,
             cube: np.ndarray, number: np.ndarray, queue: np.ndarray,
             neighbours: np.ndarray) -> bool:
    """``solver_forcing``: one elimination by a forcing chain of two-candidate cells."""
    for y in range(cr):
        for x in range(cr):
            count = 0
            t = 0
            for n in range(1, cr + 1):
                if cube[(y * cr + x) * cr + n - 1]:
                    count += 1
                    t += n
            if count != 2:
                continue
            for n in range(1, cr + 1):
                if not cube[(y * cr + x) * cr + n - 1]:
                    continue
                orign = n
                for k in range(cr * cr):
                    number[k] = cr + 1
                head = 0
                tail = 0
                queue[tail] = y * cr + x
                tail += 1
                number[y * cr + x] = t - n
                while head < tail:
                    xx = queue[head]
                    head += 1
                    yy = xx // cr
                    xx %= cr
                    currn = number[yy * cr + xx]
                    nn_count = 0
                    for yt in range(cr):
                        neighbours[nn_count] = yt * cr + xx
                        nn_count += 1
                    for xt in range(cr):
                        neighbours[nn_count] = yy * cr + xt
                        nn_count += 1
                    b = whichblock[yy * cr + xx]
                    for yt in range(cr):
                        neighbours[nn_count] = blocks[b, yt]
                        nn_count += 1
                    if xtype:
                        sq = yy * cr + xx
                        if _ondiag0(sq, cr):
                            for i in range(cr):
                                neighbours[nn_count] = i * (cr + 1)
                                nn_count += 1
                        if _ondiag1(sq, cr):
                            for i in range(cr):
                                neighbours[nn_count] = (i + 1) * (cr - 1)
                                nn_count += 1
                    for i in range(nn_count):
                        xt = neighbours[i] % cr
                        yt = neighbours[i] // cr
                        if number[yt * cr + xt] <= cr:
                            continue
                        if not cube[(yt * cr + xt) * cr + currn - 1]:
                            continue
                        if xt == xx and yt == yy:
                            continue
                        cc = 0
                        tt = 0
                        for nn in range(1, cr + 1):
                            if cube[(yt * cr + xt) * cr + nn - 1]:
                                cc += 1
                                tt += nn
                        if cc == 2:
                            queue[tail] = yt * cr + xt
                            tail += 1
                            number[yt * cr + xt] = tt - currn
                        if currn == orign:
                            near = (xt == x or yt == y
                                    or whichblock[yt * cr + xt] == whichblock[y * cr + x])
                            if not near and xtype:
                                a = yt * cr + xt
                                s = y * cr + x
                                near = ((_ondiag0(a, cr) and _ondiag0(s, cr))
                                        or (_ondiag1(a, cr) and _ondiag1(s, cr)))
                            if near:
                                cube[(yt * cr + xt) * cr + orign - 1] = 0
                                return True
    return False


@njit
def deduce(cr: int, maxdiff: int, xtype: bool, blocks: np.ndarray, whichblock: np.ndarray,
           grid: np.ndarray, cube: np.ndarray) -> int:
    """The deductive part of ``solver()``: place the clues of ``grid``, then deduce up to
    ``maxdiff`` (at most Extreme). Returns the hardest level used, or IMPOSSIBLE for a
    contradiction; ``grid`` and ``cube`` (all ones on entry) hold the state reached. Whether
    the grid is full is for the caller to see."""
    area = cr * cr
    row = np.zeros(area, np.uint8)
    col = np.zeros(area, np.uint8)
    blk = np.zeros(area, np.uint8)
    diag = np.zeros(2 * cr, np.uint8)
    idx = np.zeros(area, np.int64)
    idx2 = np.zeros(cr, np.int64)
    sgrid = np.zeros(area, np.uint8)
    rowidx = np.zeros(cr, np.int64)
    colidx = np.zeros(cr, np.int64)
    chosen = np.zeros(cr, np.uint8)
    number = np.zeros(area, np.int64)
    queue = np.zeros(area, np.int64)
    neighbours = np.zeros(5 * cr, np.int64)
    diff = BLOCK
    for x in range(cr):
        for y in range(cr):
            n = int(grid[y * cr + x])  # a plain int as Python (uint8 would wrap)
            if n:
                if not cube[(y * cr + x) * cr + n - 1]:
                    return IMPOSSIBLE
                _place(cr, xtype, blocks, whichblock, cube, grid, row, col, blk, diag, x, y,
                       n)
    while True:
        progress = False
        # Blockwise positional elimination.
        for b in range(cr):
            for n in range(1, cr + 1):
                if blk[b * cr + n - 1]:
                    continue
                for i in range(cr):
                    idx[i] = blocks[b, i] * cr + n - 1
                ret = _elim(cr, xtype, blocks, whichblock, cube, grid, row, col, blk, diag,
                            idx)
                if ret < 0:
                    return IMPOSSIBLE
                if ret > 0:
                    diff = max(diff, BLOCK)
                    progress = True
                    break
            if progress:
                break
        if progress:
            continue
        if maxdiff <= BLOCK:
            break
        # Row-wise, column-wise, diagonal positional elimination; numeric elimination.
        for y in range(cr):
            for n in range(1, cr + 1):
                if row[y * cr + n - 1]:
                    continue
                for x in range(cr):
                    idx[x] = (y * cr + x) * cr + n - 1
                ret = _elim(cr, xtype, blocks, whichblock, cube, grid, row, col, blk, diag,
                            idx)
                if ret < 0:
                    return IMPOSSIBLE
                if ret > 0:
                    progress = True
                    break
            if progress:
                break
        if not progress:
            for x in range(cr):
                for n in range(1, cr + 1):
                    if col[x * cr + n - 1]:
                        continue
                    for y in range(cr):
                        idx[y] = (y * cr + x) * cr + n - 1
                    ret = _elim(cr, xtype, blocks, whichblock, cube, grid, row, col, blk,
                                diag, idx)
                    if ret < 0:
                        return IMPOSSIBLE
                    if ret > 0:
                        progress = True
                        break
                if progress:
                    break
        if not progress and xtype:
            for which in range(2):
                for n in range(1, cr + 1):
                    if diag[which * cr + n - 1]:
                        continue
                    for i in range(cr):
                        d = i * (cr + 1) if which == 0 else (i + 1) * (cr - 1)
                        idx[i] = d * cr + n - 1
                    ret = _elim(cr, xtype, blocks, whichblock, cube, grid, row, col, blk,
                                diag, idx)
                    if ret < 0:
                        return IMPOSSIBLE
                    if ret > 0:
                        progress = True
                        break
                if progress:
                    break
        if not progress:
            for x in range(cr):
                for y in range(cr):
                    if grid[y * cr + x]:
                        continue
                    for n in range(1, cr + 1):
                        idx[n - 1] = (y * cr + x) * cr + n - 1
                    ret = _elim(cr, xtype, blocks, whichblock, cube, grid, row, col, blk,
                                diag, idx)
                    if ret < 0:
                        return IMPOSSIBLE
                    if ret > 0:
                        progress = True
                        break
                if progress:
                    break
        if progress:
            diff = max(diff, SIMPLE)
            continue
        if maxdiff <= SIMPLE:
            break
        # Intersections: rows vs blocks, columns vs blocks, diagonals vs blocks.
        for kind in range(4 if xtype else 2):
            lines = cr if kind < 2 else 1
            for line in range(lines):
                for b in range(cr):
                    for n in range(1, cr + 1):
                        if kind == 0:
                            done = row[line * cr + n - 1]
                        elif kind == 1:
                            done = col[line * cr + n - 1]
                        else:
                            done = diag[(kind - 2) * cr + n - 1]
                        if done or blk[b * cr + n - 1]:
                            continue
                        for i in range(cr):
                            if kind == 0:
                                cell = line * cr + i
                            elif kind == 1:
                                cell = i * cr + line
                            elif kind == 2:
                                cell = i * (cr + 1)
                            else:
                                cell = (i + 1) * (cr - 1)
                            idx[i] = cell * cr + n - 1
                            idx2[i] = blocks[b, i] * cr + n - 1
                        if _intersect(cr, cube, idx, idx2) or _intersect(cr, cube, idx2, idx):
                            progress = True
                            break
                    if progress:
                        break
                if progress:
                    break
            if progress:
                break
        if progress:
            diff = max(diff, INTERSECT)
            continue
        if maxdiff <= INTERSECT:
            break
        # Set elimination: blocks, rows, columns, diagonals.
        nsets = 3 * cr + (2 if xtype else 0)
        for s in range(nsets):
            for i in range(cr):
                if s < cr:
                    cell = blocks[s, i]
                elif s < 2 * cr:
                    cell = (s - cr) * cr + i
                elif s < 3 * cr:
                    cell = i * cr + (s - 2 * cr)
                elif s == 3 * cr:
                    cell = i * (cr + 1)
                else:
                    cell = (i + 1) * (cr - 1)
                for n in range(1, cr + 1):
                    idx[i * cr + n - 1] = cell * cr + n - 1
            ret = _set(cr, cube, idx, sgrid, rowidx, colidx, chosen)
            if ret < 0:
                return IMPOSSIBLE
            if ret > 0:
                progress = True
                break
        if progress:
            diff = max(diff, SET)
            continue
        if maxdiff <= SET:
            break
        # Row-against-column set elimination on one number, then forcing chains.
        for n in range(1, cr + 1):
            for y in range(cr):
                for x in range(cr):
                    idx[y * cr + x] = (y * cr + x) * cr + n - 1
            ret = _set(cr, cube, idx, sgrid, rowidx, colidx, chosen)
            if ret < 0:
                return IMPOSSIBLE
            if ret > 0:
                progress = True
                break
        if not progress:
            progress = _forcing(cr, xtype, blocks, whichblock, cube, number, queue,
                                neighbours)
        if progress:
            diff = max(diff, EXTREME)
            continue
        break
    return diff


@njit
def pick_space(cr: int, nspaces: int, scell: np.ndarray, stie: np.ndarray,
               rowm: np.ndarray, colm: np.ndarray, blkm: np.ndarray, diagm: np.ndarray,
               whichblock: np.ndarray, on0: np.ndarray, on1: np.ndarray) -> tuple[int, int]:
    """The grid filler's choice (``gridgen_real``): among the first ``nspaces`` empty cells,
    the one with fewest possible digits, ties to the smallest tie-break (the first such in
    list order). Returns its list index and the bit mask of digits it cannot take (bit n for
    digit n)."""
    full = ((1 << (cr + 1)) - 1) & ~1
    bestm = cr + 1
    bestr = 0
    pick = -1
    used = 0
    for j in range(nspaces):
        cell = scell[j]
        u = rowm[cell // cr] | colm[cell % cr] | blkm[whichblock[cell]]
        if on0[cell]:
            u |= diagm[0]
        if on1[cell]:
            u |= diagm[1]
        free = full & ~u
        m = 0
        while free:
            free &= free - 1
            m += 1
        if m < bestm or (m == bestm and stie[j] < bestr):
            bestm = m
            bestr = stie[j]
            pick = j
            used = u
    return pick, used


# ---------------------------------------------------------------------- jigsaw regions


@njit
def _addrem(around: np.ndarray, cell: int, own: np.ndarray, val: int) -> bool:
    """divvy.c's ``addremcommon``: whether ``cell`` can join (or leave) region ``val`` and
    keep it, or what is left of it, simply connected. ``around[cell]``: its eight
    neighbours in divvy.c's order, -1 off the grid."""
    ring = np.zeros(8, np.bool_)
    for d in range(8):
        c = around[cell, d]
        ring[d] = c >= 0 and own[c] == val
    if not (ring[0] or ring[2] or ring[4] or ring[6]):
        return False
    changes = 0
    for d in range(8):
        if ring[d] != ring[(d + 1) & 7]:
            changes += 1
    return changes == 2


@njit
def divvy_prepare(w: int, h: int, around: np.ndarray, own: np.ndarray, sizes: np.ndarray,
                  removable: np.ndarray, addable: np.ndarray) -> None:
    """The top of divvy.c's loop: which cells may leave their region, and which region each
    side of each cell may pass it to (``addable[cell * 4 + d]``, -1: none; sides left,
    right, up, down)."""
    for y in range(h):
        for x in range(w):
            yx = y * w + x
            curr = own[yx]
            if curr < 0:
                removable[yx] = False
            elif sizes[curr] == 1:
                removable[yx] = True
            else:
                removable[yx] = _addrem(around, yx, own, curr)
            for d in range(4):
                addable[yx * 4 + d] = -1
                dx = -1 if d == 0 else (1 if d == 1 else 0)
                dy = -1 if d == 2 else (1 if d == 3 else 0)
                sx = x + dx
                sy = y + dy
                if sx < 0 or sx >= w or sy < 0 or sy >= h:
                    continue
                other = own[sy * w + sx]
                if other < 0 or other == own[yx]:
                    continue
                if not _addrem(around, yx, own, other):
                    continue
                addable[yx * 4 + d] = other


@njit
def divvy_grow(wh: int, n: int, start: int, around: np.ndarray, order: np.ndarray,
               own: np.ndarray, sizes: np.ndarray, removable: np.ndarray,
               addable: np.ndarray) -> bool:
    """divvy.c's breadth-first search that grows region ``start`` by one cell, passing cells
    along a chain of regions; False when no chain exists (the attempt fails)."""
    link = np.full(2 * n, -1, np.int64)
    queue = np.zeros(n, np.int64)
    qtail = 0
    queue[qtail] = start
    qtail += 1
    link[2 * start] = -2
    link[2 * start + 1] = -2
    qhead = 0
    while qhead < qtail:
        j = queue[qhead]
        tmpsq = link[2 * j + 1]
        if tmpsq >= 0:
            own[tmpsq] = -3
        found = -1
        for i in range(wh):
            cell = order[i]
            if own[cell] != -1:
                continue
            if sizes[j] == 1 and tmpsq >= 0:
                found = cell
                break
            ok = False
            for d in range(4):
                if addable[cell * 4 + d] == j:
                    if not _addrem(around, cell, own, j):
                        continue
                    ok = True
                    break
            if ok:
                found = cell
                break
        if found >= 0:
            if tmpsq >= 0:
                own[tmpsq] = j
            cell = found
            while True:
                own[cell] = j
                if link[2 * j] == -2:
                    break
                cell = link[2 * j + 1]
                j = link[2 * j]
            sizes[j] += 1
            return True
        for i in range(wh):
            cell = order[i]
            nj = own[cell]
            if nj < 0 or link[2 * nj] != -1:
                continue
            if not removable[cell]:
                continue
            for d in range(4):
                if addable[cell * 4 + d] == j:
                    if not _addrem(around, cell, own, j):
                        continue
                    queue[qtail] = nj
                    qtail += 1
                    link[2 * nj] = j
                    link[2 * nj + 1] = cell
                    break
        if tmpsq >= 0:
            own[tmpsq] = j
        qhead += 1
    return False
