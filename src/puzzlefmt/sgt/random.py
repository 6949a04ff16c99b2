"""The random-number source of Simon Tatham's Portable Puzzle Collection.

Every puzzle of the collection turns a random-seed ID (``6dn#12345``) into a puzzle by
feeding the seed text to this generator and drawing from it; the same seed gives the same
puzzle on every platform. It is built on SHA-1:

- the state is a 40-byte seed buffer and a 20-byte data buffer: the first 20 bytes of the
  seed buffer are SHA-1 of the seed text, the next 20 are SHA-1 of those 20, and the data
  buffer is SHA-1 of all 40;
- bytes are handed out from the data buffer, first to last; when it is used up, the seed
  buffer is incremented as a little-endian number over its first 20 bytes (the carry stops
  there) and the data buffer becomes SHA-1 of the 40 bytes again;
- ``bits(n)`` joins ``ceil(n/8)`` bytes big-endian and keeps the low ``n`` bits;
- ``upto(limit)`` draws ``bits = bit_length(limit) + 3`` bits and rejects values at or above
  the largest multiple of ``limit`` below ``2**bits``, then divides (so the result is uniform
  and the *high* bits decide it);
- ``shuffle`` is the Fisher-Yates shuffle from the last element down, drawing
  ``upto(i + 1)`` for position ``i``.

The behaviour is the collection's (``random.c`` and ``shuffle`` in ``misc.c``); the code is
ours, on :mod:`hashlib`. A seed is text as the game reads it: its UTF-8 bytes.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, MutableSequence
from typing import TypeVar

__all__ = ["RandomState", "game_seeds"]

T = TypeVar("T")

#: ``upto`` works with at most this many bits (the collection asserts ``bits < 32``).
_MAX_UPTO_BITS = 31


def _plan(limit: int) -> tuple[int, int, int, int]:
    """How ``upto(limit)`` draws: bytes to read, mask of the bits kept, the first value
    rejected, and the divisor."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    bits = limit.bit_length() + 3
    if bits > _MAX_UPTO_BITS:
        raise ValueError(f"limit must be below 2**28, not {limit}")
    divisor = (1 << bits) // limit
    plan = ((bits + 7) // 8, (1 << bits) - 1, limit * divisor, divisor)
    if limit <= 1024:
        _PLANS[limit] = plan
    return plan


_PLANS: dict[int, tuple[int, int, int, int]] = {}


class RandomState:
    """A random-number source in the state the collection's ``random_new(seed)`` makes.

    >>> rs = RandomState("12345")
    >>> [rs.upto(10) for _ in range(5)]
    [6, 9, 9, 1, 6]
    """

    __slots__ = ("_data", "_pos", "_seedbuf")

    def __init__(self, seed: str | bytes) -> None:
        raw = seed.encode("utf-8") if isinstance(seed, str) else bytes(seed)
        first = hashlib.sha1(raw).digest()
        second = hashlib.sha1(first).digest()
        self._seedbuf = bytearray(first + second)
        self._data = hashlib.sha1(self._seedbuf).digest()
        self._pos = 0

    def copy(self) -> RandomState:
        """An independent copy in the same state."""
        other = RandomState.__new__(RandomState)
        other._seedbuf = bytearray(self._seedbuf)
        other._data = self._data
        other._pos = self._pos
        return other

    def _refill(self) -> None:
        buf = self._seedbuf
        for i in range(20):
            if buf[i] != 0xFF:
                buf[i] += 1
                break
            buf[i] = 0
        self._data = hashlib.sha1(buf).digest()
        self._pos = 0

    def bits(self, bits: int) -> int:
        """A number of ``bits`` random bits (1 to 32), as ``random_bits`` draws it."""
        if not 1 <= bits <= 32:
            raise ValueError(f"bits must be from 1 to 32, not {bits}")
        value = 0
        for _ in range(0, bits, 8):
            if self._pos >= 20:
                self._refill()
            value = (value << 8) | self._data[self._pos]
            self._pos += 1
        return value & ((1 << bits) - 1)

    def upto(self, limit: int) -> int:
        """A uniform number from 0 to ``limit - 1``, as ``random_upto`` draws it."""
        plan = _PLANS.get(limit)
        if plan is None:
            plan = _plan(limit)
        nbytes, mask, top, divisor = plan
        while True:
            value = 0
            for _ in range(nbytes):
                if self._pos >= 20:
                    self._refill()
                value = (value << 8) | self._data[self._pos]
                self._pos += 1
            value &= mask
            if value < top:
                return value // divisor

    def _uptos(self, limit: int, count: int) -> list[int]:
        """``[upto(limit) for _ in range(count)]``: the same draws, read byte by byte without a
        call each when ``limit`` needs one byte a draw (below 32)."""
        plan = _PLANS.get(limit)
        if plan is None:
            plan = _plan(limit)
        nbytes, mask, top, divisor = plan
        if nbytes != 1:
            return [self.upto(limit) for _ in range(count)]
        out: list[int] = []
        data, pos = self._data, self._pos
        while len(out) < count:
            if pos >= 20:
                self._refill()
                data, pos = self._data, 0
            value = data[pos] & mask
            pos += 1
            if value < top:
                out.append(value // divisor)
        self._pos = pos
        return out

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place, as the collection's ``shuffle`` does."""
        upto = self.upto
        for i in range(len(items) - 1, 0, -1):
            j = upto(i + 1)
            if j != i:
                items[i], items[j] = items[j], items[i]

    @classmethod
    def from_state(cls, text: str) -> RandomState:
        """The state :meth:`state` wrote (122 hexadecimal digits); :class:`ValueError` for
        anything else. (The collection's ``random_state_decode`` is more lenient.)"""
        if len(text) != 122 or any(ch not in "0123456789abcdefABCDEF" for ch in text):
            raise ValueError(f"a random state is 122 hexadecimal digits, not {text!r}")
        raw = bytes.fromhex(text)
        if raw[60] > 20:
            raise ValueError(f"a random state's read position is 0 to 20, not {raw[60]}")
        state = cls.__new__(cls)
        state._seedbuf = bytearray(raw[:40])
        state._data = raw[40:60]
        state._pos = raw[60]
        return state

    def set_state(self, text: str) -> None:
        """Put this source in the state :meth:`state` wrote (checked as :meth:`from_state`
        checks it): where a generator that ran elsewhere (in a kernel) left it."""
        other = RandomState.from_state(text)
        self._seedbuf = other._seedbuf
        self._data = other._data
        self._pos = other._pos

    def state(self) -> str:
        """The state as hexadecimal text, as ``random_state_encode`` writes it: the 40-byte
        seed buffer, the 20-byte data buffer, then the read position (one byte)."""
        return self._seedbuf.hex() + self._data.hex() + f"{self._pos:02x}"

    def __repr__(self) -> str:
        return f"<RandomState {self.state()[:16]}… at byte {self._pos}>"


#: Digits in a seed the games draw for a new game.
SEED_DIGITS = 15
_DIGITS = "0123456789"


def game_seeds(master: str | None = None) -> Iterator[str]:
    """Seed strings drawn as the collection's games draw one for each new game (the midend's
    ``new_game``: 15 decimal digits, the first not 0, each ``upto(9)`` or ``upto(10)`` from
    the midend's own :class:`RandomState`), endlessly.

    ``master`` given: the first seed is ``master`` itself (so ``6dh#<master>`` opens the first
    puzzle in the game), then seeds drawn from ``RandomState(master)``: the same master gives
    the same seeds on every machine. ``None``: the games seed their source from the clock
    and the process; here it is seeded from :func:`os.urandom`, and every seed is drawn."""
    if master is not None:
        yield master
    rs = RandomState(master if master is not None else os.urandom(16))
    while True:
        first = rs.upto(9) + 1
        yield "".join(map(_DIGITS.__getitem__, [first, *rs._uptos(10, SEED_DIGITS - 1)]))
