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


def split_line(line: str, fmt: str = "line", lineno: int | None = 1) -> tuple[list[int], str]:
    """The 81 cell values of an 81-character line and the text after them (without its
    separator). The rules are in :mod:`puzzlefmt.sudoku.line`; errors name ``fmt``."""
    cells = line[:81]
    rest = line[81:]
    if len(cells) < 81:
        cells_stripped = cells.rstrip("\r\n")
        raise PuzzleFormatError.expecting(
            "81 cells",
            f"{len(cells_stripped)}",
            format=fmt,
            line=lineno,
            column=len(cells_stripped) + 1,
            text=line,
        )
    blanks = cells.translate(_NO_DIGITS)
    if blanks and (blanks[0] not in BLANKS or blanks.count(blanks[0]) != len(blanks)):
        others = set(blanks)
        blank = next((b for b in BLANK_PREFERENCE if b in others), None)
        for i, ch in enumerate(cells):
            if ch not in _DIGITSET and ch != blank:
                if blank is None or ch not in BLANKS:
                    raise bad_cell(fmt, ch, line=lineno, column=i + 1, text=line)
                raise PuzzleFormatError.expecting(
                    f"a digit or the blank {blank!r} (preferred over the others)",
                    f"a second blank character {ch!r}",
                    format=fmt,
                    line=lineno,
                    column=i + 1,
                    text=line,
                )
    if rest:
        if rest[0] not in _COMMENT_START:
            extra = len(rest) - len(rest.lstrip("0123456789.X*_-x"))
            raise PuzzleFormatError.expecting(
                "81 cells, then white space or # before any comment",
                f"{81 + max(extra, 1)} cells" if extra else repr(rest[0]),
                format=fmt,
                line=lineno,
                column=82,
                text=line,
            )
        rest = rest.strip()
    return list(cells.translate(_TO_BYTES).encode("latin-1")), rest


def cells_line(cells: Sequence[int], blank: str = ".") -> str:
    """81 cell values (0-9) as 81 characters, ``blank`` for 0 (one of :data:`LINE_BLANKS`)."""
    table = _TABLES.get(blank)
    if table is None:
        if blank not in LINE_BLANKS:
            allowed = " ".join(LINE_BLANKS)
            raise ValueError(f"blank must be one of {allowed}, not {blank!r}")
        table = _TABLES[blank] = bytes.maketrans(bytes(range(10)), (blank + DIGITS).encode())
    return bytes(cells).translate(table).decode("ascii")
