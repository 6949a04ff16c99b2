"""The text picture of a position: :func:`picture`, the board with coordinates and premium
squares, then racks, scores and operations (what ``str(position)``, ``str(game)`` and
``puzzlefmt show`` print; the ``cgp-text`` renderer, :mod:`puzzlefmt.cgp.text`, adds a
newline).

This module sits below the model, so that ``Position.__str__`` can draw: it reads a position
through :class:`Pictured`, the members of :class:`~puzzlefmt.cgp.Position` it uses.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from puzzlefmt.cgp._cgpcodec import write_operations
from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.layouts import Layout, Premium
from puzzlefmt.cgp.moves import Grid, column_name
from puzzlefmt.cgp.tiles import write_tiles

__all__ = ["Pictured", "picture"]


class Pictured(Protocol):
    """What :func:`picture` reads of a position (a :class:`~puzzlefmt.cgp.Position` has it
    all)."""

    @property
    def racks(self) -> Sequence[tuple[str, ...]]:
        """The racks in turn order."""

    @property
    def scores(self) -> Sequence[int]:
        """The scores in turn order."""

    @property
    def zero_turns(self) -> int:
        """Consecutive zero-score turns."""

    @property
    def lexicon(self) -> str | None:
        """The lexicon (``lex``)."""

    @property
    def distribution(self) -> Distribution:
        """The tiles' distribution."""

    @property
    def distribution_source(self) -> str:
        """Where the distribution comes from."""

    @property
    def layout(self) -> Layout:
        """The premium squares."""

    @property
    def rows(self) -> int:
        """The number of rows."""

    @property
    def cols(self) -> int:
        """The number of columns."""

    def _grid(self) -> Grid: ...

    def tiles(self) -> Iterator[tuple[int, int, str]]:
        """Every tile on the board."""

    def player_label(self, i: int, *, unnamed: str = ...) -> str:
        """What the pictures call player ``i``."""

    def unseen(self) -> dict[str, int]:
        """The unseen tiles by label."""

    def operations(self) -> list[tuple[str, str]]:
        """The operations the CGP writes."""


def _source(position: Pictured) -> str:
    src = position.distribution_source
    if src == "lex":
        return f"inferred from lex {position.lexicon}"
    if src == "default":
        return "default: no ld and no known lexicon"
    if src == "given":
        return "given"
    return "ld"


def picture(position: Pictured, *, coordinates: bool = True) -> str:
    """The board as text, with coordinates, followed by racks, scores and operations: what
    ``str(position)`` and ``puzzlefmt show`` print.

    Empty squares show the layout symbol (``=`` 3W, ``-`` 2W, ``~`` 4W, ``"`` 3L, ``'`` 2L,
    ``^`` 4L, ``#`` no tile) or ``.``; the empty start square is ``*``. Tiles show their label,
    blanks in lower case.
    """
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
    for r, row in enumerate(position._grid()):
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
    labels = [position.player_label(i) for i in range(len(racks))]
    label_width = max(len(label) for label in labels)
    for i, (rack, score) in enumerate(zip(racks, position.scores, strict=True)):
        mark = ">" if i == 0 else " "
        lines.append(f"{mark} {labels[i].ljust(label_width)}  {rack.ljust(rack_width)}  "
                     f"{score:>5}")
    lines.append(f"consecutive zero turns: {position.zero_turns}")
    lines.append(
        f"distribution: {position.distribution.name} ({_source(position)}); "
        f"layout: {layout.name}; unseen tiles: {sum(position.unseen().values())}"
    )
    # The operations as the CGP writes them, read without writing the CGP: a position that
    # no CGP holds (one player, rack unknown: the end of a one-player game) is shown too.
    ops = write_operations(position.operations())
    if ops:
        lines.append(ops)
    return "\n".join(lines)
