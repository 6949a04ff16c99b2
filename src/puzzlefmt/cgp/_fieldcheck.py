"""The checks of :meth:`Position.replace <puzzlefmt.cgp.Position.replace>`, below the model:
each field's new value checked as the CGP reader checks the text it comes from (tiles of the
distribution, whole numbers of at most 18 digits, a challenge rule, one word for a name...),
and frozen. Errors are ``ValueError`` naming the field as the reader's messages do."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlefmt.cgp._cgpcodec import CHALLENGE_RULES, KNOWN_OPCODES, OPCODES, Opcode, Operation
from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.moves import Grid, Move
from puzzlefmt.cgp.tiles import BLANK
from puzzlefmt.model import FrozenList

__all__ = ["REPLACEABLE", "check_counts", "check_field"]

#: The fields replace() takes: the four of a CGP, the names, the unknown operations and the
#: attribute of each known opcode.
REPLACEABLE = frozenset({"board", "racks", "scores", "zero_turns", "player_names",
                         "unknown_operations", *KNOWN_OPCODES.values()})
_OPCODE_OF = {op.attr: op for op in OPCODES}
_MAX_NUMBER = 10**18  # what the reader's 18 digits hold


def _whole(value: object, where: str, *, signed: bool = False) -> int:
    if (isinstance(value, bool) or not isinstance(value, int)
            or not (-_MAX_NUMBER if signed else 0) <= value < _MAX_NUMBER):
        kind = "a whole number" if signed else "a whole number, 0 or more,"
        raise ValueError(f"{where}: expected {kind} of at most 18 digits, found {value!r}")
    return value


def _items(value: object, where: str, what: str) -> Sequence[object]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(f"{where}: expected {what}, found {value!r}")
    return value


def _rack(dist: Distribution, value: object, where: str) -> FrozenList[str]:
    """A rack as the reader reads it: labels of the distribution and ``?``."""
    tiles = _items(value, where, "a list of tiles")
    out: list[str] = []
    for tile in tiles:
        if not (isinstance(tile, str) and tile in dist
                and (tile == BLANK or not dist.index(tile) & 0x80)):
            raise ValueError(f"{where}: {tile!r} is not a tile of the {dist.name} distribution")
        out.append(tile)
    return FrozenList(out)


def _board(dist: Distribution, rows: int, cols: int, value: object) -> Grid:
    """Rows of squares of the board's size, each ``None`` or a tile (a blank played as a
    letter in lower case)."""
    out: list[tuple[str | None, ...]] = []
    for r, row in enumerate(_items(value, "board", "rows of squares"), start=1):
        squares = _items(row, f"board row {r}", f"{cols} squares")
        if len(squares) != cols:
            raise ValueError(f"board row {r}: expected {cols} squares, found {len(squares)}")
        for tile in squares:
            if tile is not None and not (isinstance(tile, str) and tile != BLANK
                                         and tile in dist):
                raise ValueError(f"board row {r}: {tile!r} is not a tile of the {dist.name} "
                                 "distribution")
        out.append(tuple(squares))  # type: ignore[arg-type] # each checked above
    if len(out) != rows:
        raise ValueError(f"board: expected {rows} rows, found {len(out)} (read a CGP to "
                         "change the board's size)")
    return tuple(out)


def check_field(
    name: str, value: object, *, distribution: Distribution, rows: int, cols: int
) -> object:
    """``value`` for the position's field ``name``, frozen, checked as the reader checks the
    text (``rows`` and ``cols``: the board's size, which replace() keeps)."""
    if name == "board":
        return _board(distribution, rows, cols, value)
    if name == "racks":
        racks = _items(value, "racks", "a list of racks, one a player")
        if not racks:
            raise ValueError("racks: expected a list of racks, one a player, found none")
        return FrozenList(_rack(distribution, rack, f"racks: rack {i}")
                          for i, rack in enumerate(racks, start=1))
    if name == "scores":
        return FrozenList(_whole(v, f"scores: score {i}", signed=True)
                          for i, v in enumerate(_items(value, "scores", "a list of scores"),
                                                start=1))
    if name == "zero_turns":
        return _whole(value, "consecutive zero turns")
    if name == "player_names":
        if value is None:
            return None
        names = _items(value, "player_names", "a list of names")
        if not all(isinstance(v, str) for v in names):
            raise ValueError(f"player_names: expected a list of names, found {value!r}")
        return FrozenList(names)
    if name == "unknown_operations":
        ops = _items(value, "unknown_operations", "a list of Operation")
        if not all(isinstance(op, Operation) and op.opcode not in KNOWN_OPCODES for op in ops):
            raise ValueError("unknown_operations: expected a list of Operation, none of a "
                             f"known opcode, found {value!r}")
        return FrozenList(ops)
    return _operand(_OPCODE_OF[name], value, distribution)


def _operand(op: Opcode, value: object, distribution: Distribution) -> object:
    """A known opcode's value, checked by its kind (:class:`Opcode`): ``None`` (absent),
    else what the reader makes of its operand."""
    opcode, kind = op.opcode, op.kind
    if value is None:
        return op.default if kind == "oru" else None
    if kind == "int":
        return _whole(value, opcode)
    if kind == "oru":
        if not isinstance(value, bool):
            raise ValueError(f"oru: expected True or False, found {value!r}")
        return value
    if kind == "cr":
        if not isinstance(value, str) or value.lower() not in CHALLENGE_RULES:
            raise ValueError(f"cr: expected a challenge rule ({', '.join(CHALLENGE_RULES)}), "
                             f"found {value!r}")
        return value
    if kind == "tmr":
        return FrozenList(_whole(v, f"tmr: timer {i}", signed=True)
                          for i, v in enumerate(_items(value, "tmr", "a list of timers"),
                                                start=1))
    if kind == "lm":
        if isinstance(value, str):
            try:
                return Move.parse(value, distribution)
            except ValueError as exc:  # PuzzleFormatError is one
                raise ValueError(f"lm: {exc}") from None
        if not isinstance(value, Move):
            raise ValueError(f"lm: expected a Move or its text, found {value!r}")
        return value
    # a name: one operand, no blank, no ';'
    if not isinstance(value, str) or not value or any(ch in value for ch in " \t\r\n;"):
        raise ValueError(f"{opcode}: expected {op.words}, one word (no blank, no ';'), "
                         f"found {value!r}")
    return value


def check_counts(
    racks: Sequence[object],
    scores: Sequence[object],
    timers: Sequence[object] | None,
    names: Sequence[object] | None,
) -> None:
    """What ties the fields together: a score a rack, a timer and a name a player."""
    players = len(racks)
    if len(scores) != players:
        raise ValueError(f"scores: expected one score per rack ({players}), found "
                         f"{len(scores)}")
    if timers is not None and len(timers) != players:
        raise ValueError(f"tmr: expected one timer per player ({players}), found "
                         f"{len(timers)}")
    if names is not None and len(names) != players:
        raise ValueError(f"player_names: expected one name per player ({players}), found "
                         f"{len(names)}")
