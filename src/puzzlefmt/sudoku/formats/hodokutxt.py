"""HoDoKu's "PM grid plus givens" text file: what HoDoKu saves as ``.txt`` (its default text
save, ``MainFrame.saveToFile`` type 6): three grids, each after two blank lines::

    .---------.---------.---------.      the givens (HoDoKu's formatted grid)
    | .  .  3 | .  2  . | 6  .  .  |
    ...
    '---------'---------'---------'


    .---------.---------.---------.      the values: givens and placed digits
    ...


    .-----------.------------.--------.  the PM grid: every cell's candidates
    | 14   19   3    | ...

Read into givens, placed digits (the values grid's digits that are not givens) and candidates
(every cell's group; a placed or given cell's is its digit). A one-candidate cell that the
values grid leaves blank stays a candidate (HoDoKu reads it so: the values grid decides). The
values grid must agree with the givens and the PM grid with the values.

Written as HoDoKu writes it: the three grids in HoDoKu's frames, ``.`` (or ``0``, option
``blank``) for a blank and for a cell with no candidate left, CRLF (``newline="lf"`` for
Linux's).
"""

from __future__ import annotations

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._cells import NEWLINES, is_border
from puzzlefmt.sudoku._textgrid import hodoku_lines
from puzzlefmt.sudoku.formats._gridpicture import (
    blocks,
    grid_rows,
    is_group_row,
    read_group_rows,
    read_value_rows,
    written_groups,
)
from puzzlefmt.sudoku.formats.hodokugrid import is_hodoku_grid, value_lines
from puzzlefmt.sudoku.grid import Grid, cell_name, digits_of
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "read_hodoku_txt", "sniff", "write_hodoku_txt"]

FMT = "hodoku-txt"


def read_hodoku_txt(text: str) -> Grid:
    """Read HoDoKu's ``.txt`` save: givens, placed digits and candidates (see the module
    docstring)."""
    parts = blocks(list(enumerate(split_lines(text), 1)))
    if len(parts) != 3:
        raise PuzzleFormatError.expecting(
            "three grids (givens, values, PM grid) apart by blank lines", f"{len(parts)}",
            format=FMT, line=parts[3][0][0] if len(parts) > 3 else None)
    grids: list[list[int]] = []
    for block in parts[:2]:
        rows, nxt = grid_rows(block, FMT)
        _no_more(block, nxt)
        grids.append(read_value_rows(rows, FMT))
    givens, values = grids
    first_row = parts[1][0][0]
    placed = [0] * 81
    for i, (g, v) in enumerate(zip(givens, values, strict=True)):
        if g and v != g:
            raise PuzzleFormatError(
                f"the values grid has {v or 'a blank'} where the givens have {g} "
                f"({cell_name(i)})", format=FMT, line=first_row, expected=str(g),
                found=str(v))
        if not g:
            placed[i] = v
    rows, nxt = grid_rows(parts[2], FMT)
    _no_more(parts[2], nxt)
    masks = [g.mask for g in read_group_rows(rows, FMT)]
    for i, v in enumerate(values):
        if v and masks[i] != 1 << (v - 1):
            raise PuzzleFormatError(
                f"the PM grid has {digits_of(masks[i]) or '.'} where the values have {v} "
                f"({cell_name(i)})", format=FMT, line=rows[i // 9][0], expected=str(v),
                found=digits_of(masks[i]) or ".")
    return Grid._make(givens, placed, masks)


def _no_more(block: list[tuple[int, str]], nxt: int) -> None:
    if nxt < len(block):
        n, ln = block[nxt]
        raise PuzzleFormatError.expecting("a blank line after the grid", "more text",
                                          format=FMT, line=n, text=ln.strip())


def write_hodoku_txt(grid: Grid, *, blank: str = ".", newline: str = "crlf") -> str:
    """HoDoKu's ``.txt`` save of ``grid``: the three grids in its frames, ``blank`` for a blank,
    lines ended by ``newline`` (``"crlf"`` or ``"lf"``)."""
    nl = NEWLINES[newline]
    grids = [value_lines(grid.givens, blank), value_lines(grid.values, blank),
             hodoku_lines(written_groups(grid, FMT, blank))]
    return (nl * 3).join(nl.join(lines) for lines in grids) + nl


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like HoDoKu's ``.txt`` save: three grids in its frames; None
    otherwise."""
    lines = split_lines(text)
    if len(lines) > 60:
        return None  # three grids of 13 lines and the blank lines between them
    parts = [[ln for _, ln in b] for b in blocks(list(enumerate(lines, 1)))]
    if len(parts) != 3 or not all(is_hodoku_grid(p) for p in parts[:2]):
        return None
    pm = parts[2]
    body = [ln for ln in pm if not is_border(ln)]
    if not pm[0].strip().startswith(".-") or len(body) != 9 or not all(
            is_group_row(ln) for ln in body):
        return None
    return Sniff(0.96, "HoDoKu's PM grid plus givens: givens, values and PM grid in its "
                       "frames")


#: The ``hodoku-txt`` format: HoDoKu's ``.txt`` save (givens, values and PM grid in its frames).
FORMAT = Format(
    name=FMT,
    family="sudoku",
    model=Grid,
    description="HoDoKu .txt save: givens, values and PM grid in HoDoKu's frames",
    sniff_text=sniff,
    read=read_hodoku_txt,
    write=write_hodoku_txt,
    priority=37,
    write_options=(
        Option("blank", str, ".", "the character for an empty cell, and for a cell with no "
               "candidate left", choices=(".", "0")),
        Option("newline", str, "crlf", "line ending: crlf or lf", choices=tuple(NEWLINES)),
    ),
    holds=frozenset({"givens", "placed", "candidates", "eliminations"}),
)
