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
from puzzlefmt.family import Family, Moves, Played, Replay
from puzzlefmt.model import Engines, install

__all__ = ["FAMILY", "read_text"]


def _play(position: Position, notation: str, check_rack: bool | None) -> Played:
    """A move in notation on a position (the page's move box): its score and the next
    position, or why it is illegal; ``check_rack`` (``None``: when the rack is known)."""
    if check_rack is None:
        check_rack = bool(position.racks[0])
    move = position.parse_move(notation)
    illegal = position.illegal_reason(move, check_rack=check_rack)
    if illegal is not None:
        return Played(move=str(move), legal=False, reason=illegal.reason.value,
                      words=f"Illegal: {illegal.message}.")
    score = int(position.score(move))
    after = position.play(move, check_rack=check_rack)
    return Played(move=str(move), legal=True, score=score, words=f"{move} scores {score}.",
                  position=after, text=after.cgp())


def _event_words(game: Game, n: int) -> str:
    """Event ``n`` (from 1) of a game record in a sentence."""
    event = game.events[n - 1]
    players = game.players
    who = (players[event.player].nickname if 0 <= event.player < len(players)
           else f"player {event.player + 1}")
    what = str(event.move) if event.move is not None else event.kind.value.replace("-", " ")
    return (f"Event {n} of {len(game.events)}: {who}, {what}, {event.score:+d} "
            f"(total {event.cumulative}).")


def _position_text(position: Position) -> str:
    """A position's CGP line; :class:`ValueError` saying why when it has none (one player,
    rack unknown)."""
    try:
        return position.cgp()
    except ValueError as exc:
        raise ValueError(str(exc.args[0]).removeprefix("cgp: ")) from None


#: The CGP family: its models (:class:`Position`, :class:`Game`), formats, pictures and engines, as
#: the registry holds it.
FAMILY = Family(
    name="cgp",
    models=(Position, Game),
    formats=(cgp.FORMAT, cgplist.FORMAT, gcg.FORMAT, cgpjson.FORMAT),
    renderers=(text.RENDERER, svg.RENDERER, text.GAME_RENDERER, svg.GAME_RENDERER),
    title="CGP position",
    noun="CGP",
    moves=Moves(models=(Position,), play=_play, example="8G QAT, - (pass) or -ABC"),
    replay=Replay(models=(Game,), name="GCG", length=lambda game: len(game.events),
                  position=lambda game, n: game.position(n), words=_event_words,
                  text=_position_text),
    # the players under the board: the page's column then shows the board larger
    page_picture={"panel_position": "below"},
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
