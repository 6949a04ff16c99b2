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
    assert "1 record in: 1 converted, 0 rejected" in captured.err


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
    # 0.2: the collection's comment goes on into the output (issue 11: nothing lost)
    assert out.read_text().splitlines() == ["# three records, one bad", PUZZLE, DUP]
    # file, record, line, reason: the one layout of every --rejects file (local or cluster)
    assert rejects.read_text().startswith(f"{collection}\t2\t3\t{collection}: sdm: record 2")


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
    assert not list(tmp_path.glob("*.part"))


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


SOLVABLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_solve_writes_one_line_per_record(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from puzzlefmt.sudoku import Grid

    src = tmp_path / "p.txt"
    empty = "." * 81
    src.write_text("# header\n" + SOLVABLE + "\n" + "bad\n" + empty + "\n" + DUP + "\n")
    assert main(["solve", str(src), "--no-progress"]) == 2  # one record did not parse
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 4  # one line per record, the bad one left empty
    solved = Grid.from_line(out[0])
    assert solved.is_solved
    assert all(g in (0, s) for g, s in zip(Grid.from_line(SOLVABLE).givens, solved.givens,
                                            strict=True))
    assert out[1] == ""
    assert out[2].startswith("multiple ")
    assert len(out[2].split()) == 3
    assert out[3] == "none (r1c1 and r1c2 both hold 5)"
    assert main(["solve", str(src), "--count", "--json", "-q"]) == 2
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r.get("solutions") for r in rows] == [1, None, 2, 0]


def test_validate_counts_solutions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "p.txt"
    src.write_text(SOLVABLE + "\n" + "." * 81 + "\n")
    assert main(["validate", str(src), "-q"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "1\tvalid, unique solution", "2\tinvalid: 2+ solutions"]


def test_canon_unique_drops_equivalent_puzzles(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from puzzlefmt.sudoku import Grid
    from puzzlefmt.sudoku.canon import Transform

    grid = Grid.from_line(SOLVABLE)
    moved = Transform(transpose=True, rows=(2, 1, 0, 3, 4, 5, 8, 7, 6),
                      cols=tuple(range(9)), digits=(9, 8, 7, 6, 5, 4, 3, 2, 1))
    other = "".join(str(v) if v else "." for v in moved.apply(grid.givens))
    src = tmp_path / "p.txt"
    src.write_text(SOLVABLE + "\n" + other + "\n" + PUZZLE + "\n")
    assert main(["canon", str(src), "--unique", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 2
    assert "2 unique, 1 duplicate dropped" in captured.err


def test_sdk_counts_on_request(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "p.txt"
    src.write_text(SOLVABLE + "\n")
    assert main(["convert", str(src), "--to", "sdk", "--option", "counts=true", "-q"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["#N1", "#H32"]


def test_survey_of_the_bundled_examples(capsys: pytest.CaptureFixture[str]) -> None:
    from helpers import ROOT

    assert main(["survey", str(ROOT / "examples")]) == 0
    rows = [ln.split() for ln in capsys.readouterr().out.splitlines()[2:]]
    families = {r[2] for r in rows}
    assert families == {"sudoku", "keen", "cgp"}
    for r in rows:
        records, read, rejected = int(r[3]), int(r[4]), int(r[5])
        assert records == read > 0
        assert rejected == 0
        assert r[8] == f"{read}/{read}"  # every record round-trips through its format
        if r[2] != "cgp":
            assert r[7] == r[6]  # every valid Sudoku and Keen example has one solution
