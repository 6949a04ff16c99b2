"""numba kernel: every legal move of a position, with its score and equity, walking a KWG's
GADDAG (:mod:`puzzlefmt.cgp.movegen` is the Python face).

- ``board`` (rows*cols, int32): 0 for an empty square, else a tile code (1..63, the
  distribution's order) with ``BLANK_BIT`` for a blank played as it;
- ``lmul``/``wmul``: the premiums (``lmul`` -1: a square no tile may cover);
- ``rack`` (64 counts, index 0 the blanks);
- ``leave_adj``: for each leave (a sub-multiset of the rack, numbered in mixed radix over
  the rack's tile kinds, smallest code first) what it adds to a move's equity in
  millipoints: its value, or the end-of-game adjustment (:func:`leave_table`);
- ``open_pen``: what placing a vowel on each square costs on an empty board (millipoints).

Placements are found lane by lane (rows, then the columns as rows of the transposed board)
from anchors, the empty squares next to a tile (the start square on an empty board): from
each, the GADDAG is walked leftwards, placing rack tiles on squares that are not anchors
themselves and reading tiles on the board, then (after the separator) rightwards. A play is
so found once, from its leftmost anchor. A one-tile play is kept in the lane where it has
a neighbour, across first. Each move is written to the output arrays (``kind`` 0
placement, 1 exchange, 2 pass); the tiles of a placement are its whole word, square by
square: a code, with ``BLANK_BIT`` for a blank, or ``THROUGH_BIT`` with the tile already
there. With ``best_only`` only the moves of the best equity seen are kept.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import aot, njit
from puzzlefmt.cgp._kernels.kwg import ACCEPTS, ARC_MASK, IS_END, word_index

BLANK_BIT = 0x80
THROUGH_BIT = 0x40
CODE_MASK = 0x3F
KIND_PLACE = 0
KIND_EXCHANGE = 1
KIND_PASS = 2

# The KWG node's bits (puzzlefmt.cgp._kernels.kwg, the format's one description).
_ACCEPTS = ACCEPTS
_IS_END = IS_END
_ARC = ARC_MASK
# out_state slots
_COUNT = 0
_BEST = 1
_CAP = 2
_NEG = -(1 << 62)


@njit
def _find(nodes: np.ndarray, start: int, tile: int) -> int:
    """The node of ``tile`` in the sibling list at ``start``, or -1."""
    if start == 0:
        return -1
    i = start
    while True:
        v = int(nodes[i])
        t = v >> 24
        if t == tile:
            return i
        if t > tile or (v & _IS_END):
            return -1
        i += 1


@njit
def _cross_sets(nodes: np.ndarray, g: np.ndarray, rows: int, cols: int, cmask: np.ndarray,
                cscore: np.ndarray, hascross: np.ndarray, score_of: np.ndarray,
                blank_score: int, all_letters: np.uint64) -> None:
    """For each empty square: the letters that make a word with the tiles above and below
    it (all letters when there are none), those tiles' points, whether there are any."""
    root = int(nodes[0]) & _ARC
    for r in range(rows):
        for c in range(cols):
            sq = r * cols + c
            cmask[sq] = all_letters
            cscore[sq] = 0
            hascross[sq] = False
            if g[sq] != 0:
                cmask[sq] = np.uint64(0)
                continue
            up = r
            while up > 0 and g[(up - 1) * cols + c] != 0:
                up -= 1
            down = r
            while down < rows - 1 and g[(down + 1) * cols + c] != 0:
                down += 1
            if up == r and down == r:
                continue
            hascross[sq] = True
            points = 0
            for k in range(up, down + 1):
                if k != r:
                    v = g[k * cols + c]
                    points += blank_score if v & BLANK_BIT else score_of[v & CODE_MASK]
            cscore[sq] = points
            state = root
            ok = True
            for k in range(up, r):
                i = _find(nodes, state, g[k * cols + c] & CODE_MASK)
                if i < 0:
                    ok = False
                    break
                state = int(nodes[i]) & _ARC
            mask = np.uint64(0)
            if ok and state != 0:
                i = state
                while True:
                    v = int(nodes[i])
                    t = v >> 24
                    good = False
                    if down == r:
                        good = (v & _ACCEPTS) != 0
                    else:
                        s2 = v & _ARC
                        for k in range(r + 1, down + 1):
                            j = _find(nodes, s2, g[k * cols + c] & CODE_MASK)
                            if j < 0:
                                s2 = -1
                                break
                            if k == down:
                                good = (int(nodes[j]) & _ACCEPTS) != 0
                            s2 = int(nodes[j]) & _ARC
                    if good and t > 0:
                        mask |= np.uint64(1) << np.uint64(t)
                    if v & _IS_END:
                        break
                    i += 1
            cmask[sq] = mask


@njit
def _record(word: np.ndarray, lo: int, hi: int, lane: int, vertical: bool, score: int,
            equity: int, leave: int, placed: int, out_kind: np.ndarray, out_row: np.ndarray,
            out_col: np.ndarray, out_vert: np.ndarray, out_len: np.ndarray,
            out_tiles: np.ndarray, out_score: np.ndarray, out_equity: np.ndarray,
            out_leave: np.ndarray, out_placed: np.ndarray, state: np.ndarray,
            best_only: bool) -> None:
    if best_only:
        if equity < state[_BEST]:
            return
        if equity > state[_BEST]:
            state[_BEST] = equity
            state[_COUNT] = 0
    m = state[_COUNT]
    state[_COUNT] = m + 1
    if m >= state[_CAP]:
        return
    out_kind[m] = KIND_PLACE
    if vertical:
        out_row[m] = lo
        out_col[m] = lane
    else:
        out_row[m] = lane
        out_col[m] = lo
    out_vert[m] = vertical
    out_len[m] = hi - lo + 1
    for k in range(lo, hi + 1):
        out_tiles[m, k - lo] = word[k]
    out_score[m] = score
    out_equity[m] = equity
    out_leave[m] = leave
    out_placed[m] = placed


# the fields of a frame of the walk (one square of a play being built)
_F_COL = 0
_F_START = 1  # the sibling list the square's tile is taken from
_F_LEFT = 2  # 1 while going leftwards from the anchor
_F_LO = 3  # the play's first square (going rightwards)
_F_MAIN = 4  # the accumulators before this square: main word's points, its multiplier,
_F_WMULT = 5  # the cross words' points, tiles placed, the leave's number, the opening
_F_CROSS = 6  # penalty
_F_PLACED = 7
_F_LEAVE = 8
_F_PEN = 9
_F_I = 10  # the candidate: its node (-1: none yet), 0 natural tile or 1 blank,
_F_PHASE = 11
_F_TAKEN = 12  # the rack tile taken for it (-1: none, 0 the blank)
_FIELDS = 13


@njit
def _walk(nodes: np.ndarray, g: np.ndarray, cols: int, lmul: np.ndarray, wmul: np.ndarray,
          cmask: np.ndarray, cscore: np.ndarray, hascross: np.ndarray, anchor_at: np.ndarray,
          score_of: np.ndarray, blank_score: int, is_vowel: np.ndarray, open_pen: np.ndarray,
          rack: np.ndarray, stride: np.ndarray, leave_adj: np.ndarray, word: np.ndarray,
          frames: np.ndarray, lane: int, anchor: int, root: int, full: int, rack_size: int,
          tiles_on_rack: int, bingo: int, vertical: bool, empty_board: bool, out_kind: np.ndarray,
          out_row: np.ndarray, out_col: np.ndarray, out_vert: np.ndarray,
          out_len: np.ndarray, out_tiles: np.ndarray, out_score: np.ndarray,
          out_equity: np.ndarray, out_leave: np.ndarray, out_placed: np.ndarray,
          state: np.ndarray, best_only: bool) -> None:
    """Every play from one anchor: a depth-first walk of the GADDAG with an explicit stack
    (``frames``), a frame a square. A frame tries its square's candidates one by one: each
    is recorded when it ends a word, and its ways on (the next square, the turn after the
    separator) are pushed as new frames; once they are done the frame gives its tile back
    and tries its next candidate."""
    base = lane * cols
    frames[0, _F_COL] = anchor
    frames[0, _F_START] = root
    frames[0, _F_LEFT] = 1
    frames[0, _F_LO] = anchor
    frames[0, _F_MAIN] = 0
    frames[0, _F_WMULT] = 1
    frames[0, _F_CROSS] = 0
    frames[0, _F_PLACED] = 0
    frames[0, _F_LEAVE] = full
    frames[0, _F_PEN] = 0
    frames[0, _F_I] = -1
    frames[0, _F_PHASE] = 0
    frames[0, _F_TAKEN] = -1
    d = 0
    while d >= 0:
        col = frames[d, _F_COL]
        sq = base + col
        # give back the previous candidate's tile, then find the next candidate
        taken = frames[d, _F_TAKEN]
        if taken >= 0:
            rack[taken] += 1
            frames[d, _F_TAKEN] = -1
        here = g[sq]
        i = frames[d, _F_I]
        found = -1
        phase = 0
        if here != 0:
            if i < 0:
                found = _find(nodes, frames[d, _F_START], here & CODE_MASK)
        else:
            start = frames[d, _F_START]
            if frames[d, _F_PLACED] < tiles_on_rack and start != 0:
                if i < 0:
                    i = start
                    phase = 0
                else:
                    phase = frames[d, _F_PHASE] + 1
                mask = cmask[sq]
                while True:
                    if phase == 2:
                        if int(nodes[i]) & _IS_END:
                            break
                        i += 1
                        phase = 0
                    t = int(nodes[i]) >> 24
                    if t == 0 or not ((mask >> np.uint64(t)) & np.uint64(1)):
                        phase = 2
                        continue
                    if phase == 0:
                        if rack[t] > 0:
                            found = i
                            break
                        phase = 1
                    if rack[0] > 0:
                        found = i
                        break
                    phase = 2
        if found < 0:
            d -= 1
            continue
        frames[d, _F_I] = found
        frames[d, _F_PHASE] = phase
        v = int(nodes[found])
        t = v >> 24
        main = frames[d, _F_MAIN]
        if here != 0:
            tv = blank_score if here & BLANK_BIT else score_of[here & CODE_MASK]
            n_main = main + tv
            n_wmult = frames[d, _F_WMULT]
            n_cross = frames[d, _F_CROSS]
            n_placed = frames[d, _F_PLACED]
            n_leave = frames[d, _F_LEAVE]
            n_pen = frames[d, _F_PEN]
            word[col] = THROUGH_BIT | here
        else:
            if phase == 0:
                rack[t] -= 1
                frames[d, _F_TAKEN] = t
                tv = score_of[t]
                word[col] = t
                n_leave = frames[d, _F_LEAVE] - stride[t]
            else:
                rack[0] -= 1
                frames[d, _F_TAKEN] = 0
                tv = blank_score
                word[col] = t | BLANK_BIT
                n_leave = frames[d, _F_LEAVE] - stride[0]
            lm = lmul[sq]
            wm = wmul[sq]
            n_main = main + tv * lm
            n_wmult = frames[d, _F_WMULT] * wm
            n_cross = frames[d, _F_CROSS]
            if hascross[sq]:
                n_cross += (cscore[sq] + tv * lm) * wm
            n_placed = frames[d, _F_PLACED] + 1
            n_pen = frames[d, _F_PEN]
            if empty_board and is_vowel[t]:
                n_pen += open_pen[sq]
        if v & _ACCEPTS and n_placed > 0:
            if frames[d, _F_LEFT]:
                if ((col == 0 or g[sq - 1] == 0)
                        and (anchor == cols - 1 or g[base + anchor + 1] == 0)):
                    _finish(g, cols, hascross, word, col, anchor, lane, vertical, n_main,
                            n_wmult, n_cross, n_placed, n_leave, n_pen, rack_size, bingo,
                            leave_adj, out_kind, out_row, out_col, out_vert, out_len,
                            out_tiles, out_score, out_equity, out_leave, out_placed,
                            state, best_only)
            elif col == cols - 1 or g[sq + 1] == 0:
                _finish(g, cols, hascross, word, frames[d, _F_LO], col, lane, vertical,
                        n_main, n_wmult, n_cross, n_placed, n_leave, n_pen, rack_size,
                        bingo, leave_adj, out_kind, out_row, out_col, out_vert, out_len,
                        out_tiles, out_score, out_equity, out_leave, out_placed, state,
                        best_only)
        # the ways on, both pushed now (the frame comes back to its next candidate
        # once they are done): the turn rightwards after the separator (walked
        # second), then the next square leftwards, or rightwards
        arc = v & _ARC
        top = d
        if arc != 0:
            if frames[d, _F_LEFT]:
                if (anchor < cols - 1 and (col == 0 or g[sq - 1] == 0)
                        and (int(nodes[arc]) >> 24) == 0):
                    after = int(nodes[arc]) & _ARC
                    if after != 0:
                        top += 1
                        frames[top, _F_COL] = anchor + 1
                        frames[top, _F_START] = after
                        frames[top, _F_LEFT] = 0
                        frames[top, _F_LO] = col
                        frames[top, _F_MAIN] = n_main
                        frames[top, _F_WMULT] = n_wmult
                        frames[top, _F_CROSS] = n_cross
                        frames[top, _F_PLACED] = n_placed
                        frames[top, _F_LEAVE] = n_leave
                        frames[top, _F_PEN] = n_pen
                        frames[top, _F_I] = -1
                        frames[top, _F_PHASE] = 0
                        frames[top, _F_TAKEN] = -1
                if col > 0 and (g[sq - 1] != 0 or anchor_at[sq - 1] == 0):
                    top += 1
                    frames[top, _F_LO] = frames[d, _F_LO]
                    frames[top, _F_COL] = col - 1
                    frames[top, _F_START] = arc
                    frames[top, _F_LEFT] = 1
                    frames[top, _F_MAIN] = n_main
                    frames[top, _F_WMULT] = n_wmult
                    frames[top, _F_CROSS] = n_cross
                    frames[top, _F_PLACED] = n_placed
                    frames[top, _F_LEAVE] = n_leave
                    frames[top, _F_PEN] = n_pen
                    frames[top, _F_I] = -1
                    frames[top, _F_PHASE] = 0
                    frames[top, _F_TAKEN] = -1
            elif col < cols - 1:
                top += 1
                frames[top, _F_LO] = frames[d, _F_LO]
                frames[top, _F_COL] = col + 1
                frames[top, _F_START] = arc
                frames[top, _F_LEFT] = 0
                frames[top, _F_MAIN] = n_main
                frames[top, _F_WMULT] = n_wmult
                frames[top, _F_CROSS] = n_cross
                frames[top, _F_PLACED] = n_placed
                frames[top, _F_LEAVE] = n_leave
                frames[top, _F_PEN] = n_pen
                frames[top, _F_I] = -1
                frames[top, _F_PHASE] = 0
                frames[top, _F_TAKEN] = -1
        d = top


@njit
def _finish(g: np.ndarray, cols: int, hascross: np.ndarray, word: np.ndarray, lo: int,
            hi: int, lane: int, vertical: bool, main: int, wmult: int, cross: int,
            placed: int, leave: int, pen: int, rack_size: int, bingo: int,
            leave_adj: np.ndarray, out_kind: np.ndarray, out_row: np.ndarray,
            out_col: np.ndarray, out_vert: np.ndarray, out_len: np.ndarray,
            out_tiles: np.ndarray, out_score: np.ndarray, out_equity: np.ndarray,
            out_leave: np.ndarray, out_placed: np.ndarray, state: np.ndarray,
            best_only: bool) -> None:
    """Score a found play and record it (a one-tile play only in the lane it belongs to)."""
    if hi == lo:
        return
    if vertical and placed == 1:
        for k in range(lo, hi + 1):
            if not (word[k] & THROUGH_BIT) and hascross[lane * cols + k]:
                return  # it has a neighbour across: listed as an across play
    score = main * wmult + cross
    if placed == rack_size:
        score += bingo
    equity = score * 1000 + leave_adj[leave] + pen
    _record(word, lo, hi, lane, vertical, score, equity, leave, placed, out_kind, out_row,
            out_col, out_vert, out_len, out_tiles, out_score, out_equity, out_leave,
            out_placed, state, best_only)


@njit
def _lane_pass(nodes: np.ndarray, g: np.ndarray, rows: int, cols: int, lmul: np.ndarray,
               wmul: np.ndarray, score_of: np.ndarray, blank_score: int,
               is_vowel: np.ndarray, open_pen: np.ndarray, rack: np.ndarray,
               stride: np.ndarray, leave_adj: np.ndarray, full: int, start_sq: int,
               rack_size: int, bingo: int, vertical: bool, empty_board: bool,
               all_letters: np.uint64, out_kind: np.ndarray, out_row: np.ndarray,
               out_col: np.ndarray, out_vert: np.ndarray, out_len: np.ndarray,
               out_tiles: np.ndarray, out_score: np.ndarray, out_equity: np.ndarray,
               out_leave: np.ndarray, out_placed: np.ndarray, state: np.ndarray,
               best_only: bool) -> None:
    n = rows * cols
    cmask = np.zeros(n, dtype=np.uint64)
    cscore = np.zeros(n, dtype=np.int64)
    hascross = np.zeros(n, dtype=np.bool_)
    _cross_sets(nodes, g, rows, cols, cmask, cscore, hascross, score_of, blank_score,
                all_letters)
    for sq in range(n):
        if lmul[sq] < 0:
            cmask[sq] = np.uint64(0)
    anchor_at = np.zeros(n, dtype=np.int8)
    for r in range(rows):
        for c in range(cols):
            sq = r * cols + c
            if g[sq] != 0 or lmul[sq] < 0:
                continue
            if empty_board:
                if sq == start_sq:
                    anchor_at[sq] = 1
            elif (hascross[sq] or (c > 0 and g[sq - 1] != 0)
                  or (c < cols - 1 and g[sq + 1] != 0)):
                anchor_at[sq] = 1
    gaddag = int(nodes[1]) & _ARC
    tiles_on_rack = 0
    for t in range(rack.shape[0]):
        tiles_on_rack += rack[t]
    word = np.zeros(cols, dtype=np.int32)
    frames = np.zeros((3 * cols + 4, _FIELDS), dtype=np.int64)
    for r in range(rows):
        for c in range(cols):
            if anchor_at[r * cols + c]:
                _walk(nodes, g, cols, lmul, wmul, cmask, cscore, hascross, anchor_at,
                      score_of, blank_score, is_vowel, open_pen, rack, stride, leave_adj,
                      word, frames, r, c, gaddag, full, rack_size, tiles_on_rack, bingo,
                      vertical,
                      empty_board, out_kind, out_row, out_col, out_vert, out_len, out_tiles,
                      out_score, out_equity, out_leave, out_placed, state, best_only)


@aot("void(uint32[::1], int32[::1], int64, int64, int32[::1], int32[::1], int32[::1], "
     "int64, bool_[::1], int32[::1], int32[::1], int64[::1], int64, int64, int64, int64, "
     "bool_, bool_, int8[::1], int32[::1], int32[::1], bool_[::1], int32[::1], "
     "uint8[:, ::1], int32[::1], int64[::1], int32[::1], int32[::1], int64[::1])")
@njit
def generate(nodes: np.ndarray, board: np.ndarray, rows: int, cols: int, lmul: np.ndarray,
             wmul: np.ndarray, score_of: np.ndarray, blank_score: int, is_vowel: np.ndarray,
             open_pen: np.ndarray, rack: np.ndarray, leave_adj: np.ndarray, n_letters: int,
             start_sq: int, rack_size: int, bingo: int, exchanges: bool, best_only: bool,
             out_kind: np.ndarray, out_row: np.ndarray, out_col: np.ndarray,
             out_vert: np.ndarray, out_len: np.ndarray, out_tiles: np.ndarray,
             out_score: np.ndarray, out_equity: np.ndarray, out_leave: np.ndarray,
             out_placed: np.ndarray, state: np.ndarray) -> None:
    """Every move (see the module text) into the output arrays; ``state``: [count (may
    exceed the arrays' capacity: then call again with larger ones), best equity, capacity]."""
    state[_COUNT] = 0
    state[_BEST] = _NEG
    state[_CAP] = out_kind.shape[0]
    stride = np.zeros(64, dtype=np.int64)
    full = 0
    step = 1
    for t in range(n_letters + 1):
        if rack[t] > 0:
            stride[t] = step
            full += rack[t] * step
            step *= rack[t] + 1
    all_letters = np.uint64(0)
    for t in range(1, n_letters + 1):
        all_letters |= np.uint64(1) << np.uint64(t)
    rack_work = rack.copy()
    empty_board = True
    for sq in range(rows * cols):
        if board[sq] != 0:
            empty_board = False
            break
    if int(nodes[1]) & _ARC:
        _lane_pass(nodes, board, rows, cols, lmul, wmul, score_of, blank_score, is_vowel,
                   open_pen, rack_work, stride, leave_adj, full, start_sq, rack_size, bingo,
                   False, empty_board, all_letters, out_kind, out_row, out_col, out_vert,
                   out_len, out_tiles, out_score, out_equity, out_leave, out_placed, state,
                   best_only)
        if not empty_board:
            tb = np.empty(rows * cols, dtype=np.int32)
            tl = np.empty(rows * cols, dtype=np.int32)
            tw = np.empty(rows * cols, dtype=np.int32)
            tp = np.zeros(rows * cols, dtype=np.int32)
            for r in range(rows):
                for c in range(cols):
                    tb[c * rows + r] = board[r * cols + c]
                    tl[c * rows + r] = lmul[r * cols + c]
                    tw[c * rows + r] = wmul[r * cols + c]
            _lane_pass(nodes, tb, cols, rows, tl, tw, score_of, blank_score, is_vowel, tp,
                       rack_work, stride, leave_adj, full, -1, rack_size, bingo, True, False,
                       all_letters, out_kind, out_row, out_col, out_vert, out_len, out_tiles,
                       out_score, out_equity, out_leave, out_placed, state, best_only)
    # exchanges: every non-empty sub-multiset of the rack, by the leave it keeps
    if exchanges:
        for kept in range(full):
            equity = int(leave_adj[kept])
            if best_only:
                if equity < state[_BEST]:
                    continue
                if equity > state[_BEST]:
                    state[_BEST] = equity
                    state[_COUNT] = 0
            m = state[_COUNT]
            state[_COUNT] = m + 1
            if m >= state[_CAP]:
                continue
            n = 0
            for t in range(n_letters + 1):
                if rack[t] > 0:
                    keep = (kept // stride[t]) % (rack[t] + 1)
                    for _ in range(rack[t] - keep):
                        out_tiles[m, n] = t
                        n += 1
            out_kind[m] = KIND_EXCHANGE
            out_row[m] = 0
            out_col[m] = 0
            out_vert[m] = False
            out_len[m] = n
            out_score[m] = 0
            out_equity[m] = equity
            out_leave[m] = kept
            out_placed[m] = 0
    # the pass: always there (in best_only, only when nothing else is)
    if not best_only or state[_COUNT] == 0:
        m = state[_COUNT]
        state[_COUNT] = m + 1
        if m < state[_CAP]:
            out_kind[m] = KIND_PASS
            out_row[m] = 0
            out_col[m] = 0
            out_vert[m] = False
            out_len[m] = 0
            out_score[m] = 0
            out_equity[m] = 0
            out_leave[m] = full
            out_placed[m] = 0


@aot("int64[::1](int32[::1], int64, uint32[::1], int64[::1], int64[::1], int64, int64, "
     "int32[::1], int64)")
@njit
def leave_table(rack: np.ndarray, n_letters: int, klv_nodes: np.ndarray,
                klv_counts: np.ndarray, klv_values: np.ndarray, mode: int, opp_points: int,
                score_of: np.ndarray, blank_score: int) -> np.ndarray:
    """What each leave of the rack adds to equity, in millipoints, numbered as
    :func:`generate` numbers them. ``mode`` 0: no values (0); 1: the KLV's value (0 for the
    empty leave or one not in it); 2: the bag is empty: going out (the empty leave) gains
    twice ``opp_points``, keeping tiles costs twice their points and 10 points more."""
    stride = np.zeros(64, dtype=np.int64)
    total = 1
    for t in range(n_letters + 1):
        if rack[t] > 0:
            stride[t] = total
            total *= rack[t] + 1
    out = np.zeros(total, dtype=np.int64)
    codes = np.zeros(64, dtype=np.uint8)
    for idx in range(total):
        n = 0
        points = 0
        for t in range(n_letters + 1):
            if rack[t] > 0:
                keep = (idx // stride[t]) % (rack[t] + 1)
                for _ in range(keep):
                    codes[n] = t
                    n += 1
                    points += blank_score if t == 0 else score_of[t]
        if mode == 1:
            if n > 0:
                index = word_index(klv_nodes, klv_counts, codes, n)
                if index >= 0:
                    out[idx] = klv_values[index]
        elif mode == 2:
            out[idx] = 2 * opp_points * 1000 if n == 0 else -2 * points * 1000 - 10000
    return out
