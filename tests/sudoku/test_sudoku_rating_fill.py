"""``puzzlefmt rate --fill`` on forum CSV collections (issue 22): the collection written back
with its ER/EP/ED columns filled and every other byte as it was (title, header, comments,
other columns, their quoting); serate's numbers replace what the columns held (a different
value is reported), a number that may not be serate's (``>=9.0``: the puzzle needs chains
beyond the rater's rows 1-25) goes into empty columns only; what cannot be filled is
refused in one line, or rejected with the reason."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from puzzlefmt.cli import main
from puzzlefmt.sudoku import Grid, rate, rate_many
from puzzlefmt.sudoku.rating import format_rating

from helpers import examples, shared_path

NAMES = ("Label", "Poster", "q1", "Sx9")

#: The rater has serate's rows 1-25: every rating below 9.0 (rows 26 and above rate 9.0 or
#: more; from 9.0 a puzzle may need them or not). What it writes past them:
REACH = 9.0
BEYOND = ">=9.0"


@cache
def _rows() -> list[tuple[str, str, str, str, bool]]:
    """(puzzle, ER, EP, ED, rated) of serate's vectors: every 20th below 9.0 (rated) and
    every 4th from 9.0 (rated, or needing chains beyond rows 1-25: which one, the rater's
    verdict tells; its numbers are checked in test_sudoku_chains.py)."""
    path = shared_path("vectors", "rating", "se-1213.tsv")
    rows = [ln.split("\t") for ln in path.read_text(encoding="utf-8").splitlines()[1:]]
    rated = [r for r in rows if float(r[1]) < REACH][::20]
    high = [r for r in rows if float(r[1]) >= REACH][::4]
    verdicts = [g.verdict for g in rate_many([Grid(r[0]) for r in high])]
    return [(r[0], r[1], r[2], r[3], True) for r in rated] + \
        [(r[0], r[1], r[2], r[3], v == "rated") for r, v in zip(high, verdicts, strict=True)]


def _expected(row: tuple[str, str, str, str, bool], held: dict[str, str]
              ) -> dict[str, str | None]:
    """What --fill writes in the ER/EP/ED columns of a row that held ``held``: serate's
    numbers where this rater has them (every number of a rated puzzle; EP and ED of one that
    needs chains when they are below 9.0), else ``>=9.0`` in an empty column, ``None`` (the
    field as it was) in another."""
    _, er, ep, ed, rated = row
    out: dict[str, str | None] = {}
    for name, value in (("ER", er), ("EP", ep), ("ED", ed)):
        if name not in held:
            continue
        if rated or (name != "ER" and float(value) < REACH):
            out[name] = value
        else:
            out[name] = None if held[name].strip() else BEYOND
    return out


def _quoted(text: str, always: bool) -> str:
    if always or any(ch in text for ch in ',"'):
        return '"' + text.replace('"', '""') + '"'
    return text


def _fill(src: Path, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, str, str]:
    out = src.with_suffix(".out")
    code = main(["rate", str(src), "--fill", "-o", str(out), *more])
    _, err = capsys.readouterr()
    return code, out.read_bytes().decode("utf-8") if out.exists() else "", err


field = st.tuples(st.text(alphabet='ab ,"x1.', max_size=6), st.booleans())
held_value = st.sampled_from(["", "1.2", "9.9", " 3.4", "11.0"])


@examples(30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_fill_changes_the_rating_columns_only(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              data: st.DataObject) -> None:
    """Any layout (the puzzle in any column, any subset of ER/EP/ED in any order, other
    columns with commas and quotes, quoted or not): the rows come back with the rating
    columns filled and every other field byte for byte."""
    rating_cols = data.draw(st.lists(st.sampled_from(["ER", "EP", "ED"]), min_size=1,
                                     unique=True))
    others = data.draw(st.lists(st.sampled_from(NAMES), unique=True))
    names = data.draw(st.permutations([*rating_cols, *others]))
    column = data.draw(st.integers(min_value=0, max_value=len(names)))
    picked = data.draw(st.lists(st.integers(min_value=0, max_value=len(_rows()) - 1),
                                min_size=1, max_size=4))
    header = ["Puzzle", *names]
    header.insert(column, header.pop(0))
    lines = ["HardestDatabase110626", "#!sudoku -c" + str(column + 1) + "," + ",".join(header)]
    want = list(lines)
    for i in picked:
        row = _rows()[i]
        held = {n: data.draw(held_value) for n in rating_cols}
        cells: list[tuple[str, str]] = []  # (as written, as expected)
        for name in names:
            if name in held:
                text = _quoted(held[name], data.draw(st.booleans()))
                cells.append((text, _expected(row, held)[name] or text))
            else:
                value, always = data.draw(field)
                text = _quoted(value, always)
                cells.append((text, text))
        puzzle = row[0].replace(".", "0") if data.draw(st.booleans()) else row[0]
        cells.insert(column, (puzzle, puzzle))
        lines.append(",".join(c for c, _ in cells))
        want.append(",".join(e for _, e in cells))
        if data.draw(st.booleans()):
            lines.append("# a comment")
            want.append("# a comment")
    src = tmp_path / "h.csv"
    src.write_bytes("".join(ln + "\r\n" for ln in lines).encode("utf-8"))
    code, out, err = _fill(src, capsys)
    assert code == 0, err
    assert out == "".join(ln + "\r\n" for ln in want)


def test_fill_on_a_hardest_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The HardestDatabase layout: empty columns filled, a rated puzzle's wrong numbers
    replaced (and reported), a number from a rater with chains kept, --jobs the same."""
    rated = next(r for r in _rows() if r[1] == "4.2")
    # A number this rater does not reach is kept. Every vector puzzle is rated now (rows
    # 26-28 rate the last ones that needed chains), so the rating is cut short by a timeout
    # (checked between steps: one step, then the bound), which --fill treats the same way
    # as a puzzle needing chains: serate's 10.3 puzzle, its first step serate's ED 9.8.
    path = shared_path("vectors", "rating", "se-1213.tsv")
    chains = max((ln.split("\t") for ln in path.read_text(encoding="utf-8").splitlines()[1:]),
                 key=lambda r: float(r[1]))
    cut = rate(Grid(chains[0]), timeout=1e-6, partial=True)
    assert cut.verdict == "timeout"
    cer, cep, ced = cut.printed
    assert (cer, ced) == (f">={chains[3]}", chains[3])
    src = tmp_path / "hardest.csv"
    lines = ["HardestDatabase110626",
             "#!sudoku -c1,PuzzleR,Label,Poster,q1,q2,ER,EP,ED,Sx9,Sxt",
             f'{rated[0]},"Thread-1;a,b",tarek,95532,97174,,,,4674,3311',
             f"{rated[0]},Thread-2,tarek,1,2,3.4,1.2,{rated[3]},,"]
    src.write_bytes("".join(ln + "\r\n" for ln in lines).encode("ascii"))
    code, out, err = _fill(src, capsys)
    assert code == 0
    er, ep, ed = rated[1:4]
    assert out.split("\r\n") == [
        *lines[:2],
        f'{rated[0]},"Thread-1;a,b",tarek,95532,97174,{er},{ep},{ed},4674,3311',
        f"{rated[0]},Thread-2,tarek,1,2,{er},{ep},{ed},,",
        ""]
    assert f"record 2, line 4: warning: ER was 3.4, now {er}" in err
    two = tmp_path / "two.out"
    assert main(["rate", str(src), "--fill", "--jobs", "2", "-q", "-o", str(two)]) == 0
    assert two.read_bytes().decode("ascii") == out
    high = tmp_path / "high.csv"
    lines = [*lines[:2],
             f"{chains[0]},Thread-3,x,1,2,{chains[1]},,,5,6",
             f"{chains[0]},Thread-4,x,1,2,,,,5,6"]
    high.write_bytes("".join(ln + "\r\n" for ln in lines).encode("ascii"))
    code, out, err = _fill(high, capsys, "--timeout", "0.000001")
    assert code == 0, err
    assert out.split("\r\n") == [
        *lines[:2],
        f"{chains[0]},Thread-3,x,1,2,{chains[1]},{cep},{ced},5,6",
        f"{chains[0]},Thread-4,x,1,2,{cer},{cep},{ced},5,6",
        ""]
    two = tmp_path / "high-two.out"
    assert main(["rate", str(high), "--fill", "--jobs", "2", "--timeout", "0.000001", "-q",
                 "-o", str(two)]) == 0
    assert two.read_bytes().decode("ascii") == out


@pytest.mark.parametrize(("more", "said"), [
    (["--format", "%r"], "--format shapes the lines"),
    (["--json"], "--json writes JSON objects"),
    (["--cluster", "local:2"], "not on a cluster"),
])
def test_fill_refuses_another_output(more: list[str], said: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "h.csv"
    src.write_text(f"#!sudoku -c1,P,ER\n{_rows()[0][0]},\n")
    code, out, err = _fill(src, capsys, *more)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert said in err


def test_fill_refuses_a_format_without_columns(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "p.txt"
    src.write_text(_rows()[0][0] + "\n" + _rows()[1][0] + "\n")
    code, out, err = _fill(src, capsys)
    assert code == 2
    assert out == ""
    assert err == f"puzzlefmt rate: --fill: {src} is txt; the rate engine fills forum-csv " \
                  "records: nothing was read\n"


def test_rows_that_cannot_be_filled_are_rejected_with_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A collection without rating columns, and a row that cannot be read: rejected and
    reported (exit 2), left out of the collection written; the other rows filled."""
    p = _rows()[0]
    src = tmp_path / "none.csv"
    src.write_text(f"#!sudoku -c1,Puzzle,Label\n{p[0]},a\n")
    code, out, err = _fill(src, capsys)
    assert code == 2
    assert out == "#!sudoku -c1,Puzzle,Label\r\n"
    assert "record 1, line 2: cannot fill it: the row has no ER, EP or ED column" in err
    src = tmp_path / "bad.csv"
    src.write_text(f"#!sudoku -c1,Puzzle,ER\n{p[0][:70]},\n{p[0]},\n")
    rejects = tmp_path / "rejects.tsv"
    code, out, err = _fill(src, capsys, "--rejects", str(rejects))
    assert code == 2
    assert out == f"#!sudoku -c1,Puzzle,ER\r\n{p[0]},{p[1]}\r\n"
    assert "record 1, line 2" in rejects.read_text()


def test_fill_out_of_time_writes_bounds_into_empty_columns_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: with ``--timeout``, a puzzle not finished in time has an ER that is a lower
    bound (``>=``): it goes into an empty column only, as a needs-chains ``>=9.0`` does; ED
    (serate's: the first step's) replaces what the column held."""
    puzzle = next(r for r in _rows() if 6.5 <= float(r[1]) < REACH)[0]
    first = rate(Grid(puzzle)).steps[0]
    shown = format_rating(first.rating)
    ep = shown if first.places else ">=" + shown
    lines = ["HardestDatabase110626", "#!sudoku -c1,Puzzle,ER,EP,ED",
             f"{puzzle},,,", f"{puzzle},9.9,,1.0"]
    src = tmp_path / "h.csv"
    src.write_bytes("".join(ln + "\r\n" for ln in lines).encode("utf-8"))
    code, out, err = _fill(src, capsys, "--timeout", "1e-9")
    assert code == 0, err
    assert out.splitlines()[2:] == [f"{puzzle},>={shown},{ep},{shown}",
                                    f"{puzzle},9.9,{ep},{shown}"]
    assert "2 timed out" in err
