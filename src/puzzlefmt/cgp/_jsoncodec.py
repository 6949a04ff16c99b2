"""The JSON form of a position, read back into a CGP line (below the model; no model here).

:meth:`Position.from_json <puzzlefmt.cgp.Position.from_json>` reads ``board``, ``racks``,
``scores``, ``zero_turns``, ``operations`` and, when ``distribution_source`` is ``"given"``,
``distribution``; :func:`line_from_json` checks them (each error names the key) and writes the
CGP line the model then reads. ``player_names``, when present, is checked by
:func:`names_from_json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzlefmt.cgp import _cgpcodec as _codec
from puzzlefmt.cgp._cgpcodec import Operation
from puzzlefmt.cgp.distributions import Distribution, TileError, get_distribution
from puzzlefmt.cgp.tiles import write_tile
from puzzlefmt.errors import PuzzleFormatError

__all__ = ["FORMAT", "line_from_json", "names_from_json"]

FORMAT = "cgp-json"


def _fail(message: str, found: str | None = None) -> PuzzleFormatError:
    return PuzzleFormatError(message, format=FORMAT, found=found)


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise _fail(f"{key}: expected a list, found {type(value).__name__}", type(value).__name__)
    return value


def _tile(dist: Distribution, value: object, where: str, mode: str) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(f"{where}: expected a tile as a string, found {value!r}", repr(value))
    text = write_tile(value)
    try:
        tile, end = dist.scan(text, 0, mode="rack" if mode == "rack" else "board")
    except TileError as exc:
        raise _fail(f"{where}: {exc.message}", repr(value)) from None
    if end != len(text) or tile != value:
        raise _fail(
            f"{where}: expected one tile of the {dist.name} distribution, found {value!r}",
            repr(value),
        )
    return tile


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def line_from_json(data: Mapping[str, Any]) -> tuple[str, Distribution | None]:
    """The CGP line of a position's JSON form, and the distribution it was given (``None``
    when the line's own operations choose it). Raises :class:`PuzzleFormatError` naming the
    key."""
    ops_raw = _list(data, "operations")
    ops: list[Operation] = []
    for i, item in enumerate(ops_raw):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(x, str) for x in item)
        ):
            raise _fail(f"operations[{i}]: expected [opcode, operands], found {item!r}")
        opcode, operands = item
        if not opcode or any(ch in opcode for ch in " \t;\r\n") or any(
            ch in operands for ch in ";\r\n"
        ):
            raise _fail(f"operations[{i}]: expected an opcode and its operands, found {item!r}")
        ops.append(Operation(opcode, operands))
    ops_text = " ".join(str(op) for op in ops)
    given: Distribution | None = None
    if data.get("distribution_source") == "given":
        name = data.get("distribution")
        if not isinstance(name, str):
            raise _fail(f"distribution: expected a name, found {name!r}")
        try:
            given = get_distribution(name)
        except KeyError as exc:
            raise _fail(f"distribution: {exc.args[0]}") from None
    board = _list(data, "board")
    if not board or not all(isinstance(row, list) for row in board):
        raise _fail("board: expected a list of rows, each a list of squares")
    width = len(board[0])
    if width == 0 or len(board) > _codec.MAX_DIMENSION or width > _codec.MAX_DIMENSION:
        raise _fail(f"board: expected 1 to {_codec.MAX_DIMENSION} rows and columns")
    raw_ops = _codec._split_operations(ops_text, 0)
    try:
        dist, _ = _codec._choose_distribution(
            raw_ops, "/" * (len(board) - 1), given, None, ops_text
        )
    except PuzzleFormatError as exc:
        raise _fail(f"operations: {exc.message}") from None
    rows: list[list[str | None]] = []
    for r, row in enumerate(board):
        if len(row) != width:
            raise _fail(f"board[{r}]: expected {width} squares like board[0], found {len(row)}")
        rows.append([None if sq is None else _tile(dist, sq, f"board[{r}][{c}]", "board")
                     for c, sq in enumerate(row)])
    racks: list[str] = []
    for i, rack in enumerate(_list(data, "racks")):
        if not isinstance(rack, list):
            raise _fail(f"racks[{i}]: expected a list of tiles, found {rack!r}")
        racks.append("".join(write_tile(_tile(dist, t, f"racks[{i}]", "rack")) for t in rack))
    scores = _list(data, "scores")
    for i, score in enumerate(scores):
        if not _whole(score) or abs(score) >= 10**18:
            raise _fail(f"scores[{i}]: expected a whole number of at most 18 digits, found "
                        f"{score!r}")
    zero = data.get("zero_turns")
    if not isinstance(zero, int) or isinstance(zero, bool) or not 0 <= zero < 10**18:
        raise _fail(f"zero_turns: expected a whole number from 0, found {zero!r}")
    if len(racks) != len(scores) or not racks:
        raise _fail(
            f"scores: expected one score per rack ({len(racks)} racks), found {len(scores)}"
        )
    if len(racks) == 1 and not racks[0]:
        raise _fail("racks: a one-player position needs a known rack")
    line = " ".join(
        [_codec.write_board(rows), "/".join(racks), "/".join(str(s) for s in scores), str(zero)]
    )
    if ops_text:
        line += " " + ops_text
    return line, given


def names_from_json(data: Mapping[str, Any], players: int) -> list[str] | None:
    """The ``player_names`` of a position's JSON form (``None`` when absent): one name, a
    string, per rack. Raises :class:`PuzzleFormatError` naming the key."""
    if data.get("player_names") is None:
        return None
    names = _list(data, "player_names")
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise _fail(f"player_names[{i}]: expected a name as a string, found {name!r}",
                        repr(name))
    if len(names) != players:
        raise _fail(f"player_names: expected one name per rack ({players} racks), found "
                    f"{len(names)}")
    return list(names)
