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
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Container, Iterator
from typing import Literal

from puzzlefmt.cgp import cgp as _cgp
from puzzlefmt.cgp.cgp import DEFAULTS, KNOWN_OPCODES, Operation
from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.layouts import Layout, Premium, get_layout, layout_for_size
from puzzlefmt.cgp.moves import (
    IllegalMoveError,
    IllegalReason,
    Move,
    MoveKind,
    MoveStyle,
    ScoredPlay,
    evaluate_placement,
    square_name,
)
from puzzlefmt.cgp.rules import Rules
from puzzlefmt.cgp.text import picture
from puzzlefmt.cgp.tiles import BLANK, write_tile

__all__ = ["EMPTY_CGP", "EndReason", "Position", "Status"]

#: The empty 15x15 board, two players with unknown racks, no score yet.
EMPTY_CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0"

DistributionSource = Literal["ld", "lex", "default", "given"]


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

EndReason = Literal["zero-turns", "out"]


class Position:
    """A crossword game position: board, racks and scores in turn order, and the operations.

    ``Position(cgp)`` parses a CGP string (raises
    :class:`~puzzlefmt.errors.PuzzleFormatError`); ``position.cgp()`` writes it back.
    ``Position()`` is the empty 15x15 board for two players.

    The fields, python-chess style, are plain attributes:

    - ``board[row][col]``: ``None`` (empty), a tile label (``"A"``, ``"CH"``) or a blank played
      as a letter in lower case (``"a"``); rows and columns are 0-based.
    - ``racks[i]``, ``scores[i]``: player ``i`` in turn order, 0 moves next. A rack is a list of
      labels and ``"?"``; it may be partial or empty (unknown).
    - ``zero_turns``: consecutive zero-score turns before this position.
    - one attribute per opcode of the seed, with its default: ``bingo_bonus`` (``bb``, 50),
      ``board_name`` (``bdn``), ``challenge_rule`` (``cr``), ``exchange_limit`` (``etl``, 7),
      ``game_id`` (``gid``), ``distribution_name`` (``ld``), ``lexicon`` (``lex``),
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

    board: list[list[str | None]]
    racks: list[list[str]]
    scores: list[int]
    zero_turns: int
    bingo_bonus: int
    board_name: str | None
    challenge_rule: str | None
    exchange_limit: int
    game_id: str | None
    distribution_name: str | None
    lexicon: str | None
    last_move: Move | None
    max_zero_turns: int
    timer_increment: int | None
    timers: list[int] | None
    max_overtime: int | None
    variant: str | None
    opponent_rack_unknown: bool
    unknown_operations: list[Operation]
    deviations: list[str]
    distribution: Distribution
    distribution_source: DistributionSource

    def __init__(
        self,
        cgp: str = EMPTY_CGP,
        *,
        distribution: Distribution | str | None = None,
        layout: Layout | str | None = None,
        strict: bool = False,
    ) -> None:
        self._layout_given: Layout | None = (
            get_layout(layout) if isinstance(layout, str) else layout
        )
        self.set_cgp(cgp, distribution=distribution, strict=strict)

    def set_cgp(
        self,
        cgp: str,
        *,
        distribution: Distribution | str | None = None,
        strict: bool = False,
    ) -> None:
        """Replace this position with the one ``cgp`` describes (python-chess's
        ``set_fen``). ``strict=True`` refuses every deviation from the spec that the reader
        otherwise tolerates (``docs/cgp.md`` lists them)."""
        fields = _cgp.read(
            cgp, distribution=distribution, layout=self._layout_given, strict=strict
        )
        self.board = fields.board
        self.racks = fields.racks
        self.scores = fields.scores
        self.zero_turns = fields.zero_turns
        self.distribution = fields.distribution
        self.distribution_source = fields.distribution_source
        for opcode, attr in KNOWN_OPCODES.items():
            setattr(self, attr, fields.values.get(opcode, DEFAULTS.get(opcode)))
        self.unknown_operations = fields.unknown
        self._order: list[str | Operation] = fields.order
        self._lm_style: MoveStyle | None = fields.lm_style
        self.deviations = fields.deviations
        # The text as read, for cgp(exact=True), with what it was read with.
        self._text: str | None = cgp
        self._read_distribution = distribution

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
        if not (1 <= rows <= _cgp.MAX_DIMENSION and 1 <= cols <= _cgp.MAX_DIMENSION):
            raise ValueError(f"board size {rows}x{cols} is out of range")
        if players < 1:
            raise ValueError("a position needs at least one player")
        if players == 1:
            text = f"{'/'.join([str(cols)] * rows)} ? 0 0"
            pos = cls(text, distribution=distribution, layout=layout)
            pos.racks = [[]]
            return pos
        racks = "/" * (players - 1)
        scores = "/".join(["0"] * players)
        return cls(
            f"{'/'.join([str(cols)] * rows)} {racks} {scores} 0",
            distribution=distribution,
            layout=layout,
        )

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

        ``operations="none"``: the four required fields only. ``ld="always"``: add
        ``ld NAME;`` when the distribution was inferred or defaulted. ``lm_style``: the
        notation of ``lm``: as it was read (the seed's for a move made by :meth:`play` on a
        position without ``lm``), ``"seed"`` (``8D WORD``, ``-ABC``, ``-``) or ``"spec"``
        (``8D.WORD``, ``ex.ABC``, ``pass``). ``exact=True``: the text exactly as it was read
        (a byte-order mark, ``;;``, ``+5``... kept) when the position has not changed since;
        otherwise the normal form.
        """
        if exact and self._text is not None:
            try:
                again = Position(
                    self._text, distribution=self._read_distribution, layout=self._layout_given
                )
            except ValueError:
                again = None
            if again is not None and again.cgp() == _cgp.write(self):
                return self._text
        return _cgp.write(self, operations=operations, ld=ld, lm_style=lm_style)

    @property
    def last_move_style(self) -> MoveStyle:
        """The notation ``lm`` was read in: ``"seed"`` (``8D WORD``) or ``"spec"``
        (``8D.WORD``); ``"seed"`` for a move that was not read from text."""
        return self._lm_style or "seed"

    def operation_values(self) -> dict[str, object]:
        """Every known opcode to its current value (``None`` when absent)."""
        return {opcode: getattr(self, attr) for opcode, attr in KNOWN_OPCODES.items()}

    def __repr__(self) -> str:
        extra = ""
        if self.distribution_source == "given":
            extra += f", distribution={self.distribution.name!r}"
        if self._layout_given is not None:
            extra += f", layout={self._layout_given.name!r}"
        return f"Position({self.cgp()!r}{extra})"

    def __str__(self) -> str:
        return picture(self)

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a position as its SVG picture."""
        from puzzlefmt import registry

        fam = registry.family("cgp")
        return fam.svg(self) if fam.svg is not None else None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.cgp(lm_style="seed") == other.cgp(lm_style="seed")
            and self.distribution.name == other.distribution.name
            and self.layout.name == other.layout.name
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, like chess.Board

    def copy(self) -> Position:
        """An independent copy (board, racks, scores, timers and operations are new lists;
        the distribution and layout are shared, they never change)."""
        new = object.__new__(Position)
        new.__dict__.update(self.__dict__)
        new.board = [row[:] for row in self.board]
        new.racks = [rack[:] for rack in self.racks]
        new.scores = self.scores[:]
        new.timers = self.timers[:] if self.timers is not None else None
        new.unknown_operations = self.unknown_operations[:]
        new._order = self._order[:]
        new.deviations = self.deviations[:]
        return new

    # ------------------------------------------------------------------ the board

    @property
    def rows(self) -> int:
        return len(self.board)

    @property
    def cols(self) -> int:
        return len(self.board[0]) if self.board else 0

    @property
    def players(self) -> int:
        return len(self.racks)

    @property
    def rack_size(self) -> int:
        """How many tiles a full rack holds (7; 9 for hong_kong_english)."""
        return self.distribution.rack_size

    def tile_at(self, row: int, col: int) -> str | None:
        """The tile on a 0-based square, or ``None``."""
        return self.board[row][col]

    def tiles(self) -> Iterator[tuple[int, int, str]]:
        """Every tile on the board as ``(row, col, tile)``, row by row."""
        for r, row in enumerate(self.board):
            for c, sq in enumerate(row):
                if sq is not None:
                    yield r, c, sq

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

    def _checks(self) -> list[tuple[Status, str]]:
        out: list[tuple[Status, str]] = []
        dist = self.distribution
        layout = self._named_layout()
        if isinstance(layout, str):
            out.append((Status.UNKNOWN_LAYOUT, layout))
        elif layout is None:
            out.append(
                (
                    Status.BAD_BOARD_SIZE,
                    f"board: {self.rows}x{self.cols} fits no standard layout (CrosswordGame is "
                    "15x15, SuperCrosswordGame 21x21); name one with bdn",
                )
            )
        elif layout.rows != self.rows or layout.cols != self.cols:
            out.append(
                (
                    Status.BAD_BOARD_SIZE,
                    f"board: {self.rows}x{self.cols}, but layout {layout.name} is "
                    f"{layout.rows}x{layout.cols}",
                )
            )
        on_board: Counter[str] = Counter()
        for _, _, tile in self.tiles():
            on_board[BLANK if tile != tile.upper() else tile] += 1
        for tile, n in on_board.items():
            if n > dist.count(tile):
                what = "blanks" if tile == BLANK else f"{write_tile(tile)} tiles"
                out.append(
                    (
                        Status.TOO_MANY_TILES,
                        f"board: {n} {what}, but the {dist.name} distribution has "
                        f"{dist.count(tile)}",
                    )
                )
        total = on_board.copy()
        for rack in self.racks:
            total.update(rack)
        for tile, n in total.items():
            if n > dist.count(tile) and on_board[tile] <= dist.count(tile):
                what = "blanks" if tile == BLANK else f"{write_tile(tile)} tiles"
                out.append(
                    (
                        Status.OVER_BAG,
                        f"racks: board and racks hold {n} {what}, but the {dist.name} "
                        f"distribution has {dist.count(tile)}",
                    )
                )
        for i, rack in enumerate(self.racks, start=1):
            if len(rack) > self.rack_size:
                out.append(
                    (
                        Status.RACK_TOO_LONG,
                        f"racks: rack {i} holds {len(rack)} tiles, more than a rack holds "
                        f"({self.rack_size})",
                    )
                )
        groups = self._groups()
        if groups > 1:
            out.append(
                (Status.DISCONNECTED, f"board: the tiles are not connected ({groups} groups)")
            )
        plain = self.layout
        if on_board:
            sr, sc = plain.start
            if self.board[sr][sc] is None:
                out.append(
                    (
                        Status.EMPTY_START,
                        f"board: the start square {square_name(sr, sc)} is empty, but "
                        f"{sum(on_board.values())} tiles are on the board",
                    )
                )
            for r, c, tile in self.tiles():
                if plain.squares[r][c] is Premium.BRICK:
                    out.append(
                        (
                            Status.BRICKED,
                            f"board: {tile!r} on {square_name(r, c)}, a square no tile may "
                            "cover",
                        )
                    )
        if self.zero_turns > self.max_zero_turns:
            out.append(
                (
                    Status.TOO_MANY_ZERO_TURNS,
                    f"consecutive zero turns: {self.zero_turns}, more than mcnz "
                    f"({self.max_zero_turns}) allows",
                )
            )
        mismatch = self._last_move_mismatch()
        if mismatch:
            out.append((Status.LAST_MOVE_MISMATCH, mismatch))
        return out

    def _named_layout(self) -> Layout | str | None:
        """The layout asked for: a Layout, an error message (unknown bdn), or None (no
        layout fits the size)."""
        if self._layout_given is not None:
            return self._layout_given
        if self.board_name is not None:
            try:
                return get_layout(self.board_name)
            except KeyError:
                return f"bdn: unknown board layout {self.board_name!r}"
        return layout_for_size(self.rows, self.cols)

    def _groups(self) -> int:
        seen: set[tuple[int, int]] = set()
        groups = 0
        for r, c, _ in self.tiles():
            if (r, c) in seen:
                continue
            groups += 1
            stack = [(r, c)]
            seen.add((r, c))
            while stack:
                a, b = stack.pop()
                for na, nb in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if (
                        0 <= na < self.rows
                        and 0 <= nb < self.cols
                        and (na, nb) not in seen
                        and self.board[na][nb] is not None
                    ):
                        seen.add((na, nb))
                        stack.append((na, nb))
        return groups

    def _last_move_mismatch(self) -> str | None:
        move = self.last_move
        if move is None or move.kind is not MoveKind.PLACEMENT:
            return None
        for (r, c), tile in zip(move.squares(), move.tiles, strict=True):
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                return f"lm: {move} runs off the {self.rows}x{self.cols} board"
            here = self.board[r][c]
            if here is None:
                return f"lm: {move} puts a tile on {square_name(r, c)}, which is empty"
            if tile != "." and tile.upper() != here.upper():
                return f"lm: {move} puts {tile!r} on {square_name(r, c)}, which holds {here!r}"
        return None

    def status(self) -> Status:
        """The rule problems, as flags (``Status.VALID`` when there are none), plus
        ``Status.GAME_OVER`` when the game has ended (not a problem)."""
        flags = Status.VALID
        for flag, _ in self._checks():
            flags |= flag
        if self.end_reason is not None:
            flags |= Status.GAME_OVER
        return flags

    def is_valid(self) -> bool:
        """True when :meth:`status` finds no problem (``GAME_OVER`` is not one)."""
        return not self._checks()

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
            and any(sq is not None for row in self.board for sq in row)
        ):
            return "out"
        return None

    def is_game_over(self) -> bool:
        """True when the game has ended (:attr:`end_reason` says why); :meth:`play` then
        refuses every move."""
        return self.end_reason is not None

    def problems(self) -> list[str]:
        """The rule problems in words, each starting with the field it concerns."""
        return [message for _, message in self._checks()]

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
            self.board,
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
        nxt = self.copy()
        nxt._text = None
        nxt.deviations = []
        points = 0
        rack = list(self.racks[0])
        last = mv
        drew_unknown = False
        if played is not None:
            for r, c, tile in played.placed:
                nxt.board[r][c] = tile
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
        nxt.scores[0] += points
        nxt.racks[0] = rack
        if played is not None:
            scoreless = points == 0 and rules.scoreless_placement == "counts"
        else:
            scoreless = True
        nxt.zero_turns = self.zero_turns + 1 if scoreless else 0
        nxt.last_move = last
        # The mover's rack as written is the whole rack; the others hold what they may.
        others = sum(max(0, self.rack_size - len(r)) for r in self.racks[1:])
        went_out = (
            played is not None
            and bool(self.racks[0])
            and not rack
            and sum(self.unseen().values()) <= others
        )
        if went_out:
            _go_out(nxt, rules, settle)
        elif nxt.zero_turns >= nxt.max_zero_turns and settle:
            if drew_unknown:
                raise ValueError(
                    "cgp: this exchange is the last scoreless turn, but the tiles drawn are "
                    "unknown, so the rack penalties cannot be settled; play it with "
                    "settle=False and adjust the scores"
                )
            for i, held in enumerate(_final_racks(nxt, "the scoreless-turn penalties")):
                nxt.scores[i] -= sum(nxt.distribution.score(t) for t in held)
        nxt.racks = nxt.racks[1:] + nxt.racks[:1]
        nxt.scores = nxt.scores[1:] + nxt.scores[:1]
        if nxt.timers is not None and len(nxt.timers) == len(nxt.racks):
            nxt.timers = nxt.timers[1:] + nxt.timers[:1]
        return nxt


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


def _go_out(pos: Position, rules: Rules, settle: bool) -> None:
    """The mover (rack 0, now empty) went out: put the unseen tiles on the other rack and,
    with ``settle``, score the racks left."""
    unseen = pos.unseen_tiles()
    if unseen and len(pos.racks) == 2:
        pos.racks[1] = sorted(pos.racks[1] + unseen, key=pos.distribution.sort_key)
    if not settle:
        return
    left = _final_racks(pos, "going out", mover_out=True)
    values = [sum(pos.distribution.score(t) for t in rack) for rack in left]
    if rules.going_out == "twice":
        pos.scores[0] += 2 * sum(values[1:])
    else:
        pos.scores[0] += sum(values[1:])
        for i in range(1, len(values)):
            pos.scores[i] -= values[i]
