"""The Sudoku solver: counts and solutions against tdoku's test puzzles, constraints from placed
digits and candidates, contradictions named, and property tests on generated puzzles."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.sudoku import solver
from puzzlefmt.sudoku.grid import UNITS, Grid
from puzzlefmt.sudoku.solver import (
    contradiction,
    count_solutions,
    solve,
    solve_array,
    solve_many,
)

from helpers import examples, shared_path

ROOT = Path(__file__).resolve().parents[2]


def _cells(text: str) -> list[int]:
    return [int(c) if c in "123456789" else 0 for c in text[:81]]


def _tdoku_vectors() -> list[tuple[str, int, str | None]]:
    path = shared_path("vectors", "sudoku", "tdoku", "test_puzzles")
    out = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        parts = line.strip().split(":")
        out.append((parts[0], int(parts[1]), parts[2] if len(parts) > 2 else None))
    return out


def _is_solution(cells: list[int] | np.ndarray) -> bool:
    vals = [int(v) for v in cells]
    return all(sorted(vals[i] for i in unit) == list(range(1, 10)) for unit in UNITS)


def _keeps(puzzle: list[int], sol: list[int] | np.ndarray) -> bool:
    return all(p == 0 or p == int(s) for p, s in zip(puzzle, sol, strict=True))


# A solution grid to derive puzzles from (tdoku's first test puzzle's solution).
GRID = "652483917978162435314975628825736149791824563436519872269348751547291386183657294"


def _deadly_rectangle_puzzle() -> str:
    """GRID with the four cells of a "deadly rectangle" blanked (two rows of one band, two
    columns of different stacks, holding a b / b a): exactly two solutions."""
    v = _cells(GRID)
    for r1 in range(9):
        for r2 in range(r1 + 1, 3 * (r1 // 3) + 3):
            for c1 in range(9):
                for c2 in range(3 * (c1 // 3) + 3, 9):
                    a, b = v[9 * r1 + c1], v[9 * r1 + c2]
                    if v[9 * r2 + c1] == b and v[9 * r2 + c2] == a:
                        for i in (9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2):
                            v[i] = 0
                        return "".join(map(str, v))
    raise AssertionError("no deadly rectangle in GRID")


TWO = _deadly_rectangle_puzzle()


# ---------------------------------------------------------------------- tdoku vectors


def test_tdoku_vectors_counts_and_solutions() -> None:
    vectors = _tdoku_vectors()
    assert len(vectors) == 43
    puzzles = np.array([_cells(p) for p, _, _ in vectors], dtype=np.uint8)
    # A limit one above the stated count: the count found must be the stated one exactly.
    for k, (text, count, stated) in enumerate(vectors):
        counts, sols = solve_array(puzzles[k : k + 1], limit=count + 1)
        assert counts[0] == count, text
        for j in range(min(count, 2)):
            assert _is_solution(sols[0, j]), text
            assert _keeps(_cells(text), sols[0, j]), text
        if count >= 2:
            assert not np.array_equal(sols[0, 0], sols[0, 1])
        if count < 2:
            assert not sols[0, count:].any()
        if stated is not None:
            assert "".join(map(str, sols[0, 0])) == stated


def test_tdoku_vectors_batch_matches_one_by_one() -> None:
    vectors = _tdoku_vectors()
    puzzles = np.array([_cells(p) for p, _, _ in vectors], dtype=np.uint8)
    counts, sols = solve_array(puzzles)  # default limit 2
    assert counts.dtype == np.int32
    assert counts.shape == (43,)
    assert sols.dtype == np.uint8
    assert sols.shape == (43, 2, 81)
    assert counts.tolist() == [min(c, 2) for _, c, _ in vectors]
    results = solve_many([Grid.from_values(p) for p, _, _ in vectors])
    assert [r.count for r in results] == counts.tolist()
    for r, k in zip(results, range(43), strict=True):
        for j, g in enumerate(r.solutions):
            assert g.values == sols[k, j].tolist()


# ---------------------------------------------------------------------- the Grid API


def test_solve_unique_keeps_givens_and_places_the_rest() -> None:
    text, _, stated = _tdoku_vectors()[0]
    g = Grid.from_values(text).replace(meta={"A": "someone"})
    r = solve(g)
    assert r.status == "unique"
    assert r.unique
    assert r.limit == 2
    assert r.solution is not None
    assert r.solution.givens == g.givens
    assert r.solution.values == _cells(stated or "")
    assert all(not p for gv, p in zip(r.solution.givens, r.solution.placed, strict=True) if gv)
    assert r.solution.meta == {"A": "someone"}


def test_solve_multiple_shows_two_different_solutions() -> None:
    r = solve(Grid.from_values(TWO))
    assert r.status == "multiple"
    assert r.count == 2
    a, b = (s.values for s in r.solutions)
    assert a != b
    assert _is_solution(a)
    assert _is_solution(b)
    assert r.solution is None
    assert count_solutions(Grid.from_values(TWO), limit=10) == 2


def test_count_is_capped_at_the_limit() -> None:
    assert count_solutions(Grid(), limit=1) == 1
    assert solve_array(np.zeros((1, 81), dtype=np.uint8), limit=np.int64(4))[0][0] == 4
    assert count_solutions(Grid(), limit=7) == 7
    counts, sols = solve_array(np.zeros((1, 81), dtype=np.uint8), limit=3)
    assert counts[0] == 3
    assert _is_solution(sols[0, 0])
    assert _is_solution(sols[0, 1])


def test_solved_grid_counts_once() -> None:
    assert count_solutions(Grid.from_values(GRID)) == 1


@pytest.mark.parametrize(
    ("cells", "reason"),
    [
        ({0: 5, 4: 5}, "r1c1 and r1c5 both hold 5"),
        ({0: 3, 72: 3}, "r1c1 and r9c1 both hold 3"),
        ({0: 7, 20: 7}, "r1c1 and r3c3 both hold 7"),
    ],
)
def test_repeated_digit_is_named(cells: dict[int, int], reason: str) -> None:
    givens = [0] * 81
    for i, v in cells.items():
        givens[i] = v
    r = solve(Grid(givens=givens))
    assert r.count == 0
    assert r.status == "none"
    assert r.solutions == []
    assert r.reason == reason


def test_placed_digits_that_clash_with_givens_are_named() -> None:
    givens = [0] * 81
    placed = [0] * 81
    givens[10] = 4
    placed[16] = 4
    r = solve(Grid(givens=givens, placed=placed))
    assert r.count == 0
    assert r.reason == "r2c2 and r2c8 both hold 4"
    assert solve(Grid(givens=givens, placed=placed), use_placed=False).count == 2


def test_cell_with_no_candidate_is_named() -> None:
    # r1c9 sees 1-8 in its row and 9 in its column.
    givens = _cells("12345678." + "." * 8 + "9" + "." * 63)
    r = solve(Grid(givens=givens))
    assert r.count == 0
    assert r.reason == "r1c9 has no candidate left"
    masks = [0x1FF] * 81
    masks[40] = 0
    r = solve(Grid(candidates=masks))
    assert r.count == 0
    assert r.reason == "r5c5 has no candidate left"


def test_no_solution_without_a_visible_reason() -> None:
    vectors = [v for v in _tdoku_vectors() if v[1] == 0]
    r = solve(Grid.from_values(vectors[0][0]))
    assert r.count == 0
    assert r.reason == ""
    assert contradiction(_cells(vectors[0][0])) == ""


def test_placed_digits_are_constraints() -> None:
    r = solve(Grid.from_values(TWO))
    first, second = (s.values for s in r.solutions)
    i = next(k for k in range(81) if first[k] != second[k])
    placed = [0] * 81
    placed[i] = second[i]
    g = Grid(givens=_cells(TWO), placed=placed)
    only = solve(g)
    assert only.unique
    assert only.solution is not None
    assert only.solution.values == second
    assert only.solution.placed[i] == second[i]
    assert solve(g, use_placed=False).count == 2


def test_candidates_and_eliminations_are_constraints() -> None:
    r = solve(Grid.from_values(TWO))
    first, second = (s.values for s in r.solutions)
    i = next(k for k in range(81) if first[k] != second[k])
    masks = [0x1FF] * 81
    masks[i] = 0x1FF & ~(1 << (first[i] - 1))
    with_marks = Grid(givens=_cells(TWO), candidates=masks)
    only = solve(with_marks)
    assert only.unique
    assert only.solution is not None
    assert only.solution.values == second
    assert solve(with_marks, use_candidates=False).count == 2
    elim = [0] * 81
    elim[i] = 1 << (second[i] - 1)
    struck = Grid(givens=_cells(TWO), eliminated=elim)
    only = solve(struck)
    assert only.unique
    assert only.solution is not None
    assert only.solution.values == first
    counts, sols = solve_array(
        np.array([_cells(TWO)], dtype=np.uint8), candidates=np.array([masks], dtype=np.uint16)
    )
    assert counts[0] == 1
    assert sols[0, 0].tolist() == second


def test_given_outside_its_candidates_is_unsolvable() -> None:
    puzzle = np.array([_cells(GRID)], dtype=np.uint8)
    masks = np.full((1, 81), 0x1FF, dtype=np.uint16)
    masks[0, 0] = 0x1FF & ~(1 << (int(puzzle[0, 0]) - 1))
    counts, sols = solve_array(puzzle, candidates=masks)
    assert counts[0] == 0
    assert not sols.any()


def test_solve_many_reports_each_grid() -> None:
    bad = Grid.from_values("11" + "." * 79)
    results = solve_many([Grid.from_values(GRID), bad, Grid.from_values(TWO)])
    assert [r.count for r in results] == [1, 0, 2]
    assert results[1].reason == "r1c1 and r1c2 both hold 1"
    assert solve_many([]) == []


@pytest.mark.parametrize(
    ("puzzles", "kwargs", "message"),
    [
        (np.zeros((2, 80), dtype=np.uint8), {}, "shape"),
        (np.zeros(81, dtype=np.uint8), {}, "shape"),
        (np.full((1, 81), 10), {}, "from 0 to 9"),
        (np.full((1, 81), -1), {}, "from 0 to 9"),
        (np.zeros((1, 81)), {}, "integers"),
        (np.zeros((1, 81), dtype=np.uint8), {"limit": 0}, "limit"),
        (np.zeros((1, 81), dtype=np.uint8), {"limit": 2.0}, "limit"),
        (
            np.zeros((1, 81), dtype=np.uint8),
            {"candidates": np.zeros((2, 81), dtype=np.uint16)},
            "one each",
        ),
        (
            np.zeros((1, 81), dtype=np.uint8),
            {"candidates": np.full((1, 81), 512)},
            "from 0 to 511",
        ),
    ],
)
def test_solve_array_rejects_bad_input(
    puzzles: np.ndarray, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        solve_array(puzzles, **kwargs)  # type: ignore[arg-type]


def test_empty_batch() -> None:
    counts, sols = solve_array(np.zeros((0, 81), dtype=np.uint8))
    assert counts.shape == (0,)
    assert sols.shape == (0, 2, 81)


def test_module_doctest() -> None:
    assert doctest.testmod(solver).failed == 0


# ---------------------------------------------------------------------- properties


@st.composite
def puzzles_from_grid(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """A relabelled copy of a known solution grid and a random subset of it as a puzzle."""
    perm = draw(st.permutations(range(1, 10)))
    full = [perm[v - 1] for v in _cells(GRID)]
    keep = draw(st.lists(st.booleans(), min_size=81, max_size=81))
    return full, [v if k else 0 for v, k in zip(full, keep, strict=True)]


@examples(60)
@given(puzzles_from_grid())
def test_solutions_obey_the_rules_and_keep_the_givens(case: tuple[list[int], list[int]]) -> None:
    full, puzzle = case
    counts, sols = solve_array(np.array([puzzle], dtype=np.uint8), limit=2)
    assert counts[0] >= 1  # the grid it came from solves it
    for j in range(counts[0]):
        assert _is_solution(sols[0, j])
        assert _keeps(puzzle, sols[0, j])
    if counts[0] == 1:
        assert sols[0, 0].tolist() == full
    else:
        assert not np.array_equal(sols[0, 0], sols[0, 1])


@examples(30)
@given(puzzles_from_grid(), st.integers(0, 80), st.integers(1, 9))
def test_an_added_clash_is_found(case: tuple[list[int], list[int]], i: int, v: int) -> None:
    full, puzzle = case
    if full[i] == v:
        return
    puzzle = list(puzzle)
    j = next((k for k in range(81) if full[k] == v and k != i and _peers(i, k)), None)
    assert j is not None
    puzzle[i] = v
    puzzle[j] = v
    r = solve(Grid(givens=puzzle))
    assert r.count == 0
    a, b = sorted((i, j))
    assert f"r{a // 9 + 1}c{a % 9 + 1} and r{b // 9 + 1}c{b % 9 + 1} both hold {v}" in r.reason


def _peers(i: int, j: int) -> bool:
    return i // 9 == j // 9 or i % 9 == j % 9 or (i // 27, i % 9 // 3) == (j // 27, j % 9 // 3)


# ---------------------------------------------------------------------- compiled and not


def _run(code: str, **env: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **env},
        cwd=ROOT,
    )
    return proc.stdout


def test_kernel_runs_with_the_jit_disabled() -> None:
    vectors = _tdoku_vectors()
    chosen = [vectors[0], vectors[18], vectors[28]]  # unique, none, 125 solutions
    code = f"""
        import numpy as np
        from puzzlefmt.sudoku.solver import solve_array
        p = np.array({[_cells(v[0]) for v in chosen]!r}, dtype=np.uint8)
        counts, sols = solve_array(p, limit=2)
        print(','.join(map(str, counts)), ''.join(map(str, sols[0, 0])))
    """
    out = _run(code, NUMBA_DISABLE_JIT="1").split()
    assert out == ["1,0,2", chosen[0][2]]


def test_second_process_loads_the_compiled_kernel_from_the_cache() -> None:
    code = """
        import numpy as np
        from puzzlefmt.sudoku._kernels import solve as _solve_kernel
        from puzzlefmt.sudoku.solver import solve_array
        solve_array(np.zeros((1, 81), dtype=np.uint8))
        stats = _solve_kernel.solve_batch.stats
        print(sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
    """
    # Both processes compile (this one may run with NUMBA_DISABLE_JIT=1, the debug mode):
    # the first compiles or loads the kernel and caches it, the second must load it. The
    # JIT's cache is what is tested: not the ahead-of-time build (PUZZLEFMT_AOT=0).
    _run(code, NUMBA_DISABLE_JIT="0", PUZZLEFMT_AOT="0")
    hits, misses = _run(code, NUMBA_DISABLE_JIT="0", PUZZLEFMT_AOT="0").split()
    assert int(hits) >= 1
    assert int(misses) == 0
