"""Table tests: every vector in ../shared/vectors/sudoku decodes as expected.json says and is
detected as its format; every collection in ../shared/data/sudoku reads completely."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt.collection import Collection
from puzzlefmt.sudoku import Grid, digits_of
from puzzlefmt.sudoku.bulkread import read_array
from puzzlefmt.textio import decode

from helpers import SHARED, shared_path

VECTORS = SHARED / "vectors" / "sudoku"


def _expected() -> dict[str, dict[str, object]]:
    path = VECTORS / "expected.json"
    if not path.exists():
        return {}
    data: dict[str, dict[str, object]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _load(key: str) -> Grid:
    name, _, index = key.partition("#")
    path = shared_path("vectors", "sudoku", name)
    obj = puzzlefmt.load(str(path))
    if isinstance(obj, Collection):
        return obj[int(index) - 1 if index else 0]  # type: ignore[no-any-return]
    assert isinstance(obj, Grid)
    return obj


def _line(values: list[int]) -> str:
    return "".join(str(v) if v else "." for v in values)


@pytest.mark.parametrize("key", sorted(_expected()) or ["(../shared absent)"])
def test_vector_decodes_as_expected(key: str) -> None:
    shared_path("vectors", "sudoku", "expected.json")
    exp = _expected()[key]
    grid = _load(key)
    if "givens" in exp:
        if grid.candidates is not None and not any(grid.givens):
            # A candidate grid has no givens: the expected givens are its single-candidate
            # cells (the sources list every given as a one-digit group and nothing else).
            singles = [
                int(digits_of(m)) if bin(m).count("1") == 1 else 0 for m in grid.candidates
            ]
            assert _line(singles) == exp["givens"]
        else:
            assert _line(grid.givens) == exp["givens"]
    if "candidates" in exp:
        assert [digits_of(m) for m in grid.candidate_masks()] == exp["candidates"]
        assert grid.candidates is not None
        if "givens" not in exp:
            assert not any(grid.givens), "a candidate grid must not invent givens"
    if "values" in exp:
        assert _line(grid.values) == exp["values"]
    if "placements_index0_to_digit" in exp:
        placed = {str(i): d for i, d in enumerate(grid.placed) if d}
        assert placed == exp["placements_index0_to_digit"]
    if "eliminations_index0_digit" in exp:
        assert grid.eliminated is not None
        got = sorted(
            [i, d] for i, m in enumerate(grid.eliminated) for d in range(1, 10) if m >> (d - 1) & 1
        )
        assert got == sorted(exp["eliminations_index0_digit"])  # type: ignore[type-var]
    if "meta" in exp:
        meta = exp["meta"]
        assert isinstance(meta, dict)
        assert {k: grid.meta.get(k) for k in meta} == meta
    if "givens_from_print_puzzle" in exp:
        # r8c2 has the single candidate 1 and must stay a candidate, not become a given.
        assert not any(grid.givens)


# Each vector file and the format it is in (the file's own name says which program wrote it).
DETECTION = {
    "sudocue_sudopedia/sadman_line_dot.txt": "line",
    "sudocue_sudopedia/sadman_line_dash.txt": "line",
    "sudocue_sudopedia/sadman_line_zero.txt": "line",
    "sudocue_sudopedia/sadman_line_star.txt": "line",
    "sudocue_sudopedia/sadman_9x9_rows.txt": "rows",
    "sudocue_sudopedia/sadman_9x9_comma.txt": "rows",
    "sudocue_sudopedia/sadman_9x9_tab.txt": "rows",
    "sudocue_sudopedia/sadman_grid_lines.txt": "plus-grid",
    "sudocue_sudopedia/sadman_pencilmarks_81_groups_space.txt": "candidates",
    "sudocue_sudopedia/simplesudoku_print_candidates.txt": "pm-print",
    "sudocue_sudopedia/simplesudoku_print_puzzle.txt": "ss-print",
    "sudocue_sudopedia/sudocue_header_example.sdk": "sdk",
    "sukaku_explainer/issue17_plus_borders_spaced.txt": "plus-grid",
    "sukaku_explainer/issue17_rows_no_spaces.txt": "rows",
    "sukaku_explainer/issue17_simplesudoku_style.txt": "ss",
    "sukaku_explainer/issue17_spaced_rows_no_borders.txt": "rows",
    "sukaku_explainer/issue17_spaced_with_bars.txt": "spf",
    "sukaku_explainer/issue18_sukaku_pm_grid_no_givens.txt": "pm-grid",
    "sukaku_explainer/sukaku_729char_examples.txt": "txt",
    "hodoku/FN_test.txt": "hodoku-lib",
    "hodoku/exemplars-1.0.UTF16LE_BOM_CRLF.txt": "txt",
    "hodoku/givens_formatted_spaced.txt": "plus-grid",
    "hodoku/pm_grid_with_step_markers.txt": "pm-grid",
    "hodoku/q2-taxonomy.first200.txt": "txt",
    "hodoku/reglib-1.4.txt": "hodoku-lib",
    "hodoku/simplesudoku_givens_values_pm.txt": "ss",
    "hodoku/sudoku17_20100413.first100.txt": "txt",
    "hodoku/simplesudoku_file_with_I_E_records.ss": "ss",
    "hodoku_py/reglib-1.3.txt": "hodoku-lib",
    "tdoku/test_puzzles": None,  # puzzle:count:solution lines are test data, not a format
    # Sukaku Explainer's ratings after each puzzle line (ED=...): a .txt collection.
    "web/se_ratings_sukakuexplainer.txt": "txt",
}


@pytest.mark.parametrize("name", sorted(k for k, v in DETECTION.items() if v))
def test_vector_is_detected_as_its_format(name: str) -> None:
    path = shared_path("vectors", "sudoku", name)
    text = decode(path.read_bytes())
    ranked = puzzlefmt.detect(text, filename=name)
    assert ranked, f"{name}: nothing detected"
    assert ranked[0].format == DETECTION[name], ranked[:3]


def test_every_vector_file_is_in_the_detection_table() -> None:
    root = shared_path("vectors", "sudoku")
    files = {
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.is_file() and p.suffix not in (".json", ".md", ".tsv")
    }
    assert files == set(DETECTION)


def _independent_count(path: Path) -> int:
    """Records counted without our reader: non-blank lines that are not # comments, minus
    a title line and the #! header of a forum CSV."""
    lines = decode(path.read_bytes()).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    records = [ln for ln in lines if ln.strip() and not ln.startswith("#")]
    if any(ln.startswith("#!sudoku") for ln in lines):
        header = next(i for i, ln in enumerate(lines) if ln.startswith("#!sudoku"))
        records = [ln for ln in lines[header + 1 :] if ln.strip() and not ln.startswith("#")]
    return len(records)


DATA_FILES = [
    "hodoku_py_testdata/HardestDatabase110626.txt",
    "hodoku_py_testdata/exemplars-1.0.txt",
    "hodoku_py_testdata/qqwing_easy.sdm",
    "hodoku_py_testdata/qqwing_expert.sdm",
    "hodoku_py_testdata/qqwing_intermediate.sdm",
    "hodoku_py_testdata/qqwing_simple.sdm",
    "hodoku_py_testdata/sudocue_almostdn.sdm",
    "hodoku_py_testdata/sudocue_learningcurve.sdm",
    "hodoku_py_testdata/sudocue_noponies.sdm",
    "hodoku_py_testdata/sudocue_snow2005.sdm",
    "hodoku_py_testdata/sudocue_superiors.sdm",
    "hodoku_py_testdata/sudocue_top10000.sdm",
    "hodoku_py_testdata/top1465.sdm",
    "tdoku_format/puzzles2_17_clue",
    "tdoku_format/puzzles3_magictour_top1465",
    "tdoku_format/puzzles5_forum_hardest_1905_11+",
    "tdoku_format/puzzles6_forum_hardest_1106",
    "tdoku_format/puzzles7_serg_benchmark_CRLF",
]

# Counts the data README states, where they agree with the files (see test below).
README_COUNTS = {
    "hodoku_py_testdata/HardestDatabase110626.txt": 375,
    "hodoku_py_testdata/top1465.sdm": 1465,
    "hodoku_py_testdata/sudocue_top10000.sdm": 10000,
    "hodoku_py_testdata/sudocue_learningcurve.sdm": 2500,
    "tdoku_format/puzzles2_17_clue": 49158,
    "tdoku_format/puzzles7_serg_benchmark_CRLF": 10000,
}


@pytest.mark.parametrize("name", DATA_FILES)
def test_data_file_reads_completely(name: str) -> None:
    path = shared_path("data", "sudoku", name)
    records = list(puzzlefmt.iter_records(str(path)))
    bad = [str(r.error) for r in records if r.error is not None]
    assert not bad, bad[:3]
    assert len(records) == _independent_count(path)
    if name in README_COUNTS:
        assert len(records) == README_COUNTS[name]
    assert all(isinstance(r.value, Grid) for r in records)


@pytest.mark.parametrize("name", [n for n in DATA_FILES if n.startswith("tdoku")])
def test_bulk_reader_agrees_with_streaming_reader(name: str) -> None:
    path = shared_path("data", "sudoku", name)
    bulk = read_array(path)
    assert bulk.bad.size == 0
    stream = [r.value.givens for r in puzzlefmt.iter_records(str(path))]
    assert bulk.puzzles.tolist() == stream


def test_hodoku_py_bad_inputs() -> None:
    """alexdej/hodoku-py's invalid inputs: syntax errors raise; rule breaks are reported."""
    path = shared_path("vectors", "sudoku", "hodoku_py", "bad_inputs.tsv")
    cases = {}
    for ln in path.read_text(encoding="utf-8").splitlines():
        if ln.startswith("#") or not ln.strip():
            continue
        label, text, expected = ln.split("\t")
        cases[label] = (text, expected)
    syntax = {
        "too_short": "1" + "23",
        "too_long": "0" * 82,
        "eighty_chars": "0" * 80,
        "invalid_letter": "A" * 81,
        "invalid_symbol": "0" * 40 + "?" + "0" * 40,
        "spaces": " " * 81,
        "empty_string": "",
    }
    for label, text in syntax.items():
        assert cases[label][1].startswith("error")
        with pytest.raises(puzzlefmt.PuzzleFormatError):
            Grid.from_line(text) if text.strip() else puzzlefmt.loads(text)
    rules = {
        "dup_in_row": "550000000" + "0" * 72,
        "dup_in_col": "500000000" + "500000000" + "0" * 63,
        "dup_in_box": "500000000" + "0" + "5" + "0" * 7 + "0" * 63,
    }
    for label, text in rules.items():
        assert cases[label][1].startswith("error")
        grid = Grid.from_line(text)
        assert not grid.is_valid()
        assert "5 appears twice" in str(grid.problems()[0])
    for label, text in {"all_empty": "0" * 81, "single_given": "5" + "0" * 80}.items():
        assert cases[label][1].startswith("valid")
        assert Grid.from_line(text).is_valid()
    _, _, solution = cases["easy_puzzle"][1].partition(" ")
    assert Grid.from_line(cases["easy_puzzle"][0]).is_valid()
    assert re.fullmatch(r"[1-9]{81}", solution)
