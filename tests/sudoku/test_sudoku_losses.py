"""No silent loss in the Sudoku formats (the check: tests/losscheck.py), and the loss
warnings of ``convert`` for Sudoku records.

"Gives its contents back" allows a format's own way of holding the same thing: a Sudoku
cell's possible digits may come back as candidates or as their complement (eliminations),
"no candidates recorded" as "every digit possible", digits the rules already exclude as
excluded, a lone candidate as a placed digit; a metadata field with an empty value may be
left out or added. Solo's save file holds pencil marks, where no mark in any cell is no
marks at all: a grid whose every candidate mask is empty comes back without candidates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

import puzzlefmt
from losscheck import check_nothing_lost_silently, read_back
from puzzlefmt import registry
from puzzlefmt.cli import main
from puzzlefmt.format import Format
from puzzlefmt.losses import lost
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.grid import PEERS

from helpers import examples, shared_path
from strategies.sgt import solo_grids
from strategies.sudoku import any_grids, fpuzzles_grids, solo_id_grids, wiki_grids

ALL = 511


def _possible(grid: Grid) -> list[tuple[int, int]]:
    """Per cell: its given, and the digits it may hold as a mask."""
    digits = [g or p for g, p in zip(grid.givens, grid.placed, strict=True)]
    out = []
    for i, d in enumerate(digits):
        if d:
            out.append((grid.givens[i], 1 << (d - 1)))
            continue
        mask = ALL if grid.candidates is None else grid.candidates[i]
        if grid.eliminated is not None:
            mask &= ~grid.eliminated[i]
        for j in PEERS[i]:
            if digits[j]:
                mask &= ~(1 << (digits[j] - 1))
        out.append((0, mask & ALL))
    return out


def _meta(meta: dict[str, str], fmt: Format) -> dict[str, str]:
    out = {k: v for k, v in meta.items() if v != ""}
    if fmt.name == "sdk" and "comment" in out and "C" not in out:
        out["C"] = out.pop("comment")  # the sdk comment field, #C
    return out


def _marks(grid: Grid, fmt: Format) -> Grid:
    if fmt.name == "solo-save" and grid.candidates is not None and not any(grid.candidates):
        grid = grid.replace(candidates=None)
    return grid


def _same_grid(a: Grid, b: Grid, fmt: Format) -> bool:
    return (_possible(_marks(a, fmt)) == _possible(_marks(b, fmt))
            and _meta(a.meta, fmt) == _meta(b.meta, fmt) and a.sections == b.sections)


def _same(a: Any, b: Any, fmt: Format) -> bool:
    if isinstance(a, Grid) and isinstance(b, Grid):
        return _same_grid(a, b, fmt)
    return bool(a == b)


sudoku_values = st.one_of(any_grids(), wiki_grids(), fpuzzles_grids(), solo_id_grids(),
                          solo_grids())


@given(sudoku_values)
@example(Grid(candidates=[0] * 81))  # found by the suite: no marks at all, in solo-save
# Found by the suite: a given and candidates (none on the empty cells): .txt and .sdm write
# the givens' line, and say that the candidates are dropped.
@example(Grid(givens=[0] * 80 + [1], candidates=[0] * 80 + [1]))
@examples(150, suppress_health_check=[HealthCheck.too_slow])
def test_sudoku_formats_lose_nothing_silently(grid: Grid) -> None:
    check_nothing_lost_silently(grid, "sudoku", _same)


def test_convert_names_the_metadata_fields_it_drops(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A forum CSV's columns into sdk (which keeps its own fields, #A #B #C...): 0.2 warned
    about nothing, since sdk holds "metadata"."""
    src = tmp_path / "in.csv"
    puzzle = "." * 80 + "1"
    src.write_text(f"#!sudoku -c1,Puzzle,Label,ER\n{puzzle},p1,9.1\n")
    out = tmp_path / "out.sdk"
    assert main(["convert", str(src), "--to", "sdk", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "record 1, line 2: warning: sdk cannot hold its metadata (Label, ER): dropped" in err
    assert "1 with losses" in err
    assert main(["convert", str(src), "--to", "sdk", "-o", str(out), "--strict"]) == 2
    assert "sdk cannot hold its metadata (Label, ER) (--strict)" in capsys.readouterr().err


def test_a_line_collection_says_it_drops_the_candidates_of_a_grid_with_givens() -> None:
    marked = Grid(givens=[0] * 80 + [1], candidates=[0] * 80 + [1])
    bare = Grid(candidates=[0] * 80 + [1])  # no given: written as a Sukaku line
    for name in ("txt", "sdm"):
        fmt = registry.get_format(name)
        assert lost(marked, fmt) == ["candidates"]
        assert lost(bare, fmt) == []
        assert read_back(fmt, fmt.dumps(bare)).candidates == bare.candidates


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


def test_a_candidate_grid_names_the_placed_digits_it_cannot_tell_from_candidates() -> None:
    """Found by the suite: a placed digit is written as a one-candidate group, which reads
    back as placed only while no peer still has that digit. When a peer does, the candidate
    grids name the placed digits as lost (``convert`` warns, ``--strict`` refuses)."""
    placed = [0] * 79 + [3, 0]
    held = Grid(placed=placed, candidates=[1] * 79 + [4, 2])  # no peer holds the 3
    shared = Grid(placed=placed, candidates=[1] * 79 + [4, 4])  # r9c9 still holds it
    for name in ("candidates", "pm-grid", "pm-print"):
        fmt = registry.get_format(name)
        assert lost(held, fmt) == [], name
        assert read_back(fmt, fmt.dumps(held)).placed[79] == 3, name
        assert lost(shared, fmt) == ["placed"], name
        assert read_back(fmt, fmt.dumps(shared)).placed[79] == 0, name
