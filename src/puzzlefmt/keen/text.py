"""The ``keen-text`` picture (written for people, never read back): cage walls, clues, and
the solution. See :meth:`Puzzle.picture() <puzzlefmt.keen.model.Puzzle.picture>`::

    +-----+-----+-----+
    |3+   |6x         |
    |  2  |  1     3  |
    +     +-----+-----+
    ...
"""

from __future__ import annotations

from puzzlefmt.format import Option, Renderer
from puzzlefmt.keen.elements import Symbols
from puzzlefmt.keen.model import Puzzle

__all__ = ["RENDERER", "write_text"]


def write_text(puzzle: Puzzle, *, symbols: Symbols = "ascii", solution: bool = True) -> str:
    """The picture, ending with a newline. ``symbols``: ``"ascii"`` (``+ x - /``) or
    ``"unicode"`` (``+ × − ÷``). ``solution=False`` leaves the digits out."""
    return puzzle.picture(symbols=symbols, solution=solution)


#: The ``keen-text`` picture: the grid as text (:meth:`Puzzle.picture`).
RENDERER = Renderer(
    name="keen-text",
    family="keen",
    model=Puzzle,
    kind="text",
    description="text picture of a Keen puzzle: cage walls, clues, solution",
    draw=write_text,
    options=(
        Option("symbols", str, "ascii", "clue signs: ascii (+ x - /) or unicode (+ × − ÷)",
               choices=("ascii", "unicode")),
        Option("solution", bool, True, "draw the attached solution's digits"),
    ),
)
