"""Keen save files: every vector reads to its stated game, seed, solution and the state its
script leaves; everything written is accepted by the loader's rules (tests/sgt_loader.py);
round trips; errors; the player state's problems()."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sgt_loader
from puzzlefmt import PuzzleFormatError
from puzzlefmt.keen import Difficulty, Puzzle
from puzzlefmt.keen.formats import keen_save as ks
from puzzlefmt.keen.state import PlayerState, problems
from puzzlefmt.sgt import savefile as sgtsave
from sgt_script import play, rows

from helpers import examples, shared_path
from strategies.sgt import keen_games, player_states


@functools.cache
def _vectors() -> list[tuple[list[str], str]]:
    table = rows(("vectors", "sgt", "keen", "keen_saves.tsv"))
    assert len(table) == 40
    return [(row, shared_path("vectors", "sgt", "keen", row[0]).read_text(encoding="ascii"))
            for row in table]


def _marks(state: PlayerState) -> tuple[frozenset[int], ...]:
    w = state.size
    return tuple(frozenset(d for d in range(1, w + 1) if m >> (d - 1) & 1)
                 for m in state.marks)


def test_every_vector_reads_to_its_game_state_seed_and_solution() -> None:
    for row, text in _vectors():
        name, game_id, seed_id, _, script, status, undo_redo, solution = row
        puzzle = ks.read(text)
        bare = puzzle.replace(difficulty=None, multiplication_only=False, solution=None,
                              state=None)
        assert bare.game_id() == game_id, name
        assert puzzle.params() == sgtsave.parse(text).get("CPARAMS"), name
        state = puzzle.state
        assert state is not None
        w = puzzle.size
        want, statepos, nstates = play(script, w, [0] * (w * w),
                                       [int(c) for c in solution], solve_clears_marks=True)
        assert (state.digits, _marks(state)) == want, name
        save = sgtsave.parse(text)
        assert (save.statepos, save.nstates) == (statepos, nstates), name
        assert undo_redo == f"undo={int(statepos > 1)} redo={int(statepos < nstates)}", name
        if seed_id == "-":
            assert puzzle.solution is None, name
        else:
            assert puzzle.solution == tuple(int(c) for c in solution), name
            assert state.save is not None
            assert f"{puzzle.params()}#{sgtsave.parse(state.save).seed}" == seed_id, name
        solved = state.digits == tuple(int(c) for c in solution)
        assert solved == (status == "1"), name
        # The loader's own reading of the file gives the same state.
        digits, pencil = sgt_loader.state(text, "Keen")
        assert (tuple(digits), tuple(frozenset(p) for p in pencil)) == want, name


def test_vectors_solve_to_the_stated_solution() -> None:
    for row, text in _vectors()[::4]:
        puzzle = ks.read(text).replace(solution=None)
        solved = puzzle.solve().solution
        assert solved is not None
        assert solved.solution == tuple(int(c) for c in row[7]), row[0]


def test_vectors_write_back_byte_for_byte() -> None:
    for row, text in _vectors():
        assert ks.write(ks.read(text)) == text, row[0]


def test_a_new_save_of_every_vector_loads_with_the_same_state() -> None:
    for row, text in _vectors():
        puzzle = ks.read(text)
        fresh = ks.write(puzzle, history=False)
        assert sgt_loader.load(fresh, "Keen") is None, row[0]
        again = ks.read(fresh)
        assert again.state is not None
        assert puzzle.state is not None
        assert (again.state.digits, again.state.marks) == (puzzle.state.digits,
                                                           puzzle.state.marks)
        assert again.replace(state=None) == puzzle.replace(state=None)


def test_a_changed_state_is_appended_to_the_kept_history() -> None:
    _row, text = next(v for v in _vectors() if "undo-history" in v[0][0])
    puzzle = ks.read(text)
    assert puzzle.state is not None
    assert puzzle.state.save is not None
    changed = puzzle.replace(state=puzzle.state.enter(3, 3, 1).toggle_mark(2, 2, 3))
    out = ks.write(changed)
    assert sgt_loader.load(out, "Keen") is None
    old, new = sgtsave.parse(text), sgtsave.parse(out)
    kept = old.states[: old.statepos - 1]
    assert new.states[: len(kept)] == kept
    assert [r.value for r in new.states[len(kept):]] == ["P2,2,3", "R3,3,1"]
    assert new.statepos == new.nstates
    back = ks.read(out)
    assert back.state is not None
    assert (back.state.digits, back.state.marks) == (changed.state.digits,  # type: ignore[union-attr]
                                                     changed.state.marks)  # type: ignore[union-attr]


@examples(60)
@given(keen_games())
def test_write_then_read_gives_the_same_puzzle(puzzle: Puzzle) -> None:
    text = ks.write(puzzle)
    assert sgt_loader.load(text, "Keen") is None
    assert ks.read(text) == puzzle
    assert ks.write(ks.read(text)) == text


@examples(40)
@given(st.data())
def test_any_new_state_on_a_vector_keeps_its_history(data: st.DataObject) -> None:
    _row, text = data.draw(st.sampled_from(_vectors()))
    puzzle = ks.read(text)
    state = data.draw(player_states(puzzle.size))
    out = ks.write(puzzle.replace(state=state))
    assert sgt_loader.load(out, "Keen") is None
    back = ks.read(out)
    assert back.state is not None
    assert (back.state.digits, back.state.marks) == (state.digits, state.marks)
    digits, _pencil = sgt_loader.state(out, "Keen")
    assert tuple(digits) == state.digits


def _mutations(text: str, rng: random.Random) -> list[str]:
    out = []
    for _ in range(40):
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            op = rng.randrange(3)
            if op == 0:
                chars[i] = rng.choice("0123456789:, \nRPSMabz_\x00\x7f")
            elif op == 1:
                del chars[i]
            else:
                chars.insert(i, rng.choice("0123456789:,\n R"))
        out.append("".join(chars))
    return out


def test_mutated_saves_raise_only_the_library_error_and_agree_with_the_loader() -> None:
    rng = random.Random(12)
    accepted = refused = 0
    for _, text in _vectors()[::3]:
        for bad in _mutations(text, rng):
            try:
                puzzle = ks.read(bad)
            except PuzzleFormatError:
                refused += 1
                continue
            accepted += 1
            # Whatever we accept, the game's loader accepts, with the same state.
            assert sgt_loader.load(bad, "Keen") is None, bad
            digits, _ = sgt_loader.state(bad, "Keen")
            assert puzzle.state is not None
            assert tuple(digits) == puzzle.state.digits
    assert accepted
    assert refused


def test_a_save_of_another_game_names_it() -> None:
    solo = shared_path("vectors", "sgt", "solo", "saves",
                       "solo-2x2-13-undo-history.sav").read_text()
    with pytest.raises(PuzzleFormatError, match="this is a save file of Solo, not Keen") as e:
        ks.read(solo)
    assert e.value.line == 3
    net = _vectors()[0][1].replace("GAME    :4:Keen", "GAME    :3:Net")
    with pytest.raises(PuzzleFormatError, match="this is a save file of Net, not Keen"):
        ks.read(net)
    assert ks.sniff(net) is not None
    assert ks.sniff(net).score < 0.1


@pytest.mark.parametrize(("old", "new", "words"), [
    ("CPARAMS :3:4dn", "CPARAMS :3:2dn", "Grid size must be between 3 and 9"),
    ("PARAMS  :3:4dn", "PARAMS  :3:4dq", "Unknown difficulty rating"),
    ("DESC    :27:a_7a__a_aad,m2d2a10s2s1m3d2", "DESC    :27:a_7a__a_aad,m2d2s10s2s1m3d2",
     "Subtraction and division blocks must have area 2"),
    ("MOVE    :6:R2,0,4", "MOVE    :6:R2,0,5", "Save file contained an invalid move"),
    ("MOVE    :6:P0,0,2", "MOVE    :6:Q0,0,2", "Save file contained an invalid move"),
])
def test_game_errors_quote_the_game(old: str, new: str, words: str) -> None:
    text = next(t for r, t in _vectors() if r[0].endswith("keen-4dn-1-pencil-marks.sav"))
    assert old in text
    with pytest.raises(PuzzleFormatError) as info:
        ks.read(text.replace(old, new))
    assert words in str(info.value)
    line = text.split("\n").index(old) + 1
    assert info.value.line == line
    assert info.value.column == 1


def test_moves_the_game_allows() -> None:
    base = Puzzle("4dn:a_7a__a_aad,m2d2a10s2s1m3d2")
    text = ks.write(base)
    assert "NSTATES :1:1" in text
    save = sgtsave.parse(text)
    solved = base.solve().solution
    assert solved is not None
    assert solved.solution is not None
    solve = "S" + "".join(map(str, solved.solution))
    moved = save.with_history(
        [("MOVE", "M"), ("MOVE", "R 1, 0,2trailing"), ("SOLVE", solve),
         ("MOVE", "P0,0,0")], 1).text()
    assert sgt_loader.load(moved, "Keen") is None
    puzzle = ks.read(moved)
    assert puzzle.state is not None
    assert puzzle.state.digits[1:] == tuple(int(c) for c in solve[2:])
    assert puzzle.state.digits[0] == 0  # P with 0 clears, like R
    assert not any(puzzle.state.marks)
    assert problems(puzzle) == []


def test_writer_refuses_what_keen_cannot_hold() -> None:
    with pytest.raises(ValueError, match="3 to 9"):
        ks.write(Puzzle.from_cages(2, [((0, 1), "a", 3), ((2, 3), "a", 3)]))
    with pytest.raises(ValueError, match="random-seed"):
        ks.write(Puzzle("4dn#12345"))
    assert Puzzle("4:a_7a__a_aad,m2d2a10s2s1m3d2").difficulty is None
    written = ks.write(Puzzle("4:a_7a__a_aad,m2d2a10s2s1m3d2"))
    # the game reads parameters without a difficulty as Normal, Keen's default (index 1);
    # puzzlefmt reads them back as no difficulty, as they were written (issue 20)
    assert ks.decode_params(sgtsave.parse(written).get("CPARAMS") or "")[1] == 1
    assert Difficulty.from_letter("enhxu"[1]) is Difficulty.NORMAL
    assert ks.read(written).difficulty is None


def test_sniff() -> None:
    text = _vectors()[0][1]
    found = ks.sniff(text)
    assert found is not None
    assert (found.score, found.reason) == (
        1.0, "a Simon Tatham's Portable Puzzle Collection save file of Keen")
    assert ks.sniff("4:a_7a__a_aad,m2d2a10s2s1m3d2") is None


# ---------------------------------------------------------------------- problems()


def test_problems_of_the_wrong_digit_vectors() -> None:
    for row, text in _vectors():
        puzzle = ks.read(text)
        found = problems(puzzle)
        codes = {p.code for p in found}
        if row[3] == "wrong-digit":
            assert {"repeated-digit", "wrong-digit"} <= codes, row[0]
            assert any(p.where == "row 1" for p in found if p.code == "repeated-digit")
        elif row[5] == "1" or row[3] in ("fresh-from-seed", "fresh-from-desc"):
            assert found == [], row[0]


def test_problems_in_detail() -> None:
    p = Puzzle("3:a_a3_a_,a3m6m3s1")  # solution 213 321 132
    s = PlayerState.empty(3)
    assert problems(p, s) == []
    s = s.enter(0, 0, 2).enter(0, 1, 2)
    assert [(x.code, x.where) for x in problems(p, s)] == [
        ("repeated-digit", "row 1"), ("cage-target", "r1c1"), ("wrong-digit", "r1c2")]
    s = PlayerState.empty(3).toggle_mark(0, 0, 1).toggle_mark(0, 0, 3)
    (warning,) = problems(p, s)
    assert (warning.code, warning.severity) == ("mark-misses-solution", "warning")
    assert "leave out 2" in warning.message
    full = PlayerState((1, 2, 3, 2, 3, 1, 3, 1, 2), (0,) * 9)
    codes = [x.code for x in problems(p, full)]
    assert "cage-target" in codes
    assert "repeated-digit" not in codes
    assert problems(p, full, against_solution=False) == [
        x for x in problems(p, full) if x.code == "cage-target"]
    ambiguous = Puzzle.from_cages(3, [((0, 1, 2), "a", 6), ((3, 4, 5), "a", 6),
                                      ((6, 7, 8), "a", 6)])
    assert [x.code for x in problems(ambiguous, PlayerState.empty(3).enter(0, 0, 1))] == [
        "solution-unknown"]
    with pytest.raises(ValueError, match="does not fit"):
        problems(p, PlayerState.empty(4))


def test_player_state_checks_its_cells() -> None:
    with pytest.raises(ValueError, match="size\\*size"):
        PlayerState((0, 0, 0), (0, 0, 0))
    with pytest.raises(ValueError, match="r1c1: a digit is 0"):
        PlayerState((4,) + (0,) * 8, (0,) * 9)
    with pytest.raises(ValueError, match="pencil marks are a mask"):
        PlayerState((0,) * 9, (8,) + (0,) * 8)
    with pytest.raises(ValueError, match="does not fit"):
        Puzzle("3:a_a3_a_,a3m6m3s1", state=PlayerState.empty(4))
    p = Puzzle("3:a_a3_a_,a3m6m3s1")
    assert p != p.replace(state=PlayerState.empty(3))
    assert p.replace(state=PlayerState.empty(3)).replace(state=None) == p


def test_docstring_examples() -> None:
    import doctest

    import puzzlefmt.keen.state

    result = doctest.testmod(puzzlefmt.keen.state)
    assert result.attempted > 0
    assert result.failed == 0


def test_a_game_only_keen_itself_writes_is_kept_verbatim() -> None:
    """A block structure with a 'y' run (read as the game reads it): the puzzle cannot be
    written as a new save (Keen would misread our 'y'), so the save is kept and written
    back; a new save is refused."""
    text = sgtsave.build(game="Keen", params="5dn", cparams="5dn", desc="yo,a1").text()
    puzzle = ks.read(text)
    assert len(puzzle.cages) == 1
    assert puzzle.state is not None
    assert puzzle.state.save == text
    assert ks.write(puzzle) == text
    moved = ks.write(puzzle.replace(state=puzzle.state.enter(0, 0, 3)))
    assert sgt_loader.load(moved, "Keen") is None
    with pytest.raises(ValueError, match="mis-reads"):
        ks.write(puzzle, history=False)


@examples(300)
@given(st.integers(3, 5), st.text("_abcyz0123456789,amsd", max_size=30),
       st.lists(st.text("RPMS0123456789, -", max_size=8), max_size=3))
def test_any_description_and_moves_raise_only_the_library_error(
        size: int, desc: str, moves: list[str]) -> None:
    text = sgtsave.build(game="Keen", params=f"{size}dn", cparams=f"{size}dn", desc=desc,
                         moves=sgtsave.as_moves(moves)).text()
    try:
        puzzle = ks.read(text)
    except PuzzleFormatError:
        return
    assert sgt_loader.load(text, "Keen") is None
    assert puzzle.state is not None
    assert tuple(sgt_loader.state(text, "Keen")[0]) == puzzle.state.digits
    assert ks.write(puzzle) == text
