"""Grid as a puzzlefmt Model: construction from text and parts, repr, equality and hashing,
problems and status, solve, copy, contents, the line method against the line format, and the
JSON form checked against its published schema with the jsonschema package."""

from __future__ import annotations

import doctest
import json
import pickle
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import puzzlefmt.sudoku
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.model import Model, Problem, SolveResult, load_schema
from puzzlefmt.sudoku import Grid, Status, mask_of
from puzzlefmt.sudoku.formats import line as line_format
from puzzlefmt.sudoku.formats import sdk, ss

from strategies import sudoku as S

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def test_grid_is_a_model() -> None:
    assert issubclass(Grid, Model)
    assert Grid.family == "sudoku"
    assert doctest.testmod(puzzlefmt.sudoku).failed == 0


# ---------------------------------------------------------------------- construction


@pytest.mark.parametrize("fmt", [line_format.FORMAT, sdk.FORMAT, ss.FORMAT, ss.SPACED, ss.OLD])
def test_grid_reads_any_sudoku_text(fmt: Any) -> None:
    grid = Grid(PUZZLE)
    assert Grid(fmt.dumps(grid)) == grid


def test_grid_of_a_one_record_collection_is_that_record() -> None:
    assert Grid("# one puzzle\n" + PUZZLE + "\n") == Grid(PUZZLE)


def test_grid_refuses_text_that_is_not_one_sudoku() -> None:
    with pytest.raises(PuzzleFormatError, match="expected one Sudoku, found a collection of 2"):
        Grid(PUZZLE + "\n" + PUZZLE + "\n")
    with pytest.raises(PuzzleFormatError, match="nothing any format recognises"):
        Grid("hello")
    with pytest.raises(TypeError, match="either a text or parts"):
        Grid(PUZZLE, givens=PUZZLE)


@pytest.mark.parametrize(
    ("parts", "words"),
    [
        ({"givens": "1" * 80}, "expected 81 cells, found 80"),
        ({"givens": [10] * 81}, "81 digits from 0 to 9"),
        ({"givens": ["x"] * 81}, "81 digits from 0 to 9"),
        ({"candidates": [512] * 81}, "81 candidate masks from 0 to 511"),
        ({"eliminated": [1] * 80}, "81 candidate masks from 0 to 511"),
        ({"givens": "1" + "." * 80, "placed": "2" + "." * 80}, "r1c1 has both"),
    ],
)
def test_parts_are_checked(parts: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Grid(**parts)


@given(S.any_grids())
def test_repr_is_pasteable_and_copy_is_equal_and_independent(grid: Grid) -> None:
    assert eval(repr(grid), {"Grid": Grid}) == grid
    twin = grid.copy()
    assert twin == grid
    assert hash(twin) == hash(grid)
    assert twin is not grid
    givens = [0 if grid.givens[0] else 1, *twin.givens[1:]]
    placed = [0, *twin.placed[1:]]
    candidates = (None if twin.candidates is None
                  else [twin.candidates[0] ^ 1, *twin.candidates[1:]])
    changed = twin.replace(givens=givens, placed=placed, candidates=candidates,
                           meta={**twin.meta, "new": "x"})
    assert grid == eval(repr(grid), {"Grid": Grid})
    assert twin == grid
    assert changed != grid
    assert pickle.loads(pickle.dumps(grid)) == grid


def test_equality_and_hash_cover_every_field() -> None:
    base = Grid(PUZZLE)
    variants = [
        Grid(givens=PUZZLE, placed="." + "1" + "." * 79),
        Grid(givens=PUZZLE, candidates=base.candidate_masks()),
        Grid(givens=PUZZLE, eliminated=[0] * 81),
        Grid(givens=PUZZLE, meta={"comment": "x"}),
        Grid(givens=PUZZLE, sections={"Puzzle": []}),
    ]
    assert len({base, *variants}) == 6
    assert Grid(givens=PUZZLE, meta={"A": "1", "B": "2"}) == Grid(givens=PUZZLE,
                                                                  meta={"B": "2", "A": "1"})
    assert base != PUZZLE
    assert base == Grid(PUZZLE)
    assert {base: 1}[Grid(PUZZLE)] == 1


# ---------------------------------------------------------------------- rules


def test_problems_and_status() -> None:
    good = Grid(PUZZLE)
    assert good.problems() == []
    assert good.status() == Status.VALID == 0
    assert good.is_valid()
    twice = Grid(givens="5...5" + "." * 76)
    assert twice.problems() == [Problem("repeated-digit", "5 appears twice: r1c1 and r1c5",
                                        "r1c1,r1c5")]
    assert twice.status() == Status.REPEATED_DIGIT
    assert not twice.is_valid()
    # r1c9 sees 1-8 in its row and 9 in its column
    stuck = Grid(givens="12345678." + "." * 8 + "9" + "." * 63)
    assert [(p.code, p.where, str(p)) for p in stuck.problems()] == [
        ("no-candidate", "r1c9", "r1c9 has no candidate left")]
    assert stuck.status() == Status.NO_CANDIDATE
    marks = [0x1FF] * 81
    marks[40] = mask_of([5])
    both = Grid(givens="11" + "." * 79, eliminated=[0] * 40 + [mask_of([5])] + [0] * 40,
                candidates=marks)
    assert both.status() == Status.REPEATED_DIGIT | Status.NO_CANDIDATE
    assert [p.code for p in both.problems()] == ["repeated-digit", "no-candidate"]


def test_problems_agree_with_the_solvers_reason() -> None:
    for grid in (Grid(givens="5...5" + "." * 76),
                 Grid(givens="12345678." + "." * 8 + "9" + "." * 63)):
        result = grid.solve()
        assert result.count == 0
        assert [p.where for p in grid.problems()] == [
            part.split(" ")[0] + ("," + part.split(" ")[2] if " and " in part else "")
            for part in result.reason.split("; ")]


# ---------------------------------------------------------------------- solve


def test_solve_gives_grids() -> None:
    result = Grid(PUZZLE).solve()
    assert isinstance(result, SolveResult)
    assert result.status == "unique"
    assert isinstance(result.solution, Grid)
    assert result.solution.line(values=True) == SOLVED
    assert result.solution.givens == Grid(PUZZLE).givens
    assert Grid().solve(limit=3).count == 3
    assert Grid().solve(limit=3).status == "multiple"
    with pytest.raises(ValueError, match="limit must be a whole number of at least 1"):
        Grid().solve(limit=0)


# ---------------------------------------------------------------------- text


@given(S.any_grids(), st.sampled_from(line_format.LINE_OPTIONS[0].choices), st.booleans(),
       st.booleans())
def test_line_method_and_line_format_agree(grid: Grid, blank: str, values: bool,
                                           comment: bool) -> None:
    options = {"blank": blank, "values": values, "comment": comment}
    assert grid.line(blank, values=values, comment=comment) + "\n" == \
        line_format.FORMAT.dumps(grid, **options)
    assert grid.line() + "\n" == line_format.FORMAT.dumps(grid)


def test_line_keeps_the_comment_by_default() -> None:
    grid = Grid(PUZZLE + " # hard")
    assert grid.meta == {"comment": "# hard"}
    assert grid.line() == PUZZLE + " # hard"
    assert grid.line(comment=False) == PUZZLE
    assert Grid.from_line(grid.line()) == grid
    with pytest.raises(ValueError, match="blank must be one of"):
        grid.line("5")


def test_str_is_the_picture() -> None:
    assert Grid(PUZZLE)._repr_svg_().startswith("<svg")
    assert str(Grid(PUZZLE)).splitlines()[1] == "|4..|...|8.5|"
    marks = Grid(candidates=Grid(PUZZLE).candidate_masks())
    assert str(marks).startswith("*---")
    # r1c2: its row holds 4 8 5, its column 3 2, its box 4 3 (worked out by hand)
    assert str(marks).splitlines()[1].split()[2] == "1679"


def test_grid_repr_round_trips_and_str_is_a_picture() -> None:
    grid = Grid.from_line(
        ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521.")
    assert eval(repr(grid), {"Grid": Grid}) == grid
    assert str(grid).splitlines()[0] == "*-----------*"
    marks = Grid(candidates=grid.candidate_masks())
    assert eval(repr(marks), {"Grid": Grid}) == marks


def test_contents_in_the_words_of_holds() -> None:
    assert Grid().contents() == frozenset()
    assert Grid(PUZZLE).contents() == {"givens"}
    full = Grid(givens=PUZZLE, placed="." + "1" + "." * 79, candidates=[1] * 81,
                eliminated=[2] * 81, meta={"comment": "c", "A": "me"},
                sections={"State": ["x"]})
    assert full.contents() == {"givens", "placed", "candidates", "eliminations", "comments",
                               "metadata", "sections"}
    assert full.contents() - line_format.FORMAT.holds == {
        "placed", "candidates", "eliminations", "metadata", "sections"}


# ---------------------------------------------------------------------- JSON

SCHEMA = load_schema("sudoku")
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert Grid.json_schema() == SCHEMA


@given(S.any_grids())
def test_to_json_validates_and_reads_back(grid: Grid) -> None:
    data = grid.to_json()
    VALIDATOR.validate(data)
    assert set(data) == set(SCHEMA["properties"])
    assert Grid.from_json(data) == grid
    assert Grid.from_json(json.dumps(data)) == grid


def test_from_json_needs_only_the_givens() -> None:
    assert Grid.from_json({"givens": PUZZLE}) == Grid(PUZZLE)
    assert Grid.from_json('{"givens": "' + PUZZLE + '", "meta": {"A": "me"}}') == Grid(
        givens=PUZZLE, meta={"A": "me"})


BAD_JSON = [
    ({"givens": PUZZLE[:80]}, "givens: expected 81 characters"),
    ({"givens": PUZZLE.replace(".", "0")}, "givens: expected 81 characters"),
    ({"placed": "." * 81}, "expected the key 'givens'"),
    ({"givens": PUZZLE, "candidates": ["1"] * 80}, "candidates: expected null or a list"),
    ({"givens": PUZZLE, "candidates": ["21"] + ["1"] * 80},
     "candidates[0]: expected ascending digits"),
    ({"givens": PUZZLE, "eliminated": ["0"] * 81}, "eliminated[0]: expected ascending"),
    ({"givens": PUZZLE, "meta": {"A": 1}}, "meta: expected an object of strings"),
    ({"givens": PUZZLE, "sections": {"S": "x"}}, "sections: expected an object of lists"),
    ({"givens": PUZZLE, "family": "keen"}, "family: expected 'sudoku'"),
    ({"givens": PUZZLE, "extra": 1}, "found the key 'extra'"),
]


@pytest.mark.parametrize(("data", "words"), BAD_JSON)
def test_from_json_refuses_what_the_schema_refuses(data: dict[str, Any], words: str) -> None:
    assert not VALIDATOR.is_valid(data)
    with pytest.raises(PuzzleFormatError, match=words.replace("[", r"\[").replace("]", r"\]")):
        Grid.from_json(data)


def test_from_json_refuses_a_placed_digit_on_a_given() -> None:
    """The one rule the schema cannot state: placed digits only where no given is."""
    data = {"givens": PUZZLE, "placed": "4" + "." * 80}
    assert VALIDATOR.is_valid(data)
    with pytest.raises(PuzzleFormatError, match=r"placed: expected '\.' where a given is"):
        Grid.from_json(data)


def test_from_json_refuses_bad_json_text() -> None:
    with pytest.raises(PuzzleFormatError) as err:
        Grid.from_json('{"givens": ')
    assert err.value.format == "sudoku"
    assert err.value.line == 1
    with pytest.raises(PuzzleFormatError, match="expected a JSON object, found list"):
        Grid.from_json("[]")
