"""Every score of magpie_scoring.tsv and wolges_movegen_baseline.txt, reproduced; every
move-validation error of magpie_scoring.tsv, reproduced as a parse error or a reason."""

from __future__ import annotations

import re

import pytest
from cgp_vectors import baseline_cases, rows, scoring_rows

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import (
    IllegalMoveError,
    IllegalReason,
    Move,
    MoveKind,
    Position,
    get_distribution,
)

# MAGPIE's move-validation codes that are about the text of the move (a parse error here)...
PARSE_ERRORS = {
    "EMPTY_MOVE",
    "INVALID_TILE_PLACEMENT_POSITION",
    "NONEXCHANGE_NUMERIC_TILES",
    "INVALID_TILES_PLAYED",
    "MISSING_FIELDS",
}
# ...and those about the move on the position (an IllegalReason). MAGPIE reports an
# off-board coordinate as INVALID_TILE_PLACEMENT_POSITION too: a parse error when the
# coordinate cannot be read, OFF_BOARD when it reads but lies outside the board.
REASONS = {
    "TILES_PLAYED_NOT_IN_RACK": IllegalReason.NOT_IN_RACK,
    "TILES_PLAYED_OVERFLOW": IllegalReason.TOO_MANY_TILES,
    "TILES_PLAYED_BOARD_MISMATCH": IllegalReason.OVER_TILE,
    "EXCHANGE_INSUFFICIENT_TILES": IllegalReason.BAG_TOO_SMALL,
    "INVALID_START_COORDS": IllegalReason.TOUCHES_TILE,
    "INCOMPLETE_TILE_PLACEMENT": IllegalReason.TOUCHES_TILE,
    "PHONY_WORD_FORMED": IllegalReason.PHONY,
    "INVALID_TILE_PLACEMENT_POSITION": IllegalReason.OFF_BOARD,
    "TILES_PLAYED_DISCONNECTED": IllegalReason.NOT_CONNECTED,
}


def _position(row_cgp: str, expected: str) -> Position:
    if "english_blank_is_5" in expected:
        blank5 = get_distribution("english").with_scores("english_blank_is_5", blank=5)
        return Position(row_cgp, distribution=blank5)
    return Position(row_cgp)


def test_magpie_scores_and_errors() -> None:
    handled = 0
    scores = 0
    for row in scoring_rows():
        pos = _position(row.cgp, row.expected)
        where = f"magpie_scoring.tsv:{row.line} ({row.id}) {row.move!r}"
        error = re.search(r"ERROR_STATUS_MOVE_VALIDATION_([A-Z_]+)", row.expected)
        if error:
            code = error.group(1)
            if code in PARSE_ERRORS and not _parses(pos, row.move):
                with pytest.raises(PuzzleFormatError, match=r"^cgp: column [0-9]+: move: "):
                    pos.parse_move(row.move)
                handled += 1
                continue
            move = pos.parse_move(row.move)
            reason = REASONS[code]
            if reason is IllegalReason.NOT_CONNECTED and not any(True for _ in pos.tiles()):
                # MAGPIE says "disconnected" for a first move off the star too; we say which
                assert "first move must cover star" in row.expected
                reason = IllegalReason.NOT_ON_START
            if reason is IllegalReason.PHONY:
                _check_phony(pos, move, row.expected, where)
            else:
                found = pos.illegal_reason(move)
                assert found is not None, where
                assert found.reason is reason, (where, found)
            handled += 1
            continue
        move = pos.parse_move(row.move)
        assert pos.is_legal(move), (where, pos.illegal_reason(move))
        m = re.search(r"score=(-?\d+)", row.expected)
        if m:
            assert pos.score(move) == int(m.group(1)), where
            scores += 1
        m = re.search(r"played_tiles=(\S+)", row.expected)
        if m:
            played = pos.evaluate(move).played_tiles
            assert sorted(played) == sorted(m.group(1)), where
        m = re.search(r"type=(PASS|EXCHANGE)", row.expected)
        if m:
            assert move.kind is MoveKind[m.group(1)], where
        m = re.search(r"leave=(\S+)", row.expected)
        if m:
            assert "".join(pos.leave(move)) == m.group(1), where
        m = re.search(r"tiles_length=(\d+)", row.expected)
        if m and move.kind is MoveKind.EXCHANGE:
            assert move.count == int(m.group(1)), where
        m = re.search(r"tiles_played=(\d+)", row.expected)
        if m and move.kind is MoveKind.PLACEMENT:
            assert len(pos.evaluate(move).placed) == int(m.group(1)), where
        m = re.search(r"row=(\d+) col=(\d+)", row.expected)
        if m:
            assert (move.row, move.col) == (int(m.group(1)), int(m.group(2))), where
        handled += 1
    assert handled == len(scoring_rows()) == 73
    # 25 placement scores, the custom-distribution zENAIDA, a pass and two exchanges (0)
    assert scores == 29


def _parses(pos: Position, text: str) -> bool:
    try:
        pos.parse_move(text)
    except PuzzleFormatError:
        return False
    return True


def _check_phony(pos: Position, move: Move, expected: str, where: str) -> None:
    """Without a lexicon the play is legal; the word the test names as phony (``AION*``) is
    among the words formed, and a word list without it refuses the play for that reason."""
    play = pos.evaluate(move)
    named = re.search(r"\((\w+)\*\)", expected)
    phony = named.group(1) if named else play.words[0].text
    formed = [w.text for w in play.words]
    assert phony in formed, (where, formed)
    others = {w for w in formed if w != phony}
    assert pos.is_legal(move, words=others | {phony})
    found = pos.illegal_reason(move, words=others)
    assert found is not None
    assert found.reason is IllegalReason.PHONY, where
    assert phony in found.message


def test_wolges_baseline_scores() -> None:
    cases = baseline_cases()
    assert len(cases) == 17
    total = 0
    for case in cases:
        pos = Position(f"{case.board} {case.rack}/ 0/0 0")
        for text, expected in case.placements:
            move = pos.parse_move(text)
            play = pos.evaluate(move)  # the rack given by the case holds the tiles
            assert play.score == expected, (case.number, text)
            # the writer gives back the analyser's "(X)" form exactly
            assert play.notation(through="paren") == text, (case.number, text)
            total += 1
    assert total == 242


def test_wolges_baseline_exchanges_and_passes() -> None:
    """Every exchange and pass wolges generated is legal on its case's position."""
    seen = 0
    for case in baseline_cases():
        pos = Position(f"{case.board} {case.rack}/ 0/0 0")
        for text in case.others:
            move = pos.parse_move(text)
            assert move.kind in (MoveKind.EXCHANGE, MoveKind.PASS)
            assert pos.is_legal(move), (case.number, text, pos.illegal_reason(move))
            seen += 1
    assert seen > 20


def test_bag_with_six_tiles_allows_no_exchange() -> None:
    """wolges case 14: 80 tiles on the board, bag 6 < 7, no exchanges possible."""
    (row,) = [r for r in rows("wolges_fen.tsv") if r.id == "case14"]
    rack = re.search(r"rack=(\S+)", row.stated)
    assert rack
    assert "bag=6" in row.stated
    pos = Position(f"{row.cgp} {rack.group(1)}/ 0/0 0")
    assert sum(1 for _ in pos.tiles()) == 80
    assert pos.bag_count() == 6
    found = pos.illegal_reason("-" + rack.group(1)[:2])
    assert found is not None
    assert found.reason is IllegalReason.BAG_TOO_SMALL
    assert pos.is_legal("-")


def test_macondo_top_play_with_through_letters() -> None:
    """macondo TestTopPlayOnlyRecorder: 14B hEaDW(OR)DS scores 106, shown as hEaDW..DS."""
    (row,) = [r for r in rows("macondo.tsv") if r.id == "macondo020"]
    assert "scores 106" in row.stated
    pos = Position(row.cgp)
    play = pos.evaluate("14B hEaDW(OR)DS")
    assert play.score == 106
    assert play.notation() == "14B hEaDW..DS"
    assert pos.score("14B hEaDW..DS") == 106


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("8H QAT", IllegalReason.OVER_TILE),
        ("8K .AT", IllegalReason.GAP),
        ("1A QAT", IllegalReason.NOT_CONNECTED),
        ("8N QAT", IllegalReason.OFF_BOARD),
        ("8I AT", IllegalReason.TOUCHES_TILE),
        ("8F ...", IllegalReason.NO_TILES),
    ],
)
def test_illegal_placements_give_their_reason(move: str, reason: IllegalReason) -> None:
    pos = Position("15/15/15/15/15/15/15/5ION7/15/15/15/15/15/15/15 AQT/ 0/4 0")
    found = pos.illegal_reason(move)
    assert found is not None
    assert found.reason is reason
    with pytest.raises(IllegalMoveError) as info:
        pos.play(move)
    assert info.value.reason is reason
    assert reason.value in str(info.value)


def test_first_move_must_cover_the_start_square_and_form_a_word() -> None:
    pos = Position("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AQT/ 0/0 0")
    found = pos.illegal_reason("1A QAT")
    assert found is not None
    assert found.reason is IllegalReason.NOT_ON_START
    assert "8H" in found.message
    found = pos.illegal_reason("8H Q")
    assert found is not None
    assert found.reason is IllegalReason.NO_WORD
