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

Every step runs in the generator's kernel (:mod:`puzzlefmt.keen._kernels.generate`: the
random source of :mod:`puzzlefmt.sgt._kernels.random`, the Latin square of
:mod:`puzzlefmt.sgt._kernels.latin`, and for step 4 the solver of
:mod:`puzzlefmt.keen._kernels.grade`, latin.c's with keen.c's deductions, at exactly the levels
the generator asks for, and the counting search of :mod:`puzzlefmt.keen._kernels.solve`;
numba, imported on the first expansion, or the same code as plain Python without it), for
one seed as for many.

:func:`expand_seed` returns the full game ID (``6:<desc>``, the size alone as parameters:
what the game shows as the puzzle's game ID); :func:`generate` gives the cages and the
solution. :func:`describe_many` runs every step, with the random source, in one kernel call
for many seeds, and gives the descriptions; :func:`make_many` the puzzles; :func:`lines`
draws the seeds in the kernel too and gives the command's output lines, chunk by chunk: what
``puzzlefmt generate keen`` writes when it writes them as they are (no ``--json``, ``--to``,
``--jobs`` or ``--cluster``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import NamedTuple

import numpy as np

from puzzlefmt.keen._kernels import generate as kernel
from puzzlefmt.keen.gameid import parse_game_id
from puzzlefmt.keen.generator import DEFAULT_PARAMS, expand_params, one_line
from puzzlefmt.keen.model import UPSTREAM_SIZES, Cage, Difficulty, Op, Puzzle
from puzzlefmt.sgt._kernels import random as rk
from puzzlefmt.sgt.random import RandomState

__all__ = ["LINES_CHUNK", "Expansion", "describe_many", "expand", "expand_params",
           "expand_seed", "generate", "lines", "make_many"]

FMT = "keen"

# Operation codes as in puzzlefmt.keen._kernels.solve.
_OPS = (Op.ADD, Op.MUL, Op.SUB, Op.DIV)


class Expansion(NamedTuple):
    """A seed expanded: the parameters the game used, the cages and the solution."""

    size: int
    difficulty: Difficulty
    multiplication_only: bool
    cages: tuple[Cage, ...]
    solution: tuple[int, ...]


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
    ``rs`` (which it draws from, and leaves where the generator leaves it), made in the
    generator's kernel (:func:`puzzlefmt.keen._kernels.generate.generate_one`). ``size``
    must be 3 to 9."""
    if size not in UPSTREAM_SIZES:
        raise ValueError(f"Keen generates sizes 3 to 9, not {size}")
    w = size
    state = np.zeros(rk.STATE_SIZE, np.int64)
    state[: rk.POS + 1] = np.frombuffer(bytes.fromhex(rs.state()), np.uint8)
    grid = np.zeros(w * w, np.int64)
    leader = np.zeros(w * w, np.int64)
    ops = np.zeros(w * w, np.int64)
    if kernel.generate_one(state, w, int(difficulty), bool(multiplication_only), grid, leader,
                           ops) < 0:  # pragma: no cover - cages of at most 6 cells enumerate
        raise AssertionError("a generated cage has too many layouts")
    rs.set_state(bytes(state[: rk.POS + 1].tolist()).hex())
    solution = grid.tolist()
    return _cages(w, solution, leader.tolist(), ops.tolist()), tuple(solution)


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
    memo = np.zeros(kernel.memo_shape(size), np.int64)  # a 3x3's verdicts, for every chunk
    done = 0
    while done < count:
        chunk = min(count - done, LINES_CHUNK)
        got = kernel.generate_lines(size, int(difficulty), bool(mult), state,
                                    master is not None and done == 0, seed, chunk, prefix,
                                    suffix, bool(with_seed), out, memo)
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
    size, difficulty, mult = expand_params(params, seed)
    (desc,) = describe_many(size, difficulty, mult, [seed])
    return f"{size}:{desc}"
