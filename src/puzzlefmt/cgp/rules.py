"""The rules that decide how a game ends and what a scoreless turn is.

:meth:`Position.play <puzzlefmt.cgp.Position.play>` follows these rules; by default they are
the ones macondo and MAGPIE apply, whatever the position's ``var`` and ``cr`` say (neither
program changes the end of the game by variant or challenge rule):

- a play of tiles resets the count of consecutive scoreless turns even when it scores 0 (two
  blanks); passes, exchanges and plays challenged off add one (macondo ``game/game.go``: "no
  international rule counts a score of 0 as a scoreless turn if it's from tiles being
  played");
- after the ``mcnz``-th consecutive scoreless turn (6 by default) the game is over and each
  player loses the value of the tiles on their rack;
- a player who goes out (plays their last tile with the bag empty) ends the game and gains
  twice the value of the tiles left on the other racks (``going_out="twice"``, NASPA, macondo,
  MAGPIE, woogles.io); ``going_out="once"`` is the international (WESPA) rule seen in
  Quackle's record of the 2005 World Championship: the player gains the value once and each
  other player loses their own.

>>> Rules().going_out, Rules(going_out="once").going_out
('twice', 'once')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Rules"]


@dataclass(frozen=True)
class Rules:
    """End-of-game and scoreless-turn rules (see the module text).

    ``going_out``: what going out is worth: ``"twice"`` the other racks (default), or
    ``"once"`` plus each other player losing their own rack (international rules).
    ``scoreless_placement``: whether a play of tiles that scores 0 ``"resets"`` the count of
    consecutive scoreless turns (default, macondo and MAGPIE) or ``"counts"`` as one.
    """

    going_out: Literal["twice", "once"] = "twice"
    scoreless_placement: Literal["resets", "counts"] = "resets"

    def __post_init__(self) -> None:
        if self.going_out not in ("twice", "once"):
            raise ValueError(f"going_out must be 'twice' or 'once', not {self.going_out!r}")
        if self.scoreless_placement not in ("resets", "counts"):
            raise ValueError(
                "scoreless_placement must be 'resets' or 'counts', not "
                f"{self.scoreless_placement!r}"
            )
