"""The player's progress on a Keen puzzle: entered digits and pencil marks.

A :class:`PlayerState` is what a Keen save file holds beyond the game: one entered digit per
cell (0: empty) and one pencil-mark mask per cell (bit ``d - 1``: digit ``d`` is marked).
:func:`problems` says where the entries break the rules or disagree with the solution, the
"correct so far" check::

    >>> from puzzlefmt.keen import Puzzle
    >>> p = Puzzle("3:a_a3_a_,a3m6m3s1")
    >>> s = PlayerState.empty(3).enter(0, 0, 2).enter(0, 1, 2)
    >>> [x.code for x in problems(p, s)]
    ['repeated-digit', 'cage-target', 'wrong-digit']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from puzzlefmt.keen.elements import Cage
from puzzlefmt.keen.rules import cage_value
from puzzlefmt.model import Problem


class PuzzleView(Protocol):
    """What the checks of a player's state read of a puzzle (a
    :class:`puzzlefmt.keen.Puzzle`: this module sits below the model, which holds a
    :class:`PlayerState`)."""

    @property
    def size(self) -> int:
        """The grid's side."""
    @property
    def cages(self) -> tuple[Cage, ...]:
        """The cages."""
    @property
    def is_seed(self) -> bool:
        """A random-seed ID that has no cages."""
    @property
    def solution(self) -> tuple[int, ...] | None:
        """The attached solution, if any."""
    @property
    def state(self) -> PlayerState | None:
        """The player's state the puzzle carries, if any."""
    def solve(self, limit: int = 2) -> Any:
        """Its solutions (a :class:`~puzzlefmt.model.SolveResult`)."""

__all__ = ["PlayerState", "PuzzleView", "problems"]


def _name(cell: int, size: int) -> str:
    r, c = divmod(cell, size)
    return f"r{r + 1}c{c + 1}"


@dataclass(frozen=True, slots=True)
class PlayerState:
    """Entered digits and pencil marks of a ``size`` x ``size`` Keen grid, row-major.

    ``digits[cell]``: the entered digit, 0 for none. ``marks[cell]``: the pencil marks as a
    mask, bit ``d - 1`` for digit ``d``. ``save``: the text of the save file this state was
    read from, kept only when it holds more than the game and this state (undo history, a
    seed, records the game does not know): writing the puzzle as a save file then keeps all
    of that and adds the moves from its current state to this one.
    """

    digits: tuple[int, ...]
    marks: tuple[int, ...]
    save: str | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        digits = tuple(self.digits)
        marks = tuple(self.marks)
        object.__setattr__(self, "digits", digits)
        object.__setattr__(self, "marks", marks)
        n = len(digits)
        size = _side(n)
        if size is None or n == 0:
            raise ValueError(f"a player state has size*size cells, not {n}")
        if len(marks) != n:
            raise ValueError(f"{n} digits but {len(marks)} pencil-mark masks")
        for cell, d in enumerate(digits):
            if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= size:
                raise ValueError(f"{_name(cell, size)}: a digit is 0 (empty) to {size}, "
                                 f"not {d!r}")
        full = (1 << size) - 1
        for cell, m in enumerate(marks):
            if not isinstance(m, int) or isinstance(m, bool) or not 0 <= m <= full:
                raise ValueError(f"{_name(cell, size)}: pencil marks are a mask from 0 to "
                                 f"{full}, not {m!r}")

    @classmethod
    def empty(cls, size: int) -> PlayerState:
        """Nothing entered, nothing marked."""
        return cls((0,) * (size * size), (0,) * (size * size))

    @property
    def size(self) -> int:
        """The side of the grid."""
        side = _side(len(self.digits))
        assert side is not None
        return side

    @property
    def is_empty(self) -> bool:
        """True when no digit is entered and no pencil mark made."""
        return not any(self.digits) and not any(self.marks)

    def marked(self, row: int, column: int) -> tuple[int, ...]:
        """The digits pencil-marked in a cell, ascending."""
        m = self.marks[self._cell(row, column)]
        return tuple(d for d in range(1, self.size + 1) if m >> (d - 1) & 1)

    def enter(self, row: int, column: int, digit: int) -> PlayerState:
        """A copy with ``digit`` entered (0 clears); the cell's marks go, as in the game."""
        cell = self._cell(row, column)
        digits = list(self.digits)
        marks = list(self.marks)
        digits[cell] = digit
        marks[cell] = 0
        return PlayerState(tuple(digits), tuple(marks), self.save)

    def toggle_mark(self, row: int, column: int, digit: int) -> PlayerState:
        """A copy with pencil mark ``digit`` toggled."""
        cell = self._cell(row, column)
        if not 1 <= digit <= self.size:
            raise ValueError(f"a pencil mark is 1 to {self.size}, not {digit}")
        marks = list(self.marks)
        marks[cell] ^= 1 << (digit - 1)
        return PlayerState(self.digits, tuple(marks), self.save)

    def _cell(self, row: int, column: int) -> int:
        w = self.size
        if not (0 <= row < w and 0 <= column < w):
            raise IndexError(f"no cell at row {row}, column {column} in a {w}x{w} grid")
        return row * w + column

    def __str__(self) -> str:
        w = self.size
        return "\n".join(
            " ".join(str(d) if d else "." for d in self.digits[r * w:(r + 1) * w])
            for r in range(w))


def _side(n: int) -> int | None:
    side = round(n ** 0.5)
    return side if side * side == n else None


def _solution(puzzle: PuzzleView) -> tuple[tuple[int, ...] | None, str]:
    """The puzzle's solution (attached, else solved) and, when there is none, why."""
    if puzzle.solution is not None:
        return puzzle.solution, ""
    result = puzzle.solve(2)
    found = result.solution
    if found is None or found.solution is None:
        if not result.complete:
            return None, "no solution the solver could find in time"
        return None, "no solution" if result.count == 0 else "more than one solution"
    return found.solution, ""


def problems(
    puzzle: PuzzleView, state: PlayerState | None = None, *, against_solution: bool = True
) -> list[Problem]:
    """Where the player's entries break the rules or disagree with the solution.

    ``state`` defaults to ``puzzle.state``. Codes: ``repeated-digit`` (a digit twice in a
    row or column), ``cage-target`` (a full cage whose digits miss its clue),
    ``wrong-digit`` (an entry that is not the solution's digit), ``mark-misses-solution``
    (a warning: an empty cell's pencil marks leave out the solution's digit) and
    ``solution-unknown`` (a warning: the puzzle has no unique solution to compare with).
    The solution is the one attached to the puzzle, else the solver's (only when
    ``against_solution``).
    """
    st = state if state is not None else puzzle.state
    if st is None:
        return []
    w = puzzle.size
    if st.size != w:
        raise ValueError(f"a {st.size}x{st.size} state does not fit a {w}x{w} puzzle")
    out: list[Problem] = []
    digits = st.digits
    for kind, lines in (("row", [[r * w + c for c in range(w)] for r in range(w)]),
                        ("column", [[r * w + c for r in range(w)] for c in range(w)])):
        for k, cells in enumerate(lines):
            seen: dict[int, list[int]] = {}
            for cell in cells:
                if digits[cell]:
                    seen.setdefault(digits[cell], []).append(cell)
            for d, at in sorted(seen.items()):
                if len(at) > 1:
                    names = ", ".join(_name(c, w) for c in at)
                    out.append(Problem(
                        "repeated-digit", f"{d} appears {len(at)} times in {kind} {k + 1}: "
                        f"{names}", f"{kind} {k + 1}"))
    if not puzzle.is_seed:
        for cage in puzzle.cages:
            if all(digits[c] for c in cage.cells):
                made = cage_value(cage, [digits[c] for c in cage.cells])
                target = cage.target or 0
                if made != target:
                    anchor = _name(cage.anchor, w)
                    out.append(Problem(
                        "cage-target", f"the cage at {anchor} ({cage.label()}) is full but "
                        f"its digits make {made}", anchor))
    if not against_solution or puzzle.is_seed or st.is_empty:
        return out
    solution, why = _solution(puzzle)
    if solution is None:
        out.append(Problem(
            "solution-unknown", f"the puzzle has {why}: entries not checked against one",
            None, "warning"))
        return out
    for cell in range(w * w):
        d = digits[cell]
        want = solution[cell]
        if d and d != want:
            out.append(Problem(
                "wrong-digit", f"{_name(cell, w)} holds {d}, the solution has {want}",
                _name(cell, w)))
        elif not d and st.marks[cell] and not st.marks[cell] >> (want - 1) & 1:
            out.append(Problem(
                "mark-misses-solution", f"{_name(cell, w)}'s pencil marks leave out "
                f"{want}, the solution's digit", _name(cell, w), "warning"))
    return out
