"""Pieces every Sudoku reader shares: cell characters, blank conventions, grid-line shapes,
and the tolerant row tokeniser used by the bordered and 9-row formats."""

from __future__ import annotations

import re
from collections.abc import Sequence

from puzzlefmt.errors import PuzzleFormatError

DIGITS = "123456789"
# Blank characters in the seed's preference order, then those seen in real pastes.
BLANK_PREFERENCE = ("0", ".", "X", "*", "_", " ", "-", "x")
BLANKS = frozenset(BLANK_PREFERENCE)

# A border line: only frame characters, with a run of dashes or equals signs.
_BORDER = re.compile(r"^[\s*+|.:'\-=]*$")
_HAS_RULE = re.compile(r"[-=]{3,}")
_SEPARATORS = re.compile(r"[|:!]")


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
    out: list[tuple[int, str]] = []
    for m in re.finditer(r"[^\s|:!,;]+", line):
        out.append((m.start() + 1, m.group()))
    return out


def split_run(tokens: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """Split tokens of run-together cells (``".3."``) into one token per character."""
    out: list[tuple[int, str]] = []
    for col, tok in tokens:
        if len(tok) == 1:
            out.append((col, tok))
        else:
            out.extend((col + k, ch) for k, ch in enumerate(tok))
    return out


def strip_separators(line: str) -> str:
    return _SEPARATORS.sub("", line)


def content_lines(lines: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """Numbered lines that are neither blank nor borders."""
    return [(n, ln) for n, ln in lines if ln.strip() and not is_border(ln)]


def first_bad(text: str, allowed: str) -> int:
    """Index of the first character of ``text`` not in ``allowed``, or -1."""
    for i, ch in enumerate(text):
        if ch not in allowed:
            return i
    return -1
