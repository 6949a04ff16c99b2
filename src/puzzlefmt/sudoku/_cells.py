"""Pieces every Sudoku reader and writer shares: cell characters, blank conventions, line
endings, grid-line shapes, the tolerant row tokeniser of the bordered and 9-row formats, and
the 81-character line codec (cells in, cells out) that the model and the line-based formats
build on. Knows no :class:`~puzzlefmt.sudoku.grid.Grid`: values are plain lists of 0-9."""

from __future__ import annotations

import re
from collections.abc import Sequence

from puzzlefmt.errors import PuzzleFormatError

__all__ = [
    "BLANKS",
    "BLANK_PREFERENCE",
    "DIGITS",
    "LINE_BLANKS",
    "NEWLINES",
    "ROW_BLANKS",
    "bad_cell",
    "cells_line",
    "digit_of",
    "is_border",
    "row_tokens",
    "split_line",
    "split_run",
]

DIGITS = "123456789"
# Blank characters in the seed's preference order, then those seen in real pastes.
BLANK_PREFERENCE = ("0", ".", "X", "*", "_", " ", "-", "x")
BLANKS = frozenset(BLANK_PREFERENCE)
# The blanks a writer offers (option ``blank``): every one the readers accept except the space,
# which text tools strip from line ends. Rows of cells also refuse ``-``: a row of nine ``-``
# blanks is a border line to the grid readers.
LINE_BLANKS = (".", "0", "X", "x", "*", "_", "-")
ROW_BLANKS = (".", "0", "X", "x", "*", "_")
# The line endings a writer offers (option ``newline``), by name.
NEWLINES = {"crlf": "\r\n", "lf": "\n"}

# A border line: only frame characters, with a run of dashes or equals signs.
_BORDER = re.compile(r"^[\s*+|.:'\-=]*$")
_HAS_RULE = re.compile(r"[-=]{3,}")
_TOKEN = re.compile(r"[^\s|:!,;]+")


def is_border(line: str) -> bool:
    """``*-----*``, ``|---+---|``, ``-------+-------``, ``.---.---.``, ``'---'---'``..."""
    return bool(_BORDER.match(line)) and bool(_HAS_RULE.search(line))


def digit_of(ch: str) -> int:
    """1-9 for a digit, 0 for a blank character; -1 for anything else."""
    if ch in DIGITS:
        return ord(ch) - 48
    if ch in BLANKS:
        return 0
    return -1


def bad_cell(fmt: str, ch: str, *, line: int | None, column: int | None, text: str | None
             ) -> PuzzleFormatError:
    return PuzzleFormatError.expecting(
        "a digit 1-9 or a blank (. 0 * _ - X)",
        repr(ch),
        format=fmt,
        line=line,
        column=column,
        text=text,
    )


def row_tokens(line: str) -> list[tuple[int, str]]:
    """Split one grid row into ``(column, token)`` pairs (columns 1-based).

    Box separators ``| : !`` and separators ``,`` ``;`` tab and spaces divide tokens; a token of
    several cell characters run together (``.3.`` in ``|.3.|4..|``) is split into cells when it
    is not a digit group (a candidate list). The caller decides what tokens mean.
    """
    return [(m.start() + 1, m.group()) for m in _TOKEN.finditer(line)]


def split_run(tokens: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """Split tokens of run-together cells (``".3."``) into one token per character."""
    out: list[tuple[int, str]] = []
    for col, tok in tokens:
        if len(tok) == 1:
            out.append((col, tok))
        else:
            out.extend((col + k, ch) for k, ch in enumerate(tok))
    return out


# --------------------------------------------------------------------------- the 81-cell line

_TO_BYTES = str.maketrans({**{d: chr(int(d)) for d in DIGITS}, **dict.fromkeys(BLANKS, "\x00")})
_DIGITSET = frozenset(DIGITS)
_NO_DIGITS = str.maketrans("", "", DIGITS)
_TABLES: dict[str, bytes] = {}
_COMMENT_START = frozenset(" \t#,;")
_ZERO_AND_DOT = frozenset("0.")
_CELL_CHARS = (_DIGITSET | BLANKS) - {" "}
_SPACED = re.compile(r"[ \t]*\S(?:[ \t]+\S){80}[ \t]*")
_NON_SPACE = re.compile(r"\S")


def split_line(line: str, fmt: str = "line", lineno: int | None = 1) -> tuple[list[int], str]:
    """The 81 cell values of an 81-character line and the text after them (without its
    separator). The rules are in :mod:`puzzlefmt.sudoku.formats.line`; errors name ``fmt``.

    Two common pastes are read too: 81 cells separated by spaces or tabs (the whole line is
    cells), and a line indented by spaces or tabs (read without them when it does not read as
    it stands)."""
    if len(line) > 81 and line[1] in " \t":
        spaced = _spaced_cells(line)
        if spaced is not None:
            return _split_cells(spaced[0], "", line, fmt, lineno, spaced[1]), ""
    try:
        return _split_plain(line, fmt, lineno, 0)
    except PuzzleFormatError:
        body = line.lstrip(" \t")
        if len(body) == len(line) or len(body) < 81 or body[0] not in _CELL_CHARS:
            raise
    return _split_plain(body, fmt, lineno, len(line) - len(body))


def _spaced_cells(line: str) -> tuple[str, list[int]] | None:
    """The 81 cells of a line of 81 one-character cells separated by spaces or tabs, and their
    columns; ``None`` for any other line."""
    if not _SPACED.fullmatch(line):
        return None
    columns = [m.start() + 1 for m in _NON_SPACE.finditer(line)]
    return "".join(line[c - 1] for c in columns), columns


def _split_plain(line: str, fmt: str, lineno: int | None, indent: int
                 ) -> tuple[list[int], str]:
    """:func:`split_line` of a line whose first 81 characters are the cells (``indent``: the
    white space cut before it, for the columns of errors)."""
    cells = line[:81]
    rest = line[81:]
    if len(cells) < 81:
        cells_stripped = cells.rstrip("\r\n")
        raise PuzzleFormatError.expecting(
            "81 cells",
            f"{len(cells_stripped)}",
            format=fmt,
            line=lineno,
            column=indent + len(cells_stripped) + 1,
            text=line,
        )
    values = _split_cells(cells, rest, line, fmt, lineno, None, indent)
    if rest:
        if rest[0] not in _COMMENT_START:
            extra = len(rest) - len(rest.lstrip("0123456789.X*_-x"))
            raise PuzzleFormatError.expecting(
                "81 cells, then white space or # before any comment",
                f"{81 + max(extra, 1)} cells" if extra else repr(rest[0]),
                format=fmt,
                line=lineno,
                column=indent + 82,
                text=line,
            )
        rest = rest.strip()
    return values, rest


def _split_cells(cells: str, rest: str, line: str, fmt: str, lineno: int | None,
                 columns: Sequence[int] | None, indent: int = 0) -> list[int]:
    """The values of 81 cell characters: digits and one blank character, or ``0`` and ``.``
    together (both are blanks, nothing else is: HoDoKu reads such lines)."""
    blanks = cells.translate(_NO_DIGITS)
    if blanks and (blanks[0] not in BLANKS or blanks.count(blanks[0]) != len(blanks)):
        others = set(blanks)
        if others != _ZERO_AND_DOT:
            blank = next((b for b in BLANK_PREFERENCE if b in others), None)
            for i, ch in enumerate(cells):
                if ch in _DIGITSET or ch == blank:
                    continue
                column = columns[i] if columns is not None else indent + i + 1
                if blank is None or ch not in BLANKS:
                    raise bad_cell(fmt, ch, line=lineno, column=column, text=line)
                raise PuzzleFormatError.expecting(
                    f"a digit or the blank {blank!r} (preferred over the others)",
                    f"a second blank character {ch!r}",
                    format=fmt,
                    line=lineno,
                    column=column,
                    text=line,
                )
    return list(cells.translate(_TO_BYTES).encode("latin-1"))


def cells_line(cells: Sequence[int], blank: str = ".") -> str:
    """81 cell values (0-9) as 81 characters, ``blank`` for 0 (one of :data:`LINE_BLANKS`)."""
    table = _TABLES.get(blank)
    if table is None:
        if blank not in LINE_BLANKS:
            allowed = " ".join(LINE_BLANKS)
            raise ValueError(f"blank must be one of {allowed}, not {blank!r}")
        table = _TABLES[blank] = bytes.maketrans(bytes(range(10)), (blank + DIGITS).encode())
    return bytes(cells).translate(table).decode("ascii")
