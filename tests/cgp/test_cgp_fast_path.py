"""The fast paths read exactly what the careful paths read: a CGP line in the spec's form
(compiled patterns, the board kept as text) and a placement of one-character tiles. Every
text either falls back to the careful path or gives the same fields, deviations included."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from cgp_vectors import TABLES, rows
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Move, Position, distribution_names, get_distribution, moves
from puzzlefmt.cgp import _cgpcodec as codec

from helpers import examples
from strategies.cgp import cgp_cases, move_texts


def _fields(fields: codec.Fields) -> dict[str, Any]:
    data = dataclasses.asdict(fields)
    if fields.board_text is not None:
        assert fields.board is None
        data["board"] = codec.expand_board(fields.board_text)
        data["board_text"] = None
    return data


def _same_reading(text: str, *, strict: bool = False, distribution: str | None = None) -> bool:
    """True when the fast path read ``text`` (and read it as the careful path does)."""
    fast = codec._read_fast(text, distribution, None, strict)
    if fast is None:
        return False
    careful = codec._read_careful(text, distribution, None, strict)
    assert _fields(fast) == _fields(careful), text
    return True


def test_every_vector_reads_the_same_either_way() -> None:
    fast = 0
    total = 0
    for table in TABLES:
        for row in rows(table):
            total += 1
            for strict in (False, True):
                try:
                    fast += _same_reading(row.cgp, strict=strict)
                except PuzzleFormatError:  # the careful path refuses what the fast one read
                    pytest.fail(f"{row.where()}: the fast path read what the careful refuses")
    assert total > 500
    assert fast > 600  # most vectors take the fast path (both readings)


@given(cgp_cases(max_side=15))
@examples(300)
def test_generated_positions_read_the_same(case: Any) -> None:
    distribution = None if case.has_ld else case.distribution
    _same_reading(case.text, distribution=distribution)
    _same_reading(case.text, distribution=distribution, strict=True)


MUTATIONS = st.sampled_from([*"0123456789/ ;?.[]-+aAzZ\t", "15", "0", "01", "1001", ";;",
                             " lex X;", "-lex X", "\ufeff", "é"])


@given(st.data())
@examples(400)
def test_mutated_lines_read_the_same_or_fall_back(data: st.DataObject) -> None:
    text = (
        "5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/"
        "LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/"
        "AEINRU? 0/0 0 lex OSPD1; lm 8D WORD; bb 40;"
    )
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        piece = data.draw(MUTATIONS)
        cut = data.draw(st.integers(0, 2))
        text = text[:at] + piece + text[at + cut :]
    try:
        _same_reading(text)
    except PuzzleFormatError:
        pytest.fail(f"the fast path read what the careful path refuses: {text!r}")


def test_the_fast_path_leaves_the_board_as_text_until_it_is_used() -> None:
    text = "15/15/15/15/15/15/15/6QAT6/15/15/15/15/15/15/15 AB/ 0/0 0 lex CSW21;"
    pos = Position(text)
    assert pos._board is None
    assert (pos.rows, pos.cols) == (15, 15)
    assert pos.cgp() == text
    assert pos.tile_at(7, 6) == "Q"  # reading keeps the text
    assert pos._board_text is not None
    assert pos.board[7][6] == "Q"  # the board handed out is read-only: the text stays
    assert pos._board_text is not None
    board = [list(row) for row in pos.board]
    board[7][6] = "Z"
    pos = pos.replace(board=board)  # a board given: the text is dropped
    assert pos._board_text is None
    assert pos.cgp().startswith("15/15/15/15/15/15/15/6ZAT6/")


@given(st.sampled_from(distribution_names()), st.data())
@examples(300)
def test_quick_placements_read_as_the_careful_parser_reads(name: str,
                                                           data: st.DataObject) -> None:
    dist = get_distribution(name)
    text = data.draw(move_texts(dist))
    strict = data.draw(st.booleans())
    quick = moves._quick_placement(text, dist, strict)
    if quick is None:
        return
    parser = moves._MoveParser(text, dist, "move", 0, strict)
    assert (parser.move(), parser.style) == quick


@pytest.mark.parametrize(
    ("text", "quick"),
    [("8D WORD", True), ("H8 WoRD", True), ("8D.WORD", True), ("8E L...", True),
     ("8d WORD", False), ("8D WORD +5", False), ("8D.L.ON", True), ("08D WORD", False),
     ("8D (W)ORD", False), ("8D [CH]", False)],
)
def test_which_placements_are_quick(text: str, quick: bool) -> None:
    dist = get_distribution("english")
    assert (moves._quick_placement(text, dist, False) is not None) is quick
    if quick:
        assert Move.parse(text) == moves._MoveParser(text, dist, "move", 0, False).move()
    assert moves._quick_placement("8D.L.ON", dist, True) is None  # '.' in the spec: strict
