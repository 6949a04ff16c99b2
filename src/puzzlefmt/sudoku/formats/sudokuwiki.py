"""sudokuwiki.org board strings and solver links.

Three strings stand for a board (the ``bd=`` parameter of a sudokuwiki.org link):

- **plain**: 81 cells, a digit for a clue, ``0`` (or ``.``) for an empty cell. Clues only.
- **packed, 2023** (the "162 character string"): 2 base-32 characters (``0-9a-v``) a cell.
  The value ``v`` carries the cell's digits as a 9-bit mask shifted left once (``v >> 1``:
  bit ``d-1`` for digit ``d``) and a clue flag in bit 0. A clue has one digit; a non-clue
  cell with one digit is solved; with several, they are its candidates.
- **packed, 2.0** (``S9B`` then 162 base-36 characters, 2 a cell, 165 in all; ``X9B`` for
  Sudoku X): ``v`` 1-9 is a clue, 10-18 a solved cell of digit ``v - 9``, 19 and above an
  empty cell whose candidate mask is ``v - 18``.

A solver link is ``https://www.sudokuwiki.org/sudoku.htm?bd=<string>``; the Sudoku X solver
(``SudokuX.aspx``) and the jigsaw solver (``jigsaw.aspx?...&jigmap=...``) use the same
strings on other pages. The grid cannot hold Sudoku X diagonals or jigsaw regions: the
readers refuse them unless told to drop them (``unsupported="drop"``).

Writing (``form``): ``auto`` writes the plain string for a grid of clues alone and the 2.0
packed string when there are solved cells, candidates or struck-out candidates; ``plain``,
``packed`` and ``v1`` (the 2023 string) force one form.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import parse_qsl, urlsplit

from puzzlefmt.errors import PuzzleFormatError, quote
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku.formats._weblinks import (
    UNSUPPORTED,
    Piece,
    cell_masks,
    drop_or_refuse,
    one_line,
)
from puzzlefmt.sudoku.grid import Grid

__all__ = [
    "FORMAT",
    "LINK_FORMAT",
    "SOLVER",
    "decode_board",
    "encode_board",
    "read",
    "read_link",
    "write",
    "write_link",
]

FMT = "sudokuwiki"
LINK_FMT = "sudokuwiki-link"
#: The start of a sudokuwiki.org solver link; the board string follows it.
SOLVER = "https://www.sudokuwiki.org/sudoku.htm?bd="

_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_B36_VALUE = {**{c: i for i, c in enumerate(_B36)}, **{c.upper(): i for i, c in enumerate(_B36)}}
_B32_VALUE = {c: v for c, v in _B36_VALUE.items() if v < 32}
_HEADER = re.compile(r"[A-Za-z]9[A-Za-z]")
_X_NAME = "Sudoku X diagonals (each main diagonal holds 1-9 once)"
_JIGSAW_NAME = "jigsaw regions"
_FORMS = ("auto", "plain", "packed", "v1")

# Builds a reader error: (expected, found, offset in the board string).
_Error = Callable[[str, str, int], PuzzleFormatError]


def _cell(i: int) -> str:
    return f"r{i // 9 + 1}c{i % 9 + 1}"


def _single(mask: int) -> int:
    """The digit of a one-bit mask, else 0."""
    if mask and not mask & (mask - 1):
        return mask.bit_length()
    return 0


# --------------------------------------------------------------------------- board strings


def decode_board(
    body: str,
    *,
    fmt: str = FMT,
    line: int | None = 1,
    column: int = 1,
    unsupported: str = "refuse",
    meta: dict[str, str] | None = None,
) -> Grid:
    """Read one board string (plain, 2023 packed or 2.0 packed). ``column`` is where
    ``body`` starts in its line (for error positions); ``meta`` receives ``"dropped"``."""
    meta = {} if meta is None else meta

    def error(expected: str, found: str, at: int) -> PuzzleFormatError:
        return PuzzleFormatError.expecting(
            expected, found, format=fmt, line=line, column=column + at, text=body)

    n = len(body)
    if body[:3] in ("S9B", "X9B") or (_HEADER.fullmatch(body[:3]) and n not in (81, 162)):
        variant, version = body[0], body[2]
        if variant not in "SX":
            raise error("S9B (Sudoku) or X9B (Sudoku X)", repr(body[:3]), 0)
        if version != "B":
            raise error("version B of the packed string (S9B, X9B)", repr(body[:3]), 2)
        if n != 165:
            raise error("162 base-36 characters after " + body[:3], f"{n - 3}", min(n, 165))
        if variant == "X":
            drop_or_refuse([_X_NAME + " (X9B)"], meta, unsupported=unsupported, fmt=fmt,
                           line=line, column=column, text=body)
        return _decode_v2(body, error, meta)
    if n == 162:
        return _decode_v1(body, error, meta)
    if n == 81:
        return _decode_plain(body, error, meta)
    raise error("81 cells, 162 characters (packed) or 165 (S9B packed)", f"{n} characters",
                min(n, 165))


def _pairs(body: str, start: int, radix: int, error: _Error) -> list[int]:
    """81 two-character numbers in base ``radix`` (32 or 36) from ``body[start:]``."""
    table = _B36_VALUE if radix == 36 else _B32_VALUE
    digits = "0-9, a-z" if radix == 36 else "0-9, a-v"
    out = []
    for k in range(81):
        at = start + 2 * k
        hi, lo = table.get(body[at]), table.get(body[at + 1])
        if hi is None or lo is None:
            bad = at if hi is None else at + 1
            raise error(f"a base-{radix} digit ({digits})", repr(body[bad]), bad)
        out.append(hi * radix + lo)
    return out


def _decode_v2(body: str, error: _Error, meta: dict[str, str]) -> Grid:
    values = _pairs(body, 3, 36, error)
    givens = [0] * 81
    placed = [0] * 81
    masks = [0] * 81
    for i, v in enumerate(values):
        if 1 <= v <= 9:
            givens[i] = v
            masks[i] = 1 << (v - 1)
        elif 10 <= v <= 18:
            placed[i] = v - 9
            masks[i] = 1 << (v - 10)
        elif 19 <= v <= 18 + 511:
            masks[i] = v - 18
        else:
            raise error(
                "a cell value 1-529 (01-ep): 1-9 a clue, 10-18 solved, 19+ candidates",
                f"{body[3 + 2 * i : 5 + 2 * i]!r} = {v}", 3 + 2 * i)
    return Grid(givens=givens, placed=placed, candidates=masks, meta=meta)


def _decode_v1(body: str, error: _Error, meta: dict[str, str]) -> Grid:
    values = _pairs(body, 0, 32, error)
    givens = [0] * 81
    placed = [0] * 81
    masks = [0] * 81
    for i, v in enumerate(values):
        mask = v >> 1
        digit = _single(mask)
        masks[i] = mask
        if v & 1:
            if not digit:
                raise error(
                    "a clue of one digit", f"a clue flag on digits {_digits(mask) or 'none'}",
                    2 * i)
            givens[i] = digit
        elif digit:
            placed[i] = digit
    return Grid(givens=givens, placed=placed, candidates=masks, meta=meta)


def _decode_plain(body: str, error: _Error, meta: dict[str, str]) -> Grid:
    givens = []
    for i, ch in enumerate(body):
        if "1" <= ch <= "9":
            givens.append(ord(ch) - 48)
        elif ch in "0.":
            givens.append(0)
        else:
            raise error("a digit 1-9, or 0 or . for an empty cell", repr(ch), i)
    return Grid(givens=givens, meta=meta)


def _digits(mask: int) -> str:
    return "".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)


def encode_board(grid: Grid, form: str = "auto") -> str:
    """The board string of ``grid`` in ``form`` (see the module docstring)."""
    if form not in _FORMS:
        raise ValueError(f"form must be one of {', '.join(_FORMS)}, not {form!r}")
    if form == "auto":
        plain = (not any(grid.placed) and grid.candidates is None
                 and grid.eliminated is None)
        form = "plain" if plain else "packed"
    if form == "plain":
        return "".join(str(g) for g in grid.givens)
    masks = cell_masks(grid)
    out = ["S9B"] if form == "packed" else []
    for i in range(81):
        g, p, m = grid.givens[i], grid.placed[i], masks[i]
        if form == "packed":
            if g:
                v = g
            elif p:
                v = 9 + p
            elif m:
                v = 18 + m
            else:
                raise ValueError(f"{_cell(i)} has no candidate left: the S9B string cannot "
                                 "hold that (form='v1' can)")
            out.append(_B36[v // 36] + _B36[v % 36])
        else:
            v = (m << 1) | (1 if g else 0)
            out.append(_B36[v // 32] + _B36[v % 32])
    return "".join(out)


# --------------------------------------------------------------------------- the string


def read(text: str, *, unsupported: str = "refuse") -> Grid:
    """Read a text holding one sudokuwiki board string."""
    piece = one_line(text, FMT, "a sudokuwiki board string")
    return decode_board(piece.text, line=piece.line, column=piece.column,
                        unsupported=unsupported)


def write(grid: Grid, *, form: str = "auto") -> str:
    """The sudokuwiki.org board string of ``grid`` in ``form`` (``"auto"``, ``"plain"``,
    ``"packed"`` or ``"v1"``; see the module docstring) and a newline."""
    return encode_board(grid, form) + "\n"


def sniff(text: str) -> Sniff | None:
    body = text.strip()
    n = len(body)
    if n not in (81, 162, 165) or "\n" in body or "\r" in body:
        return None
    if n == 165:
        if body[:3] in ("S9B", "X9B") and all(c in _B36_VALUE for c in body[3:]):
            kind = "Sudoku X" if body[0] == "X" else "Sudoku"
            return Sniff(0.97, f"{body[:3]} and 162 base-36 characters: a sudokuwiki packed "
                               f"board ({kind}, with candidates)")
        return None
    if n == 162:
        if all(c in _B32_VALUE for c in body):
            return Sniff(0.9, "162 base-32 characters: a sudokuwiki packed board with "
                              "candidates (the 2023 string)")
        return None
    if all(c in "0123456789." for c in body):
        # The plain string is the 81-character line; that format reads it the same way.
        return Sniff(0.5, "81 digits: sudokuwiki's plain board string")
    return None


# --------------------------------------------------------------------------- the link


def read_link(text: str, *, unsupported: str = "refuse") -> Grid:
    """Read a sudokuwiki.org solver link (``...sudoku.htm?bd=...``)."""
    piece = one_line(text, LINK_FMT, "a sudokuwiki.org link")
    return _read_link(piece, unsupported)


def _read_link(piece: Piece, unsupported: str) -> Grid:
    link = piece.text

    def error(expected: str, found: str, at: int = 0) -> PuzzleFormatError:
        return PuzzleFormatError.expecting(expected, found, format=LINK_FMT, line=piece.line,
                                           column=piece.column + at, text=link)

    url = link if "://" in link else "https://" + link
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        raise error("a sudokuwiki.org link", f"a malformed address ({exc})") from None
    host = (parts.hostname or "").lower()
    if not (host == "sudokuwiki.org" or host.endswith(".sudokuwiki.org")):
        raise error("a sudokuwiki.org link", quote(host or link, 30))
    page = parts.path.rsplit("/", 1)[-1].lower()
    names: list[str] = []
    if page == "sudokux.aspx":
        names.append(_X_NAME + " (the Sudoku X solver)")
    elif page == "jigsaw.aspx":
        names.append(_JIGSAW_NAME + " (the jigsaw solver)")
    elif page != "sudoku.htm":
        raise error("the solver page sudoku.htm (or SudokuX.aspx, jigsaw.aspx)",
                    quote(parts.path, 30), link.find(parts.path) if parts.path else 0)
    params = dict(parse_qsl(parts.query, keep_blank_values=True))
    board = params.get("bd")
    if board is None:
        raise error("a bd= parameter holding the board", f"parameters {sorted(params)}",
                    link.find("?") if "?" in link else len(link))
    if "jigmap" in params and page != "jigsaw.aspx":
        names.append(_JIGSAW_NAME + " (jigmap=)")
    if board[:3] == "X9B" and not any(n.startswith(_X_NAME) for n in names):
        names.append(_X_NAME + " (X9B)")
    meta: dict[str, str] = {}
    drop_or_refuse(names, meta, unsupported=unsupported, fmt=LINK_FMT, line=piece.line,
                   column=piece.column, text=link)
    # The variants are settled above (refused or recorded in meta): the board is read as
    # a classic one, and meta["dropped"] says what the page and the header added.
    grid = decode_board(board, fmt=LINK_FMT, line=piece.line,
                        column=piece.column + link.find("bd=") + 3, unsupported="drop")
    kept = {k: v for k, v in grid.meta.items() if k != "dropped"}
    return grid.replace(meta={**kept, **meta})


def write_link(grid: Grid, *, form: str = "auto") -> str:
    """``https://www.sudokuwiki.org/sudoku.htm?bd=<board>`` (``form`` as for the string)."""
    return SOLVER + encode_board(grid, form) + "\n"


def sniff_link(text: str) -> Sniff | None:
    body = text.strip()
    if "\n" in body or "sudokuwiki.org/" not in body.lower() or "bd=" not in body:
        return None
    return Sniff(0.99, "a sudokuwiki.org link with a bd= board")


_FORM = Option("form", str, "auto",
               "auto (plain for clues alone, else S9B packed), plain (81 digits), packed "
               "(S9B, with solved cells and candidates) or v1 (the 2023 base-32 string)",
               choices=_FORMS)

#: The ``sudokuwiki`` format: a sudokuwiki.org board string (81 digits, S9B packed, or the 2023
#: base-32 string with candidates).
FORMAT = Format(
    name=FMT,
    family="sudoku",
    model=Grid,
    description="sudokuwiki.org board string: 81 digits, S9B packed, or the 2023 base-32 "
                "string with candidates",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=60,
    read_options=(UNSUPPORTED,),
    write_options=(_FORM,),
    holds=frozenset({"givens", "placed", "candidates"}),
)

#: The ``sudokuwiki-link`` format: a sudokuwiki.org solver link
#: (``https://www.sudokuwiki.org/sudoku.htm?bd=...``).
LINK_FORMAT = Format(
    name=LINK_FMT,
    family="sudoku",
    model=Grid,
    description="sudokuwiki.org solver link (https://www.sudokuwiki.org/sudoku.htm?bd=...)",
    sniff_text=sniff_link,
    read=read_link,
    write=write_link,
    priority=61,
    read_options=(UNSUPPORTED,),
    write_options=(_FORM,),
    holds=frozenset({"givens", "placed", "candidates"}),
)
