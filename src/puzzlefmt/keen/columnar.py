"""The Keen fast path: blocks of game ID lines as arrays, solved by the kernels, written in
one go.

:func:`decode_lines` and :func:`solve_lines` are the block API for Python (and for
:mod:`puzzlefmt.dask`'s partitions): lines in, numpy arrays out, with no per-record object.
A line is taken when it is a plain game ID of size 1 to 9 (``6:<desc>``, ``6dhm:<desc>``:
no blanks, no solution after it, no random seed) that the reader accepts, with repeat
counts of at most four digits and targets of at most 18; every other line is left out
(``ok`` is False for it), so that the caller reads it with the reader (which accepts it or
says why not). What is taken decodes to the puzzle the reader makes of the line.

:func:`block_solve` is the family's :class:`~puzzlefmt.columnar.Columnar` fast path for
``puzzlefmt solve``: for each line it takes, the exact text the record-by-record path
writes; the lines it leaves (and a puzzle with no solution, or one the solver needs more
than its first slice of work for) go through the record-by-record path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from puzzlefmt._jit import interpreted, tier
from puzzlefmt.columnar import LineResults, solve_texts
from puzzlefmt.keen._kernels import solve as kern
from puzzlefmt.keen._kernels.batch import PLAIN_SLICE_WORK, SLICE_WORK
from puzzlefmt.keen._kernels.ids import MAXN, decode_ids

__all__ = ["IdArrays", "SolveArrays", "block_solve", "decode_lines", "solve_lines"]

I64 = npt.NDArray[np.int64]


@dataclass(frozen=True)
class IdArrays:
    """:func:`decode_lines`' result. ``ok[i]``: line ``i`` was taken; the other arrays have
    one row per line taken, in order (``m = ok.sum()`` rows).

    - ``size``: the grid's width; ``difficulty``: 0 (Easy) to 4 (Unreasonable), -1 when
      the ID has none; ``multiplication_only``: the ``m`` flag;
    - ``cages``: the number of cages; ``cell_cage[r, c]``: the cage (in the order of the
      clues: by first cell) of cell ``c`` (row-major), -1 past ``size * size``;
    - ``op[r, g]``: cage ``g``'s operation, 0 add, 1 multiply, 2 subtract, 3 divide (-1 past
      ``cages``); ``target[r, g]``: its target, -1 for a clue written without digits;
    - ``cstart[r, g]`` to ``cstart[r, g + 1]``: where cage ``g``'s cells (ascending) are in
      ``ccells[r]``.
    """

    ok: npt.NDArray[np.bool_]
    size: I64
    difficulty: npt.NDArray[np.int8]
    multiplication_only: npt.NDArray[np.bool_]
    cages: I64
    cell_cage: npt.NDArray[np.int8]
    op: npt.NDArray[np.int8]
    target: I64
    cstart: npt.NDArray[np.int16]
    ccells: npt.NDArray[np.int8]


@dataclass(frozen=True)
class SolveArrays:
    """:func:`solve_lines`' result, one row per line taken (see :class:`IdArrays`):
    ``count`` of solutions (up to the limit; -1 where the solver did not finish its first
    slice of work, which the object path then takes on with its time bound) and the first two
    ``solutions`` (``(m, 2, 81)`` digits, row-major; 0 past ``size * size``)."""

    ok: npt.NDArray[np.bool_]
    size: I64
    count: I64
    solutions: npt.NDArray[np.uint8]


def _buffer(lines: Sequence[str]) -> tuple[npt.NDArray[np.uint8], I64, I64]:
    """The lines laid end to end as bytes (a character outside ASCII as ``?``, which no ID
    has), with the start and end of each."""
    n = len(lines)
    lengths = np.fromiter(map(len, lines), dtype=np.int64, count=n)
    ends = np.cumsum(lengths + 1) - 1
    starts = ends - lengths
    raw = "\n".join(lines).encode("ascii", "replace")
    return np.frombuffer(raw, dtype=np.uint8), starts, ends


def decode_lines(lines: Sequence[str]) -> IdArrays:
    """The plain game IDs of a block as arrays (see :class:`IdArrays`)."""
    n = len(lines)
    buf, starts, ends = _buffer(lines)
    ok = np.empty(n, dtype=np.bool_)
    size = np.empty(n, np.int64)
    difficulty = np.empty(n, np.int8)
    mult = np.empty(n, np.bool_)
    cages = np.empty(n, np.int64)
    cell_cage = np.empty((n, MAXN), np.int8)
    cop = np.empty((n, MAXN), np.int8)
    ctarget = np.empty((n, MAXN), np.int64)
    ccells = np.empty((n, MAXN), np.int8)
    cstart = np.empty((n, MAXN + 1), np.int16)
    if n:
        with tier(n):
            decode_ids(buf, starts, ends, ok, size, difficulty, mult, cages, cell_cage, cop,
                       ctarget, ccells, cstart)
    if not ok.all():
        size, difficulty, mult, cages = size[ok], difficulty[ok], mult[ok], cages[ok]
        cell_cage, cop, ctarget = cell_cage[ok], cop[ok], ctarget[ok]
        ccells, cstart = ccells[ok], cstart[ok]
    return IdArrays(ok, size, difficulty, mult, cages, cell_cage, cop, ctarget, cstart,
                    ccells)


def solve_lines(lines: Sequence[str], limit: int = 2) -> SolveArrays:
    """Decode and solve the plain game IDs of a block, counting solutions up to ``limit``
    (see :class:`SolveArrays`)."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a whole number of at least 1, not {limit!r}")
    ids = decode_lines(lines)
    return _solve(ids, limit)


def _solve(ids: IdArrays, limit: int) -> SolveArrays:
    m = len(ids.size)
    counts = np.zeros(m, np.int64)
    sols = np.zeros((m, 2, MAXN), np.int64)
    if m:
        cells = ids.size * ids.size
        cell_off = np.zeros(m + 1, np.int64)
        cage_off = np.zeros(m + 1, np.int64)
        np.cumsum(cells, out=cell_off[1:])
        np.cumsum(ids.cages, out=cage_off[1:])
        cell_mask = np.arange(MAXN) < cells[:, None]
        cage_mask = np.arange(MAXN) < ids.cages[:, None]
        start_mask = np.arange(MAXN + 1) < ids.cages[:, None]
        # Cage starts made global (the kernel rebases each puzzle's to 0), then the end.
        cstart = np.append((ids.cstart + cell_off[:-1, None])[start_mask], cell_off[-1])
        ccells = ids.ccells[cell_mask].astype(np.int64)
        cell_cage = ids.cell_cage[cell_mask].astype(np.int64)
        cop = ids.op[cage_mask].astype(np.int64)
        ctarget = np.maximum(ids.target[cage_mask], 0)  # no digits: 0, as the reader's None
        first = 0
        while first < m:
            with tier(m - first):
                work = PLAIN_SLICE_WORK if interpreted() else SLICE_WORK
                stop = int(kern.solve_batch(ids.size, cell_off, cage_off, cstart, ccells, cop,
                                            ctarget, cell_cage, limit, counts, sols, first,
                                            work))
            if stop < m:
                counts[stop] = -1  # past its first slice: the object path takes it
            first = stop + 1
    return SolveArrays(ids.ok, ids.size, counts, sols.astype(np.uint8))


def _texts(rows: npt.NDArray[np.uint8], cells: list[int]) -> list[str]:
    """One string of digits per row, its first ``cells[r]`` cells."""
    flat = (rows + ord("0")).astype(np.uint8).tobytes().decode("ascii")
    return [flat[k * MAXN : k * MAXN + c] for k, c in enumerate(cells)]


def block_solve(lines: Sequence[str], numbers: Sequence[int], limit: int, count_only: bool
                ) -> LineResults:
    """The ``solve`` block function for game ID lines: each line's solution (``count_only``: its
    count, up to ``limit``) and kind, or None for a line left to the record-by-record path."""
    got = solve_lines(lines, limit)
    counts = got.count.tolist()
    cells = (got.size * got.size).tolist()
    firsts = _texts(got.solutions[:, 0, :], cells)
    seconds = _texts(got.solutions[:, 1, :], cells) if any(c > 1 for c in counts) else []
    # no solution, or not solved in one slice: the object path
    found, kinds = solve_texts(counts, firsts, seconds, count_only)
    texts: list[str | None] = [None] * len(lines)
    names: list[str | None] = [None] * len(lines)
    for k, i in enumerate(np.flatnonzero(got.ok).tolist()):
        texts[i] = found[k]
        names[i] = kinds[k]
    return texts, names
