"""The random source of Simon Tatham's puzzles (puzzlefmt.sgt.random)."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.sgt.random import RandomState


def reference_bytes(counter: int, tail: bytes) -> Iterator[int]:
    """The byte stream written another way: block k is SHA-1 of the 160-bit little-endian
    counter + k (wrapping) followed by the fixed 20-byte tail."""
    for k in itertools.count():
        block = ((counter + k) % (1 << 160)).to_bytes(20, "little") + tail
        yield from hashlib.sha1(block).digest()


def reference_stream(seed: bytes) -> Iterator[int]:
    head = hashlib.sha1(seed).digest()
    return reference_bytes(int.from_bytes(head, "little"), hashlib.sha1(head).digest())


def reference_upto(stream: Iterator[int], limit: int) -> int:
    bits = len(bin(limit)) - 2 + 3
    per = (2**bits) // limit
    while True:
        nbytes = -(-bits // 8)
        value = int.from_bytes(bytes(next(stream) for _ in range(nbytes)), "big")
        value %= 2**bits
        if value < per * limit:
            return value // per


# Printed by the collection's own random.c (commit 790f5851) in a scratch program:
# random_new("12345"), five random_upto(10), five random_bits(32), random_state_encode.
REAL_12345 = (
    [6, 9, 9, 1, 6],
    [1714075320, 3327690853, 1242666788, 158041243, 889059742],
    "8db2237d0679ca88db6464eac60da9634551396400a51f3f48415c7d4e8908980d443c29c69b60c99b34fdf9"
    "9eb47094a01b8087478253bec41cbe7f05",
)
# The same for random_new(""), thirty random_upto(1000).
REAL_EMPTY_UPTO_1000 = [911, 757, 786, 521, 892, 514, 841, 976, 966, 422, 786, 191, 253, 50, 97,
                        445, 477, 111, 172, 598, 89, 998, 355, 782, 117, 160, 545, 670, 370, 391]


def test_values_printed_by_the_real_random_c() -> None:
    upto, bits, state = REAL_12345
    rs = RandomState("12345")
    assert [rs.upto(10) for _ in range(5)] == upto
    assert [rs.bits(32) for _ in range(5)] == bits
    assert rs.state() == state
    rs = RandomState("")
    assert [rs.upto(1000) for _ in range(30)] == REAL_EMPTY_UPTO_1000


@given(st.binary(max_size=80), st.lists(st.integers(1, 2**27), min_size=1, max_size=60))
def test_upto_matches_the_reference(seed: bytes, limits: list[int]) -> None:
    rs = RandomState(seed)
    stream = reference_stream(seed)
    assert [rs.upto(n) for n in limits] == [reference_upto(stream, n) for n in limits]


@given(st.text(max_size=30), st.lists(st.integers(1, 32), min_size=1, max_size=40))
def test_bits_match_the_reference(seed: str, sizes: list[int]) -> None:
    rs = RandomState(seed)
    stream = reference_stream(seed.encode("utf-8"))
    for n in sizes:
        raw = bytes(next(stream) for _ in range(-(-n // 8)))
        assert rs.bits(n) == int.from_bytes(raw, "big") % 2**n


def test_the_counter_carries_and_wraps_at_20_bytes() -> None:
    tail = bytes(range(20))
    for head in (b"\xff" * 3 + b"\x07" + bytes(16), b"\xff" * 20):
        data = hashlib.sha1(head + tail).digest()
        rs = RandomState.from_state((head + tail).hex() + data.hex() + "14")  # all read
        stream = reference_bytes(int.from_bytes(head, "little") + 1, tail)
        assert [rs.bits(8) for _ in range(70)] == [next(stream) for _ in range(70)]
        assert rs.state()[40:80] == tail.hex()  # the tail never changes


def test_shuffle_is_fisher_yates_from_the_top() -> None:
    rs, again = RandomState("shuffle"), RandomState("shuffle")
    items = list(range(12))
    rs.shuffle(items)
    expected = list(range(12))
    for i in range(11, 0, -1):
        j = again.upto(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert sorted(items) == list(range(12))


def test_copy_and_state_round_trip() -> None:
    rs = RandomState("copy")
    rs.bits(24)
    twin = rs.copy()
    clone = RandomState.from_state(rs.state())
    drawn = [rs.upto(7) for _ in range(50)]
    assert [twin.upto(7) for _ in range(50)] == drawn
    assert [clone.upto(7) for _ in range(50)] == drawn
    assert RandomState.from_state(twin.state()).state() == twin.state()
    assert "RandomState" in repr(rs)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda rs: rs.bits(0), "bits must be from 1 to 32"),
        (lambda rs: rs.bits(33), "bits must be from 1 to 32"),
        (lambda rs: rs.upto(0), "limit must be at least 1"),
        (lambda rs: rs.upto(2**28), "limit must be below 2\\*\\*28"),
        (lambda rs: RandomState.from_state("00"), "122 hexadecimal digits"),
        (lambda rs: RandomState.from_state("0" * 120 + "15"), "read position"),
    ],
)
def test_refusals(call: Callable[[RandomState], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(RandomState("x"))


@given(st.binary(max_size=40), st.integers(1, 3000), st.integers(0, 70))
def test_uptos_draws_what_upto_draws(seed: bytes, limit: int, count: int) -> None:
    """The seeds' digits are drawn in one call (game_seeds): the same draws as upto's."""
    rs, again = RandomState(seed), RandomState(seed)
    assert rs._uptos(limit, count) == [again.upto(limit) for _ in range(count)]
    assert rs.state() == again.state()
