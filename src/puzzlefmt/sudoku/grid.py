"""The Sudoku model: a 9x9 grid that keeps givens, placed digits, candidates and metadata apart.

>>> g = Grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> g.clue_count
17
>>> g.line(blank="0")[:9]
'400000805'

- ``givens``: the puzzle's clues (0 = empty).
- ``placed``: digits a solver or player placed (0 = none); never where a given is.
- ``candidates``: pencil marks, one 9-bit mask per cell (bit ``d-1`` set: digit ``d`` still
  possible), or ``None`` when the text carried none. A cell with one candidate is *not* a given.
- ``eliminated``: candidates a player struck out (HoDoKu's ``E`` records), one mask per cell,
  or ``None``.
- ``meta``: named metadata in reading order: SudoCue ``.sdk`` headers by their letter
  (``"A"`` author, ``"D"``, ``"C"``, ``"B"``, ``"S"``, ``"L"``, ``"U"``, ``"N"``, ``"H"``, and any
  unknown letter), ``"comment"`` for text after a puzzle on its line, CSV columns by name.
- ``sections``: extra ``.sdk`` sections (``[State]``, ``[PencilMarks]``...) kept verbatim, in
  order; the key ``"Puzzle"`` (empty list) records that the file started with ``[Puzzle]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "ALL",
    "BOX",
    "COL",
    "PEERS",
    "ROW",
    "UNITS",
    "Grid",
    "digits_of",
    "mask_of",
]

ALL = 0x1FF

ROW = tuple(i // 9 for i in range(81))
COL = tuple(i % 9 for i in range(81))
BOX = tuple((i // 27) * 3 + (i % 9) // 3 for i in range(81))
UNITS: tuple[tuple[int, ...], ...] = (
    tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
    + tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
    + tuple(
        tuple((b // 3) * 27 + (b % 3) * 3 + (k // 3) * 9 + k % 3 for k in range(9))
        for b in range(9)
    )
)
PEERS: tuple[frozenset[int], ...] = tuple(
    frozenset(
        j
        for j in range(81)
        if j != i and (ROW[j] == ROW[i] or COL[j] == COL[i] or BOX[j] == BOX[i])
    )
    for i in range(81)
)


def mask_of(digits: Iterable[int]) -> int:
    """The candidate mask of some digits: ``mask_of([1, 3]) == 0b101``."""
    m = 0
    for d in digits:
        m |= 1 << (d - 1)
    return m


def digits_of(mask: int) -> str:
    """The digits of a mask, ascending, as text: ``digits_of(0b101) == "13"``."""
    return "".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)


def unit_repeats(values: Sequence[int]) -> list[tuple[int, int, int]]:
    """``(first_cell, cell, digit)`` for each cell repeating a digit already seen in its row,
    column or box, in unit order, each pair once (a pair may share a row and a box)."""
    out: list[tuple[int, int, int]] = []
    seen: set[tuple[int, int]] = set()
    for u in UNITS:
        first: dict[int, int] = {}
        for i in u:
            v = values[i]
            if not v:
                continue
            if v not in first:
                first[v] = i
            elif (first[v], i) not in seen:
                seen.add((first[v], i))
                out.append((first[v], i, v))
    return out


def cell_name(i: int) -> str:
    """``r1c1`` style name of cell index ``i`` (0-80)."""
    return f"r{i // 9 + 1}c{i % 9 + 1}"


class Grid:
    """A 9x9 Sudoku: givens, placed digits, candidates, eliminations and metadata.

    ``Grid(text)`` reads any Sudoku text the library knows (detected); ``Grid()`` is empty.
    Keyword arguments build a grid from parts. Writers are methods (``line()``, ``sdk()``...)
    and :func:`puzzlefmt.dumps`.
    """

    __slots__ = ("candidates", "eliminated", "givens", "meta", "placed", "sections")

    givens: list[int]
    placed: list[int]
    candidates: list[int] | None
    eliminated: list[int] | None
    meta: dict[str, str]
    sections: dict[str, list[str]]

    def __init__(
        self,
        text: str | None = None,
        *,
        givens: Sequence[int] | str | None = None,
        placed: Sequence[int] | str | None = None,
        candidates: Sequence[int] | None = None,
        eliminated: Sequence[int] | None = None,
        meta: dict[str, str] | None = None,
        sections: dict[str, list[str]] | None = None,
    ) -> None:
        if text is not None:
            other = _read_any(text)
            self.givens = other.givens
            self.placed = other.placed
            self.candidates = other.candidates
            self.eliminated = other.eliminated
            self.meta = other.meta
            self.sections = other.sections
            return
        self.givens = _cells(givens)
        self.placed = _cells(placed)
        self.candidates = _masks(candidates)
        self.eliminated = _masks(eliminated)
        self.meta = dict(meta or {})
        self.sections = {k: list(v) for k, v in (sections or {}).items()}
        for i in range(81):
            if self.givens[i] and self.placed[i]:
                raise ValueError(f"{cell_name(i)} has both a given and a placed digit")

    # ------------------------------------------------------------------ constructors

    @classmethod
    def from_line(cls, line: str) -> Grid:
        """Read an 81-character line (any blank convention, trailing comment kept)."""
        from puzzlefmt.sudoku.line import read_line

        return read_line(line)

    @classmethod
    def from_values(cls, values: Sequence[int] | str) -> Grid:
        """A grid whose givens are ``values`` (81 digits, 0 or ``.`` for empty)."""
        return cls(givens=values)

    @classmethod
    def _solved(cls, puzzle: Grid, placed: list[int]) -> Grid:
        """A solution of ``puzzle``: its givens and metadata, the rest as placed digits
        (``placed`` must be 0 wherever ``puzzle`` has a given; the solver guarantees it)."""
        grid = cls.__new__(cls)
        grid.givens = list(puzzle.givens)
        grid.placed = placed
        grid.candidates = None
        grid.eliminated = None
        grid.meta = dict(puzzle.meta)
        grid.sections = {}
        return grid

    def copy(self) -> Grid:
        return Grid(
            givens=self.givens,
            placed=self.placed,
            candidates=self.candidates,
            eliminated=self.eliminated,
            meta=self.meta,
            sections=self.sections,
        )

    # ------------------------------------------------------------------ queries

    @property
    def values(self) -> list[int]:
        """Givens and placed digits together (0 = unsolved)."""
        return [g or p for g, p in zip(self.givens, self.placed, strict=True)]

    @property
    def clue_count(self) -> int:
        """Number of givens."""
        return sum(1 for g in self.givens if g)

    @property
    def is_solved(self) -> bool:
        """Every cell holds a digit and no unit repeats one."""
        vals = self.values
        return all(vals) and all(len({vals[i] for i in u}) == 9 for u in UNITS)

    def candidate_masks(self) -> list[int]:
        """Candidates per cell: the recorded ones, else those the values leave open (basic
        elimination). A solved cell's mask is its digit. Eliminations are applied."""
        vals = self.values
        if self.candidates is not None:
            masks = [
                1 << (v - 1) if v else c for v, c in zip(vals, self.candidates, strict=True)
            ]
        else:
            masks = []
            for i in range(81):
                if vals[i]:
                    masks.append(1 << (vals[i] - 1))
                    continue
                seen = 0
                for j in PEERS[i]:
                    if vals[j]:
                        seen |= 1 << (vals[j] - 1)
                masks.append(ALL & ~seen)
        if self.eliminated is not None:
            masks = [
                m if vals[i] else m & ~e
                for i, (m, e) in enumerate(zip(masks, self.eliminated, strict=True))
            ]
        return masks

    def conflicts(self) -> list[tuple[int, int, int]]:
        """Pairs of cells in one unit holding the same digit: ``(cell_a, cell_b, digit)``."""
        return sorted(unit_repeats(self.values))

    def problems(self) -> list[str]:
        """Rule problems in words: repeated digits, cells with no candidate left. Empty: the
        grid breaks no rule on its face (it may still have 0 or several solutions)."""
        msgs = [
            f"{d} appears twice: {cell_name(a)} and {cell_name(b)}" for a, b, d in self.conflicts()
        ]
        if self.candidates is not None:
            for i, m in enumerate(self.candidates):
                if not self.values[i] and m == 0:
                    msgs.append(f"{cell_name(i)} has no candidate left")
        return msgs

    def is_valid(self) -> bool:
        """No rule problem on the grid's face (see :meth:`problems`)."""
        return not self.problems()

    # ------------------------------------------------------------------ writers

    def line(self, blank: str = ".", *, values: bool = False, comment: bool = False) -> str:
        """The 81-character line. ``values=True`` includes placed digits; ``comment=True``
        appends the ``comment`` metadata after a space."""
        from puzzlefmt.sudoku.line import write_line

        return write_line(self, blank=blank, values=values, comment=comment)

    def sdk(self, **options: Any) -> str:
        """SadMan/SudoCue ``.sdk`` text (see :func:`puzzlefmt.sudoku.sdk.write_sdk`)."""
        from puzzlefmt.sudoku.sdk import write_sdk

        return write_sdk(self, **options)

    def ss(self, **options: Any) -> str:
        """Simple Sudoku ``.ss`` text (see :func:`puzzlefmt.sudoku.ss.write_ss`)."""
        from puzzlefmt.sudoku.ss import write_ss

        return write_ss(self, **options)

    def pm_grid(self, **options: Any) -> str:
        """The candidate grid picture (see :func:`puzzlefmt.sudoku.pmgrid.write_pm_grid`)."""
        from puzzlefmt.sudoku.pmgrid import write_pm_grid

        return write_pm_grid(self, **options)

    # ------------------------------------------------------------------ dunder

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return (
            self.givens == other.givens
            and self.placed == other.placed
            and self.candidates == other.candidates
            and self.eliminated == other.eliminated
            and self.meta == other.meta
            and self.sections == other.sections
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __reduce__(self) -> tuple[object, ...]:
        # Compact pickles: batch workers receive grids by the thousand.
        return (
            _unpickle,
            (
                bytes(self.givens),
                bytes(self.placed) if any(self.placed) else None,
                self.candidates,
                self.eliminated,
                self.meta or None,
                self.sections or None,
            ),
        )

    def __repr__(self) -> str:
        if (
            self.candidates is None
            and not any(self.placed)
            and self.eliminated is None
            and not self.meta
            and not self.sections
        ):
            return f"Grid({self.line()!r})"
        parts = [f"givens={self.line()!r}"]
        if any(self.placed):
            parts.append(f"placed={''.join(str(d) for d in self.placed)!r}")
        if self.candidates is not None:
            parts.append(f"candidates={self.candidates!r}")
        if self.eliminated is not None:
            parts.append(f"eliminated={self.eliminated!r}")
        if self.meta:
            parts.append(f"meta={self.meta!r}")
        if self.sections:
            parts.append(f"sections={self.sections!r}")
        return f"Grid({', '.join(parts)})"

    def __str__(self) -> str:
        """Text picture: the Simple Sudoku grid, or the candidate grid when there are marks."""
        from puzzlefmt.sudoku.pmgrid import write_pm_grid
        from puzzlefmt.sudoku.ss import write_ss

        if self.candidates is not None:
            return write_pm_grid(self).rstrip("\n")
        return write_ss(self, values=True, records=False).rstrip("\n")

    def _repr_svg_(self) -> str:
        from puzzlefmt import registry

        fam = registry.family("sudoku")
        if fam.svg is None:
            raise NotImplementedError
        return fam.svg(self)


def _unpickle(
    givens: bytes,
    placed: bytes | None,
    candidates: list[int] | None,
    eliminated: list[int] | None,
    meta: dict[str, str] | None,
    sections: dict[str, list[str]] | None,
) -> Grid:
    grid = Grid.__new__(Grid)
    grid.givens = list(givens)
    grid.placed = list(placed) if placed is not None else [0] * 81
    grid.candidates = candidates
    grid.eliminated = eliminated
    grid.meta = meta or {}
    grid.sections = sections or {}
    return grid


def _cells(src: Sequence[int] | str | None) -> list[int]:
    if src is None:
        return [0] * 81
    if isinstance(src, str):
        if len(src) != 81:
            raise ValueError(f"expected 81 cells, found {len(src)}")
        return [int(c) if c in "123456789" else 0 for c in src]
    out = list(src) if isinstance(src, list | bytes | bytearray) else [int(v) for v in src]
    try:
        ok = len(out) == 81 and min(out) >= 0 and max(out) <= 9
    except TypeError:
        ok = False
    if not ok:
        raise ValueError("expected 81 digits from 0 to 9")
    return out


def _masks(src: Sequence[int] | None) -> list[int] | None:
    if src is None:
        return None
    out = [int(v) for v in src]
    if len(out) != 81 or any(not 0 <= v <= ALL for v in out):
        raise ValueError("expected 81 candidate masks from 0 to 511")
    return out


def _read_any(text: str) -> Grid:
    from puzzlefmt import registry
    from puzzlefmt.errors import PuzzleFormatError

    ranked = [c for c in registry.detect(text) if c.family == "sudoku"]
    if not ranked:
        raise PuzzleFormatError(
            "expected a Sudoku in a known format, found text no Sudoku format recognises",
            format="sudoku",
        )
    fmt = registry.get_format(ranked[0].format)
    value = fmt.read(text)
    if not isinstance(value, Grid):
        if isinstance(value, list) and len(value) == 1 and isinstance(value[0], Grid):
            return value[0]
        raise PuzzleFormatError(
            f"expected one Sudoku, found a collection of {len(value)}", format=fmt.name
        )
    return value
