"""The :class:`Position` model: a crossword game position as a CGP string describes it.

>>> pos = Position("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18; lm -2;")
>>> pos.racks[0], pos.scores, pos.lexicon, pos.distribution.name, pos.distribution_source
(['A', 'E', 'L', 'N', 'O', 'Q', 'T'], [0, 0], 'NWL18', 'english', 'lex')
>>> pos.last_move
Move.parse('-2')
>>> pos.cgp()
'15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18; lm -2;'
>>> pos.score("8G QAT")
24
>>> pos.play("8G QAT").cgp()
'15/15/15/15/15/15/15/6QAT6/15/15/15/15/15/15/15 /ELNO 0/24 0 lex NWL18; lm 8G QAT;'

This module is the bottom of the family's models: it imports the CGP line codec, the tiles,
distributions, layouts and moves, and no format or picture module. ``Position(text)`` and
``position._repr_svg_()`` reach the formats and the picture through the engines that
:mod:`puzzlefmt.cgp.family` installs.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal, SupportsIndex, overload

from puzzlefmt.cgp import _cgpcodec as _codec
from puzzlefmt.cgp._cgpcodec import (
    CHALLENGE_RULES,
    DEFAULTS,
    KNOWN_OPCODES,
    WRITE_ORDER,
    Fields,
    Operation,
)
from puzzlefmt.cgp._jsoncodec import line_from_json, names_from_json
from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.layouts import Layout, Premium, get_layout, layout_for_size
from puzzlefmt.cgp.moves import (
    IllegalMoveError,
    IllegalReason,
    Move,
    MoveKind,
    MoveStyle,
    ScoredPlay,
    column_name,
    evaluate_placement,
    square_name,
)
from puzzlefmt.cgp.rules import Rules
from puzzlefmt.cgp.tiles import BLANK, write_tile, write_tiles
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.model import FrozenList, Model, Problem, frozen_list, json_object
from puzzlefmt.textio import text_of

__all__ = ["EMPTY_CGP", "EndReason", "Position", "Status", "picture", "read_position"]

#: The empty 15x15 board, two players with unknown racks, no score yet.
EMPTY_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0"

DistributionSource = Literal["ld", "lex", "default", "given"]

#: The version of the JSON form (``"version"``).
JSON_VERSION = 1


class Status(enum.IntFlag):
    """Rule problems of a position that parses (python-chess's ``status()`` flags), and
    ``GAME_OVER``, which is not a problem: :meth:`Position.is_valid` ignores it."""

    VALID = 0
    BAD_BOARD_SIZE = enum.auto()  # the board does not match its layout, or no layout fits
    UNKNOWN_LAYOUT = enum.auto()  # bdn names a layout this library does not have
    TOO_MANY_TILES = enum.auto()  # the board holds more of a tile than the distribution
    OVER_BAG = enum.auto()  # board plus racks hold more of a tile than the distribution
    RACK_TOO_LONG = enum.auto()  # a rack holds more tiles than a rack can
    DISCONNECTED = enum.auto()  # the tiles on the board are not all connected
    EMPTY_START = enum.auto()  # tiles on the board, none on the start square
    BRICKED = enum.auto()  # a tile on a square no tile may cover
    TOO_MANY_ZERO_TURNS = enum.auto()  # more consecutive zero turns than mcnz allows
    LAST_MOVE_MISMATCH = enum.auto()  # lm places tiles the board does not show
    GAME_OVER = enum.auto()  # not a problem: the game has ended (mcnz zero turns, or out)


#: Why a game is over (:attr:`Position.end_reason`): ``"zero-turns"`` (``mcnz`` scoreless turns in a
#: row) or ``"out"`` (a player went out).
EndReason = Literal["zero-turns", "out"]

# Each opcode's attribute, and every attribute with its default (None: absent).
_ATTRS = KNOWN_OPCODES
_DEFAULT_VALUES: dict[str, object] = {
    attr: DEFAULTS.get(opcode) for opcode, attr in KNOWN_OPCODES.items()
}
# The order in which cgp() adds opcodes that were not in the text read, each with its
# attribute and the default it is not written at (None: written whenever present).
_WRITE_ORDER = tuple((name, _ATTRS[name], DEFAULTS.get(name)) for name in WRITE_ORDER)


#: The board's squares as the model keeps them: rows of ``None`` or a tile.
Grid = tuple[tuple[str | None, ...], ...]


def _tuples(board: Iterable[Iterable[str | None]]) -> Grid:
    return tuple(tuple(row) for row in board)


class _Row(FrozenList[str | None]):
    """A row of :attr:`Position.board`: a :class:`~puzzlefmt.model.FrozenList` whose
    slices are rows too, so that a slice equals the list's slice."""

    __slots__ = ()

    @overload
    def __getitem__(self, index: SupportsIndex) -> str | None: ...

    @overload
    def __getitem__(self, index: slice) -> _Row: ...

    def __getitem__(self, index: SupportsIndex | slice) -> str | _Row | None:
        if isinstance(index, slice):
            return _Row(tuple.__getitem__(self, index))
        return tuple.__getitem__(self, index)


def _code(flag: Status) -> str:
    """A problem's stable code: ``Status.OVER_BAG`` gives ``"over-bag"``."""
    assert flag.name is not None
    return flag.name.lower().replace("_", "-")


class Position(Model):
    """A crossword game position: board, racks and scores in turn order, and the operations.

    ``Position(text)`` reads a CGP line (or the ``cgp-json`` form) and raises
    :class:`~puzzlefmt.errors.PuzzleFormatError`; ``position.cgp()`` writes the CGP line.
    ``Position()`` is the empty 15x15 board for two players. ``distribution`` overrides
    ``ld`` and the lexicon, ``layout`` gives the premium squares, ``strict=True`` refuses
    every deviation from the spec that the reader otherwise tolerates (``docs/cgp.md``).

    A position is immutable and hashable by content: its fields cannot be assigned and its
    sequences are :class:`~puzzlefmt.model.FrozenList` (equal to the lists of the same
    items). :meth:`replace` and :meth:`play` build changed positions. The fields:

    - ``board[row][col]``: ``None`` (empty), a tile label (``"A"``, ``"CH"``) or a blank played
      as a letter in lower case (``"a"``); rows and columns are 0-based. ``rows`` and
      ``cols`` are its size.
    - ``racks[i]``, ``scores[i]``: player ``i`` in turn order, 0 moves next. A rack is a list of
      labels and ``"?"``; it may be partial or empty (unknown).
    - ``player_names``: the players' names in the same turn order (``player_names[0]`` moves
      next), or ``None`` (a CGP line names nobody). A game record's positions
      (:meth:`Game.position <puzzlefmt.cgp.Game.position>`) carry its ``#player`` names;
      :meth:`play` turns them with the racks and scores. The pictures show them; they are a
      label, not part of the position: :meth:`cgp` does not write them and equality ignores
      them (the JSON form keeps them).
    - ``zero_turns``: consecutive zero-score turns before this position.
    - one attribute per opcode of the seed, with its default: ``bingo_bonus`` (``bb``, 50),
      ``board_name`` (``bdn``), ``challenge_rule`` (``cr``), ``exchange_limit`` (``etl``, 7),
      ``gid`` (``gid``), ``distribution_name`` (``ld``), ``lexicon`` (``lex``),
      ``last_move`` (``lm``, a :class:`Move`), ``max_zero_turns`` (``mcnz``, 6),
      ``timer_increment`` (``ti``), ``timers`` (``tmr``), ``max_overtime`` (``to``),
      ``variant`` (``var``), and the current spec's ``opponent_rack_unknown`` (``oru``,
      ``False``); ``None`` means absent. ``last_move_style`` says which notation ``lm`` was
      read in (``"seed"``: ``8D WORD``, ``"spec"``: ``8D.WORD``).
    - ``unknown_operations``: other opcodes, verbatim, in order.
    - ``deviations``: what the reader tolerated (a byte-order mark, ``+5`` as a score...), in
      words; empty for text in the spec's form. ``strict=True`` refuses them instead.
    - ``distribution``: the :class:`Distribution` the tiles belong to, and
      ``distribution_source``: ``"ld"``, ``"lex"`` (inferred from the lexicon name),
      ``"default"`` (English) or ``"given"`` (the ``distribution`` argument).

    Opcodes are written back in the order they were read; a defaulted one that was not in
    the text is written only when it differs from its default.
    """

    family = "cgp"
    _guarded: ClassVar[bool] = True

    racks: FrozenList[FrozenList[str]]
    scores: FrozenList[int]
    player_names: FrozenList[str] | None = None
    zero_turns: int
    bingo_bonus: int
    board_name: str | None
    challenge_rule: str | None
    exchange_limit: int
    gid: str | None
    distribution_name: str | None
    lexicon: str | None
    last_move: Move | None
    max_zero_turns: int
    timer_increment: int | None
    timers: FrozenList[int] | None
    max_overtime: int | None
    variant: str | None
    opponent_rack_unknown: bool
    unknown_operations: FrozenList[Operation]
    deviations: FrozenList[str]
    distribution: Distribution
    distribution_source: DistributionSource
    _board: Grid | None  # the squares as tuples (fast to index), once built
    _board_view: FrozenList[FrozenList[str | None]] | None  # what .board hands out
    _board_text: str | None  # the board field as read, while the board is untouched
    _rows: int
    _cols: int
    _order: list[str | Operation]  # the operations in the order read
    _lm_style: MoveStyle | None
    _text: str | None  # the text as read, for cgp(exact=True)
    _read_distribution: Distribution | str | None
    _layout_given: Layout | None

    def __init__(
        self,
        text: str | None = None,
        *,
        distribution: Distribution | str | None = None,
        layout: Layout | str | None = None,
        strict: bool = False,
    ) -> None:
        if text is not None and distribution is None and layout is None and not strict:
            self.__dict__.update(self._read_text(text).__dict__)
            return
        self._layout_given = get_layout(layout) if isinstance(layout, str) else layout
        self._load(EMPTY_CGP if text is None else text, distribution=distribution,
                   strict=strict)

    def _load(
        self,
        cgp: str,
        *,
        distribution: Distribution | str | None = None,
        strict: bool = False,
    ) -> None:
        """Fill this new position from the CGP line ``cgp`` (once, by a constructor)."""
        cgp = text_of(cgp, "Position", decode_bytes=False)
        fields = _codec.read(
            cgp, distribution=distribution, layout=self._layout_given, strict=strict
        )
        self._set_fields(fields, cgp, distribution)

    def _set_fields(
        self, fields: Fields, text: str | None, distribution: Distribution | str | None
    ) -> None:
        """The one place a read position's fields are filled (the lists are frozen)."""
        values = dict(_DEFAULT_VALUES)
        for opcode, value in fields.values.items():
            values[_ATTRS[opcode]] = frozen_list(value) if isinstance(value, list) else value
        values.update(
            _board=None if fields.board is None else _tuples(fields.board),
            _board_view=None,
            # The board field as read, in its canonical form, while the board is untouched.
            _board_text=fields.board_text,
            _rows=fields.rows,
            _cols=fields.cols,
            racks=frozen_list(fields.racks),
            scores=FrozenList(fields.scores),
            player_names=None,
            zero_turns=fields.zero_turns,
            distribution=fields.distribution,
            distribution_source=fields.distribution_source,
            unknown_operations=FrozenList(fields.unknown),
            _order=tuple(fields.order),
            _lm_style=fields.lm_style,
            deviations=FrozenList(fields.deviations),
            # The text as read, for cgp(exact=True), with what it was read with.
            _text=text,
            _read_distribution=distribution,
        )
        self.__dict__.update(values)

    @classmethod
    def _from_text(
        cls,
        text: str,
        *,
        distribution: Distribution | str | None = None,
        layout: Layout | str | None = None,
        strict: bool = False,
    ) -> Position:
        pos = cls.__new__(cls)
        pos._layout_given = get_layout(layout) if isinstance(layout, str) else layout
        pos._load(text, distribution=distribution, strict=strict)
        return pos

    def _derive(self, **changes: Any) -> Position:
        """A new position with these attributes (public or private) changed, unchecked:
        the values must be frozen already. What :meth:`replace` and :meth:`play` build."""
        new = object.__new__(type(self))
        values = new.__dict__
        values.update(self.__dict__)
        values.update(changes)
        if "_board" in changes:
            values["_board_view"] = None
        return new

    def replace(self, **fields: Any) -> Position:
        """A new position with these fields changed, checked as the reader checks them
        (``ValueError`` saying which; ``TypeError`` for a name that is no field); this one is
        unchanged. The fields: ``board`` (rows of squares: ``None`` or a tile of the
        distribution), ``racks``, ``scores`` (one per rack), ``zero_turns``,
        ``player_names`` (one per rack, or ``None``), ``unknown_operations``
        (:class:`Operation` each) and the attribute of each known opcode (``lexicon``,
        ``bingo_bonus``, ``last_move`` as a :class:`Move` or its text...; ``None`` removes
        one). The distribution and layout stay: read the CGP again to change them.

        >>> Position().replace(racks=[list("QAT"), []], lexicon="CSW21").cgp()
        '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QAT/ 0/0 0 lex CSW21;'
        """
        unknown = sorted(set(fields) - _REPLACEABLE)
        if unknown:
            raise TypeError(
                f"Position.replace() has no field {', '.join(unknown)} (its fields: "
                f"{', '.join(sorted(_REPLACEABLE))})")
        changes: dict[str, Any] = {"_text": None}
        for name, value in fields.items():
            changes[name] = _check_field(self, name, value)
        if "board" in changes:
            changes["_board"] = changes.pop("board")
            changes["_board_text"] = None
        new = self._derive(**changes)
        _check_counts(new)
        return new

    # ------------------------------------------------------------------ other constructors

    @classmethod
    def empty(
        cls,
        rows: int = 15,
        cols: int | None = None,
        *,
        players: int = 2,
        distribution: Distribution | str | None = None,
        layout: Layout | str | None = None,
    ) -> Position:
        """An empty board of any size, ``players`` empty racks and zero scores."""
        cols = rows if cols is None else cols
        if not (1 <= rows <= _codec.MAX_DIMENSION and 1 <= cols <= _codec.MAX_DIMENSION):
            raise ValueError(f"board size {rows}x{cols} is out of range")
        if players < 1:
            raise ValueError("a position needs at least one player")
        board = "/".join([str(cols)] * rows)
        if players == 1:
            pos = cls._from_text(f"{board} ? 0 0", distribution=distribution, layout=layout)
            return pos._derive(racks=FrozenList([FrozenList()]))
        racks = "/" * (players - 1)
        scores = "/".join(["0"] * players)
        return cls._from_text(f"{board} {racks} {scores} 0", distribution=distribution,
                              layout=layout)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Position:
        """Read the dict :meth:`to_json` writes (or its JSON text). The reader uses
        ``board``, ``racks``, ``scores``, ``zero_turns``, ``operations`` and, when
        ``distribution_source`` is ``"given"``, ``distribution``; the other keys are there for
        readers of the JSON. Raises :class:`PuzzleFormatError` naming the key."""
        obj = json_object(data, format="cgp-json")
        line, given = line_from_json(obj)
        try:
            pos = cls._from_text(line, distribution=given)
        except PuzzleFormatError as exc:
            raise PuzzleFormatError(f"operations: {exc.message}", format="cgp-json") from None
        names = names_from_json(obj, pos.players)
        return pos._derive(player_names=None if names is None else FrozenList(names))

    # ------------------------------------------------------------------ writing

    def cgp(
        self,
        *,
        operations: Literal["all", "none"] = "all",
        ld: Literal["as-read", "always"] = "as-read",
        lm_style: Literal["as-read", "seed", "spec"] = "as-read",
        exact: bool = False,
    ) -> str:
        """This position as one CGP line (multi-code-point tiles always bracketed).

        ``operations="none"``: the four required fields only (as MAGPIE's
        ``game_get_cgp(game, false)``). ``ld="always"``: add ``ld NAME;`` when the
        distribution was inferred or defaulted (as liwords always does). ``lm_style``: the
        notation of ``lm``: as it was read (the seed's for a move made by :meth:`play` on a
        position without ``lm``), ``"seed"`` (``8D WORD``, ``-ABC``, ``-``) or ``"spec"``
        (``8D.WORD``, ``ex.ABC``, ``pass``). ``exact=True``: the text exactly as it was read
        (a byte-order mark, ``;;``, ``+5``... kept) when the position has not changed since;
        otherwise the normal form.
        """
        if exact and self._text is not None:
            try:
                again: Position | None = Position._from_text(
                    self._text, distribution=self._read_distribution,
                    layout=self._layout_given,
                )
            except ValueError:
                again = None
            if again is not None and again.cgp() == self.cgp():
                return self._text
        if len(self.racks) == 1 and not self.racks[0]:
            raise ValueError("cgp: a one-player position with an empty rack cannot be written")
        board = self._board_text
        if board is None:
            board = _codec.write_board(self._grid())
        head = (f"{board} {_codec.write_racks(self.racks)} "
                f"{'/'.join(map(str, self.scores))} {self.zero_turns}")
        if operations == "none":
            return head
        ops = _operations_text(self.operations(ld=ld, lm_style=lm_style))
        return head + " " + ops if ops else head

    def operations(
        self,
        *,
        ld: Literal["as-read", "always"] = "as-read",
        lm_style: Literal["as-read", "seed", "spec"] = "as-read",
    ) -> list[tuple[str, str]]:
        """The operations :meth:`cgp` writes, as ``(opcode, operands)`` pairs in order: those
        read, in the order read; then known ones set since (or differing from their default),
        in a fixed order; then unknown ones added since."""
        style: MoveStyle = self.last_move_style if lm_style == "as-read" else lm_style
        values = self.__dict__
        out: list[tuple[str, str]] = []
        written: set[str] = set()
        unknown = self.unknown_operations
        kept = {id(op) for op in unknown} if unknown else set()
        placed: set[int] = set()
        for item in self._order:
            if isinstance(item, Operation):
                if id(item) in kept and id(item) not in placed:
                    out.append((item.opcode, item.operands))
                    placed.add(id(item))
                continue
            value = values[_ATTRS[item]]
            if value is None or value is False or item in written:
                continue
            out.append((item, self._operand(item, value, style)))
            written.add(item)
        for name, attr, default in _WRITE_ORDER:
            value = values[attr]
            if name == "ld" and value is None and ld == "always":
                value = self.distribution.name
            if value is None or value == default or name in written:
                continue
            out.append((name, self._operand(name, value, style)))
        for op in unknown:
            if id(op) not in placed:
                out.append((op.opcode, op.operands))
        return out

    def _operand(self, name: str, value: object, style: MoveStyle) -> str:
        if name != "lm":
            return _codec.write_operand(name, value)
        assert isinstance(value, Move)
        # The current spec writes tiles already on the board as their letters: they are read
        # off the board (a move the spec cannot say, with a challenge bonus or over squares
        # the board does not fill, stays in the seed's notation).
        if style == "spec" and value.kind in (MoveKind.PLACEMENT, MoveKind.CHALLENGE):
            value = value.with_through_letters(self._grid())
        return value.notation(style=style)

    @property
    def last_move_style(self) -> MoveStyle:
        """The notation ``lm`` was read in: ``"seed"`` (``8D WORD``) or ``"spec"``
        (``8D.WORD``); ``"seed"`` for a move that was not read from text."""
        return self._lm_style or "seed"

    def operation_values(self) -> dict[str, object]:
        """Every known opcode to its current value (``None`` when absent)."""
        get = self.__dict__.get
        return {opcode: get(attr) for opcode, attr in _ATTRS.items()}

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict describing the position completely (schema: the ``position`` of
        ``schemas/cgp.json``), with ``player_names`` when the position has them;
        :meth:`from_json` reads it back."""
        options: dict[str, Any] = {}
        for opcode, value in self.operation_values().items():
            options[_ATTRS[opcode]] = (
                str(value) if opcode == "lm" and value is not None
                else list(value) if isinstance(value, (list, tuple)) else value
            )
        out: dict[str, Any] = {
            "format": "cgp-json",
            "version": JSON_VERSION,
            "cgp": self.cgp(),
            "rows": self.rows,
            "cols": self.cols,
            "board": [list(row) for row in self._grid()],
            "racks": [list(rack) for rack in self.racks],
            "scores": list(self.scores),
            "zero_turns": self.zero_turns,
            "operations": [[op, arg] for op, arg in self.operations()],
            "options": options,
            "distribution": self.distribution.name,
            "distribution_source": self.distribution_source,
            "layout": self.layout.name,
            "unseen": self.unseen(),
            "problems": [str(p) for p in self.problems()],
        }
        names = self._names()
        if names is not None:
            out["player_names"] = names
        return out

    def __repr__(self) -> str:
        extra = ""
        if self.distribution_source == "given":
            extra += f", distribution={self.distribution.name!r}"
        if self._layout_given is not None:
            extra += f", layout={self._layout_given.name!r}"
        return f"Position({self.cgp()!r}{extra})"

    def __str__(self) -> str:
        return picture(self)

    def _key(self) -> tuple[Any, ...]:
        return (self.cgp(lm_style="seed"), self.distribution.name, self.layout.name)

    def copy(self) -> Position:
        """A copy, equal to this position (rarely needed: a position never changes)."""
        names = self.player_names
        return self._derive(
            racks=FrozenList(FrozenList(rack) for rack in self.racks),
            scores=FrozenList(self.scores),
            player_names=None if names is None else FrozenList(names),
        )

    def contents(self) -> frozenset[str]:
        """What the position carries beyond its four fields, in the words of
        :attr:`puzzlefmt.format.Format.holds`: ``"operations"`` (any opcode),
        ``"distribution"`` (a distribution given to the reader that the text does not name),
        ``"layout"`` (a layout given to the reader that ``bdn`` or the board's size do not
        give)."""
        out: set[str] = set()
        if self.operations():
            out.add("operations")
        if self.distribution_source == "given":
            try:
                implied = Position._from_text(self.cgp()).distribution
            except ValueError:
                implied = None
            if implied is None or implied.name != self.distribution.name:
                out.add("distribution")
        given = self._layout_given
        if given is not None:
            named = self._named_layout(given=False)
            if not isinstance(named, Layout) or named.squares != given.squares:
                out.add("layout")
        return frozenset(out)

    # ------------------------------------------------------------------ the board

    @property
    def board(self) -> FrozenList[FrozenList[str | None]]:
        """The squares, ``board[row][col]``: ``None`` or a tile (read-only: build a changed
        position with :meth:`replace`). Rows and their slices equal lists
        (``board[7][6:9] == ["Q", "A", "T"]``)."""
        view = self._board_view
        if view is None:
            view = self._board_view = FrozenList(_Row(row) for row in self._grid())
        return view

    def _grid(self) -> Grid:
        """The squares as tuples, for reading fast (built from the board text the first
        time they are asked for)."""
        board = self._board
        if board is None:
            assert self._board_text is not None
            board = self._board = _tuples(_codec.expand_board(self._board_text))
        return board

    @property
    def rows(self) -> int:
        """The number of rows of the board."""
        return len(self._board) if self._board is not None else self._rows

    @property
    def cols(self) -> int:
        """The number of columns of the board."""
        if self._board is not None:
            return len(self._board[0]) if self._board else 0
        return self._cols

    @property
    def players(self) -> int:
        """The number of players (one rack each)."""
        return len(self.racks)

    def _names(self) -> list[str] | None:
        """``player_names`` when it names every player, else ``None``."""
        names = self.player_names
        if names is None or len(names) != len(self.racks):
            return None
        return list(names)

    def player_label(self, i: int, *, unnamed: str = "player {n}") -> str:
        """What the pictures call player ``i`` in turn order (0: the player to move): the
        name from :attr:`player_names`, else ``unnamed`` with ``{n}`` its place in the turn
        order, from 1."""
        names = self._names()
        return names[i] if names is not None else unnamed.format(n=i + 1)

    @property
    def rack_size(self) -> int:
        """How many tiles a full rack holds (7; 9 for hong_kong_english)."""
        return self.distribution.rack_size

    def tile_at(self, row: int, col: int) -> str | None:
        """The tile on a 0-based square, or ``None``."""
        return self._grid()[row][col]

    def tiles(self) -> Iterator[tuple[int, int, str]]:
        """Every tile on the board as ``(row, col, tile)``, row by row."""
        return iter([(r, c, sq) for r, row in enumerate(self._grid())
                     for c, sq in enumerate(row) if sq is not None])

    def tile_score(self, tile: str) -> int:
        """The points of a tile (0 for a blank, ``?`` or lower case)."""
        return self.distribution.score(tile)

    @property
    def layout(self) -> Layout:
        """The premium squares: the ``layout`` argument, else the one ``bdn`` names, else the
        standard layout of the board's size; a board no layout fits gets a plain one (and
        ``status()`` says so)."""
        chosen = self._layout_given
        if chosen is None and self.board_name is not None:
            try:
                chosen = get_layout(self.board_name)
            except KeyError:
                chosen = None
        if chosen is None and self.board_name is None:
            chosen = layout_for_size(self.rows, self.cols)
        if chosen is None or chosen.rows != self.rows or chosen.cols != self.cols:
            return Layout.plain(self.rows, self.cols)
        return chosen

    def premium(self, row: int, col: int) -> Premium:
        """The premium of a 0-based square."""
        return self.layout.premium(row, col)

    @property
    def start_square(self) -> tuple[int, int]:
        """The 0-based square the first play must cover."""
        return self.layout.start

    def last_move_squares(self, *, include_through: bool = False) -> list[tuple[int, int]]:
        """The squares ``lm`` placed tiles on (with the tiles it played through, if asked);
        empty when the last move is not a placement or lies off the board."""
        move = self.last_move
        if move is None or move.kind is not MoveKind.PLACEMENT:
            return []
        out = []
        for i, ((r, c), tile) in enumerate(zip(move.squares(), move.tiles, strict=True)):
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                return []
            if include_through or (tile != "." and i not in move.marked):
                out.append((r, c))
        return out

    # ------------------------------------------------------------------ tiles left

    def unseen(self) -> dict[str, int]:
        """Tiles neither on the board nor on a known rack: the bag plus the unknown parts of
        racks, label (``?`` for blanks) to count, in machine-letter order, zeros left out."""
        left = Counter(self.distribution.bag())
        for _, _, tile in self.tiles():
            left[BLANK if tile != tile.upper() else tile] -= 1
        for rack in self.racks:
            left.subtract(rack)
        return {t: n for t, n in left.items() if n > 0}

    def unseen_tiles(self) -> list[str]:
        """The unseen tiles one by one, in machine-letter order."""
        return [t for t, n in self.unseen().items() for _ in range(n)]

    def bag_count(self) -> int:
        """How many tiles are in the bag, assuming every rack that is not fully known is full
        (or holds what is left)."""
        unseen = sum(self.unseen().values())
        hidden = sum(max(0, self.rack_size - len(rack)) for rack in self.racks)
        return max(0, unseen - hidden)

    # ------------------------------------------------------------------ rules

    def _checks(self) -> list[tuple[Status, str, str]]:
        """The rule problems as ``(flag, where, message)``; each message starts with the
        field it concerns."""
        out: list[tuple[Status, str, str]] = []
        dist = self.distribution
        layout = self._named_layout()
        if isinstance(layout, str):
            out.append((Status.UNKNOWN_LAYOUT, "bdn", layout))
        elif layout is None:
            out.append((
                Status.BAD_BOARD_SIZE, "board",
                f"board: {self.rows}x{self.cols} fits no standard layout (CrosswordGame is "
                "15x15, SuperCrosswordGame 21x21); name one with bdn",
            ))
        elif layout.rows != self.rows or layout.cols != self.cols:
            out.append((
                Status.BAD_BOARD_SIZE, "board",
                f"board: {self.rows}x{self.cols}, but layout {layout.name} is "
                f"{layout.rows}x{layout.cols}",
            ))
        placed = list(self.tiles())
        on_board: Counter[str] = Counter(
            BLANK if tile != tile.upper() else tile for _, _, tile in placed
        )
        for tile, n in on_board.items():
            if n > dist.count(tile):
                what = "blanks" if tile == BLANK else f"{write_tile(tile)} tiles"
                out.append((
                    Status.TOO_MANY_TILES, "board",
                    f"board: {n} {what}, but the {dist.name} distribution has "
                    f"{dist.count(tile)}",
                ))
        total = on_board.copy()
        for rack in self.racks:
            total.update(rack)
        for tile, n in total.items():
            if n > dist.count(tile) and on_board[tile] <= dist.count(tile):
                what = "blanks" if tile == BLANK else f"{write_tile(tile)} tiles"
                out.append((
                    Status.OVER_BAG, "racks",
                    f"racks: board and racks hold {n} {what}, but the {dist.name} "
                    f"distribution has {dist.count(tile)}",
                ))
        for i, rack in enumerate(self.racks, start=1):
            if len(rack) > self.rack_size:
                out.append((
                    Status.RACK_TOO_LONG, f"rack {i}",
                    f"racks: rack {i} holds {len(rack)} tiles, more than a rack holds "
                    f"({self.rack_size})",
                ))
        groups = self._groups(placed)
        if groups > 1:
            out.append((Status.DISCONNECTED, "board",
                        f"board: the tiles are not connected ({groups} groups)"))
        plain = self.layout
        if on_board:
            board = self._grid()
            sr, sc = plain.start
            if board[sr][sc] is None:
                out.append((
                    Status.EMPTY_START, f"board {square_name(sr, sc)}",
                    f"board: the start square {square_name(sr, sc)} is empty, but "
                    f"{sum(on_board.values())} tiles are on the board",
                ))
            for r, c, tile in placed:
                if plain.squares[r][c] is Premium.BRICK:
                    out.append((
                        Status.BRICKED, f"board {square_name(r, c)}",
                        f"board: {tile!r} on {square_name(r, c)}, a square no tile may cover",
                    ))
        if self.zero_turns > self.max_zero_turns:
            out.append((
                Status.TOO_MANY_ZERO_TURNS, "consecutive zero turns",
                f"consecutive zero turns: {self.zero_turns}, more than mcnz "
                f"({self.max_zero_turns}) allows",
            ))
        mismatch = self._last_move_mismatch()
        if mismatch:
            out.append((Status.LAST_MOVE_MISMATCH, "lm", mismatch))
        return out

    def _named_layout(self, *, given: bool = True) -> Layout | str | None:
        """The layout asked for: a Layout, an error message (unknown bdn), or None (no
        layout fits the size). ``given=False``: leave the reader's ``layout`` out (what the
        text alone asks for)."""
        if given and self._layout_given is not None:
            return self._layout_given
        if self.board_name is not None:
            try:
                return get_layout(self.board_name)
            except KeyError:
                return f"bdn: unknown board layout {self.board_name!r}"
        return layout_for_size(self.rows, self.cols)

    def _groups(self, placed: list[tuple[int, int, str]]) -> int:
        """How many groups of connected tiles ``placed`` (the board's tiles) form."""
        rows, cols = self.rows, self.cols
        left = {r * cols + c for r, c, _ in placed}
        groups = 0
        while left:
            groups += 1
            stack = [left.pop()]
            while stack:
                i = stack.pop()
                r, c = divmod(i, cols)
                for j in (i - cols if r else -1, i + cols if r + 1 < rows else -1,
                          i - 1 if c else -1, i + 1 if c + 1 < cols else -1):
                    if j in left:
                        left.remove(j)
                        stack.append(j)
        return groups

    def _last_move_mismatch(self) -> str | None:
        move = self.last_move
        if move is None or move.kind is not MoveKind.PLACEMENT:
            return None
        board = self._grid()
        for (r, c), tile in zip(move.squares(), move.tiles, strict=True):
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                return f"lm: {move} runs off the {self.rows}x{self.cols} board"
            here = board[r][c]
            if here is None:
                return f"lm: {move} puts a tile on {square_name(r, c)}, which is empty"
            if tile != "." and tile.upper() != here.upper():
                return f"lm: {move} puts {tile!r} on {square_name(r, c)}, which holds {here!r}"
        return None

    def problems(self) -> list[Problem]:
        """The rule problems (empty when there are none): each a
        :class:`~puzzlefmt.model.Problem` with a code (``"over-bag"``), a message that
        starts with the field it concerns (``"racks: board and racks hold 2 Z tiles..."``),
        where (``"racks"``, ``"rack 2"``, ``"board 8H"``, ``"lm"``) and severity
        ``"error"``. The end of the game is not a problem (:meth:`status` flags it)."""
        return [Problem(_code(flag), message, where) for flag, where, message in self._checks()]

    def status(self) -> Status:
        """The rule problems, as flags (``Status.VALID`` when there are none), plus
        ``Status.GAME_OVER`` when the game has ended (not a problem)."""
        flags = Status.VALID
        for flag, _, _ in self._checks():
            flags |= flag
        if self.end_reason is not None:
            flags |= Status.GAME_OVER
        return flags

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game is over, as far as the position shows it: ``"zero-turns"`` when the
        count of consecutive scoreless turns has reached ``mcnz``; ``"out"`` when tiles are
        on the board, no tile is unseen (bag and racks all known) and a rack is empty; else
        ``None`` (the game goes on, or the position cannot tell)."""
        if self.zero_turns >= self.max_zero_turns:
            return "zero-turns"
        if (
            any(not rack for rack in self.racks)
            and not self.unseen()
            and any(sq is not None for row in self._grid() for sq in row)
        ):
            return "out"
        return None

    def is_game_over(self) -> bool:
        """True when the game has ended (:attr:`end_reason` says why); :meth:`play` then
        refuses every move."""
        return self.end_reason is not None

    # ------------------------------------------------------------------ moves

    def parse_move(self, text: str) -> Move:
        """Read a move in this position's distribution."""
        return Move.parse(text, self.distribution)

    def _move(self, move: Move | str) -> Move:
        return Move.parse(move, self.distribution) if isinstance(move, str) else move

    def evaluate(
        self,
        move: Move | str,
        *,
        check_rack: bool = True,
        words: Container[str] | None = None,
    ) -> ScoredPlay:
        """Check a placement by the player to move and score it; raise
        :class:`IllegalMoveError` with the reason.

        ``check_rack``: the tiles must come from the rack as written (an empty rack holds
        nothing); pass ``False`` when the rack is unknown. ``words``: a word list (capitals)
        every word formed must be in.
        """
        mv = self._move(move)
        if mv.kind is not MoveKind.PLACEMENT:
            raise ValueError(f"{mv} is not a placement; only placements are scored")
        return evaluate_placement(
            self._grid(),
            self.layout,
            self.distribution,
            mv,
            bingo_bonus=self.bingo_bonus,
            rack=self.racks[0] if check_rack else None,
            words=words,
        )

    def score(
        self,
        move: Move | str,
        *,
        check_rack: bool = False,
        words: Container[str] | None = None,
    ) -> int:
        """The points a move scores (0 for a pass, exchange or challenged-off play).

        Raises :class:`IllegalMoveError` for an illegal placement. The rack is not checked
        unless ``check_rack`` is set.
        """
        mv = self._move(move)
        if mv.kind is not MoveKind.PLACEMENT:
            return 0
        return self.evaluate(mv, check_rack=check_rack, words=words).score

    def illegal_reason(
        self,
        move: Move | str,
        *,
        check_rack: bool = True,
        words: Container[str] | None = None,
    ) -> IllegalMoveError | None:
        """Why ``move`` cannot be played (the error, with ``reason``), or ``None``."""
        try:
            self._check_legal(self._move(move), check_rack=check_rack, words=words)
        except IllegalMoveError as exc:
            return exc
        return None

    def is_legal(
        self,
        move: Move | str,
        *,
        check_rack: bool = True,
        words: Container[str] | None = None,
    ) -> bool:
        """True when ``move`` can be played by the player to move."""
        return self.illegal_reason(move, check_rack=check_rack, words=words) is None

    def _check_legal(
        self, mv: Move, *, check_rack: bool, words: Container[str] | None
    ) -> ScoredPlay | None:
        if mv.kind is MoveKind.PLACEMENT:
            return self.evaluate(mv, check_rack=check_rack, words=words)
        if mv.kind is MoveKind.EXCHANGE:
            bag = self.bag_count()
            if bag < self.exchange_limit:
                raise IllegalMoveError(
                    IllegalReason.BAG_TOO_SMALL,
                    f"the bag holds {bag} tiles; an exchange needs {self.exchange_limit} (etl)",
                    mv,
                )
            if check_rack:
                rack = Counter(self.racks[0])
                if mv.exchanged:
                    short = Counter(mv.exchanged) - rack
                    if short:
                        missing = "".join(write_tile(t) for t in sorted(short.elements()))
                        raise IllegalMoveError(
                            IllegalReason.NOT_IN_RACK, f"the rack lacks {missing}", mv
                        )
                elif mv.count > sum(rack.values()):
                    raise IllegalMoveError(
                        IllegalReason.NOT_IN_RACK,
                        f"the rack holds {sum(rack.values())} tiles, fewer than {mv.count}",
                        mv,
                    )
        return None

    def leave(self, move: Move | str) -> list[str]:
        """What stays on the mover's rack after ``move`` (before drawing)."""
        mv = self._move(move)
        rack = list(self.racks[0])
        if mv.kind is MoveKind.PLACEMENT:
            used = self.evaluate(mv, check_rack=False).played_tiles
        elif mv.kind is MoveKind.EXCHANGE:
            used = list(mv.exchanged)
        else:
            used = []
        for tile in used:
            if tile in rack:
                rack.remove(tile)
        return rack

    def play(
        self,
        move: Move | str,
        *,
        check_rack: bool = True,
        words: Container[str] | None = None,
        rules: Rules | None = None,
        settle: bool = True,
    ) -> Position:
        """The position after the player to move plays ``move``.

        The board gets the new tiles; the mover's score grows by the play's score (a ``+N``
        challenge bonus included); the mover's rack keeps what is left (the tiles drawn are
        unknown); a play of tiles resets the count of consecutive scoreless turns (even one
        that scores 0, unless ``rules`` say otherwise) and a pass, an exchange or a play
        challenged off adds one; the mover goes to the end of the turn order (racks, scores,
        timers); ``lm`` becomes the move, with ``.`` for through tiles.

        The end of the game (``rules``: :class:`Rules`, by default macondo's and MAGPIE's):
        a play that uses the last tile of the mover's rack (as written: the whole rack) with
        the bag empty (the other racks hold every unseen tile) goes out: the
        tiles left unseen are put on the other rack (two players) and, with ``settle``, the
        mover gains twice their value. The ``mcnz``-th consecutive scoreless turn ends the
        game and, with ``settle``, each player loses the value of their rack (a rack as
        written is the whole rack, as MAGPIE reads it; an empty rack is unknown unless the bag
        is empty and it is the only one, when it holds every unseen tile). ``settle=False``
        ends the game without touching the scores (a game record brings its own end-of-game
        events). Once the game is over (:meth:`is_game_over`) every move is refused.

        Raises :class:`IllegalMoveError` (``reason`` ``GAME_OVER`` after the end), and
        ``ValueError`` when ``settle`` needs a rack that is not known.
        """
        mv = self._move(move)
        reason = self.end_reason
        if reason is not None:
            why = (
                f"{self.zero_turns} consecutive scoreless turns (mcnz {self.max_zero_turns})"
                if reason == "zero-turns" else "a player went out"
            )
            raise IllegalMoveError(IllegalReason.GAME_OVER, f"the game ended: {why}", mv)
        rules = rules or Rules()
        played = self._check_legal(mv, check_rack=check_rack, words=words)
        points = 0
        rack = list(self.racks[0])
        last = mv
        drew_unknown = False
        board: dict[str, Any] = {}  # the board's fields, when the move changes it
        if played is not None:
            board = {"_board": _placed(self._grid(), played.placed), "_board_text": None}
            for tile in played.played_tiles:
                if tile in rack:
                    rack.remove(tile)
            points = played.score
            last = Move.parse(played.notation(through="dot"), self.distribution)
        elif mv.kind is MoveKind.EXCHANGE:
            drew_unknown = True
            if mv.exchanged:
                for tile in mv.exchanged:
                    if tile in rack:
                        rack.remove(tile)
            else:
                rack = []  # which tiles went back is not known
        scores = list(self.scores)
        scores[0] += points
        if played is not None:
            scoreless = points == 0 and rules.scoreless_placement == "counts"
        else:
            scoreless = True
        nxt = self._derive(
            _text=None,
            deviations=FrozenList(),
            racks=FrozenList([FrozenList(rack), *self.racks[1:]]),
            scores=FrozenList(scores),
            zero_turns=self.zero_turns + 1 if scoreless else 0,
            last_move=last,
            **board,
        )
        # The mover's rack as written is the whole rack; the others hold what they may.
        others = sum(max(0, self.rack_size - len(r)) for r in self.racks[1:])
        went_out = (
            played is not None
            and bool(self.racks[0])
            and not rack
            and sum(self.unseen().values()) <= others
        )
        if went_out:
            nxt = _go_out(nxt, rules, settle)
        elif nxt.zero_turns >= nxt.max_zero_turns and settle:
            if drew_unknown:
                raise ValueError(
                    "cgp: this exchange is the last scoreless turn, but the tiles drawn are "
                    "unknown, so the rack penalties cannot be settled; play it with "
                    "settle=False and adjust the scores"
                )
            held = _final_racks(nxt, "the scoreless-turn penalties")
            nxt = nxt._derive(scores=FrozenList(
                score - sum(nxt.distribution.score(t) for t in rack)
                for score, rack in zip(nxt.scores, held, strict=True)))
        return nxt._rotated(1)

    def _rotated(self, k: int) -> Position:
        """This position with the turn order ``k`` players on (racks, scores, and the timers
        and names when there is one a player)."""
        n = len(self.racks)
        if n == 0 or k % n == 0:
            return self
        k %= n
        changes: dict[str, Any] = {
            "racks": FrozenList(self.racks[k:] + self.racks[:k]),
            "scores": FrozenList(self.scores[k:] + self.scores[:k]),
        }
        for name in ("timers", "player_names"):
            values = getattr(self, name)
            if values is not None and len(values) == n:
                changes[name] = FrozenList(values[k:] + values[:k])
        return self._derive(**changes)


def _placed(board: Grid, placed: Sequence[tuple[int, int, str]]) -> Grid:
    """``board`` with tiles put on squares (only the rows they touch are copied)."""
    rows = list(board)
    touched: dict[int, list[str | None]] = {}
    for r, c, tile in placed:
        row = touched.get(r)
        if row is None:
            row = touched[r] = list(rows[r])
        row[c] = tile
    for r, row in touched.items():
        rows[r] = tuple(row)
    return tuple(rows)


def _final_racks(pos: Position, what: str, *, mover_out: bool = False) -> list[list[str]]:
    """Every player's rack at the end of the game (index 0 the mover, not yet rotated): as
    written, except that with the bag empty the one unknown (empty) rack holds every unseen
    tile. Raises ``ValueError`` when an empty rack may hold unknown tiles. ``mover_out``: the
    mover's empty rack is known to be empty."""
    racks = [list(rack) for rack in pos.racks]
    unseen = pos.unseen_tiles()
    if not unseen:
        return racks
    empty = [i for i, rack in enumerate(racks) if not rack and not (mover_out and i == 0)]
    if pos.bag_count() == 0 and len(empty) == 1:
        racks[empty[0]] = unseen
        return racks
    if empty:
        who = ", ".join(str(i + 1) for i in empty)
        raise ValueError(
            f"cgp: the game is over, but rack {who} (in turn order, mover first) is unknown "
            f"and {len(unseen)} tiles are unseen, so {what} cannot be settled; give the racks "
            "or play with settle=False"
        )
    return racks


def _go_out(pos: Position, rules: Rules, settle: bool) -> Position:
    """The mover (rack 0, now empty) went out: put the unseen tiles on the other rack and,
    with ``settle``, score the racks left."""
    unseen = pos.unseen_tiles()
    if unseen and len(pos.racks) == 2:
        other = FrozenList(sorted([*pos.racks[1], *unseen], key=pos.distribution.sort_key))
        pos = pos._derive(racks=FrozenList([pos.racks[0], other]))
    if not settle:
        return pos
    left = _final_racks(pos, "going out", mover_out=True)
    values = [sum(pos.distribution.score(t) for t in rack) for rack in left]
    scores = list(pos.scores)
    if rules.going_out == "twice":
        scores[0] += 2 * sum(values[1:])
    else:
        scores[0] += sum(values[1:])
        for i in range(1, len(values)):
            scores[i] -= values[i]
    return pos._derive(scores=FrozenList(scores))


# ---------------------------------------------------------------------- replace's checks

# The fields replace() takes: the four of a CGP, the names, and one a known opcode.
_REPLACEABLE = frozenset({"board", "racks", "scores", "zero_turns", "player_names",
                          "unknown_operations", *_ATTRS.values()})
_OPCODE_OF = {attr: opcode for opcode, attr in _ATTRS.items()}
_MAX_NUMBER = 10**18  # what the reader's 18 digits hold


def _whole(value: object, where: str, *, signed: bool = False) -> int:
    if (isinstance(value, bool) or not isinstance(value, int)
            or not (-_MAX_NUMBER if signed else 0) <= value < _MAX_NUMBER):
        kind = "a whole number" if signed else "a whole number, 0 or more,"
        raise ValueError(f"{where}: expected {kind} of at most 18 digits, found {value!r}")
    return value


def _is_list(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str)


def _tile_list(pos: Position, value: object, where: str) -> FrozenList[str]:
    """A rack as the reader reads it: labels of the distribution and ``?``."""
    if not _is_list(value):
        raise ValueError(f"{where}: expected a list of tiles, found {value!r}")
    assert isinstance(value, Sequence)
    dist = pos.distribution
    for tile in value:
        if not (isinstance(tile, str) and tile in dist
                and (tile == BLANK or not dist.index(tile) & 0x80)):
            raise ValueError(f"{where}: {tile!r} is not a tile of the {dist.name} distribution")
    return FrozenList(value)


def _check_board(pos: Position, value: object) -> Grid:
    """Rows of squares of this position's size, each ``None`` or a tile (a blank played as a
    letter in lower case)."""
    if not _is_list(value):
        raise ValueError(f"board: expected rows of squares, found {value!r}")
    assert isinstance(value, Sequence)
    rows: list[tuple[str | None, ...]] = []
    dist = pos.distribution
    for r, row in enumerate(value, start=1):
        if not _is_list(row) or len(row) != pos.cols:
            raise ValueError(f"board row {r}: expected {pos.cols} squares, found {row!r}")
        for tile in row:
            if tile is not None and not (isinstance(tile, str) and tile != BLANK
                                         and tile in dist):
                raise ValueError(f"board row {r}: {tile!r} is not a tile of the {dist.name} "
                                 "distribution")
        rows.append(tuple(row))
    if len(rows) != pos.rows:
        raise ValueError(f"board: expected {pos.rows} rows, found {len(rows)} (read a CGP "
                         "to change the board's size)")
    return tuple(rows)


def _check_field(pos: Position, name: str, value: object) -> object:
    """``value`` for the field ``name``, frozen, checked as the reader checks the text."""
    if name == "board":
        return _check_board(pos, value)
    if name == "racks":
        if not _is_list(value) or not value:
            raise ValueError(f"racks: expected a list of racks, one a player, found {value!r}")
        assert isinstance(value, Sequence)
        return FrozenList(_tile_list(pos, rack, f"racks: rack {i}")
                          for i, rack in enumerate(value, start=1))
    if name == "scores":
        if not _is_list(value):
            raise ValueError(f"scores: expected a list of scores, found {value!r}")
        assert isinstance(value, Sequence)
        return FrozenList(_whole(v, f"scores: score {i}", signed=True)
                          for i, v in enumerate(value, start=1))
    if name == "zero_turns":
        return _whole(value, "consecutive zero turns")
    if name == "player_names":
        if value is None:
            return None
        if not _is_list(value):
            raise ValueError(f"player_names: expected a list of names, found {value!r}")
        assert isinstance(value, Sequence)
        if not all(isinstance(v, str) for v in value):
            raise ValueError(f"player_names: expected a list of names, found {value!r}")
        return FrozenList(value)
    if name == "unknown_operations":
        if not _is_list(value):
            raise ValueError(f"unknown_operations: expected a list, found {value!r}")
        assert isinstance(value, Sequence)
        if not all(isinstance(op, Operation) and op.opcode not in _ATTRS for op in value):
            raise ValueError("unknown_operations: expected a list of Operation, none of a "
                             f"known opcode, found {value!r}")
        return FrozenList(value)
    return _check_operand(pos, _OPCODE_OF[name], value)


def _check_operand(pos: Position, opcode: str, value: object) -> object:
    """A known opcode's value, checked: ``None`` (absent), else what the reader makes of
    its operand."""
    if value is None:
        return DEFAULTS.get(opcode) if opcode == "oru" else None
    if opcode in ("bb", "etl", "mcnz", "ti", "to"):
        return _whole(value, opcode)
    if opcode == "oru":
        if not isinstance(value, bool):
            raise ValueError(f"oru: expected True or False, found {value!r}")
        return value
    if opcode == "cr":
        if not isinstance(value, str) or value.lower() not in CHALLENGE_RULES:
            raise ValueError(f"cr: expected a challenge rule ({', '.join(CHALLENGE_RULES)}), "
                             f"found {value!r}")
        return value
    if opcode == "tmr":
        if not _is_list(value):
            raise ValueError(f"tmr: expected a list of timers, found {value!r}")
        assert isinstance(value, Sequence)
        return FrozenList(_whole(v, f"tmr: timer {i}", signed=True)
                          for i, v in enumerate(value, start=1))
    if opcode == "lm":
        if isinstance(value, str):
            try:
                return pos.parse_move(value)
            except ValueError as exc:  # PuzzleFormatError is one
                raise ValueError(f"lm: {exc}") from None
        if not isinstance(value, Move):
            raise ValueError(f"lm: expected a Move or its text, found {value!r}")
        return value
    # a name: one operand, no blank, no ';'
    if not isinstance(value, str) or not value or any(ch in value for ch in " \t\r\n;"):
        raise ValueError(f"{opcode}: expected one word (no blank, no ';'), found {value!r}")
    return value


def _check_counts(pos: Position) -> None:
    """What ties the fields together: a score a rack, a timer and a name a player."""
    players = len(pos.racks)
    if len(pos.scores) != players:
        raise ValueError(f"scores: expected one score per rack ({players}), found "
                         f"{len(pos.scores)}")
    if pos.timers is not None and len(pos.timers) != players:
        raise ValueError(f"tmr: expected one timer per player ({players}), found "
                         f"{len(pos.timers)}")
    names = pos.player_names
    if names is not None and len(names) != players:
        raise ValueError(f"player_names: expected one name per player ({players}), found "
                         f"{len(names)}")


def read_position(
    text: str,
    *,
    distribution: Distribution | str | None = None,
    layout: Layout | str | None = None,
    strict: bool = False,
) -> Position:
    """One CGP line into a :class:`Position` (what the ``cgp`` and ``cgp-list`` formats call
    for each line); raises :class:`PuzzleFormatError`."""
    return Position._from_text(text, distribution=distribution, layout=layout, strict=strict)


# ---------------------------------------------------------------------- the text picture


def _source(position: Position) -> str:
    src = position.distribution_source
    if src == "lex":
        return f"inferred from lex {position.lexicon}"
    if src == "default":
        return "default: no ld and no known lexicon"
    if src == "given":
        return "given"
    return "ld"


def picture(position: Position, *, coordinates: bool = True) -> str:
    """The board as text, with coordinates, followed by racks, scores and operations: what
    ``str(position)`` and ``puzzlefmt show`` print.

    Empty squares show the layout symbol (``=`` 3W, ``-`` 2W, ``~`` 4W, ``"`` 3L, ``'`` 2L,
    ``^`` 4L, ``#`` no tile) or ``.``; the empty start square is ``*``. Tiles show their label,
    blanks in lower case.
    """
    layout = position.layout
    start = layout.start
    width = max([1, *(len(t) for _, _, t in position.tiles())])
    margin = len(str(position.rows)) + 1
    lines: list[str] = []
    if coordinates:
        head = " " * margin + " ".join(
            column_name(c).ljust(width) for c in range(position.cols)
        )
        lines.append(head.rstrip())
    for r, row in enumerate(position._grid()):
        cells: list[str] = []
        for c, tile in enumerate(row):
            if tile is not None:
                cells.append(tile.ljust(width))
                continue
            premium = layout.squares[r][c]
            if (r, c) == start and premium is not Premium.BRICK:
                symbol = "*"
            elif premium is Premium.NONE:
                symbol = "."
            else:
                symbol = premium.symbol
            cells.append(symbol.ljust(width))
        prefix = str(r + 1).rjust(margin - 1) + " " if coordinates else ""
        lines.append((prefix + " ".join(cells)).rstrip())
    lines.append("")
    racks = [write_tiles(rack) if rack else "(unknown)" for rack in position.racks]
    rack_width = max(len(r) for r in racks)
    labels = [position.player_label(i) for i in range(len(racks))]
    label_width = max(len(label) for label in labels)
    for i, (rack, score) in enumerate(zip(racks, position.scores, strict=True)):
        mark = ">" if i == 0 else " "
        lines.append(f"{mark} {labels[i].ljust(label_width)}  {rack.ljust(rack_width)}  "
                     f"{score:>5}")
    lines.append(f"consecutive zero turns: {position.zero_turns}")
    lines.append(
        f"distribution: {position.distribution.name} ({_source(position)}); "
        f"layout: {layout.name}; unseen tiles: {sum(position.unseen().values())}"
    )
    # The operations as the CGP writes them, read without writing the CGP: a position that
    # no CGP holds (one player, rack unknown: the end of a one-player game) is shown too.
    ops = _operations_text(position.operations())
    if ops:
        lines.append(ops)
    return "\n".join(lines)


def _operations_text(ops: list[tuple[str, str]]) -> str:
    """The operations field of a CGP: ``op operands;`` each, one space apart."""
    return " ".join(f"{op} {arg};" if arg else f"{op};" for op, arg in ops)
