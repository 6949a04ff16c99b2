"""The CGP family: its models, formats in detection order and pictures, and the engines
installed on :class:`~puzzlefmt.cgp.Position` and :class:`~puzzlefmt.cgp.Game` (reading their
text forms, drawing). The family has no solver and no canonical form.

- ``cgp``: one position, one line (comment lines starting ``#`` and blank lines around it are
  allowed). Extension ``.cgp``.
- ``cgp-list``: one CGP per line, ``#`` comments and blank lines kept. Extension ``.cgps``.
- ``cgp-json``: the JSON form of a position.
- ``gcg``: a game record, read into a :class:`Game`. Extension ``.gcg``. Written as
  ``cgp-list`` it gives the position after each event, one CGP a line.
- pictures: ``cgp-text`` and ``cgp-svg`` of a position, ``gcg-text`` and ``gcg-svg`` of a
  game record.
"""

from __future__ import annotations

from puzzlefmt.cgp import svg, text
from puzzlefmt.cgp.formats import cgp, cgpjson, cgplist, gcg
from puzzlefmt.cgp.game import Game
from puzzlefmt.cgp.position import Position, read_position
from puzzlefmt.family import Family
from puzzlefmt.model import Engines, install

__all__ = ["FAMILY", "read_text"]

#: The CGP family: its models (:class:`Position`, :class:`Game`), formats, pictures and engines, as
#: the registry holds it.
FAMILY = Family(
    name="cgp",
    models=(Position, Game),
    formats=(cgp.FORMAT, cgplist.FORMAT, gcg.FORMAT, cgpjson.FORMAT),
    renderers=(text.RENDERER, svg.RENDERER, text.GAME_RENDERER, svg.GAME_RENDERER),
    title="CGP position",
    noun="CGP",
    example="15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0 lex NWL20;",
)


def read_text(text: str) -> Position:
    """What ``Position(text)`` reads: the ``cgp-json`` form (text starting with ``{``) or
    one CGP line."""
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        return cgpjson.read(text)
    return read_position(text)


install(Position, Engines(read=read_text, svg=svg.draw))
install(Game, Engines(read=gcg.read, svg=svg.draw_game))
