"""A rating's steps replayed and drawn: ``Rating.before(k)`` (the grid and candidates just
before step ``k``), ``Step.apply``, and ``Rating.svg(k)`` / ``sudoku_svg(step=...)`` (the
pattern, its units, the focus candidates, the eliminations and the placement)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.sudoku import Grid, rate
from puzzlefmt.sudoku.grid import PEERS, UNITS
from puzzlefmt.sudoku.rating import Rating, hint
from puzzlefmt.sudoku.svg import COLORS, sudoku_svg

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


# ---------------------------------------------------------------------- chains (issue 23)


@cache
def _chain_steps() -> list[tuple[Rating, int]]:
    """The first chaining step (one that carries ``links``) of each vector puzzle rated
    6.5-7.0 (serate's row 21), with its rating."""
    path = shared_path("vectors", "rating", "se-1213.tsv")
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    out = []
    for row in rows:
        if 6.5 <= float(row[1]) <= 7.0:
            rating = rate(Grid(row[0]))
            out.append((rating, next(k for k, s in enumerate(rating.steps) if s.links)))
    return out


def _links(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)  # the picture stays valid XML
    return [e for e in root.iter() if "chain-link" in e.get("class", "").split()]


@pytest.mark.parametrize("theme", ["light", "dark", "print"])
def test_a_chaining_step_draws_its_chain(theme: str) -> None:
    """One arrow a node that has a parent (solid to an "on" node: a strong link, off ->
    on; dashed to an "off" node: a weak link, on -> off), one circle a node (a candidate
    with its on/off, drawn once however often the chain reaches it), at its candidate's
    place; the eliminations still crossed."""
    steps = _chain_steps()
    assert len(steps) > 20
    techniques = set()
    for rating, k in steps[:: 1 if theme == "light" else 7]:
        step = rating.steps[k]
        techniques.add(step.technique)
        svg = rating.svg(k, theme=theme)
        links = _links(svg)
        children = [n for n in step.links if n[3] >= 0]
        assert len(links) == len(children) == len(step.links) - 1
        kinds = [e.get("class", "").split()[1] for e in links]
        assert kinds == ["strong" if on else "weak" for _, _, on, _ in children]
        for e, (_, _, on, _) in zip(links, children, strict=True):
            path = next(p for p in e if p.tag.endswith("path"))
            assert (path.get("stroke-dasharray") is None) == on
            assert sum(1 for p in e if p.get("class") == "chain-arrow") == 1
        root = ET.fromstring(svg)
        nodes = [e for e in root.iter() if "chain-node" in e.get("class", "").split()]
        assert sorted((float(e.get("cx", "")), float(e.get("cy", "")), "on" in
                       e.get("class", "").split()) for e in nodes) == sorted(
            (4 + c % 9 * 50 + 25 + ((d - 1) % 3 - 1) * 15,
             4 + c // 9 * 50 + 25 + ((d - 1) // 3 - 1) * 15, on)
            for c, d, on in {(c, d, on) for c, d, on, _ in step.links})
        assert _classes(svg, "removed") == len(step.eliminates)
    assert len(techniques) > 1


def test_a_node_reached_twice_is_one_circle_and_two_arrows() -> None:
    """Drawing takes a node list with parent indices, not a single path: two entries of one
    candidate (a node reached from two parents) give two arrows and one circle."""
    rating, k = _chain_steps()[0]
    step = rating.steps[k]
    c, d, on, _ = step.links[2]
    more = replace(step, links=(*step.links, (c, d, on, 0)))
    svg = sudoku_svg(rating.before(k), step=more)
    assert len(_links(svg)) == len(step.links)
    assert _classes(svg, "chain-node") == len({n[:3] for n in step.links})


def test_a_step_without_links_draws_no_chain() -> None:
    rating = rate(Grid(_puzzles()[0]))
    for k, step in enumerate(rating.steps[:10]):
        assert not step.links
        svg = rating.svg(k)
        assert not _links(svg)
        assert _classes(svg, "chain-node") == 0


def test_the_chain_colours_are_theme_colours() -> None:
    rating, k = _chain_steps()[0]
    svg = rating.svg(k, colors={"chain-on": "#123456", "chain-off": "#654321",
                                "chain-link": "#abcdef"})
    assert 'fill="#123456"' in svg
    assert 'fill="#654321"' in svg
    assert 'stroke="#abcdef"' in svg
    for theme in ("light", "dark", "print"):
        assert {"chain-on", "chain-off", "chain-link"} <= set(COLORS[theme])
