"""A game record's players keep their names in every view of its positions: the model
(``Position.player_names``, in turn order like the racks and scores), the text picture
(``str``, ``puzzlefmt show``), the SVG picture (``puzzlefmt render``), and the JSON form; the
player to move is the one the record says, not "player 1"."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

import puzzlefmt
from puzzlefmt.cgp import Game, Position
from puzzlefmt.cgp.svg import cgp_svg
from puzzlefmt.cli import main

SVG = "{http://www.w3.org/2000/svg}"

GCG = """#player1 alice Alice Liddell
#player2 bob Bob Dylan
>alice: AEINQST 8G QAT +24 24
>bob: EGLNORT H7 O.T +3 3
"""


def _names(svg: str) -> list[str]:
    """The player names of the picture's panel, in the order drawn."""
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{SVG}text") if "name" in t.get("class", "")]


def _to_move(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    out = []
    for group in root.iter(f"{SVG}g"):
        if "to-move" in group.get("class", "").split():
            out.extend(
                t.text or "" for t in group.iter(f"{SVG}text") if "name" in t.get("class", "")
            )
    return out


def test_positions_carry_the_names_in_turn_order() -> None:
    game = Game(GCG)
    assert game.position(0).player_names == ["Alice Liddell", "Bob Dylan"]
    assert game.position(1).player_names == ["Bob Dylan", "Alice Liddell"]  # Bob to move
    assert game.position(2).player_names == ["Alice Liddell", "Bob Dylan"]
    assert [p.player_names for p in game.positions()] == [
        ["Bob Dylan", "Alice Liddell"],
        ["Alice Liddell", "Bob Dylan"],
    ]
    # a position read from CGP has no names; play() turns the names with the turn
    assert Position().player_names is None
    after = game.position(0).play("8G QAT", check_rack=False)
    assert after.player_names == ["Bob Dylan", "Alice Liddell"]
    assert after.scores == [0, 24]


def test_names_do_not_change_what_the_position_is() -> None:
    game = Game(GCG)
    pos = game.position(1)
    plain = Position(pos.cgp())
    assert pos == plain  # the names are a label of the position, not part of its CGP
    assert pos.copy().player_names == pos.player_names
    assert pos.copy().player_names is not pos.player_names


def test_text_picture_names_the_players_and_the_one_to_move() -> None:
    game = Game(GCG)
    text = str(game.position(1))
    assert "> Bob Dylan" in text
    assert "  Alice Liddell" in text
    assert "player 1" not in text
    lines = [line for line in text.splitlines() if "Dylan" in line or "Liddell" in line]
    assert lines[0].startswith("> Bob Dylan")
    assert lines[0].split()[-1] == "0"
    assert lines[1].split()[-1] == "24"
    assert "> Alice Liddell" in str(game)  # after both events, Alice is to move


def test_svg_picture_names_the_players_and_the_one_to_move() -> None:
    game = Game(GCG)
    svg = str(cgp_svg(game.position(1)))
    assert _names(svg) == ["Bob Dylan · to move", "Alice Liddell"]
    assert _to_move(svg) == ["Bob Dylan · to move"]
    assert "Last move (Alice Liddell): 8G QAT" in svg
    assert "Player 1" not in svg
    assert "player 2" not in svg
    svg = str(cgp_svg(game))  # a game: its last position
    assert _names(svg) == ["Alice Liddell · to move", "Bob Dylan"]
    # a CGP position knows no names: the turn order's numbers
    assert _names(str(cgp_svg(Position()))) == ["Player 1 · to move", "Player 2"]


def test_a_long_name_is_fitted_beside_the_score() -> None:
    long_name = "Maximilian Alexander " * 4
    game = Game(f"#player1 max {long_name.strip()}\n#player2 bo Bo\n>max: AEINQST 8G QAT +24 24\n")
    svg = str(cgp_svg(game.position(0)))
    root = ET.fromstring(svg)
    (name,) = [
        t
        for t in root.iter(f"{SVG}text")
        if t.get("class") == "name" and long_name.strip() in (t.text or "")
    ]
    assert float(name.get("font-size", "0")) < 16


def test_json_keeps_the_names() -> None:
    pos = Game(GCG).position(1)
    data = pos.to_json()
    assert data["player_names"] == ["Bob Dylan", "Alice Liddell"]
    jsonschema.validate(data, Position.json_schema())
    back = Position.from_json(data)
    assert back.player_names == ["Bob Dylan", "Alice Liddell"]
    assert back == pos
    assert "player_names" not in Position().to_json()
    with pytest.raises(puzzlefmt.PuzzleFormatError, match="player_names"):
        Position.from_json({**data, "player_names": ["only one"]})
    with pytest.raises(puzzlefmt.PuzzleFormatError, match="player_names"):
        Position.from_json({**data, "player_names": [1, 2]})


def test_show_and_render_name_the_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.gcg"
    path.write_text(GCG, encoding="utf-8")
    assert main(["show", str(path), "--at", "1"]) == 0
    out = capsys.readouterr().out
    assert "> Bob Dylan" in out
    assert "player 1" not in out
    assert main(["show", str(path)]) == 0
    assert "> Alice Liddell" in capsys.readouterr().out
    picture = tmp_path / "one.svg"
    assert main(["render", str(path), "--at", "1", "-o", str(picture)]) == 0
    capsys.readouterr()
    assert _to_move(picture.read_text(encoding="utf-8")) == ["Bob Dylan · to move"]
    assert main(["show", str(path), "--at", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["player_names"] == ["Bob Dylan", "Alice Liddell"]


def test_a_name_is_drawn_as_written() -> None:
    game = Game("#player1 cdg charles de Gaulle\n#player2 x x\n>cdg: AEINQST 8G QAT +24 24\n")
    assert _names(str(cgp_svg(game.position(0)))) == ["charles de Gaulle · to move", "x"]
