"""The 729-character Sukaku line: 9 characters a cell, row by row; in a cell's nine, position
``k`` holds the digit ``k+1`` when it is a candidate, or a placeholder (``.`` or ``0``) when it
is not. Every cell has candidates only: nothing is a given. Written with ``.`` placeholders
(option ``placeholder``)."""

from __future__ import annotations

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "read", "read_sukaku_line", "sniff", "sukaku_line", "write"]

_PLACEHOLDERS = ".0"


def read_sukaku_line(line: str, fmt: str = "sukaku", lineno: int | None = 1) -> Grid:
    """One 729-character line into a grid of candidates; errors name ``fmt``."""
    body = line.rstrip()
    if len(body) != 729:
        raise PuzzleFormatError.expecting(
            "729 characters (9 per cell)", f"{len(body)}", format=fmt, line=lineno,
            column=min(len(body), 729) + 1, text=line)
    masks = []
    for cell in range(81):
        m = 0
        for k in range(9):
            ch = body[cell * 9 + k]
            if ch == str(k + 1):
                m |= 1 << k
            elif ch not in _PLACEHOLDERS:
                want = f"{k + 1} or a placeholder (. or 0)"
                raise PuzzleFormatError.expecting(
                    want, repr(ch), format=fmt, line=lineno, column=cell * 9 + k + 1,
                    text=body[cell * 9 : cell * 9 + 9])
        masks.append(m)
    return Grid._make([0] * 81, candidates=masks)


def read(text: str) -> Grid:
    """Read a text holding one 729-character line (blank lines around it are allowed)."""
    lines = [(n, ln) for n, ln in enumerate(split_lines(text), 1) if ln.strip()]
    if len(lines) != 1:
        raise PuzzleFormatError.expecting(
            "one line of 729 characters", f"{len(lines)} lines", format="sukaku")
    return read_sukaku_line(lines[0][1], "sukaku", lines[0][0])


def sukaku_line(grid: Grid, *, placeholder: str = ".") -> str:
    """The 729 characters of a grid's candidates (:meth:`Grid.candidate_masks`)."""
    return "".join(
        "".join(str(k + 1) if m >> k & 1 else placeholder for k in range(9))
        for m in grid.candidate_masks()
    )


def write(grid: Grid, *, placeholder: str = ".") -> str:
    """The 729-character line of ``grid``'s candidates, ``placeholder`` (``.`` or ``0``) where a
    digit is not one, and a newline."""
    return sukaku_line(grid, placeholder=placeholder) + "\n"


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like one 729-character Sukaku line; None otherwise."""
    lines = [ln.rstrip() for ln in split_lines(text) if ln.strip()]
    if len(lines) != 1 or not all(
        len(ln) == 729 and all(c in "123456789.0" for c in ln) for ln in lines
    ):
        return None
    return Sniff(0.95, "729 characters: 9 candidate places per cell")


#: The ``sukaku`` format: 729 characters, 9 candidate places a cell.
FORMAT = Format(
    name="sukaku",
    family="sudoku",
    model=Grid,
    description="729 characters: 9 candidate places per cell",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=47,
    write_options=(
        Option("placeholder", str, ".", "the character for a digit that is not a candidate",
               choices=(".", "0")),
    ),
    holds=frozenset({"candidates", "eliminations"}),
)
