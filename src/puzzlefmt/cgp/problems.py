"""The rules a position is checked against: :class:`Status` (python-chess's ``status()``
flags), :data:`EndReason` (why a game is over) and :class:`PositionRules`, the part of
:class:`~puzzlefmt.cgp.Position` that says what breaks the rules (``problems()``,
``status()``) and whether the game is over (``end_reason``, ``is_game_over()``).

This module sits below the model: :mod:`puzzlefmt.cgp.position` builds ``Position`` on
:class:`PositionRules`, which reads a position only through the members it declares
abstract (the board, racks, layout, tile counts), all of which ``Position`` defines.
"""

from __future__ import annotations

import abc
import enum
from collections import Counter
from collections.abc import Iterator
from typing import Literal

from puzzlefmt.cgp.distributions import Distribution
from puzzlefmt.cgp.layouts import Layout, Premium
from puzzlefmt.cgp.moves import Grid, Move, MoveKind, square_name
from puzzlefmt.cgp.tiles import BLANK, write_tile
from puzzlefmt.model import FrozenList, Problem

__all__ = ["EndReason", "PositionRules", "Status"]


class Status(enum.IntFlag):
    """Rule problems of a position that parses (python-chess's ``status()`` flags), and
    ``GAME_OVER``, which is not a problem: :meth:`Position.is_valid
    <puzzlefmt.cgp.Position.is_valid>` ignores it."""

    VALID = 0
    BAD_BOARD_SIZE = enum.auto()  # the board does not match its layout, or no layout fits
    UNKNOWN_LAYOUT = enum.auto()  # bdn names a layout this library does not have
    TOO_MANY_TILES = enum.auto()  # the board holds more of a tile than the distribution
    OVER_BAG = enum.auto()  # board plus racks hold more of a tile than the distribution
    RACK_TOO_LONG = enum.auto()  # a rack holds more tiles than a rack can
    DISCONNECTED = enum.auto()  # the tiles on the board are not all connected
    EMPTY_START = enum.auto()  # tiles on the board, none on the start square
    BRICKED = enum.auto()  # a tile on a square no tile may cover
    TOO_MANY_ZERO_TURNS = enum.auto()  # more consecutive zero turns than mcnz allows
    LAST_MOVE_MISMATCH = enum.auto()  # lm places tiles the board does not show
    GAME_OVER = enum.auto()  # not a problem: the game has ended (mcnz zero turns, or out)


#: Why a game is over (:attr:`Position.end_reason <puzzlefmt.cgp.Position.end_reason>`):
#: ``"zero-turns"`` (``mcnz`` scoreless turns in a row) or ``"out"`` (a player went out).
EndReason = Literal["zero-turns", "out"]


def _code(flag: Status) -> str:
    """A problem's stable code: ``Status.OVER_BAG`` gives ``"over-bag"``."""
    assert flag.name is not None
    return flag.name.lower().replace("_", "-")


class PositionRules:
    """The rule checks of a :class:`~puzzlefmt.cgp.Position` (one of its bases): what breaks
    the rules, and whether the game is over."""

    # What the checks read of a position (Position defines each).
    racks: FrozenList[FrozenList[str]]
    zero_turns: int
    max_zero_turns: int
    last_move: Move | None
    distribution: Distribution

    @property
    @abc.abstractmethod
    def rows(self) -> int:
        """The number of rows of the board."""

    @property
    @abc.abstractmethod
    def cols(self) -> int:
        """The number of columns of the board."""

    @property
    @abc.abstractmethod
    def layout(self) -> Layout:
        """The premium squares."""

    @property
    @abc.abstractmethod
    def rack_size(self) -> int:
        """How many tiles a full rack holds."""

    @abc.abstractmethod
    def _grid(self) -> Grid: ...

    @abc.abstractmethod
    def _named_layout(self, *, given: bool = True) -> Layout | str | None: ...

    @abc.abstractmethod
    def tiles(self) -> Iterator[tuple[int, int, str]]:
        """Every tile on the board as ``(row, col, tile)``."""

    @abc.abstractmethod
    def unseen(self) -> dict[str, int]:
        """Tiles neither on the board nor on a known rack."""

    def _checks(self) -> list[tuple[Status, str, str]]:
        """The rule problems as ``(flag, where, message)``; each message starts with the
        field it concerns."""
        out: list[tuple[Status, str, str]] = []
        dist = self.distribution
        layout = self._named_layout()
        if isinstance(layout, str):
            out.append((Status.UNKNOWN_LAYOUT, "bdn", layout))
        elif layout is None:
            out.append((
                Status.BAD_BOARD_SIZE, "board",
                f"board: {self.rows}x{self.cols} fits no standard layout (CrosswordGame is "
                "15x15, SuperCrosswordGame 21x21); name one with bdn",
            ))
        elif layout.rows != self.rows or layout.cols != self.cols:
            out.append((
                Status.BAD_BOARD_SIZE, "board",
                f"board: {self.rows}x{self.cols}, but layout {layout.name} is "
                f"{layout.rows}x{layout.cols}",
            ))
        placed = list(self.tiles())
        on_board: Counter[str] = Counter(
            BLANK if tile != tile.upper() else tile for _, _, tile in placed
        )
        for tile, n in on_board.items():
            if n > dist.count(tile):
                what = "blanks" if tile == BLANK else f"{write_tile(tile)} tiles"
                out.append((
                    Status.TOO_MANY_TILES, "board",
                    f"board: {n} {what}, but the {dist.name} distribution has "
                    f"{dist.count(tile)}",
                ))
        total = on_board.copy()
        for rack in self.racks:
            total.update(rack)
        for tile, n in total.items():
            if n > dist.count(tile) and on_board[tile] <= dist.count(tile):
                what = "blanks" if tile == BLANK else f"{write_tile(tile)} tiles"
                out.append((
                    Status.OVER_BAG, "racks",
                    f"racks: board and racks hold {n} {what}, but the {dist.name} "
                    f"distribution has {dist.count(tile)}",
                ))
        for i, rack in enumerate(self.racks, start=1):
            if len(rack) > self.rack_size:
                out.append((
                    Status.RACK_TOO_LONG, f"rack {i}",
                    f"racks: rack {i} holds {len(rack)} tiles, more than a rack holds "
                    f"({self.rack_size})",
                ))
        groups = self._groups(placed)
        if groups > 1:
            out.append((Status.DISCONNECTED, "board",
                        f"board: the tiles are not connected ({groups} groups)"))
        plain = self.layout
        if on_board:
            board = self._grid()
            sr, sc = plain.start
            if board[sr][sc] is None:
                out.append((
                    Status.EMPTY_START, f"board {square_name(sr, sc)}",
                    f"board: the start square {square_name(sr, sc)} is empty, but "
                    f"{sum(on_board.values())} tiles are on the board",
                ))
            for r, c, tile in placed:
                if plain.squares[r][c] is Premium.BRICK:
                    out.append((
                        Status.BRICKED, f"board {square_name(r, c)}",
                        f"board: {tile!r} on {square_name(r, c)}, a square no tile may cover",
                    ))
        if self.zero_turns > self.max_zero_turns:
            out.append((
                Status.TOO_MANY_ZERO_TURNS, "consecutive zero turns",
                f"consecutive zero turns: {self.zero_turns}, more than mcnz "
                f"({self.max_zero_turns}) allows",
            ))
        mismatch = self._last_move_mismatch()
        if mismatch:
            out.append((Status.LAST_MOVE_MISMATCH, "lm", mismatch))
        return out

    def _groups(self, placed: list[tuple[int, int, str]]) -> int:
        """How many groups of connected tiles ``placed`` (the board's tiles) form."""
        # Squares numbered row by row with one empty column after each row: a square's
        # neighbours are then i - w, i + w, i - 1 and i + 1, with no bounds to check (the
        # extra column and the numbers off the board are never tiles).
        w = self.cols + 1
        left = {r * w + c for r, c, _ in placed}
        groups = 0
        while left:
            groups += 1
            stack = [left.pop()]
            while stack:
                i = stack.pop()
                for j in (i - w, i + w, i - 1, i + 1):
                    if j in left:
                        left.remove(j)
                        stack.append(j)
        return groups

    def _last_move_mismatch(self) -> str | None:
        move = self.last_move
        if move is None or move.kind is not MoveKind.PLACEMENT:
            return None
        board = self._grid()
        for (r, c), tile in zip(move.squares(), move.tiles, strict=True):
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                return f"lm: {move} runs off the {self.rows}x{self.cols} board"
            here = board[r][c]
            if here is None:
                return f"lm: {move} puts a tile on {square_name(r, c)}, which is empty"
            if tile != "." and tile.upper() != here.upper():
                return f"lm: {move} puts {tile!r} on {square_name(r, c)}, which holds {here!r}"
        return None

    def problems(self) -> list[Problem]:
        """The rule problems (empty when there are none): each a
        :class:`~puzzlefmt.model.Problem` with a code (``"over-bag"``), a message that
        starts with the field it concerns (``"racks: board and racks hold 2 Z tiles..."``),
        where (``"racks"``, ``"rack 2"``, ``"board 8H"``, ``"lm"``) and severity
        ``"error"``. The end of the game is not a problem (:meth:`status` flags it)."""
        return [Problem(_code(flag), message, where) for flag, where, message in self._checks()]

    def status(self) -> Status:
        """The rule problems, as flags (``Status.VALID`` when there are none), plus
        ``Status.GAME_OVER`` when the game has ended (not a problem)."""
        flags = Status.VALID
        for flag, _, _ in self._checks():
            flags |= flag
        if self.end_reason is not None:
            flags |= Status.GAME_OVER
        return flags

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game is over, as far as the position shows it: ``"zero-turns"`` when the
        count of consecutive scoreless turns has reached ``mcnz``; ``"out"`` when tiles are
        on the board, no tile is unseen (bag and racks all known) and a rack is empty; else
        ``None`` (the game goes on, or the position cannot tell)."""
        if self.zero_turns >= self.max_zero_turns:
            return "zero-turns"
        if (
            any(not rack for rack in self.racks)
            and not self.unseen()
            and any(sq is not None for row in self._grid() for sq in row)
        ):
            return "out"
        return None

    def is_game_over(self) -> bool:
        """True when the game has ended (:attr:`end_reason` says why); :meth:`play` then
        refuses every move."""
        return self.end_reason is not None
