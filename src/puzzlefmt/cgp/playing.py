"""Playing a move on a position: :class:`PositionPlay`, the part of
:class:`~puzzlefmt.cgp.Position` that reads, checks, scores and plays moves (``evaluate()``,
``score()``, ``is_legal()``, ``leave()``, ``play()``), the end of the game included (going
out, the last scoreless turn, settled by the :class:`~puzzlefmt.cgp.Rules`).

This module sits below the model: :mod:`puzzlefmt.cgp.position` builds ``Position`` on
:class:`PositionPlay`, which reads a position only through the members it declares abstract
and builds the next one with the model's ``_derive`` (a position never changes).
"""

from __future__ import annotations

import abc
from collections import Counter
from collections.abc import Container, Sequence
from typing import Any, Self, TypeVar

from puzzlefmt.cgp.moves import (
    Grid,
    IllegalMoveError,
    IllegalReason,
    Move,
    MoveKind,
    ScoredPlay,
    evaluate_placement,
)
from puzzlefmt.cgp.problems import PositionRules
from puzzlefmt.cgp.rules import Rules
from puzzlefmt.cgp.tiles import write_tile
from puzzlefmt.model import FrozenList

__all__ = ["PositionPlay"]

_P = TypeVar("_P", bound="PositionPlay")


class PositionPlay(PositionRules):
    """Moves on a :class:`~puzzlefmt.cgp.Position` (one of its bases): reading, checking,
    scoring and playing them. It reads the position through what :class:`PositionRules`
    declares, and these fields besides (Position defines each)."""

    scores: FrozenList[int]
    player_names: FrozenList[str] | None
    timers: FrozenList[int] | None
    bingo_bonus: int
    exchange_limit: int

    @abc.abstractmethod
    def _derive(self, **changes: Any) -> Self: ...

    @abc.abstractmethod
    def unseen_tiles(self) -> list[str]:
        """The unseen tiles one by one."""

    @abc.abstractmethod
    def bag_count(self) -> int:
        """How many tiles are in the bag."""

    def parse_move(self, text: str) -> Move:
        """Read a move in this position's distribution."""
        return Move.parse(text, self.distribution)

    def _move(self, move: Move | str) -> Move:
        return Move.parse(move, self.distribution) if isinstance(move, str) else move

    def evaluate(
        self,
        move: Move | str,
        *,
        check_rack: bool = True,
        words: Container[str] | None = None,
    ) -> ScoredPlay:
        """Check a placement by the player to move and score it; raise
        :class:`IllegalMoveError` with the reason.

        ``check_rack``: the tiles must come from the rack as written (an empty rack holds
        nothing); pass ``False`` when the rack is unknown. ``words``: a word list (capitals)
        every word formed must be in.
        """
        mv = self._move(move)
        if mv.kind is not MoveKind.PLACEMENT:
            raise ValueError(f"{mv} is not a placement; only placements are scored")
        return evaluate_placement(
            self._grid(),
            self.layout,
            self.distribution,
            mv,
            bingo_bonus=self.bingo_bonus,
            rack=self.racks[0] if check_rack else None,
            words=words,
        )

    def score(
        self,
        move: Move | str,
        *,
        check_rack: bool = False,
        words: Container[str] | None = None,
    ) -> int:
        """The points a move scores (0 for a pass, exchange or challenged-off play).

        Raises :class:`IllegalMoveError` for an illegal placement. The rack is not checked
        unless ``check_rack`` is set.
        """
        mv = self._move(move)
        if mv.kind is not MoveKind.PLACEMENT:
            return 0
        return self.evaluate(mv, check_rack=check_rack, words=words).score

    def illegal_reason(
        self,
        move: Move | str,
        lexicon: Container[str] | None = None,
        *,
        check_rack: bool = True,
        words: Container[str] | None = None,
    ) -> IllegalMoveError | None:
        """Why ``move`` cannot be played (the error, with ``reason``), or ``None``;
        ``lexicon`` (a :class:`~puzzlefmt.cgp.lexicon.Lexicon` or any word list): every
        word the move forms must be in it (a phony is illegal), as ``words``."""
        if words is None:
            words = lexicon
        try:
            self._check_legal(self._move(move), check_rack=check_rack, words=words)
        except IllegalMoveError as exc:
            return exc
        return None

    def is_legal(
        self,
        move: Move | str,
        lexicon: Container[str] | None = None,
        *,
        check_rack: bool = True,
        words: Container[str] | None = None,
    ) -> bool:
        """True when ``move`` can be played by the player to move (with ``lexicon``: and
        every word it forms is in it)."""
        return self.illegal_reason(move, lexicon, check_rack=check_rack, words=words) is None

    def words_formed(self, move: Move | str) -> list[str]:
        """The words a placement forms, the main word first (capitals, blanks too), as a
        word list holds them; a pass or an exchange forms none. Raises
        :class:`IllegalMoveError` for a placement that breaks a rule of the board."""
        mv = self._move(move)
        if mv.kind is not MoveKind.PLACEMENT:
            return []
        return [w.text for w in self.evaluate(mv, check_rack=False).words]

    def _check_legal(
        self, mv: Move, *, check_rack: bool, words: Container[str] | None
    ) -> ScoredPlay | None:
        if mv.kind is MoveKind.PLACEMENT:
            return self.evaluate(mv, check_rack=check_rack, words=words)
        if mv.kind is MoveKind.EXCHANGE:
            bag = self.bag_count()
            if bag < self.exchange_limit:
                raise IllegalMoveError(
                    IllegalReason.BAG_TOO_SMALL,
                    f"the bag holds {bag} tiles; an exchange needs {self.exchange_limit} (etl)",
                    mv,
                )
            if check_rack:
                rack = Counter(self.racks[0])
                if mv.exchanged:
                    short = Counter(mv.exchanged) - rack
                    if short:
                        missing = "".join(write_tile(t) for t in sorted(short.elements()))
                        raise IllegalMoveError(
                            IllegalReason.NOT_IN_RACK, f"the rack lacks {missing}", mv
                        )
                elif mv.count > sum(rack.values()):
                    raise IllegalMoveError(
                        IllegalReason.NOT_IN_RACK,
                        f"the rack holds {sum(rack.values())} tiles, fewer than {mv.count}",
                        mv,
                    )
        return None

    def leave(self, move: Move | str) -> list[str]:
        """What stays on the mover's rack after ``move`` (before drawing)."""
        mv = self._move(move)
        rack = list(self.racks[0])
        if mv.kind is MoveKind.PLACEMENT:
            used = self.evaluate(mv, check_rack=False).played_tiles
        elif mv.kind is MoveKind.EXCHANGE:
            used = list(mv.exchanged)
        else:
            used = []
        for tile in used:
            if tile in rack:
                rack.remove(tile)
        return rack

    def play(
        self,
        move: Move | str,
        *,
        check_rack: bool = True,
        words: Container[str] | None = None,
        rules: Rules | None = None,
        settle: bool = True,
    ) -> Self:
        """The position after the player to move plays ``move``.

        The board gets the new tiles; the mover's score grows by the play's score (a ``+N``
        challenge bonus included); the mover's rack keeps what is left (the tiles drawn are
        unknown); a play of tiles resets the count of consecutive scoreless turns (even one
        that scores 0, unless ``rules`` say otherwise) and a pass, an exchange or a play
        challenged off adds one; the mover goes to the end of the turn order (racks, scores,
        timers); ``lm`` becomes the move, with ``.`` for through tiles.

        The end of the game (``rules``: :class:`Rules`, by default macondo's and MAGPIE's):
        a play that uses the last tile of the mover's rack (as written: the whole rack) with
        the bag empty (the other racks hold every unseen tile) goes out: the
        tiles left unseen are put on the other rack (two players) and, with ``settle``, the
        mover gains twice their value. The ``mcnz``-th consecutive scoreless turn ends the
        game and, with ``settle``, each player loses the value of their rack (a rack as
        written is the whole rack, as MAGPIE reads it; an empty rack is unknown unless the bag
        is empty and it is the only one, when it holds every unseen tile). ``settle=False``
        ends the game without touching the scores (a game record brings its own end-of-game
        events). Once the game is over (:meth:`is_game_over`) every move is refused.

        Raises :class:`IllegalMoveError` (``reason`` ``GAME_OVER`` after the end), and
        ``ValueError`` when ``settle`` needs a rack that is not known.
        """
        mv = self._move(move)
        reason = self.end_reason
        if reason is not None:
            why = (
                f"{self.zero_turns} consecutive scoreless turns (mcnz {self.max_zero_turns})"
                if reason == "zero-turns" else "a player went out"
            )
            raise IllegalMoveError(IllegalReason.GAME_OVER, f"the game ended: {why}", mv)
        rules = rules or Rules()
        played = self._check_legal(mv, check_rack=check_rack, words=words)
        points = 0
        rack = list(self.racks[0])
        last = mv
        drew_unknown = False
        board: dict[str, Any] = {}  # the board's fields, when the move changes it
        if played is not None:
            board = {"_board": _placed(self._grid(), played.placed), "_board_text": None}
            for tile in played.played_tiles:
                if tile in rack:
                    rack.remove(tile)
            points = played.score
            last = Move.parse(played.notation(through="dot"), self.distribution)
        elif mv.kind is MoveKind.EXCHANGE:
            drew_unknown = True
            if mv.exchanged:
                for tile in mv.exchanged:
                    if tile in rack:
                        rack.remove(tile)
            else:
                rack = []  # which tiles went back is not known
        scores = list(self.scores)
        scores[0] += points
        if played is not None:
            scoreless = points == 0 and rules.scoreless_placement == "counts"
        else:
            scoreless = True
        nxt = self._derive(
            _text=None,
            deviations=FrozenList(),
            racks=FrozenList([FrozenList(rack), *self.racks[1:]]),
            scores=FrozenList(scores),
            zero_turns=self.zero_turns + 1 if scoreless else 0,
            last_move=last,
            **board,
        )
        # The mover's rack as written is the whole rack; the others hold what they may.
        others = sum(max(0, self.rack_size - len(r)) for r in self.racks[1:])
        went_out = (
            played is not None
            and bool(self.racks[0])
            and not rack
            and sum(self.unseen().values()) <= others
        )
        if went_out:
            nxt = _go_out(nxt, rules, settle)
        elif nxt.zero_turns >= nxt.max_zero_turns and settle:
            if drew_unknown:
                raise ValueError(
                    "cgp: this exchange is the last scoreless turn, but the tiles drawn are "
                    "unknown, so the rack penalties cannot be settled; play it with "
                    "settle=False and adjust the scores"
                )
            held = _final_racks(nxt, "the scoreless-turn penalties")
            nxt = nxt._derive(scores=FrozenList(
                score - sum(nxt.distribution.score(t) for t in rack)
                for score, rack in zip(nxt.scores, held, strict=True)))
        return nxt._rotated(1)

    def _rotated(self, k: int) -> Self:
        """This position with the turn order ``k`` players on (racks, scores, and the timers
        and names when there is one a player)."""
        n = len(self.racks)
        if n == 0 or k % n == 0:
            return self
        k %= n
        changes: dict[str, Any] = {
            "racks": FrozenList(self.racks[k:] + self.racks[:k]),
            "scores": FrozenList(self.scores[k:] + self.scores[:k]),
        }
        for name in ("timers", "player_names"):
            values = getattr(self, name)
            if values is not None and len(values) == n:
                changes[name] = FrozenList(values[k:] + values[:k])
        return self._derive(**changes)


def _placed(board: Grid, placed: Sequence[tuple[int, int, str]]) -> Grid:
    """``board`` with tiles put on squares (only the rows they touch are copied)."""
    rows = list(board)
    touched: dict[int, list[str | None]] = {}
    for r, c, tile in placed:
        row = touched.get(r)
        if row is None:
            row = touched[r] = list(rows[r])
        row[c] = tile
    for r, row in touched.items():
        rows[r] = tuple(row)
    return tuple(rows)


def _final_racks(pos: PositionPlay, what: str, *, mover_out: bool = False) -> list[list[str]]:
    """Every player's rack at the end of the game (index 0 the mover, not yet rotated): as
    written, except that with the bag empty the one unknown (empty) rack holds every unseen
    tile. Raises ``ValueError`` when an empty rack may hold unknown tiles. ``mover_out``: the
    mover's empty rack is known to be empty."""
    racks = [list(rack) for rack in pos.racks]
    unseen = pos.unseen_tiles()
    if not unseen:
        return racks
    empty = [i for i, rack in enumerate(racks) if not rack and not (mover_out and i == 0)]
    if pos.bag_count() == 0 and len(empty) == 1:
        racks[empty[0]] = unseen
        return racks
    if empty:
        who = ", ".join(str(i + 1) for i in empty)
        raise ValueError(
            f"cgp: the game is over, but rack {who} (in turn order, mover first) is unknown "
            f"and {len(unseen)} tiles are unseen, so {what} cannot be settled; give the racks "
            "or play with settle=False"
        )
    return racks


def _go_out(pos: _P, rules: Rules, settle: bool) -> _P:
    """The mover (rack 0, now empty) went out: put the unseen tiles on the other rack and,
    with ``settle``, score the racks left."""
    unseen = pos.unseen_tiles()
    if unseen and len(pos.racks) == 2:
        other = FrozenList(sorted([*pos.racks[1], *unseen], key=pos.distribution.sort_key))
        pos = pos._derive(racks=FrozenList([pos.racks[0], other]))
    if not settle:
        return pos
    left = _final_racks(pos, "going out", mover_out=True)
    values = [sum(pos.distribution.score(t) for t in rack) for rack in left]
    scores = list(pos.scores)
    if rules.going_out == "twice":
        scores[0] += 2 * sum(values[1:])
    else:
        scores[0] += sum(values[1:])
        for i in range(1, len(values)):
            scores[i] -= values[i]
    return pos._derive(scores=FrozenList(scores))
