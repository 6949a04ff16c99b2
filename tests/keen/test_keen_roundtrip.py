"""Hypothesis: random puzzles round-trip through every writer; random and mutated text into
every reader raises only PuzzleFormatError."""

from __future__ import annotations

import contextlib
import warnings

from hypothesis import given
from hypothesis import strategies as st

import puzzlefmt
from puzzlefmt import PuzzleFormatError
from puzzlefmt.keen import KeenCompatibilityWarning, KeenWarning, Puzzle, validate

from helpers import examples
from strategies.keen import game_ids, puzzles

KEEN_FORMATS = [f.name for f in puzzlefmt.formats("keen")]
# The formats that write any puzzle (the save file holds the real game's sizes and targets
# only, and has its own tests).
ID_FORMATS = [name for name in KEEN_FORMATS if name != "keen-save"]


@given(puzzles(with_solution=False))
@examples(200)
def test_encode_decode_same_object(p: Puzzle) -> None:
    text = p.game_id(on_misread="ignore")
    assert Puzzle(text) == p
    assert Puzzle(p.desc(on_misread="ignore"), size=p.size) == p.replace(
        difficulty=None, multiplication_only=False)


@given(game_ids)
@examples(200)
def test_decode_encode_same_text(text: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", KeenCompatibilityWarning)
        try:
            again = Puzzle(text).game_id()
        except KeenCompatibilityWarning:
            # Only long runs warn: the text then has a 'y' or 'z' in its block structure.
            assert any(ch in text.split(":")[1].split(",", maxsplit=1)[0] for ch in "yz")
            again = Puzzle(text).game_id(on_misread="ignore")
    assert again == text


@given(puzzles())
@examples(100)
def test_every_format_round_trips(p: Puzzle) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", KeenCompatibilityWarning)
        assert list(puzzlefmt.loads(puzzlefmt.dumps(p, "keen-json"))) == [p]
        assert puzzlefmt.loads(puzzlefmt.dumps(p, "keen-json", indent=1), "keen-json") == [p]
        listed = puzzlefmt.dumps([p, p], "keen-list")
        assert list(puzzlefmt.loads(listed, "keen-list")) == [p, p]
        assert puzzlefmt.loads(puzzlefmt.dumps(p, "keen", solution=True), "keen") == p
        assert Puzzle.from_json(p.to_json()) == p
        assert eval(repr(p)) == p
        picture = str(p)
    assert len(picture.splitlines()) == 3 * p.size + 1


@given(st.integers(1, 9), st.text(min_size=1, max_size=20).filter(
    lambda s: s == s.strip() and "\n" not in s and "\r" not in s and "\x00" not in s))
def test_seed_round_trip(size: int, seed: str) -> None:
    p = Puzzle(f"{size}du#{seed}")
    assert p.seed == seed
    assert Puzzle(p.game_id()) == p
    assert Puzzle.from_json(p.to_json()) == p


# -------------------------------------------------------------------- fuzz

_ALPHABET = st.sampled_from([*"0123456789_abcdemsuxyz,:#S \t\r\n{}[]\":", "A", "é", "\x00",
                             '"size"', '"cages"', "6:", "9dn:", "_61", "a12"])


def _only_our_error(fmt: str, text: str) -> None:
    error: PuzzleFormatError | None = None
    try:
        puzzlefmt.loads(text, fmt)
    except PuzzleFormatError as exc:
        error = exc
    if error is not None:
        assert error.format == fmt
        assert str(error).startswith(f"{fmt}: ")


@given(fmt=st.sampled_from(KEEN_FORMATS), parts=st.lists(_ALPHABET, max_size=60))
@examples(300)
def test_random_text(fmt: str, parts: list[str]) -> None:
    _only_our_error(fmt, "".join(parts))


@given(fmt=st.sampled_from(KEEN_FORMATS), text=st.text(max_size=100))
@examples(200)
def test_any_unicode_text(fmt: str, text: str) -> None:
    _only_our_error(fmt, text)


@given(data=st.data())
@examples(300)
def test_mutated_ids(data: st.DataObject) -> None:
    """Valid IDs with a few characters inserted, deleted or replaced: the reader, the real
    program's reading and validate() raise nothing but PuzzleFormatError."""
    p = data.draw(puzzles(max_size=7, with_solution=False))
    fmt = data.draw(st.sampled_from(ID_FORMATS))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", KeenCompatibilityWarning)
        text = list(puzzlefmt.dumps(p, fmt))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, max(len(text) - 1, 0)))
        action = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        ch = data.draw(_ALPHABET)
        if action == "insert" or not text:
            text.insert(i, ch)
        elif action == "delete":
            del text[i]
        else:
            text[i] = ch
    mutated = "".join(text)
    _only_our_error(fmt, mutated)
    if fmt == "keen":
        for runs in ("documented", "upstream"):
            with contextlib.suppress(PuzzleFormatError):
                Puzzle(mutated, runs=runs)  # type: ignore[arg-type]
        with contextlib.suppress(PuzzleFormatError), warnings.catch_warnings():
            warnings.simplefilter("ignore", KeenWarning)
            validate(mutated)


@given(text=st.text(max_size=200))
@examples(200)
def test_sniffers_never_raise(text: str) -> None:
    for fmt in puzzlefmt.formats("keen"):
        result = fmt.sniff(text)
        assert result is None or 0 < result.score <= 1
