"""Drawing grids as text: rows of cells with box separators, the Simple Sudoku frames and the
candidate-grid frames. Shared by the writers and by ``str(grid)``; works on plain lists (cell
values 0-9, or candidate groups as text) and knows no model."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

__all__ = ["PmStyle", "SsStyle", "hodoku_lines", "pm_grid_lines", "ss_grid_lines", "value_rows"]

SsStyle = Literal["current", "spaced", "old"]
PmStyle = Literal["simple-sudoku", "hodoku", "plus"]

#: The banner under a Simple Sudoku clipboard print.
BANNER = ("Simple Sudoku", "Version 4.2n")


def value_rows(
    values: Sequence[int],
    *,
    blank: str,
    cell_sep: str,
    box_sep: str,
    prefix: str = "",
    suffix: str = "",
) -> list[str]:
    """9 row strings: cells joined by ``cell_sep``, boxes by ``box_sep``."""
    out = []
    for r in range(9):
        boxes = []
        for b in range(3):
            cells = values[r * 9 + b * 3 : r * 9 + b * 3 + 3]
            boxes.append(cell_sep.join(str(v) if v else blank for v in cells))
        out.append(prefix + box_sep.join(boxes) + suffix)
    return out


def ss_grid_lines(cells: Sequence[int], style: SsStyle) -> list[str]:
    """The Simple Sudoku grid of ``cells`` (``.`` blanks) in one of its three styles."""
    if style == "old":
        rows = value_rows(cells, blank=".", cell_sep="", box_sep="|")
        rule = "-" * 11
        return [*rows[0:3], rule, *rows[3:6], rule, *rows[6:9]]
    if style == "spaced":
        rows = value_rows(cells, blank=".", cell_sep=" ", box_sep=" | ", prefix="| ",
                          suffix=" |")
        frame = "*" + "-" * 23 + "*"
        rule = "|" + "+".join(["-" * 7] * 3) + "|"
    else:
        rows = value_rows(cells, blank=".", cell_sep="", box_sep="|", prefix="|", suffix="|")
        frame = "*" + "-" * 11 + "*"
        rule = "|---+---+---|"
    return [frame, *rows[0:3], rule, *rows[3:6], rule, *rows[6:9], frame]


def pm_grid_lines(groups: Sequence[str], style: PmStyle, *, footer: bool = False) -> list[str]:
    """A candidate grid of 81 groups (``"1567"``, or a cell's digit): each column as wide as
    the widest group plus two (HoDoKu's style: as its own widest group plus two, see
    :func:`hodoku_lines`); ``footer`` adds the Simple Sudoku banner."""
    if style == "hodoku" and not footer:
        return hodoku_lines(groups)
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
        out += [pad + BANNER[0], pad + " " + BANNER[1]]
    return out


def hodoku_lines(cells: Sequence[str]) -> list[str]:
    """HoDoKu's grid of 81 cell texts (``Sudoku2.getSudoku`` for its PM grids and formatted
    grids): each column as wide as its widest text plus two, ``|`` and one space before each
    box, one space before every other cell; frames ``.---.``, ``:---+---:`` and ``'---'``."""
    widths = [max(len(cells[r * 9 + c]) for r in range(9)) + 2 for c in range(9)]
    segs = ["-" * sum(widths[b * 3 : b * 3 + 3]) for b in range(3)]
    frames = {0: "." + ".".join(segs) + ".", 3: ":" + "+".join(segs) + ":",
              9: "'" + "'".join(segs) + "'"}
    frames[6] = frames[3]
    out = []
    for r in range(10):
        if r in frames:
            out.append(frames[r])
        if r == 9:
            break
        parts = []
        for c in range(9):
            text = cells[r * 9 + c]
            parts.append(("| " if c % 3 == 0 else " ") + text + " " * (widths[c] - len(text) - 1))
        out.append("".join(parts) + "|")
    return out
