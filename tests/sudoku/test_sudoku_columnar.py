"""The columnar fast path writes exactly what the record-by-record path writes: every shared
data file, every batch command, with the same rejects and their record numbers; and with
``--jobs 2`` too."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from puzzlefmt.cli import main
from puzzlefmt.sudoku.columnar import block_canon, block_convert, parse_lines, solve_lines

from helpers import ROOT, shared_path

FILES = [
    ("data", "sudoku", "tdoku_format", "puzzles2_17_clue"),
    ("data", "sudoku", "tdoku_format", "puzzles3_magictour_top1465"),
    ("data", "sudoku", "tdoku_format", "puzzles5_forum_hardest_1905_11+"),
    ("data", "sudoku", "tdoku_format", "puzzles6_forum_hardest_1106"),
    ("data", "sudoku", "tdoku_format", "puzzles7_serg_benchmark_CRLF"),
    ("data", "sudoku", "hodoku_py_testdata", "HardestDatabase110626.txt"),
    ("data", "sudoku", "hodoku_py_testdata", "exemplars-1.0.txt"),
    ("data", "sudoku", "hodoku_py_testdata", "qqwing_expert.sdm"),
    ("data", "sudoku", "hodoku_py_testdata", "sudocue_top10000.sdm"),
    ("data", "sudoku", "hodoku_py_testdata", "top1465.sdm"),
]
# Big files are cut to their first lines (with a broken line and a comment put in), so that
# the record-by-record path stays quick; the small ones are taken whole.
HEAD = 3000

COMMANDS = [
    ["solve"],
    ["solve", "--count"],
    ["solve", "--limit", "3"],
    ["validate"],
    ["canon"],
    ["canon", "--convention", "pattern"],
    ["canon", "--unique"],
    ["convert", "--to", "sdm"],
    ["convert", "--to", "txt"],
]


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("columnar")
    out = []
    for parts in FILES:
        path = shared_path(*parts)
        raw = path.read_bytes()
        lines = raw.splitlines(keepends=True)
        if len(lines) > HEAD:
            lines = lines[:HEAD]
            lines.insert(7, b"# a comment put in\n")
            lines.insert(11, lines[12][:60] + b"\n")  # a broken record
            lines.insert(20, b"." * 40 + b"0" * 41 + b"\n")  # both blanks: the object path
            lines.insert(25, "\u00a0\n".encode())  # a record (not blank), as iter_records reads
        target = folder / path.name
        target.write_bytes(b"".join(lines))
        out.append(target)
    return out


def _run(args: list[str], out: Path, rejects: Path) -> tuple[int, bytes, bytes]:
    code = main([*args, "-o", str(out), "--rejects", str(rejects), "-q", "--no-progress"])
    return code, out.read_bytes(), rejects.read_bytes()


@pytest.mark.slow_without_jit  # 10 files of up to 3000 records, solved and canonicalised twice
@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_columnar_equals_object_path(samples: list[Path], command: list[str],
                                     tmp_path: Path) -> None:
    for path in samples:
        fast = _run([*command, str(path)], tmp_path / "fast", tmp_path / "fast.rej")
        slow = _run([*command, str(path), "--object-path"], tmp_path / "slow",
                    tmp_path / "slow.rej")
        assert fast == slow, f"{path.name}: {' '.join(command)}"


@pytest.mark.slow_without_jit  # 3000 records, solved and canonicalised twice
@pytest.mark.parametrize("command", [["solve"], ["canon"], ["convert", "--to", "sdm"]],
                         ids=["solve", "canon", "convert"])
def test_jobs_two_equal_jobs_one(samples: list[Path], command: list[str],
                                 tmp_path: Path) -> None:
    path = samples[0]
    one = _run([*command, str(path)], tmp_path / "one", tmp_path / "one.rej")
    two = _run([*command, str(path), "--jobs", "2"], tmp_path / "two", tmp_path / "two.rej")
    assert one == two


def test_the_block_api() -> None:
    lines = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "400000805030000000000700000020000060000080400000010000000603070500200000104000000",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....0",
        "not a puzzle",
        "." * 81,
    ]
    parsed = parse_lines(lines)
    assert parsed.ok.tolist() == [True, True, False, False, True]
    assert (parsed.cells[0] == parsed.cells[1]).all()
    got = solve_lines(lines)
    assert got.counts.tolist() == [1, 1, 2]
    assert "".join(map(str, got.solutions[0, 0].tolist())).startswith("417369825")


def test_plain_lines_and_what_is_left_to_the_object_path() -> None:
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    form = "000000001000001023004050000000000500000600740380000000000002000007000600010008000"
    others = [
        puzzle[:-1] + "é",  # 81 characters, one not ASCII
        puzzle[:-1] + "x",  # a character that is no cell
        puzzle[:-1] + "0",  # both blanks
        puzzle + " ",  # 82 characters
    ]
    every = parse_lines([puzzle, puzzle.replace(".", "0")])  # every line plain
    assert every.ok.tolist() == [True, True]
    assert every.cells.dtype == np.uint8
    assert every.cells.tolist()[0] == [int(c) if c != "." else 0 for c in puzzle]
    assert every.cells.tolist()[0] == every.cells.tolist()[1]
    mixed = parse_lines([*others, puzzle])
    assert mixed.ok.tolist() == [False, False, False, False, True]
    assert mixed.cells.tolist() == every.cells.tolist()[:1]
    # Every line plain, and one left to the object path (None at its place).
    assert block_canon([puzzle, puzzle], [1, 2], "string") == ([form + "\n"] * 2, [None] * 2)
    texts, kinds = block_canon([puzzle, others[1], puzzle], [1, 2, 3], "string")
    assert texts == [form + "\n", None, form + "\n"]
    assert kinds == [None, None, None]
    assert block_convert([puzzle], [1], "sdm", {}) == ([puzzle.replace(".", "0") + "\r\n"],
                                                       [None])


def test_joined_texts_are_a_sequence_of_their_texts() -> None:
    from puzzlefmt.columnar import JoinedTexts, joined

    texts = ["abc\n", "def\n", "ghi\n"]
    kept = JoinedTexts("".join(texts), 4)
    assert len(kept) == 3
    assert list(kept) == texts
    assert kept == texts
    assert kept != texts[:2]
    assert [kept[0], kept[-1]] == ["abc\n", "ghi\n"]
    assert kept[1:] == texts[1:]
    assert None not in kept
    assert "def\n" in kept
    assert "xyz\n" not in kept
    assert joined(kept) == "abc\ndef\nghi\n"
    assert joined(["a", "b"]) == "ab"
    with pytest.raises(IndexError):
        kept[3]
    with pytest.raises(ValueError, match="11 characters are not texts of width 4"):
        JoinedTexts("abc\ndef\nghi", 4)


def test_solve_kinds_and_summary_equal_the_object_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Blocks where some lines have no solution or many (each line then has its own text
    and kind), between comments and broken lines: the same output, rejects and summary."""
    sdm = ROOT / "examples" / "sudoku" / "seed-collection.sdm"
    unique = sdm.read_text(encoding="utf-8").split()
    lines = []
    for k in range(12):
        lines += [unique[k % len(unique)], "0" * 81, "# note", "11" + "0" * 79,
                  "." * 81, unique[(k + 1) % len(unique)][:50], ""]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    said = []
    for extra in ([], ["--object-path"], ["--jobs", "2"]):
        code = main(["solve", str(path), "-o", str(tmp_path / "out"), "--no-progress",
                     "--rejects", str(tmp_path / "rej"), *extra])
        err = capsys.readouterr().err
        summary = [line.split(" (0.")[0].split(" (1.")[0] for line in err.splitlines()
                   if line.startswith("puzzlefmt solve:")]
        said.append((code, (tmp_path / "out").read_bytes(), (tmp_path / "rej").read_bytes(),
                     summary))
    assert said[0] == said[1] == said[2]
    # Each of the 12 rounds: one unique, two with many solutions (no given, no digit), one
    # with none (two 1s in a row), one broken line; a comment and a blank line.
    assert said[0][3] == ["puzzlefmt solve: 60 records in: 48 solved (12 unique, 24 multiple, "
                          "12 none), 12 rejected"]
