"""Moves: the notation of the ``lm`` opcode (and of analysis tools), scoring and legality.

Two published notations are read, and either is written (``Move.notation(style=...)``):

- the seed's (``style="seed"``): placement ``8D WORD`` (row number first: across) or ``D8 WORD``
  (column letter first: down), a tile already on the board written ``.``; ``+5`` after the
  tiles is a challenge bonus; exchange ``-ABC`` or ``-3`` (count only); pass ``-``; a play
  taken back after a successful challenge ``challenge 8D WORD``;
- the current spec's (woogles-io/open-protocols ``cgp/README.md``, ``style="spec"``):
  placement ``8D.WORD`` with tiles already on the board written as their letters; exchange
  ``ex.ABC`` or ``ex.3``; pass ``pass``; a play challenged off ``phony.8D.WORD``.

Columns past Z are ``AA``, ``AB``...; lower case is a blank played as that letter. What real
programs print is accepted too (not with ``strict=True``): a tile already on the board as its
letter in parentheses (``E3 ODALI(Q)UE``), lower-case columns (``8d``), ``ex ABC``,
``Exch. ABC``, ``PASS``.

>>> move = Move.parse("14B hEaDW(OR)DS")
>>> move.row, move.col, move.vertical, str(move)
(13, 1, False, '14B hEaDW(OR)DS')
>>> str(Move.parse("ex ABC"))
'-ABC'
>>> Move.parse("8D.WORD") == Move.parse("8D WORD"), Move.parse("8D WORD").notation(style="spec")
(True, '8D.WORD')
"""

from __future__ import annotations

import enum
import itertools
import re
from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass, field
from typing import Literal

from puzzlefmt.cgp.distributions import Distribution, TileError, get_distribution
from puzzlefmt.cgp.layouts import Layout, Premium
from puzzlefmt.cgp.tiles import BLANK, write_tile
from puzzlefmt.errors import PuzzleFormatError

__all__ = [
    "IllegalMoveError",
    "IllegalReason",
    "Move",
    "MoveKind",
    "MoveStyle",
    "ScoredPlay",
    "Word",
    "column_index",
    "column_name",
    "evaluate_placement",
    "parse_move",
    "square_name",
]

Board = Sequence[Sequence[str | None]]
#: The board's squares as a position keeps them: rows (tuples) of ``None`` or a tile.
Grid = tuple[tuple[str | None, ...], ...]

# Longest number we read: more digits than this is never a board square, score or count.
_MAX_DIGITS = 18

_ACROSS = re.compile(r"([0-9]+)([A-Za-z]+)", re.ASCII)
_DOWN = re.compile(r"([A-Za-z]+)([0-9]+)", re.ASCII)
# The current spec's placement: a coordinate, '.', the tiles ("8F.ION", "F8.ION").
_SPEC_PLACEMENT = re.compile(r"([0-9]+[A-Za-z]+|[A-Za-z]+[0-9]+)\.(.*)", re.ASCII | re.DOTALL)

#: The two notations of ``lm``: the seed's (``8D WORD``, ``-ABC``, ``-``) and the current
#: spec's (``8D.WORD``, ``ex.ABC``, ``pass``, ``phony.8D.WORD``).
MoveStyle = Literal["seed", "spec"]
_BONUS = re.compile(r"\+([0-9]+)", re.ASCII)
_COUNT = re.compile(r"[0-9]+", re.ASCII)


def column_name(col: int) -> str:
    """The letters of a 0-based column: 0 is ``A``, 25 ``Z``, 26 ``AA`` (Excel style)."""
    if col < 0:
        raise ValueError(f"column {col} is negative")
    n = col + 1
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def column_index(name: str) -> int:
    """The 0-based column of ``A``, ``Z``, ``AA``... (case-insensitive)."""
    if not name or not name.isascii() or not name.isalpha():
        raise ValueError(f"expected column letters, found {name!r}")
    n = 0
    for ch in name.upper():
        n = n * 26 + (ord(ch) - 64)
    return n - 1


def square_name(row: int, col: int) -> str:
    """A square as ``8H`` (row number, column letters), 0-based arguments."""
    return f"{row + 1}{column_name(col)}"


class MoveKind(enum.Enum):
    """What a move does."""

    PLACEMENT = "placement"
    EXCHANGE = "exchange"
    PASS = "pass"
    CHALLENGE = "challenge"  # a placement taken back after a successful challenge


THROUGH = "."


@dataclass(frozen=True, slots=True)
class Move:
    """A move in CGP notation.

    For a placement (and a challenged-off one) ``row``/``col`` are the 0-based first square,
    ``vertical`` the direction, ``tiles`` one entry per square: ``"."`` for a tile already on
    the board, otherwise a tile label (lower case: a blank played as it), which may also name
    a tile already there. ``marked`` holds the indexes written in parentheses. For an
    exchange ``exchanged`` holds the tiles when known and ``count`` how many. ``bonus`` is the
    ``+N`` challenge bonus of a placement that survived a challenge.
    """

    kind: MoveKind
    row: int = 0
    col: int = 0
    vertical: bool = False
    tiles: tuple[str, ...] = ()
    marked: frozenset[int] = field(default_factory=frozenset)
    exchanged: tuple[str, ...] = ()
    count: int = 0
    bonus: int | None = None

    def __post_init__(self) -> None:
        if self.row < 0 or self.col < 0:
            raise ValueError(f"a move's row and column are 0-based, found {self.row}, {self.col}")
        if self.count < 0:
            raise ValueError(f"an exchange of {self.count} tiles")

    # ------------------------------------------------------------------ constructors

    @classmethod
    def placement(
        cls,
        row: int,
        col: int,
        tiles: Sequence[str] | str,
        *,
        vertical: bool = False,
        bonus: int | None = None,
    ) -> Move:
        """A placement from 0-based ``row``/``col``; ``tiles`` as labels (``"."`` through)."""
        return cls(MoveKind.PLACEMENT, row, col, vertical, tuple(tiles), bonus=bonus)

    @classmethod
    def exchange(cls, tiles: Sequence[str] | str | int) -> Move:
        """An exchange of these tiles, or of ``n`` unknown tiles."""
        if isinstance(tiles, int):
            return cls(MoveKind.EXCHANGE, count=tiles)
        return cls(MoveKind.EXCHANGE, exchanged=tuple(tiles), count=len(tiles))

    @classmethod
    def pass_turn(cls) -> Move:
        """A pass (also how a failed challenge is written)."""
        return cls(MoveKind.PASS)

    @classmethod
    def parse(
        cls,
        text: str,
        distribution: Distribution | None = None,
        *,
        field: str = "move",
        offset: int = 0,
        strict: bool = False,
    ) -> Move:
        """Read a move in either notation; tiles are read with ``distribution`` (English by
        default). ``strict=True`` accepts only the two published forms.

        Raises :class:`~puzzlefmt.errors.PuzzleFormatError` naming ``field``; columns count
        from ``offset`` + 1 (the CGP reader passes where the ``lm`` operand starts).
        """
        dist = distribution or get_distribution("english")
        return parse_move(text, dist, field=field, offset=offset, strict=strict)[0]

    # ------------------------------------------------------------------ facts

    @property
    def is_placement(self) -> bool:
        """True for a move that places tiles on the board (not a pass, an exchange or a challenge).
        """
        return self.kind is MoveKind.PLACEMENT

    @property
    def coordinate(self) -> str:
        """``8D`` for an across play from row 8 column D, ``D8`` for a down one."""
        if self.vertical:
            return f"{column_name(self.col)}{self.row + 1}"
        return f"{self.row + 1}{column_name(self.col)}"

    def squares(self) -> list[tuple[int, int]]:
        """The 0-based squares a placement's tiles (through tiles too) stand on."""
        dr, dc = (1, 0) if self.vertical else (0, 1)
        return [(self.row + i * dr, self.col + i * dc) for i in range(len(self.tiles))]

    def tiles_text(self) -> str:
        """The tiles part of a placement as written: ``.`` and ``(X)`` kept."""
        out: list[str] = []
        open_paren = False
        for i, tile in enumerate(self.tiles):
            if i in self.marked and not open_paren:
                out.append("(")
                open_paren = True
            elif i not in self.marked and open_paren:
                out.append(")")
                open_paren = False
            out.append(write_tile(tile))
        if open_paren:
            out.append(")")
        return "".join(out)

    def notation(self, *, style: MoveStyle = "seed") -> str:
        """The move in CGP notation: the seed's form (``8D WORD``, ``-ABC``, ``-``) or the
        current spec's (``8D.WORD``, ``ex.ABC``, ``pass``, ``phony.8D.WORD``).

        The spec writes tiles already on the board as their letters and has no challenge
        bonus: a move holding ``.``, tiles marked ``(X)`` as on the board, or a bonus is
        written in the seed's form whatever the style (:meth:`Position.cgp` fills the letters
        in from the board first).
        """
        if style == "spec" and self.spec_writable:
            return self._spec_notation()
        if self.kind is MoveKind.PASS:
            return "-"
        if self.kind is MoveKind.EXCHANGE:
            if self.exchanged:
                return "-" + "".join(write_tile(t) for t in self.exchanged)
            return f"-{self.count}"
        text = f"{self.coordinate} {self.tiles_text()}"
        if self.kind is MoveKind.CHALLENGE:
            return "challenge " + text
        if self.bonus is not None:
            text += f" +{self.bonus}"
        return text

    @property
    def spec_writable(self) -> bool:
        """True when the current spec's notation can say all of it: no ``.`` for a tile on
        the board, no tile marked ``(X)`` as on the board (the spec cannot tell it from a
        placed one) and no challenge bonus."""
        if self.kind in (MoveKind.PLACEMENT, MoveKind.CHALLENGE):
            return THROUGH not in self.tiles and not self.marked and self.bonus is None
        return True

    def _spec_notation(self) -> str:
        if self.kind is MoveKind.PASS:
            return "pass"
        if self.kind is MoveKind.EXCHANGE:
            if self.exchanged:
                return "ex." + "".join(write_tile(t) for t in self.exchanged)
            return f"ex.{self.count}"
        text = f"{self.coordinate}.{''.join(write_tile(t) for t in self.tiles)}"
        return "phony." + text if self.kind is MoveKind.CHALLENGE else text

    def with_through_letters(self, board: Sequence[Sequence[str | None]]) -> Move:
        """The same move with each ``.`` replaced by the tile the board shows there (a move
        that runs off the board or over an empty square is returned unchanged)."""
        if THROUGH not in self.tiles:
            return self
        tiles: list[str] = []
        for (r, c), tile in zip(self.squares(), self.tiles, strict=True):
            if tile != THROUGH:
                tiles.append(tile)
                continue
            if not (0 <= r < len(board) and 0 <= c < len(board[r])):
                return self
            here = board[r][c]
            if here is None:
                return self
            tiles.append(here)
        return Move(
            self.kind, self.row, self.col, self.vertical, tuple(tiles), self.marked,
            self.exchanged, self.count, self.bonus,
        )

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move.parse({self.notation()!r})"


# ---------------------------------------------------------------------- parsing


def _tokens(text: str) -> list[tuple[int, str]]:
    """Split on runs of blanks, keeping where each token starts."""
    return [(m.start(), m.group()) for m in re.finditer(r"[^ \t]+", text)]


# A placement in either notation with an upper-case coordinate and nothing after the tiles:
# what engines write nearly always. Read without looking at each character in Python.
_QUICK_PLACEMENT = re.compile(
    r"(?:([1-9][0-9]{0,5})([A-Z]{1,3})|([A-Z]{1,3})([1-9][0-9]{0,5}))([ .])([^ \t]+)", re.ASCII
)
_MOVE_CHARS: dict[frozenset[str], frozenset[str]] = {}
_NO_MARKS: frozenset[int] = frozenset()


def _quick_placement(text: str, dist: Distribution, strict: bool) -> tuple[Move, MoveStyle] | None:
    """A placement of one-character tiles (``.`` for those on the board), or ``None``: the
    careful parser reads everything else and says what is wrong."""
    m = _QUICK_PLACEMENT.fullmatch(text)
    if m is None:
        return None
    simple = dist.simple_tiles
    chars = _MOVE_CHARS.get(simple)
    if chars is None:
        chars = _MOVE_CHARS[simple] = simple | {THROUGH}
    across_row, across_col, down_col, down_row, sep, body = m.groups()
    spec = sep == "."
    if not chars.issuperset(body) or (spec and strict and THROUGH in body):
        return None
    if across_row is not None:
        row, col, vertical = int(across_row) - 1, column_index(across_col), False
    else:
        row, col, vertical = int(down_row) - 1, column_index(down_col), True
    # The fields filled directly: the dataclass's __init__ checks nothing the pattern has not.
    move = object.__new__(Move)
    for name, value in (("kind", MoveKind.PLACEMENT), ("row", row), ("col", col),
                        ("vertical", vertical), ("tiles", tuple(body)), ("marked", _NO_MARKS),
                        ("exchanged", ()), ("count", 0), ("bonus", None)):
        object.__setattr__(move, name, value)
    return move, "spec" if spec else "seed"


def parse_move(
    text: str,
    dist: Distribution,
    *,
    field: str = "move",
    offset: int = 0,
    strict: bool = False,
) -> tuple[Move, MoveStyle]:
    """Read a move and say which notation it was written in (``"seed"`` or ``"spec"``)."""
    quick = _quick_placement(text, dist, strict)
    if quick is not None:
        return quick
    parser = _MoveParser(text, dist, field, offset, strict)
    move = parser.move()
    return move, parser.style


class _MoveParser:
    """One move's text; every error names ``field`` and counts columns from ``offset``."""

    def __init__(
        self, text: str, dist: Distribution, field: str, offset: int, strict: bool = False
    ) -> None:
        self.text = text
        self.dist = dist
        self.field = field
        self.offset = offset
        self.strict = strict
        self.style: MoveStyle = "seed"
        self.spec_tiles = False  # reading the tiles of the current spec's notation

    def lenient(self, what: str, at: int, found: str) -> None:
        """A form real programs print but neither notation has: refused when strict."""
        if self.strict:
            raise self.err(
                f"{what} is not in the seed's or the current spec's notation (strict)",
                at, "a move in the seed's or the current spec's notation", repr(found),
            )

    def err(self, message: str, at: int, expected: str, found: str) -> PuzzleFormatError:
        return PuzzleFormatError(
            f"{self.field}: {message}",
            format="cgp",
            column=self.offset + at + 1,
            text=self.text,
            expected=expected,
            found=found,
        )

    def move(self) -> Move:
        text = self.text
        tokens = _tokens(text)
        if not tokens:
            raise self.err("expected a move, found nothing", 0, "a move", "nothing")
        if self.strict:
            self.check_spacing(tokens)
        first_at, first = tokens[0]
        low = first.lower()
        if low == "pass" and len(tokens) == 1:
            self.style = "spec"
            if first != "pass":
                self.lenient(f"{first!r} (the spec writes 'pass')", first_at, first)
            return Move(MoveKind.PASS)
        if "." in first and (low.startswith(("ex.", "phony.")) or _SPEC_PLACEMENT.fullmatch(first)):
            return self.spec_move(tokens)
        if first.startswith("-"):
            if len(tokens) > 1:
                at, tok = tokens[1]
                raise self.err(
                    f"expected nothing after the exchange {first!r}, found {tok!r}",
                    at, "end of move", repr(tok),
                )
            return self.exchange(first[1:], first_at + 1)
        if low in ("ex", "exch", "exch.", "exchange"):
            self.lenient(f"the exchange {first!r} followed by a space", first_at, first)
            if len(tokens) != 2:
                at = tokens[2][0] if len(tokens) > 2 else len(text)
                found = repr(tokens[2][1]) if len(tokens) > 2 else "end of move"
                raise self.err(
                    f"expected the exchanged tiles (or their number) after {first!r}"
                    + (", and nothing more" if len(tokens) > 2 else ""),
                    at, "exchanged tiles", found,
                )
            at, tok = tokens[1]
            return self.exchange(tok, at)
        kind = MoveKind.PLACEMENT
        if low == "challenge":
            kind = MoveKind.CHALLENGE
            tokens = tokens[1:]
            if not tokens:
                raise self.err(
                    "expected a coordinate and tiles after 'challenge'",
                    len(text), "a coordinate", "end of move",
                )
        coord_at, coord = tokens[0]
        row, col, vertical = self.coordinate(coord, coord_at)
        if len(tokens) < 2:
            raise self.err(
                f"expected tiles after the coordinate {coord!r}",
                len(text), "tiles", "end of move",
            )
        tiles_at, tiles_text = tokens[1]
        tiles, marked = self.placed(tiles_text, tiles_at)
        bonus: int | None = None
        rest = tokens[2:]
        if rest and kind is MoveKind.PLACEMENT:
            at, tok = rest[0]
            m = _BONUS.fullmatch(tok)
            if m is None or len(m.group(1)) > _MAX_DIGITS:
                raise self.err(
                    f"expected a challenge bonus like '+5' after the tiles, found {tok!r}",
                    at, "'+N'", repr(tok),
                )
            bonus = int(m.group(1))
            rest = rest[1:]
        if rest:
            at, tok = rest[0]
            raise self.err(
                f"expected the end of the move, found {tok!r}", at, "end of move", repr(tok)
            )
        return Move(kind, row, col, vertical, tiles, frozenset(marked), bonus=bonus)

    def check_spacing(self, tokens: list[tuple[int, str]]) -> None:
        """Strict: no blanks before or after, one space between the parts."""
        text = self.text
        if tokens[0][0] != 0 or tokens[-1][0] + len(tokens[-1][1]) != len(text):
            raise self.err(
                "expected no blanks around the move (strict)", 0, "a move", repr(text)
            )
        for (a_at, a), (b_at, _) in itertools.pairwise(tokens):
            gap = text[a_at + len(a) : b_at]
            if gap != " ":
                raise self.err(
                    f"expected one space between the parts of the move, found {gap!r} "
                    "(strict)",
                    a_at + len(a), "one space", repr(gap),
                )

    def spec_move(self, tokens: list[tuple[int, str]]) -> Move:
        """The current spec's notation: ``8D.WORD``, ``ex.ABC``, ``ex.3``, ``phony.8D.WORD``."""
        self.style = "spec"
        first_at, first = tokens[0]
        low = first.lower()
        rest = tokens[1:]
        if low.startswith("ex."):
            if not first.startswith("ex."):
                self.lenient(f"{first[:3]!r} (the spec writes 'ex.')", first_at, first)
            if rest:
                at, tok = rest[0]
                raise self.err(
                    f"expected nothing after the exchange {first!r}, found {tok!r}",
                    at, "end of move", repr(tok),
                )
            body = first[3:]
            if not body:
                raise self.err(
                    "expected the exchanged tiles (or their number) after 'ex.'",
                    first_at + 3, "exchanged tiles", "end of move",
                )
            return self.exchange(body, first_at + 3)
        kind = MoveKind.PLACEMENT
        body_at = first_at
        body = first
        if low.startswith("phony."):
            if not first.startswith("phony."):
                self.lenient(f"{first[:6]!r} (the spec writes 'phony.')", first_at, first)
            kind = MoveKind.CHALLENGE
            body_at += 6
            body = first[6:]
        m = _SPEC_PLACEMENT.fullmatch(body)
        if m is None:
            raise self.err(
                f"expected a coordinate, '.' and tiles like 8D.WORD, found {body!r}",
                body_at, "a coordinate", repr(body),
            )
        row, col, vertical = self.coordinate(m.group(1), body_at)
        tiles_at = body_at + m.start(2)
        if not m.group(2):
            raise self.err(
                f"expected tiles after {m.group(1)}.", tiles_at, "tiles", "end of move"
            )
        self.spec_tiles = True
        tiles, marked = self.placed(m.group(2), tiles_at)
        self.spec_tiles = False
        bonus: int | None = None
        if rest and kind is MoveKind.PLACEMENT:
            at, tok = rest[0]
            b = _BONUS.fullmatch(tok)
            if b is None or len(b.group(1)) > _MAX_DIGITS:
                raise self.err(
                    f"expected the end of the move, found {tok!r}", at, "end of move", repr(tok)
                )
            self.lenient("a challenge bonus after the spec's notation", at, tok)
            bonus = int(b.group(1))
            rest = rest[1:]
        if rest:
            at, tok = rest[0]
            raise self.err(
                f"expected the end of the move, found {tok!r}", at, "end of move", repr(tok)
            )
        return Move(kind, row, col, vertical, tiles, frozenset(marked), bonus=bonus)

    def coordinate(self, coord: str, at: int) -> tuple[int, int, bool]:
        across = _ACROSS.fullmatch(coord)
        down = _DOWN.fullmatch(coord)
        m = across or down
        if m is None:
            raise self.err(
                f"expected a coordinate like 8D (across) or D8 (down), found {coord!r}",
                at, "a coordinate", repr(coord),
            )
        digits = m.group(1) if across else m.group(2)
        letters = m.group(2) if across else m.group(1)
        if len(digits) > _MAX_DIGITS or len(letters) > _MAX_DIGITS or digits[0] == "0":
            raise self.err(
                f"expected a row number from 1 without leading zeros, found {coord!r}",
                at, "a row number from 1", repr(coord),
            )
        if letters != letters.upper():
            self.lenient(f"the lower-case column in {coord!r}", at, coord)
        return int(digits) - 1, column_index(letters), across is None

    def exchange(self, body: str, at: int) -> Move:
        if not body:
            return Move(MoveKind.PASS)
        if _COUNT.fullmatch(body):
            if len(body) > _MAX_DIGITS or int(body) == 0:
                raise self.err(
                    f"expected a number of exchanged tiles from 1, found {body!r}",
                    at, "a tile count", repr(body),
                )
            return Move(MoveKind.EXCHANGE, count=int(body))
        try:
            tiles = self.dist.tiles(body, mode="rack")
        except TileError as exc:
            raise self.err(
                f"exchanged tiles: {exc.message}", at + exc.offset, exc.expected, repr(exc.found)
            ) from None
        return Move(MoveKind.EXCHANGE, exchanged=tuple(tiles), count=len(tiles))

    def placed(self, body: str, at: int) -> tuple[tuple[str, ...], set[int]]:
        tiles: list[str] = []
        marked: set[int] = set()
        paren_at = -1
        i = 0
        while i < len(body):
            ch = body[i]
            if ch == "(":
                self.lenient("a tile in parentheses", at + i, "(")
                if paren_at >= 0:
                    raise self.err("expected ')' before another '('", at + i, "')'", "'('")
                paren_at = i
                i += 1
                continue
            if ch == ")":
                if paren_at < 0 or paren_at == i - 1:
                    raise self.err(
                        "expected tiles already on the board inside '(...)'",
                        at + i, "tiles", "')'",
                    )
                paren_at = -1
                i += 1
                continue
            if ch == THROUGH:
                if self.spec_tiles:
                    self.lenient(
                        "'.' in the spec's notation (it writes the letter on the board)",
                        at + i, ".",
                    )
                if paren_at >= 0:
                    marked.add(len(tiles))
                tiles.append(THROUGH)
                i += 1
                continue
            if ch.isdigit():
                raise self.err(
                    f"expected tiles, found the digit {ch!r} (only an exchange is written as "
                    "a number)",
                    at + i, "tiles", repr(ch),
                )
            try:
                tile, i_next = self.dist.scan(body, i, mode="move")
            except TileError as exc:
                raise self.err(
                    exc.message, at + exc.offset, exc.expected, repr(exc.found)
                ) from None
            if paren_at >= 0:
                marked.add(len(tiles))
            tiles.append(tile)
            i = i_next
        if paren_at >= 0:
            raise self.err("expected ')' to close '('", at + paren_at, "')'", "end of move")
        return tuple(tiles), marked


# ---------------------------------------------------------------------- legality and score


class IllegalReason(enum.Enum):
    """Why a move cannot be played on a position. The value is the reason in words."""

    OFF_BOARD = "off board"
    OVER_TILE = "over a tile"
    GAP = "gap"
    NOT_CONNECTED = "not connected"
    NOT_ON_START = "first move not on the start square"
    TOUCHES_TILE = "touches a tile before or after it"
    NO_TILES = "places no tile"
    TOO_MANY_TILES = "places more tiles than a rack holds"
    NO_WORD = "forms no word of two or more tiles"
    BRICKED = "on a square no tile may cover"
    UNKNOWN_TILE = "a tile the distribution does not have"
    NOT_IN_RACK = "tiles not on the rack"
    BAG_TOO_SMALL = "too few tiles in the bag to exchange"
    PHONY = "forms a word not in the word list"
    BAD_SIZE = "board and layout differ in size"
    GAME_OVER = "the game is over"


class IllegalMoveError(ValueError):
    """A move that breaks the rules on this position: ``reason`` says which rule."""

    def __init__(self, reason: IllegalReason, message: str, move: Move | None = None) -> None:
        super().__init__(f"illegal move{f' {move}' if move else ''}: {reason.value}: {message}")
        self.reason = reason
        self.message = message
        self.move = move


@dataclass(frozen=True)
class Word:
    """A word a placement forms: its tiles as on the board, the squares, and its score."""

    tiles: tuple[str, ...]
    squares: tuple[tuple[int, int], ...]
    score: int

    @property
    def text(self) -> str:
        """The word in capitals (blanks too): what a word list holds."""
        return "".join(t.upper() for t in self.tiles)

    def __str__(self) -> str:
        return "".join(self.tiles)


@dataclass(frozen=True)
class ScoredPlay:
    """A legal placement: what it scores and how.

    ``placed`` holds ``(row, col, tile)`` for each newly placed tile, ``words`` the main word
    first (when it has two or more tiles) then the cross words; ``bingo`` is whether every
    tile of a full rack went down.
    """

    move: Move
    score: int
    placed: tuple[tuple[int, int, str], ...]
    words: tuple[Word, ...]
    bingo: bool
    bingo_bonus: int
    line: tuple[str, ...] = ()

    @property
    def played_tiles(self) -> list[str]:
        """The rack tiles the play uses (``?`` for each blank)."""
        return [BLANK if t != t.upper() else t for _, _, t in self.placed]

    def notation(self, *, through: Literal["dot", "letter", "paren"] = "dot") -> str:
        """The placement in a normal form: tiles already on the board as ``.`` (the seed's
        form), as their letters, or as letters in parentheses (``(Q)``, as analysers print)."""
        placed = {(r, c) for r, c, _ in self.placed}
        tiles: list[str] = []
        marked: set[int] = set()
        for i, (tile, sq) in enumerate(zip(self.line, self.move.squares(), strict=True)):
            if sq in placed or through == "letter":
                tiles.append(tile)
            elif through == "dot":
                tiles.append(THROUGH)
            else:
                tiles.append(tile)
                marked.add(i)
        move = Move(
            self.move.kind, self.move.row, self.move.col, self.move.vertical, tuple(tiles),
            frozenset(marked), bonus=self.move.bonus,
        )
        return move.notation()


def _occupied(board: Board, r: int, c: int) -> bool:
    return 0 <= r < len(board) and 0 <= c < len(board[0]) and board[r][c] is not None


def evaluate_placement(
    board: Board,
    layout: Layout,
    dist: Distribution,
    move: Move,
    *,
    bingo_bonus: int = 50,
    rack: Sequence[str] | None = None,
    words: Container[str] | None = None,
) -> ScoredPlay:
    """Check a placement against the board and score it; raise :class:`IllegalMoveError`.

    ``rack``: when given, the tiles played must come from it (a blank for each lower-case
    tile). ``words``: when given, every word formed must be in it (capitals).
    """
    rows = len(board)
    cols = len(board[0]) if rows else 0
    if layout.rows != rows or layout.cols != cols:
        raise IllegalMoveError(
            IllegalReason.BAD_SIZE,
            f"the board is {rows}x{cols} but layout {layout.name} is {layout.rows}x{layout.cols}",
            move,
        )
    if not move.tiles:
        raise IllegalMoveError(IllegalReason.NO_TILES, "no tiles given", move)
    dr, dc = (1, 0) if move.vertical else (0, 1)
    r0, c0 = move.row, move.col
    n = len(move.tiles)
    if not (0 <= r0 < rows and 0 <= c0 < cols):
        raise IllegalMoveError(
            IllegalReason.OFF_BOARD,
            f"{move.coordinate} is not on the {rows}x{cols} board",
            move,
        )
    r_end, c_end = r0 + (n - 1) * dr, c0 + (n - 1) * dc
    if r_end >= rows or c_end >= cols:
        raise IllegalMoveError(
            IllegalReason.OFF_BOARD,
            f"{n} tiles from {move.coordinate} run past the edge of the {rows}x{cols} board",
            move,
        )
    line: list[str] = []
    placed: list[tuple[int, int, str]] = []
    through = False
    for i, tok in enumerate(move.tiles):
        r, c = r0 + i * dr, c0 + i * dc
        here = board[r][c]
        if tok == THROUGH:
            if here is None:
                raise IllegalMoveError(
                    IllegalReason.GAP,
                    f"'.' at {square_name(r, c)} marks a tile on the board, but the square is "
                    "empty",
                    move,
                )
            line.append(here)
            through = True
            continue
        if tok not in dist or tok == BLANK:
            raise IllegalMoveError(
                IllegalReason.UNKNOWN_TILE,
                f"{tok!r} is not a tile of the {dist.name} distribution",
                move,
            )
        if here is not None:
            if here.upper() != tok.upper():
                raise IllegalMoveError(
                    IllegalReason.OVER_TILE,
                    f"{square_name(r, c)} holds {here!r}, the move puts {tok!r} there",
                    move,
                )
            line.append(here)
            through = True
            continue
        if i in move.marked:
            raise IllegalMoveError(
                IllegalReason.GAP,
                f"({tok}) at {square_name(r, c)} marks a tile on the board, but the square is "
                "empty",
                move,
            )
        if layout.squares[r][c] is Premium.BRICK:
            raise IllegalMoveError(
                IllegalReason.BRICKED, f"{square_name(r, c)} cannot hold a tile", move
            )
        line.append(tok)
        placed.append((r, c, tok))
    if not placed:
        raise IllegalMoveError(
            IllegalReason.NO_TILES, "every square it names already holds a tile", move
        )
    if len(placed) > dist.rack_size:
        raise IllegalMoveError(
            IllegalReason.TOO_MANY_TILES,
            f"it places {len(placed)} tiles; a rack holds {dist.rack_size}",
            move,
        )
    if _occupied(board, r0 - dr, c0 - dc):
        raise IllegalMoveError(
            IllegalReason.TOUCHES_TILE,
            f"the tile at {square_name(r0 - dr, c0 - dc)} before it is part of the word; "
            "start the move there",
            move,
        )
    if _occupied(board, r_end + dr, c_end + dc):
        raise IllegalMoveError(
            IllegalReason.TOUCHES_TILE,
            f"the tile at {square_name(r_end + dr, c_end + dc)} after it is part of the word; "
            "include it in the move",
            move,
        )
    empty = not any(sq is not None for row in board for sq in row)
    if empty:
        sr, sc = layout.start
        if not any(r == sr and c == sc for r, c, _ in placed):
            raise IllegalMoveError(
                IllegalReason.NOT_ON_START,
                f"the first move must cover the start square {square_name(sr, sc)}",
                move,
            )
    elif not through and not any(
        _occupied(board, r + ddr, c + ddc)
        for r, c, _ in placed
        for ddr, ddc in ((1, 0), (-1, 0), (0, 1), (0, -1))
    ):
        raise IllegalMoveError(
            IllegalReason.NOT_CONNECTED, "no tile of it touches a tile on the board", move
        )
    if rack is not None:
        need = Counter(BLANK if t != t.upper() else t for _, _, t in placed)
        have = Counter(rack)
        short = need - have
        if short:
            missing = "".join(write_tile(t) for t in sorted(short.elements()))
            raise IllegalMoveError(
                IllegalReason.NOT_IN_RACK,
                f"the rack {''.join(write_tile(t) for t in rack) or '(empty)'} lacks {missing}",
                move,
            )
    # Score: the main word, then a cross word through each new tile.
    found: list[Word] = []
    new = {(r, c) for r, c, _ in placed}
    squares = move.squares()
    total = 0
    if len(line) >= 2:
        w = _score_word(line, squares, new, layout, dist)
        found.append(w)
        total += w.score
    pr, pc = dc, dr  # the perpendicular direction
    for r, c, tile in placed:
        before: list[tuple[int, int]] = []
        rr, cc = r - pr, c - pc
        while _occupied(board, rr, cc):
            before.append((rr, cc))
            rr, cc = rr - pr, cc - pc
        after: list[tuple[int, int]] = []
        rr, cc = r + pr, c + pc
        while _occupied(board, rr, cc):
            after.append((rr, cc))
            rr, cc = rr + pr, cc + pc
        if not before and not after:
            continue
        sq = [*reversed(before), (r, c), *after]
        tiles = [tile if (a, b) == (r, c) else board[a][b] or "" for a, b in sq]
        w = _score_word(tiles, sq, new, layout, dist)
        found.append(w)
        total += w.score
    if not found:
        raise IllegalMoveError(
            IllegalReason.NO_WORD, "a single tile on its own is not a word", move
        )
    if words is not None:
        for w in found:
            if w.text not in words:
                raise IllegalMoveError(
                    IllegalReason.PHONY, f"{w.text} is not in the word list", move
                )
    bingo = len(placed) == dist.rack_size
    if bingo:
        total += bingo_bonus
    if move.bonus:
        total += move.bonus
    return ScoredPlay(move, total, tuple(placed), tuple(found), bingo, bingo_bonus, tuple(line))


def _score_word(
    tiles: Sequence[str],
    squares: Sequence[tuple[int, int]],
    new: set[tuple[int, int]],
    layout: Layout,
    dist: Distribution,
) -> Word:
    points = 0
    multiplier = 1
    for tile, (r, c) in zip(tiles, squares, strict=True):
        value = dist.score(tile)
        if (r, c) in new:
            premium = layout.squares[r][c]
            value *= premium.letter_multiplier
            multiplier *= premium.word_multiplier
        points += value
    return Word(tuple(tiles), tuple(squares), points * multiplier)
