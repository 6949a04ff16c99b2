"""The quick read of a plain game ID (``6:<desc>``, ``6dhm:<desc>``), for ``Puzzle(text)``.

:mod:`puzzlefmt.keen.gameid` is the reader; this is a shortcut for the common case, pure
Python with no loop per character: the block structure is expanded to one character per
position (``"0"`` shared, ``"1"`` a wall) with :meth:`str.translate`, :meth:`str.split` and
a table of tokens; the rows are cut out of it by precomputed slices and looked up in
per-size tables (each row's cells as runs); a union-find then joins the runs across the
shared edges between rows. The cages are not built: :func:`decode` returns the parts they
are made from (:data:`Lazy`), and :func:`build` makes them on first use (the model does that
when a puzzle's cages are first asked for).

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

from puzzlefmt.keen.parts import MAX_TARGET_DIGITS, Cage, Difficulty, Op

__all__ = ["Lazy", "build", "decode"]

Params = tuple[int, Difficulty | None, bool]

#: A decoded ID before its cages are built: every cell's parent in the union-find (a smaller
#: cell, or itself for the first cell of a cage), the op letters of the cages in order, and
#: the clues as written (the targets are read from them when the cages are built).
Lazy = tuple[list[int], bytes, str]

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
_TOKENS = {ch: text.encode() for ch, text in _SYMBOLS.items()}
_TOKENS.update({f"{ch}{count}": text * max(count, 1)
                for ch, text in _TOKENS.items() for count in range(145 // len(text) + 1)})
_TOKENS[""] = b""
_token = _TOKENS.__getitem__
# A blank before each symbol splits the block structure into symbols with their counts (a
# blank already there becomes "!", which is no symbol). A list indexed by code point, which
# str.translate reads faster than a dict; characters past its end are kept as they are.
_SPACED = [chr(code) for code in range(128)]
_SPACED[ord(" ")] = "!"
for _ch in _SYMBOLS:
    _SPACED[ord(_ch)] = " " + _ch
_DIGIT_BYTES = b"0123456789"
_OP_BYTES = frozenset(b"amsd")
_SUB_DIV = bytes(1 if ch in b"sd" else 0 for ch in range(256))
_NOT_TWO = bytes(0 if size == 2 else 1 for size in range(256))
_OPS = {ord("a"): Op.ADD, ord("m"): Op.MUL, ord("s"): Op.SUB, ord("d"): Op.DIV}

Runs = dict[bytes, tuple[tuple[int, ...], bytes]]
Joins = dict[bytes, tuple[int, ...]]
Spec = tuple[struct.Struct, tuple[Runs, ...], tuple[Joins, ...]]

# Up to this size rows and columns are looked up two at a time (1,024 patterns a pair at 6x6),
# above it one at a time (4,096 patterns a pair at 7x7 would cost more to build and hold
# than they save).
_PAIRED = 6


@functools.cache
def _spec(w: int) -> Spec:
    """How to cut the expanded block structure of a ``w`` grid, and the tables to read it.

    The expanded block structure holds each row's ``w - 1`` vertical lines, row by row, then
    each column's ``w - 1`` horizontal lines, column by column, then the final wall. The
    :class:`struct.Struct` cuts it into groups of rows (two, or one), groups of columns
    alike, and the final wall. For every pattern of a group of rows, its table gives the
    run start (a cell) of each cell and the length of each run at its start (0 elsewhere,
    one byte a cell); for every pattern of a group of columns, the cells joined to the cell
    below."""
    k = w - 1
    patterns = [format(bits, f"0{k}b").encode() if k else b"" for bits in range(1 << k)]
    row_runs: list[Runs] = []
    for y in range(w):
        runs: Runs = {}
        for pat in patterns:
            starts = [y * w]
            for x in range(1, w):
                starts.append(starts[-1] if pat[x - 1] == ord("0") else y * w + x)
            runs[pat] = (tuple(starts), bytes(starts.count(y * w + x) for x in range(w)))
        row_runs.append(runs)
    col_joins: list[Joins] = [
        {pat: tuple(y * w + x for y in range(k) if pat[y] == ord("0")) for pat in patterns}
        for x in range(w)]
    if w > _PAIRED or w < 2:
        return struct.Struct(f"{k}s" * w * 2 + "c"), tuple(row_runs), tuple(col_joins)
    row_tables: list[Runs] = []
    col_tables: list[Joins] = []
    for y in range(0, w, 2):
        if y + 1 == w:  # the last of an odd number
            row_tables.append(row_runs[y])
            col_tables.append(col_joins[y])
            continue
        row_tables.append({pat1 + pat2: (starts1 + starts2, lengths1 + lengths2)
                           for pat1, (starts1, lengths1) in row_runs[y].items()
                           for pat2, (starts2, lengths2) in row_runs[y + 1].items()})
        col_tables.append({pat1 + pat2: joins1 + joins2
                           for pat1, joins1 in col_joins[y].items()
                           for pat2, joins2 in col_joins[y + 1].items()})
    layout = "".join(f"{2 * k}s" for _ in range(w // 2)) + f"{k}s" * (w % 2)
    return struct.Struct(layout * 2 + "c"), tuple(row_tables), tuple(col_tables)


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
    w = params[0]
    layout, row_tables, col_tables = _spec(w)
    try:
        parts = layout.unpack(
            b"".join(map(_token, text[colon + 1 : comma].translate(_SPACED).split(" "))))
    except (KeyError, struct.error):  # no symbol, or not as many positions as the grid has
        return None
    if parts[-1] != b"1":
        return None
    parent: list[int] = []
    size = bytearray()
    for runs, pat in zip(row_tables, parts, strict=False):
        starts, lengths = runs[pat]
        parent += starts
        size += lengths
    for joins, pat in zip(col_tables, parts[len(row_tables) :], strict=False):
        for a in joins[pat]:
            b = a + w
            while parent[a] != a:
                a = parent[a]
            while parent[b] != b:
                b = parent[b]
            if a < b:
                parent[b] = a
                size[a] += size[b]
                size[b] = 0
            elif b < a:
                parent[a] = b
                size[b] += size[a]
                size[a] = 0
    # The roots are the cells left with a size: these are the cages' sizes, in the order of
    # their first cells.
    cage_sizes = size.replace(b"\x00", b"")
    clues = text[comma + 1 :]
    if not clues.isascii() or len(clues) > MAX_TARGET_DIGITS:
        return None
    raw = clues.encode("ascii")
    ops = raw.translate(None, _DIGIT_BYTES)
    if (len(ops) != len(cage_sizes) or ops.translate(None, b"amsd") or raw[0] not in _OP_BYTES
            # every s and d cage has two cells
            or int.from_bytes(ops.translate(_SUB_DIV))
            & int.from_bytes(cage_sizes.translate(_NOT_TWO))):
        return None
    return params, (parent, ops, clues)


def build(lazy: Lazy) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    """The cages and the cage index of every cell."""
    parent, ops, clues = lazy
    parent = list(parent)
    roots: dict[int, int] = {}
    for cell in range(len(parent)):  # parents are smaller cells: one pass finds every root
        root = parent[cell] = parent[parent[cell]]
        if root == cell:
            roots[cell] = len(roots)
    cell_cage = tuple(map(roots.__getitem__, parent))
    members: list[list[int]] = [[] for _ in roots]
    for cell, k in enumerate(cell_cage):
        members[k].append(cell)
    targets = _OP_SPLIT.split(clues)
    del targets[0]
    cages = tuple(Cage(tuple(cells), _OPS[op], int(t) if t else None)
                  for cells, op, t in zip(members, ops, targets, strict=True))
    return cages, cell_cage
