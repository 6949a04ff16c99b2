"""GCG round trips (a drawn record reads back to its parts and writes back as it was; every
vector file writes a record that reads back to the same game), and fuzzing: random and
mutated GCG text raises only PuzzleFormatError, with its line."""

from __future__ import annotations

import pytest
from gcg_vectors import all_files, data, error_files, game
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Move
from puzzlefmt.cgp.game import EventKind, Game

from helpers import examples
from strategies.cgp import GcgCase, gcg_cases

_KINDS = {
    "move": EventKind.MOVE,
    "pass": EventKind.PASS,
    "exchange": EventKind.EXCHANGE,
    "phony": EventKind.PHONY,
    "challenge-bonus": EventKind.CHALLENGE_BONUS,
    "end-rack-points": EventKind.END_RACK_POINTS,
    "end-rack-penalty": EventKind.END_RACK_PENALTY,
    "time-penalty": EventKind.TIME_PENALTY,
}


@given(gcg_cases())
@examples(150, suppress_health_check=[HealthCheck.too_slow])
def test_drawn_record_reads_back_to_its_parts(case: GcgCase) -> None:
    g = Game(case.text)
    assert g.distribution.name == case.distribution
    assert [(p.nickname, p.name) for p in g.players] == case.players
    assert g.title == case.pragmas.get("title")
    assert g.description == case.pragmas.get("description")
    assert g.lexicon == case.pragmas.get("lexicon")
    assert g.game_type == case.pragmas.get("game-type")
    assert g.tile_set == case.pragmas.get("tile-set")
    if "id" in case.pragmas:
        assert f"{g.id_authority} {g.gid}" == case.pragmas["id"]
    assert g.incomplete == case.incomplete
    assert g.character_encoding == "UTF-8"
    assert g.deviations == []
    assert len(g.events) == len(case.events)
    for ev, want in zip(g.events, case.events, strict=True):
        assert ev.kind is _KINDS[want.kind]
        assert ev.player == want.player
        assert list(ev.rack) == want.rack
        assert ev.score == want.score
        assert ev.cumulative == want.cumulative
        assert list(ev.tiles) == want.tiles
        assert ev.note == want.note
        if want.kind == "move":
            assert ev.move == Move.parse(f"{want.coordinate} {want.word}", g.distribution)
        if want.kind == "exchange":
            assert ev.move is not None
            if isinstance(want.exchanged, int):
                assert (ev.move.count, ev.move.exchanged) == (want.exchanged, ())
            else:
                assert list(ev.move.exchanged) == want.exchanged
    # the writer gives back the text, but for the tiles of a move the board accepts, where
    # it writes '.' for each tile already on the board
    words = g.canonical_words()
    written = g.gcg().split("\n")
    original = case.text.split("\n")
    assert len(written) == len(original)
    moves = iter(i for i, ev in enumerate(g.events))
    for got, want_line in zip(written, original, strict=True):
        if got == want_line:
            if want_line.startswith(">"):
                next(moves)
            continue
        i = next(moves)
        assert i in words, (got, want_line)
        head, _, tail = want_line.partition(f" {case.events[i].word} ")
        assert got == f"{head} {words[i]} {tail}"


@given(gcg_cases(distributions=("english", "catalan", "polish", "spanish")))
@examples(60, suppress_health_check=[HealthCheck.too_slow])
def test_write_read_gives_the_same_game(case: GcgCase) -> None:
    g = Game(case.text)
    text = g.gcg()
    again = Game(text)
    assert again == g
    assert again.gcg() == text
    assert [e.kind for e in again.events] == [e.kind for e in g.events]
    assert again.final_scores() == g.final_scores()


@pytest.mark.parametrize("file", sorted(set(all_files()) - error_files()))
def test_every_vector_file_writes_a_record_that_reads_back_the_same(file: str) -> None:
    g = game(file)
    text = g.gcg()
    again = Game(text)
    assert again.gcg() == text
    assert again.players == g.players
    assert len(again.events) == len(g.events)
    for a, b in zip(again.events, g.events, strict=True):
        assert (a.kind, a.player, a.rack, a.score, a.cumulative, a.tiles, a.note) == (
            b.kind, b.player, b.rack, b.score, b.cumulative, b.tiles, b.note)
    assert [p.cgp() for p in again.positions()] == [p.cgp() for p in g.positions()]
    assert [p.flag for p in again.problems()] == [p.flag for p in g.problems()]
    assert again.distribution.name == g.distribution.name


# --------------------------------------------------------------------------- fuzzing

_GOOD = sorted(set(all_files()) - error_files())
_PIECES = st.sampled_from(
    [*">#:.-+()? \t\n\r0123456789AEIOUQZaeqz", "#note ", "#player1 ", "#rack1 ", "--",
     "(challenge)", "(time)", "#character-encoding ", "#-", "\ufeff", "8G", "H8", "[CH]", "Ł"]
)


def _check_error(exc: PuzzleFormatError, text: str) -> None:
    """Our error, saying where: the line (within the text) unless there is nothing."""
    assert exc.format == "gcg"
    assert str(exc)
    if exc.line is None:
        assert "found nothing" in exc.message
    else:
        assert 1 <= exc.line <= text.count("\n") + text.count("\r") + 1


def _exercise(text: str) -> None:
    """Reading raises only PuzzleFormatError; a game that reads replays, checks and writes
    without any other exception."""
    try:
        g = Game(text)
    except PuzzleFormatError as exc:
        _check_error(exc, text)
        return
    g.problems()
    for _ in g.positions():
        pass
    written = g.gcg()
    Game(written)  # what the writer writes reads back


@given(st.data())
@examples(250, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_vector_files_raise_only_our_error(draw: st.DataObject) -> None:
    file = draw.draw(st.sampled_from(_GOOD))
    text = data(file).decode("utf-8", errors="replace")
    lines = text.split("\n")
    for _ in range(draw.draw(st.integers(1, 4))):
        how = draw.draw(st.sampled_from(["insert", "delete", "swap", "duplicate", "replace"]))
        i = draw.draw(st.integers(0, max(0, len(lines) - 1)))
        line = lines[i]
        if how == "insert":
            at = draw.draw(st.integers(0, len(line)))
            lines[i] = line[:at] + draw.draw(_PIECES) + line[at:]
        elif how == "delete" and line:
            at = draw.draw(st.integers(0, len(line) - 1))
            lines[i] = line[:at] + line[at + 1 :]
        elif how == "swap":
            j = draw.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif how == "duplicate":
            lines.insert(i, line)
        else:
            tokens = line.split(" ")
            k = draw.draw(st.integers(0, len(tokens) - 1))
            tokens[k] = draw.draw(_PIECES)
            lines[i] = " ".join(tokens)
    _exercise("\n".join(lines))


@given(st.lists(_PIECES, max_size=60).map("".join))
@examples(200)
def test_random_text_raises_only_our_error(text: str) -> None:
    _exercise(text)


@given(st.text(max_size=300))
def test_arbitrary_unicode_raises_only_our_error(text: str) -> None:
    _exercise(text)


@given(st.binary(max_size=300))
def test_arbitrary_bytes_raise_only_our_error(raw: bytes) -> None:
    error: PuzzleFormatError | None = None
    try:
        g = Game.from_bytes(raw)
    except PuzzleFormatError as exc:
        error = exc
    if error is not None:
        assert error.format == "gcg"
        return
    g.problems()


# --------------------------------------------------------------------------- fields once


def test_each_record_field_is_declared_once_and_every_part_follows_it() -> None:
    """The game's fields are the fields of one dataclass (``_gcgcodec.Record``): the reader,
    the writer, the JSON form, ``replace`` and ``contents`` go through its declaration, so
    that every pragma field is written, kept in JSON, replaceable and read back, and the
    model declares none of them again."""
    import dataclasses

    from puzzlefmt.cgp import _gcgcodec

    fields = dataclasses.fields(_gcgcodec.Record)
    assert [f.name for f in fields][:2] == ["players", "events"]
    assert isinstance(Game(), _gcgcodec.Record)
    assert not {f.name for f in fields} & set(Game.__annotations__)  # declared once
    base = Game("#player1 alice Alice\n#player2 bob Bob\n>alice: AEINQST 8G QAT +24 24\n")
    pragmas = [f for f in fields if f.metadata["pragma"]]
    assert [f.metadata["pragma"] for f in pragmas] == list(_gcgcodec.PRAGMA_ORDER)
    for f in pragmas:
        keyword = f.metadata["pragma"]
        value = {"description": "Two\nlines", "tile-distribution": "english",
                 "board-layout": "CrosswordGame"}.get(keyword, "CSW21")
        changed = base.replace(**{f.name: value})
        text = changed.gcg()
        again = Game(text)
        assert getattr(again, f.name) == value, keyword
        assert again == changed, keyword
        shown = f"{changed.id_authority or '-'} {value}" if keyword == "id" else value
        assert changed.to_json()["pragmas"] == {keyword: shown}, keyword
        assert Game.from_json(changed.to_json()) == changed, keyword
        assert "metadata" in changed.contents(), keyword
        assert "metadata" not in base.contents(), keyword
        assert f"#{keyword} " in text, keyword
