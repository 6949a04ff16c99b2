"""JSON nested deeper than any puzzle needs is refused by every JSON reader the same way: a
PuzzleFormatError naming the format, the line and the column of the bracket that goes too
deep (issue 20), never a RecursionError, whatever the reader (keen-json, cgp-json, the
f-puzzles JSON, the models' from_json)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import puzzlefmt
from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Game, Position
from puzzlefmt.cli import main
from puzzlefmt.jsontext import MAX_DEPTH, too_deep
from puzzlefmt.keen import Puzzle
from puzzlefmt.sudoku import Grid

ARRAYS = "[" * 5000
OBJECTS = '{"a":' * 5000
# The bracket that opens level MAX_DEPTH + 1 of "[" * n is at this column of its line.
TOO_DEEP = MAX_DEPTH + 1


@pytest.mark.parametrize("fmt", ["keen-json", "cgp-json", "fpuzzles"])
@pytest.mark.parametrize("deep", [ARRAYS, OBJECTS])
def test_loads_refuses_deep_nesting_with_its_place(fmt: str, deep: str) -> None:
    # An object level is five characters ('{"a":'), an array level one.
    width = 1 if deep is ARRAYS else len('{"a":')
    if fmt == "fpuzzles" and deep is ARRAYS:
        deep = "{" + deep[1:]  # f-puzzles JSON is an object: '[' starts a payload
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(deep, fmt)
    err = info.value
    assert err.format == fmt
    assert err.line == 1
    assert err.column == MAX_DEPTH * width + 1
    assert "nested" in err.message
    assert str(err).startswith(f"{fmt}: ")
    assert f"line 1, column {err.column}: " in str(err)


@pytest.mark.parametrize("fmt", ["keen-json", "cgp-json", "fpuzzles"])
def test_the_place_is_the_line_and_column_in_a_document(fmt: str) -> None:
    """Pretty-printed JSON: the deep part on line 3, after six spaces and a key, inside the
    object of line 1 (one level already)."""
    text = '{\n  "size": 3,\n      "cages": ' + ARRAYS + "\n}\n"
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(text, fmt)
    err = info.value
    assert (err.format, err.line) == (fmt, 3)
    assert err.column == len('      "cages": ') + TOO_DEEP - 1


def test_keen_json_record_in_a_file_is_placed_and_numbered() -> None:
    good = Puzzle("3:a_a3_a_,a3m6m3s1").to_json()
    line = puzzlefmt.dumps(Puzzle.from_json(good), "keen-json")
    records = list(
        puzzlefmt.iter_records(iter([line, "\n", line, '{"size": ' + ARRAYS + "\n"]), "keen-json")
    )
    assert [r.ok for r in records] == [True, True, False]
    err = records[2].error
    assert err is not None
    assert (err.format, err.record, err.line, err.column) == (
        "keen-json",
        3,
        4,
        len('{"size": ') + TOO_DEEP - 1,
    )


def test_nesting_as_deep_as_allowed_is_read_as_json() -> None:
    """The limit refuses only what is deeper: MAX_DEPTH levels are JSON the reader looks at
    (and refuses for its shape, not its depth)."""
    text = '{"size": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(text, "keen-json")
    assert "nested" not in info.value.message


def test_brackets_inside_strings_do_not_count() -> None:
    text = '{"size": 3, "cages": "' + ARRAYS + '"}'
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(text, "keen-json")
    assert "nested" not in info.value.message


@pytest.mark.parametrize(
    ("reader", "fmt"),
    [
        (Grid.from_json, "sudoku"),
        (Puzzle.from_json, "keen-json"),
        (Position.from_json, "cgp-json"),
        (Game.from_json, "gcg-json"),
    ],
)
def test_from_json_refuses_deep_nesting_with_its_place(reader: object, fmt: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        reader("\n  " + ARRAYS)  # type: ignore[operator]
    err = info.value
    assert (err.format, err.line, err.column) == (fmt, 2, 2 + TOO_DEEP)


def test_cli_reports_deep_keen_json_as_a_rejected_record(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"  # type: ignore[operator]
    path.write_text(ARRAYS + "\n")
    code = main(["validate", str(path), "--from", "keen-json", "--no-progress"])
    err = capsys.readouterr().err
    assert "internal error" not in err
    assert "Traceback" not in err
    assert f"line 1, column {TOO_DEEP}" in err
    assert code != 3


def _first_too_deep(text: str, limit: int) -> int | None:
    """The same question, one character at a time: strings skipped (a backslash escapes the
    next character, an unclosed string runs to the end)."""
    depth = 0
    in_string = escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return i
        elif ch in "]}":
            depth -= 1
    return None


@given(text=st.text(st.sampled_from('[]{}"\\ a\n\ud800é'), max_size=300), limit=st.integers(0, 8))
def test_too_deep_finds_the_first_bracket_too_deep(text: str, limit: int) -> None:
    assert too_deep(text, limit) == _first_too_deep(text, limit)
