"""Pieces the web formats share (sudokuwiki strings, f-puzzles and SudokuPad links): the one
line a link or a string stands on, the ``unsupported`` reader option, the refusal of what a
9x9 grid cannot hold, and the candidate masks a writer puts in empty cells."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Option
from puzzlefmt.sudoku.grid import PEERS, Grid
from puzzlefmt.textio import split_lines

__all__ = [
    "ALL",
    "UNSUPPORTED",
    "Piece",
    "box_of",
    "cell_masks",
    "drop_or_refuse",
    "one_line",
    "safe_unquote",
    "show_json",
]

ALL = 0x1FF

UNSUPPORTED = Option(
    "unsupported",
    str,
    "refuse",
    "constraints a 9x9 Sudoku grid cannot hold (diagonals, cages, lines, other sizes...): "
    "refuse (an error naming them) or drop (read the classic part; meta['dropped'] "
    "names what was left out)",
    choices=("refuse", "drop"),
)


@dataclass(frozen=True, slots=True)
class Piece:
    """The one non-blank line of a text: its 1-based ``line`` number, the ``text`` without
    surrounding white space, and the 1-based ``column`` where that text starts."""

    line: int
    column: int
    text: str


def one_line(text: str, fmt: str, what: str) -> Piece:
    """The single non-blank line of ``text`` (blank lines and white space around it are
    allowed); an error when there is none or more than one."""
    lines = [(n, ln) for n, ln in enumerate(split_lines(text), 1) if ln.strip()]
    if not lines:
        raise PuzzleFormatError.expecting(what, "an empty text", format=fmt)
    if len(lines) > 1:
        n, ln = lines[1]
        raise PuzzleFormatError.expecting(
            f"one line holding {what}", f"{len(lines)} lines", format=fmt, line=n, text=ln)
    n, ln = lines[0]
    body = ln.strip()
    return Piece(n, len(ln) - len(ln.lstrip()) + 1, body)


def safe_unquote(text: str) -> str:
    """Percent-decoding as SudokuPad does it (``saveDecodeURIComponent``): the decoded text
    when decoding shortened it, else the text as it was. ``+`` stays ``+``."""
    if "%" not in text:
        return text
    try:
        decoded = unquote(text, errors="strict")
    except UnicodeDecodeError:  # not UTF-8 once decoded: the JavaScript would throw too
        return text
    return decoded if len(decoded) < len(text) else text


def show_json(value: Any, limit: int = 30) -> str:
    """A JSON value as an error message quotes it, cut at ``limit`` (never raises)."""
    try:
        return json.dumps(value, ensure_ascii=False)[:limit]
    except (ValueError, TypeError, RecursionError):
        return type(value).__name__


def drop_or_refuse(
    names: Sequence[str],
    meta: dict[str, str],
    *,
    unsupported: str,
    fmt: str,
    line: int | None = None,
    column: int | None = None,
    text: str | None = None,
) -> None:
    """Refuse (the default) or record what a reader leaves out.

    ``names`` describe the constraints the grid cannot hold, in the order found. With
    ``unsupported="drop"`` they are appended to ``meta["dropped"]`` (``"; "``-separated);
    otherwise a :class:`PuzzleFormatError` names every one of them.
    """
    if not names:
        return
    if unsupported == "drop":
        old = meta.get("dropped")
        meta["dropped"] = "; ".join([old, *names] if old else names)
        return
    listed = "; ".join(names)
    raise PuzzleFormatError(
        f"the puzzle has what a 9x9 Sudoku grid cannot hold: {listed} (read with "
        f"unsupported='drop' to keep only the classic part)",
        format=fmt,
        line=line,
        column=column,
        text=text,
        expected="a classic 9x9 Sudoku",
        found=listed,
    )


def box_of(i: int) -> int:
    """The 3x3 box (0-8, row-major) of cell ``i``."""
    return (i // 27) * 3 + (i % 9) // 3


def cell_masks(grid: Grid) -> list[int]:
    """Candidates per cell as the web formats write them: the grid's own candidates, else
    those its digits leave open; struck-out candidates removed; a filled cell's mask is its
    digit."""
    values = [g or p for g, p in zip(grid.givens, grid.placed, strict=True)]
    out: list[int] = []
    for i in range(81):
        if values[i]:
            out.append(1 << (values[i] - 1))
            continue
        if grid.candidates is not None:
            m = grid.candidates[i]
        else:
            seen = 0
            for j in PEERS[i]:
                if values[j]:
                    seen |= 1 << (values[j] - 1)
            m = ALL & ~seen
        if grid.eliminated is not None:
            m &= ~grid.eliminated[i]
        out.append(m)
    return out
