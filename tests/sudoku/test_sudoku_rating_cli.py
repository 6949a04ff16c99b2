"""``puzzlefmt rate`` on the command line (issue 22): serate's ``--format`` notation for the
output line (``%r/%p/%d`` by default, byte for byte what the command wrote before), the same
lines with ``--jobs`` and ``--cluster``, and format strings it refuses in one line."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from puzzlefmt.cli import main
from puzzlefmt.sudoku import Grid, rate
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


# ---------------------------------------------------------------------- the fast path

EDGES = ["534678912672195348198342567859761423426853791713924856961537284287419635345286179",
         "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179",
         "55.678912672195348198342567859761423426853791713924856961537284287419635345286179",
         "# a comment line", ""]


def _mixed(tmp_path: Path, crlf: bool) -> Path:
    """Rated puzzles and ones that need chains, with 0 or . blanks, the edge verdicts,
    comment and blank lines, a line with a comment after its cells and a broken line."""
    path = shared_path("vectors", "rating", "se-1213.tsv")
    rows = [ln.split("\t")[0] for ln in path.read_text(encoding="utf-8").splitlines()[1:]]
    lines = rows[::7]
    lines[5:5] = EDGES
    lines[40] = lines[40] + " # after the cells"
    lines[60] = lines[60][:75]
    lines[80:] = [ln.replace(".", "0") for ln in lines[80:]]
    src = tmp_path / "mixed.txt"
    end = "\r\n" if crlf else "\n"
    src.write_bytes("".join(ln + end for ln in lines).encode("ascii"))
    return src


@pytest.mark.parametrize("crlf", [False, True])
@pytest.mark.parametrize("fmt", [None, "%n\t%g %r/%p/%d%%", "%d|%p|%r|%g"])
def test_the_fast_path_writes_what_the_object_path_writes(
        fmt: str | None, crlf: bool, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The same lines, the same rejects, the same summary counts and exit code, with one
    process and with two."""
    src = _mixed(tmp_path, crlf)
    more = ["--format", fmt] if fmt is not None else []
    runs = []
    for extra in (["--object-path"], [], ["--jobs", "2"]):
        code, out, err = _rate([str(src), *more, *extra], capsys)
        summary = re.sub(r"\(\d[\d.]* s, [\d,]+ records/s\)", "", err)
        runs.append((code, out, summary))
    assert runs[0] == runs[1] == runs[2]
    assert runs[0][0] == 2  # the broken line
    assert "1 multiple-solutions, 1 no-solution" in runs[0][2]


def test_rate_jobs_take_the_columnar_path() -> None:
    """``rate`` over plain lines is worked as arrays (the columnar path): the block function
    writes what the engine's own line is; with steps or a timeout it leaves the block to the
    record-by-record path."""
    from puzzlefmt import registry
    from puzzlefmt.jobs import Job
    from puzzlefmt.sudoku import FAMILY, Grid
    from puzzlefmt.sudoku.columnar import block_engine

    job = Job("engine", target="rate", options=(("format", "%n %g %r"),))
    assert job.block(registry.get_format("txt")) is not None
    lines = [r[0] for r in _rows()[:20]] + EDGES[:3]
    eng = FAMILY.engine("rate")
    assert eng is not None
    for options in ({}, {"format": "%g=%d,%p,%r #%n"}):
        found = block_engine(lines, list(range(3, 3 + len(lines))), "rate", options)
        assert found is not None
        texts, kinds = found
        ratings = eng.many([Grid(p) for p in lines])
        assert list(texts) == [eng.line(Grid(p), r, number=k, text=p, **options) + "\n"
                               for k, (p, r) in enumerate(zip(lines, ratings, strict=True), 3)]
        assert list(kinds) == [r.verdict for r in ratings]
    assert block_engine(lines, [1] * len(lines), "rate", {"steps": True}) is None
    assert block_engine(lines, [1] * len(lines), "rate", {"timeout": 5.0}) is None
    assert block_engine(lines, [1] * len(lines), "grade", {}) is None


def test_timeout_writes_the_rating_reached_so_far(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: ``rate --timeout S`` gives a puzzle it cannot finish in time the rating
    reached so far: ER a lower bound (``>=``), EP too before a digit is placed, ED the first
    step's; ``--json`` carries the ``timeout`` verdict; the summary counts every record
    (``rated``, of which ``timed out``; ``rejected``), one line, no traceback; exit code 0
    as for a rating that needs chains (1 only for a puzzle without one solution, 2 for a
    record that cannot be read). The time is checked after each step, so at least one step
    is taken: with a tiny bound, one."""
    path = shared_path("vectors", "rating", "se-1213.tsv")
    rows = [ln.split("\t") for ln in path.read_text(encoding="utf-8").splitlines()[1:]]
    puzzles = [r[0] for r in rows if 6.5 <= float(r[1]) <= 7.0][:5]
    solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    src = tmp_path / "puzzles.txt"
    src.write_text("".join(p + "\n" for p in puzzles) + solved + "\n", encoding="ascii")
    want = []
    for p in puzzles:
        first = rate(Grid(p)).steps[0]
        shown = format_rating(first.rating)
        want.append(f">={shown}/{'' if first.places else '>='}{shown}/{shown}")
    want.append(rate(Grid(solved)).line())
    for more in ([], ["--jobs", "2"], ["--steps"]):
        code, out, err = _rate([str(src), "--timeout", "1e-9", *more], capsys)
        assert code == 0
        assert out.splitlines() == want
        assert "Traceback" not in err
        assert len(err.splitlines()) == 1
        assert f"6 records in: 6 rated ({len(puzzles)} timed out, 1 already-solved), " \
               "0 rejected" in err
        code, out, _ = _rate([str(src), "--timeout", "1e-9", "--json", "-q", *more], capsys)
        data = [json.loads(line) for line in out.splitlines()]
        assert [d["verdict"] for d in data] == ["timeout"] * len(puzzles) + ["already-solved"]
        assert [d["text"] for d in data] == want
        assert all(d["lower"][0] for d in data[:-1])
    # a record that cannot be read is still rejected, and counted so
    src.write_text(puzzles[0] + "\nnot a sudoku\n", encoding="ascii")
    code, out, err = _rate([str(src), "--timeout", "1e-9"], capsys)
    assert code == 2
    assert out.splitlines() == [want[0], ""]
    assert "2 records in: 1 rated (1 timed out), 1 rejected" in err


def test_help_shows_the_format_conversions(capsys: pytest.CaptureFixture[str]) -> None:
    """``rate --help`` printed a traceback: argparse read the % of ``--format``'s help
    ("%r ER") as its own placeholders."""
    code, out, err = _rate(["--help"], capsys)
    assert code == 0
    assert "%r ER, %p EP, %d ED" in " ".join(out.split())
    assert "--timeout" in out
    assert "Traceback" not in err
