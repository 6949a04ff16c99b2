"""A candidate grid as 81 groups of digits with no frame: on one line (SadMan's pencil-mark
copy) or over several, separated by spaces or tabs. A group of one digit is a cell with one
candidate, not a given.

Written on one line, groups separated by spaces (options ``sep``: ``space``, ``tab``,
``comma``; ``rows=True``: one row a line); a cell holding a digit is written as that digit."""

from __future__ import annotations

import re

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._grid import group_mask, written_groups
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "count_groups", "read_candidates", "sniff", "write_candidates"]

_GROUP = re.compile(r"[^\s|,;]+")
SEPARATORS = {"space": " ", "tab": "\t", "comma": ","}


def read_candidates(text: str, fmt: str = "candidates") -> Grid:
    masks: list[int] = []
    where: tuple[int, int] | None = None
    for n, ln in enumerate(split_lines(text), 1):
        for m in _GROUP.finditer(ln):
            if len(masks) == 81:
                raise PuzzleFormatError.expecting(
                    "81 candidate groups", "more", format=fmt, line=n, column=m.start() + 1,
                    text=m.group())
            masks.append(group_mask(m.group(), fmt, n, m.start() + 1, ln))
            where = (n, m.end() + 1)
    if len(masks) != 81:
        raise PuzzleFormatError.expecting(
            "81 candidate groups", f"{len(masks)}", format=fmt,
            line=where[0] if where else None, column=where[1] if where else None)
    return Grid._make([0] * 81, candidates=masks)


def write_candidates(grid: Grid, *, sep: str = "space", rows: bool = False) -> str:
    """81 groups separated by ``sep``; ``rows=True`` puts each row on its own line."""
    groups = written_groups(grid, "candidates")
    between = SEPARATORS[sep]
    if rows:
        return "\n".join(between.join(groups[r * 9 : r * 9 + 9]) for r in range(9)) + "\n"
    return between.join(groups) + "\n"


def count_groups(text: str) -> int | None:
    """The number of multi-digit groups when ``text`` is exactly 81 digit groups with at
    least one of several digits, else ``None``."""
    groups = _GROUP.findall(text)
    if len(groups) != 81 or not all(g.isdigit() and "0" not in g for g in groups):
        return None
    multi = sum(1 for g in groups if len(g) > 1)
    return multi if multi else None


def sniff(text: str) -> Sniff | None:
    multi = count_groups(text)
    if multi is None:
        return None
    return Sniff(0.9, f"81 groups of candidate digits ({multi} with several)")


FORMAT = Format(
    name="candidates",
    family="sudoku",
    model=Grid,
    description="81 groups of candidate digits, no frame (SadMan pencil marks)",
    sniff_text=sniff,
    read=read_candidates,
    write=write_candidates,
    priority=44,
    write_options=(
        Option("sep", str, "space", "between groups", choices=tuple(SEPARATORS)),
        Option("rows", bool, False, "one row of nine groups a line"),
    ),
    holds=frozenset({"candidates"}),
)
