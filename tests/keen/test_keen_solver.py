"""The solver (none / unique / multiple) and the grader."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from puzzlefmt.keen import Difficulty, Puzzle, format_solution, grade, grade_many
from puzzlefmt.keen.generate import generate  # the graded maker (puzzlefmt.keen.generate: keen.c's)
from puzzlefmt.keen.seed import expand
from puzzlefmt.keen.solver import (
    SEED_REASON,
    count_solutions,
    solution_text,
    solve,
    solve_many,
)

from helpers import examples
from strategies.keen import solvable_puzzles

# With NUMBA_DISABLE_JIT=1 the kernels run as plain Python, some 100 times slower: the tests
# of big cages (minutes each) and of the time bound (which times the kernels) are left out.
jit_only = pytest.mark.skipif(
    os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"),
    reason="NUMBA_DISABLE_JIT=1: minutes as plain Python, or timing the compiled kernels",
)


def test_statuses() -> None:
    unique = solve(Puzzle("3:a_a3_a_,a3m6m3s1"))
    assert (unique.status, unique.count) == ("unique", 1)
    assert unique.solution is not None
    assert unique.solution.solution == (2, 1, 3, 3, 2, 1, 1, 3, 2)
    none = solve(Puzzle("3:_13,aaaaaaaaa"))
    assert (none.status, none.solutions, none.solution) == ("none", [], None)
    many = solve(Puzzle("2:b__,a3a3"))
    assert many.status == "multiple"
    assert sorted(s.solution or () for s in many.solutions) == [(1, 2, 2, 1), (2, 1, 1, 2)]
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
    # Not "none": the seed's puzzle exists, it is not expanded here (issue 11).
    assert (res.status, res.complete) == ("unknown", False)
    assert Puzzle("6dn#1234").is_valid()  # its only problem is a warning
    with pytest.raises(ValueError, match="no cages"):
        grade(Puzzle("12dn#1234"))
    assert solve(Puzzle("6dn#1234")).status == "unique"
    assert grade(Puzzle("6dn#1234")) is Difficulty.NORMAL


def test_solve_many_matches_solve() -> None:
    puzzles = [Puzzle("3:a_a3_a_,a3m6m3s1"), Puzzle("12dn#1"), Puzzle("2:b__,a3a3"),
               Puzzle("3:_13,aaaaaaaaa"), Puzzle("1:_,a1"), Puzzle("1:_,m2")]
    assert solve_many(puzzles) == [solve(p) for p in puzzles]
    assert [r.status for r in solve_many(puzzles)] == [
        "unique", "unknown", "multiple", "none", "unique", "none"]


def test_huge_targets() -> None:
    p = Puzzle("3:_13,a" + "9" * 30 + "a1" * 8)
    assert solve(p).status == "none"


@given(solvable_puzzles(max_size=6))
@examples(150)
def test_solutions_are_right(p: Puzzle) -> None:
    """The Latin square the puzzle was made from is a solution: the solver finds at least
    one, every solution it returns solves the puzzle, and a unique one is that square."""
    res = solve(p, 2)
    assert res.count >= 1
    for sol in res.solutions:
        assert sol.solution is not None
        assert p.check_solution(sol.solution) == []
        assert sol.replace(solution=None) == p.replace(solution=None)
    if res.count == 1:
        assert res.solution is not None
        assert res.solution.solution == p.solution
    else:
        assert len(set(res.solutions)) == 2


@given(solvable_puzzles(max_size=5))
@examples(60)
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
    assert res.solution is not None
    assert res.solution.solution == p.solution
    assert res.solution == p  # the same puzzle, parameters and solution


def test_grade_levels_need_their_deductions() -> None:
    """A puzzle graded at a level is not solved by the levels below (the grader's own
    ladder), and the real program's small-size exceptions hold."""
    import numpy as np

    from puzzlefmt.keen._kernels.grade import UNFINISHED
    from puzzlefmt.keen._kernels.grade import _run as run
    from puzzlefmt.keen._kernels.solve import build_layouts
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
    # Grading enumerates subsets of rows as the real program does: up to 16x16 (it was 9x9
    # in 0.1; keensolver grades a 10x10 too, see test_big_cages_solve_and_grade_as_keen).
    big = Puzzle.from_cages(17, [((c,), "a", 1) for c in range(17 * 17)])
    with pytest.raises(ValueError, match="size 16"):
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
        print(json.dumps([[r.count, [s.solution for s in r.solutions]] for r in solve_many(ps)]
                         + [str(g) for g in grade_many(ps)]))
    """)
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    out = subprocess.run([sys.executable, "-W", "error", "-c", script], env=env,
                         capture_output=True, text=True, check=True, timeout=120)
    got = json.loads(out.stdout)
    ps = [Puzzle(t) for t in ids]
    want = json.loads(json.dumps([[r.count, [s.solution for s in r.solutions]]
                                  for r in solve_many(ps)]
                                 + [str(g) for g in grade_many(ps)]))
    assert got == want
    assert got[-4:] == ["Normal", "None", "None", "Easy"]


@given(st.data())
@examples(20)
def test_generated_puzzles_keep_their_params(data: st.DataObject) -> None:
    from puzzlefmt.keen import random_puzzle

    p = random_puzzle(data.draw(st.integers(3, 7)), data.draw(st.integers(0, 10**6)),
                      multiplication_only=True)
    assert {c.op.value for c in p.cages} == {"m"}
    assert p.check_solution(p.solution or ()) == []


@given(solvable_puzzles(min_size=4, max_size=7, max_cage=4))
@examples(80)
def test_grader_deductions_are_sound(p: Puzzle) -> None:
    """The real program's deductions, at every level, never contradict a puzzle with a
    unique solution; and a level that fills the grid is filled at every level above."""
    import numpy as np

    from puzzlefmt.keen._kernels.grade import IMPOSSIBLE, UNFINISHED
    from puzzlefmt.keen._kernels.grade import _run as run
    from puzzlefmt.keen._kernels.solve import build_layouts
    from puzzlefmt.keen.solver import puzzle_arrays

    assume(solve(p).count == 1)
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
    """0.1 refused this puzzle ("a cage has too many digit layouts"); a big cage is now
    enumerated among the digits its cells allow, and the singletons (all 1) decide it."""
    row = Puzzle.from_cages(16, [(range(16), "a", 136)]
                            + [((c,), "a", 1) for c in range(16, 256)])
    res = solve(row)
    assert (res.status, res.complete) == ("none", True)


# -------------------------------------------------------------------- issue 11: big cages

# Valid IDs with cages bigger than the real generator makes (it stops at 6 cells). The real
# program (keensolver, built by hand from keen.c) solves both and grades them Hard; the
# solutions are the ones it prints.
BIG_9 = ("9:a5__a3__aa_3aa_4a_6a__a_3ab_3ab_aaba9ba_a_3a_12a_6ab__a_caab,s4m28d3m48d3a24a7s3"
         "m35a5a11m28d4s2m10m18s5a8m30a9d2a8a26d3m24s1s3m54d3m60480a9s3s1a7d3")
BIG_9_SOLUTION = ("597413682914857236863592471629381754451278369132764598385926147278645913"
                  "746139825")

BIG_10 = (
    "10:__a_aa_6ab_5a3_6a_a_baa__a_a_6a__a_6aa_4ab_b__b_b_6aa_4a_a_aa_aa_a_3a3_4a3_3a"
    "ca__baba_aa_,a11s7s6a10s5s4m210m20s2s3a14m24a11a8m90m6a5s1m432a43m105d4a28s2m6a8"
    "a14m8a10a5s6s1s1a7m10s4s4s4s3s4m160a7m28"
)
# keensolver writes 10 as ':'.
BIG_10_SOLUTION = ("23719:54869:2314685746:5871293149:387562528769:1347169238:453814:5267987"
                   "4652391::53846972169527143:8")


@jit_only
def test_big_cages_solve_and_grade_as_keen() -> None:
    p = Puzzle(BIG_9)
    assert max(c.area for c in p.cages) == 9
    assert next(c for c in p.cages if c.area == 9).clue() == "m60480"
    res = solve(p)
    assert res.status == "unique"
    assert res.solution is not None
    assert format_solution(res.solution.solution or (), 9) == BIG_9_SOLUTION
    assert p.check_solution(res.solution.solution or ()) == []
    assert grade(p) is Difficulty.HARD


@jit_only
def test_big_cage_of_a_ten_by_ten() -> None:
    p = Puzzle(BIG_10)
    assert [c.clue() for c in p.cages if c.area == 8] == ["a43"]
    res = solve(p)
    assert res.status == "unique"
    assert res.solution is not None
    digits = "".join("123456789:"[v - 1] for v in res.solution.solution or ())
    assert digits == BIG_10_SOLUTION
    assert grade(p) is Difficulty.HARD


def test_big_cages_are_dynamic() -> None:
    """The m60480 cage has 310,896 layouts: it is enumerated when needed, not stored."""
    from puzzlefmt.keen._kernels import solve as kern
    from puzzlefmt.keen.solver import puzzle_arrays

    p = Puzzle(BIG_9)
    cstart, ccells, cop, ctarget, _ = puzzle_arrays(p)
    tstart, tcount, tbuf, ok = kern.cage_layouts(9, cstart, ccells, cop, ctarget)
    assert ok
    big = [k for k, c in enumerate(p.cages) if c.area == 9]
    assert [int(tcount[k]) for k in big] == [kern.DYNAMIC]
    assert [int(v) for v in tbuf[tstart[big[0]] : tstart[big[0]] + 2]] == [kern.MUL, 60480]
    assert all(t >= 0 for k, t in enumerate(tcount) if k not in big)


# -------------------------------------------------------------------- issue 11: time bound


@jit_only
def test_one_big_cage_is_decided_quickly() -> None:
    """20:z30j,a4200 (one cage of 400 cells adding to 4200, which every Latin square meets)
    took 120 s in 0.1 and ended "unknown". Its cage is not enumerated while its cells allow
    more than 2**40 combinations, and the search finds two Latin squares at once."""
    p = Puzzle("20:z30j,a4200")
    assert len(p.cages) == 1
    start = time.perf_counter()
    res = solve(p)
    assert time.perf_counter() - start < 5
    assert (res.status, res.complete) == ("multiple", True)
    for sol in res.solutions:
        assert p.check_solution(sol.solution or ()) == []


@jit_only
def test_time_bound_per_puzzle() -> None:
    """A search past its time ends "unknown" (counted apart from solved ones), keeps what it
    found, and says why; the others in the batch are solved as usual."""
    huge = Puzzle("20:z30j,a4200")
    small = Puzzle("3:a_a3_a_,a3m6m3s1")
    # The kernels compiled first (a fresh clone has no numba cache, and this test may be the
    # first of its process to call them): the bounds below are the timeout's, not numba's.
    solve_many([small, huge], 10**9, timeout=0.3)
    solve(huge, 10**9, timeout=0.2)
    start = time.perf_counter()
    results = solve_many([small, huge, small], 10**9, timeout=0.3)
    took = time.perf_counter() - start
    assert took < 3
    assert [r.status for r in results] == ["unique", "unknown", "unique"]
    late = results[1]
    assert not late.complete
    assert "gave up after 0.3 s" in late.reason
    assert all(huge.check_solution(s.solution or ()) == [] for s in late.solutions)
    start = time.perf_counter()
    res = solve(huge, 10**9, timeout=0.2)
    assert time.perf_counter() - start < 2
    assert res.status == "unknown"
    assert solution_text(huge, res).startswith("unknown: gave up after 0.2 s")
    assert solve(huge, 3, timeout=None).count == 3  # no bound: counts to the limit


def test_solution_text() -> None:
    p = Puzzle("3:a_a3_a_,a3m6m3s1")
    assert solution_text(p, solve(p)) == "213321132"
    many = Puzzle("2:b__,a3a3")
    assert solution_text(many, solve(many)) == "multiple 1221 2112"
    none = Puzzle("3:_13,aaaaaaaaa")
    assert solution_text(none, solve(none)) == "none"
    seed = Puzzle("12dn#1")  # a size Keen does not make: no cages
    assert solution_text(seed, solve(seed)) == f"unknown: {SEED_REASON}"
    seed = Puzzle("6dn#1")  # expanded: the game's puzzle, solved
    found = solve(seed).solution
    assert found is not None
    assert found.solution == expand("6dn", "1").solution
    assert solution_text(seed, solve(seed)) == format_solution(found.solution, 6)
