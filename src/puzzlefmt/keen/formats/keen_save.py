"""Keen save files (``.sav``) of Simon Tatham's puzzles: the game and the player's progress.

Reading gives a :class:`~puzzlefmt.keen.model.Puzzle` built from ``CPARAMS`` and ``DESC``
(with the solution when ``AUXINFO`` carries it) whose ``state`` is the player's grid at the
current position of the undo chain (``STATEPOS``), after replaying the ``MOVE``, ``SOLVE``
and ``RESTART`` records as keen.c's ``execute_move`` does:

- ``R<x>,<y>,<n>`` enters digit ``n`` at column ``x``, row ``y`` (``n`` = 0 clears it) and
  clears the cell's pencil marks; ``P<x>,<y>,<n>`` toggles pencil mark ``n``;
- ``M`` pencil-marks every digit in every empty cell;
- ``S<digits>`` (a ``SOLVE`` record) fills the solution, one digit per cell, and clears every
  pencil mark;
- a ``RESTART`` record (its value is the game's description) empties the grid.

Everything the game's loader refuses is refused, with its own message quoted. Writing gives
a save the game loads: a new one (the game, then the state as ``R``/``P`` moves), or, for a
puzzle read from a save with more in it (undo history, seed, unknown records), that save
with the moves from its current state to the puzzle's appended (its redo history dropped,
as the game drops it when a move follows an undo).

"None" is written so that it reads back: a puzzle without a difficulty is saved with
parameters without ``d`` (``4``, ``4m``), which the game reads as Normal, its default, and
which read back as no difficulty; a puzzle without a player state is saved with no move and
a ``NOSTATE`` record (a key the game skips, as it skips every key it does not know), and a
save with that record and no move reads back with ``state`` None. A save the game writes
always has a ``d`` and never that record, so it reads as before.

Declared options: write ``history`` (bool, default true): keep the save the state was read
from; false writes a new save.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.keen.elements import UPSTREAM_SIZES
from puzzlefmt.keen.model import Puzzle
from puzzlefmt.keen.rules import UPSTREAM_TARGET_LIMIT
from puzzlefmt.keen.state import PlayerState
from puzzlefmt.keen.upstream import upstream_desc_error
from puzzlefmt.sgt import savefile as sgtsave

__all__ = ["FORMAT", "GAME", "NO_STATE", "read", "sniff", "states_difficulty", "write"]

FMT = "keen-save"
#: The name in the ``GAME`` record.
GAME = "Keen"

WRITE_OPTIONS = (
    Option("history", bool, True, "keep the undo history, seed and other records of the "
           "save the state was read from (false: a new save of the game and the current "
           "state)"),
)

_DIFF_LETTERS = "enhxu"

#: The record of a save written for a puzzle without a player state (the game skips it).
NO_STATE = "NOSTATE"


def sniff(text: str) -> Sniff | None:
    """A save file naming Keen scores 1 (see :func:`puzzlefmt.sgt.savefile.sniff_game`)."""
    found = sgtsave.sniff_game(text, GAME)
    return None if found is None else Sniff(*found)


# ---------------------------------------------------------------------- parameters


def decode_params(text: str) -> tuple[int, int, bool]:
    """keen.c ``decode_params`` over the default parameters: ``(size, difficulty index,
    multiplication only)``; an unknown difficulty letter gives index 5 (invalid)."""
    size = sgtsave.c_atoi(text)
    i = 0
    while i < len(text) and text[i].isdigit():
        i += 1
    diff = 1  # Normal, keen.c's default
    if text[i:i + 1] == "d":
        i += 1
        diff = len(_DIFF_LETTERS) + 1
        if i < len(text):
            if text[i] in _DIFF_LETTERS:
                diff = _DIFF_LETTERS.index(text[i])
            i += 1
    mult = text[i:i + 1] == "m"
    return size, diff, mult


def params_problem(size: int, diff: int) -> str | None:
    """keen.c ``validate_params``: the game's message, or ``None``."""
    if size < 3 or size > 9:
        return "Grid size must be between 3 and 9"
    if diff >= len(_DIFF_LETTERS):
        return "Unknown difficulty rating"
    return None


def encode_params(puzzle: Puzzle) -> str:
    """keen.c ``encode_params`` in full: size, ``d`` + difficulty letter, ``m`` for
    multiplication only; with no ``d`` for a puzzle without a difficulty (the game reads
    Normal, its default)."""
    diff = "" if puzzle.difficulty is None else "d" + puzzle.difficulty.letter
    return f"{puzzle.size}{diff}" + ("m" if puzzle.multiplication_only else "")


def states_difficulty(text: str) -> bool:
    """Whether parameters name a difficulty (a ``d`` after the size), as the game writes
    them always."""
    return text.lstrip("0123456789").startswith("d")


def _solve_move(size: int) -> Callable[[str], tuple[int, ...] | None]:
    def parse(move: str) -> tuple[int, ...] | None:
        # keen.c: 'S' then exactly one digit 1..w per cell, then the end.
        body = move[1:]
        if len(body) != size * size or any(not "1" <= ch <= str(size) for ch in body):
            return None
        return tuple(int(ch) for ch in body)
    return parse


# ---------------------------------------------------------------------- reading


def read(text: str) -> Puzzle:
    """Read a Keen save file; raises :class:`PuzzleFormatError` where the game's loader
    refuses it (and for a save of another game, naming it)."""
    save, fail = sgtsave.open_game(text, GAME, format=FMT)
    for key, words in (("PARAMS", "Long-term"), ("CPARAMS", "Short-term")):
        value = save.get(key) or ""
        size, diff, _ = decode_params(value)
        bad = params_problem(size, diff)
        if bad is not None:
            raise fail(key, "Keen parameters (size 3 to 9, d + e/n/h/x/u, m)", repr(value),
                       f"{words} parameters in save file are invalid ({bad})")
    cparams = save.get("CPARAMS") or ""
    size, diff, mult = decode_params(cparams)
    stated = states_difficulty(cparams)
    desc = save.get("DESC") or ""
    bad = upstream_desc_error(desc, size)
    if bad is not None:
        raise fail("DESC", f"a Keen description for a {size}x{size} grid", repr(desc),
                   f"Game description in save file is invalid ({bad})")
    privdesc = save.get("PRIVDESC")
    if privdesc is not None:
        bad = upstream_desc_error(privdesc, size)
        if bad is not None:
            raise fail("PRIVDESC", f"a Keen description for a {size}x{size} grid",
                       repr(privdesc),
                       f"Game private description in save file is invalid ({bad})")
    real_desc = privdesc if privdesc is not None else desc
    params = str(size) + (f"d{_DIFF_LETTERS[diff]}" if stated else "") + ("m" if mult else "")
    try:
        base = Puzzle.from_game_id(f"{params}:{real_desc}", runs="upstream")
    except PuzzleFormatError as exc:  # what the game reads but the model cannot hold
        raise fail("DESC", "a Keen description puzzlefmt can hold", exc.message) from None
    solution = _aux_solution(save.aux, size)
    state = _replay(save, text, size, desc, fail)
    puzzle = base.replace(solution=solution)
    stateless = save.get(NO_STATE) is not None and not save.states
    if stateless and _reproduces(puzzle, state, save, no_state=True):
        return puzzle  # written for a puzzle without a player state
    keep = None if _reproduces(puzzle, state, save) else save.text()
    return puzzle.replace(state=PlayerState(state.digits, state.marks, keep))


def _reproduces(puzzle: Puzzle, state: sgtsave.DigitState, save: sgtsave.SaveFile, *,
                no_state: bool = False) -> bool:
    """Whether a new save of ``puzzle`` and ``state`` has exactly the records of ``save``
    (then nothing of it needs keeping)."""
    try:
        return _fresh(puzzle, state, no_state=no_state).records == save.records
    except ValueError:  # a game only its own writer reproduces (a misread run, a huge target)
        return False


def _aux_solution(aux: str | None, size: int) -> tuple[int, ...] | None:
    """The solution in Keen's ``AUXINFO`` (``S`` + one digit per cell), if well formed."""
    if aux is None:
        return None
    return _solve_move(size)(aux)


def _replay(save: sgtsave.SaveFile, text: str, size: int, desc: str,
            fail: Any) -> sgtsave.DigitState:
    """The state at ``STATEPOS``; every state record is executed, as the loader does."""
    empty = sgtsave.DigitState((0,) * (size * size), (0,) * (size * size))
    return sgtsave.replay_digit_moves(
        save, empty, desc, size,
        desc_problem=lambda value: upstream_desc_error(value, size),
        parse_solve=_solve_move(size), solve_clears_marks=True,
        move_words=f"a Keen move (R/P<x>,<y>,<n> with x, y below {size} and n up to {size}, "
                   f"M, or S and {size * size} digits)",
        fail=fail)


# ---------------------------------------------------------------------- writing


def _game_parts(puzzle: Puzzle) -> tuple[str, str]:
    """``(params, desc)`` as the game must read them; ValueError if it cannot."""
    if puzzle.size not in UPSTREAM_SIZES:
        raise ValueError(f"Keen saves grids of 3 to 9, not {puzzle.size}")
    if puzzle.is_seed:
        raise ValueError(f"a save file holds the game's description, not a random-seed ID: "
                         f"save puzzle.expand(), the same puzzle as its description ID "
                         f"({puzzle.params()}:...)")
    big = next((c for c in puzzle.cages if (c.target or 0) >= UPSTREAM_TARGET_LIMIT), None)
    if big is not None:
        raise ValueError(f"Keen cannot hold the target {big.target} (2**29 or more)")
    desc = puzzle.desc(on_misread="error")
    return encode_params(puzzle), desc


def _state_of(puzzle: Puzzle) -> sgtsave.DigitState:
    st = puzzle.state
    if st is None:
        n = puzzle.size * puzzle.size
        return sgtsave.DigitState((0,) * n, (0,) * n)
    return sgtsave.DigitState(st.digits, st.marks)


def _fresh(puzzle: Puzzle, state: sgtsave.DigitState, *,
           no_state: bool = False) -> sgtsave.SaveFile:
    """A new save of ``puzzle`` and ``state``; ``no_state``: of a puzzle without a player
    state (no move, and a ``NOSTATE`` record before ``NSTATES``)."""
    params, desc = _game_parts(puzzle)
    n = puzzle.size * puzzle.size
    empty = sgtsave.DigitState((0,) * n, (0,) * n)
    moves = [] if no_state else sgtsave.as_moves(sgtsave.digit_moves(empty, state,
                                                                     puzzle.size))
    aux = None
    if puzzle.solution is not None:
        aux = "S" + "".join(str(v) for v in puzzle.solution)
    save = sgtsave.build(game=GAME, params=params, cparams=params, desc=desc,
                         moves=moves, aux=aux)
    if not no_state:
        return save
    at = next(i for i, rec in enumerate(save.records) if rec.key == "NSTATES")
    return sgtsave.SaveFile((*save.records[:at], sgtsave.Record(NO_STATE, "1"),
                             *save.records[at:]))


def write(puzzle: Puzzle, *, history: bool = True) -> str:
    """A save file of ``puzzle`` and its ``state`` that the game loads (see the module
    docstring). Raises :class:`ValueError` for a puzzle the game cannot hold (size outside
    3..9, a random-seed ID, a target of 2**29 or more)."""
    state = _state_of(puzzle)
    kept = puzzle.state.save if puzzle.state is not None else None
    if history and kept is not None:
        try:
            before = read(kept)
        except PuzzleFormatError:
            before = None
        if (before is not None and before.size == puzzle.size
                and before.cages == puzzle.cages and before.state is not None):
            save = sgtsave.parse(kept, format=FMT)
            old = sgtsave.DigitState(before.state.digits, before.state.marks)
            if old == state:
                return save.text()
            moves = sgtsave.as_moves(sgtsave.digit_moves(old, state, puzzle.size))
            return save.with_history(moves, save.statepos).text()
    return _fresh(puzzle, state, no_state=puzzle.state is None).text()


#: The ``keen-save`` format: a save file of Simon Tatham's Keen, the player's state included.
FORMAT = Format(
    name="keen-save",
    family="keen",
    model=Puzzle,
    extensions=("sav",),
    description="Simon Tatham's Keen save file: the game, the player's entries and pencil "
                "marks, the undo history",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=60,
    write_options=WRITE_OPTIONS,
    holds=frozenset({"givens", "metadata", "solution", "state"}),
)
