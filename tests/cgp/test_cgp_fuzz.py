"""Random and mutated text into every CGP reader raises only PuzzleFormatError, and never
hangs."""

from __future__ import annotations

import json

import pytest
from cgp_vectors import POSITIVE_KINDS, rows
from hypothesis import given
from hypothesis import strategies as st

import puzzlefmt
from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Move, Position, distribution_names, get_distribution

from helpers import examples

ALPHABET = st.sampled_from(
    [
        *"0123456789/ ;?.[]()-+ABCDEHIKLNOQSTUYZacehlnqsxyz·ÇŚÑ\t\r\n#*,_",
        *("[L·L]", "[ch]", "15", "lex ", "lm ", "bb ", "tmr ", "ld ", "ld catalan;", "\ufeff"),
    ]
)

BASE = (
    "1LEMNISCI2L1ER/7O1PAINT1/4A2L1RAVE2/WEDGE2Z1I1R3/4R1JAUNTEd2/4OXO2K5/2YOB3P6/3FAUNAE6/"
    "4T3GUY4/6BESTEaD2/7T2HIE2/7H4VUG/2CORMOID6/7O7/7NONIDEAL AAFIRTW/EIQSS 373/393 0 "
    "lex NWL18; lm 8D WORD +5; tmr 1/2; bb 40; oru;"
)


def _only_our_error(call: object, *args: object) -> None:
    error: PuzzleFormatError | None = None
    try:
        call(*args)  # type: ignore[operator]
    except PuzzleFormatError as exc:
        error = exc
    if error is not None:
        assert error.format.startswith("cgp")
        assert str(error)


@given(st.lists(ALPHABET, max_size=80).map("".join))
@examples(300)
def test_random_text_into_position(text: str) -> None:
    _only_our_error(Position, text)


@given(st.text(max_size=200))
def test_arbitrary_unicode_into_position(text: str) -> None:
    _only_our_error(Position, text)


@pytest.mark.parametrize("fmt", ["cgp", "cgp-list", "cgp-json"])  # cgp-text: a picture now
@given(text=st.lists(ALPHABET, max_size=60).map("".join))
@examples(60)
def test_random_text_into_every_format(fmt: str, text: str) -> None:
    _only_our_error(puzzlefmt.loads, text, fmt)


@given(st.data())
@examples(300)
def test_mutated_positions(data: st.DataObject) -> None:
    text = BASE
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = data.draw(ALPHABET)
        if action == "insert":
            text = text[:at] + piece + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + data.draw(st.integers(1, 5)) :]
        else:
            text = text[:at] + piece + text[at + 1 :]
    _only_our_error(Position, text)


def test_mutated_vector_strings() -> None:
    """Every positive vector with each character deleted in turn (a deterministic sweep)."""
    samples = [r.cgp for r in rows("magpie_valid.tsv") if r.kind in POSITIVE_KINDS][:12]
    assert samples
    for s in samples:
        for i in range(len(s)):
            _only_our_error(Position, s[:i] + s[i + 1 :])
            _only_our_error(Position, s[:i] + "9" + s[i + 1 :])


@given(st.sampled_from(distribution_names()), st.lists(ALPHABET, max_size=30).map("".join))
@examples(200)
def test_random_moves(name: str, text: str) -> None:
    _only_our_error(Move.parse, text, get_distribution(name))


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 30)
    | st.sampled_from(["A", "a", "?", "CH", "", "lex"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(
        st.sampled_from(["board", "racks", "scores", "zero_turns", "operations",
                         "distribution", "distribution_source"]),
        inner,
        max_size=7,
    ),
    max_leaves=30,
)


@given(JSON_VALUES)
@examples(200)
def test_random_json(value: object) -> None:
    _only_our_error(puzzlefmt.loads, json.dumps(value), "cgp-json")


def test_deeply_nested_json() -> None:
    with pytest.raises(PuzzleFormatError):
        puzzlefmt.loads("[" * 100_000 + "]" * 100_000, "cgp-json")
