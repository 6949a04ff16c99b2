"""New Sudoku puzzles: classic puzzles of a chosen symmetry and clue range, and Solo's.

Classic (:func:`generate`, ``puzzlefmt generate sudoku``): every puzzle has exactly one
solution (checked by the solver as clues are removed), its clues follow the asked symmetry,
its clue count is in the asked range, and with ``minimal=True`` no clue can be removed (each
is tried alone). Reproducible: the seed string is hashed (SHA-256) into the four 32-bit words
of a xorshift128 generator (:mod:`puzzlefmt.sudoku._kernels.generate`, integer operations
only), so the same seed and options give the same puzzle on every machine. ``timeout``
bounds the search for a puzzle that meets the options (:class:`GenerationTimeoutError`):
:data:`DEFAULT_TIMEOUT` seconds when none is given, so options no puzzle meets end in an
error, never in an endless search. A clue range the symmetry cannot give at all (rot90
patterns have 4k or 4k+1 clues) is refused before any search (:func:`clue_counts`).
``rating="LO-HI"`` keeps the puzzles whose Sudoku Explainer rating (ER, as serate prints
it: :mod:`puzzlefmt.sudoku.rating`) is in the window: the generator goes on from the same
random state until one is, so the same seed and options still give the same puzzle. The
rater gives serate's ER for every puzzle up to ER 9.4 (above, a puzzle may need chains it
does not have), so a window above 9.4 is refused (:func:`rating_window`).

Symmetries (of the clue pattern): ``none``; ``rot180`` (r, c) -> (8-r, 8-c); ``rot90`` the
four quarter turns; ``diagonal`` (r, c) -> (c, r); ``antidiagonal`` (r, c) -> (8-c, 8-r);
``mirror`` (r, c) -> (r, 8-c).

Solo (the family's ``generate-solo`` engine, ``puzzlefmt generate solo 3x3di``): the puzzle
Simon Tatham's Solo makes for ``<params>#<seed>`` (:mod:`puzzlefmt.sudoku.solo_seed`), for
the parameters a :class:`~puzzlefmt.sudoku.Grid` holds: 3x3 boxes, any symmetry and
difficulty letter; other shapes, X, jigsaw and killer parameters are refused, saying which.

>>> g = generate("1", symmetry="rot180", clues="22-30")
>>> g.clue_count <= 30 and g.solve().unique
True
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from typing import Any, TypeVar

from puzzlefmt.engine import GenerationTimeoutError
from puzzlefmt.sgt.random import game_seeds
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.sudoku.rating import format_rating, rate_many

__all__ = ["DEFAULT_TIMEOUT", "SYMMETRIES", "TOP_RATING", "check", "clue_counts", "clue_range",
           "generate", "groups", "rating_window", "solo_seed_id"]

_N = TypeVar("_N", int, float)

#: The symmetries the classic generator takes.
SYMMETRIES = ("none", "rot180", "rot90", "diagonal", "antidiagonal", "mirror")

#: Fewest clues a Sudoku with one solution has (McGuire, Tugemann and Civario, 2012).
FEWEST = 17

#: Seconds the search for one puzzle may take when no ``timeout`` is given (the command's
#: ``--timeout``): options no puzzle meets end in an error after this long.
DEFAULT_TIMEOUT = 60.0

#: The highest window end the rater tells as serate does: every puzzle serate rates up to
#: 9.4 uses its rows 1-26 only, where the rater takes serate's steps exactly
#: (:mod:`puzzlefmt.sudoku.rating`); from 9.5 a puzzle needs nested chains (rows 27-30),
#: which the rater has, but where serate's own choice of step depends on its JVM's hash
#: order (one step seen chosen two ways by serate on the same grid, one complexity seen two
#: ways; docs/sudoku-rating.md), so serate itself may not give a puzzle there one ER, and a
#: window there could keep a puzzle serate rates outside it.
TOP_RATING = 9.4

#: Tries of the kernel between two looks at the clock.
_BATCH = 16


def _images(symmetry: str, r: int, c: int) -> list[tuple[int, int]]:
    if symmetry == "rot180":
        return [(r, c), (8 - r, 8 - c)]
    if symmetry == "rot90":
        return [(r, c), (c, 8 - r), (8 - r, 8 - c), (8 - c, r)]
    if symmetry == "diagonal":
        return [(r, c), (c, r)]
    if symmetry == "antidiagonal":
        return [(r, c), (8 - c, 8 - r)]
    if symmetry == "mirror":
        return [(r, c), (r, 8 - c)]
    return [(r, c)]


def groups(symmetry: str) -> list[tuple[int, ...]]:
    """The cells (0-80, row by row) that the symmetry keeps together, each group once, in
    order of its first cell."""
    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}: expected one of "
                         f"{', '.join(SYMMETRIES)}")
    seen: set[int] = set()
    out: list[tuple[int, ...]] = []
    for cell in range(81):
        if cell in seen:
            continue
        found = sorted({9 * r + c for r, c in _images(symmetry, *divmod(cell, 9))})
        seen.update(found)
        out.append(tuple(found))
    return out


def clue_counts(symmetry: str) -> set[int]:
    """The clue counts (0-81) that clue patterns of ``symmetry`` can have: sums of the sizes
    of some of its groups."""
    counts = {0}
    for group in groups(symmetry):
        counts |= {c + len(group) for c in counts}
    return counts


def _ends(text: str, convert: Callable[[str], _N], expected: str) -> tuple[_N, _N]:
    """The two ends of ``"LO-HI"`` (one number: both), each read with ``convert``;
    :class:`ValueError` saying ``expected`` for anything else."""
    lo_text, sep, hi_text = text.strip().partition("-")
    try:
        lo = convert(lo_text)
        hi = convert(hi_text) if sep else lo
    except ValueError:
        raise ValueError(f"{expected}, not {text!r}") from None
    return lo, hi


def clue_range(text: str) -> tuple[int, int]:
    """``"MIN-MAX"`` (or one number) as a clue range from 17 to 81; :class:`ValueError` for
    an empty or impossible range."""
    lo, hi = _ends(text, int, "a clue range is MIN-MAX (two whole numbers, 22-30)")
    if lo > hi:
        raise ValueError(f"the clue range {text} is empty (its minimum is above its maximum)")
    if hi < FEWEST or lo > 81:
        raise ValueError(f"no Sudoku with one solution has {lo}-{hi} clues: there are "
                         f"{FEWEST} to 81")
    return max(lo, FEWEST), min(hi, 81)


def _state(seed: str) -> list[int]:
    digest = hashlib.sha256(seed.encode("utf-8", "surrogatepass")).digest()
    words = [int.from_bytes(digest[4 * k: 4 * k + 4], "big") for k in range(4)]
    if not any(words):  # pragma: no cover - xorshift needs a state other than zero
        words[3] = 1
    return words


def check(*, symmetry: str = "none", clues: str = "17-81", minimal: bool = False,
          rating: str = "", **options: Any) -> None:
    """The options' refusals, before any puzzle is made (:class:`ValueError`)."""
    lo, hi = clue_range(clues)
    if not clue_counts(symmetry) & set(range(lo, hi + 1)):
        sizes = sorted({len(g) for g in groups(symmetry)})
        raise ValueError(f"no clue pattern with {symmetry} symmetry has {clues} clues (its "
                         f"cells go in groups of {' or '.join(map(str, sizes))}): choose "
                         f"another range")
    if rating:
        rating_window(rating)


def rating_window(text: str) -> tuple[float, float]:
    """``"LO-HI"`` (or one number) as a window of Sudoku Explainer ratings (ER as serate
    prints it, one decimal); :class:`ValueError` for an empty window or one the rater cannot
    tell as serate does (above :data:`TOP_RATING`: nested chains, where serate's own choice
    of step varies with its hash order)."""
    lo, hi = _ends(text, float, "a rating window is LO-HI (two Sudoku Explainer ratings, "
                   "2.0-4.5)")
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise ValueError(f"a rating window is LO-HI with finite ratings, not {text!r}")
    if lo > hi:
        raise ValueError(f"the rating window {text} is empty (its low end is above its high "
                         f"end)")
    if hi > TOP_RATING:
        raise ValueError(f"the Sudoku Explainer rater here matches serate up to ER "
                         f"{TOP_RATING} (above, nested chains, serate's own choice of step "
                         f"varies with its hash order): choose a --rating window within "
                         f"1.0-{TOP_RATING}, not {text}")
    return lo, hi


def _rated_in(grid: Grid, lo: float, hi: float) -> bool:
    """Whether ``grid``'s ER, as serate prints it, is in the window (a puzzle that needs
    nested chains is not: its ER is 9.5 or more, above :data:`TOP_RATING`)."""
    found = rate_many([grid])[0]
    if found.verdict != "rated":
        return False
    shown = float(format_rating(found.er))
    return lo - 1e-9 <= shown <= hi + 1e-9


def generate(seed: str | None = None, *, symmetry: str = "none", clues: str = "17-81",
             minimal: bool = False, rating: str = "", timeout: float | None = None) -> Grid:
    """A classic Sudoku with one solution, made from ``seed`` (``None``: a seed drawn at
    random), its clues ``symmetry``-symmetric, as many as ``clues`` (``"MIN-MAX"``) says, no
    clue removable when ``minimal``. Raises :class:`ValueError` for bad options and
    :class:`~puzzlefmt.engine.GenerationTimeoutError` when no such puzzle is found within
    ``timeout`` seconds (``None``: :data:`DEFAULT_TIMEOUT`; ``math.inf``: no bound)."""
    # The kernel loader: numpy and the generator's kernels load with the first puzzle made.
    from puzzlefmt.sudoku._kernels import generate as kernel  # noqa: PLC0415 - the kernel loader

    check(symmetry=symmetry, clues=clues, minimal=minimal, rating=rating)
    if seed is None:
        seed = next(game_seeds())
    lo, hi = clue_range(clues)
    window = rating_window(rating) if rating else None
    cells = groups(symmetry)
    rng = kernel.new_state(_state(seed))
    bound = DEFAULT_TIMEOUT if timeout is None else timeout
    end = time.monotonic() + bound
    while True:
        found = kernel.make(rng, cells, lo, hi, minimal, _BATCH)
        if found is not None:
            grid = Grid(givens=found)
            if window is None or _rated_in(grid, *window):
                return grid
        if time.monotonic() > end:
            what = "minimal " if minimal else ""
            rated = f" rated {rating}" if rating else ""
            default = (" (the default bound: --timeout SECONDS sets another)"
                       if timeout is None else "")
            raise GenerationTimeoutError(
                f"no {what}puzzle with {symmetry} symmetry and {clues} clues{rated} found in "
                f"{bound:g} s{default}")


# ---------------------------------------------------------------------- Solo

#: The parameters of a new game in Solo (3x3 boxes, two-way rotational symmetry, Trivial).
SOLO_DEFAULT = "3x3"


def solo_seed_id(seed: str, params: str = SOLO_DEFAULT, **options: Any) -> str:
    """The random-seed ID that opens the puzzle of ``seed`` in Solo (``3x3dh#<seed>``)."""
    return f"{params}#{seed}"
