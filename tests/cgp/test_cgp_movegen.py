"""Move generation: every legal move with its score and equity, equal to MAGPIE's dump."""

from __future__ import annotations

import gzip
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import settings

import puzzlefmt
from puzzlefmt.cgp import Position
from puzzlefmt.cgp._kernels import movegen as kern
from puzzlefmt.cgp.lexicon import Leaves, Lexicon
from puzzlefmt.cgp.movegen import LexiconMismatchError, MoveList, generate

from helpers import FULL_EXAMPLES, shared_path

EMPTY = "15/" * 14 + "15"
FULL = settings.default.max_examples >= FULL_EXAMPLES
# the fast profile checks every 6th position (and the first ones), the full one all 328
SAMPLE = 1 if FULL else 6


def _positions() -> dict[int, str]:
    out: dict[int, str] = {}
    with shared_path("vectors", "movegen", "positions.txt").open(encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                fields = line.rstrip("\n").split("\t")
                out[int(fields[0])] = fields[1]
    return out


def _dump() -> tuple[dict[int, dict[str, tuple[str, int, int]]], dict[int, tuple[str, int, int]]]:
    moves: dict[int, dict[str, tuple[str, int, int]]] = {}
    best: dict[int, tuple[str, int, int]] = {}
    current = -1
    path = shared_path("vectors", "movegen", "dump-web2.txt.gz")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "#":
                current = int(fields[1])
                moves[current] = {}
            elif fields[0] == "BEST":
                best[current] = (fields[1], int(fields[2]), int(fields[3]))
            else:
                moves[current][fields[0]] = (fields[1], int(fields[2]), int(fields[3]))
    return moves, best


@pytest.fixture(scope="session")
def web2() -> Lexicon:
    path = shared_path("vectors", "movegen", "words-web2.txt.gz")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return Lexicon.build(f.read().split(), name="NWLWEB2")


@pytest.fixture(scope="session")
def synthetic() -> Leaves:
    return Leaves.load(shared_path("vectors", "movegen", "leaves-synthetic.klv2"))


@pytest.fixture(scope="session")
def magpie() -> tuple[dict[int, str], dict[int, dict[str, tuple[str, int, int]]],
                      dict[int, tuple[str, int, int]]]:
    moves, best = _dump()
    return _positions(), moves, best


def _as_dump(found: MoveList) -> dict[str, tuple[str, int, int]]:
    return {found.ucgi(i): ("".join(found.leave_tiles(i)), int(found.score[i]) * 1000,
                            int(found.equity[i])) for i in range(len(found))}


@pytest.mark.parametrize("index", range(0, 328, SAMPLE))
def test_moves_equal_magpies_dump(index: int, web2: Lexicon, synthetic: Leaves,
                                  magpie: tuple) -> None:
    positions, moves, best = magpie
    position = Position(positions[index])
    found = generate(position, web2, synthetic)
    assert _as_dump(found) == moves[index]
    top = found.best(1)[0]
    assert (top.ucgi, top.score * 1000, top.equity) == best[index]
    only = generate(position, web2, synthetic, best_only=True).best(1)[0]
    assert (only.ucgi, only.score, only.equity) == (top.ucgi, top.score, top.equity)


def test_generated_moves_are_legal_and_scored_as_position_scores(web2: Lexicon,
                                                                  magpie: tuple) -> None:
    positions = magpie[0]
    for index in (3, 77, 150, 290):
        position = Position(positions[index])
        found = generate(position, web2)
        for i in range(0, len(found), max(1, len(found) // 40)):
            m = found[i]
            if m.move.is_placement:
                assert position.is_legal(m.move, web2)
                assert position.score(m.move) == m.score
                assert all(w in web2 for w in position.words_formed(m.move))


def _tiny() -> Lexicon:
    return Lexicon.build(["QI", "QIS", "IS", "SI", "IT", "TI", "AT", "TA", "AA"], name="TINY")


def test_opening_vowel_penalty_and_across_only() -> None:
    found = generate(Position(f"{EMPTY} IQS/ 0/0 0"), _tiny())
    plays = {found.ucgi(i): int(found.equity[i]) for i in range(len(found))}
    assert plays["8g QIS"] == 24000  # I on H: no penalty
    assert plays["8f QIS"] == 24000 - 700  # I on G, next to two double letters
    assert not any(m[0].isalpha() and m != "pass" for m in plays if m[:2] != "ex")
    assert "pass" in plays


def test_one_tile_play_is_listed_once_across_when_it_has_a_neighbour() -> None:
    board = "15/15/15/15/15/15/15/7Q7/15/15/15/15/15/15/15"
    found = generate(Position(f"{board} I/ 0/0 0"), _tiny())
    names = [found.ucgi(i) for i in range(len(found))]
    assert names.count("8h QI") == 1
    assert "h8 QI" in names  # the I below Q: a down word, no neighbour across
    both = "15/15/15/15/15/15/15/7QI6/7T7/15/15/15/15/15/15"
    found = generate(Position(f"{both} A/ 0/0 0"), _tiny())
    names = [found.ucgi(i) for i in range(len(found))]
    assert "9g AT" in names
    assert "g9 A" not in names


def test_each_blank_designation_is_a_move() -> None:
    board = "15/15/15/15/15/15/15/7Q7/15/15/15/15/15/15/15"
    found = generate(Position(f"{board} ?/ 0/0 0"), _tiny())
    names = {found.ucgi(i) for i in range(len(found))}
    assert {"8h Qi", "h8 Qi"} <= names


def test_exchanges_follow_the_bag_and_the_endgame_equity() -> None:
    lex = _tiny()
    found = generate(Position(f"{EMPTY} AAI/ 0/0 0"), lex)
    exchanges = sorted(found.ucgi(i) for i in range(len(found)) if found.kind[i] == 1)
    assert exchanges == ["ex A", "ex AA", "ex AAI", "ex AI", "ex I"]
    # 100 - 3 tiles unseen: exchanges; with 13 unseen by the mover and none known on the
    # opponent's rack, none (MAGPIE's rule: unseen >= rack size + exchange limit)
    crowded = Position(f"{EMPTY} AAI/ 0/0 0").replace(exchange_limit=95)
    assert not any(k == 1 for k in generate(crowded, lex).kind.tolist())
    # the bag empty (the dump's 25 endgames check it on positions): going out gains twice
    # the opponent's rack (3 points), keeping tiles costs twice theirs and 10 points
    rack = np.zeros(64, dtype=np.int32)
    rack[17] = 1  # Q
    rack[9] = 1  # I
    score_of = np.zeros(64, dtype=np.int32)
    score_of[17], score_of[9] = 10, 1
    table = kern.leave_table(rack, 26, np.zeros(2, np.uint32), np.zeros(2, np.int64),
                             np.zeros(2, np.int64), 2, 3, score_of, 0)
    # numbering: I (code 9) first, then Q: [{}, {I}, {Q}, {I,Q}]
    assert table.tolist() == [6000, -12000, -30000, -32000]


def test_a_position_of_another_lexicon_is_refused() -> None:
    position = Position(f"{EMPTY} IQS/ 0/0 0 lex CSW21;")
    with pytest.raises(LexiconMismatchError, match="CSW21"):
        generate(position, _tiny())
    catalan = Lexicon.build(["TI"], "catalan", name="TINY")
    with pytest.raises(LexiconMismatchError, match="distribution"):
        generate(Position(f"{EMPTY} IQS/ 0/0 0"), catalan)


def test_engine_and_model_method(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "TINY.kwg"  # type: ignore[operator]
    _tiny().save(path)
    position = Position(f"{EMPTY} IQS/ 0/0 0")
    best = position.moves(lexicon=str(path), top=2)
    assert [m.ucgi for m in best] == ["8g QIS", "8f QIS"]
    assert puzzlefmt.run("moves", position, lexicon=str(path))[0].score == 24
    assert [m.ucgi for m in position.best_moves(path, 2)] == ["8g QIS", "8f QIS"]
    assert len(list(position.generate_moves(path))) == len(position.generate_moves(path))


def test_is_legal_with_a_lexicon_and_the_words_formed() -> None:
    lex = _tiny()
    board = "15/15/15/15/15/15/15/7QI6/15/15/15/15/15/15/15"
    position = Position(f"{board} STA/ 0/0 0")
    assert position.words_formed("8H ..S") == ["QIS"]
    assert position.is_legal("8H ..S", lex)
    assert not position.is_legal("9H TA", lex)  # QT is a phony
    assert position.words_formed("-") == []


def test_importing_the_family_does_not_load_the_move_generator() -> None:
    code = ("import sys, puzzlefmt.cgp, puzzlefmt.cgp.family; "
            "print(sorted(m for m in ('puzzlefmt.cgp.movegen', 'puzzlefmt.cgp.lexicon', "
            "'numpy', 'numba') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
