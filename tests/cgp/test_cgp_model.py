"""Position and Game as puzzlefmt models: the methods every model has, with the same meaning
(docs/protocol.md), and their JSON forms valid under the published schema
(``schemas/cgp.json``, checked with the jsonschema package)."""

from __future__ import annotations

import dataclasses
import json
import pickle
from typing import Any

import jsonschema
import pytest
from cgp_vectors import POSITIVE_KINDS, TABLES, rows
from gcg_vectors import all_files, error_files, game
from hypothesis import HealthCheck, given

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Game, GameProblem, GameStatus, Position, Status, picture
from puzzlefmt.model import Model, Problem, load_schema

from helpers import examples
from strategies.cgp import CgpCase, GcgCase, cgp_cases, gcg_cases

SCHEMA = load_schema("cgp")
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
EMPTY = "/".join(["15"] * 15)
QAT = "/".join(["15"] * 7 + ["6QAT6"] + ["15"] * 7)


def _valid(data: dict[str, Any]) -> None:
    errors = sorted(VALIDATOR.iter_errors(data), key=str)
    assert not errors, errors[0]
    # the JSON text round-trips through json too
    assert json.loads(json.dumps(data)) == data


def test_the_schema_is_a_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA == Position.json_schema() == Game.json_schema()
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"format": "cgp-json", "board": "15/15"}, SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"players": [{"nickname": "a b"}], "events": []}, SCHEMA)


# --------------------------------------------------------------------------- Position


def _position(case: CgpCase) -> Position:
    return Position(case.text, distribution=None if case.has_ld else case.distribution)


def test_position_is_a_model() -> None:
    pos = Position(f"{QAT} AB/CD 24/0 0 lex CSW21; lm 8G QAT;")
    assert isinstance(pos, Model)
    assert pos.family == "cgp"
    assert eval(repr(pos), {"Position": Position}) == pos
    assert str(pos) == picture(pos)
    assert pos._repr_svg_().startswith("<svg")
    assert pos.problems() == []
    assert pos.status() == Status.VALID
    assert not pos.status()  # 0, falsy
    assert pos.is_valid()
    assert pos.contents() == {"operations"}
    assert Position(EMPTY + " / 0/0 0").contents() == frozenset()


def test_problems_are_problem_objects_with_code_and_where() -> None:
    rows15 = ["15"] * 15
    rows15[0] = "Q14"
    pos = Position("/".join(rows15) + " ZZ/ 0/0 0 bdn wolges_punctured15;")
    found = {p.code: p for p in pos.problems()}
    assert set(found) == {"over-bag", "disconnected", "empty-start", "bricked"} - {
        "disconnected"}
    assert all(isinstance(p, Problem) and p.severity == "error" for p in found.values())
    assert found["bricked"].where == "board 1A"
    assert found["bricked"].message == "board: 'Q' on 1A, a square no tile may cover"
    assert found["empty-start"].where == "board 8H"
    assert found["over-bag"].where == "racks"
    assert str(found["over-bag"]) == found["over-bag"].message
    assert pos.status() == Status.OVER_BAG | Status.EMPTY_START | Status.BRICKED
    assert not pos.is_valid()
    long = Position(f"{EMPTY} ABCDEFGH/ 0/0 0").problems()
    assert [(p.code, p.where) for p in long] == [("rack-too-long", "rack 1")]


def test_the_end_of_the_game_is_no_problem() -> None:
    over = Position(f"{QAT} / 0/0 6")
    assert over.status() == Status.GAME_OVER
    assert over.problems() == []
    assert over.is_valid()


def test_copy_equality_and_hash() -> None:
    pos = Position(f"{QAT} AB/CD 24/0 0 lex CSW21; lm 8G.QAT;")
    twin = Position(f"{QAT} AB/CD 24/0 0 lex CSW21; lm 8G QAT;")
    assert pos == twin  # the notation of lm is not content
    assert hash(pos) == hash(twin)
    assert len({pos, twin, Position()}) == 2
    other = pos.copy()
    assert other == pos
    assert other is not pos
    board = [list(row) for row in other.board]
    board[0][0] = "Z"
    other = other.replace(board=board, racks=[[*other.racks[0], "E"], other.racks[1]],
                          scores=[other.scores[0], 3])
    assert pos.board[0][0] is None
    assert pos.racks[0] == ["A", "B"]
    assert pos.scores == [24, 0]
    assert other != pos
    assert pos != Position(f"{QAT} AB/CD 24/0 0 lex CSW21;")  # lm is content
    assert pos != Position(f"{QAT} AB/CD 24/0 0 lex CSW21; lm 8G QAT;", distribution="french")
    assert (pos == "x") is False


def test_a_position_is_immutable_and_found_again_in_a_set() -> None:
    pos = Position(f"{QAT} DEF/ 24/0 0 lex CSW21; x9 y;")
    seen = {pos}
    assert Position(pos.cgp()) in seen
    assert pos.racks == [list("DEF"), []]  # the frozen lists equal lists of the same items
    with pytest.raises(AttributeError, match=r"replace\(scores=\.\.\.\)"):
        pos.scores = [0, 0]
    with pytest.raises(AttributeError, match="replace"):
        pos.lexicon = "NWL20"
    with pytest.raises(AttributeError):
        pos.racks[0].append("E")  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        pos.racks[0][0] = "E"  # type: ignore[index]
    with pytest.raises(TypeError):
        pos.board[7][6] = "Z"  # type: ignore[index]
    with pytest.raises(TypeError):
        pos.scores[0] += 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        pos.unknown_operations.append(None)  # type: ignore[attr-defined]
    assert pos in seen
    assert pos.cgp() == f"{QAT} DEF/ 24/0 0 lex CSW21; x9 y;"
    changed = pos.replace(racks=[["E"], ["F"]], scores=[30, 1], lexicon="NWL20")
    assert pos.racks == [list("DEF"), []]  # the old one is unchanged
    assert (pos.scores, pos.lexicon) == ([24, 0], "CSW21")
    assert changed.cgp() == f"{QAT} E/F 30/1 0 lex NWL20; x9 y;"
    assert changed not in seen
    assert changed.replace(racks=[["D", "E", "F"], []], scores=[24, 0], lexicon="CSW21") in seen
    for one in (pos, changed, pos.play("9G DE")):
        again = pickle.loads(pickle.dumps(one))
        assert again == one
        assert hash(again) == hash(one)
        assert again.racks == one.racks
        assert again.player_names == one.player_names


def test_replace_checks_its_fields_as_the_constructor_does() -> None:
    pos = Position(f"{QAT} DEF/ 24/0 0 lex CSW21;")
    with pytest.raises(TypeError, match="rows"):
        pos.replace(rows=3)
    with pytest.raises(TypeError, match="positional"):
        pos.replace({"scores": [0, 0]})  # type: ignore[misc]
    with pytest.raises(ValueError, match="score per rack"):
        pos.replace(scores=[1])
    with pytest.raises(ValueError, match="racks"):
        pos.replace(racks=[["D", "!"], []])
    with pytest.raises(ValueError, match="board"):
        pos.replace(board=[["Q"]] * 3)
    with pytest.raises(ValueError, match="board"):
        pos.replace(board=[[None] * 15] * 14 + [["5"] + [None] * 14])
    with pytest.raises(ValueError, match="consecutive zero turns"):
        pos.replace(zero_turns=-1)
    with pytest.raises(ValueError, match="bb"):
        pos.replace(bingo_bonus="fifty")
    with pytest.raises(ValueError, match="cr"):
        pos.replace(challenge_rule="sometimes")
    with pytest.raises(ValueError, match="tmr"):
        pos.replace(timers=[1, 2, 3])
    with pytest.raises(ValueError, match="lex"):
        pos.replace(lexicon="two words")
    with pytest.raises(ValueError, match="player_names"):
        pos.replace(player_names=["only one"])
    assert pos.replace(last_move="8G QAT").last_move == pos.parse_move("8G QAT")
    assert pos.replace(timers=[1, 2]).cgp().endswith("tmr 1/2;")
    assert pos.replace() == pos


def test_contents_names_what_a_cgp_line_cannot_say() -> None:
    given_dist = Position(f"{EMPTY} / 0/0 0", distribution="french")
    assert given_dist.contents() == {"distribution"}
    implied = Position(f"{EMPTY} / 0/0 0 lex CSW21;", distribution="english")
    assert implied.contents() == {"operations"}  # the text names it anyway
    layout = Position(f"{EMPTY} / 0/0 0", layout="wolges_punctured15")
    assert layout.contents() == {"layout"}
    named = Position(f"{EMPTY} / 0/0 0 bdn CrosswordGame;", layout="CrosswordGame")
    assert named.contents() == {"operations"}


@given(cgp_cases(max_side=11))
@examples(150)
def test_position_json_is_valid_and_reads_back(case: CgpCase) -> None:
    pos = _position(case)
    data = pos.to_json()
    _valid(data)
    assert Position.from_json(data) == pos
    assert Position.from_json(json.dumps(data)) == pos
    assert Position(json.dumps(data)) == pos  # the model reads its JSON text too


def test_every_vector_position_has_valid_json() -> None:
    count = 0
    for table in TABLES:
        for row in rows(table):
            if row.kind not in POSITIVE_KINDS:
                continue
            try:
                pos = Position(row.cgp)
            except PuzzleFormatError:
                continue  # a positive vector of another distribution's tiles
            data = pos.to_json()
            _valid(data)
            assert Position.from_json(data) == pos, row.where()
            count += 1
    assert count > 400


def test_from_json_refuses_with_our_error() -> None:
    with pytest.raises(PuzzleFormatError) as info:
        Position.from_json('{"board": [[null]], "racks": [[], []], "scores": [0, 0], '
                           '"zero_turns": 0, "operations": [["lm", "zz"]]}')
    assert info.value.format == "cgp-json"
    assert "operations: lm:" in info.value.message
    with pytest.raises(PuzzleFormatError, match="expected JSON"):
        Position.from_json("{")
    with pytest.raises(PuzzleFormatError, match="a JSON object"):
        Position.from_json("[1]")


# --------------------------------------------------------------------------- Game

RECORD = """#player1 alice Alice
#player2 bob Bob
#title A test
>alice: AEINQST 8G QAT +24 24
#note good
>bob: EGLNORT H7 O.T +3 3
"""


def test_game_is_a_model() -> None:
    g = Game(RECORD)
    assert isinstance(g, Model)
    assert g.family == "cgp"
    assert eval(repr(g), {"Game": Game}) == g
    assert repr(g).startswith("Game('#character-encoding UTF-8\\n#player1 alice Alice")
    assert str(g).startswith("Alice (alice) vs Bob (bob)\nA test\n2 events; scores alice 24")
    assert g._repr_svg_().startswith("<svg")
    assert g.problems() == []
    assert g.status() == GameStatus.VALID
    assert g.is_valid()
    assert g.contents() == {"players", "events", "notes", "metadata"}
    other = g.copy()
    assert other == g
    assert hash(other) == hash(g)
    assert other is not g
    other = other.replace(events=[dataclasses.replace(other.events[0], note="changed"),
                                  *other.events[1:]])
    assert other != g
    assert g.events[0].note == "good"


def test_a_game_is_immutable_and_found_again_in_a_set() -> None:
    g = Game(RECORD)
    seen = {g}
    assert Game(RECORD) in seen
    assert g.players[0].nickname == "alice"
    with pytest.raises(AttributeError, match=r"replace\(title=\.\.\.\)"):
        g.title = "Another"
    with pytest.raises(AttributeError):
        g.events.append(g.events[0])  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        g.events[0].note = "changed"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        g.players[0].name = "Eve"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        g.events[0].extra.append("#x")  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        g.last_racks[0] = ("A",)  # type: ignore[index]
    with pytest.raises(AttributeError):
        g.header_extra.append("#x")  # type: ignore[attr-defined]
    assert g in seen
    retitled = g.replace(title="Another", events=g.events[:1])
    assert (g.title, len(g.events)) == ("A test", 2)  # the old one is unchanged
    assert retitled.title == "Another"
    assert retitled.final_scores() == [24, 0]
    assert retitled not in seen
    assert retitled.replace(title="A test", events=g.events) in seen
    with pytest.raises(TypeError, match="layout"):
        g.replace(layout="CrosswordGame")
    with pytest.raises(ValueError, match="title"):
        g.replace(title="two\nlines")
    for one in (g, retitled):
        again = pickle.loads(pickle.dumps(one))
        assert again == one
        assert hash(again) == hash(one)


def test_game_problems_are_problems_with_their_line() -> None:
    g = Game(RECORD.replace("+3 3", "+3 5"))
    [problem] = g.problems()
    assert isinstance(problem, GameProblem)
    assert (problem.code, problem.where, problem.line, problem.event) == (
        "cumulative", "line 6", 6, 1)
    assert problem.flag is GameStatus.CUMULATIVE
    assert str(problem) == "line 6: bob's total is 3 after this event, the record says 5"
    assert not g.is_valid()
    assert g.status() == GameStatus.CUMULATIVE


@given(gcg_cases())
@examples(100, suppress_health_check=[HealthCheck.too_slow])
def test_game_json_is_valid_and_reads_back(case: GcgCase) -> None:
    g = Game(case.text)
    data = g.to_json()
    _valid(data)
    back = Game.from_json(data)
    assert back == g
    assert back.gcg() == g.gcg()
    assert Game.from_json(json.dumps(data)) == g


def test_every_vector_game_has_valid_json() -> None:
    count = 0
    for file in all_files():
        if file in error_files():
            continue
        g = game(file)
        data = g.to_json()
        _valid(data)
        assert Game.from_json(data) == g, file
        count += 1
    assert count == 94


def test_game_from_json_refuses_with_our_error() -> None:
    data = Game(RECORD).to_json()
    data["events"][0]["player"] = 7
    with pytest.raises(PuzzleFormatError, match=r"events\[0\]\.player: expected a player "
                                                r"index from 0 to 1, found 7") as info:
        Game.from_json(data)
    assert info.value.format == "gcg-json"
    data = Game(RECORD).to_json()
    data["events"][0]["move"] = "88 QAT"
    with pytest.raises(PuzzleFormatError) as info2:
        Game.from_json(data)
    assert info2.value.format == "gcg-json"
    assert "move: expected a position like 8D or D8, found '88'" in info2.value.message


def test_each_known_opcode_is_declared_once_and_replace_and_the_cgp_follow_it() -> None:
    """The known opcodes are one table (``_cgpcodec.OPCODES``): the reader's tables, the
    writer's order and ``replace``'s checks come from it, so that each opcode's attribute is
    replaceable, written and read back."""
    from puzzlefmt.cgp import KNOWN_OPCODES, _cgpcodec

    table = _cgpcodec.OPCODES
    assert {op.opcode: op.attr for op in table} == KNOWN_OPCODES
    assert tuple(op.opcode for op in table) == _cgpcodec.WRITE_ORDER
    samples = {"int": 42, "name": "CSW21", "cr": "double", "oru": True, "tmr": [1000, -5],
               "lm": "8G QAT"}
    pos = Position(f"{QAT} DEF/ 24/0 0")
    for op in table:
        value = "CrosswordGame" if op.opcode == "bdn" else (
            "english" if op.opcode == "ld" else samples[op.kind])
        changed = pos.replace(**{op.attr: value})
        text = changed.cgp()
        assert f" {op.opcode}" in text, op
        again = Position(text)
        assert again == changed, op
        got = getattr(again, op.attr)
        assert (str(got) if op.kind == "lm" else got) == value, op
        assert getattr(pos, op.attr) == op.default, op  # the old one keeps the default
