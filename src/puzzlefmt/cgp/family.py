"""Registers the CGP formats and the ``cgp`` family with the registry.

- ``cgp``: one position, one line (comment lines starting ``#`` and blank lines around it are
  allowed). Extension ``.cgp``.
- ``cgp-list``: one CGP per line, ``#`` comments and blank lines kept. Extension ``.cgps``.
- ``cgp-json``: the JSON form (:mod:`puzzlefmt.cgp.json_form`).
- ``cgp-text``: the text picture of the board; written, never read.
- ``gcg``: a game record (:mod:`puzzlefmt.cgp.gcg`), read into a :class:`Game`. Extension
  ``.gcg``. Written as ``cgp-list`` it gives the position after each event, one CGP a line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from puzzlefmt.cgp.game import Game
from puzzlefmt.cgp.json_form import dumps_json, loads_json, to_json
from puzzlefmt.cgp.position import Position
from puzzlefmt.cgp.text import picture
from puzzlefmt.collection import (
    Collection,
    is_comment_line,
    line_records,
    read_collection,
    write_collection,
)
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.registry import (
    Family,
    Format,
    NumberedLines,
    Record,
    Sniff,
    register_family,
    register_format,
)
from puzzlefmt.textio import numbered_lines

__all__ = [
    "read_cgp",
    "read_cgp_list",
    "read_gcg",
    "sniff_cgp",
    "sniff_cgp_json",
    "sniff_cgp_list",
    "sniff_gcg",
]

# The shape of a CGP line: a board with "/" between rows, a racks field, scores, a zero count,
# then operations. Cheap: no distribution is consulted.
_SHAPE = re.compile(
    r"[ \t]*(?P<board>[^ \t/]+(?:/[^ \t/]*)+)[ \t]+(?P<racks>[^ \t]+)[ \t]+"
    r"(?P<scores>-?[0-9]+(?:/-?[0-9]+)*)[ \t]+(?P<zero>[0-9]+)(?P<ops>[ \t].*)?",
    re.ASCII,
)
_MAX_SNIFF_LINES = 64


def _looks_like_cgp(line: str) -> bool:
    m = _SHAPE.fullmatch(line.rstrip("\r\n"))
    if m is None:
        return False
    board = m.group("board")
    return any(ch.isdigit() or ch.isalpha() for ch in board)


def _content_lines(text: str) -> list[str]:
    out: list[str] = []
    for line in text.splitlines():
        if is_comment_line(line):
            continue
        out.append(line)
        if len(out) >= _MAX_SNIFF_LINES:
            break
    return out


def sniff_cgp(text: str) -> Sniff | None:
    """One CGP line (comments aside): a ``/``-separated board, racks, scores, a zero count."""
    lines = _content_lines(text[:200_000])
    if not lines or not _looks_like_cgp(lines[0]):
        return None
    rows = lines[0].split()[0].count("/") + 1
    if len(lines) == 1:
        return Sniff(0.95, f"one CGP line: a board of {rows} rows, racks, scores, zero count")
    return Sniff(0.3, "a CGP line, but more lines follow (cgp-list reads many)")


def sniff_cgp_list(text: str) -> Sniff | None:
    """Several lines that each look like a CGP."""
    lines = _content_lines(text[:200_000])
    if not lines:
        return None
    good = sum(1 for line in lines if _looks_like_cgp(line))
    if good == 0:
        return None
    if len(lines) == 1:
        return Sniff(0.8, "one CGP line (a list of one)")
    if good == len(lines):
        return Sniff(0.97, f"{good} lines, each a CGP")
    return Sniff(0.5 + 0.4 * good / len(lines), f"{good} of {len(lines)} lines look like a CGP")


def sniff_cgp_json(text: str) -> Sniff | None:
    """A JSON object written by the ``cgp-json`` writer."""
    head = text.lstrip("\ufeff \t\r\n")[:4000]
    if not head.startswith("{"):
        return None
    if re.search(r'"format"\s*:\s*"cgp-json"', head):
        return Sniff(0.98, 'JSON object with "format": "cgp-json"')
    if '"board"' in head and '"racks"' in head and '"scores"' in head:
        return Sniff(0.7, "JSON object with board, racks and scores")
    return None


def read_cgp(text: str) -> Position:
    """Read one position; comment and blank lines around it are skipped."""
    found: tuple[int, str] | None = None
    for lineno, line in numbered_lines(text):
        if is_comment_line(line):
            continue
        if found is not None:
            raise PuzzleFormatError(
                f"expected one CGP, found a second on line {lineno} (cgp-list reads many)",
                format="cgp",
                line=lineno,
                text=line,
                expected="one CGP line",
                found="another line",
            )
        found = (lineno, line)
    if found is None:
        raise PuzzleFormatError(
            "expected a CGP line, found nothing", format="cgp", expected="a CGP", found="nothing"
        )
    lineno, line = found
    try:
        return Position(line)
    except PuzzleFormatError as exc:
        raise exc.relocated(line=lineno) from None


def read_cgp_list(text: str) -> Collection:
    """Read one CGP per line, keeping comments; the first bad record raises."""
    return read_collection(numbered_lines(text), Position, format="cgp-list")


def _iter_cgp_list(lines: NumberedLines) -> Iterator[Record]:
    return line_records(lines, Position)


def _write_cgp(position: Position | Game, **options: Any) -> str:
    if isinstance(position, Game):
        raise ValueError(
            "a game record holds a position after each event: write it as cgp-list (one "
            "CGP per event), or pick one with --at N"
        )
    return position.cgp(**options) + "\n"


def _write_list(items: Any, **options: Any) -> str:
    if isinstance(items, Position):
        items = [items]
    elif isinstance(items, Game):
        items = list(items.positions())
    return write_collection(items, lambda p: p.cgp(**options))


def _write_record(position: Position | Game) -> str:
    if isinstance(position, Game):  # one CGP per event
        return "\n".join(p.cgp() for p in position.positions())
    return position.cgp()


def _write_json(position: Position, **options: Any) -> str:
    return dumps_json(position, **options) + "\n"


def _write_text(position: Position, **options: Any) -> str:
    return picture(position, **options) + "\n"


def _read_text(text: str) -> Position:
    raise PuzzleFormatError(
        "cgp-text is a picture for people; it is written, not read (use cgp or cgp-json)",
        format="cgp-text",
    )


def _problems(obj: Position | Game) -> list[str]:
    return [str(p) for p in obj.problems()]


def _to_json(obj: Position | Game) -> dict[str, Any]:
    return obj.to_json() if isinstance(obj, Game) else to_json(obj)


_EVENT = re.compile(r"[ \t]*>[^ \t:]+:", re.ASCII)


def sniff_gcg(text: str) -> Sniff | None:
    """A GCG game record: ``#player1``/``#player2`` pragmas and ``>nick:`` event lines."""
    lines = text[:200_000].lstrip("\ufeff").splitlines()[:400]
    players = sum(1 for line in lines if line.startswith("#player"))
    events = sum(1 for line in lines if _EVENT.match(line))
    pragmas = sum(1 for line in lines if line.startswith(("#character-encoding", "#lexicon",
                                                          "#title", "#description", "#note")))
    if not players and not events:
        return None
    if players and events:
        return Sniff(0.98, f"GCG: {players} #player pragmas and {events} '>nick:' event lines")
    if players:
        return Sniff(0.9, f"GCG: {players} #player pragmas, no events yet")
    score = 0.8 if pragmas else 0.6
    return Sniff(score, f"{events} GCG '>nick:' event lines (no #player pragma)")


def read_gcg(text: str) -> Game:
    """Read a GCG game record (the text decoded already; see ``Game.from_bytes``)."""
    return Game(text)


def _write_gcg(game: Game, **options: Any) -> str:
    if options:
        raise TypeError(f"gcg takes no writer option, got an unexpected keyword argument "
                        f"{next(iter(options))!r}")
    return game.gcg()


register_format(
    Format(
        name="cgp",
        family="cgp",
        extensions=("cgp",),
        description="Crossword Game Position: one position on one line",
        sniff=sniff_cgp,
        read=read_cgp,
        write=_write_cgp,
        models=(Position,),
        priority=40,
    )
)
register_format(
    Format(
        name="cgp-list",
        family="cgp",
        extensions=("cgps",),
        description="CGP list: one position per line, # comments",
        sniff=sniff_cgp_list,
        read=read_cgp_list,
        write=_write_list,
        models=(Position,),
        collection=True,
        iter_read=_iter_cgp_list,
        parse_line=Position,
        write_record=_write_record,
        priority=45,
    )
)
register_format(
    Format(
        name="cgp-json",
        family="cgp",
        extensions=(),
        description="CGP position as JSON (board, racks, scores, operations)",
        sniff=sniff_cgp_json,
        read=loads_json,
        write=_write_json,
        models=(Position,),
        priority=60,
    )
)
register_format(
    Format(
        name="cgp-text",
        family="cgp",
        extensions=(),
        description="text picture of a CGP board with premium squares (write only)",
        sniff=lambda text: None,
        read=_read_text,
        write=_write_text,
        models=(Position,),
        priority=70,
    )
)
register_format(
    Format(
        name="gcg",
        family="cgp",
        extensions=("gcg",),
        description="GCG game record: players, events, notes (one CGP per event as cgp-list)",
        sniff=sniff_gcg,
        read=read_gcg,
        write=_write_gcg,
        models=(Game,),
        priority=50,
    )
)


def _svg(position: Position | Game, **options: Any) -> str:
    from puzzlefmt.cgp.svg import cgp_svg

    return cgp_svg(position, **options)  # a game: its last position (--at picks another)


register_family(
    Family(
        name="cgp",
        models=(Position, Game),
        problems=_problems,
        to_json=_to_json,
        svg=_svg,
    )
)
