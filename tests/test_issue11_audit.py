"""What the audit of issue 11 on 0.2 found still failing, each through the reproducer the issue
gives (the rest of the issue has its tests where the code lives; the audit table in the
branch report maps every bullet to one)."""

from __future__ import annotations

import io
import sys

import pytest

import puzzlefmt
from puzzlefmt.cgp import Position
from puzzlefmt.cli import main
from puzzlefmt.errors import PuzzleFormatError

KEEN_ID = "3:a_a3_a_,a3m6m3s1"
PAGE = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#"
EMPTY = "/".join(["15"] * 15)


@pytest.mark.parametrize(("pasted", "plain"), [
    (f"keen:{KEEN_ID}", KEEN_ID),
    (f"KEEN:{KEEN_ID}", KEEN_ID),
    (f"  keen:{KEEN_ID}  ", KEEN_ID),
    (f"{PAGE}{KEEN_ID}", KEEN_ID),
    (f"http://example.org/keen.html#{KEEN_ID} S213321132", f"{KEEN_ID} S213321132"),
])
def test_a_keen_id_pasted_with_a_prefix_is_detected_and_read(pasted: str, plain: str) -> None:
    """0.1: "found nothing any format recognises"; the prefix is skipped, not written."""
    assert puzzlefmt.detect(pasted + "\n")[0].format == "keen"
    puzzle = puzzlefmt.loads(pasted, "keen")
    assert puzzle == puzzlefmt.loads(plain, "keen")
    assert puzzle.game_id() == KEEN_ID
    many = puzzlefmt.loads(f"# pasted\n{pasted}\n{plain}\n", "keen-list")
    assert list(many) == [puzzle, puzzle]
    assert puzzlefmt.detect(f"# pasted\n{pasted}\n{plain}\n")[0].format == "keen-list"


def test_a_random_seed_id_behind_a_page_address_keeps_its_seed() -> None:
    puzzle = puzzlefmt.loads(f"{PAGE}5de#846699649745236", "keen")
    assert puzzle.seed == "846699649745236"
    assert puzzle.game_id() == "5de#846699649745236"


def test_an_error_after_a_prefix_points_into_the_line_as_given() -> None:
    bad = f"keen:{KEEN_ID[:-2]}x1"
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(bad, "keen")
    assert info.value.column == bad.index("x") + 1
    assert info.value.text == bad


def test_a_keen_id_with_a_prefix_on_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        f"{PAGE}{KEEN_ID}\n".encode())))
    assert main(["convert", "-", "--to", "keen"]) == 0
    assert capsys.readouterr().out == KEEN_ID + "\n"


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
