"""f-puzzles puzzles: the link (``https://f-puzzles.com/?load=<payload>``), its payload, and the
JSON inside.

The payload is lz-string ``compressToBase64`` of a JSON object: ``size`` (9 for a classic
Sudoku), ``grid`` (``size`` rows of ``size`` cell objects), ``title``, ``author``,
``ruleset``, ``solution``, and one key per variant constraint (``killercage``,
``thermometer``, ``diagonal+``, ...). A cell object may hold ``value`` (a digit, ``given``
true for a clue, else a digit the solver placed), ``centerPencilMarks`` (the solver's
candidates; f-puzzles' own solver also writes ``candidates``), ``cornerPencilMarks``,
``givenPencilMarks``, ``region`` (irregular regions) and colours (``c``, ``cArray``,
``highlight``).

The grid keeps clues, placed digits and candidates; ``title``, ``author``, ``ruleset`` and
``solution`` go to ``meta`` (``"title"``, ``"author"``, ``"rules"``, ``"solution"``).
Everything else a 9x9 grid cannot hold (variant constraints, irregular regions, corner or
given pencil marks, colours, other sizes) is refused with an error naming each of them, or,
with ``unsupported="drop"``, left out and named in ``meta["dropped"]`` (another size is
always refused). f-puzzles' solver settings (``disabledlogic``, ``truecandidatesoptions``,
``highlightConflicts``) say nothing about the puzzle and are ignored.

Writing gives f-puzzles' own JSON layout (``JSON.stringify`` of ``size``, ``title``,
``author``, ``ruleset``, ``grid``, ``solution``), compressed the way f-puzzles does it, so
that the link opens in f-puzzles and in SudokuPad.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from puzzlefmt.errors import PuzzleFormatError, quote
from puzzlefmt.format import Format, Sniff
from puzzlefmt.jsontext import check_decoded, check_depth
from puzzlefmt.sudoku.formats._lzstring import (
    LZStringError,
    compress_to_base64,
    decompress_base64_prefix,
)
from puzzlefmt.sudoku.formats._weblinks import (
    UNSUPPORTED,
    Piece,
    box_of,
    cell_masks,
    drop_or_refuse,
    one_line,
    safe_unquote,
    show_json,
)
from puzzlefmt.sudoku.grid import Grid

__all__ = [
    "FORMAT",
    "LINK_FORMAT",
    "SITE",
    "decode_payload",
    "encode_payload",
    "grid_from_json",
    "json_of_grid",
    "read",
    "read_link",
    "write",
    "write_link",
]

FMT = "fpuzzles"
LINK_FMT = "fpuzzles-link"
#: The start of an f-puzzles link; the payload follows it.
SITE = "https://f-puzzles.com/?load="

# f-puzzles' solver settings: how its solver behaves, nothing about the puzzle.
_SETTINGS = frozenset({"disabledlogic", "truecandidatesoptions", "highlightConflicts"})
_META = {"title": "title", "author": "author", "ruleset": "rules"}

# What the refusal says about the constraints f-puzzles knows (any other key is named as is).
_NAMES = {
    "diagonal+": "the rising diagonal holds 1-9 once",
    "diagonal-": "the falling diagonal holds 1-9 once",
    "antiknight": "anti-knight",
    "antiking": "anti-king",
    "disjointgroups": "disjoint groups",
    "nonconsecutive": "non-consecutive neighbours",
    "extraregion": "extra regions",
    "odd": "odd cells",
    "even": "even cells",
    "thermometer": "thermometers",
    "palindrome": "palindromes",
    "renban": "renban lines",
    "whispers": "German whispers",
    "betweenline": "between lines",
    "entropicline": "entropic lines",
    "regionsumline": "region-sum lines",
    "lockout": "lockout lines",
    "killercage": "killer cages",
    "littlekillersum": "little killer sums",
    "sandwichsum": "sandwich sums",
    "xsum": "X-sums",
    "skyscraper": "skyscrapers",
    "arrow": "arrows",
    "difference": "difference (white) dots",
    "ratio": "ratio (black) dots",
    "xv": "XV pairs",
    "negative": "negative constraints",
    "clone": "clones",
    "quadruple": "quadruples",
    "minimum": "minimum cells",
    "maximum": "maximum cells",
    "line": "drawn lines",
    "rectangle": "drawn rectangles",
    "circle": "drawn circles",
    "cage": "drawn cages",
    "text": "text on the grid",
}

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _rc(r: int, c: int) -> str:
    return f"R{r + 1}C{c + 1}"


# --------------------------------------------------------------------------- payload


def decode_payload(
    payload: str, *, fmt: str = FMT, line: int | None = 1, column: int = 1
) -> Any:
    """The JSON value an f-puzzles payload holds.

    Leniencies, as SudokuPad allows them: a percent-encoded payload is decoded first; a
    space reads as ``+`` (a link whose ``+`` became a space on the way); text after the end
    of the compressed stream is not read; a payload whose ``//`` were collapsed to ``/``
    (some chat programs do that) is repaired by trying ``//`` at its slashes.
    """
    if not payload:
        raise PuzzleFormatError.expecting(
            "an lz-string base64 payload", "nothing", format=fmt, line=line, column=column)
    body = payload.replace(" ", "+")
    try:
        return _json_of(body)
    except (LZStringError, ValueError) as exc:
        first = exc
    fixed = _unslash(body)
    if fixed is not None:
        return fixed
    if isinstance(first, LZStringError):
        raise PuzzleFormatError.expecting(
            "an lz-string base64 payload", str(first), format=fmt, line=line,
            column=column + first.position, text=payload) from None
    raise PuzzleFormatError.expecting(
        "the f-puzzles JSON inside the payload", str(first), format=fmt, line=line,
        column=column, text=payload) from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name}, which is not JSON")


def _json_of(body: str) -> Any:
    text, _used = decompress_base64_prefix(body)
    if not text:
        raise ValueError("a payload that decodes to nothing")
    check_decoded(text)
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"decoded text that is not JSON ({exc.msg} at character {exc.pos}: "
                         f"{quote(text[max(0, exc.pos - 10) : exc.pos + 10], 20)})") from None


def _unslash(body: str, limit: int = 256) -> Any:
    """Try ``//`` at the first slashes of ``body`` (fewest replacements first, at most
    ``limit`` tries); the JSON of the first try that reads, else ``None``."""
    slashes = [i for i, ch in enumerate(body) if ch == "/"][:16]
    tries = 0
    for k in range(1, len(slashes) + 1):
        for chosen in itertools.combinations(slashes, k):
            tries += 1
            if tries > limit:
                return None
            pieces = []
            start = 0
            for at in chosen:
                pieces.append(body[start:at] + "/")
                start = at
            pieces.append(body[start:])
            try:
                value = _json_of("".join(pieces))
            except (LZStringError, ValueError):
                continue
            if isinstance(value, dict):
                return value
    return None


def encode_payload(grid: Grid) -> str:
    """The f-puzzles payload of ``grid``: lz-string base64 of its JSON."""
    return compress_to_base64(_dumps(json_of_grid(grid)))


def _dumps(obj: Any) -> str:
    """``JSON.stringify(obj)``: no spaces, non-ASCII as is, lone surrogates escaped."""
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


# --------------------------------------------------------------------------- JSON <-> grid


class _Found:
    """What a reader found that the grid cannot hold, in order, one entry per kind."""

    def __init__(self) -> None:
        self.kinds: dict[str, list[str]] = {}

    def add(self, kind: str, where: str) -> None:
        self.kinds.setdefault(kind, []).append(where)

    def names(self) -> list[str]:
        out = []
        for kind, where in self.kinds.items():
            shown = ", ".join(where[:4]) + (f" and {len(where) - 4} more" if len(where) > 4
                                             else "")
            out.append(f"{kind} ({shown})" if shown else kind)
        return out


def _digit(value: Any) -> int | None:
    """A cell digit from f-puzzles JSON: 1-9 (number or text), 0 for none, ``None`` for
    anything else."""
    if isinstance(value, bool):
        return None
    if value is None or value == "":
        return 0
    if isinstance(value, int) and 0 <= value <= 9:
        return value
    if isinstance(value, str) and len(value) == 1 and "0" <= value <= "9":
        return int(value)
    return None


def _empty(value: Any) -> bool:
    return value is None or value is False or value in ([], "", {})


def _marks(value: Any, where: str, key: str, error: Any) -> int:
    """A candidate mask from a list of digits (``None`` or ``[]``: none noted, 0)."""
    if value is None:
        return 0
    if not isinstance(value, list):
        raise error(f"{where}: {key} is a list of digits", show_json(value))
    mask = 0
    for item in value:
        d = _digit(item)
        if not d:
            raise error(f"{where}: {key} holds digits 1-9", show_json(item))
        mask |= 1 << (d - 1)
    return mask


def grid_from_json(
    data: Any,
    *,
    fmt: str = FMT,
    line: int | None = 1,
    column: int | None = None,
    text: str | None = None,
    unsupported: str = "refuse",
) -> Grid:
    """A grid from f-puzzles JSON (see the module docstring for what is kept)."""

    def error(expected: str, found: str) -> PuzzleFormatError:
        return PuzzleFormatError.expecting(
            f"{expected} in the f-puzzles JSON", found, format=fmt, line=line, column=column,
            text=text)

    if not isinstance(data, dict):
        raise error("an object", type(data).__name__)
    if "size" not in data:
        raise error("a 'size' key", f"keys {sorted(data)[:8]}")
    size = data["size"]
    if isinstance(size, bool) or not isinstance(size, int):
        raise error("a whole number for 'size'", show_json(size))
    if size != 9:
        raise PuzzleFormatError.expecting(
            "a 9x9 puzzle (size 9): puzzlefmt's Sudoku grid is 9x9", f"size {size}",
            format=fmt, line=line, column=column, text=text)
    rows = data.get("grid")
    if not isinstance(rows, list) or len(rows) != 9:
        count = len(rows) if isinstance(rows, list) else show_json(rows)
        raise error("'grid': a list of 9 rows", str(count))
    found = _Found()
    givens = [0] * 81
    placed = [0] * 81
    masks = [0] * 81
    noted = False
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != 9:
            count = len(row) if isinstance(row, list) else show_json(row)
            raise error(f"grid row {r + 1}: a list of 9 cells", str(count))
        for c, cell in enumerate(row):
            where = _rc(r, c)
            if not isinstance(cell, dict):
                raise error(f"{where}: a cell object", show_json(cell))
            i = r * 9 + c
            d = _digit(cell.get("value"))
            if d is None:
                raise error(f"{where}: a digit 1-9 as value", show_json(cell["value"]))
            given = cell.get("given", False)
            if not isinstance(given, bool) and given is not None:
                raise error(f"{where}: true or false for given", show_json(given))
            if d:
                if given:
                    givens[i] = d
                else:
                    placed[i] = d
            centre = _marks(cell.get("centerPencilMarks"), where, "centerPencilMarks", error)
            solver = _marks(cell.get("candidates"), where, "candidates", error)
            if centre and solver and centre != solver:
                found.add("centre pencil marks other than the candidates", where)
            mark = solver or centre
            if mark and not d:
                masks[i] = mark
                noted = True
            for key, value in cell.items():
                if key in ("value", "given", "centerPencilMarks", "candidates"):
                    continue
                if key == "region":
                    if value is None:
                        found.add("cells outside every region", where)
                    elif isinstance(value, bool) or not isinstance(value, int):
                        raise error(f"{where}: a region number", show_json(value))
                    elif value != box_of(i):
                        found.add("irregular regions", where)
                elif _empty(value):
                    continue
                elif key == "cornerPencilMarks":
                    found.add("corner pencil marks", where)
                elif key == "givenPencilMarks":
                    found.add("given pencil marks", where)
                elif key in ("c", "cArray", "highlight"):
                    found.add("cell colours", where)
                else:
                    found.add(f"cell key {key!r}", where)
    meta: dict[str, str] = {}
    for key, value in data.items():
        if key in ("size", "grid") or key in _SETTINGS:
            continue
        if key in _META:
            if value is None:
                continue
            if not isinstance(value, str):
                raise error(f"text for {key!r}", show_json(value))
            meta[_META[key]] = value
        elif key == "solution":
            solution = _solution(value, error)
            if solution:
                meta["solution"] = solution
        elif _empty(value):
            continue
        else:
            name = _NAMES.get(key)
            count = f"{len(value)}" if isinstance(value, list) else ""
            found.add(key + (f": {name}" if name else ""), count)
    drop_or_refuse(found.names(), meta, unsupported=unsupported, fmt=fmt, line=line,
                   column=column, text=text)
    candidates = None
    if noted:
        candidates = [
            1 << ((givens[i] or placed[i]) - 1) if givens[i] or placed[i]
            else (masks[i] or 0x1FF)
            for i in range(81)
        ]
    return Grid(givens=givens, placed=placed, candidates=candidates, meta=meta)


def _solution(value: Any, error: Any) -> str:
    """``solution`` as 81 characters (``.`` unknown); empty when it knows no digit."""
    items: Sequence[Any]
    if isinstance(value, str):
        items = value.split(",") if "," in value else list(value)
    elif isinstance(value, list):
        items = value
    else:
        raise error("a list of 81 digits for 'solution'", show_json(value))
    if not items:
        return ""
    if len(items) != 81:
        raise error("81 digits in 'solution'", f"{len(items)}")
    out = []
    for item in items:
        d = 0 if item == "." else _digit(item)
        if d is None:
            raise error("digits 1-9 (0 or . unknown) in 'solution'", show_json(item))
        out.append(str(d) if d else ".")
    text = "".join(out)
    return "" if text == "." * 81 else text


def json_of_grid(grid: Grid) -> dict[str, Any]:
    """The f-puzzles JSON of ``grid`` (key order as f-puzzles writes it)."""
    obj: dict[str, Any] = {"size": 9}
    for key, name in _META.items():
        if name in grid.meta:
            obj[key] = grid.meta[name]
    noted = grid.candidates is not None or grid.eliminated is not None
    masks = cell_masks(grid) if noted else [0] * 81
    rows: list[list[dict[str, Any]]] = []
    for r in range(9):
        row: list[dict[str, Any]] = []
        for c in range(9):
            i = r * 9 + c
            g, p = grid.givens[i], grid.placed[i]
            if g:
                row.append({"value": g, "given": True})
            elif p:
                row.append({"value": p})
            elif noted:
                if not masks[i]:
                    raise ValueError(f"{_rc(r, c)} has no candidate left: f-puzzles cannot "
                                     "hold that (an empty list means no marks)")
                row.append({"centerPencilMarks": [d for d in range(1, 10)
                                                  if masks[i] >> (d - 1) & 1]})
            else:
                row.append({})
        rows.append(row)
    obj["grid"] = rows
    solution = grid.meta.get("solution", "")
    if len(solution) == 81 and all(ch in "123456789." for ch in solution):
        obj["solution"] = [int(ch) if ch != "." else 0 for ch in solution]
    return obj


# --------------------------------------------------------------------------- texts


def _query_value(query: str, key: str) -> tuple[str, int] | None:
    """The raw value of ``key`` in a query string and its offset there (no ``+`` to space
    conversion: base64 payloads hold ``+``)."""
    at = 0
    for part in query.split("&"):
        name, eq, value = part.partition("=")
        if eq and name == key:
            return value, at + len(name) + 1
        at += len(part) + 1
    return None


def _read_piece(piece: Piece, fmt: str, unsupported: str) -> Grid:
    body = piece.text
    line, column = piece.line, piece.column
    if body.startswith("{"):
        check_depth(body, format=fmt, line=line, column=column)
        try:
            data = json.loads(body, parse_constant=_reject_constant)
        except json.JSONDecodeError as exc:
            first = exc.lineno == 1
            raise PuzzleFormatError.expecting(
                "f-puzzles JSON", f"invalid JSON ({exc.msg})", format=fmt,
                line=line + exc.lineno - 1,
                column=exc.colno + (column - 1 if first else 0),
                text=body.splitlines()[exc.lineno - 1] if body else body) from None
        except ValueError as exc:  # NaN, Infinity; an integer too long to convert
            raise PuzzleFormatError.expecting(
                "f-puzzles JSON", str(exc), format=fmt, line=line, column=column,
                text=body) from None
        return grid_from_json(data, fmt=fmt, line=line, column=column, text=body,
                              unsupported=unsupported)
    if "f-puzzles.com" in body.lower() or "://" in body:
        return _read_link(piece, fmt, unsupported)
    payload = body.removeprefix("fpuzzles")
    offset = len(body) - len(payload)
    data = decode_payload(safe_unquote(payload), fmt=fmt, line=line, column=column + offset)
    return grid_from_json(data, fmt=fmt, line=line, column=column, text=body,
                          unsupported=unsupported)


def _read_link(piece: Piece, fmt: str, unsupported: str) -> Grid:
    link = piece.text

    def error(expected: str, found: str, at: int = 0) -> PuzzleFormatError:
        return PuzzleFormatError.expecting(expected, found, format=fmt, line=piece.line,
                                           column=piece.column + at, text=link)

    url = link if "://" in link else "https://" + link
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        raise error("an f-puzzles link", f"a malformed address ({exc})") from None
    host = (parts.hostname or "").lower()
    if host not in ("f-puzzles.com", "www.f-puzzles.com"):
        raise error("an f-puzzles.com link", quote(host or link, 30))
    found = _query_value(parts.query, "load")
    if found is None:
        short = _query_value(parts.query, "id")
        if short is not None:
            raise error("a link carrying the puzzle (?load=...)",
                        f"a short f-puzzles ID {short[0]!r}: the puzzle is on f-puzzles' "
                        "server, which puzzlefmt does not contact")
        raise error("a ?load= parameter holding the puzzle", quote(parts.query or "none", 30),
                    link.find("?") if "?" in link else len(link))
    payload, _ = found
    start = link.find("load=") + 5
    data = decode_payload(safe_unquote(payload), fmt=fmt, line=piece.line,
                          column=piece.column + start)
    return grid_from_json(data, fmt=fmt, line=piece.line, column=piece.column, text=link,
                          unsupported=unsupported)


def read(text: str, *, unsupported: str = "refuse") -> Grid:
    """Read an f-puzzles payload (also its JSON, or a whole link)."""
    piece = _piece(text, FMT)
    return _read_piece(piece, FMT, unsupported)


def read_link(text: str, *, unsupported: str = "refuse") -> Grid:
    """Read an f-puzzles link (also a bare payload or its JSON)."""
    piece = _piece(text, LINK_FMT)
    return _read_piece(piece, LINK_FMT, unsupported)


def _piece(text: str, fmt: str) -> Piece:
    stripped = text.strip()
    if stripped.startswith("{"):
        # JSON may be spread over lines: it is one piece, however it is laid out.
        before = text[: len(text) - len(text.lstrip())]
        lines = before.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        return Piece(len(lines), len(lines[-1]) + 1, stripped)
    return one_line(text, fmt, "an f-puzzles link or payload")


def write(grid: Grid) -> str:
    """The f-puzzles payload of ``grid`` (lz-string base64 of the JSON) and a newline."""
    return encode_payload(grid) + "\n"


def write_link(grid: Grid) -> str:
    """An f-puzzles link to ``grid`` (:data:`SITE` and the payload) and a newline."""
    return SITE + encode_payload(grid) + "\n"


_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")


def sniff(text: str) -> Sniff | None:
    body = text.strip()
    if body.startswith("{"):
        if '"grid"' in body and '"size"' in body:
            return Sniff(0.9, "JSON with size and grid keys (f-puzzles)")
        return None
    if not body.startswith("N4Ig"):
        return None
    run = next((i for i, ch in enumerate(body) if ch not in _B64), len(body))
    if run == len(body) and run >= 20:
        return Sniff(0.95, "lz-string base64 of a JSON object (an f-puzzles payload)")
    if run >= 20 and "\n" not in body:
        return Sniff(0.9, f"lz-string base64 of a JSON object (an f-puzzles payload), then "
                          f"{quote(body[run:], 12)}")
    return None


def sniff_link(text: str) -> Sniff | None:
    body = text.strip()
    low = body.lower()
    if "\n" in body or "f-puzzles.com" not in low or "load=" not in low:
        return None
    return Sniff(0.99, "an f-puzzles.com link with a ?load= payload")


#: The ``fpuzzles`` format: the payload of an f-puzzles link (lz-string base64 of its JSON; the
#: classic part).
FORMAT = Format(
    name=FMT,
    family="sudoku",
    model=Grid,
    description="f-puzzles payload: lz-string base64 of the f-puzzles JSON (classic part)",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=62,
    read_options=(UNSUPPORTED,),
    holds=frozenset({"givens", "placed", "candidates", "metadata"}),
)

#: The ``fpuzzles-link`` format: an f-puzzles link (``https://f-puzzles.com/?load=...``).
LINK_FORMAT = Format(
    name=LINK_FMT,
    family="sudoku",
    model=Grid,
    description="f-puzzles link (https://f-puzzles.com/?load=...), classic part",
    sniff_text=sniff_link,
    read=read_link,
    write=write_link,
    priority=63,
    read_options=(UNSUPPORTED,),
    holds=frozenset({"givens", "placed", "candidates", "metadata"}),
)
