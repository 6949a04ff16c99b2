"""Table tests over every file of ../shared/vectors/cgp/.

Positive strings read; spec-form ones write back identically; the others write a spec form
that is stable; negatives are rejected (an error or a status problem) with a message that
names the field; fragments of the spec read in context.
"""

from __future__ import annotations

import codecs
import re

import pytest
from cgp_vectors import (
    POSITIVE_KINDS,
    TABLES,
    is_spec_form,
    rows,
    uses_magpie_options,
    vector_path,
)

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Move, Position, Status, get_distribution

POSITIVE_TABLES = [t for t in TABLES if t not in ("magpie_invalid.tsv", "wolges_fen.tsv")]


@pytest.mark.parametrize("table", POSITIVE_TABLES)
def test_positive_strings_read(table: str) -> None:
    failures: list[str] = []
    count = 0
    for row in rows(table):
        if row.kind not in POSITIVE_KINDS:
            continue
        count += 1
        try:
            Position(row.cgp)
        except PuzzleFormatError as exc:
            failures.append(f"{row.where()}: {exc}")
    assert count > 0
    assert failures == []


@pytest.mark.parametrize("table", POSITIVE_TABLES)
def test_spec_form_strings_write_back_identically(table: str) -> None:
    failures: list[str] = []
    checked = 0
    for row in rows(table):
        if row.kind not in POSITIVE_KINDS or not is_spec_form(row.cgp):
            continue
        checked += 1
        written = Position(row.cgp).cgp()
        if written != row.cgp:
            failures.append(f"{row.where()}:\n  read    {row.cgp!r}\n  written {written!r}")
    # The MAGPIE peg positions all end "-lex CSW24" (MAGPIE option style, no ';').
    assert (checked > 0) == (table != "magpie_peg_positions.tsv")
    assert failures == []


@pytest.mark.parametrize("table", POSITIVE_TABLES)
def test_other_strings_write_a_stable_spec_form(table: str) -> None:
    """MAGPIE's ``-lex`` options, runs of spaces, a missing final ';': the writer gives the
    spec form, which reads back to the same position."""
    failures: list[str] = []
    for row in rows(table):
        if row.kind not in POSITIVE_KINDS or is_spec_form(row.cgp):
            continue
        first = Position(row.cgp)
        written = first.cgp()
        again = Position(written)
        if not is_spec_form(written) or again != first or again.cgp() != written:
            failures.append(f"{row.where()}: {row.cgp!r} -> {written!r}")
        if uses_magpie_options(row.cgp) and first.lexicon is None:
            failures.append(f"{row.where()}: -lex not read as lex")
    assert failures == []


def test_magpie_option_strings_are_all_accounted_for() -> None:
    """Every non-spec-form positive string is MAGPIE-style, spaced or missing its ';'."""
    odd: list[str] = []
    for table in POSITIVE_TABLES:
        for row in rows(table):
            if row.kind not in POSITIVE_KINDS or is_spec_form(row.cgp):
                continue
            s = row.cgp
            explained = (
                uses_magpie_options(s)
                or "  " in s
                or s != s.strip()
                or not s.rstrip().endswith(";")
            )
            if not explained:
                odd.append(row.where())
    assert odd == []


def test_magpie_round_trip_of_the_four_fields() -> None:
    """cgp_test.c: load, then game_get_cgp(game, true) equals the first four whitespace-
    separated fields joined by single spaces."""
    checked = 0
    for row in rows("magpie_valid.tsv"):
        if "first 4 whitespace-separated fields" not in row.stated:
            continue
        checked += 1
        expected = " ".join(row.cgp.split()[:4])
        assert Position(row.cgp).cgp(operations="none") == expected, row.where()
    assert checked >= 40


def test_magpie_game_facts_stated_in_the_tests() -> None:
    """game_test.c facts quoted in magpie_valid.tsv: racks and consecutive zeros."""
    facts = 0
    for row in rows("magpie_valid.tsv"):
        m = re.search(r"racks (\w+) / (\S+), consecutive zeros == (\d+)", row.stated)
        if m:
            pos = Position(row.cgp)
            assert "".join(pos.racks[0]) == m.group(1)
            assert "".join(pos.racks[1]) == m.group(2).rstrip(".")
            assert pos.zero_turns == int(m.group(3))
            facts += 1
        m = re.search(r"consecutive zeros == (\d+)\.", row.stated)
        if m:
            assert Position(row.cgp).zero_turns == int(m.group(1)), row.where()
            facts += 1
        m = re.search(r"player0 rack (\w+), player1 rack (\S+)\.", row.stated)
        if m:
            pos = Position(row.cgp)
            assert "".join(pos.racks[0]) == m.group(1)
            assert "".join(pos.racks[1]) == m.group(2)
            facts += 1
    assert facts >= 4


def test_catalan_writer_brackets_multi_code_point_tiles() -> None:
    (row,) = [r for r in rows("magpie_valid.tsv") if r.id == "CATALAN_CGP"]
    pos = Position(row.cgp)
    assert pos.distribution.name == "catalan"
    assert pos.distribution_source == "lex"
    written = pos.cgp()
    for tile in ("[L·L]", "[NY]", "[QU]"):
        assert tile in written
    assert written.split()[:4] == row.cgp.split()[:4]


def test_polish_position_reads_with_inferred_distribution() -> None:
    for table, ident in (("magpie_valid.tsv", "POLISH_CGP"), ("macondo.tsv", "macondo041")):
        (row,) = [r for r in rows(table) if r.id == ident]
        pos = Position(row.cgp)
        assert pos.distribution.name == "polish"
        assert {"Ś", "Ł", "Ż"} & {t for _, _, t in pos.tiles()}


def test_super_board_reads_21_by_21() -> None:
    (row,) = [r for r in rows("magpie_valid.tsv") if r.id == "ANTHROPOMORPHISATIONS_CGP"]
    pos = Position(row.cgp)
    assert (pos.rows, pos.cols) == (21, 21)
    assert pos.layout.name == "SuperCrosswordGame"
    assert pos.distribution.name == "english_super"
    assert pos.status() == Status.VALID


def test_lenient_row_width_is_refused_with_the_row_number() -> None:
    """macondo reads the French position whose row 3 is 14 squares wide; we do not."""
    lenient = [r for r in rows("macondo.tsv") if r.kind == "lenient_valid"]
    assert lenient
    for row in lenient:
        with pytest.raises(PuzzleFormatError) as info:
            Position(row.cgp)
        assert "board row 3" in info.value.message
        assert "expected 15 squares" in info.value.message
        assert info.value.column == row.cgp.index("8A1E1DO") + 1


# What each MAGPIE error code means here: raised while reading (with the field named in the
# message), or read and then reported by status().
RAISED = {
    "MISSING_REQUIRED_FIELDS": "fields",
    "INVALID_NUMBER_OF_BOARD_COLUMNS": "board row",
    "INVALID_NUMBER_OF_PLAYER_RACKS": "rack",
    "INVALID_NUMBER_OF_PLAYER_SCORES": "score",
    "MALFORMED_BOARD_LETTERS": "board row",
    "MALFORMED_RACK_LETTERS": "racks",
    "MALFORMED_SCORES": "scores",
    "MALFORMED_CONSECUTIVE_ZEROS": "consecutive zero turns",
}
REPORTED = {
    "INVALID_NUMBER_OF_BOARD_ROWS": (Status.BAD_BOARD_SIZE, "board"),
    "BOARD_LETTERS_NOT_IN_BAG": (Status.TOO_MANY_TILES, "board"),
    "RACK_LETTERS_NOT_IN_BAG": (Status.OVER_BAG, "racks"),
}


def test_negative_strings_are_rejected_naming_the_field() -> None:
    negatives = [r for r in rows("magpie_invalid.tsv") if r.kind == "invalid"]
    assert len(negatives) == 23
    for row in negatives:
        code = re.search(r"ERROR_STATUS_CGP_PARSE_([A-Z_]+)", row.stated)
        assert code, row.where()
        text = row.cgp
        if "C escapes" in row.stated:
            text = codecs.decode(text, "unicode_escape")
        if code.group(1) in RAISED:
            with pytest.raises(PuzzleFormatError) as info:
                Position(text)
            assert RAISED[code.group(1)] in info.value.message, (row.where(), info.value)
            assert info.value.format == "cgp"
            assert info.value.column is not None
        else:
            flag, field = REPORTED[code.group(1)]
            pos = Position(text)
            assert flag in pos.status(), row.where()
            assert not pos.is_valid()
            assert any(p.message.startswith(field + ":") for p in pos.problems()), (
                pos.problems())


def test_every_vector_is_in_spec_form_or_negative_or_fragment() -> None:
    """No row kind is left untested by the tests above."""
    kinds = {r.kind for t in TABLES for r in rows(t)}
    assert kinds <= {
        *POSITIVE_KINDS,
        "invalid",
        "lenient_valid",
        "board_only",
        "row_only",
        "racks_only",
        "scores_only",
        "opcode_only",
    }


def test_board_only_strings_read_as_boards() -> None:
    boards = [
        r for t in ("wolges_fen.tsv", "open_protocols_spec.tsv") for r in rows(t)
        if r.kind == "board_only"
    ]
    assert len(boards) >= 19
    for row in boards:
        pos = Position(f"{row.cgp} / 0/0 0")
        assert (pos.rows, pos.cols) == (15, 15), row.where()
        assert Position(pos.cgp()).cgp().split()[0] == row.cgp


def test_spec_fragments_in_context() -> None:
    empty = "/".join(["15"] * 15)
    for row in rows("open_protocols_spec.tsv"):
        if row.kind == "row_only":
            pos = Position(f"{row.cgp} / 0/0 0")
            assert pos.cols == 15
            assert pos.board[0].index("D") == 7  # "the 8th position"
        elif row.kind == "racks_only":
            pos = Position(f"{empty} {row.cgp} 0/0 0")
            assert "/".join("".join(r) for r in pos.racks) == row.cgp
        elif row.kind == "scores_only":
            pos = Position(f"{empty} / {row.cgp} 0")
            assert pos.scores == [int(s) for s in row.cgp.split("/")]
        elif row.kind == "opcode_only":
            text = f"{empty} / 0/0 0 {row.cgp}"
            pos = Position(text)
            assert pos.cgp() == text
            opcode, _, operand = row.cgp.rstrip(";").partition(" ")
            value = pos.operation_values().get(opcode)
            if opcode == "tmr":
                assert value == [int(v) for v in operand.split("/")]
            elif opcode in ("ti", "to"):
                assert value == int(operand)
            elif opcode == "oru":
                assert value is True
            elif value is not None:
                assert value == operand
            else:
                assert [str(op) for op in pos.unknown_operations] == [row.cgp]


def test_spec_example_last_move_is_an_exchange_of_two() -> None:
    (row,) = [r for r in rows("open_protocols_spec.tsv") if r.id == "spec1"]
    pos = Position(row.cgp)
    assert pos.last_move == Move.exchange(2)
    assert pos.racks == [list("AELNOQT"), []]
    assert pos.lexicon == "NWL18"


def test_machine_letters_of_board_rows() -> None:
    """macondo TestRowToLetters: each row's tiles as machine letters, with and without
    brackets."""
    text = vector_path("macondo_rowtoletters.tsv").read_text(encoding="utf-8")
    previous: list[int] = []
    checked = 0
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        _, ident, _, dist_name, row_text, expected_text = line.split("\t")
        expected = _expected_letters(expected_text, previous)
        dist = get_distribution(dist_name)
        pos = Position(f"{row_text} / 0/0 0", distribution=dist)
        got = [0 if sq is None else dist.index(sq) for sq in pos.board[0]]
        assert got == expected, ident
        previous = expected
        checked += 1
    assert checked == 12


def _expected_letters(text: str, previous: list[int]) -> list[int]:
    """The file's notation: "0x10" is ten zeros, "N|0x80" a designated blank, "[0]*15" and
    "0 x15" fifteen zeros, "(=[...])" a spelled-out list, "same as previous"."""
    if text.startswith("same as previous"):
        return previous
    spelled = re.search(r"\(=\[([^\]]*)\]\)", text)
    if spelled:
        return [int(x) for x in spelled.group(1).split(",")]
    m = re.fullmatch(r"\[0\]\*(\d+)|0 x(\d+)", text.strip())
    if m:
        return [0] * int(m.group(1) or m.group(2))
    out: list[int] = []
    for item in re.sub(r"\s*\(.*\)\s*$", "", text).split(","):
        item = item.strip()
        if re.fullmatch(r"0x\d+", item):
            out.extend([0] * int(item[2:]))
        elif "|0x80" in item:
            out.append(int(item.split("|")[0]) | 0x80)
        else:
            out.append(int(item))
    return out


def test_computed_summaries_agree_on_tile_counts() -> None:
    """The harvest's independent summary (tiles on board, bag remaining) matches ours for
    every full positive CGP that has one."""
    import json

    checked = 0
    for table in POSITIVE_TABLES:
        for line in vector_path(table).read_text(encoding="utf-8").split("\n"):
            cols = line.split("\t")
            if len(cols) < 6 or not cols[5].startswith("{") or cols[2] not in POSITIVE_KINDS:
                continue
            summary = json.loads(cols[5])
            pos = Position(cols[3])
            assert sum(1 for _ in pos.tiles()) == summary["tiles_on_board"], cols[1]
            assert pos.distribution.name == summary["ld"].replace("super_english", "english_super")
            if summary["over_distribution"] == []:
                # the summary's "bag": tiles neither on the board nor on a known rack
                assert sum(pos.unseen().values()) == summary["bag_remaining"], cols[1]
                assert pos.status() & (Status.TOO_MANY_TILES | Status.OVER_BAG) == 0
            checked += 1
    assert checked > 400
