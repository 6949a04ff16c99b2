"""Sudoku Explainer's rows 21-22 in the rater (puzzlefmt.sudoku._kernels.chains): Forcing
Chains & Cycles and Aligned Triplet Exclusion. serate 1.2.1.3's ER/EP/ED on every puzzle of
../shared/vectors/rating rated 6.5-7.5, its steps in the logs, and properties of the chain
steps (each link an implication on the grid before the step, the rating the chain's length
gives, the target the step's effect, every elimination and placement the solution's)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, reduce
from itertools import pairwise
from pathlib import Path

from puzzlefmt.sudoku import Grid, Rating, rate, rate_many
from puzzlefmt.sudoku._kernels.chains import length_increment
from puzzlefmt.sudoku.grid import PEERS, mask_of
from puzzlefmt.sudoku.rating import Step, format_rating, hint

from helpers import FULL_EXAMPLES, shared_path

FULL = __import__("hypothesis").settings.default.max_examples >= FULL_EXAMPLES

#: Row 21's techniques and their base ratings (shared/specs/se-rating.md, section 3).
BASES = {"Bidirectional X-Cycle": 6.5, "Generalized X-Wing": 6.5, "Bidirectional Y-Cycle": 6.5,
         "Turbot Fish": 6.6, "Forcing X-Chain": 6.6, "Bidirectional Cycle": 7.0,
         "Forcing Chain": 7.0}
CYCLES = ("Bidirectional X-Cycle", "Generalized X-Wing", "Bidirectional Y-Cycle",
          "Bidirectional Cycle")


@cache
def _table() -> list[tuple[str, str, str, str, str]]:
    path = shared_path("vectors", "rating", "se-1213.tsv")
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]


def _chained() -> list[tuple[str, str, str, str, str]]:
    """The vector puzzles serate rates 6.5-7.5: rows 21-22 are all they need."""
    return [r for r in _table() if 6.2 < float(r[1]) <= 7.5]


@cache
def _rated(puzzle: str) -> Rating:
    return rate(Grid(puzzle))


def test_every_puzzle_from_6_5_to_7_5_has_serates_numbers() -> None:
    rows = _chained()
    assert len(rows) == 154
    got = rate_many([Grid(r[0]) for r in rows])
    wrong = [(r[0], r[4], f"{r[1]}/{r[2]}/{r[3]}", g.line(), g.verdict)
             for r, g in zip(rows, got, strict=True)
             if g.line() != f"{r[1]}/{r[2]}/{r[3]}" or g.verdict != "rated"]
    assert wrong == []


def test_the_length_increment_is_serates() -> None:
    """0.1 per threshold 4, 6, 8, 12, 16, 24, ... that complexity - 2 exceeds, added up
    as doubles (spec 5.6)."""
    tenths = {4: 0, 5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 12: 3, 13: 4, 16: 4, 17: 5, 24: 5, 25: 6,
              32: 6, 33: 7, 48: 7, 49: 8, 64: 8, 65: 9, 96: 9, 97: 10, 128: 10}
    for n, k in tenths.items():
        assert length_increment(n + 2) == reduce(lambda a, _: a + 0.1, range(k), 0.0), n
    assert length_increment(2) == 0.0
    assert 6.6 + length_increment(7) == 6.699999999999999
    assert 6.6 + length_increment(7) < 6.5 + length_increment(9)


def _implies(cand: list[int], a: tuple[int, int, bool], b: tuple[int, int, bool],
             x: bool, y: bool) -> bool:
    """Whether node ``a`` implies node ``b`` by one of serate's links on candidates
    ``cand`` (``x``: region links and bilocal units allowed; ``y``: cell links (on to off)
    and bivalue cells (off to on))."""
    (c1, d1, on1), (c2, d2, on2) = a, b
    bit1, bit2 = 1 << (d1 - 1), 1 << (d2 - 1)
    if not cand[c1] & bit1 or not cand[c2] & bit2:
        return False
    if on1 and not on2:
        if c1 == c2:
            return d1 != d2 and y
        return d1 == d2 and c2 in PEERS[c1]
    if not on1 and on2:
        if c1 == c2:
            return y and d1 != d2 and cand[c1] == bit1 | bit2
        if d1 != d2 or not x:
            return False
        units = [u for u in _units(c1) if c2 in u]
        return any(sum(1 for q in u if cand[q] & bit1) == 2 for u in units)
    return False


def _units(c: int) -> list[list[int]]:
    r, k = divmod(c, 9)
    b = (r // 3) * 27 + (k // 3) * 3
    return [[r * 9 + j for j in range(9)], [j * 9 + k for j in range(9)],
            [b + (j // 3) * 9 + j % 3 for j in range(9)]]


def _check_chain_step(rating: Rating, k: int, sol: list[int]) -> None:
    step = rating.steps[k]
    links = step.links
    cand = rating.before(k).candidate_masks()
    vals = rating.before(k).values
    cand = [0 if v else m for v, m in zip(vals, cand, strict=True)]
    assert links, step
    assert [p for *_, p in links] == list(range(-1, len(links) - 1))
    nodes = [(c, d, on) for c, d, on, _ in links]
    x = step.technique not in ("Bidirectional Y-Cycle",)
    y = step.technique not in ("Bidirectional X-Cycle", "Generalized X-Wing", "Turbot Fish",
                               "Forcing X-Chain")
    for a, b in pairwise(nodes):
        assert _implies(cand, a, b, x, y), (str(step), a, b)
    cycle = step.technique in CYCLES
    complexity = len(nodes) - 1 if cycle else len(nodes)
    assert step.rating == BASES[step.technique] + length_increment(complexity), str(step)
    start, end = nodes[0], nodes[-1]
    if cycle:
        assert start == end
        assert start[2]
        assert len(set(nodes)) == complexity >= 4
        assert step.eliminates
        assert not step.places
        for c, d in step.eliminates:
            assert c not in [n[0] for n in nodes]
            assert any(n[1] == d and n[2] and n[0] in PEERS[c] for n in nodes)
            assert any(n[1] == d and not n[2] and n[0] in PEERS[c] for n in nodes)
    else:
        assert end == (start[0], start[1], not start[2])
        if start[2]:  # "on" leads to "off": the digit goes
            assert step.eliminates == ((start[0], start[1]),)
            assert not step.places
        else:
            assert step.places == ((start[0], start[1]),)
    for c, d in step.eliminates:
        assert sol[c] != d
    for c, d in step.places:
        assert sol[c] == d


def test_chain_steps_carry_their_chain() -> None:
    rows = _chained()
    sample = rows if FULL else random.Random(23).sample(rows, 12)
    seen: set[str] = set()
    for r in sample:
        got = _rated(r[0])
        sol = Grid(r[0]).solve().solutions[0].values
        for k, step in enumerate(got.steps):
            if step.technique in BASES:
                _check_chain_step(got, k, sol)
                seen.add(step.technique)
            else:
                assert step.links == ()
    assert len(seen) >= (6 if FULL else 2)


def test_hint_gives_the_chain_step_and_the_rating_replays() -> None:
    rows = _chained()
    for r in rows[:: (1 if FULL else 15)]:
        got = _rated(r[0])
        chained = [k for k, s in enumerate(got.steps) if s.technique in BASES]
        assert chained, r
        k = chained[-1]
        assert hint(got.before(k)) == got.steps[k]
        assert max(s.rating for s in got.steps) == got.er
        assert format_rating(got.er) == r[1]


def test_aligned_triplet_exclusion_is_serates() -> None:
    """The one vector puzzle rated 7.5: serate's step there is an Aligned Triplet
    Exclusion (the step log), taken only where no forcing chain or cycle is found."""
    row = next(r for r in _table() if r[1] == "7.5")
    got = _rated(row[0])
    assert got.line() == f"{row[1]}/{row[2]}/{row[3]}"
    ate = [s for s in got.steps if s.technique == "Aligned Triplet Exclusion"]
    assert ate
    sol = Grid(row[0]).solve().solutions[0].values
    for s in ate:
        assert s.rating == 7.5
        assert s.eliminates
        assert all(sol[c] != d for c, d in s.eliminates)
        assert len(s.cells) >= 5  # the three cells and 2+ common excluders


# ---------------------------------------------------------------------- rows 23-25

#: Rows 23-25's techniques as serate names them, and their base ratings (spec section 3).
DYNAMIC = {"Nishio Forcing Chains": 7.5, "Cell Forcing Chains": 8.0,
           "Region Forcing Chains": 8.0, "Dynamic Contradiction Forcing Chains": 8.5,
           "Dynamic Double Forcing Chains": 8.5, "Dynamic Cell Forcing Chains": 8.5,
           "Dynamic Region Forcing Chains": 8.5}
CONTRADICTIONS = ("Nishio Forcing Chains", "Dynamic Contradiction Forcing Chains")


def _below_nine() -> list[tuple[str, str, str, str, str]]:
    """The vector puzzles serate rates 7.6-8.9: rows 26 and above rate 9.0 or more (spec
    section 3), so these need nothing beyond rows 1-25."""
    return [r for r in _table() if 7.5 < float(r[1]) < 9.0]


def test_every_puzzle_from_7_6_to_8_9_has_serates_numbers() -> None:
    rows = _below_nine()
    assert len(rows) == 172
    got = rate_many([Grid(r[0]) for r in rows])
    wrong = [(r[0], r[4], f"{r[1]}/{r[2]}/{r[3]}", g.line(), g.verdict)
             for r, g in zip(rows, got, strict=True)
             if g.line() != f"{r[1]}/{r[2]}/{r[3]}" or g.verdict != "rated"]
    assert wrong == []


def test_puzzles_from_9_0_get_serates_numbers_or_need_nested_chains() -> None:
    """From 9.0 a puzzle may need serate's nested chains (rows 26+): then it needs chains,
    with ER printed ``>=9.0`` (true: rows 26+ rate 9.0 or more) and EP/ED serate's when
    reached; otherwise its numbers are serate's. Never a lower number."""
    rows = [r for r in _table() if float(r[1]) >= 9.0]
    assert len(rows) == 19
    got = rate_many([Grid(r[0]) for r in rows])
    for r, g in zip(rows, got, strict=True):
        if g.verdict == "rated":
            assert g.line() == f"{r[1]}/{r[2]}/{r[3]}", r
            continue
        assert g.verdict == "needs-chains", r
        assert format_rating(g.er) == ">=9.0"
        for mine, serates in ((g.ep, r[2]), (g.ed, r[3])):
            assert mine == float("inf") or format_rating(mine) == serates, r


def test_the_hardest_vector_puzzle_has_serates_numbers() -> None:
    """serate's ER 10.3 puzzle: row 26 steps (9.8 first, ED) and row 27 ones (nesting level
    2, up to 10.3): rated, serate's ER/EP/ED."""
    row = max(_table(), key=lambda r: float(r[1]))
    assert (row[1], row[2], row[3]) == ("10.3", "10.3", "9.8")
    got = _rated(row[0])
    assert (got.line(), got.verdict) == ("10.3/10.3/9.8", "rated")
    assert got.steps[0].technique in NESTED


def _serate_steps() -> tuple[str, list[list[str]]]:
    """serate's own steps on the 10.3 vector puzzle (``data/serate_steps_10_3.tsv``, its
    provenance in the header): the puzzle, and per step its columns."""
    path = Path(__file__).parent / "data" / "serate_steps_10_3.tsv"
    lines = path.read_text(encoding="utf-8").splitlines()
    puzzle = next(x.split("\t")[1] for x in lines if x.startswith("# puzzle\t"))
    return puzzle, [x.split("\t") for x in lines if not x.startswith("#")]


def _se_cell(cell: int) -> str:
    return "ABCDEFGHI"[cell % 9] + str(cell // 9 + 1)


def test_the_hardest_vector_puzzle_takes_serates_steps() -> None:
    """Every step of the 10.3 puzzle as serate takes it: the same rating (the double), the
    same technique, the same placement, and for an elimination step the same candidates
    removed (serate's log also lists a placing forcing chain's other candidates)."""
    puzzle, se = _serate_steps()
    got = _rated(puzzle)
    assert len(got.steps) == len(se) == 122
    for k, (step, row) in enumerate(zip(got.steps, se, strict=True)):
        assert (step.rating, step.technique) == (float(row[1]), row[2]), k
        place = "-" if not step.places else \
            f"{_se_cell(step.places[0][0])}={step.places[0][1]}"
        assert place == row[5], k
        if not step.places:
            cells: dict[int, str] = {}
            for c, d in step.eliminates:
                cells[c] = cells.get(c, "") + str(d)
            elims = " ".join(f"{_se_cell(c)}-{ds}" for c, ds in sorted(cells.items()))
            assert elims == row[6].strip(), k
    assert sum(s.technique in NESTED_2 for s in got.steps) >= 5


def _branches(links: tuple[tuple[int, int, bool, int], ...]
              ) -> list[list[tuple[int, int, bool]]]:
    """A rows 23-25 step's links cut into its branches (each from a start, parent -1)."""
    out: list[list[tuple[int, int, bool]]] = []
    for k, (c, d, on, parent) in enumerate(links):
        if parent == -1:
            out.append([])
        else:
            assert parent == k - 1
        out[-1].append((c, d, on))
    return out


def _link_ok(cand: list[int], a: tuple[int, int, bool], b: tuple[int, int, bool],
             static: bool, y: bool) -> bool:
    """Whether ``a`` implies ``b`` by one link: on a grid that loses candidates along the
    chain (dynamic) the kind of link is checked, on the grid as it is (static) the link."""
    if static:
        return _implies(cand, a, b, True, True)
    (c1, d1, on1), (c2, d2, on2) = a, b
    if on1 == on2 or not cand[c1] >> (d1 - 1) & 1 or not cand[c2] >> (d2 - 1) & 1:
        return False
    if c1 == c2:
        return y and d1 != d2
    return d1 == d2 and c2 in PEERS[c1]


def _check_dynamic_step(rating: Rating, k: int, sol: list[int]) -> None:
    step = rating.steps[k]
    before = rating.before(k)
    cand = [0 if v else m for v, m in zip(before.values, before.candidate_masks(),
                                           strict=True)]
    branches = _branches(step.links)
    static = step.technique in ("Cell Forcing Chains", "Region Forcing Chains")
    y = step.technique != "Nishio Forcing Chains"
    for branch in branches:
        for a, b in pairwise(branch):
            assert _link_ok(cand, a, b, static, y), (str(step), a, b)
    starts = [b[0] for b in branches]
    ends = [b[-1] for b in branches]
    if step.technique in CONTRADICTIONS:
        assert len(branches) == 2
        assert starts[0] == starts[1]
        assert ends[0][:2] == ends[1][:2]
        assert {ends[0][2], ends[1][2]} == {True, False}
        result = (starts[0][0], starts[0][1], not starts[0][2])
    elif step.technique == "Dynamic Double Forcing Chains":
        assert len(branches) == 2
        assert starts[0][:2] == starts[1][:2]
        assert (starts[0][2], starts[1][2]) == (True, False)
        assert ends[0] == ends[1]
        result = ends[0]
    elif "Cell" in step.technique:
        cell = starts[0][0]
        assert [s[1] for s in starts] == [d for d in range(1, 10) if cand[cell] >> (d - 1) & 1]
        assert all(s[0] == cell and s[2] for s in starts)
        assert len(set(ends)) == 1
        result = ends[0]
    else:  # region forcing: every place of the digit in one unit
        digit = starts[0][1]
        cells = [s[0] for s in starts]
        assert all(s[1] == digit and s[2] for s in starts)
        assert any(set(cells) == {q for q in u if cand[q] >> (digit - 1) & 1}
                   for u in _units(cells[0]))
        assert len(set(ends)) == 1
        result = ends[0]
    c, d, on = result
    if on:
        assert step.places == ((c, d),)
    else:
        assert step.eliminates == ((c, d),)
        assert not step.places
    # the complexity counts at least every node listed
    assert step.rating >= DYNAMIC[step.technique] + length_increment(len(step.links))
    for c, d in step.eliminates:
        assert sol[c] != d
    for c, d in step.places:
        assert sol[c] == d


def test_dynamic_steps_carry_their_chains() -> None:
    rows = _below_nine()
    sample = random.Random(25).sample(rows, 80 if FULL else 10)
    seen: set[str] = set()
    for r in sample:
        got = _rated(r[0])
        sol = Grid(r[0]).solve().solutions[0].values
        for k, step in enumerate(got.steps):
            if step.technique in DYNAMIC:
                _check_dynamic_step(got, k, sol)
                seen.add(step.technique)
        assert max(s.rating for s in got.steps) == got.er
    assert len(seen) >= (6 if FULL else 3)


def test_hint_gives_the_dynamic_step() -> None:
    """hint() on the grid before a rows 23-25 step gives that step again."""
    rows = _below_nine()
    for r in rows[:: (4 if FULL else 20)]:
        got = _rated(r[0])
        k = max(k for k, s in enumerate(got.steps) if s.technique in DYNAMIC)
        assert hint(got.before(k)) == got.steps[k]


#: Row 26's techniques (serate's "Dynamic Forcing Chains (+)", nesting level 1), base 9.0.
NESTED = {name + " (+)": 9.0 for name in (
    "Dynamic Contradiction Forcing Chains", "Dynamic Double Forcing Chains",
    "Dynamic Cell Forcing Chains", "Dynamic Region Forcing Chains")}


#: Row 27's (nesting level 2, "(+ Forcing Chains)"), base 9.5.
NESTED_2 = {name + " (+ Forcing Chains)": 9.5 for name in (
    "Dynamic Contradiction Forcing Chains", "Dynamic Double Forcing Chains",
    "Dynamic Cell Forcing Chains", "Dynamic Region Forcing Chains")}


def _nested_rows() -> list[tuple[str, str, str, str, str]]:
    """The vector puzzles serate rates 9.5 and 9.6 (top1465 2 and 3): their hardest step is
    row 26's."""
    return [r for r in _table() if r[1] in ("9.5", "9.6")]


def test_the_row_26_vector_puzzles_have_serates_numbers() -> None:
    rows = _nested_rows()
    assert len(rows) == 2
    for r in rows:
        got = _rated(r[0])
        assert (got.line(), got.verdict) == (f"{r[1]}/{r[2]}/{r[3]}", "rated"), r
        assert any(s.technique in NESTED for s in got.steps)


def _assert_nested_step(step: Step, sol: Sequence[int], base: float) -> None:
    """A nested chaining step (rows 26-28) lists its branches as expected (a contradiction:
    two from one start to the same cell and digit, on and off; else two or more to one
    common target), has a rating of at least ``base`` plus its chains' length increment,
    and eliminates and places what the solution ``sol`` allows."""
    branches = _branches(step.links)
    ends = [b[-1] for b in branches]
    if "Contradiction" in step.technique:
        assert len(branches) == 2
        assert branches[0][0] == branches[1][0]
        assert ends[0][:2] == ends[1][:2]
        assert ends[0][2] != ends[1][2]
    else:
        assert len(branches) >= 2
        assert len(set(ends)) == 1
    assert step.rating >= base + length_increment(len(step.links))
    for c, d in step.eliminates:
        assert sol[c] != d
    for c, d in step.places:
        assert sol[c] == d


def test_nested_steps_carry_their_chains() -> None:
    """A row 26 step lists its branches like rows 23-25 (a nested elimination's first
    parent is one of the removals its pattern needed, not a one-link implication, so only
    the shape, the result and the rating bound are checked)."""
    seen = 0
    for r in _nested_rows():
        got = _rated(r[0])
        sol = Grid(r[0]).solve().solutions[0].values
        for step in got.steps:
            if step.technique not in NESTED:
                continue
            seen += 1
            _assert_nested_step(step, sol, 9.0)
    assert seen >= 2


def test_hint_gives_the_nested_step() -> None:
    """hint() on the grid before a row 26 step gives that step again."""
    for r in _nested_rows():
        got = _rated(r[0])
        k = max(k for k, s in enumerate(got.steps) if s.technique in NESTED)
        assert hint(got.before(k)) == got.steps[k]


def test_level_2_steps_carry_their_chains() -> None:
    """A row 27 step (nesting level 2) lists its branches as row 26's do, true results,
    and a rating of at least 9.5 plus its chains' length increment."""
    puzzle, _ = _serate_steps()
    got = _rated(puzzle)
    sol = Grid(puzzle).solve().solutions[0].values
    seen = 0
    for step in got.steps:
        if step.technique not in NESTED_2:
            continue
        seen += 1
        _assert_nested_step(step, sol, 9.5)
    assert seen >= 5


def test_hint_gives_the_level_2_step() -> None:
    """hint() on the grid before a row 27 step gives that step again."""
    puzzle, _ = _serate_steps()
    got = _rated(puzzle)
    k = max(k for k, s in enumerate(got.steps) if s.technique in NESTED_2)
    assert hint(got.before(k)) == got.steps[k]


def _serate_hardest() -> list[list[str]]:
    """serate's ratings and first steps on puzzles of the forum's hardest list
    (``data/serate_hardest.tsv``, its provenance in the header)."""
    path = Path(__file__).parent / "data" / "serate_hardest.tsv"
    return [x.split("\t") for x in path.read_text(encoding="utf-8").splitlines()
            if not x.startswith("#")]


def test_hardest_puzzles_of_rows_27_28_have_serates_numbers() -> None:
    """Two puzzles serate rates 11.1 whose steps need nesting levels 2 and 3 (rows 27, 28:
    one's first step, ED 11.1, is a level 3 step): serate's ER/EP/ED."""
    rows = [r for r in _serate_hardest() if r[0] == "rating"]
    assert len(rows) == 2
    for _, puzzle, line in rows:
        got = _rated(puzzle)
        assert (got.line(), got.verdict) == (line, "rated"), puzzle
    first = _rated(rows[0][1]).steps[0]
    assert first.technique.endswith("(+ Multiple Forcing Chains)")


def test_hardest_puzzle_takes_serates_first_steps() -> None:
    """serate's first four steps on a hardest puzzle (all level 2, rated 10.3-10.7, whose
    nested chains share nested hints between a contradiction's two branches: each counts
    once in the complexity): the same ratings, techniques and eliminations."""
    rows = [r for r in _serate_hardest() if r[0] == "step"]
    assert len(rows) == 4
    got = _rated(rows[0][1])
    for r in rows:
        step = got.steps[int(r[2]) - 1]
        assert (step.rating, step.technique) == (float(r[3]), r[4]), r[2]
        cells: dict[int, str] = {}
        for c, d in step.eliminates:
            cells[c] = cells.get(c, "") + str(d)
        assert " ".join(f"{_se_cell(c)}-{ds}" for c, ds in sorted(cells.items())) == \
            r[8].strip(), r[2]


#: Row 29's (nesting level 4, "(+ Dynamic Forcing Chains)"), base 10.5.
NESTED_4 = {name + " (+ Dynamic Forcing Chains)": 10.5 for name in (
    "Dynamic Contradiction Forcing Chains", "Dynamic Double Forcing Chains",
    "Dynamic Cell Forcing Chains", "Dynamic Region Forcing Chains")}


def _serate_level4() -> list[list[str]]:
    """serate's steps on a hardest-list puzzle whose second step is a level 4 one, and the
    candidate grid before it (``data/serate_level4.tsv``, its provenance in the header)."""
    path = Path(__file__).parent / "data" / "serate_level4.tsv"
    return [x.split("\t") for x in path.read_text(encoding="utf-8").splitlines()
            if not x.startswith("#")]


def _level4_position() -> Grid:
    """The position of ``data/serate_level4.tsv``, where levels 0-3 find nothing (serate
    takes a level 4 step there)."""
    (_, _, puzzle, cands), = [r for r in _serate_level4() if r[0] == "position"]
    return Grid(puzzle).replace(candidates=[
        0 if x == "0" else mask_of(int(ch) for ch in x) for x in cands.split()])


def test_level_4_step_is_serates_and_carries_its_chains() -> None:
    """Row 29 (nesting level 4, nested Dynamic Forcing Chains, 10.5 base): where serate's
    levels 0-3 find nothing, hint() gives serate's step: its rating (the double), technique
    and elimination. The step lists its branches as rows 26-28's do (each from its start
    to the common target), true eliminations of candidates the grid has, and a rating of at
    least 10.5 plus its chains' length increment. (One test: the hint takes seconds.)"""
    (r,) = [r for r in _serate_level4() if r[0] == "step" and r[2] != "-"]
    grid = _level4_position()
    step: Step | None = hint(grid)
    assert step is not None
    assert (step.rating, step.technique) == (float(r[4]), r[5])
    assert step.technique in NESTED_4
    assert step.places == ()
    cells: dict[int, str] = {}
    for c, d in step.eliminates:
        cells[c] = cells.get(c, "") + str(d)
    assert " ".join(f"{_se_cell(c)}-{ds}" for c, ds in sorted(cells.items())) == r[9].strip()
    branches = _branches(step.links)
    ends = [b[-1] for b in branches]
    if "Contradiction" in step.technique:
        assert len(branches) == 2
        assert ends[0][:2] == ends[1][:2]
    else:
        assert len(branches) >= 2
        assert len(set(ends)) == 1
    assert step.rating >= NESTED_4[step.technique] + length_increment(len(step.links))
    sol = grid.solve().solutions[0].values
    for c, d in step.eliminates:
        assert sol[c] != d
        assert grid.candidate_masks()[c] >> (d - 1) & 1


def _serate_rule_parents() -> list[list[str]]:
    """serate's step (with its complexity) at two positions where a nested hint's rule
    parents decide it (``data/serate_rule_parents.tsv``, its provenance in the header)."""
    path = Path(__file__).parent / "data" / "serate_rule_parents.tsv"
    return [x.split("\t") for x in path.read_text(encoding="utf-8").splitlines()
            if not x.startswith("#")]


def _rule_parents_case(pid: str) -> tuple[Grid, list[str]]:
    rows = _serate_rule_parents()
    (_, _, puzzle, cands), = [r for r in rows if r[0] == "position" and r[1] == pid]
    (step,) = [r for r in rows if r[0] == "step" and r[1] == pid]
    grid = Grid(puzzle).replace(candidates=[
        0 if x == "0" else mask_of(int(ch) for ch in x) for x in cands.split()])
    return grid, step


def _eliminations(step: Step) -> str:
    cells: dict[int, str] = {}
    for c, d in step.eliminates:
        cells[c] = cells.get(c, "") + str(d)
    return " ".join(f"{_se_cell(c)}-{ds}" for c, ds in sorted(cells.items()))


def test_a_nested_cycle_rests_on_its_links_read_both_ways() -> None:
    """A nested cycle's eliminations rest on the outer removals that made its strong links
    read both ways (serate's cycle hint holds the cycle and the cycle reversed, each node's
    state turned over): at p1s4 that makes serate's step 4 a 10.5 (complexity 106; without
    the reversed links the graph has 13 potentials fewer, 10.4)."""
    grid, r = _rule_parents_case("p1s4")
    step = hint(grid)
    assert step is not None
    assert (step.rating, step.technique, _eliminations(step)) == (float(r[3]), r[4], r[7])


def test_nested_forcing_branches_rest_on_their_starts() -> None:
    """A nested cell or region forcing hint's branches start on the cell's remaining
    candidates or the region's remaining places, so its eliminations rest on the outer
    removals of the others too: at p2s10 serate's complexities are I7-7 237, D5-7 238,
    H1-4 245 (without the starts' parents H1-4 is 218 and comes first)."""
    grid, r = _rule_parents_case("p2s10")
    step = hint(grid)
    assert step is not None
    assert (step.rating, step.technique, _eliminations(step)) == (float(r[3]), r[4], r[7])


def test_a_nested_chain_two_branches_found_counts_once() -> None:
    """A nested chain that the propagations of two branches of a cell or region forcing
    hint each found is one chain for the complexity (serate's set of ``FullChain``): at
    p3s10 serate's region forcing H9-4 has complexity 129 and comes before the 11.1
    contradiction A8-4 (138); counted once per branch it is 139 and comes after."""
    grid, r = _rule_parents_case("p3s10")
    step = hint(grid)
    assert step is not None
    assert (step.rating, step.technique, _eliminations(step)) == (float(r[3]), r[4], r[7])
