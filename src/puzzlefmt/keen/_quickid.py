"""The quick read of a plain game ID (``6:<desc>``, ``6dhm:<desc>``), for ``Puzzle(text)``.

:mod:`puzzlefmt.keen.gameid` is the reader; this is a shortcut for the common case, pure
Python with no loop per character and none per row. The block structure is expanded to one
byte per position (``0`` shared, ``1`` a wall): one :meth:`str.translate` puts a blank before
each symbol, and :meth:`str.split` and one :func:`operator.itemgetter` call over a table of
tokens (a symbol with its repeat count) give the pieces to join. One :class:`struct.Struct`
cuts the rows and columns out of the result; a per-size table gives each row's bytes of the
union-find (one byte a cell, each run of cells joined at its first cell, which holds the
run's length), and the union-find joins the runs across the shared edges between rows,
keeping the size of each cage at its first cell. The rows and columns are written out in
:func:`decode` (up to 6, or up to 9, a smaller grid padded with empty ones): a loop over them
cost about a sixth of the read. The clues are checked with bytes operations: one op per
cage, and two cells for every ``s`` and ``d`` cage.

The cages are not built: :func:`decode` returns the parts they are made from
(:data:`Lazy`), and :func:`build` makes them on first use (the model does that when a
puzzle's cages are first asked for).

:func:`decode` returns ``None`` for anything unusual: blanks, a solution after the ID, a
random-seed ID, a size above 9, a repeat count or a target of many digits, and every ID the
reader refuses. The caller then reads the text with the reader, which accepts or refuses it
and says why. Whatever :func:`decode` accepts, the reader reads to the same puzzle (the tests
check this over valid and mutated IDs).
"""

from __future__ import annotations

import functools
import re
import struct
from operator import itemgetter

from puzzlefmt.keen.elements import MAX_TARGET_DIGITS, Cage, Difficulty, Op

__all__ = ["Lazy", "build", "decode"]

Params = tuple[int, Difficulty | None, bool]

#: A decoded ID before its cages are built: the union-find of its cells, one byte a cell (a
#: smaller cell, or ``_ROOT`` plus the cage's size for the first cell of a cage), and the
#: clues as written (ops and targets are read from them when the cages are built).
Lazy = tuple[bytearray, str]

# A cell's byte in the union-find is below this (cells are 0 to 80) unless it is the first
# cell of a cage, which holds _ROOT plus the cage's size (at most 81).
_ROOT = 128

# The parameters the quick read takes, written as the writer writes them: size 1 to 9, then
# optional difficulty and "m".
_PARAMS: dict[str, Params] = {
    f"{w}{'d' + letter if letter else ''}{'m' if mult else ''}": (
        w, Difficulty.from_letter(letter) if letter else None, mult)
    for w in range(1, 10) for letter in ("", *"enhxu") for mult in (False, True)
}
_OP_SPLIT = re.compile(r"[amsd]")
_OP_LETTERS = re.compile(r"[^amsd]+")
# Each symbol with its repeat count (none, or a count without leading zeros that stays within
# the 145 positions of a 9x9 grid) as its positions: "0" a shared edge, "1" a wall ("z": 25
# shared, no wall).
_SYMBOLS = {"_": "1", **{chr(96 + k): "0" * k + "1" for k in range(1, 26)}, "z": "0" * 25}
_TOKENS = {ch: text.encode() for ch, text in _SYMBOLS.items()}
_TOKENS.update({f"{ch}{count}": text * max(count, 1)
                for ch, text in _TOKENS.items() for count in range(145 // len(text) + 1)})
_TOKENS[""] = b""
# A blank before each symbol splits the block structure into symbols with their counts (a
# blank already there becomes "!", which is no symbol). A list indexed by code point, which
# str.translate reads faster than a dict; characters past its end are kept as they are.
_SPACED = [chr(code) for code in range(128)]
_SPACED[ord(" ")] = "!"
for _ch in _SYMBOLS:
    _SPACED[ord(_ch)] = " " + _ch
_DIGIT_BYTES = b"0123456789"
_OP_BYTES = frozenset(b"amsd")
# The op letters of the clues (digits deleted) as 0 (a, m), 1 (s, d: two cells) or 2 (no op).
_OP_MASK = bytes(1 if ch in b"sd" else 0 if ch in b"am" else 2 for ch in range(256))
# A union-find's cages (with the cells that are no root deleted), each 1 if its size is not 2,
# else 0.
_NOT_TWO = bytes(0 if size == _ROOT + 2 else 1 for size in range(256))
_OPS = {"a": Op.ADD, "m": Op.MUL, "s": Op.SUB, "d": Op.DIV}

Runs = dict[bytes, bytes]
Joins = dict[bytes, tuple[int, ...]]
Tables = tuple[int, struct.Struct, tuple[Runs, ...], tuple[Joins, ...], bytes]

# decode is written out for up to 6 rows and columns, and for up to 9: a smaller grid is
# padded with empty rows and columns.
_SHORT = 6
_MAX_W = 9
_NO_RUNS: Runs = {b"": b""}
_NO_JOINS: Joins = {b"": ()}


@functools.cache
def _tables(w: int) -> Tables:
    """How to cut the expanded block structure of a ``w`` grid, and the tables to read it.

    The expanded block structure holds each row's ``w - 1`` vertical lines, row by row, then
    each column's ``w - 1`` horizontal lines, column by column, then the final wall: its
    length, and a :class:`struct.Struct` that cuts the rows and columns out of it, with an
    empty piece for each row and column past ``w`` (up to 6, or up to 9). For every pattern
    of a row, its table gives the row's bytes of the union-find with each run of cells
    joined (each cell the run's first cell, which holds ``_ROOT`` plus the run's length);
    for every pattern of a column, the cells joined to the cell below. Last, the bytes of
    the cells (below ``_ROOT``, as a union-find holds them), to delete them."""
    k = w - 1
    patterns = [format(bits, f"0{k}b").encode() if k else b"" for bits in range(1 << k)]
    rows: list[Runs] = []
    for y in range(w):
        runs: Runs = {}
        for pat in patterns:
            starts = [y * w]
            for x in range(1, w):
                starts.append(starts[-1] if pat[x - 1] == ord("0") else y * w + x)
            runs[pat] = bytes(_ROOT + starts.count(cell) if cell == y * w + x else cell
                              for x, cell in enumerate(starts))
        rows.append(runs)
    cols = [{pat: tuple(y * w + x for y in range(k) if pat[y] == ord("0")) for pat in patterns}
            for x in range(w)]
    pad = (_SHORT if w <= _SHORT else _MAX_W) - w
    half = f"{k}s" * w + "0s" * pad
    return (2 * w * k + 1, struct.Struct(half + half), (*rows, *[_NO_RUNS] * pad),
            (*cols, *[_NO_JOINS] * pad), bytes(range(w * w)))


def decode(text: str) -> tuple[Params, Lazy] | None:
    """The parameters of a plain game ID (size, difficulty, ``m`` flag) and its parts, or
    ``None`` (the reader decides)."""
    colon = text.find(":")
    params = _PARAMS.get(text[:colon]) if colon > 0 else None
    if params is None:
        return None
    comma = text.find(",", colon)
    if comma < 0:
        return None
    # The block structure's symbols with their counts: the first piece is always "" (the
    # text before the first blank), so itemgetter has two keys or more and returns a tuple,
    # unless there is no symbol at all (then "" alone, which gives no position, or a KeyError).
    pieces = text[colon + 1 : comma].translate(_SPACED).split(" ")
    try:
        walls = b"".join(itemgetter(*pieces)(_TOKENS))
    except KeyError:  # no symbol
        return None
    w = params[0]
    positions, layout, rows, cols, cells = _tables(w)
    if len(walls) != positions or walls[-1] != ord("1"):
        return None
    if w <= _SHORT:
        (r0, r1, r2, r3, r4, r5), (c0, c1, c2, c3, c4, c5) = rows, cols
        p0, p1, p2, p3, p4, p5, q0, q1, q2, q3, q4, q5 = layout.unpack_from(walls)
        parent = bytearray().join((r0[p0], r1[p1], r2[p2], r3[p3], r4[p4], r5[p5]))
        joins = c0[q0] + c1[q1] + c2[q2] + c3[q3] + c4[q4] + c5[q5]
    else:
        (r0, r1, r2, r3, r4, r5, r6, r7, r8), (c0, c1, c2, c3, c4, c5, c6, c7, c8) = rows, cols
        p0, p1, p2, p3, p4, p5, p6, p7, p8, q0, q1, q2, q3, q4, q5, q6, q7, q8 = (
            layout.unpack_from(walls))
        parent = bytearray().join((r0[p0], r1[p1], r2[p2], r3[p3], r4[p4], r5[p5], r6[p6],
                                   r7[p7], r8[p8]))
        joins = (c0[q0] + c1[q1] + c2[q2] + c3[q3] + c4[q4] + c5[q5] + c6[q6] + c7[q7]
                 + c8[q8])
    root = _ROOT  # a local: read four times a join
    for a in joins:
        b = a + w
        while parent[a] < root:
            a = parent[a]
        while parent[b] < root:
            b = parent[b]
        if a < b:
            parent[a] += parent[b] - root
            parent[b] = a
        elif b < a:
            parent[b] += parent[a] - root
            parent[a] = b
    clues = text[comma + 1 :]
    if not clues.isascii() or len(clues) > MAX_TARGET_DIGITS:
        return None
    raw = clues.encode("ascii")
    ops = raw.translate(_OP_MASK, _DIGIT_BYTES)
    # The roots are the cages, in the order of their first cells.
    not_two = parent.translate(_NOT_TWO, cells)
    if (len(ops) != len(not_two) or 2 in ops or raw[0] not in _OP_BYTES
            # every s and d cage has two cells
            or int.from_bytes(ops) & int.from_bytes(not_two)):
        return None
    return params, (parent, clues)


def build(lazy: Lazy) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    """The cages and the cage index of every cell."""
    parent, clues = lazy
    root_of = list(parent)
    roots: dict[int, int] = {}
    for cell, up in enumerate(parent):  # parents are smaller cells: one pass finds every root
        if up >= _ROOT:
            roots[cell] = len(roots)
            root_of[cell] = cell
        else:
            root_of[cell] = root_of[up]
    cell_cage = tuple(map(roots.__getitem__, root_of))
    members: list[list[int]] = [[] for _ in roots]
    for cell, k in enumerate(cell_cage):
        members[k].append(cell)
    ops = _OP_LETTERS.sub("", clues)
    targets = _OP_SPLIT.split(clues)
    del targets[0]
    cages = tuple(Cage(tuple(cells), _OPS[op], int(t) if t else None)
                  for cells, op, t in zip(members, ops, targets, strict=True))
    return cages, cell_cage
