"""Validation: the real program's verdicts, our extra checks, strict and lenient modes."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt import PuzzleFormatError
from puzzlefmt.keen import (
    KeenWarning,
    Puzzle,
    upstream_desc_error,
    upstream_verdict,
    validate,
)
from puzzlefmt.keen.validate import target_reachable

from helpers import examples

GOOD = "3:a_a3_a_,a3m6m3s1"


def _codes(p: Puzzle) -> list[str]:
    return [pr.code for pr in p.problems()]


def test_good_puzzle_has_no_problems() -> None:
    p = Puzzle(GOOD, solution="213321132")
    assert p.problems() == []
    assert p.is_valid()
    assert validate(GOOD, strict=True) == Puzzle(GOOD)


def test_size_outside_keen() -> None:
    p = Puzzle("2:_5,a1a2a2a1")
    assert _codes(p) == ["size"]
    assert p.problems()[0].severity == "error"
    assert "Grid size must be between 3 and 9" in p.problems()[0].message
    big = Puzzle.from_cages(10, [((c,), "a", c % 10 + 1) for c in range(100)])
    assert _codes(big) == ["size"]
    with pytest.raises(PuzzleFormatError, match="Grid size must be between 3 and 9"):
        validate(big.game_id())


def test_empty_and_unreachable_targets() -> None:
    p = Puzzle("3:_13,aaaaaaaaa")
    assert _codes(p) == ["empty-target"] * 9
    assert all(pr.severity == "warning" for pr in p.problems())
    q = Puzzle("3:a_a3_a_,a7m6m3s1")  # two different digits of 1..3 never add to 7
    assert _codes(q) == ["unreachable-target"]
    assert "cage 1 (a7, first cell row 1 column 1)" in q.problems()[0].message
    r = Puzzle("3:a_a3_a_,a3m6m3s3")  # a difference of 3 needs digits 3 apart
    assert _codes(r) == ["unreachable-target"]


@pytest.mark.parametrize(
    ("cells", "op", "target", "size", "reachable"),
    [
        ((0,), "a", 3, 3, True), ((0,), "a", 4, 3, False), ((0,), "m", 0, 3, False),
        ((0, 1), "s", 2, 3, True), ((0, 1), "s", 0, 3, False), ((0, 1), "d", 1, 3, False),
        ((0, 1), "d", 3, 3, True), ((0, 1), "d", 4, 3, False),
        ((0, 1), "a", 2, 3, False),  # 1+1 in one row is not allowed
        ((0, 4), "a", 2, 3, True),  # ... but on a diagonal it is (cells 0 and 4 of a 3x3)
        ((0, 1, 2), "m", 6, 3, True), ((0, 1, 2), "m", 8, 3, False),
        # Cells 1 and 3 share neither row nor column: 1 2 / 2 makes 5, but 3 needs 1 1 / 1.
        ((0, 1, 3), "a", 5, 3, True), ((0, 1, 3), "a", 3, 3, False),
    ],
)
def test_target_reachable(cells: tuple[int, ...], op: str, target: int, size: int,
                          reachable: bool) -> None:
    from puzzlefmt.keen import Cage, Op

    assert target_reachable(Cage(cells, Op(op), target), size) is reachable


def test_target_overflow() -> None:
    p = Puzzle("3:_13,m536870912" + "a1" * 8)
    assert _codes(p)[0] == "target-overflow"
    assert "2**29" in p.problems()[0].message


def test_multiplication_only_flag() -> None:
    p = Puzzle("3dnm:a_a3_a_,a3m6m3s1")
    assert _codes(p) == ["not-multiplication"] * 2


def test_bad_solution() -> None:
    p = Puzzle(GOOD, solution="123231312")
    codes = _codes(p)
    assert set(codes) == {"bad-solution"}
    messages = [pr.message for pr in p.problems()]
    assert messages == ["the attached solution: cage 2 (m6) is not met by 3 3 1",
                        "the attached solution: cage 3 (m3) is not met by 2 3"]
    assert Puzzle(GOOD).check_solution([1] * 9)[0] == "row 1 repeats a digit"


def test_seed_problem() -> None:
    assert _codes(Puzzle("6dn#123")) == []  # expanded: the game's own puzzle
    assert _codes(Puzzle("12dn#123")) == ["size", "seed"]


def test_validate_warns_or_raises() -> None:
    text = "3:_13,aaaaaaaaa"
    with pytest.warns(KeenWarning, match="no target digits"):
        p = validate(text)
    assert p == Puzzle(text)
    with pytest.raises(PuzzleFormatError, match=r"no target digits.*\(and 8 more\)"):
        validate(text, strict=True)


def test_validate_reads_params_as_keen_does() -> None:
    """Keen ignores what follows the parameters it knows; validate() does too, while the
    reader refuses it."""
    assert upstream_verdict("3mdn:a_a3_a_,a3m6m3s1") is None
    with pytest.raises(PuzzleFormatError):
        Puzzle("3mdn:a_a3_a_,a3m6m3s1")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", KeenWarning)
        p = validate("3mdn:a_a3_a_,a3m6m3s1")
    assert p.params() == "3m"
    assert upstream_verdict("3dq:a_a3_a_,a3m6m3s1") == "Unknown difficulty rating"
    assert upstream_verdict("3dq:a_a3_a_,a3m6m3s1", check_params=False) is None
    assert upstream_verdict("6dn#anything at all") is None
    assert upstream_verdict("10:_181") == "Grid size must be between 3 and 9"
    with pytest.raises(PuzzleFormatError, match="Unknown difficulty rating"):
        validate("3dq:a_a3_a_,a3m6m3s1")
    with pytest.raises(PuzzleFormatError, match="parameters only"):
        validate("6dn")


def test_validate_y_runs_upstream() -> None:
    text = "9:y_119," + "a1" * 56
    # The real program reads 'y' as 25 shared edges and no wall: not enough data.
    with pytest.raises(PuzzleFormatError, match="Not enough data") as info:
        validate(text)
    assert info.value.column is not None


# The real program's verdict and our reader in its mode agree on every text.
_DESC_ALPHABET = st.sampled_from([*list("_abcdemsxyz0123456789,"), "12", "a1", "_1"])


@given(size=st.integers(1, 6), parts=st.lists(_DESC_ALPHABET, max_size=40))
@examples(300)
def test_upstream_reader_matches_verdict(size: int, parts: list[str]) -> None:
    desc = "".join(parts)
    verdict = upstream_desc_error(desc, size)
    error: PuzzleFormatError | None = None
    try:
        Puzzle(f"{size}:{desc}", runs="upstream")
    except PuzzleFormatError as exc:
        error = exc
    if error is None:
        assert verdict is None, (desc, verdict)
    else:
        assert verdict is not None, desc
        assert f'"{verdict}"' in error.message


@given(size=st.integers(3, 6), data=st.data())
@examples(100)
def test_upstream_reader_matches_verdict_near_valid(size: int, data: st.DataObject) -> None:
    """Start from a valid description and edit a few characters."""
    from strategies.keen import puzzles

    p = data.draw(puzzles(min_size=size, max_size=size))
    text = list(p.desc(on_misread="ignore"))
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        text.insert(i, data.draw(_DESC_ALPHABET))
    desc = "".join(text)
    verdict = upstream_desc_error(desc, size)
    try:
        Puzzle(f"{size}:{desc}", runs="upstream")
    except PuzzleFormatError:
        assert verdict is not None
    else:
        assert verdict is None


# -------------------------------------------------------------------- issue 11: exactness


@pytest.mark.parametrize("blank", [" ", "\t", "\r", "\v", "\f", "\n", "\r\n"])
def test_validate_refuses_trailing_blanks_as_keen_does(blank: str) -> None:
    """keensolver (built from keen.c) answers "Too many clues for block structure" to each
    of these: the blank is read as a clue. validate() used to strip it and accept."""
    text = GOOD + blank
    assert upstream_verdict(text) == "Too many clues for block structure"
    with pytest.raises(PuzzleFormatError) as info:
        validate(text)
    err = info.value
    assert err.column == len(GOOD) + 1
    assert err.found == repr(blank[0])
    assert 'Keen: "Too many clues for block structure"' in str(err)
    assert Puzzle(text) == Puzzle(GOOD)  # the lenient reader ignores surrounding blanks


@pytest.mark.parametrize("blank", [" ", "\t", "\n"])
def test_validate_skips_leading_blanks_as_keen_does(blank: str) -> None:
    """keen.c reads the size with atoi, which skips leading blanks (keensolver grades these
    Normal)."""
    assert upstream_verdict(blank + GOOD) is None
    assert validate(blank + GOOD, strict=True) == Puzzle(GOOD)


def test_validate_keeps_seed_text_as_keen_does() -> None:
    """A seed is everything after '#', as the real program's midend takes it: a '\\r' in it,
    or blanks around it, are seed text, not errors."""
    for seed in ("12\r34", "1234 ", " 1234", "12\n34", ""):
        assert upstream_verdict(f"6dn#{seed}") is None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", KeenWarning)
            p = validate(f"6dn#{seed}")
        assert (p.seed, p.size, p.params()) == (seed, 6, "6dn")
        assert p.is_valid()  # the seed warning is only a warning


def test_validate_refuses_a_seed_that_is_not_text() -> None:
    with pytest.raises(PuzzleFormatError, match="seed text"):
        validate("6dn#1\ud800")


def test_validate_reads_a_c_string() -> None:
    """The real program's text ends at a NUL."""
    assert upstream_verdict(GOOD + "\x00junk") is None
    assert validate(GOOD + "\x00junk", strict=True) == Puzzle(GOOD)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", KeenWarning)
        assert validate("6dn#12\x0034").seed == "12"


@given(text=st.text(alphabet=st.sampled_from([*"3:a_3,ms16dn#m", " ", "\t", "\r", "\n",
                                              "\v", "\f", "x"]), max_size=24))
@examples(300)
def test_validate_refuses_exactly_what_the_verdict_refuses(text: str) -> None:
    error: PuzzleFormatError | None = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", KeenWarning)
        try:
            validate(text)
        except PuzzleFormatError as exc:
            error = exc
    verdict = upstream_verdict(text)
    if error is None:
        assert verdict is None
    elif verdict is None:
        assert "parameters only" in str(error)  # our refusal: no puzzle in the text
    else:
        assert verdict in str(error)
