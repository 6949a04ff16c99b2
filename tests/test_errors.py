"""The error type and its messages: format, line and column, what was expected and what was
found; an error moved into a collection names its record, line and path, and survives
pickling."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt import PuzzleFormatError

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."


def test_error_message_names_format_line_column_found_expected() -> None:
    err = PuzzleFormatError.expecting(
        "9 cells in a row", "8", format="sdk", line=4, column=7, text="12.4.6.8"
    )
    assert str(err) == 'sdk: line 4, column 7: expected 9 cells in a row, found 8 ("12.4.6.8")'
    assert isinstance(err, ValueError)
    assert (err.format, err.line, err.column, err.expected, err.found) == (
        "sdk", 4, 7, "9 cells in a row", "8")


def test_error_relocates_into_a_collection_and_survives_pickling() -> None:
    err = PuzzleFormatError("bad", format="txt", line=1, column=5)
    moved = err.relocated(line=40, record=12, path="big.txt")
    assert str(moved) == "big.txt: txt: record 12, line 40, column 5: bad"
    back = pickle.loads(pickle.dumps(moved))
    assert str(back) == str(moved)
    assert back.record == 12


def test_sdk_row_error_reads_like_the_issue_example() -> None:
    text = "2..1.5..3\n.54...71.\n.1.2.3.8.\n12.4.6.8\n.........\n" + ".........\n" * 4
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(text, "sdk")
    err = info.value
    assert err.format == "sdk"
    assert err.line == 4
    assert "expected 9 cells in a row, found 8" in str(err)
    assert '"12.4.6.8"' in str(err)


@pytest.mark.parametrize(
    ("fmt", "text", "line", "column", "words"),
    [
        ("line", PUZZLE[:40] + "?" + PUZZLE[41:], 1, 41, "found '?'"),
        ("line", PUZZLE[:-3], 1, 79, "expected 81 cells, found 78"),
        ("line", PUZZLE + "5", 1, 82, "found 82 cells"),
        ("ss", "*-----------*\n|.23|4..|8..|\n|6..|..7|..|\n" + "|...|...|...|\n" * 7
         + "*-----------*\n", 3, 12, "expected 9 cells in a row, found 8"),
        ("sukaku", "123456789" * 80 + "12345678?", 1, 729, "found '?'"),
        ("candidates", "12 3 " * 40, None, None, "expected 81 candidate groups, found 80"),
        ("hodoku-lib", ":0000:1:" + "y" * 81 + ":::1:", None, 9, "found 'y'"),
    ],
)
def test_error_positions(fmt: str, text: str, line: int | None, column: int | None,
                         words: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(text, fmt)
    err = info.value
    assert err.format == fmt
    if line is not None:
        assert err.line == line
    if column is not None:
        assert err.column == column
    assert words in str(err)


def test_collection_error_names_record_and_line(tmp_path: Path) -> None:
    path = tmp_path / "c.sdm"
    path.write_text("# title\n" + PUZZLE + "\n" + PUZZLE[:50] + "\n" + PUZZLE + "\n")
    records = list(puzzlefmt.iter_records(str(path)))
    assert [r.ok for r in records] == [True, False, True]
    err = records[1].error
    assert err is not None
    assert (err.record, err.line, err.path) == (2, 3, str(path))
    assert str(err).startswith(f"{path}: sdm: record 2, line 3, column 51: expected 81 cells")
    with pytest.raises(PuzzleFormatError):
        list(puzzlefmt.iter_records(str(path), errors="raise"))
    assert len(list(puzzlefmt.iter_records(str(path), errors="skip"))) == 2
