"""The ``keen`` format: one game ID line, optionally followed by its solution.

A line is a game ID, optionally followed by blanks and its solution as Keen writes it in its
save files (``S`` and one digit per cell; numbers separated by commas above size 9)::

    6:_a_a__a_4a_a_3a__a_ba4_a__a3__a_aa_,d3s1m60a7a6a6m36s1m6m6d3s3s4a12d2s1
    3:a_a3_a_,a3m6m3s1 S213321132
    5de#846699649745236

A line may start with ``keen:`` or with the address of a page that plays the puzzle, up to
its ``#`` (``https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#3:a_a3_a_,...``),
as IDs are often pasted: the prefix is skipped (and not written back).

A random-seed ID (``5de#...``) is expanded to the game's puzzle (:mod:`puzzlefmt.keen.seed`);
its seed runs to the end of the line, so it is never followed by a solution.

The line reader and writer here serve ``keen-list`` too (:mod:`puzzlefmt.keen.formats.keen_list`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.keen.elements import OnMisread
from puzzlefmt.keen.model import Puzzle, format_solution
from puzzlefmt.textio import numbered_lines

__all__ = [
    "FORMAT",
    "ON_MISREAD",
    "head_lines",
    "parse_line",
    "read_id",
    "sniff_id",
    "write_id",
    "write_line",
]

#: What a pasted ID may start with: ``keen:``, or a web address up to its ``#``.
_PREFIX = re.compile(r"\s*(?:keen:|https?://[^#\s]*#)", re.IGNORECASE)
_ID = re.compile(
    r"(?i:\s*(?:keen:|https?://[^#\s]*#))?"
    r"\s*(?:[0-9]{1,2}(?:d[a-z])?m?:[_a-z0-9]*,[a-z0-9]*(?:\s+S?[0-9,]+)?"
    r"|[0-9]{1,2}(?:d[a-z])?m?#[^\r\n]*)\s*"
)
_BARE = re.compile(r"\s*[_a-z0-9]+,[amsd][a-z0-9]*\s*")
#: Sniffers look at this many lines that are not comments (and never past this many
#: characters).
SNIFF_LINES = 64
SNIFF_CHARS = 1_000_000

#: The writers' option for runs of 25+ shared edges, which the real program mis-reads.
ON_MISREAD = Option(
    "on_misread", str, "warn",
    "an ID the real Keen program mis-reads (a 'y' or 'z' run): warn, error (refuse the "
    "record) or ignore", choices=("warn", "error", "ignore"),
)


def parse_line(line: str, fmt: str = "keen") -> Puzzle:
    """One game ID, optionally followed by its solution (``S`` + digits), after an optional
    ``keen:`` or web-address prefix; errors name ``fmt``."""
    prefix = _PREFIX.match(line)
    if prefix is None:
        return _parse_line(line, fmt)
    shift = prefix.end()
    try:
        return _parse_line(line[shift:], fmt)
    except PuzzleFormatError as exc:  # columns in the line as it was given
        raise PuzzleFormatError(
            exc.message, format=exc.format, line=exc.line,
            column=None if exc.column is None else exc.column + shift, text=line.strip(),
            expected=exc.expected, found=exc.found) from None


def _parse_line(line: str, fmt: str) -> Puzzle:
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
        return Puzzle.from_game_id(text)
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


def write_line(puzzle: Puzzle, *, solution: bool = True, on_misread: OnMisread = "warn") -> str:
    """The game ID, and `` S<digits>`` when a solution is attached and ``solution``.

    A random-seed ID is written alone: its seed runs to the end of the line, and the seed
    determines the puzzle and so its solution (an attached one is not written). A seed that
    would not read back from one line (a line break in it, or blanks around it) is refused
    with :class:`ValueError`: write it as JSON."""
    seed = puzzle.seed
    if seed is not None and (seed != seed.strip() or "\n" in seed or "\r" in seed):
        raise ValueError(f"the seed {seed!r} has a line break or surrounding blanks: a game ID "
                         "line cannot hold it (keen-json can)")
    text = puzzle.game_id(on_misread=on_misread)
    if solution and puzzle.solution is not None and seed is None:
        text += " S" + format_solution(puzzle.solution, puzzle.size)
    return text


def write_id(puzzle: Puzzle, *, solution: bool = False, on_misread: OnMisread = "warn") -> str:
    """One game ID line (``solution=True``: followed by its solution, if known)."""
    return write_line(puzzle, solution=solution, on_misread=on_misread) + "\n"


def head_lines(text: str) -> Iterator[str]:
    """The lines a sniffer looks at: up to :data:`SNIFF_LINES` that are not blank or ``#``
    comments, with the comments between them, within the first :data:`SNIFF_CHARS`
    characters."""
    seen = 0
    for _, line in numbered_lines(text[:SNIFF_CHARS]):
        yield line
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            seen += 1
            if seen >= SNIFF_LINES:
                return


def sniff_id(text: str) -> Sniff | None:
    """A text that is one game ID line."""
    if len(text) > 100_000:
        return None
    lines = [ln for ln in head_lines(text) if ln.strip()]
    if len(lines) != 1:
        return None
    line = lines[0]
    if _ID.fullmatch(line):
        kind = "random-seed ID" if "#" in line.split(":", 1)[0] else "game ID"
        return Sniff(0.95, f"a Keen {kind}: size, parameters, then ':' and a description "
                           "or '#' and a seed")
    if _BARE.fullmatch(line):
        return Sniff(0.5, "looks like a bare Keen description (block structure, ',', clues)")
    return None


def is_id_line(line: str) -> bool:
    """Whether ``line`` has the shape of a game ID line (for sniffers)."""
    return _ID.fullmatch(line) is not None


#: The ``keen`` format: one game ID line, optionally with its solution (``S`` + digits).
FORMAT = Format(
    name="keen",
    family="keen",
    model=Puzzle,
    extensions=("keen",),
    aliases=("keen-id", "kenken"),
    description="Simon Tatham's Keen game ID (6:<desc> or 6dn#<seed>), one puzzle",
    sniff_text=sniff_id,
    read=read_id,
    write=write_id,
    priority=10,
    write_options=(
        Option("solution", bool, False, "write the attached solution after the ID (S<digits>)"),
        ON_MISREAD,
    ),
    holds=frozenset({"givens", "metadata", "seed"}),
)
