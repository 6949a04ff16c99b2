"""numba kernel of the seed expander: keen.c's difficulty check on one candidate puzzle.

The generator of :mod:`puzzlefmt.keen.seed` makes thousands of candidates for some
parameters; this kernel builds a candidate's cages from the cage of each cell, the
operations and the solution grid, and runs the grader's solver
(:func:`puzzlefmt.keen._kernels.grade._run_ws`) at the levels the generator asks for, in one
call.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import aot, njit
from puzzlefmt.keen._kernels import grade as gk
from puzzlefmt.keen._kernels import solve as kern

UNREASONABLE = 4


#: Rows of the grader's workspace (:func:`grade_work`): the cage rows the solver reads
#: (:data:`puzzlefmt.keen._kernels.grade.CSTART` ...), then each cell's cage index, each
#: cage's size, the next free place of each cage, and the layout enumeration's scratch.
_INDEX, _CSIZES, _FILL = gk.CAGE_ROWS, gk.CAGE_ROWS + 1, gk.CAGE_ROWS + 2
_POWCAP, _DIGITS, _REM = gk.CAGE_ROWS + 3, gk.CAGE_ROWS + 4, gk.CAGE_ROWS + 5
_GRADE_ROWS = gk.CAGE_ROWS + 6
#: The layouts' buffer of :func:`grade_work` (candidates whose layouts need more are graded
#: with buffers of their own).
LAYOUT_BUFFER = 1 << 16


@njit
def grade_work(w: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The workspace of :func:`grades_as_ws` for w x w candidates (made once, used for
    many): the cage rows, the layouts' buffer, the solver's workspace
    (:func:`puzzlefmt.keen._kernels.grade.run_work`) and a dynamic cages' scratch for none."""
    n = w * w
    cw = np.zeros((_GRADE_ROWS, n + 2), np.int64)
    cw[_POWCAP, 0] = 1
    for j in range(1, n + 1):
        cw[_POWCAP, j] = (kern.POW_CAP if cw[_POWCAP, j - 1] >= kern.POW_CAP // w
                          else cw[_POWCAP, j - 1] * w)
    return (cw, np.zeros(LAYOUT_BUFFER, np.int64), gk.run_work(w),
            np.zeros((kern.DYN_ROWS, 1), np.int64), np.zeros(4, np.int64))


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
    cw, tbuf, rw, dyn, dst = grade_work(w)
    gw = np.zeros((2, w * w), np.int64)
    for i in range(w * w):
        gw[0, i] = leader[i]
        gw[1, i] = ops[i]
    return grades_as_ws(w, diff, gw, 0, 1, grid, cw, tbuf, rw, dyn, dst)


@njit
def grades_as_ws(w: int, diff: int, gw: np.ndarray, leader: int, ops: int, grid: np.ndarray,
                 cw: np.ndarray, tbuf: np.ndarray, rw: np.ndarray, dyn: np.ndarray,
                 dst: np.ndarray) -> int:
    """:func:`grades_as` with the cages' leaders and operations in the rows ``leader`` and
    ``ops`` of ``gw``, in the workspace of :func:`grade_work` (allocates nothing for the
    candidates the generator makes, save an Unreasonable one's search)."""
    n = w * w
    k = 0
    for i in range(n):
        j = gw[leader, i]
        if j == i:
            cw[_INDEX, i] = k
            cw[gk.COP, k] = gw[ops, i]
            cw[gk.CTARGET, k] = grid[i]
            cw[_CSIZES, k] = 0
            k += 1
        else:
            c = cw[_INDEX, j]
            d = grid[i]
            t = cw[gk.CTARGET, c]
            if cw[gk.COP, c] == kern.ADD:
                cw[gk.CTARGET, c] = t + d
            elif cw[gk.COP, c] == kern.MUL:
                cw[gk.CTARGET, c] = t * d
            elif cw[gk.COP, c] == kern.SUB:
                cw[gk.CTARGET, c] = abs(t - d)
            else:
                cw[gk.CTARGET, c] = max(t, d) // min(t, d)
        cw[gk.CELL_CAGE, i] = cw[_INDEX, j]
        cw[_CSIZES, cw[_INDEX, j]] += 1
    ncages = k
    cw[gk.CSTART, 0] = 0
    for c in range(ncages):
        cw[gk.CSTART, c + 1] = cw[gk.CSTART, c] + cw[_CSIZES, c]
        cw[_FILL, c] = cw[gk.CSTART, c]
    for i in range(n):
        c = cw[gk.CELL_CAGE, i]
        cw[gk.CCELLS, cw[_FILL, c]] = i
        cw[_FILL, c] += 1
    if kern.layouts_into(w, ncages, cw, gk.CSTART, gk.CCELLS, gk.COP, gk.CTARGET, gk.TSTART,
                         gk.TCOUNT, _POWCAP, _DIGITS, _REM, tbuf) >= 0:
        return _graded(w, diff, ncages, cw, tbuf, dyn, dst, rw)
    # Layouts past the buffer, or a dynamic cage: the grader's own buffers.
    cstart = cw[gk.CSTART, :ncages + 1]
    cells = cw[gk.CCELLS, :n]
    cop = cw[gk.COP, :ncages]
    ctarget = cw[gk.CTARGET, :ncages]
    tstart, tcount, tbuf2, ok = kern.cage_layouts(w, cstart, cells, cop, ctarget)
    if not ok:
        return -1
    for c in range(ncages):
        cw[gk.TSTART, c] = tstart[c]
        cw[gk.TCOUNT, c] = tcount[c]
    dyn2, dst2 = gk._dyn_state(w, cstart, tcount)
    return _graded(w, diff, ncages, cw, tbuf2, dyn2, dst2, rw)


@njit
def _graded(w: int, diff: int, ncages: int, cw: np.ndarray, tbuf: np.ndarray,
            dyn: np.ndarray, dst: np.ndarray, rw: np.ndarray) -> int:
    """The verdict of :func:`grades_as` on the built cages and layouts."""
    n = w * w
    if diff == UNREASONABLE:
        # Solving at Unreasonable runs the Extreme deductions, then searches: the level is
        # Unreasonable exactly when they stop short and the solution is unique. Both are
        # asked; the search first, as most candidates have more than one solution (about
        # three in four at 4x4 and 5x5), and the search says so sooner than the Extreme
        # deductions stop: the verdict is the same.
        levels, bcell, brem, meta = kern.search_state(w)  # every digit open
        sols = np.zeros((2, n), np.int64)
        count = kern.search_from(w, cw[gk.CSTART, :ncages + 1], cw[gk.CCELLS, :n],
                                 cw[gk.CELL_CAGE, :n], cw[gk.TSTART, :ncages],
                                 cw[gk.TCOUNT, :ncages], tbuf, 2, sols, levels, bcell, brem,
                                 meta, kern.POW_CAP)
        if count != 1:
            return 0
        return 1 if gk._run_ws(w, gk.EXTREME, ncages, cw, tbuf, dyn, dst, rw) == gk.UNFINISHED \
            else 0
    # Solved at ``diff`` and not at the level below. Above Normal one run says both: the
    # solver tries the levels in turn, easiest first, and goes back to the easiest after each
    # step, so up to level d-1 it takes the same steps whether it may go to d-1 or to d
    # (only a run up to Easy has deductions of its own, Easy's clue deductions); a run up to
    # d ends at d exactly when the run up to d-1 gets stuck and the puzzle is solved. Normal
    # asks a second run, up to Easy, which only a puzzle solved at Normal needs (most
    # candidates are not).
    # Up to Easy, only whether the run finishes counts (the candidate has a solution, so it
    # ends Easy or UNFINISHED): gk.solves_easy says it sooner, with the layouts all stored.
    stored = dyn.shape[1] <= 1
    if diff == gk.EASY and stored:
        return 1 if gk.solves_easy(w, ncages, cw, tbuf, rw) else 0
    ret = gk._run_ws(w, diff, ncages, cw, tbuf, dyn, dst, rw)
    if ret != diff:
        return 0
    if diff == gk.NORMAL:
        if stored:
            return 0 if gk.solves_easy(w, ncages, cw, tbuf, rw) else 1
        ret = gk._run_ws(w, gk.EASY, ncages, cw, tbuf, dyn, dst, rw)
        if ret <= gk.EASY:
            return 0
    return 1
