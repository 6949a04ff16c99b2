"""What the reliability audit (issue 11) found in the CGP family: a picture of a huge board,
the message of a row too wide, huge integers in JSON."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Game, Position
from puzzlefmt.cgp.svg import MAX_PICTURE_SQUARES, cgp_svg
from puzzlefmt.cli import main


def test_a_picture_of_a_huge_board_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = Position.empty(1000, 1000)  # the reader allows 1000 squares a side
    started = time.perf_counter()
    with pytest.raises(ValueError, match=r"at most 10,000 squares \(100x100\); this board is "
                                         r"1000x1000 \(1,000,000 squares\)"):
        cgp_svg(big)
    path = tmp_path / "big.cgp"
    path.write_text(big.cgp() + "\n", encoding="utf-8")
    assert main(["render", str(path), "-o", "-"]) == 2
    err = capsys.readouterr().err
    assert "cannot draw it" in err
    assert "at most 10,000 squares" in err
    assert time.perf_counter() - started < 20  # 0.1 took 77 s and 4.6 GB
    side = int(MAX_PICTURE_SQUARES**0.5)
    assert cgp_svg(Position.empty(side, side)).startswith("<svg")  # the largest drawn


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1000A / 0/0 0", "board row 1: the tile 'A' overflows the row (expected at most 1000 "
                          "squares wide)"),
        ("999AB / 0/0 0", "board row 1: the tile 'B' overflows the row (expected at most 1000 "
                          "squares wide)"),
        ("1001 / 0/0 0", "board row 1: the run 1001 of empty squares overflows the row "
                         "(expected at most 1000 squares wide)"),
        ("15/14AB / 0/0 0", "board row 2: the tile 'B' overflows the row (expected 15 squares "
                            "wide like row 1)"),
    ],
)
def test_a_row_too_wide_says_how_wide_a_row_may_be(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        Position(text)
    assert info.value.message == message
    assert "-1" not in str(info.value)


HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("read", "text", "format"),
    [
        (Position.from_json, '{"board": [[null]], "scores": [' + HUGE + "]}", "cgp-json"),
        (Position, '{"zero_turns": ' + HUGE + "}", "cgp-json"),
        (Game.from_json, '{"players": [], "events": [{"score": ' + HUGE + "}]}", "gcg-json"),
    ],
)
def test_an_integer_of_thousands_of_digits_in_json_is_our_error(
    read: object, text: str, format: str
) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        read(text)  # type: ignore[operator]
    assert info.value.format == format
    assert "JSON" in str(info.value)


def test_a_score_too_large_in_json_names_the_key() -> None:
    data = Position().to_json()
    data["scores"] = [10**30, 0]
    with pytest.raises(PuzzleFormatError, match=r"scores\[0\]: expected a whole number of at "
                                                r"most 18 digits"):
        Position.from_json(data)
