"""Solo save files (``.sav``) of Simon Tatham's puzzles: the Sudoku and the player's grid.

Reading gives a :class:`~puzzlefmt.sudoku.grid.Grid`: the clues of ``DESC`` are the givens,
and the player's grid at the current position of the undo chain (``STATEPOS``), after
replaying the ``MOVE``, ``SOLVE`` and ``RESTART`` records as solo.c's ``execute_move`` does,
gives the placed digits and the candidates (pencil marks; ``None`` when no cell has any, else
one mask per cell, 0 where the player marked nothing):

- ``R<x>,<y>,<n>`` puts digit ``n`` in column ``x``, row ``y`` (``n`` = 0 clears it) and
  clears the cell's pencil marks; ``P<x>,<y>,<n>`` toggles pencil mark ``n``;
- ``M`` pencil-marks every digit in every empty cell;
- ``S<n>,<n>,...`` (a ``SOLVE`` record) fills the solution (pencil marks stay);
- a ``RESTART`` record (its value is the game's description) empties the grid.

Only the standard 9x9 game (``3x3``) fits the model: other sizes, jigsaw regions, the X rule
and killer cages are refused with a message saying so, as is a move that overwrites a clue
(the game's loader lets one through; its interface never makes one). Everything the loader
refuses is refused, with its own message quoted.

Writing gives a save the game loads: a new one (``3x3``, the givens, then the placed digits
and candidates as ``R``/``P`` moves), or, for a grid read from a save with more in it (undo
history, seed, solution, unknown records; kept as text in ``grid.meta["sgt-save"]``), that
save with the moves from its current state to the grid's appended. Eliminations are not
written (the game has no such notion).

Declared options: write ``history`` (bool, default true): keep the save the grid was read
from; false writes a new save.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sgt import savefile as sgtsave
from puzzlefmt.sudoku.formats.solo import (
    META_PARAMS,
    SoloParams,
    SoloPuzzle,
    cannot_hold,
    desc_problem,
    encode_grid,
    params_of,
    parse_desc,
)
from puzzlefmt.sudoku.grid import Grid

__all__ = ["FORMAT", "GAME", "META_SAVE", "SoloSave", "load", "read", "sniff", "write"]

FMT = "solo-save"
#: The name in the ``GAME`` record.
GAME = "Solo"
#: The meta key holding the save file a grid was read from, when it holds more than the
#: grid (undo history, seed, solution, unknown records).
META_SAVE = "sgt-save"

WRITE_OPTIONS = (
    Option("history", bool, True, "keep the undo history, seed and other records of the "
           "save the grid was read from (false: a new save of the givens and the current "
           "grid)"),
)

_SIZE = 9


def sniff(text: str) -> Sniff | None:
    """A save file naming Solo scores 1 (see :func:`puzzlefmt.sgt.savefile.sniff_game`)."""
    found = sgtsave.sniff_game(text, GAME)
    return None if found is None else Sniff(*found)


def _solve_move(cells: int, size: int) -> Callable[[str], tuple[int, ...] | None]:
    def parse(move: str) -> tuple[int, ...] | None:
        # solo.c: after 'S', one number per cell read with atoi; after each, its digits and
        # one ',' are skipped. An empty remainder or a value outside 1..size is refused.
        p = 1
        n = len(move)
        out = []
        for _ in range(cells):
            if p >= n:
                return None
            value = sgtsave.c_atoi(move[p:])
            if not 1 <= value <= size:
                return None
            out.append(value)
            while p < n and move[p].isdigit():
                p += 1
            if p < n and move[p] == ",":
                p += 1
        return tuple(out)
    return parse


@dataclass(frozen=True, slots=True)
class SoloSave:
    """A Solo save file read at the level of the game, for any parameters: the game, the
    player's grid at ``STATEPOS`` (clues included; pencil marks as masks, bit ``d - 1`` for
    digit ``d``) and the records."""

    puzzle: SoloPuzzle
    state: sgtsave.DigitState
    save: sgtsave.SaveFile


def load(text: str) -> SoloSave:
    """Read a Solo save file of any size or variant; raises :class:`PuzzleFormatError`
    where the game's loader refuses it and for a save of another game (naming it)."""
    save, fail = sgtsave.open_game(text, GAME, format=FMT)
    for key, words in (("PARAMS", "Long-term"), ("CPARAMS", "Short-term")):
        value = save.get(key) or ""
        bad = SoloParams.decode(value).problem()
        if bad is not None:
            raise fail(key, "Solo parameters", repr(value),
                       f"{words} parameters in save file are invalid ({bad})")
    params = SoloParams.decode(save.get("CPARAMS") or "")
    desc = save.get("DESC") or ""
    bad = desc_problem(params, desc)
    if bad is not None:
        raise fail("DESC", f"a Solo description for {params.encode()}", repr(desc),
                   f"Game description in save file is invalid ({bad})")
    privdesc = save.get("PRIVDESC")
    if privdesc is not None:
        bad = desc_problem(params, privdesc)
        if bad is not None:
            raise fail("PRIVDESC", f"a Solo description for {params.encode()}",
                       repr(privdesc),
                       f"Game private description in save file is invalid ({bad})")
    puzzle = parse_desc(params, privdesc if privdesc is not None else desc, format=FMT)
    state = _replay(save, puzzle, desc, fail)
    return SoloSave(puzzle, state, save)


def read(text: str) -> Grid:
    """Read a Solo save file into a :class:`Grid`; raises :class:`PuzzleFormatError` where
    the game's loader refuses it, for a save of another game (naming it), and for what the
    Sudoku model cannot hold (saying what)."""
    loaded = load(text)
    params = loaded.puzzle.params
    why = cannot_hold(params)
    if why is not None:
        raise PuzzleFormatError(
            why, format=FMT, line=_line(text, loaded.save, "CPARAMS"),
            expected="a standard 9x9 Solo game (3x3)", found=params.encode(full=True))
    givens = list(loaded.puzzle.clues)
    state = loaded.state
    placed = [0 if g else d for g, d in zip(givens, state.digits, strict=True)]
    candidates = list(state.marks) if any(state.marks) else None
    meta: dict[str, str] = {}
    full = params.encode(full=True)
    if full != "3x3":
        meta[META_PARAMS] = full
    grid = Grid(givens=givens, placed=placed, candidates=candidates, meta=meta)
    if _fresh(grid).records != loaded.save.records:
        grid = grid.replace(meta={**meta, META_SAVE: loaded.save.text()})
    return grid


def _line(text: str, save: sgtsave.SaveFile, key: str) -> int | None:
    rec = save.record(key)
    if rec is None or rec.offset < 0:
        return None
    return text.encode("utf-8", "surrogateescape").count(b"\n", 0, rec.offset) + 1


def _replay(save: sgtsave.SaveFile, puzzle: SoloPuzzle, desc: str,
            fail: Callable[..., PuzzleFormatError]) -> sgtsave.DigitState:
    """The state at ``STATEPOS``; every state record is executed, as the loader does."""
    params = puzzle.params
    size = params.size
    givens = puzzle.clues

    def keeps_clues(rec: sgtsave.Record, digits: Sequence[int], cells: Sequence[int]) -> None:
        changed = next((i for i in cells if givens[i] and digits[i] != givens[i]), None)
        if changed is not None:
            r, c = divmod(changed, size)
            raise fail(rec.key, "a move that leaves the clues alone",
                       f"{rec.value!r}, which changes the clue at r{r + 1}c{c + 1} (the "
                       "game's interface never does; puzzlefmt cannot hold it)",
                       None, rec)

    return sgtsave.replay_digit_moves(
        save, sgtsave.DigitState(givens, (0,) * len(givens)), desc, size,
        desc_problem=lambda value: desc_problem(params, value),
        parse_solve=_solve_move(len(givens), size), solve_clears_marks=False,
        move_words=f"a Solo move (R/P<x>,<y>,<n> with x, y below {size} and n up to {size}, "
                   f"M, or S and {size * size} numbers)",
        fail=fail, check=keeps_clues)


# ---------------------------------------------------------------------- writing


def _state_of(grid: Grid) -> sgtsave.DigitState:
    digits = tuple(g or p for g, p in zip(grid.givens, grid.placed, strict=True))
    marks = tuple(grid.candidates) if grid.candidates is not None else (0,) * 81
    return sgtsave.DigitState(digits, marks)


def _fresh(grid: Grid) -> sgtsave.SaveFile:
    params = params_of(grid).encode(full=True)
    start = sgtsave.DigitState(tuple(grid.givens), (0,) * 81)
    moves = sgtsave.as_moves(sgtsave.digit_moves(start, _state_of(grid), _SIZE))
    return sgtsave.build(game=GAME, params=params, cparams=params,
                         desc=encode_grid(grid.givens), moves=moves)


def write(grid: Grid, *, history: bool = True) -> str:
    """A save file of ``grid`` that Solo loads (see the module docstring)."""
    kept = grid.meta.get(META_SAVE)
    if history and kept is not None:
        try:
            before = read(kept)
        except PuzzleFormatError:
            before = None
        if before is not None and before.givens == grid.givens:
            save = sgtsave.parse(kept, format=FMT)
            old = _state_of(before)
            new = _state_of(grid)
            if old == new:
                return save.text()
            moves = sgtsave.as_moves(sgtsave.digit_moves(old, new, _SIZE))
            return save.with_history(moves, save.statepos).text()
    return _fresh(grid).text()


#: The ``solo-save`` format: a save file of Simon Tatham's Solo (3x3): givens, placed digits, pencil
#: marks, the undo history.
FORMAT = Format(
    name="solo-save",
    family="sudoku",
    model=Grid,
    extensions=("sav",),
    description="Simon Tatham's Solo save file (3x3): givens, placed digits, pencil marks, "
                "the undo history",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=66,
    write_options=WRITE_OPTIONS,
    holds=frozenset({"givens", "placed", "candidates"}),
)
