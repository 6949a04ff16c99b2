"""Hypothesis strategies for CGP positions and moves.

The strategies build CGP text from drawn parts with their own small writer (not the
library's), and hand back the parts too, so that tests can check the reader and the writer
against an independent construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import strategies as st

from puzzlefmt.cgp import KNOWN_OPCODES, Distribution, distribution_names, get_distribution

__all__ = ["CgpCase", "GcgCase", "GcgEvent", "cgp_cases", "gcg_cases", "move_texts", "tile_runs"]

_NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-."
_LEXICA = ("CSW21", "NWL23", "TWL06", "DISC2", "FRA20", "OSPS49", "RD28", "NSF23", "FILE2017",
           "America", "XYZ1")


def _spell(tile: str) -> str:
    return f"[{tile}]" if len(tile) > 1 else tile


def _col_name(col: int) -> str:
    n = col + 1
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def _no_merges(tiles: list[str | None], dist: Distribution) -> list[str | None]:
    """Drop a tile that, written next to the one before without brackets, would spell the
    start of a multi-code-point tile (Spanish C then H reads back as CH)."""
    spellings = [s for m in dist.multi_letters for s in (m, m.lower())]
    out = list(tiles)
    for i in range(1, len(out)):
        a, b = out[i - 1], out[i]
        if a is None or b is None or len(a) > 1 or len(b) > 1:
            continue
        if any(s.startswith(a + b) for s in spellings):
            out[i] = None
    return out


def _kept(tiles: list[str], dist: Distribution) -> list[str]:
    """The tiles written side by side (no gaps): each dropped that would spell the start of
    a multi-code-point tile with the one kept before it."""
    out: list[str] = []
    for t in tiles:
        if out and _no_merges([out[-1], t], dist)[1] is None:
            continue
        out.append(t)
    return out


def _write_row(row: list[str | None]) -> str:
    parts: list[str] = []
    run = 0
    for sq in row:
        if sq is None:
            run += 1
            continue
        if run:
            parts.append(str(run))
            run = 0
        parts.append(_spell(sq))
    if run:
        parts.append(str(run))
    return "".join(parts)


@st.composite
def tile_runs(draw: st.DrawFn, dist: Distribution, *, size: int, blanks: bool) -> list[str | None]:
    """``size`` squares: empty or a tile of ``dist`` (lower case: a blank, when ``blanks``)."""
    # One byte a square, of one draw (a list of ``size`` draws cost Hypothesis far more an
    # example): below 128 an empty square, so zero bytes shrink towards an empty row; else
    # a letter, a blank's (lower case) when ``blanks`` and the byte is odd.
    letters = dist.letters
    squares: list[str | None] = []
    for b in draw(st.binary(min_size=size, max_size=size)):
        if b < 128:
            squares.append(None)
            continue
        letter = letters[((b - 128) >> 1) % len(letters)]
        squares.append(letter.lower() if blanks and b & 1 else letter)
    return _no_merges(squares, dist)


@st.composite
def move_texts(draw: st.DrawFn, dist: Distribution) -> str:
    """A move in CGP notation, in the writer's normal form: the seed's (``8D WORD``, ``-ABC``,
    ``-``, ``challenge 8D WORD``) or the current spec's (``8D.WORD``, ``ex.ABC``, ``pass``,
    ``phony.8D.WORD``; no ``.`` for tiles on the board, no bonus)."""
    spec = draw(st.booleans())
    kind = draw(st.sampled_from(["place", "place", "exchange", "count", "pass", "challenge"]))
    if kind == "pass":
        return "pass" if spec else "-"
    if kind == "count":
        n = draw(st.integers(1, 7))
        return f"ex.{n}" if spec else f"-{n}"
    if kind == "exchange":
        tiles = draw(st.lists(st.sampled_from(("?", *dist.letters)), min_size=1, max_size=7))
        rack = _kept(list(tiles), dist)
        return ("ex." if spec else "-") + "".join(_spell(t) for t in rack)
    row = draw(st.integers(0, 30))
    col = draw(st.integers(0, 800))
    vertical = draw(st.booleans())
    coord = f"{_col_name(col)}{row + 1}" if vertical else f"{row + 1}{_col_name(col)}"
    letter = st.sampled_from(dist.letters)
    token = (letter | letter.map(str.lower)) if spec else (
        st.just(".") | letter | letter.map(str.lower)
    )
    tiles = draw(st.lists(token, min_size=1, max_size=9))
    cleaned = _no_merges(list(tiles), dist)
    if spec:
        body = "".join(_spell(t) for t in _kept(list(tiles), dist)) or _spell(dist.letters[0])
        return ("phony." if kind == "challenge" else "") + f"{coord}.{body}"
    body = "".join("." if t is None else _spell(t) for t in cleaned)
    text = f"{coord} {body}"
    if kind == "challenge":
        return "challenge " + text
    if draw(st.booleans()):
        text += f" +{draw(st.integers(0, 10))}"
    return text


@dataclass
class CgpCase:
    """A drawn position: its text and the parts it was written from."""

    text: str
    distribution: str
    board: list[list[str | None]]
    racks: list[list[str]]
    scores: list[int]
    zero_turns: int
    operations: list[tuple[str, str]] = field(default_factory=list)
    has_ld: bool = False


@st.composite
def _operations(
    draw: st.DrawFn, dist_name: str, players: int
) -> tuple[list[tuple[str, str]], bool]:
    dist = get_distribution(dist_name)
    name = st.text(_NAME_CHARS, min_size=1, max_size=12).filter(lambda s: not s.startswith("-"))
    known = draw(st.permutations(sorted(KNOWN_OPCODES)))
    chosen = known[: draw(st.integers(0, len(known)))]
    ops: list[tuple[str, str]] = []
    for opcode in chosen:
        if opcode in ("bb", "etl", "mcnz", "ti", "to"):
            value = str(draw(st.integers(0, 10**9)))
        elif opcode == "bdn":
            value = draw(st.sampled_from(["CrosswordGame", "SuperCrosswordGame"]) | name)
        elif opcode == "cr":
            value = draw(st.sampled_from(["single", "double", "triple", "void", "5pt", "10pt"]))
        elif opcode == "ld":
            value = dist_name
        elif opcode == "lex":
            value = draw(st.sampled_from(_LEXICA))
        elif opcode == "lm":
            value = draw(move_texts(dist))
        elif opcode == "tmr":
            value = "/".join(
                str(v)
                for v in draw(
                    st.lists(st.integers(-10**6, 10**7), min_size=players, max_size=players)
                )
            )
        elif opcode == "oru":
            value = ""  # the current spec's opcode without operands
        else:  # gid, var
            value = draw(name)
        ops.append((opcode, value))
    unknown_name = st.from_regex(r"[a-z][a-z0-9_]{0,5}", fullmatch=True).filter(
        lambda s: s not in KNOWN_OPCODES
    )
    operand = st.lists(name, max_size=3).map(" ".join)
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(ops)))
        ops.insert(at, (draw(unknown_name), draw(operand)))
    return ops, "ld" in chosen


@st.composite
def cgp_cases(
    draw: st.DrawFn,
    *,
    distributions: tuple[str, ...] | None = None,
    max_side: int = 21,
) -> CgpCase:
    """A CGP in spec form: a random board (any size up to ``max_side``) of tiles and blanks of
    a random distribution, 1 to 4 players' racks and scores, a zero count, and a random
    selection of every known opcode (typed operands) and unknown ones, in random order."""
    dist_name = draw(st.sampled_from(distributions or distribution_names()))
    dist = get_distribution(dist_name)
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    board = [draw(tile_runs(dist, size=cols, blanks=True)) for _ in range(rows)]
    players = draw(st.integers(1, 4))
    rack_tile = st.sampled_from(("?", *dist.letters))
    racks: list[list[str]] = []
    for _ in range(players):
        drawn = draw(st.lists(rack_tile, min_size=1 if players == 1 else 0, max_size=9))
        racks.append(_kept(list(drawn), dist))
    scores = draw(st.lists(st.integers(-500, 5000), min_size=players, max_size=players))
    zero = draw(st.integers(0, 12))
    ops, has_ld = draw(_operations(dist_name, players))
    text = " ".join(
        [
            "/".join(_write_row(r) for r in board),
            "/".join("".join(_spell(t) for t in rack) for rack in racks),
            "/".join(str(s) for s in scores),
            str(zero),
        ]
    )
    for opcode, operands in ops:
        text += f" {opcode} {operands};" if operands else f" {opcode};"
    return CgpCase(text, dist_name, board, racks, scores, zero, ops, has_ld)


# --------------------------------------------------------------------------- GCG records

_NICK = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", min_size=1,
                max_size=10)
_WORD = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éñ'.,!()-",
                min_size=1, max_size=12)


def _line_text(draw: st.DrawFn) -> str:
    """Words joined by single spaces, not starting with '#' or '>'."""
    return " ".join(draw(st.lists(_WORD, min_size=1, max_size=5)))


@dataclass
class GcgEvent:
    """One drawn event, as the parts the text was written from."""

    kind: str
    player: int
    rack: list[str]
    score: int
    cumulative: int
    coordinate: str = ""
    word: str = ""
    exchanged: list[str] | int = 0
    tiles: list[str] = field(default_factory=list)
    note: str | None = None


@dataclass
class GcgCase:
    """A drawn GCG record in canonical form: its text and the parts it was written from."""

    text: str
    distribution: str
    players: list[tuple[str, str]]
    pragmas: dict[str, str]
    events: list[GcgEvent]
    incomplete: bool


@st.composite
def gcg_cases(draw: st.DrawFn, *, distributions: tuple[str, ...] | None = None) -> GcgCase:
    """A GCG record in canonical form (the order and spacing the writer uses): 2 to 4
    players, the pragmas drawn from every known one (#tile-distribution always, so that the
    tiles read with the drawn distribution), 0 to 12 events of every kind with their notes.
    The events need not be a legal game: the reader does not replay them."""
    dist_name = draw(st.sampled_from(distributions or distribution_names()))
    dist = get_distribution(dist_name)
    count = draw(st.integers(2, 4))
    nicks = draw(st.lists(_NICK, min_size=count, max_size=count, unique=True))
    players = [(nick, _line_text(draw)) for nick in nicks]
    pragmas: dict[str, str] = {}
    for keyword in ("title", "description", "id", "lexicon", "game-type", "tile-set"):
        if draw(st.booleans()):
            if keyword == "id":
                pragmas[keyword] = f"{draw(_NICK)} {draw(_NICK)}"
            elif keyword == "description":
                pragmas[keyword] = "\n".join(
                    _line_text(draw) for _ in range(draw(st.integers(1, 3)))
                )
            elif keyword == "lexicon":
                pragmas[keyword] = draw(st.sampled_from(_LEXICA))
            else:
                pragmas[keyword] = _line_text(draw)
    pragmas["tile-distribution"] = dist_name
    incomplete = draw(st.booleans())
    tile = st.sampled_from(dist.letters)
    rack_tile = st.sampled_from(("?", *dist.letters))

    def rack(min_size: int = 1) -> list[str]:
        tiles = draw(st.lists(rack_tile, min_size=min_size, max_size=7))
        return _kept(list(tiles), dist)

    events: list[GcgEvent] = []
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["move", "move", "move", "pass", "exchange", "count",
                                     "phony", "bonus", "points", "penalty", "time"]))
        player = draw(st.integers(0, count - 1))
        cum = draw(st.integers(-200, 900))
        if kind == "move":
            row, col = draw(st.integers(0, 14)), draw(st.integers(0, 14))
            vertical = draw(st.booleans())
            coord = f"{_col_name(col)}{row + 1}" if vertical else f"{row + 1}{_col_name(col)}"
            token = st.just(".") | tile | tile.map(str.lower)
            cleaned = _no_merges(draw(st.lists(token, min_size=1, max_size=8)), dist)
            word = "".join("." if t is None else _spell(t) for t in cleaned)
            if set(word) == {"."}:
                word = _spell(dist.letters[0]) + word
            ev = GcgEvent("move", player, rack(), draw(st.integers(0, 300)), cum, coord, word)
        elif kind == "pass":
            ev = GcgEvent("pass", player, rack(), 0, cum)
        elif kind == "exchange":
            ev = GcgEvent("exchange", player, rack(), 0, cum, exchanged=rack())
        elif kind == "count":
            ev = GcgEvent("exchange", player, rack(), 0, cum,
                          exchanged=draw(st.integers(1, 7)))
        elif kind == "phony":
            ev = GcgEvent("phony", player, rack(), -draw(st.integers(0, 200)), cum)
        elif kind == "bonus":
            ev = GcgEvent("challenge-bonus", player, rack(0), draw(st.integers(0, 20)), cum)
        elif kind == "points":
            ev = GcgEvent("end-rack-points", player, [], draw(st.integers(0, 80)), cum,
                          tiles=rack())
        elif kind == "penalty":
            held = rack()
            ev = GcgEvent("end-rack-penalty", player, held, -draw(st.integers(0, 40)), cum,
                          tiles=held)
        else:
            ev = GcgEvent("time-penalty", player, rack(0), -draw(st.integers(0, 50)), cum)
        if draw(st.integers(0, 3)) == 0:
            ev.note = "\n".join(_line_text(draw) for _ in range(draw(st.integers(1, 3))))
        events.append(ev)
    return GcgCase(_write_gcg(players, pragmas, events, incomplete), dist_name, players,
                   pragmas, events, incomplete)


def _write_gcg(
    players: list[tuple[str, str]],
    pragmas: dict[str, str],
    events: list[GcgEvent],
    incomplete: bool,
) -> str:
    """The canonical text of a drawn record (this file's own writer)."""
    out = ["#character-encoding UTF-8"]
    out += [f"#player{i} {nick} {name}" for i, (nick, name) in enumerate(players, start=1)]
    for keyword in ("title", "description", "id", "lexicon", "game-type", "tile-set",
                    "tile-distribution"):
        if keyword in pragmas:
            first, *more = pragmas[keyword].split("\n")
            out.append(f"#{keyword} {first}")
            out += [f"#- {line}" for line in more]
    if incomplete:
        out.append("#incomplete")
    for ev in events:
        nick = players[ev.player][0]
        rack = "".join(_spell(t) for t in ev.rack)
        if ev.kind == "move":
            body = f"{rack} {ev.coordinate} {ev.word} +{ev.score}"
        elif ev.kind == "pass":
            body = f"{rack} - +0"
        elif ev.kind == "exchange":
            ex = ev.exchanged
            shown = str(ex) if isinstance(ex, int) else "".join(_spell(t) for t in ex)
            body = f"{rack} -{shown} +0"
        elif ev.kind == "phony":
            body = f"{rack} -- -{abs(ev.score)}"
        elif ev.kind == "challenge-bonus":
            body = f"{rack + ' ' if rack else ''}(challenge) +{ev.score}"
        elif ev.kind == "end-rack-points":
            body = f"({''.join(_spell(t) for t in ev.tiles)}) +{ev.score}"
        elif ev.kind == "end-rack-penalty":
            body = f"{rack} ({''.join(_spell(t) for t in ev.tiles)}) -{abs(ev.score)}"
        else:
            body = f"{rack + ' ' if rack else ''}(time) -{abs(ev.score)}"
        out.append(f">{nick}: {body} {ev.cumulative}")
        if ev.note is not None:
            first, *more = ev.note.split("\n")
            out.append(f"#note {first}")
            out += more
    return "\n".join(out) + "\n"
