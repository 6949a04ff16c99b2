"""SudokuPad links (``https://sudokupad.app/<puzzle id>``) and their puzzle IDs.

A link names its puzzle in the path (``sudokupad.app/<id>``, ``/sudoku/<id>`` on the older
``app.crackingthecryptic.com``) or in a ``?puzzleid=<id>`` parameter. An ID that carries the
puzzle starts with its codec:

- ``fpuzzles<payload>`` or ``fpuz<payload>``: an f-puzzles payload (see
  :mod:`puzzlefmt.sudoku.formats.fpuzzles`).
- ``scl<payload>`` or ``ctc<payload>``: SudokuPad's own puzzle, lz-string base64 of a JSON
  object (``cells``, ``regions``, ``cages``, ``lines``, ``arrows``, ``overlays``,
  ``underlays``), either plain or shortened by SudokuPad's "puzzle zipper" (short keys such
  as ``ce`` for ``cells``, unquoted keys, ``t``/``f`` for true/false, ``#0``/``#F`` for
  black and white). Metadata are cages whose value reads ``title: ...``, ``author: ...``,
  ``rules: ...``, ``solution: ...``; they go to ``meta`` under those names.
- ``classic<data>``: clues only, in one of two codecs with no tag between them. classic1
  writes digits as themselves and each run of empty cells as one character of
  ``A-Za-z()[]-.~:@!$&'*,;=_`` (``A`` = 0, ``B`` = 1 ... ``_`` = 69 empty cells). classic2
  writes each clue or empty cell (``0``) followed by up to 5 empty cells as one character of
  ``0-9A-Za-x``: the digit plus 10 times the empty cells that follow.

Other IDs are short names of puzzles stored on SudokuPad's server: puzzlefmt does not fetch
them and says so.

What the grid cannot hold (another size, regions other than the 3x3 boxes, cages, lines,
arrows, overlays, underlays, corner pencil marks, f-puzzles constraints) is refused by name
unless the reader is told ``unsupported="drop"``.

Writing gives ``https://sudokupad.app/fpuzzles<payload>`` (``form="fpuzzles"``, the
default: clues, placed digits, candidates and metadata) or the compact
``https://sudokupad.app/classic<data>`` (``form="classic"``, classic2, clues only).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

from puzzlefmt.errors import PuzzleFormatError, quote
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.jsontext import check_decoded, too_deep
from puzzlefmt.sudoku.formats._lzstring import LZStringError, decompress_base64_prefix
from puzzlefmt.sudoku.formats._weblinks import (
    UNSUPPORTED,
    Piece,
    box_of,
    drop_or_refuse,
    one_line,
    safe_unquote,
    show_json,
)
from puzzlefmt.sudoku.formats.fpuzzles import decode_payload, encode_payload, grid_from_json
from puzzlefmt.sudoku.grid import Grid

__all__ = [
    "APP",
    "FORMAT",
    "ctc_from_payload",
    "grid_from_ctc",
    "read",
    "unzip_classic",
    "unzip_puzzle",
    "write",
    "zip_classic",
]

FMT = "sudokupad-link"
#: SudokuPad's address; a link is this and the puzzle's ID.
APP = "https://sudokupad.app/"
_HOSTS = ("sudokupad.app", "app.crackingthecryptic.com", "crackingthecryptic.com")
_PREFIXES = ("fpuzzles", "fpuz", "scl", "ctc", "classic")

_E70 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_"
_E70_VALUE = {ch: i for i, ch in enumerate(_E70)}
_C2 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx"
_C2_VALUE = {ch: i for i, ch in enumerate(_C2)}


# --------------------------------------------------------------------------- classic


def unzip_classic(data: str) -> str:
    """The cells (digits, ``0`` for empty) a ``classic`` ID's data holds, as SudokuPad's
    two codecs read them: the one that gives 81 cells; classic2 (SudokuPad's own writer)
    when both do. ``ValueError`` says what each gave when neither does."""
    one = _classic1(data)
    two = _classic2(data)
    if two is not None and len(two) == 81:
        return two
    if one is not None and len(one) == 81:
        return one
    got = []
    if one is not None:
        got.append(f"{len(one)} cells as classic1")
    if two is not None:
        got.append(f"{len(two)} cells as classic2")
    raise ValueError(" and ".join(got) or "characters neither codec uses")


def _classic1(data: str) -> str | None:
    out = []
    for ch in data:
        if "1" <= ch <= "9":
            out.append(ch)
        elif ch in _E70_VALUE:
            out.append("0" * _E70_VALUE[ch])
        else:
            return None
    return "".join(out)


def _classic2(data: str) -> str | None:
    out = []
    for ch in data:
        v = _C2_VALUE.get(ch)
        if v is None:
            return None
        out.append(str(v % 10) + "0" * (v // 10))
    return "".join(out)


def zip_classic(cells: str) -> str:
    """classic2 data for 81 cells (digits, ``0`` empty), as SudokuPad's ``PT.zip``."""
    out = []
    digit = int(cells[0])
    blanks = 0
    for ch in cells[1:]:
        nxt = int(ch)
        if blanks == 5 or nxt:
            out.append(_C2[digit + 10 * blanks])
            digit, blanks = nxt, 0
        else:
            blanks += 1
    out.append(_C2[digit + 10 * blanks])
    return "".join(out)


# --------------------------------------------------------------------------- scl / ctc

_ZIP_KEYS = {
    "color": "c", "cages": "ca", "center": "ct", "borderColor": "c1",
    "backgroundColor": "c2", "cells": "ce", "cellSize": "cs", "arrows": "a",
    "overlays": "o", "underlays": "u", "width": "w", "height": "h", "value": "v",
    "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs",
    "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te",
    "duration": "d",
}
_UNZIP_KEYS = {short: long for long, short in _ZIP_KEYS.items()}
_HEX6 = re.compile(r"[0-9a-fA-F]{6}")
_UNZIP_STEPS = (
    (re.compile(r"([,{\[])([a-zA-Z0-9]+):"), r'\1"\2":'),
    (re.compile(r"([,{\[])(?=[,}\]])"), r"\1_"),
    (re.compile(r"\{_\}"), "{}"),
    (re.compile(r"([,{\[])_"), r"\1{}"),
    (re.compile(r"(:)f([,}\]])"), r"\1false\2"),
    (re.compile(r"(:)t([,}\]])"), r"\1true\2"),
    (re.compile(r"(:)#0([,}\]])"), r'\1"#000000"\2'),
    (re.compile(r"(:)#F([,}\]])"), r'\1"#FFFFFF"\2'),
    (re.compile(r"(:)([0-9a-fA-F]{6})([,}\]])"), r'\1"#\2"\3'),
)


def unzip_puzzle(zipped: str) -> Any:
    """SudokuPad's ``PuzzleZipper.unzip``: the JSON value of a zipped puzzle text (short
    keys restored, colours given back their ``#``). Raises ``ValueError``."""
    text = zipped
    if '"' not in text:
        text = text.replace("\\'", "\u2019").replace("'", '"').replace("\u2019", "'")
    for pattern, repl in _UNZIP_STEPS:
        text = pattern.sub(repl, text)
    check_decoded(text)
    return _unzip_values(json.loads(text))


def _unzip_values(value: Any) -> Any:
    if isinstance(value, list):
        return [_unzip_values(v) for v in value]
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, v in value.items():
            name = _UNZIP_KEYS[key] if key in _UNZIP_KEYS else str(key)
            if name != key and name in value:
                raise ValueError(f"zipped key {key!r} and {name!r} both present")
            out[name] = _unzip_values(v)
        return out
    if isinstance(value, str) and _HEX6.fullmatch(value):
        return "#" + value
    return value


def ctc_from_payload(payload: str) -> Any:
    """The JSON value of an ``scl``/``ctc`` payload (after its prefix): lz-string base64,
    then JSON or zipped JSON. Raises :class:`LZStringError` or ``ValueError``."""
    text, _used = decompress_base64_prefix(payload.replace(" ", "+"))
    if not text:
        raise ValueError("a payload that decodes to nothing")
    if too_deep(text) is None:  # else not read as JSON here: unzip_puzzle says why
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            pass
    try:
        return unzip_puzzle(text)
    except ValueError as exc:
        raise ValueError(f"decoded text that is neither JSON nor a zipped puzzle ({exc})"
                         ) from None


_META_CAGE = re.compile(r"([^: \n]+):\s*(.+)", re.DOTALL)
_TRANSPARENT = re.compile(r"#([0-9a-f]{3}0|[0-9a-f]{6}00)", re.IGNORECASE)
_IGNORED = frozenset({"id", "cellSize", "cellsize", "settings", "duration", "videos"})
_PARTS = {
    "lines": "lines",
    "arrows": "arrows",
    "overlays": "overlays (circles, dots, text)",
    "underlays": "underlays (shaded shapes)",
}


def _is_meta_cage(cage: dict[str, Any]) -> re.Match[str] | None:
    """SudokuPad's test for a metadata cage: a ``name: value`` text and no cells, or
    transparent colours."""
    value = cage.get("value")
    if not isinstance(value, str):
        return None
    m = _META_CAGE.match(value)
    if m is None:
        return None
    no_cells = not cage.get("cells")
    clear = all(_TRANSPARENT.search(str(cage.get(key) or "#0000"))
                for key in ("fontC", "outlineC"))
    return m if no_cells or clear else None


def grid_from_ctc(
    data: Any,
    *,
    fmt: str = FMT,
    line: int | None = 1,
    column: int | None = None,
    text: str | None = None,
    unsupported: str = "refuse",
) -> Grid:
    """A grid from SudokuPad's puzzle JSON (see the module docstring for what is kept)."""

    def error(expected: str, found: str) -> PuzzleFormatError:
        return PuzzleFormatError.expecting(
            f"{expected} in the SudokuPad puzzle", found, format=fmt, line=line,
            column=column, text=text)

    if not isinstance(data, dict):
        raise error("an object", type(data).__name__)
    rows = data.get("cells")
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise error("'cells': a list of rows", show_json(rows))
    width = max((len(r) for r in rows), default=0)
    if len(rows) != 9 or any(len(r) != 9 for r in rows):
        raise PuzzleFormatError.expecting(
            "a 9x9 puzzle: puzzlefmt's Sudoku grid is 9x9", f"{len(rows)} rows of up to "
            f"{width} cells", format=fmt, line=line, column=column, text=text)
    found: dict[str, list[str]] = {}
    givens = [0] * 81
    masks = [0] * 81
    noted = False
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            where = f"R{r + 1}C{c + 1}"
            i = r * 9 + c
            if cell is None:
                continue
            if not isinstance(cell, dict):
                raise error(f"{where}: a cell object", show_json(cell))
            for key, value in cell.items():
                if value is None or value in ("", []):
                    continue
                if key == "value":
                    d = _digit(value)
                    if d is None:
                        raise error(f"{where}: a digit 1-9 as value", show_json(value))
                    givens[i] = d
                elif key in ("centremarks", "centerPencilMarks"):
                    mask = _mask(value)
                    if mask is None:
                        raise error(f"{where}: a list of digits as centre marks",
                                    show_json(value))
                    masks[i] = mask
                    noted = True
                elif key in ("pencilMarks", "cornerPencilMarks"):
                    found.setdefault("corner pencil marks", []).append(where)
                else:
                    found.setdefault(f"cell key {key!r}", []).append(where)
    meta: dict[str, str] = {}
    regions = data.get("regions")
    if not _classic_regions(regions):
        found.setdefault("regions other than the 3x3 boxes", [])
    for key, value in data.items():
        if key in ("cells", "regions") or key in _IGNORED:
            continue
        if key == "cages":
            if not isinstance(value, list):
                raise error("'cages': a list", show_json(value))
            cages = 0
            for cage in value:
                m = _is_meta_cage(cage) if isinstance(cage, dict) else None
                if m is None:
                    cages += 1
                    continue
                name, body = m.group(1), m.group(2)
                if name == "rules":
                    meta["rules"] = body
                elif name == "solution":
                    meta["solution"] = _solution(body)
                else:
                    meta[name] = body
            if cages:
                found.setdefault("cages (killer cages, extra regions)", []).append(str(cages))
        elif value is None or value in ([], {}, "", False):
            continue
        elif key in _PARTS:
            count = str(len(value)) if isinstance(value, list) else ""
            found.setdefault(_PARTS[key], []).append(count)
        else:
            found.setdefault(f"{key!r}", [])
    names = [f"{kind} ({', '.join(w[:4])}{' and more' if len(w) > 4 else ''})" if w
             else kind for kind, w in found.items()]
    drop_or_refuse(names, meta, unsupported=unsupported, fmt=fmt, line=line, column=column,
                   text=text)
    candidates = None
    if noted:
        candidates = [1 << (givens[i] - 1) if givens[i] else (masks[i] or 0x1FF)
                      for i in range(81)]
    return Grid(givens=givens, candidates=candidates, meta=meta)


def _digit(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and 1 <= value <= 9:
        return value
    if isinstance(value, str) and len(value) == 1 and "1" <= value <= "9":
        return int(value)
    return None


def _mask(value: Any) -> int | None:
    items = list(value) if isinstance(value, (list, str)) else None
    if items is None:
        return None
    mask = 0
    for item in items:
        d = _digit(item)
        if d is None:
            return None
        mask |= 1 << (d - 1)
    return mask


def _classic_regions(regions: Any) -> bool:
    """Whether ``regions`` are the nine 3x3 boxes (in any order)."""
    if not isinstance(regions, list) or len(regions) != 9:
        return False
    seen = set()
    for region in regions:
        if not isinstance(region, list) or len(region) != 9:
            return False
        cells = set()
        for rc in region:
            if (not isinstance(rc, list) or len(rc) != 2
                    or not all(isinstance(v, int) and 0 <= v < 9 for v in rc)):
                return False
            cells.add(rc[0] * 9 + rc[1])
        boxes = {box_of(i) for i in cells}
        if len(cells) != 9 or len(boxes) != 1:
            return False
        seen |= boxes
    return len(seen) == 9


def _solution(body: str) -> str:
    """A ``solution:`` text as 81 characters (``.`` unknown) when it is one, else as is."""
    text = body.strip()
    if len(text) == 81 and all(ch in "0123456789." for ch in text):
        return text.replace("0", ".")
    return text


# --------------------------------------------------------------------------- links


def _puzzle_id(piece: Piece) -> tuple[str, int]:
    """The puzzle ID a link or bare ID names, and its offset in the piece's text."""
    body = piece.text
    if body.startswith(_PREFIXES):
        return body, 0

    def error(expected: str, found: str, at: int = 0) -> PuzzleFormatError:
        return PuzzleFormatError.expecting(expected, found, format=FMT, line=piece.line,
                                           column=piece.column + at, text=body)

    url = body if "://" in body else "https://" + body
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        raise error("a SudokuPad link", f"a malformed address ({exc})") from None
    host = (parts.hostname or "").lower()
    if not any(host == h or host.endswith("." + h) for h in _HOSTS):
        raise error("a sudokupad.app link", quote(host or body, 30))
    for part in parts.query.split("&"):
        name, eq, value = part.partition("=")
        if eq and name == "puzzleid" and value:
            return value, body.find("puzzleid=") + 9
    path = parts.path.lstrip("/")
    if path.lower().startswith("sudoku/"):
        path = path[7:]
    if not path:
        raise error("a puzzle ID after the address", "none", len(body))
    return path, body.find(path)


def read(text: str, *, unsupported: str = "refuse") -> Grid:
    """Read a SudokuPad link, or a bare puzzle ID (``fpuzzles…``, ``scl…``, ``classic…``)."""
    piece = one_line(text, FMT, "a SudokuPad link")
    pid, at = _puzzle_id(piece)
    col = piece.column + at
    body = piece.text

    def error(expected: str, found: str, offset: int = 0) -> PuzzleFormatError:
        return PuzzleFormatError.expecting(expected, found, format=FMT, line=piece.line,
                                           column=col + offset, text=body)

    for prefix in ("fpuzzles", "fpuz"):
        if pid.startswith(prefix):
            data = decode_payload(safe_unquote(pid[len(prefix):]), fmt=FMT, line=piece.line,
                                  column=col + len(prefix))
            return grid_from_json(data, fmt=FMT, line=piece.line, column=piece.column,
                                  text=body, unsupported=unsupported)
    if pid.startswith(("scl", "ctc")):
        payload = safe_unquote(pid[3:])
        if not payload:
            raise error("an lz-string base64 payload after " + pid[:3], "nothing", 3)
        try:
            data = ctc_from_payload(payload)
        except LZStringError as exc:
            raise error("an lz-string base64 payload", str(exc), 3 + exc.position) from None
        except ValueError as exc:
            raise error("SudokuPad's puzzle JSON inside the payload", str(exc), 3) from None
        return grid_from_ctc(data, fmt=FMT, line=piece.line, column=piece.column, text=body,
                             unsupported=unsupported)
    if pid.startswith("classic"):
        data_text = safe_unquote(pid[7:])
        if not data_text:
            raise error("classic data (81 cells) after 'classic'", "nothing", 7)
        try:
            cells = unzip_classic(data_text)
        except ValueError as exc:
            raise error("data that decodes to 81 cells", str(exc), 7) from None
        return Grid(givens=[int(ch) for ch in cells])
    if pid.startswith("scf"):
        raise error("a puzzle ID puzzlefmt reads (fpuzzles, fpuz, scl, ctc, classic)",
                    "SudokuPad's scf form")
    raise error("a puzzle ID that carries the puzzle (fpuzzles…, scl…, ctc…, classic…)",
                f"the short ID {pid[:30]!r}: the puzzle is on SudokuPad's server, which "
                "puzzlefmt does not contact")


def write(grid: Grid, *, form: str = "fpuzzles") -> str:
    """A SudokuPad link to ``grid`` and a newline: ``form="fpuzzles"`` (givens, placed digits,
    candidates) or ``"classic"`` (the givens only)."""
    if form == "classic":
        return APP + "classic" + zip_classic("".join(str(g) for g in grid.givens)) + "\n"
    if form != "fpuzzles":
        raise ValueError(f"form must be fpuzzles or classic, not {form!r}")
    return APP + "fpuzzles" + encode_payload(grid) + "\n"


def sniff(text: str) -> Sniff | None:
    body = text.strip()
    if "\n" in body or "\r" in body:
        return None
    low = body.lower()
    if any(h + "/" in low for h in _HOSTS):
        return Sniff(0.99, "a SudokuPad link")
    if body.startswith(("fpuzzlesN4Ig", "fpuzN4Ig", "sclN4", "ctcN4")):
        return Sniff(0.95, "a SudokuPad puzzle ID carrying its puzzle")
    if body.startswith("classic") and len(body) > 7 and all(
            ch in _E70_VALUE or ch in _C2_VALUE or ch in "123456789" for ch in body[7:]):
        return Sniff(0.9, "a SudokuPad classic puzzle ID")
    return None


#: The ``sudokupad-link`` format: a SudokuPad link or puzzle ID (``fpuzzles``, ``scl``/``ctc``,
#: ``classic``; the classic part).
FORMAT = Format(
    name=FMT,
    family="sudoku",
    model=Grid,
    description="SudokuPad link or puzzle ID (fpuzzles, scl/ctc, classic), classic part",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=64,
    read_options=(UNSUPPORTED,),
    write_options=(Option("form", str, "fpuzzles",
                          "fpuzzles (clues, placed digits, candidates, metadata) or classic "
                          "(the compact classic2 ID: clues only)",
                          choices=("fpuzzles", "classic")),),
    holds=frozenset({"givens", "placed", "candidates", "metadata"}),
)
