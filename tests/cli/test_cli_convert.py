"""convert on the command line: ``--at N`` of a game, standard input read once and named,
output onto a device, a forum CSV's header kept, and a lossy conversion warned about (and
refused under ``--strict``)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt.cgp import Game
from puzzlefmt.cli import main

from helpers import ROOT, shared_path

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."
KEEN_ID = "3:a_a3_a_,a3m6m3s1"
_EXAMPLES = ROOT / "examples"

GAME = """#player1 alice Alice
#player2 bob Bob
>alice: AEINQST 8G QAT +24 24
>bob: EGLNORT H7 O.T +3 3
>alice: EINST?? -  +0 24
"""


def _game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.gcg"
    path.write_text(GAME)
    return path


def test_convert_at_writes_the_position_after_n_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.2: convert game.gcg --to cgp said "pick one with --at N", and convert had no --at."""
    src = _game_file(tmp_path)
    g = Game(GAME)
    for n in (0, 1, 3):
        out = tmp_path / f"at{n}.cgp"
        assert main(["convert", str(src), "--to", "cgp", "--at", str(n), "-o", str(out)]) == 0
        assert out.read_text() == g.position(n).cgp() + "\n"
        assert "1 record in: 1 converted, 0 rejected" in capsys.readouterr().err
    assert main(["convert", str(src), "--to", "cgp-list", "--at", "2"]) == 0
    assert capsys.readouterr().out == g.position(2).cgp() + "\n"
    # without --at, the message names the option that now exists
    assert main(["convert", str(src), "--to", "cgp"]) == 2
    assert "pick one with --at N" in capsys.readouterr().err


def test_convert_at_past_the_end_says_how_many_events_there_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _game_file(tmp_path)
    out = tmp_path / "o.cgp"
    assert main(["convert", str(src), "--to", "cgp", "--at", "4", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "record 1, line 1: --at 4: the game has 3 events (0 to 3)" in err
    assert "1 record in: 0 converted, 1 rejected" in err
    assert "Traceback" not in err
    assert out.read_text() == ""  # nothing written for the rejected record
    assert main(["convert", str(src), "--to", "cgp", "--at", "-1"]) == 2
    assert "--at must be 0 or more, found -1" in capsys.readouterr().err


def test_convert_at_of_something_that_is_not_a_game_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "p.txt"
    src.write_text(PUZZLE + "\n")
    assert main(["convert", str(src), "--to", "sdk", "--at", "1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert "--at 1: line records are not game records" in err[0]


def _cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "puzzlefmt", *args]


def test_stdin_is_read_once_and_named(tmp_path: Path) -> None:
    lines = "".join(PUZZLE + "\n" for _ in range(1000))
    proc = subprocess.run(_cmd("convert", "-", "--to", "sdm"), input=lines.encode(),
                          capture_output=True, check=False)
    assert proc.returncode == 0
    assert proc.stdout.count(b"\r\n") == 1000
    assert b"1000 records in: 1000 converted" in proc.stderr
    bad = subprocess.run(_cmd("convert", "-", "--to", "sdm"), input=b"hello\n",
                         capture_output=True, check=False)
    assert bad.returncode == 2
    assert bad.stderr.decode().startswith("<stdin>: ")


def test_output_onto_a_device_stays_a_device(tmp_path: Path) -> None:
    src = tmp_path / "p.txt"
    src.write_text(PUZZLE + "\n")
    assert main(["convert", str(src), "--to", "sdk", "-o", os.devnull, "-q"]) == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    kept = tmp_path / "kept.sdk"
    kept.write_text("old")
    kept.chmod(0o644)
    assert main(["convert", str(src), "--to", "sdk", "-o", str(kept), "-q"]) == 0
    assert stat.S_IMODE(kept.stat().st_mode) == 0o644


def test_hardest_database_to_forum_csv_keeps_its_header_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.1 lost the `#!sudoku` header, and the output read back as 0 records with exit 0."""
    src = shared_path("data", "sudoku", "hodoku_py_testdata", "HardestDatabase110626.txt")
    out = tmp_path / "hardest.csv"
    assert main(["convert", str(src), "--to", "forum-csv", "-o", str(out), "-q"]) == 0
    text = out.read_text()
    assert "#!sudoku -c1,Puzzle," in text
    back = tmp_path / "back.txt"
    assert main(["convert", str(out), "--to", "line", "-o", str(back)]) == 0
    # line holds no metadata: every record says so
    assert "375 records in: 375 converted (375 with losses), 0 rejected" in capsys.readouterr().err
    puzzles = [ln for ln in back.read_text().splitlines() if not ln.startswith("#")]
    assert puzzles == [g.line(blank=".", comment=False) for g in puzzlefmt.load(src)]


@pytest.mark.parametrize(("source", "target", "words"), [
    (_EXAMPLES / "sudoku" / "seed-puzzle.ss", "candidates", "givens"),
    (_EXAMPLES / "sudoku" / "seed-puzzle.ss", "pm-grid", "givens"),
    (_EXAMPLES / "sudoku" / "seed-puzzle.ss", "pm-print", "givens"),
    (_EXAMPLES / "sudoku" / "seed-puzzle.ss", "sukaku", "givens"),
    ("ss-with-records", "sdm", "eliminations, placed"),
    ("keen-with-solution", "keen", "solution"),
])
def test_a_lossy_conversion_warns_and_strict_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: Path | str, target: str,
    words: str
) -> None:
    """0.1: 0 warnings across 934 lossy format pairs."""
    if source == "ss-with-records":  # HoDoKu's I/E records: a placement, an elimination
        grid = (_EXAMPLES / "sudoku" / "seed-puzzle.ss").read_text()
        source = tmp_path / "records.ss"
        source.write_text(grid.rstrip("\n") + "\n\nI388\nE78007\n")
    elif source == "keen-with-solution":
        source = tmp_path / "solved.keens"
        source.write_text(f"{KEEN_ID} S213321132\n")
    out = tmp_path / "out.txt"
    assert main(["convert", str(source), "--to", target, "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"warning: {target} cannot hold its {words}: dropped" in err
    assert "1 converted (1 with losses)" in err
    assert main(["convert", str(source), "--to", target, "-o", str(out), "--strict"]) == 2
    assert f"{target} cannot hold its {words} (--strict)" in capsys.readouterr().err
