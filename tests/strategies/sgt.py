"""Hypothesis strategies for Simon Tatham's puzzles: save-file records, Keen player states,
Solo grids with a player's progress."""

from __future__ import annotations

from hypothesis import strategies as st

from puzzlefmt.keen import Difficulty, Puzzle
from puzzlefmt.keen.rules import UPSTREAM_TARGET_LIMIT
from puzzlefmt.keen.state import PlayerState

from strategies.keen import puzzles
from strategies.sudoku import solo_grids

__all__ = ["keen_games", "player_states", "savable_puzzles", "solo_grids"]

_printable = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40)
keys = st.text(st.characters(min_codepoint=33, max_codepoint=126, exclude_characters=":"),
               min_size=1, max_size=8)


@st.composite
def player_states(draw: st.DrawFn, size: int) -> PlayerState:
    """Random entries and pencil marks (digits and marks in one cell too, as the game
    allows after a pencil move on a filled cell)."""
    n = size * size
    digits = draw(st.lists(st.sampled_from([0, 0, 0, *list(range(1, size + 1))]),
                           min_size=n, max_size=n))
    marks = draw(st.lists(st.one_of(st.just(0), st.just(0), st.integers(0, (1 << size) - 1)),
                          min_size=n, max_size=n))
    return PlayerState(tuple(digits), tuple(marks))


def _savable(p: Puzzle) -> bool:
    if any((c.target or 0) >= UPSTREAM_TARGET_LIMIT for c in p.cages):
        return False
    try:
        p.desc(on_misread="error")
    except ValueError:
        return False
    return True


def savable_puzzles() -> st.SearchStrategy[Puzzle]:
    """A Keen puzzle the game can hold (size 3..9, targets below 2**29, no block-structure
    run it misreads), with or without a difficulty and a solution, and no player state."""
    return puzzles(min_size=3, max_size=9).filter(_savable)


@st.composite
def keen_games(draw: st.DrawFn) -> Puzzle:
    """A Keen puzzle the game can hold (:func:`savable_puzzles`), with a difficulty and a
    player state."""
    p = draw(savable_puzzles())
    if p.difficulty is None:
        p = p.replace(difficulty=draw(st.sampled_from(list(Difficulty))))
    return p.replace(state=draw(player_states(p.size)))
