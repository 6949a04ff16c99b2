"""A number too long for its field is refused as one, with the library's error: a CGP
score or count of thousands of digits (not quoted whole), a keen-json integer past
Python's int() limit."""

from __future__ import annotations

import pytest

import puzzlefmt
from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Position

EMPTY = "/".join(["15"] * 15)


@pytest.mark.parametrize(("text", "field", "digits"), [
    (f"{EMPTY} / 0/{'9' * 5000} 0", "scores: score 2", 5000),
    (f"{EMPTY} / 0/-99999999999999999999 0", "scores: score 2", 20),
    (f"{EMPTY} / 0/0 {'9' * 5000}", "consecutive zero turns", 5000),
])
def test_a_huge_number_is_called_a_number_too_long(text: str, field: str, digits: int) -> None:
    """0.1 and 0.2 said "expected a whole number" of a whole number, and quoted all 5,000
    digits of it in the message."""
    with pytest.raises(PuzzleFormatError) as info:
        Position(text)
    message = info.value.message
    assert message.startswith(f"{field}: expected a whole number of at most 18 digits")
    assert f"found a number of {digits} digits" in message
    assert len(str(info.value)) < 300


def test_a_score_that_is_not_a_number_is_still_quoted() -> None:
    with pytest.raises(PuzzleFormatError, match=r"score 2: expected a whole number of at most "
                                                r"18 digits \(negative allowed\), found '1x'"):
        Position(f"{EMPTY} / 0/1x 0")


def test_an_integer_of_thousands_of_digits_in_keen_json_is_our_error() -> None:
    """0.1: a plain ValueError from int() past 4,300 digits."""
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads('{"size":3,"x":' + "9" * 5000 + "}", "keen-json")
    assert info.value.format == "keen-json"
