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

This module holds the model: its fields, its constructors and :meth:`Position.replace`, the
CGP it writes, equality, the JSON form, the board and the tiles left. ``Position`` gets its
rule checks from :class:`~puzzlefmt.cgp.problems.PositionRules`, playing moves from
:class:`~puzzlefmt.cgp.playing.PositionPlay` and its text picture from
:func:`~puzzlefmt.cgp.textpicture.picture`, modules below it; it imports no format, engine or
SVG picture. ``Position(text)`` and ``position._repr_svg_()`` reach the formats and the SVG
picture through the engines that :mod:`puzzlefmt.cgp.family` installs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Self, SupportsIndex, overload

from puzzlefmt.cgp import _cgpcodec as _codec
from puzzlefmt.cgp._cgpcodec import DEFAULTS, KNOWN_OPCODES, WRITE_ORDER, Fields, Operation
from puzzlefmt.cgp._fieldcheck import REPLACEABLE, check_counts, check_field
from puzzlefmt.cgp._jsoncodec import line_from_json, names_from_json
from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.layouts import Layout, Premium, get_layout, layout_for_size
from puzzlefmt.cgp.moves import Grid, Move, MoveKind, MoveStyle
from puzzlefmt.cgp.playing import PositionPlay
from puzzlefmt.cgp.textpicture import picture
from puzzlefmt.cgp.tiles import BLANK
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.model import (
    Engines,
    FrozenList,
    Model,
    frozen_list,
    json_object,
    keyword_fields,
)
from puzzlefmt.textio import text_of

__all__ = ["EMPTY_CGP", "Position", "read_position"]

#: The empty 15x15 board, two players with unknown racks, no score yet.
EMPTY_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0"

DistributionSource = Literal["ld", "lex", "default", "given"]

#: The version of the JSON form (``"version"``).
JSON_VERSION = 1


# Each opcode's attribute, and every attribute with its default (None: absent).
_ATTRS = KNOWN_OPCODES
_DEFAULT_VALUES: dict[str, object] = {
    attr: DEFAULTS.get(opcode) for opcode, attr in KNOWN_OPCODES.items()
}
# The order in which cgp() adds opcodes that were not in the text read, each with its
# attribute and the default it is not written at (None: written whenever present).
_WRITE_ORDER = tuple((name, _ATTRS[name], DEFAULTS.get(name)) for name in WRITE_ORDER)


def _not_installed(*args: Any) -> Any:
    raise RuntimeError("import puzzlefmt.cgp: the family installs the move generator")


def _tuples(board: Iterable[Iterable[str | None]]) -> Grid:
    return tuple(map(tuple, board))


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


@dataclass(frozen=True, slots=True)
class PositionEngines(Engines):
    """A position's engines: the shared ones (the ``moves`` engine is in the table, ``run``)
    and the move generator's Python face, which takes lexicon objects as well as files
    (:mod:`puzzlefmt.cgp.movegen`, loaded with its kernels on first use)."""

    #: ``(position, lexicon, leaves) -> MoveList``: every legal move.
    generate_moves: Callable[..., Any] = _not_installed
    #: ``(position, lexicon, n, leaves) -> list of GeneratedMove``: the ``n`` best.
    best_moves: Callable[..., Any] = _not_installed


class Position(PositionPlay, Model):
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
            racks=FrozenList(map(FrozenList, fields.racks)),  # lists of tiles (strings)
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

    def _derive(self, **changes: Any) -> Self:
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
        unknown = sorted(set(fields) - REPLACEABLE)
        if unknown:
            raise TypeError(
                f"Position.replace() has no field {', '.join(unknown)} (its fields: "
                f"{', '.join(sorted(REPLACEABLE))})")
        changes: dict[str, Any] = {"_text": None}
        for name, value in fields.items():
            changes[name] = check_field(name, value, distribution=self.distribution,
                                        rows=self.rows, cols=self.cols)
        if "board" in changes:
            changes["_board"] = changes.pop("board")
            changes["_board_text"] = None
        new = self._derive(**changes)
        check_counts(new.racks, new.scores, new.timers, new.player_names)
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
        ops = _codec.write_operations(self.operations(ld=ld, lm_style=lm_style))
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
            # a cache, written past the write-once guard (a private name: never refused)
            view = self.__dict__["_board_view"] = FrozenList(map(_Row, self._grid()))
        return view

    def _grid(self) -> Grid:
        """The squares as tuples, for reading fast (built from the board text the first
        time they are asked for)."""
        board = self._board
        if board is None:
            assert self._board_text is not None
            board = self.__dict__["_board"] = _tuples(_codec.expand_board(self._board_text))
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

    # ------------------------------------------------------------------ moves with a lexicon

    def generate_moves(self, lexicon: Any, leaves: Any = None) -> Any:
        """Every legal move of the player to move with ``lexicon`` (a
        :class:`~puzzlefmt.cgp.lexicon.Lexicon` or a KWG file) and ``leaves`` (a
        :class:`~puzzlefmt.cgp.lexicon.Leaves`, a KLV2 file, or ``None``), each with its score
        and equity as MAGPIE computes them: a :class:`~puzzlefmt.cgp.movegen.MoveList`
        (columns of numpy arrays; iterating it gives the moves). Raises
        :class:`~puzzlefmt.cgp.movegen.LexiconMismatchError` when the position names
        another lexicon or distribution."""
        return self._position_engines().generate_moves(self, lexicon, leaves)

    def best_moves(self, lexicon: Any, n: int = 1, leaves: Any = None) -> Any:
        """The ``n`` best moves (equity, then MAGPIE's order among equals), as
        :meth:`generate_moves` finds them: a list of
        :class:`~puzzlefmt.cgp.movegen.GeneratedMove`."""
        return self._position_engines().best_moves(self, lexicon, n, leaves)

    @classmethod
    def _position_engines(cls) -> PositionEngines:
        engines = cls._engines()
        if not isinstance(engines, PositionEngines):  # pragma: no cover - the family's own
            raise TypeError("the CGP family installs PositionEngines on Position")
        return engines

    def moves(self, **options: Any) -> Any:
        """The ``moves`` engine (``puzzlefmt moves``): ``lexicon`` (a KWG file), ``leaves``
        (a KLV2 file), ``top`` (how many, 0 all): the best moves, best first."""
        return self._run("moves", **options)



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


keyword_fields(Position.replace, sorted(REPLACEABLE))
