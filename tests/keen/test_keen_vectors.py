"""Every game ID of ../shared/vectors/keen/: parses, re-encodes, solves, grades, or fails with
the real program's message."""

from __future__ import annotations

import functools
import warnings

import pytest

from puzzlefmt import PuzzleFormatError
from puzzlefmt.keen import (
    Difficulty,
    KeenWarning,
    Puzzle,
    upstream_desc_error,
    upstream_verdict,
    validate,
)

from helpers import shared_path


def _rows(name: str) -> list[list[str]]:
    path = shared_path("vectors", "keen", name)
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith(("#", "game_id")):
            continue
        rows.append(line.split("\t"))
    return rows


@functools.cache
def _six() -> list[list[str]]:
    rows = _rows("vectors-rocurley-6du.tsv")
    assert len(rows) == 1000
    return rows


# -------------------------------------------------------------------- vectors.txt


def test_vectors_txt() -> None:
    from puzzlefmt.keen import grade_many, solve_many

    rows = _rows("vectors.txt")
    assert len(rows) == 22
    puzzles = [Puzzle(r[0]) for r in rows]
    for p, r in zip(puzzles, rows, strict=True):
        assert p.game_id() == r[0]
        assert p.desc() == r[0].split(":", 1)[1]
        assert p.check_solution([int(ch) for ch in r[1]]) == []
        assert validate(r[0], strict=True) == p
    results = solve_many(puzzles)
    for res, r in zip(results, rows, strict=True):
        assert res.status == "unique", r[0]
        assert res.solution is not None
        assert "".join(map(str, res.solution.solution or ())) == r[1]
    grades = grade_many(puzzles)
    assert [g.title if g is not None else "ambiguous" for g in grades] == [r[2] for r in rows]


def test_vectors_txt_seed_ids() -> None:
    seeds = [r[3] for r in _rows("vectors.txt") if r[3] != "-"]
    assert seeds == ["5de#846699649745236", "9dn#388677227852840"]
    for text in seeds:
        p = Puzzle(text)
        assert p.is_seed
        assert p.cages  # expanded as the game does (tests/keen/test_keen_seed.py checks how)
        assert p.game_id() == text
        assert p.seed == text.split("#")[1]
        assert upstream_verdict(text) is None


# -------------------------------------------------------------------- the 1,000 6x6


def test_rocurley_parse_and_reencode() -> None:
    for gid, _, _ in _six():
        p = Puzzle(gid)
        assert p.size == 6
        assert p.game_id() == gid
        assert Puzzle(p.desc()) == p  # a bare description: the size follows from it


def test_rocurley_solve() -> None:
    from puzzlefmt.keen import solve_many

    rows = _six()
    results = solve_many([Puzzle(r[0]) for r in rows])
    wrong = [r[0] for r, res in zip(rows, results, strict=True)
             if res.solution is None
             or "".join(map(str, res.solution.solution or ())) != r[1]]
    assert wrong == []


def test_rocurley_grades() -> None:
    """At least 95% agreement with the listed grades is the bar; every disagreement is
    listed in the failure message."""
    from puzzlefmt.keen import grade_many

    rows = _six()
    grades = grade_many([Puzzle(r[0]) for r in rows])
    listed = [r[2] for r in rows]
    assert set(listed) == {"Unreasonable"}
    disagree = [(r[0], g) for r, g in zip(rows, grades, strict=True)
                if (g.title if g is not None else "ambiguous") != r[2]]
    assert len(disagree) <= len(rows) * 0.05, disagree
    assert disagree == []  # what we measured: every one agrees


# -------------------------------------------------------------------- edge cases


@functools.cache
def _edge() -> list[list[str]]:
    return _rows("vectors-edge.txt")


def _edge_ids(verdict: str) -> list[list[str]]:
    return [r for r in _edge() if r[1] == verdict]


def test_edge_file_shape() -> None:
    assert len(_edge_ids("VALID")) == 11
    assert len(_edge_ids("INVALID")) == 17


@pytest.mark.parametrize("row", range(28))
def test_edge_upstream_verdict(row: int) -> None:
    gid, verdict, result = _edge()[row][:3]
    expected = None if verdict == "VALID" else result
    assert upstream_verdict(gid, check_params=False) == expected
    w = int(gid.split(":")[0])
    assert upstream_desc_error(gid.split(":", 1)[1], w) == expected


def test_edge_valid() -> None:
    from puzzlefmt.keen import grade, solve

    for gid, _, result, solution, _note in _edge_ids("VALID"):
        p = Puzzle(gid)
        assert Puzzle(p.game_id()) == p  # re-encoded (canonically: _0_12 is _13)
        res = solve(p)
        if result == "ambiguous":
            assert res.status in ("none", "multiple"), gid
            assert grade(p) is None
        else:
            assert res.status == "unique"
            assert res.solution is not None
            assert "".join(map(str, res.solution.solution or ())) == solution
            assert grade(p) == Difficulty.from_name(result)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", KeenWarning)
            assert validate(gid, check_params=False) == p


def test_edge_canonical_reencoding() -> None:
    for gid in ("3:_0_12,a1a2a3a2a3a1a3a1a2", "3:_1_12,a1a2a3a2a3a1a3a1a2"):
        assert Puzzle(gid).game_id() == "3:_13,a1a2a3a2a3a1a3a1a2"
    gid = "3:_13,aaaaaaaaa"
    assert Puzzle(gid).game_id() == gid  # empty targets are kept as written
    assert all(c.target is None for c in Puzzle(gid).cages)


def test_edge_small_sizes_refused_by_params() -> None:
    """keensolver skips the size check; the real game refuses sizes below 3."""
    for gid, *_ in _edge_ids("VALID"):
        if gid.startswith("2:"):
            assert upstream_verdict(gid) == "Grid size must be between 3 and 9"
            with pytest.raises(PuzzleFormatError, match="Grid size must be between 3 and 9"):
                validate(gid)
            assert [p.code for p in Puzzle(gid).problems()][:1] == ["size"]


def test_edge_invalid_messages() -> None:
    """Every invalid ID fails in the reader, in validate() and in the real program's reading
    (runs="upstream"), each time with the real program's exact message in ours."""
    for gid, _, message, *_ in _edge_ids("INVALID"):
        misread = gid.startswith(("9:y", "9:z"))
        if not misread:
            with pytest.raises(PuzzleFormatError) as info:
                Puzzle(gid)
            assert f'(Keen: "{message}")' in str(info.value), gid
            assert info.value.column is not None
            assert info.value.line == 1
        with pytest.raises(PuzzleFormatError) as info:
            Puzzle(gid, runs="upstream")
        assert message in str(info.value), gid
        with pytest.raises(PuzzleFormatError) as info:
            validate(gid, check_params=False)
        assert message in str(info.value), gid


def test_edge_misread_runs() -> None:
    """The documented meaning reads the y/z vectors; problems() says the real program
    refuses them, quoting its message."""
    for gid, _, message, *_ in _edge_ids("INVALID"):
        if not gid.startswith(("9:y", "9:z")):
            continue
        p = Puzzle(gid)
        assert p.game_id(on_misread="ignore") == gid
        found = {pr.code: pr for pr in p.problems()}
        assert "misread-run" in found
        assert message in found["misread-run"].message
