"""numba kernel for CGP: many placements read and scored on one board in one call.

Everything here works on numpy arrays; :mod:`puzzlefmt.cgp.scoring` is the Python face.

- ``board`` (rows*cols, int32): 0 for an empty square, else a tile code: ``k`` for the
  distribution's ``k``-th letter (1-based, machine-letter order), ``k | BLANK_BIT`` for a
  blank played as it.
- ``letter_mult``, ``word_mult`` (rows*cols, int32): the premium under each square;
  ``letter_mult`` is ``BRICK`` (-1) on a square no tile may cover.
- ``score_of`` (int32): the points of each tile code.
- ``char_code`` (int32, indexed by code point): the tile code of each character that is a
  whole one-character tile (upper case natural, lower case blank), ``THROUGH`` for ``.``,
  ``NOT_A_TILE`` for anything else.
- the moves: their code points one after another in ``text`` (int32), move ``i`` in
  ``text[starts[i]:ends[i]]``.

For each move the kernel writes its score and a status: ``OK``, or ``CAREFUL`` when the move
is not a plain placement it reads (an exchange, a pass, a challenge bonus, a multi-character
tile...) or breaks a rule: the Python face then asks :meth:`Position.score`, which scores it
or raises the exact error.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import aot, njit

BLANK_BIT = 0x100
LETTER_MASK = 0xFF
THROUGH = -2
NOT_A_TILE = -1
BRICK = -1
OK = 0
CAREFUL = 1
#: The longest move text the kernel reads (longer ones go to the careful path).
MAX_TILES = 64

_SPACE = 32
_DOT = 46
_OPEN = 40
_CLOSE = 41
_ZERO = 48
_NINE = 57


@njit
def _upper(ch: int) -> int:
    """The column letter's value 0-25, or -1 when ``ch`` is no ASCII letter."""
    if 65 <= ch <= 90:
        return ch - 65
    if 97 <= ch <= 122:
        return ch - 97
    return -1


@njit
def _score_one(
    board: np.ndarray,
    rows: int,
    cols: int,
    letter_mult: np.ndarray,
    word_mult: np.ndarray,
    score_of: np.ndarray,
    char_code: np.ndarray,
    text: np.ndarray,
    start: int,
    end: int,
    start_square: int,
    board_empty: bool,
    rack_size: int,
    bingo_bonus: int,
    tiles: np.ndarray,
    marked: np.ndarray,
) -> int:
    """The score of one placement, or -1 when the careful path must look at it."""
    # ---- the coordinate: digits then letters (across) or letters then digits (down)
    i = start
    number = 0
    digits = 0
    letters = 0
    col = 0
    first_digit = i < end and _ZERO <= text[i] <= _NINE
    for part in range(2):
        if (part == 0) == first_digit:
            while i < end and _ZERO <= text[i] <= _NINE:
                if (digits == 0 and text[i] == _ZERO) or digits == 4:
                    return -1
                number = number * 10 + (int(text[i]) - _ZERO)
                digits += 1
                i += 1
        else:
            while i < end and text[i] < 128 and _upper(int(text[i])) >= 0:
                if letters == 3:
                    return -1
                col = col * 26 + _upper(int(text[i])) + 1
                letters += 1
                i += 1
    if digits == 0 or letters == 0 or i >= end:
        return -1
    vertical = not first_digit
    r0 = number - 1
    c0 = col - 1
    if text[i] != _SPACE and text[i] != _DOT:
        return -1
    i += 1
    # ---- the tiles: codes, '.' for a tile on the board, '(...)' around such tiles
    n = 0
    inside = False
    opened_at = 0
    while i < end:
        ch = int(text[i])
        i += 1
        if ch == _OPEN:
            if inside:
                return -1
            inside = True
            opened_at = n
            continue
        if ch == _CLOSE:
            if not inside or n == opened_at:  # ')' alone, or '()'
                return -1
            inside = False
            continue
        if ch >= char_code.shape[0]:
            return -1
        code = char_code[ch]
        if code == NOT_A_TILE or n >= MAX_TILES:
            return -1
        tiles[n] = code
        marked[n] = inside
        n += 1
    if inside or n == 0:
        return -1
    # ---- where it goes
    dr = 1 if vertical else 0
    dc = 0 if vertical else 1
    if r0 < 0 or c0 < 0 or r0 >= rows or c0 >= cols:
        return -1
    r_end = r0 + (n - 1) * dr
    c_end = c0 + (n - 1) * dc
    if r_end >= rows or c_end >= cols:
        return -1
    placed = 0
    through = False
    covers_start = False
    for k in range(n):
        sq = (r0 + k * dr) * cols + (c0 + k * dc)
        here = board[sq]
        code = tiles[k]
        if code == THROUGH:
            if here == 0:
                return -1
            through = True
            continue
        if here != 0:
            if (here & LETTER_MASK) != (code & LETTER_MASK):
                return -1
            through = True
            continue
        if marked[k] or letter_mult[sq] == BRICK:
            return -1
        placed += 1
        if sq == start_square:
            covers_start = True
    if placed == 0 or placed > rack_size:
        return -1
    rb = r0 - dr
    cb = c0 - dc
    if rb >= 0 and cb >= 0 and board[rb * cols + cb] != 0:
        return -1
    ra = r_end + dr
    ca = c_end + dc
    if ra < rows and ca < cols and board[ra * cols + ca] != 0:
        return -1
    # ---- the words: the main word, then a cross word through each new tile
    total = 0
    words = 0
    pr = dc
    pc = dr
    touches = through
    if n >= 2:
        points = 0
        mult = 1
        for k in range(n):
            sq = (r0 + k * dr) * cols + (c0 + k * dc)
            here = board[sq]
            if here != 0:
                points += score_of[here]
            else:
                points += score_of[tiles[k]] * letter_mult[sq]
                mult *= word_mult[sq]
        total += points * mult
        words += 1
    for k in range(n):
        r = r0 + k * dr
        c = c0 + k * dc
        sq = r * cols + c
        if board[sq] != 0:
            continue
        cross = 0
        neighbours = 0
        rr = r - pr
        cc = c - pc
        while rr >= 0 and cc >= 0 and board[rr * cols + cc] != 0:
            cross += score_of[board[rr * cols + cc]]
            neighbours += 1
            rr -= pr
            cc -= pc
        rr = r + pr
        cc = c + pc
        while rr < rows and cc < cols and board[rr * cols + cc] != 0:
            cross += score_of[board[rr * cols + cc]]
            neighbours += 1
            rr += pr
            cc += pc
        if neighbours == 0:
            continue
        touches = True
        cross += score_of[tiles[k]] * letter_mult[sq]
        total += cross * word_mult[sq]
        words += 1
    if board_empty:
        if not covers_start:
            return -1
    elif not touches:
        return -1
    if words == 0:
        return -1
    if placed == rack_size:
        total += bingo_bonus
    return total


@aot(
    "void(int32[::1], int64, int64, int32[::1], int32[::1], int32[::1], int32[::1], "
    "Array(int32, 1, 'C', readonly=True), int64[::1], int64[::1], int64, int64, int64, int64[::1], "
    "int8[::1])"
)
@njit
def score_moves(
    board: np.ndarray,
    rows: int,
    cols: int,
    letter_mult: np.ndarray,
    word_mult: np.ndarray,
    score_of: np.ndarray,
    char_code: np.ndarray,
    text: np.ndarray,
    starts: np.ndarray,
    ends: np.ndarray,
    start_square: int,
    rack_size: int,
    bingo_bonus: int,
    scores: np.ndarray,
    status: np.ndarray,
) -> None:
    """Score every move (see the module text); ``scores`` and ``status`` are written."""
    board_empty = True
    for sq in range(rows * cols):
        if board[sq] != 0:
            board_empty = False
            break
    tiles = np.empty(MAX_TILES, dtype=np.int32)
    marked = np.zeros(MAX_TILES, dtype=np.bool_)
    for m in range(starts.shape[0]):
        got = _score_one(board, rows, cols, letter_mult, word_mult, score_of, char_code, text,
                         starts[m], ends[m], start_square, board_empty, rack_size, bingo_bonus,
                         tiles, marked)
        if got < 0:
            scores[m] = 0
            status[m] = CAREFUL
        else:
            scores[m] = got
            status[m] = OK
