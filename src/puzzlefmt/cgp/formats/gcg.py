"""The ``gcg`` format: a game record (extension ``.gcg``), read into a
:class:`~puzzlefmt.cgp.Game`.

The grammar, what the reader tolerates and how it writes are those of the GCG codec
(:mod:`puzzlefmt.cgp._gcgcodec`; ``docs/cgp.md``, "GCG"). Written as ``cgp-list``, a game
gives the position after each event, one CGP a line.
"""

from __future__ import annotations

import re

from puzzlefmt.cgp import _gcgcodec
from puzzlefmt.cgp.distributions import distribution_names
from puzzlefmt.cgp.game import Game
from puzzlefmt.format import Format, Option, Sniff

__all__ = ["FORMAT", "read", "sniff", "write"]

_EVENT = re.compile(r"[ \t]*>[^ \t:]+:", re.ASCII)


def sniff(text: str) -> Sniff | None:
    """A GCG game record: ``#player1``/``#player2`` pragmas and ``>nick:`` event lines."""
    lines = text[:200_000].lstrip("\ufeff").splitlines()[:400]
    players = sum(1 for line in lines if line.startswith("#player"))
    events = sum(1 for line in lines if _EVENT.match(line))
    pragmas = sum(1 for line in lines if line.startswith(("#character-encoding", "#lexicon",
                                                          "#title", "#description", "#note")))
    if not players and not events:
        return None
    if players and events:
        return Sniff(0.98, f"GCG: {players} #player pragmas and {events} '>nick:' event lines")
    if players:
        return Sniff(0.9, f"GCG: {players} #player pragmas, no events yet")
    score = 0.8 if pragmas else 0.6
    return Sniff(score, f"{events} GCG '>nick:' event lines (no #player pragma)")


def read(text: str, *, strict: bool = False, distribution: str | None = None) -> Game:
    """Read a GCG game record (the text decoded already; see :meth:`Game.from_bytes`)."""
    return Game._from_fields(_gcgcodec.read(text, strict=strict, distribution=distribution))


def write(game: Game) -> str:
    """Canonical GCG (see :meth:`Game.gcg`)."""
    return game.gcg()


#: The ``gcg`` format: a game record (:class:`Game`).
FORMAT = Format(
    name="gcg",
    family="cgp",
    model=Game,
    extensions=("gcg",),
    description="GCG game record: players, events, notes (one CGP per event as cgp-list)",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=50,
    read_options=(
        Option("strict", bool, False, "refuse every deviation from the format"),
        Option("distribution", str, None, "the letter distribution, whatever the pragmas say",
               choices=distribution_names()),
    ),
    holds=frozenset({"players", "events", "notes", "metadata", "comments"}),
)
