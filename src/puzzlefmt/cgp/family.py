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

import importlib
from types import ModuleType
from typing import Any

from puzzlefmt.cgp import svg, text
from puzzlefmt.cgp.formats import cgp, cgpjson, cgplist, gcg
from puzzlefmt.cgp.game import Game
from puzzlefmt.cgp.position import Position, PositionEngines, read_position
from puzzlefmt.engine import Engine
from puzzlefmt.family import Family, Moves, Played, Replay
from puzzlefmt.format import Option
from puzzlefmt.model import Engines, install

__all__ = ["FAMILY", "MOVES", "read_text"]


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


def generator() -> ModuleType:
    """:mod:`puzzlefmt.cgp.movegen`, imported by name on first use: move generation loads
    numpy and its kernels with the first position asked, never with :mod:`puzzlefmt.cgp`
    (``tests/cgp/test_cgp_movegen.py`` checks that importing the family leaves it out)."""
    return importlib.import_module("puzzlefmt.cgp.movegen")


def _generate_moves(position: Position, lexicon: Any, leaves: Any = None) -> Any:
    movegen = generator()
    return movegen.generate(position, movegen.load_lexicon(lexicon),
                            movegen.load_leaves(leaves))


def _best_moves(position: Position, lexicon: Any, n: int = 1, leaves: Any = None) -> Any:
    movegen = generator()
    return movegen.best_moves(position, movegen.load_lexicon(lexicon), n,
                              movegen.load_leaves(leaves))


def _moves(position: Position, **options: Any) -> Any:
    return generator().run(position, **options)


def _moves_record(position: Any, moves: Any) -> str:
    line: str = generator().record(position, moves)
    return line


def _moves_json(moves: Any) -> Any:
    return generator().to_json(moves)


def _moves_words(moves: Any) -> str:
    sentence: str = generator().words(moves)
    return sentence


#: The ``moves`` engine: the best moves of a position with a KWG lexicon (and a KLV2 leave
#: table), as MAGPIE generates and ranks them (:mod:`puzzlefmt.cgp.movegen`).
MOVES = Engine(
    name="moves", family="cgp", models=(Position,),
    summary="the best moves of each position (score and equity as MAGPIE), with a KWG "
            "lexicon",
    returns="a list of GeneratedMove, best first",
    run=_moves, record=_moves_record, to_json=_moves_json, words=_moves_words,
    options=(Option("lexicon", str, "", "the KWG lexicon file"),
             Option("leaves", str, "", "the KLV2 (or KLV) leave values file"),
             Option("top", int, 1, "how many moves to give (0: all)", minimum=0)),
    verb="analysed", title="Moves", doing="Generating moves", agent="move generator",
    items=lambda moves: [str(m) for m in moves],
    item_picture=lambda position, moves, k: (
        position, {"move": moves[k].move.notation()} if moves[k].move.is_placement else {}),
    page_options=(("top", 10),),
)

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
    engines=(MOVES,),
)


def read_text(text: str) -> Position:
    """What ``Position(text)`` reads: the ``cgp-json`` form (text starting with ``{``) or
    one CGP line."""
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        return cgpjson.read(text)
    return read_position(text)


install(Position, PositionEngines(read=read_text, svg=svg.draw, run=FAMILY.runs(Position),
                                  generate_moves=_generate_moves, best_moves=_best_moves))
install(Game, Engines(read=gcg.read, svg=svg.draw_game))
