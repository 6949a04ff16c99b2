"""The Keen (KenKen) puzzle model.

A :class:`Puzzle` is a ``size`` x ``size`` grid cut into cages; each cage has an operation
(:class:`Op`) and a target. Cells are numbered row-major, ``cell = row * size + column``, as in
Simon Tatham's Keen. A puzzle may also carry a solution and the parameters of its game ID
(difficulty letter, multiplication-only flag). A random-seed ID (``6dn#12345``) is expanded
as the real game expands it (:mod:`puzzlefmt.keen.seed`): the puzzle has the game's cages and
keeps its seed, and writes back as the seed ID. A seed ID of a size the game does not make
(outside 3 to 9) is kept as parameters and a seed, with no cages.

``Puzzle(text)`` reads any Keen text (a game ID ``6:...``, ``6dhm:...``, ``6dn#seed`` with or
without its solution, a bare description whose size follows from the block structure, or the
JSON form); ``puzzle.game_id()`` and ``puzzle.desc()`` write the ID back. Rule problems do not
raise: :meth:`Puzzle.problems` lists them.

The model imports no format, solver or picture module: the family package
(:mod:`puzzlefmt.keen.family`) installs them as :class:`KeenEngines`. Its JSON form and its
text picture are written and read by two modules below it, :mod:`puzzlefmt.keen._jsoncodec`
and :mod:`puzzlefmt.keen._textpicture`.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen import _jsoncodec as _json
from puzzlefmt.keen import _textpicture
from puzzlefmt.keen._quickid import Lazy, build, decode
from puzzlefmt.keen.elements import (
    MAX_SIZE,
    MAX_TARGET_DIGITS,
    TARGET_LIMIT,
    UPSTREAM_SIZES,
    Cage,
    Difficulty,
    KeenCompatibilityWarning,
    OnMisread,
    Op,
    Runs,
    Symbols,
    Walls,
    format_solution,
)
from puzzlefmt.keen.gameid import encode_desc, parse_game_id
from puzzlefmt.keen.rules import CODES, Status, find_problems, solution_faults
from puzzlefmt.keen.state import PlayerState
from puzzlefmt.model import Engines, Model, Problem, SolveResult
from puzzlefmt.textio import text_of

__all__ = [
    "FIELDS",
    "MAX_SIZE",
    "SOLVE_TIMEOUT",
    "UPSTREAM_SIZES",
    "Cage",
    "Difficulty",
    "KeenCompatibilityWarning",
    "KeenEngines",
    "Op",
    "Puzzle",
    "Status",
    "Walls",
    "format_solution",
]

#: Seconds ``solve()`` spends on one puzzle before it gives up (``status == "unknown"``);
#: the solver's ``timeout`` option (:func:`puzzlefmt.keen.solver.solve`) sets another.
SOLVE_TIMEOUT = 10.0


@dataclass(frozen=True, slots=True)
class KeenEngines(Engines):
    """Keen's engines: the shared ones, plus the random-seed expander (the solver, with its
    time bound, and the grader are in the engine table, ``run``) and the picture of a
    random-seed ID with no cages to draw."""

    #: ``(size, seed, difficulty, multiplication_only) -> cages``: the cages Keen makes
    #: from a random seed (sizes 3 to 9).
    expand_seed: Callable[[int, str, Difficulty, bool], Sequence[Cage]] | None = None
    #: ``puzzle -> SVG text`` for a random-seed ID of a size Keen does not make (no cages).
    seed_card: Callable[[Puzzle], str] | None = None


#: A puzzle's fields, declared once: the constructor's parts and :meth:`Puzzle.replace`'s
#: keywords (``tests/keen/test_keen_model.py`` holds them to this list), the private slots
#: that hold them, :meth:`Puzzle.copy`, equality and hashing, and pickling all follow it.
#: The JSON form and the game ID are formats of these fields (``cell_cage`` is derived from
#: ``cages``; ``state`` has no place in an ID or the JSON form: ``contents()`` says so).
FIELDS = ("size", "cages", "difficulty", "multiplication_only", "seed", "solution", "state")


_NO_EMPTY = ("Keen has no empty puzzle: give a text (Puzzle('3:a_a3_a_,a3m6m3s1')) or its "
             "parts, size and cages (Puzzle(size=3, cages=[((0, 1), 'a', 3), ...])) or size "
             "and a seed (Puzzle(size=6, seed='12345'))")


# The private slots that hold the fields, and a getter of all of them in FIELDS's order.
_SLOTS = tuple(f"_{name}" for name in FIELDS)
_GET_FIELDS = operator.attrgetter(*_SLOTS)


class _Keep(enum.Enum):
    """``replace()``'s default: the field is kept as it is."""

    KEEP = "keep"


_KEEP = _Keep.KEEP


class Puzzle(Model):
    """A Keen puzzle (a random-seed ID is expanded to the game's puzzle and keeps its seed).

    >>> p = Puzzle("3:a_a3_a_,a3m6m3s1")
    >>> p.size, len(p.cages)
    (3, 4)
    >>> p.cage_of(4).clue()
    'm6'
    >>> p.game_id()
    '3:a_a3_a_,a3m6m3s1'
    >>> Puzzle(size=3, cages=[((0, 1), "a", 3), ((2, 4, 5), "m", 6), ((3, 6), "m", 3),
    ...                      ((7, 8), "s", 1)]) == p
    True

    ``text`` is read in whichever Keen format it is (detected). ``size`` and ``runs`` make it
    a game ID or bare description read directly: ``size`` checks the size (for a bare
    description it is otherwise worked out from the block structure); ``runs="upstream"``
    reads ``y`` and ``z`` in the block structure as the real program does (see
    ``docs/keen.md``). ``solution`` (digits, ``S`` + digits, or a sequence of numbers) and
    ``state`` are attached to what the text holds and checked for shape. Raises
    :class:`~puzzlefmt.errors.PuzzleFormatError` for text that cannot be parsed.

    Without a text the puzzle is built from its parts, the fields of :data:`FIELDS`, as
    :meth:`from_cages` (``size`` and ``cages``) or :meth:`from_seed` (``size`` and ``seed``)
    build it, with ``difficulty``, ``multiplication_only``, ``solution`` and ``state``;
    :class:`ValueError` says which part is wrong. Keen has no empty puzzle (the cages must
    cover the grid), so ``Puzzle()`` with neither a text nor parts raises :class:`TypeError`
    (``Puzzle: expected str, got NoneType``, as for any text that is not a ``str``, with a
    note saying which parts to give instead).

    A puzzle never changes: :meth:`replace` returns one with some fields changed (it is how
    :meth:`with_solution` and :meth:`expand` are made).
    """

    family: ClassVar[str] = "keen"

    __slots__ = (*_SLOTS, "_arrays", "_cell_cage", "_desc", "_lazy")

    _size: int
    _cages: tuple[Cage, ...]
    _difficulty: Difficulty | None
    _multiplication_only: bool
    _seed: str | None
    _solution: tuple[int, ...] | None
    _state: PlayerState | None
    # Derived: the cage of each cell, the kernels' arrays, the quick reader's undecoded cages,
    # the description as the generator wrote it (what desc() writes; None: written on demand).
    _cell_cage: tuple[int, ...]
    _arrays: Any
    _lazy: Lazy | None
    _desc: str | None

    def __init__(
        self,
        text: str | None = None,
        *,
        size: int | None = None,
        cages: Iterable[Cage | tuple[Iterable[int], Op | str, int | None]] | None = None,
        difficulty: Difficulty | str | None = None,
        multiplication_only: bool | None = None,
        seed: str | None = None,
        solution: str | Sequence[int] | None = None,
        state: PlayerState | None = None,
        runs: Runs = "documented",
    ) -> None:
        if text is None:
            if cages is None and seed is None:
                # No parts: the text is missing (the message is the one every constructor
                # gives for a text that is not a str; the note says what else to give).
                refusal = TypeError("Puzzle: expected str, got NoneType")
                refusal.add_note(_NO_EMPTY)
                raise refusal
            if size is None or (cages is None) == (seed is None):
                raise TypeError(f"Puzzle() takes parts: {_NO_EMPTY}")
            if runs != "documented":
                raise TypeError("runs= is an option of reading a text; parts have no runs")
            mult = False if multiplication_only is None else multiplication_only
            built = (self.from_seed(size, seed, difficulty=difficulty, multiplication_only=mult)
                     if seed is not None else
                     self.from_cages(size, cages or (), difficulty=difficulty,
                                     multiplication_only=mult))
            self._take(built.replace(solution=solution, state=state))
            return
        if cages is not None or seed is not None or difficulty is not None or (
                multiplication_only is not None):
            raise TypeError("Puzzle() takes a text or parts (cages, seed, difficulty, "
                            "multiplication_only), not both: change a read puzzle with "
                            "replace()")
        text = text_of(text, "Puzzle", decode_bytes=False)
        quick = decode(text) if size is None and runs == "documented" else None
        if quick is not None:
            # A plain game ID, read without building its cages (see __getattr__).
            (self._size, self._difficulty, self._multiplication_only), self._lazy = quick
            self._seed = None
            self._solution = None if solution is None else _check_solution(solution,
                                                                            self._size)
            self._state = None if state is None else _check_state(state, self._size)
            self._arrays = None
            self._desc = None
            return
        read = (self._read_text(text) if size is None and runs == "documented"
                else self.from_game_id(text, size=size, runs=runs))
        if solution is not None or state is not None:  # a save file carries a state
            read = read.replace(
                solution=_KEEP if solution is None else solution,
                state=_KEEP if state is None else state)
        self._take(read)

    if not TYPE_CHECKING:  # hidden from mypy, which would let any name through
        def __getattr__(self, name: str) -> Any:
            # A puzzle read by the quick path (Puzzle("6:...")) builds its cages on first
            # use: only _cages and _cell_cage are ever missing.
            if name in ("_cages", "_cell_cage"):
                lazy = object.__getattribute__(self, "_lazy")
                if lazy is None:  # a generated puzzle (_described): read its description
                    self._cages, self._cell_cage = _read_desc(self)
                else:
                    self._cages, self._cell_cage = build(lazy)
                self._lazy = None
                return object.__getattribute__(self, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # ------------------------------------------------------------------ construction

    def _fields(self) -> dict[str, Any]:
        """The fields of :data:`FIELDS`, by name."""
        return dict(zip(FIELDS, _GET_FIELDS(self), strict=True))

    def _fill(self, fields: Mapping[str, Any], cell_cage: tuple[int, ...]) -> None:
        """Where the fields are written (each once, checked by the caller), but for the
        quick reader's game ID in ``__init__``, whose cages are built on first use."""
        self._fill_values(tuple(fields[name] for name in FIELDS), cell_cage)

    def _fill_values(self, values: tuple[Any, ...], cell_cage: tuple[int, ...]) -> None:
        # Private slots: the base's guard has nothing to check (it guards public fields).
        for slot, value in zip(_SLOTS, values, strict=True):
            object.__setattr__(self, slot, value)
        object.__setattr__(self, "_cell_cage", cell_cage)
        object.__setattr__(self, "_lazy", None)
        object.__setattr__(self, "_arrays", None)
        object.__setattr__(self, "_desc", None)

    def _take(self, other: Puzzle) -> None:
        """Become ``other`` (the constructor's text and parts paths)."""
        self._fill(other._fields(), other._cell_cage)

    @classmethod
    def _make(
        cls,
        size: int,
        cages: tuple[Cage, ...],
        cell_cage: tuple[int, ...],
        *,
        difficulty: Difficulty | None,
        multiplication_only: bool,
        seed: str | None,
        solution: tuple[int, ...] | None = None,
        state: PlayerState | None = None,
    ) -> Puzzle:
        """The way every constructor builds a puzzle from checked parts (no check here)."""
        puzzle = object.__new__(cls)
        puzzle._fill({"size": size, "cages": cages, "difficulty": difficulty,
                      "multiplication_only": multiplication_only, "seed": seed,
                      "solution": solution, "state": state}, cell_cage)
        return puzzle

    @classmethod
    def _from_fields(cls, fields: Mapping[str, Any], cell_cage: tuple[int, ...]) -> Puzzle:
        puzzle = object.__new__(cls)
        puzzle._fill(fields, cell_cage)
        return puzzle

    @classmethod
    def from_game_id(
        cls, text: str, *, size: int | None = None, runs: Runs = "documented"
    ) -> Puzzle:
        """Read exactly a game ID, a random-seed ID or a bare description (no detection, no
        solution field): what ``Puzzle(text, size=..., runs=...)`` reads."""
        parsed = parse_game_id(text, size=size, runs=runs)
        cages, cell_cage = parsed.cages, parsed.cell_cage
        if parsed.seed is not None:
            cages, cell_cage = _expand(parsed.size, parsed.seed, parsed.difficulty,
                                       parsed.multiplication_only)
        return cls._make(parsed.size, cages, cell_cage, difficulty=parsed.difficulty,
                         multiplication_only=parsed.multiplication_only, seed=parsed.seed)

    @classmethod
    def _described(cls, size: int, difficulty: Difficulty | None, multiplication_only: bool,
                   desc: str) -> Puzzle:
        """The puzzle of the game ID ``<params>:<desc>``, where ``desc`` is exactly what
        :meth:`desc` writes for it (the seed expander's own, byte for byte, with no run the
        real program mis-reads): its description is read when its cages are first asked
        for, and its description and game ID are given back as they are."""
        puzzle = object.__new__(cls)
        for slot, value in (("_size", size), ("_difficulty", difficulty),
                            ("_multiplication_only", multiplication_only), ("_seed", None),
                            ("_solution", None), ("_state", None), ("_arrays", None),
                            ("_lazy", None), ("_desc", desc)):
            object.__setattr__(puzzle, slot, value)
        return puzzle

    @classmethod
    def from_cages(
        cls,
        size: int,
        cages: Iterable[Cage | tuple[Iterable[int], Op | str, int | None]],
        *,
        solution: str | Sequence[int] | None = None,
        difficulty: Difficulty | str | None = None,
        multiplication_only: bool = False,
    ) -> Puzzle:
        """Build a puzzle from cages given as :class:`Cage` objects or ``(cells, op, target)``.

        The cages must cover the grid exactly, each must be connected, and ``s``/``d`` cages
        must have two cells; otherwise :class:`ValueError` says which cage is wrong.
        ``op`` may be a letter (``"a"``) or a word (``"add"``).
        """
        _check_size(size)
        ordered, cell_cage = _cages_of(size, cages)
        return cls._make(
            size,
            ordered,
            cell_cage,
            difficulty=_difficulty_of(difficulty),
            multiplication_only=_flag(multiplication_only),
            seed=None,
            solution=None if solution is None else _check_solution(solution, size),
        )

    @classmethod
    def from_seed(
        cls,
        size: int,
        seed: str,
        *,
        difficulty: Difficulty | str | None = None,
        multiplication_only: bool = False,
    ) -> Puzzle:
        """The puzzle of a random-seed ID (``6dn#seed``), expanded as Keen expands it (no
        difficulty: Normal, the game's default); it keeps its seed. Sizes outside 3 to 9,
        which the game does not make, keep the parameters and seed text only, no cages. The
        seed is any text the real program takes (it ends at a NUL, so none may be in it)."""
        _check_size(size)
        _check_seed(seed)
        level = _difficulty_of(difficulty)
        mult = _flag(multiplication_only)
        cages, cell_cage = _expand(size, seed, level, mult)
        return cls._make(size, cages, cell_cage, difficulty=level, multiplication_only=mult,
                         seed=seed)

    def copy(self) -> Puzzle:
        """An equal copy (a puzzle never changes, so this is mostly for symmetry with the
        other models)."""
        other = object.__new__(type(self))
        other._fill_values(_GET_FIELDS(self), self._cell_cage)
        return other

    def replace(
        self,
        *,
        size: int | _Keep = _KEEP,
        cages: Iterable[Cage | tuple[Iterable[int], Op | str, int | None]] | _Keep = _KEEP,
        difficulty: Difficulty | str | _Keep | None = _KEEP,
        multiplication_only: bool | _Keep = _KEEP,
        seed: str | _Keep | None = _KEEP,
        solution: str | Sequence[int] | _Keep | None = _KEEP,
        state: PlayerState | _Keep | None = _KEEP,
    ) -> Puzzle:
        """A puzzle with these fields changed and the others kept, as
        :func:`dataclasses.replace`; each is checked as the constructor checks it
        (:class:`ValueError`). ``None`` clears what may be absent: ``solution=None`` removes
        the solution, ``difficulty=None`` the ``d`` parameter, ``state=None`` the player's
        state, ``seed=None`` the seed (the puzzle keeps its cages: :meth:`expand`).

        The parameters of a random-seed ID say which puzzle its seed makes: changing its
        ``size``, ``difficulty``, ``multiplication_only`` or ``seed`` expands the seed again,
        and a solution kept from before is dropped when the cages change. Its cages are the
        seed's: other ``cages`` need ``seed=None`` too."""
        given = {"size": size, "cages": cages, "difficulty": difficulty,
                 "multiplication_only": multiplication_only, "seed": seed,
                 "solution": solution, "state": state}
        changed: dict[str, Any] = {k: v for k, v in given.items() if v is not _KEEP}
        fields = self._fields()
        cell_cage = self._cell_cage
        new_size = fields["size"]
        if "size" in changed:
            new_size = _check_size(changed["size"])
        fields["size"] = new_size
        if "difficulty" in changed:
            fields["difficulty"] = _difficulty_of(changed["difficulty"])
        if "multiplication_only" in changed:
            fields["multiplication_only"] = _flag(changed["multiplication_only"])
        if "seed" in changed:
            fields["seed"] = None if changed["seed"] is None else _check_seed(changed["seed"])
        if fields["seed"] is not None:
            if "cages" in changed:
                raise ValueError("a random-seed ID's cages are the ones its seed makes: "
                                 "replace(seed=None, cages=...) gives other cages")
            made_by = (new_size, fields["seed"], fields["difficulty"],
                       fields["multiplication_only"])
            if made_by != (self._size, self._seed, self._difficulty,
                           self._multiplication_only):  # another puzzle: expand again
                cages_made, cell_cage = _expand(new_size, fields["seed"],
                                                fields["difficulty"],
                                                fields["multiplication_only"])
                if cages_made != fields["cages"]:
                    fields["solution"] = None
                fields["cages"] = cages_made
        elif "cages" in changed or new_size != self._size:
            fields["cages"], cell_cage = _cages_of(
                new_size, fields["cages"] if "cages" not in changed else changed["cages"])
        elif self._seed is not None and not fields["cages"]:
            raise ValueError(f"a random-seed ID of size {new_size} has no cages to expand "
                             "to: Keen makes sizes 3 to 9")
        if "solution" in changed:
            value = changed["solution"]
            fields["solution"] = None if value is None else _check_solution(value, new_size)
            if fields["solution"] is not None and not fields["cages"]:
                raise ValueError("a random-seed ID of a size Keen does not make has no "
                                 "cages: it cannot carry a solution")
        elif fields["solution"] is not None and "size" in changed:
            fields["solution"] = _check_solution(fields["solution"], new_size)
        if "state" in changed:
            value = changed["state"]
            fields["state"] = None if value is None else _check_state(value, new_size)
        elif fields["state"] is not None:
            _check_state(fields["state"], new_size)
        return self._from_fields(fields, cell_cage)

    def expand(self) -> Puzzle:
        """The same puzzle in its description form: for a random-seed ID (``6dh#12345``), a
        copy without the seed, written as the description ID (``6dh:<desc>``) that the game
        shows for it, with the same cages, parameters, solution and state; any other puzzle
        is already in that form and comes back equal. A format that holds descriptions but
        no seed (``keen-save``) takes it. :class:`ValueError` for a seed ID of a size Keen
        does not make (outside 3 to 9), which has no cages to describe. The same as
        ``replace(seed=None)``."""
        return self.replace(seed=None)

    def with_solution(self, solution: str | Sequence[int] | None) -> Puzzle:
        """A copy carrying ``solution`` (or none): ``replace(solution=solution)``."""
        return self.replace(solution=solution)

    def _solved(self, solution: tuple[int, ...]) -> Puzzle:
        """A copy carrying ``solution``, which the solver found (not checked again), without
        the player's state; it shares the kernels' arrays."""
        other = self._from_fields({**self._fields(), "solution": solution, "state": None},
                                  self._cell_cage)
        other._arrays = self._arrays
        return other

    # ------------------------------------------------------------------ properties

    @property
    def size(self) -> int:
        """The grid's width (and height)."""
        return self._size

    @property
    def cages(self) -> tuple[Cage, ...]:
        """The cages, ordered by their first cell (the order of the clues in a game ID)."""
        return self._cages

    @property
    def solution(self) -> tuple[int, ...] | None:
        """The solution, row-major, if one is attached."""
        return self._solution

    @property
    def state(self) -> PlayerState | None:
        """The player's entries and pencil marks (:mod:`puzzlefmt.keen.state`), if known."""
        return self._state

    @property
    def difficulty(self) -> Difficulty | None:
        """The difficulty written in the game ID's parameters (``6dh:``), if any."""
        return self._difficulty

    @property
    def multiplication_only(self) -> bool:
        """The ``m`` flag of the game ID's parameters."""
        return self._multiplication_only

    @property
    def seed(self) -> str | None:
        """The seed text of a random-seed ID (``6dn#<seed>``), else ``None``."""
        return self._seed

    @property
    def is_seed(self) -> bool:
        """True for a puzzle read from a random-seed ID: it writes back as that ID. Its cages
        are the game's own, unless its size is outside 3 to 9 (the game makes no such
        puzzle): then it has no cages to read, solve or draw."""
        return self._seed is not None

    @property
    def cell_count(self) -> int:
        """The number of cells, ``size * size``."""
        return self._size * self._size

    def params(self) -> str:
        """The parameter part of the game ID: ``6``, ``6dn``, ``6dhm``..."""
        text = str(self._size)
        if self._difficulty is not None:
            text += "d" + self._difficulty.letter
        if self._multiplication_only:
            text += "m"
        return text

    # ------------------------------------------------------------------ geometry

    def cell(self, row: int, column: int) -> int:
        """The index of the cell at ``row``, ``column`` (both from 0)."""
        w = self._size
        if not (0 <= row < w and 0 <= column < w):
            raise IndexError(f"no cell at row {row}, column {column} in a {w}x{w} grid")
        return row * w + column

    def position(self, cell: int) -> tuple[int, int]:
        """``(row, column)`` of a cell index (both from 0)."""
        self._check_cell(cell)
        return divmod(cell, self._size)

    def _check_cell(self, cell: int) -> None:
        if not 0 <= cell < self._size * self._size:
            raise IndexError(f"no cell {cell} in a {self._size}x{self._size} grid")
        if not self._cages:
            raise ValueError("a random-seed ID of a size Keen does not make has no cages")

    def cage_index(self, cell: int) -> int:
        """The index in :attr:`cages` of the cage holding ``cell``."""
        self._check_cell(cell)
        return self._cell_cage[cell]

    @property
    def cage_indices(self) -> tuple[int, ...]:
        """The cage index (in :attr:`cages`) of every cell, row-major."""
        return self._cell_cage

    def cage_of(self, cell: int) -> Cage:
        """The cage holding ``cell``."""
        return self._cages[self.cage_index(cell)]

    def same_cage(self, a: int, b: int) -> bool:
        """Whether cells ``a`` and ``b`` (row-major indices) are in the same cage."""
        return self.cage_index(a) == self.cage_index(b)

    def has_wall(self, a: int, b: int) -> bool:
        """Whether a cage wall runs between two orthogonally adjacent cells."""
        ra, ca = self.position(a)
        rb, cb = self.position(b)
        if abs(ra - rb) + abs(ca - cb) != 1:
            raise ValueError(f"cells {a} and {b} are not side by side")
        return self._cell_cage[a] != self._cell_cage[b]

    def walls(self, cell: int) -> Walls:
        """The cage walls around ``cell`` (the grid's border counts as a wall)."""
        r, c = self.position(cell)
        w = self._size
        cc = self._cell_cage
        me = cc[cell]
        return Walls(
            top=r == 0 or cc[cell - w] != me,
            right=c == w - 1 or cc[cell + 1] != me,
            bottom=r == w - 1 or cc[cell + w] != me,
            left=c == 0 or cc[cell - 1] != me,
        )

    def clue_cell(self, cage: Cage | int) -> int:
        """The cell where a cage's clue is drawn (its first cell)."""
        found = self._cages[cage] if isinstance(cage, int) else cage
        return found.anchor

    def value_rows(self, values: Sequence[int] | None = None) -> list[list[int]]:
        """``values`` (default: the solution) as a list of rows (was ``rows()`` in 0.1)."""
        vals = values if values is not None else self._solution
        if vals is None:
            raise ValueError("this puzzle has no solution attached")
        w = self._size
        return [list(vals[r * w : (r + 1) * w]) for r in range(w)]

    # ------------------------------------------------------------------ writers

    def desc(self, *, on_misread: OnMisread = "warn") -> str:
        """The description part of the game ID (block structure, comma, clues).

        ``on_misread``: what to do when the block structure has a run of 25 or more cells
        that the real program mis-reads (``"warn"``: a :class:`KeenCompatibilityWarning`;
        ``"error"``: :class:`ValueError`; ``"ignore"``).
        """
        if self._desc is not None:
            return self._desc
        if not self._cages:
            raise ValueError("a random-seed ID of a size Keen does not make (3 to 9) has no "
                             "description")
        return encode_desc(self._size, self._cell_cage, self._cages, on_misread=on_misread,
                           stacklevel=3)

    def game_id(self, *, on_misread: OnMisread = "warn") -> str:
        """The full game ID: ``<params>:<desc>``, or ``<params>#<seed>`` for a seed ID."""
        if self._seed is not None:
            return f"{self.params()}#{self._seed}"
        if self._desc is not None:
            return f"{self.params()}:{self._desc}"
        desc = encode_desc(self._size, self._cell_cage, self._cages, on_misread=on_misread,
                           stacklevel=3)
        return f"{self.params()}:{desc}"

    def to_json(self) -> dict[str, Any]:
        """The JSON form: size, parameters, cages (cells, op, target), solution; it validates
        against :meth:`json_schema` (``schemas/keen.json``). Written by
        :mod:`puzzlefmt.keen._jsoncodec`."""
        return _json.write(self._size, self._difficulty, self._multiplication_only,
                           self._seed, self._cages, self._solution)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Puzzle:
        """Build a puzzle from its JSON form (a dict, or JSON text); see :meth:`to_json`.
        Unknown keys are refused, so that a misspelt key is not silently dropped. Raises
        :class:`PuzzleFormatError` (format ``keen-json``) naming the field."""
        return _from_json(cls, data)

    def picture(self, *, symbols: Symbols = "ascii", solution: bool = True) -> str:
        """A text picture with cage walls, clues and (if known, and ``solution``) the
        solution, ending with a newline. ``symbols``: ``"ascii"`` (``+ x - /``) or
        ``"unicode"`` (``+ × − ÷``)."""
        return _textpicture.draw(self._size, self._cages, self._cell_cage,
                                 self._solution if solution else None, symbols)

    def contents(self) -> frozenset[str]:
        """What this puzzle carries, in the words of ``Format.holds``: ``"givens"`` (the
        cages; a random-seed ID's are the game's), ``"seed"`` (a random-seed ID),
        ``"metadata"`` (a difficulty or the ``m`` flag in the parameters), ``"solution"``
        (one attached), ``"state"`` (a player's entries and pencil marks)."""
        found = {"givens"} if self._cages else set()
        if self.is_seed:
            found.add("seed")
        if self._difficulty is not None or self._multiplication_only:
            found.add("metadata")
        if self._solution is not None:
            found.add("solution")
        if self._state is not None:
            found.add("state")
        return frozenset(found)

    # ------------------------------------------------------------------ rules

    def problems(self) -> list[Problem]:
        """Everything wrong with this puzzle as a Keen puzzle, errors and warnings alike:
        what the real program would refuse or mis-read, empty or unreachable targets, a
        solution that does not fit. Empty for a good puzzle. ``where`` is ``"cage 3"``
        (1-based, in the order of :attr:`cages`), ``"row 2"``, ``"parameters"``..."""
        return find_problems(self._size, self._cages, self._cell_cage,
                             solution=self._solution,
                             multiplication_only=self._multiplication_only, seed=self._seed)

    def status(self) -> Status:
        """The problems as :class:`Status` flags (``Status.VALID``, ``0``, when none)."""
        flags = Status.VALID
        for problem in self.problems():
            flags |= CODES[problem.code]
        return flags

    def check_solution(self, values: Sequence[int]) -> list[str]:
        """What is wrong with ``values`` as a solution (empty: it solves the puzzle)."""
        return [text for _, text in solution_faults(self._size, self._cages, values)]

    def solve(self, limit: int = 2) -> SolveResult[Puzzle]:
        """Count solutions up to ``limit``; keep up to two, each this puzzle with that
        solution attached. The search gives up after :data:`SOLVE_TIMEOUT` seconds
        (``status == "unknown"``, ``complete`` False), as it does for a random-seed ID of a
        size Keen does not make (no cages to solve). Another bound, or none, is the solver's
        option: ``puzzlefmt.keen.solve(puzzle, limit, timeout=seconds or None)``."""
        return self._solve(limit)

    def grade(self) -> Difficulty | None:
        """The difficulty the real program would give (``None``: no unique solution)."""
        level: Difficulty | None = self._run("grade")
        return level

    @classmethod
    def _keen_engines(cls) -> KeenEngines:
        engines = cls._engines()
        if not isinstance(engines, KeenEngines):  # pragma: no cover - keen.family installs
            raise RuntimeError("the Keen engines are not installed: import puzzlefmt.keen")
        return engines

    # ------------------------------------------------------------------ dunders

    def _key(self) -> tuple[Any, ...]:
        values: tuple[Any, ...] = _GET_FIELDS(self)
        return values

    def __repr__(self) -> str:
        seed = self._seed
        if seed is not None and (seed != seed.strip() or "\n" in seed or "\r" in seed):
            # Such a seed does not read back from one line of text: build it instead.
            extra = "" if self._difficulty is None else f", difficulty={self._difficulty.letter!r}"
            if self._multiplication_only:
                extra += ", multiplication_only=True"
            return f"Puzzle.from_seed({self._size}, {seed!r}{extra})"
        text = self.game_id(on_misread="ignore")
        if self._solution is None:
            return f"Puzzle({text!r})"
        return f"Puzzle({text!r}, solution={format_solution(self._solution, self._size)!r})"

    def __str__(self) -> str:
        if not self._cages:
            return self.game_id()
        return self.picture().rstrip("\n")

    def _repr_svg_(self) -> str:
        """Jupyter shows a puzzle as its SVG picture; a random-seed ID of a size Keen does
        not make, which has no cages to draw, as a card with its game ID."""
        card = self._keen_engines().seed_card
        if not self._cages and card is not None:
            return card(self)
        return super()._repr_svg_()

    def __iter__(self) -> Iterator[Cage]:
        return iter(self._cages)

    def __len__(self) -> int:
        return len(self._cages)

    def __reduce__(self) -> tuple[Any, ...]:
        # Compact pickles for batch workers: the fields, not the cached kernel arrays.
        return (_rebuild, (self._key(), self._cell_cage))


def _rebuild(values: tuple[Any, ...], cell_cage: tuple[int, ...]) -> Puzzle:
    puzzle = object.__new__(Puzzle)
    puzzle._fill_values(values, cell_cage)
    return puzzle


# ---------------------------------------------------------------------- helpers


def _encodable(text: str) -> bool:
    """Whether ``text`` is real text (no unpaired surrogate): what the real program, and the
    seed's SHA-1, take as bytes."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _expand(
    size: int, seed: str, difficulty: Difficulty | None, multiplication_only: bool
) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    """The cages Keen makes from a seed and the cage index of each cell; none for a size
    it does not make. The expander (:mod:`puzzlefmt.keen.seed`, with its kernels) is one of
    the engines :mod:`puzzlefmt.keen.family` installs."""
    if size not in UPSTREAM_SIZES:
        return (), ()
    expand = Puzzle._keen_engines().expand_seed
    if expand is None:  # pragma: no cover - keen.family installs it
        raise RuntimeError("the Keen seed expander is not installed: import puzzlefmt.keen")
    level = Difficulty.NORMAL if difficulty is None else difficulty
    return _check_cages(size, list(expand(size, seed, level, multiplication_only)))


def _read_desc(puzzle: Puzzle) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    """The cages and the cage of each cell of a puzzle made by :meth:`Puzzle._described`."""
    text = f"{puzzle.params()}:{puzzle._desc}"
    quick = decode(text)
    if quick is not None:
        return build(quick[1])
    parsed = parse_game_id(text)  # pragma: no cover - the quick read takes every generated ID
    return parsed.cages, parsed.cell_cage  # pragma: no cover


def _op_of(op: Op | str) -> Op:
    if isinstance(op, Op):
        return op
    if op in ("a", "m", "s", "d"):
        return Op(op)
    return Op.from_word(op)


def _check_size(size: object) -> int:
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= MAX_SIZE:
        raise ValueError(f"size must be an integer from 1 to {MAX_SIZE}, not {size!r}")
    return size


def _check_seed(seed: object) -> str:
    if not isinstance(seed, str) or "\x00" in seed or not _encodable(seed):
        raise ValueError(f"a seed is text without NUL characters (or unpaired surrogates), "
                         f"not {seed!r}")
    return seed


def _flag(value: object) -> bool:
    if value is None:
        raise ValueError("multiplication_only is True or False, not None")
    return bool(value)


def _cages_of(
    size: int, cages: Iterable[Cage | tuple[Iterable[int], Op | str, int | None]]
) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    """Cages given as :class:`Cage` objects or ``(cells, op, target)``, checked for the grid
    (see :func:`_check_cages`)."""
    built: list[Cage] = []
    for item in cages:
        if isinstance(item, Cage):
            built.append(Cage(tuple(sorted(item.cells)), item.op, item.target))
            continue
        cells, op, target = item
        built.append(Cage(tuple(sorted(cells)), _op_of(op), target))
    return _check_cages(size, built)


def _difficulty_of(value: Difficulty | str | None) -> Difficulty | None:
    if value is None or isinstance(value, Difficulty):
        return value
    if len(value) == 1:
        return Difficulty.from_letter(value)
    return Difficulty.from_name(value)


def _check_solution(solution: str | Sequence[int], size: int) -> tuple[int, ...]:
    """A solution in any accepted spelling, as a tuple of ints; ValueError if malformed."""
    if isinstance(solution, str):
        text = solution.strip()
        text = text.removeprefix("S")
        if "," in text:
            parts = text.split(",")
            if not all(p.isascii() and p.isdecimal() and len(p) <= 3 for p in parts):
                raise ValueError(f"a solution is numbers separated by commas, not {solution!r}")
            values = tuple(int(p) for p in parts)
        else:
            if not (text.isascii() and text.isdecimal()):
                raise ValueError(f"a solution is one digit per cell, not {solution!r}")
            values = tuple(int(ch) for ch in text)
    else:
        values = tuple(int(v) for v in solution)
    if len(values) != size * size:
        raise ValueError(
            f"a {size}x{size} solution needs {size * size} values, found {len(values)}"
        )
    bad = next((v for v in values if not 1 <= v <= size), None)
    if bad is not None:
        raise ValueError(f"solution values must be 1 to {size}, found {bad}")
    return values


def _check_state(state: PlayerState, size: int) -> PlayerState:
    if state.size != size:
        raise ValueError(f"a {state.size}x{state.size} player state does not fit a "
                         f"{size}x{size} puzzle")
    return state


def _check_cages(size: int, cages: list[Cage]) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    """Cages ordered by first cell and the cage index of each cell; ValueError if the cages
    do not partition the grid into connected pieces with valid clues."""
    n = size * size
    owner = [-1] * n
    for k, cage in enumerate(cages):
        if not cage.cells:
            raise ValueError(f"cage {k} has no cells")
        if not isinstance(cage.op, Op):
            raise ValueError(f"cage {k}: op must be an Op, not {cage.op!r}")
        t = cage.target
        if t is not None and (not isinstance(t, int) or isinstance(t, bool) or t < 0):
            raise ValueError(f"cage {k}: a target is a whole number >= 0 or None, not {t!r}")
        if t is not None and t >= TARGET_LIMIT:
            raise ValueError(f"cage {k}: a target has at most {MAX_TARGET_DIGITS} digits")
        for cell in cage.cells:
            if not isinstance(cell, int) or not 0 <= cell < n:
                raise ValueError(f"cage {k}: no cell {cell!r} in a {size}x{size} grid")
            if owner[cell] >= 0:
                raise ValueError(f"cell {cell} is in cage {owner[cell]} and cage {k}")
            owner[cell] = k
        if cage.op in (Op.SUB, Op.DIV) and cage.area != 2:
            raise ValueError(
                f"cage {k}: subtraction and division cages must have 2 cells, "
                f"not {cage.area}"
            )
        if not _connected(cage.cells, size):
            raise ValueError(f"cage {k} (cells {list(cage.cells)}) is not connected")
    missing = [i for i in range(n) if owner[i] < 0]
    if missing:
        raise ValueError(f"cells {missing[:8]} are in no cage")
    ordered = tuple(sorted(cages, key=lambda c: c.anchor))
    index = {c.anchor: i for i, c in enumerate(ordered)}
    cell_cage = [0] * n
    for cage in ordered:
        for cell in cage.cells:
            cell_cage[cell] = index[cage.anchor]
    return ordered, tuple(cell_cage)


def _connected(cells: tuple[int, ...], size: int) -> bool:
    members = set(cells)
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        cell = stack.pop()
        r, c = divmod(cell, size)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < size and 0 <= cc < size:
                nb = rr * size + cc
                if nb in members and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
    return len(seen) == len(members)


# ---------------------------------------------------------------------- the JSON form


def _from_json(
    cls: type[Puzzle], data: Mapping[str, Any] | str, *, line: int | None = None
) -> Puzzle:
    """:meth:`Puzzle.from_json`, with the line a record starts at (for collections): the
    object read by :mod:`puzzlefmt.keen._jsoncodec`, the puzzle built from it here."""
    head = _json.read_head(data, line=line)
    if head.seed is not None:
        return _seeded(cls, head, line)
    if not isinstance(head.cages, list):
        raise _json.bad("cages", "a list of cages", head.cages, line)
    cages = _json.read_cages(head.cages, line)
    solution = None if head.solution is None else _json.read_solution(head.solution, line)
    try:
        return cls.from_cages(head.size, cages, solution=solution, difficulty=head.difficulty,
                              multiplication_only=head.multiplication_only)
    except ValueError as exc:
        field = "solution" if "solution" in str(exc) else "cages"
        raise PuzzleFormatError(f"{field}: {exc}", format=_json.FORMAT, line=line,
                                expected="cages that cover the grid", found=str(exc)) from None


def _seeded(cls: type[Puzzle], head: _json.Head, line: int | None) -> Puzzle:
    """A random-seed ID's object: the seed expanded, checked against the cages given
    (``"cages": null`` is read as the cages the game makes)."""
    seed, size = head.seed, head.size
    if not isinstance(seed, str):
        raise _json.bad("seed", "text or null", seed, line)
    try:
        puzzle = cls.from_seed(size, seed, difficulty=head.difficulty,
                               multiplication_only=head.multiplication_only)
    except ValueError as exc:
        raise _json.bad("seed", str(exc), seed, line) from None
    cages_data, solution = head.cages, head.solution
    if not puzzle.cages:
        if cages_data is not None or solution is not None:
            raise _json.bad("cages", f"null for a random-seed ID of size {size} (Keen makes "
                            "sizes 3 to 9: it has no cages)", cages_data, line)
        return puzzle
    if cages_data is not None:
        if not isinstance(cages_data, list):
            raise _json.bad("cages", "a list of cages or null", cages_data, line)
        given = _json.read_cages(cages_data, line)
        mine = {(c.cells, c.op, c.target) for c in puzzle.cages}
        if {(tuple(sorted(c.cells)), c.op, c.target) for c in given} != mine or len(
                given) != len(mine):
            raise _json.bad("cages", f"the cages Keen makes from the seed {seed!r}",
                            cages_data, line)
    if solution is None:
        return puzzle
    values = _json.read_solution(solution, line)
    try:
        return puzzle.with_solution(values)
    except ValueError as exc:
        raise _json.bad("solution", str(exc), solution, line) from None
