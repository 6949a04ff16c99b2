"""A family (Sudoku, Keen, CGP...): the :class:`Family` record of its models, formats,
pictures, engines and batch fast path.

Each family package defines one :class:`Family` in its ``family`` module; the registry
collects them. Detection (choosing a format for a text) is :mod:`puzzlefmt.detection`; the
batch columnar protocol is :mod:`puzzlefmt.columnar`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from puzzlefmt.columnar import Columnar
from puzzlefmt.detection import read_detected
from puzzlefmt.engine import Engine
from puzzlefmt.format import Format, Renderer

__all__ = ["Family"]


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

    def engine(self, name: str) -> Engine | None:
        """The family's engine ``name`` (``None``: the family has none)."""
        return next((e for e in self.engines if e.name == name), None)

    def runs(self, model: type) -> dict[str, Engine]:
        """The engines that take ``model`` (a model class), by name: what the family
        installs on that class (:class:`~puzzlefmt.model.Engines` ``run``)."""
        return {e.name: e for e in self.engines if any(issubclass(model, m) for m in e.models)}

    def read(self, text: str, *, filename: str | os.PathLike[str] | None = None) -> Any:
        """Read ``text`` in whichever of the family's formats fits it best."""
        return read_detected(self.formats, text, filename=filename, what=self.name)
