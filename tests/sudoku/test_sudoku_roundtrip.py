"""Round trips for every Sudoku writer: write then read gives the same grid; read then write
of our own (canonical) text gives the same text."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import puzzlefmt
from puzzlefmt.collection import Collection
from puzzlefmt.sudoku import Grid

from strategies import sudoku as S

# format -> strategy of grids that the format can hold
DOMAINS: dict[str, Any] = {
    "line": S.givens_grids(comment=True),
    "ss": S.ss_grids(),
    "ss-spaced": S.givens_grids(),
    "ss-old": S.givens_grids(),
    "ss-print": S.givens_grids(),
    "spf": S.givens_grids(),
    "plus-grid": S.givens_grids(),
    "rows": S.givens_grids(),
    "sdk": S.sdk_grids(),
    "msk": S.givens_grids(),
    "sol": S.full_grids(),
    "candidates": S.pm_grids(marks=True),
    "pm-grid": S.pm_grids(marks=True, step=True),
    "pm-print": S.pm_grids(),
    "sukaku": S.candidate_grids(allow_empty=True),
    "hodoku-grid": S.givens_grids(),
    "hodoku-txt": S.hodoku_txt_grids(),
    **S.web_and_solo_domains(),
}

COLLECTIONS: dict[str, Any] = {
    "txt": st.one_of(S.givens_grids(comment=True), S.candidate_grids(allow_empty=True)),
    "sdm": S.givens_grids(comment=True),
    "hodoku-lib": S.hodoku_grids(),
    "forum-csv": S.forum_grids(),
    "gsf-q2": S.gsf_q2_grids(),
}


def test_every_sudoku_format_has_a_round_trip_domain() -> None:
    names = {f.name for f in puzzlefmt.formats("sudoku")}
    assert names == set(DOMAINS) | set(COLLECTIONS)


@pytest.mark.parametrize("fmt", sorted(DOMAINS))
@given(data=st.data())
def test_single_round_trip(fmt: str, data: st.DataObject) -> None:
    grid = data.draw(DOMAINS[fmt])
    text = puzzlefmt.dumps(grid, fmt)
    back = puzzlefmt.loads(text, fmt)
    assert back == grid
    assert puzzlefmt.dumps(back, fmt) == text


# Nine plain rows are rows, msk, sol or sdk alike: the file extension decides (tested in the
# detection table). A candidate grid of single digits only is a solved grid, not candidates.
_AMBIGUOUS = ("rows", "msk", "sol", "sdk")


@pytest.mark.parametrize("fmt", sorted(f for f in DOMAINS if f not in _AMBIGUOUS))
@given(data=st.data())
def test_written_text_is_detected_as_its_format(fmt: str, data: st.DataObject) -> None:
    grid = data.draw(DOMAINS[fmt])
    if grid.candidates is not None and fmt != "sukaku":
        assume(any(bin(m).count("1") > 1 for m in grid.candidates))
    text = puzzlefmt.dumps(grid, fmt)
    if fmt == "sudokuwiki" and len(text.strip()) == 81:
        # The plain sudokuwiki string is the 81-character line, which reads it the same way.
        assert puzzlefmt.detect(text)[0].format == "line"
        assert puzzlefmt.loads(text, "line") == grid
        return
    assert puzzlefmt.detect(text)[0].format == fmt


@pytest.mark.parametrize("fmt", sorted(COLLECTIONS))
@given(data=st.data())
def test_collection_round_trip(fmt: str, data: st.DataObject) -> None:
    grids = data.draw(st.lists(COLLECTIONS[fmt], min_size=1, max_size=4))
    text = puzzlefmt.dumps(Collection(grids, format=fmt), fmt)
    back = puzzlefmt.loads(text, fmt)
    assert isinstance(back, Collection)
    assert list(back) == grids
    assert puzzlefmt.dumps(back, fmt) == text


def test_collection_keeps_comments() -> None:
    text = "# a title\r\n" + "0" * 81 + "\r\n# between\r\n" + "1" + "0" * 80 + "\r\n"
    coll = puzzlefmt.loads(text, "sdm")
    assert len(coll) == 2
    assert coll.comments == {0: ["# a title"], 1: ["# between"]}
    assert puzzlefmt.dumps(coll) == text


@given(S.givens_grids(comment=True))
def test_line_blank_conventions(grid: Grid) -> None:
    for blank in "0.X*_-":
        text = grid.line(blank=blank, comment=False)
        assert Grid.from_line(text).givens == grid.givens


@given(st.one_of(S.ss_grids(), S.sdk_grids(), S.hodoku_grids(), S.candidate_grids()))
def test_pickle_round_trip(grid: Grid) -> None:
    import pickle

    assert pickle.loads(pickle.dumps(grid)) == grid
