"""Issue 20, "rough edges a new user hit": each test failed on 0.2."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlefmt.cli import main

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."

# ---------------------------------------------------------------------- --version


def test_version_is_printed_on_stdout_with_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    """0.2 printed it on stderr (argparse's exit message)."""
    import puzzlefmt

    assert main(["--version"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(f"puzzlefmt {puzzlefmt.__version__}\n")
    assert "ahead-of-time kernels:" in captured.out
    assert captured.err == ""


# ---------------------------------------------------------------------- counts in words


def test_counted_says_one_thing_in_the_singular() -> None:
    from puzzlefmt._words import counted

    assert counted(1, "record") == "1 record"
    assert counted(0, "record") == "0 records"
    assert counted(2, "partition") == "2 partitions"
    assert counted(1, "match", "matches") == "1 match"
    assert counted(3, "match", "matches") == "3 matches"


def test_a_one_record_summary_is_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "one.txt"
    src.write_text(PUZZLE + "\n")
    assert main(["convert", str(src), "--to", "sdm", "-o", str(tmp_path / "o.sdm")]) == 0
    err = capsys.readouterr().err
    assert "1 record in: 1 converted, 0 rejected" in err
    assert "records/s" in err  # a rate's unit stays as it is
    assert "1 records" not in err


def test_one_duplicate_dropped_is_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "twice.txt"
    src.write_text(PUZZLE + "\n" + PUZZLE + "\n")
    for extra in ([], ["--object-path"]):
        assert main(["canon", str(src), "--unique", "-o", str(tmp_path / "u.txt"), *extra]) == 0
        err = capsys.readouterr().err
        assert "1 unique, 1 duplicate dropped" in err, extra
        assert "(1 duplicate)" in err, extra  # the summary's kinds too
        assert "1 duplicates" not in err, extra


def test_the_cluster_summary_counts_in_words() -> None:
    from puzzlefmt.dask import Summary

    one = Summary(records_in=1, written=1, parts=1)
    assert one.line("solved") == "1 record in: 1 solved, 0 rejected (1 partition)"
    many = Summary(records_in=2, written=2, parts=3, kinds={"duplicates": 1})
    assert many.line("solved") == (
        "2 records in: 2 solved (1 duplicate), 0 rejected (3 partitions)"
    )
