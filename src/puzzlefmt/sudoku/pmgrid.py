"""Candidate grids (pencil marks): 9 rows of 9 candidate groups, with or without a frame.

Read: Simple Sudoku's candidate print (``*-----*`` frame, ``|---+---|`` rules, and its banner),
HoDoKu's PM grid (``.---.---.``, ``:---+---:``, ``'---'---'``; step markers ``*`` and ``#``
before a group are dropped), ``+---+`` framed grids, and bare rows. A group of one digit is a
cell with one candidate: it is **not** made a given (the text cannot tell a given from a
solved cell or a naked single), so the grid read has candidates only.

Write: ``style="simple-sudoku"`` (default), ``"hodoku"`` or ``"plus"``; each column is as wide
as its widest group plus two; a cell with a given or placed digit is written as that digit.
``pm-print`` is the Simple Sudoku style with its banner.
"""

from __future__ import annotations

import functools

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._draw import PmStyle, pm_grid_lines
from puzzlefmt.sudoku._grid import (
    blocks,
    grid_rows,
    is_candidate_row,
    is_group_row,
    read_candidate_rows,
    written_groups,
)
from puzzlefmt.sudoku._text import NEWLINES, is_border
from puzzlefmt.sudoku.candidates import count_groups
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "FORMATS", "PRINT", "read_pm_grid", "sniff_pm_grid", "write_pm_grid"]

STYLES: tuple[PmStyle, ...] = ("simple-sudoku", "hodoku", "plus")


def read_pm_grid(text: str, fmt: str = "pm-grid") -> Grid:
    numbered = list(enumerate(split_lines(text), 1))
    parts = blocks(numbered)
    if not parts:
        raise PuzzleFormatError.expecting("a candidate grid", "empty text", format=fmt)
    rows, _ = grid_rows(parts[0], fmt)
    return Grid._make([0] * 81, candidates=read_candidate_rows(rows, fmt))


def write_pm_grid(
    grid: Grid,
    *,
    style: PmStyle = "simple-sudoku",
    newline: str = "crlf",
    footer: bool = False,
) -> str:
    groups = written_groups(grid, "pm-print" if footer else "pm-grid")
    nl = NEWLINES[newline]
    return nl.join(pm_grid_lines(groups, style, footer=footer)) + nl


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


def _sniff(text: str, *, printed: bool) -> Sniff | None:
    found = sniff_pm_grid(text)
    if found is None or found[1] != printed or count_groups(text):
        return None
    if printed:
        return Sniff(0.97, "candidate grid with the Simple Sudoku banner")
    return Sniff(0.9, f"{found[0]} rows of candidate groups")


_NEWLINE = Option("newline", str, "crlf", "line ending: crlf or lf", choices=tuple(NEWLINES))

FORMAT = Format(
    name="pm-grid",
    family="sudoku",
    model=Grid,
    description="framed candidate grid (Simple Sudoku, HoDoKu PM grid)",
    sniff_text=functools.partial(_sniff, printed=False),
    read=read_pm_grid,
    write=write_pm_grid,
    priority=45,
    write_options=(
        Option("style", str, "simple-sudoku", "the frame: Simple Sudoku, HoDoKu or +---+",
               choices=STYLES),
        _NEWLINE,
    ),
    holds=frozenset({"candidates"}),
)
PRINT = Format(
    name="pm-print",
    family="sudoku",
    model=Grid,
    description="Simple Sudoku clipboard print of a candidate grid (with banner)",
    sniff_text=functools.partial(_sniff, printed=True),
    read=functools.partial(read_pm_grid, fmt="pm-print"),
    write=functools.partial(write_pm_grid, footer=True),
    priority=46,
    write_options=(_NEWLINE,),
    holds=frozenset({"candidates"}),
)

#: The candidate grid and its Simple Sudoku print.
FORMATS = (FORMAT, PRINT)
