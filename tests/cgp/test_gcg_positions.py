"""A game's positions as a sequence of len(events) + 1: ``position(n)``, ``scores_after``,
``racks_after`` and ``player_on_turn`` count from the end for a negative n and raise
IndexError past either end."""

from __future__ import annotations

import pytest

from puzzlefmt.cgp import Game

GAME = """#player1 alice Alice
#player2 bob Bob
>alice: AEINQST 8G QAT +24 24
>bob: EGLNORT H7 O.T +3 3
>alice: EINST?? -  +0 24
"""


def test_a_position_past_the_end_of_a_game_raises_index_error() -> None:
    """0.2: position(99) of a 3-event game gave the last position."""
    g = Game(GAME)
    assert len(g.events) == 3
    for n in (4, 99):
        with pytest.raises(
            IndexError,
            match=r"positions are 0 \(the start\) to 3 \(after its last event\), or -4 to -1",
        ):
            g.position(n)
        with pytest.raises(IndexError):
            g.scores_after(n)
        with pytest.raises(IndexError):
            g.racks_after(n)
        with pytest.raises(IndexError):
            g.player_on_turn(n)


def test_negative_event_counts_count_from_the_end_as_python_indexes() -> None:
    """The positions are a sequence of len(events) + 1 (the start, then one per event):
    -1 is the last, -(len + 1) the start, below that IndexError."""
    g = Game(GAME)
    every = [g.position(n) for n in range(4)]
    assert [g.position(n - 4) for n in range(4)] == every
    assert g.position(-1) == every[3] == g.position(3)
    assert g.scores_after(-1) == g.final_scores() == [24, 3]
    assert g.scores_after(-3) == g.scores_after(1) == [24, 0]
    assert g.racks_after(-4) == g.racks_after(0)
    assert g.player_on_turn(-2) == g.player_on_turn(2) == 0
    with pytest.raises(IndexError, match="-5"):
        g.position(-5)
