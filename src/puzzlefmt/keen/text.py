"""The text picture of a Keen puzzle (write-only): cage walls, clues, and the solution.

::

    +-----+-----+-----+
    |3+   |6x         |
    |  2  |  1     3  |
    +     +-----+-----+
    ...

Cage walls are ``|`` and ``-``; cells of one cage are not separated. Each cell is two text
rows: the clue (in the cage's first cell, as Keen draws it: target then symbol, no symbol
on a 1-cell cage), then the digit when a solution is attached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzlefmt.keen.model import Symbols

if TYPE_CHECKING:
    from puzzlefmt.keen.model import Puzzle

__all__ = ["write_text"]


def write_text(puzzle: Puzzle, *, symbols: Symbols = "ascii", solution: bool = True) -> str:
    """The picture, ending with a newline. ``symbols``: ``"ascii"`` (``+ x - /``) or
    ``"unicode"`` (``+ × − ÷``). ``solution=False`` leaves the digits out."""
    if not puzzle.cages:
        raise ValueError("a random-seed ID of a size Keen does not make (3 to 9) has no cages "
                         "to draw")
    w = puzzle.size
    labels = {cage.anchor: cage.label(symbols) for cage in puzzle.cages}
    values = puzzle.solution if solution else None
    width = max([3, len(str(w)) + 2, *(len(t) + 1 for t in labels.values())])
    cage = puzzle.cage_indices

    def vwall(r: int, j: int) -> bool:  # left of cell (r, j); j == w: the right border
        return j in (0, w) or cage[r * w + j - 1] != cage[r * w + j]

    def hwall(i: int, c: int) -> bool:  # above cell (i, c); i == w: the bottom border
        return i in (0, w) or cage[(i - 1) * w + c] != cage[i * w + c]

    def corner(i: int, j: int) -> str:
        vert = (i > 0 and vwall(i - 1, j)) or (i < w and vwall(i, j))
        horiz = (j > 0 and hwall(i, j - 1)) or (j < w and hwall(i, j))
        if vert and horiz:
            return "+"
        if horiz:
            return "-"
        return "|" if vert else " "

    def rule(i: int) -> str:
        parts = [corner(i, 0)]
        for c in range(w):
            parts.append(("-" if hwall(i, c) else " ") * width)
            parts.append(corner(i, c + 1))
        return "".join(parts).rstrip()

    lines = [rule(0)]
    for r in range(w):
        clue_row = []
        value_row = []
        for c in range(w):
            cell = r * w + c
            edge = "|" if vwall(r, c) else " "
            clue_row.append(edge + labels.get(cell, "").ljust(width))
            shown = str(values[cell]) if values is not None else ""
            value_row.append(edge + shown.center(width))
        lines.append(("".join(clue_row) + "|").rstrip())
        lines.append(("".join(value_row) + "|").rstrip())
        lines.append(rule(r + 1))
    return "\n".join(lines) + "\n"
