"""The ``cgp-list`` format: one CGP per line, ``#`` comments and blank lines kept (extension
``.cgps``).

Each line is read as the ``cgp`` format reads its one line. A game record
(:class:`~puzzlefmt.cgp.Game`) written as ``cgp-list`` gives the position after each event,
one CGP a line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from puzzlefmt.cgp.formats.cgp import WRITE_OPTIONS, looks_like_cgp, sniff_lines
from puzzlefmt.cgp.game import Game
from puzzlefmt.cgp.position import Position, read_position
from puzzlefmt.collection import LineCollection
from puzzlefmt.format import Sniff, check_options
from puzzlefmt.textio import joined

__all__ = ["FORMAT", "parse_record", "sniff", "write_record"]


def sniff(text: str) -> Sniff | None:
    """Several lines that each look like a CGP."""
    lines = sniff_lines(text)
    if not lines:
        return None
    good = sum(1 for line in lines if looks_like_cgp(line))
    if good == 0:
        return None
    if len(lines) == 1:
        return Sniff(0.8, "one CGP line (a list of one)")
    if good == len(lines):
        return Sniff(0.97, f"{good} lines, each a CGP")
    return Sniff(0.5 + 0.4 * good / len(lines), f"{good} of {len(lines)} lines look like a CGP")


def parse_record(line: str) -> Position:
    """One record line."""
    return read_position(line)


def write_record(position: Position | Game, **options: Any) -> str:
    """One record line (for a game record: one line per event, the position after it)."""
    if isinstance(position, Game):
        return joined((p.cgp(**options) for p in position.positions()), "\n")
    return position.cgp(**options)


@dataclass(frozen=True, kw_only=True)
class _CgpList(LineCollection):
    """The line collection of positions, which also writes a game record's positions."""

    def one(self, obj: Any) -> Any:
        if isinstance(obj, Game):
            return obj
        return super().one(obj)

    def dumps(self, obj: Any, **options: Any) -> str:
        if isinstance(obj, Game):
            # One position at a time: a long game's positions are never all held at once.
            opts = check_options(self.write_options, options, owner=self.name, role="writer")
            nl = self.newline
            return joined(p.cgp(**opts) + nl for p in obj.positions())
        if isinstance(obj, Iterable) and not isinstance(obj, Position):
            items = list(obj)
            if any(isinstance(item, Game) for item in items):
                obj = [p for item in items for p in (
                    item.positions() if isinstance(item, Game) else [item])]
        return super().dumps(obj, **options)


#: The ``cgp-list`` format: a collection of positions, one CGP line each.
FORMAT = _CgpList(
    name="cgp-list",
    family="cgp",
    model=Position,
    extensions=("cgps",),
    description="CGP list: one position per line, # comments",
    sniff_text=sniff,
    parse_record=parse_record,
    write_record=write_record,
    priority=45,
    write_options=WRITE_OPTIONS,
    holds=frozenset({"operations", "comments"}),
)
