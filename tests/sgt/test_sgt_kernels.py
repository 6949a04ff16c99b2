"""The kernels of the collection's random source and Latin squares (puzzlefmt.sgt._kernels)
draw exactly what the Python reference (puzzlefmt.sgt.random, puzzlefmt.sgt.latin) draws."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlefmt.sgt._kernels import latin as lk
from puzzlefmt.sgt._kernels import random as rk
from puzzlefmt.sgt.latin import latin_generate
from puzzlefmt.sgt.random import RandomState


def _bytes(raw: bytes) -> np.ndarray:
    return np.frombuffer(raw, np.uint8).copy()


def _seeded(seed: bytes) -> np.ndarray:
    state = rk.new_state()
    rk.seed_state(state, _bytes(seed), 0, len(seed))
    return state


def _from(rs: RandomState) -> np.ndarray:
    """A kernel state in the state of ``rs``."""
    raw = bytes.fromhex(rs.state())
    state = rk.new_state()
    state[: rk.POS + 1] = np.frombuffer(raw, np.uint8)
    return state


@pytest.mark.parametrize("length", [0, 1, 20, 40, 55, 56, 63, 64, 65, 119, 120, 200])
def test_sha1_is_hashlibs(length: int) -> None:
    msg = bytes((7 * i + length) % 256 for i in range(length))
    out = np.zeros(24, np.int64)
    rk.sha1(rk.new_state(), _bytes(b"ab" + msg), 2, length, out, 3)
    assert bytes(out[3:23].tolist()) == hashlib.sha1(msg).digest()


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=90), st.lists(st.integers(1, 2**27), min_size=1, max_size=80))
def test_upto_draws_what_random_state_draws(seed: str, limits: list[int]) -> None:
    raw = seed.encode("utf-8")
    state, rs = _seeded(raw), RandomState(seed)
    assert [rk.upto(state, n) for n in limits] == [rs.upto(n) for n in limits]
    assert bytes(state[: rk.POS + 1].tolist()).hex() == rs.state()


def test_the_counter_carries_as_random_state_carries() -> None:
    tail = bytes(range(20))
    for head in (b"\xff" * 3 + b"\x07" + bytes(16), b"\xff" * 20):
        data = hashlib.sha1(head + tail).digest()
        rs = RandomState.from_state((head + tail).hex() + data.hex() + "14")  # all read
        state = _from(rs)
        assert [rk.upto(state, 256) for _ in range(70)] == [rs.upto(256) for _ in range(70)]
        assert bytes(state[: rk.POS + 1].tolist()).hex() == rs.state()


def test_shuffle_is_random_states() -> None:
    rs = RandomState("shuffle")
    state = _seeded(b"shuffle")
    items = np.arange(12)
    rk.shuffle(state, items, 12)
    expected = list(range(12))
    rs.shuffle(expected)
    assert items.tolist() == expected
    part = np.arange(10)
    rk.shuffle(state, part, 4)  # the first four only
    rest = list(range(4))
    rs.shuffle(rest)
    assert part.tolist() == [*rest, *range(4, 10)]


def test_a_workspace_rows_shuffle_is_random_states() -> None:
    """``shuffle_row``: one row of a 2-D workspace, its first ``n`` items, in place (the
    Latin square's and the Keen generator's shuffles); the other rows and items untouched."""
    rs = RandomState("rows")
    state = _seeded(b"rows")
    rows = np.arange(30, dtype=np.int64).reshape(3, 10)
    rk.shuffle_row(state, rows, 1, 7)
    expected = list(range(10, 17))
    rs.shuffle(expected)
    assert rows.tolist() == [list(range(10)), [*expected, 17, 18, 19], list(range(20, 30))]
    rk.shuffle_row(state, rows, 2, 10)
    again = list(range(20, 30))
    rs.shuffle(again)
    assert rows[2].tolist() == again


@pytest.mark.parametrize("order", range(1, 10))
def test_latin_squares_are_latin_generates(order: int) -> None:
    for seed in ("a", "latin", "12345678901234"):
        rs = RandomState(seed)
        state = _seeded(seed.encode())
        for _ in range(3):  # one after another: the state stays in step
            square = np.zeros(order * order, np.int64)
            lk.latin_generate(state, order, square)
            assert square.tolist() == latin_generate(order, rs)
        assert bytes(state[: rk.POS + 1].tolist()).hex() == rs.state()
