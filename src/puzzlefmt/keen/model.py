"""The Keen (KenKen) puzzle model.

A :class:`Puzzle` is a ``size`` x ``size`` grid cut into cages; each cage has an operation
(:class:`Op`) and a target. Cells are numbered row-major, ``cell = row * size + column``, as in
Simon Tatham's Keen. A puzzle may also carry a solution and the parameters of its game ID
(difficulty letter, multiplication-only flag). A random-seed ID (``6dn#12345``) is expanded
as the real game expands it (:mod:`puzzlefmt.keen.seed`): the puzzle has the game's cages and
keeps its seed, and writes back as the seed ID. A seed ID of a size the game does not make
(outside 3 to 9) is kept as parameters and a seed, with no cages.

``Puzzle(text)`` parses a game ID (``6:...``, ``6dhm:...``, ``6dn#seed``) or a bare description
(the size then follows from the block structure); ``puzzle.game_id()`` and ``puzzle.desc()``
write it back. Rule problems do not raise: :meth:`Puzzle.problems` lists them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from puzzlefmt.keen.validate import Problem
    from puzzlefmt.registry import SolveResult

__all__ = [
    "MAX_SIZE",
    "Cage",
    "Difficulty",
    "Op",
    "Puzzle",
    "Walls",
    "format_solution",
]

#: The largest grid this library reads, writes and solves. The format has no bound; the real
#: program accepts 3 to 9 (see :data:`UPSTREAM_SIZES`).
MAX_SIZE = 32

#: The sizes the real Keen program accepts ("Grid size must be between 3 and 9").
UPSTREAM_SIZES = range(3, 10)

Symbols = Literal["ascii", "unicode"]
Runs = Literal["documented", "upstream"]
OnMisread = Literal["warn", "error", "ignore"]


class Op(enum.StrEnum):
    """A cage's operation, valued by its letter in a game ID."""

    ADD = "a"
    MUL = "m"
    SUB = "s"
    DIV = "d"

    @property
    def word(self) -> str:
        """``"add"``, ``"mul"``, ``"sub"`` or ``"div"`` (the JSON form's names)."""
        return _OP_WORDS[self]

    def symbol(self, symbols: Symbols = "ascii") -> str:
        """The clue symbol: ``+ x - /`` in ASCII, ``+ × − ÷`` in Unicode (Keen's own)."""
        return (_ASCII if symbols == "ascii" else _UNICODE)[self]

    @classmethod
    def from_word(cls, word: str) -> Op:
        for op, name in _OP_WORDS.items():
            if name == word:
                return op
        raise ValueError(f"unknown operation {word!r}; expected add, mul, sub or div")


_OP_WORDS = {Op.ADD: "add", Op.MUL: "mul", Op.SUB: "sub", Op.DIV: "div"}
_ASCII = {Op.ADD: "+", Op.MUL: "x", Op.SUB: "-", Op.DIV: "/"}
_UNICODE = {Op.ADD: "+", Op.MUL: "×", Op.SUB: "−", Op.DIV: "÷"}


class Difficulty(enum.IntEnum):
    """Keen's difficulty levels, in order; the game ID writes them as ``d`` + letter."""

    EASY = 0
    NORMAL = 1
    HARD = 2
    EXTREME = 3
    UNREASONABLE = 4

    @property
    def letter(self) -> str:
        return "enhxu"[self]

    @property
    def title(self) -> str:
        """The name as Keen prints it: ``Easy`` .. ``Unreasonable``."""
        return self.name.capitalize()

    def __str__(self) -> str:
        return self.title

    @classmethod
    def from_letter(cls, letter: str) -> Difficulty:
        index = "enhxu".find(letter)
        if len(letter) != 1 or index < 0:
            raise ValueError(f"unknown difficulty letter {letter!r}; expected e, n, h, x or u")
        return cls(index)

    @classmethod
    def from_name(cls, name: str) -> Difficulty:
        try:
            return cls[name.upper()]
        except KeyError:
            raise ValueError(
                f"unknown difficulty {name!r}; expected Easy, Normal, Hard, Extreme or "
                "Unreasonable"
            ) from None


@dataclass(frozen=True, slots=True)
class Cage:
    """A cage: its cells (ascending), operation and target.

    ``target`` is ``None`` for a clue written with no digits (``a`` alone), which the real
    program reads as 0.
    """

    cells: tuple[int, ...]
    op: Op
    target: int | None

    @property
    def anchor(self) -> int:
        """The cage's first cell (smallest index): where Keen draws the clue."""
        return self.cells[0]

    @property
    def area(self) -> int:
        return len(self.cells)

    def label(self, symbols: Symbols = "ascii") -> str:
        """The clue as drawn: target then symbol (``12+``); a 1-cell cage shows no symbol."""
        value = "" if self.target is None else str(self.target)
        return value if self.area == 1 else value + self.op.symbol(symbols)

    def clue(self) -> str:
        """The clue as a game ID writes it: op letter and target (``a12``)."""
        return self.op.value + ("" if self.target is None else str(self.target))


class Walls(NamedTuple):
    """Which sides of a cell are cage walls (the grid's border counts as a wall)."""

    top: bool
    right: bool
    bottom: bool
    left: bool


def format_solution(values: Sequence[int], size: int) -> str:
    """A solution as text: one digit per cell for sizes up to 9 (Keen's ``S`` string without
    the ``S``), numbers joined by commas above."""
    if size <= 9:
        return "".join(str(v) for v in values)
    return ",".join(str(v) for v in values)


class Puzzle:
    """A Keen puzzle (a random-seed ID is expanded to the game's puzzle and keeps its seed).

    >>> p = Puzzle("3:a_a3_a_,a3m6m3s1")
    >>> p.size, len(p.cages)
    (3, 4)
    >>> p.cage_of(4).clue()
    'm6'
    >>> p.game_id()
    '3:a_a3_a_,a3m6m3s1'

    ``size`` must be given for a bare description only when it should be checked; it is
    otherwise worked out from the block structure. ``solution`` (digits, ``S`` + digits, or a
    sequence of numbers) is attached and checked for shape. ``runs="upstream"`` reads ``y`` and
    ``z`` in the block structure as the real program does (see ``docs/keen.md``).
    Raises :class:`~puzzlefmt.errors.PuzzleFormatError` for text that cannot be parsed.
    """

    __slots__ = (
        "_arrays",
        "_cages",
        "_cell_cage",
        "_difficulty",
        "_multiplication_only",
        "_seed",
        "_size",
        "_solution",
    )

    _size: int
    _cages: tuple[Cage, ...]
    _cell_cage: tuple[int, ...]
    _solution: tuple[int, ...] | None
    _difficulty: Difficulty | None
    _multiplication_only: bool
    _seed: str | None
    _arrays: Any

    def __init__(
        self,
        game_id: str,
        *,
        size: int | None = None,
        solution: str | Sequence[int] | None = None,
        runs: Runs = "documented",
    ) -> None:
        from puzzlefmt.keen.gameid import parse_game_id

        parsed = parse_game_id(game_id, size=size, runs=runs)
        cages, cell_cage = parsed.cages, parsed.cell_cage
        if parsed.seed is not None:
            cages, cell_cage = _expand(parsed.size, parsed.seed, parsed.difficulty,
                                       parsed.multiplication_only)
        self._setup(
            parsed.size,
            cages,
            cell_cage,
            difficulty=parsed.difficulty,
            multiplication_only=parsed.multiplication_only,
            seed=parsed.seed,
        )
        if solution is not None:
            self._solution = _check_solution(solution, self._size)

    # ------------------------------------------------------------------ construction

    def _setup(
        self,
        size: int,
        cages: tuple[Cage, ...],
        cell_cage: tuple[int, ...],
        *,
        difficulty: Difficulty | None,
        multiplication_only: bool,
        seed: str | None,
        solution: tuple[int, ...] | None = None,
    ) -> None:
        self._size = size
        self._cages = cages
        self._cell_cage = cell_cage
        self._difficulty = difficulty
        self._multiplication_only = multiplication_only
        self._seed = seed
        self._solution = solution
        self._arrays = None

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
        if not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
            raise ValueError(f"size must be an integer from 1 to {MAX_SIZE}, not {size!r}")
        built: list[Cage] = []
        for item in cages:
            if isinstance(item, Cage):
                built.append(Cage(tuple(sorted(item.cells)), item.op, item.target))
                continue
            cells, op, target = item
            built.append(Cage(tuple(sorted(cells)), _op_of(op), target))
        ordered, cell_cage = _check_cages(size, built)
        puzzle = cls.__new__(cls)
        puzzle._setup(
            size,
            ordered,
            cell_cage,
            difficulty=_difficulty_of(difficulty),
            multiplication_only=bool(multiplication_only),
            seed=None,
            solution=None if solution is None else _check_solution(solution, size),
        )
        return puzzle

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
        which the game does not make, keep the parameters and seed text only, no cages."""
        if not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
            raise ValueError(f"size must be an integer from 1 to {MAX_SIZE}, not {size!r}")
        if seed != seed.strip() or any(ch in seed for ch in "\r\n\x00"):
            raise ValueError(f"a seed is text on one line without surrounding spaces, "
                             f"not {seed!r}")
        level = _difficulty_of(difficulty)
        mult = bool(multiplication_only)
        cages, cell_cage = _expand(size, seed, level, mult)
        puzzle = cls.__new__(cls)
        puzzle._setup(
            size,
            cages,
            cell_cage,
            difficulty=level,
            multiplication_only=mult,
            seed=seed,
        )
        return puzzle

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> Puzzle:
        """Build a puzzle from its JSON form (a dict, or JSON text); see :meth:`to_json`."""
        from puzzlefmt.keen.json_form import puzzle_from_json

        return puzzle_from_json(data)

    def replace(
        self,
        *,
        solution: str | Sequence[int] | Literal[False] | None = False,
        difficulty: Difficulty | str | Literal[False] | None = False,
        multiplication_only: bool | None = None,
    ) -> Puzzle:
        """A copy with some parameters changed (``False``/``None`` keep or clear them:
        ``solution=None`` removes the solution, leaving it out keeps it).

        The parameters of a random-seed ID say which puzzle its seed makes: changing them
        expands the seed again (and drops a solution kept from before)."""
        other = Puzzle.__new__(Puzzle)
        new_solution = self._solution
        level = self._difficulty if difficulty is False else _difficulty_of(difficulty)
        mult = (self._multiplication_only if multiplication_only is None
                else bool(multiplication_only))
        cages, cell_cage = self._cages, self._cell_cage
        if self._seed is not None and (level, mult) != (self._difficulty,
                                                         self._multiplication_only):
            cages, cell_cage = _expand(self._size, self._seed, level, mult)
            if cages != self._cages:
                new_solution = None
        if solution is not False:
            new_solution = None if solution is None else _check_solution(solution, self._size)
            if new_solution is not None and not cages:
                raise ValueError("a random-seed ID of a size Keen does not make has no "
                                 "cages: it cannot carry a solution")
        other._setup(
            self._size,
            cages,
            cell_cage,
            difficulty=level,
            multiplication_only=mult,
            seed=self._seed,
            solution=new_solution,
        )
        return other

    def with_solution(self, solution: str | Sequence[int] | None) -> Puzzle:
        """A copy carrying ``solution`` (or none)."""
        return self.replace(solution=solution)

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

    def rows(self, values: Sequence[int] | None = None) -> list[list[int]]:
        """``values`` (default: the solution) as a list of rows."""
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
        from puzzlefmt.keen.gameid import encode_desc

        return encode_desc(self, on_misread=on_misread)

    def game_id(self, *, on_misread: OnMisread = "warn") -> str:
        """The full game ID: ``<params>:<desc>``, or ``<params>#<seed>`` for a seed ID."""
        from puzzlefmt.keen.gameid import encode_game_id

        return encode_game_id(self, on_misread=on_misread)

    def to_json(self) -> dict[str, Any]:
        """The JSON form: size, parameters, cages (cells, op, target), solution."""
        from puzzlefmt.keen.json_form import puzzle_to_json

        return puzzle_to_json(self)

    def picture(self, *, symbols: Symbols = "ascii", solution: bool = True) -> str:
        """A text picture with cage walls, clues and (if known) the solution."""
        from puzzlefmt.keen.text import write_text

        return write_text(self, symbols=symbols, solution=solution)

    # ------------------------------------------------------------------ rules

    def problems(self) -> list[Problem]:
        """Everything wrong with this puzzle as a Keen puzzle, errors and warnings alike:
        what the real program would refuse or mis-read, empty or unreachable targets, a
        solution that does not fit. Empty for a good puzzle."""
        from puzzlefmt.keen.validate import problems

        return problems(self)

    def is_valid(self) -> bool:
        """No problems at all (see :meth:`problems`); solving is a separate question."""
        return not self.problems()

    def check_solution(self, values: Sequence[int]) -> list[str]:
        """What is wrong with ``values`` as a solution (empty: it solves the puzzle)."""
        from puzzlefmt.keen.validate import solution_problems

        return solution_problems(self, values)

    def solve(self, limit: int = 2) -> SolveResult:
        """Count solutions up to ``limit``; keep up to two (see :func:`puzzlefmt.keen.solve`)."""
        from puzzlefmt.keen.solver import solve

        return solve(self, limit)

    def grade(self) -> Difficulty | None:
        """The difficulty the real program would give (``None``: no unique solution)."""
        from puzzlefmt.keen.grade import grade

        return grade(self)

    # ------------------------------------------------------------------ dunders

    def _key(self) -> tuple[object, ...]:
        return (
            self._size,
            self._cages,
            self._solution,
            self._difficulty,
            self._multiplication_only,
            self._seed,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        text = self.game_id(on_misread="ignore")
        if self._solution is None:
            return f"Puzzle({text!r})"
        return f"Puzzle({text!r}, solution={format_solution(self._solution, self._size)!r})"

    def __str__(self) -> str:
        if not self._cages:
            return self.game_id()
        return self.picture().rstrip("\n")

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a puzzle as its SVG picture (an unexpanded seed ID has none)."""
        if not self._cages:
            return None
        from puzzlefmt import registry

        fam = registry.family("keen")
        return fam.svg(self) if fam.svg is not None else None

    def __iter__(self) -> Iterator[Cage]:
        return iter(self._cages)

    def __len__(self) -> int:
        return len(self._cages)


# ---------------------------------------------------------------------- helpers


def _expand(
    size: int, seed: str, difficulty: Difficulty | None, multiplication_only: bool
) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    """The cages Keen makes from a seed and the cage index of each cell; none for a size
    it does not make."""
    if size not in UPSTREAM_SIZES:
        return (), ()
    from puzzlefmt.keen.seed import generate
    from puzzlefmt.sgtrandom import RandomState

    level = Difficulty.NORMAL if difficulty is None else difficulty
    cages, _ = generate(size, level, multiplication_only, RandomState(seed))
    return _check_cages(size, list(cages))


def _op_of(op: Op | str) -> Op:
    if isinstance(op, Op):
        return op
    if op in ("a", "m", "s", "d"):
        return Op(op)
    return Op.from_word(op)


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
            if not all(p.isdecimal() for p in parts):
                raise ValueError(f"a solution is numbers separated by commas, not {solution!r}")
            values = tuple(int(p) for p in parts)
        else:
            if not text.isdecimal():
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
