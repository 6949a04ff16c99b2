"""New Keen puzzles, each the one Simon Tatham's Keen makes for its seed.

:func:`generate` takes the parameters as the game writes them (``6dh``, ``9dxm``: the size,
``d`` and a difficulty letter, ``m`` for multiplication only; no ``d``: Normal, the game's
default) and a seed string, and gives the puzzle ``keen.c`` makes from ``<params>#<seed>``
(:mod:`puzzlefmt.keen.seed`), keeping its seed: ``puzzle.expand()`` is its description form
(``6dh:<desc>``), :func:`game_id` the game ID the game shows (``6:<desc>``). Without a seed,
one is drawn as the game draws it for a new game (15 digits;
:func:`puzzlefmt.sgt.random.game_seeds`), so pasting ``6dh#<seed>`` into the game opens the
same puzzle.

>>> from puzzlefmt.keen import generate
>>> p = generate("4de", seed="pzf-keen-4e-0")
>>> p.game_id(), game_id(p)
('4de#pzf-keen-4e-0', '4:aa_7acaa_a_,m8s2a8d2s1a5m4')

The family's ``generate`` engine (``puzzlefmt generate keen 6dh -n 100``) makes the puzzles of
the seeds :func:`~puzzlefmt.sgt.random.game_seeds` gives for ``--seed``, many in one kernel
call (:func:`puzzlefmt.keen.seed.make_many`).
"""

from __future__ import annotations

from typing import Any

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen.gameid import parse_game_id
from puzzlefmt.keen.model import UPSTREAM_SIZES, Difficulty, Puzzle
from puzzlefmt.sgt.random import game_seeds

__all__ = ["DEFAULT_PARAMS", "check_params", "expand_params", "game_id", "game_seeds", "generate",
           "make", "seed_id"]

#: The parameters of a new game in Keen (6x6, Normal).
DEFAULT_PARAMS = "6"

FMT = "keen"


def _params(params: str, text: str) -> tuple[int, Difficulty, bool]:
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


def expand_params(params: str, seed: str) -> tuple[int, Difficulty, bool]:
    """The size, difficulty and multiplication-only flag Keen reads from ``<params>#<seed>``
    (over the game's defaults: no ``d`` is Normal). Raises :class:`PuzzleFormatError` for
    parameters the game refuses (sizes other than 3 to 9 among them) and a seed that is not
    one line."""
    text = f"{params}#{seed}"
    bad = next((k for k, ch in enumerate(params) if ch in ":#"), -1)
    if bad >= 0:
        raise PuzzleFormatError.expecting(
            "parameters (a size, then d and a difficulty letter, then m)",
            repr(params[bad]), format=FMT, line=1, column=bad + 1, text=text)
    try:
        size, difficulty, mult = _params(params, text)
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(
            exc.message, format=FMT, line=1, column=exc.column, text=text,
            expected=exc.expected, found=exc.found,
        ) from None
    if not one_line(seed):
        raise PuzzleFormatError.expecting(
            "seed text on one line", "a line break or NUL in the seed", format=FMT, line=1,
            text=text)
    return size, difficulty, mult


def one_line(seed: str) -> bool:
    """Whether ``seed`` is text the game takes as a seed: one line, no NUL."""
    return "\n" not in seed and "\r" not in seed and "\x00" not in seed


def generate(params: str = DEFAULT_PARAMS, seed: str | None = None) -> Puzzle:
    """The puzzle Keen makes from ``<params>#<seed>`` (``seed`` ``None``: one drawn as the game
    draws it), keeping its seed. Raises :class:`~puzzlefmt.errors.PuzzleFormatError` for
    parameters the game refuses (a size outside 3 to 9, an unknown difficulty letter)."""
    if seed is None:
        seed = next(game_seeds())
    expand_params(params, seed)  # the game's refusals, as PuzzleFormatError
    # The model expands the seed through its installed expander (puzzlefmt.keen.seed).
    return Puzzle.from_game_id(f"{params}#{seed}")


def check_params(params: str = DEFAULT_PARAMS) -> None:
    """Refuse parameters the game refuses (:class:`~puzzlefmt.errors.PuzzleFormatError`)."""
    expand_params(params, "")


def game_id(puzzle: Puzzle) -> str:
    """The game ID Keen shows for a puzzle (``midend_get_game_id``): ``<size>:<desc>``."""
    return f"{puzzle.size}:{puzzle.desc(on_misread='error')}"


def make(seed: str, params: str = DEFAULT_PARAMS) -> Puzzle:
    """The ``generate`` engine: the puzzle of ``<params>#<seed>`` in its description form."""
    return generate(params, seed).expand()


def seed_id(seed: str, params: str = DEFAULT_PARAMS, **options: Any) -> str:
    """The random-seed ID that opens the puzzle of ``seed`` in the game (``6dh#<seed>``)."""
    return f"{params}#{seed}"
