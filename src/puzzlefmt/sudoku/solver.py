"""Solve Sudoku puzzles and count their solutions, one or millions at a time.

>>> from puzzlefmt.sudoku import Grid
>>> from puzzlefmt.sudoku.solver import count_solutions, solve
>>> g = Grid.from_values(
...     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> result = solve(g)
>>> result.status, result.solution.line(values=True)[:9]
('unique', '417369825')
>>> count_solutions(Grid(), limit=5)
5

Counting stops at ``limit``: ``count == limit`` means "at least ``limit``". The default limit
of 2 is what "is this puzzle proper" needs: 0 (no solution), 1 (unique) or 2 (several; the
two found are returned so that the ambiguity can be shown).

Givens, placed digits and candidates: :func:`solve` treats placed digits as further givens
(``use_placed=True``) and a candidate grid's marks and eliminations as constraints (a cell may
only take a digit left in its candidates, ``use_candidates=True``). Before searching it checks
the grid's face: a digit twice in a unit, or an empty cell with no candidate left, gives
``count == 0`` and a ``reason`` naming the cells.

The search runs in a numba kernel (:mod:`puzzlefmt.sudoku._solve_kernel`), compiled on first
use and cached on disk; numba and numpy are imported only when a function here is called.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlefmt.registry import SolveResult
from puzzlefmt.sudoku.grid import ALL, PEERS, Grid, cell_name, unit_repeats

if TYPE_CHECKING:
    import numpy as np

__all__ = ["contradiction", "count_solutions", "solve", "solve_array", "solve_many"]


def solve_array(
    puzzles: np.ndarray, limit: int = 2, candidates: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Solve many puzzles at once.

    Args:
        puzzles: ``(n, 81)`` digits, 0 for a blank (any integer dtype; converted to uint8).
        limit: stop counting a puzzle's solutions at this many (at least 1).
        candidates: optional ``(n, 81)`` 9-bit masks (bit ``d-1``: digit ``d`` allowed). A
            cell may only take a digit in its mask; a given outside its cell's mask makes the
            puzzle unsolvable.

    Returns:
        ``counts``: int32 ``(n,)``, each capped at ``limit``; ``solutions``: uint8
        ``(n, 2, 81)``, the first two solutions found (zeros where there are fewer).
    """
    import numpy as np

    from puzzlefmt.sudoku import _solve_kernel

    grid = _as_cells(puzzles, "puzzles", 9, np.uint8)
    try:
        limit = operator.index(limit)
    except TypeError:
        raise ValueError(f"limit must be a positive integer, found {limit!r}") from None
    if limit < 1:
        raise ValueError(f"limit must be a positive integer, found {limit!r}")
    n = grid.shape[0]
    if candidates is None:
        masks = np.full((1, 81), ALL, dtype=np.uint16)
        use_masks = False
    else:
        masks = _as_cells(candidates, "candidates", ALL, np.uint16)
        if masks.shape[0] != n:
            raise ValueError(
                f"candidates has {masks.shape[0]} rows but puzzles has {n}; expected one each"
            )
        use_masks = True
    counts = np.zeros(n, dtype=np.int32)
    solutions = np.zeros((n, 2, 81), dtype=np.uint8)
    if n:
        _solve_kernel.solve_batch(grid, masks, use_masks, limit, counts, solutions)
    return counts, solutions


def solve(
    grid: Grid, limit: int = 2, *, use_placed: bool = True, use_candidates: bool = True
) -> SolveResult:
    """Solve one grid.

    ``SolveResult.solutions`` holds up to two :class:`Grid` objects: the original givens, the
    rest of each solution as placed digits (metadata kept). ``use_placed=False`` ignores the
    placed digits (they are replaced by the solution's); ``use_candidates=False`` ignores
    recorded candidates and eliminations.
    """
    return solve_many([grid], limit, use_placed=use_placed, use_candidates=use_candidates)[0]


def solve_many(
    grids: Sequence[Grid],
    limit: int = 2,
    *,
    use_placed: bool = True,
    use_candidates: bool = True,
) -> list[SolveResult]:
    """Solve many grids through one batch call of the kernel (see :func:`solve`)."""
    import numpy as np

    n = len(grids)
    rows = [g.values if use_placed and any(g.placed) else g.givens for g in grids]
    values = np.frombuffer(b"".join(map(bytes, rows)), dtype=np.uint8).reshape(n, 81).copy()
    masks: np.ndarray | None = None
    constrained = use_candidates and any(
        g.candidates is not None or g.eliminated is not None for g in grids
    )
    if constrained:
        masks = np.full((n, 81), ALL, dtype=np.uint16)
        for k, g in enumerate(grids):
            masks[k] = _grid_masks(g, rows[k])
    counts, sols = solve_array(values, limit, masks)
    # Placed digits of each solution: what the solver filled in around the givens.
    givens = np.frombuffer(b"".join(bytes(g.givens) for g in grids), dtype=np.uint8)
    placed = np.where(givens.reshape(n, 1, 81) == 0, sols, 0).tolist()
    out = []
    for k, g in enumerate(grids):
        count = int(counts[k])
        if count == 0:
            reason = contradiction(rows[k], masks[k].tolist() if masks is not None else None)
            out.append(SolveResult(0, limit, [], reason))
            continue
        found = [Grid._solved(g, placed[k][j]) for j in range(min(count, 2))]
        out.append(SolveResult(count, limit, found))
    return out


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """How many solutions ``grid`` has, counting up to ``limit``."""
    return solve(grid, limit).count


def contradiction(values: Sequence[int], masks: Sequence[int] | None = None) -> str:
    """Why a grid has no solution on its face, in words, or ``""`` when nothing shows.

    Looks for a digit twice in a row, column or box (``"r1c1 and r1c5 both hold 5"``), and
    for an empty cell left with no candidate by its peers' digits and by ``masks`` (9-bit
    candidate masks, when given).
    """
    found = [f"{cell_name(a)} and {cell_name(b)} both hold {v}" for a, b, v in unit_repeats(values)]
    for i in range(81):
        if values[i]:
            continue
        left = ALL if masks is None else masks[i]
        for j in PEERS[i]:
            if values[j]:
                left &= ~(1 << (values[j] - 1))
        if left == 0:
            found.append(f"{cell_name(i)} has no candidate left")
    return "; ".join(found)


# ---------------------------------------------------------------------- helpers


def _as_cells(arr: object, name: str, top: int, dtype: type) -> np.ndarray:
    import numpy as np

    a = np.asarray(arr)
    if a.ndim != 2 or a.shape[1] != 81:
        raise ValueError(f"{name} must have shape (n, 81), found {a.shape}")
    if a.size and (a.dtype.kind not in "iub" or int(a.min()) < 0 or int(a.max()) > top):
        raise ValueError(f"{name} must hold integers from 0 to {top}")
    return np.ascontiguousarray(a, dtype=dtype)


def _grid_masks(grid: Grid, values: Sequence[int]) -> list[int]:
    """Candidate constraints of a grid: recorded candidates less eliminations; a cell with a
    digit is held to it."""
    cand = grid.candidates
    elim = grid.eliminated
    out = []
    for i in range(81):
        if values[i]:
            out.append(1 << (values[i] - 1))
            continue
        m = ALL if cand is None else cand[i]
        if elim is not None:
            m &= ~elim[i]
        out.append(m)
    return out

