"""numba kernel of the seed expander: keen.c's difficulty check on one candidate puzzle.

The generator of :mod:`puzzlefmt.keen.seed` makes thousands of candidates for some
parameters; this kernel builds a candidate's cages from the cage of each cell, the
operations and the solution grid, and runs the grader's solver
(:func:`puzzlefmt.keen._kernels.grade._run`) at the levels the generator asks for, in one
call.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import aot, njit
from puzzlefmt.keen._kernels import grade as gk
from puzzlefmt.keen._kernels import solve as kern

UNREASONABLE = 4


@aot(
    "int64(int64, int64, int64[::1], int64[::1], int64[::1])"
)
@njit
def grades_as(w: int, diff: int, leader: np.ndarray, ops: np.ndarray,
              grid: np.ndarray) -> int:
    """1 when keen.c's solver grades the candidate exactly ``diff``, 0 when not, -1 for a
    cage too large to enumerate.

    ``leader[i]``: the smallest cell of cell ``i``'s cage; ``ops[j]`` (at a cage's smallest
    cell): 0 add, 1 mul, 2 sub, 3 div; ``grid``: the solution, row-major."""
    n = w * w
    ncages = 0
    for i in range(n):
        if leader[i] == i:
            ncages += 1
    index = np.full(n, -1, np.int64)
    sizes = np.zeros(ncages, np.int64)
    cop = np.zeros(ncages, np.int64)
    ctarget = np.zeros(ncages, np.int64)
    cell_cage = np.zeros(n, np.int64)
    k = 0
    for i in range(n):
        j = leader[i]
        if j == i:
            index[i] = k
            cop[k] = ops[i]
            ctarget[k] = grid[i]
            k += 1
        else:
            c = index[j]
            d = grid[i]
            if cop[c] == kern.ADD:
                ctarget[c] += d
            elif cop[c] == kern.MUL:
                ctarget[c] *= d
            elif cop[c] == kern.SUB:
                ctarget[c] = abs(ctarget[c] - d)
            else:
                ctarget[c] = max(ctarget[c], d) // min(ctarget[c], d)
        cell_cage[i] = index[j]
        sizes[index[j]] += 1
    cstart = np.zeros(ncages + 1, np.int64)
    for c in range(ncages):
        cstart[c + 1] = cstart[c] + sizes[c]
    fill = cstart[:-1].copy()
    ccells = np.zeros(n, np.int64)
    for i in range(n):
        c = cell_cage[i]
        ccells[fill[c]] = i
        fill[c] += 1
    tstart, tcount, tbuf, ok = kern.cage_layouts(w, cstart, ccells, cop, ctarget)
    if not ok:
        return -1
    if diff == UNREASONABLE:
        # Solving at Unreasonable runs the Extreme deductions, then searches: the level is
        # Unreasonable exactly when they stop short and the solution is unique.
        ret = gk._run(w, gk.EXTREME, cstart, ccells, cop, ctarget, cell_cage, tstart, tcount,
                      tbuf)
        if ret != gk.UNFINISHED:
            return 0
        levels, bcell, brem, meta = kern.search_state(w)  # every digit open
        sols = np.zeros((2, n), np.int64)
        count = kern.search_from(w, cstart, ccells, cell_cage, tstart, tcount, tbuf, 2, sols,
                                 levels, bcell, brem, meta, kern.POW_CAP)
        return 1 if count == 1 else 0
    # Solved at ``diff`` and not at the level below. Above Normal one run says both: the
    # solver tries the levels in turn, easiest first, and goes back to the easiest after each
    # step, so up to level d-1 it takes the same steps whether it may go to d-1 or to d
    # (only a run up to Easy has deductions of its own, Easy's clue deductions); a run up to
    # d ends at d exactly when the run up to d-1 gets stuck and the puzzle is solved. Normal
    # asks a second run, up to Easy, which only a puzzle solved at Normal needs (most
    # candidates are not).
    ret = gk._run(w, diff, cstart, ccells, cop, ctarget, cell_cage, tstart, tcount, tbuf)
    if ret != diff:
        return 0
    if diff == gk.NORMAL:
        ret = gk._run(w, gk.EASY, cstart, ccells, cop, ctarget, cell_cage, tstart, tcount,
                      tbuf)
        if ret <= gk.EASY:
            return 0
    return 1
