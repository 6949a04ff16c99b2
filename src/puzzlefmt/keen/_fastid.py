"""The quick read of a plain game ID (``6:<desc>``, ``6dhm:<desc>``), for ``Puzzle(text)``.

:mod:`puzzlefmt.keen.gameid` is the reader; this is a shortcut for the common case, pure
Python with no character loop: one regular expression checks the shape of the whole ID, the
block structure is expanded to one character per position (``"0"`` shared, ``"1"`` a wall)
with :meth:`str.translate`, and the union-find walks the rows as runs (a table lookup per
row) and then only the shared edges between rows. The cages are not built: :func:`decode`
returns the parts they are made from (:class:`Lazy`), and :func:`build` makes them on first
use (the model does that when a puzzle's cages are first asked for).

:func:`decode` returns ``None`` for anything unusual: blanks, a solution after the ID, a
random-seed ID, a size above 9, a repeat count or a target of many digits, and every ID the
reader refuses. The caller then reads the text with the reader, which accepts or refuses it
and says why. Whatever :func:`decode` accepts, the reader reads to the same puzzle (the tests
check this over valid and mutated IDs).
"""

from __future__ import annotations

import functools
import re
from itertools import compress
from operator import eq
from typing import NamedTuple

from puzzlefmt.keen.parts import MAX_TARGET_DIGITS, Cage, Difficulty, Op

__all__ = ["Lazy", "build", "decode"]

Params = tuple[int, Difficulty | None, bool]

# The parameters the quick read takes, written as the writer writes them: size 1 to 9, then
# optional difficulty and "m".
_PARAMS: dict[str, Params] = {
    f"{w}{'d' + letter if letter else ''}{'m' if mult else ''}": (
        w, Difficulty.from_letter(letter) if letter else None, mult)
    for w in range(1, 10) for letter in ("", *"enhxu") for mult in (False, True)
}
_OP_SPLIT = re.compile(r"[amsd]")
# Each symbol with its repeat count (none, or a count without leading zeros that stays within
# the 145 positions of a 9x9 grid) as its positions: "0" a shared edge, "1" a wall ("z": 25
# shared, no wall).
_SYMBOLS = {"_": "1", **{chr(96 + k): "0" * k + "1" for k in range(1, 26)}, "z": "0" * 25}
_TOKENS = {**_SYMBOLS,
           **{f"{ch}{count}": text * max(count, 1)
              for ch, text in _SYMBOLS.items() for count in range(145 // len(text) + 1)}}
_TOKENS[""] = ""
_token = _TOKENS.__getitem__
# A blank before each symbol splits the block structure into symbols with their counts (a
# blank already there becomes "!", which is no symbol).
_SPACED = str.maketrans({" ": "!", **{ch: " " + ch for ch in _SYMBOLS}})
_DIGIT_BYTES = b"0123456789"
_OP_BYTES = frozenset(b"amsd")
_SUB_DIV = bytes(1 if ch in b"sd" else 0 for ch in range(256))
_OPS = {ord("a"): Op.ADD, ord("m"): Op.MUL, ord("s"): Op.SUB, ord("d"): Op.DIV}


class Lazy(NamedTuple):
    """A decoded ID, before its cages are built: every cell's parent in the union-find (a
    smaller cell, or itself for the first cell of a cage), the first cells of the cages in
    order, their op letters, and the clues as written (the targets are read from them when
    the cages are built)."""

    size: int
    parent: list[int]
    cage_roots: list[int]
    ops: bytes
    clues: str


Table = dict[str, tuple[tuple[int, ...], tuple[int, ...]]]
Spec = tuple[list[tuple[int, int, Table]], list[tuple[int, int, dict[str, tuple[int, ...]]]]]


@functools.cache
def _tables(w: int) -> Spec:
    """For a ``w`` grid: per row, where its ``w - 1`` vertical lines are in the expanded
    block structure, and for every pattern of them the run start (a cell) of each cell and
    the length of each run at its start (0 elsewhere); per column, where its ``w - 1``
    horizontal lines are, and for every pattern of them the cells joined to the cell
    below."""
    k = w - 1
    half = w * k
    patterns = [format(bits, f"0{k}b") if k else "" for bits in range(1 << k)]
    rows: list[tuple[int, int, Table]] = []
    for y in range(w):
        table: Table = {}
        for pat in patterns:
            starts = [y * w]
            for x in range(1, w):
                starts.append(starts[-1] if pat[x - 1] == "0" else y * w + x)
            sizes = tuple(starts.count(y * w + x) for x in range(w))
            table[pat] = (tuple(starts), sizes)
        rows.append((y * k, y * k + k, table))
    cols: list[tuple[int, int, dict[str, tuple[int, ...]]]] = []
    for x in range(w):
        joins = {pat: tuple(y * w + x for y in range(k) if pat[y] == "0") for pat in patterns}
        cols.append((half + x * k, half + x * k + k, joins))
    return rows, cols


def decode(text: str) -> tuple[Lazy, Params] | None:
    """The parts of a plain game ID and its parameters (size, difficulty, ``m`` flag), or
    ``None`` (the reader decides)."""
    colon = text.find(":")
    params = _PARAMS.get(text[:colon]) if colon > 0 else None
    if params is None:
        return None
    comma = text.find(",", colon)
    if comma < 0:
        return None
    w = params[0]
    try:
        walls = "".join(map(_token, text[colon + 1 : comma].translate(_SPACED).split(" ")))
    except KeyError:
        return None
    if len(walls) != 2 * w * (w - 1) + 1 or walls[-1] != "1":
        return None
    rows, cols = _tables(w)
    parent: list[int] = []
    size: list[int] = []
    for lo, hi, table in rows:
        starts, sizes = table[walls[lo:hi]]
        parent += starts
        size += sizes
    for lo, hi, joins in cols:
        for a in joins[walls[lo:hi]]:
            b = a + w
            while parent[a] != a:
                a = parent[a]
            while parent[b] != b:
                b = parent[b]
            if a < b:
                parent[b] = a
                size[a] += size[b]
            elif b < a:
                parent[a] = b
                size[b] += size[a]
    n = w * w
    cage_roots = list(compress(range(n), map(eq, parent, range(n))))
    clues = text[comma + 1 :]
    if not clues.isascii() or len(clues) > MAX_TARGET_DIGITS:
        return None
    raw = clues.encode("ascii")
    ops = raw.translate(None, _DIGIT_BYTES)
    if (len(ops) != len(cage_roots) or ops.translate(None, b"amsd")
            or raw[0] not in _OP_BYTES):
        return None
    for root in compress(cage_roots, ops.translate(_SUB_DIV)):
        if size[root] != 2:
            return None
    return Lazy(w, parent, cage_roots, ops, clues), params


def build(lazy: Lazy) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    """The cages and the cage index of every cell."""
    parent = list(lazy.parent)
    for cell in range(len(parent)):  # parents are smaller cells: one pass finds every root
        parent[cell] = parent[parent[cell]]
    index = {root: k for k, root in enumerate(lazy.cage_roots)}
    cell_cage = tuple(map(index.__getitem__, parent))
    members: list[list[int]] = [[] for _ in lazy.cage_roots]
    for cell, k in enumerate(cell_cage):
        members[k].append(cell)
    targets = _OP_SPLIT.split(lazy.clues)
    del targets[0]
    cages = tuple(Cage(tuple(cells), _OPS[op], int(t) if t else None)
                  for cells, op, t in zip(members, lazy.ops, targets, strict=True))
    return cages, cell_cage
