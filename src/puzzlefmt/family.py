"""A family (Sudoku, Keen, CGP...): the :class:`Family` record of its models, formats,
pictures, engines and batch fast path.

Each family package defines one :class:`Family` in its ``family`` module; the registry
collects them. Detection (choosing a format for a text) is :mod:`puzzlefmt.detection`; the
batch columnar protocol is :mod:`puzzlefmt.columnar`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from puzzlefmt.columnar import Columnar
from puzzlefmt.detection import read_detected
from puzzlefmt.engine import Engine
from puzzlefmt.format import Format, Renderer

__all__ = ["Family", "Moves", "Played", "Replay"]


@dataclass(frozen=True, slots=True)
class Played:
    """A move tried on a position (:attr:`Moves.play`): the move as the family writes it,
    whether it is legal, its score, why not (``reason``: a short code, ``words``: a sentence
    for people), and, when legal, the ``position`` after it and that position's ``text``."""

    move: str
    legal: bool
    words: str
    score: int | None = None
    reason: str | None = None
    position: Any = None
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Moves:
    """How a family's positions take a move typed in its notation (the page's move box).

    ``models``: the models that take moves. ``play(position, notation, check_rack)``: the
    :class:`Played` move (``check_rack``: the tiles must be the mover's; ``None``: when the
    rack is known); :class:`ValueError` for text that is not a move. ``example``: moves in
    the notation, for a hint (``"8G QAT, - (pass) or -ABC"``)."""

    models: tuple[type, ...]
    play: Callable[[Any, str, bool | None], Played]
    example: str = ""


@dataclass(frozen=True, kw_only=True)
class Replay:
    """How a family steps through a game record (``puzzlefmt convert --at N``, the page's
    game steps).

    ``models``: the game record models. ``name``: what the records are called (``"GCG"``).
    ``length(game)``: its number of events. ``position(game, n)``: the position after its
    first ``n`` events (0 to ``length``). ``words(game, n)``: event ``n`` (from 1) in a
    sentence. ``text(position)``: a position's text (:class:`ValueError`, saying why, for a
    position that has none)."""

    models: tuple[type, ...]
    name: str
    length: Callable[[Any], int]
    position: Callable[[Any, int], Any]
    words: Callable[[Any, int], str]
    text: Callable[[Any], str]


@dataclass(frozen=True, kw_only=True)
class Family:
    """Everything a family offers to the generic API and the command line.

    ``name`` of ``formats[...]``/``renderers[...]`` are unique across families.
    ``engines``: the family's engine table (:class:`~puzzlefmt.engine.Engine`, names unique
    in the family): the command line, the web page and the batch jobs offer what it lists.
    """

    name: str
    models: tuple[type, ...]
    formats: tuple[Format, ...]
    renderers: tuple[Renderer, ...] = ()
    columnar: Columnar | None = None
    engines: tuple[Engine, ...] = ()
    #: The family in words, for people (the page): ``"Sudoku"``, ``"CGP position"``.
    title: str = ""
    #: A small text of the family that every engine takes quickly (warming up workers).
    example: str = ""
    #: The family's texts in a word, where an error says what it expected ("a Sudoku, Keen or
    #: CGP text"): ``"CGP"``; empty: :attr:`label`.
    noun: str = ""
    #: The clue count of a model (a Sudoku grid's givens), for the JSON of ``solve`` and
    #: ``canon``; ``None``: the family counts none.
    clues: Callable[[Any], int | None] | None = None
    #: Moves in notation on the family's positions (``None``: it takes none).
    moves: Moves | None = None
    #: Game records stepped through (``None``: the family has none).
    replay: Replay | None = None
    #: The picture options the page draws the family's models with (CGP: the players
    #: under the board).
    page_picture: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def label(self) -> str:
        """``title``, or the name with a capital."""
        return self.title or self.name.capitalize()

    def __post_init__(self) -> None:
        names = [e.name for e in self.engines]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"the {self.name} family declares the engine "
                             f"{', '.join(twice)} twice")
        for eng in self.engines:
            if eng.family != self.name:
                raise ValueError(f"the {eng.name} engine says family {eng.family!r}, "
                                 f"declared by {self.name!r}")

    def game(self, obj: object) -> Replay | None:
        """How to step through ``obj``, when it is one of the family's game records."""
        replay = self.replay
        return replay if replay is not None and isinstance(obj, replay.models) else None

    def moving(self, obj: object) -> Moves | None:
        """How ``obj`` takes moves, when it is one of the family's positions that do."""
        moves = self.moves
        return moves if moves is not None and isinstance(obj, moves.models) else None

    def engine(self, name: str) -> Engine | None:
        """The family's engine ``name`` (``None``: the family has none)."""
        return next((e for e in self.engines if e.name == name), None)

    def runs(self, model: type) -> dict[str, Engine]:
        """The engines that take ``model`` (a model class), by name: what the family
        installs on that class (:class:`~puzzlefmt.model.Engines` ``run``); a generator
        takes no model, so none is among them."""
        return {e.name: e for e in self.engines
                if not e.generates and any(issubclass(model, m) for m in e.models)}

    def read(self, text: str, *, filename: str | os.PathLike[str] | None = None) -> Any:
        """Read ``text`` in whichever of the family's formats fits it best."""
        return read_detected(self.formats, text, filename=filename, what=self.name)
