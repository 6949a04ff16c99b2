"""No silent loss in the Keen formats (the check: tests/losscheck.py): a puzzle comes back
equal, whatever format of the family holds it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from losscheck import check_nothing_lost_silently
from puzzlefmt.format import Format
from puzzlefmt.keen import Puzzle

from helpers import examples
from strategies.keen import any_puzzles, solvable_puzzles
from strategies.sgt import keen_games


def _same(a: Any, b: Any, fmt: Format) -> bool:
    # keen-save too: no difficulty and no player state are written so that they read back
    # (issue 20; 0.2 needed `b.replace(difficulty=a.difficulty, state=a.state)` here)
    return bool(a == b)


keen_values = st.one_of(any_puzzles(max_size=6), solvable_puzzles(), keen_games())


# The writers warn about IDs the real program mis-reads: a warning, not a loss.
@pytest.mark.filterwarnings("ignore::puzzlefmt.keen.elements.KeenCompatibilityWarning")
@given(keen_values)
@examples(80, suppress_health_check=[HealthCheck.too_slow])
def test_keen_formats_lose_nothing_silently(puzzle: Puzzle) -> None:
    check_nothing_lost_silently(puzzle, "keen", _same)
