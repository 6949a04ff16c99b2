"""What the readers take (issue 20): ``loads`` and ``detect`` take ``str``, or bytes decoded
as a file's bytes are (``puzzlefmt.load(path)``'s decoding: a BOM, else UTF-8, else Latin-1);
the models' constructors read text. Anything else is a ``TypeError`` that says what was
expected, from ``loads``, ``detect``, ``dumps`` and every model's constructor alike (it was
``AttributeError`` or a backwards "a bytes-like object is required, not 'str'")."""

from __future__ import annotations

import codecs
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import puzzlefmt
from puzzlefmt.cgp import Game, Position
from puzzlefmt.keen import Puzzle
from puzzlefmt.sudoku import Grid

ROOT = Path(__file__).resolve().parent.parent
LINE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
KEEN = "3:a_a3_a_,a3m6m3s1"
CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0 lex NWL20;"
SDK_LATIN1 = "#AMüller\r\n" + "\r\n".join(LINE[i : i + 9] for i in range(0, 81, 9)) + "\r\n"

ENCODINGS = [
    ("utf-8", b""),
    ("utf-8", codecs.BOM_UTF8),
    ("utf-16-le", codecs.BOM_UTF16_LE),
    ("utf-16-be", codecs.BOM_UTF16_BE),
    ("latin-1", b""),
]


@pytest.mark.parametrize(("encoding", "bom"), ENCODINGS)
def test_loads_reads_bytes_as_load_reads_the_file(
    tmp_path: Path, encoding: str, bom: bytes
) -> None:
    data = bom + SDK_LATIN1.encode(encoding)
    path = tmp_path / "p.sdk"
    path.write_bytes(data)
    from_file = puzzlefmt.load(path, "sdk")
    assert from_file.meta  # the author line was read
    assert puzzlefmt.loads(data, "sdk") == from_file
    assert "Müller" in str(puzzlefmt.loads(data, "sdk").meta)
    # Detected too, as from an open binary file.
    with path.open("rb") as fh:
        assert puzzlefmt.loads(data) == puzzlefmt.load(fh)


def test_loads_takes_every_kind_of_bytes() -> None:
    data = LINE.encode()
    expected = puzzlefmt.loads(LINE)
    assert puzzlefmt.loads(data) == expected  # was: TypeError, backwards
    assert puzzlefmt.loads(bytearray(data)) == expected
    assert puzzlefmt.loads(memoryview(data), "line") == expected
    assert puzzlefmt.get_format("line").loads(data) == expected


def test_detect_takes_bytes() -> None:
    assert puzzlefmt.detect(LINE.encode()) == puzzlefmt.detect(LINE)
    assert puzzlefmt.detect(CGP.encode("utf-16"))[0].format == "cgp"


CONSTRUCTORS: list[tuple[str, Callable[[Any], object]]] = [
    ("Grid", Grid),
    ("Puzzle", Puzzle),
    ("Puzzle", lambda v: Puzzle(v, size=3)),
    ("Position", Position),
    ("Position", lambda v: Position(v, strict=True)),
    ("Game", Game),
    ("Game", lambda v: Game(v, strict=True)),
]


@pytest.mark.parametrize(("name", "reader"), CONSTRUCTORS)
def test_models_read_text_and_point_bytes_to_loads(
    name: str, reader: Callable[[Any], object]
) -> None:
    """A model is read from text (Puzzle(bytes) was already refused; the others raised
    AttributeError or a backwards message); the message says where bytes are read."""
    with pytest.raises(TypeError) as info:
        reader(KEEN.encode())
    assert str(info.value) == (
        f"{name}: expected str, got bytes (a model is read from text: puzzlefmt.loads reads bytes)"
    )


WRONG: list[object] = [123, 4.5, None, ["a"], object()]

READERS: list[tuple[str, Callable[[Any], object]]] = [
    ("loads", puzzlefmt.loads),
    ("loads", lambda v: puzzlefmt.loads(v, "line")),
    ("loads", lambda v: puzzlefmt.loads(v, "txt")),
    ("loads", puzzlefmt.get_format("keen").loads),
    ("detect", puzzlefmt.detect),
]

# None is left out for the constructors whose default it is (an empty model).
CASES = [(name, reader, value, "str or bytes") for name, reader in READERS for value in WRONG] + [
    (name, reader, value, "str")
    for name, reader in CONSTRUCTORS
    for value in WRONG
    if not (value is None and name in ("Grid", "Position", "Game"))
]


@pytest.mark.parametrize(("name", "reader", "value", "expected"), CASES)
def test_a_wrong_type_is_a_type_error_naming_what_was_expected(
    name: str, reader: Callable[[Any], object], value: object, expected: str
) -> None:
    with pytest.raises(TypeError) as info:
        reader(value)
    assert str(info.value) == f"{name}: expected {expected}, got {type(value).__name__}"


@pytest.mark.parametrize(
    "value", [123, "a text", b"bytes", None, [1, 2]], ids=lambda v: type(v).__name__
)
def test_dumps_of_what_is_not_a_model_names_the_models(value: object) -> None:
    with pytest.raises(TypeError) as info:
        puzzlefmt.dumps(value)
    message = str(info.value)
    assert message.startswith("dumps: expected a model (")
    for model in ("Grid", "Puzzle", "Position", "Game"):
        assert model in message
    wrong = "int" if isinstance(value, list) else type(value).__name__
    assert message.endswith(f"got {wrong}") or f"got {wrong};" in message


def test_dumps_of_text_says_to_read_it_first() -> None:
    with pytest.raises(TypeError, match=r"got str; read text with puzzlefmt\.loads first"):
        puzzlefmt.dumps(LINE, "sdk")
