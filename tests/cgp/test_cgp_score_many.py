"""``score_many`` (the compiled kernel) gives what ``Position.score`` gives one move at a time:
the same scores on every scored vector, the same score or the same error on any generated
move, and ``import puzzlefmt.cgp`` still loads no numpy."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from cgp_vectors import POSITIVE_KINDS, rows, vector_path
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import IllegalMoveError, Move, Position, get_distribution
from puzzlefmt.cgp.scoring import score_many

from helpers import examples
from strategies.cgp import CgpCase, cgp_cases, move_texts


def _scored_vectors() -> list[tuple[Position, list[str], list[int]]]:
    """(position, moves, scores) per position of magpie_scoring.tsv and the wolges
    baseline (the scores stated by the source, re-checked independently)."""
    groups: dict[str, tuple[Position, list[str], list[int]]] = {}
    for line in vector_path("magpie_scoring.tsv").read_text(encoding="utf-8").split("\n"):
        cols = line.split("\t")
        if line.startswith("#") or len(cols) < 5:
            continue
        m = re.search(r"score=(\d+)", cols[4])
        if not m or "english_blank_is_5" in cols[4]:
            continue
        group = groups.setdefault(cols[2], (Position(cols[2]), [], []))
        group[1].append(cols[3])
        group[2].append(int(m.group(1)))
    cases = list(groups.values())
    text = vector_path("wolges_movegen_baseline.txt").read_text(encoding="utf-8")
    for line in text.split("\n"):
        head = re.fullmatch(r"=== Case \d+: rack=(\S*) fen=(\S+) ===", line)
        if head:
            cases.append((Position(f"{head.group(2)} {head.group(1)}/ 0/0 0"), [], []))
            continue
        m = re.fullmatch(r"\s+-?[0-9.]+ (\S+ \S+|Exch\. \S+|Pass) (-?[0-9]+)", line)
        if m:
            cases[-1][1].append(m.group(1))
            cases[-1][2].append(int(m.group(2)))
    return cases


def test_every_scored_vector() -> None:
    moves = 0
    for pos, texts, expected in _scored_vectors():
        got = score_many(pos, texts)
        assert got.dtype.kind == "i"
        assert got.tolist() == expected, pos.cgp()
        assert got.tolist() == [pos.score(t) for t in texts]
        moves += len(texts)
    assert moves > 250


def test_moves_as_objects_and_empty_batches() -> None:
    pos = Position("15/15/15/15/15/15/15/5ION7/15/15/15/15/15/15/15 / 0/4 0")
    assert score_many(pos, []).tolist() == []
    moves = [Move.parse("8E L..."), Move.placement(6, 5, "QI"), Move.exchange("AB"),
             Move.pass_turn(), Move.parse("8E L... +5")]
    assert score_many(pos, moves).tolist() == [pos.score(m) for m in moves] == [4, 26, 0, 0, 9]


def test_the_first_illegal_move_raises_as_score_does() -> None:
    pos = Position("15/15/15/15/15/15/15/5ION7/15/15/15/15/15/15/15 / 0/4 0")
    with pytest.raises(IllegalMoveError) as info:
        score_many(pos, ["8E L...", "1A QI", "8A ZZZ"])
    assert str(info.value) == str(pos.illegal_reason("1A QI", check_rack=False))
    with pytest.raises(PuzzleFormatError, match="expected a coordinate"):
        score_many(pos, ["8E L...", "hello world"])


POSITIONS = [
    *[r.cgp for r in rows("magpie_valid.tsv") if r.kind in POSITIVE_KINDS][:40],
    "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0",
    "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0 bdn wolges_punctured15;",
    "/".join(["21"] * 21) + " / 0/0 0",
]


def _outcome(pos: Position, move: str) -> tuple[str, object]:
    try:
        return "score", pos.score(move)
    except (IllegalMoveError, PuzzleFormatError) as exc:
        return type(exc).__name__, str(exc)


@st.composite
def _near_moves(draw: st.DrawFn, pos: Position) -> str:
    """A placement that starts next to the board's tiles more often than not (so that many
    are legal): one-character tiles, '.', a blank, parentheses, either notation."""
    tiles = list(pos.tiles()) or [(7, 7, "A")]
    r, c, _ = draw(st.sampled_from(tiles))
    vertical = draw(st.booleans())
    r += draw(st.integers(-3, 1))
    c += draw(st.integers(-3, 1))
    letters = st.sampled_from([*"AEIOQSTXZ", "e", "s", "."])
    body = "".join(draw(st.lists(letters, min_size=1, max_size=8)))
    if draw(st.booleans()) and "." not in body:
        k = draw(st.integers(0, len(body) - 1))
        body = body[:k] + "(" + body[k] + ")" + body[k + 1 :]
    row, col = max(r, 0) + 1, max(c, 0)
    letters_col = chr(65 + col % 26) * (1 + col // 26)
    coord = f"{letters_col}{row}" if vertical else f"{row}{letters_col}"
    return coord + draw(st.sampled_from([" ", " ", "."])) + body


@given(st.sampled_from(POSITIONS), st.data())
@examples(300)
def test_any_move_scores_or_fails_as_score_does(cgp: str, data: st.DataObject) -> None:
    pos = Position(cgp)
    dist = get_distribution("english")
    moves = data.draw(st.lists(_near_moves(pos) | move_texts(dist), min_size=1, max_size=6))
    outcomes = [_outcome(pos, m) for m in moves]
    for move, outcome in zip(moves, outcomes, strict=True):
        assert _outcome_many(pos, [move]) == outcome, move
    if all(kind == "score" for kind, _ in outcomes):
        assert score_many(pos, moves).tolist() == [value for _, value in outcomes]


def _outcome_many(pos: Position, moves: list[str]) -> tuple[str, object]:
    try:
        return "score", int(score_many(pos, moves)[0])
    except (IllegalMoveError, PuzzleFormatError) as exc:
        return type(exc).__name__, str(exc)


def test_a_changed_board_is_scored_as_it_is_now() -> None:
    pos = Position("15/15/15/15/15/15/15/5ION7/15/15/15/15/15/15/15 / 0/4 0")
    assert score_many(pos, ["8E L..."]).tolist() == [4]
    board = [list(row) for row in pos.board]
    board[7][5] = "Z"  # 8F: ION becomes ZON
    pos = pos.replace(board=board)
    assert score_many(pos, ["8E L..."]).tolist() == [pos.score("8E L...")] == [13]


def test_import_cgp_loads_no_numpy() -> None:
    code = ("import sys, puzzlefmt.cgp\n"
            "from puzzlefmt.cgp import Position\n"
            "Position().status()\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'numba')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


@st.composite
def _moves_of(draw: st.DrawFn, pos: Position) -> str:
    """A placement of the position's own distribution (tiles of several characters in
    brackets, blanks in lower case), near its tiles."""
    tiles = list(pos.tiles()) or [(pos.rows // 2, pos.cols // 2, "A")]
    r, c, _ = draw(st.sampled_from(tiles))
    r, c = max(0, r + draw(st.integers(-2, 1))), max(0, c + draw(st.integers(-2, 1)))
    letters = pos.distribution.letters
    tile = st.sampled_from(letters) | st.sampled_from(letters).map(str.lower) | st.just(".")
    body = "".join(t if len(t) == 1 else f"[{t}]" for t in draw(st.lists(tile, min_size=1,
                                                                        max_size=5)))
    col = chr(65 + c % 26) * (1 + c // 26)
    return f"{col}{r + 1} {body}" if draw(st.booleans()) else f"{r + 1}{col} {body}"


@given(cgp_cases(max_side=9), st.data())
@examples(200)
def test_every_distribution_scores_as_score_does(case: CgpCase, data: st.DataObject) -> None:
    line = case.text if case.has_ld else f"{case.text} ld {case.distribution};"
    pos = Position(line)
    moves = data.draw(st.lists(_moves_of(pos), min_size=1, max_size=5))
    for move in moves:
        assert _outcome_many(pos, [move]) == _outcome(pos, move), (line, move)
    touched = pos.replace(board=pos.board)  # a board given drops the text: the grid is encoded
    for move in moves:
        assert _outcome_many(touched, [move]) == _outcome(pos, move), (line, move)
