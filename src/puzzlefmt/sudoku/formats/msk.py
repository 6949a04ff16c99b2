"""VBForums contest format: ``.msk`` (the puzzle) and ``.sol`` (its solution), nine rows of
nine cells, ``.`` for a blank, each row ended by CRLF."""

from __future__ import annotations

import functools

from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._cells import NEWLINES
from puzzlefmt.sudoku._textgrid import value_rows
from puzzlefmt.sudoku.formats._gridpicture import nine_plain_rows, read_value_grid
from puzzlefmt.sudoku.grid import Grid

__all__ = ["FORMAT", "FORMATS", "SOL", "read_msk", "read_sol", "sniff", "write_msk",
           "write_sol"]


def read_msk(text: str) -> Grid:
    """Read a ``.msk`` puzzle (nine rows of cells, any digit grid frame) into givens."""
    return read_value_grid(text, "msk")


def read_sol(text: str) -> Grid:
    """Read a ``.sol`` solution (nine rows of digits) into givens."""
    return read_value_grid(text, "sol")


def write_msk(grid: Grid, *, newline: str = "crlf") -> str:
    """The givens as nine rows of nine cells, ``.`` for a blank, each row ended by ``newline``
    (``"crlf"`` or ``"lf"``)."""
    nl = NEWLINES[newline]
    return nl.join(value_rows(grid.givens, blank=".", cell_sep="", box_sep="")) + nl


def write_sol(grid: Grid, *, newline: str = "crlf") -> str:
    """The grid's values (givens and placed digits): a solution when the grid is solved."""
    nl = NEWLINES[newline]
    return nl.join(value_rows(grid.values, blank=".", cell_sep="", box_sep="")) + nl


def sniff(text: str, *, solution: bool = False) -> Sniff | None:
    """Nine rows of nine characters; ``solution``: all digits (a ``.sol``)."""
    lines = nine_plain_rows(text)
    if lines is None or not all(len(ln.strip()) == 9 for ln in lines):
        return None
    full = all(ch.isdigit() and ch != "0" for ln in lines for ch in ln.strip())
    if solution and not full:
        return None
    if solution:
        return Sniff(0.62, "9 rows of 9 digits, a full grid (VBForums .sol)")
    return Sniff(0.6, "9 rows of 9 cells run together (VBForums .msk)")


_NEWLINE = Option("newline", str, "crlf", "line ending: crlf or lf", choices=tuple(NEWLINES))

#: The ``msk`` format: a VBForums contest puzzle, nine rows, CRLF.
FORMAT = Format(
    name="msk",
    family="sudoku",
    model=Grid,
    extensions=("msk",),
    description="VBForums contest puzzle: 9 rows, CRLF",
    sniff_text=sniff,
    read=read_msk,
    write=write_msk,
    priority=42,
    write_options=(_NEWLINE,),
    holds=frozenset({"givens"}),
)
#: The ``sol`` format: a VBForums contest solution, nine rows of digits, CRLF.
SOL = Format(
    name="sol",
    family="sudoku",
    model=Grid,
    extensions=("sol",),
    description="VBForums contest solution: 9 rows of digits, CRLF",
    sniff_text=functools.partial(sniff, solution=True),
    read=read_sol,
    write=write_sol,
    priority=43,
    write_options=(_NEWLINE,),
    holds=frozenset({"givens"}),
    writes_as=lambda grid, options: {"placed": "givens"},  # the grid's values, all digits
)

#: The puzzle and the solution formats.
FORMATS = (FORMAT, SOL)
