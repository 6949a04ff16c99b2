"""Detection of the web strings among every Sudoku format, and the SukakuExplainer rating
lines (``puzzle ED=ER/EP/ED``) read by the formats that were there before.

Needs the Sudoku family module (``puzzlefmt.sudoku.family``). The web formats are added to
the family's list here when it does not hold them yet, so the ranking is the one
``puzzlefmt.detect`` gives once they are registered.
"""

from __future__ import annotations

import pytest

from puzzlefmt.detection import rank
from puzzlefmt.format import Format
from puzzlefmt.sudoku.family import FAMILY
from puzzlefmt.sudoku.formats import fpuzzles, sudokupad, sudokuwiki
from puzzlefmt.sudoku.grid import Grid

from helpers import SHARED, shared_path

WEB = SHARED / "vectors" / "sudoku" / "web"
OURS: tuple[Format, ...] = (sudokuwiki.FORMAT, sudokuwiki.LINK_FORMAT, fpuzzles.FORMAT,
                            fpuzzles.LINK_FORMAT, sudokupad.FORMAT)
_NAMES = {f.name for f in OURS}
FORMATS = [f for f in FAMILY.formats if f.name not in _NAMES] + list(OURS)


def _texts() -> list[tuple[str, str, str]]:
    """(id, text, the format that should win) for every web vector and link."""
    out = []
    path = WEB / "sudokuwiki.tsv"
    if path.exists():
        for ln in path.read_text(encoding="utf-8").splitlines():
            if ln.startswith("#"):
                continue
            cols = ln.split("\t")
            out.append((cols[0], cols[2], "sudokuwiki"))
            out.append((cols[0] + "-link", sudokuwiki.SOLVER + cols[2], "sudokuwiki-link"))
            if cols[3] != "-":
                # The plain string is the 81-character line: that format reads it first.
                out.append((cols[0] + "-start", cols[3], "line"))
    path = WEB / "sudokupad_fpuzzles.tsv"
    if path.exists():
        for ln in path.read_text(encoding="utf-8").splitlines():
            if ln.startswith("#"):
                continue
            cols = ln.split("\t")
            text = cols[2]
            want = ("fpuzzles-link" if text.startswith("https://f-puzzles.com/")
                    else "sudokupad-link" if text.startswith(("fpuzzles", "scl", "classic"))
                    else "fpuzzles")
            out.append((cols[0], text, want))
    return out or [("(../shared absent)", "", "")]


@pytest.mark.parametrize(("key", "text", "want"), _texts(), ids=[t[0] for t in _texts()])
def test_web_text_is_detected_as_its_format(key: str, text: str, want: str) -> None:
    shared_path("vectors", "sudoku", "web")
    ranked = rank(FORMATS, text)
    assert ranked, key
    assert ranked[0].format == want, ranked
    others = [c for c in ranked[1:] if c.score >= ranked[0].score]
    assert not others, others


def test_se_rating_lines_read_with_their_ratings() -> None:
    path = shared_path("vectors", "sudoku", "web", "se_ratings_sukakuexplainer.txt")
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    items = FAMILY.read(text)
    assert len(items) == len(lines) == 11
    for grid, line in zip(items, lines, strict=True):
        puzzle, rating = line.split(" ", 1)
        assert rating.startswith("ED=")
        assert grid.meta["comment"] == rating
        assert "".join(str(g) if g else "." for g in grid.givens) == puzzle
        assert Grid(line) == grid
