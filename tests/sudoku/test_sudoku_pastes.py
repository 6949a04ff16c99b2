"""The Sudoku items of the reliability audit (issue 11): what people paste is detected, a
near miss says what is wrong, nothing hangs on long headers, a bad character never crashes a
batch, canon refuses what has no canonical form, and a line of a form feed is a blank line
to every reader."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt.cli import main
from puzzlefmt.collection import Collection
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.canon import canonical
from puzzlefmt.sudoku.family import FAMILY

PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
ROWS = [PUZZLE[r * 9 : r * 9 + 9] for r in range(9)]


def _one(value: object) -> Grid:
    if isinstance(value, Collection):
        assert len(value) == 1
        value = value[0]
    assert isinstance(value, Grid)
    return value


def _boxes(row: str, cell_sep: str, box_sep: str) -> str:
    return box_sep.join(cell_sep.join(row[b * 3 : b * 3 + 3]) for b in range(3))


PASTES = {
    "rows with | and no frame": "\n".join(_boxes(r, "", "|") for r in ROWS),
    "spaced rows with bars": "\n".join(_boxes(r, " ", " | ") for r in ROWS),
    "spaced rows with bars and rules": "\n".join(
        [*(_boxes(r, " ", " | ") for r in ROWS[:3]), "------+-------+------",
         *(_boxes(r, " ", " | ") for r in ROWS[3:6]), "------+-------+------",
         *(_boxes(r, " ", " | ") for r in ROWS[6:])]),
    "81 cells separated by spaces": " ".join(PUZZLE),
    "81 cells separated by tabs": "\t".join(PUZZLE),
    "a line with leading spaces": "    " + PUZZLE,
    "a line with a leading tab": "\t" + PUZZLE.replace(".", "0"),
    "row labels A-I after column numbers": "    1 2 3   4 5 6   7 8 9\n" + "\n".join(
        f"{'ABCDEFGHI'[k]}   {_boxes(r, ' ', ' | ')}" for k, r in enumerate(ROWS)),
    "row labels a-i": "\n".join(f"{'abcdefghi'[k]} {r}" for k, r in enumerate(ROWS)),
    "row labels r1-r9 with colons": "\n".join(f"r{k + 1}: {_boxes(r, '', '|')}"
                                             for k, r in enumerate(ROWS)),
    "row labels A-H J with a rule": "   123 456 789\n" + "\n".join(
        [*(f"{'ABCDEFGHJ'[k]} |{_boxes(r, '', '|')}|" for k, r in enumerate(ROWS[:5])),
         "  |---+---+---|",
         *(f"{'ABCDEFGHJ'[k + 5]} |{_boxes(r, '', '|')}|" for k, r in enumerate(ROWS[5:]))]),
}


@pytest.mark.parametrize("name", sorted(PASTES))
def test_common_pastes_are_detected(name: str) -> None:
    text = PASTES[name]
    assert puzzlefmt.detect(text), name
    assert _one(puzzlefmt.loads(text)).givens == Grid(PUZZLE).givens


@pytest.mark.parametrize(("cells", "found"), [(80, "found 80"), (82, "found 82 cells"),
                                              (79, "found 79"), (90, "found 90 cells")])
def test_a_near_miss_line_says_how_many_cells_it_has(cells: int, found: str) -> None:
    text = (PUZZLE * 2)[:cells] + "\n"
    with pytest.raises(PuzzleFormatError) as err:
        puzzlefmt.loads(text)
    assert err.value.format == "line"
    assert "expected 81 cells" in str(err.value)
    assert found in str(err.value)


def test_a_near_miss_line_on_the_command_line(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "paste.txt"
    path.write_text(PUZZLE[:80] + "\n")
    assert main(["convert", str(path), "--to", "sdm"]) == 2
    assert "expected 81 cells, found 80" in capsys.readouterr().err


def test_sdk_with_many_header_lines_reads_in_linear_time() -> None:
    """1 MB and 4 MB of one-letter header lines: the time grows as the size (a ratio, not a
    timing; it was quadratic: 3.3 s for 1 MB, more than 300 s for 10 MB)."""
    sdk = FAMILY.formats[[f.name for f in FAMILY.formats].index("sdk")]

    def seconds(megabytes: int) -> float:
        text = "#A\n" * (megabytes * 1_000_000 // 3) + "\n".join(ROWS) + "\n"
        best = float("inf")
        for _ in range(2):
            start = time.perf_counter()
            grid = sdk.loads(text)
            best = min(best, time.perf_counter() - start)
        assert grid.meta["A"] == "\n" * (megabytes * 1_000_000 // 3 - 1)
        return best

    small, large = seconds(1), seconds(4)
    assert large / small < 8, (small, large)


@pytest.mark.parametrize("digit", ["²", "①", "٣", "３"])
def test_a_unicode_digit_in_a_library_line_is_a_format_error(digit: str) -> None:
    line = ":0100:1:" + PUZZLE + ":4" + digit + "1:::"
    with pytest.raises(PuzzleFormatError, match="digit-row-column triples"):
        puzzlefmt.loads(line, "hodoku-lib")


def test_a_unicode_digit_does_not_stop_a_batch(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    good = ":0100:1:" + PUZZLE + ":411:::"
    path = tmp_path / "lib.txt"
    path.write_text("\n".join([good, good.replace(":411:", ":4²1:"), good]) + "\n",
                    encoding="utf-8")
    assert main(["convert", str(path), "--to", "hodoku-lib", "--from", "hodoku-lib"]) == 2
    captured = capsys.readouterr()
    assert captured.out.count(PUZZLE) == 2
    assert "record 2" in captured.err


@pytest.mark.parametrize(("record", "message"), [
    ("I3x8", "expected I, a cell number 00-80 and a digit 1-9 (I388), found 'I3x8'"),
    ("E78", "expected E, a cell number 00-80 and a candidate as three digits (E78007)"),
    ("I8", "expected I, a cell number 00-80"),
    ("E7800", "expected candidates as three digits each (007 for 7), found '00'"),
    ("I8195", "expected a cell number 00-80, found 81"),
])
def test_a_bad_record_line_says_what_is_wrong(record: str, message: str) -> None:
    text = puzzlefmt.dumps(Grid(PUZZLE), "ss") + "\r\nI001\r\n" + record + "\r\n"
    with pytest.raises(PuzzleFormatError) as err:
        puzzlefmt.loads(text, "ss")
    assert message in str(err.value)
    assert "9 rows of cells" not in str(err.value)
    assert err.value.line == 16


def test_canon_refuses_a_grid_of_candidates_only() -> None:
    grid = Grid(candidates=Grid(PUZZLE).candidate_masks())
    with pytest.raises(ValueError, match="no given to put in canonical form"):
        canonical(grid)
    assert canonical(Grid()) == "0" * 81  # the empty puzzle has a form
    assert canonical(Grid(PUZZLE)) == canonical(_one(puzzlefmt.loads(PUZZLE)))


def test_canon_unique_keeps_different_candidate_grids_apart(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = PUZZLE.replace("3", "4", 1)
    lines = [puzzlefmt.dumps(Grid(candidates=Grid(p).candidate_masks()), "sukaku").strip()
             for p in (PUZZLE, other)]
    path = tmp_path / "marks.txt"
    path.write_text("\n".join([*lines, PUZZLE, other]) + "\n")
    assert main(["canon", str(path), "--unique", "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert "0 duplicates dropped" in captured.err
    assert captured.err.count("no given to put in canonical form") == 2
    assert len(captured.out.split()) == 2


def _texts() -> dict[str, str]:
    """Every Sudoku format's text of a grid it holds."""
    placed = [0] * 81
    placed[0] = 4
    grid = Grid(givens=PUZZLE, placed=placed)
    marks = Grid(candidates=Grid(PUZZLE).candidate_masks())
    out = {}
    for fmt in FAMILY.formats:
        source = marks if "candidates" in fmt.holds and "givens" not in fmt.holds else grid
        if fmt.name == "sol":
            source = Grid(givens=[(i % 9) + 1 for i in range(81)])
        if fmt.name == "forum-csv":
            source = Grid(givens=PUZZLE, meta={"Label": "x"})
        if fmt.name == "gsf-q2":
            source = Grid(givens=PUZZLE, meta={f"column{k}": "1" for k in (1, 2, 3, 4, 6, 7)})
        out[fmt.name] = fmt.dumps([source] if fmt.collection else source)
    return out


@pytest.mark.parametrize("name", sorted(f.name for f in FAMILY.formats))
@pytest.mark.parametrize("blank", ["\f", "\v", " \f\v "])
def test_a_line_of_a_form_feed_is_blank_to_every_reader(name: str, blank: str) -> None:
    text = _texts()[name]
    fmt = FAMILY.formats[[f.name for f in FAMILY.formats].index(name)]
    plain = fmt.loads(text)
    lines = text.splitlines(keepends=True)
    padded = blank + "\n" + "".join(lines) + blank + "\n"
    value = fmt.loads(padded)
    if isinstance(plain, Collection):
        assert list(value) == list(plain)
    else:
        assert value == plain
    ranked = puzzlefmt.detect(padded, filename=f"x.{fmt.extensions[0]}"
                              if fmt.extensions else None)
    assert ranked, name


def test_a_line_of_a_form_feed_on_the_command_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ff.txt"
    path.write_text("\f\n" + PUZZLE + "\n\v\n" + PUZZLE + "\n\f\n")
    assert main(["validate", str(path), "--no-progress"]) == 0
    assert main(["convert", str(path), "--to", "sdm", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.count(PUZZLE.replace(".", "0")) == 2
