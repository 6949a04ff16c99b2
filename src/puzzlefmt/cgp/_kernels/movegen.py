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
from anchors: the last tile of each run of tiles in the lane (a play through the run is
walked from it, the run's tiles read first, right to left, so that the GADDAG rules out at
once the letters that cannot stand before them), and each empty square with no tile beside
it in the lane but one across (the start square on an empty board). From each, the GADDAG
is walked leftwards, reading tiles on the board and placing rack tiles, and stops before
the anchor before it (before the square after it when that anchor is a tile), then (after
the separator) rightwards. A play is so found once, from its leftmost anchor. (This is
MAGPIE's choice of anchors; the empty squares next to a tile, the usual choice, made the
walk try every rack letter left of a run of tiles before reading it, three times the
squares.) A one-tile play is kept in the lane where it has
a neighbour, across first. Each move is written as a row of ``out`` (the ``OUT_*``
columns; kind 0 placement, 1 exchange, 2 pass) and of ``out_tiles``: the tiles of a
placement are its whole word, square by square: a code, with ``BLANK_BIT`` for a blank, or
``THROUGH_BIT`` with the tile already there. With ``best_only`` only the moves of the best
equity seen are kept, and the anchors are walked best bound first ("shadow" bounds: an
upper bound of the equity of any play from the anchor, from the squares it may cover, the
rack's points and the leaves' values) until the bound falls below the best equity found.
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
_WALKED = 3
_ANCHORS = 4
_NEG = -(1 << 62)


# the columns of the output array ``out`` (a row a move)
OUT_KIND = 0
OUT_ROW = 1
OUT_COL = 2
OUT_VERT = 3
OUT_LEN = 4
OUT_SCORE = 5
OUT_EQUITY = 6
OUT_LEAVE = 7
OUT_PLACED = 8
OUT_FIELDS = 9


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
    gaddag = int(nodes[1]) & _ARC
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
            # The letters x with (tiles above) x (tiles below) a word. The DAWG reads the
            # tiles above once, then the tiles below after each x; the GADDAG reads the
            # tiles below once, bottom up (a word reversed is a GADDAG string with no
            # separator), then the tiles above after each x, upwards. Whichever repeats
            # fewer tiles a letter is used; both give the same letters. The sibling lists
            # are scanned here, not by a helper: a call hands over ``nodes``, and numba
            # counts its references at each call.
            mask = np.uint64(0)
            if down - r < r - up:
                first_lo, first_hi, first_step = up, r, 1
                then_lo, then_hi, then_step = r + 1, down + 1, 1
                state = root
            else:
                first_lo, first_hi, first_step = down, r, -1
                then_lo, then_hi, then_step = r - 1, up - 1, -1
                state = gaddag
            k = first_lo
            while k != first_hi and state != 0:
                tile = g[k * cols + c] & CODE_MASK
                i = state
                state = 0
                while True:
                    v = int(nodes[i])
                    t = v >> 24
                    if t == tile:
                        state = v & _ARC
                        break
                    if t > tile or (v & _IS_END):
                        break
                    i += 1
                k += first_step
            if state != 0:
                i = state
                while True:
                    v = int(nodes[i])
                    t = v >> 24
                    if t > 0:
                        if then_lo == then_hi:
                            good = (v & _ACCEPTS) != 0
                        else:
                            good = False
                            s2 = v & _ARC
                            k = then_lo
                            while s2 != 0:
                                tile = g[k * cols + c] & CODE_MASK
                                j = s2
                                s2 = 0
                                while True:
                                    w = int(nodes[j])
                                    tw = w >> 24
                                    if tw == tile:
                                        if k + then_step == then_hi:
                                            good = (w & _ACCEPTS) != 0
                                        else:
                                            s2 = w & _ARC
                                        break
                                    if tw > tile or (w & _IS_END):
                                        break
                                    j += 1
                                k += then_step
                        if good:
                            mask |= np.uint64(1) << np.uint64(t)
                    if v & _IS_END:
                        break
                    i += 1
            cmask[sq] = mask


@njit
def _left_extensions(nodes: np.ndarray, g: np.ndarray, rows: int, cols: int,
                     cmask: np.ndarray) -> None:
    """Narrow the letters of each empty square just left of tiles (lane by lane, ``g`` a
    lane a row) to those that can stand right before those tiles in a word: the tiles of
    the sibling list the GADDAG reaches from its root by the tiles read right to left.
    A play that covers the square has those tiles in its word right after it, so no play
    is lost; the walk no longer builds plays there only to find at the turn that the
    tiles do not follow."""
    gaddag = int(nodes[1]) & _ARC
    for r in range(rows):
        base = r * cols
        for c in range(cols - 1):
            sq = base + c
            if g[sq] != 0 or g[sq + 1] == 0 or cmask[sq] == 0:
                continue
            e = c + 1
            while e + 1 < cols and g[base + e + 1] != 0:
                e += 1
            state = gaddag
            k = e
            while k > c and state != 0:
                i = _find(nodes, state, g[base + k] & CODE_MASK)
                state = int(nodes[i]) & _ARC if i >= 0 else 0
                k -= 1
            mask = np.uint64(0)
            if state != 0:
                i = state
                while True:
                    v = int(nodes[i])
                    t = v >> 24
                    if t > 0:
                        mask |= np.uint64(1) << np.uint64(t)
                    if v & _IS_END:
                        break
                    i += 1
            cmask[sq] &= mask


@njit
def _lanes(nodes: np.ndarray, g: np.ndarray, rows: int, cols: int, lmul: np.ndarray,
           score_of: np.ndarray, blank_score: int, all_letters: np.uint64, rack_mask: np.uint64,
           empty_board: bool, start_sq: int, cmask: np.ndarray, cscore: np.ndarray,
           hascross: np.ndarray, anchor_at: np.ndarray) -> None:
    """One direction's squares, lane by lane (``g`` a lane a row): the cross sets (nothing
    on a square no tile may cover), and the anchors (1; 0 none): the last tile of each
    run of tiles in the lane, and each empty square with no tile beside it in the lane
    but one across (on an empty board, the start square); 2 for such an empty square no
    rack tile fits (an anchor all the same: a walk from the right stops before it)."""
    _cross_sets(nodes, g, rows, cols, cmask, cscore, hascross, score_of, blank_score,
                all_letters)
    _left_extensions(nodes, g, rows, cols, cmask)
    for r in range(rows):
        for c in range(cols):
            sq = r * cols + c
            anchor_at[sq] = 0
            if lmul[sq] < 0:
                cmask[sq] = np.uint64(0)
            if g[sq] != 0:
                if c == cols - 1 or g[sq + 1] == 0:
                    anchor_at[sq] = 1
                continue
            if lmul[sq] < 0:
                continue
            if empty_board:
                if sq == start_sq:
                    anchor_at[sq] = 1
            elif (hascross[sq] and (c == 0 or g[sq - 1] == 0)
                  and (c == cols - 1 or g[sq + 1] == 0)):
                anchor_at[sq] = 1 if (cmask[sq] & rack_mask) != 0 else 2


@njit
def _left_limit(g: np.ndarray, anchor_at: np.ndarray, base: int, anchor: int) -> int:
    """The last square left of ``anchor`` that a play found from it may not cover: the
    anchor before it in the lane, or the square after it when that anchor is a tile (a
    play there would join its tiles: it is found from that anchor); -1 when none."""
    limit = anchor - 1
    while limit >= 0 and anchor_at[base + limit] == 0:
        limit -= 1
    if limit >= 0 and g[base + limit] != 0:
        limit += 1
    return limit


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


@njit(inline=True)
def _set_frame(frames: np.ndarray, at: int, col: int, start: int | np.int64, left: int, lo: int,
               main: int, wmult: int, cross: int, placed: int, leave: int, pen: int) -> None:
    """Frame ``at`` of the walk's stack, new: its square, sibling list, direction and first
    square, the accumulators before it, and no candidate tried or tile taken yet. Written
    into its callers (``inline``): no call, no reference counts in the walk."""
    u = np.uintp(at)
    frames[u, _F_COL] = col
    frames[u, _F_START] = start
    frames[u, _F_LEFT] = left
    frames[u, _F_LO] = lo
    frames[u, _F_MAIN] = main
    frames[u, _F_WMULT] = wmult
    frames[u, _F_CROSS] = cross
    frames[u, _F_PLACED] = placed
    frames[u, _F_LEAVE] = leave
    frames[u, _F_PEN] = pen
    frames[u, _F_I] = -1
    frames[u, _F_PHASE] = 0
    frames[u, _F_TAKEN] = -1


@njit
def _walk(nodes: np.ndarray, g: np.ndarray, cols: int, lmul: np.ndarray, wmul: np.ndarray,
          cmask: np.ndarray, cscore: np.ndarray, hascross: np.ndarray, anchor_at: np.ndarray,
          score_of: np.ndarray, blank_score: int, is_vowel: np.ndarray, open_pen: np.ndarray,
          rack: np.ndarray, stride: np.ndarray, leave_adj: np.ndarray, word: np.ndarray,
          frames: np.ndarray, off: int, lane: int, anchor: int, root: int, full: int,
          rack_size: int, tiles_on_rack: int, bingo: int, vertical: bool, empty_board: bool,
          out: np.ndarray, out_tiles: np.ndarray, state: np.ndarray, best_only: bool) -> None:
    """Every play from one anchor: a depth-first walk of the GADDAG with an explicit stack
    (``frames``), a frame a square. A frame tries its square's candidates one by one: each
    is recorded when it ends a word, and its ways on (the next square, the turn after the
    separator) are pushed as new frames; once they are done the frame gives its tile back
    and tries its next candidate. Nothing in the loop calls a function (each call of a
    compiled function would count references to its array arguments, a cost a found play):
    its one helper, :func:`_set_frame`, is written into it.
    The arrays of squares hold both directions (``off``: where this one's squares begin).

    Arrays are indexed with unsigned values (``np.uintp``: the indices are never negative)
    and tiles compared as unsigned integers: numba checks a signed index for a negative
    value to wrap around on each read, and compares a signed with an unsigned integer
    through doubles."""
    base = off + lane * cols
    cap = out.shape[0]
    limit = _left_limit(g, anchor_at, base, anchor)
    _set_frame(frames, 0, anchor, root, 1, anchor, 0, 1, 0, 0, full, 0)
    d = 0
    while d >= 0:
        ud = np.uintp(d)
        col = frames[ud, _F_COL]
        sq = base + col
        usq = np.uintp(sq)
        # give back the previous candidate's tile, then find the next candidate
        taken = frames[ud, _F_TAKEN]
        if taken >= 0:
            rack[np.uintp(taken)] += 1
            frames[ud, _F_TAKEN] = -1
        here = g[usq]
        i = frames[ud, _F_I]
        found = -1
        phase = 0
        if here != 0:
            start = frames[ud, _F_START]
            if i < 0 and start != 0:
                want = np.uint32(here & CODE_MASK)
                j = start
                while True:
                    vj = nodes[np.uintp(j)]
                    tj = vj >> np.uint32(24)
                    if tj == want:
                        found = j
                        break
                    if tj > want or (vj & np.uint32(_IS_END)):
                        break
                    j += 1
        else:
            start = frames[ud, _F_START]
            if frames[ud, _F_PLACED] < tiles_on_rack and start != 0:
                if i < 0:
                    i = start
                    phase = 0
                else:
                    phase = frames[ud, _F_PHASE] + 1
                mask = cmask[usq]
                while True:
                    if phase == 2:
                        if nodes[np.uintp(i)] & np.uint32(_IS_END):
                            break
                        i += 1
                        phase = 0
                    t = nodes[np.uintp(i)] >> np.uint32(24)
                    if t == np.uint32(0) or not ((mask >> np.uint64(t)) & np.uint64(1)):
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
        frames[ud, _F_I] = found
        frames[ud, _F_PHASE] = phase
        v = nodes[np.uintp(found)]
        t = v >> np.uint32(24)
        ucol = np.uintp(col)
        main = frames[ud, _F_MAIN]
        if here != 0:
            tv = blank_score if here & BLANK_BIT else score_of[np.uintp(here & CODE_MASK)]
            n_main = main + tv
            n_wmult = frames[ud, _F_WMULT]
            n_cross = frames[ud, _F_CROSS]
            n_placed = frames[ud, _F_PLACED]
            n_leave = frames[ud, _F_LEAVE]
            n_pen = frames[ud, _F_PEN]
            word[ucol] = THROUGH_BIT | here
        else:
            if phase == 0:
                rack[t] -= 1
                frames[ud, _F_TAKEN] = t
                tv = score_of[t]
                word[ucol] = t
                n_leave = frames[ud, _F_LEAVE] - stride[t]
            else:
                rack[0] -= 1
                frames[ud, _F_TAKEN] = 0
                tv = blank_score
                word[ucol] = t | np.uint32(BLANK_BIT)
                n_leave = frames[ud, _F_LEAVE] - stride[0]
            lm = lmul[usq]
            wm = wmul[usq]
            n_main = main + tv * lm
            n_wmult = frames[ud, _F_WMULT] * wm
            n_cross = frames[ud, _F_CROSS]
            if hascross[usq]:
                n_cross += (cscore[usq] + tv * lm) * wm
            n_placed = frames[ud, _F_PLACED] + 1
            n_pen = frames[ud, _F_PEN]
            if empty_board and is_vowel[t]:
                n_pen += open_pen[usq]
        left = frames[ud, _F_LEFT]
        if v & np.uint32(_ACCEPTS) and n_placed > 0:
            # a word ends here when the squares beyond both its ends are empty
            lo = -1
            hi = -1
            if left:
                if ((col == 0 or g[usq - np.uintp(1)] == 0)
                        and (anchor == cols - 1 or g[np.uintp(base + anchor + 1)] == 0)):
                    lo = col
                    hi = anchor
            elif col == cols - 1 or g[usq + np.uintp(1)] == 0:
                lo = frames[ud, _F_LO]
                hi = col
            keep = hi > lo
            if keep and vertical and n_placed == 1:
                # a one-tile play with a neighbour across is listed as an across play
                for k in range(lo, hi + 1):
                    if not (word[k] & THROUGH_BIT) and hascross[base + k]:
                        keep = False
                        break
            if keep:
                score = n_main * n_wmult + n_cross
                if n_placed == rack_size:
                    score += bingo
                equity = score * 1000 + leave_adj[np.uintp(n_leave)] + n_pen
                if best_only:
                    if equity < state[_BEST]:
                        keep = False
                    elif equity > state[_BEST]:
                        state[_BEST] = equity
                        state[_COUNT] = 0
            if keep:
                m = state[_COUNT]
                state[_COUNT] = m + 1
                if m < cap:
                    um = np.uintp(m)
                    out[um, OUT_KIND] = KIND_PLACE
                    if vertical:
                        out[um, OUT_ROW] = lo
                        out[um, OUT_COL] = lane
                    else:
                        out[um, OUT_ROW] = lane
                        out[um, OUT_COL] = lo
                    out[um, OUT_VERT] = vertical
                    out[um, OUT_LEN] = hi - lo + 1
                    for k in range(lo, hi + 1):
                        out_tiles[um, np.uintp(k - lo)] = word[np.uintp(k)]
                    out[um, OUT_SCORE] = score
                    out[um, OUT_EQUITY] = equity
                    out[um, OUT_LEAVE] = n_leave
                    out[um, OUT_PLACED] = n_placed
        # the ways on, both pushed now (the frame comes back to its next candidate
        # once they are done): the turn rightwards after the separator (walked
        # second), then the next square leftwards, or rightwards
        arc = np.int64(v & np.uint32(_ARC))
        top = d
        if arc != 0:
            nxt = -1
            if left:
                va = np.uint32(1 << 24)  # read only when a turn may follow
                if anchor < cols - 1 and (col == 0 or g[usq - np.uintp(1)] == 0):
                    va = nodes[np.uintp(arc)]
                if (va >> np.uint32(24)) == np.uint32(0):
                    after = np.int64(va & np.uint32(_ARC))
                    if after != 0:
                        top += 1
                        _set_frame(frames, top, anchor + 1, after, 0, col, n_main, n_wmult,
                                   n_cross, n_placed, n_leave, n_pen)
                if col - 1 > limit:
                    nxt = col - 1
            elif col < cols - 1:
                nxt = col + 1
            if nxt >= 0:
                top += 1
                _set_frame(frames, top, nxt, arc, left, frames[ud, _F_LO], n_main, n_wmult,
                           n_cross, n_placed, n_leave, n_pen)
        d = top


@njit
def _bound(g: np.ndarray, cols: int, lmul: np.ndarray, wmul: np.ndarray,
           cmask: np.ndarray, cscore: np.ndarray, hascross: np.ndarray,
           anchor_at: np.ndarray, score_of: np.ndarray, blank_score: int, off: int,
           lane: int, anchor: int, rack_mask: np.uint64, tiles_on_rack: int, rack_size: int,
           bingo: int, values: np.ndarray, best_leave: np.ndarray, coef: np.ndarray,
           cap: np.ndarray) -> int:
    """An upper bound of the equity of every play the walk from an anchor can find (the
    "shadow" of the plays: the squares they may cover, not the words). For each stretch
    of squares through the anchor that such a play may cover (going left no further than
    the walk goes, :func:`_left_limit`, every square to place one that some rack tile
    fits, at least one and no more squares to place than tiles on the rack, the squares
    beyond both ends empty; ``off``: where the direction's squares begin), the
    score is at most the tiles on the board's points times the word multiplier, plus the
    cross words' fixed points, plus each placed square's multiplier of a tile's points
    (its letter multiplier times the word multiplier, and again in its cross word) paired
    with the rack's highest values, largest with largest, or, when less, times the most a
    rack tile that fits the square scores (``cap``, :func:`_caps`); plus the bingo when every
    rack tile is placed, plus the best value a leave of the tiles left can have. The
    opening penalty is never positive: left out."""
    base = off + lane * cols
    best = _NEG
    limit = _left_limit(g, anchor_at, base, anchor)
    # leftwards: each first square ``lo`` a play may have, with what the squares from
    # there to the anchor hold
    l_placed = 0
    l_wmult = 1
    l_through = 0
    l_cross = 0
    lo = anchor
    while True:
        sq = base + lo
        if g[sq] != 0:
            v = g[sq]
            l_through += blank_score if v & BLANK_BIT else score_of[v & CODE_MASK]
        else:
            if (cmask[sq] & rack_mask) == 0:
                break
            l_placed += 1
            if l_placed > tiles_on_rack:
                break
            coef[l_placed - 1] = sq
            l_wmult *= wmul[sq]
            if hascross[sq]:
                l_cross += cscore[sq] * wmul[sq]
        if lo == 0 or g[sq - 1] == 0:
            # a play may start here: every last square rightwards
            placed = l_placed
            wmult = l_wmult
            through = l_through
            cross = l_cross
            hi = anchor
            while True:
                if placed > 0 and hi > lo and (hi == cols - 1 or g[base + hi + 1] == 0):
                    # the placed squares' multipliers, sorted down (insertion)
                    n = placed
                    capped = 0
                    for a in range(n):
                        s = coef[a]
                        m = lmul[s] * wmult
                        if hascross[s]:
                            m += lmul[s] * wmul[s]
                        coef[16 + a] = m
                        capped += m * cap[s]
                    for a in range(1, n):
                        x = coef[16 + a]
                        b = a - 1
                        while b >= 0 and coef[16 + b] < x:
                            coef[16 + b + 1] = coef[16 + b]
                            b -= 1
                        coef[16 + b + 1] = x
                    paired = 0
                    for a in range(n):
                        paired += coef[16 + a] * values[a]
                    score = through * wmult + cross + min(paired, capped)
                    if n == rack_size:
                        score += bingo
                    equity = score * 1000 + best_leave[tiles_on_rack - n]
                    best = max(best, equity)
                hi += 1
                if hi >= cols:
                    break
                sq2 = base + hi
                if g[sq2] != 0:
                    v = g[sq2]
                    through += blank_score if v & BLANK_BIT else score_of[v & CODE_MASK]
                else:
                    if (cmask[sq2] & rack_mask) == 0 or placed == tiles_on_rack:
                        break
                    coef[placed] = sq2
                    placed += 1
                    wmult *= wmul[sq2]
                    if hascross[sq2]:
                        cross += cscore[sq2] * wmul[sq2]
        if lo - 1 <= limit:
            break
        lo -= 1
    return best


@njit
def _rack_numbers(rack: np.ndarray, n_letters: int) -> tuple[np.ndarray, int, int,
                                                                np.uint64, np.uint64]:
    """The rack's leave numbering (each kind's stride; the whole rack's number), its tile
    count, every letter's bit and the bits of the letters a rack tile can be."""
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
    rack_mask = all_letters if rack[0] > 0 else np.uint64(0)
    tiles_on_rack = 0
    for t in range(n_letters + 1):
        tiles_on_rack += rack[t]
        if t > 0 and rack[t] > 0:
            rack_mask |= np.uint64(1) << np.uint64(t)
    return stride, full, tiles_on_rack, all_letters, rack_mask


@njit
def _directions(nodes: np.ndarray, board: np.ndarray, rows: int, cols: int, lmul: np.ndarray,
                wmul: np.ndarray, open_pen: np.ndarray, score_of: np.ndarray,
                blank_score: int, all_letters: np.uint64, rack_mask: np.uint64,
                empty_board: bool, start_sq: int) -> tuple[
                    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                    np.ndarray, np.ndarray]:
    """The two directions' squares, each a lane a row (0 across: the board as it is; 1
    down: transposed): tiles, premiums, opening penalty, cross sets, cross points, whether
    there is a cross word, anchors (:func:`_lanes`; down has none on an empty board)."""
    n = rows * cols
    g = np.empty((2, n), dtype=np.int32)
    lm = np.empty((2, n), dtype=np.int32)
    wm = np.empty((2, n), dtype=np.int32)
    pen = np.zeros((2, n), dtype=np.int32)
    for sq in range(n):
        g[0, sq] = board[sq]
        lm[0, sq] = lmul[sq]
        wm[0, sq] = wmul[sq]
        pen[0, sq] = open_pen[sq]
    for r in range(rows):
        for c in range(cols):
            g[1, c * rows + r] = board[r * cols + c]
            lm[1, c * rows + r] = lmul[r * cols + c]
            wm[1, c * rows + r] = wmul[r * cols + c]
    cm = np.zeros((2, n), dtype=np.uint64)
    cs = np.zeros((2, n), dtype=np.int64)
    hc = np.zeros((2, n), dtype=np.bool_)
    an = np.zeros((2, n), dtype=np.int8)
    for o in range(1 if empty_board else 2):
        lanes = rows if o == 0 else cols
        length = cols if o == 0 else rows
        _lanes(nodes, g[o], lanes, length, lm[o], score_of, blank_score, all_letters,
               rack_mask, empty_board, start_sq if o == 0 else -1, cm[o], cs[o], hc[o], an[o])
    return g, lm, wm, pen, cm, cs, hc, an


@njit
def _bound_tables(rack: np.ndarray, n_letters: int, score_of: np.ndarray, blank_score: int,
                  stride: np.ndarray, full: int, tiles_on_rack: int,
                  leave_adj: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """What :func:`_bound` needs of the rack: its tiles' points, highest first, and for
    each number of tiles kept the best a leave of that many adds."""
    values = np.zeros(tiles_on_rack, dtype=np.int64)
    k = 0
    for t in range(n_letters + 1):
        for _ in range(rack[t]):
            values[k] = blank_score if t == 0 else score_of[t]
            k += 1
    values = -np.sort(-values)
    best_leave = np.full(tiles_on_rack + 1, _NEG, dtype=np.int64)
    for kept in range(full + 1):
        size = 0
        for t in range(n_letters + 1):
            if rack[t] > 0:
                size += (kept // stride[t]) % (rack[t] + 1)
        best_leave[size] = max(best_leave[size], leave_adj[kept])
    return values, best_leave


@njit
def _caps(cm: np.ndarray, rack: np.ndarray, n_letters: int, score_of: np.ndarray,
          blank_score: int) -> np.ndarray:
    """For each square of both directions, the most points a rack tile that fits it (its
    cross set) can score there (0 where none fits)."""
    out = np.zeros(cm.shape, dtype=np.int64)
    for o in range(cm.shape[0]):
        for sq in range(cm.shape[1]):
            mask = cm[o, sq]
            if mask == 0:
                continue
            best = blank_score if rack[0] > 0 else 0
            for t in range(1, n_letters + 1):
                if rack[t] > 0 and (mask >> np.uint64(t)) & np.uint64(1):
                    best = max(best, int(score_of[t]))
            out[o, sq] = best
    return out


@aot("Tuple((int8[:, ::1], int64[:, ::1]))(uint32[::1], int32[::1], int64, int64, "
     "int32[::1], int32[::1], int32[::1], int64, int32[::1], int64[::1], int64, int64, "
     "int64, int64)")
@njit
def anchor_bounds(nodes: np.ndarray, board: np.ndarray, rows: int, cols: int,
                  lmul: np.ndarray, wmul: np.ndarray, score_of: np.ndarray, blank_score: int,
                  rack: np.ndarray, leave_adj: np.ndarray, n_letters: int, start_sq: int,
                  rack_size: int, bingo: int) -> tuple[np.ndarray, np.ndarray]:
    """The anchors of both directions (``[0]``: across, square ``r * cols + c``; ``[1]``:
    down, square ``c * rows + r``; 1 an anchor, 2 one no rack tile fits) and each anchor's
    bound (:func:`_bound`; ``-2**62`` where there is none), as :func:`generate` with
    ``best_only`` orders its walk."""
    stride, full, tiles_on_rack, all_letters, rack_mask = _rack_numbers(rack, n_letters)
    empty_board = True
    for sq in range(rows * cols):
        if board[sq] != 0:
            empty_board = False
            break
    n = rows * cols
    g, lm, wm, _pen, cm, cs, hc, an = _directions(
        nodes, board, rows, cols, lmul, wmul, np.zeros(n, dtype=np.int32), score_of,
        blank_score, all_letters, rack_mask, empty_board, start_sq)
    bounds = np.full((2, n), _NEG, dtype=np.int64)
    if tiles_on_rack == 0:
        return an, bounds
    values, best_leave = _bound_tables(rack, n_letters, score_of, blank_score, stride, full,
                                       tiles_on_rack, leave_adj)
    cap = _caps(cm, rack, n_letters, score_of, blank_score)
    coef = np.zeros(32, dtype=np.int64)
    n2 = 2 * n
    gf, lmf, wmf, cmf = g.reshape(n2), lm.reshape(n2), wm.reshape(n2), cm.reshape(n2)
    csf, hcf, anf, capf = cs.reshape(n2), hc.reshape(n2), an.reshape(n2), cap.reshape(n2)
    for o in range(2):
        length = cols if o == 0 else rows
        for sq in range(n):
            if an[o, sq] == 1:
                bounds[o, sq] = _bound(gf, length, lmf, wmf, cmf, csf, hcf, anf, score_of,
                                       blank_score, o * n, sq // length, sq % length,
                                       rack_mask, tiles_on_rack, rack_size, bingo, values,
                                       best_leave, coef, capf)
    return an, bounds


@aot("void(uint32[::1], int32[::1], int64, int64, int32[::1], int32[::1], int32[::1], "
     "int64, bool_[::1], int32[::1], int32[::1], int64[::1], int64, int64, int64, int64, "
     "bool_, bool_, int64[:, ::1], uint8[:, ::1], int64[::1])")
@njit
def generate(nodes: np.ndarray, board: np.ndarray, rows: int, cols: int, lmul: np.ndarray,
             wmul: np.ndarray, score_of: np.ndarray, blank_score: int, is_vowel: np.ndarray,
             open_pen: np.ndarray, rack: np.ndarray, leave_adj: np.ndarray, n_letters: int,
             start_sq: int, rack_size: int, bingo: int, exchanges: bool, best_only: bool,
             out: np.ndarray, out_tiles: np.ndarray, state: np.ndarray) -> None:
    """Every move (see the module text) into the output arrays (``out``: a row a move, the
    ``OUT_*`` columns; ``out_tiles``: its tiles); ``state``: [count (may exceed the arrays'
    capacity: then call again with larger ones), best equity, capacity, anchors walked,
    anchors with a play possible].

    With ``best_only`` the exchanges come first, then the anchors of both directions are
    walked best bound first (:func:`_bound`), and the walk stops at the first anchor whose
    bound is below the best equity found: every move of the best equity is still found."""
    state[_COUNT] = 0
    state[_BEST] = _NEG
    state[_CAP] = out.shape[0]
    state[_WALKED] = 0
    state[_ANCHORS] = 0
    stride, full, tiles_on_rack, all_letters, rack_mask = _rack_numbers(rack, n_letters)
    # exchanges: every non-empty sub-multiset of the rack, by the leave it keeps (first:
    # in best_only their best equity bounds the placements' walk from the start)
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
            out[m, OUT_KIND] = KIND_EXCHANGE
            out[m, OUT_ROW] = 0
            out[m, OUT_COL] = 0
            out[m, OUT_VERT] = 0
            out[m, OUT_LEN] = n
            out[m, OUT_SCORE] = 0
            out[m, OUT_EQUITY] = equity
            out[m, OUT_LEAVE] = kept
            out[m, OUT_PLACED] = 0
    empty_board = True
    for sq in range(rows * cols):
        if board[sq] != 0:
            empty_board = False
            break
    gaddag = int(nodes[1]) & _ARC
    if gaddag != 0 and tiles_on_rack > 0:
        n = rows * cols
        g, lm, wm, pen, cm, cs, hc, an = _directions(
            nodes, board, rows, cols, lmul, wmul, open_pen, score_of, blank_score,
            all_letters, rack_mask, empty_board, start_sq)
        # both directions as one array each (a direction's squares from o * n): the walk and
        # the bounds take these, not a view of a direction each call (a view counts a
        # reference to its array: two atomic operations an array a call)
        n2 = 2 * n
        gf, lmf, wmf, penf = g.reshape(n2), lm.reshape(n2), wm.reshape(n2), pen.reshape(n2)
        cmf, csf, hcf, anf = cm.reshape(n2), cs.reshape(n2), hc.reshape(n2), an.reshape(n2)
        work = rack.copy()  # the walk takes tiles from it and gives them back
        word = np.zeros(max(rows, cols), dtype=np.int32)
        frames = np.zeros((3 * max(rows, cols) + 4, _FIELDS), dtype=np.int64)
        # the anchors to walk, of both directions (as o * n + square), and their bounds
        a_sq = np.empty(2 * n, dtype=np.int64)
        a_bound = np.zeros(2 * n, dtype=np.int64)
        count = 0
        for o in range(2):
            for sq in range(n):
                if an[o, sq] == 1:
                    a_sq[count] = o * n + sq
                    count += 1
        order = np.arange(count)
        if best_only:
            values, best_leave = _bound_tables(rack, n_letters, score_of, blank_score,
                                               stride, full, tiles_on_rack, leave_adj)
            capf = _caps(cm, rack, n_letters, score_of, blank_score).reshape(2 * n)
            coef = np.zeros(32, dtype=np.int64)
            for k in range(count):
                o = a_sq[k] // n
                sq = a_sq[k] % n
                length = cols if o == 0 else rows
                a_bound[k] = _bound(gf, length, lmf, wmf, cmf, csf, hcf, anf, score_of,
                                    blank_score, o * n, sq // length, sq % length, rack_mask,
                                    tiles_on_rack, rack_size, bingo, values, best_leave, coef,
                                    capf)
            order = np.argsort(-a_bound[:count])
        state[_ANCHORS] = count
        for k in range(count):
            at = order[k]
            if best_only and a_bound[at] < state[_BEST]:
                break
            state[_WALKED] += 1
            o = a_sq[at] // n
            sq = a_sq[at] % n
            length = cols if o == 0 else rows
            _walk(nodes, gf, length, lmf, wmf, cmf, csf, hcf, anf, score_of, blank_score,
                  is_vowel, penf, work, stride, leave_adj, word, frames, o * n, sq // length,
                  sq % length, gaddag, full, rack_size, tiles_on_rack, bingo, o == 1,
                  empty_board, out, out_tiles, state, best_only)
    # the pass: always there (in best_only, only when nothing else is)
    if not best_only or state[_COUNT] == 0:
        m = state[_COUNT]
        state[_COUNT] = m + 1
        if m < state[_CAP]:
            out[m, OUT_KIND] = KIND_PASS
            out[m, OUT_ROW] = 0
            out[m, OUT_COL] = 0
            out[m, OUT_VERT] = 0
            out[m, OUT_LEN] = 0
            out[m, OUT_SCORE] = 0
            out[m, OUT_EQUITY] = 0
            out[m, OUT_LEAVE] = full
            out[m, OUT_PLACED] = 0


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
