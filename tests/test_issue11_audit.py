"""What the audit of issue 11 on 0.2 found still failing, each through the reproducer the issue
gives (the rest of the issue has its tests where the code lives; the audit table in the
branch report maps every bullet to one)."""

from __future__ import annotations

import io
import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt.cgp import Position
from puzzlefmt.cli import main
from puzzlefmt.errors import PuzzleFormatError

from helpers import shared_path

KEEN_ID = "3:a_a3_a_,a3m6m3s1"
PAGE = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#"
EMPTY = "/".join(["15"] * 15)


@pytest.mark.parametrize(("pasted", "plain"), [
    (f"keen:{KEEN_ID}", KEEN_ID),
    (f"KEEN:{KEEN_ID}", KEEN_ID),
    (f"  keen:{KEEN_ID}  ", KEEN_ID),
    (f"{PAGE}{KEEN_ID}", KEEN_ID),
    (f"http://example.org/keen.html#{KEEN_ID} S213321132", f"{KEEN_ID} S213321132"),
])
def test_a_keen_id_pasted_with_a_prefix_is_detected_and_read(pasted: str, plain: str) -> None:
    """0.1: "found nothing any format recognises"; the prefix is skipped, not written."""
    assert puzzlefmt.detect(pasted + "\n")[0].format == "keen"
    puzzle = puzzlefmt.loads(pasted, "keen")
    assert puzzle == puzzlefmt.loads(plain, "keen")
    assert puzzle.game_id() == KEEN_ID
    many = puzzlefmt.loads(f"# pasted\n{pasted}\n{plain}\n", "keen-list")
    assert list(many) == [puzzle, puzzle]
    assert puzzlefmt.detect(f"# pasted\n{pasted}\n{plain}\n")[0].format == "keen-list"


def test_a_random_seed_id_behind_a_page_address_keeps_its_seed() -> None:
    puzzle = puzzlefmt.loads(f"{PAGE}5de#846699649745236", "keen")
    assert puzzle.seed == "846699649745236"
    assert puzzle.game_id() == "5de#846699649745236"


def test_an_error_after_a_prefix_points_into_the_line_as_given() -> None:
    bad = f"keen:{KEEN_ID[:-2]}x1"
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(bad, "keen")
    assert info.value.column == bad.index("x") + 1
    assert info.value.text == bad


def test_a_keen_id_with_a_prefix_on_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        f"{PAGE}{KEEN_ID}\n".encode())))
    assert main(["convert", "-", "--to", "keen"]) == 0
    assert capsys.readouterr().out == KEEN_ID + "\n"


@pytest.mark.parametrize(("text", "field", "digits"), [
    (f"{EMPTY} / 0/{'9' * 5000} 0", "scores: score 2", 5000),
    (f"{EMPTY} / 0/-99999999999999999999 0", "scores: score 2", 20),
    (f"{EMPTY} / 0/0 {'9' * 5000}", "consecutive zero turns", 5000),
])
def test_a_huge_number_is_called_a_number_too_long(text: str, field: str, digits: int) -> None:
    """0.1 and 0.2 said "expected a whole number" of a whole number, and quoted all 5,000
    digits of it in the message."""
    with pytest.raises(PuzzleFormatError) as info:
        Position(text)
    message = info.value.message
    assert message.startswith(f"{field}: expected a whole number of at most 18 digits")
    assert f"found a number of {digits} digits" in message
    assert len(str(info.value)) < 300


def test_a_score_that_is_not_a_number_is_still_quoted() -> None:
    with pytest.raises(PuzzleFormatError, match=r"score 2: expected a whole number of at most "
                                                r"18 digits \(negative allowed\), found '1x'"):
        Position(f"{EMPTY} / 0/1x 0")


def test_an_integer_of_thousands_of_digits_in_keen_json_is_our_error() -> None:
    """0.1: a plain ValueError from int() past 4,300 digits."""
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads('{"size":3,"x":' + "9" * 5000 + "}", "keen-json")
    assert info.value.format == "keen-json"


def test_cr_only_line_ends_read_in_linear_time() -> None:
    """0.1: a 10 MB CR-only .sdm took 308 s in iter_records (1-2 s with CRLF)."""
    line = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."

    def cost(n: int) -> float:
        text = (line + "\r") * n
        start = time.perf_counter()
        count = sum(1 for _ in puzzlefmt.iter_records(io.StringIO(text), "sdm"))
        assert count == n
        return time.perf_counter() - start

    small = min(cost(12_000) for _ in range(3))  # 1 MB
    large = min(cost(48_000) for _ in range(3))  # 4 MB
    assert large / small < 8  # linear: about 4x (quadratic: 16x)


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


@pytest.mark.parametrize("top", ["0", "-1"])
def test_detect_top_below_one_is_refused(top: str, capsys: pytest.CaptureFixture[str]) -> None:
    """0.1: --top 0 printed nothing, --top -1 dropped a candidate."""
    sample = str(Path(__file__).parent.parent / "examples" / "sudoku" / "seed-collection.sdm")
    assert main(["detect", sample, "--top", top]) == 2
    assert f"--top must be 1 or more, found {top}" in capsys.readouterr().err


def test_formats_json_lists_no_dash_extension(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["formats", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows
    assert all("-" not in row["extensions"] for row in rows)


def test_input_bytes_in_an_error_cannot_drive_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"hel\x1b[31mlo\x00\n")))
    assert main(["convert", "-", "--to", "line"]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err
    assert "\x00" not in err
    assert "hel\\x1b[31mlo\\x00" in err


def test_survey_skips_a_named_pipe_in_the_folder(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """0.1 blocked for ever opening it."""
    src = Path(__file__).parent.parent / "examples" / "sudoku" / "seed-collection.sdm"
    (tmp_path / "seed-collection.sdm").write_bytes(src.read_bytes())
    os.mkfifo(tmp_path / "a-pipe")
    done: list[int] = []
    worker = threading.Thread(target=lambda: done.append(main(["survey", str(tmp_path),
                                                               "--json"])), daemon=True)
    worker.start()
    worker.join(60)
    if worker.is_alive():  # unblock it before failing
        with open(tmp_path / "a-pipe", "w"):
            pass
        pytest.fail("survey blocked on the named pipe")
    assert done == [0]
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [Path(r["file"]).name for r in rows] == ["seed-collection.sdm"]


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


def test_a_file_with_many_comment_lines_first_is_detected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """HoDoKu's reglib-1.4.txt has 87 comment lines first: 0.1 sniffed only 64 lines."""
    src = shared_path("vectors", "sudoku", "hodoku", "reglib-1.4.txt")
    assert main(["validate", str(src), "--limit", "0", "-o", str(tmp_path / "v.txt")]) == 0
    assert "1112 records in: 1112 checked" in capsys.readouterr().err


_EXAMPLES = Path(__file__).parent.parent / "examples"


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


def test_a_hodoku_library_line_in_a_txt_file_reports_its_placed_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.1: a .txt holding a HoDoKu library line lost its placed digits silently."""
    lib = shared_path("vectors", "sudoku", "hodoku", "reglib-1.4.txt")
    line = next(ln for ln in lib.read_text().splitlines()
                if ln.strip() and not ln.startswith("#"))
    src = tmp_path / "one.txt"
    src.write_text(line + "\n")
    grid = puzzlefmt.loads(line, "hodoku-lib")[0]
    assert "placed" in grid.contents()
    assert main(["convert", str(src), "--to", "line", "-o", str(tmp_path / "o.txt")]) == 0
    err = capsys.readouterr().err
    assert "warning: line cannot hold its" in err
    assert "placed" in err.split("warning: line cannot hold its", 1)[1].split("\n", 1)[0]


def test_render_refuses_a_size_past_its_bound(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """0.1: --size 100000 ended in a CairoError (exit 3); 20000 took 30 s and 1.6 GB."""
    src = _EXAMPLES / "sudoku" / "seed-puzzle.ss"
    assert main(["render", str(src), "--size", "100000", "-o", str(tmp_path / "x.svg")]) == 2
    assert "--size must be at most 8000, found 100000" in capsys.readouterr().err
    assert not (tmp_path / "x.svg").exists()
