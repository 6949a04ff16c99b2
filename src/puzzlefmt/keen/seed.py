"""Random-seed IDs (``6dn#12345``) expanded exactly as Simon Tatham's Keen expands them.

The game reads the parameters over its defaults (size 6, Normal, not multiplication-only:
``6#seed`` is ``6dn#seed``), seeds its SHA-1 random source
(:class:`puzzlefmt.sgtrandom.RandomState`) with the seed text, and runs its generator
(``new_game_desc`` in ``keen.c``) until a puzzle has the asked difficulty:

1. a random Latin square is the solution (:func:`puzzlefmt.keen._latin.latin_generate`);
2. the cells are visited in a random order; each still alone joins its earliest-visited
   lone neighbour as a domino, with probability 3/4; every cell still alone then joins its
   earliest-visited neighbouring cage of fewer than 6 cells (a cell with no such neighbour
   starts everything again);
3. each cage gets a clue: cages of 3+ cells may take + or x; dominoes may take + (avoided
   when the sum leaves one pair), x (above Normal, avoided when the product leaves at most two
   pairs), - (never w-1) and / (a whole quotient at most w/2). Operations are dealt out in
   turn (/, -, x, +), each to the first cage in a new random order that prefers it, else to
   one that only tolerates it, until no cage is left; in multiplication-only mode every cage
   is x;
4. the game's solver grades the puzzle: it must be solved at the asked level and not at the
   one below (Unreasonable: not by the Extreme deductions, and a unique solution). Otherwise
   go back to 1. A 3x3 puzzle above Normal is generated as Normal.

Step 4 uses :mod:`puzzlefmt.keen._grade_kernels` (latin.c's solver with keen.c's deductions,
run at exactly the levels the generator asks for) and the counting search of
:mod:`puzzlefmt.keen._kernels` (numba, imported on the first expansion).

:func:`expand_seed` returns the full game ID (``6:<desc>``, the size alone as parameters:
what the game shows as the puzzle's game ID); :func:`generate` gives the cages and the
solution.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen._latin import latin_generate
from puzzlefmt.keen.model import UPSTREAM_SIZES, Cage, Difficulty, Op
from puzzlefmt.sgtrandom import RandomState

if TYPE_CHECKING:
    from puzzlefmt.keen.model import Puzzle

__all__ = ["Expansion", "expand", "expand_seed", "generate"]

FMT = "keen"

#: The largest cage the generator makes.
MAX_CAGE = 6

_F_ADD = 0x01
_F_SUB = 0x02
_F_MUL = 0x04
_F_DIV = 0x08
_BAD_SHIFT = 4
#: The order in which operations are dealt out to the cages.
_DEAL = ((Op.DIV, _F_DIV), (Op.SUB, _F_SUB), (Op.MUL, _F_MUL), (Op.ADD, _F_ADD))
_OPCODE = {Op.ADD: 0, Op.MUL: 1, Op.SUB: 2, Op.DIV: 3}  # as puzzlefmt.keen._kernels
_UNFINISHED = 12  # latin.c's diff_unfinished (puzzlefmt.keen._grade_kernels.UNFINISHED)


class Expansion(NamedTuple):
    """A seed expanded: the parameters the game used, the cages and the solution."""

    size: int
    difficulty: Difficulty
    multiplication_only: bool
    cages: tuple[Cage, ...]
    solution: tuple[int, ...]


class _Dsf:
    """Disjoint cell sets that know their size and smallest member."""

    __slots__ = ("parent", "size", "smallest")

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))
        self.size = [1] * n
        self.smallest = list(range(n))

    def root(self, a: int) -> int:
        parent = self.parent
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def merge(self, a: int, b: int) -> None:
        ra, rb = self.root(a), self.root(b)
        if ra == rb:
            return
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        self.smallest[ra] = min(self.smallest[ra], self.smallest[rb])

    def minimal(self, a: int) -> int:
        return self.smallest[self.root(a)]

    def count(self, a: int) -> int:
        return self.size[self.root(a)]


def _earliest(rank: list[int], candidates: list[int]) -> int:
    """The candidate visited first (smallest rank), ``-1`` for none; ties cannot happen."""
    best = -1
    for c in candidates:
        if best == -1 or rank[c] < rank[best]:
            best = c
    return best


def _neighbours(i: int, w: int) -> list[int]:
    """Left, right, up, down: the order in which the generator looks at them."""
    x, y = i % w, i // w
    out = []
    if x > 0:
        out.append(i - 1)
    if x + 1 < w:
        out.append(i + 1)
    if y > 0:
        out.append(i - w)
    if y + 1 < w:
        out.append(i + w)
    return out


def _blocks(w: int, rs: RandomState) -> tuple[_Dsf, list[int]] | None:
    """Step 2: the cages (None when a cell is left alone) and the visiting order."""
    a = w * w
    order = list(range(a))
    rs.shuffle(order)
    rank = [0] * a
    for i, cell in enumerate(order):
        rank[cell] = i
    alone = [True] * a
    dsf = _Dsf(a)
    for i in range(a):
        if not alone[i]:
            continue
        best = _earliest(rank, [n for n in _neighbours(i, w) if alone[n]])
        if best >= 0 and rs.upto(4):
            alone[i] = alone[best] = False
            dsf.merge(i, best)
    for i in range(a):
        if not alone[i]:
            continue
        best = _earliest(rank, [n for n in _neighbours(i, w) if dsf.count(n) < MAX_CAGE])
        if best >= 0:
            alone[i] = alone[best] = False
            dsf.merge(i, best)
    if any(alone):
        return None
    return dsf, order


def _clue_flags(w: int, diff: int, mult_only: bool, grid: list[int], dsf: _Dsf) -> list[int]:
    """Step 3, first half: which operations suit each cage (at its first cell)."""
    a = w * w
    flags = [0] * a
    for i in range(a):
        flags[i] = 0
        j = dsf.minimal(i)
        k = dsf.count(j)
        if mult_only:
            flags[j] = _F_MUL
        elif j == i and k > 2:
            flags[j] |= _F_ADD | _F_MUL
        elif j != i and k == 2:
            p, q = max(grid[j], grid[i]), min(grid[j], grid[i])
            v = p + q
            flags[j] |= _F_ADD if 4 < v < 2 * w - 2 else _F_ADD << _BAD_SHIFT
            v = p * q
            pairs = sum(1 for d in range(1, w + 1) if v % d == 0 and v // d <= w and v // d != d)
            if pairs <= 2 and diff > Difficulty.NORMAL:
                flags[j] |= _F_MUL << _BAD_SHIFT
            else:
                flags[j] |= _F_MUL
            if p - q < w - 1:
                flags[j] |= _F_SUB
            if p % q == 0 and 2 * (p // q) <= w:
                flags[j] |= _F_DIV
    return flags


def _deal(a: int, flags: list[int], order: list[int]) -> list[Op]:
    """Step 3, second half: deal the operations out (``order`` freshly shuffled)."""
    ops = [Op.ADD] * a
    while True:
        dealt = False
        for op, good in _DEAL:
            for want in (good, good << _BAD_SHIFT):
                j = next((j for j in order if flags[j] & want), -1)
                if j >= 0:
                    ops[j] = op
                    flags[j] = 0
                    dealt = True
                    break
        if not dealt:
            return ops


def _cages(w: int, grid: list[int], dsf: _Dsf, ops: list[Op]) -> tuple[Cage, ...]:
    members: dict[int, list[int]] = {}
    for i in range(w * w):
        members.setdefault(dsf.minimal(i), []).append(i)
    cages = []
    for first, cells in members.items():
        op = ops[first]
        digits = [grid[c] for c in cells]
        if op is Op.ADD:
            target = sum(digits)
        elif op is Op.MUL:
            target = 1
            for d in digits:
                target *= d
        elif op is Op.SUB:
            target = abs(digits[0] - digits[1])
        else:
            target = max(digits) // min(digits)
        cages.append(Cage(tuple(cells), op, target))
    return tuple(cages)


def _grades_as(w: int, cages: tuple[Cage, ...], diff: int) -> bool:
    """Step 4: whether keen.c's solver finds the puzzle exactly at ``diff``."""
    from puzzlefmt.keen import _grade_kernels as gk
    from puzzlefmt.keen import _kernels as kern

    cstart = np.zeros(len(cages) + 1, np.int64)
    np.cumsum([c.area for c in cages], out=cstart[1:])
    ccells = np.array([cell for c in cages for cell in c.cells], np.int64)
    cop = np.array([_OPCODE[c.op] for c in cages], np.int64)
    ctarget = np.array([c.target for c in cages], np.int64)
    cell_cage = np.zeros(w * w, np.int64)
    for k, c in enumerate(cages):
        cell_cage[list(c.cells)] = k
    tstart, tcount, tbuf, ok = kern.cage_layouts(w, cstart, ccells, cop, ctarget)
    if not ok:  # pragma: no cover - cages of at most 6 cells always enumerate
        raise AssertionError("a generated cage has too many layouts")

    def run(level: int) -> int:
        return int(gk._run(w, level, cstart, ccells, cop, ctarget, cell_cage, tstart, tcount,
                           tbuf))

    if diff == Difficulty.UNREASONABLE:
        # Solving at Unreasonable runs the Extreme deductions, then searches: the level is
        # Unreasonable exactly when they stop short and the solution is unique.
        if run(Difficulty.EXTREME) != _UNFINISHED:
            return False
        masks = np.full(w * w, (1 << w) - 1, np.int64)
        sols = np.zeros((2, w * w), np.int64)
        count = kern.search(w, cstart, ccells, cell_cage, tstart, tcount, tbuf, masks, 2, sols)
        return int(count) == 1
    if diff > 0 and run(diff - 1) <= diff - 1:
        return False
    return run(diff) == diff


def generate(size: int, difficulty: Difficulty, multiplication_only: bool,
             rs: RandomState) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    """keen.c's ``new_game_desc``: the cages and the solution of the puzzle it makes from
    ``rs`` (which it draws from). ``size`` must be 3 to 9."""
    if size not in UPSTREAM_SIZES:
        raise ValueError(f"Keen generates sizes 3 to 9, not {size}")
    w = size
    diff = int(difficulty)
    if w == 3 and diff > Difficulty.NORMAL:
        diff = Difficulty.NORMAL
    while True:
        grid = latin_generate(w, rs)
        found = _blocks(w, rs)
        if found is None:
            continue
        dsf, order = found
        flags = _clue_flags(w, diff, multiplication_only, grid, dsf)
        rs.shuffle(order)
        ops = _deal(w * w, flags, order)
        cages = _cages(w, grid, dsf, ops)
        if _grades_as(w, cages, diff):
            return cages, tuple(grid)


def _params(params: str, text: str) -> tuple[int, Difficulty, bool]:
    from puzzlefmt.keen.gameid import parse_game_id

    parsed = parse_game_id(f"{params}#", runs="documented")
    size = parsed.size
    if size not in UPSTREAM_SIZES:
        raise PuzzleFormatError(
            f"expected a grid size from 3 to 9 for a random-seed ID, found {size} (Keen: "
            '"Grid size must be between 3 and 9")',
            format=FMT, line=1, column=1, text=text, expected="3 to 9", found=str(size),
        )
    difficulty = Difficulty.NORMAL if parsed.difficulty is None else parsed.difficulty
    return size, difficulty, parsed.multiplication_only


def expand(params: str, seed: str) -> Expansion:
    """The puzzle Keen makes from ``<params>#<seed>``: parameters over the game's defaults
    (no ``d``: Normal), cages and solution. Raises :class:`PuzzleFormatError` for parameters
    the game refuses (sizes other than 3 to 9 among them)."""
    text = f"{params}#{seed}"
    try:
        size, difficulty, mult = _params(params, text)
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(
            exc.message, format=FMT, line=1, column=exc.column, text=text,
            expected=exc.expected, found=exc.found,
        ) from None
    if any(ch in seed for ch in "\r\n\x00"):
        raise PuzzleFormatError.expecting(
            "seed text on one line", "a line break or NUL in the seed", format=FMT, line=1,
            text=text)
    cages, solution = generate(size, difficulty, mult, RandomState(seed))
    return Expansion(size, difficulty, mult, cages, solution)


def expand_seed(params: str, seed: str) -> str:
    """The game ID Keen shows for the puzzle it makes from ``<params>#<seed>``: ``<size>:``
    and the description, byte for byte.

    >>> expand_seed("4de", "pzf-keen-4e-0")
    '4:aa_7acaa_a_,m8s2a8d2s1a5m4'
    """
    found = expand(params, seed)
    return f"{found.size}:{_puzzle(found).desc(on_misread='error')}"


def _puzzle(found: Expansion) -> Puzzle:
    from puzzlefmt.keen.model import Puzzle

    return Puzzle.from_cages(found.size, found.cages)
