"""How hard a Sudoku is: Sudoku Explainer's ER/EP/ED rating, with the steps behind it.

>>> from puzzlefmt.sudoku import Grid
>>> g = Grid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> r = g.rate()
>>> r.line(), r.verdict, r.steps[0].technique
('1.2/1.2/1.2', 'rated', 'Hidden Single')

The numbers are those of ``serate`` 1.2.1.3 (gsf's command line for Sudoku Explainer 1.2.1,
the program behind the forum's ER columns): the rater solves the puzzle step by step, each
time taking the first step that the first technique in serate's fixed order finds, and

- **ER** is the highest rating of any step taken,
- **EP** the highest rating up to and including the first step that places a digit,
- **ED** the rating of the first step.

This module has every technique of serate (its rows 1-30): singles and their
direct forms, intersections, naked and hidden sets, X-Wing, Swordfish, Jellyfish, XY- and
XYZ-Wing, unique rectangles and loops (types 1-4), BUG (types 1-4), Aligned Pair Exclusion,
Forcing Chains & Cycles (X-, Y- and XY-cycles, forcing X- and XY-chains, with serate's
length increments), Aligned Triplet Exclusion, Nishio Forcing Chains, Multiple Forcing
Chains (cell and region forcing) and Dynamic Forcing Chains (contradictions, double, cell
and region forcing), and the latter with nesting levels 1-5 (pointing/claiming, hidden and
naked pair, X-Wing, then Forcing Chains & Cycles, Multiple Forcing Chains, Dynamic Forcing
Chains, Dynamic Forcing Chains with Forcing Chains inside the chains). A puzzle these leave
unfinished is reported as such (``verdict == "needs-chains"``, ER ``inf``), never with a
lower number. The behaviour reproduced is described in ``docs/sudoku-rating.md``; the
rater was written from that description and from serate's output, not from its source.

The verdicts (:attr:`Rating.verdict`):

- ``"rated"``: the puzzle has one solution and was solved with these techniques; ER/EP/ED are
  serate's.
- ``"needs-chains"``: one solution, but the techniques stop before the end (all of
  serate's: serate stops there too, printing 20.0; no such puzzle was met): ER is ``inf``
  (printed ``>=9.0``); EP and ED are serate's when a placement (a first step) came before,
  else ``inf`` too.
- ``"no-solution"`` (a digit twice in a unit, an empty cell with no candidate, a candidate grid
  that contradicts itself, or no solution at all) and ``"multiple-solutions"``: serate rates such
  grids anyway; here they are rated with the same techniques (but rows 29-30, which would
  run for hours on a grid with several solutions, only while one solution is left) and,
  where these stop, ER is serate's 20.0 ("cannot be finished"), EP/ED what came before
  (0.0 when nothing did). Once every candidate left is in some solution (an empty grid
  at once), the techniques from Aligned Pair Exclusion on are not run: they only remove
  candidates that no solution has, so they would all find nothing, after seconds of search.
- ``"already-solved"``: no empty cell: serate's loop never runs; ER is ``-inf`` (serate
  prints ``-214748364.-8``), EP and ED 0.0.
- ``"timeout"``: one solution, but the time given (``rate(..., timeout=T, partial=True)``,
  ``puzzlefmt rate --timeout``) ran out first: the rating reached so far. ER is a lower
  bound (the highest step rating so far, printed ``>=6.6``), EP too until a digit has been
  placed (then it is serate's), ED is serate's (:attr:`Rating.lower` tells which are
  bounds). A grid without one solution that runs out of time keeps its verdict
  (``"no-solution"``, ``"multiple-solutions"``), its numbers marked as bounds the same way.
  The time is checked between steps: a step in progress (inside the kernel) is not
  interrupted, so a rating can overrun by one step's time.

Candidate grids (pencil marks from a paste, a Sukaku line) are rated from their marks: each
empty cell starts with its recorded candidates, less its eliminations and the digits its row,
column and box hold. Placed digits count as digits.

The techniques run in numba kernels (:mod:`puzzlefmt.sudoku._kernels.rate`,
:mod:`puzzlefmt.sudoku._kernels.chains` and :mod:`puzzlefmt.sudoku._kernels.dynamic`,
compiled ahead of time with the solver);
:func:`rate_many` rates many grids in one kernel call.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from puzzlefmt import svg as pictures
from puzzlefmt._jit import notice_if_cold, tier
from puzzlefmt.sudoku.grid import ALL, PEERS, Grid

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CONVERSIONS", "VERDICTS", "Rating", "RatingTimeoutError", "Step", "check_format",
           "elapsed", "format_pieces", "format_rating", "hint", "rate", "rate_array",
           "rate_many", "se_cell"]

#: The verdicts a :class:`Rating` can carry (see the module docstring).
VERDICTS = ("rated", "needs-chains", "no-solution", "multiple-solutions", "already-solved",
            "timeout")

# Kernel verdicts (puzzlefmt.sudoku._kernels.rate): every cell filled, no technique applies,
# the step budget of one call was spent.
_DONE, _STUCK, _PAUSED = 0, 1, 2
_HI = 8  # words of a step's integer record
_MAX_STEPS = 800  # more than any grid can take: each step fills a cell or removes a candidate


#: The conversions of serate's ``--format`` notation (:meth:`Rating.line`), in its order.
CONVERSIONS = ("%r", "%p", "%d", "%e", "%g", "%n", "%%")


def check_format(fmt: str) -> str | None:
    """What is wrong with ``fmt`` as a ``--format`` string, in words, or ``None`` when every
    ``%`` starts one of :data:`CONVERSIONS`. serate prints ``%`` for any other conversion
    (and for a ``%`` at the end); the command line refuses them instead, so that a typo
    loses nothing silently."""
    i = 0
    while True:
        i = fmt.find("%", i)
        if i < 0:
            return None
        code = fmt[i:i + 2]
        if code not in CONVERSIONS:
            said = "a % at the end" if len(code) == 1 else f"{code!r} (at character {i + 1})"
            return f"{said} is not a conversion of serate's notation; the conversions are " \
                   f"{' '.join(CONVERSIONS)} (%% for a percent sign)"
        i += 2


class RatingTimeoutError(ValueError):
    """The rating of one grid took longer than its ``timeout`` (:func:`rate` without
    ``partial``): a :class:`ValueError`, so that a batch that asks for it rejects that
    record with the reason."""


def se_cell(cell: int) -> str:
    """Sudoku Explainer's name of cell ``cell`` (0-80): column letter, then row (``"C2"``)."""
    return f"{'ABCDEFGHI'[cell % 9]}{cell // 9 + 1}"


def format_rating(value: float) -> str:
    """A rating as serate prints it: one decimal after adding 0.05, truncated as Java's
    ``int`` does (``6.699999999999999`` is ``6.7``; ``-inf`` is ``-214748364.-8``); ``inf``
    (needs chains: serate's ER is then 9.0 or more) is ``>=9.0``."""
    if value == math.inf:
        return ">=9.0"
    scaled = (value + 0.05) * 10
    w = -(2 ** 31) if math.isinf(scaled) else max(-(2 ** 31), min(2 ** 31 - 1, int(scaled)))
    q = abs(w) // 10 * (1 if w >= 0 else -1)  # Java's division and remainder: toward zero
    r = w - q * 10
    return f"{q}.{r}"


@dataclass(frozen=True)
class Step:
    """One step of a rating: what serate's solver would do next.

    ``technique``: its name as serate prints it (``"Hidden Single"``, ``"Naked Pair"``,
    ``"Unique Loop type 2"``, ``"BUG type 1"``). ``rating``: its rating, the double serate
    compares (``4.699999999999999`` for a unique loop of 6 cells with a naked pair; round with
    :func:`format_rating` to show it). ``cells``: the cells that make the pattern (0-80; a
    loop in loop order). ``digits``: the digits involved. ``units``: the units involved, as
    indices into :data:`puzzlefmt.sudoku.grid.UNITS` (rows 0-8, columns 9-17, boxes 18-26).
    ``places``: the (cell, digit) it places (none, or one). ``eliminates``: the (cell,
    digit) candidates it removes, in cell then digit order. ``links``: a chaining step's
    chain (empty for the others), one node a potential ``(cell, digit, on, parent)``: "digit
    is (``on``) / is not in cell", implied by node ``parent`` (an index into ``links``; -1
    for the start). A forcing chain runs from its start (the assumption) to its target (the
    start cell's digit the other way); a cycle ends with its start again. Each link is strong
    (off to on: a bivalue cell or a digit's two places in a unit) or weak (on to off: the
    same cell or a unit shared), as the two nodes' ``on`` tell. Rows 23-25 (Nishio, cell,
    region, double and dynamic forcing) record one *branch* per target, one after the other,
    each from its start (parent -1) to the target along first parents: a contradiction's
    two branches end in the same cell and digit on and off; a double forcing's two (from
    "on", from "off") and a cell or region forcing's (one per digit of the cell, per place
    of the digit in the unit) end in the result. In dynamic chains an on node may also rest
    on earlier removals (serate's hidden parents): they count in the rating, not in
    ``links``.
    """

    technique: str
    rating: float
    cells: tuple[int, ...]
    digits: tuple[int, ...]
    units: tuple[int, ...]
    places: tuple[tuple[int, int], ...]
    eliminates: tuple[tuple[int, int], ...]
    links: tuple[tuple[int, int, bool, int], ...] = ()

    def __str__(self) -> str:
        """``Naked Pair 3.0: A1,B1 on 4,7; removes C1-4 C1-7`` (serate's cell names); a
        chaining step adds its chain, ``; chain E4.7+ D4.7- ...`` (``+`` on, ``-`` off)."""
        text = f"{self.technique} {format_rating(self.rating)}: "
        text += ",".join(se_cell(c) for c in self.cells)
        if self.digits:
            text += " on " + ",".join(str(d) for d in self.digits)
        if self.places:
            text += "; places " + " ".join(f"{se_cell(c)}={d}" for c, d in self.places)
        if self.eliminates:
            text += "; removes " + " ".join(f"{se_cell(c)}-{d}" for c, d in self.eliminates)
        if self.links:
            text += "; chain " + " ".join(f"{se_cell(c)}.{d}{'+' if on else '-'}"
                                          for c, d, on, _ in self.links)
        return text

    def to_json(self) -> dict[str, Any]:
        """The step as JSON-ready data (cells 0-80, units 0-26, as the attributes)."""
        return {"technique": self.technique, "rating": self.rating,
                "shown": format_rating(self.rating), "cells": list(self.cells),
                "digits": list(self.digits), "units": list(self.units),
                "places": [list(p) for p in self.places],
                "eliminates": [list(e) for e in self.eliminates],
                "links": [list(n) for n in self.links]}

    def apply(self, grid: Grid) -> Grid:
        """The grid after this step: its digit placed (and taken from the candidates of the
        cell's row, column and box), its eliminations removed. The grid comes back with its
        candidates recorded, so the next :meth:`Grid.hint` starts where serate's solver
        would; ``grid`` itself does not change."""
        return _after(grid, _start(grid), (self,))


def _start(grid: Grid) -> list[int]:
    """The candidates serate's solver starts from on ``grid`` (the module docstring): an
    empty cell's recorded ones (all nine when none are), less its eliminations and the
    digits its peers hold; 0 where a digit stands."""
    vals = grid.values
    marks = grid.constraint_masks() or [ALL] * 81
    out = [0] * 81
    for i in range(81):
        if vals[i]:
            continue
        m = marks[i]
        for j in PEERS[i]:
            if vals[j]:
                m &= ~(1 << (vals[j] - 1))
        out[i] = m
    return out


def _after(grid: Grid, cands: list[int], steps: Sequence[Step]) -> Grid:
    """``grid`` with candidates ``cands`` after ``steps`` (``cands`` changes), as a grid
    that records its candidates (0 for a filled cell: :meth:`Grid.candidate_masks` gives
    its digit)."""
    placed = list(grid.placed)
    vals = list(grid.values)
    for step in steps:
        for cell, digit in step.eliminates:
            cands[cell] &= ~(1 << (digit - 1))
        for cell, digit in step.places:
            placed[cell] = vals[cell] = digit
            cands[cell] = 0
            for j in PEERS[cell]:
                cands[j] &= ~(1 << (digit - 1))
    return grid.replace(placed=placed, candidates=cands, eliminated=None)


@dataclass(frozen=True)
class Rating:
    """A grid's Sudoku Explainer rating (see the module docstring for the verdicts).

    ``er``, ``ep``, ``ed``: the three numbers as doubles (print them with :meth:`line`,
    :attr:`printed` or :func:`format_rating`). ``steps``: the steps taken, in order (empty
    when the rating was asked without steps). ``verdict``: one of :data:`VERDICTS`.
    ``seconds``: the time the rating took (``%e``; not compared). ``lower``: which of ER,
    EP, ED are lower bounds, not serate's numbers: a rating cut short by its time (the
    ``"timeout"`` verdict), printed with ``>=`` before them.
    """

    er: float
    ep: float
    ed: float
    steps: tuple[Step, ...] = ()
    verdict: str = "rated"
    seconds: float = field(default=0.0, compare=False)
    grid: Grid | None = field(default=None, compare=False, repr=False)
    lower: tuple[bool, bool, bool] = (False, False, False)

    @property
    def timed_out(self) -> bool:
        """Whether the time ran out before the end: the numbers are the rating so far
        (:attr:`lower` says which are bounds)."""
        return any(self.lower)

    @property
    def printed(self) -> tuple[str, str, str]:
        """ER, EP, ED as :meth:`line` prints them (:func:`format_rating`, with ``>=`` before
        a lower bound)."""
        er, ep, ed = (f"{'>=' if low else ''}{format_rating(v)}"
                      for v, low in zip((self.er, self.ep, self.ed), self.lower, strict=True))
        return er, ep, ed

    @property
    def finished(self) -> bool:
        """Whether the numbers are serate's: the puzzle has one solution and these
        techniques solved it (``verdict == "rated"``)."""
        return self.verdict == "rated"

    def line(self, fmt: str = "%r/%p/%d", *, puzzle: str = "", number: int = 1) -> str:
        """The rating in serate's ``--format`` notation: ``%r`` ER, ``%p`` EP, ``%d`` ED,
        ``%e`` the time taken (``0.05s``), ``%g`` ``puzzle`` (the input line), ``%n``
        ``number`` (the puzzle's ordinal), ``%%`` a percent sign; any other character is
        copied, and an unknown conversion prints ``%`` (as serate does)."""
        out: list[str] = []
        for code, piece in format_pieces(fmt):
            if not code:
                out.append(piece)
            elif piece in ("%r", "%p", "%d"):
                out.append(self.printed["%r%p%d".index(piece) // 2])
            elif piece == "%e":
                out.append(elapsed(self.seconds))
            elif piece == "%g":
                out.append(puzzle)
            else:
                out.append(str(number))
        return "".join(out)

    def before(self, k: int) -> Grid:
        """The grid just before step ``k`` (0-based; ``len(steps)``: after the last), with
        the candidates serate's solver holds there recorded: the rated grid with steps
        ``0..k-1`` applied (:meth:`Step.apply`)."""
        if self.grid is None:
            raise ValueError("this rating was made without its steps: rate with steps=True")
        if not 0 <= k <= len(self.steps):
            raise IndexError(f"step {k} is out of range 0-{len(self.steps)}")
        return _after(self.grid, _start(self.grid), self.steps[:k])

    def svg(self, k: int = 0, **options: Any) -> pictures.Svg:
        """The picture of step ``k`` on the grid just before it: the pattern's cells and
        units shaded, its digits' candidates there marked, what it places and what it
        eliminates in their colours (:func:`puzzlefmt.sudoku.svg.sudoku_svg`'s ``step``;
        ``options`` go there too). Jupyter shows it as a picture."""
        if not 0 <= k < len(self.steps):
            raise IndexError(f"step {k} is out of range: the rating has {len(self.steps)} "
                             "steps" if self.steps else "the rating has no steps")
        options.setdefault("title", f"Step {k + 1}: {self.steps[k]}")
        return pictures.svg(self.before(k), step=self.steps[k], **options)

    def words(self) -> str:
        """The rating in a sentence, for people."""
        nums = self.line()
        if self.verdict == "rated":
            return f"Sudoku Explainer rating {nums} (ER/EP/ED), {len(self.steps) or 'no'} " \
                   f"step{'s' if len(self.steps) != 1 else ''} recorded."
        if self.verdict == "needs-chains":
            return f"Needs chains this rater does not have (ER 9.0 or more): {nums}."
        if self.verdict == "already-solved":
            return "Already solved: there is nothing to rate."
        late = f"The time ran out after {elapsed(self.seconds)}; the rating so far" \
            f" ('>=': at least)"
        if self.verdict == "timeout":
            return f"{late}: {nums} (ER/EP/ED)."
        what = "has no solution" if self.verdict == "no-solution" else "has several solutions"
        if self.timed_out:
            return f"The puzzle {what}, rated anyway as serate would. {late}: {nums}."
        return f"The puzzle {what}; rated anyway as serate would: {nums}."

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data: the numbers as printed (``>=`` before a lower bound) and as
        doubles (``null`` when infinite), the verdict, which numbers are lower bounds
        (``lower``) and the steps."""
        er, ep, ed = self.printed
        return {"er": er, "ep": ep, "ed": ed, "verdict": self.verdict,
                "values": [None if math.isinf(v) else v for v in (self.er, self.ep, self.ed)],
                "lower": list(self.lower), "steps": [s.to_json() for s in self.steps]}


def format_pieces(fmt: str) -> list[tuple[bool, str]]:
    """``fmt`` in serate's ``--format`` notation cut into its pieces: ``(True, code)`` for
    each conversion that prints a value (``%r``, ``%p``, ``%d``, ``%e``, ``%g``, ``%n``),
    ``(False, text)`` for the text between them, where ``%%``, a ``%`` at the end and an
    unknown conversion are ``%`` (as serate prints them)."""
    pieces: list[tuple[bool, str]] = []
    text: list[str] = []
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch != "%" or i + 1 == len(fmt):
            text.append(ch)
            i += 1
            continue
        code = fmt[i:i + 2]
        i += 2
        if code in _VALUES:
            if text:
                pieces.append((False, "".join(text)))
                text = []
            pieces.append((True, code))
        else:
            text.append("%")
    if text:
        pieces.append((False, "".join(text)))
    return pieces


_VALUES = frozenset({"%r", "%p", "%d", "%e", "%g", "%n"})


def elapsed(seconds: float) -> str:
    """serate's ``%e``: centiseconds under a minute, then minutes, hours, days."""
    ms = round(seconds * 1000)
    if ms < 60_000:
        return f"{ms // 1000}.{ms % 1000 // 10:02d}s"
    s = ms // 1000
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    m = s // 60
    if m < 1440:
        return f"{m // 60}h{m % 60:02d}m"
    h = m // 60
    return f"{h // 24}d{h % 24:02d}h"


# ---------------------------------------------------------------------- the start


def _prepare(grids: Sequence[Grid]) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The grids' digits and starting candidates (module docstring) as ``(n, 81)`` int64
    arrays, and their solution counts (up to 2; placed digits and marks are constraints)."""
    numpy, kernel, counter = _load()
    n = len(grids)
    vals = numpy.array([g.values for g in grids], dtype=numpy.int64).reshape(n, 81)
    marks = numpy.full((n, 81), ALL, dtype=numpy.int64)
    marked = False
    for k, g in enumerate(grids):
        found = g.constraint_masks()
        if found is not None:
            marks[k] = found
            marked = True
    cands = numpy.zeros((n, 81), dtype=numpy.int64)
    kernel.start_batch(vals, marks, cands)
    held = numpy.where(vals > 0, 1 << numpy.maximum(vals - 1, 0), marks) if marked else None
    with tier(n):
        counts = counter(vals, held)
    return vals, cands, counts.tolist()


def _load() -> tuple[Any, Any, Any]:
    """The kernel loader: numpy, the rater's kernels and the solution counter, imported on
    the first rating (not with the family)."""
    from puzzlefmt.sudoku._kernels import rate as kernel  # noqa: PLC0415 - the kernel loader

    notice_if_cold("the Sudoku rater")
    return kernel.NUMPY, kernel, kernel.solution_counts


def _technique(kernel: Any, si: Any) -> str:
    tech = int(si[0])
    name: str = kernel.TECHNIQUES[tech]
    if tech == kernel.T_UR:
        size = int(si[6])
        kind = "Rectangle" if size == 4 else "Loop"
        return f"Unique {kind} {size} type {int(si[1])}" if size > 6 else \
            f"Unique {kind} type {int(si[1])}"
    if tech == kernel.T_BUG:
        return f"BUG type {int(si[1])}"
    return name


#: The digit indices (0-8) of each 9-bit mask, worked out once: a step's eliminations are
#: read from 81 such masks.
_BITS = tuple(tuple(d for d in range(9) if mask >> d & 1) for mask in range(512))


def _bits(mask: int) -> tuple[int, ...]:
    return _BITS[mask] if 0 <= mask < 512 else tuple(d for d in range(9) if mask >> d & 1)


def _node(word: int, k: int) -> tuple[int, int, bool, int]:
    """A chain record's word as a link node: a plain potential follows the node before it;
    a word of 2048 or more carries its parent's index + 2 above the potential (rows 23+)."""
    p, parent = (word % 2048, word // 2048 - 2) if word >= 2048 else (word, k - 1)
    return (p >> 1) // 9, (p >> 1) % 9 + 1, bool(p & 1), parent


def _step(kernel: Any, si: Any, sf: float, se: Any, sc: Any, sl: Any) -> Step:
    cell = int(si[2])
    chain: list[int] = sl[1:1 + int(sl[0])].tolist()
    units = int(si[5])
    return Step(
        technique=_technique(kernel, si),
        rating=float(sf),
        cells=tuple(sc[1:1 + int(sc[0])].tolist()),
        digits=tuple(d + 1 for d in _bits(int(si[4]))),
        units=tuple(u for u in range(27) if units >> u & 1),
        places=((cell, int(si[3])),) if cell >= 0 else (),
        eliminates=tuple((c, d + 1) for c, mask in enumerate(se[:81].tolist()) if mask
                         for d in _bits(mask)),
        links=tuple(_node(p, k) for k, p in enumerate(chain)),
    )


def _finish(state: Sequence[float], verdict: int, count: int, empty: bool,
            steps: tuple[Step, ...], seconds: float) -> Rating:
    er, ep, ed, placed, taken = (float(x) for x in state)
    if not empty:
        return Rating(-math.inf, 0.0, 0.0, (), "already-solved" if count == 1 else
                      "no-solution" if count == 0 else "multiple-solutions", seconds)
    if count != 1:
        name = "no-solution" if count == 0 else "multiple-solutions"
        if verdict == _STUCK:
            return Rating(20.0, ep, ed, steps, name, seconds)
        return Rating(er, ep, ed, steps, name, seconds)
    if verdict == _STUCK:
        return Rating(math.inf, ep if placed else math.inf, ed if taken else math.inf, steps,
                      "needs-chains", seconds)
    return Rating(er, ep, ed, steps, "rated", seconds)


def _cut(state: Sequence[float], count: int, steps: tuple[Step, ...], seconds: float
         ) -> Rating:
    """The rating so far of a grid whose time ran out after one step or more (``state``:
    the kernel's ER, EP, ED, placed, steps taken): ER the highest step rating so far, a
    lower bound; EP serate's once a digit was placed, else at least ER (every step so far
    comes before the first placement); ED serate's (the first step's)."""
    er, ep, ed, placed, _ = (float(x) for x in state)
    verdict = "timeout" if count == 1 else "no-solution" if count == 0 else \
        "multiple-solutions"
    return Rating(er, ep if placed else er, ed, steps, verdict, seconds,
                  lower=(True, not placed, False))


def rate(grid: Grid, *, steps: bool = True, timeout: float | None = None,
         partial: bool = False) -> Rating:
    """Rate one grid as serate would (module docstring), with its steps when ``steps``.
    ``timeout``: seconds before giving up; ``None``: no bound (the techniques here end
    within milliseconds). Out of time, :class:`RatingTimeoutError`, or with ``partial`` the
    rating reached so far (the ``"timeout"`` verdict: ER a lower bound; see the module
    docstring). The time is checked between steps: a step is not interrupted, so the
    rating can take one step's time more than ``timeout``."""
    numpy, kernel, _ = _load()
    if not isinstance(grid, Grid):
        raise TypeError(f"rate takes a sudoku Grid, not {type(grid).__name__}")
    t0 = time.perf_counter()
    vals, cands, counts = _prepare([grid])
    val, cand, count = vals[0], cands[0], counts[0]
    empty = bool((val == 0).any())
    state = numpy.array([-numpy.inf, 0.0, 0.0, 0.0, 0.0])
    n = _MAX_STEPS if steps else 0
    si = numpy.zeros((n, _HI), dtype=numpy.int64)
    sf = numpy.zeros(n, dtype=numpy.float64)
    se = numpy.zeros((n, 81), dtype=numpy.int64)
    sc = numpy.zeros((n, 82), dtype=numpy.int64)
    sl = numpy.zeros((n, kernel.LINKS), dtype=numpy.int64)
    verdict = _PAUSED
    chunk = (1 << 30) if timeout is None else 1
    late = False
    with tier(1):
        while verdict == _PAUSED and not late:
            verdict = int(kernel.rate_run(cand, val, state, chunk, si, sf, se, sc, sl))
            late = timeout is not None and verdict == _PAUSED and \
                time.perf_counter() - t0 > timeout
            if late and not partial:
                raise RatingTimeoutError(f"rating gave up after {timeout:g} s")
    taken = int(state[4]) if steps else 0
    found = tuple(_step(kernel, si[k], sf[k], se[k], sc[k], sl[k]) for k in range(taken))
    seconds = time.perf_counter() - t0
    done = _cut(state.tolist(), count, found, seconds) if late else \
        _finish(state.tolist(), verdict, count, empty, found, seconds)
    return replace(done, grid=grid) if steps else done


def rate_many(grids: Sequence[Grid], *, steps: bool = False,
              timeout: float | None = None, partial: bool = False) -> list[Rating]:
    """Rate many grids (the batch form): one solver call and one rater kernel call for all of
    them, without steps; with ``steps`` or a ``timeout`` (seconds a grid; ``partial`` as in
    :func:`rate`), :func:`rate` on each."""
    numpy = _load()[0]
    for g in grids:
        if not isinstance(g, Grid):
            raise TypeError(f"rate takes a sudoku Grid, not {type(g).__name__}")
    if steps or timeout is not None:
        return [rate(g, steps=steps, timeout=timeout, partial=partial) for g in grids]
    if not grids:
        return []
    t0 = time.perf_counter()
    n = len(grids)
    vals = numpy.array([g.values for g in grids], dtype=numpy.int64).reshape(n, 81)
    marks = [g.constraint_masks() for g in grids]
    cands = None
    if any(m is not None for m in marks):
        cands = numpy.array([m if m is not None else [ALL] * 81 for m in marks], dtype=numpy.int64)
    ratings, verdicts = rate_array(vals, cands)
    each = (time.perf_counter() - t0) / n
    rows = ratings.tolist()
    return [Rating(r[0], r[1], r[2], (), VERDICTS[v], each)
            for r, v in zip(rows, verdicts.tolist(), strict=True)]


def rate_array(puzzles: np.ndarray, candidates: np.ndarray | None = None
               ) -> tuple[np.ndarray, np.ndarray]:
    """Rate many puzzles given as arrays (the columnar form, for batch jobs): ``puzzles``
    ``(n, 81)`` digits, 0 for a blank; ``candidates`` optional ``(n, 81)`` 9-bit masks (a
    candidate grid's marks, bit ``d-1`` for digit ``d``). Returns ``ratings``, float64
    ``(n, 3)``: ER, EP, ED as :class:`Rating` holds them, and ``verdicts``, int8 ``(n,)``:
    indices into :data:`VERDICTS`. One solver call and one kernel call for all of them."""
    numpy, kernel, counter = _load()
    vals = numpy.asarray(puzzles)
    if vals.ndim != 2 or vals.shape[1] != 81:
        raise ValueError(f"puzzles must have shape (n, 81), found {vals.shape}")
    if vals.size and (vals.dtype.kind not in "iub" or int(vals.min()) < 0
                      or int(vals.max()) > 9):
        raise ValueError("puzzles must hold integers from 0 to 9")
    vals = numpy.array(vals, dtype=numpy.int64)  # a copy: the kernel fills it in
    n = vals.shape[0]
    if candidates is None:
        marks = numpy.full((n, 81), ALL, dtype=numpy.int64)
        held = None
    else:
        marks = numpy.ascontiguousarray(candidates, dtype=numpy.int64)
        if marks.shape != vals.shape or (marks.size and (int(marks.min()) < 0
                                                         or int(marks.max()) > ALL)):
            raise ValueError("candidates must be (n, 81) masks from 0 to 511, one row a puzzle")
        held = numpy.where(vals > 0, 1 << numpy.maximum(vals - 1, 0), marks)
    ratings = numpy.zeros((n, 3), dtype=numpy.float64)
    verdicts = numpy.zeros(n, dtype=numpy.int8)
    if n == 0:
        return ratings, verdicts
    full = ~(vals == 0).any(axis=1)
    cands = numpy.zeros((n, 81), dtype=numpy.int64)
    kernel.start_batch(vals, marks, cands)
    with tier(n):
        counts = counter(vals, held)
    out = numpy.zeros((n, 5), dtype=numpy.float64)
    stops = numpy.zeros(n, dtype=numpy.int64)
    with tier(n):
        kernel.rate_batch(cands, vals, out, stops)
    er, ep, ed, placed, taken = out.T
    stuck = stops == _STUCK
    one = counts == 1
    verdicts[:] = numpy.where(full & one, 4, numpy.where(counts == 0, 2, numpy.where(one, 0, 3)))
    verdicts[one & ~full & stuck] = 1
    inf = numpy.inf
    ratings[:, 0] = numpy.where(stuck & one, inf, numpy.where(stuck, 20.0, er))
    chains = stuck & one
    ratings[:, 1] = numpy.where(chains & (placed == 0), inf, ep)
    ratings[:, 2] = numpy.where(chains & (taken == 0), inf, ed)
    ratings[full] = (-inf, 0.0, 0.0)
    return ratings, verdicts


def hint(grid: Grid) -> Step | None:
    """The step serate's solver would take next on ``grid`` (``None``: none of these
    techniques applies, or the grid is full). A grid's placed digits and candidates are where
    it starts, so a hint applied to the grid gives the next hint."""
    numpy, kernel, _ = _load()
    if not isinstance(grid, Grid):
        raise TypeError(f"hint takes a sudoku Grid, not {type(grid).__name__}")
    vals, cands, _ = _prepare([grid])
    state = numpy.array([-numpy.inf, 0.0, 0.0, 0.0, 0.0])
    si = numpy.zeros((1, _HI), dtype=numpy.int64)
    sf = numpy.zeros(1, dtype=numpy.float64)
    se = numpy.zeros((1, 81), dtype=numpy.int64)
    sc = numpy.zeros((1, 82), dtype=numpy.int64)
    sl = numpy.zeros((1, kernel.LINKS), dtype=numpy.int64)
    with tier(1):
        kernel.rate_run(cands[0], vals[0], state, 1, si, sf, se, sc, sl)
    if state[4] < 1:
        return None
    return _step(kernel, si[0], sf[0], se[0], sc[0], sl[0])
