"""numba kernel of the collection's random Latin squares (:mod:`puzzlefmt.sgt.latin` is the
reference): ``latin_generate`` and the randomised Hopcroft-Karp matching of ``matching.c``,
drawing from a random state of :mod:`puzzlefmt.sgt._kernels.random`, every draw the game's,
in the same order."""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import njit
from puzzlefmt.sgt._kernels import random as rk

#: Rows of a Latin square's workspace (:func:`latin_work`): the matching's eight rows of
#: scratch (right to left, left and right layers, the two queues, the path, the search
#: state, the visiting order), then the shuffled rows, the adjacency list lengths, the
#: digits used, the matching, then one adjacency list a column.
_R2L, _LLAYER, _RLAYER, _LQ, _RQ, _PATH, _STATE, _ORDER = 0, 1, 2, 3, 4, 5, 6, 7
_ROWS, _ADJLEN, _USED, _MATCH, _ADJ = 8, 9, 10, 11, 12


@njit
def latin_work(n: int) -> np.ndarray:
    """The workspace of :func:`latin_fill` for squares of order ``n`` (made once, used for
    many: drawing a square then allocates nothing)."""
    return np.zeros((_ADJ + n, 2 * n + 2), np.int64)


@njit
def _layers(n: int, lw: np.ndarray) -> int:
    """The breadth-first layering of :func:`puzzlefmt.sgt.latin._layers` (``n`` vertices a
    side) into the layer rows of ``lw``: the layer of the first free right vertex, or -1
    when no augmenting path is left."""
    for v in range(n):
        lw[_LLAYER, v] = -1
        lw[_RLAYER, v] = -1
    nl = 0
    for v in range(n):
        if lw[_MATCH, v] == -1:
            lw[_LLAYER, v] = 0
            lw[_LQ, nl] = v
            nl += 1
    layer = 0
    while True:
        free_right = False
        nr = 0
        for q in range(nl):
            v = lw[_LQ, q]
            for k in range(lw[_ADJLEN, v]):
                r = lw[_ADJ + v, k]
                if r != lw[_MATCH, v] and lw[_RLAYER, r] == -1:
                    lw[_RLAYER, r] = layer + 1
                    lw[_RQ, nr] = r
                    nr += 1
                    if lw[_R2L, r] == -1:
                        free_right = True
        layer += 1
        if free_right:
            return layer
        if nr == 0:
            return -1
        nl = 0
        for q in range(nr):
            v = lw[_R2L, lw[_RQ, q]]
            if v != -1 and lw[_LLAYER, v] == -1:
                lw[_LLAYER, v] = layer + 1
                lw[_LQ, nl] = v
                nl += 1
        layer += 1
        if nl == 0:
            return -1


@njit
def matching(st: np.ndarray, n: int, lw: np.ndarray) -> None:
    """A maximum matching of the bipartite graph of ``lw``'s adjacency lists (row
    ``_ADJ + v``, ``_ADJLEN`` long: the right neighbours of left vertex ``v``; ``n``
    vertices a side) into its ``_MATCH`` row (-1: unmatched), with the search order
    randomised from ``st`` as ``matching.c`` does it (the lists are shuffled in place)."""
    for v in range(n):
        lw[_MATCH, v] = -1
        lw[_R2L, v] = -1
    while True:
        target = _layers(n, lw)
        if target < 0:
            return
        for r in range(n):
            if lw[_RLAYER, r] == target and lw[_R2L, r] != -1:
                lw[_RLAYER, r] = -1
        for v in range(n):
            lw[_ORDER, v] = v
        rk.shuffle_row(st, lw, _ORDER, n)
        lw[_STATE, 0] = 0
        i = 0
        while True:
            if i == 0:
                if lw[_STATE, 0] == n:
                    break
                v = lw[_ORDER, lw[_STATE, 0]]
                lw[_STATE, 0] += 1
                if lw[_LLAYER, v] != 0:
                    continue
            else:
                u = lw[_PATH, 2 * i - 2]
                size = lw[_ADJLEN, u]
                j = lw[_STATE, i]
                lw[_STATE, i] += 1
                if j == size:
                    i -= 1
                    continue
                if size - j > 1:
                    which = j + rk.upto(st, size - j)
                    t = lw[_ADJ + u, which]
                    lw[_ADJ + u, which] = lw[_ADJ + u, j]
                    lw[_ADJ + u, j] = t
                r = lw[_ADJ + u, j]
                if lw[_RLAYER, r] != 2 * i - 1:
                    continue
                lw[_PATH, 2 * i - 1] = r
                lw[_RLAYER, r] = -1
                if 2 * i - 1 == target:
                    for k in range(0, 2 * i, 2):
                        lw[_MATCH, lw[_PATH, k]] = lw[_PATH, k + 1]
                        lw[_R2L, lw[_PATH, k + 1]] = lw[_PATH, k]
                    i = 0
                    continue
                v = lw[_R2L, r]
                if lw[_LLAYER, v] != 2 * i:
                    continue
            lw[_PATH, 2 * i] = v
            lw[_LLAYER, v] = -1
            i += 1
            lw[_STATE, i] = 0


@njit
def latin_fill(st: np.ndarray, order: int, sq: np.ndarray, lw: np.ndarray) -> None:
    """A random Latin square of ``order`` (digits 1..order, row-major) into ``sq``, as
    ``latin_generate`` draws it from ``st``, in the workspace ``lw`` (:func:`latin_work`)."""
    for i in range(order):
        lw[_ROWS, i] = i
    rk.shuffle_row(st, lw, _ROWS, order)
    for i in range(order):
        for col in range(order):
            for d in range(order):
                lw[_USED, d] = 0
            for k in range(i):
                lw[_USED, sq[lw[_ROWS, k] * order + col] - 1] = 1
            m = 0
            for d in range(order):
                if lw[_USED, d] == 0:
                    lw[_ADJ + col, m] = d
                    m += 1
            lw[_ADJLEN, col] = m
        matching(st, order, lw)
        base = lw[_ROWS, i] * order
        for col in range(order):
            sq[base + col] = lw[_MATCH, col] + 1


@njit
def latin_generate(st: np.ndarray, order: int, sq: np.ndarray) -> None:
    """A random Latin square of ``order`` (digits 1..order, row-major) into ``sq``, as
    ``latin_generate`` draws it from ``st``."""
    latin_fill(st, order, sq, latin_work(order))
