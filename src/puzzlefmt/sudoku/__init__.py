"""The Sudoku family: :class:`Grid` and every clipboard and file format.

>>> from puzzlefmt.sudoku import Grid
>>> g = Grid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> g.clue_count
32
>>> g.solve().status
'unique'

Importing the package builds :data:`~puzzlefmt.sudoku.family.FAMILY` and installs the
engines that ``Grid(text)``, ``grid.solve()`` and ``grid._repr_svg_()`` use.
"""

from puzzlefmt.sudoku.canon import canonical, canonical_many, minlex
from puzzlefmt.sudoku.family import FAMILY  # importing it installs the engines
from puzzlefmt.sudoku.grid import Grid, Status, cell_name, digits_of, mask_of
from puzzlefmt.sudoku.rating import Rating, Step, rate, rate_many
from puzzlefmt.sudoku.solver import count_solutions, solve, solve_many

__all__ = [
    "FAMILY",
    "Grid",
    "Rating",
    "Status",
    "Step",
    "canonical",
    "canonical_many",
    "cell_name",
    "count_solutions",
    "digits_of",
    "mask_of",
    "minlex",
    "rate",
    "rate_many",
    "solve",
    "solve_many",
]
