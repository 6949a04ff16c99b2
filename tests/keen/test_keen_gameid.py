"""The game ID reader and writer: what it reads, what it refuses, and what its errors say."""

from __future__ import annotations

import pytest

from puzzlefmt import PuzzleFormatError
from puzzlefmt.keen import Difficulty, KeenCompatibilityWarning, Op, Puzzle
from puzzlefmt.keen.gameid import positions_for

SOLO3 = "_13,a1a2a3a2a3a1a3a1a2"


def _error(text: str, **kwargs: object) -> PuzzleFormatError:
    with pytest.raises(PuzzleFormatError) as info:
        Puzzle(text, **kwargs)  # type: ignore[arg-type]
    err = info.value
    assert err.format == "keen"
    assert str(err).startswith("keen: ")
    return err


# -------------------------------------------------------------------- the spec's examples


@pytest.mark.parametrize(("desc", "size"), [("_5", 2), ("_13", 3), ("_41", 5), ("_61", 6)])
def test_all_singleton_structures(desc: str, size: int) -> None:
    clues = "a1" * size * size
    p = Puzzle(f"{desc},{clues}")
    assert p.size == size
    assert [c.cells for c in p.cages] == [(i,) for i in range(size * size)]
    assert p.desc() == f"{desc},{clues}"
    assert positions_for(size) == int(desc[1:])


def test_two_vertical_dominoes() -> None:
    p = Puzzle("2:__b,a3a3")
    assert [c.cells for c in p.cages] == [(0, 2), (1, 3)]
    assert [c.cells for c in Puzzle("2:b__,a3a3").cages] == [(0, 1), (2, 3)]


def test_seed_example_is_not_a_description() -> None:
    err = _error("3:aab_,c_d_,c_d_,e_f_,e6f_")
    assert err.column == 7  # the first comma: 8 positions read where 13 are needed
    assert err.expected == "13 positions"
    assert err.found == "8"
    assert 'Keen: "Not enough data in block structure specification"' in err.message


# -------------------------------------------------------------------- parameters


@pytest.mark.parametrize(
    ("params", "size", "difficulty", "mult"),
    [("6", 6, None, False), ("6dn", 6, Difficulty.NORMAL, False),
     ("6dnm", 6, Difficulty.NORMAL, True), ("6m", 6, None, True),
     ("9du", 9, Difficulty.UNREASONABLE, False), ("4de", 4, Difficulty.EASY, False),
     ("5dhm", 5, Difficulty.HARD, True), ("7dx", 7, Difficulty.EXTREME, False)],
)
def test_params_kept(params: str, size: int, difficulty: Difficulty | None, mult: bool) -> None:
    desc = f"_{positions_for(size)}," + "a1" * size * size
    p = Puzzle(f"{params}:{desc}")
    assert (p.size, p.difficulty, p.multiplication_only) == (size, difficulty, mult)
    assert p.params() == params
    assert p.game_id() == f"{params}:{desc}"


def test_params_order_matters() -> None:
    err = _error(f"3mdn:{SOLO3}")
    assert err.column == 3
    assert err.found == "'d'"
    assert "after the parameters '3m'" in err.message


def test_unknown_difficulty() -> None:
    err = _error(f"3dq:{SOLO3}")
    assert err.column == 3
    assert err.found == "'q'"
    assert 'Keen: "Unknown difficulty rating"' in err.message
    err = _error(f"3d:{SOLO3}")
    assert err.found == "end of text"


@pytest.mark.parametrize("params", ["0", "33", "100", "99999999999999999999"])
def test_sizes_out_of_range(params: str) -> None:
    err = _error(f"{params}:_5,a1")
    assert err.column == 1
    assert err.expected == "1 to 32"
    assert 'Keen: "Grid size must be between 3 and 9"' in err.message


def test_no_size() -> None:
    err = _error(f"x:{SOLO3}")
    assert (err.column, err.found) == (1, "'x'")
    err = _error(f":{SOLO3}")
    assert err.found == "end of text"


def test_size_given_must_agree() -> None:
    assert Puzzle(f"3:{SOLO3}", size=3).size == 3
    err = _error(f"3:{SOLO3}", size=4)
    assert err.expected == "size 4"


def test_surrounding_whitespace_only() -> None:
    p = Puzzle(f"  3:{SOLO3}\r\n")
    assert p.game_id() == f"3:{SOLO3}"
    err = _error(f" 3:_1 3,{SOLO3[4:]}")
    assert err.column == 6  # the space, counted in the original text
    assert err.found == "' '"
    assert _error("   ").found == "empty text"


# -------------------------------------------------------------------- seeds


def test_seed_ids() -> None:
    p = Puzzle("6dn#388677227852840")
    assert p.is_seed
    assert (p.size, p.difficulty, p.seed) == (6, Difficulty.NORMAL, "388677227852840")
    assert p.game_id() == "6dn#388677227852840"
    assert repr(p) == "Puzzle('6dn#388677227852840')"
    assert str(p) == p.picture().rstrip("\n")  # expanded: the game's puzzle
    assert Puzzle("6#").seed == ""
    assert Puzzle("6#a:b").seed == "a:b"  # '#' before ':' makes a seed
    assert Puzzle("6:_61," + "a1" * 36).seed is None
    # A size Keen does not make stays a seed ID with no cages and no description.
    far = Puzzle("12dn#388677227852840")
    assert str(far) == "12dn#388677227852840"
    with pytest.raises(ValueError, match="no description"):
        far.desc()


# -------------------------------------------------------------------- block structure


def test_bare_description_size_inferred() -> None:
    assert Puzzle(SOLO3).size == 3
    err = _error("_14," + "a1" * 9)
    assert err.found == "14"
    assert "2w(w-1)+1" in err.message
    assert Puzzle(SOLO3, size=3).size == 3


def test_repeat_counts() -> None:
    for block in ("_0_12", "_1_12", "__11_", "_013", "_0000013"):
        assert Puzzle(f"3:{block},{SOLO3[4:]}").desc() == SOLO3


def test_huge_repeat_count_is_too_much() -> None:
    err = _error("3:_99999999999999999999999," + "a1" * 9)
    assert err.column == 3
    assert err.found == "more than 13"
    assert 'Keen: "Too much data in block structure specification"' in err.message


def test_runs_of_25_and_more() -> None:
    # Rows 0-2 as three cages and cells 27, 28 as a fourth: 24 + 1 shared vertical edges,
    # then a wall: 'y' (25 shared edges and a wall), then 119 walls.
    rows = Puzzle.from_cages(
        9,
        [(range(9), "a", 45), (range(9, 18), "a", 45), (range(18, 27), "a", 45),
         ((27, 28), "a", 3), *[((c,), "a", 1) for c in range(29, 81)]],
    )
    with pytest.warns(KeenCompatibilityWarning, match="mis-reads"):
        text = rows.game_id()
    assert text.startswith("9:y_119,a45a45a45a3a1")
    assert Puzzle(text) == rows
    with pytest.raises(ValueError, match="mis-reads"):
        rows.desc(on_misread="error")
    assert rows.desc(on_misread="ignore") == text[2:]
    # The real program reads 'y' as 25 shared edges and no wall, and refuses this.
    with pytest.raises(PuzzleFormatError, match="Not enough data"):
        Puzzle(text, runs="upstream")
    # A run of 26 is 'z' (25, no wall) then 'a' (1 and a wall).
    longer = Puzzle.from_cages(
        9, [(range(9), "a", 45), (range(9, 18), "a", 45), (range(18, 27), "a", 45),
            ((27, 28, 29), "a", 6), *[((c,), "a", 1) for c in range(30, 81)]])
    assert longer.desc(on_misread="ignore").startswith("za_118,")


def test_z_runs_documented_vs_upstream() -> None:
    # 'z' then '_118': 25 shared edges + 118 walls = 143 positions for us (too few for 145);
    # for the real program 26 shared edges, a wall, then 118 walls = 145.
    text = "9:z_118," + "a1" * 55
    err = _error(text)
    assert "reading 'y' and 'z' its own way" in err.message
    p = Puzzle(text, runs="upstream")
    assert [c.cells for c in p.cages[:4]] == [
        tuple(range(9)), tuple(range(9, 18)), tuple(range(18, 27)), (27, 28, 29)]


@pytest.mark.parametrize(
    ("text", "column", "found", "keen"),
    [
        ("3:A_12,a1", 3, "'A'", "Invalid character in game description"),
        ("3:_13;a1", 6, "';'", "Invalid character in game description"),
        ("3:_12," + "a1" * 9, 6, "12", "Not enough data in block structure specification"),
        ("3:_14," + "a1" * 9, 3, "more than 13", "Too much data in block structure specification"),
        ("3:_13", 6, "end of text", "Not enough data in block structure specification"),
        ("3:_12_", 7, "end of text", "Expected ',' after block structure description"),
        ("3:_13,a1a2", 11, "end of text", "Too few clues for block structure"),
        ("3:_13," + "a1" * 9 + "a1", 25, "'a'", "Too many clues for block structure"),
        ("3:_13," + "a1" * 9 + ",", 25, "','", "Too many clues for block structure"),
        ("3:_13,s1" + "a1" * 8, 7, "1 cells", "Subtraction and division blocks must have area 2"),
        ("3:f_6,d6a6a6", 7, "3 cells", "Subtraction and division blocks must have area 2"),
        ("3:_13,x1" + "a1" * 8, 7, "'x'", "Unrecognised clue type"),
        ("3:_13,a1 a2" + "a1" * 7, 9, "' '", "Unrecognised clue type"),
        ("3:_13,a-1" + "a1" * 8, 8, "'-'", "Unrecognised clue type"),
    ],
)
def test_error_messages(text: str, column: int, found: str, keen: str) -> None:
    err = _error(text)
    assert err.line == 1
    assert err.column == column
    assert err.found == found
    assert err.message.startswith("expected ")
    assert err.message.endswith(f'(Keen: "{keen}")')
    assert err.text == text


def test_error_names_the_cage() -> None:
    err = _error("3:_13,a1a2")
    assert "cage 3 of 9 (first cell 2, row 1 column 3)" in err.message
    err = _error("3:f_6,a6d6a6")
    assert "division clue 'd'" in err.message
    assert "cage 2 of 3" in err.message


# -------------------------------------------------------------------- clues


def test_targets() -> None:
    p = Puzzle("3:_13,a01m2a3a2a3a1a3a1a")
    assert [c.target for c in p.cages][:2] == [1, 2]
    assert p.cages[-1].target is None
    assert p.cages[1].op is Op.MUL
    assert p.desc() == "_13,a1m2a3a2a3a1a3a1a"  # leading zeros are not kept
    assert Puzzle("3:_13,aaaaaaaaa").desc() == "_13,aaaaaaaaa"
    big = "9" * 30
    assert Puzzle(f"3:_13,a{big}" + "a1" * 8).cages[0].target == int(big)
    err = _error("3:_13,a" + "9" * 4001 + "a1" * 8)
    assert err.column == 8


def test_writer_matches_real_generator_output() -> None:
    """The real encoder's choices: '_' for no shared edge, letters, runs of 3+ as counts."""
    p = Puzzle.from_cages(3, [((0, 1, 2), "a", 6), ((3, 6), "m", 2), ((4, 5, 7, 8), "a", 10)])
    assert p.desc() == "ba5,a6m2a10"
    assert Puzzle(p.desc()) == p
