"""Move notation (read and write), and ``Position.play``."""

from __future__ import annotations

import itertools

import pytest
from cgp_vectors import line_between, rows
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import (
    IllegalMoveError,
    Move,
    MoveKind,
    Position,
    Rules,
    column_index,
    column_name,
    distribution_names,
    get_distribution,
    square_name,
)
from puzzlefmt.cgp.moves import parse_move

from strategies.cgp import move_texts

EMPTY = "/".join(["15"] * 15)


@pytest.mark.parametrize(
    ("text", "kind", "row", "col", "vertical", "written"),
    [
        ("8D WORD", MoveKind.PLACEMENT, 7, 3, False, "8D WORD"),
        ("D8 WORD", MoveKind.PLACEMENT, 7, 3, True, "D8 WORD"),
        ("8d word", MoveKind.PLACEMENT, 7, 3, False, "8D word"),
        ("AA30 QI", MoveKind.PLACEMENT, 29, 26, True, "AA30 QI"),
        ("12AB Q.I", MoveKind.PLACEMENT, 11, 27, False, "12AB Q.I"),
        ("E3 ODALI(Q)UE", MoveKind.PLACEMENT, 2, 4, True, "E3 ODALI(Q)UE"),
        ("8D WORD +5", MoveKind.PLACEMENT, 7, 3, False, "8D WORD +5"),
        ("8D WORD +0", MoveKind.PLACEMENT, 7, 3, False, "8D WORD +0"),
        ("challenge 8D WORD", MoveKind.CHALLENGE, 7, 3, False, "challenge 8D WORD"),
        ("-", MoveKind.PASS, 0, 0, False, "-"),
        ("pass", MoveKind.PASS, 0, 0, False, "-"),
        ("-ABC", MoveKind.EXCHANGE, 0, 0, False, "-ABC"),
        ("-A?", MoveKind.EXCHANGE, 0, 0, False, "-A?"),
        ("-3", MoveKind.EXCHANGE, 0, 0, False, "-3"),
        ("ex ABC", MoveKind.EXCHANGE, 0, 0, False, "-ABC"),
        ("Exch. IUVV", MoveKind.EXCHANGE, 0, 0, False, "-IUVV"),
        ("  8D   WORD  ", MoveKind.PLACEMENT, 7, 3, False, "8D WORD"),
    ],
)
def test_move_notation(
    text: str, kind: MoveKind, row: int, col: int, vertical: bool, written: str
) -> None:
    move = Move.parse(text)
    assert move.kind is kind
    if kind in (MoveKind.PLACEMENT, MoveKind.CHALLENGE):
        assert (move.row, move.col, move.vertical) == (row, col, vertical)
    assert str(move) == written
    assert Move.parse(written) == move
    assert eval(repr(move), {"Move": Move}) == move


def test_exchange_count_and_tiles() -> None:
    assert Move.parse("-3").count == 3
    assert Move.parse("-3").exchanged == ()
    assert Move.parse("-ABC").exchanged == ("A", "B", "C")
    assert Move.parse("-ABC").count == 3


def test_multi_code_point_tiles_in_moves() -> None:
    catalan = get_distribution("catalan")
    move = Move.parse("8D [L·L]E[NY]", catalan)
    assert move.tiles == ("L·L", "E", "NY")
    assert str(move) == "8D [L·L]E[NY]"
    assert Move.parse("8D L·LENY", catalan) == move
    assert Move.parse("8D [l·l]", catalan).tiles == ("l·l",)


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("", 1, "expected a move"),
        ("ABC", 1, "expected a coordinate"),
        ("8H1 QAT", 1, "expected a coordinate"),
        ("H0 QAT", 1, "row number from 1"),
        ("h8", 3, "expected tiles after the coordinate"),
        ("h8 12345", 4, "found the digit '1'"),
        ("h8 HA#DJI", 6, "found '#'"),
        ("h8 Q?", 5, "blank played on the board"),
        ("h8 Q(I", 5, "expected ')'"),
        ("h8 Q()I", 6, "inside '(...)'"),
        ("8D WORD 5", 9, "challenge bonus"),
        ("-0", 2, "from 1"),
        ("-AB C", 5, "expected nothing after the exchange"),
        ("ex", 3, "exchanged tiles"),
        ("-Ab", 3, "a rack holds tiles"),
    ],
)
def test_move_errors_name_the_field_and_column(text: str, column: int, words: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        Move.parse(text)
    err = info.value
    assert err.message.startswith("move: ")
    assert words in err.message
    assert err.column == column
    assert err.text == text


def test_lm_errors_count_columns_in_the_whole_string() -> None:
    text = f"{EMPTY} / 0/0 0 lex CSW21; lm 8D W#RD;"
    with pytest.raises(PuzzleFormatError) as info:
        Position(text)
    assert info.value.message.startswith("lm: ")
    assert info.value.column == text.index("#") + 1


@given(st.data())
def test_move_notation_round_trips(data: st.DataObject) -> None:
    dist = get_distribution(data.draw(st.sampled_from(distribution_names())))
    text = data.draw(move_texts(dist))
    move, style = parse_move(text, dist)
    assert move.notation(style=style) == text
    assert Move.parse(move.notation(), dist) == move
    assert Move.parse(move.notation(style="spec"), dist) == move


@given(st.integers(0, 100_000))
def test_column_names(col: int) -> None:
    assert column_index(column_name(col)) == col
    assert column_name(col).isupper()


def test_column_names_past_z() -> None:
    assert [column_name(c) for c in (0, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA",
    ]
    assert square_name(7, 7) == "8H"


# ---------------------------------------------------------------------- play


def test_play_a_placement() -> None:
    pos = Position(f"{EMPTY} AELNOQT/DEF 10/20 0 lex NWL18; tmr 1000/2000;")
    nxt = pos.play("8G QAT")
    assert nxt.board[7][6:9] == ["Q", "A", "T"]
    assert nxt.scores == [20, 10 + 24]
    assert nxt.racks == [list("DEF"), list("ELNO")]
    assert nxt.timers == [2000, 1000]
    assert nxt.zero_turns == 0
    assert nxt.last_move == Move.parse("8G QAT")
    assert nxt.last_move_squares() == [(7, 6), (7, 7), (7, 8)]
    assert pos.scores == [10, 20]  # the original is unchanged
    assert nxt.is_valid()


def test_play_through_tiles_writes_dots_in_lm() -> None:
    pos = Position("15/15/15/15/15/15/15/5ION7/15/15/15/15/15/15/15 LS/ 0/4 0")
    nxt = pos.play("8E LIONS")
    assert str(nxt.last_move) == "8E L...S"
    assert nxt.scores == [4, 5]
    assert nxt.last_move_squares() == [(7, 4), (7, 8)]
    assert nxt.last_move_squares(include_through=True) == [(7, c) for c in range(4, 9)]


def test_play_pass_exchange_challenge_count_zero_turns() -> None:
    pos = Position(f"{EMPTY} ABCDEFG/HIJKLM? 0/0 2")
    passed = pos.play("-")
    assert passed.zero_turns == 3
    assert passed.racks == [list("HIJKLM?"), list("ABCDEFG")]
    exchanged = passed.play("-HIJ")
    assert exchanged.zero_turns == 4
    assert exchanged.racks == [list("ABCDEFG"), list("KLM?")]
    unknown = exchanged.play("-2")
    assert unknown.racks[-1] == []
    challenged = Position(f"{EMPTY} ABCDEFG/ 0/0 0").play("challenge 8H BAD")
    assert challenged.zero_turns == 1
    assert not any(True for _ in challenged.tiles())
    assert str(challenged.last_move) == "challenge 8H BAD"


def test_play_zero_point_placement_resets_the_zero_turns() -> None:
    """macondo game/game.go and MAGPIE play_move: a play of tiles resets the count even when
    it scores 0 (two blanks); Rules(scoreless_placement="counts") counts it instead."""
    nxt = Position(f"{EMPTY} ??/ 0/0 3").play("8H qi")
    assert nxt.scores == [0, 0]
    assert nxt.zero_turns == 0
    counted = Position(f"{EMPTY} ??/ 0/0 3").play(
        "8H qi", rules=Rules(scoreless_placement="counts")
    )
    assert counted.zero_turns == 4


def test_play_with_challenge_bonus() -> None:
    nxt = Position(f"{EMPTY} ABC/ 0/0 0").play("H8 CAB +5")
    assert nxt.scores == [0, 14 + 5]
    assert str(nxt.last_move) == "H8 CAB +5"


def test_play_three_players_rotates_the_turn_order() -> None:
    pos = Position(f"{EMPTY} QAT/B/C 1/2/3 0")
    nxt = pos.play("8G QAT")
    assert nxt.scores == [2, 3, 1 + 24]
    assert nxt.racks == [["B"], ["C"], []]


def test_play_refuses_tiles_not_on_the_rack_unless_asked() -> None:
    pos = Position(f"{EMPTY} / 0/0 0")
    with pytest.raises(IllegalMoveError):
        pos.play("8G QAT")
    assert pos.play("8G QAT", check_rack=False).scores == [0, 24]


def test_play_reproduces_magpie_game_sequences() -> None:
    """Consecutive positions of MAGPIE's game tests (gameplay_test.c, gcg_test.c): where the
    board gains one line of tiles, playing that line gives the next board, zero count and,
    while tiles remain to draw, the next scores (at the end, going out adds rack bonuses that
    need the racks, which these states do not give)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for row in rows("magpie_sequences.tsv"):
        if row.kind != "sequence_state":
            continue
        test = row.stated.split(":")[0]
        groups.setdefault((row.source.rsplit(":", 1)[0], test), []).append(row.cgp)
    played = scored = 0
    for states in groups.values():
        for before, after in itertools.pairwise(states):
            a, b = Position(before), Position(after)
            move = line_between(a, b)
            if move is None:
                continue
            nxt = a.play(move, check_rack=False)
            assert nxt.board == b.board, (before, after)
            assert nxt.zero_turns == b.zero_turns == 0
            played += 1
            if b.bag_count() > 0:
                assert nxt.scores == b.scores, (before, after, str(move))
                scored += 1
    assert played >= 96
    assert scored >= 80


def test_moves_built_in_code_check_their_coordinates() -> None:
    with pytest.raises(ValueError, match="0-based"):
        Move.placement(-1, 0, "QI")
    with pytest.raises(ValueError, match="exchange"):
        Move.exchange(-2)
