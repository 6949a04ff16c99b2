"""numba kernel of the collection's random Latin squares (:mod:`puzzlefmt.sgt.latin` is the
reference): ``latin_generate`` and the randomised Hopcroft-Karp matching of ``matching.c``,
drawing from a random state of :mod:`puzzlefmt.sgt._kernels.random`, every draw the game's,
in the same order."""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import njit
from puzzlefmt.sgt._kernels import random as rk


@njit
def _layers(n: int, adj: np.ndarray, adjlen: np.ndarray, l_to_r: np.ndarray,
            r_to_l: np.ndarray, l_layer: np.ndarray, r_layer: np.ndarray, lq: np.ndarray,
            rq: np.ndarray) -> int:
    """The breadth-first layering of :func:`puzzlefmt.sgt.latin._layers` (``n`` vertices a
    side) into ``l_layer`` and ``r_layer``: the layer of the first free right vertex, or -1
    when no augmenting path is left."""
    for v in range(n):
        l_layer[v] = -1
        r_layer[v] = -1
    nl = 0
    for v in range(n):
        if l_to_r[v] == -1:
            l_layer[v] = 0
            lq[nl] = v
            nl += 1
    layer = 0
    while True:
        free_right = False
        nr = 0
        for q in range(nl):
            v = lq[q]
            for k in range(adjlen[v]):
                r = adj[v, k]
                if r != l_to_r[v] and r_layer[r] == -1:
                    r_layer[r] = layer + 1
                    rq[nr] = r
                    nr += 1
                    if r_to_l[r] == -1:
                        free_right = True
        layer += 1
        if free_right:
            return layer
        if nr == 0:
            return -1
        nl = 0
        for q in range(nr):
            v = r_to_l[rq[q]]
            if v != -1 and l_layer[v] == -1:
                l_layer[v] = layer + 1
                lq[nl] = v
                nl += 1
        layer += 1
        if nl == 0:
            return -1


#: Rows of a matching's scratch (:func:`matching_work`).
_WORK_ROWS = 8


@njit
def matching_work(n: int) -> np.ndarray:
    """Scratch for :func:`matching` of ``n`` vertices a side (made once, used for many)."""
    return np.zeros((_WORK_ROWS, 2 * n + 2), np.int64)


@njit
def matching(st: np.ndarray, n: int, adj: np.ndarray, adjlen: np.ndarray,
             l_to_r: np.ndarray, work: np.ndarray) -> None:
    """A maximum matching of the bipartite graph ``adj`` (``adj[v, :adjlen[v]]``: the right
    neighbours of left vertex ``v``; ``n`` vertices a side) into ``l_to_r`` (-1:
    unmatched), with the search order randomised from ``st`` as ``matching.c`` does it (the
    lists are shuffled in place). ``work``: :func:`matching_work`."""
    r_to_l = work[0]
    l_layer = work[1]
    r_layer = work[2]
    lq = work[3]
    rq = work[4]
    path = work[5]
    state = work[6]
    order = work[7]
    for v in range(n):
        l_to_r[v] = -1
        r_to_l[v] = -1
    while True:
        target = _layers(n, adj, adjlen, l_to_r, r_to_l, l_layer, r_layer, lq, rq)
        if target < 0:
            return
        for r in range(n):
            if r_layer[r] == target and r_to_l[r] != -1:
                r_layer[r] = -1
        for v in range(n):
            order[v] = v
        rk.shuffle(st, order, n)
        state[0] = 0
        i = 0
        while True:
            if i == 0:
                if state[0] == n:
                    break
                v = order[state[0]]
                state[0] += 1
                if l_layer[v] != 0:
                    continue
            else:
                u = path[2 * i - 2]
                size = adjlen[u]
                j = state[i]
                state[i] += 1
                if j == size:
                    i -= 1
                    continue
                if size - j > 1:
                    which = j + rk.upto(st, size - j)
                    t = adj[u, which]
                    adj[u, which] = adj[u, j]
                    adj[u, j] = t
                r = adj[u, j]
                if r_layer[r] != 2 * i - 1:
                    continue
                path[2 * i - 1] = r
                r_layer[r] = -1
                if 2 * i - 1 == target:
                    for k in range(0, 2 * i, 2):
                        l_to_r[path[k]] = path[k + 1]
                        r_to_l[path[k + 1]] = path[k]
                    i = 0
                    continue
                v = r_to_l[r]
                if l_layer[v] != 2 * i:
                    continue
            path[2 * i] = v
            l_layer[v] = -1
            i += 1
            state[i] = 0


@njit
def latin_generate(st: np.ndarray, order: int, sq: np.ndarray) -> None:
    """A random Latin square of ``order`` (digits 1..order, row-major) into ``sq``, as
    ``latin_generate`` draws it from ``st``."""
    rows = np.arange(order)
    rk.shuffle(st, rows, order)
    adj = np.empty((order, order), np.int64)
    adjlen = np.zeros(order, np.int64)
    used = np.zeros(order, np.bool_)
    match = np.empty(order, np.int64)
    work = matching_work(order)
    for i in range(order):
        for col in range(order):
            used[:] = False
            for k in range(i):
                used[sq[rows[k] * order + col] - 1] = True
            m = 0
            for d in range(order):
                if not used[d]:
                    adj[col, m] = d
                    m += 1
            adjlen[col] = m
        matching(st, order, adj, adjlen, match, work)
        base = rows[i] * order
        for col in range(order):
            sq[base + col] = match[col] + 1
