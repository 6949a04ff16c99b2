"""docs/sgt.md says what the package does with Simon Tatham's IDs, and its examples run."""

from __future__ import annotations

import doctest

import puzzlefmt
from puzzlefmt.sudoku import Grid

from helpers import ROOT


def test_docs_sgt_says_solo_seed_ids_are_expanded_and_shows_it() -> None:
    """0.2's docs/sgt.md said a Solo seed ID is not expanded ("only the game can expand
    it", "Grid("3x3#...") does not call it yet"): it is."""
    text = (ROOT / "docs" / "sgt.md").read_text(encoding="utf-8")
    assert "only the game can expand it" not in text
    assert "does not call it yet" not in text
    assert "only the game's generator can expand it" not in text
    test = doctest.DocTestParser().get_doctest(text, {}, "docs/sgt.md", "docs/sgt.md", 0)
    assert any("3x3di#12345" in ex.source for ex in test.examples)
    assert Grid("3x3di#12345") == puzzlefmt.loads("3x3di#12345")  # what the page says
