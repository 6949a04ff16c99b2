"""Solo random-seed IDs (``3x3dh#12345``) expanded exactly as Simon Tatham's Solo expands them.

Solo reads the parameters over its defaults (3x3 boxes, two-way rotational symmetry,
Trivial: ``3x3#seed`` is ``3x3dt#seed``), seeds the collection's SHA-1 random source
(:class:`puzzlefmt.sgt.random.RandomState`) with the seed text, and runs its generator
(``new_game_desc`` in ``solo.c``) until a puzzle has the asked difficulty:

1. for a jigsaw, the regions: ``divvy_rectangle`` of the collection's ``divvy.c`` grows ``cr``
   random cells into regions of ``cr`` cells, passing cells along chains of regions;
2. a full grid: the top row is a random permutation; every other cell gets a random 31-bit
   tie-break; then a depth-first fill always takes the cell with fewest possible digits (ties:
   smallest tie-break) and tries its digits in random order, giving up after ``area**2``
   steps (then everything starts again);
3. the cells are grouped by the symmetry (each group named by its first cell in reading
   order), the groups shuffled, and each group's clues are removed in turn when the puzzle is
   still solved by the solver's deductions up to the asked level (Unreasonable: when the
   solution stays unique);
4. the remaining puzzle must need exactly the asked level (its hardest deduction); otherwise
   go back to 1. 2x2 puzzles, and jigsaws of 2 or 3 symbols, are always Trivial.

The solver (:mod:`puzzlefmt.sudoku._kernels.solo_seed`, numba) follows solo.c's deductions and
their order step for step; only its search, for Unreasonable, is here.

Supported: boxes of any shape (``2x3``, ``3x4``...), jigsaws (``9j``, ``3x3j``), X-diagonals
(``x``), every symmetry (``a``, ``r2``, ``r4``, ``m2``, ``md2``, ``m4``, ``md4``, ``m8``) and
difficulty (``dt``, ``db``, ``di``, ``da``, ``de``, ``du``). Not supported (refused with
:class:`PuzzleFormatError`): killer puzzles (``k``), whose generator grows and merges cages
and whose solver has cage deductions of its own.

:func:`expand_seed` returns the game ID the game shows (``3x3:<desc>``; a jigsaw's has
``,<regions>`` after the clues, in Keen's block-structure letters without repeat counts).
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

import numpy as np

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.sgt.random import RandomState
from puzzlefmt.sudoku._kernels.solo_seed import deduce, divvy_grow, divvy_prepare, pick_space

__all__ = ["SoloParams", "expand", "expand_seed", "parse_params"]

FMT = "solo"

# Difficulty levels as solo.c numbers them (puzzlefmt.sudoku._kernels.solo_seed).
BLOCK, SIMPLE, INTERSECT, SET, EXTREME, RECURSIVE, AMBIGUOUS, IMPOSSIBLE = range(8)
_LEVEL_LETTERS = {"t": BLOCK, "b": SIMPLE, "i": INTERSECT, "a": SET, "e": EXTREME,
                  "u": RECURSIVE}
_SYMMETRIES = ("a", "r2", "r4", "m2", "md2", "m4", "md4", "m8")
_MAX_SYMBOLS = 31

_PARAMS = re.compile(r"(?P<c>[0-9]+)(?:x(?P<r>[0-9]+))?(?P<flags>.*)", re.DOTALL)
_FLAG = re.compile(r"x|j|k|md?[0-9]*|r[0-9]*|a|d[a-z]?")


class SoloParams(NamedTuple):
    """What a Solo parameter string says: box columns ``c`` and rows ``r`` (the grid is
    ``c*r`` wide; ``r == 1``: a jigsaw of ``c`` irregular regions), X-diagonals, symmetry
    (``"r2"``...) and difficulty level (0 Trivial to 5 Unreasonable)."""

    c: int
    r: int
    xtype: bool
    symmetry: str
    difficulty: int

    @property
    def size(self) -> int:
        """Digits (and rows, and columns): ``c * r``."""
        return self.c * self.r

    @property
    def jigsaw(self) -> bool:
        """True for a jigsaw grid (``r == 1``: ``c`` irregular regions instead of boxes)."""
        return self.r == 1

    def short(self) -> str:
        """The parameters as the game writes them in a game ID: ``3x3``, ``2x3x``, ``9j``."""
        shape = f"{self.c}j" if self.jigsaw else f"{self.c}x{self.r}"
        return shape + ("x" if self.xtype else "")


def _refuse(message: str, text: str, column: int | None, expected: str,
            found: str) -> PuzzleFormatError:
    return PuzzleFormatError(message, format=FMT, line=1, column=column, text=text,
                             expected=expected, found=found)


def parse_params(params: str, text: str | None = None) -> SoloParams:
    """Read Solo parameters (``3x3``, ``2x3dbx``, ``3x3m4de``...) over the game's defaults
    for a seed ID (3x3, ``r2``, Trivial). Raises :class:`PuzzleFormatError` for what the game
    refuses or does not know, and for jigsaw and killer puzzles (not supported here)."""
    shown = params if text is None else text
    m = _PARAMS.fullmatch(params)
    if m is None:
        raise _refuse(f"expected the box size (a number) at the start of Solo parameters, "
                      f"found {params[:1]!r}" if params else "expected Solo parameters, "
                      "found nothing", shown, 1, "a number", repr(params[:1]))
    c = int(m["c"][:4])
    r = int(m["r"][:4]) if m["r"] is not None else c
    xtype = False
    symmetry = "r2"
    level = BLOCK
    pos = m.start("flags")
    flags = m["flags"]
    i = 0
    while i < len(flags):
        f = _FLAG.match(flags, i)
        col = pos + i + 1
        if f is None:
            raise _refuse(f"expected x, j, k, a symmetry (a, r2, r4, m2, md2, m4, md4, m8) or "
                          f"d and a difficulty letter in Solo parameters, found "
                          f"{flags[i]!r}", shown, col, "a parameter letter", repr(flags[i]))
        token = f.group()
        if token == "x":
            xtype = True
        elif token == "j":  # jigsaw: c*r irregular regions of c*r cells
            if m["r"] is not None:
                c *= r
            r = 1
        elif token == "k":
            raise _refuse("expanding a killer Solo seed is not supported (its generator is "
                          "not ported)", shown, col, "plain, X or jigsaw Sudoku parameters",
                          repr(token))
        elif token.startswith("d"):
            letter = token[1:]
            if letter not in _LEVEL_LETTERS:
                raise _refuse(f"expected a difficulty letter t, b, i, a, e or u after 'd', "
                              f"found {letter!r}" if letter else "expected a difficulty "
                              "letter t, b, i, a, e or u after 'd', found the end",
                              shown, col + 1, "t, b, i, a, e or u", repr(letter))
            level = _LEVEL_LETTERS[letter]
        else:
            if token not in _SYMMETRIES:
                raise _refuse(f"expected a symmetry a, r2, r4, m2, md2, m4, md4 or m8, found "
                              f"{token!r}", shown, col, "a symmetry", repr(token))
            symmetry = token
        i = f.end()
    if c < 2 or r < 1:
        raise _refuse(f"expected boxes of at least 2 columns and 1 row, found {c}x{r} (Solo: "
                      '"Both dimensions must be at least 2")', shown, 1, "at least 2x1",
                      f"{c}x{r}")
    if c * r > _MAX_SYMBOLS:
        raise _refuse(f"expected at most {_MAX_SYMBOLS} symbols, found {c}x{r} = {c * r} (Solo: "
                      '"Unable to support more than 31 distinct symbols in a puzzle")', shown,
                      1, f"at most {_MAX_SYMBOLS}", str(c * r))
    if xtype and c * r < 4:
        raise _refuse(f"expected an X puzzle of at least 4 symbols, found {c * r} (Solo: "
                      '"X-type puzzle dimensions must be larger than 3")', shown, 1,
                      "at least 4 symbols", str(c * r))
    return SoloParams(c, r, xtype, symmetry, level)


# ---------------------------------------------------------------------- the solver


class _Shape:
    """The regions of a grid of ``cr`` symbols: the cells of each (ascending) and the region
    of each cell. Regions are numbered in order of their first cell."""

    def __init__(self, cr: int, owner: list[int]) -> None:
        self.cr = cr
        number: dict[int, int] = {}
        which = [number.setdefault(o, len(number)) for o in owner]
        self.whichblock = np.array(which, np.int64)
        members: list[list[int]] = [[] for _ in range(cr)]
        for cell, b in enumerate(which):
            members[b].append(cell)
        self.blocks = np.array(members, np.int64)

    @classmethod
    def boxes(cls, c: int, r: int) -> _Shape:
        """``c`` x ``r`` boxes (``c`` rows of boxes, ``r`` columns of them)."""
        cr = c * r
        return cls(cr, [(y // c) * c + (x // r) for y in range(cr) for x in range(cr)])


def _solve(shape: _Shape, maxdiff: int, xtype: bool, grid: np.ndarray) -> int:
    """solo.c's ``solver()``: the level ``grid`` needs (up to ``maxdiff``), AMBIGUOUS or
    IMPOSSIBLE (which also means: not solved within ``maxdiff``). ``grid`` is filled in."""
    cr = shape.cr
    cube = np.ones(cr * cr * cr, np.uint8)
    diff = int(deduce(cr, maxdiff, xtype, shape.blocks, shape.whichblock, grid, cube))
    if diff == IMPOSSIBLE:
        return diff
    if maxdiff < RECURSIVE:
        return IMPOSSIBLE if not grid.all() else diff
    counts = cube.reshape(cr * cr, cr).sum(axis=1)
    best = -1
    bestcount = cr + 1
    for cell in range(cr * cr):  # reading order: y outer, x inner
        if grid[cell] == 0 and counts[cell] < bestcount:
            bestcount = int(counts[cell])
            best = cell
    if best < 0:
        return diff
    diff = IMPOSSIBLE
    ingrid = grid.copy()
    for n in range(1, cr + 1):
        if not cube[best * cr + n - 1]:
            continue
        outgrid = ingrid.copy()
        outgrid[best] = n
        sub = _solve(shape, maxdiff, xtype, outgrid)
        if diff == IMPOSSIBLE and sub != IMPOSSIBLE:
            grid[:] = outgrid
        if sub == AMBIGUOUS:
            diff = AMBIGUOUS
        elif sub != IMPOSSIBLE:
            diff = RECURSIVE if diff == IMPOSSIBLE else AMBIGUOUS
        if diff == AMBIGUOUS:
            break
    return diff


# ---------------------------------------------------------------------- jigsaw regions


@functools.cache
def _around(w: int, h: int) -> np.ndarray:
    """The eight cells around each cell in divvy.c's order (left, up-left, up, up-right,
    right, down-right, down, down-left), ``-1`` off the grid."""
    out = np.full((w * h, 8), -1, np.int64)
    for cell in range(w * h):
        y, x = divmod(cell, w)
        for d in range(8):
            dx = 0 if (d & 3) == 2 else (1 if 2 < d < 6 else -1)
            dy = 0 if (d & 3) == 0 else (-1 if d < 4 else 1)
            sx, sy = x + dx, y + dy
            if 0 <= sx < w and 0 <= sy < h:
                out[cell, d] = sy * w + sx
    out.flags.writeable = False
    return out


def _divvy_attempt(w: int, h: int, k: int, rs: RandomState) -> list[int] | None:
    """divvy.c's ``divvy_rectangle_attempt``: the region of each cell, or None (retry).

    Regions start as ``n`` random cells; while one is short of ``k`` cells, a random short
    one grows by a cell, taking a free cell or one passed on along a chain of regions."""

    wh = w * h
    n = wh // k
    around = _around(w, h)
    order_list = list(range(wh))
    rs.shuffle(order_list)
    order = np.array(order_list, np.int64)
    own = np.full(wh, -1, np.int64)
    sizes = np.ones(n, np.int64)
    own[order[:n]] = np.arange(n)
    removable = np.zeros(wh, np.bool_)
    addable = np.full(wh * 4, -1, np.int64)
    while True:
        divvy_prepare(w, h, around, own, sizes, removable, addable)
        short = np.flatnonzero(sizes < k)
        if short.size == 0:
            return [int(v) for v in own]
        start = int(short[rs.upto(int(short.size))])
        if not divvy_grow(wh, n, start, around, order, own, sizes, removable, addable):
            return None


def _divvy(w: int, h: int, k: int, rs: RandomState) -> list[int]:
    """divvy.c's ``divvy_rectangle``: a w x h rectangle cut into connected regions of k
    cells, at random."""
    while True:
        own = _divvy_attempt(w, h, k, rs)
        if own is not None:
            return own


def _encode_regions(shape: _Shape) -> str:
    """solo.c's ``encode_block_structure_desc``: the region walls, as run letters."""
    cr = shape.cr
    which = shape.whichblock.tolist()
    out: list[str] = []
    run = 0
    for i in range(2 * cr * (cr - 1) + 1):
        if i == 2 * cr * (cr - 1):
            wall = True
        elif i < cr * (cr - 1):
            y, x = divmod(i, cr - 1)
            wall = which[y * cr + x] != which[y * cr + x + 1]
        else:
            x, y = divmod(i - cr * (cr - 1), cr - 1)
            wall = which[y * cr + x] != which[(y + 1) * cr + x]
        if not wall:
            run += 1
            continue
        while run > 25:
            out.append("z")
            run -= 25
        out.append(chr(96 + run) if run else "_")
        run = 0
    return "".join(out)


# ---------------------------------------------------------------------- the generator


def _ondiag0(cell: int, cr: int) -> bool:
    return cell % (cr + 1) == 0


def _ondiag1(cell: int, cr: int) -> bool:
    return cell % (cr - 1) == 0 and 0 < cell < cr * cr - 1


def _gridgen(shape: _Shape, xtype: bool, rs: RandomState, maxsteps: int) -> list[int] | None:
    """solo.c's ``gridgen``: a random full grid, or None when the step budget runs out."""
    cr = shape.cr
    which = shape.whichblock
    whichl = which.tolist()
    grid = [0] * (cr * cr)
    rowm = np.zeros(cr, np.int64)
    colm = np.zeros(cr, np.int64)
    blkm = np.zeros(cr, np.int64)
    diagm = np.zeros(2, np.int64)
    on0 = np.array([xtype and _ondiag0(i, cr) for i in range(cr * cr)], np.bool_)
    on1 = np.array([xtype and _ondiag1(i, cr) for i in range(cr * cr)], np.bool_)
    on0l = on0.tolist()
    on1l = on1.tolist()

    def place(cell: int, n: int) -> None:
        bit = 1 << n
        y, x = divmod(cell, cr)
        rowm[y] |= bit
        colm[x] |= bit
        blkm[whichl[cell]] |= bit
        if on0l[cell]:
            diagm[0] |= bit
        if on1l[cell]:
            diagm[1] |= bit
        grid[cell] = n

    def remove(cell: int, n: int) -> None:
        mask = ~(1 << n)
        y, x = divmod(cell, cr)
        rowm[y] &= mask
        colm[x] &= mask
        blkm[whichl[cell]] &= mask
        if on0l[cell]:
            diagm[0] &= mask
        if on1l[cell]:
            diagm[1] &= mask
        grid[cell] = 0

    top = list(range(1, cr + 1))
    rs.shuffle(top)
    for x, n in enumerate(top):
        place(x, n)
    cells = [y * cr + x for y in range(1, cr) for x in range(cr)]
    scell = np.array(cells, np.int64)
    stie = np.array([rs.bits(31) for _ in cells], np.int64)
    nspaces = len(cells)
    steps = maxsteps
    # gridgen_real's recursion, with an explicit stack of [cell, digits, digits tried].
    stack: list[tuple[int, list[int], list[int]]] = []
    call = True
    while True:
        if call:
            call = False
            if nspaces == 0:
                return grid
            if steps > 0:
                steps -= 1
                pick, used = pick_space(cr, nspaces, scell, stie, rowm, colm, blkm, diagm,
                                        which, on0, on1)
                last = nspaces - 1
                if pick != last:
                    scell[last], scell[pick] = scell[pick], scell[last]
                    stie[last], stie[pick] = stie[pick], stie[last]
                digits = [n for n in range(1, cr + 1) if not int(used) & (1 << n)]
                rs.shuffle(digits)
                stack.append((int(scell[last]), digits, [0]))
            # else: this call fails at once; its caller takes its digit back below.
        if not stack:
            return None
        cell, digits, tried = stack[-1]
        k = tried[0]
        if k > 0:  # the digit tried last led nowhere
            remove(cell, digits[k - 1])
            nspaces += 1
        if k < len(digits):
            place(cell, digits[k])
            nspaces -= 1
            tried[0] = k + 1
            call = True
            continue
        stack.pop()


def _symmetric(p: SoloParams, x: int, y: int) -> list[tuple[int, int]]:
    """solo.c's ``symmetries``: the cells a clue at (x, y) goes with, itself first."""
    n = p.size - 1
    out = [(x, y)]
    s = p.symmetry
    if s == "r2":
        out += [(n - x, n - y)]
    elif s == "r4":
        out += [(n - y, x), (y, n - x), (n - x, n - y)]
    elif s == "m2":
        out += [(n - x, y)]
    elif s == "md2":
        out += [(y, x)]
    elif s == "m4":
        out += [(n - x, y), (x, n - y), (n - x, n - y)]
    elif s == "md4":
        out += [(y, x), (n - x, n - y), (n - y, n - x)]
    elif s == "m8":
        out += [(n - x, y), (x, n - y), (n - x, n - y), (y, x), (y, n - x), (n - y, x),
                (n - y, n - x)]
    return out


def _encode_grid(grid: list[int]) -> str:
    """solo.c's ``encode_grid``: runs of empty cells as letters (``a`` = 1 .. ``z`` = 26),
    numbers in decimal, ``_`` between two numbers."""
    out: list[str] = []
    run = 0
    for n in [*grid, -1]:
        if n == 0:
            run += 1
            continue
        if run:
            while run > 0:
                step = min(run, 26)
                out.append(chr(96 + step))
                run -= step
        elif out and n > 0:
            out.append("_")
        if n > 0:
            out.append(str(n))
        run = 0
    return "".join(out)


def _generate(p: SoloParams, rs: RandomState) -> tuple[_Shape, list[int], list[int]]:
    cr = p.size
    area = cr * cr
    shape = _Shape.boxes(p.c, p.r)  # a jigsaw's regions are drawn afresh on every try
    trivial = (p.c == 2 and p.r == 2) or (p.jigsaw and p.c < 4)
    maxdiff = BLOCK if trivial else p.difficulty
    while True:
        if p.jigsaw:
            shape = _Shape(cr, _divvy(cr, cr, cr, rs))
        solved = _gridgen(shape, p.xtype, rs, area * area)
        if solved is None:
            continue
        grid = list(solved)
        locs = []
        for y in range(cr):
            for x in range(cr):
                if all(yy * cr + xx >= y * cr + x for xx, yy in _symmetric(p, x, y)):
                    locs.append((x, y))
        rs.shuffle(locs)
        for x, y in locs:
            trial = np.array(grid, np.uint8)
            group = _symmetric(p, x, y)
            for xx, yy in group:
                trial[yy * cr + xx] = 0
            if _solve(shape, maxdiff, p.xtype, trial) <= maxdiff:
                for xx, yy in group:
                    grid[yy * cr + xx] = 0
        if _solve(shape, maxdiff, p.xtype, np.array(grid, np.uint8)) == maxdiff:
            return shape, grid, solved


def generate(p: SoloParams, rs: RandomState) -> tuple[list[int], list[int], list[int]]:
    """solo.c's ``new_game_desc`` for plain, X and jigsaw Sudoku: the puzzle's clues (0:
    empty), its solution and the region of each cell (numbered in order of first cell),
    drawing from ``rs``."""
    shape, clues, solution = _generate(p, rs)
    return clues, solution, shape.whichblock.tolist()


def expand(params: str, seed: str) -> tuple[SoloParams, list[int], list[int], list[int]]:
    """The parameters, clues (0: empty), solution and regions Solo makes from
    ``<params>#<seed>`` (see :func:`generate`)."""
    text = f"{params}#{seed}"
    p = parse_params(params, text)
    if any(ch in seed for ch in "\r\n\x00"):
        raise PuzzleFormatError.expecting(
            "seed text on one line", "a line break or NUL in the seed", format=FMT, line=1,
            text=text)
    clues, solution, regions = generate(p, RandomState(seed))
    return p, clues, solution, regions


def expand_seed(params: str, seed: str) -> str:
    """The game ID Solo shows for the puzzle it makes from ``<params>#<seed>``: the short
    parameters, ``:`` and the description, byte for byte.

    >>> expand_seed("3x3", "pzf-solosave-0")
    '3x3:3a6f8b1_3c7a2a5a6b4_2e4_3d7a5d9_8e2_7b3a1a9a6c7_2b3f2a6'
    """
    p = parse_params(params, f"{params}#{seed}")
    if any(ch in seed for ch in "\r\n\x00"):
        expand(params, seed)  # raises
    shape, clues, _ = _generate(p, RandomState(seed))
    desc = _encode_grid(clues)
    if p.jigsaw:
        desc += "," + _encode_regions(shape)
    return f"{p.short()}:{desc}"
