"""Sudoku Explainer's rating (puzzlefmt.sudoku.rating): serate 1.2.1.3's ER/EP/ED on the
vectors of ../shared/vectors/rating (every puzzle with ER below 9.0 identical; the others
identical or reported as needing chains, never with a lower ER; the chains in detail:
test_sudoku_chains.py), its steps, the edge cases, bad input, the ``%r/%p/%d`` notation, the
engine entry, and properties of the steps (each placement and elimination agrees with the
solution; hint() gives the same steps one at a time)."""

from __future__ import annotations

import math
import random
import re
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.sudoku import FAMILY, Grid, Rating, Step, rate, rate_many
from puzzlefmt.sudoku._kernels.rate import TECHNIQUES
from puzzlefmt.sudoku.rating import (
    VERDICTS,
    RatingTimeoutError,
    format_rating,
    hint,
    rate_array,
    se_cell,
)

from helpers import FULL_EXAMPLES, examples, shared_path

FULL = __import__("hypothesis").settings.default.max_examples >= FULL_EXAMPLES


@cache
def _table() -> list[tuple[str, str, str, str, str]]:
    path = shared_path("vectors", "rating", "se-1213.tsv")
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]


@cache
def _steps_table() -> list[tuple[str, str, str, list[tuple[str, str, str]]]]:
    """The step logs: (puzzle, source, ER/EP/ED, [(rating, technique, placement)])."""
    path = shared_path("vectors", "rating", "se-1213-steps.txt")
    out: list[tuple[str, str, str, list[tuple[str, str, str]]]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# ") and line.count("\t") == 2:
            puzzle, source, nums = line[2:].split("\t")
            out.append((puzzle, source, nums, []))
        elif line and line[0].isdigit():
            f = line.split("\t")
            out[-1][3].append((f[1], f[3], f[4]))
    return out


def _er(row: tuple[str, ...]) -> float:
    return float(row[1])


# ---------------------------------------------------------------------- the vectors


def test_every_puzzle_up_to_6_2_has_serates_numbers() -> None:
    rows = [r for r in _table() if _er(r) <= 6.2]
    assert len(rows) == 1502
    got = rate_many([Grid(r[0]) for r in rows])
    wrong = [(r[0], r[4], f"{r[1]}/{r[2]}/{r[3]}", g.line(), g.verdict)
             for r, g in zip(rows, got, strict=True)
             if g.line() != f"{r[1]}/{r[2]}/{r[3]}" or g.verdict != "rated"]
    assert wrong == []


def test_puzzles_above_6_2_get_serates_numbers_below_9_then_may_need_chains() -> None:
    """Below 9.0 (rows 21-25: forcing chains and cycles, aligned triplets, Nishio, multiple
    and dynamic forcing chains) serate's numbers exactly (these rows were reported as
    needing chains before they were done); from 9.0 serate's numbers, or needing chains
    (rows 26+), never with a lower ER."""
    rows = [r for r in _table() if _er(r) > 6.2]
    assert len(rows) == 345
    got = rate_many([Grid(r[0]) for r in rows])
    for r, g in zip(rows, got, strict=True):
        if _er(r) < 9.0 or g.verdict == "rated":
            assert (g.line(), g.verdict) == (f"{r[1]}/{r[2]}/{r[3]}", "rated"), r
            continue
        assert g.verdict == "needs-chains", r
        assert g.er == math.inf
        assert not g.finished
        # EP/ED are given only when they were reached before the rater stopped: serate's
        if not math.isinf(g.ep):
            assert format_rating(g.ep) == r[2], r
        if not math.isinf(g.ed):
            assert format_rating(g.ed) == r[3], r


def test_the_rating_with_steps_agrees_with_the_batch() -> None:
    rows = [r for r in _table() if _er(r) <= 6.2]
    sample = rows if FULL else random.Random(22).sample(rows, 120)
    for r in sample:
        one = rate(Grid(r[0]))
        assert one.line() == f"{r[1]}/{r[2]}/{r[3]}", r
        assert max(s.rating for s in one.steps) == one.er


def _shown(step: Step) -> tuple[str, str, str]:
    place = "-" if not step.places else f"{se_cell(step.places[0][0])}={step.places[0][1]}"
    return format_rating(step.rating), step.technique, place


def test_step_logs_are_serates_steps() -> None:
    """Every log whose steps are all techniques the rater has (rows 1-25) is reproduced
    step by step with serate's numbers; a log with a later technique, up to that step,
    then a stop."""
    blocks = _steps_table()
    assert len(blocks) == 54
    typed = re.compile(r"(Unique (Rectangle|Loop)( \d+)?|BUG) type \d")
    checked = 0
    for puzzle, source, nums, want in blocks:
        got = rate(Grid(puzzle))
        shown = [_shown(s) for s in got.steps]
        later = [k for k, w in enumerate(want)
                 if w[1] not in TECHNIQUES and not typed.fullmatch(w[1])]
        if not later:
            assert shown == want, source
            assert got.line() == nums
            checked += 1
        else:  # the same steps up to where rows 26+ are needed (9.0 and up), then a stop
            assert got.verdict == "needs-chains", source
            assert shown == want[:later[0]], source
            assert float(want[later[0]][0]) >= 9.0, source
    assert checked >= 37


def test_the_edge_cases() -> None:
    path = shared_path("vectors", "rating", "se-1213-edge.tsv")
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    verdicts = {"synthetic:solved-grid": "already-solved",
                "synthetic:one-empty-cell": "rated",
                "synthetic:deadly-rectangle-2-solutions": "multiple-solutions",
                "synthetic:near-solved-with-wrong-given": "no-solution",
                "synthetic:solved-grid-minus-box-part-and-corner": "rated"}
    assert sorted(r[4] for r in rows) == sorted(verdicts)
    for puzzle, er, ep, ed, source, _ in rows:
        got = Grid(puzzle).rate()
        assert got.line() == f"{er}/{ep}/{ed}", source
        assert got.verdict == verdicts[source]
    full_house = Grid(rows[1][0]).rate().steps
    assert [(s.technique, s.rating) for s in full_house] == [("Hidden Single", 1.0)]


# ---------------------------------------------------------------------- bad input


def test_bad_grids_get_one_verdict_and_no_exception() -> None:
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    twice = "33" + easy[2:]  # a digit twice in a row
    assert Grid(twice).rate().verdict == "no-solution"
    assert Grid(twice).rate().er == 20.0
    several = "." * 81
    got = Grid(several).rate()
    assert got.verdict == "multiple-solutions"
    assert got.er == 20.0
    assert got.line() == "20.0/0.0/0.0"
    # no solution, though nothing shows on its face
    nosol = "12345678." + "........9" + "." * 63
    assert Grid(nosol).rate().verdict == "no-solution"
    # a candidate grid whose marks contradict one another: r1c1 and r1c2 both only 1
    marks = [0x1FF] * 81
    marks[0] = marks[1] = 1
    assert Grid(candidates=marks).rate().verdict == "no-solution"
    for g in (twice, several, nosol):
        assert isinstance(rate_many([Grid(g)])[0], Rating)


def test_candidate_grids_are_rated_from_their_marks() -> None:
    row = next(r for r in _table() if r[1] == "3.0")  # a naked pair
    plain = Grid(row[0])
    marks = plain.candidate_masks()
    same = Grid(givens=plain.givens, candidates=[0 if v else m for v, m in
                                          zip(plain.values, marks, strict=True)])
    assert same.rate().line() == plain.rate().line()
    first = plain.rate().steps
    pair = next(s for s in first if s.technique == "Naked Pair")
    # the same grid with the pair's eliminations already struck out never needs the pair
    before = first[:first.index(pair)]
    assert before  # the pair came after some singles
    pm = list(marks)
    for c, d in pair.eliminates:
        pm[c] &= ~(1 << (d - 1))
    easier = Grid(givens=plain.givens, candidates=[0 if v else m for v, m in
                                            zip(plain.values, pm, strict=True)]).rate()
    assert "Naked Pair" not in [s.technique for s in easier.steps][:len(before) + 1]


def test_timeout_rejects_the_record() -> None:
    grid = Grid(next(r for r in _table() if r[1] == "4.2")[0])
    with pytest.raises(RatingTimeoutError) as info:
        rate(grid, timeout=1e-9)
    assert isinstance(info.value, ValueError)


def _so_far(full: Rating, k: int) -> tuple[float, float, bool]:
    """ER and EP of the first ``k`` steps of ``full`` (a lower bound, and whether EP is one:
    no digit placed yet) and ED."""
    done = full.steps[:k]
    er = max(s.rating for s in done)
    first = next((n for n, s in enumerate(done) if s.places), None)
    if first is None:
        return er, er, True
    return er, max(s.rating for s in done[:first + 1]), False


@pytest.mark.parametrize("timeout", [0.0, 1e-9])
def test_partial_gives_the_rating_reached_so_far(timeout: float) -> None:
    """Issue 23: out of time, ``partial=True`` gives the rating of the steps taken (the
    ``timeout`` verdict): ER the highest of them, a lower bound printed ``>=``; EP serate's
    once a digit is placed, else a bound; ED the first step's. The steps taken are the first
    ones of the whole rating."""
    rows = [r for r in _table() if 6.5 <= float(r[1]) <= 7.0][:6]
    for row in rows:
        grid = Grid(row[0])
        full = rate(grid)
        cut = rate(grid, timeout=timeout, partial=True)
        k = len(cut.steps)
        assert 1 <= k < len(full.steps)
        assert cut.steps == full.steps[:k]
        assert cut.verdict == "timeout"
        assert not cut.finished
        assert cut.timed_out
        er, ep, ep_low = _so_far(full, k)
        assert (cut.er, cut.ep, cut.ed) == (er, ep, full.ed)
        assert cut.lower == (True, ep_low, False)
        assert cut.line() == f">={format_rating(er)}/{'>=' if ep_low else ''}" \
            f"{format_rating(ep)}/{format_rating(full.ed)}"
        data = cut.to_json()
        assert (data["verdict"], data["er"], data["lower"]) == \
            ("timeout", f">={format_rating(er)}", [True, ep_low, False])
        assert "time ran out" in cut.words()
        if timeout == 0.0:  # the time is checked after each step: one step is always taken
            assert k == 1
            quick = rate(grid, steps=False, timeout=0.0, partial=True)
            assert (quick.er, quick.ep, quick.ed, quick.verdict, quick.steps) == \
                (full.steps[0].rating, *_so_far(full, 1)[1:2], full.ed, "timeout", ())
    # a first step that places nothing: EP is a bound too
    full = rate(Grid(rows[0][0]))
    k = next(n for n, s in enumerate(full.steps) if s.links)
    later = full.before(k)
    cut = rate(later, timeout=0.0, partial=True)
    assert not cut.steps[0].places
    assert cut.lower == (True, True, False)
    assert cut.line().startswith(f">={format_rating(full.steps[k].rating)}/>=")
    # an engine call (the command line's) gives the rating so far, never the error
    eng = FAMILY.engine("rate")
    assert eng is not None
    assert eng(Grid(rows[0][0]), timeout=1e-9).verdict == "timeout"
    assert [r.verdict for r in eng.many([Grid(r[0]) for r in rows], timeout=1e-9)] == \
        ["timeout"] * len(rows)
    assert "timeout" in VERDICTS


def test_a_grid_without_one_solution_keeps_its_verdict_out_of_time() -> None:
    puzzle = next(r for r in _table() if 6.5 <= float(r[1]) <= 7.0)[0]
    first = next(i for i, ch in enumerate(puzzle) if ch != ".")
    grid = Grid(puzzle[:first] + "." + puzzle[first + 1:])  # one given less: two solutions
    full = rate(grid)
    assert full.verdict == "multiple-solutions"
    assert len(full.steps) > 1
    cut = rate(grid, timeout=0.0, partial=True)
    assert cut.steps == full.steps[:1]
    assert cut.verdict == "multiple-solutions"
    assert cut.lower[0]
    assert cut.timed_out
    assert cut.line().startswith(">=")
    assert "time ran out" in cut.words()


# ---------------------------------------------------------------------- notation


def test_ratings_print_as_serate_prints_them() -> None:
    assert format_rating(6.6 + 0.1) == "6.7"
    assert format_rating(4.6 + 0.1) == "4.7"
    assert format_rating(1.2) == "1.2"
    assert format_rating(20.0) == "20.0"
    assert format_rating(-math.inf) == "-214748364.-8"
    assert format_rating(math.inf) == ">=9.0"
    r = Rating(4.5, 1.2, 1.2, (), "rated", seconds=0.051)
    assert r.line() == "4.5/1.2/1.2"
    assert r.line("%g %n %r %% %e %x!", puzzle="P", number=7) == "P 7 4.5 % 0.05s %!"
    assert Rating(4.5, 1.2, 1.2, seconds=75.0).line("%e") == "1m15s"
    assert Rating(4.5, 1.2, 1.2, seconds=16.31).line("%e") == "16.31s"


def test_the_engine_table_reaches_the_rater() -> None:
    eng = FAMILY.engine("rate")
    assert eng is not None
    assert eng.timeout
    rows = [r for r in _table() if r[1] in ("2.6", "5.6")][:4]
    grids = [Grid(r[0]) for r in rows]
    many = eng.many(grids)
    assert [eng.line(g, x) for g, x in zip(grids, many, strict=True)] == \
        [f"{r[1]}/{r[2]}/{r[3]}" for r in rows]
    one = eng(grids[0], steps=True)
    assert one.steps
    assert one.line() == many[0].line()
    data = eng.to_json(one)
    assert data["er"] == rows[0][1]
    assert data["verdict"] == "rated"
    assert data["steps"]
    assert grids[0].rate().line() == many[0].line()
    first = grids[0].hint()
    assert first == one.steps[0]


def test_the_columnar_form_gives_the_same_numbers_and_verdicts() -> None:
    import numpy as np

    rows = _table()[::40]
    edge = ["5346789126721953481983425678597614234268.3791713924856961537284287419635345286179",
            "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179",
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"]
    lines = [r[0] for r in rows] + edge
    puzzles = np.array([[int(ch) if ch != "." else 0 for ch in p] for p in lines],
                       dtype=np.uint8)
    before = puzzles.copy()
    ratings, verdicts = rate_array(puzzles)
    assert (puzzles == before).all()
    many = rate_many([Grid(p) for p in lines])
    assert [VERDICTS[v] for v in verdicts.tolist()] == [m.verdict for m in many]
    assert [format_rating(x) for x in ratings[:, 0]] == [format_rating(m.er) for m in many]
    assert [m.verdict for m in many[-3:]] == ["rated", "multiple-solutions", "already-solved"]
    with pytest.raises(ValueError, match="shape"):
        rate_array(np.zeros((2, 80), dtype=np.uint8))


# ---------------------------------------------------------------------- properties


def _solution(grid: Grid) -> list[int]:
    result = grid.solve()
    assert result.count == 1
    return result.solutions[0].values


@examples(40)
@given(st.integers(min_value=0, max_value=1501), st.integers(min_value=0, max_value=400))
def test_every_step_agrees_with_the_solution_and_hint_repeats_it(index: int, at: int) -> None:
    """Each placement is the solution's digit, each elimination a digit the solution does not
    have there; and hint() on the grid as it stands before a step gives that step."""
    rows = [r for r in _table() if _er(r) <= 6.2]
    puzzle = rows[index][0]
    grid = Grid(puzzle)
    sol = _solution(grid)
    got = grid.rate()
    vals = grid.values
    cand = grid.candidate_masks()
    cand = [0 if v else m for v, m in zip(vals, cand, strict=True)]
    k = at % len(got.steps)
    for n, step in enumerate(got.steps):
        if n == k:
            now = Grid(givens=grid.givens, placed=[v if not g else 0 for v, g in
                                            zip(vals, grid.givens, strict=True)],
                       candidates=cand)
            assert hint(now) == step
        for c, d in step.eliminates:
            assert sol[c] != d
            assert cand[c] >> (d - 1) & 1
            cand[c] &= ~(1 << (d - 1))
        for c, d in step.places:
            assert sol[c] == d
            vals[c] = d
            cand[c] = 0
            for j in range(81):
                if j != c and (j // 9 == c // 9 or j % 9 == c % 9 or
                               (j // 27, j % 9 // 3) == (c // 27, c % 9 // 3)):
                    cand[j] &= ~(1 << (d - 1))
    assert vals == sol


def test_grids_whose_every_candidate_is_in_a_solution_are_seen() -> None:
    """The rater stops, as stuck, before its sound techniques (Aligned Pair Exclusion and
    every chain) on a grid whose every candidate is in some solution: none of them could
    find anything there. The check (``_all_live``) against the solver asked candidate by
    candidate, on vector puzzles with givens taken away (several solutions), as they are
    and with each cell's candidates cut to the digits of two of their solutions."""
    import numpy as np

    from puzzlefmt.sudoku._kernels.rate import _all_live
    from puzzlefmt.sudoku.solver import count_solutions

    rng = random.Random(23)
    rows = [r for r in _table() if r[1] in ("2.0", "4.4", "7.1")][:6]
    seen = {True: 0, False: 0}
    for puzzle, *_ in rows:
        for drop in (0, 3, 12):
            cells = list(puzzle)
            for c in rng.sample([i for i, ch in enumerate(cells) if ch != "."], drop):
                cells[c] = "."
            grid = Grid("".join(cells))
            marks = grid.candidate_masks()
            if drop == 12:  # only digits two solutions have: every one is in one of them
                sols = grid.solve(limit=2).solutions
                both = [(1 << (sols[0].values[c] - 1)) | (1 << (sols[-1].values[c] - 1))
                        for c in range(81)]
                marks = [m & b if v == 0 else m
                         for v, m, b in zip(grid.values, marks, both, strict=True)]
            cand = np.array([0 if v else m for v, m in zip(grid.values, marks, strict=True)],
                            np.int64)
            val = np.array(grid.values, np.int64)
            want = True
            for c in range(81):
                for d in range(9):
                    if cand[c] >> d & 1:
                        one = [0 if v else m for v, m in zip(grid.values, marks, strict=True)]
                        one[c] = 1 << d
                        if count_solutions(Grid(givens=grid.givens, candidates=one), 1) == 0:
                            want = False
            got = bool(_all_live(cand, val))
            assert got == want, (puzzle, drop)
            seen[got] += 1
    assert seen[True] >= 3, seen
    assert seen[False] >= 6, seen
