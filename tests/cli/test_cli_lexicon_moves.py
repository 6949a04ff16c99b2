"""``puzzlefmt lexicon build|check`` and ``puzzlefmt moves``: output, batch, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlefmt.cgp.lexicon import Leaves
from puzzlefmt.cli import main

EMPTY = "15/" * 14 + "15"
WORDS = "QI\nQIS\nIS\nSI\nIT\nTI\nAT\nTA\n# a comment\n\nAA\n"


@pytest.fixture
def kwg(tmp_path: Path) -> Path:
    words = tmp_path / "words.txt"
    words.write_text(WORDS, encoding="utf-8")
    out = tmp_path / "TINY.kwg"
    assert main(["lexicon", "build", str(words), "-o", str(out), "-q"]) == 0
    return out


def test_build_then_check(kwg: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["lexicon", "check", str(kwg), "QIS", "qi", "XU"]) == 1
    assert capsys.readouterr().out.splitlines() == ["QIS\tvalid", "qi\tvalid", "XU\tinvalid"]
    assert main(["lexicon", "check", str(kwg), "AA"]) == 0


def test_lexicon_errors_are_one_line(tmp_path: Path, kwg: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("CAT\nCAFÉ\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["lexicon", "build", str(bad), "-o", str(tmp_path / "x.kwg")]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1
    assert "line 2, column 4" in lines[0]
    truncated = tmp_path / "cut.kwg"
    truncated.write_bytes(kwg.read_bytes()[:-2])
    assert main(["lexicon", "check", str(truncated), "QI"]) == 2
    klv = tmp_path / "L.klv2"
    Leaves.build({"A": 1.0}).save(klv)
    assert main(["lexicon", "check", str(klv), "QI"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    assert all("KWG" in line for line in err)


def test_moves_best_per_position_and_json(tmp_path: Path, kwg: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    cgps = tmp_path / "p.cgps"
    cgps.write_text(f"{EMPTY} IQS/ 0/0 0\n{EMPTY} AIT/ 0/0 0\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["moves", str(cgps), "--lexicon", str(kwg), "-q"]) == 0
    assert capsys.readouterr().out.splitlines() == ["8g QIS\t24\t24.000", "8g TA\t4\t4.000"]
    assert main(["moves", str(cgps), "--lexicon", str(kwg), "--top", "2", "--json", "-q",
                 "--jobs", "2"]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert [m["ucgi"] for m in first["moves"]] == ["8g QIS", "8f QIS"]
    assert [m["equity"] for m in first["moves"]] == [24000, 23300]


def test_moves_errors_reject_records_in_one_line(tmp_path: Path, kwg: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    cgps = tmp_path / "p.cgps"
    cgps.write_text(f"{EMPTY} IQS/ 0/0 0 lex CSW21;\n{EMPTY} IQS/ 0/0 0\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["moves", str(cgps), "--lexicon", str(kwg)]) == 2
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ["", "8g QIS\t24\t24.000"]  # the rejected one empty
    assert "CSW21" in captured.err
    assert "Traceback" not in captured.err
    assert main(["moves", str(cgps), "--lexicon", str(tmp_path / "none.kwg")]) == 2
    assert "Traceback" not in capsys.readouterr().err
