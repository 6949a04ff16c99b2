"""Solo save files: every vector reads to its stated game and the state its script leaves
(at the game's level for every size, into a Grid for 3x3); writes are accepted by the
loader's rules (tests/sgt_loader.py); round trips; errors."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sgt_loader
from puzzlefmt import PuzzleFormatError
from puzzlefmt.sgt import savefile as sgtsave
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.formats import solo, solo_save
from sgt_script import play, rows

from helpers import examples, shared_path
from strategies.sgt import solo_grids


@functools.cache
def _vectors() -> list[tuple[list[str], str]]:
    table = rows(("vectors", "sgt", "solo", "solo_saves.tsv"))
    assert len(table) == 14
    return [(row, shared_path("vectors", "sgt", "solo", row[0]).read_text(encoding="ascii"))
            for row in table]


def _marks(masks: tuple[int, ...], size: int) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(d for d in range(1, size + 1) if m >> (d - 1) & 1) for m in masks)


def _solution_of(text: str) -> list[int] | None:
    aux = sgtsave.parse(text).aux
    return None if aux is None else [int(v) for v in aux[1:].split(",")]


def test_every_vector_reads_to_its_game_and_state() -> None:
    grids = 0
    for row, text in _vectors():
        name, game_id, seed_id, _, script, status, undo_redo, stated = row
        loaded = solo_save.load(text)
        assert loaded.puzzle.game_id() == game_id, name
        save = loaded.save
        if seed_id != "-":
            assert f"{save.get('CPARAMS')}#{save.seed}" == seed_id, name
        size = loaded.puzzle.params.size
        solution = [int(v) for v in stated.split(",")] if "," in stated else [
            int(c) for c in stated]
        aux = _solution_of(text)
        assert aux is None or aux == solution, name
        want, statepos, nstates = play(script, size, loaded.puzzle.clues, solution,
                                       solve_clears_marks=False)
        assert (loaded.state.digits, _marks(loaded.state.marks, size)) == want, name
        assert (save.statepos, save.nstates) == (statepos, nstates), name
        assert undo_redo == f"undo={int(statepos > 1)} redo={int(statepos < nstates)}", name
        assert (list(loaded.state.digits) == solution) == (status == "1"), name
        digits, pencil = sgt_loader.state(text, "Solo")
        assert (tuple(digits), tuple(frozenset(p) for p in pencil)) == want, name
        if solo.cannot_hold(loaded.puzzle.params) is not None:
            with pytest.raises(PuzzleFormatError, match="the Sudoku model"):
                solo_save.read(text)
            continue
        grids += 1
        grid = solo_save.read(text)
        assert grid.givens == list(loaded.puzzle.clues)
        assert grid.values == list(loaded.state.digits)
        if any(loaded.state.marks):
            assert grid.candidates == list(loaded.state.marks)
        else:
            assert grid.candidates is None
        assert solo_save.write(grid) == text, name
    assert grids == 10


def test_a_new_save_of_every_grid_vector_loads_with_the_same_state() -> None:
    for row, text in _vectors():
        if solo.cannot_hold(solo_save.load(text).puzzle.params) is not None:
            continue
        grid = solo_save.read(text)
        fresh = solo_save.write(grid, history=False)
        assert sgt_loader.load(fresh, "Solo") is None, row[0]
        back = solo_save.read(fresh)
        assert (back.givens, back.placed, back.candidates) == (grid.givens, grid.placed,
                                                               grid.candidates)


@examples(60)
@given(solo_grids())
def test_write_then_read_gives_the_same_grid(grid: Grid) -> None:
    text = solo_save.write(grid)
    assert sgt_loader.load(text, "Solo") is None
    assert solo_save.read(text) == grid
    assert solo_save.write(solo_save.read(text)) == text


@examples(40)
@given(st.data())
def test_a_new_state_on_a_vector_keeps_its_history(data: st.DataObject) -> None:
    choices = [v for v in _vectors() if "sgt-save" in solo_save_meta(v[1])]
    _row, text = data.draw(st.sampled_from(choices))
    grid = solo_save.read(text)
    placed = [0 if g else data.draw(st.integers(0, 9)) for g in grid.givens]
    grid = grid.replace(placed=placed)
    out = solo_save.write(grid)
    assert sgt_loader.load(out, "Solo") is None
    old, new = sgtsave.parse(text), sgtsave.parse(out)
    kept = old.states[: old.statepos - 1]
    assert new.states[: len(kept)] == kept
    assert new.get("SEED") == old.get("SEED")
    assert new.get("AUXINFO") == old.get("AUXINFO")
    assert solo_save.read(out).placed == placed


def solo_save_meta(text: str) -> dict[str, str]:
    loaded = solo_save.load(text)
    if solo.cannot_hold(loaded.puzzle.params) is not None:
        return {}
    return solo_save.read(text).meta


def test_mutated_saves_raise_only_the_library_error_and_agree_with_the_loader() -> None:
    rng = random.Random(3)
    accepted = refused = 0
    for _, text in _vectors()[::2]:
        for _ in range(40):
            chars = list(text)
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(len(chars))
                if rng.random() < 0.5:
                    chars[i] = rng.choice("0123456789:, \nRPSMabz_j")
                else:
                    del chars[i]
            bad = "".join(chars)
            try:
                loaded = solo_save.load(bad)
            except PuzzleFormatError:
                refused += 1
                continue
            accepted += 1
            assert sgt_loader.load(bad, "Solo") is None, bad
            assert tuple(sgt_loader.state(bad, "Solo")[0]) == loaded.state.digits
            if solo.cannot_hold(loaded.puzzle.params) is not None:
                with pytest.raises(PuzzleFormatError, match="the Sudoku model"):
                    solo_save.read(bad)
    assert accepted
    assert refused


def test_a_save_of_another_game_names_it() -> None:
    keen = shared_path("vectors", "sgt", "keen", "saves",
                       "keen-4de-0-fresh-from-seed.sav").read_text()
    with pytest.raises(PuzzleFormatError, match="this is a save file of Keen, not Solo"):
        solo_save.read(keen)
    sniffed = solo_save.sniff(keen)
    assert sniffed is not None
    assert sniffed.score < 0.1
    assert "not Solo" in sniffed.reason


def test_a_move_over_a_clue_is_refused() -> None:
    text = next(t for r, t in _vectors() if "3x3da-3" in r[0])
    bad = text.replace("MOVE    :6:R3,0,2", "MOVE    :6:R1,0,5")  # r1c2 holds the clue 3
    assert sgt_loader.load(bad, "Solo") is None  # the loader lets it through
    with pytest.raises(PuzzleFormatError, match="changes the clue at r1c2") as info:
        solo_save.read(bad)
    assert info.value.line == 12


def test_solo_moves() -> None:
    grid = Grid(givens=[0] * 80 + [9])
    save = sgtsave.parse(solo_save.write(grid))
    text = save.with_history([("MOVE", "M"), ("MOVE", "R0,0,1"), ("MOVE", "P8,8,3")], 1).text()
    assert sgt_loader.load(text, "Solo") is None
    got = solo_save.read(text)
    assert got.placed[0] == 1
    assert got.candidates is not None
    assert got.candidates[1] == 0x1FF
    assert got.candidates[0] == 0
    assert got.candidates[80] == 0b100  # a pencil mark on a clue: the game allows it
    solve = "S" + ",".join(["1"] * 80 + ["9"])
    solved = save.with_history([("MOVE", "P0,0,2"), ("SOLVE", solve)], 1).text()
    got = solo_save.read(solved)
    assert list(got.placed[:80]) == [1] * 80  # a slice of a FrozenList is a tuple
    assert got.candidates is not None
    assert got.candidates[0] == 0b10
    bad = save.with_history([("SOLVE", "S" + ",".join(["1"] * 81))], 1).text()
    with pytest.raises(PuzzleFormatError, match="changes the clue at r9c9"):
        solo_save.read(bad)
    short = save.with_history([("SOLVE", "S1,2")], 1).text()
    with pytest.raises(PuzzleFormatError, match="Save file contained an invalid move"):
        solo_save.read(short)


def test_errors_quote_the_game() -> None:
    text = next(t for r, t in _vectors() if "3x3db-1" in r[0])
    with pytest.raises(PuzzleFormatError, match="Killer puzzle dimensions"):
        solo_save.read(text.replace("CPARAMS :3:3x3", "CPARAMS :5:4x4kx"))
    with pytest.raises(PuzzleFormatError, match="Game description in save file is invalid"):
        solo_save.read(text.replace("DESC    :65:c", "DESC    :65:0"))


@examples(300)
@given(st.sampled_from(["2x2", "3x3", "2x3", "4j", "2x2x", "2x2k"]),
       st.text("_abcyz0123456789,", max_size=30),
       st.lists(st.text("RPMS0123456789, -", max_size=10), max_size=3))
def test_any_description_and_moves_raise_only_the_library_error(
        params: str, desc: str, moves: list[str]) -> None:
    text = sgtsave.build(game="Solo", params=params, cparams=params, desc=desc,
                         moves=sgtsave.as_moves(moves)).text()
    try:
        loaded = solo_save.load(text)
    except PuzzleFormatError:
        return
    assert sgt_loader.load(text, "Solo") is None
    assert tuple(sgt_loader.state(text, "Solo")[0]) == loaded.state.digits
