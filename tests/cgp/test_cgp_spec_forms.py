"""The current spec's forms (``lm 8F.ION;``, ``ex.ABC``, ``pass``, ``phony.8G.QAT``, ``oru``),
the reader's leniencies (each noted in ``Position.deviations``, kept for ``cgp(exact=True)``),
and ``strict=True``, which refuses every deviation."""

from __future__ import annotations

import pytest
from cgp_vectors import POSITIVE_KINDS, TABLES, is_spec_form, rows

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Move, MoveKind, Position
from puzzlefmt.cgp.formats import cgp as cgp_format

EMPTY = "/".join(["15"] * 15)
QAT = "/".join(["15"] * 7 + ["6QAT6"] + ["15"] * 7)
ION = "/".join(["15"] * 7 + ["5LION6"] + ["15"] * 7)


# --------------------------------------------------------------------------- lm notations


@pytest.mark.parametrize(
    ("spec", "seed", "kind"),
    [
        ("8F.LION", "8F LION", MoveKind.PLACEMENT),
        ("F8.LION", "F8 LION", MoveKind.PLACEMENT),
        ("8F.LIoN", "8F LIoN", MoveKind.PLACEMENT),
        ("ex.ABC", "-ABC", MoveKind.EXCHANGE),
        ("ex.3", "-3", MoveKind.EXCHANGE),
        ("pass", "-", MoveKind.PASS),
        ("phony.8G.QAT", "challenge 8G QAT", MoveKind.CHALLENGE),
        ("ex.[CH]?", "-[CH]?", MoveKind.EXCHANGE),
    ],
)
def test_both_notations_read_keep_their_style_and_write_the_one_asked(
    spec: str, seed: str, kind: MoveKind
) -> None:
    board = ION if "LION" in spec or "LIoN" in spec else EMPTY
    if spec.startswith("F8"):
        board = EMPTY  # a down move: status is not the point here
    ld = " ld spanish;" if "[CH]" in spec else ""
    for text, style in ((spec, "spec"), (seed, "seed")):
        pos = Position(f"{board} / 0/0 0{ld} lm {text};")
        assert pos.last_move is not None
        assert pos.last_move.kind is kind
        assert pos.last_move_style == style
        assert pos.cgp() == f"{board} / 0/0 0{ld} lm {text};"  # as read
    a = Position(f"{board} / 0/0 0{ld} lm {spec};")
    b = Position(f"{board} / 0/0 0{ld} lm {seed};")
    assert a.last_move == b.last_move
    assert a == b  # the same position, whatever the notation
    assert a.cgp(lm_style="seed") == b.cgp()
    assert b.cgp(lm_style="spec") == a.cgp()


def test_spec_placement_writes_tiles_on_the_board_as_letters() -> None:
    # the seed's '.' for tiles already on the board becomes the board's letter in the spec
    pos = Position(f"{ION} / 0/0 0 lm 8F L.oN;")
    assert pos.cgp(lm_style="spec").endswith("lm 8F.LIoN;")
    assert Position(pos.cgp(lm_style="spec")).last_move == Move.parse("8F LIoN")


def test_spec_cannot_say_a_challenge_bonus_so_the_seed_form_is_kept() -> None:
    pos = Position(f"{QAT} / 0/0 0 lm 8G QAT +5;")
    assert pos.cgp(lm_style="spec").endswith("lm 8G QAT +5;")
    # '.' over an empty square cannot be filled in from the board either
    pos = Position(f"{EMPTY} / 0/0 0 lm 8G Q.T;")
    assert pos.cgp(lm_style="spec").endswith("lm 8G Q.T;")


def test_play_keeps_the_style_of_the_position_it_comes_from() -> None:
    spec = Position(f"{EMPTY} QAT/ 0/0 0 lm pass;").play("8G QAT")
    assert spec.cgp().endswith("lm 8G.QAT;")
    seed = Position(f"{EMPTY} QAT/ 0/0 0 lm -;").play("8G QAT")
    assert seed.cgp().endswith("lm 8G QAT;")
    fresh = Position(f"{EMPTY} QAT/ 0/0 0").play("8G QAT")
    assert fresh.last_move_style == "seed"  # the default for a move that was not read


def test_spec_move_errors_name_lm_and_the_column() -> None:
    for bad, found in (("8F.", "end of move"), ("ex.", "end of move"), ("phony.8G", "'8G'"),
                       ("8F.QA T", "'T'")):
        text = f"{EMPTY} / 0/0 0 lm {bad};"
        with pytest.raises(PuzzleFormatError) as info:
            Position(text)
        assert info.value.message.startswith("lm: ")
        assert info.value.found == found
        assert info.value.column is not None
        assert info.value.column > text.index("lm ")


# --------------------------------------------------------------------------- oru


def test_oru_reads_and_writes() -> None:
    pos = Position(f"{EMPTY} AB/CD 0/0 0 oru;")
    assert pos.opponent_rack_unknown is True
    assert pos.cgp() == f"{EMPTY} AB/CD 0/0 0 oru;"
    pos = pos.replace(opponent_rack_unknown=False)
    assert pos.cgp() == f"{EMPTY} AB/CD 0/0 0"
    fresh = Position(f"{EMPTY} AB/CD 0/0 0 lex CSW21;")
    fresh = fresh.replace(opponent_rack_unknown=True)
    assert fresh.cgp() == f"{EMPTY} AB/CD 0/0 0 lex CSW21; oru;"


def test_oru_takes_no_operand() -> None:
    with pytest.raises(PuzzleFormatError, match=r"oru: expected no operand \(oru;\), found '1'"):
        Position(f"{EMPTY} / 0/0 0 oru 1;")


# --------------------------------------------------------------------------- leniencies

# (text, what the deviation note says, the position it means). Each has one clear meaning.
LENIENT = [
    (f"{EMPTY} / 0/0 0 lex CSW21; lex CSW21;", "lex: given twice with the same value",
     f"{EMPTY} / 0/0 0 lex CSW21;"),
    (f"{EMPTY} / 0/0 0 lex CSW21;; bb 40;", "operations: an empty operation ';'",
     f"{EMPTY} / 0/0 0 lex CSW21; bb 40;"),
    (f"{EMPTY}/ / 0/0 0", "board: a '/' after the last row", f"{EMPTY} / 0/0 0"),
    (QAT.replace("6QAT6", "6Q0AT6") + " / 0/0 0", "board row 8: a run of 0 empty squares",
     f"{QAT} / 0/0 0"),
    (QAT.replace("6QAT6", "06QAT6") + " / 0/0 0", "board row 8: a run with a leading zero",
     f"{QAT} / 0/0 0"),
    (f"{EMPTY} AB./ 0/0 0", "racks: rack 1: '.' for the blank (MAGPIE's alias of '?')",
     f"{EMPTY} AB?/ 0/0 0"),
    (f"{EMPTY} / +5/0 0", "scores: score 1 written with '+'", f"{EMPTY} / 5/0 0"),
    (f"\ufeff{EMPTY} / 0/0 0", "a byte-order mark before the CGP", f"{EMPTY} / 0/0 0"),
    (f"{EMPTY}  /\t0/0 0", "fields separated by '  ' instead of one space", f"{EMPTY} / 0/0 0"),
    (f"{EMPTY} / 0/0 0 -lex CSW21;", "lex: written '-lex' (MAGPIE's command-line style)",
     f"{EMPTY} / 0/0 0 lex CSW21;"),
    (f"{EMPTY} / 0/0 0 lex CSW21", "operations: the last operation has no ';'",
     f"{EMPTY} / 0/0 0 lex CSW21;"),
    (f"{EMPTY} / 007/0 0", "scores: score 1 has a leading zero", f"{EMPTY} / 7/0 0"),
]


@pytest.mark.parametrize(("text", "note", "meaning"), LENIENT)
def test_leniencies_are_read_noted_and_kept_for_an_exact_rewrite(
    text: str, note: str, meaning: str
) -> None:
    pos = Position(text)
    assert any(d.startswith(note) for d in pos.deviations), pos.deviations
    assert pos.cgp() == meaning
    assert pos == Position(meaning)
    assert Position(meaning).deviations == []
    assert pos.cgp(exact=True) == text  # byte for byte, as read
    pos = pos.replace(scores=[pos.scores[0] + 1, *pos.scores[1:]])  # once changed, the
    # exact text no longer describes it
    assert pos.cgp(exact=True) == pos.cgp()


@pytest.mark.parametrize(("text", "note", "meaning"), LENIENT)
def test_strict_refuses_every_leniency(text: str, note: str, meaning: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        Position(text, strict=True)
    err = info.value
    assert "strict" in err.message
    assert err.message.startswith(note)
    assert Position(meaning, strict=True).cgp() == meaning


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # lower case on a rack: the tile A, or a blank? Two meanings: refused.
        (f"{EMPTY} ab/ 0/0 0", "racks: rack 1: a rack holds tiles, not designated blanks: "
         "found 'a', which could be the tile 'A' or a blank"),
        # '?' on the board: a blank standing for which letter? Refused.
        (QAT.replace("6QAT6", "6Q?T6") + " / 0/0 0", "board row 8: a blank played on the "
         "board is written as the lower-case letter it stands for, found '?'"),
        # the same opcode twice with different values: first or last? Refused.
        (f"{EMPTY} / 0/0 0 lex CSW21; lex NWL23;", "lex: given twice with different values "
         "('CSW21', then 'NWL23': which one holds is not clear)"),
    ],
)
def test_what_has_no_one_clear_meaning_is_refused_naming_the_field(
    text: str, message: str
) -> None:
    for strict in (False, True):
        with pytest.raises(PuzzleFormatError) as info:
            Position(text, strict=strict)
        assert info.value.message.startswith(message)


@pytest.mark.parametrize(
    ("lm", "what"),
    [
        ("8g QAT", "the lower-case column"),
        ("8G (Q)AT", "a tile in parentheses"),
        ("ex ABC", "the exchange 'ex' followed by a space"),
        ("Exch. ABC", "the exchange 'Exch.' followed by a space"),
        ("PASS", "'PASS'"),
        ("8G..AT", "'.' in the spec's notation"),
        ("8G.QAT +5", "a challenge bonus after the spec's notation"),
        ("8G  QAT", "expected one space between the parts of the move"),
    ],
)
def test_strict_lm_accepts_only_the_two_published_notations(lm: str, what: str) -> None:
    text = f"{QAT} / 0/0 0 lm {lm};"
    Position(text)  # read when not strict
    with pytest.raises(PuzzleFormatError) as info:
        Position(text, strict=True)
    assert info.value.message.startswith("lm: ")
    assert what in info.value.message


def test_strict_agrees_with_the_spec_form_of_every_vector() -> None:
    """Every positive CGP of ../shared/vectors/cgp/ reads with strict=True exactly when it is
    in spec form (fields and operations separated by single spaces, each operation ending in
    ';', no MAGPIE '-lex'): the test helper's independent check."""
    counted = {True: 0, False: 0}
    for table in TABLES:
        for row in rows(table):
            if row.kind not in POSITIVE_KINDS:
                continue
            spec = is_spec_form(row.cgp)
            try:
                Position(row.cgp, strict=True)
                ok = True
            except PuzzleFormatError:
                ok = False
            assert ok == spec, row.where()
            counted[spec] += 1
    assert counted[True] >= 200
    assert counted[False] >= 200


@pytest.mark.parametrize("move", ["1A (A)", "8D W(OR)D", "D8 (Q)I"])
def test_a_move_with_tiles_marked_on_the_board_keeps_its_marks_in_spec_style(move: str) -> None:
    """The spec writes board tiles as plain letters, so ``(X)`` marks would be lost: such a
    move stays in the seed's form, and the line reads back equal (hypothesis found 1A (A))."""
    line = f"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ?/ 0/0 0 lm {move};\n"
    pos = cgp_format.FORMAT.loads(line)
    written = cgp_format.FORMAT.dumps(pos, lm_style="spec")
    assert f"lm {move};" in written
    assert cgp_format.FORMAT.loads(written) == pos
