"""Replaying a game record: :class:`Replay` plays a record's events one by one on a
:class:`~puzzlefmt.cgp.Position` (through :meth:`Position.play
<puzzlefmt.cgp.Position.play>`) and notes every inconsistency as a :class:`GameProblem`
(kinds: :class:`GameStatus`), with its line. :class:`~puzzlefmt.cgp.Game` asks it for its
positions, scores, racks and problems.

The racks of a replayed position are what the record makes known at that point, as MAGPIE's
GCG replay works them out: the rack of the player on turn is the rack of their next event (or
their ``#rackN``); the other rack is known when the bag is empty (it holds every tile not on
the board or on the first rack), or as far as a play withdrawn after a challenge showed it.

This module sits between the position and the game record: it reads a record through
:class:`ReplayedRecord` (a :class:`~puzzlefmt.cgp.Game` has it all), so that the game model
can import it. A replay costs one new position per event (a position never changes), each
built in time proportional to the board at most.
"""

from __future__ import annotations

import bisect
import dataclasses
import enum
from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from puzzlefmt.cgp._gcgcodec import Event, EventKind, Player, counts
from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.layouts import Layout
from puzzlefmt.cgp.moves import IllegalMoveError, Move, MoveKind
from puzzlefmt.cgp.position import Position
from puzzlefmt.cgp.tiles import BLANK, write_tiles
from puzzlefmt.model import FrozenList, Problem, Severity

__all__ = ["GameProblem", "GameStatus", "Replay", "ReplayedRecord", "start_position"]


class ReplayedRecord(Protocol):
    """What a replay reads of a game record (a :class:`~puzzlefmt.cgp.Game` has it all):
    players, events, pragmas that shape the start, last racks, and the lines the record
    gave them on (for the problems)."""

    @property
    def players(self) -> Sequence[Player]:
        """The players, ``#player1`` first."""

    @property
    def events(self) -> Sequence[Event]:
        """The events, in order."""

    @property
    def lexicon(self) -> str | None:
        """``#lexicon``."""

    @property
    def game_type(self) -> str | None:
        """``#game-type``."""

    @property
    def board_layout(self) -> str | None:
        """``#board-layout``."""

    @property
    def tile_distribution(self) -> str | None:
        """``#tile-distribution``."""

    @property
    def note(self) -> str | None:
        """The notes before the first event."""

    @property
    def last_racks(self) -> Mapping[int, tuple[str, ...]]:
        """``#rackN``: player index to rack."""

    @property
    def distribution(self) -> Distribution:
        """The tiles' distribution."""

    @property
    def distribution_source(self) -> str:
        """Where the distribution comes from."""

    @property
    def layout(self) -> Layout:
        """The board's layout."""

    @property
    def _player_lines(self) -> Mapping[int, int]: ...

    @property
    def _pragma_lines(self) -> Mapping[str, int]: ...

    @property
    def _note_line(self) -> int | None: ...

    @property
    def _last_rack_lines(self) -> Mapping[int, int]: ...


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


def start_position(game: ReplayedRecord) -> Position:
    """The empty board the game starts from, with the record's lexicon, distribution,
    board and players' names (``#player1`` to move)."""
    players = max(1, len(game.players))
    pos = Position.empty(
        game.layout.rows, game.layout.cols, players=max(2, players),
        distribution=game.distribution, layout=game.layout,
    )
    changes: dict[str, Any] = {"_text": None, "lexicon": game.lexicon}
    if players == 1:
        changes.update(racks=FrozenList([FrozenList()]), scores=FrozenList([0]))
    if game.players:
        changes["player_names"] = FrozenList(p.name for p in game.players)
    if game.tile_distribution is not None or game.distribution_source == "letters":
        changes["distribution_name"] = game.distribution.name
    if game.board_layout is not None:
        changes["board_name"] = game.layout.name
    return pos._derive(**changes)


class Replay:
    """Plays a record's events one by one on a :class:`Position`, noting problems (with
    ``problems``) and the writer's form of each move (with ``words``): a replay that only
    makes positions keeps neither, so that it holds no more than the game and a position."""

    def __init__(
        self, game: ReplayedRecord, *, problems: bool = False, words: bool = False
    ) -> None:
        self.game = game
        self.keep_problems = problems
        self.keep_words = words
        self.count = len(game.players)
        self.pos = start_position(game)
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
        """Note a problem of event ``i`` (when the replay keeps problems)."""
        if not self.keep_problems:
            return
        ev = self.game.events[i]
        self.problems.append(_problem(message, line=ev.line or None, event=i, flag=flag))

    def nick(self, player: int) -> str:
        """The nickname of ``player`` (``#player1`` is 0)."""
        return self.game.players[player].nickname

    def index(self, player: int) -> int:
        """Where ``player`` stands in the position's turn order."""
        return (player - self.on_turn) % max(1, self.count)

    def scores(self) -> list[int]:
        """Each player's score now, ``#player1`` first."""
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
        """Turn the position's turn order to ``player``."""
        self.pos = self.pos._rotated(self.index(player))
        self.on_turn = player

    def add_score(self, player: int, points: int) -> None:
        """``points`` more for ``player`` (``#player1`` is 0)."""
        at = self.index(player)
        self.pos = _with_score(self.pos, at, self.pos.scores[at] + points)

    def settled(self, nxt: Position, player: int) -> None:
        """Take ``nxt``, the position after ``player``'s turn, and pass the turn on."""
        self.pos = nxt
        self.on_turn = (player + 1) % self.count
        if nxt.zero_turns >= nxt.max_zero_turns and self.ended is None:
            self.ended = "zero-turns"

    # -------------------------------------------------------------- events

    def step(self, i: int) -> None:
        """Play event ``i`` (the events before it played already)."""
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
        """A move, pass or exchange (``left``: the tiles not on the board)."""
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
        """The play before withdrawn after a challenge (``--``)."""
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
        """The points for the other rack's tiles, after going out."""
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
        """A player's own rack subtracted at the end of the game."""
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
        """A time penalty, after the end-of-game rack events."""
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
        """Note a warning (what MAGPIE refuses in a record that is read here)."""
        self.problems.append(_problem(message, line=line, event=None, flag=flag,
                                      severity="warning"))

    def finish_racks(self) -> None:
        """Check the ``#rackN`` lines: after every event, tiles still unseen."""
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
