"""The GCG vectors of ../shared/vectors/gcg/ (macondo, MAGPIE, liwords, Quackle, wolges): every
file reads (or is refused as its source test says), every position, score, rack, note and
pragma the sources' tests state is reproduced, and every file the sources reject is reported
by the reader or the validator."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from cgp_vectors import rows
from gcg_vectors import (
    all_files,
    data,
    error_files,
    expectations,
    game,
    gcg_root,
    sorted_racks,
    try_game,
)

import puzzlefmt
from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp.game import EventKind, Game, GameStatus

# MAGPIE's and macondo's names of the event kinds.
KINDS = {
    "GAME_EVENT_TILE_PLACEMENT_MOVE": EventKind.MOVE,
    "GAME_EVENT_EXCHANGE": EventKind.EXCHANGE,
    "GAME_EVENT_PASS": EventKind.PASS,
    "GAME_EVENT_PHONY_TILES_RETURNED": EventKind.PHONY,
    "GAME_EVENT_CHALLENGE_BONUS": EventKind.CHALLENGE_BONUS,
    "GAME_EVENT_END_RACK_POINTS": EventKind.END_RACK_POINTS,
    "GAME_EVENT_END_RACK_PENALTY": EventKind.END_RACK_PENALTY,
    "GAME_EVENT_TIME_PENALTY": EventKind.TIME_PENALTY,
    "TILE_PLACEMENT_MOVE": EventKind.MOVE,
    "EXCHANGE": EventKind.EXCHANGE,
    "PHONY_TILES_RETURNED": EventKind.PHONY,
    "CHALLENGE_BONUS": EventKind.CHALLENGE_BONUS,
    "END_RACK_PTS": EventKind.END_RACK_POINTS,
}


def _rows(*kinds: str) -> list[object]:
    return [pytest.param(e, id=e.where()) for e in expectations() if e.kind in kinds]


def test_every_file_reads_unless_its_source_rejects_it() -> None:
    files = all_files()
    assert len(files) == 128
    bad = error_files()
    read = 0
    for file in files:
        outcome = try_game(file)
        if file not in bad:
            assert isinstance(outcome, Game), (file, outcome)
            read += 1
    assert read == 128 - len(bad) == 94


def test_every_file_loads_through_the_api_as_gcg() -> None:
    """puzzlefmt.load detects the format and decodes the bytes (ISO-8859-1 files included)."""
    root = gcg_root()
    for file in all_files():
        if file in error_files():
            continue
        loaded = puzzlefmt.load(root / file)
        assert isinstance(loaded, Game), file
        assert loaded.gcg() == game(file).gcg(), file


@pytest.mark.parametrize("exp", _rows("cgp_after_n_events", "cgp_at_end"))
def test_stated_positions(exp: object) -> None:
    """MAGPIE's gcg_test.c: the position after n events (game_play_n_events, n past the end
    meaning the end), four fields, racks in any order."""
    from gcg_vectors import Expectation

    assert isinstance(exp, Expectation)
    g = game(exp.file)
    n = int(exp.n_events) if exp.n_events else len(g.events)
    n = min(n, len(g.events))  # MAGPIE's n past the end means the end; position(n) refuses it
    got = g.position(n).cgp(operations="none")
    assert sorted_racks(got) == sorted_racks(exp.expected)


def test_stated_positions_count() -> None:
    kinds = Counter(e.kind for e in expectations())
    assert kinds["cgp_after_n_events"] == 65
    assert kinds["cgp_at_end"] == 7


@pytest.mark.parametrize("exp", _rows("event_cumulative"))
def test_event_cumulative_scores(exp: object) -> None:
    """Each stated event: its player, cumulative score, kind, rack, and (macondo's golden
    files) position, tiles, score and bingo flag."""
    from gcg_vectors import Expectation

    assert isinstance(exp, Expectation)
    ev = game(exp.file).events[int(exp.n_events)]
    words = exp.expected.split()
    assert ev.player == int(exp.player)
    assert ev.cumulative == int(words[0])
    facts = dict(w.split("=", 1) for w in words[2:] if "=" in w)
    kind = words[1].removeprefix("type=")
    assert ev.kind is KINDS[kind]
    if "rack" in facts:
        tiles = ev.tiles if ev.kind is EventKind.END_RACK_POINTS else ev.rack
        assert sorted("".join(tiles)) == sorted(facts["rack"])
    if "position" in facts:
        assert ev.move is not None
        assert ev.move.coordinate == facts["position"]
        assert ev.move.tiles_text() == facts["played_tiles"]
        assert ev.score == int(facts["score"])
    if "end_rack_points" in facts:
        assert ev.score == int(facts["end_rack_points"])
    if facts.get("is_bingo") == "True":
        assert ev.move is not None
        assert sum(1 for t in ev.move.tiles if t != ".") == 7


@pytest.mark.parametrize("exp", _rows("final_score"))
def test_final_scores(exp: object) -> None:
    from gcg_vectors import Expectation

    assert isinstance(exp, Expectation)
    assert game(exp.file).final_scores()[int(exp.player)] == int(exp.expected)


@pytest.mark.parametrize("exp", _rows("rack_after_n_events", "last_rack"))
def test_stated_racks(exp: object) -> None:
    """A player's rack after n events (MAGPIE: both players'; macondo: the player on turn),
    and the #rackN of a record."""
    from gcg_vectors import Expectation

    assert isinstance(exp, Expectation)
    g = game(exp.file)
    want = exp.expected.split(" ")[0]
    player = int(exp.player)
    if exp.kind == "last_rack":
        got = g.last_racks[player]
    else:
        # MAGPIE's n past the end means the end; racks_after(n) refuses it
        got = tuple(g.racks_after(min(int(exp.n_events), len(g.events)))[player])
    assert sorted("".join(got)) == sorted(want)


def test_names_nicknames_and_encodings() -> None:
    """ISO-8859-1 bytes without a #character-encoding line and UTF-8 bytes with one read to
    the same names; UTF-8 bytes without the line read as UTF-8 (a deviation noted), or, with
    strict=True, as ISO-8859-1 as macondo and MAGPIE read them ('cÃ©sar')."""
    checked = 0
    for exp in _rows("player_names", "player_nicknames"):
        e = exp.values[0]  # type: ignore[attr-defined]
        want = e.expected.split(" (")[0].split("|")
        strict = "cÃ©sar" in want
        g = Game.from_bytes(data(e.file), strict=strict) if strict else game(e.file)
        attr = "name" if e.kind == "player_names" else "nickname"
        got = [getattr(p, attr) for p in g.players]
        if e.player:
            got = got[int(e.player) : int(e.player) + 1]
        assert got == want, e.where()
        checked += 1
    assert checked == 8
    lenient = game("files/macondo/gcgio/testdata/name_utf8_noheader.gcg")
    assert lenient.players[0].nickname == "césar"
    assert any("no #character-encoding line" in d for d in lenient.deviations)


def test_notes_pragmas_and_counts() -> None:
    standard = game("files/magpie-data/testdata/gcgs/success_standard.gcg")
    for exp in _rows("note_on_event"):
        e = exp.values[0]  # type: ignore[attr-defined]
        ev = standard.events[int(e.n_events)]
        assert ev.player == int(e.player)
        assert ev.note == e.expected.replace("\\n", "\n").rstrip("\n")
    assert len(standard.events) == 29
    assert standard.title == "test game"
    assert standard.description == "Created with Macondo"
    assert (standard.id_authority, standard.gid) == ("io.woogles", "p6QRjJHG")
    assert standard.lexicon == "CSW21"
    assert standard.tile_distribution == "english"
    assert standard.game_type == "classic"
    assert standard.board_layout == "standard15"
    assert [p.nickname for p in standard.players] == ["HastyBot", "RightBehindYou"]
    success = game("files/magpie-data/testdata/gcgs/success.gcg")
    assert success.description is None
    assert success.is_valid()
    incomplete = game("files/macondo/gcgio/testdata/incomplete.gcg")
    assert len(incomplete.events) == 20
    assert not incomplete.is_over()
    incomplete4 = game("files/macondo/gcgio/testdata/incomplete4.gcg")
    assert len(incomplete4.events) == 5
    assert not incomplete4.is_over()


def test_doug_v_emely_writes_back_token_by_token() -> None:
    """macondo's round trip: the events written back hold the file's tokens, line by line."""
    file = "files/macondo/gcgio/testdata/doug_v_emely.gcg"
    original = [line.split() for line in data(file).decode("utf-8").splitlines()
                if line.startswith((">", "#note"))]
    written = [line.split() for line in game(file).gcg().splitlines()
               if line.startswith((">", "#note"))]
    assert written == original


# How each error code of MAGPIE (and macondo's sentence) is reported here: "raise" (a
# PuzzleFormatError), "strict" (a deviation noted; strict=True raises), a GameStatus flag
# (Game.problems), or "accepted" with the reason.
REPORTED: dict[str, str | GameStatus | tuple[GameStatus, ...]] = {
    "ERROR_STATUS_GCG_PARSE_GCG_EMPTY": "raise",
    "ERROR_STATUS_GCG_PARSE_UNSUPPORTED_CHARACTER_ENCODING": "raise",
    "ERROR_STATUS_GCG_PARSE_DUPLICATE_NAMES": GameStatus.PLAYERS,
    "ERROR_STATUS_GCG_PARSE_PRAGMA_SUCCEEDED_EVENT": "strict",
    "ERROR_STATUS_GCG_PARSE_PLAYER_NUMBER_REDUNDANT": "raise",
    "ERROR_STATUS_GCG_PARSE_MISPLACED_ENCODING": "raise",
    "ERROR_STATUS_GCG_PARSE_NO_MATCHING_TOKEN": "raise",
    # exchange_malformed.gcg exchanges "K.OI": '.' is MAGPIE's alias of the blank, which the
    # rack does not hold (the vectors' README: it "now fails later than its name says")
    "ERROR_STATUS_GCG_PARSE_MOVE_VALIDATION_ERROR": (GameStatus.ILLEGAL_MOVE, GameStatus.RACK),
    "ERROR_STATUS_GCG_PARSE_RACK_MALFORMED": "raise",
    "ERROR_STATUS_GCG_PARSE_PLAYED_LETTERS_NOT_IN_RACK": GameStatus.RACK,
    "ERROR_STATUS_GCG_PARSE_REDUNDANT_PRAGMA": "raise",
    "ERROR_STATUS_GCG_PARSE_END_RACK_PENALTY_INCORRECT": GameStatus.END_POINTS,
    "ERROR_STATUS_GCG_PARSE_CUMULATIVE_SCORING_ERROR": GameStatus.CUMULATIVE,
    "ERROR_STATUS_GCG_PARSE_GAME_EVENT_OFF_TURN": GameStatus.OUT_OF_TURN,
    "ERROR_STATUS_GCG_PARSE_MOVE_EVENT_AFTER_GAME_END": GameStatus.AFTER_END,
    "ERROR_STATUS_GCG_PARSE_INVALID_PHONY_TILES_PLAYER_INDEX": GameStatus.OUT_OF_ORDER,
    "ERROR_STATUS_GCG_PARSE_PHONY_TILES_RETURNED_MISMATCH": GameStatus.RACK,
    "ERROR_STATUS_GCG_PARSE_RACK_NOT_IN_BAG": GameStatus.OVER_DISTRIBUTION,
    "ERROR_STATUS_GCG_PARSE_EVENT_AFTER_LAST_RACK": GameStatus.OUT_OF_ORDER,
    "ERROR_STATUS_GCG_PARSE_END_GAME_EVENT_BEFORE_GAME_END": GameStatus.OUT_OF_ORDER,
    "ERROR_STATUS_GCG_PARSE_PREMATURE_TIME_PENALTY": GameStatus.OUT_OF_ORDER,
    # MAGPIE needs a lexicon to build its move generator; a record needs none here.
    "ERROR_STATUS_GCG_PARSE_LEXICON_NOT_SPECIFIED": "accepted: no lexicon is needed",
    "unsupported #character-encoding -> error, no history": "raise",
}


@pytest.mark.parametrize("exp", _rows("parse_error"))
def test_files_the_sources_reject_are_reported(exp: object) -> None:
    from gcg_vectors import Expectation

    assert isinstance(exp, Expectation)
    how = REPORTED[exp.expected]
    outcome = try_game(exp.file)
    if how == "raise":
        assert isinstance(outcome, PuzzleFormatError), exp.where()
        assert outcome.format == "gcg"
        assert outcome.line is not None or "found nothing" in outcome.message
        return
    assert isinstance(outcome, Game), (exp.where(), outcome)
    if how == "strict":
        assert outcome.deviations
        with pytest.raises(PuzzleFormatError, match="strict"):
            Game.from_bytes(data(exp.file), strict=True)
        return
    if isinstance(how, str):  # accepted, by design
        assert outcome.is_valid(), outcome.problems()
        return
    flags = how if isinstance(how, tuple) else (how,)
    problems = outcome.problems()
    assert problems, exp.where()
    assert problems[0].flag in flags, (exp.where(), problems)
    assert problems[0].line is not None or problems[0].flag is GameStatus.PLAYERS


def test_how_many_rejections_agree() -> None:
    """34 files the sources reject: 33 reported here (12 raise, 20 have problems, 1 has a
    deviation that strict=True refuses), 1 accepted by design (no lexicon)."""
    counted: Counter[str] = Counter()
    for exp in expectations():
        if exp.kind != "parse_error":
            continue
        outcome = try_game(exp.file)
        if isinstance(outcome, PuzzleFormatError):
            counted["raise"] += 1
        elif outcome.problems():
            counted["problem"] += 1
        elif outcome.deviations:
            counted["strict"] += 1
        else:
            counted["accepted"] += 1
    assert counted == {"raise": 12, "problem": 20, "strict": 1, "accepted": 1}


_GOLDEN_TYPES = {0: EventKind.MOVE, 1: EventKind.PHONY, 2: EventKind.PASS,
                 3: EventKind.CHALLENGE_BONUS, 4: EventKind.EXCHANGE,
                 5: EventKind.END_RACK_POINTS, 6: EventKind.TIME_PENALTY,
                 7: EventKind.END_RACK_PENALTY}


@pytest.mark.parametrize("name", ["doug_v_emely", "josh2", "vs_andy"])
def test_macondo_golden_json(name: str) -> None:
    """macondo's TestParseGCGs golden files: every event's player, kind, rack, cumulative
    score, position, tiles, score, words formed, exchanged tiles, bonus, end-rack points,
    lost score and note; the players, lexicon and final scores."""
    file = f"files/macondo/gcgio/testdata/{name}"
    golden = json.loads(data(file + ".json").decode("utf-8"))
    g = game(file + ".gcg")
    assert [p["nickname"] for p in golden["players"]] == [p.nickname for p in g.players]
    if g.lexicon is not None:  # macondo fills in its configured default when there is none
        assert golden["lexicon"] == g.lexicon
    assert golden["final_scores"] == g.final_scores()
    assert len(golden["events"]) == len(g.events)
    for i, (want, ev) in enumerate(zip(golden["events"], g.events, strict=True)):
        assert ev.player == want.get("player_index", 0), i
        assert ev.kind is _GOLDEN_TYPES[want.get("type", 0)], i
        assert ev.cumulative == want["cumulative"], i
        rack = ev.tiles if ev.kind is EventKind.END_RACK_POINTS else ev.rack
        assert "".join(rack) == want["rack"], i
        assert ev.note == want.get("note"), i
        if ev.kind is EventKind.MOVE:
            assert ev.move is not None
            assert ev.move.coordinate == want["position"]
            assert (ev.move.row, ev.move.col) == (want.get("row", 0), want.get("column", 0))
            assert ev.move.vertical == (want.get("direction", 0) == 1)
            assert ev.move.tiles_text() == want["played_tiles"]
            assert ev.score == want["score"]
            before = g.position(i)
            before = before.replace(racks=[list(ev.rack), *before.racks[1:]])
            formed = before.evaluate(ev.move, check_rack=True)
            assert [w.text for w in formed.words] == want["words_formed"], i
            assert formed.score == want["score"]
            assert formed.bingo == want.get("is_bingo", False)
        elif ev.kind is EventKind.EXCHANGE:
            assert ev.move is not None
            assert "".join(ev.move.exchanged) == want["exchanged"]
        elif ev.kind is EventKind.PHONY:
            assert ev.score == -want["lost_score"]
        elif ev.kind is EventKind.CHALLENGE_BONUS:
            assert ev.score == want["bonus"]
        elif ev.kind is EventKind.END_RACK_POINTS:
            assert ev.score == want["end_rack_points"]
    assert g.is_valid(), g.problems()


def test_magpie_gcg_sequences_replay() -> None:
    """Every gcg_test.c state of magpie_sequences.tsv is a stated position of
    expectations.tsv (which names the file and the event count) reproduced above, except the
    five of two MAGPIE-DATA files these vectors do not hold: incomplete_after_tile_placement
    (1 state) and phony_with_empty_bag (4)."""
    reproduced = set()
    for e in expectations():
        if e.kind in ("cgp_after_n_events", "cgp_at_end"):
            g = game(e.file)
            n = min(int(e.n_events) if e.n_events else len(g.events), len(g.events))
            if sorted_racks(g.position(n).cgp(operations="none")) == sorted_racks(e.expected):
                reproduced.add(sorted_racks(e.expected))
    states = [r for r in rows("magpie_sequences.tsv")
              if r.kind == "sequence_state" and "gcg_test.c" in r.source]
    assert len(states) == 77
    missing = [r.id for r in states if sorted_racks(r.cgp) not in reproduced]
    assert missing == ["gcg_test.c:766", "gcg_test.c:885", "gcg_test.c:892", "gcg_test.c:899",
                       "gcg_test.c:906"]
    gcgs = gcg_root() / "files/magpie-data/testdata/gcgs"
    assert not (gcgs / "incomplete_after_tile_placement.gcg").exists()
    assert not (gcgs / "phony_with_empty_bag.gcg").exists()


def test_records_that_are_inconsistent_say_so() -> None:
    """The three files with real inconsistencies (not test fixtures of an error): the
    validator says what and where."""
    peter = game("files/liwords/pkg/puzzles/testdata/r20_peter.gcg").problems()
    assert str(peter[0]) == "line 19: N1 BRUnCH..Y scores 113, the record says +115"
    # Peter's racks list only the tiles played: KEP looks like going out with the bag empty
    assert any("after the game ended" in p.message for p in peter)
    wolges = game("files/wolges/src/main_endgame.rs_L900.gcg").problems()
    assert [str(p) for p in wolges] == [
        "line 53: 2's total is 278 after this event, the record says 280"
    ]
    crash = game("files/quackle/test/positions/multiplayer-crash.gcg")
    assert len(crash.players) == 4
    assert crash.problems()[0].flag is GameStatus.RACK
    clean = [f for f in all_files() if f not in error_files() and game(f).is_valid()]
    assert len(clean) == 91
