"""Board layouts: the premium square under every square, and where the first play must go.

The layouts are package data (``data/boards/*.txt``) in the symbols macondo, wolges and MAGPIE
print: ``=`` triple word, ``-`` double word, ``~`` quadruple word, ``"`` triple letter, ``'``
double letter, ``^`` quadruple letter, ``#`` a square no tile may cover, space for none.

>>> layout = get_layout("CrosswordGame")
>>> layout.rows, layout.cols, layout.start
(15, 15, (7, 7))
>>> layout.premium(0, 0)
<Premium.TRIPLE_WORD: '='>
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Layout", "Premium", "get_layout", "layout_for_size", "layout_names"]

#: The boards shipped beside the modules (read as files: importlib.resources would cost
#: every command its import at start-up).
_DATA = Path(__file__).parent / "data" / "boards"


class Premium(enum.Enum):
    """What a square adds to a tile newly placed on it. The value is the layout symbol."""

    NONE = " "
    DOUBLE_LETTER = "'"
    TRIPLE_LETTER = '"'
    QUADRUPLE_LETTER = "^"
    DOUBLE_WORD = "-"
    TRIPLE_WORD = "="
    QUADRUPLE_WORD = "~"
    BRICK = "#"

    @property
    def symbol(self) -> str:
        """The one-character symbol used in layout files and text pictures."""
        return self.value

    @property
    def letter_multiplier(self) -> int:
        """What the square multiplies a tile's score by: 2, 3 or 4, else 1."""
        return _LETTER.get(self, 1)

    @property
    def word_multiplier(self) -> int:
        """What the square multiplies a word's score by: 2, 3 or 4, else 1."""
        return _WORD.get(self, 1)


_LETTER = {
    Premium.DOUBLE_LETTER: 2,
    Premium.TRIPLE_LETTER: 3,
    Premium.QUADRUPLE_LETTER: 4,
}
_WORD = {
    Premium.DOUBLE_WORD: 2,
    Premium.TRIPLE_WORD: 3,
    Premium.QUADRUPLE_WORD: 4,
}
_BY_SYMBOL = {p.value: p for p in Premium}

_NAMES = ("CrosswordGame", "SuperCrosswordGame", "wolges_punctured15")
# MAGPIE's names for the same boards.
_ALIASES = {"standard15": "CrosswordGame", "standard21": "SuperCrosswordGame"}


@dataclass(frozen=True)
class Layout:
    """A board layout: ``squares[row][col]`` is the :class:`Premium` there; ``start`` is the
    square the first play must cover (the centre)."""

    name: str
    squares: tuple[tuple[Premium, ...], ...]

    @property
    def rows(self) -> int:
        """The number of rows."""
        return len(self.squares)

    @property
    def cols(self) -> int:
        """The number of columns."""
        return len(self.squares[0]) if self.squares else 0

    @property
    def start(self) -> tuple[int, int]:
        """The start square, 0-based ``(row, col)``: the centre of the board."""
        return (self.rows // 2, self.cols // 2)

    def premium(self, row: int, col: int) -> Premium:
        """The premium of the square at 0-based ``(row, col)``."""
        return self.squares[row][col]

    @classmethod
    def from_text(cls, name: str, text: str) -> Layout:
        """Build a layout from rows of symbols (one line per row, all the same width).

        Lines that are not made only of layout symbols (comments) are skipped.
        """
        rows: list[tuple[Premium, ...]] = []
        for line in text.splitlines():
            if not line or any(ch not in _BY_SYMBOL for ch in line):
                continue
            rows.append(tuple(_BY_SYMBOL[ch] for ch in line))
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise ValueError(f"layout {name!r}: expected rows of equal width")
        return cls(name, tuple(rows))

    @classmethod
    def plain(cls, rows: int, cols: int) -> Layout:
        """A board of the given size with no premium squares (start at the centre)."""
        return cls(f"plain{rows}x{cols}", tuple((Premium.NONE,) * cols for _ in range(rows)))

    def text(self) -> str:
        """The layout in the symbol form it is read from."""
        return "\n".join("".join(p.value for p in row) for row in self.squares)


def layout_names() -> tuple[str, ...]:
    """The names of the shipped layouts."""
    return _NAMES


def _canonical(name: str) -> str | None:
    key = name.strip()
    key = _ALIASES.get(key.lower(), key)
    for known in _NAMES:
        if known.lower() == key.lower():
            return known
    return None


def get_layout(name: str) -> Layout:
    """A shipped layout by name (case-insensitive; MAGPIE's ``standard15``/``standard21``
    too). Raises :class:`KeyError`."""
    key = _canonical(name)
    if key is None:
        raise KeyError(f"unknown board layout {name!r}; known: {', '.join(_NAMES)}")
    return _load(key)


@functools.cache
def _load(name: str) -> Layout:
    data = _DATA / f"{name}.txt"
    return Layout.from_text(name, data.read_text(encoding="utf-8"))


def layout_for_size(rows: int, cols: int) -> Layout | None:
    """The standard layout of that size: 15x15 ``CrosswordGame``, 21x21
    ``SuperCrosswordGame``; ``None`` for any other size."""
    if rows == cols == 15:
        return _load("CrosswordGame")
    if rows == cols == 21:
        return _load("SuperCrosswordGame")
    return None
