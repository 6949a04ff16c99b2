"""The parts of a Keen puzzle, below every other Keen module: operations, difficulty levels,
cages, and the geometry of a game ID's block structure.

Nothing here knows the :class:`~puzzlefmt.keen.model.Puzzle`; the game ID codec
(:mod:`puzzlefmt.keen.gameid`), the real program's reading (:mod:`puzzlefmt.keen.upstream`)
and the rules (:mod:`puzzlefmt.keen.rules`) build on these, and the model on all of them.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

__all__ = [
    "MAX_SIZE",
    "MAX_TARGET_DIGITS",
    "TARGET_LIMIT",
    "UPSTREAM_SIZES",
    "Cage",
    "Difficulty",
    "KeenCompatibilityWarning",
    "OnMisread",
    "Op",
    "Runs",
    "Symbols",
    "Walls",
    "edge_pairs",
    "format_solution",
    "positions_for",
]

#: The largest grid this library reads, writes and solves. The format has no bound; the real
#: program accepts 3 to 9 (see :data:`UPSTREAM_SIZES`).
MAX_SIZE = 32

#: The sizes the real Keen program accepts ("Grid size must be between 3 and 9").
UPSTREAM_SIZES = range(3, 10)

#: Targets are whole numbers of at most this many digits (Python refuses to convert much
#: longer ones to and from text).
MAX_TARGET_DIGITS = 4000
#: The smallest target too long to hold: targets are below ``10 ** MAX_TARGET_DIGITS``.
TARGET_LIMIT = 10**MAX_TARGET_DIGITS

#: The operator symbols of a text picture: ``"ascii"`` (``+ x - /``) or ``"unicode"``.
Symbols = Literal["ascii", "unicode"]
#: How a game ID's block structure reads the run letters ``y`` and ``z``: as documented, or as the
#: real program does (``"upstream"``).
Runs = Literal["documented", "upstream"]
#: What writing an ID that the real program would misread does: warn (``KeenCompatibilityWarning``),
#: raise, or nothing.
OnMisread = Literal["warn", "error", "ignore"]


class KeenCompatibilityWarning(UserWarning):
    """Written text that the real Keen program would read differently (or refuse)."""


class Op(enum.StrEnum):
    """A cage's operation, valued by its letter in a game ID."""

    ADD = "a"
    MUL = "m"
    SUB = "s"
    DIV = "d"

    @property
    def word(self) -> str:
        """``"add"``, ``"mul"``, ``"sub"`` or ``"div"`` (the JSON form's names)."""
        return _OP_WORDS[self]

    def symbol(self, symbols: Symbols = "ascii") -> str:
        """The clue symbol: ``+ x - /`` in ASCII, ``+ × − ÷`` in Unicode (Keen's own)."""
        return (_ASCII if symbols == "ascii" else _UNICODE)[self]

    @classmethod
    def from_word(cls, word: str) -> Op:
        """The operation of a JSON name: ``"add"``, ``"mul"``, ``"sub"`` or ``"div"``;
        ``ValueError`` for any other."""
        for op, name in _OP_WORDS.items():
            if name == word:
                return op
        raise ValueError(f"unknown operation {word!r}; expected add, mul, sub or div")


_OP_WORDS = {Op.ADD: "add", Op.MUL: "mul", Op.SUB: "sub", Op.DIV: "div"}
_ASCII = {Op.ADD: "+", Op.MUL: "x", Op.SUB: "-", Op.DIV: "/"}
_UNICODE = {Op.ADD: "+", Op.MUL: "×", Op.SUB: "−", Op.DIV: "÷"}


class Difficulty(enum.IntEnum):
    """Keen's difficulty levels, in order; the game ID writes them as ``d`` + letter."""

    EASY = 0
    NORMAL = 1
    HARD = 2
    EXTREME = 3
    UNREASONABLE = 4

    @property
    def letter(self) -> str:
        """The game ID's letter for the level: ``e``, ``n``, ``h``, ``x`` or ``u``."""
        return "enhxu"[self]

    @property
    def title(self) -> str:
        """The name as Keen prints it: ``Easy`` .. ``Unreasonable``."""
        return self.name.capitalize()

    def __str__(self) -> str:
        return self.title

    @classmethod
    def from_letter(cls, letter: str) -> Difficulty:
        """The level of a game ID's difficulty letter (``e``, ``n``, ``h``, ``x``, ``u``);
        ``ValueError`` for any other."""
        index = "enhxu".find(letter)
        if len(letter) != 1 or index < 0:
            raise ValueError(f"unknown difficulty letter {letter!r}; expected e, n, h, x or u")
        return cls(index)

    @classmethod
    def from_name(cls, name: str) -> Difficulty:
        """The level of a name, in any case (``"Hard"``, ``"hard"``); ``ValueError`` for any
        other."""
        try:
            return cls[name.upper()]
        except KeyError:
            raise ValueError(
                f"unknown difficulty {name!r}; expected Easy, Normal, Hard, Extreme or "
                "Unreasonable"
            ) from None


@dataclass(frozen=True, slots=True)
class Cage:
    """A cage: its cells (ascending), operation and target.

    ``target`` is ``None`` for a clue written with no digits (``a`` alone), which the real
    program reads as 0.
    """

    cells: tuple[int, ...]
    op: Op
    target: int | None

    @property
    def anchor(self) -> int:
        """The cage's first cell (smallest index): where Keen draws the clue."""
        return self.cells[0]

    @property
    def area(self) -> int:
        """The number of cells in the cage."""
        return len(self.cells)

    def label(self, symbols: Symbols = "ascii") -> str:
        """The clue as drawn: target then symbol (``12+``); a 1-cell cage shows no symbol."""
        value = "" if self.target is None else str(self.target)
        return value if self.area == 1 else value + self.op.symbol(symbols)

    def clue(self) -> str:
        """The clue as a game ID writes it: op letter and target (``a12``)."""
        return self.op.value + ("" if self.target is None else str(self.target))


class Walls(NamedTuple):
    """Which sides of a cell are cage walls (the grid's border counts as a wall)."""

    top: bool
    right: bool
    bottom: bool
    left: bool


def format_solution(values: Sequence[int], size: int) -> str:
    """A solution as text: one digit per cell for sizes up to 9 (Keen's ``S`` string without
    the ``S``), numbers joined by commas above."""
    if size <= 9:
        return "".join(str(v) for v in values)
    return ",".join(str(v) for v in values)


# ---------------------------------------------------------------------- block structure


def positions_for(size: int) -> int:
    """Positions in a block structure of a ``size`` grid: ``2w(w-1)`` edges and one
    terminating position."""
    return 2 * size * (size - 1) + 1


def edge_cells(pos: int, w: int) -> tuple[int, int]:
    """The two cells either side of edge position ``pos``."""
    half = w * (w - 1)
    if pos < half:
        y, x = divmod(pos, w - 1)
        return y * w + x, y * w + x + 1
    x, y = divmod(pos - half, w - 1)
    return y * w + x, (y + 1) * w + x


@functools.cache
def edge_pairs(size: int) -> tuple[tuple[int, int], ...]:
    """The cells either side of every edge position of a ``size`` grid, in block-structure
    order: the vertical grid lines row by row, then the horizontal ones column by column."""
    return tuple(edge_cells(pos, size) for pos in range(positions_for(size) - 1))
