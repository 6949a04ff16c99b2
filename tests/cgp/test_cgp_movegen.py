"""Move generation: every legal move with its score and equity, equal to MAGPIE's dump."""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import settings

import puzzlefmt
from puzzlefmt.cgp import Position
from puzzlefmt.cgp._kernels import movegen as kern
from puzzlefmt.cgp.lexicon import Leaves, Lexicon
from puzzlefmt.cgp.movegen import LexiconMismatchError, MoveList, _anchor_bounds, generate
from puzzlefmt.cgp.svg import draw, with_move
from puzzlefmt.cli import main

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


def _found_from(found: MoveList, i: int, anchors: np.ndarray) -> tuple[int, int, int]:
    """The anchor the walk finds placement ``i`` from: its first square that is an anchor
    (the last tile of a run of tiles, or an empty square with a tile across only: the walk
    goes left from an anchor and stops before the one before it)."""
    o = int(found.vertical[i])
    r0, c0 = int(found.row[i]), int(found.col[i])
    for k in range(int(found.length[i])):
        r, c = (r0 + k, c0) if o else (r0, c0 + k)
        if anchors[o, r, c] == 1:
            return o, r, c
    raise AssertionError(f"no anchor under {found.ucgi(i)}")


def _nonzero(a: np.ndarray) -> set[tuple[int, int]]:
    return {(int(r), int(c)) for r, c in zip(*np.nonzero(a), strict=True)}


def test_anchors_are_each_runs_last_tile_and_the_empty_squares_with_a_tile_across_only(
        ) -> None:
    # QI on 8G-8H: across, the I (the run's last tile) and the four squares above and below
    # the run; down, each tile (a run of one in its column) and the squares left and right
    # of the run (F8, I8). The squares beside the run in its own lane are no anchors: a
    # play through them goes through the run and is walked from its last tile.
    lex = Lexicon.build(["QI", "QIS", "IS", "SI"])
    rows = ["15"] * 15
    rows[7] = "6QI7"
    position = Position("/".join(rows) + " IQS/ 0/0 0")
    anchors, _ = _anchor_bounds(position, lex)
    assert _nonzero(anchors[0]) == {(7, 7), (6, 6), (6, 7), (8, 6), (8, 7)}
    assert _nonzero(anchors[1]) == {(7, 6), (7, 7), (7, 5), (7, 8)}
    assert anchors[0, 7, 7] == anchors[1, 7, 6] == 1
    # the hook S after the run: found from the run's last tile, across
    assert "8g QIS" in {m.ucgi for m in generate(position, lex)}


def test_an_empty_square_before_a_run_of_tiles_takes_only_letters_that_go_before_it(
        ) -> None:
    # QI on 8E-8F, the rack a Z: Z goes before QI only in the second lexicon, so only
    # there may a play from the run's anchor (the I) cover D8, a double letter, and only
    # there does the anchor's bound count it (in both, G8 may take the Z: 21 points)
    rows = ["15"] * 15
    rows[7] = "4QI9"
    position = Position("/".join(rows) + " Z/ 0/0 0")
    without, with_z = Lexicon.build(["QI", "QIZ"]), Lexicon.build(["QI", "QIZ", "ZQI"])
    _, low = _anchor_bounds(position, without)
    _, high = _anchor_bounds(position, with_z)
    assert low[0, 7, 5] < high[0, 7, 5]
    assert "8d ZQI" in {m.ucgi for m in generate(position, with_z)}
    assert not any(m.ucgi.startswith("8d") for m in generate(position, without))


@pytest.mark.parametrize("index", range(0, 328, 2 * SAMPLE))
def test_each_anchor_bound_is_at_least_every_play_found_from_it(
        index: int, web2: Lexicon, synthetic: Leaves, magpie: tuple) -> None:
    position = Position(magpie[0][index])
    for leaves in (synthetic, None):
        found = generate(position, web2, leaves)
        anchors, bounds = _anchor_bounds(position, web2, leaves)
        for i in np.flatnonzero(found.kind == kern.KIND_PLACE).tolist():
            where = _found_from(found, i, anchors)
            assert int(found.equity[i]) <= int(bounds[where]), (found.ucgi(i), where)


def test_best_only_finds_every_move_of_the_best_equity_walking_fewer_anchors(
        web2: Lexicon, synthetic: Leaves, magpie: tuple) -> None:
    walked = anchors = 0
    for index in range(0, 328, 3 * SAMPLE):
        position = Position(magpie[0][index])
        full = generate(position, web2, synthetic)
        top = int(full.equity[full.kind != kern.KIND_PASS].max(initial=-(1 << 62)))
        only = generate(position, web2, synthetic, best_only=True)
        # (the pass, equity 0, is listed in best_only only when there is nothing else)
        assert {full.ucgi(i) for i in range(len(full))
                if full.equity[i] == top and full.kind[i] != kern.KIND_PASS} == {
            only.ucgi(i) for i in range(len(only))}
        assert full.anchors[0] == full.anchors[1]
        assert only.anchors[1] == full.anchors[1]
        walked += only.anchors[0]
        anchors += only.anchors[1]
    # the bounds leave most anchors unwalked
    assert walked < anchors / 2


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


# ---------------------------------------------------------------- positions never seen
# An independent oracle: every span of every line, every word of a small lexicon that fits
# it, every way the rack supplies its empty squares (a blank for any of them), checked and
# scored by Position.evaluate (the scoring MAGPIE's dump agrees with), on positions made by
# random plays. The generator must give exactly these placements.

SMALL = ["AE", "AI", "AR", "AS", "AT", "EA", "ER", "ES", "ET", "IS", "IT", "RE", "SI",
         "TA", "TE", "TI", "ARE", "ART", "ATE", "EAR", "EAT", "ERA", "ETA", "IRE", "ITS",
         "RAT", "SAT", "SEA", "SET", "SIR", "SIT", "TAR", "TEA", "TIE", "RATE", "REST",
         "SEAT", "STAR", "TEAR", "TIER", "SITE", "TIES", "RATS", "ARTS", "EATS", "STIR"]


def _oracle(position: Position, lexicon: Lexicon) -> dict[str, int]:
    rows, cols = position.rows, position.cols
    grid = position._grid()
    rack = list(position.racks[0])
    empty = all(sq is None for row in grid for sq in row)
    words_by_length: dict[int, list[str]] = {}
    for w in lexicon.words():
        words_by_length.setdefault(len(w), []).append(w)
    found: dict[str, int] = {}
    for vertical in (False, True):
        if empty and vertical:
            continue
        for line in range(cols if vertical else rows):
            length_of_line = rows if vertical else cols
            for start in range(length_of_line):
                for end in range(start + 1, length_of_line):
                    def at(i: int, line: int = line, vertical: bool = vertical) -> str | None:
                        return grid[i][line] if vertical else grid[line][i]
                    if start > 0 and at(start - 1) is not None:
                        continue
                    if end < length_of_line - 1 and at(end + 1) is not None:
                        continue
                    span = [at(i) for i in range(start, end + 1)]
                    holes = [k for k, sq in enumerate(span) if sq is None]
                    if not holes or len(holes) > len(rack):
                        continue
                    for word in words_by_length.get(len(span), []):
                        if any(sq is not None and sq.upper() != word[k]
                               for k, sq in enumerate(span)):
                            continue
                        for tiles in _supplies([word[k] for k in holes], rack):
                            placed = dict(zip(holes, tiles, strict=True))
                            move = "".join(placed.get(k, ".") for k in range(len(span)))
                            r, c = (start, line) if vertical else (line, start)
                            text = (f"{chr(65 + c)}{r + 1} {move}" if vertical
                                    else f"{r + 1}{chr(65 + c)} {move}")
                            try:
                                play = position.evaluate(text, words=lexicon)
                            except ValueError:
                                continue
                            if vertical and len(holes) == 1:
                                rr, cc = r + holes[0], c
                                if ((cc > 0 and grid[rr][cc - 1] is not None)
                                        or (cc < cols - 1 and grid[rr][cc + 1] is not None)):
                                    continue  # listed across
                            shown = "".join(placed.get(k, span[k] or "") for k in range(len(span)))
                            col = chr(97 + c)
                            key = f"{col}{r + 1} {shown}" if vertical else f"{r + 1}{col} {shown}"
                            found[key] = play.score
    return found


def _supplies(letters: list[str], rack: list[str]) -> list[tuple[str, ...]]:
    """Every way the rack gives these letters: the tile itself, or a blank (lower case)."""
    out: list[tuple[str, ...]] = []

    def go(k: int, left: list[str], chosen: list[str]) -> None:
        if k == len(letters):
            out.append(tuple(chosen))
            return
        letter = letters[k]
        if letter in left:
            left.remove(letter)
            go(k + 1, left, [*chosen, letter])
            left.append(letter)
        if "?" in left:
            left.remove("?")
            go(k + 1, left, [*chosen, letter.lower()])
            left.append("?")

    go(0, list(rack), [])
    return out


@pytest.mark.parametrize("seed", range(12 if FULL else 4))
def test_unseen_positions_equal_an_independent_oracle(seed: int) -> None:
    rng = np.random.default_rng(seed)
    lexicon = Lexicon.build(SMALL, name="SMALL")
    position = Position(f"{EMPTY} AERST/ 0/0 0")
    for _ply in range(int(rng.integers(2, 9))):
        ply_rack = [str(t) for t in rng.choice(list("AEIRST"), size=5)]
        position = position.replace(racks=[ply_rack, []])
        found = generate(position, lexicon)
        plays = [i for i in range(len(found)) if found.kind[i] == 0]
        if not plays:
            continue
        position = position.play(found[int(plays[int(rng.integers(len(plays)))])].move,
                                 check_rack=False)
    letters = list("AAEEIRSTT??")
    rack = [str(t) for t in rng.choice(letters, size=int(rng.integers(1, 5)), replace=False)]
    position = position.replace(racks=[rack, []])
    found = generate(position, lexicon)
    ours = {found.ucgi(i): int(found.score[i]) for i in range(len(found)) if found.kind[i] == 0}
    assert ours == _oracle(position, lexicon)


def test_the_picture_draws_a_move_on_the_board(tmp_path: Path) -> None:
    position = Position(f"{EMPTY} IQS/ 0/0 0")
    best = generate(position, _tiny()).best(1)[0]
    drawn = with_move(position, best.move)
    assert drawn.last_move_squares() == [(7, 6), (7, 7), (7, 8)]
    assert drawn.racks == position.racks
    assert str(draw(position, move=str(best.move))) == str(draw(drawn))
    assert str(draw(position)) != str(draw(drawn))
    source = tmp_path / "p.cgp"
    source.write_text(f"{EMPTY} IQS/ 0/0 0\n", encoding="utf-8")
    out = tmp_path / "p.svg"
    assert main(["render", str(source), "-o", str(out), "--move", "8G QIS"]) == 0
    assert out.read_text(encoding="utf-8").strip() == str(draw(drawn)).strip()
    assert main(["render", str(source), "-o", str(out), "--move", "8A QIS"]) == 2


def test_the_walk_compiles_without_double_conversions() -> None:
    """The walk compares tiles (unsigned, from the KWG's nodes) as integers of one sign: a
    comparison of a signed with an unsigned integer is made through doubles by numba
    (``cvtsi2sd``, ``ucomisd``), a cost on every sibling looked at. Its machine code, for
    the types :func:`generate` calls it with, holds no conversion to a double."""
    import re

    import numba

    a1 = "{}[::1]"
    sig = ("void({u32}, {i32}, int64, {i32}, {i32}, {u64}, {i64}, {b}, {i8}, {i32}, int64, {b}, "
           "{i32}, {i32}, {i64}, {i64}, {i32}, int64[:, ::1], int64, int64, int64, int64, int64, "
           "int64, int64, int64, bool_, bool_, int64[:, ::1], uint8[:, ::1], {i64}, bool_)").format(
        u32=a1.format("uint32"), i32=a1.format("int32"), u64=a1.format("uint64"),
        i64=a1.format("int64"), b=a1.format("bool_"), i8=a1.format("int8"))
    walk = numba.njit(sig)(kern._walk.py_func)
    asm = next(iter(walk.inspect_asm().values()))
    found = re.findall(r"\b(v?cvtsi2s[sd]|v?cvtusi2s[sd]|v?u?comis[sd])\b", asm)
    assert found == []
