"""Game ID lines (``keen`` for one, ``keen-list`` for a file of them).

A line is a game ID, optionally followed by blanks and its solution as Keen writes it in its
save files (``S`` and one digit per cell; numbers separated by commas above size 9)::

    6:_a_a__a_4a_a_3a__a_ba4_a__a3__a_aa_,d3s1m60a7a6a6m36s1m6m6d3s3s4a12d2s1
    3:a_a3_a_,a3m6m3s1 S213321132
    5de#846699649745236

A random-seed ID (``5de#...``) is expanded to the game's puzzle (:mod:`puzzlefmt.keen.seed`);
its seed runs to the end of the line, so it is never followed by a solution.

A ``keen-list`` file holds one such line per puzzle; blank lines and lines starting with ``#``
are comments, kept when the file is written back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from puzzlefmt.collection import Collection, line_records, read_collection, write_collection
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen.model import Puzzle, format_solution
from puzzlefmt.registry import NumberedLines, Record, Sniff
from puzzlefmt.textio import numbered_lines

__all__ = [
    "iter_list",
    "parse_line",
    "read_id",
    "read_list",
    "sniff_id",
    "sniff_list",
    "write_id",
    "write_line",
    "write_list",
]

_ID = re.compile(
    r"\s*(?:[0-9]{1,2}(?:d[a-z])?m?:[_a-z0-9]*,[a-z0-9]*(?:\s+S?[0-9,]+)?"
    r"|[0-9]{1,2}(?:d[a-z])?m?#[^\r\n]*)\s*"
)
_BARE = re.compile(r"\s*[_a-z0-9]+,[amsd][a-z0-9]*\s*")
_SNIFF_LINES = 64


def parse_line(line: str, fmt: str = "keen") -> Puzzle:
    """One game ID, optionally followed by its solution (``S`` + digits)."""
    body = line.rstrip()
    colon = body.find(":")
    hash_ = body.find("#")
    descriptive = colon >= 0 and (hash_ < 0 or colon < hash_)
    parts = body.split() if descriptive else [body]
    if len(parts) <= 1:
        return _read(line, fmt)
    id_text = body[: body.index(parts[0]) + len(parts[0])]
    try:
        puzzle = _read(id_text, fmt)
    except PuzzleFormatError:
        # The ID does not stand alone: report where the whole line goes wrong (the blank
        # inside it, or before).
        return _read(line, fmt)
    if len(parts) > 2:
        col = body.index(parts[2], body.index(parts[1]) + len(parts[1])) + 1
        raise PuzzleFormatError.expecting(
            "a game ID and at most its solution", f"more text ({parts[2]!r})", format=fmt,
            line=1, column=col, text=line.strip())
    field = parts[1]
    col = body.index(field, len(id_text)) + 1
    try:
        return puzzle.with_solution(field)
    except ValueError as exc:
        raise PuzzleFormatError(
            f"expected the solution (S and one digit per cell) after the game ID: {exc}",
            format=fmt, line=1, column=col, text=line.strip(),
            expected="S and one digit per cell", found=repr(field),
        ) from None


def _read(text: str, fmt: str) -> Puzzle:
    try:
        return Puzzle(text)
    except PuzzleFormatError as exc:
        if fmt == exc.format:
            raise
        raise PuzzleFormatError(
            exc.message, format=fmt, line=exc.line, column=exc.column, text=exc.text,
            expected=exc.expected, found=exc.found,
        ) from None


def read_id(text: str) -> Puzzle:
    """Exactly one game ID line (surrounding blank lines and spaces allowed)."""
    lines = [(n, ln) for n, ln in numbered_lines(text) if ln.strip()]
    if not lines:
        raise PuzzleFormatError.expecting("a Keen game ID", "empty text", format="keen")
    if len(lines) > 1:
        n, ln = lines[1]
        raise PuzzleFormatError.expecting(
            "one game ID (keen-list reads several)", f"{len(lines)} lines", format="keen",
            line=n, text=ln.strip())
    n, ln = lines[0]
    try:
        return parse_line(ln)
    except PuzzleFormatError as exc:
        raise exc.relocated(line=n) from None


def write_line(puzzle: Puzzle, *, solution: bool = True) -> str:
    """The game ID, and `` S<digits>`` when a solution is attached and ``solution``.

    A random-seed ID is written alone: its seed runs to the end of the line, and the seed
    determines the puzzle and so its solution (an attached one is not written)."""
    text = puzzle.game_id()
    if solution and puzzle.solution is not None and puzzle.seed is None:
        text += " S" + format_solution(puzzle.solution, puzzle.size)
    return text


def write_id(puzzle: Puzzle, *, solution: bool = False) -> str:
    """One game ID line (``solution=True``: followed by its solution, if known)."""
    return write_line(puzzle, solution=solution) + "\n"


def parse_list_line(line: str) -> Puzzle:
    return parse_line(line, "keen-list")


def iter_list(lines: NumberedLines) -> Iterator[Record]:
    """Records of a ``keen-list`` text, one per non-comment line; bad lines are records with
    ``error`` set (line, column and record number filled in)."""
    return line_records(lines, parse_list_line)


def read_list(text: str) -> Collection:
    """All puzzles of a ``keen-list`` text, with its comments; the first bad line raises."""
    return read_collection(numbered_lines(text), parse_list_line, format="keen-list")


def write_list(items: Puzzle | Iterable[Puzzle]) -> str:
    """One line per puzzle (with its solution when attached); a collection's comments are
    written back where they stood."""
    if isinstance(items, Puzzle):
        items = [items]
    return write_collection(items, write_line)


def _head(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        out.append(line)
        if len(out) >= _SNIFF_LINES:
            break
    return out


def sniff_id(text: str) -> Sniff | None:
    """A text that is one game ID line."""
    lines = [ln for ln in _head(text) if ln.strip()]
    if len(lines) != 1 or len(text) > 100_000:
        return None
    line = lines[0]
    if _ID.fullmatch(line):
        kind = "random-seed ID" if "#" in line.split(":", 1)[0] else "game ID"
        return Sniff(0.95, f"a Keen {kind}: size, parameters, then ':' and a description "
                           "or '#' and a seed")
    if _BARE.fullmatch(line):
        return Sniff(0.5, "looks like a bare Keen description (block structure, ',', clues)")
    return None


def sniff_list(text: str) -> Sniff | None:
    """A text of game ID lines, with ``#`` comments."""
    ids = other = comments = 0
    for line in _head(text):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            comments += 1
        elif _ID.fullmatch(line):
            ids += 1
        else:
            other += 1
    if not ids:
        return None
    if not other:
        if ids == 1 and not comments:
            return Sniff(0.6, "one Keen game ID line")
        return Sniff(0.9, f"{ids} Keen game ID lines in the first {_SNIFF_LINES}")
    if ids >= 4 * other:
        return Sniff(0.5, f"{ids} Keen game ID lines and {other} other lines")
    return None
