"""The command line on game records: detect, convert to cgp-list (one CGP per event), show
and render at a move (--at N), --json, validate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gcg_vectors import game, gcg_root

from puzzlefmt.cgp import Position
from puzzlefmt.cli import main

STANDARD = "files/magpie-data/testdata/gcgs/success_standard.gcg"
LATIN = "files/macondo/gcgio/testdata/name_iso8859-1.gcg"


def _path(file: str) -> str:
    return str(gcg_root() / file)


def test_detect_names_gcg_with_its_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["detect", _path(STANDARD)]) == 0
    out = capsys.readouterr().out
    assert "\tgcg\tcgp\t" in out
    assert "#player pragmas and 29 '>nick:' event lines" in out


def test_convert_to_cgp_list_gives_one_cgp_per_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "positions.cgps"
    assert main(["convert", _path(STANDARD), "--to", "cgp-list", "-o", str(out),
                 "--no-progress"]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    g = game(STANDARD)
    assert len(lines) == len(g.events) == 29
    assert lines == [p.cgp() for p in g.positions()]
    assert Position(lines[2]).cgp(operations="none") == g.position(3).cgp(operations="none")
    capsys.readouterr()
    # a single CGP cannot hold a game: the message says what to do instead
    assert main(["convert", _path(STANDARD), "--to", "cgp", "--no-progress"]) == 2
    assert "write it as cgp-list" in capsys.readouterr().err


def test_convert_to_gcg_writes_canonical_gcg(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", _path(LATIN), "--to", "gcg", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("#character-encoding UTF-8\n")
    assert "#player1 césar" in out  # ISO-8859-1 bytes read right through the command line


def test_show_at_a_move_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", _path(STANDARD), "--at", "3"]) == 0
    out = capsys.readouterr().out
    assert out == str(game(STANDARD).position(3)) + "\n"
    assert "lm 9E CRoWDIE;" in out
    assert main(["show", _path(STANDARD), "--at", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "cgp-json"
    assert data["scores"] == [22, 79]
    assert main(["show", _path(STANDARD), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "gcg-json"
    assert data["final_scores"] == [516, 358]
    assert len(data["events"]) == 29
    assert data["events"][16]["note"] == "this\nis\na\nmultiline\nnote"
    assert main(["show", _path(STANDARD)]) == 0
    assert "29 events; scores HastyBot 516, RightBehindYou 358; game over" in (
        capsys.readouterr().out
    )


def test_at_out_of_range_or_on_a_position_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", _path(STANDARD), "--at", "30"]) == 2
    assert "--at 30: the game has 29 events (0 to 29)" in capsys.readouterr().err
    cgp = tmp_path / "one.cgp"
    cgp.write_text(Position().cgp() + "\n", encoding="utf-8")
    assert main(["show", str(cgp), "--at", "1"]) == 2
    assert "--at: a Position is not a game record (GCG)" in capsys.readouterr().err


def test_render_at_a_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "move5.svg"
    assert main(["render", _path(STANDARD), "--at", "5", "-o", str(out)]) == 0
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg")
    assert main(["render", _path(STANDARD), "-o", "-"]) == 0  # the last position
    assert capsys.readouterr().out.startswith("<svg")


def test_validate_reports_the_problems_with_their_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", _path(STANDARD)]) == 0
    assert "1\tvalid" in capsys.readouterr().out
    bad = "files/magpie-data/testdata/gcgs/standard_cumulative_scoring_error.gcg"
    assert main(["validate", _path(bad)]) == 1
    assert "line 15: RightBehindYou's total is 99 after this event, the record says 103" in (
        capsys.readouterr().out
    )
