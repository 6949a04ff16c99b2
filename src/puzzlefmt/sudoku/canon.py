"""Canonical (minlex) forms of Sudoku grids and puzzles, and the symmetries that reach them.

Two grids are equivalent when one turns into the other by a *validity-preserving
transformation*: transposing, permuting the three bands, the rows inside a band, the three
stacks, the columns inside a stack (3,359,232 positional symmetries in all), and relabelling
the digits. The minlex form is the smallest 81-character image over all of them, digits
relabelled in order of first appearance, blanks written ``0``:

>>> from puzzlefmt.sudoku.canon import minlex
>>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> form, t = minlex(puzzle)
>>> form
'000000001000001023004050000000000500000600740380000000000002000007000600010008000'
>>> t.apply(puzzle)
'........1.....1.23..4.5..........5.....6..74.38............2.....7...6...1...8...'
>>> t.inverse().apply(form) == puzzle.replace(".", "0")
True

A full solution grid's form starts ``123456789``. For puzzles two conventions are in use and
they often disagree (measured: the forms differ for 28,846 of Royle's 49,158 17-clue puzzles
and 36,975 of the 48,765 hardest):

- ``"string"`` (the default): the true minimum of the 81-character string, ``0`` below every
  digit;
- ``"pattern"``: the smallest clue pattern first (blank/clue map, read row by row), the digits
  deciding only between symmetries that give that same pattern (dobrichev's *patminlex*).

Equivalent grids have the same form under either convention, so the form is a key for finding
duplicates (:func:`unique_indices`). The search runs in a numba kernel
(:mod:`puzzlefmt.sudoku._kernels.canon`); numba and numpy are imported on first use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, overload

from puzzlefmt._aot import load_numpy
from puzzlefmt._jit import notice_if_cold, tier
from puzzlefmt.sudoku.grid import Grid

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "Convention",
    "Transform",
    "canonical",
    "canonical_many",
    "clues",
    "minlex",
    "minlex_array",
    "unique_indices",
]

#: Which minimum the canonical form is: ``"string"`` (the smallest 81-character string, the default)
#: or ``"pattern"`` (the smallest clue pattern first; dobrichev's *patminlex*).
Convention = Literal["string", "pattern"]
CONVENTIONS: tuple[Convention, ...] = ("string", "pattern")

_TO_TEXT = bytes.maketrans(bytes(range(10)), b"0123456789")
_IDENTITY9 = tuple(range(9))
_DIGITS = tuple(range(1, 10))


def _is_line_perm(perm: Sequence[int]) -> bool:
    """A permutation of 0-8 that keeps the three groups (bands or stacks) whole."""
    if sorted(perm) != list(range(9)):
        return False
    groups = [{p // 3 for p in perm[3 * k : 3 * k + 3]} for k in range(3)]
    return all(len(g) == 1 for g in groups)


@dataclass(frozen=True, slots=True)
class Transform:
    """A validity-preserving transformation of a 9x9 grid.

    Applied as: transpose first (when ``transpose``), then output row ``i`` is row
    ``rows[i]`` and output column ``j`` is column ``cols[j]``, then digit ``d`` becomes
    ``digits[d - 1]`` (blanks stay blank). ``rows`` and ``cols`` keep bands and stacks whole.

    >>> t = Transform(rows=(1, 0, 2, 3, 4, 5, 6, 7, 8), digits=(2, 1, 3, 4, 5, 6, 7, 8, 9))
    >>> t.apply([1] + [0] * 8 + [0, 1] + [0] * 70)[:11]
    [0, 2, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    >>> t.inverse().then(t) == Transform()
    True
    """

    transpose: bool = False
    rows: tuple[int, ...] = _IDENTITY9
    cols: tuple[int, ...] = _IDENTITY9
    digits: tuple[int, ...] = _DIGITS

    def __post_init__(self) -> None:
        object.__setattr__(self, "transpose", bool(self.transpose))
        object.__setattr__(self, "rows", tuple(int(r) for r in self.rows))
        object.__setattr__(self, "cols", tuple(int(c) for c in self.cols))
        object.__setattr__(self, "digits", tuple(int(d) for d in self.digits))
        if not _is_line_perm(self.rows):
            raise ValueError(f"rows must permute bands and rows within bands, found {self.rows}")
        if not _is_line_perm(self.cols):
            raise ValueError(
                f"cols must permute stacks and columns within stacks, found {self.cols}"
            )
        if sorted(self.digits) != list(_DIGITS):
            raise ValueError(f"digits must be a permutation of 1-9, found {self.digits}")

    # ------------------------------------------------------------------ algebra

    @property
    def source_index(self) -> tuple[int, ...]:
        """For each output cell, the input cell it comes from."""
        if self.transpose:
            return tuple(9 * c + r for r in self.rows for c in self.cols)
        return tuple(9 * r + c for r in self.rows for c in self.cols)

    def inverse(self) -> Transform:
        """The transformation that undoes this one."""
        rinv = [0] * 9
        cinv = [0] * 9
        dinv = [0] * 9
        for i, r in enumerate(self.rows):
            rinv[r] = i
        for j, c in enumerate(self.cols):
            cinv[c] = j
        for d, e in enumerate(self.digits, start=1):
            dinv[e - 1] = d
        if self.transpose:
            return Transform(True, tuple(cinv), tuple(rinv), tuple(dinv))
        return Transform(False, tuple(rinv), tuple(cinv), tuple(dinv))

    def then(self, other: Transform) -> Transform:
        """This transformation followed by ``other``: ``a.then(b).apply(x) ==
        b.apply(a.apply(x))``."""
        digits = tuple(other.digits[d - 1] for d in self.digits)
        if other.transpose:
            rows = tuple(self.cols[r] for r in other.rows)
            cols = tuple(self.rows[c] for c in other.cols)
            return Transform(not self.transpose, rows, cols, digits)
        rows = tuple(self.rows[r] for r in other.rows)
        cols = tuple(self.cols[c] for c in other.cols)
        return Transform(self.transpose, rows, cols, digits)

    def compose(self, other: Transform) -> Transform:
        """``self`` after ``other`` (function composition): ``a.compose(b).apply(x) ==
        a.apply(b.apply(x))``."""
        return other.then(self)

    # ------------------------------------------------------------------ applying

    @overload
    def apply(self, values: str) -> str: ...
    @overload
    def apply(self, values: Grid) -> Grid: ...
    @overload
    def apply(self, values: np.ndarray) -> np.ndarray: ...
    @overload
    def apply(self, values: Sequence[int]) -> list[int]: ...

    def apply(self, values: str | Grid | np.ndarray | Sequence[int]) -> object:
        """Transform 81 cells.

        A string keeps its blank characters (any character but ``1``-``9``); a sequence of
        ints gives a list (0 = blank); a numpy array of shape ``(..., 81)`` gives an array
        of the same shape and dtype; a :class:`Grid` gives a new grid with its givens, placed
        digits, candidates and eliminations moved and relabelled (metadata copied).
        """
        src = self.source_index
        if isinstance(values, str):
            if len(values) != 81:
                raise ValueError(f"expected 81 cells, found {len(values)}")
            table = {str(d): str(e) for d, e in enumerate(self.digits, start=1)}
            return "".join(table.get(values[i], values[i]) for i in src)
        if isinstance(values, Grid):
            return self._apply_grid(values)
        if not isinstance(values, Sequence):  # a numpy array
            if values.shape[-1:] != (81,):
                raise ValueError(f"expected a last axis of 81 cells, found shape {values.shape}")
            moved = values[..., list(src)]
            out = moved.copy()
            for d, e in enumerate(self.digits, start=1):
                out[moved == d] = e
            return out
        cells = [int(v) for v in values]
        if len(cells) != 81:
            raise ValueError(f"expected 81 cells, found {len(cells)}")
        lut = (0, *self.digits)
        return [lut[cells[i]] for i in src]

    def _apply_grid(self, grid: Grid) -> Grid:
        src = self.source_index

        def move_mask(m: int) -> int:
            out = 0
            for d, e in enumerate(self.digits, start=1):
                if m >> (d - 1) & 1:
                    out |= 1 << (e - 1)
            return out

        def masks(cells: Sequence[int] | None) -> list[int] | None:
            return None if cells is None else [move_mask(cells[i]) for i in src]

        return Grid(
            givens=self.apply(grid.givens),
            placed=self.apply(grid.placed),
            candidates=masks(grid.candidates),
            eliminated=masks(grid.eliminated),
            meta=grid.meta,
            sections=grid.sections,
        )


# ---------------------------------------------------------------------- minlex


def minlex(
    values: str | Sequence[int] | np.ndarray, convention: Convention = "string"
) -> tuple[str, Transform]:
    """The minlex form of 81 cells and a transformation that maps them to it.

    ``values``: 81 characters (``1``-``9``; anything else is a blank), or 81 ints (0 =
    blank). Returns the form as 81 characters with ``0`` for blanks, and ``t`` with
    ``t.apply(values) == form`` (for text input, blanks keep their own character) and
    ``t.inverse().apply(form) == values``. Where several transformations reach the form
    (the grid has symmetries), one of them is returned.
    """
    out, trs = _minlex_batch(bytes(_cells(values)), convention)
    return "".join(map(str, out[0].tolist())), _transform(trs[0].tolist())


def minlex_array(puzzles: np.ndarray, convention: Convention = "string") -> np.ndarray:
    """The minlex forms of many grids: ``(n, 81)`` digits (0 = blank) in, uint8 ``(n, 81)``
    out."""
    return _minlex_batch(puzzles, convention)[0]


def canonical(grid: Grid, convention: Convention = "string") -> str:
    """The minlex form of a grid's puzzle (:func:`clues`), as 81 characters with ``0`` for
    blanks: its givens, or for a grid without a given, its placed digits.

    A grid with neither givens nor placed digits but candidates (a Sukaku line) has no
    puzzle to canonicalise: ``ValueError`` says so (its form would be 81 zeros, the same for
    every such grid). No :class:`Transform` is built."""
    digits = clues(grid)
    try:
        raw = bytes(digits)
    except (TypeError, ValueError):
        raw = b""
    if len(raw) != 81 or max(raw) > 9:
        raise ValueError("expected 81 digits from 0 to 9")
    out, _ = _minlex_batch(raw, convention)
    return out.tobytes().translate(_TO_TEXT).decode("ascii")


def clues(grid: Grid) -> Sequence[int]:
    """The digits whose form :func:`canonical` gives: the givens, or for a grid without a
    given, its placed digits. A candidate grid (a PM grid: its solved cells are placed
    digits, no text of that kind marks givens) is the puzzle of those digits: the one its
    solver starts from, and the one the ``line`` writer writes for it. ``ValueError`` for a
    grid of candidates only (placed digits and candidates are otherwise not part of a
    puzzle's identity)."""
    if any(grid.givens):
        return grid.givens
    if any(grid.placed):
        return grid.placed
    if grid.candidates is not None or grid.eliminated is not None:
        raise ValueError("no given to put in canonical form: the grid holds only candidates "
                         "(a Sukaku puzzle), no given or placed digit")
    return grid.givens


def canonical_many(grids: Sequence[Grid], convention: str = "string") -> list[str]:
    """:func:`canonical` of many grids in one batch call of the kernel (``convention``:
    ``"string"`` or ``"pattern"``); ``ValueError`` for a grid :func:`canonical` refuses."""
    out, _ = _minlex_batch(b"".join(bytes(clues(g)) for g in grids), convention)
    return ["".join(map(str, row)) for row in out.tolist()]


def unique_indices(puzzles: np.ndarray, convention: Convention = "string") -> np.ndarray:
    """Indices of the first puzzle of each equivalence class, in input order: ``puzzles[idx]``
    is the collection without duplicates up to symmetry and relabelling."""
    np = load_numpy()

    forms = minlex_array(puzzles, convention)
    if forms.shape[0] == 0:
        return np.zeros(0, dtype=np.intp)  # type: ignore[no-any-return]
    _, first = np.unique(forms, axis=0, return_index=True)
    return np.sort(first)  # type: ignore[no-any-return]


def _minlex_batch(
    puzzles: np.ndarray | bytes, convention: str
) -> tuple[np.ndarray, np.ndarray]:
    """Forms and transformation words of ``(n, 81)`` cells (or their bytes, 81 a puzzle)."""
    # The kernel loader: numpy and numba are imported on the first canonical form, not with
    # the family, so that reading and writing never load them.
    np = load_numpy()

    from puzzlefmt.sudoku._kernels import canon as _canon_kernel  # noqa: PLC0415 - the kernel loader

    notice_if_cold("the canonical-form kernels")
    pattern = _pattern_flag(convention)
    if isinstance(puzzles, bytes):
        # Writable, as minlex_array's arrays: a read-only array is another type to numba,
        # and the kernel would compile twice (a dozen seconds each on first use).
        cells = np.frombuffer(bytearray(puzzles), dtype=np.uint8).reshape(-1, 81)
    else:
        cells = np.asarray(puzzles)
        if cells.ndim != 2 or cells.shape[1] != 81:
            raise ValueError(f"puzzles must have shape (n, 81), found {cells.shape}")
        if cells.size and (cells.dtype.kind not in "iub" or cells.min() < 0 or cells.max() > 9):
            raise ValueError("puzzles must hold integers from 0 to 9")
        cells = np.ascontiguousarray(cells, dtype=np.uint8)
    out = np.empty(cells.shape, dtype=np.uint8)
    trs = np.empty((cells.shape[0], _canon_kernel.TRANSFORM_WORDS), dtype=np.int64)
    if cells.shape[0]:
        with tier(cells.shape[0]):
            _canon_kernel.minlex_batch(cells, pattern, out, trs)
    return out, trs


# ---------------------------------------------------------------------- helpers


def _pattern_flag(convention: str) -> bool:
    if convention not in CONVENTIONS:
        raise ValueError(f"unknown convention {convention!r}; expected 'string' or 'pattern'")
    return convention == "pattern"


def _cells(values: str | Sequence[int] | np.ndarray) -> list[int]:
    if isinstance(values, str):
        if len(values) != 81:
            raise ValueError(f"expected 81 cells, found {len(values)}")
        return [int(c) if c in "123456789" else 0 for c in values]
    cells = [int(v) for v in values]
    if len(cells) != 81 or any(not 0 <= v <= 9 for v in cells):
        raise ValueError("expected 81 digits from 0 to 9")
    return cells


def _transform(words: list[int]) -> Transform:
    return Transform(
        transpose=bool(words[0]),
        rows=tuple(words[1:10]),
        cols=tuple(words[10:19]),
        digits=tuple(words[20:29]),
    )
