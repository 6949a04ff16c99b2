"""Sudoku pictures: givens bold, placed digits and candidates in their colours and places,
thick box lines, highlights, conflicts, themes; a golden picture compared by structure
(PUZZLEFMT_REGEN_GOLDEN=1 rewrites it: see tests/svg_golden.py)."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pytest

from puzzlefmt.sudoku.grid import Grid, mask_of
from puzzlefmt.sudoku.svg import COLORS, sudoku_svg
from puzzlefmt.svg import Svg, svg, to_png
from svg_golden import check_golden, find, parse, texts

SEED = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def marked() -> Grid:
    """Givens, two placed digits (one of them repeating a given), recorded candidates, one
    elimination."""
    placed = [0] * 81
    placed[1] = 1
    placed[80] = 4  # r9c9: a 4, and r9c3 holds a given 4: a conflict
    grid = Grid(givens=SEED, placed=placed)
    masks = grid.candidate_masks()
    eliminated = [0] * 81
    eliminated[2] = mask_of([7])  # r1c3 had 7 as a candidate
    masks[2] &= ~mask_of([7])
    return Grid(givens=SEED, placed=placed, candidates=masks, eliminated=eliminated)


def test_cells_lines_and_digits() -> None:
    root = parse(sudoku_svg(Grid(SEED)))
    assert root.get("viewBox") == "0 0 458 458"
    assert len(find(root, "rect", "cell")) == 81
    assert len(find(root, "line", "thick")) == 8  # 4 each way: border and box lines
    assert len(find(root, "line", "thin")) == 12
    thick = {float(el.get("stroke-width", "")) for el in find(root, "line", "thick")}
    thin = {float(el.get("stroke-width", "")) for el in find(root, "line", "thin")}
    assert len(thick) == len(thin) == 1
    assert thick.pop() > thin.pop()
    givens = find(root, "text", "given")
    assert sorted(el.text or "" for el in givens) == sorted(c for c in SEED if c != ".")
    assert all(el.get("font-weight") == "bold" for el in givens)
    assert find(root, "text", "placed") == []
    assert find(root, "text", "candidate") == []  # none recorded, none asked for


def test_given_sits_in_its_cell() -> None:
    root = parse(sudoku_svg(Grid(SEED)))
    cells = {el.get("class", "").split()[1]: el for el in find(root, "rect", "cell")}
    r1c1 = cells["r1c1"]
    x0, y0 = float(r1c1.get("x", "")), float(r1c1.get("y", ""))
    side = float(r1c1.get("width", ""))
    first = find(root, "text", "given")[0]
    assert first.text == "4"
    assert x0 < float(first.get("x", "")) < x0 + side
    assert y0 < float(first.get("y", "")) < y0 + side


def test_placed_candidates_eliminations_conflicts() -> None:
    grid = marked()
    root = parse(sudoku_svg(grid))
    placed = find(root, "text", "placed")
    assert [el.text for el in placed] == ["1", "4"]
    assert placed[0].get("fill") == COLORS["light"]["placed"]
    assert placed[0].get("font-weight") is None
    conflict = find(root, "text", "conflict")
    assert sorted(el.text or "" for el in conflict) == ["4", "4"]
    assert {el.get("fill") for el in conflict} == {COLORS["light"]["conflict"]}
    masks = grid.candidate_masks()
    want = sum(bin(masks[i]).count("1") for i in range(81) if not grid.values[i])
    assert len(texts(root, "candidate")) == want
    assert texts(root, "eliminated") == ["7"]
    assert len(find(root, "line", "strike")) == 1


def test_candidate_layout_is_three_by_three() -> None:
    grid = Grid(givens=SEED, candidates=[0x1FF] * 81)
    root = parse(sudoku_svg(grid))
    r1c2 = list(find(root, "text", "candidate"))[:9]  # the first empty cell
    assert [el.text for el in r1c2] == [str(d) for d in range(1, 10)]
    xs = [float(el.get("x", "")) for el in r1c2]
    ys = [float(el.get("y", "")) for el in r1c2]
    assert xs[0] < xs[1] < xs[2]
    assert xs[0] == xs[3] == xs[6]
    assert ys[0] == ys[1] == ys[2] < ys[3] == ys[4] < ys[6]


def test_candidate_modes() -> None:
    plain = Grid(SEED)
    assert 'class="candidate"' not in sudoku_svg(plain)
    computed = parse(sudoku_svg(plain, candidates="computed"))
    masks = plain.candidate_masks()
    assert len(texts(computed, "candidate")) == sum(
        bin(m).count("1") for i, m in enumerate(masks) if not plain.values[i]
    )
    assert 'class="candidate"' not in sudoku_svg(marked(), candidates="none")
    with pytest.raises(ValueError, match="candidates must be"):
        sudoku_svg(plain, candidates="all")  # type: ignore[arg-type]


def test_highlight_cells_and_colours() -> None:
    root = parse(sudoku_svg(Grid(SEED), highlight=["r1c1", 40, (8, 8)]))
    lit = {el.get("class"): el.get("fill") for el in find(root, "rect", "highlight")}
    colour = COLORS["light"]["cell"]
    assert set(lit) == {"cell r1c1 highlight", "cell r5c5 highlight", "cell r9c9 highlight"}
    assert colour not in lit.values()
    root = parse(sudoku_svg(Grid(SEED), highlight={"r2c3": "#ff0000", "r3c3": None}))
    lit = {el.get("class"): el.get("fill") for el in find(root, "rect", "highlight")}
    assert lit["cell r2c3 highlight"] == "#ff0000"
    assert lit["cell r3c3 highlight"] == "#ffe98a"  # the light theme's highlight
    one = parse(sudoku_svg(Grid(SEED), highlight="r4c4"))
    assert [el.get("class") for el in find(one, "rect", "highlight")] == ["cell r4c4 highlight"]


@pytest.mark.parametrize("bad", ["r0c1", "x", 81, -1, (9, 0), True, 2.5])
def test_bad_highlight_is_named(bad: object) -> None:
    with pytest.raises(ValueError, match="cell"):
        sudoku_svg(Grid(SEED), highlight=[bad])  # type: ignore[list-item]


def test_solution_digits() -> None:
    root = parse(sudoku_svg(Grid(SEED), solution=[int(c) for c in SOLVED]))
    assert len(texts(root, "solution")) == 81 - 17
    assert len(texts(root, "given")) == 17
    with pytest.raises(ValueError, match="81 digits"):
        sudoku_svg(Grid(SEED), solution=[1, 2, 3])


def test_size_theme_colours() -> None:
    small = parse(sudoku_svg(Grid(SEED), size=229))
    assert small.get("width") == "229"
    assert small.get("height") == "229"
    assert small.get("viewBox") == "0 0 458 458"  # the drawing does not change
    dark = parse(sudoku_svg(Grid(SEED), theme="dark"))
    assert find(dark, "rect", "background")[0].get("fill") == "#1e1f22"
    assert {el.get("fill") for el in find(dark, "text", "given")} == {COLORS["dark"]["given"]}
    mine = parse(sudoku_svg(Grid(SEED), colors={"given": "purple", "background": "none"}))
    assert {el.get("fill") for el in find(mine, "text", "given")} == {"purple"}
    with pytest.raises(ValueError, match=r"unknown colour 'givens'.*known: "):
        sudoku_svg(Grid(SEED), colors={"givens": "red"})
    with pytest.raises(ValueError, match="unknown theme 'neon'"):
        sudoku_svg(Grid(SEED), theme="neon")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size must be"):
        sudoku_svg(Grid(SEED), size=0)


def test_result_is_svg_text_for_jupyter(tmp_path: Path) -> None:
    picture = sudoku_svg(Grid(SEED), title="my puzzle")
    assert isinstance(picture, Svg)
    assert isinstance(picture, str)
    assert picture._repr_svg_() == str(picture)
    assert parse(picture).find("title") is not None
    assert parse(picture).findtext("title") == "my puzzle"
    assert svg(Grid(SEED)) == sudoku_svg(Grid(SEED))  # the dispatcher
    picture.save(tmp_path / "p.svg")
    assert (tmp_path / "p.svg").read_text(encoding="utf-8") == picture + "\n"


def test_dispatcher_refuses_other_objects() -> None:
    with pytest.raises(TypeError, match="no picture for objects of type int"):
        svg(42)


def test_golden_picture() -> None:
    check_golden("sudoku_marked.svg", sudoku_svg(marked(), highlight=["r1c1", "r5c5"]))


HAVE_CAIROSVG = importlib.util.find_spec("cairosvg") is not None


@pytest.mark.skipif(not HAVE_CAIROSVG, reason="cairosvg (the optional png extra) is not "
                    "installed")
def test_png(tmp_path: Path) -> None:
    picture = sudoku_svg(Grid(SEED), size=300)
    data = to_png(picture)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (300, 300)
    picture.save(tmp_path / "p.png", scale=2)
    saved = (tmp_path / "p.png").read_bytes()
    assert struct.unpack(">II", saved[16:24]) == (600, 600)


def test_png_without_cairosvg_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg now fails
    with pytest.raises(ImportError, match=r"puzzlefmt\[png\]"):
        to_png(sudoku_svg(Grid(SEED)))
    with pytest.raises(ValueError, match="scale"):
        to_png("<svg/>", scale=0)
