"""The command line: main(argv) -> exit code; errors are one line on stderr, never a traceback;
batch work reports bad records by number and carries on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlefmt.cli import main

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."
DUP = "55" + "." * 79


@pytest.fixture
def collection(tmp_path: Path) -> Path:
    path = tmp_path / "mixed.sdm"
    path.write_text(
        "# three records, one bad\r\n" + PUZZLE + "\r\n" + PUZZLE[:70] + "\r\n" + DUP + "\r\n"
    )
    return path


def test_formats_lists_every_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["formats"]) == 0
    out = capsys.readouterr().out
    for name in ("line", "sdk", "ss", "spf", "msk", "sol", "sdm", "txt", "pm-grid", "sukaku"):
        assert f"\n{name} " in out
    assert ".sdk" in out


def test_detect(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    assert main(["detect", str(path)]) == 0
    assert "\tline\tsudoku\t" in capsys.readouterr().out
    assert main(["detect", "--json", "--top", "3", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["candidates"][0]["format"] == "line"


def test_convert_single_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    assert main(["convert", str(path), "--to", "sdk", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(".234..8..\r\n6....7...\r\n")
    assert "1 records in: 1 converted, 0 rejected" in captured.err


def test_convert_collection_reports_bad_records_and_carries_on(
    collection: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.txt"
    rejects = tmp_path / "rejects.tsv"
    code = main(["convert", str(collection), "--to", "txt", "-o", str(out),
                 "--rejects", str(rejects)])
    assert code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{collection}: sdm: record 2, line 3, column 71: expected 81 cells")
    assert err[-1].startswith("puzzlefmt convert: 3 records in: 2 converted, 1 rejected")
    assert out.read_text().splitlines() == [PUZZLE, DUP]
    assert rejects.read_text().startswith("2\t3\t")


def test_bad_single_input_is_one_line_exit_2(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.sdk"
    path.write_text("#ATest\n.234..8..\n6....7...\n")
    code = main(["convert", str(path), "--to", "line", "--from", "sdk"])
    captured = capsys.readouterr()
    assert code == 2
    lines = [ln for ln in captured.err.splitlines() if not ln.startswith("puzzlefmt convert:")]
    assert lines == [f"{path}: sdk: record 1, line 3: expected 9 rows of cells, found 2"]
    assert "Traceback" not in captured.err


def test_missing_file_and_unknown_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "/no/such/file", "--to", "line"]) == 2
    assert capsys.readouterr().err.strip() == "puzzlefmt convert: /no/such/file: no such file"
    assert main(["convert", "-", "--to", "nope"]) == 2
    assert "unknown format 'nope'" in capsys.readouterr().err


def test_failed_run_leaves_no_output_file(tmp_path: Path) -> None:
    src = tmp_path / "p.txt"
    src.write_text(PUZZLE + "\n")
    out = tmp_path / "out.sdk"
    out.write_text("previous contents")
    assert main(["convert", str(src), "--to", "sol", "-o", str(out), "--option", "nope=1"]) == 2
    assert out.read_text() == "previous contents"
    assert not list(tmp_path.glob(".puzzlefmt-*"))


def test_show_prints_a_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "*-----------*"
    assert out[1] == "|.23|4..|8..|"


def test_validate_without_solving(collection: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["validate", str(collection), "--limit", "0", "--json", "--no-progress"])
    assert code == 2  # a record did not parse
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["record"] for r in rows] == [1, 2, 3]
    assert rows[0]["valid"] is True
    assert "error" in rows[1]
    assert rows[2]["valid"] is False
    assert rows[2]["problems"] == ["5 appears twice: r1c1 and r1c2"]


def test_validate_flags_rule_problems(tmp_path: Path) -> None:
    path = tmp_path / "d.txt"
    path.write_text(DUP + "\n")
    assert main(["validate", str(path), "--limit", "0", "-q"]) == 1


def test_python_dash_m_runs_the_cli() -> None:
    proc = subprocess.run([sys.executable, "-m", "puzzlefmt", "formats"], capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0
    assert "sudoku" in proc.stdout


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PUZZLE.encode() + b"\n")))
    assert main(["convert", "-", "--to", "plus-grid", "-q"]) == 0
    assert capsys.readouterr().out.startswith("+-------+")


def test_jobs_keep_order_and_output(tmp_path: Path) -> None:
    from puzzlefmt.sudoku import Grid

    src = tmp_path / "many.txt"
    lines = []
    for i in range(2500):
        cells = ["."] * 81
        cells[i % 81] = str(i % 9 + 1)
        lines.append("".join(cells) if i % 500 else "bad line")
    src.write_text("\n".join(lines) + "\n")
    one = tmp_path / "one.sdm"
    two = tmp_path / "two.sdm"
    r1 = tmp_path / "r1"
    r2 = tmp_path / "r2"
    assert main(["convert", str(src), "--to", "sdm", "-o", str(one), "-q", "--rejects",
                 str(r1)]) == 2
    assert main(["convert", str(src), "--to", "sdm", "-o", str(two), "-q", "--rejects",
                 str(r2), "--jobs", "2"]) == 2
    assert one.read_bytes() == two.read_bytes()
    assert r1.read_text() == r2.read_text()
    assert len(r1.read_text().splitlines()) == 5
    got = [Grid.from_line(x).givens for x in one.read_text().splitlines()]
    want = [Grid.from_line(x).givens for x in lines if x != "bad line"]
    assert got == want


def test_progress_bar_only_when_asked_or_on_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "p.txt"
    src.write_text((PUZZLE + "\n") * 3)
    assert main(["convert", str(src), "--to", "txt", "--progress"]) == 0
    err = capsys.readouterr().err
    assert "3/3" in err  # tqdm's bar, on stderr, counting lines
    assert main(["convert", str(src), "--to", "txt"]) == 0
    assert "line/s" not in capsys.readouterr().err  # not a terminal: no bar
