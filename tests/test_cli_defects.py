"""The command-line defects of 0.1 that issues 9 and 11 name, each through ``main([...])`` (or
the installed command, where the pipe itself matters) with its exit code."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt.cli import main
from puzzlefmt.sudoku import Grid

from helpers import ROOT

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."
COLLECTION = ROOT / "examples" / "sudoku" / "seed-collection.sdm"


def _cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "puzzlefmt", *args]


def test_a_closed_pipe_ends_quietly() -> None:
    proc = subprocess.run(f"{' '.join(_cmd('formats'))} | head -1", shell=True,
                          capture_output=True, text=True, check=False)
    assert proc.stdout.startswith("format")
    assert "Broken pipe" not in proc.stderr
    assert "Traceback" not in proc.stderr


def test_options_are_parsed_by_their_declaration(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    assert main(["convert", str(COLLECTION), "--to", "line", "--option", "blank=0", "-o",
                 str(out), "-q"]) == 0
    lines = out.read_text().splitlines()
    assert len([ln for ln in lines if not ln.startswith("#")]) == 8
    assert all(len(ln) == 81 and "." not in ln for ln in lines if not ln.startswith("#"))
    # a collection target refuses an option it does not declare (0.1 dropped it silently)
    assert main(["convert", str(COLLECTION), "--to", "txt", "--option", "nonsense=1"]) == 2
    assert "txt has no option 'nonsense'" in capsys.readouterr().err
    assert main(["convert", str(COLLECTION), "--to", "line", "--option", "blank=²"]) == 2
    assert "blank" in capsys.readouterr().err
    assert main(["formats", "--options", "sdk"]) == 0
    assert "writer option counts=" in capsys.readouterr().out


def test_detection_hands_over_the_best_candidates_own_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = Grid(PUZZLE).line(blank=".")
    body = [rows[i:i + 9] for i in range(0, 81, 9)]
    body[4] = body[4][:8]  # one row of 8 cells
    path = tmp_path / "bad.sdk"
    path.write_text("#ATest\n#BToday\n#CA comment\n" + "\n".join(body) + "\n")
    assert main(["convert", str(path), "--to", "line"]) == 2
    err = capsys.readouterr().err
    assert "sdk:" in err
    assert "line 8" in err
    assert "found nothing any format recognises" not in err


def test_a_list_to_a_one_record_format_says_so() -> None:
    grid = Grid(PUZZLE)
    with pytest.raises(TypeError, match="line writes one Grid, not a list of 2"):
        puzzlefmt.dumps([grid, grid], "line")
    assert puzzlefmt.dumps([grid, grid], "txt").count("\n") == 2


def test_solve_exit_codes(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(PUZZLE + "\n")
    several = tmp_path / "several.txt"
    several.write_text(PUZZLE + "\n" + "." * 81 + "\n")
    assert main(["solve", str(good), "-q"]) == 0
    assert main(["solve", str(several), "-q"]) == 1  # a record has several solutions
    assert main(["solve", str(several), "--limit", "0", "-q"]) == 2  # a bad option


def test_a_record_of_another_family_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    src = ROOT / "examples" / "sudoku" / "seed-puzzle.ss"
    assert main(["convert", str(src), "--to", "cgp"]) == 2
    assert "writes cgp" in capsys.readouterr().err
    assert main(["canon", str(ROOT / "examples" / "keen" / "real-ids.keens")]) == 2
    err = capsys.readouterr().err
    assert err.count("no canonical form") == 1  # once, not per record


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


def test_ctrl_c_under_jobs_2_is_one_line_and_130(tmp_path: Path) -> None:
    src = tmp_path / "many.txt"
    src.write_text("." * 81 + "\n" * 1 + ("." * 81 + "\n") * 400_000)
    for _ in range(3):
        proc = subprocess.Popen(_cmd("solve", str(src), "--jobs", "2", "--limit", "2", "-o",
                                     str(tmp_path / "out.txt")),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
        part = None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            parts = list(tmp_path.glob(".out.txt.puzzlefmt-*.part"))
            if parts and parts[0].stat().st_size > 0:  # the workers are solving
                part = parts[0]
                break
            time.sleep(0.05)
        assert part is not None, "the job did not start writing"
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        lines = [ln for ln in err.decode().splitlines() if ln.strip()]
        assert lines == ["puzzlefmt: interrupted"], lines
        assert not (tmp_path / "out.txt").exists()
        assert not list(tmp_path.glob(".*.part"))
