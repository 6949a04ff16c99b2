"""Candidate grids (pencil marks): 9 rows of 9 candidate groups, with or without a frame.

Read: Simple Sudoku's candidate print (``*-----*`` frame, ``|---+---|`` rules, and its banner),
HoDoKu's PM grid (``.---.---.``, ``:---+---:``, ``'---'---'``; step markers ``*`` and ``#``
before a group are dropped), ``+---+`` framed grids, and bare rows. A group of one digit is a
cell with one candidate: it is **not** made a given (the text cannot tell a given from a
solved cell or a naked single), so the grid read has candidates only.

Write: ``style="simple-sudoku"`` (default), ``"hodoku"`` or ``"plus"``; each column is as wide
as its widest group plus two; a cell with a given or placed digit is written as that digit.
``footer=True`` adds the Simple Sudoku banner (the ``pm-print`` format).
"""

from __future__ import annotations

from typing import Literal

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.sudoku._grid import (
    blocks,
    grid_rows,
    is_candidate_row,
    is_group_row,
    read_candidate_rows,
)
from puzzlefmt.sudoku._text import is_border
from puzzlefmt.sudoku.grid import Grid, digits_of
from puzzlefmt.textio import split_lines

__all__ = ["read_pm_grid", "write_pm_grid"]

PmStyle = Literal["simple-sudoku", "hodoku", "plus"]


def read_pm_grid(text: str, fmt: str = "pm-grid") -> Grid:
    numbered = list(enumerate(split_lines(text), 1))
    parts = blocks(numbered)
    if not parts:
        raise PuzzleFormatError.expecting("a candidate grid", "empty text", format=fmt)
    rows, _ = grid_rows(parts[0], fmt)
    grid = Grid()
    grid.candidates = read_candidate_rows(rows, fmt)
    return grid


def write_pm_grid(
    grid: Grid,
    *,
    style: PmStyle = "simple-sudoku",
    newline: str = "\r\n",
    footer: bool = False,
) -> str:
    vals = grid.values
    masks = grid.candidate_masks()
    groups = [str(v) if v else digits_of(m) for v, m in zip(vals, masks, strict=True)]
    width = max(len(g) for g in groups) + 2
    rows = []
    for r in range(9):
        boxes = []
        for b in range(3):
            cells = groups[r * 9 + b * 3 : r * 9 + b * 3 + 3]
            boxes.append(" " + "".join(g.ljust(width) for g in cells))
        rows.append("|" + "|".join(boxes) + "|")
    seg = "-" * (3 * width + 1)
    if style == "hodoku":
        top = "." + ".".join([seg] * 3) + "."
        mid = ":" + "+".join([seg] * 3) + ":"
        bottom = "'" + "'".join([seg] * 3) + "'"
    elif style == "plus":
        top = mid = bottom = "+" + "+".join([seg] * 3) + "+"
    else:
        top = bottom = "*" + "-" * (3 * len(seg) + 2) + "*"
        mid = "|" + "+".join([seg] * 3) + "|"
    out = [top, *rows[0:3], mid, *rows[3:6], mid, *rows[6:9], bottom]
    if footer:
        pad = " " * max(len(top) // 2 - 8, 1)
        out += [pad + "Simple Sudoku", pad + " Version 4.2n"]
    return newline.join(out) + newline


def sniff_pm_grid(text: str) -> tuple[int, bool] | None:
    """``(candidate rows, has banner)`` when most rows are candidate rows, else ``None``."""
    lines = [ln for ln in split_lines(text) if ln.strip()]
    banner = any("Simple Sudoku" in ln for ln in lines)
    body = [ln for ln in lines if not is_border(ln) and "Simple Sudoku" not in ln
            and "Version" not in ln]
    if len(body) != 9 or not all(is_group_row(ln) for ln in body):
        return None
    frames = [ln.strip() for ln in lines if is_border(ln)]
    wide = bool(frames) and len(frames[0]) > 25
    multi = sum(1 for ln in body if is_candidate_row(ln))
    if not multi and not wide:
        return None
    return multi, banner
