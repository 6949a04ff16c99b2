"""A Keen game ID pasted with a prefix (``keen:``, the web page's address) is detected and
read as the plain ID, by the API and on the command line; an error points into the line
as given."""

from __future__ import annotations

import io
import sys

import pytest

import puzzlefmt
from puzzlefmt import PuzzleFormatError
from puzzlefmt.cli import main

KEEN_ID = "3:a_a3_a_,a3m6m3s1"
PAGE = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#"


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
