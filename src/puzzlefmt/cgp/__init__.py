"""The CGP family: Crossword Game Positions (the FEN of Scrabble-like games).

>>> from puzzlefmt.cgp import Position
>>> pos = Position("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18;")
>>> pos.score("8G QAT"), pos.is_valid()
(24, True)

- :class:`Position`: the model (``Position(cgp)`` reads, ``position.cgp()`` writes,
  ``status()``/``is_valid()``/``problems()`` for rule problems, ``play(move)``,
  ``to_json()``/``Position.from_json()``).
- :class:`Move`: the move notation of ``lm`` (placements, exchanges, passes, challenges).
- :class:`Distribution` and :func:`get_distribution`: the 13 shipped letter distributions.
- :class:`Layout` and :func:`get_layout`: premium squares (``CrosswordGame``,
  ``SuperCrosswordGame``).
- :func:`picture`: the text picture (``str(position)``).
- :class:`Game`: a GCG game record (``Game(text)`` reads, ``game.gcg()`` writes,
  ``game.position(n)`` replays, ``game.problems()`` checks); :class:`Rules`: how a game ends.
- ``puzzlefmt.cgp.scoring.score_many(position, moves)``: many moves scored in one call (the
  compiled kernel; imported on its own, so that this package does not load numpy).
"""

from __future__ import annotations

from puzzlefmt.cgp import family as _family  # noqa: F401  (installs the engines)
from puzzlefmt.cgp._cgpcodec import CHALLENGE_RULES, KNOWN_OPCODES, Operation
from puzzlefmt.cgp.distributions import (
    Distribution,
    distribution_names,
    get_distribution,
    infer_distribution,
)
from puzzlefmt.cgp.game import Event, EventKind, Game, GameProblem, GameStatus, Player
from puzzlefmt.cgp.layouts import Layout, Premium, get_layout, layout_names
from puzzlefmt.cgp.moves import (
    IllegalMoveError,
    IllegalReason,
    Move,
    MoveKind,
    MoveStyle,
    ScoredPlay,
    Word,
    column_index,
    column_name,
    square_name,
)
from puzzlefmt.cgp.position import EMPTY_CGP, Position
from puzzlefmt.cgp.problems import EndReason, Status
from puzzlefmt.cgp.rules import Rules
from puzzlefmt.cgp.textpicture import picture
from puzzlefmt.cgp.tiles import BLANK, is_blank

__all__ = [
    "BLANK",
    "CHALLENGE_RULES",
    "EMPTY_CGP",
    "KNOWN_OPCODES",
    "Distribution",
    "EndReason",
    "Event",
    "EventKind",
    "Game",
    "GameProblem",
    "GameStatus",
    "IllegalMoveError",
    "IllegalReason",
    "Layout",
    "Move",
    "MoveKind",
    "MoveStyle",
    "Operation",
    "Player",
    "Position",
    "Premium",
    "Rules",
    "ScoredPlay",
    "Status",
    "Word",
    "column_index",
    "column_name",
    "distribution_names",
    "get_distribution",
    "get_layout",
    "infer_distribution",
    "is_blank",
    "layout_names",
    "picture",
    "square_name",
]
