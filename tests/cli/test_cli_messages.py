"""What the command line says: ``--version`` on stdout, a warning in one line naming no
source, input bytes escaped in a message, counts in words (singular for one), a record
of another family refused once, a closed pipe ended quietly."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt._words import counted
from puzzlefmt.batch import Summary
from puzzlefmt.cli import main

from helpers import ROOT

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."


def test_version_is_printed_on_stdout_with_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    """0.2 printed it on stderr (argparse's exit message)."""
    assert main(["--version"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(f"puzzlefmt {puzzlefmt.__version__}\n")
    assert "ahead-of-time kernels:" in captured.out
    assert captured.err == ""


# as the command shows it when run (pytest makes warnings errors)
@pytest.mark.filterwarnings("always::puzzlefmt.keen.elements.KeenCompatibilityWarning")
def test_a_python_warning_is_one_line_naming_no_source(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """0.1 printed the warning with the package's source line."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"9:z5s,a405\n")))
    assert main(["convert", "-", "--to", "keen-list", "-q"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert err[0].startswith("puzzlefmt: warning: this block structure has a run of 25")
    assert ".py" not in err[0]


def test_input_bytes_in_an_error_cannot_drive_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"hel\x1b[31mlo\x00\n")))
    assert main(["convert", "-", "--to", "line"]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err
    assert "\x00" not in err
    assert "hel\\x1b[31mlo\\x00" in err


def test_counted_says_one_thing_in_the_singular() -> None:
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
    # "1 records" as a count of its own (a rate such as "5,091 records/s" ends in 1 too)
    assert re.search(r"(?<![\d,.])1 records", err) is None


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
    # one Summary for the local run and the cluster: the count of partitions says which
    one = Summary(records_in=1, written=1, parts=1)
    assert one.line("solved") == "1 record in: 1 solved, 0 rejected (1 partition)"
    many = Summary(records_in=2, written=2, parts=3, kinds={"duplicates": 1})
    assert many.line("solved") == (
        "2 records in: 2 solved (1 duplicate), 0 rejected (3 partitions)"
    )


def test_a_cluster_counts_its_partitions_as_the_local_run_counts_its_chunks() -> None:
    first = Summary(records_in=3, written=2, rejected=1, flagged=1, kinds={"unique": 2},
                    seconds=0.5)
    second = Summary(records_in=2, written=2, warned=1, kinds={"unique": 1, "multiple": 1})
    total = Summary()
    total.add(first)
    total.add(second)
    assert (total.records_in, total.written, total.rejected, total.flagged, total.warned,
            total.parts) == (5, 4, 1, 1, 1, 2)
    assert total.kinds == {"unique": 3, "multiple": 1}
    assert total.records_in == total.written + total.rejected
    assert total.line("solved") == (
        "5 records in: 4 solved (3 unique, 1 multiple, 1 with losses), 1 rejected "
        "(2 partitions)"
    )
    assert first.line("solved").endswith("1 rejected (0.50 s, 6 records/s)")


def test_a_record_of_another_family_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    src = ROOT / "examples" / "sudoku" / "seed-puzzle.ss"
    assert main(["convert", str(src), "--to", "cgp"]) == 2
    assert "writes cgp" in capsys.readouterr().err
    assert main(["canon", str(ROOT / "examples" / "keen" / "real-ids.keens")]) == 2
    err = capsys.readouterr().err
    assert err.count("no canonical form") == 1  # once, not per record


def _cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "puzzlefmt", *args]


def test_a_closed_pipe_ends_quietly() -> None:
    proc = subprocess.run(f"{' '.join(_cmd('formats'))} | head -1", shell=True,
                          capture_output=True, text=True, check=False)
    assert proc.stdout.startswith("format")
    assert "Broken pipe" not in proc.stderr
    assert "Traceback" not in proc.stderr
