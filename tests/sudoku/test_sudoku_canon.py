"""Minlex canonical forms: the shared vectors under both conventions, the returned
transformations, invariance under random symmetries, and the Transform algebra."""

from __future__ import annotations

import doctest
import itertools
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.sudoku import canon
from puzzlefmt.sudoku.canon import (
    Transform,
    canonical,
    minlex,
    minlex_array,
    unique_indices,
)
from puzzlefmt.sudoku.grid import Grid

from helpers import examples, shared_path
from strategies.sudoku_engine import GRID, puzzles, scrambles, transforms

ROOT = Path(__file__).resolve().parents[2]
CONVENTIONS = ("string", "pattern")


def _rows(name: str) -> list[list[str]]:
    path = shared_path("vectors", "sudoku", "minlex", name)
    return [
        line.split("\t")
        for line in path.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]


def _zeros(text: str) -> str:
    return "".join(c if c in "123456789" else "0" for c in text)


def _cells(text: str) -> list[int]:
    return [int(c) if c in "123456789" else 0 for c in text]


# ---------------------------------------------------------------------- vectors


def test_grid_vectors() -> None:
    rows = _rows("grids_minlex.tsv")
    assert len(rows) == 26
    for given_grid, expected, _automorphisms in rows:
        for convention in CONVENTIONS:
            form, t = minlex(given_grid, convention)
            assert form == expected, (convention, given_grid)
            assert t.apply(given_grid) == form
            assert t.inverse().apply(form) == given_grid


def test_puzzle_vectors() -> None:
    rows = _rows("puzzles_minlex.tsv")
    assert len(rows) == 23
    differ = 0
    for given_puzzle, string_form, pattern_form, _automorphisms in rows:
        differ += string_form != pattern_form
        for convention, expected in (("string", string_form), ("pattern", pattern_form)):
            form, t = minlex(given_puzzle, convention)
            assert form == expected, (convention, given_puzzle)
            assert _zeros(t.apply(given_puzzle)) == form
            assert t.inverse().apply(form) == _zeros(given_puzzle)
    assert differ == 11  # as the vector file says: the conventions disagree on 11 rows


def test_vectors_in_one_batch() -> None:
    rows = _rows("puzzles_minlex.tsv") + [[r[0], r[1], r[1]] for r in _rows("grids_minlex.tsv")]
    inputs = np.array([_cells(r[0]) for r in rows], dtype=np.uint8)
    for convention, column in (("string", 1), ("pattern", 2)):
        forms = minlex_array(inputs, convention)
        assert forms.dtype == np.uint8
        assert forms.shape == inputs.shape
        assert ["".join(map(str, f)) for f in forms.tolist()] == [r[column] for r in rows]


# ---------------------------------------------------------------------- properties


@examples(60)
@given(transforms(), st.sampled_from(CONVENTIONS))
def test_solution_grid_form_is_invariant(t: Transform, convention: str) -> None:
    grid = _cells(GRID)
    moved = t.apply(grid)
    form, back = minlex(moved, convention)  # type: ignore[arg-type]
    assert form == minlex(grid, convention)[0]  # type: ignore[arg-type]
    assert form.startswith("123456789")
    assert back.apply(moved) == _cells(form)
    assert back.inverse().apply(_cells(form)) == moved


@examples(150)
@given(puzzles(), transforms(), st.sampled_from(CONVENTIONS))
def test_puzzle_form_is_invariant(puzzle: list[int], t: Transform, convention: str) -> None:
    moved = t.apply(puzzle)
    form, back = minlex(moved, convention)  # type: ignore[arg-type]
    assert form == minlex(puzzle, convention)[0]  # type: ignore[arg-type]
    assert back.apply(moved) == _cells(form)
    assert back.inverse().apply(_cells(form)) == moved
    if convention == "string":  # the input is one of the images: the minimum is no larger
        assert form <= "".join(map(str, moved))


@pytest.mark.slow_without_jit
@examples(40)
@given(puzzles(min_clues=70), transforms(), st.sampled_from(CONVENTIONS))
def test_nearly_full_puzzle_form_is_invariant(
    puzzle: list[int], t: Transform, convention: str
) -> None:
    # Dense first rows give the search many tied children (its overflow path).
    moved = t.apply(puzzle)
    form, back = minlex(moved, convention)  # type: ignore[arg-type]
    assert form == minlex(puzzle, convention)[0]  # type: ignore[arg-type]
    assert back.apply(moved) == _cells(form)


@pytest.mark.slow_without_jit
@examples(40)
@given(scrambles(), transforms(), st.sampled_from(CONVENTIONS))
def test_rule_breaking_grid_form_is_invariant(
    cells: list[int], t: Transform, convention: str
) -> None:
    moved = t.apply(cells)
    form, back = minlex(moved, convention)  # type: ignore[arg-type]
    assert form == minlex(cells, convention)[0]  # type: ignore[arg-type]
    assert back.apply(moved) == _cells(form)


@pytest.mark.slow_without_jit
@examples(10)
@given(transforms(), st.sampled_from([1, 2, 4, 5, 7, 8]), st.sampled_from(CONVENTIONS))
def test_full_grid_that_is_no_sudoku_form_is_invariant(
    t: Transform, shift: int, convention: str
) -> None:
    # A Latin square whose boxes repeat digits: every row and column holds 1-9, no Sudoku.
    cells = [(r * shift + c) % 9 + 1 for r in range(9) for c in range(9)]
    moved = t.apply(cells)
    form, back = minlex(moved, convention)  # type: ignore[arg-type]
    assert form == minlex(cells, convention)[0]  # type: ignore[arg-type]
    assert back.apply(moved) == _cells(form)


@examples(30)
@given(puzzles(min_clues=17, max_clues=30))
def test_pattern_form_has_the_smallest_pattern(puzzle: list[int]) -> None:
    string_form = minlex(puzzle, "string")[0]
    pattern_form = minlex(puzzle, "pattern")[0]
    pattern = "".join("1" if c != "0" else "0" for c in pattern_form)
    assert pattern <= "".join("1" if c != "0" else "0" for c in string_form)
    assert string_form <= pattern_form


# ---------------------------------------------------------------------- Transform


@given(transforms(), transforms(), puzzles())
def test_transform_algebra(a: Transform, b: Transform, cells: list[int]) -> None:
    assert a.then(b).apply(cells) == b.apply(a.apply(cells))
    assert a.compose(b).apply(cells) == a.apply(b.apply(cells))
    assert a.inverse().apply(a.apply(cells)) == cells
    assert a.then(a.inverse()) == Transform()
    assert a.inverse().inverse() == a


@given(transforms(), puzzles())
def test_transform_applies_alike_to_every_form(t: Transform, cells: list[int]) -> None:
    text = "".join(str(v) if v else "." for v in cells)
    moved = t.apply(cells)
    assert t.apply(text) == "".join(str(v) if v else "." for v in moved)
    arr = np.array([cells, cells], dtype=np.uint8)
    out = t.apply(arr)
    assert out.dtype == np.uint8
    assert out.tolist() == [moved, moved]
    assert t.apply(np.array(cells)).tolist() == moved


def test_transform_moves_a_grid_with_its_marks() -> None:
    t = Transform(
        transpose=True,
        rows=(3, 4, 5, 0, 1, 2, 6, 7, 8),
        cols=(2, 1, 0, 3, 4, 5, 6, 7, 8),
        digits=(9, 8, 7, 6, 5, 4, 3, 2, 1),
    )
    candidates = [0x1FF] * 81
    candidates[1] = 0b11  # r1c2: 1 or 2
    eliminated = [0] * 81
    eliminated[1] = 0b100  # 3 struck out
    placed = [0] * 81
    placed[2] = 5
    g = Grid(givens=[4] + [0] * 80, placed=placed, candidates=candidates, eliminated=eliminated,
             meta={"A": "x"})
    moved = t.apply(g)
    # r1c1 (transposed: r1c1) -> output row 4, column 3: r4c3 holds 10 - 4 = 6.
    assert moved.givens[27 + 2] == 6
    # r1c2 transposes to r2c1 -> output row 5 col 3.
    assert moved.candidates is not None
    assert moved.eliminated is not None
    assert moved.candidates[36 + 2] == (1 << 8) | (1 << 7)  # 9 or 8
    assert moved.eliminated[36 + 2] == 1 << 6  # 7
    assert moved.placed[45 + 2] == 5
    assert moved.meta == {"A": "x"}
    assert t.inverse().apply(moved) == g


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rows": (0, 1, 2, 3, 4, 5, 6, 8, 9)}, "rows"),
        ({"rows": (0, 1, 3, 2, 4, 5, 6, 7, 8)}, "rows"),
        ({"cols": (1, 0, 2, 3, 4, 5, 6, 7, 7)}, "cols"),
        ({"cols": (0, 1, 2, 3, 4, 6, 5, 7, 8)}, "cols"),
        ({"digits": (1, 2, 3, 4, 5, 6, 7, 8, 8)}, "digits"),
        ({"digits": (0, 1, 2, 3, 4, 5, 6, 7, 8)}, "digits"),
    ],
)
def test_transform_rejects_what_is_no_symmetry(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Transform(**kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- API


def test_canonical_uses_the_givens() -> None:
    puzzle, expected = _rows("puzzles_minlex.tsv")[0][:2]
    # Placed digits are not part of the puzzle's form.
    g = Grid(givens=_cells(puzzle), placed=[0 if v else 1 for v in _cells(puzzle)])
    assert canonical(g) == expected
    assert canonical(g, "pattern") == _rows("puzzles_minlex.tsv")[0][2]


def test_canonical_matches_minlex_on_every_vector() -> None:
    rows = _rows("puzzles_minlex.tsv") + [[r[0], r[1], r[1]] for r in _rows("grids_minlex.tsv")]
    for text, string_form, pattern_form, *_ in rows:
        g = Grid(givens=_cells(text))
        assert canonical(g) == string_form == minlex(text)[0]
        assert canonical(g, "pattern") == pattern_form == minlex(text, "pattern")[0]


def test_canonical_rejects_givens_that_are_no_digits() -> None:
    # Grid() refuses such givens; the unchecked constructor (readers, the solver) does not.
    g = Grid._make([0] * 3 + [10] + [0] * 77)
    with pytest.raises(ValueError, match="81 digits"):
        canonical(g)
    g = Grid._make([0] * 80)
    with pytest.raises(ValueError, match="81 digits"):
        canonical(g)
    with pytest.raises(ValueError, match="convention"):
        canonical(Grid(givens=[0] * 81), "patterns")  # type: ignore[arg-type]


def test_empty_and_single_clue_grids() -> None:
    assert minlex("." * 81)[0] == "0" * 81
    form, t = minlex("." * 40 + "7" + "." * 40)
    assert form == "0" * 80 + "1"
    assert t.apply("." * 40 + "7" + "." * 40) == "." * 80 + "1"


def test_unique_indices_finds_duplicates_up_to_symmetry() -> None:
    rows = _rows("puzzles_minlex.tsv")
    base = np.array([_cells(r[0]) for r in rows], dtype=np.uint8)
    # The vector file holds some puzzles twice, under different symmetries.
    forms = {r[1] for r in rows}
    t = Transform(True, (8, 7, 6, 5, 4, 3, 2, 1, 0), (2, 0, 1, 3, 4, 5, 8, 7, 6))
    collection = np.concatenate([base, t.apply(base)[::-1]])
    idx = unique_indices(collection)
    assert len(idx) == len(forms)
    assert list(idx) == sorted(idx)
    assert {"".join(map(str, f)) for f in minlex_array(collection[idx]).tolist()} == forms
    assert unique_indices(np.zeros((0, 81), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ("1" * 80, "81 cells"),
        ([0] * 80, "81 digits"),
        ([10] + [0] * 80, "81 digits"),
    ],
)
def test_minlex_rejects_bad_input(values: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        minlex(values)  # type: ignore[arg-type]


def test_bad_convention_and_shapes() -> None:
    with pytest.raises(ValueError, match="convention"):
        minlex("." * 81, "patterns")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="shape"):
        minlex_array(np.zeros((3, 80), dtype=np.uint8))
    with pytest.raises(ValueError, match="from 0 to 9"):
        minlex_array(np.full((1, 81), 11))
    with pytest.raises(ValueError, match="81"):
        Transform().apply(np.zeros((2, 9)))


def test_kernel_tables_match_a_brute_force() -> None:
    from puzzlefmt.sudoku._kernels import canon as k

    orders = list(itertools.permutations(range(3)))
    assert [list(o) for o in orders] == k.PERMS.tolist()

    def image(bits: int, order: tuple[int, ...]) -> int:
        return sum(1 << (2 - i) for i in range(3) if bits >> (2 - order[i]) & 1)

    for bits in range(8):
        for mask in range(1, 64):
            allowed = [q for q in range(6) if mask >> q & 1]
            least = min(image(bits, orders[q]) for q in allowed)
            keep = sum(1 << q for q in allowed if image(bits, orders[q]) == least)
            assert (k.TRIPLET_BEST[bits, mask], k.TRIPLET_KEEP[bits, mask]) == (least, keep)
    for x in range(512):
        trip = [(x >> (6 - 3 * s)) & 7 for s in range(3)]
        least = min(
            image(trip[st[0]], orders[q0]) << 6
            | image(trip[st[1]], orders[q1]) << 3
            | image(trip[st[2]], orders[q2])
            for st in orders
            for q0 in range(6)
            for q1 in range(6)
            for q2 in range(6)
        )
        assert k.ROW_BEST[x] == least
        assert k.LEAD_ZEROS[x] == next((j for j in range(9) if x >> (8 - j) & 1), 9)


def test_module_doctest() -> None:
    assert doctest.testmod(canon).failed == 0


@pytest.mark.parametrize(
    "settings",
    [
        # The breadth-first searches, as they run.
        "pass",
        # The string convention's depth-first search, forced (it takes over where the
        # breadth-first search would hold too many candidates: nearly full grids); from the
        # start, and once three candidates are reached.
        "_canon_kernel.STRING_CANDIDATES = 0",
        "_canon_kernel.STRING_CANDIDATES = 3",
        # ... with a list of tied children so short that its fallback (scan every child
        # again) runs on ordinary puzzles too.
        "_canon_kernel.STRING_CANDIDATES = 0; _canon_kernel.TIES = 1",
    ],
)
def test_kernel_runs_with_the_jit_disabled(settings: str) -> None:
    # Plain Python: module constants can be changed to send puzzles down every path.
    rows = _rows("puzzles_minlex.tsv")[:6]
    rows += [[r[0], r[1], r[1]] for r in _rows("grids_minlex.tsv")[:1]]
    code = f"""
        from puzzlefmt.sudoku._kernels import canon as _canon_kernel
        from puzzlefmt.sudoku.canon import minlex
        {settings}
        for text in {[r[0] for r in rows]!r}:
            print(minlex(text, "string")[0], minlex(text, "pattern")[0])
    """
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
        cwd=ROOT,
    )
    assert proc.stdout.split("\n")[:-1] == [f"{r[1]} {r[2]}" for r in rows]
