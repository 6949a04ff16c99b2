"""The GCG codec, below the model: the reader and the writer of game records.

``read(text)`` turns a GCG file into the parts of a :class:`~puzzlefmt.cgp.game.Game`
(players, pragmas, events with their notes); ``write(game)`` writes canonical GCG. Both are
reached through the model (``Game(text)``, ``game.gcg()``) and the ``gcg`` format
(:mod:`puzzlefmt.cgp.formats.gcg`). ``read_bytes(data)`` decodes the file first, by its
``#character-encoding`` line. ``text_from_json(data)`` writes the GCG text of a game's JSON
form. This module imports no model: it declares a record's fields once (:class:`Record`,
which the :class:`~puzzlefmt.cgp.Game` model is), and the reader, the writer and the JSON
form go through that declaration.

The grammar is the poslfit GCG format (version 1.2) with what macondo, MAGPIE, Quackle and
Elise write (see ``docs/cgp.md``, "GCG"):

- pragmas ``#player1 NICK Full Name`` (``#player3``... for Quackle's games of more players),
  ``#title``, ``#description`` (repeated lines join with line breaks), ``#id AUTHORITY ID``,
  ``#lexicon``, ``#character-encoding`` (first line only: ``UTF-8`` or ``ISO-8859-1``),
  ``#game-type``, ``#tile-set``, ``#game-board``, ``#board-layout``, ``#tile-distribution``,
  ``#tile UPPER lower``, ``#incomplete``, ``#rack1 RACK``/``#rack2 RACK`` (last known racks),
  ``#note`` (attached to the event before it; the lines after it that start with neither
  ``#`` nor ``>`` continue it, as does macondo's ``#- text``); any other ``#`` line (``#style``,
  the ``#>`` lines of events commented out) is kept verbatim;
- events ``>NICK:`` then: ``RACK POS WORD +SCORE CUM`` (a move; ``POS`` row first is across,
  column first is down; ``.`` or the letter for a tile on the board, lower case a blank),
  ``RACK - +0 CUM`` (pass), ``RACK -TILES +0 CUM`` or ``RACK -N +0 CUM`` (exchange),
  ``RACK -- -SCORE CUM`` (the play before withdrawn), ``[RACK] (challenge) +N CUM``,
  ``(TILES) +N CUM`` (the other rack's tiles when going out), ``RACK (TILES) -N CUM`` (rack
  penalty), ``[RACK] (time) -N CUM`` (time penalty). Text after ``CUM`` (Quackle lists the
  cross words there) is kept as the event's ``comment``.

Syntax errors raise :class:`~puzzlefmt.errors.PuzzleFormatError` with format ``gcg``, the line
and the column. Inconsistencies of the game itself (a wrong cumulative score, a rack that
does not hold the tiles played) are not syntax errors: ``Game.problems()`` reports them.
"""

from __future__ import annotations

import enum
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import Field, dataclass, field, fields
from typing import Any, Literal

from puzzlefmt.cgp.distributions import (
    Distribution,
    TileError,
    distribution_names,
    get_distribution,
    infer_distribution,
)
from puzzlefmt.cgp.layouts import Layout, get_layout, layout_for_size
from puzzlefmt.cgp.moves import Move
from puzzlefmt.cgp.tiles import write_tiles
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.model import FrozenDict, FrozenList
from puzzlefmt.textio import text_lines

__all__ = [
    "RECORD_FIELDS",
    "Event",
    "EventKind",
    "Fields",
    "Player",
    "Record",
    "counts",
    "decode_bytes",
    "event_line",
    "pragma_lines",
    "pragma_values",
    "read",
    "read_bytes",
    "record_values",
    "text_from_json",
    "write",
]

FORMAT = "gcg"

#: Layout names MAGPIE uses for the two standard boards.
_LAYOUT_ALIASES = {"standard15": "CrosswordGame", "standard21": "SuperCrosswordGame"}

_UTF8 = ("utf-8", "utf8")
_LATIN1 = ("iso-8859-1", "iso 8859-1", "iso8859-1", "latin-1", "latin1")

_SIGNED = re.compile(r"[+-]?[0-9]{1,12}", re.ASCII)
_PLAYER = re.compile(r"player([0-9]{1,3})", re.ASCII)
_RACK_PRAGMA = re.compile(r"rack([0-9]{1,3})", re.ASCII)
_COORD = re.compile(r"[0-9]+[A-Za-z]+|[A-Za-z]+[0-9]+", re.ASCII)

class EventKind(enum.Enum):
    """What a GCG event line records."""

    MOVE = "move"  # tiles placed
    PASS = "pass"
    EXCHANGE = "exchange"
    PHONY = "phony"  # the play before it withdrawn after a challenge: "--"
    CHALLENGE_BONUS = "challenge-bonus"  # points for a play challenged in vain
    END_RACK_POINTS = "end-rack-points"  # the other rack's tiles, after going out
    END_RACK_PENALTY = "end-rack-penalty"  # the player's own rack, subtracted
    TIME_PENALTY = "time-penalty"

    @property
    def is_turn(self) -> bool:
        """True for a move, pass or exchange: a turn of the player on turn."""
        return self in (EventKind.MOVE, EventKind.PASS, EventKind.EXCHANGE)


@dataclass(frozen=True, slots=True)
class Player:
    """A player of the game: ``nickname`` (the name events use) and full ``name``
    (immutable: ``dataclasses.replace`` makes a changed one)."""

    nickname: str
    name: str


@dataclass(frozen=True, slots=True)
class Event:
    """One event line (immutable: ``dataclasses.replace`` makes a changed one).

    ``player`` is the 0-based index of the player (``#player1`` is 0). ``rack`` the rack as
    written (empty when the line has none). ``move`` the move of a ``MOVE``, ``PASS`` or
    ``EXCHANGE``. ``score`` the signed points of the line (``+18``, ``-27``, ``+0``) and
    ``cumulative`` the player's total after it. ``tiles`` the tiles in parentheses of the
    end-of-game events. ``note`` the ``#note`` text after it (lines joined with ``\\n``),
    ``comment`` any text after the cumulative score, ``extra`` unknown ``#`` lines after it
    (verbatim). ``line`` is the 1-based line number it was read from (0 when built in code).
    """

    kind: EventKind
    player: int
    rack: tuple[str, ...]
    score: int
    cumulative: int
    move: Move | None = None
    tiles: tuple[str, ...] = ()
    note: str | None = None
    comment: str = ""
    extra: FrozenList[str] = field(default_factory=FrozenList)
    line: int = 0

    def __post_init__(self) -> None:
        if self.kind.is_turn and self.move is None:
            raise ValueError(f"a {self.kind.value} event needs its move")
        if not isinstance(self.extra, FrozenList):  # a list given: frozen here
            object.__setattr__(self, "extra", FrozenList(self.extra))


@dataclass
class Fields:
    """What :func:`read` found, ready to become a :class:`~puzzlefmt.cgp.game.Game`."""

    players: list[Player] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    pragmas: dict[str, str] = field(default_factory=dict)
    description: str | None = None
    id_authority: str | None = None
    gid: str | None = None
    character_encoding: str | None = None
    incomplete: bool = False
    last_racks: dict[int, tuple[str, ...]] = field(default_factory=dict)
    last_rack_lines: dict[int, int] = field(default_factory=dict)
    player_lines: dict[int, int] = field(default_factory=dict)  # player index -> its line
    pragma_lines: dict[str, int] = field(default_factory=dict)  # pragma -> its first line
    note_line: int | None = None  # the first line of the notes before the first event
    tile_declarations: list[tuple[str, str]] = field(default_factory=list)
    note: str | None = None
    header_extra: list[str] = field(default_factory=list)
    distribution: Distribution | None = None
    distribution_source: str = "default"
    layout: Layout | None = None
    deviations: list[str] = field(default_factory=list)


def _meta(
    *,
    pragma: str | None = None,
    form: Literal["line", "lines", "id", ""] = "",
    holds: str = "",
    check: str,
) -> dict[str, object]:
    """The metadata of a field of :class:`Record`: ``pragma`` the ``#keyword`` that holds
    it, ``form`` how (``"line"``: a pragma of one line that may appear once, read into
    :attr:`Fields.pragmas`; ``"lines"``: repeated lines joined with line breaks; ``"id"``:
    ``#id AUTHORITY ID``), ``holds`` what :meth:`Game.contents
    <puzzlefmt.cgp.Game.contents>` calls it, ``check`` how ``Game.replace`` checks it."""
    return {"pragma": pragma, "form": form, "holds": holds, "check": check}


def _line(pragma: str) -> dict[str, object]:
    """The metadata of a pragma of one line (``#lexicon CSW21``)."""
    return _meta(pragma=pragma, form="line", holds="metadata", check="line")


@dataclass(eq=False, repr=False)
class Record:
    """The fields of a game record, each declared once, here: :class:`~puzzlefmt.cgp.Game`
    is a ``Record``, and the reader (:func:`record_values`), the writer (:func:`write`), the
    JSON form (:func:`pragma_values`), ``Game.replace`` and ``Game.contents`` iterate these
    fields and their metadata. A new pragma of one line is one line below."""

    players: FrozenList[Player] = field(
        default_factory=FrozenList, metadata=_meta(holds="players", check="players"))
    events: FrozenList[Event] = field(
        default_factory=FrozenList, metadata=_meta(holds="events", check="events"))
    title: str | None = field(default=None, metadata=_line("title"))
    description: str | None = field(default=None, metadata=_meta(
        pragma="description", form="lines", holds="metadata", check="text"))
    # #id AUTHORITY ID: the authority is written with the id
    id_authority: str | None = field(default=None, metadata=_meta(holds="metadata",
                                                                  check="word"))
    gid: str | None = field(default=None, metadata=_meta(pragma="id", form="id",
                                                         holds="metadata", check="word"))
    lexicon: str | None = field(default=None, metadata=_line("lexicon"))
    game_type: str | None = field(default=None, metadata=_line("game-type"))
    tile_set: str | None = field(default=None, metadata=_line("tile-set"))
    game_board: str | None = field(default=None, metadata=_line("game-board"))
    board_layout: str | None = field(default=None, metadata=_line("board-layout"))
    tile_distribution: str | None = field(default=None, metadata=_line("tile-distribution"))
    # as declared (the writer always writes UTF-8)
    character_encoding: str | None = field(default=None, metadata=_meta(check="line"))
    incomplete: bool = field(default=False, metadata=_meta(holds="metadata", check="bool"))
    last_racks: FrozenDict[int, tuple[str, ...]] = field(
        default_factory=FrozenDict, metadata=_meta(holds="metadata", check="last_racks"))
    tile_declarations: FrozenList[tuple[str, str]] = field(
        default_factory=FrozenList, metadata=_meta(holds="metadata", check="tile_declarations"))
    # the notes before the first event
    note: str | None = field(default=None, metadata=_meta(holds="notes", check="text"))
    header_extra: FrozenList[str] = field(
        default_factory=FrozenList, metadata=_meta(holds="comments", check="header_extra"))


#: The fields of a record, in order (``dataclasses.Field`` objects, with their metadata).
RECORD_FIELDS: tuple[Field[Any], ...] = fields(Record)

#: The fields written as pragma lines, in the writer's order.
_PRAGMA_FIELDS = tuple(f for f in RECORD_FIELDS if f.metadata["pragma"])

#: Pragmas that may appear once, before the events, each with the attribute holding it.
SINGLE_PRAGMAS = {f.metadata["pragma"]: f.name for f in _PRAGMA_FIELDS
                  if f.metadata["form"] == "line"}

#: The order the writer puts the pragmas in (after the encoding and the players).
PRAGMA_ORDER = tuple(f.metadata["pragma"] for f in _PRAGMA_FIELDS)

_PRAGMA_FORMS = {f.metadata["pragma"]: f.metadata["form"] for f in _PRAGMA_FIELDS}


def _frozen(value: object) -> object:
    if isinstance(value, list):
        return FrozenList(value)
    if isinstance(value, dict):
        return FrozenDict(value)
    return value


def record_values(found: Fields) -> dict[str, object]:
    """The record's fields (by name, frozen) from what :func:`read` found."""
    return {
        f.name: _frozen(found.pragmas.get(f.metadata["pragma"]) if f.metadata["form"] == "line"
                        else getattr(found, f.name))
        for f in RECORD_FIELDS
    }


def pragma_values(record: Record) -> dict[str, str]:
    """The pragmas a record sets, keyword to text (``"id"``: ``"AUTHORITY ID"``, ``-`` for
    no authority), in the writer's order: what the JSON form's ``pragmas`` holds."""
    out: dict[str, str] = {}
    for f in _PRAGMA_FIELDS:
        value = getattr(record, f.name)
        if value is None:
            continue
        if f.metadata["form"] == "id":
            value = f"{record.id_authority or '-'} {value}"
        out[f.metadata["pragma"]] = value
    return out


def pragma_lines(keyword: str, value: str) -> list[str]:
    """The lines of one pragma (a ``#description`` of several lines is several lines)."""
    if _PRAGMA_FORMS[keyword] == "lines":
        return _note_lines(keyword, value)
    return [f"#{keyword} {value}".rstrip()]


# ---------------------------------------------------------------------- errors and notes


def _error(
    message: str,
    line: int | None,
    column: int | None,
    text: str | None,
    *,
    expected: str | None = None,
    found: str | None = None,
) -> PuzzleFormatError:
    return PuzzleFormatError(
        message,
        format=FORMAT,
        line=line,
        column=column + 1 if column is not None else None,
        text=text,
        expected=expected,
        found=found,
    )


class _Deviations:
    """What the reader tolerates, noted one by one; with ``strict`` the first one raises."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.found: list[str] = []

    def note(self, message: str, line: int | None, column: int | None, text: str) -> None:
        if self.strict:
            raise _error(
                f"{message} (strict reading refuses every deviation from the format)",
                line, column, text, expected="the GCG format", found=repr(text),
            )
        self.found.append(f"line {line}: {message}" if line else message)


# ---------------------------------------------------------------------- bytes


def decode_bytes(data: bytes, *, strict: bool = False) -> tuple[str, list[str]]:
    """Decode a GCG file's bytes by its ``#character-encoding`` line (ISO-8859-1 without
    one, as the format says). Without that line, bytes that are valid UTF-8 with non-ASCII
    characters are read as UTF-8 (a note says so), unless ``strict``. Returns the text and
    the notes."""
    notes: list[str] = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        notes.append("line 1: a UTF-8 byte-order mark")
        return data.decode("utf-8", errors="replace"), notes
    first = data.split(b"\n", 1)[0].rstrip(b"\r")
    m = re.match(rb"#character-encoding[ \t]+(\S+)", first)
    if m is not None:
        name = m.group(1).decode("ascii", errors="replace").lower()
        if name in _UTF8:
            try:
                return data.decode("utf-8"), notes
            except UnicodeDecodeError as exc:
                line = data[: exc.start].count(b"\n") + 1
                raise _error(
                    "the file says #character-encoding UTF-8, but these bytes are not UTF-8",
                    line, None, repr(data[exc.start : exc.start + 8]),
                    expected="UTF-8", found="invalid bytes",
                ) from None
        return data.decode("latin-1"), notes  # an unknown name is refused by read()
    if not strict and not data.isascii():
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            notes.append(
                "line 1: no #character-encoding line, and the bytes are UTF-8 (read as "
                "UTF-8; the format says ISO-8859-1)"
            )
            return text, notes
    return data.decode("latin-1"), notes


def read_bytes(
    data: bytes,
    *,
    distribution: Distribution | str | None = None,
    strict: bool = False,
) -> Fields:
    """Read a GCG file's bytes (see :func:`decode_bytes`)."""
    text, notes = decode_bytes(data, strict=strict)
    fields = read(text, distribution=distribution, strict=strict, decoded=True)
    fields.deviations[:0] = notes
    return fields


# ---------------------------------------------------------------------- reading


@dataclass(slots=True)
class _RawEvent:
    """An event line split into its parts, before the tiles are read: each part's text and
    its column (``rack_at``...). A game's lines are all held as these at once, so they hold
    no more objects than they need: the columns are plain numbers, the lists of notes and
    unknown lines are made for the events that have some."""

    kind: EventKind
    nick: str
    line: int
    text: str
    rack: str
    rack_at: int
    score: int
    cumulative: int
    position: str = ""
    position_at: int = 0
    word: str = ""
    word_at: int = 0
    tiles: str = ""
    tiles_at: int = 0
    comment: str = ""
    note_lines: list[str] | None = None
    extra: list[str] | None = None


def _tokens(text: str, start: int = 0) -> list[tuple[int, str]]:
    return [(m.start(), m.group()) for m in re.finditer(r"[^ \t]+", text[start:])]


def read(
    text: str,
    *,
    distribution: Distribution | str | None = None,
    strict: bool = False,
    decoded: bool = False,
) -> Fields:
    """Parse a GCG text. ``distribution`` overrides ``#tile-distribution``, the lexicon and
    the letters; ``strict`` refuses every deviation the reader otherwise tolerates.
    ``decoded``: the text was decoded by its ``#character-encoding`` already (else a text that
    says ISO-8859-1 but holds characters past U+00FF, decoded as UTF-8 by mistake, is
    repaired)."""
    dev = _Deviations(strict)
    out = Fields()
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text or text.isspace():
        raise _error(
            "expected a GCG game record (#player1, #player2 and events), found nothing",
            None, None, None, expected="a GCG record", found="nothing",
        )
    first = next(text_lines(text), "")
    if first.startswith("#character-encoding"):
        name = first[len("#character-encoding") :].strip()
        low = name.lower()
        if low in _UTF8:
            out.character_encoding = "UTF-8"
        elif low in _LATIN1:
            out.character_encoding = "ISO-8859-1"
            if not decoded and any(ord(ch) > 0xFF for ch in text):
                # These characters cannot be ISO-8859-1: the bytes were decoded as UTF-8.
                text = text.encode("utf-8").decode("latin-1")
        else:
            raise _error(
                f"#character-encoding: expected UTF-8 or ISO-8859-1, found {name!r}",
                1, len("#character-encoding") + 1, first,
                expected="UTF-8 or ISO-8859-1", found=repr(name),
            )
    raw_events: list[_RawEvent] = []
    note_target: list[str] | None = None  # the lines of the note being read
    description: list[str] = []
    continuing: Literal["note", "description", ""] = ""
    header_notes: list[str] = []
    players: dict[int, tuple[Player, int]] = {}
    for number, line in enumerate(text_lines(text), start=1):
        if number == 1 and line.startswith("#character-encoding"):
            continue
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] not in "#>":
            if continuing == "note" and note_target is not None:
                note_target.append(stripped)
                continue
            raise _error(
                "expected a pragma (#...), an event (>nick: ...) or a line of a note, found "
                f"{stripped[:20]!r}",
                number, len(line) - len(line.lstrip()), line,
                expected="#pragma or >event", found=repr(stripped[:20]),
            )
        lead = len(line) - len(line.lstrip())
        if lead:
            dev.note("blanks before the line", number, 0, line)
        if stripped[0] == ">":
            raw = _read_event(stripped, number, lead, dev)
            raw_events.append(raw)
            note_target = None
            continuing = ""
            continue
        keyword, _, rest = stripped[1:].partition(" ")
        if "\t" in keyword:
            keyword, _, more = keyword.partition("\t")
            rest = more + " " + rest
        value = rest.strip()
        if keyword == "note":
            if not raw_events:
                dev.note("a #note before the first event (kept as the game's note)", number,
                         lead, line)
                note_target = header_notes
                if out.note_line is None:
                    out.note_line = number
            else:
                last = raw_events[-1]
                if last.note_lines is None:
                    last.note_lines = []
                note_target = last.note_lines
            note_target.append(value)
            continuing = "note"
            continue
        if keyword == "-":
            if continuing == "note" and note_target is not None:
                note_target.append(value)
                continue
            if continuing == "description":
                description.append(value)
                continue
        continuing = ""
        note_target = None
        if keyword == "character-encoding":
            raise _error(
                "#character-encoding must be the first line (the lines before it were read "
                "in another encoding)",
                number, lead, line, expected="the first line", found=f"line {number}",
            )
        m_player = _PLAYER.fullmatch(keyword)
        m_rack = _RACK_PRAGMA.fullmatch(keyword)
        if raw_events and keyword not in ("tile",) and m_rack is None and (
            m_player or keyword in SINGLE_PRAGMAS or keyword in ("description", "id",
                                                                 "incomplete")
        ):
            dev.note(f"#{keyword} after the first event", number, lead, line)
        if m_player is not None:
            index = int(m_player.group(1)) - 1
            parts = value.split(None, 1)
            if not parts or index < 0:
                raise _error(
                    f"#{keyword}: expected a nickname and a name, found {value!r}",
                    number, lead, line, expected="NICK Full Name", found=repr(value),
                )
            if index in players:
                raise _error(
                    f"#{keyword} given twice (line {players[index][1]} and line {number})",
                    number, lead, line, expected=f"one #{keyword}", found="a second one",
                )
            nick = parts[0]
            name = parts[1].strip() if len(parts) > 1 else ""
            if not name:
                dev.note(f"#{keyword} has no full name (the nickname is used)", number, lead,
                         line)
                name = nick
            players[index] = (Player(nick, name), number)
            continue
        if m_rack is not None:
            index = int(m_rack.group(1)) - 1
            if index in out.last_racks:
                raise _error(
                    f"#{keyword} given twice", number, lead, line,
                    expected=f"one #{keyword}", found="a second one",
                )
            if not value or len(value.split()) > 1:
                raise _error(
                    f"#{keyword}: expected one rack, found {value!r}", number, lead, line,
                    expected="a rack", found=repr(value),
                )
            out.last_racks[index] = (value,)  # decoded with the distribution below
            out.last_rack_lines[index] = number
            continue
        if keyword in SINGLE_PRAGMAS:
            if keyword in out.pragmas and out.pragmas[keyword] != value:
                raise _error(
                    f"#{keyword} given twice with different values "
                    f"({out.pragmas[keyword]!r}, then {value!r})",
                    number, lead, line, expected=f"one #{keyword}", found="a second one",
                )
            if keyword in out.pragmas:
                dev.note(f"#{keyword} given twice with the same value", number, lead, line)
            out.pragmas[keyword] = value
            out.pragma_lines.setdefault(keyword, number)
            continue
        if keyword == "description":
            description.append(value)
            continuing = "description"
            continue
        if keyword == "id":
            parts = value.split()
            if len(parts) != 2:
                raise _error(
                    f"#id: expected an authority and an id (io.woogles p6QRjJHG), found "
                    f"{value!r}",
                    number, lead, line, expected="AUTHORITY ID", found=repr(value),
                )
            if out.gid is not None and (out.id_authority, out.gid) != tuple(parts):
                raise _error(
                    "#id given twice with different values", number, lead, line,
                    expected="one #id", found="a second one",
                )
            out.id_authority, out.gid = parts
            continue
        if keyword == "incomplete":
            out.incomplete = True
            continue
        if keyword == "tile":
            parts = value.split()
            if len(parts) != 2:
                raise _error(
                    f"#tile: expected the tile in upper and in lower case (#tile CH ch), "
                    f"found {value!r}",
                    number, lead, line, expected="UPPER lower", found=repr(value),
                )
            out.tile_declarations.append((parts[0], parts[1]))
            continue
        # Any other pragma (#style, the #> lines of events commented out): kept verbatim.
        if raw_events:
            last = raw_events[-1]
            if last.extra is None:
                last.extra = []
            last.extra.append(line.strip())
        else:
            out.header_extra.append(line.strip())
    if description:
        out.description = "\n".join(description)
    if header_notes:
        out.note = "\n".join(header_notes)
    count = len(players)
    for index in range(count):
        if index not in players:
            raise _error(
                f"expected #player{index + 1} (the players are numbered from 1), found "
                f"#player{max(players) + 1} without it",
                players[max(players)][1], 0, None,
                expected=f"#player{index + 1}", found="a gap",
            )
    out.players = [players[i][0] for i in range(count)]
    out.player_lines = {i: players[i][1] for i in range(count)}
    for index, at in out.last_rack_lines.items():
        if index >= count:
            raise _error(
                f"#rack{index + 1} for a player the record does not have ({count} players)",
                at, 0, None, expected=f"#rack1 to #rack{count}", found=f"#rack{index + 1}",
            )
    names: dict[str, int] = {}
    for i, p in enumerate(out.players):
        if p.nickname in names:
            dev.note(
                f"players {names[p.nickname] + 1} and {i + 1} share the nickname "
                f"{p.nickname!r} (events are given to the player on turn)",
                players[i][1], 0, p.nickname,
            )
        names.setdefault(p.nickname, i)
    if raw_events and not out.players:
        raise _error(
            "expected #player1 and #player2 before the events, found none",
            raw_events[0].line, 0, raw_events[0].text,
            expected="#player1 NICK Name", found="an event",
        )
    _choose_distribution(out, raw_events, distribution, dev)
    _build_events(out, raw_events, names, dev)
    for index in list(out.last_racks):
        (rack_text,) = out.last_racks[index]
        at = out.last_rack_lines[index]
        out.last_racks[index] = _tiles(out, rack_text, at, 7 + len(str(index + 1)),
                                       f"#rack{index + 1}", None, dev)
    out.deviations = dev.found
    return out


def _read_event(stripped: str, number: int, lead: int, dev: _Deviations) -> _RawEvent:
    """Split an event line (``>nick: ...``) into its parts."""
    colon = stripped.find(":")
    if colon <= 1 or any(ch in " \t" for ch in stripped[1:colon]):
        raise _error(
            "expected '>nickname:' at the start of an event", number, lead, stripped,
            expected="'>nickname:'", found=repr(stripped.split(maxsplit=1)[0][:20]),
        )
    nick = sys.intern(stripped[1:colon])  # one string for all of a player's events
    body_at = lead + colon + 1
    toks = [(at + body_at, tok) for at, tok in _tokens(stripped[colon + 1 :])]

    def err(message: str, at: int, expected: str, found: str) -> PuzzleFormatError:
        return _error(message, number, at, stripped, expected=expected, found=found)

    def number_at(i: int, what: str, signs: str, kind: str) -> int:
        """The signed number at token ``i``; ``signs``: the signs it may start with."""
        if i >= len(toks):
            raise err(f"{kind}: expected {what}, found the end of the line",
                      lead + len(stripped), what, "end of line")
        at, tok = toks[i]
        if kind == "time penalty" and tok.startswith("+-") and _SIGNED.fullmatch(tok[1:]):
            dev.note("a time penalty written '+-N' (macondo reads it)", number, at, tok)
            return int(tok[1:])
        if _SIGNED.fullmatch(tok) is None or tok[0] not in signs:
            raise err(f"{kind}: expected {what}, found {tok!r}", at, what, repr(tok))
        return int(tok)

    def cumulative_at(i: int, kind: str) -> int:
        if i >= len(toks):
            raise err(f"{kind}: expected the cumulative score, found the end of the line",
                      lead + len(stripped), "the cumulative score", "end of line")
        at, tok = toks[i]
        if not re.fullmatch(r"-?[0-9]{1,12}", tok):
            raise err(f"{kind}: expected the cumulative score (a whole number), found {tok!r}",
                      at, "a whole number", repr(tok))
        return int(tok)

    def rest_after(i: int) -> str:
        if i >= len(toks):
            return ""
        at = toks[i][0] - lead
        comment = stripped[at:].strip()
        dev.note("text after the cumulative score (kept as the event's comment)", number,
                 toks[i][0], comment)
        return comment

    words = [tok for _, tok in toks]
    if not toks:
        raise err("expected the rack and the move after the nickname", body_at,
                  "a rack and a move", "end of line")
    if "(challenge)" in words[:2]:
        k = words.index("(challenge)")
        rack, rack_at = (toks[0][1], toks[0][0]) if k == 1 else ("", body_at)
        score = number_at(k + 1, "the challenge bonus like +5", "+", "challenge bonus")
        cum = cumulative_at(k + 2, "challenge bonus")
        return _RawEvent(EventKind.CHALLENGE_BONUS, nick, number, stripped, rack, rack_at,
                         score, cum, comment=rest_after(k + 3))
    if "(time)" in words[:2]:
        k = words.index("(time)")
        rack, rack_at = (toks[0][1], toks[0][0]) if k == 1 else ("", body_at)
        score = number_at(k + 1, "the penalty like -10", "-", "time penalty")
        cum = cumulative_at(k + 2, "time penalty")
        return _RawEvent(EventKind.TIME_PENALTY, nick, number, stripped, rack, rack_at,
                         score, cum, comment=rest_after(k + 3))
    first_at, first = toks[0]
    if first.startswith("(") and first.endswith(")") and len(first) > 2:
        score = number_at(1, "the points like +12", "+", "end-of-game rack points")
        cum = cumulative_at(2, "end-of-game rack points")
        return _RawEvent(EventKind.END_RACK_POINTS, nick, number, stripped, "", body_at,
                         score, cum, tiles=first[1:-1], tiles_at=first_at + 1,
                         comment=rest_after(3))
    if len(toks) < 2:
        raise err(f"expected a move after the rack {first!r}, found the end of the line",
                  lead + len(stripped), "a move", "end of line")
    second_at, second = toks[1]
    if second.startswith("(") and second.endswith(")") and len(second) > 2:
        score = number_at(2, "the penalty like -8", "-", "end-of-game rack penalty")
        cum = cumulative_at(3, "end-of-game rack penalty")
        return _RawEvent(EventKind.END_RACK_PENALTY, nick, number, stripped, first, first_at,
                         score, cum, tiles=second[1:-1], tiles_at=second_at + 1,
                         comment=rest_after(4))
    if second == "--":
        score = number_at(2, "the points withdrawn like -27", "-+", "withdrawn play")
        if toks[2][1].startswith("+"):
            if score != 0:
                raise err(f"withdrawn play: expected the points withdrawn like -27, found "
                          f"{toks[2][1]!r}", toks[2][0], "-N", repr(toks[2][1]))
            dev.note("a withdrawn play written '+0' (Quackle's form)", number, toks[2][0],
                     toks[2][1])
        cum = cumulative_at(3, "withdrawn play")
        return _RawEvent(EventKind.PHONY, nick, number, stripped, first, first_at, score,
                         cum, comment=rest_after(4))
    if second.startswith("-"):
        kind = EventKind.PASS if second == "-" else EventKind.EXCHANGE
        what = "pass" if second == "-" else "exchange"
        score = number_at(2, "+0", "+", what)
        if score != 0:
            raise err(f"{what}: expected +0, found {toks[2][1]!r}", toks[2][0], "+0",
                      repr(toks[2][1]))
        cum = cumulative_at(3, what)
        return _RawEvent(kind, nick, number, stripped, first, first_at, score, cum,
                         word=second[1:], word_at=second_at + 1, comment=rest_after(4))
    if not _COORD.fullmatch(second):
        raise err(f"move: expected a position like 8D or D8, found {second!r}", second_at,
                  "a position", repr(second))
    if len(toks) < 3:
        raise err(f"move: expected the word after {second!r}, found the end of the line",
                  lead + len(stripped), "a word", "end of line")
    if second != second.upper():
        dev.note(f"a lower-case position {second!r} (Quackle writes them)", number, second_at,
                 second)
    score = number_at(3, "the move's score like +18", "+", "move")
    cum = cumulative_at(4, "move")
    return _RawEvent(EventKind.MOVE, nick, number, stripped, first, first_at, score, cum,
                     position=second, position_at=second_at, word=toks[2][1],
                     word_at=toks[2][0], comment=rest_after(5))


def _choose_distribution(
    out: Fields,
    raw: list[_RawEvent],
    given: Distribution | str | None,
    dev: _Deviations,
) -> None:
    board = out.pragmas.get("board-layout")
    layout: Layout | None = None
    if board is not None:
        try:
            layout = get_layout(_LAYOUT_ALIASES.get(board, board))
        except KeyError:
            dev.note(f"#board-layout {board!r} is not a layout this library has (the board "
                     "size follows the moves)", None, None, board)
    if layout is None:
        far = 0
        for ev in raw:
            if ev.position:
                m = re.fullmatch(r"([0-9]+)([A-Za-z]+)|([A-Za-z]+)([0-9]+)", ev.position)
                assert m is not None
                digits = m.group(1) or m.group(4)
                letters = (m.group(2) or m.group(3)).upper()
                col = 0
                for ch in letters:
                    col = col * 26 + ord(ch) - 64
                # only whether a row passes 15 matters: a row of thousands of digits is
                # far enough (and more than Python converts)
                far = max(far, int(digits) if len(digits) < 6 else 10**6, col)
        layout = layout_for_size(21, 21) if far > 15 else layout_for_size(15, 15)
    assert layout is not None
    out.layout = layout
    super_board = layout.rows == 21
    if isinstance(given, Distribution):
        out.distribution, out.distribution_source = given, "given"
        return
    if isinstance(given, str):
        out.distribution, out.distribution_source = get_distribution(given), "given"
        return
    name = out.pragmas.get("tile-distribution")
    if name is not None:
        try:
            out.distribution = get_distribution(name)
            out.distribution_source = "tile-distribution"
            return
        except KeyError:
            dev.note(f"#tile-distribution {name!r} is not a distribution this library has",
                     None, None, name)
    lexicon = out.pragmas.get("lexicon")
    if lexicon is not None:
        inferred = infer_distribution(lexicon, super_board=super_board)
        if inferred is not None:
            out.distribution = get_distribution(inferred)
            out.distribution_source = "lexicon"
            return
    # No name: the first distribution (English first) that has every letter written.
    texts = [t for ev in raw for t in (ev.rack, ev.word, ev.tiles) if t]
    texts += [rack for (rack,) in (v for v in out.last_racks.values() if len(v) == 1)]
    candidates = ["english_super" if super_board else "english"]
    candidates += [n for n in distribution_names() if n not in candidates and "super" not in n]
    for candidate in candidates:
        dist = get_distribution(candidate)
        if all(_fits(dist, t) for t in texts):
            out.distribution = dist
            out.distribution_source = "letters" if candidate != candidates[0] else "default"
            if candidate != candidates[0]:
                dev.note(f"no #tile-distribution or known #lexicon: {candidate} has every "
                         "letter written", None, None, candidate)
            return
    out.distribution = get_distribution(candidates[0])
    out.distribution_source = "default"


def _fits(dist: Distribution, text: str) -> bool:
    body = re.sub(r"[.()?]", "", text)
    if body.isdigit():
        return True
    try:
        dist.tiles(body, mode="board")
    except TileError:
        return False
    return True


def _tiles(
    out: Fields,
    text: str,
    line: int,
    column: int,
    what: str,
    source: str | None,
    dev: _Deviations,
) -> tuple[str, ...]:
    """The tiles of a rack (``?`` the blank; MAGPIE's ``.`` too, noted)."""
    assert out.distribution is not None
    dist = out.distribution
    if "." in text:
        dev.note(f"{what}: '.' for the blank (MAGPIE's alias of '?')", line,
                 column + text.index("."), text)
        text = text.replace(".", "?")
    try:
        return tuple(dist.tiles(text, mode="rack"))
    except TileError as exc:
        raise _error(
            f"{what}: {exc.message}" + _why(out),
            line, column + exc.offset, source if source is not None else text,
            expected=exc.expected, found=repr(exc.found),
        ) from None


def _why(out: Fields) -> str:
    assert out.distribution is not None
    name = out.distribution.name
    if out.distribution_source == "default":
        return f" (no #tile-distribution or known #lexicon: {name} is the default)"
    if out.distribution_source == "lexicon":
        return f" ({name}, from the #lexicon)"
    return ""


def _build_events(
    out: Fields, raw: list[_RawEvent], names: dict[str, int], dev: _Deviations
) -> None:
    assert out.distribution is not None
    dist = out.distribution
    shared = len(names) < len(out.players)  # two players with one nickname
    on_turn = 0
    count = len(out.players)
    # Each line's parts are let go as its event is made: a long game is never held twice.
    raw.reverse()
    while raw:
        ev = raw.pop()
        if ev.nick not in names:
            known = ", ".join(repr(p.nickname) for p in out.players)
            raise _error(
                f"event for {ev.nick!r}, who is not a player (the players are {known})",
                ev.line, 1, ev.text, expected="a player's nickname", found=repr(ev.nick),
            )
        player = names[ev.nick]
        if shared:
            if ev.kind.is_turn:
                player = on_turn
            elif out.events:
                player = out.events[-1].player
        if ev.kind.is_turn:
            on_turn = (player + 1) % count
        rack: tuple[str, ...] = ()
        optional = ev.kind in (EventKind.CHALLENGE_BONUS, EventKind.TIME_PENALTY)
        if optional and ev.rack == "UNKNOWN":
            dev.note("the rack written 'UNKNOWN' (liwords: no rack known)", ev.line,
                     ev.rack_at, ev.rack)
        elif ev.rack:
            rack = _tiles(out, ev.rack, ev.line, ev.rack_at, "rack", ev.text, dev)
        move: Move | None = None
        tiles: tuple[str, ...] = ()
        if ev.kind is EventKind.MOVE:
            move = _move(f"{ev.position} {ev.word}", dist, ev, ev.position_at)
        elif ev.kind is EventKind.PASS:
            move = Move.pass_turn()
        elif ev.kind is EventKind.EXCHANGE:
            body, at = ev.word, ev.word_at
            if body.isdigit():
                if int(body) == 0 or len(body) > 3:
                    raise _error(
                        f"exchange: expected the number of tiles exchanged from 1, found "
                        f"{body!r}",
                        ev.line, at, ev.text, expected="a tile count", found=repr(body),
                    )
                move = Move.exchange(int(body))
            else:
                move = Move.exchange(_tiles(out, body, ev.line, at, "exchanged tiles",
                                            ev.text, dev))
        elif ev.kind in (EventKind.END_RACK_POINTS, EventKind.END_RACK_PENALTY):
            tiles = _tiles(out, ev.tiles, ev.line, ev.tiles_at, "tiles", ev.text, dev)
        note = "\n".join(ev.note_lines) if ev.note_lines else None
        out.events.append(
            Event(ev.kind, player, rack, ev.score, ev.cumulative, move, tiles, note,
                  ev.comment, FrozenList(ev.extra or ()), ev.line)
        )


def _move(text: str, dist: Distribution, ev: _RawEvent, at: int) -> Move:
    try:
        return Move.parse(text, dist, field="move")
    except PuzzleFormatError as exc:
        column = at + (exc.column - 1 if exc.column else 0)
        raise _error(
            exc.message, ev.line, column, ev.text, expected=exc.expected, found=exc.found
        ) from None


# ---------------------------------------------------------------------- writing


def _rack(tiles: Iterable[str]) -> str:
    return write_tiles(tuple(tiles))


def _note_lines(keyword: str, text: str) -> list[str]:
    """A note (or description) of several lines: the first after the pragma, the others as
    plain lines (every reader joins them), or as ``#- line`` where a plain line would be
    misread (empty, or starting with '#' or '>')."""
    parts = text.split("\n")
    out = [f"#{keyword} {parts[0]}".rstrip()]
    for part in parts[1:]:
        if keyword == "note" and part.strip() and part.strip()[0] not in "#>" and (
            part == part.strip()
        ):
            out.append(part)
        else:
            out.append(f"#- {part}".rstrip())
    return out


def event_line(game: Record, index: int, word: str | None = None) -> str:
    """One event as a canonical GCG line. ``word``: a move's tiles as the writer should put
    them (``.`` for tiles already on the board); the move's own tiles otherwise."""
    ev = game.events[index]
    nick = game.players[ev.player].nickname
    rack = _rack(ev.rack)
    tail = f" {ev.comment}" if ev.comment else ""
    kind = ev.kind
    if kind is EventKind.MOVE:
        assert ev.move is not None
        tiles = word if word is not None else ev.move.tiles_text()
        return f">{nick}: {rack} {ev.move.coordinate} {tiles} {ev.score:+d} {ev.cumulative}{tail}"
    if kind is EventKind.PASS:
        return f">{nick}: {rack} - +0 {ev.cumulative}{tail}"
    if kind is EventKind.EXCHANGE:
        assert ev.move is not None
        body = _rack(ev.move.exchanged) if ev.move.exchanged else str(ev.move.count)
        return f">{nick}: {rack} -{body} +0 {ev.cumulative}{tail}"
    if kind is EventKind.PHONY:
        return f">{nick}: {rack} -- -{abs(ev.score)} {ev.cumulative}{tail}"
    lead = f"{rack} " if rack else ""
    if kind is EventKind.CHALLENGE_BONUS:
        return f">{nick}: {lead}(challenge) +{ev.score} {ev.cumulative}{tail}"
    if kind is EventKind.TIME_PENALTY:
        return f">{nick}: {lead}(time) -{abs(ev.score)} {ev.cumulative}{tail}"
    if kind is EventKind.END_RACK_POINTS:
        return f">{nick}: ({_rack(ev.tiles)}) +{ev.score} {ev.cumulative}{tail}"
    return f">{nick}: {rack} ({_rack(ev.tiles)}) -{abs(ev.score)} {ev.cumulative}{tail}"


def write(game: Record, words: Mapping[int, str]) -> str:
    """Canonical GCG: ``#character-encoding UTF-8``, the players, the other pragmas in a fixed
    order, unknown pragmas kept, the game's note, the events one per line (single spaces,
    upper-case positions, ``.`` for tiles already on the board where the board shows them:
    ``words``, by event index, as ``Game.canonical_words()`` gives them), each followed by
    its ``#note``, then the last racks. Lines end with LF."""
    lines = ["#character-encoding UTF-8"]
    for i, player in enumerate(game.players, start=1):
        lines.append(f"#player{i} {player.nickname} {player.name}".rstrip())
    for keyword, value in pragma_values(game).items():
        lines.extend(pragma_lines(keyword, value))
    for upper, lower in game.tile_declarations:
        lines.append(f"#tile {upper} {lower}")
    if game.incomplete:
        lines.append("#incomplete")
    lines.extend(game.header_extra)
    if game.note is not None:
        lines.extend(_note_lines("note", game.note))
    for i, ev in enumerate(game.events):
        lines.append(event_line(game, i, words.get(i)))
        if ev.note is not None:
            lines.extend(_note_lines("note", ev.note))
        lines.extend(ev.extra)
    for index in sorted(game.last_racks):
        lines.append(f"#rack{index + 1} {_rack(game.last_racks[index])}")
    return "\n".join(lines) + "\n"


def counts(tiles: Iterable[str]) -> Counter[str]:
    """Tiles counted by label, a blank played as a letter counted as ``?``."""
    return Counter("?" if t != t.upper() else t for t in tiles)



# ---------------------------------------------------------------------- the JSON form

_JSON = "gcg-json"
_KINDS = {kind.value: kind for kind in EventKind}


def _jfail(message: str) -> PuzzleFormatError:
    return PuzzleFormatError(message, format=_JSON)


def _jtext(value: object, where: str, *, blank: bool = True) -> str:
    """A JSON string that fits on one GCG line."""
    if not isinstance(value, str) or "\n" in value or "\r" in value or (
        not blank and (not value or any(ch in " \t" for ch in value))
    ):
        what = "text on one line" if blank else "one word"
        raise _jfail(f"{where}: expected {what}, found {value!r}")
    return value


def _jint(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) >= 10**12:
        raise _jfail(f"{where}: expected a whole number of at most 12 digits, found {value!r}")
    return value


def _jtiles(value: object, where: str) -> str:
    if not isinstance(value, list) or not all(isinstance(t, str) and t for t in value):
        raise _jfail(f"{where}: expected a list of tiles, found {value!r}")
    text = write_tiles(value)
    if any(ch in " \t\r\n()" for ch in text):
        raise _jfail(f"{where}: expected tiles, found {value!r}")
    return text


def _jnote(value: object, where: str) -> str:
    if not isinstance(value, str) or "\r" in value:
        raise _jfail(f"{where}: expected text, found {value!r}")
    return value


def text_from_json(data: Mapping[str, Any]) -> tuple[str, str | None]:
    """The GCG text of a game's JSON form (``Game.to_json()``), and the distribution it was
    given (``None`` when the text's pragmas choose it). Raises :class:`PuzzleFormatError`
    (format ``gcg-json``) naming the key."""
    players = data.get("players")
    if not isinstance(players, list):
        raise _jfail(f"players: expected a list, found {type(players).__name__}")
    lines = ["#character-encoding UTF-8"]
    nicks: list[str] = []
    for i, p in enumerate(players):
        if not isinstance(p, Mapping):
            raise _jfail(f"players[{i}]: expected {{nickname, name}}, found {p!r}")
        nick = _jtext(p.get("nickname"), f"players[{i}].nickname", blank=False)
        if nick.startswith(("#", ">")) or ":" in nick:
            raise _jfail(f"players[{i}].nickname: expected a nickname, found {nick!r}")
        name = _jtext(p.get("name", ""), f"players[{i}].name")
        nicks.append(nick)
        lines.append(f"#player{i + 1} {nick} {name.strip()}".rstrip())
    pragmas = data.get("pragmas", {})
    if not isinstance(pragmas, Mapping):
        raise _jfail(f"pragmas: expected an object, found {pragmas!r}")
    for key in pragmas:
        if key not in PRAGMA_ORDER:
            raise _jfail(f"pragmas: expected one of {', '.join(PRAGMA_ORDER)}, found {key!r}")
    for keyword in PRAGMA_ORDER:
        if keyword not in pragmas:
            continue
        form = _PRAGMA_FORMS[keyword]
        where = f"pragmas.{keyword}"
        value = (_jnote(pragmas[keyword], where) if form == "lines"
                 else _jtext(pragmas[keyword], where))
        if form == "id" and len(value.split()) != 2:
            raise _jfail(f"{where}: expected an authority and an id, found {value!r}")
        lines.extend(pragma_lines(keyword, value))
    declarations = data.get("tile_declarations", [])
    if not isinstance(declarations, list):
        raise _jfail(f"tile_declarations: expected a list, found {declarations!r}")
    for i, pair in enumerate(declarations):
        if not isinstance(pair, list) or len(pair) != 2:
            raise _jfail(f"tile_declarations[{i}]: expected [upper, lower], found {pair!r}")
        upper, lower = (_jtext(x, f"tile_declarations[{i}]", blank=False) for x in pair)
        lines.append(f"#tile {upper} {lower}")
    incomplete = data.get("incomplete", False)
    if not isinstance(incomplete, bool):
        raise _jfail(f"incomplete: expected true or false, found {incomplete!r}")
    if incomplete:
        lines.append("#incomplete")
    extra = data.get("header_extra", [])
    if not isinstance(extra, list):
        raise _jfail(f"header_extra: expected a list of lines, found {extra!r}")
    for i, line in enumerate(extra):
        if not _jtext(line, f"header_extra[{i}]").startswith("#"):
            raise _jfail(f"header_extra[{i}]: expected a line starting with '#', found {line!r}")
        lines.append(line)
    if data.get("note") is not None:
        lines.extend(_note_lines("note", _jnote(data["note"], "note")))
    events = data.get("events")
    if not isinstance(events, list):
        raise _jfail(f"events: expected a list, found {type(events).__name__}")
    for i, ev in enumerate(events):
        lines.extend(_json_event(ev, i, nicks))
    last = data.get("last_racks", {})
    if not isinstance(last, Mapping):
        raise _jfail(f"last_racks: expected an object, found {last!r}")
    for key in sorted(last, key=lambda k: (len(str(k)), str(k))):
        if not (isinstance(key, str) and key.isdigit() and key.isascii() and len(key) <= 3):
            raise _jfail(f"last_racks: expected player numbers as keys, found {key!r}")
        lines.append(f"#rack{int(key)} {_jtiles(last[key], f'last_racks.{key}')}")
    given = None
    if data.get("distribution_source") == "given":
        given = _jtext(data.get("distribution"), "distribution", blank=False)
    return "\n".join(lines) + "\n", given


def _json_event(ev: object, i: int, nicks: list[str]) -> list[str]:
    """The GCG lines of one event of the JSON form."""
    where = f"events[{i}]"
    if not isinstance(ev, Mapping):
        raise _jfail(f"{where}: expected an object, found {ev!r}")
    value = ev.get("kind")
    kind = _KINDS.get(value) if isinstance(value, str) else None
    if kind is None:
        raise _jfail(f"{where}.kind: expected one of {', '.join(_KINDS)}, found "
                     f"{ev.get('kind')!r}")
    player = ev.get("player")
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < len(nicks):
        raise _jfail(f"{where}.player: expected a player index from 0 to {len(nicks) - 1}, "
                     f"found {player!r}")
    nick = nicks[player]
    rack = _jtiles(ev.get("rack", []), f"{where}.rack")
    score = _jint(ev.get("score"), f"{where}.score")
    cum = _jint(ev.get("cumulative"), f"{where}.cumulative")
    comment = _jtext(ev.get("comment", ""), f"{where}.comment")
    tail = f" {comment}" if comment else ""
    tiles = _jtiles(ev.get("tiles", []), f"{where}.tiles")
    move = ev.get("move")
    if kind.is_turn:
        move = _jtext(move, f"{where}.move")
    if kind is EventKind.MOVE:
        assert isinstance(move, str)
        coord, _, word = move.partition(" ")
        if not coord or not word or " " in word:
            raise _jfail(f"{where}.move: expected a placement like '8D WORD', found {move!r}")
        line = f">{nick}: {rack} {coord} {word} {score:+d} {cum}"
    elif kind in (EventKind.PASS, EventKind.EXCHANGE):
        assert isinstance(move, str)
        if not move.startswith("-") or (kind is EventKind.PASS) != (move == "-"):
            raise _jfail(f"{where}.move: expected '-' (pass) or '-TILES' (exchange), found "
                         f"{move!r}")
        line = f">{nick}: {rack} {move} {score:+d} {cum}"
    elif kind is EventKind.PHONY:
        line = f">{nick}: {rack} -- -{abs(score)} {cum}"
    elif kind is EventKind.CHALLENGE_BONUS:
        line = f">{nick}: {rack + ' ' if rack else ''}(challenge) +{abs(score)} {cum}"
    elif kind is EventKind.TIME_PENALTY:
        line = f">{nick}: {rack + ' ' if rack else ''}(time) -{abs(score)} {cum}"
    elif kind is EventKind.END_RACK_POINTS:
        line = f">{nick}: ({tiles}) +{abs(score)} {cum}"
    else:
        line = f">{nick}: {rack} ({tiles}) -{abs(score)} {cum}"
    out = [line + tail]
    if ev.get("note") is not None:
        out.extend(_note_lines("note", _jnote(ev["note"], f"{where}.note")))
    extra = ev.get("extra", [])
    if not isinstance(extra, list):
        raise _jfail(f"{where}.extra: expected a list of lines, found {extra!r}")
    for k, text in enumerate(extra):
        if not _jtext(text, f"{where}.extra[{k}]").startswith("#"):
            raise _jfail(f"{where}.extra[{k}]: expected a line starting with '#', found "
                         f"{text!r}")
        out.append(text)
    return out
