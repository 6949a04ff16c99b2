"""Candidate grids (pencil marks): 9 rows of 9 candidate groups, with or without a frame.

Read: Simple Sudoku's candidate print (``*-----*`` frame, ``|---+---|`` rules, and its banner),
HoDoKu's PM grid (``.---.---.``, ``:---+---:``, ``'---'---'``), ``+---+`` framed grids, and
bare rows. HoDoKu's "PM grid with step" is read whole: the marks before a group (``*`` a cell
of the step, ``#`` a fin, ``@`` an endo fin, ``A``, ``B``... the cells of an almost locked set,
``-`` before a candidate the step deletes) are kept as ``meta["marks"]`` (``"r5c2* r4c4*-17"``)
and the step's text after the grid (``Hidden Single: r6c7=2``, several lines for chains) as
``meta["step"]``. A ``.`` (or ``0``) group is a cell with no candidate left.

A group of one digit is a **placed digit** (no format of this kind marks givens), unless a
peer still has that digit as a candidate: then it is a naked single not yet placed, and stays
a one-candidate cell. This is how HoDoKu and Sudoku Explainer read a PM grid (both then call
the digit a given; here it is placed, see ``docs/sudoku.md``). The grid read keeps every
group as its candidates (a placed cell's is its digit).

Write: ``style="simple-sudoku"`` (default), ``"hodoku"`` or ``"plus"``; a cell with a given or
placed digit is written as that digit; the marks and the step are written back (the step
after the grid). Simple Sudoku and ``+---+`` columns are as wide as the widest group plus two;
HoDoKu's are each as wide as their own widest group plus two, exactly as HoDoKu writes them,
and a cell with no candidate left is ``.`` (the other styles refuse it). ``pm-print`` is the
Simple Sudoku style with its banner (no marks, no step).
"""

from __future__ import annotations

import functools

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._cells import NEWLINES, is_border
from puzzlefmt.sudoku._textgrid import PmStyle, pm_grid_lines
from puzzlefmt.sudoku.formats._gridpicture import (
    CANDIDATE_GRID_HOLDS,
    NumLine,
    blocks,
    candidate_grid,
    grid_rows,
    holds_for_candidate_grid,
    is_candidate_row,
    is_group_row,
    read_group_rows,
    written_groups,
)
from puzzlefmt.sudoku.formats._pencilmarks import hodoku_cells, marks_of
from puzzlefmt.sudoku.formats.candidates import count_groups
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "FORMATS", "PRINT", "read_pm_grid", "sniff_pm_grid", "write_pm_grid"]

STYLES: tuple[PmStyle, ...] = ("simple-sudoku", "hodoku", "plus")


def read_pm_grid(text: str, fmt: str = "pm-grid") -> Grid:
    """Read a candidate grid, any frame, with HoDoKu's step marks and text (see the module
    docstring); errors name ``fmt``."""
    numbered = list(enumerate(split_lines(text), 1))
    parts = blocks(numbered)
    if not parts:
        raise PuzzleFormatError.expecting("a candidate grid", "empty text", format=fmt)
    rows, nxt = grid_rows(parts[0], fmt)
    groups = read_group_rows(rows, fmt)
    tail = [x for blk in [parts[0][nxt:], *parts[1:]] for x in blk if not _is_banner(x[1])]
    return candidate_grid(groups, _step_text(tail, fmt))


def _is_banner(line: str) -> bool:
    return line.strip().startswith(("Simple Sudoku", "Version"))


def _step_text(tail: list[NumLine], fmt: str) -> str:
    """The text after the grid: HoDoKu's step (it starts with a word)."""
    if not tail:
        return ""
    n, first = tail[0]
    if not _has_letter(first):
        raise PuzzleFormatError.expecting(
            "the end of the candidate grid, or the text of a step", "more text", format=fmt,
            line=n, text=first.strip())
    return "\n".join(ln.rstrip() for _, ln in tail)


def _has_letter(line: str) -> bool:
    return any(ch.isalpha() for ch in line)


def write_pm_grid(
    grid: Grid,
    *,
    style: PmStyle = "simple-sudoku",
    newline: str = "crlf",
    footer: bool = False,
) -> str:
    """The candidate grid in ``style`` (``"simple-sudoku"``, ``"hodoku"`` or ``"plus"``), lines
    ended by ``newline``; ``footer=True``: the ``pm-print`` form, with Simple Sudoku's banner
    and no marks or step."""
    fmt = "pm-print" if footer else "pm-grid"
    cells = written_groups(grid, fmt, "." if style == "hodoku" else None)
    step = ""
    if not footer:
        try:
            cells = hodoku_cells(cells, marks_of(grid.meta.get("marks", "")))
        except ValueError as exc:
            raise ValueError(f"{fmt} {exc}") from None
        step = grid.meta.get("step", "")
    lines = pm_grid_lines(cells, style, footer=footer)
    if step:
        lines += split_lines(step)
    nl = NEWLINES[newline]
    return nl.join(lines) + nl


def _layout(text: str) -> tuple[list[str], list[str], bool, bool] | None:
    """``(rows, frames, has step text, has banner)`` when ``text`` is 9 rows of candidate
    groups in a frame or none (then the step's text, or the Simple Sudoku banner), else
    ``None``."""
    lines = [ln for ln in split_lines(text) if ln.strip()]
    banner = any(_is_banner(ln) for ln in lines)
    lines = [ln for ln in lines if not _is_banner(ln)]
    rows: list[str] = []
    frames: list[str] = []
    k = 0
    while k < len(lines):
        ln = lines[k]
        if is_border(ln):
            frames.append(ln.strip())
        elif len(rows) == 9:
            break
        elif is_group_row(ln):
            rows.append(ln)
        else:
            return None
        k += 1
    if len(rows) != 9 or (k < len(lines) and not _has_letter(lines[k])):
        return None
    return rows, frames, k < len(lines), banner


def sniff_pm_grid(text: str) -> tuple[int, bool] | None:
    """``(candidate rows, has banner)`` when the text is a candidate grid, else ``None``: rows
    of candidate groups, some with several digits or step marks, or all of one digit in a
    frame wider than a digit grid's (Simple Sudoku's) or before a step's text."""
    found = _layout(text)
    if found is None:
        return None
    rows, frames, step, banner = found
    multi = sum(1 for ln in rows if is_candidate_row(ln))
    wide = bool(frames) and len(frames[0]) > 25 and not frames[0].startswith(".")
    if not (multi or wide or step):
        return None  # one digit a cell: a grid of digits (HoDoKu's formatted grid...)
    return multi, banner


def _sniff(text: str, *, printed: bool) -> Sniff | None:
    found = sniff_pm_grid(text)
    if found is None or found[1] != printed or count_groups(text):
        return None
    if printed:
        return Sniff(0.97, "candidate grid with the Simple Sudoku banner")
    return Sniff(0.9, f"{found[0]} rows of candidate groups")


#: What Simple Sudoku's print keeps: a candidate grid's contents but its metadata.
_PRINT_HOLDS = CANDIDATE_GRID_HOLDS - {"metadata"}

_NEWLINE = Option("newline", str, "crlf", "line ending: crlf or lf", choices=tuple(NEWLINES))

#: The ``pm-grid`` format: a framed candidate grid (Simple Sudoku, HoDoKu's PM grid with or without
#: a step).
FORMAT = Format(
    name="pm-grid",
    family="sudoku",
    model=Grid,
    description="framed candidate grid (Simple Sudoku, HoDoKu PM grid with or without step)",
    sniff_text=functools.partial(_sniff, printed=False),
    read=read_pm_grid,
    write=write_pm_grid,
    priority=45,
    write_options=(
        Option("style", str, "simple-sudoku", "the frame: Simple Sudoku, HoDoKu or +---+",
               choices=STYLES),
        _NEWLINE,
    ),
    holds=CANDIDATE_GRID_HOLDS,
    holds_for=holds_for_candidate_grid(CANDIDATE_GRID_HOLDS),
)
#: The ``pm-print`` format: Simple Sudoku's clipboard print of a candidate grid, with its banner.
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
    holds=_PRINT_HOLDS,
    holds_for=holds_for_candidate_grid(_PRINT_HOLDS),
)

#: The candidate grid and its Simple Sudoku print.
FORMATS = (FORMAT, PRINT)
