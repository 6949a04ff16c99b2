"""Simple Sudoku ``.ss``: the current format, its spaced variant, the old format, the clipboard
print, and what HoDoKu adds (``I``/``E`` records, the three-grid export).

Current::

    *-----------*
    |.3.|4..|...|
    ...
    |---+---+---|
    ...
    *-----------*

Spaced (``ss-spaced``): ``| . 3 . | 4 . . | . . . |`` inside ``*-----------------------*``.
Old (``ss-old``): ``...|...|...`` rows and ``-----------`` lines, no frame.
Print (``ss-print``): the current grid, each line after one space, then the banner
``Simple Sudoku`` / ``Version 4.2n`` (the banner's digits are not cells).

After the grid, HoDoKu writes a blank line and records ``Innd`` (cell ``nn``, 0-80, set to ``d``:
a placed digit) and ``Enndd..`` (cell ``nn``, candidate ``ddd`` struck out, three digits each).
HoDoKu's Simple Sudoku export instead appends a second grid (givens and placed digits) and a
candidate grid. All of these are read; writing uses records for placed digits and struck-out
candidates, and appends a candidate grid when the grid has candidates.
"""

from __future__ import annotations

import re
from typing import Literal

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.sudoku._grid import blocks, read_grid_block, write_value_rows
from puzzlefmt.sudoku._text import is_border
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["read_ss", "sniff_ss", "write_ss"]

Style = Literal["current", "spaced", "old"]

_RECORD = re.compile(r"^\s*([IE])(\d{2})(\d+)\s*$")
BANNER = ("Simple Sudoku", "Version 4.2n")


def read_ss(text: str, fmt: str = "ss") -> Grid:
    """Read any Simple Sudoku grid text (all variants) with HoDoKu's additions."""
    numbered = list(enumerate(split_lines(text), 1))
    parts = blocks(numbered)
    if not parts:
        raise PuzzleFormatError.expecting("a Sudoku grid", "empty text", format=fmt)
    cells, is_cands, nxt = read_grid_block(parts[0], fmt)
    grid = Grid()
    if is_cands:
        grid.candidates = cells
    else:
        grid.givens = cells
    rest = [parts[0][nxt:], *parts[1:]]
    for block in rest:
        if not block:
            continue
        if all(_RECORD.match(ln) for _, ln in block):
            _apply_records(grid, block, fmt)
            continue
        if all(_is_banner(ln) for _, ln in block):
            continue
        cells, is_cands, nxt = read_grid_block(block, fmt)
        if is_cands:
            grid.candidates = cells
        else:
            _apply_values(grid, cells, block[0][0], fmt)
        leftover = [x for x in block[nxt:] if not _is_banner(x[1])]
        if leftover:
            n, ln = leftover[0]
            raise PuzzleFormatError.expecting(
                "a blank line, records or another grid", "more text", format=fmt, line=n,
                text=ln.strip())
    return grid


def _is_banner(line: str) -> bool:
    return line.strip() in BANNER or line.strip().startswith(("Simple Sudoku", "Version"))


def _apply_values(grid: Grid, values: list[int], line: int, fmt: str) -> None:
    for i, v in enumerate(values):
        g = grid.givens[i]
        if g and v != g:
            raise PuzzleFormatError(
                f"the values grid has {v or 'a blank'} where the puzzle has the given {g} "
                f"(r{i // 9 + 1}c{i % 9 + 1})",
                format=fmt, line=line, expected=f"{g}", found=f"{v}")
        if not g and v:
            grid.placed[i] = v


def _apply_records(grid: Grid, block: list[tuple[int, str]], fmt: str) -> None:
    for n, ln in block:
        m = _RECORD.match(ln)
        assert m is not None
        kind, cell_s, rest = m.groups()
        cell = int(cell_s)
        col = ln.index(kind) + 1
        if cell > 80:
            raise PuzzleFormatError.expecting(
                "a cell number 00-80", cell_s, format=fmt, line=n, column=col + 1, text=ln)
        if kind == "I":
            if len(rest) != 1 or rest == "0":
                raise PuzzleFormatError.expecting(
                    "one digit 1-9 after the cell number", repr(rest), format=fmt, line=n,
                    column=col + 3, text=ln)
            if grid.givens[cell]:
                raise PuzzleFormatError(
                    f"a placement in r{cell // 9 + 1}c{cell % 9 + 1}, which holds a given",
                    format=fmt, line=n, column=col, text=ln)
            grid.placed[cell] = int(rest)
        else:
            if len(rest) % 3 or not rest:
                raise PuzzleFormatError.expecting(
                    "candidates as three digits each (007 for 7)", repr(rest), format=fmt,
                    line=n, column=col + 3, text=ln)
            if grid.eliminated is None:
                grid.eliminated = [0] * 81
            for k in range(0, len(rest), 3):
                d = int(rest[k : k + 3])
                if not 1 <= d <= 9:
                    raise PuzzleFormatError.expecting(
                        "a candidate 001-009", rest[k : k + 3], format=fmt, line=n,
                        column=col + 3 + k, text=ln)
                grid.eliminated[cell] |= 1 << (d - 1)


def write_ss(
    grid: Grid,
    *,
    style: Style = "current",
    newline: str = "\r\n",
    indent: str = "",
    values: bool = False,
    records: bool = True,
    footer: bool = False,
) -> str:
    """Write Simple Sudoku text.

    ``style``: ``"current"`` (default), ``"spaced"`` or ``"old"``. ``indent``: text before
    every line (HoDoKu writes one space). ``values=True`` draws placed digits in the grid
    (a picture; the placed digits are then indistinguishable from givens). ``records``: write
    placed digits and struck-out candidates as ``I``/``E`` records, and candidates as a
    candidate grid. ``footer``: the Simple Sudoku print banner (the ``ss-print`` format).
    """
    cells = grid.values if values else grid.givens
    lines = _grid_lines(cells, style)
    out = [indent + ln for ln in lines]
    if footer:
        out += [" " + BANNER[0], "  " + BANNER[1]]
    if records and not values:
        recs = [f"I{i:02d}{d}" for i, d in enumerate(grid.placed) if d]
        if grid.eliminated is not None:
            for i, m in enumerate(grid.eliminated):
                if m:
                    recs.append(
                        f"E{i:02d}" + "".join(f"{d:03d}" for d in range(1, 10) if m >> (d - 1) & 1)
                    )
        if recs:
            out += ["", *recs]
    if records and grid.candidates is not None:
        from puzzlefmt.sudoku.pmgrid import write_pm_grid

        out += ["", *write_pm_grid(grid, newline="\n").rstrip("\n").split("\n")]
    return newline.join(out) + newline


def _grid_lines(cells: list[int], style: Style) -> list[str]:
    if style == "old":
        rows = write_value_rows(cells, blank=".", cell_sep="", box_sep="|")
        rule = "-" * 11
        return [*rows[0:3], rule, *rows[3:6], rule, *rows[6:9]]
    if style == "spaced":
        rows = write_value_rows(cells, blank=".", cell_sep=" ", box_sep=" | ", prefix="| ",
                                suffix=" |")
        frame = "*" + "-" * 23 + "*"
        rule = "|" + "+".join(["-" * 7] * 3) + "|"
    else:
        rows = write_value_rows(cells, blank=".", cell_sep="", box_sep="|", prefix="|",
                                suffix="|")
        frame = "*" + "-" * 11 + "*"
        rule = "|---+---+---|"
    return [frame, *rows[0:3], rule, *rows[3:6], rule, *rows[6:9], frame]


def _first_grid_lines(text: str) -> list[str]:
    lines = [ln.strip() for ln in split_lines(text)]
    return [ln for ln in lines if ln]


def sniff_ss(text: str) -> tuple[Style, bool] | None:
    """``(style, is_print)`` when ``text`` looks like Simple Sudoku, else ``None``."""
    lines = _first_grid_lines(text)
    if len(lines) < 11:
        return None
    first = lines[0]
    if first.startswith("*-") and first.endswith("-*") and len(first) in (13, 25):
        row = next((ln for ln in lines[1:4] if not is_border(ln)), "")
        if not row.startswith("|"):
            return None
        body = row.strip("|").replace("|", "")
        if len(body) == 9:
            style: Style = "current"
        elif " " in body and len(body.split()) == 9 and all(len(t) == 1 for t in body.split()):
            style = "spaced"
        else:
            return None  # a candidate grid
        banner = any(_is_banner(ln) for ln in lines[12:15])
        return style, banner
    if (
        len(first) == 11
        and first[3] == "|"
        and first[7] == "|"
        and any(ln == "-" * 11 for ln in lines[3:5])
    ):
        return "old", False
    return None

