"""The 729-character Sukaku line: 9 characters a cell, row by row; in a cell's nine, position
``k`` holds the digit ``k+1`` when it is a candidate, or a placeholder (``.`` or ``0``) when it
is not. Every cell has candidates only: nothing is a given."""

from __future__ import annotations

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["read_sukaku_line", "write_sukaku"]

_PLACEHOLDERS = ".0"


def read_sukaku_line(line: str, fmt: str = "sukaku", lineno: int | None = 1) -> Grid:
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
    grid = Grid()
    grid.candidates = masks
    return grid


def read_sukaku(text: str) -> Grid:
    lines = [(n, ln) for n, ln in enumerate(split_lines(text), 1) if ln.strip()]
    if len(lines) != 1:
        raise PuzzleFormatError.expecting(
            "one line of 729 characters", f"{len(lines)} lines", format="sukaku")
    return read_sukaku_line(lines[0][1], "sukaku", lines[0][0])


def write_sukaku(grid: Grid, *, placeholder: str = ".") -> str:
    masks = grid.candidate_masks()
    return "".join(
        "".join(str(k + 1) if m >> k & 1 else placeholder for k in range(9)) for m in masks
    )


def sniff_sukaku(text: str) -> bool:
    lines = [ln.rstrip() for ln in split_lines(text) if ln.strip()]
    return bool(lines) and all(
        len(ln) == 729 and all(c in "123456789.0" for c in ln) for ln in lines
    )
