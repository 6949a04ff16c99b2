"""solve and validate on the command line: exit codes; unique, unknown and multiple counted
apart; ``--timeout`` bounding each record's search; a seed ID with only a warning valid."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from puzzlefmt.cli import main

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."
KEEN_ID = "3:a_a3_a_,a3m6m3s1"


def test_solve_exit_codes(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(PUZZLE + "\n")
    several = tmp_path / "several.txt"
    several.write_text(PUZZLE + "\n" + "." * 81 + "\n")
    assert main(["solve", str(good), "-q"]) == 0
    assert main(["solve", str(several), "-q"]) == 1  # a record has several solutions
    assert main(["solve", str(several), "--limit", "0", "-q"]) == 2  # a bad option


def test_solve_counts_unknown_and_multiple_apart_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.1 said "N solved" and exit 0 for a seed ID it printed `none` for, and for records
    with several solutions."""
    src = tmp_path / "ids.keens"
    src.write_text(f"{KEEN_ID}\n12dn#1234\n2:b__,a3a3\n")
    assert main(["solve", str(src), "--from", "keen-list"]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines()[1].startswith("unknown: a random-seed ID of a size")
    assert "(1 unique, 1 unknown, 1 multiple)" in captured.err


def test_timeout_bounds_each_records_search(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """solve --timeout: a search past it ends "unknown" (the record is counted apart, exit 1)
    and the records around it are answered as usual; a bad value is a usage error (solve and
    validate)."""
    command = "solve"
    src = tmp_path / "ids.keens"
    src.write_text(f"{KEEN_ID}\n20:z30j,a4200\n{KEEN_ID}\n")
    start = time.perf_counter()
    code = main([command, str(src), "--from", "keen-list", "--limit", "1000000000",
                 "--timeout", "0.3"])
    took = time.perf_counter() - start
    captured = capsys.readouterr()
    assert code == 1
    assert took < 20
    lines = captured.out.splitlines()
    assert len(lines) == 3
    assert "gave up after 0.3 s" in lines[1]
    assert "gave up" not in lines[0] + lines[2]
    assert "1 unknown" in captured.err
    good = tmp_path / "good.keens"
    good.write_text(f"{KEEN_ID}\n")
    assert main(["validate", str(good), "--from", "keen-list", "--timeout", "5"]) == 0
    assert capsys.readouterr().out.startswith("1\tvalid")
    for cmd in ("solve", "validate"):
        for bad in ("0", "-1", "soon", "1e9"):
            assert main([cmd, str(src), "--timeout", bad]) == 2
            assert "--timeout" in capsys.readouterr().err


def test_validate_calls_a_seed_id_with_only_a_warning_valid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "seed.keen"
    src.write_text("6dn#1234\n")
    assert main(["validate", str(src), "--from", "keen-list"]) == 0
    assert capsys.readouterr().out.startswith("1\tvalid")
