"""A rating's steps replayed and drawn: ``Rating.before(k)`` (the grid and candidates just
before step ``k``), ``Step.apply``, and ``Rating.svg(k)`` / ``sudoku_svg(step=...)`` (the
pattern, its units, the focus candidates, the eliminations and the placement)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.sudoku import Grid, rate
from puzzlefmt.sudoku.grid import PEERS, UNITS
from puzzlefmt.sudoku.rating import Rating, hint

from helpers import examples, shared_path


@cache
def _puzzles() -> list[str]:
    """Puzzles of the vectors that the rater finishes, whose steps include eliminations."""
    path = shared_path("vectors", "rating", "se-1213.tsv")
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    return [r[0] for r in rows if 3.0 <= float(r[1]) <= 6.2]


def _replay(grid: Grid, rating: Rating, k: int) -> tuple[list[int], list[int]]:
    """The digits and candidates before step ``k``, worked out here from the peers."""
    vals = list(grid.values)
    cand = [0] * 81
    for i in range(81):
        if not vals[i]:
            cand[i] = 0x1FF & ~sum({1 << (vals[j] - 1) for j in PEERS[i] if vals[j]})
    for step in rating.steps[:k]:
        for c, d in step.eliminates:
            assert cand[c] >> (d - 1) & 1
            cand[c] &= ~(1 << (d - 1))
        for c, d in step.places:
            vals[c] = d
            cand[c] = 0
            for j in PEERS[c]:
                cand[j] &= ~(1 << (d - 1))
    return vals, cand


@examples(30)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=400))
def test_before_is_the_grid_serates_solver_holds_before_the_step(index: int, at: int) -> None:
    puzzles = _puzzles()
    grid = Grid(puzzles[index % len(puzzles)])
    rating = grid.rate()
    k = at % (len(rating.steps) + 1)
    before = rating.before(k)
    vals, cand = _replay(grid, rating, k)
    assert before.values == vals
    assert before.givens == grid.givens
    masks = before.candidate_masks()
    assert [0 if v else m for v, m in zip(vals, masks, strict=True)] == cand
    if k < len(rating.steps):
        assert hint(before) == rating.steps[k]
        assert rating.steps[k].apply(before) == rating.before(k + 1)
    else:
        assert before.is_solved


def _classes(svg: str, name: str) -> int:
    return len(re.findall(rf'class="[^"]*\b{name}\b', svg))


@examples(20)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=400))
def test_the_picture_of_a_step_draws_its_parts(index: int, at: int) -> None:
    puzzles = _puzzles()
    rating = rate(Grid(puzzles[index % len(puzzles)]))
    k = at % len(rating.steps)
    step = rating.steps[k]
    svg = rating.svg(k)
    masks = rating.before(k).candidate_masks()
    placing = {c for c, _ in step.places}
    assert _classes(svg, "placing") == len(step.places)
    assert _classes(svg, "removed") == len(step.eliminates)
    pattern = set(step.cells) | placing
    assert _classes(svg, "pattern") == len(pattern)
    units = {c for u in step.units for c in UNITS[u]} - pattern
    assert _classes(svg, "unit") == len(units)
    focus = {(c, d) for c in step.cells for d in step.digits
             if c not in placing and not rating.before(k).values[c]
             and masks[c] >> (d - 1) & 1} - set(step.eliminates)
    assert _classes(svg, "focus") == len(focus)
    assert f"Step {k + 1}: {step}" in svg.replace("&gt;", ">").replace("&amp;", "&")
    assert svg._repr_svg_() == str(svg)


def test_a_rating_without_steps_cannot_be_replayed() -> None:
    grid = Grid(_puzzles()[0])
    quick = rate(grid, steps=False)
    with pytest.raises(ValueError, match="without its steps"):
        quick.before(0)
    full = rate(grid)
    with pytest.raises(IndexError, match="out of range"):
        full.svg(len(full.steps))
    with pytest.raises(IndexError, match="out of range"):
        full.before(len(full.steps) + 1)
    assert full.before(0).values == grid.values
