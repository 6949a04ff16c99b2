"""Rule problems (``status()``/``is_valid()``/``problems()``), distributions and layouts,
unseen tiles, and the typed operations with their defaults."""

from __future__ import annotations

import pytest

from puzzlefmt.cgp import (
    Distribution,
    Layout,
    Move,
    Operation,
    Position,
    Premium,
    Status,
    distribution_names,
    get_distribution,
    get_layout,
    infer_distribution,
    layout_names,
)

EMPTY = "/".join(["15"] * 15)


def _row(text: str, row: int = 7) -> str:
    rows = ["15"] * 15
    rows[row] = text
    return "/".join(rows)


@pytest.mark.parametrize(
    ("cgp", "flag", "field"),
    [
        (f"{_row('6ZZ7')} / 0/0 0", Status.TOO_MANY_TILES, "board"),
        (f"{_row('7Z7')} Z/ 0/0 0", Status.OVER_BAG, "racks"),
        (f"{_row('7??6'.replace('?', 'a'))} ?/ 0/0 0", Status.OVER_BAG, "racks"),
        (f"{EMPTY} ABCDEFGH/ 0/0 0", Status.RACK_TOO_LONG, "racks"),
        (f"{_row('6AT7', 7).replace('15', '5AT8', 1)} / 0/0 0", Status.DISCONNECTED, "board"),
        (f"{_row('2AT11')} / 0/0 0", Status.EMPTY_START, "board"),
        ("/".join(["15"] * 16) + " / 0/0 0", Status.BAD_BOARD_SIZE, "board"),
        ("7/7/7 / 0/0 0", Status.BAD_BOARD_SIZE, "board"),
        (f"{EMPTY} / 0/0 0 bdn SuperCrosswordGame;", Status.BAD_BOARD_SIZE, "board"),
        (f"{EMPTY} / 0/0 0 bdn Klingon;", Status.UNKNOWN_LAYOUT, "bdn"),
        (f"{EMPTY} / 0/0 7", Status.TOO_MANY_ZERO_TURNS, "consecutive zero turns"),
        (f"{EMPTY} / 0/0 4 mcnz 3;", Status.TOO_MANY_ZERO_TURNS, "consecutive zero turns"),
        (f"{_row('6AT7')} / 0/0 0 lm 8G AX;", Status.LAST_MOVE_MISMATCH, "lm"),
        (f"{_row('6AT7')} / 0/0 0 lm 8A AT;", Status.LAST_MOVE_MISMATCH, "lm"),
        (f"{_row('6AT7')} / 0/0 0 lm 8O AT;", Status.LAST_MOVE_MISMATCH, "lm"),
    ],
)
def test_status_flags(cgp: str, flag: Status, field: str) -> None:
    pos = Position(cgp)
    assert flag in pos.status()
    assert not pos.is_valid()
    assert any(p.message.startswith(field + ":") for p in pos.problems()), pos.problems()
    assert pos.cgp() == cgp  # a position with problems still reads and writes


@pytest.mark.parametrize(
    ("rows", "groups"),
    [
        # the last square of a row and the first of the next are not neighbours
        ({6: "14A", 7: "AT13"}, 2),
        ({7: "13AT", 8: "A14"}, 2),
        # nor are the first column's and the last's
        ({7: "AT12A"}, 2),
        # a column through the start square joins its tiles
        ({6: "7A7", 7: "7T7", 8: "7E7"}, 1),
    ],
)
def test_tiles_are_connected_only_across_the_sides_of_squares(
    rows: dict[int, str], groups: int
) -> None:
    board = ["15"] * 15
    for r, text in rows.items():
        board[r] = text
    pos = Position("/".join(board) + " / 0/0 0")
    assert (Status.DISCONNECTED in pos.status()) == (groups > 1)
    message = f"board: the tiles are not connected ({groups} groups)"
    assert (message in [p.message for p in pos.problems()]) == (groups > 1)


def test_bricked_square_on_the_punctured_layout() -> None:
    pos = Position(f"{_row('Q14', 0)} / 0/0 0 bdn wolges_punctured15;")
    assert pos.layout.premium(0, 0) is Premium.BRICK
    assert Status.BRICKED in pos.status()
    assert any("no tile may cover" in p.message for p in pos.problems())


@pytest.mark.parametrize(
    "cgp",
    [
        f"{EMPTY} / 0/0 0",
        f"{_row('6AT7')} AB/CD 10/0 0 lm 8G AT;",
        f"{_row('6AT7')} / 0/0 6",
        "/".join(["21"] * 21) + " / 0/0 0",
    ],
)
def test_valid_positions(cgp: str) -> None:
    pos = Position(cgp)
    assert pos.status() & ~Status.GAME_OVER == Status.VALID  # game over is not a problem
    assert pos.is_valid()
    assert pos.problems() == []


def test_unseen_tiles_are_the_bag_plus_unknown_racks() -> None:
    pos = Position(f"{_row('6QAt6')} ZX?/E 0/0 0")
    unseen = pos.unseen()
    assert "Q" not in unseen
    assert "Z" not in unseen
    assert "X" not in unseen
    assert "?" not in unseen  # one blank on the board, the other on a rack
    assert sum(unseen.values()) == 100 - 3 - 4
    assert unseen["A"] == 8
    assert unseen["T"] == 6  # the blank t is a blank, not a T
    assert len(pos.unseen_tiles()) == 93
    # one rack known (3 tiles), the other 1: 6 + 6 slots are unknown
    assert pos.bag_count() == 93 - 4 - 6


def test_maven_endgame_has_an_empty_bag() -> None:
    cgp = (
        "5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/"
        "LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? "
        "0/0 0 lex OSPD1;"
    )
    pos = Position(cgp)
    assert pos.distribution.name == "english"
    assert pos.distribution_source == "lex"
    assert pos.unseen() == {}
    assert pos.bag_count() == 0
    assert pos.is_valid()


@pytest.mark.parametrize(
    ("lexicon", "name"),
    [
        ("CSW21", "english"),
        ("NWL2023", "english"),
        ("TWL06", "english"),
        ("ECWL", "english"),
        ("America", "english"),
        ("FRA20", "french"),
        ("RD28", "german"),
        ("FILE2017", "spanish"),
        ("DISC2", "catalan"),
        ("OSPS49", "polish"),
        ("NSF23", "norwegian"),
        ("Unknown1", None),
    ],
)
def test_lexicon_inference(lexicon: str, name: str | None) -> None:
    assert infer_distribution(lexicon) == name
    pos = Position(f"{EMPTY} / 0/0 0 lex {lexicon};")
    assert pos.distribution.name == (name or "english")
    assert pos.distribution_source == ("lex" if name else "default")
    assert pos.distribution_name is None  # ld stays absent: nothing is added on writing
    assert pos.cgp() == f"{EMPTY} / 0/0 0 lex {lexicon};"


def test_catalan_lexicon_without_ld_reads_catalan_tiles() -> None:
    """The macondo pitfall: lex DISC2 without ld must not fall back to English."""
    cgp = f"{_row('4[L·L]A[NY]8')} / 0/0 0 lex DISC2;"
    pos = Position(cgp)
    assert pos.board[7][4:7] == ["L·L", "A", "NY"]
    assert pos.cgp(ld="always") == cgp + " ld catalan;"
    assert "inferred from lex DISC2" in str(pos)


def test_ld_wins_over_the_lexicon_and_the_caller_wins_over_both() -> None:
    pos = Position(f"{EMPTY} / 0/0 0 lex CSW21; ld german;")
    assert (pos.distribution.name, pos.distribution_source) == ("german", "ld")
    pos = Position(f"{EMPTY} / 0/0 0 lex CSW21; ld german;", distribution="french")
    assert (pos.distribution.name, pos.distribution_source) == ("french", "given")
    assert repr(pos).endswith("distribution='french')")


def test_super_board_gets_the_super_distribution() -> None:
    board = "/".join(["21"] * 21)
    assert Position(f"{board} / 0/0 0").distribution.name == "english_super"
    assert Position(f"{board} / 0/0 0 lex DISC2;").distribution.name == "super_catalan"
    assert Position(f"{board} / 0/0 0 ld english;").distribution.name == "english"


def test_typed_operations_and_defaults() -> None:
    pos = Position(f"{EMPTY} / 0/0 0")
    assert pos.bingo_bonus == 50
    assert pos.exchange_limit == 7
    assert pos.max_zero_turns == 6
    for attr in ("board_name", "challenge_rule", "gid", "distribution_name", "lexicon",
                 "last_move", "timer_increment", "timers", "max_overtime", "variant"):
        assert getattr(pos, attr) is None
    assert pos.opponent_rack_unknown is False
    text = (
        f"{EMPTY} / 0/0 0 bb 35; bdn CrosswordGame; cr 5pt; etl 1; gid Xy-9; ld english; "
        "lex CSW21; lm 8D WORD +5; mcnz 3; ti 3000; tmr 10000/-2500; to 60000; var WordSmog; "
        "oru; zz a  b;"
    )
    pos = Position(text)
    assert pos.bingo_bonus == 35
    assert pos.board_name == "CrosswordGame"
    assert pos.challenge_rule == "5pt"
    assert pos.exchange_limit == 1
    assert pos.gid == "Xy-9"
    assert pos.distribution_name == "english"
    assert pos.lexicon == "CSW21"
    assert pos.last_move == Move.parse("8D WORD +5")
    assert pos.max_zero_turns == 3
    assert pos.timer_increment == 3000
    assert pos.timers == [10000, -2500]
    assert pos.max_overtime == 60000
    assert pos.variant == "WordSmog"
    assert pos.opponent_rack_unknown is True  # oru, the current spec's opcode
    assert pos.unknown_operations == [Operation("zz", "a  b")]
    assert pos.cgp() == text


def test_operations_keep_their_order_and_new_ones_follow() -> None:
    text = f"{EMPTY} / 0/0 0 x1 a; var v; bb 50; x2;"
    pos = Position(text)
    assert pos.cgp() == text  # an explicit default is kept
    pos = pos.replace(gid="g1", bingo_bonus=40,
                      unknown_operations=[*pos.unknown_operations, Operation("x3", "c")])
    assert pos.cgp() == f"{EMPTY} / 0/0 0 x1 a; var v; bb 40; x2; gid g1; x3 c;"
    pos = pos.replace(variant=None, unknown_operations=[
        op for op in pos.unknown_operations if op != Operation("x1", "a")])
    assert pos.cgp() == f"{EMPTY} / 0/0 0 bb 40; x2; gid g1; x3 c;"
    fresh = Position(f"{EMPTY} / 0/0 0")
    fresh = fresh.replace(bingo_bonus=50)
    assert fresh.cgp() == f"{EMPTY} / 0/0 0"  # a default not in the text is not written
    assert fresh.cgp(operations="none") == f"{EMPTY} / 0/0 0"


def test_magpie_option_style_reads_as_the_opcode() -> None:
    pos = Position(f"{EMPTY} / 0/0 0 -lex CSW21; -foo 1;")
    assert pos.lexicon == "CSW21"
    assert pos.unknown_operations == [Operation("-foo", "1")]
    assert pos.cgp() == f"{EMPTY} / 0/0 0 lex CSW21; -foo 1;"
    assert Position(f"{EMPTY} / 0/0 0 lex CSW21").cgp() == f"{EMPTY} / 0/0 0 lex CSW21;"


def test_distributions_ship_and_count() -> None:
    names = distribution_names()
    assert len(names) == 13
    totals = {n: get_distribution(n).total for n in names}
    assert totals["english"] == 100
    assert totals["english_super"] == 200
    assert totals["hong_kong_english"] == 107
    assert get_distribution("hong_kong_english").rack_size == 9
    spanish = get_distribution("spanish")
    assert "CH" in spanish.letters
    assert "[CH]" not in spanish.letters
    assert spanish.score("ch") == 0
    assert spanish.score("CH") == 5
    assert get_distribution("super_english") is get_distribution("english_super")
    with pytest.raises(KeyError, match="unknown letter distribution"):
        get_distribution("klingon")


def test_a_custom_distribution() -> None:
    tiny = Distribution.from_rows("tiny", [("?", 1, 0), ("A", 3, 1), ("B", 1, 5)], rack_size=3)
    pos = Position("3/3/3 AB?/ 0/0 0", distribution=tiny)
    assert pos.rack_size == 3
    assert pos.score("2A AB") == 6
    assert pos.evaluate("2A ABa").bingo  # three tiles from a 3-tile rack


def test_layouts() -> None:
    assert set(layout_names()) == {"CrosswordGame", "SuperCrosswordGame", "wolges_punctured15"}
    standard = get_layout("standard15")
    assert standard.name == "CrosswordGame"
    assert standard.premium(7, 7) is Premium.DOUBLE_WORD
    assert standard.premium(0, 3).letter_multiplier == 2
    assert get_layout("SuperCrosswordGame").premium(0, 0) is Premium.QUADRUPLE_WORD
    assert Layout.from_text("x", standard.text()).squares == standard.squares
    custom = Layout.from_text("mini", "   \n = \n   ")
    pos = Position("3/3/3 AB/ 0/0 0", layout=custom)
    assert pos.layout is custom
    assert pos.start_square == (1, 1)
    assert pos.score("2A AB") == 12  # B on the triple-word centre: (1 + 3) * 3
    assert pos.is_valid()
