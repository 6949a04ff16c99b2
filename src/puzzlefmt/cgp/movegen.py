"""Every legal move of a position, with its score and equity, as MAGPIE generates them.

>>> from puzzlefmt.cgp import Position
>>> from puzzlefmt.cgp.lexicon import Lexicon
>>> lex = Lexicon.build(["QI", "QIS", "IS", "SI"])
>>> pos = Position("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 IQS/ 0/0 0")
>>> moves = generate(pos, lex)
>>> [str(m) for m in moves.best(2)]
['8G QIS 24 (equity 24.000)', '8F QIS 24 (equity 23.300)']

:func:`generate` walks the lexicon's GADDAG in a compiled kernel
(:mod:`puzzlefmt.cgp._kernels.movegen`) and gives a :class:`MoveList`: columns (numpy arrays
of kinds, squares, tiles, scores, equities), with :class:`GeneratedMove` objects made only
when asked (iterating, indexing, :meth:`MoveList.best`).

What is generated, and the equity (integer millipoints), follow MAGPIE (``../shared/
vectors/movegen/README.md`` lists the rules): every placement (each designation of a blank
its own move; a one-tile play once, across when it has a neighbour across; on an empty
board only across plays on the start row), the exchanges when the tiles unseen by the
player to move number at least ``rack_size + exchange_limit`` (every distinct non-empty
sub-multiset of the rack), and the pass. Equity is the score plus the leave's value while
the bag holds tiles (with no leave table: the score); on an empty board each vowel placed
next to a premium square off the start row costs 0.35 point a premium step; with the bag
empty, a play that keeps tiles loses twice their points and 10 points, one that goes out
gains twice the opponent's rack. The pass's equity is written 0 and it ranks last.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

import numpy as np

from puzzlefmt._jit import notice_if_cold
from puzzlefmt.cgp._kernels import movegen as kern
from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.layouts import Layout
from puzzlefmt.cgp.lexicon import Leaves, Lexicon
from puzzlefmt.cgp.moves import Move, MoveKind, column_name
from puzzlefmt.cgp.position import Position
from puzzlefmt.cgp.tiles import BLANK
from puzzlefmt.errors import OptionError

__all__ = ["VOWELS", "GeneratedMove", "LexiconMismatchError", "MoveList", "best_moves", "generate",
           "load_leaves", "load_lexicon", "record", "run", "to_json", "words"]

#: The labels that count as vowels for the opening placement penalty.
VOWELS = frozenset("AEIOUÀÁÂÄÈÉÊËÌÍÎÏÒÓÔÖÙÚÛÜ")
_OPEN_STEP = 350  # millipoints a premium step next to the start row costs a vowel
_CAPACITY = 1 << 16


STATE = np.zeros(5, dtype=np.int64)

class LexiconMismatchError(ValueError):
    """The position names a lexicon (``lex``) or a distribution the given one is not."""


@dataclass(frozen=True, slots=True)
class GeneratedMove:
    """One generated move: the :class:`~puzzlefmt.cgp.Move`, its score (points), equity
    (millipoints), the leave (tiles kept, ``?`` for blanks) and the tiles it places."""

    move: Move
    score: int
    equity: int
    leave: tuple[str, ...]
    placed: int
    ucgi: str

    def __str__(self) -> str:
        return f"{self.move} {self.score} (equity {self.equity / 1000:.3f})"


class _Tables:
    """A distribution's and a layout's arrays for the kernel (cached by identity)."""

    def __init__(self, dist: Distribution, layout: Layout) -> None:
        self.dist = dist
        self.layout = layout
        n = len(dist.letters)
        self.codes = {label: k for k, label in enumerate(dist.letters, start=1)}
        # a square's code for the kernel: 0 empty, a blank its letter's code and BLANK_BIT
        self.square_codes: dict[str | None, int] = {None: 0}
        for label, k in self.codes.items():
            self.square_codes.setdefault(label.lower(), k | kern.BLANK_BIT)
        self.square_codes.update(self.codes)
        self.score_of = np.zeros(64, dtype=np.int32)
        self.is_vowel = np.zeros(64, dtype=np.bool_)
        for label, k in self.codes.items():
            self.score_of[k] = dist.scores[label]
            self.is_vowel[k] = label in VOWELS
        self.blank_score = int(dist.scores[BLANK])
        squares = [p for row in layout.squares for p in row]
        self.lmul = np.array([-1 if p.symbol == "#" else p.letter_multiplier for p in squares],
                             dtype=np.int32)
        self.wmul = np.array([p.word_multiplier for p in squares], dtype=np.int32)
        rows, cols = layout.rows, layout.cols
        pen = np.zeros(rows * cols, dtype=np.int32)
        sr, _ = layout.start
        for c in range(cols):
            cost = 0
            for r in (sr - 1, sr + 1):
                if 0 <= r < rows:
                    p = layout.squares[r][c]
                    cost += _OPEN_STEP * (p.word_multiplier - 1 + p.letter_multiplier - 1)
            pen[sr * cols + c] = -cost
        self.open_pen = pen
        self.n_letters = n
        self.labels = ("", *dist.letters)


_TABLES: dict[tuple[int, int], _Tables] = {}


def _tables(dist: Distribution, layout: Layout) -> _Tables:
    key = (id(dist), id(layout))
    found = _TABLES.get(key)
    if found is None or found.dist is not dist or found.layout is not layout:
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[key] = _Tables(dist, layout)
    return found


class _Buffers:
    """The kernel's output arrays, kept and grown between calls: a row a move (the kernel's
    ``OUT_*`` columns) and its tiles."""

    def __init__(self, capacity: int, width: int) -> None:
        self.out = np.empty((capacity, kern.OUT_FIELDS), dtype=np.int64)
        self.tiles = np.zeros((capacity, width), dtype=np.uint8)
        self.capacity = capacity
        self.width = width


_BUFFERS: list[_Buffers] = []


def _buffers(capacity: int, width: int) -> _Buffers:
    if _BUFFERS and _BUFFERS[0].capacity >= capacity and _BUFFERS[0].width >= width:
        return _BUFFERS[0]
    made = _Buffers(max(capacity, _CAPACITY), max(width, 32))
    _BUFFERS[:] = [made]
    return made


def _check_lexicon(position: Position, lexicon: Lexicon, leaves: Leaves | None) -> None:
    named = getattr(position, "lexicon", None)
    if named and lexicon.name and named.strip().lower() != lexicon.name.strip().lower():
        raise LexiconMismatchError(
            f"the position names the lexicon {named!r}, the one given is {lexicon.name!r}")
    for what, dist in (("lexicon", lexicon.distribution),
                       ("leave table", leaves.distribution if leaves else None)):
        if dist is None:
            continue
        mine = position.distribution
        if dist is not mine and (dist.letters != mine.letters):
            raise LexiconMismatchError(
                f"the position's tiles are the {mine.name} distribution's, the {what}'s the "
                f"{dist.name} distribution's")


def _rack_counts(tiles: Sequence[str], codes: dict[str, int]) -> np.ndarray:
    rack = np.zeros(64, dtype=np.int32)
    for tile in tiles:
        rack[0 if tile == BLANK else codes[tile]] += 1
    return rack


class MoveList(Sequence[GeneratedMove]):
    """The moves :func:`generate` found, as columns (numpy arrays, one entry a move):
    ``kind`` (0 placement, 1 exchange, 2 pass), ``row``, ``col`` (0-based first square),
    ``vertical``, ``length`` (squares of the word, or tiles exchanged), ``tiles`` (a row a
    move: each square's code, ``BLANK_BIT`` for a blank, ``THROUGH_BIT`` for a tile already
    there; an exchange's tiles, 0 the blank), ``score`` (points), ``equity``
    (millipoints), ``leave`` (the kept tiles' number) and ``placed``. Indexing and iterating
    make :class:`GeneratedMove` objects. ``anchors``: how many anchors the generator
    walked, of how many where a play may start (``best_only`` leaves out those whose bound
    is below the best equity found)."""

    def __init__(self, position: Position, buffers: _Buffers, count: int,
                 tables: _Tables, rack: np.ndarray, anchors: tuple[int, int] = (0, 0)) -> None:
        self.position = position
        self.anchors = anchors
        out = buffers.out[:count]
        self.kind = out[:, kern.OUT_KIND].astype(np.int8)
        self.row = out[:, kern.OUT_ROW].astype(np.int32)
        self.col = out[:, kern.OUT_COL].astype(np.int32)
        self.vertical = out[:, kern.OUT_VERT].astype(np.bool_)
        self.length = out[:, kern.OUT_LEN].astype(np.int32)
        width = int(self.length.max(initial=0))
        self.tiles = buffers.tiles[:count, :width].copy()
        self.score = out[:, kern.OUT_SCORE].astype(np.int32)
        self.equity = out[:, kern.OUT_EQUITY].copy()
        self.leave_index = out[:, kern.OUT_LEAVE].astype(np.int32)
        self.placed = out[:, kern.OUT_PLACED].astype(np.int32)
        self._tables = tables
        self._rack = rack

    def __len__(self) -> int:
        return int(self.kind.shape[0])

    @overload
    def __getitem__(self, index: int) -> GeneratedMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[GeneratedMove]: ...

    def __getitem__(self, index: int | slice) -> GeneratedMove | list[GeneratedMove]:
        if isinstance(index, slice):
            return [self._move(i) for i in range(len(self))[index]]
        n = len(self)
        if not -n <= index < n:
            raise IndexError("move index out of range")
        return self._move(index % n)

    def __iter__(self) -> Iterator[GeneratedMove]:
        for i in range(len(self)):
            yield self._move(i)

    def ranked(self) -> np.ndarray:
        """The moves' indexes best first: higher equity, then MAGPIE's order among equals
        (higher score, placement before exchange, smaller row, smaller column, across
        before down, fewer tiles placed, shorter word, then tile by tile); the pass last."""
        tiles = self.tiles.astype(np.int64)
        through = (tiles & kern.THROUGH_BIT) != 0
        blank = (tiles & kern.BLANK_BIT) != 0
        key_tiles = np.where(through, 0, (tiles & kern.CODE_MASK) + np.where(blank, 128, 0))
        is_pass = self.kind == kern.KIND_PASS
        keys = [key_tiles[:, k] for k in range(key_tiles.shape[1] - 1, -1, -1)]
        keys += [self.length, self.placed, self.vertical, self.col, self.row, self.kind,
                 -self.score.astype(np.int64), -self.equity, is_pass]
        return np.lexsort(keys)

    def best(self, n: int = 1) -> list[GeneratedMove]:
        """The ``n`` best moves (see :meth:`ranked`)."""
        return [self._move(int(i)) for i in self.ranked()[:n]]

    def leave_tiles(self, i: int) -> tuple[str, ...]:
        """The tiles move ``i`` keeps, in code order (blanks last, as MAGPIE prints)."""
        index = int(self.leave_index[i])
        out: list[str] = []
        step = 1
        labels = self._tables.labels
        blanks = 0
        for t in range(self._tables.n_letters + 1):
            count = int(self._rack[t])
            if count:
                keep = (index // step) % (count + 1)
                step *= count + 1
                if t == 0:
                    blanks = keep
                else:
                    out.extend([labels[t]] * keep)
        return (*out, *[BLANK] * blanks)

    def ucgi(self, i: int) -> str:
        """Move ``i`` as MAGPIE's UCGI prints it: ``8h WORD`` (across), ``h8 WORD`` (down,
        lower-case column), tiles on the board and blanks as they stand, ``ex ?AB``,
        ``pass``."""
        kind = int(self.kind[i])
        labels = self._tables.labels
        n = int(self.length[i])
        if kind == kern.KIND_PASS:
            return "pass"
        if kind == kern.KIND_EXCHANGE:
            return "ex " + "".join(BLANK if c == 0 else labels[c]
                                   for c in self.tiles[i, :n].tolist())
        letters = []
        for c in self.tiles[i, :n].tolist():
            label = labels[c & kern.CODE_MASK]
            letters.append(label.lower() if c & kern.BLANK_BIT else label)
        r, c0 = int(self.row[i]), int(self.col[i])
        col = column_name(c0).lower()
        where = f"{col}{r + 1}" if self.vertical[i] else f"{r + 1}{col}"
        return f"{where} {''.join(letters)}"

    def _move(self, i: int) -> GeneratedMove:
        kind = int(self.kind[i])
        labels = self._tables.labels
        n = int(self.length[i])
        if kind == kern.KIND_PASS:
            move = Move.pass_turn()
        elif kind == kern.KIND_EXCHANGE:
            move = Move.exchange([BLANK if c == 0 else labels[c]
                                  for c in self.tiles[i, :n].tolist()])
        else:
            tiles = []
            for c in self.tiles[i, :n].tolist():
                if c & kern.THROUGH_BIT:
                    tiles.append(".")
                else:
                    label = labels[c & kern.CODE_MASK]
                    tiles.append(label.lower() if c & kern.BLANK_BIT else label)
            move = Move(MoveKind.PLACEMENT, int(self.row[i]), int(self.col[i]),
                        bool(self.vertical[i]), tuple(tiles))
        return GeneratedMove(move, int(self.score[i]), int(self.equity[i]),
                             self.leave_tiles(i), int(self.placed[i]), self.ucgi(i))

    def __repr__(self) -> str:
        return f"<MoveList: {len(self)} moves>"


def _settings(position: Position, tables: _Tables, leaves: Leaves | None,
              on_board: int) -> tuple[np.ndarray, np.ndarray, bool]:
    """The rack's counts, each leave's equity term, and whether exchanges are allowed
    (``on_board``: how many tiles the board holds)."""
    dist = tables.dist
    racks = position.racks
    mover = list(racks[0]) if racks else []
    opponent = list(racks[1]) if len(racks) > 1 else []
    # the tiles neither on the board nor on a rack the CGP writes (MAGPIE's bag, with an
    # unknown opponent's rack in it)
    unseen = max(0, dist.total - on_board - len(mover) - len(opponent))
    rack = _rack_counts(mover, tables.codes)
    exchanges = unseen + len(opponent) >= position.rack_size + position.exchange_limit
    if unseen == 0:
        mode, opp = 2, sum(dist.score(t) for t in opponent)
    elif leaves is not None:
        mode, opp = 1, 0
    else:
        mode, opp = 0, 0
    empty_u32 = np.zeros(2, dtype=np.uint32)
    empty_i64 = np.zeros(2, dtype=np.int64)
    adj = kern.leave_table(
        rack, tables.n_letters,
        leaves.nodes if mode == 1 and leaves is not None else empty_u32,
        leaves.counts if mode == 1 and leaves is not None else empty_i64,
        leaves.values if mode == 1 and leaves is not None else empty_i64,
        mode, opp, tables.score_of, tables.blank_score)
    return rack, adj, bool(exchanges)


def generate(position: Position, lexicon: Lexicon, leaves: Leaves | None = None, *,
             best_only: bool = False, check: bool = True) -> MoveList:
    """Every legal move of the player to move (see the module text) as a :class:`MoveList`;
    ``best_only``: only the moves of the best equity (and the pass when there is nothing
    else). ``check``: refuse a lexicon (or leave table) whose name or distribution is not
    the position's (:class:`LexiconMismatchError`)."""
    if check:
        _check_lexicon(position, lexicon, leaves)
    tables = _tables(position.distribution, position.layout)
    board = _board_codes(position, tables)
    rack, adj, exchanges = _settings(position, tables, leaves, int(np.count_nonzero(board)))
    rows, cols = position.rows, position.cols
    sr, sc = tables.layout.start
    width = max(rows, cols, 8)
    buffers = _buffers(_CAPACITY, width)
    state = STATE
    notice_if_cold("the move generator")
    while True:
        kern.generate(lexicon.nodes, board, rows, cols, tables.lmul, tables.wmul,
                      tables.score_of, tables.blank_score, tables.is_vowel, tables.open_pen,
                      rack, adj, tables.n_letters, sr * cols + sc, position.rack_size,
                      position.bingo_bonus, exchanges, best_only, buffers.out, buffers.tiles,
                      state)
        count = int(state[0])
        if count <= buffers.capacity:
            break
        buffers = _buffers(count, width)
    return MoveList(position, buffers, count, tables, rack, (int(state[3]), int(state[4])))


def _anchor_bounds(position: Position, lexicon: Lexicon,
                   leaves: Leaves | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's anchors and their bounds for the position (``[0]`` across, ``[1]``
    down, as ``(rows, cols)`` arrays): what the best-move walk orders its anchors by."""
    tables = _tables(position.distribution, position.layout)
    board = _board_codes(position, tables)
    rack, adj, _ = _settings(position, tables, leaves, int(np.count_nonzero(board)))
    rows, cols = position.rows, position.cols
    sr, sc = tables.layout.start
    an, bounds = kern.anchor_bounds(lexicon.nodes, board, rows, cols, tables.lmul,
                                    tables.wmul, tables.score_of, tables.blank_score, rack, adj,
                                    tables.n_letters, sr * cols + sc, position.rack_size,
                                    position.bingo_bonus)
    return (np.stack([an[0].reshape(rows, cols), an[1].reshape(cols, rows).T]),
            np.stack([bounds[0].reshape(rows, cols), bounds[1].reshape(cols, rows).T]))


def _board_codes(position: Position, tables: _Tables) -> np.ndarray:
    squares = tables.square_codes
    try:
        return np.fromiter([squares[sq] for row in position.board for sq in row],
                           dtype=np.int32, count=position.rows * position.cols)
    except KeyError:  # a blank whose label is not a letter's lower case
        pass
    codes = tables.codes
    out = np.zeros(position.rows * position.cols, dtype=np.int32)
    cols = position.cols
    for r, c, tile in position.tiles():
        if tile in codes:
            out[r * cols + c] = codes[tile]
        else:
            out[r * cols + c] = codes[tile.upper()] | kern.BLANK_BIT
    return out


def best_moves(position: Position, lexicon: Lexicon, n: int = 1,
               leaves: Leaves | None = None) -> list[GeneratedMove]:
    """The ``n`` best moves (``n`` 1: from the kernel's best-only walk)."""
    found = generate(position, lexicon, leaves, best_only=n == 1)
    return found.best(n)


# ---------------------------------------------------------------------- the engine


@functools.lru_cache(maxsize=4)
def _load_lexicon(path: str, stamp: tuple[int, int]) -> Lexicon:
    return Lexicon.load(path)


@functools.lru_cache(maxsize=4)
def _load_leaves(path: str, stamp: tuple[int, int]) -> Leaves:
    return Leaves.load(path)


def _stamp(path: str) -> tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (0, 0)
    return (st.st_mtime_ns, st.st_size)


def load_lexicon(lexicon: Lexicon | str | os.PathLike[str]) -> Lexicon:
    """A lexicon, or the KWG file at a path (read once while the file is unchanged)."""
    if isinstance(lexicon, Lexicon):
        return lexicon
    path = os.fspath(lexicon)
    return _load_lexicon(path, _stamp(path))


def load_leaves(leaves: Leaves | str | os.PathLike[str] | None) -> Leaves | None:
    """A leave table, the KLV2/KLV file at a path (read once while unchanged), or ``None``
    (``None`` or ``""``: no leave values)."""
    if leaves is None or isinstance(leaves, Leaves):
        return leaves
    path = os.fspath(leaves)
    if not path:
        return None
    return _load_leaves(path, _stamp(path))


def run(position: Position, lexicon: str = "", leaves: str = "",
        top: int = 1) -> list[GeneratedMove]:
    """The ``moves`` engine: the ``top`` best moves (0: all of them, best first) with the
    KWG at ``lexicon`` and the KLV2 at ``leaves`` (``""``: none)."""
    if not lexicon:
        raise OptionError("moves: give the lexicon (--lexicon L.kwg)")
    lex = load_lexicon(lexicon)
    table = load_leaves(leaves)
    found = generate(position, lex, table, best_only=top == 1)
    return found.best(top if top > 0 else len(found))


def record(position: object, moves: list[GeneratedMove]) -> str:
    """The batch line: each move as its UCGI, score and equity (points) separated by tabs,
    the moves separated by a semicolon and a space."""
    return "; ".join(f"{m.ucgi}\t{m.score}\t{m.equity / 1000:.3f}" for m in moves)


def to_json(moves: list[GeneratedMove]) -> list[dict[str, object]]:
    """The moves as JSON: notation, UCGI, score, equity (millipoints), leave."""
    return [{"move": m.move.notation(), "ucgi": m.ucgi, "score": m.score,
             "equity": m.equity, "leave": "".join(m.leave)} for m in moves]


def words(moves: list[GeneratedMove]) -> str:
    """The moves in a sentence."""
    if not moves:
        return "No move."
    return "Best: " + "; ".join(str(m) for m in moves) + "."
