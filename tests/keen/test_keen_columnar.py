"""The quick paths read what the reader reads: ``Puzzle(text)``'s quick read of a plain game
ID and the kernel decoder of :mod:`puzzlefmt.keen.columnar` (same puzzle, or left to the
reader, which refuses), over every Keen vector, hypothesis puzzles and mutated IDs; the block
API solves as ``solve_many`` does; ``puzzlefmt solve`` on a keen-list writes the same bytes
and rejects through the columnar path as through the object path."""

from __future__ import annotations

import functools
import pickle
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.cli import main
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen import Puzzle, solve_many
from puzzlefmt.keen._quickid import decode
from puzzlefmt.keen.columnar import IdArrays, decode_lines, solve_lines
from puzzlefmt.keen.family import read_any
from puzzlefmt.keen.formats.keen_list import parse_record

from helpers import examples, shared_path
from strategies.keen import puzzles, solvable_puzzles

VECTOR_FILES = ["vectors.txt", "vectors-edge.txt", "vectors-rocurley-6du.tsv"]
_ALPHABET = st.sampled_from("_abcyz0123456789,:;dmenhxu#S \t\n\rA\u00e9")


@functools.cache
def _vector_ids() -> list[str]:
    ids = []
    for name in VECTOR_FILES:
        text = shared_path("vectors", "keen", name).read_text(encoding="utf-8")
        for line in text.splitlines():
            if line.strip() and not line.startswith(("#", "game_id")):
                ids.append(line.split("\t")[0])
    return ids


def _outcome(read: Callable[[str], Puzzle], text: str) -> Puzzle | str:
    try:
        got = read(text)
    except PuzzleFormatError as exc:
        return f"{type(exc).__name__}: {exc}"
    assert isinstance(got, Puzzle)
    return got


def _same_reading(text: str) -> None:
    """``Puzzle(text)`` (quick read first) and the reader alone: the same puzzle, cage for
    cage, or the same error."""
    quick = _outcome(Puzzle, text)
    reader = _outcome(read_any, text)
    if isinstance(quick, str) or isinstance(reader, str):
        assert quick == reader, text
        return
    assert quick == reader, text
    assert quick.cage_indices == reader.cage_indices
    assert quick.cages == reader.cages
    assert quick.game_id(on_misread="ignore") == reader.game_id(on_misread="ignore")


def _row_matches(arrays: IdArrays, r: int, puzzle: Puzzle) -> None:
    n = puzzle.size * puzzle.size
    assert arrays.size[r] == puzzle.size
    assert arrays.cages[r] == len(puzzle.cages)
    assert arrays.cell_cage[r, :n].tolist() == list(puzzle.cage_indices)
    assert (arrays.cell_cage[r, n:] == -1).all()
    for g, cage in enumerate(puzzle.cages):
        assert "amsd"[arrays.op[r, g]] == cage.op.value
        assert arrays.target[r, g] == (-1 if cage.target is None else cage.target)
        cells = arrays.ccells[r, arrays.cstart[r, g] : arrays.cstart[r, g + 1]]
        assert cells.tolist() == list(cage.cells)
    assert arrays.difficulty[r] == (-1 if puzzle.difficulty is None else puzzle.difficulty)
    assert bool(arrays.multiplication_only[r]) == puzzle.multiplication_only


def _kernel_agrees(texts: list[str]) -> IdArrays:
    """Every line the kernel takes reads (as a keen-list record) to the puzzle its arrays
    hold; a line the reader refuses is never taken."""
    arrays = decode_lines(texts)
    r = 0
    for text, taken in zip(texts, arrays.ok.tolist(), strict=True):
        reading = _outcome(Puzzle.from_game_id, text)
        if not taken:
            continue
        assert not isinstance(reading, str), f"taken, but the reader refuses {text!r}"
        _row_matches(arrays, r, reading)
        r += 1
    assert r == len(arrays.size)
    return arrays


def _mutate(data: st.DataObject, text: str) -> str:
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, max(len(chars) - 1, 0)))
        action = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        ch = data.draw(_ALPHABET)
        if action == "insert" or not chars:
            chars.insert(i, ch)
        elif action == "delete":
            del chars[i]
        else:
            chars[i] = ch
    return "".join(chars)


# ---------------------------------------------------------------------- the quick read


def test_vectors_read_the_same() -> None:
    ids = _vector_ids()
    assert len(ids) > 1000
    taken = 0
    for text in ids:
        _same_reading(text)
        taken += decode(text) is not None
    assert taken > 1000  # the real IDs all take the quick read


def test_cages_are_built_on_first_use() -> None:
    text = "3:a_a3_a_,a3m6m3s1"
    p = Puzzle(text)
    assert p == Puzzle.from_game_id(text)  # equality builds the cages
    q = Puzzle(text)
    assert pickle.loads(pickle.dumps(q)) == p  # so does pickling
    r = Puzzle(text)
    assert r.cage_of(4).clue() == "m6"
    assert r.cage_indices == p.cage_indices
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        r.nothing  # type: ignore[attr-defined]  # noqa: B018 - the access is the test


def test_quick_read_keeps_options() -> None:
    p = Puzzle("3dhm:a_a3_a_,a3m6m3s1", solution="S213321132")
    assert p.solution == (2, 1, 3, 3, 2, 1, 1, 3, 2)
    assert p.params() == "3dhm"
    assert p.game_id() == "3dhm:a_a3_a_,a3m6m3s1"
    with pytest.raises(ValueError, match="needs 9 values"):
        Puzzle("3:a_a3_a_,a3m6m3s1", solution="1234")


@pytest.mark.parametrize("text", [
    "3:a_a3_a_,a3m6m3",  # one clue short: the reader's message
    "3:a_a3_a_,a3m6m3s1a",  # one too many
    "3:a_a3_a_,a3m6s3s1",  # s on a 3-cell cage
    "3:a_a3_a_,a3m6m3x1",  # unknown op
    "3:a_a4_a_,a3m6m3s1",  # too many positions
    "3:a_a2_a_,a3m6m3s1",  # too few
    "3:a_a3_a_",  # no comma
    "03:a_a3_a_,a3m6m3s1",  # a leading zero: the reader takes it
    "3:a_a03_a_,a3m6m3s1",  # so for a count
    "3:a_a3_a_,a03m6m3s1",  # and a target
    "3:_13,aaaaaaaaa",  # clues without digits
    "2:z,a1",  # a 'z' run to the end: refused
    "10:_181," + "a1" * 100,  # a size past 9: the reader's
    "3:a_a3_a_,a3m6m3s1 ",  # a blank after: the reader's
    "3:a_a3_a_,a3m6m3s1 S213321132",  # a solution after
    "3#seed",
])
def test_odd_ids_read_the_same(text: str) -> None:
    _same_reading(text)


@given(puzzles(max_size=9, with_solution=False))
@examples(200)
def test_hypothesis_ids_read_the_same(p: Puzzle) -> None:
    text = p.game_id(on_misread="ignore")
    _same_reading(text)
    assert decode(text) is not None  # every ID the writer writes takes the quick read


@given(data=st.data())
@examples(300)
def test_mutated_ids_read_the_same(data: st.DataObject) -> None:
    p = data.draw(puzzles(max_size=7, with_solution=False))
    _same_reading(_mutate(data, p.game_id(on_misread="ignore")))


@given(data=st.data())
@examples(300)
def test_mutated_vectors_read_the_same(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(_vector_ids()))
    _same_reading(_mutate(data, text))


# ---------------------------------------------------------------------- the kernel decoder


def test_kernel_decodes_the_vectors() -> None:
    ids = _vector_ids()
    arrays = _kernel_agrees(ids)
    assert arrays.ok.sum() > 1000


@given(data=st.data())
@examples(100)
def test_kernel_decodes_hypothesis_and_mutated_ids(data: st.DataObject) -> None:
    texts = []
    for _ in range(data.draw(st.integers(1, 6))):
        p = data.draw(puzzles(max_size=9, with_solution=False))
        text = p.game_id(on_misread="ignore")
        texts.append(_mutate(data, text) if data.draw(st.booleans()) else text)
    _kernel_agrees(texts)


def test_kernel_leaves_what_it_cannot_take() -> None:
    texts = ["3:a_a3_a_,a3m6m3s1", "", "3:a_a3_a_,a3m6m3s1 S213321132", "5de#8466",
             "3:a_a3_a_,a3m6m3", "3:_13,a" + "1" * 19 + "a2a3a2a3a1a3a1a2",
             "3:a_a3_a_,a3m6m3s1\u00e9", "3dhm:a_a3_a_,a3m6m3s1"]
    arrays = _kernel_agrees(texts)
    assert arrays.ok.tolist() == [True, False, False, False, False, False, False, True]
    assert arrays.difficulty.tolist() == [-1, 2]
    assert arrays.multiplication_only.tolist() == [False, True]
    empty = decode_lines([])
    assert empty.ok.shape == (0,)
    assert empty.size.shape == (0,)


# ---------------------------------------------------------------------- the block solver


def _solves_as_solve_many(texts: list[str], limit: int) -> None:
    got = solve_lines(texts, limit)
    taken = [t for t, ok in zip(texts, got.ok.tolist(), strict=True) if ok]
    results = solve_many([Puzzle.from_game_id(t) for t in taken], limit)
    for r, res in enumerate(results):
        count = int(got.count[r])
        if count < 0:  # left to the object path (past its first slice)
            continue
        assert count == res.count
        n = int(got.size[r]) ** 2
        for k, sol in enumerate(res.solutions[:2]):
            assert got.solutions[r, k, :n].tolist() == list(sol.solution or ())


def test_block_solves_the_vectors() -> None:
    ids = _vector_ids()
    _solves_as_solve_many(ids, 2)
    _solves_as_solve_many(ids[:60], 3)


@given(st.lists(solvable_puzzles(max_size=6), min_size=1, max_size=5))
@examples(60)
def test_block_solves_hypothesis_puzzles(ps: list[Puzzle]) -> None:
    _solves_as_solve_many([p.game_id(on_misread="ignore") for p in ps], 2)


def test_solve_lines_limit() -> None:
    with pytest.raises(ValueError, match="limit"):
        solve_lines(["3:a_a3_a_,a3m6m3s1"], 0)
    got = solve_lines(["3:f_6,a6a6a6", "3:a_a3_a_,a3m6m3s1"], 5)
    assert got.count.tolist() == [5, 1]
    assert got.solutions.shape == (2, 2, 81)


# ---------------------------------------------------------------------- the command line


def _keen_list(tmp_path: Path) -> Path:
    ids = _vector_ids()
    lines = ["# Keen IDs, good and bad", *ids[:40], "", "3:a_a3_a_,a3m6m3",
             "3:a_a3_a_,a3m6m3s1 S213321132", "  3:a_a3_a_,a3m6m3s1  ", "5de#846699649745236",
             "3:_13,aaaaaaaaa", "3:f_6,a6a6a6", "10:_181," + "a1" * 100, "3:a_a3_a_,x",
             "2:__b,a3a3", "# the real ones", *ids[40:]]
    path = tmp_path / "ids.keens"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _run(args: list[str], out: Path, rejects: Path) -> tuple[int, bytes, bytes]:
    code = main([*args, "-o", str(out), "--rejects", str(rejects), "-q", "--no-progress"])
    return code, out.read_bytes(), rejects.read_bytes()


@pytest.mark.parametrize("command", [["solve"], ["solve", "--count"],
                                     ["solve", "--limit", "3"]],
                         ids=["solve", "count", "limit 3"])
def test_cli_columnar_equals_object_path(command: list[str], tmp_path: Path) -> None:
    path = _keen_list(tmp_path)
    args = [*command, str(path), "--from", "keen-list"]
    fast = _run(args, tmp_path / "fast", tmp_path / "fast.rej")
    slow = _run([*args, "--object-path"], tmp_path / "slow", tmp_path / "slow.rej")
    assert fast == slow
    # Exactly the records the reader refuses are rejected, with their numbers; every record
    # has its output line.
    records = [ln for ln in path.read_text(encoding="utf-8").splitlines()
               if ln.strip() and not ln.startswith("#")]
    refused = [k for k, ln in enumerate(records, 1)
               if isinstance(_outcome(parse_record, ln), str)]
    assert 41 in refused
    assert 48 in refused
    rows = [ln.split("\t") for ln in fast[2].decode().splitlines()]  # file, record, line, why
    assert {row[0] for row in rows} == {str(path)}
    numbers = [int(row[1]) for row in rows]
    assert numbers == refused
    assert len(fast[1].splitlines()) == len(records)


def test_block_api_arrays_are_numpy() -> None:
    arrays = decode_lines(["3:a_a3_a_,a3m6m3s1"])
    assert isinstance(arrays.cell_cage, np.ndarray)
    assert arrays.cell_cage.dtype == np.int8
    assert arrays.target.dtype == np.int64


def test_cli_jobs_two_equal_jobs_one(tmp_path: Path) -> None:
    path = _keen_list(tmp_path)
    args = ["solve", str(path), "--from", "keen-list"]
    one = _run(args, tmp_path / "one", tmp_path / "one.rej")
    two = _run([*args, "--jobs", "2"], tmp_path / "two", tmp_path / "two.rej")
    assert one == two
