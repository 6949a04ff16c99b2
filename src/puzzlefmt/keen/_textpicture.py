"""The text picture of a Keen puzzle (below the model; no model here): cage walls, clues
and digits, as :meth:`Puzzle.picture <puzzlefmt.keen.model.Puzzle.picture>` and ``str()``
show it and the ``keen-text`` picture (:mod:`puzzlefmt.keen.text`) writes it.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlefmt.keen.elements import Cage, Symbols

__all__ = ["draw"]


def draw(size: int, cages: Sequence[Cage], cell_cage: Sequence[int],
         values: Sequence[int] | None, symbols: Symbols) -> str:
    """The text picture of a ``size`` x ``size`` grid cut into ``cages`` (``cell_cage``: the
    cage index of each cell), with ``values`` (row-major) or no digits::

        +-----+-----+-----+
        |3+   |6x         |
        |  2  |  1     3  |
        +     +-----+-----+

    Cage walls are ``|`` and ``-``; cells of one cage are not separated. Each cell is two
    text rows: the clue (in the cage's first cell, as Keen draws it), then the digit.
    """
    if not cages:
        raise ValueError("a random-seed ID of a size Keen does not make (3 to 9) has no cages "
                         "to draw")
    if symbols not in ("ascii", "unicode"):
        raise ValueError(f"symbols must be 'ascii' or 'unicode', not {symbols!r}")
    w = size
    labels = {cage.anchor: cage.label(symbols) for cage in cages}
    width = max([3, len(str(w)) + 2, *(len(t) + 1 for t in labels.values())])
    cage = cell_cage

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
