"""Random Latin squares drawn exactly as Simon Tatham's puzzles draw them.

Keen (and Towers, Unequal...) build their solution grid with ``latin_generate``: the rows
are filled in a random order, each as a perfect matching between the columns and the digits
not yet used in them, found by a randomised Hopcroft-Karp search. Any partial Latin
rectangle extends, so no row ever fails. Every random draw must be the game's, in the same
order, for a seed to give the game's puzzle: this module follows ``latin.c`` and
``matching.c`` step for step (the code is ours).
"""

from __future__ import annotations

from puzzlefmt.sgt.random import RandomState

__all__ = ["latin_generate", "matching"]


def _layers(
    nl: int, nr: int, adj: list[list[int]], l_to_r: list[int], r_to_l: list[int]
) -> tuple[list[int], list[int], int] | None:
    """The breadth-first layering from the free left vertices (unmatched edges left to
    right, matched ones right to left), up to the first layer with a free right vertex.
    ``(left layers, right layers, that layer)``, or None when no augmenting path is left."""
    l_layer = [-1] * nl
    r_layer = [-1] * nr
    l_queue = [v for v in range(nl) if l_to_r[v] == -1]
    for v in l_queue:
        l_layer[v] = 0
    layer = 0
    while True:
        free_right = False
        r_queue: list[int] = []
        for v in l_queue:
            for r in adj[v]:
                if r != l_to_r[v] and r_layer[r] == -1:
                    r_layer[r] = layer + 1
                    r_queue.append(r)
                    if r_to_l[r] == -1:
                        free_right = True
        layer += 1
        if free_right:
            return l_layer, r_layer, layer
        if not r_queue:
            return None
        l_queue = []
        for r in r_queue:
            v = r_to_l[r]
            if v != -1 and l_layer[v] == -1:
                l_layer[v] = layer + 1
                l_queue.append(v)
        layer += 1
        if not l_queue:
            return None


def matching(nl: int, nr: int, adj: list[list[int]], rs: RandomState | None) -> list[int]:
    """A maximum matching of a bipartite graph: the right vertex of every left vertex
    (``-1``: unmatched). ``adj[v]`` lists the right neighbours of left vertex ``v``; with a
    random source, the search order is randomised as ``matching.c`` does it, which shuffles
    the lists in place."""
    l_to_r = [-1] * nl
    r_to_l = [-1] * nr
    nmin = min(nl, nr)
    path = [0] * (2 * nmin + 2)
    state = [0] * (nmin + 2)
    while True:
        found = _layers(nl, nr, adj, l_to_r, r_to_l)
        if found is None:
            return l_to_r
        l_layer, r_layer, target = found
        # Right vertices of the last layer only count when free.
        for r in range(nr):
            if r_layer[r] == target and r_to_l[r] != -1:
                r_layer[r] = -1
        order = list(range(nl))
        if rs is not None:
            rs.shuffle(order)
        # Depth-first search for vertex-disjoint augmenting paths through the layers.
        state[0] = 0
        i = 0
        while True:
            if i == 0:
                if state[0] == nl:
                    break
                v = order[state[0]]
                state[0] += 1
                if l_layer[v] != 0:
                    continue
            else:
                prev = adj[path[2 * i - 2]]
                j = state[i]
                state[i] += 1
                if j == len(prev):
                    i -= 1
                    continue
                if rs is not None and len(prev) - j > 1:
                    which = j + rs.upto(len(prev) - j)
                    prev[which], prev[j] = prev[j], prev[which]
                r = prev[j]
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


def latin_generate(order: int, rs: RandomState) -> list[int]:
    """A random Latin square of ``order`` (digits 1..order, row-major), as ``latin_generate``
    draws it from ``rs``."""
    sq = [0] * (order * order)
    rows = list(range(order))
    rs.shuffle(rows)
    for i in range(order):
        adj: list[list[int]] = []
        for col in range(order):
            used = {sq[rows[k] * order + col] - 1 for k in range(i)}
            adj.append([d for d in range(order) if d not in used])
        match = matching(order, order, adj, rs)
        if -1 in match:  # pragma: no cover - a Latin rectangle always extends
            raise AssertionError("a Latin rectangle did not extend")
        base = rows[i] * order
        for col in range(order):
            sq[base + col] = match[col] + 1
    return sq
