"""A Grid never changes (issue 21): it can be put in a set and found again, a field cannot be
assigned nor its lists and mappings changed, ``replace`` builds a changed grid and leaves the
old one as it was, and pickling round-trips."""

from __future__ import annotations

import doctest
import inspect
import pickle
from typing import Any

import pytest
from hypothesis import given

import puzzlefmt
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.grid import FIELDS as DECLARED

from helpers import ROOT
from strategies import sudoku as S

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
FIELDS = ("givens", "placed", "candidates", "eliminated", "meta", "sections")


def _full() -> Grid:
    """A grid with every field filled."""
    return Grid(givens=PUZZLE, placed="." + "1" + "." * 79, candidates=[0x1FF] * 81,
                eliminated=[0] * 80 + [1], meta={"A": "me", "comment": "x"},
                sections={"State": ["1.3"]})


def _snapshot(grid: Grid) -> tuple[Any, ...]:
    """The grid's content as plain lists and dicts (for comparing before and after)."""
    return (list(grid.givens), list(grid.placed),
            None if grid.candidates is None else list(grid.candidates),
            None if grid.eliminated is None else list(grid.eliminated),
            dict(grid.meta), {k: list(v) for k, v in grid.sections.items()})


@pytest.mark.parametrize("field", FIELDS)
def test_a_field_cannot_be_assigned_and_the_set_still_finds_the_grid(field: str) -> None:
    grid = _full()
    seen = {grid}
    with pytest.raises(AttributeError, match=r"replace\(" + field):
        setattr(grid, field, getattr(Grid(), field))
    with pytest.raises(AttributeError):
        delattr(grid, field)
    assert grid in seen
    assert grid == _full()


def test_lists_and_mappings_cannot_be_changed() -> None:
    grid = _full()
    seen = {grid}
    before = hash(grid)
    for name in ("givens", "placed", "candidates", "eliminated"):
        cells = getattr(grid, name)
        with pytest.raises(TypeError):
            cells[0] = 7
        assert not hasattr(cells, "append")
    with pytest.raises(TypeError, match="replace"):
        grid.meta["A"] = "someone else"
    with pytest.raises(TypeError, match="replace"):
        grid.meta.pop("A")
    with pytest.raises(TypeError, match="replace"):
        grid.meta.update(B="y")
    with pytest.raises(TypeError, match="replace"):
        grid.sections["Puzzle"] = []
    with pytest.raises(TypeError):
        grid.sections["State"][0] = "..."  # type: ignore[index]
    assert hash(grid) == before
    assert grid in seen
    assert grid == _full()


def test_the_fields_still_equal_plain_lists_and_dicts() -> None:
    grid = _full()
    assert grid.givens == Grid(givens=PUZZLE).givens == [int(c) if c != "." else 0
                                                         for c in PUZZLE]
    assert grid.meta == {"A": "me", "comment": "x"}
    assert grid.sections == {"State": ["1.3"]}
    assert repr(grid.placed).startswith("[0, 1, 0")


def test_a_grid_read_from_text_is_immutable_too() -> None:
    for grid in (Grid(PUZZLE), puzzlefmt.loads(PUZZLE + " a comment", "line"),
                 Grid.from_line(PUZZLE), Grid.from_json(Grid(PUZZLE).to_json()),
                 Grid(PUZZLE).solve().solution):
        assert grid is not None
        with pytest.raises(AttributeError):
            grid.placed = Grid().placed
        with pytest.raises(TypeError):
            grid.givens[0] = 0  # type: ignore[index]
        with pytest.raises(TypeError):
            grid.meta["comment"] = "changed"


def test_replace_gives_a_changed_grid_and_leaves_the_old_one() -> None:
    grid = _full()
    before = _snapshot(grid)
    seen = {grid}
    same = grid.replace()
    assert same == grid
    assert hash(same) == hash(grid)
    changes: dict[str, Any] = {
        "givens": "." * 81,
        "placed": "." * 80 + "5",
        "candidates": None,
        "eliminated": [1] * 81,
        "meta": {"A": "someone else"},
        "sections": {},
    }
    for field, value in changes.items():
        changed = grid.replace(**{field: value})
        assert changed != grid
        assert changed not in seen
        assert changed == Grid(**{f: getattr(grid, f) for f in FIELDS} | {field: value})
        for other in FIELDS:
            if other != field:
                assert getattr(changed, other) == getattr(grid, other)
    assert _snapshot(grid) == before
    assert grid in seen


def test_replace_checks_as_the_constructor_does() -> None:
    grid = _full()
    with pytest.raises(ValueError, match="r1c1 has both"):
        grid.replace(placed="1" + "." * 80)  # r1c1 holds the given 4
    with pytest.raises(ValueError, match="r1c2 has both"):
        grid.replace(givens="." + "2" + "." * 79)  # r1c2 holds the placed 1
    with pytest.raises(ValueError, match="expected 81 cells"):
        grid.replace(givens="1" * 80)
    with pytest.raises(ValueError, match="candidate masks"):
        grid.replace(candidates=[512] * 81)
    with pytest.raises(ValueError, match="candidate masks"):
        grid.replace(eliminated=[1] * 80)
    with pytest.raises(TypeError):
        grid.replace(meta={"A": 1})  # type: ignore[dict-item]
    with pytest.raises(TypeError):
        grid.replace(PUZZLE)  # type: ignore[misc]
    with pytest.raises(TypeError):
        grid.replace(clues=PUZZLE)  # type: ignore[call-arg]
    assert grid == _full()


def test_replace_copies_what_it_is_given() -> None:
    placed = [0] * 81
    meta = {"A": "me"}
    grid = Grid(PUZZLE).replace(placed=placed, meta=meta)
    placed[1] = 3
    meta["A"] = "someone else"
    assert grid.placed[1] == 0
    assert grid.meta == {"A": "me"}
    built = Grid(givens=PUZZLE, placed=placed, meta=meta)
    placed[2] = 3
    meta["B"] = "x"
    assert built.placed[2] == 0
    assert built.meta == {"A": "someone else"}


@given(S.any_grids())
def test_any_grid_is_hashable_and_pickles_to_an_equal_immutable_grid(grid: Grid) -> None:
    seen = {grid}
    back = pickle.loads(pickle.dumps(grid))
    assert back == grid
    assert back in seen
    assert hash(back) == hash(grid)
    twin = grid.copy()
    assert twin == grid
    assert twin in seen
    with pytest.raises(AttributeError):
        back.meta = {}
    with pytest.raises(TypeError):
        back.meta["new"] = "x"
    assert grid.replace(meta={**grid.meta, "new": "x"}) not in seen
    assert grid in seen


@pytest.mark.parametrize("page", ["protocol.md", "sudoku.md"])
def test_the_pages_examples_of_replace_run(page: str) -> None:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, page, page, 0)
    assert any("replace(" in example.source for example in test.examples)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_fields_are_declared_once_and_every_constructor_takes_them() -> None:
    """``puzzlefmt.sudoku.grid.FIELDS`` is the one list: the slots follow it, and
    ``__init__``, ``_make`` and ``replace`` take exactly its names (a field added in one
    place and not the others fails here); equality, hashing and ``copy`` read the fields
    through it."""
    assert Grid.__slots__ == DECLARED
    init = [n for n in inspect.signature(Grid.__init__).parameters if n not in ("self", "text")]
    make = [n for n in inspect.signature(Grid._make).parameters if n != "cls"]
    replace = [n for n in inspect.signature(Grid.replace).parameters if n != "self"]
    assert init == make == replace == list(DECLARED)
    g = Grid(givens="1" + "." * 80, meta={"a": "b"})
    assert g._key() == tuple(getattr(g, name) for name in DECLARED)
    assert g.copy() == g
