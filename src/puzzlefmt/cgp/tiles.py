"""Tiles as plain strings.

A tile is its label, the text the letter distribution gives it: ``"A"``, ``"Ñ"``, ``"CH"``
(Spanish), ``"L·L"`` (Catalan, with U+00B7). On the board a blank played as a letter is that
label in lower case (``"a"``, ``"ch"``, ``"l·l"``); on a rack an undesignated blank is ``"?"``.
Labels of more than one code point are written in brackets (``[CH]``, ``[l·l]``) by every
writer here.

These helpers know nothing about any distribution; :mod:`puzzlefmt.cgp.distributions` knows
which labels exist and what they score.
"""

from __future__ import annotations

__all__ = [
    "BLANK",
    "designate",
    "is_blank",
    "is_multi",
    "natural",
    "write_tile",
    "write_tiles",
]

#: An undesignated blank, as it stands on a rack.
BLANK = "?"


def is_blank(tile: str) -> bool:
    """True for ``"?"`` and for a blank played as a letter (a lower-case label)."""
    return tile == BLANK or (tile != tile.upper() and tile == tile.lower())


def natural(tile: str) -> str:
    """The label a tile shows: ``"a"`` (a blank played as A) gives ``"A"``; ``"?"`` stays."""
    return tile.upper()


def designate(label: str) -> str:
    """The board form of a blank played as ``label``: ``"CH"`` gives ``"ch"``."""
    return label.lower()


def is_multi(tile: str) -> bool:
    """True when the tile's label has more than one code point (it is written in brackets)."""
    return len(tile) > 1


def write_tile(tile: str) -> str:
    """A tile as CGP writes it: multi-code-point labels in brackets, others as they are."""
    return f"[{tile}]" if len(tile) > 1 else tile


def write_tiles(tiles: list[str] | tuple[str, ...]) -> str:
    """Tiles one after another, as on a rack or in a move."""
    return "".join(f"[{t}]" if len(t) > 1 else t for t in tiles)
