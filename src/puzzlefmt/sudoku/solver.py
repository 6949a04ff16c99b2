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

The search runs in a numba kernel (:mod:`puzzlefmt.sudoku._kernels.solve`), compiled on first
use and cached on disk; numba and numpy are imported only when something is solved (the two
imports inside functions below are that kernel loader), so reading and writing never load
them. ``grid.solve(limit)`` is :func:`solve` with the default options.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlefmt._jit import notice_if_cold, tier
from puzzlefmt.model import SolveResult
from puzzlefmt.sudoku.grid import ALL, Grid, cell_name, stuck_cells, unit_repeats

if TYPE_CHECKING:
    import numpy as np

__all__ = ["contradiction", "count_solutions", "solve", "solve_array", "solve_many"]


def solve_array(
    puzzles: np.ndarray, limit: int = 2, candidates: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Solve many puzzles at once.

    :param puzzles: ``(n, 81)`` digits, 0 for a blank (any integer dtype; converted to uint8).
    :param limit: stop counting a puzzle's solutions at this many (at least 1).
    :param candidates: optional ``(n, 81)`` 9-bit masks (bit ``d-1``: digit ``d`` allowed). A
        cell may only take a digit in its mask; a given outside its cell's mask makes the
        puzzle unsolvable.
    :returns: ``counts``: int32 ``(n,)``, each capped at ``limit``; ``solutions``: uint8
        ``(n, 2, 81)``, the first two solutions found (zeros where there are fewer).
    """
    # The kernel loader: numpy and numba are imported on the first solve, not with the family.
    from puzzlefmt.sudoku._kernels import solve as _solve_kernel  # noqa: PLC0415 - the kernel loader

    notice_if_cold("the Sudoku solver")
    with tier(len(puzzles)):
        return _solve_kernel.solve_arrays(puzzles, limit, candidates)


def solve(
    grid: Grid, limit: int = 2, *, use_placed: bool = True, use_candidates: bool = True
) -> SolveResult[Grid]:
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
) -> list[SolveResult[Grid]]:
    """Solve many grids through one batch call of the kernel (see :func:`solve`)."""
    # The kernel loader: numpy and numba are imported on the first solve, not with the family.
    from puzzlefmt.sudoku._kernels import solve as _solve_kernel  # noqa: PLC0415 - the kernel loader

    notice_if_cold("the Sudoku solver")
    rows = [g.values if use_placed and any(g.placed) else g.givens for g in grids]
    masks: list[list[int]] | None = None
    if use_candidates and any(
        g.candidates is not None or g.eliminated is not None for g in grids
    ):
        masks = [_grid_masks(g, rows[k]) for k, g in enumerate(grids)]
    with tier(len(grids)):
        counts, placed = _solve_kernel.solve_rows(rows, [g.givens for g in grids], masks, limit)
    out: list[SolveResult[Grid]] = []
    for k, g in enumerate(grids):
        count = counts[k]
        if count == 0:
            reason = contradiction(rows[k], masks[k] if masks is not None else None)
            out.append(SolveResult(0, limit, [], reason))
            continue
        found = [_solution(g, placed[k][j]) for j in range(min(count, 2))]
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
    found += [f"{cell_name(i)} has no candidate left" for i in stuck_cells(values, masks)]
    return "; ".join(found)


# ---------------------------------------------------------------------- helpers


def _solution(puzzle: Grid, placed: list[int]) -> Grid:
    """A solution of ``puzzle``: its givens and metadata, the rest as placed digits
    (``placed`` is 0 wherever ``puzzle`` has a given: :func:`_solve_kernel.solve_rows`)."""
    return Grid._make(puzzle.givens, placed, None, None, puzzle.meta)  # frozen: shared


def _grid_masks(grid: Grid, values: Sequence[int]) -> list[int]:
    """Candidate constraints of a grid: recorded candidates less eliminations; a cell with a
    digit is held to it."""
    masks = grid.constraint_masks() or [ALL] * 81
    return [1 << (v - 1) if v else m for v, m in zip(values, masks, strict=True)]
