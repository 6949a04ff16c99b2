"""Hypothesis round trips: random boards of every distribution (tiles, blanks, multi-code-
point tiles), any size, 1 to 4 players, every known opcode and unknown ones."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import puzzlefmt
from puzzlefmt.cgp import (
    KNOWN_OPCODES,
    Move,
    Operation,
    Position,
    distribution_names,
    get_distribution,
)
from puzzlefmt.cgp.formats.cgpjson import write as dumps_json

from helpers import examples
from strategies.cgp import CgpCase, cgp_cases


def _read(case: CgpCase) -> Position:
    return Position(case.text, distribution=None if case.has_ld else case.distribution)


@given(cgp_cases())
@examples(150)
def test_written_text_reads_back_to_its_parts(case: CgpCase) -> None:
    pos = _read(case)
    assert pos.board == case.board
    assert pos.racks == case.racks
    assert pos.scores == case.scores
    assert pos.zero_turns == case.zero_turns
    assert pos.distribution.name == case.distribution
    values = pos.operation_values()
    unknown: list[Operation] = []
    for opcode, operand in case.operations:
        if opcode not in KNOWN_OPCODES:
            unknown.append(Operation(opcode, operand))
            continue
        value = values[opcode]
        if opcode == "lm":
            assert value == Move.parse(operand, pos.distribution)
        elif opcode == "tmr":
            assert value == [int(v) for v in operand.split("/")]
        elif opcode in ("bb", "etl", "mcnz", "ti", "to"):
            assert value == int(operand)
        elif opcode == "oru":
            assert value is True
        else:
            assert value == operand
    assert pos.unknown_operations == unknown
    # the writer gives back exactly the text
    assert pos.cgp() == case.text


@given(cgp_cases(max_side=9))
def test_parse_write_is_stable(case: CgpCase) -> None:
    pos = _read(case)
    again = Position(pos.cgp(), distribution=pos.distribution)
    assert again == pos
    assert again.cgp() == pos.cgp()
    assert eval(repr(pos), {"Position": Position}) == pos


@given(cgp_cases(max_side=9))
def test_json_round_trip(case: CgpCase) -> None:
    pos = _read(case)
    data = pos.to_json()
    back = Position.from_json(data)
    assert back == pos
    assert Position.from_json(dumps_json(pos)) == pos
    assert puzzlefmt.loads(dumps_json(pos), "cgp-json") == pos


@given(st.sampled_from(distribution_names()), st.data())
def test_every_tile_of_every_distribution(name: str, data: st.DataObject) -> None:
    """Each tile, natural and as a blank, on a board and on a rack, reads and writes."""
    dist = get_distribution(name)
    tile = data.draw(st.sampled_from(dist.letters))

    def spell(t: str) -> str:
        return f"[{t}]" if len(t) > 1 else t

    for on_board in (tile, tile.lower()):
        text = f"1{spell(on_board)}1/3 {spell(tile)}?/ 0/0 0 ld {name};"
        pos = Position(text)
        assert pos.board[0][1] == on_board
        assert pos.racks[0] == [tile, "?"]
        assert pos.cgp() == text
        points = dist.scores["?"] if on_board != tile else dist.scores[tile]
        assert pos.tile_score(on_board) == points


def test_unbracketed_multi_code_point_tiles_read_longest_first() -> None:
    """Real programs accept QU3l·l9NY; the writer brackets."""
    pos = Position("QU3l·l9NY / 0/0 0", distribution="catalan")
    assert pos.board[0][0] == "QU"
    assert pos.board[0][4] == "l·l"
    assert pos.board[0][14] == "NY"
    assert pos.cgp() == "[QU]3[l·l]9[NY] / 0/0 0"


def test_spanish_single_letters_side_by_side_merge() -> None:
    """A limit of the format: unbracketed CH is the CH tile, so C then H written side by side
    (they would be, as single tiles are never bracketed) read back as one tile."""
    pos = Position("1[CH]C1/4 / 0/0 0", distribution="spanish")
    assert pos.board[0] == [None, "CH", "C", None]
    assert pos.cgp() == "1[CH]C1/4 / 0/0 0"
    assert Position("1CH2/4 / 0/0 0", distribution="spanish").board[0][1] == "CH"
