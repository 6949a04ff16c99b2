"""The 81-character line: one puzzle on one line, any blank convention, text after it kept.

Reading (the Sudopedia rule, with what real files add):

- The first 81 characters are the cells: digits ``1-9`` are clues; every other character must be
  one and the same blank character, one of ``0 . X * _ -``, space or ``x``. When several of
  those appear, the blank is the first in the preference order ``0 . X * _`` space, and the
  others are errors.
- After the 81 cells there may be text: a comment (``# ...``), ratings (``ED=11.3/1.2/1.2``),
  tags. It must be separated from the cells by white space, ``#``, ``,`` or ``;``, and it is
  kept as ``meta["comment"]``. An 82nd cell character is an error ("found 82 cells").
- ``0`` and ``.`` together are both blanks (HoDoKu reads such lines): the one mix of blank
  characters that cannot be misread. Any other mix is an error at the first blank that is not
  the preferred one.
- What people paste is read too: 81 cells separated by spaces or tabs (``5 . 3 . . 7 ...``:
  the whole line is cells, nothing after them), and a line indented by spaces or tabs (read
  without them when the line does not read as it stands, as when ``.`` is the blank). 81
  groups of digits and nothing else (``5 7 1 6 ...``) are a candidate grid, not a line (see
  :mod:`puzzlefmt.sudoku.formats.candidates`); a line of a few cells too many or too few is refused
  with the count ("expected 81 cells, found 80").

Writing: ``blank`` chooses the blank character (``.`` by default); ``values=True`` writes
placed digits too, and so does a grid with no given (a candidate grid read from a PM grid
holds placed digits only: they are the digits it has); ``comment`` (on by default) writes
``meta["comment"]`` after one space. ``grid.line(...)`` is the same text without the newline,
with the same options and defaults (but no exception for a grid with no given).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzlefmt.errors import PuzzleFormatError, quote
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._cells import LINE_BLANKS, split_line
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "LINE_OPTIONS", "read", "read_line", "sniff", "write", "writes_as"]


def read_line(line: str, fmt: str = "line", lineno: int | None = 1) -> Grid:
    """One 81-character line into a :class:`Grid` (givens only); errors name ``fmt``."""
    values, rest = split_line(line, fmt, lineno)
    return Grid._make(values, meta={"comment": rest} if rest else None)


def read(text: str) -> Grid:
    """Read a text holding one line (blank lines around it are allowed)."""
    lines = [(n, ln) for n, ln in enumerate(split_lines(text), 1) if ln.strip()]
    if len(lines) != 1:
        raise PuzzleFormatError.expecting(
            "one line of 81 cells",
            f"{len(lines)} lines",
            format="line",
            line=lines[1][0] if len(lines) > 1 else None,
        )
    n, ln = lines[0]
    return read_line(ln, "line", n)


def write(grid: Grid, *, blank: str = ".", values: bool = False, comment: bool = True) -> str:
    """The 81-character line and a newline (see the module docstring for the options)."""
    return grid.line(blank, values=values, comment=comment) + "\n"


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like one 81-cell puzzle line (see :func:`sniff_one`); None when it
    is not one line."""
    stripped = [ln for ln in split_lines(text) if ln.strip()]
    if len(stripped) != 1:
        return None
    return sniff_one(stripped[0])


def sniff_one(line: str) -> Sniff | None:
    """How well one line looks like an 81-cell puzzle line. A line of nothing but cell
    characters that is a few cells short or long gets a low score, so that reading it reports
    how many cells it has."""
    if len(line) < 81:
        return _near_miss(line)
    tokens = line.split()
    if len(tokens) == 81 and not any(t.strip("123456789") for t in tokens):
        return None  # 81 groups of digits: a candidate grid (the candidates format)
    try:
        values, rest = split_line(line)
    except PuzzleFormatError:
        return _near_miss(line)
    clues = sum(1 for v in values if v)
    reason = f"81 cells on one line, {clues} clues"
    if len(tokens) == 81:
        reason = f"81 cells separated by spaces, {clues} clues"
    elif line[0] in " \t":
        reason += " (indented)"
    if rest:
        reason += f", then {quote(rest, 20)}"
    return Sniff(0.9 if not rest else 0.85, reason)


def _near_miss(line: str) -> Sniff | None:
    """A low score for a line of 60 to 100 cell characters and nothing else: not a puzzle as
    it stands, but what a reader should explain ("expected 81 cells, found 80")."""
    body = line.strip()
    if 60 <= len(body) <= 100 and not body.strip(_CELL_CHARACTERS):
        return Sniff(0.05, f"{len(body)} cell characters on one line, not 81")
    return None


_CELL_CHARACTERS = "123456789.0X*_-x"

def writes_as(grid: Grid, options: Mapping[str, Any]) -> dict[str, str]:
    """What a line keeps of ``grid`` as another kind: its placed digits, written as cells
    (they read back as givens) with the option ``values`` or for a grid without a given."""
    if options.get("values") or not any(grid.givens):
        return {"placed": "givens"}
    return {}


#: The options of every writer of 81-character lines (``line``; ``txt`` takes them too).
LINE_OPTIONS = (
    Option("blank", str, ".", "the character written for an empty cell", choices=LINE_BLANKS),
    Option("values", bool, False,
           "write placed digits as cells too (they read back as givens)"),
    Option("comment", bool, True, "write meta['comment'] after the cells and one space"),
)

#: The ``line`` format: 81 characters on one line, any blank, a comment after them kept.
FORMAT = Format(
    name="line",
    family="sudoku",
    model=Grid,
    description="81 characters on one line (any blank; comment after it kept)",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=10,
    write_options=LINE_OPTIONS,
    holds=frozenset({"givens", "comments"}),
    writes_as=writes_as,
)
