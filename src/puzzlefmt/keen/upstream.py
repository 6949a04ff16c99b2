"""What the real Keen program says of a game ID, message for message.

These functions follow keen.c's ``decode_params``, ``validate_params`` and ``validate_desc``
and the midend's splitting of a game ID step by step, including how keen.c reads ``y`` and
``z`` in a block structure, a repeat count at the very end of the text being dropped, and the
parameters' C ``atoi`` (which skips leading blanks). They work on text alone: the reader
(:mod:`puzzlefmt.keen.gameid`) quotes them in its errors, :func:`puzzlefmt.keen.validate`
refuses what they refuse.
"""

from __future__ import annotations

from puzzlefmt.keen.elements import MAX_SIZE, UPSTREAM_SIZES, Difficulty, edge_pairs

__all__ = ["decode_params", "split_id", "upstream_desc_error", "upstream_verdict"]

_DIGITS = "0123456789"
# C's isspace() in the "C" locale: what atoi() skips.
_C_SPACE = " \t\n\v\f\r"


def _atoi(text: str, i: int) -> int:
    """C ``atoi`` on the digits at ``i`` (no sign or space: keen.c only calls it on digits).
    Values past 32 bits are clamped: any of them is far beyond every grid."""
    j = i
    while j < len(text) and text[j] in _DIGITS:
        j += 1
    digits = text[i:j].lstrip("0")
    if len(digits) > 10:
        return 2**31 - 1
    return min(int(digits or "0"), 2**31 - 1)


def upstream_desc_error(desc: str, size: int) -> str | None:
    """What keen.c's ``validate_desc`` says of ``desc`` for a ``size`` grid, or ``None`` if it
    accepts it. Its reading is followed exactly, including its mis-reading of ``y`` (25 shared
    edges, no wall) and ``z`` (26 shared edges and a wall), and a repeat count at the very end
    of the text being dropped."""
    if not 1 <= size <= MAX_SIZE:
        raise ValueError(f"size must be from 1 to {MAX_SIZE}, not {size}")
    desc = desc.split("\x00", 1)[0]  # a C string ends there
    w = size
    edges = 2 * w * (w - 1)
    pairs = edge_pairs(w)
    parent = list(range(w * w))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    n = len(desc)
    p = 0
    pos = 0
    repn = 0
    repc = 0
    while p < n and (repn > 0 or desc[p] != ","):
        if repn > 0:
            repn -= 1
            c = repc
        elif desc[p] == "_" or "a" <= desc[p] <= "z":
            c = 0 if desc[p] == "_" else ord(desc[p]) - 96
            p += 1
            if p < n and desc[p] in _DIGITS:
                repc = c
                repn = _atoi(desc, p) - 1
                while p < n and desc[p] in _DIGITS:
                    p += 1
        else:
            return "Invalid character in game description"
        adv = c != 25
        while c > 0:
            c -= 1
            if pos >= edges:
                return "Too much data in block structure specification"
            a, b = pairs[pos]
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
            pos += 1
        if adv:
            pos += 1
            if pos > edges + 1:
                return "Too much data in block structure specification"
    if pos != edges + 1:
        return "Not enough data in block structure specification"
    if p >= n or desc[p] != ",":
        return "Expected ',' after block structure description"
    p += 1
    sizes: dict[int, int] = {}
    for cell in range(w * w):
        root = find(cell)
        sizes[root] = sizes.get(root, 0) + 1
    for cell in range(w * w):
        if find(cell) != cell:
            continue
        ch = desc[p] if p < n else ""
        if ch in ("a", "m"):
            pass
        elif ch in ("d", "s"):
            if sizes[cell] != 2:
                return "Subtraction and division blocks must have area 2"
        elif not ch:
            return "Too few clues for block structure"
        else:
            return "Unrecognised clue type"
        p += 1
        while p < n and desc[p] in _DIGITS:
            p += 1
    if p < n:
        return "Too many clues for block structure"
    return None


def decode_params(par: str) -> tuple[int, Difficulty | None, bool, bool]:
    """keen.c's ``decode_params``: ``(size, difficulty, multiplication_only, difficulty_ok)``.
    Characters after what it knows are ignored, as it ignores them."""
    q = 0
    while q < len(par) and par[q] in _C_SPACE:
        q += 1
    sign = 1
    if q < len(par) and par[q] in "+-":
        sign = -1 if par[q] == "-" else 1
        q += 1
    w = sign * _atoi(par, q)
    p = 0
    while p < len(par) and par[p] in _DIGITS:
        p += 1
    difficulty: Difficulty | None = None
    ok = True
    if p < len(par) and par[p] == "d":
        p += 1
        ok = p < len(par) and par[p] in "enhxu"
        if ok:
            difficulty = Difficulty.from_letter(par[p])
        if p < len(par):
            p += 1
    mult = p < len(par) and par[p] == "m"
    return w, difficulty, mult, ok


def split_id(game_id: str) -> tuple[str, str | None, str | None]:
    """``(params, desc, seed)`` split as Keen's midend splits a game ID: at the first ``:`` or
    ``#``, whichever comes first. The text is a C string: it ends at a NUL."""
    game_id = game_id.split("\x00", 1)[0]
    colon = game_id.find(":")
    hash_ = game_id.find("#")
    if colon >= 0 and (hash_ < 0 or colon < hash_):
        return game_id[:colon], game_id[colon + 1 :], None
    if hash_ >= 0:
        return game_id[:hash_], None, game_id[hash_ + 1 :]
    return game_id, None, None


def upstream_verdict(game_id: str, *, check_params: bool = True) -> str | None:
    """What the real program says of a game ID: ``None`` if it accepts it, else its message.

    The ID is taken exactly as given (a trailing blank or line ending is text the real
    program reads, and refuses: "Too many clues for block structure"). It is split as Keen's
    midend splits it (at the first ``:`` or ``#``); the parameters are decoded as
    ``decode_params`` does (it skips leading blanks and ignores characters it does not know
    after them). ``check_params=False`` skips ``validate_params`` (the size and difficulty
    checks), as the command-line ``keensolver`` does; sizes this library cannot hold at all
    still fail with the size message.
    """
    par, desc, _ = split_id(game_id)
    w, _, _, diff_ok = decode_params(par)
    if check_params:
        if w not in UPSTREAM_SIZES:
            return "Grid size must be between 3 and 9"
        if not diff_ok:
            return "Unknown difficulty rating"
    if not 1 <= w <= MAX_SIZE:
        return "Grid size must be between 3 and 9"
    if desc is None:
        return None
    return upstream_desc_error(desc, w)
