"""A puzzle written as a save file reads back equal: without a difficulty or a player state
(the game loads what is written), and a seed ID once expanded to its description form."""

from __future__ import annotations

import pytest
from hypothesis import given

import puzzlefmt
import sgt_loader
from puzzlefmt.keen import Difficulty, Puzzle
from puzzlefmt.keen.state import PlayerState
from puzzlefmt.sgt import savefile as sgtsave

from helpers import examples
from strategies.sgt import savable_puzzles

KEEN = "3:a_a3_a_,a3m6m3s1"


@examples(60)
@given(savable_puzzles())
def test_a_keen_puzzle_without_state_survives_a_save_file(puzzle: object) -> None:
    """0.2: the state came back as an empty PlayerState and the difficulty as Normal, though
    docs/sgt.md promises an equal model. The game loads what is written."""
    text = puzzlefmt.dumps(puzzle, "keen-save")
    assert sgt_loader.load(text, "Keen") is None
    assert puzzlefmt.loads(text, "keen-save") == puzzle


def test_no_difficulty_and_no_state_as_a_save_file_says() -> None:
    p = Puzzle(KEEN)
    save = sgtsave.parse(puzzlefmt.dumps(p, "keen-save"))
    assert (save.get("PARAMS"), save.get("CPARAMS")) == ("3", "3")  # the game reads Normal
    back = puzzlefmt.loads(save.text(), "keen-save")
    assert (back.difficulty, back.state) == (None, None)
    assert back == p
    # a difficulty and a state, even an empty one, come back as they were
    for q in (
        p.replace(difficulty=Difficulty.NORMAL),
        p.replace(state=PlayerState.empty(3)),
        p.replace(difficulty="h", state=PlayerState.empty(3).enter(0, 0, 2)),
    ):
        assert puzzlefmt.loads(puzzlefmt.dumps(q, "keen-save"), "keen-save") == q


def test_a_seed_puzzle_expands_to_its_description_form_and_saves() -> None:
    """0.2: dumps(seed_puzzle, "keen-save") said "expand it first", and nothing expanded."""
    seed = Puzzle("6dh#12345")
    with pytest.raises(ValueError, match=r"puzzle\.expand\(\)"):
        puzzlefmt.dumps(seed, "keen-save")
    plain = seed.expand()
    assert (plain.seed, plain.is_seed) == (None, False)
    assert (plain.size, plain.cages, plain.difficulty) == (seed.size, seed.cages, seed.difficulty)
    assert plain.game_id().startswith("6dh:")
    assert Puzzle(plain.game_id()) == plain
    assert seed.replace(solution=seed.solve().solution.solution).expand().solution is not None
    assert puzzlefmt.loads(puzzlefmt.dumps(plain, "keen-save"), "keen-save") == plain
    assert plain.expand() == plain  # a description ID is already expanded
    with pytest.raises(ValueError, match="3 to 9"):  # no cages: nothing to expand to
        Puzzle("12#abc").expand()
