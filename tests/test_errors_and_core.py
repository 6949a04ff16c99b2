"""The shared machinery: the error type and its messages, text decoding, the registry, the
top-level API and streaming."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt import PuzzleFormatError
from puzzlefmt.sudoku import Grid
from puzzlefmt.textio import decode, iter_lines, split_lines

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


def test_decode_and_line_endings() -> None:
    text = "a\r\nb\rc\nd"
    assert split_lines(text) == ["a", "b", "c", "d"]
    assert decode("\ufeffx\r\ny".encode("utf-16-le")) == "x\r\ny"
    assert decode("\ufeffx\r\ny".encode("utf-16-be")) == "x\r\ny"
    assert decode(b"\xff\xfe" + "x\r\ny".encode("utf-16-le")) == "x\r\ny"
    assert decode(b"\xef\xbb\xbfabc") == "abc"
    assert decode(b"caf\xe9") == "café"
    assert list(iter_lines(["a\r", "\nb", "\r", "c"])) == ["a", "b", "c"]


def test_streaming_reads_lazily_from_any_handle() -> None:
    text = "\n".join([PUZZLE] * 5)
    handle = io.StringIO(text)
    stream = puzzlefmt.iter_records(handle, "txt")
    first = next(stream)
    assert first.value == Grid.from_line(PUZZLE)
    assert sum(1 for _ in stream) == 4
    binary = io.BytesIO(("\ufeff" + text).encode("utf-16"))
    assert sum(1 for _ in puzzlefmt.iter_records(binary)) == 5


def test_streaming_memory_does_not_grow_with_the_file() -> None:
    """A generator of lines that never ends: iter_records must yield without reading it all."""

    def endless() -> object:
        while True:
            yield PUZZLE + "\n"

    stream = puzzlefmt.iter_records(endless(), "sdm")  # type: ignore[arg-type]
    for i, rec in enumerate(stream):
        assert rec.ok
        if i == 1000:
            break


def test_load_dump_paths_and_extensions(tmp_path: Path) -> None:
    grid = Grid.from_line(PUZZLE)
    target = tmp_path / "p.sdk"
    puzzlefmt.dump(grid, target)
    assert target.read_text().startswith(".234..8..")
    assert puzzlefmt.load(target) == grid
    ss = tmp_path / "p.ss"
    puzzlefmt.dump(grid, ss)
    assert puzzlefmt.detect(ss.read_text())[0].format == "ss"


def test_registry_lists_formats_with_extensions() -> None:
    names = {f.name: f for f in puzzlefmt.formats()}
    for name in ("line", "sdk", "ss", "spf", "msk", "sol", "sdm", "txt"):
        assert names[name].family == "sudoku"
    assert puzzlefmt.get_format(".sdk").name == "sdk"
    assert puzzlefmt.get_format("SDM").name == "sdm"
    with pytest.raises(KeyError, match="unknown format"):
        puzzlefmt.get_format("nope")


def test_detect_gives_ranked_candidates_with_reasons() -> None:
    ranked = puzzlefmt.detect(PUZZLE)
    assert ranked[0].format == "line"
    assert "81 cells" in ranked[0].reason
    assert puzzlefmt.detect("hello world") == []
    with pytest.raises(PuzzleFormatError, match="nothing any format recognises"):
        puzzlefmt.loads("hello world")


def test_grid_repr_round_trips_and_str_is_a_picture() -> None:
    grid = Grid.from_line(PUZZLE)
    assert eval(repr(grid), {"Grid": Grid}) == grid
    assert str(grid).splitlines()[0] == "*-----------*"
    marks = Grid(candidates=grid.candidate_masks())
    assert eval(repr(marks), {"Grid": Grid}) == marks
