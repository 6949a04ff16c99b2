"""The save-file container of Simon Tatham's puzzles (puzzlefmt.sgt.savefile): every vector save
file, the loader's rules, AUXINFO, the C number readers, errors with their positions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import puzzlefmt
import sgt_loader
from puzzlefmt import PuzzleFormatError
from puzzlefmt.sgt import savefile as sgtsave

from helpers import shared_path
from strategies.sgt import _printable, keys


def _saves() -> list[tuple[str, str]]:
    out = []
    for game in ("keen", "solo"):
        folder = shared_path("vectors", "sgt", game, "saves")
        out += [(p.name, p.read_text(encoding="ascii")) for p in sorted(folder.glob("*.sav"))]
    return out


def test_every_vector_save_parses_and_serialises_byte_for_byte() -> None:
    saves = _saves()
    assert len(saves) == 54
    for name, text in saves:
        save = sgtsave.parse(text)
        assert save.text() == text, name
        assert save.rest == "\n", name  # the newline after the last record is never read
        assert save.game in ("Keen", "Solo"), name
        assert sgtsave.identify_game(text) == save.game
        assert 1 <= save.statepos <= save.nstates == len(save.states) + 1, name
        assert sgt_loader.load(text, save.game) is None, name


def test_auxinfo_is_the_solution_of_every_seeded_vector() -> None:
    """AUXINFO de-obfuscates to the generator's solve move; the Keen and Solo tables give
    the same solution from the solver (column 8 / from the SOLVE record)."""
    rows = [ln.split("\t") for ln in shared_path("vectors", "sgt", "keen", "keen_saves.tsv")
            .read_text().splitlines() if not ln.startswith("#")]
    seeded = 0
    for row in rows:
        text = shared_path("vectors", "sgt", "keen", row[0]).read_text()
        save = sgtsave.parse(text)
        if row[2] == "-":
            assert save.get("AUXINFO") is None
            assert save.seed is None
            continue
        seeded += 1
        assert save.aux == "S" + row[7]
        assert f"{save.get('CPARAMS')}#{save.seed}" == row[2]
        assert sgtsave.hide_aux(save.aux) == save.get("AUXINFO")
    assert seeded == 5


@given(st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=200))
def test_aux_obfuscation_round_trips(text: str) -> None:
    hidden = sgtsave.hide_aux(text)
    assert len(hidden) == 2 * len(text)
    assert sgtsave.reveal_aux(hidden) == text


@given(st.lists(st.tuples(keys, _printable), max_size=6), _printable)
def test_records_round_trip(extra: list[tuple[str, str]], desc: str) -> None:
    """build -> text -> parse gives the same records; unknown keys are kept."""
    save = sgtsave.build(game="Keen", params="4dn", cparams="4dn", desc=desc,
                         moves=sgtsave.as_moves(["R0,0,1", "P1,1,2"]), statepos=2)
    recs = list(save.records)
    safe = [(k, v) for k, v in extra if k not in ("NSTATES", "STATEPOS", "MOVE", "SOLVE",
                                                  "RESTART", "VERSION", "SAVEFILE")]
    at = 3
    for k, v in safe:
        recs.insert(at, sgtsave.Record(k, v))
    again = sgtsave.SaveFile(tuple(recs))
    text = again.text()
    parsed = sgtsave.parse(text)
    assert parsed.records == again.records
    assert parsed.text() == text


def test_with_history_drops_redo_and_keeps_unknown_records() -> None:
    save = sgtsave.build(game="Keen", params="4dn", cparams="4dn", desc="d",
                         moves=sgtsave.as_moves(["R0,0,1", "R1,0,2", "R2,0,3"]), statepos=2)
    recs = list(save.records)
    recs.insert(4, sgtsave.Record("ZZTOP", "kept"))
    save = sgtsave.SaveFile(tuple(recs))
    new = save.with_history(sgtsave.as_moves(["P3,3,4"]), save.statepos)
    assert [(r.key, r.value) for r in new.records if r.key in ("MOVE", "NSTATES", "STATEPOS",
                                                               "ZZTOP")] == [
        ("ZZTOP", "kept"), ("NSTATES", "3"), ("STATEPOS", "3"), ("MOVE", "R0,0,1"),
        ("MOVE", "P3,3,4")]
    assert sgtsave.parse(new.text()).records == new.records


def test_c_number_readers() -> None:
    assert sgtsave.c_atoi("  -12abc") == -12
    assert sgtsave.c_atoi("abc") == 0
    assert sgtsave.c_atoi("9" * 30) == 2**31 - 1
    assert sgtsave.scan_ints("1,2,3", 3) == (1, 2, 3)
    assert sgtsave.scan_ints(" 1, +2,-3junk", 3) == (1, 2, -3)
    assert sgtsave.scan_ints("1 ,2,3", 3) is None  # the comma must follow the number
    assert sgtsave.scan_ints("1,2", 3) is None
    assert sgtsave.scan_ints("4294967297,0,1", 3) is None  # C would wrap it; we refuse


_NUMBERS = r"\s?[+-]?[0-9]{1,12}(,\s?-?[0-9]{0,3}){0,3}.?"


@given(st.one_of(st.text(max_size=30), st.from_regex(_NUMBERS, fullmatch=True)))
def test_scan_ints_agrees_with_the_oracle(text: str) -> None:
    ours = sgtsave.scan_ints(text, 3)
    theirs = sgt_loader._sscanf3(text)
    assert ours == theirs


HEAD = "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\n"
GOOD = (HEAD + "VERSION :1:1\nGAME    :4:Keen\nPARAMS  :3:4dn\nCPARAMS :3:4dn\n"
        "DESC    :27:a_7a__a_aad,m2d2a10s2s1m3d2\nNSTATES :1:2\nSTATEPOS:1:2\n"
        "MOVE    :6:R0,0,2\n")


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", 1, "the end of the text"),
    ("SAVEFILE:4:Oops\n", 1, "a save file"),
    (HEAD + "VERSION :1:2\n", 2, "Cannot handle this version"),
    (HEAD + "GAME:4:Keen\n", 2, "padded to 8 characters"),
    (HEAD + "GAME    :x4:Keen\n", 2, "byte length of GAME"),
    (HEAD + "GAME    :40:Keen\n", 2, "40 bytes of GAME's value"),
    (HEAD + "GAME    :4:Ke\ten\n", 2, "printable ASCII in the value of GAME"),
    (HEAD + "NSTATES :1:0\n", 2, "Number of states in save file was negative"),
    (HEAD + "NSTATES :1:2\nNSTATES :1:2\n", 3, "Two state counts"),
    (HEAD + "STATEPOS:1:1\nMOVE    :1:M\n", 3, "No state count provided"),
    (HEAD + "NSTATES :1:2\nMOVE    :1:M\n", 3, "No game position provided"),
    (HEAD + "NSTATES :1:3\nSTATEPOS:1:1\nMOVE    :1:M\n", 5, "Saved data ended unexpectedly"),
    (GOOD.replace("DESC    :27:a_7a__a_aad,m2d2a10s2s1m3d2\n", ""), 8, "a DESC record"),
    (GOOD.replace("STATEPOS:1:2", "STATEPOS:1:3"), 8, "STATEPOS from 1 to NSTATES (2)"),
])
def test_container_errors(text: str, line: int | None, words: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        sgtsave.parse(text)
    err = info.value
    assert words in str(err)
    assert err.line == line
    assert "byte" in err.message


def test_error_positions() -> None:
    text = GOOD.replace("GAME    :4:Keen", "GAME    :4:K\x01en")
    with pytest.raises(PuzzleFormatError) as info:
        sgtsave.parse(text)
    assert (info.value.line, info.value.column) == (3, 13)
    assert "(byte 79)" in info.value.message
    assert '"Forbidden characters in saved game file"' in info.value.message


@pytest.mark.parametrize("fmt", ["keen-save", "solo-save"])
@pytest.mark.parametrize(("text", "line", "column"), [
    ("\ud800", 1, 1),
    (HEAD + "\udfff", 2, 1),
    (GOOD.replace("DESC", "SEED    :4:ab\ud834x\nDESC", 1), 6, 14),
])
def test_a_lone_surrogate_is_a_format_error(fmt: str, text: str, line: int,
                                            column: int) -> None:
    """A character no bytes decode to (a lone surrogate that is not an undecodable byte kept
    by ``surrogateescape``) was a UnicodeEncodeError from the encoder."""
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(text, fmt)
    assert (info.value.line, info.value.column) == (line, column)
    assert "U+D" in info.value.message
    assert sgtsave.identify_game(text) == ("Keen" if "SEED" in text else None)


def test_leniencies_the_loader_has() -> None:
    """No newline between records, CRLF, a key padded with anything after a space, numbers
    read by atoi, SEED with any bytes, text after the last state never read."""
    squashed = GOOD.replace("\n", "").replace("GAME    ", "GAME xyz") + "garbage"
    save = sgtsave.parse(squashed)
    assert save.game == "Keen"
    assert save.rest == "garbage"
    assert sgtsave.parse(GOOD.replace("\n", "\r\n")).records == sgtsave.parse(GOOD).records
    odd = GOOD.replace("NSTATES :1:2", "NSTATES :3:2xy").replace("STATEPOS:1:2",
                                                                  "STATEPOS:3: +2")
    assert (sgtsave.parse(odd).nstates, sgtsave.parse(odd).statepos) == (2, 2)
    seeded = GOOD.replace("DESC", "SEED    :4:\x01\xe9x\nDESC", 1)  # é is 2 bytes
    assert sgtsave.parse(seeded).seed == "\x01\xe9x"


def test_seeds_that_are_not_printable_are_written_as_hexseed() -> None:
    save = sgtsave.build(game="Solo", params="3x3", cparams="3x3", desc="i" * 9,
                         seed="a\tb")
    assert save.get("HEXSEED") == "610962"
    assert sgtsave.parse(save.text()).seed == "a\tb"


def test_writer_refuses_what_the_loader_could_not_read() -> None:
    with pytest.raises(ValueError, match="1 to 8 printable"):
        sgtsave.serialise([sgtsave.Record("TOO LONG KEY", "x")])
    with pytest.raises(ValueError, match="printable ASCII"):
        sgtsave.serialise([sgtsave.Record("DESC", "caf\u00e9")])


def test_sniff_names_the_game() -> None:
    assert sgtsave.sniff_save(GOOD) == ("Keen", "a Simon Tatham's Portable Puzzle "
                                        "Collection save file of Keen")
    assert sgtsave.sniff_save("\r\n" + GOOD.replace("Keen", "Net ")) is not None
    assert sgtsave.sniff_save("SAVEFILE:41:nope") is None
    assert sgtsave.identify_game(HEAD) is None
