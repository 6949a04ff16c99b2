"""The :class:`Game` model: a game record (GCG) replayed into CGP positions.

>>> game = Game('''#player1 alice Alice
... #player2 bob Bob
... >alice: AEINQST 8G QAT +24 24
... >bob: EGLNORT H7 O.T +3 3
... ''')
>>> [p.nickname for p in game.players], len(game.events)
(['alice', 'bob'], 2)
>>> game.position(1).cgp()
'15/15/15/15/15/15/15/6QAT6/15/15/15/15/15/15/15 EGLNORT/ 0/24 0 lm 8G QAT;'
>>> game.final_scores(), game.problems()
([24, 3], [])

``Game(text)`` reads a GCG text (``Game.from_bytes(data)`` its bytes, by its
``#character-encoding``), ``game.gcg()`` writes canonical GCG. ``game.position(n)`` is the
position after the first ``n`` events, replayed through :meth:`Position.play
<puzzlefmt.cgp.Position.play>`; ``game.positions()`` streams the position after each event.
``game.problems()`` lists every inconsistency of the record with its line (a cumulative score
that is wrong, a rack that does not hold the tiles played, tiles beyond the distribution, a
move that is illegal on the board, an event after the end of the game...), ``is_valid()`` is
true when there is none.

This module holds the model: the record's fields, reading and writing, equality, the JSON form
and :meth:`Game.replace`. The replay itself (positions, racks as the record makes them known,
problems) is :class:`~puzzlefmt.cgp.replay.Replay`, below it.
"""

from __future__ import annotations

import copy
import operator
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from puzzlefmt.cgp import _gcgcodec as _gcg
from puzzlefmt.cgp._gcgcodec import Event, EventKind, Player
from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.layouts import Layout, get_layout
from puzzlefmt.cgp.position import Position
from puzzlefmt.cgp.replay import GameProblem, GameStatus, Replay, start_position
from puzzlefmt.cgp.textpicture import picture
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.model import FrozenDict, FrozenList, Model, Problem, json_object, keyword_fields
from puzzlefmt.textio import text_of

__all__ = ["Event", "EventKind", "Game", "GameProblem", "GameStatus", "Player"]


class Game(Model, _gcg.Record):
    """A crossword game record: players, pragmas, events and their notes.

    ``Game(text)`` parses GCG (raises :class:`~puzzlefmt.errors.PuzzleFormatError` naming the
    line and column); ``Game()`` is an empty record. The record's fields, declared once by
    the codec's ``Record`` (a dataclass: ``dataclasses.fields(Game)`` lists them): ``players``
    (:class:`Player`, ``#player1`` first), ``events`` (:class:`Event`), the pragmas
    ``title``, ``description``, ``id_authority``/``gid`` (``#id``), ``lexicon``,
    ``game_type``, ``tile_set``, ``game_board``, ``board_layout``, ``tile_distribution``,
    ``character_encoding`` (as declared), ``incomplete``, ``last_racks`` (``#rackN``:
    player index to rack), ``tile_declarations`` (``#tile``), ``note`` (notes before the
    first event), ``header_extra`` (unknown pragma lines before the events), and
    ``distribution``/``distribution_source`` (``"given"``, ``"tile-distribution"``,
    ``"lexicon"``, ``"letters"``: the first that has every letter written, ``"default"``) and
    ``layout``. ``deviations`` lists what the reader tolerated; ``strict=True`` refuses it.

    A game is immutable and hashable by content: its fields cannot be assigned, its
    sequences are :class:`~puzzlefmt.model.FrozenList`, ``last_racks`` a
    :class:`~puzzlefmt.model.FrozenDict`, and :class:`Player` and :class:`Event` are frozen;
    :meth:`replace` builds a changed game.
    """

    family = "cgp"

    # The record's fields are declared once, by _gcgcodec.Record; what the reader works out:
    distribution: Distribution
    distribution_source: str
    layout: Layout
    deviations: FrozenList[str]

    def __init__(
        self,
        text: str | None = None,
        *,
        distribution: Distribution | str | None = None,
        strict: bool = False,
    ) -> None:
        text = None if text is None else text_of(text, "Game", decode_bytes=False)
        if text is not None and distribution is None and not strict:
            self.__dict__.update(self._read_text(text).__dict__)
            return
        if text is None:
            fields = _gcg.Fields()
            _gcg._choose_distribution(fields, [], distribution, _gcg._Deviations(False))
        else:
            fields = _gcg.read(text, distribution=distribution, strict=strict)
        self._set(fields)

    @classmethod
    def _from_fields(cls, fields: _gcg.Fields) -> Game:
        game = cls.__new__(cls)
        game._set(fields)
        return game

    @classmethod
    def from_bytes(
        cls,
        data: bytes,
        *,
        distribution: Distribution | str | None = None,
        strict: bool = False,
    ) -> Game:
        """Read a GCG file's bytes, decoded by its ``#character-encoding`` line (ISO-8859-1
        without one, as the format says; bytes that are valid UTF-8 are read as UTF-8 unless
        ``strict``)."""
        return cls._from_fields(_gcg.read_bytes(data, distribution=distribution, strict=strict))

    def _set(self, fields: _gcg.Fields) -> None:
        for name, value in _gcg.record_values(fields).items():
            setattr(self, name, value)
        self._last_rack_lines = fields.last_rack_lines
        self._player_lines = fields.player_lines
        self._pragma_lines = fields.pragma_lines
        self._note_line = fields.note_line
        assert fields.distribution is not None
        assert fields.layout is not None
        self.distribution = fields.distribution
        self.distribution_source = fields.distribution_source
        self.layout = fields.layout
        self.deviations = FrozenList(fields.deviations)

    def replace(self, **fields: Any) -> Game:
        """A new game with these fields changed, checked as the reader checks them
        (``ValueError`` saying which; ``TypeError`` for a name that is no field); this game is
        unchanged. The fields are the record's: ``players``, ``events``, the pragmas
        (``title``, ``lexicon``... as attributes), ``incomplete``, ``last_racks``,
        ``tile_declarations``, ``note`` and ``header_extra``; the distribution and layout
        stay (read the GCG again to change them)."""
        unknown = sorted(set(fields) - _CHECKS.keys())
        if unknown:
            raise TypeError(
                f"Game.replace() has no field {', '.join(unknown)} (its fields: "
                f"{', '.join(_CHECKS)})")
        new = object.__new__(type(self))
        values = new.__dict__
        values.update(self.__dict__)
        values.update((name, _check_field(name, _CHECKS[name], value))
                      for name, value in fields.items())
        _check_players(new)
        return new

    # ------------------------------------------------------------------ writing

    def gcg(self) -> str:
        """This record as canonical GCG (see :func:`puzzlefmt.cgp.formats.gcg.write`)."""
        return _gcg.write(self, self.canonical_words())

    def canonical_words(self) -> dict[int, str]:
        """For each move the board accepts, its tiles with ``.`` for those already on the
        board (the writer's form), by event index."""
        replay = Replay(self, words=True)
        for i in range(len(self.events)):
            replay.step(i)
        return replay.words

    def copy(self) -> Game:
        """A copy, equal to this game (rarely needed: a game never changes)."""
        return copy.deepcopy(self)

    def _key(self) -> tuple[Any, ...]:
        return (self.gcg(), self.distribution.name, self.layout.name)

    def __repr__(self) -> str:
        extra = ""
        if self.distribution_source == "given":
            extra = f", distribution={self.distribution.name!r}"
        return f"Game({self.gcg()!r}{extra})"

    def __str__(self) -> str:
        head = [" vs ".join(f"{p.name} ({p.nickname})" for p in self.players) or "(no players)"]
        if self.title:
            head.append(self.title)
        scores = self.final_scores()
        head.append(
            f"{len(self.events)} events; scores "
            + ", ".join(f"{p.nickname} {s}" for p, s in zip(self.players, scores, strict=True))
            + ("; game over" if self.is_over() else "")
        )
        return "\n".join(head) + "\n\n" + picture(self.position(len(self.events)))

    def contents(self) -> frozenset[str]:
        """What the record carries, in the words of
        :attr:`puzzlefmt.format.Format.holds`: ``"players"``, ``"events"``, ``"notes"`` (an
        event's or the game's ``#note``), ``"metadata"`` (pragmas: title, description, id,
        lexicon, game type, tile set, board, layout, distribution, ``#tile``,
        ``#incomplete``, ``#rackN``), ``"comments"`` (text after an event's cumulative score,
        unknown ``#`` lines)."""
        out: set[str] = set()
        for f in _gcg.RECORD_FIELDS:  # each field says what it holds
            value = getattr(self, f.name)
            if f.metadata["holds"] and value is not None and value is not False and not (
                    isinstance(value, (tuple, dict)) and not value):
                out.add(f.metadata["holds"])
        if any(ev.note is not None for ev in self.events):
            out.add("notes")
        if any(ev.comment or ev.extra for ev in self.events):
            out.add("comments")
        return frozenset(out)

    # ------------------------------------------------------------------ positions

    def start(self) -> Position:
        """The empty board the game starts from, with the record's lexicon, distribution,
        board and players' names (``#player1`` to move)."""
        return start_position(self)

    def _played(self, n: int) -> int:
        """How many events ``n`` stands for (see :meth:`position`)."""
        n = operator.index(n)  # an int, or a TypeError saying it is not one
        total = len(self.events)
        if not -(total + 1) <= n <= total:
            raise IndexError(f"n = {n} is out of range: a game's positions are 0 (the start) "
                             f"to {total} (after its last event), or {-(total + 1)} to -1 "
                             "counted from the end")
        return n if n >= 0 else total + 1 + n

    def position(self, n: int) -> Position:
        """The position after the first ``n`` events, racks as the record makes them known.

        The positions of a game are a sequence of ``len(events) + 1`` (the start, then one
        after each event), indexed as Python indexes a list: ``0`` (before any event) to
        ``len(events)``, or from the end, ``-1`` (after the last event) to
        ``-(len(events) + 1)`` (the start). Anything else raises :class:`IndexError`: the
        game does not go on past its last event. :meth:`scores_after`, :meth:`racks_after`
        and :meth:`player_on_turn` read ``n`` the same way."""
        n = self._played(n)
        replay = Replay(self)
        for i in range(n):
            replay.step(i)
        return replay.view(n)

    def positions(self) -> Iterator[Position]:
        """The position after each event, in order (one per event), replayed once."""
        replay = Replay(self)
        for i in range(len(self.events)):
            replay.step(i)
            yield replay.view(i + 1)

    def player_on_turn(self, n: int) -> int:
        """The index of the player to move after the first ``n`` events (``n`` as
        :meth:`position` reads it)."""
        n = self._played(n)
        replay = Replay(self)
        for i in range(n):
            replay.step(i)
        return replay.on_turn

    def scores_after(self, n: int) -> list[int]:
        """Each player's score (``#player1`` first) after the first ``n`` events (``n`` as
        :meth:`position` reads it)."""
        n = self._played(n)
        replay = Replay(self)
        for i in range(n):
            replay.step(i)
        return replay.scores()

    def racks_after(self, n: int) -> list[list[str]]:
        """Each player's rack (``#player1`` first) after the first ``n`` events, as far as the
        record makes it known (empty: unknown; ``n`` as :meth:`position` reads it)."""
        n = self._played(n)
        replay = Replay(self)
        for i in range(n):
            replay.step(i)
        pos = replay.view(n)
        count = len(pos.racks)
        return [list(pos.racks[(p - replay.on_turn) % count]) for p in range(count)]

    def final_scores(self) -> list[int]:
        """Each player's score after the last event (``#player1`` first)."""
        return self.scores_after(len(self.events))

    def is_over(self) -> bool:
        """True when the record reaches the end of the game (a player went out, or the
        scoreless turns reached the limit)."""
        replay = Replay(self)
        for i in range(len(self.events)):
            replay.step(i)
        return replay.ended is not None

    # ------------------------------------------------------------------ rules

    def problems(self) -> list[Problem]:
        """Every inconsistency of the record, in order, each a :class:`GameProblem` with its
        line."""
        return list(self._replayed().problems)

    def _replayed(self) -> Replay:
        replay = Replay(self, problems=True)
        for i in range(len(self.events)):
            replay.step(i)
        replay.finish()
        return replay

    def status(self) -> GameStatus:
        """The kinds of problem found, as flags (``GameStatus.VALID`` when none)."""
        flags = GameStatus.VALID
        for problem in self._replayed().problems:
            flags |= problem.flag
        return flags

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (schema: the ``game`` of ``schemas/cgp.json``): players,
        pragmas, events (with their moves in CGP notation), notes and the lines kept as
        they are, then what the replay finds: final scores, the end, problems.
        :meth:`from_json` reads it back."""
        events = []
        for ev in self.events:
            item: dict[str, Any] = {
                "kind": ev.kind.value,
                "player": ev.player,
                "rack": list(ev.rack),
                "score": ev.score,
                "cumulative": ev.cumulative,
            }
            if ev.move is not None:
                item["move"] = ev.move.notation()
            if ev.tiles:
                item["tiles"] = list(ev.tiles)
            if ev.note is not None:
                item["note"] = ev.note
            if ev.comment:
                item["comment"] = ev.comment
            if ev.extra:
                item["extra"] = list(ev.extra)
            if ev.line:
                item["line"] = ev.line
            events.append(item)
        pragmas = _gcg.pragma_values(self)
        replay = self._replayed()
        return {
            "format": "gcg-json",
            "version": 1,
            "players": [{"nickname": p.nickname, "name": p.name} for p in self.players],
            "pragmas": pragmas,
            "tile_declarations": [list(pair) for pair in self.tile_declarations],
            "incomplete": self.incomplete,
            "header_extra": list(self.header_extra),
            "note": self.note,
            "last_racks": {str(i + 1): list(r) for i, r in sorted(self.last_racks.items())},
            "distribution": self.distribution.name,
            "distribution_source": self.distribution_source,
            "layout": self.layout.name,
            "events": events,
            "final_scores": replay.scores(),
            "game_over": replay.ended is not None,
            "problems": [str(p) for p in replay.problems],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Game:
        """Read the dict :meth:`to_json` writes (or its JSON text); what the replay finds
        (``final_scores``, ``game_over``, ``problems``) and ``line`` are not read. Raises
        :class:`PuzzleFormatError` (format ``gcg-json``) naming the key."""
        obj = json_object(data, format="gcg-json")
        text, given = _gcg.text_from_json(obj)
        try:
            fields = _gcg.read(text, distribution=given)
        except KeyError as exc:  # an unknown distribution name
            raise PuzzleFormatError(f"distribution: {exc.args[0]}", format="gcg-json") from None
        except PuzzleFormatError as exc:
            raise PuzzleFormatError(exc.message, format="gcg-json", expected=exc.expected,
                                    found=exc.found) from None
        return cls._from_fields(fields)


# ---------------------------------------------------------------------- replace's checks

# How replace() checks each field of the record (its declaration says).
_CHECKS = {f.name: f.metadata["check"] for f in _gcg.RECORD_FIELDS}
_WHAT = {"word": "one word", "line": "text on one line", "text": "text"}


def _sequence(value: object, name: str, what: str) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(f"{name}: expected a list of {what}, found {value!r}")
    return value


def _check_field(name: str, check: str, value: object) -> object:
    """``value`` for the game's field ``name``, frozen, checked (``check``: how, as the
    field's declaration says) as the reader would."""
    if check in _WHAT:
        if value is None:
            return None
        breaks = {"word": " \t\r\n", "line": "\r\n", "text": ""}[check]
        if not isinstance(value, str) or not value.strip() or any(ch in value for ch in breaks):
            raise ValueError(f"{name}: expected {_WHAT[check]}, found {value!r}")
        return value
    if check == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"incomplete: expected True or False, found {value!r}")
        return value
    if check == "players":
        items = _sequence(value, name, "Player")
        if not all(isinstance(p, Player) for p in items):
            raise ValueError(f"players: expected a list of Player, found {value!r}")
        return FrozenList(items)
    if check == "events":
        items = _sequence(value, name, "Event")
        if not all(isinstance(ev, Event) for ev in items):
            raise ValueError(f"events: expected a list of Event, found {value!r}")
        return FrozenList(items)
    if check == "last_racks":
        if not isinstance(value, Mapping) or not all(
                isinstance(k, int) and not isinstance(k, bool) and k >= 0
                and not isinstance(v, str) and isinstance(v, Sequence)
                and all(isinstance(t, str) and t for t in v) for k, v in value.items()):
            raise ValueError("last_racks: expected player indexes (from 0) to racks (lists "
                             f"of tiles), found {value!r}")
        return FrozenDict((k, tuple(v)) for k, v in value.items())
    if check == "tile_declarations":
        items = _sequence(value, name, "(UPPER, lower) pairs")
        if not all(isinstance(pair, tuple) and len(pair) == 2
                   and all(isinstance(t, str) and t and not t.isspace() for t in pair)
                   for pair in items):
            raise ValueError(f"tile_declarations: expected (UPPER, lower) pairs, found {value!r}")
        return FrozenList(items)
    items = _sequence(value, name, "lines")  # header_extra
    if not all(isinstance(line, str) and line.startswith("#") and "\n" not in line
               and "\r" not in line for line in items):
        raise ValueError(f"header_extra: expected lines starting with '#', found {value!r}")
    return FrozenList(items)


def _check_players(game: Game) -> None:
    """What ties the fields to the players: each event's and each last rack's player is
    one of them."""
    count = len(game.players)
    for i, ev in enumerate(game.events):
        if not 0 <= ev.player < count:
            raise ValueError(f"events: event {i} is by player {ev.player}, but the game has "
                             f"{count} players (0 to {count - 1})")
    for index in game.last_racks:
        if index >= count:
            raise ValueError(f"last_racks: player {index}, but the game has {count} players")


def layout_named(name: str) -> Layout:
    """A layout by a GCG ``#board-layout`` name (MAGPIE's ``standard15`` too)."""
    return get_layout(_gcg._LAYOUT_ALIASES.get(name, name))


keyword_fields(Game.replace, _CHECKS)
