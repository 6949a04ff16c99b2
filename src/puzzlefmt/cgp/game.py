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

The racks of a replayed position are what the record makes known at that point, as MAGPIE's
GCG replay works them out: the rack of the player on turn is the rack of their next event (or
their ``#rackN``); the other rack is known when the bag is empty (it holds every tile not on
the board or on the first rack), or as far as a play withdrawn after a challenge showed it.
"""

from __future__ import annotations

import bisect
import copy
import dataclasses
import enum
import operator
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from puzzlefmt.cgp import _gcgcodec as _gcg
from puzzlefmt.cgp._gcgcodec import Event, EventKind, Player, counts
from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.layouts import Layout, get_layout
from puzzlefmt.cgp.moves import IllegalMoveError, Move, MoveKind
from puzzlefmt.cgp.position import Position, picture
from puzzlefmt.cgp.tiles import BLANK, write_tiles
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.model import (
    FrozenDict,
    FrozenList,
    Model,
    Problem,
    Severity,
    json_object,
)
from puzzlefmt.textio import text_of

__all__ = ["Event", "EventKind", "Game", "GameProblem", "GameStatus", "Player"]


class GameStatus(enum.IntFlag):
    """The kinds of inconsistency :meth:`Game.problems` reports (``VALID``: none)."""

    VALID = 0
    CUMULATIVE = enum.auto()  # a cumulative score the events do not add up to
    SCORE = enum.auto()  # a move's score is not what the board gives
    RACK = enum.auto()  # a rack does not hold the tiles played (or returned, or counted)
    OVER_DISTRIBUTION = enum.auto()  # tiles beyond the distribution (rack + board)
    ILLEGAL_MOVE = enum.auto()  # a move that cannot be played on the board
    AFTER_END = enum.auto()  # a move, pass or exchange after the game ended
    OUT_OF_TURN = enum.auto()  # a player moving when it is not their turn
    OUT_OF_ORDER = enum.auto()  # an event where it cannot stand (a bonus with no play before)
    END_POINTS = enum.auto()  # end-of-game points or penalty not worth the tiles named
    PLAYERS = enum.auto()  # two players with the same name
    # What MAGPIE refuses in a record that is read here (warnings: the game is sound)
    LATE_PLAYER = enum.auto()  # a #player line after the first event
    NOTE_BEFORE_EVENTS = enum.auto()  # a #note before the first event
    GAME_TYPE = enum.auto()  # a #game-type that is no variant MAGPIE knows


@dataclass(frozen=True, slots=True)
class GameProblem(Problem):
    """One inconsistency of a game record: a :class:`~puzzlefmt.model.Problem` whose
    ``message`` starts with its line (``"line 12: ..."``) and whose ``where`` is that line
    (``"line 12"``), with ``line`` (1-based, ``None`` when the game was built in code),
    ``event`` (0-based index or ``None``) and ``flag`` (a :class:`GameStatus`)."""

    line: int | None = None
    event: int | None = None
    flag: GameStatus = GameStatus.VALID


#: The ``#game-type`` values MAGPIE reads (it refuses a record with any other).
_MAGPIE_VARIANTS = ("classic", "wordsmog")

# Each kind's code, one string for all the problems of that kind (a long record has many).
_CODES = {flag: name.lower().replace("_", "-") for name, flag in GameStatus.__members__.items()}


def _problem(message: str, *, line: int | None, event: int | None,
             flag: GameStatus, severity: Severity = "error") -> GameProblem:
    return GameProblem(
        _CODES[flag],
        f"line {line}: {message}" if line else message,
        f"line {line}" if line else None,
        severity,
        line,
        event,
        flag,
    )


def _with_rack(pos: Position, rack: Iterable[str]) -> Position:
    """``pos`` with the rack of the player to move replaced."""
    return pos._derive(_text=None, racks=FrozenList([FrozenList(rack), *pos.racks[1:]]))


def _with_score(pos: Position, at: int, score: int) -> Position:
    """``pos`` with the score of the player at ``at`` in the turn order replaced."""
    scores = list(pos.scores)
    scores[at] = score
    return pos._derive(_text=None, scores=FrozenList(scores))


def _tiles_text(tiles: Counter[str] | tuple[str, ...] | list[str]) -> str:
    items = list(tiles.elements()) if isinstance(tiles, Counter) else list(tiles)
    return write_tiles(items) or "(none)"


class Game(Model):
    """A crossword game record: players, pragmas, events and their notes.

    ``Game(text)`` parses GCG (raises :class:`~puzzlefmt.errors.PuzzleFormatError` naming the
    line and column); ``Game()`` is an empty record. Attributes, all plain: ``players``
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
    _guarded: ClassVar[bool] = True

    players: FrozenList[Player]
    events: FrozenList[Event]
    title: str | None
    description: str | None
    id_authority: str | None
    gid: str | None
    lexicon: str | None
    game_type: str | None
    tile_set: str | None
    game_board: str | None
    board_layout: str | None
    tile_distribution: str | None
    character_encoding: str | None
    incomplete: bool
    last_racks: FrozenDict[int, tuple[str, ...]]
    tile_declarations: FrozenList[tuple[str, str]]
    note: str | None
    header_extra: FrozenList[str]
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
        self.players = FrozenList(fields.players)
        self.events = FrozenList(fields.events)
        for keyword, attr in _gcg.SINGLE_PRAGMAS.items():
            setattr(self, attr, fields.pragmas.get(keyword))
        self.description = fields.description
        self.id_authority = fields.id_authority
        self.gid = fields.gid
        self.character_encoding = fields.character_encoding
        self.incomplete = fields.incomplete
        self.last_racks = FrozenDict(fields.last_racks)
        self._last_rack_lines = fields.last_rack_lines
        self._player_lines = fields.player_lines
        self._pragma_lines = fields.pragma_lines
        self._note_line = fields.note_line
        self.tile_declarations = FrozenList(fields.tile_declarations)
        self.note = fields.note
        self.header_extra = FrozenList(fields.header_extra)
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
        unknown = sorted(set(fields) - _REPLACEABLE)
        if unknown:
            raise TypeError(
                f"Game.replace() has no field {', '.join(unknown)} (its fields: "
                f"{', '.join(sorted(_REPLACEABLE))})")
        new = object.__new__(type(self))
        values = new.__dict__
        values.update(self.__dict__)
        values.update((name, _check_field(name, value)) for name, value in fields.items())
        _check_players(new)
        return new

    # ------------------------------------------------------------------ writing

    def gcg(self) -> str:
        """This record as canonical GCG (see :func:`puzzlefmt.cgp.formats.gcg.write`)."""
        return _gcg.write(self)

    def canonical_words(self) -> dict[int, str]:
        """For each move the board accepts, its tiles with ``.`` for those already on the
        board (the writer's form), by event index."""
        replay = _Replay(self, words=True)
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
        if self.players:
            out.add("players")
        if self.events:
            out.add("events")
        if self.note is not None or any(ev.note is not None for ev in self.events):
            out.add("notes")
        pragmas = (self.title, self.description, self.gid, self.lexicon, self.game_type,
                   self.tile_set, self.game_board, self.board_layout, self.tile_distribution)
        if (any(p is not None for p in pragmas) or self.tile_declarations or self.incomplete
                or self.last_racks):
            out.add("metadata")
        if self.header_extra or any(ev.comment or ev.extra for ev in self.events):
            out.add("comments")
        return frozenset(out)

    # ------------------------------------------------------------------ positions

    def start(self) -> Position:
        """The empty board the game starts from, with the record's lexicon, distribution,
        board and players' names (``#player1`` to move)."""
        players = max(1, len(self.players))
        pos = Position.empty(
            self.layout.rows, self.layout.cols, players=max(2, players),
            distribution=self.distribution, layout=self.layout,
        )
        changes: dict[str, Any] = {"_text": None, "lexicon": self.lexicon}
        if players == 1:
            changes.update(racks=FrozenList([FrozenList()]), scores=FrozenList([0]))
        if self.players:
            changes["player_names"] = FrozenList(p.name for p in self.players)
        if self.tile_distribution is not None or self.distribution_source == "letters":
            changes["distribution_name"] = self.distribution.name
        if self.board_layout is not None:
            changes["board_name"] = self.layout.name
        return pos._derive(**changes)

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
        replay = _Replay(self)
        for i in range(n):
            replay.step(i)
        return replay.view(n)

    def positions(self) -> Iterator[Position]:
        """The position after each event, in order (one per event), replayed once."""
        replay = _Replay(self)
        for i in range(len(self.events)):
            replay.step(i)
            yield replay.view(i + 1)

    def player_on_turn(self, n: int) -> int:
        """The index of the player to move after the first ``n`` events (``n`` as
        :meth:`position` reads it)."""
        n = self._played(n)
        replay = _Replay(self)
        for i in range(n):
            replay.step(i)
        return replay.on_turn

    def scores_after(self, n: int) -> list[int]:
        """Each player's score (``#player1`` first) after the first ``n`` events (``n`` as
        :meth:`position` reads it)."""
        n = self._played(n)
        replay = _Replay(self)
        for i in range(n):
            replay.step(i)
        return replay.scores()

    def racks_after(self, n: int) -> list[list[str]]:
        """Each player's rack (``#player1`` first) after the first ``n`` events, as far as the
        record makes it known (empty: unknown; ``n`` as :meth:`position` reads it)."""
        n = self._played(n)
        replay = _Replay(self)
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
        replay = _Replay(self)
        for i in range(len(self.events)):
            replay.step(i)
        return replay.ended is not None

    # ------------------------------------------------------------------ rules

    def problems(self) -> list[Problem]:
        """Every inconsistency of the record, in order, each a :class:`GameProblem` with its
        line."""
        return list(self._replayed().problems)

    def _replayed(self) -> _Replay:
        replay = _Replay(self, problems=True)
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
        pragmas = {
            keyword: getattr(self, attr)
            for keyword, attr in _gcg.SINGLE_PRAGMAS.items()
            if getattr(self, attr) is not None
        }
        if self.description is not None:
            pragmas["description"] = self.description
        if self.gid is not None:
            pragmas["id"] = f"{self.id_authority or '-'} {self.gid}"
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


class _Replay:
    """Plays a record's events one by one on a :class:`Position`, noting problems (with
    ``problems``) and the writer's form of each move (with ``words``): a replay that only
    makes positions keeps neither, so that it holds no more than the game and a position."""

    def __init__(self, game: Game, *, problems: bool = False, words: bool = False) -> None:
        self.game = game
        self.keep_problems = problems
        self.keep_words = words
        self.count = len(game.players)
        self.pos = game.start()
        self.on_turn = 0
        self.ended: Literal["out", "zero-turns"] | None = None
        self.out_player = -1  # who went out
        self.before_move: tuple[Position, int, Literal["out", "zero-turns"] | None] | None = None
        self.moved: Move | None = None  # the last move, '.' for tiles it played through
        self.known = [Counter[str]() for _ in range(max(1, self.count))]
        self.played = [Counter[str]() for _ in range(max(1, self.count))]
        self.all_played = False
        self.penalized: set[int] = set()
        self.timed: set[int] = set()
        self.end_points = False
        self.problems: list[GameProblem] = []
        self.words: dict[int, str] = {}
        self._shown: list[array[int]] | None = None  # see racks_shown
        names: dict[str, int] = {}
        for i, p in enumerate(game.players):
            if p.name in names and p.name != p.nickname:
                self.problems.append(_problem(
                    f"players {names[p.name] + 1} and {i + 1} have the same name {p.name!r}",
                    line=None, event=None, flag=GameStatus.PLAYERS,
                ))
            names.setdefault(p.name, i)

    # -------------------------------------------------------------- helpers

    def problem(self, i: int, flag: GameStatus, message: str) -> None:
        if not self.keep_problems:
            return
        ev = self.game.events[i]
        self.problems.append(_problem(message, line=ev.line or None, event=i, flag=flag))

    def nick(self, player: int) -> str:
        return self.game.players[player].nickname

    def index(self, player: int) -> int:
        """Where ``player`` stands in the position's turn order."""
        return (player - self.on_turn) % max(1, self.count)

    def scores(self) -> list[int]:
        return [self.pos.scores[self.index(p)] for p in range(self.count)]

    def unseen_by_board(self, pos: Position | None = None) -> Counter[str]:
        """Tiles not on the board (blanks as ``?``): racks plus bag."""
        pos = pos or self.pos
        left = Counter(pos.distribution.bag())
        left.subtract(counts(t for _, _, t in pos.tiles()))
        return +left

    def racks_shown(self) -> list[array[int]]:
        """For each player, the indexes of the events that show their rack (every event of
        theirs with a rack but end-of-game points), in order; found once a replay, so that
        a view finds a player's next rack without reading the events after it."""
        if self._shown is None:
            shown = [array("q") for _ in range(self.count)]
            for i, ev in enumerate(self.game.events):
                if ev.rack and ev.kind is not EventKind.END_RACK_POINTS and (
                    0 <= ev.player < self.count
                ):
                    shown[ev.player].append(i)
            self._shown = shown
        return self._shown

    def turn_to(self, player: int) -> None:
        self.pos = self.pos._rotated(self.index(player))
        self.on_turn = player

    def add_score(self, player: int, points: int) -> None:
        """``points`` more for ``player`` (``#player1`` is 0)."""
        at = self.index(player)
        self.pos = _with_score(self.pos, at, self.pos.scores[at] + points)

    def settled(self, nxt: Position, player: int) -> None:
        self.pos = nxt
        self.on_turn = (player + 1) % self.count
        if nxt.zero_turns >= nxt.max_zero_turns and self.ended is None:
            self.ended = "zero-turns"

    # -------------------------------------------------------------- events

    def step(self, i: int) -> None:
        ev = self.game.events[i]
        self.all_played = False
        if self.count == 0 or ev.player >= self.count:
            return
        left = self.unseen_by_board()
        if ev.rack and ev.kind is not EventKind.PHONY:
            over = counts(ev.rack) - left
            if over:
                self.problem(
                    i, GameStatus.OVER_DISTRIBUTION,
                    f"the rack {_tiles_text(ev.rack)} holds {_tiles_text(over)} beyond the "
                    f"{self.pos.distribution.name} distribution (counting the tiles on the "
                    "board)",
                )
        kind = ev.kind
        if kind.is_turn:
            self.turn(i, ev, left)
        elif kind is EventKind.PHONY:
            self.phony(i, ev, left)
        elif kind is EventKind.CHALLENGE_BONUS:
            prev = self.game.events[i - 1] if i else None
            if prev is None or prev.kind is not EventKind.MOVE or prev.player != ev.player:
                self.problem(i, GameStatus.OUT_OF_ORDER,
                             "a challenge bonus must follow a move by the same player")
            self.add_score(ev.player, ev.score)
            last = self.pos.last_move
            if last is not None and last.kind is MoveKind.PLACEMENT:
                self.pos = self.pos._derive(last_move=dataclasses.replace(last, bonus=ev.score))
        elif kind is EventKind.END_RACK_POINTS:
            self.end_rack_points(i, ev, left)
        elif kind is EventKind.END_RACK_PENALTY:
            self.end_rack_penalty(i, ev, left)
        else:
            self.time_penalty(i, ev)
        at = self.index(ev.player)
        if self.pos.scores[at] != ev.cumulative:
            self.problem(
                i, GameStatus.CUMULATIVE,
                f"{self.nick(ev.player)}'s total is {self.pos.scores[at]} after this event, "
                f"the record says {ev.cumulative}",
            )
            self.pos = _with_score(self.pos, at, ev.cumulative)  # follow the record from here

    def turn(self, i: int, ev: Event, left: Counter[str]) -> None:
        assert ev.move is not None
        what = {EventKind.MOVE: "move", EventKind.PASS: "pass", EventKind.EXCHANGE: "exchange"}
        if self.ended is not None:
            why = "a player went out" if self.ended == "out" else (
                f"{self.pos.max_zero_turns} scoreless turns")
            self.problem(i, GameStatus.AFTER_END,
                         f"a {what[ev.kind]} after the game ended ({why})")
            # Go on as the record does: the racks the end inferred were wrong (a record that
            # writes only the tiles played, say), and the count starts again.
            self.ended = None
            self.pos = self.pos._derive(
                racks=FrozenList(FrozenList() for _ in self.pos.racks),
                zero_turns=min(self.pos.zero_turns, self.pos.max_zero_turns - 1),
            )
        if ev.player != self.on_turn:
            self.problem(
                i, GameStatus.OUT_OF_TURN,
                f"{self.nick(ev.player)} plays, but it is {self.nick(self.on_turn)}'s turn",
            )
            self.turn_to(ev.player)
        pos = self.pos = _with_rack(self.pos, ev.rack)
        move = ev.move
        if ev.kind is EventKind.MOVE:
            self.before_move = (pos, self.on_turn, self.ended)
            self.moved = move
            try:
                scored = pos.evaluate(move, check_rack=False)
                nxt = pos.play(move, check_rack=False, settle=False)
            except IllegalMoveError as exc:
                self.problem(
                    i, GameStatus.ILLEGAL_MOVE,
                    f"the move {move} cannot be played: {exc.reason.value}: {exc.message}",
                )
                self.settled(_forced(pos, move, ev.score), ev.player)
                return
            need = counts(scored.played_tiles)
            short = need - counts(ev.rack)
            if short:
                self.problem(
                    i, GameStatus.RACK,
                    f"the rack {_tiles_text(ev.rack)} does not hold {_tiles_text(short)}, "
                    f"played by {move}",
                )
            if scored.score != ev.score:
                self.problem(
                    i, GameStatus.SCORE,
                    f"{move} scores {scored.score}, the record says {ev.score:+d}",
                )
            if self.keep_words:
                self.words[i] = scored.notation(through="dot").split(" ", 1)[1]
            self.moved = nxt.last_move
            self.played[ev.player] = need
            self.known[ev.player] -= need
            total = sum(left.values())
            if ev.rack and not (counts(ev.rack) - need) and (
                total - len(ev.rack) <= pos.rack_size * (self.count - 1)
            ):
                self.all_played = True
                self.ended = "out"
                self.out_player = ev.player
            self.settled(nxt, ev.player)
            return
        if ev.kind is EventKind.EXCHANGE and move.exchanged:
            short = counts(move.exchanged) - counts(ev.rack)
            if short:
                self.problem(
                    i, GameStatus.RACK,
                    f"the rack {_tiles_text(ev.rack)} does not hold {_tiles_text(short)}, "
                    "exchanged",
                )
        if ev.kind is EventKind.EXCHANGE:
            self.known[ev.player] = Counter()
        try:
            nxt = pos.play(move, check_rack=False, settle=False)
        except IllegalMoveError as exc:
            self.problem(i, GameStatus.ILLEGAL_MOVE,
                         f"the {what[ev.kind]} cannot be played: {exc.message}")
            nxt = _forced(pos, move, 0)
        self.settled(nxt, ev.player)

    def phony(self, i: int, ev: Event, left: Counter[str]) -> None:
        prev = self.game.events[i - 1] if i else None
        if (
            prev is None
            or prev.kind is not EventKind.MOVE
            or prev.player != ev.player
            or self.before_move is None
        ):
            self.problem(i, GameStatus.OUT_OF_ORDER,
                         "a withdrawn play (--) must follow a move by the same player")
            return
        assert prev.move is not None
        if counts(ev.rack) != counts(prev.rack):
            self.problem(
                i, GameStatus.RACK,
                f"the rack {_tiles_text(ev.rack)} is not the rack of the play withdrawn "
                f"({_tiles_text(prev.rack)})",
            )
        if ev.score < 0 and ev.score != -prev.score:
            self.problem(
                i, GameStatus.SCORE,
                f"{ev.score:+d} withdrawn, but the play scored {prev.score:+d}",
            )
        played = self.played[ev.player]
        if sum(played.values()) + sum(left.values()) <= self.pos.rack_size * self.count:
            self.known[ev.player] = counts(prev.rack)  # the bag was empty: all of it shown
        else:
            self.known[ev.player] |= played
        before, on_turn, ended = self.before_move
        self.on_turn = on_turn
        self.ended = ended
        self.before_move = None
        move = self.moved or prev.move
        taken_back = Move(MoveKind.CHALLENGE, move.row, move.col, move.vertical, move.tiles,
                          move.marked)
        before = _with_rack(before, prev.rack)
        try:
            nxt = before.play(taken_back, check_rack=False, settle=False)
        except IllegalMoveError:  # the game was over before the play: only a problem above
            nxt = _forced(before, taken_back, 0)
        self.settled(nxt, ev.player)

    def end_rack_points(self, i: int, ev: Event, left: Counter[str]) -> None:
        if self.ended != "out":
            self.problem(i, GameStatus.OUT_OF_ORDER,
                         "end-of-game rack points, but no player has gone out")
        elif self.end_points:
            self.problem(i, GameStatus.OUT_OF_ORDER, "a second end-of-game rack points event")
        self.end_points = True
        value = sum(self.pos.distribution.score(t) for t in ev.tiles)
        if ev.score not in (2 * value, value):
            self.problem(
                i, GameStatus.END_POINTS,
                f"({_tiles_text(ev.tiles)}) are worth {value}: going out scores {2 * value} "
                f"(or {value} under international rules), the record says {ev.score:+d}",
            )
        held = counts(ev.tiles)
        if self.ended == "out" and (held != left if self.count == 2 else held - left):
            self.problem(
                i, GameStatus.RACK,
                f"the tiles left are {_tiles_text(left)}, not {_tiles_text(ev.tiles)}",
            )
        self.add_score(ev.player, ev.score)
        self.all_played = True

    def end_rack_penalty(self, i: int, ev: Event, left: Counter[str]) -> None:
        if self.ended is None:
            self.problem(i, GameStatus.OUT_OF_ORDER,
                         "a rack penalty before the game ended")
        elif ev.player in self.penalized:
            self.problem(i, GameStatus.OUT_OF_ORDER,
                         f"a second rack penalty for {self.nick(ev.player)}")
        self.penalized.add(ev.player)
        if ev.rack and counts(ev.rack) != counts(ev.tiles):
            self.problem(
                i, GameStatus.RACK,
                f"the rack {_tiles_text(ev.rack)} is not the tiles of the penalty "
                f"({_tiles_text(ev.tiles)})",
            )
        over = counts(ev.tiles) - left
        if over:
            self.problem(
                i, GameStatus.OVER_DISTRIBUTION,
                f"({_tiles_text(ev.tiles)}) holds {_tiles_text(over)} beyond the "
                f"{self.pos.distribution.name} distribution (counting the tiles on the board)",
            )
        value = sum(self.pos.distribution.score(t) for t in ev.tiles)
        if ev.score != -value:
            self.problem(
                i, GameStatus.END_POINTS,
                f"({_tiles_text(ev.tiles)}) are worth {value}: the penalty is {-value}, the "
                f"record says {ev.score:+d}",
            )
        self.add_score(ev.player, ev.score)
        if self.ended == "zero-turns":
            # MAGPIE passes the turn on after each rack penalty of a game ended by zeros
            self.turn_to((self.on_turn + 1) % self.count)

    def time_penalty(self, i: int, ev: Event) -> None:
        events = self.game.events
        prev = events[i - 1] if i else None
        nxt = events[i + 1] if i + 1 < len(events) else None
        ends = (EventKind.END_RACK_POINTS, EventKind.END_RACK_PENALTY, EventKind.TIME_PENALTY)
        if self.ended is None:
            self.problem(i, GameStatus.OUT_OF_ORDER, "a time penalty before the game ended")
        elif prev is None or prev.kind not in ends or (
            nxt is not None and nxt.kind is not EventKind.TIME_PENALTY
        ):
            self.problem(i, GameStatus.OUT_OF_ORDER,
                         "a time penalty must come after the end-of-game rack events")
        elif ev.player in self.timed:
            self.problem(i, GameStatus.OUT_OF_ORDER,
                         f"a second time penalty for {self.nick(ev.player)}")
        self.timed.add(ev.player)
        self.add_score(ev.player, ev.score)

    def finish(self) -> None:
        """Checks on the whole record: the ``#rackN`` lines come after every event and hold
        tiles still unseen; then, as warnings, what MAGPIE refuses in a record read here
        (``#player`` lines after the first event, a ``#note`` before it, a ``#game-type``
        that is neither ``classic`` nor ``wordsmog``)."""
        game = self.game
        self.finish_racks()
        first = next((ev.line for ev in game.events if ev.line), None)
        for index, line in sorted(game._player_lines.items()):
            if first is not None and line > first:
                self.warn(
                    f"#player{index + 1} comes after the first event (line {first}); MAGPIE "
                    "refuses a record whose players are not all named before its events",
                    line, GameStatus.LATE_PLAYER,
                )
        if game.note is not None:
            self.warn("a #note before the first event (the game's note); MAGPIE refuses it",
                      game._note_line, GameStatus.NOTE_BEFORE_EVENTS)
        if game.game_type is not None and game.game_type not in _MAGPIE_VARIANTS:
            self.warn(
                f"#game-type {game.game_type!r} is not a variant MAGPIE knows "
                f"({', '.join(_MAGPIE_VARIANTS)})",
                game._pragma_lines.get("game-type"), GameStatus.GAME_TYPE,
            )

    def warn(self, message: str, line: int | None, flag: GameStatus) -> None:
        self.problems.append(_problem(message, line=line, event=None, flag=flag,
                                      severity="warning"))

    def finish_racks(self) -> None:
        game = self.game
        left = self.unseen_by_board()
        for index, line in sorted(game._last_rack_lines.items()):
            later = [ev for ev in game.events if ev.line > line]
            if later:
                self.problems.append(_problem(
                    f"#rack{index + 1} gives the last rack, but events follow it (line "
                    f"{later[0].line})",
                    line=line, event=None, flag=GameStatus.OUT_OF_ORDER,
                ))
            rack = game.last_racks.get(index, ())
            over = counts(rack) - left
            if over:
                self.problems.append(_problem(
                    f"#rack{index + 1} {_tiles_text(rack)} holds {_tiles_text(over)} beyond "
                    f"the {game.distribution.name} distribution (counting the board)",
                    line=line, event=None, flag=GameStatus.OVER_DISTRIBUTION,
                ))

    # -------------------------------------------------------------- the view

    def view(self, n: int) -> Position:
        """The position after ``n`` events with the racks the record makes known."""
        pos = self.pos
        if self.count == 0:
            return pos
        game = self.game
        dist = pos.distribution
        size = pos.rack_size
        left = self.unseen_by_board(pos)
        total = sum(left.values())
        on = self.on_turn
        rack_on: Counter[str] | None = None
        written: list[str] | None = None
        if self.ended == "out" and self.count == 2 and not self.all_played:
            # after the end-of-game events: the player who went out holds nothing
            rack_on = Counter() if self.out_player == on else Counter(left)
        elif n > 0 and self.all_played and total <= size:
            rack_on = Counter(left)
        else:
            later = self.racks_shown()[on]
            k = bisect.bisect_left(later, n)
            if k < len(later):
                written = list(game.events[later[k]].rack)
            if written is None and on in game.last_racks:
                written = list(game.last_racks[on])
            rack_on = counts(written or ())
        racks: list[list[str]] = [[] for _ in range(self.count)]
        if self.count == 2:
            off: Counter[str]
            if total - sum(rack_on.values()) <= size:
                off = left - rack_on
            else:
                off = Counter(self.known[(on + 1) % 2])
                if total - sum(off.values()) <= size:
                    rack_on = left - off
                    written = None
            racks[1] = sorted(off.elements(), key=dist.sort_key)
        if written is not None:
            racks[0] = written
        else:
            racks[0] = sorted(rack_on.elements(), key=dist.sort_key)
        return pos._derive(racks=FrozenList(FrozenList(rack) for rack in racks))


def _forced(pos: Position, move: Move, score: int) -> Position:
    """The position after a turn the board refuses, applied anyway so that the replay can go
    on: new tiles on the empty squares the move names, the record's score, the turn passed."""
    rack = list(pos.racks[0])
    changes: dict[str, Any] = {}
    if move.kind is MoveKind.PLACEMENT:
        board = [list(row) for row in pos.board]
        for (r, c), tile in zip(move.squares(), move.tiles, strict=True):
            if tile == "." or not (0 <= r < pos.rows and 0 <= c < pos.cols):
                continue
            if board[r][c] is None:
                board[r][c] = tile
                used = BLANK if tile != tile.upper() else tile
                if used in rack:
                    rack.remove(used)
        changes.update(_board=tuple(map(tuple, board)), _board_text=None, zero_turns=0)
    else:
        changes["zero_turns"] = pos.zero_turns + 1
    scores = list(pos.scores)
    scores[0] += score
    nxt = pos._derive(
        _text=None,
        racks=FrozenList([FrozenList(rack), *pos.racks[1:]]),
        scores=FrozenList(scores),
        last_move=move,
        **changes,
    )
    return nxt._rotated(1)


# ---------------------------------------------------------------------- replace's checks

_ONE_LINE = frozenset({*_gcg.SINGLE_PRAGMAS.values(), "character_encoding"})
_ONE_WORD = frozenset({"id_authority", "gid"})
_REPLACEABLE = frozenset({*_ONE_LINE, *_ONE_WORD, "players", "events", "description",
                          "incomplete", "last_racks", "tile_declarations", "note",
                          "header_extra"})


def _sequence(value: object, name: str, what: str) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(f"{name}: expected a list of {what}, found {value!r}")
    return value


def _check_field(name: str, value: object) -> object:
    """``value`` for the game's field ``name``, frozen, checked as the reader would."""
    if name in _ONE_LINE or name in _ONE_WORD or name in ("description", "note"):
        if value is None:
            return None
        breaks = " \t\r\n" if name in _ONE_WORD else "\r\n" if name in _ONE_LINE else ""
        if not isinstance(value, str) or not value.strip() or any(ch in value for ch in breaks):
            what = "one word" if name in _ONE_WORD else "text on one line" if name in _ONE_LINE \
                else "text"
            raise ValueError(f"{name}: expected {what}, found {value!r}")
        return value
    if name == "incomplete":
        if not isinstance(value, bool):
            raise ValueError(f"incomplete: expected True or False, found {value!r}")
        return value
    if name == "players":
        items = _sequence(value, name, "Player")
        if not all(isinstance(p, Player) for p in items):
            raise ValueError(f"players: expected a list of Player, found {value!r}")
        return FrozenList(items)
    if name == "events":
        items = _sequence(value, name, "Event")
        if not all(isinstance(ev, Event) for ev in items):
            raise ValueError(f"events: expected a list of Event, found {value!r}")
        return FrozenList(items)
    if name == "last_racks":
        if not isinstance(value, Mapping) or not all(
                isinstance(k, int) and not isinstance(k, bool) and k >= 0
                and not isinstance(v, str) and isinstance(v, Sequence)
                and all(isinstance(t, str) and t for t in v) for k, v in value.items()):
            raise ValueError("last_racks: expected player indexes (from 0) to racks (lists "
                             f"of tiles), found {value!r}")
        return FrozenDict((k, tuple(v)) for k, v in value.items())
    if name == "tile_declarations":
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
