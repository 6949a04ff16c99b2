"""Random-seed IDs (``6dn#12345``) expanded exactly as Simon Tatham's Keen expands them.

The game reads the parameters over its defaults (size 6, Normal, not multiplication-only:
``6#seed`` is ``6dn#seed``), seeds its SHA-1 random source
(:class:`puzzlefmt.sgt.random.RandomState`) with the seed text, and runs its generator
(``new_game_desc`` in ``keen.c``) until a puzzle has the asked difficulty:

1. a random Latin square is the solution (:func:`puzzlefmt.sgt.latin.latin_generate`);
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

Step 4 runs in :mod:`puzzlefmt.keen._kernels.seed`: the solver of
:mod:`puzzlefmt.keen._kernels.grade` (latin.c's with keen.c's deductions) at exactly the levels
the generator asks for, and the counting search of :mod:`puzzlefmt.keen._kernels.solve` (numba,
imported on the first expansion).

:func:`expand_seed` returns the full game ID (``6:<desc>``, the size alone as parameters:
what the game shows as the puzzle's game ID); :func:`generate` gives the cages and the
solution. :func:`describe_many` runs every step, with the random source, in one kernel call
for many seeds (:mod:`puzzlefmt.keen._kernels.generate`), and gives the descriptions;
:func:`make_many` the puzzles; :func:`lines` draws the seeds in the kernel too and gives the
command's output lines, chunk by chunk: what ``puzzlefmt generate keen`` writes when it
writes them as they are (no ``--json``, ``--to``, ``--jobs`` or ``--cluster``).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator, Sequence
from typing import NamedTuple

import numpy as np

from puzzlefmt.keen._kernels import generate as kernel
from puzzlefmt.keen.gameid import parse_game_id
from puzzlefmt.keen.generator import DEFAULT_PARAMS, expand_params, one_line
from puzzlefmt.keen.model import UPSTREAM_SIZES, Cage, Difficulty, Op, Puzzle
from puzzlefmt.sgt._kernels import random as rk
from puzzlefmt.sgt.latin import latin_generate
from puzzlefmt.sgt.random import RandomState

__all__ = ["LINES_CHUNK", "Expansion", "describe_many", "expand", "expand_params",
           "expand_seed", "generate", "lines", "make_many"]

FMT = "keen"

#: The largest cage the generator makes.
MAX_CAGE = 6

_F_ADD = 0x01
_F_SUB = 0x02
_F_MUL = 0x04
_F_DIV = 0x08
_BAD_SHIFT = 4
# Operation codes as in puzzlefmt.keen._kernels.solve.
_ADD, _MUL, _SUB, _DIV = 0, 1, 2, 3
_OPS = (Op.ADD, Op.MUL, Op.SUB, Op.DIV)
#: The order in which operations are dealt out to the cages.
_DEAL = ((_DIV, _F_DIV), (_SUB, _F_SUB), (_MUL, _F_MUL), (_ADD, _F_ADD))


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

    def count(self, a: int) -> int:
        return self.size[self.root(a)]


@functools.cache
def _neighbours(w: int) -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours left, right, up, down (the order the generator looks)."""
    out = []
    for i in range(w * w):
        x, y = i % w, i // w
        near = []
        if x > 0:
            near.append(i - 1)
        if x + 1 < w:
            near.append(i + 1)
        if y > 0:
            near.append(i - w)
        if y + 1 < w:
            near.append(i + w)
        out.append(tuple(near))
    return tuple(out)


def _blocks(w: int, rs: RandomState) -> tuple[list[int], list[int], list[int]] | None:
    """Step 2: the smallest cell of each cell's cage, each cage's size (at its smallest
    cell) and the visiting order; None when a cell is left alone."""
    a = w * w
    near = _neighbours(w)
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
        best = -1
        for n in near[i]:  # the lone neighbour visited first; ranks never tie
            if alone[n] and (best == -1 or rank[n] < rank[best]):
                best = n
        if best >= 0 and rs.upto(4):
            alone[i] = alone[best] = False
            dsf.merge(i, best)
    for i in range(a):
        if not alone[i]:
            continue
        best = -1
        for n in near[i]:
            if dsf.count(n) < MAX_CAGE and (best == -1 or rank[n] < rank[best]):
                best = n
        if best >= 0:
            alone[i] = alone[best] = False
            dsf.merge(i, best)
    if any(alone):
        return None
    leader = [dsf.smallest[dsf.root(i)] for i in range(a)]
    sizes = [0] * a
    for j in leader:
        sizes[j] += 1
    return leader, sizes, order


def _clue_flags(w: int, diff: int, mult_only: bool, grid: list[int], leader: list[int],
                sizes: list[int]) -> list[int]:
    """Step 3, first half: which operations suit each cage (at its smallest cell)."""
    a = w * w
    flags = [0] * a
    for i in range(a):
        flags[i] = 0
        j = leader[i]
        k = sizes[j]
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


def _deal(flags: list[int], order: list[int]) -> list[int]:
    """Step 3, second half: deal the operations out (``order`` freshly shuffled); the
    operation code of each cage at its smallest cell."""
    ops = [_ADD] * len(flags)
    live = [j for j in order if flags[j]]
    while True:
        dealt = False
        for op, good in _DEAL:
            pick = -1
            for want in (good, good << _BAD_SHIFT):
                for j in live:
                    if flags[j] & want:
                        pick = j
                        break
                if pick >= 0:
                    break
            if pick >= 0:
                ops[pick] = op
                flags[pick] = 0
                live.remove(pick)
                dealt = True
        if not dealt:
            return ops


def _cages(w: int, grid: list[int], leader: list[int], ops: list[int]) -> tuple[Cage, ...]:
    members: dict[int, list[int]] = {}
    for i in range(w * w):
        members.setdefault(leader[i], []).append(i)
    cages = []
    for first, cells in members.items():
        op = _OPS[ops[first]]
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


def generate(size: int, difficulty: Difficulty, multiplication_only: bool,
             rs: RandomState) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    """keen.c's ``new_game_desc``: the cages and the solution of the puzzle it makes from
    ``rs`` (which it draws from). ``size`` must be 3 to 9."""
    from puzzlefmt.keen._kernels.seed import grades_as  # noqa: PLC0415 - the kernel loader

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
        leader, sizes, order = found
        flags = _clue_flags(w, diff, multiplication_only, grid, leader, sizes)
        rs.shuffle(order)
        ops = _deal(flags, order)
        verdict = grades_as(w, diff, np.array(leader, np.int64), np.array(ops, np.int64),
                            np.array(grid, np.int64))
        if verdict < 0:  # pragma: no cover - cages of at most 6 cells always enumerate
            raise AssertionError("a generated cage has too many layouts")
        if verdict:
            return _cages(w, grid, leader, ops), tuple(grid)


def describe_many(size: int, difficulty: Difficulty, multiplication_only: bool,
                  seeds: Sequence[str]) -> list[str]:
    """The description (``<blocks>,<clues>``) of the puzzle keen.c makes for each seed, as
    :func:`generate` makes it, in one kernel call. ``size`` must be 3 to 9."""
    if size not in UPSTREAM_SIZES:
        raise ValueError(f"Keen generates sizes 3 to 9, not {size}")
    raw = [s.encode("utf-8") for s in seeds]
    at = np.zeros(len(raw) + 1, np.int64)
    np.cumsum([len(r) for r in raw], out=at[1:])
    # A copy: the kernel takes a writable array.
    data = np.frombuffer(b"".join(raw) or b"\0", np.uint8).copy()
    out = np.zeros((len(raw), kernel.DESC_BYTES), np.uint8)
    lengths = np.zeros(len(raw), np.int64)
    done = kernel.generate_batch(size, int(difficulty), bool(multiplication_only), data, at,
                                 out, lengths)
    if done < 0:  # pragma: no cover - cages of at most 6 cells always enumerate
        raise AssertionError(f"seed {seeds[-1 - done]!r} made a cage with too many layouts")
    return [out[k, : lengths[k]].tobytes().decode("ascii") for k in range(len(raw))]


def make_many(seeds: Sequence[str], params: str = DEFAULT_PARAMS) -> list[Puzzle]:
    """The ``generate`` engine's batch form: ``[generator.make(seed, params) for seed in
    seeds]``, made in one kernel call (:func:`describe_many`). The puzzles keep the
    descriptions the kernel wrote (their cages are built on first use)."""
    size, difficulty, mult = expand_params(params, "")  # the game's refusals
    for seed in seeds:
        if not one_line(seed):
            expand_params(params, seed)  # raises, naming the seed
    shown = parse_game_id(f"{params}#", runs="documented").difficulty  # None: no d given
    return [Puzzle._described(size, shown, mult, desc)
            for desc in describe_many(size, difficulty, mult, seeds)]


#: Puzzles a kernel call of :func:`lines` makes (its text is handed out between calls).
LINES_CHUNK = 2048


def lines(count: int, master: str | None = None, with_seed: bool = False,
          params: str = DEFAULT_PARAMS) -> Iterator[str] | None:
    """The lines ``puzzlefmt generate keen PARAMS -n COUNT --seed MASTER`` writes, in chunks
    of text (:data:`LINES_CHUNK` lines each): for the seeds of
    :func:`puzzlefmt.sgt.random.game_seeds` (``master``), each puzzle's game ID
    (``6:<desc>``), with ``with_seed`` a tab and its random-seed ID (``PARAMS#<seed>``).
    Seeds, puzzles and text are made in the kernel
    (:func:`puzzlefmt.keen._kernels.generate.generate_lines`), byte for byte what
    :func:`make_many` and the engine's lines give. Raises
    :class:`~puzzlefmt.errors.PuzzleFormatError` for parameters the game refuses; ``None``
    for a master seed that is not one line (:func:`make_many` refuses it, naming it)."""
    size, difficulty, mult = expand_params(params, "")  # the game's refusals
    if master is not None and not one_line(master):
        return None  # refused seed by seed, as the engine's make_many refuses it
    return _lines(size, difficulty, mult, count, master, with_seed, params)


def _lines(size: int, difficulty: Difficulty, mult: bool, count: int, master: str | None,
           with_seed: bool, params: str) -> Iterator[str]:
    first = b"" if master is None else master.encode("utf-8")
    source = RandomState(master if master is not None else os.urandom(16))
    state = np.zeros(rk.STATE_SIZE, np.int64)
    state[: rk.POS + 1] = np.frombuffer(bytes.fromhex(source.state()), np.uint8)
    prefix = np.frombuffer(f"{size}:".encode(), np.uint8).copy()
    suffix = np.frombuffer(f"{params}#".encode(), np.uint8).copy()
    per_line = (kernel.DESC_BYTES + len(prefix) + len(suffix)
                + max(kernel.SEED_DIGITS, len(first)) + 2)
    out = np.zeros(min(count, LINES_CHUNK) * per_line, np.uint8)
    seed = np.frombuffer(first, np.uint8).copy()
    done = 0
    while done < count:
        chunk = min(count - done, LINES_CHUNK)
        got = kernel.generate_lines(size, int(difficulty), bool(mult), state,
                                    master is not None and done == 0, seed, chunk, prefix,
                                    suffix, bool(with_seed), out)
        if got < 0:  # pragma: no cover - cages of at most 6 cells always enumerate
            raise AssertionError("a seed made a cage with too many layouts")
        yield out[:got].tobytes().decode("utf-8")
        done += chunk


def expand(params: str, seed: str) -> Expansion:
    """The puzzle Keen makes from ``<params>#<seed>``: parameters over the game's defaults
    (no ``d``: Normal), cages and solution. Raises :class:`PuzzleFormatError` for parameters
    the game refuses (sizes other than 3 to 9 among them)."""
    size, difficulty, mult = expand_params(params, seed)
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
    return Puzzle.from_cages(found.size, found.cages)
