"""What the real program's loader accepts, written a second time for the tests.

This is the tests' oracle for "a save file the game loads": an independent reading of the
acceptance rules of Simon Tatham's puzzles (commit 790f5851), written from the C sources and
sharing no code with ``puzzlefmt.sgt.savefile``:

- midend.c ``midend_deserialise_internal``: skip CR/LF, 8 key bytes and ':' (the name ends at
  the first ':' or space), decimal length and ':', that many value bytes; printable ASCII
  except in SEED; the first record is SAVEFILE with the magic; VERSION must be "1", GAME the
  game's name; NSTATES once and positive (atoi); state records only after NSTATES and
  STATEPOS; stop after NSTATES-1 state records. Then PARAMS/CPARAMS present and valid, DESC
  present and valid, PRIVDESC valid if present, 1 <= STATEPOS <= NSTATES, each move executed
  in turn (NULL from execute_move is an error) and each RESTART's description valid.
- keen.c ``decode_params``/``validate_params`` (size 3..9, a known difficulty) and
  ``execute_move`` (S + exactly w*w digits 1..w; R/P read with sscanf "%d,%d,%d" and range
  checked; M). Keen descriptions are judged by ``puzzlefmt.keen.upstream_desc_error``, which
  ``tests/keen/test_keen_vectors.py`` holds to the real program's verdict on every vector.
- solo.c ``decode_params``/``validate_params``/``validate_desc`` and ``execute_move``
  (S + one atoi number per cell, 1..cr, digits and one ',' skipped after each).

``load(data, game)`` returns ``None`` when the game would load ``data``, else the game's
message, and ``state(data, game)`` the grid at STATEPOS as (digits, pencil sets).
"""

from __future__ import annotations

import re

from puzzlefmt.keen import upstream_desc_error

MAGIC = b"Simon Tatham's Portable Puzzle Collection"


class Refused(Exception):  # noqa: N818 - the loader refusing is not an error here
    pass


def _atoi(s: str) -> int:
    m = re.match(r"[ \t\n\v\f\r]*([+-]?)([0-9]*)", s)
    assert m is not None
    if not m.group(2):
        return 0
    v = int(m.group(2))
    return -v if m.group(1) == "-" else v


def _sscanf3(s: str) -> tuple[int, int, int] | None:
    m = re.match(r"[ \t\n\v\f\r]*([+-]?[0-9]+),[ \t\n\v\f\r]*([+-]?[0-9]+),"
                 r"[ \t\n\v\f\r]*([+-]?[0-9]+)", s)
    if m is None:
        return None
    a, b, c = (int(g) for g in m.groups())
    if any(abs(v) > 2**31 for v in (a, b, c)):
        return None
    return a, b, c


def _records(data: bytes) -> list[tuple[str, bytes]]:
    out: list[tuple[str, bytes]] = []
    started = False
    nstates, statepos, got = 0, -1, 0
    have_states = False
    i = 0
    while nstates <= 0 or statepos < 0 or got < nstates - 1:
        while i < len(data) and data[i] in (13, 10):
            i += 1
        if i + 9 > len(data):
            raise Refused("ended")
        key = data[i:i + 9]
        if key[8:9] != b":":
            raise Refused("Data was incorrectly formatted for a saved game file")
        name = re.split(rb"[: ]", key[:8] + b":")[0].decode("latin-1")
        i += 9
        length = 0
        while True:
            if i >= len(data):
                raise Refused("ended")
            c = data[i]
            i += 1
            if c == 58:
                break
            if 48 <= c <= 57 and length < (2**31 - 1 - 10) // 10:
                length = length * 10 + c - 48
            else:
                raise Refused("Data was incorrectly formatted for a saved game file")
        if i + length > len(data):
            raise Refused("ended")
        val = data[i:i + length].split(b"\0", 1)[0]
        i += length
        if name != "SEED" and any(b < 32 or b >= 127 for b in val):
            raise Refused("Forbidden characters in saved game file")
        if not started:
            if name != "SAVEFILE" or val != MAGIC:
                raise Refused("Data does not appear to be a saved game file")
            started = True
            continue
        if name == "NSTATES":
            if have_states:
                raise Refused("Two state counts provided in save file")
            nstates = _atoi(val.decode("latin-1"))
            if nstates <= 0:
                raise Refused("Number of states in save file was negative")
            have_states = True
        elif name == "STATEPOS":
            statepos = _atoi(val.decode("latin-1"))
        elif name in ("MOVE", "SOLVE", "RESTART"):
            if not have_states:
                raise Refused("No state count provided in save file")
            if statepos < 0:
                raise Refused("No game position provided in save file")
            got += 1
        out.append((name, val))
    return out


# ---------------------------------------------------------------------- the two games


def _keen_params(s: str) -> int:
    w = _atoi(s)
    rest = s.lstrip("0123456789")
    diff = 1
    if rest.startswith("d"):
        diff = 9 if len(rest) < 2 else "enhxu".find(rest[1])
        diff = 9 if diff < 0 else diff
    if not 3 <= w <= 9 or diff > 4:
        raise Refused("parameters in save file are invalid")
    return w


def _solo_params(s: str) -> tuple[int, int, bool]:
    """(cr, r, killer) after solo.c decode_params + validate_params."""
    c = r = _atoi(s)
    s2 = s.lstrip("0123456789")
    seen_r = False
    if s2.startswith("x"):
        r = _atoi(s2[1:])
        seen_r = True
        s2 = s2[1:].lstrip("0123456789")
    x = k = False
    for ch in s2:
        if ch == "j":
            c, r = (c * r if seen_r else c), 1
        elif ch == "x":
            x = True
        elif ch == "k":
            k = True
    if c < 2 or c > 255 or r > 255 or c * r > 31 or (k and c * r > 9) or (x and c * r < 4):
        raise Refused("parameters in save file are invalid")
    if r < 1:
        raise Refused("no rows of boxes (the real game would misbehave)")
    return c * r, r, k


def _solo_grid(desc: str, top: int, area: int) -> tuple[list[int], str]:
    m = re.match(r"[^,]*", desc)
    assert m is not None
    part, rest = m.group(0), desc[m.end():]
    vals: list[int] = []
    for tok in re.findall(r"[1-9][0-9]*|[a-z]|_|.", part):
        if "1" <= tok[0] <= "9":
            if int(tok) > top:
                raise Refused("Out-of-range number in game description")
            vals.append(int(tok))
        elif tok == "_":
            pass
        elif "a" <= tok <= "z":
            vals += [0] * (ord(tok) - 96)
        else:
            raise Refused("Invalid character in game description")
    if len(vals) != area:
        raise Refused("wrong amount of data")
    return vals, rest


def _solo_blocks(desc: str, cr: int, nb: tuple[int, int], sz: tuple[int, int]) -> str:
    m = re.match(r"[^,]*", desc)
    assert m is not None
    part, rest = m.group(0), desc[m.end():]
    n = cr * cr
    parent = list(range(n))

    def root(a: int) -> int:
        while parent[a] != a:
            a = parent[a]
        return a

    edges = []
    for y in range(cr):
        for x in range(cr - 1):
            edges.append((y * cr + x, y * cr + x + 1))
    for x in range(cr):
        for y in range(cr - 1):
            edges.append((y * cr + x, (y + 1) * cr + x))
    pos = 0
    for ch in part:
        if ch != "_" and not "a" <= ch <= "z":
            raise Refused("Invalid character in game description")
        run = 0 if ch == "_" else ord(ch) - 96
        for _ in range(run):
            if pos >= len(edges):
                raise Refused("Too much data in block structure specification")
            a, b = edges[pos]
            parent[root(a)] = root(b)
            pos += 1
        if run != 26:
            pos += 1
    if pos != len(edges) + 1:
        raise Refused("Not enough data in block structure specification")
    sizes: dict[int, int] = {}
    for cell in range(n):
        sizes[root(cell)] = sizes.get(root(cell), 0) + 1
    if not nb[0] <= len(sizes) <= nb[1] or not all(sz[0] <= v <= sz[1]
                                                   for v in sizes.values()):
        raise Refused("bad jigsaw blocks")
    return rest


def _solo_desc(params: tuple[int, int, bool], desc: str) -> list[int]:
    cr, r, killer = params
    area = cr * cr
    clues, rest = _solo_grid(desc, cr, area)
    if r == 1:
        if not rest.startswith(","):
            raise Refused("Expected jigsaw block structure in game description")
        rest = _solo_blocks(rest[1:], cr, (cr, cr), (cr, cr))
    if killer:
        if not rest.startswith(","):
            raise Refused("Expected killer block structure in game description")
        rest = _solo_blocks(rest[1:], cr, (cr, area), (2, cr))
        if not rest.startswith(","):
            raise Refused("Expected killer clue grid in game description")
        _, rest = _solo_grid(rest[1:], cr * area, area)
    if rest:
        raise Refused("Unexpected data at end of game description")
    return clues


def _state(data: bytes, game: str) -> tuple[list[int], list[set[int]]]:
    recs = _records(data)
    values: dict[str, str] = {}
    states: list[tuple[str, str]] = []
    for name, val in recs:
        text = val.decode("latin-1")
        if name == "VERSION" and text != "1":
            raise Refused("Cannot handle this version of the saved game file format")
        if name == "GAME" and text != game:
            raise Refused("Save file is from a different game")
        if name in ("MOVE", "SOLVE", "RESTART"):
            states.append((name, text))
        else:
            values[name] = text
    for key in ("PARAMS", "CPARAMS"):
        if key not in values:
            raise Refused(f"{key} missing")
    if "DESC" not in values:
        raise Refused("Game description in save file is missing")
    if game == "Keen":
        _keen_params(values["PARAMS"])
        w = _keen_params(values["CPARAMS"])

        def check(desc: str) -> list[int]:
            if upstream_desc_error(desc, w) is not None:
                raise Refused("Game description in save file is invalid")
            return [0] * (w * w)
    else:
        _solo_params(values["PARAMS"])
        sp = _solo_params(values["CPARAMS"])
        w = sp[0]

        def check(desc: str) -> list[int]:
            return _solo_desc(sp, desc)
    start = check(values["DESC"])
    if "PRIVDESC" in values:
        start = check(values["PRIVDESC"])
    nstates = _atoi(values["NSTATES"])
    pos = _atoi(values["STATEPOS"])
    if not 1 <= pos <= nstates:
        raise Refused("Game position in save file is out of range")
    grid = list(start)
    pencil: list[set[int]] = [set() for _ in grid]
    history = [(list(grid), [set(p) for p in pencil])]
    for name, move in states:
        if name == "RESTART":
            check(move)
            grid, pencil = list(start), [set() for _ in start]
        elif move.startswith("S"):
            if game == "Keen":
                body = move[1:]
                if len(body) != w * w or any(not "1" <= c <= str(w) for c in body):
                    raise Refused("Save file contained an invalid move")
                grid = [int(c) for c in body]
                pencil = [set() for _ in grid]
            else:
                p = 1
                vals = []
                for _ in range(w * w):
                    v = _atoi(move[p:])
                    if p >= len(move) or not 1 <= v <= w:
                        raise Refused("Save file contained an invalid move")
                    vals.append(v)
                    while p < len(move) and move[p].isdigit():
                        p += 1
                    if move[p:p + 1] == ",":
                        p += 1
                grid = vals
        elif move[:1] in ("R", "P"):
            got = _sscanf3(move[1:])
            if got is None:
                raise Refused("Save file contained an invalid move")
            x, y, n = got
            if not (0 <= x < w and 0 <= y < w and 0 <= n <= w):
                raise Refused("Save file contained an invalid move")
            cell = y * w + x
            if move[0] == "P" and n > 0:
                pencil[cell] ^= {n}
            else:
                grid[cell] = n
                pencil[cell] = set()
        elif move.startswith("M"):
            for cell in range(w * w):
                if not grid[cell]:
                    pencil[cell] = set(range(1, w + 1))
        else:
            raise Refused("Save file contained an invalid move")
        history.append((list(grid), [set(p) for p in pencil]))
    return history[pos - 1]


def load(data: bytes | str, game: str) -> str | None:
    """``None`` when the real loader of ``game`` (``Keen`` or ``Solo``) accepts ``data``,
    else why not."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    try:
        _state(data, game)
    except Refused as exc:
        return str(exc)
    return None


def state(data: bytes | str, game: str) -> tuple[list[int], list[set[int]]]:
    """The grid at STATEPOS (digits, pencil sets) as the loader rebuilds it."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    return _state(data, game)
