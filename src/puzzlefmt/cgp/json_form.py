"""The JSON form of a position (format ``cgp-json``).

``to_json(position)`` gives a JSON-ready dict; ``from_json(data)`` reads one back. The reader
uses ``board``, ``racks``, ``scores``, ``zero_turns``, ``operations`` and, when
``distribution_source`` is ``"given"``, ``distribution``; the other keys (``cgp``, ``options``
with every opcode's effective value, ``layout``, ``problems``, ``unseen``) are there for
readers of the JSON and are not read back.

Example (abridged)::

    {"format": "cgp-json", "version": 1, "rows": 15, "cols": 15,
     "board": [[null, "A", ...], ...], "racks": [["A", "?"], []], "scores": [0, 0],
     "zero_turns": 0, "operations": [["lex", "NWL18"], ["lm", "-2"]], ...}
"""

from __future__ import annotations

import json
from typing import Any

from puzzlefmt.cgp import cgp as _cgp
from puzzlefmt.cgp.cgp import KNOWN_OPCODES, Operation
from puzzlefmt.cgp.distributions import Distribution, TileError, get_distribution
from puzzlefmt.cgp.position import Position
from puzzlefmt.cgp.tiles import write_tile
from puzzlefmt.errors import PuzzleFormatError

__all__ = ["dumps_json", "from_json", "loads_json", "to_json"]

FORMAT = "cgp-json"
VERSION = 1


def _operations(position: Position) -> list[list[str]]:
    """The operations as ``[opcode, operands]`` pairs, in the order the writer puts them."""
    line = position.cgp()
    _, start = _cgp._split_fields(line)
    return [[op.opcode, op.operands] for op in _cgp._split_operations(line, start)]


def to_json(position: Position) -> dict[str, Any]:
    """A JSON-ready dict describing ``position`` completely."""
    values = position.operation_values()
    options: dict[str, Any] = {}
    for opcode, attr in KNOWN_OPCODES.items():
        value = values[opcode]
        options[attr] = str(value) if opcode == "lm" and value is not None else value
    return {
        "format": FORMAT,
        "version": VERSION,
        "cgp": position.cgp(),
        "rows": position.rows,
        "cols": position.cols,
        "board": [list(row) for row in position.board],
        "racks": [list(rack) for rack in position.racks],
        "scores": list(position.scores),
        "zero_turns": position.zero_turns,
        "operations": _operations(position),
        "options": options,
        "distribution": position.distribution.name,
        "distribution_source": position.distribution_source,
        "layout": position.layout.name,
        "unseen": position.unseen(),
        "problems": position.problems(),
    }


def dumps_json(position: Position, *, indent: int | None = 2) -> str:
    """The JSON text of ``position`` (UTF-8 characters kept as they are); with ``indent``,
    one key per line and one board row per line."""
    data = to_json(position)
    if indent is None:
        return json.dumps(data, ensure_ascii=False)
    pad = " " * indent
    parts: list[str] = []
    for key, value in data.items():
        if key == "board":
            rows = (",\n" + pad * 2).join(json.dumps(row, ensure_ascii=False) for row in value)
            text = "[\n" + pad * 2 + rows + "\n" + pad + "]"
        else:
            text = json.dumps(value, ensure_ascii=False)
        parts.append(f"{pad}{json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}"


def _fail(message: str, found: str | None = None) -> PuzzleFormatError:
    return PuzzleFormatError(message, format=FORMAT, found=found)


def _list(data: dict[str, Any], key: str) -> list[Any]:
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


def from_json(data: object) -> Position:
    """Read the dict :func:`to_json` writes. Raises :class:`PuzzleFormatError` naming the key."""
    if not isinstance(data, dict):
        raise _fail(f"expected a JSON object, found {type(data).__name__}")
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
    if width == 0 or len(board) > _cgp.MAX_DIMENSION or width > _cgp.MAX_DIMENSION:
        raise _fail(f"board: expected 1 to {_cgp.MAX_DIMENSION} rows and columns")
    raw_ops = _cgp._split_operations(ops_text, 0)
    try:
        dist, _ = _cgp._choose_distribution(
            raw_ops, "/" * (len(board) - 1), given, None, ops_text
        )
    except PuzzleFormatError as exc:
        raise _fail(f"operations: {exc.message}") from None
    rows: list[str] = []
    for r, row in enumerate(board):
        if len(row) != width:
            raise _fail(f"board[{r}]: expected {width} squares like board[0], found {len(row)}")
        squares: list[str | None] = []
        for c, sq in enumerate(row):
            squares.append(None if sq is None else _tile(dist, sq, f"board[{r}][{c}]", "board"))
        rows.append(_cgp.write_board([squares]))
    racks: list[str] = []
    for i, rack in enumerate(_list(data, "racks")):
        if not isinstance(rack, list):
            raise _fail(f"racks[{i}]: expected a list of tiles, found {rack!r}")
        racks.append("".join(write_tile(_tile(dist, t, f"racks[{i}]", "rack")) for t in rack))
    scores = _list(data, "scores")
    for i, score in enumerate(scores):
        if not isinstance(score, int) or isinstance(score, bool):
            raise _fail(f"scores[{i}]: expected a whole number, found {score!r}")
    zero = data.get("zero_turns")
    if not isinstance(zero, int) or isinstance(zero, bool) or zero < 0:
        raise _fail(f"zero_turns: expected a whole number from 0, found {zero!r}")
    if len(racks) != len(scores) or not racks:
        raise _fail(
            f"scores: expected one score per rack ({len(racks)} racks), found {len(scores)}"
        )
    if len(racks) == 1 and not racks[0]:
        raise _fail("racks: a one-player position needs a known rack")
    line = " ".join(
        ["/".join(rows), "/".join(racks), "/".join(str(s) for s in scores), str(zero)]
    )
    if ops_text:
        line += " " + ops_text
    try:
        return Position(line, distribution=given)
    except PuzzleFormatError as exc:
        raise _fail(f"operations: {exc.message}") from None


def loads_json(text: str) -> Position:
    """Parse ``cgp-json`` text. Raises :class:`PuzzleFormatError` with line and column for
    malformed JSON."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(
            f"expected JSON: {exc.msg}",
            format=FORMAT,
            line=exc.lineno,
            column=exc.colno,
            expected="JSON",
            found=exc.msg,
        ) from None
    except RecursionError:
        raise PuzzleFormatError("expected JSON: nested too deeply", format=FORMAT) from None
    return from_json(data)
