"""Many moves scored on one position in one call, by a compiled kernel.

>>> from puzzlefmt.cgp import Position
>>> from puzzlefmt.cgp.scoring import score_many
>>> pos = Position("15/15/15/15/15/15/15/5ION7/15/15/15/15/15/15/15 / 0/4 0")
>>> score_many(pos, ["8E L...", "F7 Q.", "7F QI", "-ABC"]).tolist()
[4, 11, 26, 0]

``score_many(position, moves)`` gives what ``[position.score(m) for m in moves]`` gives, as a
numpy array, from one kernel call (:mod:`puzzlefmt.cgp._kernels.score`) for the placements of
one-character tiles it reads (``8D WORD``, ``H8 WO.D``, ``8D.WORD``, ``A1 OX(Y)``); every
other move (an exchange, a pass, a challenge bonus, a tile of several characters) and every
move that breaks a rule is handed to :meth:`Position.score
<puzzlefmt.cgp.Position.score>`, which scores it or raises its
:class:`~puzzlefmt.cgp.IllegalMoveError`. The rack is not checked (as ``score`` does not
by default).

This module loads numpy and the kernel; ``import puzzlefmt.cgp`` does not import it.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from puzzlefmt._jit import notice_if_cold
from puzzlefmt.cgp._kernels import score as kern
from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.layouts import Layout
from puzzlefmt.cgp.moves import Move
from puzzlefmt.cgp.position import Position

__all__ = ["score_many"]

_CACHE_SIZE = 64
# Per distribution: tile label -> code (None: 0), points per code, code per character of a
# move (one-character tiles that start no longer one, '.'), code per character on the board
# (every one-character tile; 0 for "\0", an empty square).
_Tiles = tuple[dict[str | None, int], np.ndarray, np.ndarray, np.ndarray]
_TILES: dict[Distribution, _Tiles] = {}
# Per layout (by identity, the layout kept alive): letter and word multipliers per square.
_LAYOUTS: dict[int, tuple[Layout, np.ndarray, np.ndarray]] = {}
# Per board text (a position read and not changed since) and distribution (by identity, the
# distribution kept alive): the codes.
_BOARDS: dict[tuple[str, int], tuple[Distribution, np.ndarray]] = {}


def _tiles(dist: Distribution) -> _Tiles:
    found = _TILES.get(dist)
    if found is not None:
        return found
    if len(dist.letters) > kern.LETTER_MASK:
        raise ValueError(f"{dist.name}: more letters than the scoring kernel numbers")
    codes: dict[str | None, int] = {None: 0}
    score_of = np.zeros(2 * kern.BLANK_BIT, dtype=np.int32)
    for k, label in enumerate(dist.letters, start=1):
        codes[label] = k
        codes[label.lower()] = k | kern.BLANK_BIT
        score_of[k] = dist.scores[label]
        score_of[k | kern.BLANK_BIT] = dist.scores["?"]
    simple = dist.simple_tiles
    size = max([128, *(ord(ch) + 1 for ch in simple)])
    char_code = np.full(size, kern.NOT_A_TILE, dtype=np.int32)
    for ch in simple:
        char_code[ord(ch)] = codes[ch]
    char_code[ord(".")] = kern.THROUGH
    singles = [label for label in codes if label is not None and len(label) == 1]
    board_code = np.full(max([1, *(ord(ch) + 1 for ch in singles)]), -1, dtype=np.int32)
    board_code[0] = 0
    for label in singles:
        board_code[ord(label)] = codes[label]
    if len(_TILES) >= _CACHE_SIZE:
        _TILES.clear()
    found = _TILES[dist] = (codes, score_of, char_code, board_code)
    return found


def _premiums(layout: Layout) -> tuple[np.ndarray, np.ndarray]:
    found = _LAYOUTS.get(id(layout))
    if found is None or found[0] is not layout:
        squares = [p for row in layout.squares for p in row]
        letter = np.array([kern.BRICK if p.symbol == "#" else p.letter_multiplier
                           for p in squares], dtype=np.int32)
        word = np.array([p.word_multiplier for p in squares], dtype=np.int32)
        if len(_LAYOUTS) >= _CACHE_SIZE:
            _LAYOUTS.clear()
        found = _LAYOUTS[id(layout)] = (layout, letter, word)
    return found[1], found[2]


def _board(position: Position, codes: dict[str | None, int],
           board_code: np.ndarray) -> np.ndarray:
    """The tile codes of the board, square by square (0: empty)."""
    text = position._board_text  # the board as read, while it is not changed
    key = (text, id(position.distribution)) if text is not None else None
    if key is not None:
        found = _BOARDS.get(key)
        if found is not None and found[0] is position.distribution:
            return found[1]
    grid = position._grid()
    # One character a square ("\0" empty) when every tile is one character: the codes are
    # then looked up by numpy, not square by square in Python.
    flat = "".join([sq or "\0" for row in grid for sq in row])
    board: np.ndarray | None = None
    if len(flat) == position.rows * position.cols:
        points = np.frombuffer(flat.encode("utf-32-le"), dtype=np.int32)
        if int(points.max(initial=0)) < board_code.shape[0]:
            board = board_code[points]
            if int(board.min(initial=0)) < 0:
                board = None
    if board is None:  # a tile of several characters
        get = codes.__getitem__
        board = np.array([get(sq) for row in grid for sq in row], dtype=np.int32)
    if key is not None:
        if len(_BOARDS) >= _CACHE_SIZE:
            _BOARDS.clear()
        _BOARDS[key] = (position.distribution, board)
    return board


def score_many(position: Position, moves: Iterable[str | Move]) -> np.ndarray:
    """The score of each move on ``position`` (0 for a pass or an exchange), as an int64
    array, as :meth:`Position.score` gives them one by one; an illegal placement raises
    :class:`~puzzlefmt.cgp.IllegalMoveError` (the first one, in order), a move that does not
    read raises :class:`~puzzlefmt.errors.PuzzleFormatError`."""
    items = list(moves)
    count = len(items)
    scores = np.zeros(count, dtype=np.int64)
    if not count:
        return scores
    texts = [m if isinstance(m, str) else m.notation() for m in items]
    codes, score_of, char_code, board_code = _tiles(position.distribution)
    layout = position.layout
    letter, word = _premiums(layout)
    board = _board(position, codes, board_code)
    text = np.frombuffer("".join(texts).encode("utf-32-le"), dtype=np.int32)
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=count)
    ends = np.cumsum(lengths)
    starts = ends - lengths
    status = np.empty(count, dtype=np.int8)
    sr, sc = layout.start
    notice_if_cold("the CGP scoring kernel")
    kern.score_moves(board, position.rows, position.cols, letter, word, score_of, char_code,
                     text, starts, ends, sr * position.cols + sc, position.rack_size,
                     position.bingo_bonus, scores, status)
    for i in np.flatnonzero(status).tolist():
        scores[i] = position.score(items[i])
    return scores
