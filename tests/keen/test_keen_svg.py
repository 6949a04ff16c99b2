"""Keen pictures: a thick wall exactly where two cages meet (checked edge by edge against the
model, on real puzzles too), clues with Keen's signs in each cage's first cell, the optional
solution; a golden picture compared by structure (PUZZLEFMT_REGEN_GOLDEN=1 rewrites it: see
tests/svg_golden.py)."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

from puzzlefmt.keen.model import Puzzle
from puzzlefmt.keen.svg import COLORS, keen_svg
from puzzlefmt.svg import Svg, svg
from svg_golden import check_golden, find, parse, texts

from helpers import shared_path

SMALL = "3:a_a3_a_,a3m6m3s1"
SMALL_SOLUTION = "213321132"
SIX = "6:a_10a4_a__a__a3_a__a__b__b__b_a_,d3a7d2s1s2a9m6s1d2d2m6a7s2m60a9m6s2"
SIX_SOLUTION = "314256523164435612261345156423642531"


def geometry(root: ET.Element) -> tuple[float, float, float]:
    """Where the grid starts (x, y of r1c1) and how wide a cell is, from the cell rects."""
    first = find(root, "rect", "cell")[0]
    assert "r1c1" in first.get("class", "")
    return float(first.get("x", "")), float(first.get("y", "")), float(first.get("width", ""))


def wall_edges(root: ET.Element, w: int) -> set[tuple[str, int, int]]:
    """The cell edges the wall lines cover: ``("v", row, j)`` is the edge left of column
    ``j`` in ``row`` (``j == w``: the right border), ``("h", i, col)`` the edge above row
    ``i``."""
    x0, y0, side = geometry(root)
    out: set[tuple[str, int, int]] = set()
    for el in find(root, "line", "wall"):
        x1, y1, x2, y2 = (float(el.get(a, "")) for a in ("x1", "y1", "x2", "y2"))
        gx1, gy1 = round((x1 - x0) / side), round((y1 - y0) / side)
        gx2, gy2 = round((x2 - x0) / side), round((y2 - y0) / side)
        if gx1 == gx2:
            out.update(("v", r, gx1) for r in range(min(gy1, gy2), max(gy1, gy2)))
        else:
            assert gy1 == gy2, "walls are straight"
            out.update(("h", gy1, c) for c in range(min(gx1, gx2), max(gx1, gx2)))
    return out


def expected_edges(p: Puzzle) -> set[tuple[str, int, int]]:
    w = p.size
    out: set[tuple[str, int, int]] = set()
    for r, j in itertools.product(range(w), range(w + 1)):
        if j in (0, w) or p.has_wall(p.cell(r, j - 1), p.cell(r, j)):
            out.add(("v", r, j))
    for i, c in itertools.product(range(w + 1), range(w)):
        if i in (0, w) or p.has_wall(p.cell(i - 1, c), p.cell(i, c)):
            out.add(("h", i, c))
    return out


def test_walls_follow_the_cages() -> None:
    for text in (SMALL, SIX):
        p = Puzzle(text)
        root = parse(keen_svg(p))
        assert wall_edges(root, p.size) == expected_edges(p)
        assert len(find(root, "rect", "cell")) == p.size**2
        assert len(find(root, "line", "thin")) == 2 * (p.size - 1)
        wall_width = float(find(root, "g", "walls")[0].get("stroke-width", ""))
        thin_width = float(find(root, "line", "thin")[0].get("stroke-width", ""))
        assert wall_width > 2 * thin_width


def test_walls_of_real_puzzles() -> None:
    path = shared_path("vectors", "keen", "vectors.txt")
    checked = 0
    for row in path.read_text(encoding="utf-8").splitlines():
        if not row or row.startswith(("#", "game_id")):
            continue
        game_id = row.split("\t")[0]
        p = Puzzle(game_id)
        if p.is_seed:
            continue
        root = parse(keen_svg(p))
        assert wall_edges(root, p.size) == expected_edges(p), game_id
        assert sorted(texts(root, "clue")) == sorted(c.label("unicode") for c in p.cages)
        checked += 1
    assert checked >= 5


def test_clues_with_keen_signs_in_the_first_cell() -> None:
    p = Puzzle(SIX)
    root = parse(keen_svg(p))
    clues = find(root, "text", "clue")
    assert [el.text for el in clues] == [c.label("unicode") for c in p.cages]
    assert {"3÷", "7+", "1−", "60×"} <= {el.text for el in clues}
    x0, y0, side = geometry(root)
    for el, cage in zip(clues, p.cages, strict=True):
        r, c = p.position(cage.anchor)
        assert cage.anchor == min(cage.cells)  # the top-left-most cell
        x, y = float(el.get("x", "")), float(el.get("y", ""))
        assert x0 + c * side < x < x0 + (c + 0.5) * side  # left half of the anchor cell
        assert y0 + r * side < y < y0 + (r + 0.5) * side  # top half
        assert el.get("text-anchor") == "start"


def test_single_cell_cage_has_no_sign_and_ascii_symbols() -> None:
    p = Puzzle(SMALL)
    assert texts(parse(keen_svg(p)), "clue") == ["3+", "6×", "3×", "1−"]
    assert texts(parse(keen_svg(p, symbols="ascii")), "clue") == ["3+", "6x", "3x", "1-"]
    two = Puzzle.from_cages(2, [((0,), "a", 1), ((1, 3), "d", 2), ((2,), "m", 2)])
    assert texts(parse(keen_svg(two)), "clue") == ["1", "2÷", "2"]
    with pytest.raises(ValueError, match="symbols"):
        keen_svg(p, symbols="emoji")  # type: ignore[arg-type]


def test_solution_is_optional() -> None:
    p = Puzzle(SIX, solution=SIX_SOLUTION)
    assert texts(parse(keen_svg(p)), "digit") == []
    shown = texts(parse(keen_svg(p, solution=True)), "digit")
    assert "".join(shown) == SIX_SOLUTION
    partial = [0] * 36
    partial[5] = 6
    assert texts(parse(keen_svg(Puzzle(SIX), solution=partial)), "digit") == ["6"]
    with pytest.raises(ValueError, match="no solution attached"):
        keen_svg(Puzzle(SIX), solution=True)
    with pytest.raises(ValueError, match="needs 36 values"):
        keen_svg(Puzzle(SIX), solution=[1, 2, 3])
    with pytest.raises(ValueError, match="0 \\(empty\\) to 6"):
        keen_svg(Puzzle(SIX), solution=[7] * 36)


def test_highlight() -> None:
    root = parse(keen_svg(Puzzle(SIX), highlight=[0, (5, 5), "r2c3"]))
    lit = {el.get("class"): el.get("fill") for el in find(root, "rect", "highlight")}
    assert lit == {
        "cell r1c1 highlight": "#ffe98a",
        "cell r6c6 highlight": "#ffe98a",
        "cell r2c3 highlight": "#ffe98a",
    }
    root = parse(keen_svg(Puzzle(SIX), highlight={7: "#abcdef"}))
    assert [el.get("fill") for el in find(root, "rect", "highlight")] == ["#abcdef"]
    for bad in (36, (6, 0), "r7c1", "a1"):
        with pytest.raises(ValueError, match="cell"):
            keen_svg(Puzzle(SIX), highlight=[bad])


def test_theme_colours_and_size() -> None:
    p = Puzzle(SMALL)
    root = parse(keen_svg(p, theme="print", colors={"border": "#603"}, size=120))
    assert root.get("width") == "120"
    assert find(root, "g", "walls")[0].get("stroke") == "#603"
    assert {el.get("fill") for el in find(root, "text", "clue")} == {COLORS["print"]["clue"]}
    with pytest.raises(ValueError, match="unknown colour 'wall'"):
        keen_svg(p, colors={"wall": "red"})


def test_large_grid_clues_fit_their_cell() -> None:
    cages = [((i,), "a", 1000 + i) for i in range(16 * 16)]
    p = Puzzle.from_cages(16, cages)
    root = parse(keen_svg(p))
    _, _, side = geometry(root)
    for el in find(root, "text", "clue"):
        size = float(el.get("font-size", ""))
        assert len(el.text or "") * 0.62 * size <= side  # the width the renderer allows


def test_seed_ids_cannot_be_drawn() -> None:
    with pytest.raises(ValueError, match="random-seed ID"):
        keen_svg(Puzzle("12dn#12345"))  # a size Keen does not make: no cages
    seed = Puzzle("6dn#12345")  # expanded: drawn as the game's puzzle
    assert keen_svg(seed) == keen_svg(Puzzle(f"6dn:{seed.desc()}"))


def test_dispatch_and_jupyter() -> None:
    p = Puzzle(SMALL, solution=SMALL_SOLUTION)
    picture = svg(p, solution=True)
    assert isinstance(picture, Svg)
    assert picture == keen_svg(p, solution=True)
    assert picture._repr_svg_() == str(picture)
    assert parse(picture).findtext("title") == "Keen 3x3: 4 cages"


def test_jupyter_always_gets_svg_text() -> None:
    """A random-seed ID of a size Keen does not make has no cages to draw: Jupyter still
    gets a picture, a card with its game ID, never ``None`` (``svg()``, ``keen_svg`` and
    ``puzzlefmt render`` refuse it: test_seed_ids_cannot_be_drawn)."""
    for p in (Puzzle("12dn#12345"), Puzzle.from_seed(2, "x y", multiplication_only=True)):
        shown = p._repr_svg_()
        assert isinstance(shown, str)
        root = parse(shown)
        assert root.tag.endswith("svg")
        assert texts(root, "game-id") == [p.game_id()]
        with pytest.raises(ValueError, match="no cages"):
            svg(p)
    small = Puzzle(SMALL)
    assert small._repr_svg_() == keen_svg(small)


def test_golden_picture() -> None:
    p = Puzzle(SIX, solution=SIX_SOLUTION)
    check_golden("keen_6x6.svg", keen_svg(p, solution=True, highlight=["r1c1", "r6c6"]))
