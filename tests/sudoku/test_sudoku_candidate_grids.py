"""A candidate (pencil-mark) grid with placed digits and no givens: canon, solve and
validate take it as the puzzle of its placed digits; converting it to a line says what
is dropped and that the placed digits are written as givens."""

from __future__ import annotations

from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt import registry
from puzzlefmt.cli import main
from puzzlefmt.losses import dropped, lost, rewritten
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.canon import canonical

from helpers import ROOT

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."
PM_GRID = ROOT / "examples" / "sudoku" / "seed-candidates-print.txt"


def test_canon_takes_a_candidate_grid_that_solve_and_validate_take(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.2: a pasted PM grid has no givens (its solved cells are placed digits): solve and
    validate took it, canon refused it. Its form is now that of its placed digits: the
    puzzle the solver starts from and the line writer writes."""
    grid = puzzlefmt.load(PM_GRID)
    assert not any(grid.givens)
    assert any(grid.placed)
    assert grid.candidates is not None
    as_line = puzzlefmt.loads(puzzlefmt.dumps(grid, "line"), "line")
    for convention in ("string", "pattern"):
        form = canonical(grid, convention)
        assert form == canonical(Grid(givens=grid.placed), convention)
        assert form == canonical(as_line, convention)
    for command in ("solve", "validate", "canon"):
        assert main([command, str(PM_GRID), "-o", str(tmp_path / "out.txt")]) == 0, command
    assert (tmp_path / "out.txt").read_text() == canonical(grid) + "\n"
    assert "1 record in: 1 canonicalised, 0 rejected" in capsys.readouterr().err


def test_converting_a_candidate_grid_to_a_line_says_what_is_lost_and_what_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.2 warned "line cannot hold its candidates, placed: dropped" and wrote the placed
    digits: they are not dropped, they are written as givens."""
    grid = puzzlefmt.load(PM_GRID)
    out = tmp_path / "o.txt"
    assert main(["convert", str(PM_GRID), "--to", "line", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert (
        "warning: line cannot hold its candidates: dropped; it writes its placed digits as givens"
    ) in err
    assert "placed: dropped" not in err
    assert out.read_text().strip() == puzzlefmt.dumps(grid, "line").strip()
    assert puzzlefmt.loads(out.read_text(), "line").givens == grid.placed
    assert main(["convert", str(PM_GRID), "--to", "line", "--strict", "-o", str(out)]) == 2
    assert (
        "line cannot hold its candidates, and writes its placed digits as givens (--strict)"
    ) in capsys.readouterr().err


def test_the_loss_check_names_placed_digits_written_as_givens() -> None:
    line = registry.get_format("line")
    placed = Grid(placed=Grid(PUZZLE).givens)  # placed digits only
    assert dropped(placed, line) == []
    assert rewritten(placed, line) == {"placed": "givens"}
    assert lost(placed, line) == ["placed (written as givens)"]
    both = Grid(givens=Grid(PUZZLE).givens, placed=[0] * 80 + [0])
    assert rewritten(both, line) == {}  # nothing placed
    solved = Grid(PUZZLE).solve().solution
    assert solved is not None
    assert any(solved.placed)
    assert any(solved.givens)
    assert dropped(solved, line) == ["placed"]  # givens written, placed digits left out
    assert rewritten(solved, line, {"values": True}) == {"placed": "givens"}
    assert dropped(solved, line, {"values": True}) == []
