"""HoDoKu's formatted grid: what its "copy givens formatted" and "copy values formatted" write
(``Sudoku2.getSudoku`` in the modes ``CLUES_ONLY_FORMATTED`` and ``VALUES_ONLY_FORMATTED``)::

    .---------.---------.---------.
    | .  .  3 | .  2  . | 6  .  .  |
    ...
    :---------+---------+---------:
    ...
    '---------'---------'---------'

The frame is HoDoKu's (``.`` corners above, ``:`` and ``+`` between the bands, ``'`` below);
each cell is one character, ``.`` (or ``0``, HoDoKu's option) for a blank. Read as givens: the
values form's placed digits cannot be told from givens (HoDoKu reads them as givens too).
Written as HoDoKu writes it: ``blank`` ``.`` or ``0``, ``values=True`` for the values form,
CRLF (HoDoKu writes the system's line ending; ``newline="lf"`` for Linux's).
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._cells import NEWLINES, is_border
from puzzlefmt.sudoku._textgrid import hodoku_lines
from puzzlefmt.sudoku.formats._gridpicture import read_value_grid, read_value_rows
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "is_hodoku_grid", "read_hodoku_grid", "value_lines", "write_hodoku_grid"]


def read_hodoku_grid(text: str) -> Grid:
    """Read HoDoKu's formatted grid (any digit grid frame): its digits as givens."""
    return read_value_grid(text, "hodoku-grid")


def value_lines(cells: Sequence[int], blank: str = ".") -> list[str]:
    """HoDoKu's formatted grid of 81 values (0 = blank), as lines."""
    return hodoku_lines([str(v) if v else blank for v in cells])


def write_hodoku_grid(grid: Grid, *, blank: str = ".", values: bool = False,
                      newline: str = "crlf") -> str:
    """HoDoKu's formatted grid of the givens (``values=True``: of the givens and placed digits),
    ``blank`` for a blank, lines ended by ``newline`` (``"crlf"`` or ``"lf"``)."""
    nl = NEWLINES[newline]
    return nl.join(value_lines(grid.values if values else grid.givens, blank)) + nl


def is_hodoku_grid(lines: list[str]) -> bool:
    """Whether ``lines`` (no blank line) are one HoDoKu formatted grid: its frame and 9 rows
    of 9 one-character cells."""
    if len(lines) != 13 or not lines[0].strip().startswith(".-"):
        return False
    frames = [lines[k] for k in (0, 4, 8, 12)]
    if not all(is_border(ln) for ln in frames) or not lines[12].strip().startswith("'"):
        return False
    rows = [(k + 1, ln) for k, ln in enumerate(lines) if k % 4]
    if not all("|" in ln for _, ln in rows):
        return False
    try:
        read_value_rows(rows, "hodoku-grid")
    except PuzzleFormatError:
        return False
    return True


def sniff(text: str) -> Sniff | None:
    lines = [ln for ln in split_lines(text) if ln.strip()]
    if not is_hodoku_grid(lines):
        return None
    return Sniff(0.93, "HoDoKu's formatted grid: .---. :---+---: '---' frame, one digit a cell")


#: The ``hodoku-grid`` format: HoDoKu's formatted grid (``.---.---.`` frame, one digit a cell).
FORMAT = Format(
    name="hodoku-grid",
    family="sudoku",
    model=Grid,
    description="HoDoKu formatted grid (.---.---. frame, | .  .  3 | rows)",
    sniff_text=sniff,
    read=read_hodoku_grid,
    write=write_hodoku_grid,
    priority=36,
    write_options=(
        Option("blank", str, ".", "the character written for an empty cell",
               choices=(".", "0")),
        Option("values", bool, False,
               "write placed digits as cells too (HoDoKu's values form; they read back as "
               "givens)"),
        Option("newline", str, "crlf", "line ending: crlf or lf", choices=tuple(NEWLINES)),
    ),
    holds=frozenset({"givens"}),
)
