"""numba kernels of the collection's random source (:mod:`puzzlefmt.sgt.random` is the
reference, on :mod:`hashlib`): SHA-1, ``random_upto`` and ``shuffle`` (of a 1-D array, or
in place in a row of a workspace: :func:`shuffle_row`), for generators that run whole in a
kernel.

A random state is one ``int64`` array of :data:`STATE_SIZE` made by :func:`new_state`: the
40 bytes of the seed buffer, the 20 bytes of the data buffer, the read position, then the
scratch of the SHA-1 (one padded block, the 80-word schedule and the five words of the
hash), so that drawing allocates
nothing. :func:`seed_state` seeds it with a seed's bytes, as ``random_new`` does.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import njit

_M32 = 0xFFFFFFFF
#: Where the parts of a state are.
SEEDBUF = 0
DATA = 40
POS = 60
_PAD = 61
_SCHEDULE = _PAD + 64
_HASH = _SCHEDULE + 80
#: The length of a state array.
STATE_SIZE = _HASH + 5


@njit
def new_state() -> np.ndarray:
    """A state array, not seeded yet (:func:`seed_state` seeds it)."""
    return np.zeros(STATE_SIZE, np.int64)


@njit(inline=True)
def _rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & _M32


@njit
def _block(st: np.ndarray, buf: np.ndarray, at: int) -> None:
    """One SHA-1 compression of the 64 bytes ``buf[at:at+64]`` into the hash words of ``st``
    (indexed in place: no views of ``st``, whose reference counts would cost more than the
    compression at the sizes the generators draw)."""
    for i in range(16):
        j = at + 4 * i
        st[_SCHEDULE + i] = (buf[j] << 24) | (buf[j + 1] << 16) | (buf[j + 2] << 8) | buf[j + 3]
    _rounds(st)


@njit(inline=True)
def _rounds(st: np.ndarray) -> None:
    """The compression of :func:`_block` once the block's 16 words are in the schedule."""
    for i in range(16, 80):
        st[_SCHEDULE + i] = _rotl(st[_SCHEDULE + i - 3] ^ st[_SCHEDULE + i - 8]
                                  ^ st[_SCHEDULE + i - 14] ^ st[_SCHEDULE + i - 16], 1)
    a, b, c, d, e = st[_HASH], st[_HASH + 1], st[_HASH + 2], st[_HASH + 3], st[_HASH + 4]
    for i in range(20):
        t = (_rotl(a, 5) + ((b & c) | ((~b & _M32) & d)) + e + 0x5A827999
             + st[_SCHEDULE + i]) & _M32
        e, d, c, b, a = d, c, _rotl(b, 30), a, t
    for i in range(20, 40):
        t = (_rotl(a, 5) + (b ^ c ^ d) + e + 0x6ED9EBA1 + st[_SCHEDULE + i]) & _M32
        e, d, c, b, a = d, c, _rotl(b, 30), a, t
    for i in range(40, 60):
        t = (_rotl(a, 5) + ((b & c) | (b & d) | (c & d)) + e + 0x8F1BBCDC
             + st[_SCHEDULE + i]) & _M32
        e, d, c, b, a = d, c, _rotl(b, 30), a, t
    for i in range(60, 80):
        t = (_rotl(a, 5) + (b ^ c ^ d) + e + 0xCA62C1D6 + st[_SCHEDULE + i]) & _M32
        e, d, c, b, a = d, c, _rotl(b, 30), a, t
    st[_HASH] = (st[_HASH] + a) & _M32
    st[_HASH + 1] = (st[_HASH + 1] + b) & _M32
    st[_HASH + 2] = (st[_HASH + 2] + c) & _M32
    st[_HASH + 3] = (st[_HASH + 3] + d) & _M32
    st[_HASH + 4] = (st[_HASH + 4] + e) & _M32


@njit
def sha1(st: np.ndarray, msg: np.ndarray, start: int, length: int, out: np.ndarray,
         at: int) -> None:
    """SHA-1 of the bytes ``msg[start:start+length]`` (one byte an element) into
    ``out[at:at+20]``; ``st`` lends its scratch when the message fits one block."""
    st[_HASH] = 0x67452301
    st[_HASH + 1] = 0xEFCDAB89
    st[_HASH + 2] = 0x98BADCFE
    st[_HASH + 3] = 0x10325476
    st[_HASH + 4] = 0xC3D2E1F0
    blocks = (length + 8) // 64 + 1
    if blocks == 1:
        pad = st
        base = _PAD
    else:
        pad = np.empty(64 * blocks, np.int64)
        base = 0
    for i in range(length):
        pad[base + i] = msg[start + i]
    pad[base + length] = 0x80
    for i in range(length + 1, 64 * blocks):
        pad[base + i] = 0
    bits = length * 8
    for i in range(8):
        pad[base + 64 * blocks - 1 - i] = (bits >> (8 * i)) & 0xFF
    for b in range(blocks):
        _block(st, pad, base + 64 * b)
    for i in range(5):
        h = st[_HASH + i]
        for j in range(4):
            out[at + 4 * i + j] = (h >> (24 - 8 * j)) & 0xFF


@njit
def seed_state(st: np.ndarray, seed: np.ndarray, start: int, length: int) -> None:
    """Seed ``st`` with the bytes ``seed[start:start+length]``, as ``random_new`` does."""
    sha1(st, seed, start, length, st, SEEDBUF)
    sha1(st, st, SEEDBUF, 20, st, SEEDBUF + 20)
    sha1(st, st, SEEDBUF, 40, st, DATA)
    st[POS] = 0


@njit(inline=True)
def _refill(st: np.ndarray) -> None:
    for i in range(20):
        if st[SEEDBUF + i] != 0xFF:
            st[SEEDBUF + i] += 1
            break
        st[SEEDBUF + i] = 0
    # sha1(st, st, SEEDBUF, 40, st, DATA) with its one block's padding known: the ten words
    # of the seed buffer, the 0x80 byte, zeros and the length in bits (320), read into the
    # schedule directly (no padded copy).
    st[_HASH] = 0x67452301
    st[_HASH + 1] = 0xEFCDAB89
    st[_HASH + 2] = 0x98BADCFE
    st[_HASH + 3] = 0x10325476
    st[_HASH + 4] = 0xC3D2E1F0
    for i in range(10):
        j = SEEDBUF + 4 * i
        st[_SCHEDULE + i] = (st[j] << 24) | (st[j + 1] << 16) | (st[j + 2] << 8) | st[j + 3]
    st[_SCHEDULE + 10] = 0x80000000
    for i in range(11, 15):
        st[_SCHEDULE + i] = 0
    st[_SCHEDULE + 15] = 320
    _rounds(st)
    for i in range(5):
        h = st[_HASH + i]
        for j in range(4):
            st[DATA + 4 * i + j] = (h >> (24 - 8 * j)) & 0xFF
    st[POS] = 0


@njit(inline=True)
def upto(st: np.ndarray, limit: int) -> int:
    """A uniform number from 0 to ``limit - 1``, as ``random_upto`` draws it."""
    bits = 3
    x = limit
    while x:
        bits += 1
        x >>= 1
    nbytes = (bits + 7) // 8
    mask = (1 << bits) - 1
    divisor = (1 << bits) // limit
    top = limit * divisor
    while True:
        value = 0
        for _ in range(nbytes):
            if st[POS] >= 20:
                _refill(st)
            value = (value << 8) | st[DATA + st[POS]]
            st[POS] += 1
        value &= mask
        if value < top:
            return value // divisor


@njit
def shuffle(st: np.ndarray, items: np.ndarray, n: int) -> None:
    """Shuffle ``items[:n]`` in place, as the collection's ``shuffle`` does."""
    for i in range(n - 1, 0, -1):
        j = upto(st, i + 1)
        if j != i:
            t = items[i]
            items[i] = items[j]
            items[j] = t


@njit(inline=True)
def shuffle_row(st: np.ndarray, rows: np.ndarray, row: int, n: int) -> None:
    """Shuffle ``rows[row, :n]`` in place, as the collection's ``shuffle`` does (a row of a
    2-D workspace, indexed in place: no view of it is made)."""
    for i in range(n - 1, 0, -1):
        j = upto(st, i + 1)
        if j != i:
            t = rows[row, i]
            rows[row, i] = rows[row, j]
            rows[row, j] = t
