"""A text picture of a position: the board with its premium squares, then racks and scores.

Empty squares show the layout symbol (``=`` 3W, ``-`` 2W, ``~`` 4W, ``"`` 3L, ``'`` 2L, ``^``
4L, ``#`` no tile) or ``.``; the empty start square is ``*``. Tiles show their label, blanks
in lower case. This is what ``str(position)`` and ``puzzlefmt show`` print.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzlefmt.cgp.layouts import Premium
from puzzlefmt.cgp.moves import column_name
from puzzlefmt.cgp.tiles import write_tiles

if TYPE_CHECKING:
    from puzzlefmt.cgp.position import Position

__all__ = ["picture"]


def _source(position: Position) -> str:
    src = position.distribution_source
    if src == "lex":
        return f"inferred from lex {position.lexicon}"
    if src == "default":
        return "default: no ld and no known lexicon"
    if src == "given":
        return "given"
    return "ld"


def picture(position: Position, *, coordinates: bool = True) -> str:
    """The board as text, with coordinates, followed by racks, scores and operations."""
    layout = position.layout
    start = layout.start
    width = max([1, *(len(t) for _, _, t in position.tiles())])
    margin = len(str(position.rows)) + 1
    lines: list[str] = []
    if coordinates:
        head = " " * margin + " ".join(
            column_name(c).ljust(width) for c in range(position.cols)
        )
        lines.append(head.rstrip())
    for r, row in enumerate(position.board):
        cells: list[str] = []
        for c, tile in enumerate(row):
            if tile is not None:
                cells.append(tile.ljust(width))
                continue
            premium = layout.squares[r][c]
            if (r, c) == start and premium is not Premium.BRICK:
                symbol = "*"
            elif premium is Premium.NONE:
                symbol = "."
            else:
                symbol = premium.symbol
            cells.append(symbol.ljust(width))
        prefix = str(r + 1).rjust(margin - 1) + " " if coordinates else ""
        lines.append((prefix + " ".join(cells)).rstrip())
    lines.append("")
    racks = [write_tiles(rack) if rack else "(unknown)" for rack in position.racks]
    rack_width = max(len(r) for r in racks)
    for i, (rack, score) in enumerate(zip(racks, position.scores, strict=True)):
        mark = ">" if i == 0 else " "
        lines.append(f"{mark} player {i + 1}  {rack.ljust(rack_width)}  {score:>5}")
    lines.append(f"consecutive zero turns: {position.zero_turns}")
    lines.append(
        f"distribution: {position.distribution.name} ({_source(position)}); "
        f"layout: {layout.name}; unseen tiles: {sum(position.unseen().values())}"
    )
    ops = position.cgp().split(" ", 4)
    if len(ops) == 5:
        lines.append(ops[4])
    return "\n".join(lines)
