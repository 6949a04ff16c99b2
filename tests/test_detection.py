"""Detection: ranked candidates with their reasons; the best candidate's own error when no
format reads the text; a file with many comment lines first; ``detect --top`` below 1."""

from __future__ import annotations

from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt import PuzzleFormatError
from puzzlefmt.cli import main
from puzzlefmt.sudoku import Grid

from helpers import ROOT, shared_path

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."


def test_detect_gives_ranked_candidates_with_reasons() -> None:
    ranked = puzzlefmt.detect(PUZZLE)
    assert ranked[0].format == "line"
    assert "81 cells" in ranked[0].reason
    assert puzzlefmt.detect("hello world") == []
    with pytest.raises(PuzzleFormatError, match="nothing any format recognises"):
        puzzlefmt.loads("hello world")


def test_detection_hands_over_the_best_candidates_own_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = Grid(PUZZLE).line(blank=".")
    body = [rows[i:i + 9] for i in range(0, 81, 9)]
    body[4] = body[4][:8]  # one row of 8 cells
    path = tmp_path / "bad.sdk"
    path.write_text("#ATest\n#BToday\n#CA comment\n" + "\n".join(body) + "\n")
    assert main(["convert", str(path), "--to", "line"]) == 2
    err = capsys.readouterr().err
    assert "sdk:" in err
    assert "line 8" in err
    assert "found nothing any format recognises" not in err


def test_a_file_with_many_comment_lines_first_is_detected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """HoDoKu's reglib-1.4.txt has 87 comment lines first: 0.1 sniffed only 64 lines."""
    src = shared_path("vectors", "sudoku", "hodoku", "reglib-1.4.txt")
    assert main(["validate", str(src), "--limit", "0", "-o", str(tmp_path / "v.txt")]) == 0
    assert "1112 records in: 1112 checked" in capsys.readouterr().err


@pytest.mark.parametrize("top", ["0", "-1"])
def test_detect_top_below_one_is_refused(top: str, capsys: pytest.CaptureFixture[str]) -> None:
    """0.1: --top 0 printed nothing, --top -1 dropped a candidate."""
    sample = str(ROOT / "examples" / "sudoku" / "seed-collection.sdm")
    assert main(["detect", sample, "--top", top]) == 2
    assert f"--top must be 1 or more, found {top}" in capsys.readouterr().err
