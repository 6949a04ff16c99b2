"""A candidate grid as 81 groups of digits with no frame: on one line (SadMan's pencil-mark
copy) or over several, separated by spaces or tabs.

81 groups of digits are a candidate grid even when every group is one digit (a solved grid
written as candidates: ``5 7 1 6 ...``), separated by spaces or tabs; with commas or ``|``,
at least one group must have several digits. A group of one digit is a placed digit unless a
peer still has that digit as a candidate (see :mod:`puzzlefmt.sudoku.formats.pmgrid`); HoDoKu's step
marks before a group are read and kept as ``meta["marks"]``.

Written on one line, groups separated by spaces (options ``sep``: ``space``, ``tab``,
``comma``; ``rows=True``: one row a line); a cell holding a digit is written as that digit.
Marks are written back; a cell with no candidate left has no notation here (refused)."""

from __future__ import annotations

import re

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku.formats._gridpicture import (
    CANDIDATE_GRID_HOLDS,
    candidate_grid,
    group_of,
    holds_for_candidate_grid,
    written_groups,
)
from puzzlefmt.sudoku.formats._pencilmarks import Group, hodoku_cells, is_group, marks_of
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "count_groups", "read_candidates", "sniff", "write_candidates"]

_GROUP = re.compile(r"[^\s|,;]+")
_NOT_WHITE = re.compile(r"[|,;]")
SEPARATORS = {"space": " ", "tab": "\t", "comma": ","}


def read_candidates(text: str, fmt: str = "candidates") -> Grid:
    """Read 81 groups of candidate digits (see the module docstring); errors name ``fmt``."""
    groups: list[Group] = []
    where: tuple[int, int] | None = None
    for n, ln in enumerate(split_lines(text), 1):
        for m in _GROUP.finditer(ln):
            if len(groups) == 81:
                raise PuzzleFormatError.expecting(
                    "81 candidate groups", "more", format=fmt, line=n, column=m.start() + 1,
                    text=m.group())
            groups.append(group_of(m.group(), fmt, n, m.start() + 1, ln))
            where = (n, m.end() + 1)
    if len(groups) != 81:
        raise PuzzleFormatError.expecting(
            "81 candidate groups", f"{len(groups)}", format=fmt,
            line=where[0] if where else None, column=where[1] if where else None)
    return candidate_grid(groups)


def write_candidates(grid: Grid, *, sep: str = "space", rows: bool = False) -> str:
    """81 groups separated by ``sep``; ``rows=True`` puts each row on its own line."""
    groups = written_groups(grid, "candidates")
    try:
        groups = [g.strip() for g in hodoku_cells(groups, marks_of(grid.meta.get("marks", "")))]
    except ValueError as exc:
        raise ValueError(f"candidates {exc}") from None
    between = SEPARATORS[sep]
    if rows:
        return "\n".join(between.join(groups[r * 9 : r * 9 + 9]) for r in range(9)) + "\n"
    return between.join(groups) + "\n"


def count_groups(text: str) -> int | None:
    """The number of groups of several digits when ``text`` is exactly 81 candidate groups
    (step marks allowed) that make a candidate grid: at least one of several digits or one
    mark, or all of one digit and separated by white space only; else ``None``."""
    groups = _GROUP.findall(text)
    if len(groups) != 81 or not all(is_group(g) and g not in (".", "0") for g in groups):
        return None
    multi = sum(1 for g in groups if sum(ch.isdigit() for ch in g) > 1)
    if multi or any(not g[0].isdigit() for g in groups):
        return multi
    return 0 if not _NOT_WHITE.search(text) else None


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like 81 groups of candidate digits; None when it does not."""
    multi = count_groups(text)
    if multi is None:
        return None
    if not multi:
        return Sniff(0.9, "81 groups of one digit separated by white space (a solved cell "
                          "each)")
    return Sniff(0.9, f"81 groups of candidate digits ({multi} with several)")


#: The ``candidates`` format: 81 groups of candidate digits with no frame (SadMan's pencil marks).
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
    holds=CANDIDATE_GRID_HOLDS,
    holds_for=holds_for_candidate_grid(CANDIDATE_GRID_HOLDS),
)
