"""The reader's error messages: each names the field, quotes what was found, says what was
expected, and points at the column where the problem starts."""

from __future__ import annotations

import pytest

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Position

EMPTY = "/".join(["15"] * 15)


def _error(text: str, **kwargs: object) -> PuzzleFormatError:
    with pytest.raises(PuzzleFormatError) as info:
        Position(text, **kwargs)  # type: ignore[arg-type]
    err = info.value
    assert err.format == "cgp"
    assert isinstance(err, ValueError)
    return err


@pytest.mark.parametrize(
    ("text", "field", "found", "at"),
    [
        # rows of unequal width
        ("15/14/15 / 0/0 0", "board row 2: expected 15 squares like row 1, found 14", None, "14"),
        # a digit run that overflows the row
        ("15/3A12/15 / 0/0 0", "board row 2: the run 12 of empty squares overflows", "16", "12"),
        ("15/14AB/15 / 0/0 0", "board row 2: the tile 'B' overflows", None, "B/"),
        # an unknown tile for the distribution
        ("15/7Ś7/15 / 0/0 0", "board row 2: expected a tile of the english distribution", "Ś",
         "Ś"),
        ("15/7.7/15 / 0/0 0", "or a run of empty squares, found '.'", ".", "."),
        # [X] around one code point
        ("15/7[A]7/15 / 0/0 0", "board row 2: brackets are only for tiles of several", "[A]",
         "[A]"),
        ("15/7[CH7/15 / 0/0 0", "board row 2: expected ']'", None, "[CH7"),
        ("15/15/15 [A]/ 0/0 0", "racks: rack 1: brackets are only for tiles", "[A]", "[A]"),
        # racks and scores of different counts
        ("15/15/15 A/B/C 0/0 0", "scores: expected one score per rack (3 racks), found 2",
         None, "0/0"),
        # a non-integer score
        ("15/15/15 / 0/1.5 0", "scores: score 2: expected a whole number", "1.5", "1.5"),
        ("15/15/15 / 0/٣ 0", "scores: score 2: expected a whole number", "٣", "٣"),
        ("15/15/15 AB5/ 0/0 0", "racks: rack 1: expected a tile of the english distribution or "
         "'?', found '5'", "5", "5/ "),
        ("15/15/15 a/ 0/0 0", "racks: rack 1: a rack holds tiles, not designated blanks", "a",
         "a/"),
        ("15/15/15 / 0/0 -1", "consecutive zero turns: expected a whole number", "-1", "-1"),
        ("15/15/15 / 0/0", "expected 4 fields (board, racks, scores, consecutive zero turns)",
         None, None),
        ("", "expected 4 fields", None, None),
        # operations
        ("15/15/15 / 0/0 0 bb x;", "bb: expected a bingo bonus in points (a whole number)",
         "x", "x;"),
        ("15/15/15 / 0/0 0 bb;", "bb: expected a bingo bonus in points, found nothing", None,
         None),
        ("15/15/15 / 0/0 0 lex A B;", "lex: expected one operand", "A B", "A B"),
        ("15/15/15 / 0/0 0 cr sometimes;", "cr: expected a challenge rule", "sometimes",
         "sometimes"),
        ("15/15/15 / 0/0 0 tmr 1/2/3;", "tmr: expected one timer per player (2), found 3",
         None, "1/2/3"),
        ("15/15/15 / 0/0 0 tmr 1/x;", "tmr: timer 2: expected milliseconds", "x", "x;"),
        ("15/15/15 / 0/0 0 lex A; lex B;", "lex: given twice", None, "lex B"),
        ("15/15/15 / 0/0 0 ld klingon;", "ld: unknown letter distribution 'klingon'", None,
         "klingon"),
        ("15/15/15 / 0/0 0 lm 8D;", "lm: expected tiles after the coordinate", None, None),
        ("15/15/15 / 0/0 0\n15/15/15 / 0/0 0", "a CGP is one line", None, "\n"),
    ],
)
def test_syntax_errors(text: str, field: str, found: str | None, at: str | None) -> None:
    err = _error(text)
    assert field in err.message
    if found is not None:
        assert repr(found) in err.message or found in (err.found or "")
    if at is not None:
        assert err.column == text.index(at) + 1, (err.column, text.index(at) + 1)
    assert str(err).startswith("cgp: column ")


def test_error_prints_with_the_field_text_quoted() -> None:
    """Row 1 sets the width; the first row that differs is the one reported."""
    text = f"{EMPTY.replace('15', '7D6', 1)} / 0/0 0"
    err = _error(text)
    assert err.message == (
        "board row 2: the run 15 of empty squares overflows the row (expected 14 squares wide "
        "like row 1)"
    )
    assert err.column == 5
    assert str(err) == f"cgp: column 5: {err.message} (\"15\")"


def test_unknown_tile_says_how_the_distribution_was_chosen() -> None:
    err = _error("15/7Ç7/15 / 0/0 0 lex CSW21;")
    assert "english inferred from the lexicon" in err.message
    err = _error("15/7Ç7/15 / 0/0 0")
    assert "english is the default" in err.message
    # the same tile is fine once the distribution is right
    assert Position("15/7Ç7/15 / 0/0 0 lex DISC2;").board[1][7] == "Ç"
    assert Position("15/7Ç7/15 / 0/0 0", distribution="catalan").board[1][7] == "Ç"


def test_huge_numbers_are_refused_not_built() -> None:
    err = _error("99999999999999999999/15 / 0/0 0")
    assert "overflows the row" in err.message
    err = _error("15/15 / 0/" + "9" * 5000 + " 0")
    assert "scores: score 2" in err.message
    err = _error("15/15 / 0/0 0 bb " + "9" * 5000 + ";")
    assert err.message.startswith("bb: ")


def test_too_many_rows_are_refused() -> None:
    err = _error("/".join(["1"] * 1001) + " / 0/0 0")
    assert "board: expected at most 1000 rows" in err.message


def test_collection_errors_say_which_record() -> None:
    import puzzlefmt

    text = f"# two positions\n{EMPTY} / 0/0 0\n{EMPTY} / 0/x 0\n"
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(text, "cgp-list")
    err = info.value
    assert (err.record, err.line) == (2, 3)
    assert "scores: score 2" in err.message
    assert str(err).startswith("cgp: record 2, line 3, column ")
