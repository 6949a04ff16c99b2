"""The 81-character line: one puzzle on one line, any blank convention, text after it kept.

Reading (the Sudopedia rule, with what real files add):

- The first 81 characters are the cells: digits ``1-9`` are clues; every other character must be
  one and the same blank character, one of ``0 . X * _ -``, space or ``x``. When several of
  those appear, the blank is the first in the preference order ``0 . X * _`` space, and the
  others are errors.
- After the 81 cells there may be text: a comment (``# ...``), ratings (``ED=11.3/1.2/1.2``),
  tags. It must be separated from the cells by white space, ``#``, ``,`` or ``;``, and it is
  kept as ``meta["comment"]``. An 82nd cell character is an error ("found 82 cells").

Writing: ``blank`` chooses the blank character (``.`` by default); ``values=True`` writes
placed digits too; ``comment=True`` writes ``meta["comment"]`` after one space.
"""

from __future__ import annotations

from puzzlefmt.errors import PuzzleFormatError, quote
from puzzlefmt.registry import Sniff
from puzzlefmt.sudoku._text import BLANK_PREFERENCE, BLANKS, DIGITS, bad_cell
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["read_line", "sniff_line", "split_line", "write_line"]

_TO_BYTES = str.maketrans({**{d: chr(int(d)) for d in DIGITS}, **dict.fromkeys(BLANKS, "\x00")})
_DIGITSET = frozenset(DIGITS)
_NO_DIGITS = str.maketrans("", "", DIGITS)
_TABLES: dict[str, bytes] = {}
_COMMENT_START = frozenset(" \t#,;")


def split_line(line: str, fmt: str = "line", lineno: int | None = 1) -> tuple[list[int], str]:
    """Return the 81 cell values and the text after them (without its separator)."""
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
    values = list(cells.translate(_TO_BYTES).encode("latin-1"))
    return values, rest


def read_line(line: str, fmt: str = "line", lineno: int | None = 1) -> Grid:
    """Read one 81-character line into a :class:`Grid` (givens only)."""
    values, rest = split_line(line, fmt, lineno)
    grid = Grid.__new__(Grid)
    grid.givens = values
    grid.placed = [0] * 81
    grid.candidates = None
    grid.eliminated = None
    grid.meta = {"comment": rest} if rest else {}
    grid.sections = {}
    return grid


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


def write_line(grid: Grid, *, blank: str = ".", values: bool = False, comment: bool = True) -> str:
    """The 81-character line (see the module docstring for the options)."""
    if len(blank) != 1 or blank in DIGITS:
        raise ValueError(f"blank must be one non-digit character, not {blank!r}")
    cells = grid.values if values else grid.givens
    if ord(blank) < 128:
        table = _TABLES.get(blank)
        if table is None:
            table = _TABLES[blank] = bytes.maketrans(bytes(range(10)), (blank + DIGITS).encode())
        out = bytes(cells).translate(table).decode("ascii")
    else:
        out = "".join(str(v) if v else blank for v in cells)
    note = grid.meta.get("comment")
    if comment and note:
        out += " " + note
    return out


def write(grid: Grid, *, blank: str = ".", values: bool = False, comment: bool = True) -> str:
    return write_line(grid, blank=blank, values=values, comment=comment) + "\n"


def sniff_line(text: str) -> Sniff | None:
    stripped = [ln for ln in split_lines(text) if ln.strip()]
    if len(stripped) != 1:
        return None
    return _sniff_one(stripped[0])


def _sniff_one(line: str) -> Sniff | None:
    if len(line) < 81:
        return None
    try:
        values, rest = split_line(line)
    except PuzzleFormatError:
        return None
    clues = sum(1 for v in values if v)
    reason = f"81 cells on one line, {clues} clues"
    if rest:
        reason += f", then {quote(rest, 20)}"
    return Sniff(0.9 if not rest else 0.85, reason)
