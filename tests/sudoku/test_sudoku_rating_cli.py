"""``puzzlefmt rate`` on the command line (issue 22): serate's ``--format`` notation for the
output line (``%r/%p/%d`` by default, byte for byte what the command wrote before), the same
lines with ``--jobs`` and ``--cluster``, and format strings it refuses in one line."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from puzzlefmt.cli import main
from puzzlefmt.sudoku.rating import format_rating

from helpers import shared_path


@cache
def _rows() -> list[tuple[str, str, str, str]]:
    """(puzzle, ER, EP, ED) of serate's vectors with ER <= 6.2, a sample of each band."""
    path = shared_path("vectors", "rating", "se-1213.tsv")
    rows = [ln.split("\t") for ln in path.read_text(encoding="utf-8").splitlines()[1:]]
    picked = [r for r in rows if float(r[1]) <= 6.2][::25]
    return [(r[0], r[1], r[2], r[3]) for r in picked]


def _input(tmp_path: Path, zeros: bool = False) -> tuple[Path, list[str]]:
    """The sample as a line file (every third puzzle written with ``0`` blanks, one with a
    comment after its cells: the record-by-record path), and its lines as written."""
    lines = []
    for k, (p, _, _, _) in enumerate(_rows()):
        text = p.replace(".", "0") if zeros or k % 3 == 1 else p
        lines.append(text + " # a comment" if k == 4 else text)
    src = tmp_path / "puzzles.txt"
    src.write_text("".join(ln + "\n" for ln in lines), encoding="ascii")
    return src, lines


def _rate(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["rate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_default_line_is_er_ep_ed(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    src, _ = _input(tmp_path)
    code, out, _ = _rate([str(src), "-q"], capsys)
    assert code == 0
    assert out.splitlines() == [f"{er}/{ep}/{ed}" for _, er, ep, ed in _rows()]
    code, same, _ = _rate([str(src), "-q", "--format", "%r/%p/%d"], capsys)
    assert (code, same) == (0, out)


def test_format_writes_serates_conversions(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """%g is the puzzle's 81 cells as the line gives them (a comment after them is not the
    puzzle), %n the record's number; other characters, a backslash too, are copied as serate
    copies them."""
    src, lines = _input(tmp_path)
    code, out, _ = _rate([str(src), "-q", "--format", r"%n %g|%d %p %r|%%|\t|%e"], capsys)
    assert code == 0
    got = out.splitlines()
    assert len(got) == len(lines)
    for n, (line, row, text) in enumerate(zip(lines, _rows(), got, strict=True), 1):
        head, _, elapsed = text.rpartition("|")
        assert head == f"{n} {line[:81]}|{row[3]} {row[2]} {row[1]}|%|\\t"
        assert re.fullmatch(r"\d+\.\d\ds", elapsed), elapsed


def test_format_is_the_same_with_jobs_and_the_object_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, _ = _input(tmp_path)
    fmt = ["--format", "%n:%g:%r,%p,%d"]
    _, one, _ = _rate([str(src), "-q", *fmt], capsys)
    _, two, _ = _rate([str(src), "-q", "--jobs", "2", *fmt], capsys)
    _, slow, _ = _rate([str(src), "-q", "--object-path", *fmt], capsys)
    assert one == two == slow
    assert one.splitlines()[0] == f"1:{_rows()[0][0]}:{','.join(_rows()[0][1:])}"


def test_format_is_the_same_on_a_cluster(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    src, _ = _input(tmp_path)
    fmt = ["--format", "%n:%g:%r/%p/%d"]
    _, local, _ = _rate([str(src), "-q", *fmt], capsys)
    code, far, _ = _rate([str(src), "-q", "--cluster", "local:2", *fmt], capsys)
    assert code == 0
    assert far == local


def test_already_solved_and_chains_print_as_documented(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    src = tmp_path / "edge.txt"
    src.write_text(solved + "\n")
    _, out, _ = _rate([str(src), "-q", "--format", "%g %r %p %d"], capsys)
    assert out == f"{solved} {format_rating(float('-inf'))} 0.0 0.0\n"


@pytest.mark.parametrize("fmt", ["%x", "%r/%q", "100%", "%r %"])
def test_a_bad_format_is_refused_in_one_line(fmt: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    src, _ = _input(tmp_path)
    out_file = tmp_path / "out.txt"
    code, out, err = _rate([str(src), "--format", fmt, "-o", str(out_file)], capsys)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert "--format" in err
    assert "%r %p %d %e %g %n %%" in err
    assert "Traceback" not in err
    assert not out_file.exists()


def test_the_from_abbreviation_still_works(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``--f`` was short for ``--from`` before ``--format`` came (argparse's prefixes)."""
    src, _ = _input(tmp_path)
    _, want, _ = _rate([str(src), "-q", "--from", "txt"], capsys)
    code, got, _ = _rate([str(src), "-q", "--f", "txt"], capsys)
    assert (code, got) == (0, want)


def test_the_engine_table_declares_the_line_option() -> None:
    """The option comes from the engine table (the command line names no family), and the
    engine's line takes it, checked."""
    from puzzlefmt.errors import OptionError
    from puzzlefmt.sudoku import FAMILY, Grid

    eng = FAMILY.engine("rate")
    assert eng is not None
    assert [o.name for o in eng.line_options] == ["format"]
    puzzle, er, ep, ed = _rows()[0]
    grid = Grid(puzzle)
    rating = eng(grid)
    assert eng.line(grid, rating) == f"{er}/{ep}/{ed}"
    assert eng.line(grid, rating, number=7, text=puzzle, format="%n %g %d") == \
        f"7 {puzzle} {ed}"
    with pytest.raises(OptionError, match="%y"):
        eng.line(grid, rating, format="%y")
