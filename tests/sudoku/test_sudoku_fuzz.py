"""Random and mutated text into every Sudoku reader raises only PuzzleFormatError."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

import puzzlefmt
from puzzlefmt import PuzzleFormatError
from puzzlefmt.sudoku import Grid

from helpers import examples

FORMATS = [f.name for f in puzzlefmt.formats("sudoku")]
SAMPLE = Grid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
SAMPLE = SAMPLE.replace(placed=[4] + [0] * 80)
ALPHABET = st.sampled_from([*"0123456789.*-_|+:#[]ADNHIE \t\r\n,;'x", "\ufeff", "é"])


def _read_only_our_error(fmt: str, text: str) -> None:
    """Reading succeeds or raises PuzzleFormatError with a format name; nothing else."""
    error: PuzzleFormatError | None = None
    try:
        puzzlefmt.loads(text, fmt)
    except PuzzleFormatError as exc:
        error = exc
    if error is not None:
        assert error.format
        assert str(error).startswith(error.format + ":")


@pytest.mark.parametrize("fmt", FORMATS)
@given(text=st.text(ALPHABET, max_size=300))
@examples(60)
def test_random_text(fmt: str, text: str) -> None:
    _read_only_our_error(fmt, text)


def _canonical(fmt: str) -> str:
    f = puzzlefmt.get_format(fmt)
    g = SAMPLE.copy()
    if fmt in ("candidates", "pm-grid", "pm-print", "sukaku"):
        g = Grid(candidates=SAMPLE.candidate_masks())
    if fmt in ("sol",):
        g = Grid(givens=[(i % 9) + 1 for i in range(81)])
    if fmt == "forum-csv":
        g = g.replace(meta={**g.meta, "Label": "x"})
    if f.collection:
        return puzzlefmt.dumps([g], fmt)
    return puzzlefmt.dumps(g, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
@given(data=st.data())
@examples(60)
def test_mutated_text(fmt: str, data: st.DataObject) -> None:
    text = list(_canonical(fmt))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text) - 1))
        op = data.draw(st.sampled_from(["replace", "delete", "insert"]))
        ch = data.draw(ALPHABET)
        if op == "replace":
            text[i] = ch
        elif op == "delete":
            del text[i]
        else:
            text.insert(i, ch)
    _read_only_our_error(fmt, "".join(text))


@given(text=st.text(ALPHABET, max_size=400))
@examples(100)
def test_detect_and_autoload_never_break(text: str) -> None:
    ranked = puzzlefmt.detect(text)
    assert all(c.score > 0 for c in ranked)
    with contextlib.suppress(PuzzleFormatError):
        puzzlefmt.loads(text)
