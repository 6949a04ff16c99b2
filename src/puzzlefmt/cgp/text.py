"""The ``cgp-text`` picture: the board as text with its premium squares, then racks, scores
and operations (what ``str(position)`` and ``puzzlefmt show`` print; the drawing itself is
:func:`puzzlefmt.cgp.textpicture.picture`). A picture for people: written, never read."""

from __future__ import annotations

from puzzlefmt.cgp.game import Game
from puzzlefmt.cgp.position import Position
from puzzlefmt.cgp.textpicture import picture
from puzzlefmt.format import Option, Renderer

__all__ = ["RENDERER", "draw"]


def draw(position: Position, *, coordinates: bool = True) -> str:
    """The text picture and a newline."""
    return picture(position, coordinates=coordinates) + "\n"


def _draw_game(game: Game) -> str:
    return str(game) + "\n"


#: The text picture of a position.
RENDERER = Renderer(
    name="cgp-text",
    family="cgp",
    model=Position,
    kind="text",
    description="text picture of a CGP board with premium squares, racks and scores",
    draw=draw,
    options=(Option("coordinates", bool, True, "column letters and row numbers"),),
)

#: The text picture of a game record: players, scores, then its last position.
GAME_RENDERER = Renderer(
    name="gcg-text",
    family="cgp",
    model=Game,
    kind="text",
    description="text picture of a game record: players, final scores, the last position",
    draw=_draw_game,
)
