"""The solver (none / unique / multiple) and the grader."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlefmt.keen import Difficulty, Puzzle, generate, grade, grade_many
from puzzlefmt.keen.solver import count_solutions, solve, solve_many

from strategies.keen import solvable_puzzles


def test_statuses() -> None:
    unique = solve(Puzzle("3:a_a3_a_,a3m6m3s1"))
    assert (unique.status, unique.count) == ("unique", 1)
    assert unique.solution == (2, 1, 3, 3, 2, 1, 1, 3, 2)
    none = solve(Puzzle("3:_13,aaaaaaaaa"))
    assert (none.status, none.solutions, none.solution) == ("none", [], None)
    many = solve(Puzzle("2:b__,a3a3"))
    assert many.status == "multiple"
    assert sorted(many.solutions) == [(1, 2, 2, 1), (2, 1, 1, 2)]
    assert many.solution is None


def test_limit() -> None:
    rows = Puzzle("3:f_6,a6a6a6")  # three row cages of sum 6: every 3x3 Latin square, 12
    assert count_solutions(rows, 100) == 12
    assert count_solutions(rows, 5) == 5
    assert solve(rows, 1).count == 1
    with pytest.raises(ValueError, match="limit"):
        solve(rows, 0)


def test_seed_ids_are_not_solved() -> None:
    # Only seed IDs of sizes Keen does not make: the others are expanded and solved.
    res = solve(Puzzle("12dn#1234"))
    assert res.count == 0
    assert "random-seed" in res.reason
    with pytest.raises(ValueError, match="no cages"):
        grade(Puzzle("12dn#1234"))
    assert solve(Puzzle("6dn#1234")).status == "unique"
    assert grade(Puzzle("6dn#1234")) is Difficulty.NORMAL


def test_solve_many_matches_solve() -> None:
    puzzles = [Puzzle("3:a_a3_a_,a3m6m3s1"), Puzzle("12dn#1"), Puzzle("2:b__,a3a3"),
               Puzzle("3:_13,aaaaaaaaa"), Puzzle("1:_,a1"), Puzzle("1:_,m2")]
    assert solve_many(puzzles) == [solve(p) for p in puzzles]
    assert [r.status for r in solve_many(puzzles)] == [
        "unique", "none", "multiple", "none", "unique", "none"]


def test_huge_targets() -> None:
    p = Puzzle("3:_13,a" + "9" * 30 + "a1" * 8)
    assert solve(p).status == "none"


@given(solvable_puzzles(max_size=6))
@settings(max_examples=150)
def test_solutions_are_right(p: Puzzle) -> None:
    """The Latin square the puzzle was made from is a solution: the solver finds at least
    one, every solution it returns solves the puzzle, and a unique one is that square."""
    res = solve(p, 2)
    assert res.count >= 1
    for sol in res.solutions:
        assert p.check_solution(sol) == []
    if res.count == 1:
        assert res.solution == p.solution
    else:
        assert len(set(res.solutions)) == 2


@given(solvable_puzzles(max_size=5))
@settings(max_examples=60)
def test_grade_agrees_with_solver(p: Puzzle) -> None:
    g = grade(p)
    assert (g is not None) == (solve(p).count == 1)


@pytest.mark.parametrize(
    ("size", "level"),
    [(4, Difficulty.EASY), (5, Difficulty.NORMAL), (6, Difficulty.HARD),
     (6, Difficulty.EXTREME), (6, Difficulty.UNREASONABLE), (9, Difficulty.HARD)],
)
def test_generate(size: int, level: Difficulty) -> None:
    p = generate(size, level, seed=7)
    assert p.difficulty is level
    assert grade(p) is level
    res = solve(p)
    assert res.solution == p.solution


def test_grade_levels_need_their_deductions() -> None:
    """A puzzle graded at a level is not solved by the levels below (the grader's own
    ladder), and the real program's small-size exceptions hold."""
    import numpy as np

    from puzzlefmt.keen._grade_kernels import UNFINISHED
    from puzzlefmt.keen._grade_kernels import _run as run
    from puzzlefmt.keen._kernels import build_layouts
    from puzzlefmt.keen.solver import puzzle_arrays

    for level in (Difficulty.NORMAL, Difficulty.HARD, Difficulty.EXTREME):
        p = generate(6, level, seed=3)
        cstart, ccells, cop, ctarget, cell_cage = puzzle_arrays(p)
        tstart = np.zeros(len(cop), np.int64)
        tcount = np.zeros(len(cop), np.int64)
        tbuf = build_layouts(6, cstart, ccells, cop, ctarget, tstart, tcount)
        below = run(6, int(level) - 1, cstart, ccells, cop, ctarget, cell_cage, tstart, tcount,
                    tbuf)
        at = run(6, int(level), cstart, ccells, cop, ctarget, cell_cage, tstart, tcount, tbuf)
        assert below == UNFINISHED
        assert at == int(level)
    with pytest.raises(ValueError, match="3x3"):
        generate(3, "h")


def test_grade_many_and_limits() -> None:
    ps = [Puzzle("3:a_a3_a_,a3m6m3s1"), Puzzle("2:b__,a3a3")]
    assert grade_many(ps) == [Difficulty.NORMAL, None]
    big = Puzzle.from_cages(10, [((c,), "a", 1) for c in range(100)])
    with pytest.raises(ValueError, match="size 9"):
        grade(big)


def test_kernels_run_without_jit() -> None:
    """The kernels are plain Python under NUMBA_DISABLE_JIT=1, with the same answers."""
    ids = ["3:a_a3_a_,a3m6m3s1", "2:b__,a3a3", "3:_13,aaaaaaaaa",
           "5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2"]
    script = textwrap.dedent(f"""
        import json
        from puzzlefmt.keen import Puzzle, grade_many
        from puzzlefmt.keen.solver import solve_many
        ps = [Puzzle(t) for t in {ids!r}]
        print(json.dumps([[r.count, r.solutions] for r in solve_many(ps)]
                         + [str(g) for g in grade_many(ps)]))
    """)
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    out = subprocess.run([sys.executable, "-W", "error", "-c", script], env=env,
                         capture_output=True, text=True, check=True, timeout=120)
    got = json.loads(out.stdout)
    ps = [Puzzle(t) for t in ids]
    want = json.loads(json.dumps([[r.count, r.solutions] for r in solve_many(ps)]
                                 + [str(g) for g in grade_many(ps)]))
    assert got == want
    assert got[-4:] == ["Normal", "None", "None", "Easy"]


@given(st.data())
@settings(max_examples=20)
def test_generated_puzzles_keep_their_params(data: st.DataObject) -> None:
    from puzzlefmt.keen import random_puzzle

    p = random_puzzle(data.draw(st.integers(3, 7)), data.draw(st.integers(0, 10**6)),
                      multiplication_only=True)
    assert {c.op.value for c in p.cages} == {"m"}
    assert p.check_solution(p.solution or ()) == []


@given(solvable_puzzles(min_size=4, max_size=7, max_cage=4))
@settings(max_examples=80)
def test_grader_deductions_are_sound(p: Puzzle) -> None:
    """The real program's deductions, at every level, never contradict a puzzle with a
    unique solution; and a level that fills the grid is filled at every level above."""
    import numpy as np

    from puzzlefmt.keen._grade_kernels import IMPOSSIBLE, UNFINISHED
    from puzzlefmt.keen._grade_kernels import _run as run
    from puzzlefmt.keen._kernels import build_layouts
    from puzzlefmt.keen.solver import puzzle_arrays

    if solve(p).count != 1:
        return
    cstart, ccells, cop, ctarget, cell_cage = puzzle_arrays(p)
    tstart = np.zeros(len(cop), np.int64)
    tcount = np.zeros(len(cop), np.int64)
    tbuf = build_layouts(p.size, cstart, ccells, cop, ctarget, tstart, tcount)
    results = [run(p.size, level, cstart, ccells, cop, ctarget, cell_cage, tstart, tcount,
                   tbuf) for level in range(4)]
    assert IMPOSSIBLE not in results
    finished = [r != UNFINISHED for r in results]
    assert finished == sorted(finished)  # once solved, solved at every level above
    for level, r in enumerate(results):
        assert r == UNFINISHED or r <= level


def test_cages_too_large_to_enumerate() -> None:
    row = Puzzle.from_cages(16, [(range(16), "a", 136)]
                            + [((c,), "a", 1) for c in range(16, 256)])
    with pytest.raises(ValueError, match="too many digit layouts"):
        solve(row)
