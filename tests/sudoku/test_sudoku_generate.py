"""New Sudoku puzzles (puzzlefmt.sudoku.generator, the family's ``generate`` and
``generate-solo`` engines): classic puzzles of a symmetry and clue range, and Solo's, byte for
byte as solo.c makes them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from puzzlefmt.engine import Engine, GenerationTimeoutError
from puzzlefmt.errors import OptionError, PuzzleFormatError
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku import generator as generator_module
from puzzlefmt.sudoku._kernels import generate as kernel
from puzzlefmt.sudoku.family import FAMILY
from puzzlefmt.sudoku.generator import (
    SYMMETRIES,
    _state,
    clue_counts,
    clue_range,
    generate,
    groups,
)
from puzzlefmt.sudoku.solo_seed import parse_params
from puzzlefmt.sudoku.solver import count_solutions

from helpers import shared_path

HERE = Path(__file__).resolve().parent


def _engine(name: str) -> Engine:
    eng = FAMILY.engine(name)
    assert eng is not None
    return eng


def _tsv(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def _classic(params: str) -> bool:
    try:
        p = parse_params(params)
    except PuzzleFormatError:
        return False
    return (p.c, p.r, p.xtype) == (3, 3, False)


# -------------------------------------------------------------------- Solo


def _solo_rows() -> list[tuple[str, str]]:
    return [(r[0], r[2]) for r in _tsv(HERE / "data" / "solo_c_seed_ids.tsv")]


@pytest.mark.parametrize(("seed_id", "expected"), _solo_rows())
def test_solo_generate_gives_solo_c_game_id_or_refuses(seed_id: str, expected: str) -> None:
    params, seed = seed_id.split("#", 1)
    eng = _engine("generate-solo")
    if not _classic(params):
        with pytest.raises(PuzzleFormatError):
            eng.make_many(1, seed, params=params)
        return
    ((got_seed, grid),) = eng.make_many(1, seed, params=params)
    assert got_seed == seed
    assert eng.line(grid, grid) == expected
    assert eng.seed_text(seed, params=params) == seed_id


def test_solo_generate_matches_the_shared_solo_ids() -> None:
    rows = _tsv(shared_path("vectors", "sgt", "solo", "solo_ids.tsv"))
    eng = _engine("generate-solo")
    done = 0
    for row in rows:
        params, seed = row[0].split("#", 1)
        if _classic(params):
            grid = eng.make(seed, params=params)
            assert eng.line(grid, grid) == row[1], row[0]
            done += 1
    assert done >= 30


def test_solo_refuses_killer_and_other_shapes_saying_which() -> None:
    eng = _engine("generate-solo")
    with pytest.raises(PuzzleFormatError, match="killer"):
        eng.make_many(1, "1", params="3x3k")
    with pytest.raises(PuzzleFormatError, match="found a jigsaw"):
        eng.make_many(1, "1", params="9j")
    with pytest.raises(PuzzleFormatError, match="found 2x3 boxes"):
        eng.make_many(1, "1", params="2x3")
    with pytest.raises(PuzzleFormatError, match="found an X puzzle"):
        eng.make_many(1, "1", params="3x3x")


# -------------------------------------------------------------------- classic


def _symmetric(grid: Grid, symmetry: str) -> bool:
    given = [v != 0 for v in grid.givens]
    return all(len({given[c] for c in group}) == 1 for group in groups(symmetry))


def _minimal(grid: Grid) -> bool:
    values = list(grid.givens)
    for cell, v in enumerate(values):
        if v:
            values[cell] = 0
            if count_solutions(Grid(givens=values), 2) == 1:
                return False
            values[cell] = v
    return True


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_classic_puzzles_are_unique_symmetric_in_range_and_minimal(symmetry: str) -> None:
    eng = _engine("generate")
    made = eng.make_many(12, f"t-{symmetry}", symmetry=symmetry, clues="20-32", minimal=True)
    for seed, grid in made:
        assert count_solutions(grid, 2) == 1, seed
        assert _symmetric(grid, symmetry), seed
        assert 20 <= grid.clue_count <= 32
        assert _minimal(grid), seed
    loose = eng.make_many(12, f"u-{symmetry}", symmetry=symmetry, clues="30-34")
    for seed, grid in loose:
        assert count_solutions(grid, 2) == 1, seed
        assert _symmetric(grid, symmetry), seed
        assert 30 <= grid.clue_count <= 34


def _solver_calls(symmetry: str, seeds: list[str]) -> list[int]:
    """The solver calls the kernel makes for one minimal puzzle of each seed."""
    cells = np.full((len(groups(symmetry)), 4), -1, np.int64)
    for g, found in enumerate(groups(symmetry)):
        cells[g, : len(found)] = found
    calls = []
    for seed in seeds:
        tally = np.zeros(1, np.int64)
        out = np.zeros(81, np.uint8)
        solution = np.zeros(81, np.uint8)
        clues = kernel.generate(kernel.new_state(_state(seed)), cells, 17, 81, True, 10**6, out,
                                solution, tally)
        grid = Grid(givens=out.tolist())
        assert clues == grid.clue_count
        assert _symmetric(grid, symmetry)
        assert _minimal(grid)
        calls.append(int(tally[0]))
    return calls


def test_minimal_rot90_puzzles_take_few_solver_calls() -> None:
    # A rot90 puzzle from which no group of four can be removed is minimal clue by clue about
    # once in a thousand tries; a try on a new full grid took about 30,000 solver calls a
    # puzzle. Rounds on one grid that remember where second solutions differ take fewer.
    calls = _solver_calls("rot90", [f"calls-{k}" for k in range(16)])
    assert sum(calls) / len(calls) < 18_000


def test_without_symmetry_the_removal_from_the_full_grid_is_already_minimal() -> None:
    # removing single cells until none can go leaves a minimal puzzle: --minimal takes the
    # same path as without it (no building up), and only checks
    for k in range(6):
        made = generate(f"single-{k}", minimal=True)
        assert made == generate(f"single-{k}")
        assert _minimal(made)


def test_the_same_seed_and_options_give_the_same_puzzles() -> None:
    eng = _engine("generate")
    first = eng.make_many(5, "same", symmetry="rot180", minimal=True)
    assert eng.make_many(5, "same", symmetry="rot180", minimal=True) == first
    assert [g for _, g in first] == [generate(s, symmetry="rot180", minimal=True)
                                     for s, _ in first]
    # each puzzle depends on its own seed only, not on the ones before it
    assert generate(first[3][0], symmetry="rot180", minimal=True) == first[3][1]
    assert eng.make_many(5, "other", symmetry="rot180", minimal=True) != first


def test_bad_options_are_refused_with_one_clear_message() -> None:
    eng = _engine("generate")
    with pytest.raises(ValueError, match="the clue range 30-20 is empty"):
        eng.make_many(1, "x", clues="30-20")
    with pytest.raises(ValueError, match="no Sudoku with one solution has 10-16 clues"):
        eng.make_many(1, "x", clues="10-16")
    with pytest.raises(ValueError, match="MIN-MAX"):
        clue_range("lots")
    with pytest.raises(OptionError, match="spiral"):
        eng.make_many(1, "x", symmetry="spiral")
    with pytest.raises(ValueError, match="Sudoku Explainer rater"):
        eng.make_many(1, "x", rating="7.0-9.5")
    with pytest.raises(ValueError, match="the rating window 4-3 is empty"):
        eng.make_many(1, "x", rating="4-3")
    with pytest.raises(ValueError, match="LO-HI"):
        eng.make_many(1, "x", rating="hard")
    with pytest.raises(GenerationTimeoutError, match="no minimal puzzle with rot90 symmetry"):
        eng.make_many(1, "x", clues="17-18", symmetry="rot90", minimal=True, timeout=0.5)
    with pytest.raises(ValueError, match="no clue pattern with rot90 symmetry has 22-23"):
        eng.make_many(1, "x", clues="22-23", symmetry="rot90")


def test_the_clue_counts_of_each_symmetry() -> None:
    assert clue_counts("rot90") == {c for c in range(81 + 1) if c % 4 in (0, 1)}
    assert clue_counts("none") == set(range(82))
    assert clue_counts("rot180") == set(range(82))
    assert clue_counts("mirror") == set(range(82))


def test_an_unbounded_search_is_bounded_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generator_module, "DEFAULT_TIMEOUT", 0.3)
    with pytest.raises(GenerationTimeoutError, match=r"found in 0\.3 s \(the default bound"):
        generate("x", clues="17-18", symmetry="rot90", minimal=True)


def _sgt_solo() -> list[tuple[str, str]]:
    """(seed ID, game ID) pairs Debian's sgt-solo made (see the file's header)."""
    return [(r[0], r[1]) for r in _tsv(HERE / "data" / "sgt_solo_generate.tsv")]


@pytest.mark.parametrize(("seed_id", "expected"), _sgt_solo())
def test_fresh_seeds_give_what_the_real_solo_gives(seed_id: str, expected: str) -> None:
    params, seed = seed_id.split("#", 1)
    eng = _engine("generate-solo")
    grid = eng.make(seed, params=params)
    assert eng.line(grid, grid) == expected


@pytest.mark.parametrize(("window", "symmetry", "minimal"),
                         [("1.0-2.0", "none", False), ("3.0-4.5", "rot180", True)])
def test_a_rating_window_keeps_puzzles_rated_in_it(window: str, symmetry: str,
                                                   minimal: bool) -> None:
    """``--rating LO-HI``: each puzzle's ER, as serate prints it, is in the window; the
    puzzles still meet the other options, and the same seed gives the same puzzles."""
    eng = _engine("generate")
    lo, hi = (float(x) for x in window.split("-"))
    made = eng.make_many(4, "window", symmetry=symmetry, minimal=minimal, rating=window)
    assert made == eng.make_many(4, "window", symmetry=symmetry, minimal=minimal,
                                 rating=window)
    plain = [grid for _, grid in eng.make_many(4, "window", symmetry=symmetry,
                                               minimal=minimal)]
    for _, grid in made:
        rating = grid.rate(steps=False)
        assert rating.verdict == "rated"
        assert lo <= float(rating.line("%r")) <= hi
        assert grid.solve().unique
        assert _symmetric(grid, symmetry)
        assert not minimal or _minimal(grid)
    outside = [g for g in plain if g.rate(steps=False).verdict != "rated"
               or not lo <= float(g.rate(steps=False).line("%r")) <= hi]
    assert not outside or [g for _, g in made] != plain


def test_rating_windows_reach_what_the_rater_tells() -> None:
    """Windows up to ER 9.4 are taken (serate's rows 1-26, which the rater has: a puzzle
    rated 6.6 by serate is in 6.5-7.0, one rated 8.3 in 8.0-8.9, one rated 9.6 (row 26) is
    rated but outside 9.0-9.4); from 9.5, where the nested chains (rows 27+) start and
    serate's own choice of step varies with its hash order, they are refused."""
    assert generator_module.rating_window("6.5-7.4") == (6.5, 7.4)
    assert generator_module.rating_window("7.5-8.9") == (7.5, 8.9)
    assert generator_module.rating_window("9.0-9.4") == (9.0, 9.4)
    with pytest.raises(ValueError, match="Sudoku Explainer rater"):
        generator_module.rating_window("9.0-9.5")
    with pytest.raises(ValueError, match="Sudoku Explainer rater"):
        generator_module.rating_window("8.5-9.5")
    path = shared_path("vectors", "rating", "se-1213.tsv")
    row = next(line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
               if line.split("\t")[1] == "6.6")
    assert generator_module._rated_in(Grid(row[0]), 6.5, 7.0)
    assert not generator_module._rated_in(Grid(row[0]), 6.7, 7.4)
    row = next(line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
               if line.split("\t")[1] == "8.3")
    assert generator_module._rated_in(Grid(row[0]), 8.0, 8.9)
    assert not generator_module._rated_in(Grid(row[0]), 7.5, 8.2)
    row = next(line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
               if line.split("\t")[1] == "9.6")
    assert not generator_module._rated_in(Grid(row[0]), 9.0, 9.4)
    assert generator_module._rated_in(Grid(row[0]), 9.5, 9.9)
