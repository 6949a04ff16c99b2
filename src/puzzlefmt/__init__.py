"""puzzlefmt: read, write, detect, validate, solve and draw puzzles and game positions.

Three families, one import::

    >>> import puzzlefmt
    >>> text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> grid = puzzlefmt.loads(text)
    >>> grid.line()[:9]
    '4.....8.5'

- ``puzzlefmt.sudoku``: :class:`~puzzlefmt.sudoku.Grid` and every Sudoku clipboard/file format.
- ``puzzlefmt.keen``: Simon Tatham's Keen (KenKen) game IDs.
- ``puzzlefmt.cgp``: Crossword Game Positions.

Every reader raises :class:`PuzzleFormatError` (a ``ValueError``) for text it cannot parse.
"""

from __future__ import annotations

from puzzlefmt.api import detect, dump, dumps, iter_records, load, loads, render, run
from puzzlefmt.collection import Collection, LineCollection, Record
from puzzlefmt.detection import Candidate
from puzzlefmt.errors import OptionError, PuzzleFormatError
from puzzlefmt.family import Family
from puzzlefmt.format import Format, Option, Renderer, Sniff
from puzzlefmt.model import Model, Problem, SolveResult
from puzzlefmt.registry import formats, get_format

__version__ = "0.2.0.dev0"

__all__ = [
    "Candidate",
    "Collection",
    "Family",
    "Format",
    "LineCollection",
    "Model",
    "Option",
    "OptionError",
    "Problem",
    "PuzzleFormatError",
    "Record",
    "Renderer",
    "Sniff",
    "SolveResult",
    "__version__",
    "detect",
    "dump",
    "dumps",
    "formats",
    "get_format",
    "iter_records",
    "load",
    "loads",
    "render",
    "run",
]
