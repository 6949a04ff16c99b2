"""Validation: what the real Keen program accepts, and what it leaves out.

Two tiers, as everywhere in puzzlefmt. Text the reader cannot parse raises
:class:`~puzzlefmt.errors.PuzzleFormatError`. A parsed puzzle's rule problems are listed by
``Puzzle.problems()`` (see :mod:`puzzlefmt.keen.rules`).

:func:`upstream_desc_error` and :func:`upstream_verdict` (:mod:`puzzlefmt.keen.upstream`) give
the real program's own verdict on a text, message for message. :func:`validate` puts it all
together: it refuses exactly what the real program refuses (with our richer message) and
reports the rest as warnings, or as errors with ``strict=True``.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen.model import Puzzle
from puzzlefmt.keen.rules import target_reachable
from puzzlefmt.keen.upstream import (
    decode_params,
    split_id,
    upstream_desc_error,
    upstream_verdict,
)

__all__ = [
    "KeenWarning",
    "solution_problems",
    "target_reachable",
    "upstream_desc_error",
    "upstream_verdict",
    "validate",
]


class KeenWarning(UserWarning):
    """A problem :func:`validate` reports without refusing the puzzle."""


def solution_problems(puzzle: Puzzle, values: Sequence[int]) -> list[str]:
    """What is wrong with ``values`` as a solution of ``puzzle``:
    ``puzzle.check_solution(values)``."""
    return puzzle.check_solution(values)


def validate(
    text: str,
    *,
    strict: bool = False,
    check_params: bool = True,
) -> Puzzle:
    """Read a game ID the way the real Keen program does, refusing exactly what it refuses.

    The text is taken exactly as given: a trailing blank or line ending is part of it, and
    the real program refuses it ("Too many clues for block structure"); leading blanks
    before the size it skips; a seed is everything after ``#`` (blanks and line breaks
    included). Raises :class:`PuzzleFormatError` when the real program refuses the ID; the
    message gives the column, what was expected, and the real program's own words.
    ``check_params``: also apply its size and difficulty checks (the command-line
    ``keensolver`` skips them). An ID it accepts is read as it reads it: parameters as
    ``decode_params`` reads them (ignoring what follows them), ``y``/``z`` runs its way. The
    other problems (``Puzzle.problems()``) are reported as :class:`KeenWarning` warnings, or
    raised with ``strict=True``.
    """
    verdict = upstream_verdict(text, check_params=check_params)
    if verdict is not None:
        raise _refusal(text, verdict)
    par, desc, seed = split_id(text)
    w, difficulty, mult, _ = decode_params(par)
    if seed is not None:
        try:
            puzzle = Puzzle.from_seed(w, seed, difficulty=difficulty, multiplication_only=mult)
        except ValueError as exc:  # text that is not text (an unpaired surrogate)
            raise PuzzleFormatError.expecting(
                "seed text", str(exc), format="keen", line=1, text=text) from None
    else:
        if desc is None:
            raise PuzzleFormatError.expecting(
                "a game ID with ':' and a description, or '#' and a seed",
                f"parameters only ({text!r})", format="keen", line=1, text=text)
        puzzle = Puzzle.from_game_id(desc, size=w, runs="upstream").replace(
            difficulty=difficulty, multiplication_only=mult
        )
    found = [p for p in puzzle.problems() if check_params or p.code != "size"]
    if strict and found:
        first = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise PuzzleFormatError(
            f"{first.message}{more}",
            format="keen", line=1, text=text, expected="a puzzle with no problems",
            found=first.code,
        )
    for problem in found:
        warnings.warn(problem.message, KeenWarning, stacklevel=2)
    return puzzle


def _refusal(text: str, verdict: str) -> PuzzleFormatError:
    """The error for an ID the real program refuses: our reader's position and words when it
    refuses it too, with the real program's message."""
    try:
        Puzzle.from_game_id(text, runs="upstream")
    except PuzzleFormatError as exc:
        if f'"{verdict}"' in exc.message:
            return exc
        return PuzzleFormatError(
            f'{exc.message} (Keen: "{verdict}")', format=exc.format, line=exc.line,
            column=exc.column, text=exc.text, expected=exc.expected, found=exc.found,
        )
    body = text.rstrip()
    if body != text and verdict == "Too many clues for block structure":
        # Our reader ignores surrounding blanks; the real program reads them as clues.
        found = repr(text[len(body)])
        return PuzzleFormatError(
            f"expected the end of the game ID, found {found} (Keen: \"{verdict}\")",
            format="keen", line=1, column=len(body) + 1, text=text,
            expected="the end of the game ID", found=found,
        )
    return PuzzleFormatError(
        f'the real Keen program refuses this game ID: "{verdict}"',
        format="keen", line=1, column=1 + len(text) - len(text.lstrip()), text=text,
        expected="a game ID Keen accepts", found=verdict,
    )
