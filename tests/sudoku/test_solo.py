"""Solo game IDs: every vector ID reads and re-encodes byte for byte, its clues agree with
solo.c's solution under its own rules (boxes, jigsaw regions, diagonals, killer sums); tdoku
puzzles convert to the stated IDs; Grid conversions, errors, detection, round trips."""

from __future__ import annotations

import contextlib
import functools
import random

import pytest
from hypothesis import given

import sgt_loader
from puzzlefmt import PuzzleFormatError
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.formats import solo
from sgt_script import rows

from strategies.sgt import solo_grids


@functools.cache
def _ids() -> list[list[str]]:
    table = rows(("vectors", "sgt", "solo", "solo_ids.tsv"))
    assert len(table) == 43
    return table


def _solution(text: str) -> list[int]:
    return [int(v) for v in text.split(",")] if "," in text else [int(c) for c in text]


def _units(p: solo.SoloPuzzle) -> list[list[int]]:
    """Every unit that must hold each digit once, as solo.c builds them."""
    cr, c, r = p.params.size, p.params.c, p.params.r
    units = [[y * cr + x for x in range(cr)] for y in range(cr)]
    units += [[y * cr + x for y in range(cr)] for x in range(cr)]
    if p.regions is not None:
        units += [[i for i in range(cr * cr) if p.regions[i] == k] for k in range(cr)]
    else:
        which = [(y // c) * c + x // r for y in range(cr) for x in range(cr)]
        units += [[i for i in range(cr * cr) if which[i] == k] for k in range(cr)]
    if p.params.x:
        units += [[i * cr + i for i in range(cr)], [i * cr + cr - 1 - i for i in range(cr)]]
    return units


def test_every_vector_id_reads_and_encodes_back() -> None:
    kinds = set()
    for seed_id, game_id, solve_move, solution in _ids():
        p = solo.parse_game_id(game_id)
        assert p.game_id() == game_id
        params = solo.SoloParams.decode(seed_id.split("#")[0])
        assert params.encode() == p.params.encode()
        kinds.add(params.encode(full=True))
        values = _solution(solution)
        assert "S" + ",".join(map(str, values)) == solve_move
        cr = p.params.size
        assert len(values) == cr * cr
        # The clues are the solution's digits, and the solution obeys every unit.
        assert all(not g or g == v for g, v in zip(p.clues, values, strict=True))
        for unit in _units(p):
            assert sorted(values[i] for i in unit) == list(range(1, cr + 1)), game_id
        if p.params.killer:
            assert p.cages is not None
            assert p.cage_sums is not None
            for k in set(p.cages):
                cells = [i for i in range(cr * cr) if p.cages[i] == k]
                sums = [p.cage_sums[i] for i in cells if p.cage_sums[i]]
                assert sums == [sum(values[i] for i in cells)]
        if solo.cannot_hold(p.params) is None:
            grid = solo.read(game_id)
            assert grid.givens == list(p.clues)
            assert solo.write(grid) == game_id + "\n"
    assert {"3x3", "3x3db", "2x2", "3x4", "3x3xdi", "9jdi", "9j", "3x3kdi"} <= kinds


def test_tdoku_puzzles_convert_to_the_stated_ids() -> None:
    table = rows(("vectors", "sgt", "solo", "tdoku17_as_solo_ids.tsv"))
    assert len(table) == 20
    for _, puzzle, game_id, verdict, message, _, solution in table:
        assert (verdict, message) == ("OK", "-")
        grid = Grid(givens=puzzle.replace(".", "0"))
        assert solo.write(grid) == game_id + "\n"
        assert solo.read(game_id) == grid
        assert all(not g or str(g) == s for g, s in zip(grid.givens, solution, strict=True))


@pytest.mark.parametrize(("game_id", "words"), [
    ("2x2:e2a1_3a1e", "Solo 2x2 is a 4x4 puzzle (boxes 2 wide and 2 tall); the Sudoku "
                      "model holds only 9x9 grids"),
    ("3x3x:" + "i" * 9, "has the X rule (each main diagonal holds every digit)"),
    ("9j:" + "i" * 9 + ",i_" * 8 + "ahab", "jigsaw"),
    ("3x3k:zzzc,__a_aa_a__a_a___aa_________a_____aa____aa___aaa_aaa_c_aaa_aa____a_____a____aa"
     "_____aa______aaa_aaa_aaaa,10_17_7a8_16a10c6b11_8a10a11a13_7a16b6a14b10_5a14_12b11c11b9_"
     "15a9a10a10_13a8a10b11b9a8a19b12_14a4a11d", "killer Sudoku (cages with sums)"),
])
def test_what_the_grid_cannot_hold_is_named(game_id: str, words: str) -> None:
    with pytest.raises(PuzzleFormatError, match=words.replace("(", r"\(").replace(")", r"\)")):
        solo.read(game_id)


@pytest.mark.parametrize(("game_id", "column", "words"), [
    ("3x3:" + "i" * 8, 13, "Not enough data to fill grid"),
    ("3x3:" + "i" * 9 + "a", 5, "Too much data to fit in grid"),
    ("3x3:a10" + "i" * 8 + "g", 6, "Out-of-range number in game description"),
    ("3x3:a0" + "i" * 9, 6, "Invalid character in game description"),
    ("3x3:" + "i" * 9 + ",x", 14, "Unexpected data at end of game description"),
    ("9j:" + "i" * 9, 13, "Expected jigsaw block structure in game description"),
    ("1x3:" + "i", 1, "Both dimensions must be at least 2"),
    ("3x3k#12345", 1, "killer Sudoku (cages with sums)"),  # a 3x3# seed is expanded now
    ("3x3", None, "expected a Solo game ID"),
    ("x3:" + "i" * 9, 1, "expected Solo parameters"),
])
def test_errors_quote_the_game_and_point_at_the_place(game_id: str, column: int | None,
                                                     words: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        solo.read(game_id)
    assert words in str(info.value)
    assert info.value.column == column
    assert info.value.format == "solo"


def test_desc_problem_agrees_with_the_oracle_on_mutations() -> None:
    rng = random.Random(5)
    for _, game_id, _, _ in _ids():
        params_text, desc = game_id.split(":", 1)
        params = solo.SoloParams.decode(params_text)
        oracle_params = sgt_loader._solo_params(params_text)
        for _ in range(30):
            chars = list(desc)
            i = rng.randrange(len(chars))
            chars[i] = rng.choice("abz_,0123456789y")
            bad = "".join(chars)
            ours = solo.desc_problem(params, bad)
            try:
                sgt_loader._solo_desc(oracle_params, bad)
                theirs = None
            except sgt_loader.Refused as exc:
                theirs = str(exc)
            assert (ours is None) == (theirs is None), (game_id, bad, ours, theirs)


def test_params_decode_like_the_game() -> None:
    d = solo.SoloParams.decode
    assert d("3x3") == solo.SoloParams()
    assert d("3") == solo.SoloParams()
    assert d("3x3dh") == solo.SoloParams()  # 'h' is no difficulty: skipped
    assert d("3x3r2dt") == solo.SoloParams()
    assert d("3x3md4du").encode(full=True) == "3x3md4du"
    assert d("3x3jx").encode(full=True) == "9jx"
    assert d("2x3j").c == 6
    assert d("9jam8").encode(full=True) == "9jm8"
    assert d("3x3kx").encode() == "3x3xk"
    assert d("3x3?!db").difficulty == "b"


def test_params_beyond_the_shape_are_kept_in_meta() -> None:
    grid = solo.read("3x3dbm4:" + "i" * 9)
    assert grid.meta == {"solo-params": "3x3m4db"}
    assert solo.write(grid) == "3x3m4db:zzzc\n"
    grid = grid.replace(meta={"solo-params": "2x3"})
    with pytest.raises(ValueError, match="not a 3x3 Solo shape"):
        solo.write(grid)


def test_encoding_details() -> None:
    assert solo.encode_grid([0] * 27 + [5] + [0] * 53) == "za5zza"
    assert solo.encode_grid([1, 2] + [0] * 79) == "1_2zzza"
    assert solo.encode_grid([0] * 80 + [9]) == "zzzb9"
    assert solo.encode_grid([0] * 26 + [1] * 55) == "z1" + "_1" * 54


@given(solo_grids())
def test_givens_round_trip(grid: Grid) -> None:
    text = solo.write(grid)
    back = solo.read(text)
    assert back.givens == grid.givens
    assert back.meta == {k: v for k, v in grid.meta.items() if k == "solo-params"}
    assert solo.write(back) == text


def _mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(chars) + 1)
        chars.insert(i, rng.choice("0123456789abyz_,:#x j\n"))
        if rng.random() < 0.5 and chars:
            del chars[rng.randrange(len(chars))]
    return "".join(chars)


def test_mutated_ids_raise_only_the_library_error() -> None:
    rng = random.Random(7)
    for _, game_id, _, _ in _ids():
        for _ in range(40):
            bad = _mutate(game_id, rng)
            with contextlib.suppress(PuzzleFormatError):
                solo.read(bad)
            solo.sniff(bad)


def test_sniff() -> None:
    good = solo.sniff("3x3:" + "i" * 9)
    assert good is not None
    assert good.score >= 0.9
    assert "Solo game ID" in good.reason
    bare = solo.sniff("3:" + "i" * 9)
    assert bare is not None
    assert bare.score < good.score
    seed = solo.sniff("3x3db#12345")
    assert seed is not None
    assert "random-seed" in seed.reason
    assert solo.sniff("6:aab_aa_11aa_a_3a_3a_ba_a_3a__ab,s2a8a5s3a7m30d2m8s4d2m30d3m40a8s1d3s3") \
        is None  # a Keen ID
    assert solo.sniff("4dn#12345") is None
    assert solo.sniff("9" * 81) is None


def test_docs_page_examples() -> None:
    import doctest
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "docs" / "sgt.md"
    test = doctest.DocTestParser().get_doctest(path.read_text(encoding="utf-8"), {},
                                               "docs/sgt.md", str(path), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.tries > 0
    assert runner.failures == 0
