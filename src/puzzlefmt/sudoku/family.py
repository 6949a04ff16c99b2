"""The Sudoku family: its formats in detection order, its pictures, its batch operations, and
the engines installed on :class:`~puzzlefmt.sudoku.grid.Grid` (reading any Sudoku text,
drawing, solving).

Where two formats read the same text (nine plain rows are ``rows``, ``msk`` and ``sdk``
alike), the file extension decides; without one, the most general reading wins (lower
``priority`` first on equal scores).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from puzzlefmt.collection import Collection
from puzzlefmt.columnar import Columnar, LineResults
from puzzlefmt.engine import Engine, solve_engine
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.family import Family
from puzzlefmt.format import Option, Renderer
from puzzlefmt.model import SolveResult, install

if TYPE_CHECKING:
    from puzzlefmt.textscan import Scan, Span
from puzzlefmt.sgt.random import game_seeds
from puzzlefmt.sudoku import generator
from puzzlefmt.sudoku.canon import canonical, canonical_many
from puzzlefmt.sudoku.formats import (
    candidates,
    forumcsv,
    fpuzzles,
    gsfq2,
    hodoku,
    hodokugrid,
    hodokutxt,
    line,
    msk,
    plusgrid,
    pmgrid,
    rows,
    sdk,
    sdm,
    solo,
    solo_save,
    spf,
    ss,
    sudokupad,
    sudokuwiki,
    sukaku,
    txt,
)
from puzzlefmt.sudoku.grid import Grid, SudokuEngines
from puzzlefmt.sudoku.rating import (
    Rating,
    Step,
    check_format,
    hint,
    rate,
    rate_many,
)
from puzzlefmt.sudoku.solver import solve, solve_many
from puzzlefmt.sudoku.svg import RENDERER as SVG
from puzzlefmt.sudoku.svg import sudoku_svg

__all__ = ["COLUMNAR", "FAMILY", "TEXT", "read_grid", "solution_text"]


#: serate's default ``--format``: ER/EP/ED.
DEFAULT_FORMAT = "%r/%p/%d"


def _text_picture(grid: Grid) -> str:
    return str(grid) + "\n"


#: ``str(grid)`` as a renderer: the Simple Sudoku grid, or the candidate grid.
TEXT = Renderer(
    name="sudoku-text",
    family="sudoku",
    model=Grid,
    kind="text",
    description="text picture: the Simple Sudoku grid, or the candidate grid when there are "
                "candidates",
    draw=_text_picture,
)


def solution_text(grid: Grid, result: SolveResult[Grid]) -> str:
    """The one-line record ``puzzlefmt solve`` writes: the solution's 81 digits, ``none``
    (with the reason when one shows), or ``multiple`` and two solutions."""
    if result.count == 0:
        return "none" + (f" ({result.reason})" if result.reason else "")
    sols = [s.line(values=True, comment=False) for s in result.solutions]
    if result.count == 1:
        return sols[0]
    return "multiple " + " ".join(sols)


def _fast() -> ModuleType:
    """The kernel loader: the fast path and its numpy load on the first batch job, not with
    the family, so that reading and writing never load them."""
    from puzzlefmt.sudoku import columnar  # noqa: PLC0415 - the kernel loader

    return columnar


def _block_solve(lines: Sequence[str], numbers: Sequence[int], limit: int, count: bool
                 ) -> LineResults:
    result: LineResults = _fast().block_solve(lines, numbers, limit, count)
    return result


def _block_validate(lines: Sequence[str], numbers: Sequence[int], limit: int) -> LineResults:
    result: LineResults = _fast().block_validate(lines, numbers, limit)
    return result


def _block_canon(lines: Sequence[str], numbers: Sequence[int], convention: str) -> LineResults:
    result: LineResults = _fast().block_canon(lines, numbers, convention)
    return result


def _block_convert(lines: Sequence[str], numbers: Sequence[int], target: str,
                   options: Mapping[str, Any]) -> LineResults | None:
    result: LineResults | None = _fast().block_convert(lines, numbers, target, options)
    return result


def _convert_spans(target: str, options: Mapping[str, Any], scan: Scan) -> list[Span] | None:
    # Bytes and numpy only (no kernel to load): a conversion starts quickly.
    from puzzlefmt.sudoku import convert_lines as linebytes  # noqa: PLC0415 - loaded by batch jobs only

    return linebytes.convert_spans(target, options, scan)


def _canon_spans(convention: str, scan: Scan) -> list[Span]:
    spans: list[Span] = _fast().canon_spans(convention, scan)
    return spans


def _solve_spans(limit: int, scan: Scan) -> list[Span]:
    spans: list[Span] = _fast().solve_spans(limit, scan)
    return spans


def _block_engine(lines: Sequence[str], numbers: Sequence[int], name: str,
                  options: Mapping[str, Any]) -> LineResults | None:
    result: LineResults | None = _fast().block_engine(lines, numbers, name, options)
    return result


def _engine_spans(name: str, options: Mapping[str, Any], scan: Scan) -> list[Span] | None:
    spans: list[Span] | None = _fast().engine_spans(name, options, scan)
    return spans


#: The batch commands' fast path for plain 81-cell lines (:mod:`puzzlefmt.sudoku.columnar`,
#: whose ``*_spans`` work on whole blocks of bytes, and :mod:`puzzlefmt.sudoku.convert_lines`
#: for ``convert`` on them without a kernel).
COLUMNAR = Columnar(formats=frozenset({"line", "txt", "sdm"}), solve=_block_solve,
                    validate=_block_validate, canon=_block_canon, convert=_block_convert,
                    convert_spans=_convert_spans, canon_spans=_canon_spans,
                    solve_spans=_solve_spans, engine=_block_engine,
                    engine_spans=_engine_spans)


def _canon_many(grids: Sequence[Grid], convention: str = "string") -> list[str]:
    return canonical_many(grids, convention)


def _canon_one(grid: Grid, convention: str = "string") -> str:
    return canonical(grid, convention)  # type: ignore[arg-type] # checked by the option


#: The engine table: ``grid.solve()``, the canonical form; ``puzzlefmt solve`` and
#: ``puzzlefmt canon`` serve them with their fast paths; the page's actions.
SOLVE = solve_engine("sudoku", (Grid,), solve_many, solution_text,
                     result_picture=lambda solved: {"solution": solved.values})
CANON = Engine(
    name="canon", family="sudoku", models=(Grid,),
    summary="the minlex canonical form of the givens",
    returns="81 characters, 0 for a blank",
    run=_canon_one, run_many=_canon_many,
    to_json=lambda form: {"canon": form},
    words=lambda form: f"Canonical form: {form}",
    options=(Option("convention", str, "string",
                    "string: true string minimum; pattern: pattern first",
                    choices=("string", "pattern")),),
    command=False,
    verb="canonicalised",
    title="Canonical form",
    agent="canonical form",
)

GENERATE = Engine(
    name="generate", family="sudoku", models=(Grid,),
    summary="new classic Sudoku puzzles with one solution, of a symmetry and clue range",
    returns="a Grid (givens only)",
    run=generator.generate,
    record=lambda grid, made: made.line(),
    to_json=lambda made: {"puzzle": made.line(), "clues": made.clue_count},
    words=lambda made: f"A new puzzle of {made.clue_count} clues.",
    options=(Option("symmetry", str, "none", "the clues' symmetry",
                    choices=generator.SYMMETRIES),
             Option("clues", str, "17-81", "the clue count, MIN-MAX"),
             Option("minimal", bool, False, "no clue can be removed"),
             Option("rating", str, "", "Sudoku Explainer rating (ER) LO-HI, within 1.0-9.4: "
                    "keep only puzzles rated in it")),
    timeout=True, command=False, verb="generated", title="New puzzle", doing="Generating",
    agent="generator", makes="sudoku", seeds=game_seeds, precheck=generator.check,
)
def _puzzle_text(grid: Grid, text: str | None) -> str:
    """serate's ``%g``: the puzzle's 81 cells as the record's line gives them (blanks as
    written), when the line starts with them; else the grid's line (``.`` for a blank,
    placed digits included)."""
    cells = grid.line(values=True, comment=False)
    if text is not None and len(text) >= 81:
        head = text[:81]
        if "\n" not in head and all(
                a == b or (not ("1" <= a <= "9") and b == ".") for a, b in zip(head, cells,
                                                                                strict=True)):
            return head
    return cells


def _rate_record(grid: Grid, rating: Rating, *, number: int = 1, text: str | None = None,
                 format: str = DEFAULT_FORMAT) -> str:
    """The line ``puzzlefmt rate`` writes: ``rating`` in serate's ``--format`` notation."""
    if format == DEFAULT_FORMAT:
        return rating.line()
    puzzle = _puzzle_text(grid, text) if "%g" in format else ""
    return rating.line(format, puzzle=puzzle, number=number)


#: The columns of a forum CSV collection that ``puzzlefmt rate --fill`` fills.
RATING_COLUMNS = ("ER", "EP", "ED")


def _fill_row(grid: Grid, rating: Rating, text: str) -> tuple[str, str | None]:
    """A forum CSV row (``text``, read as ``grid``) with its ER/EP/ED columns filled:
    serate's numbers replace what the columns held (a value that differs is said in the
    warning); a number that may not be serate's (the ER of a puzzle that needs chains,
    printed ``>=9.0``; a lower bound of a rating whose time ran out, ``>=6.6``; the numbers
    of a puzzle without one solution) goes only into an empty column, and a value already
    there is kept."""
    if not any(name in grid.meta for name in RATING_COLUMNS):
        raise ValueError("the row has no ER, EP or ED column")
    numbers = dict(zip(RATING_COLUMNS, (rating.er, rating.ep, rating.ed), strict=True))
    if rating.verdict in ("rated", "already-solved"):
        sure = set(RATING_COLUMNS)
    elif rating.verdict == "needs-chains":
        sure = {n for n in ("EP", "ED") if numbers[n] != math.inf}
    elif rating.verdict == "timeout":
        sure = {n for n, low in zip(RATING_COLUMNS, rating.lower, strict=True) if not low}
    else:
        sure = set()
    shown = dict(zip(RATING_COLUMNS, rating.printed, strict=True))
    values = {name: shown[name] for name in RATING_COLUMNS
              if name in sure or not str(grid.meta.get(name, "")).strip()}
    row, before = forumcsv.fill_row(text, grid, values)
    changed = [f"{n} was {before[n].strip()}, now {values[n]}" for n in RATING_COLUMNS
               if before.get(n, "").strip() not in ("", values.get(n))]
    return row, "; ".join(changed) or None


# The engine (``puzzlefmt rate --timeout``, ``engine(grid, timeout=T)``) gives a grid out of
# time the rating reached so far (the "timeout" verdict), not an error: the record is written,
# its lower bounds printed ">=", and counted "timed out" in the summary.
def _rate_one(grid: Grid, steps: bool = False, timeout: float | None = None) -> Rating:
    return rate(grid, steps=steps, timeout=timeout, partial=True)


def _rate_many(grids: Sequence[Grid], steps: bool = False, timeout: float | None = None
               ) -> list[Rating]:
    return rate_many(grids, steps=steps, timeout=timeout, partial=True)


#: Sudoku Explainer's rating (:mod:`puzzlefmt.sudoku.rating`): ``grid.rate()`` (with its
#: steps), ``puzzlefmt rate`` (the ``%r/%p/%d`` line a record, in one kernel call a batch).
RATE = Engine(
    name="rate", family="sudoku", models=(Grid,),
    summary="Sudoku Explainer's difficulty rating (ER/EP/ED, serate 1.2.1.3) through its "
            "forcing chains and cycles and aligned triplets (rows 1-22)",
    returns="a Rating: er, ep, ed, the verdict and (with steps) the steps",
    run=_rate_one, run_many=_rate_many,
    record=_rate_record,
    to_json=lambda rating: rating.to_json(),
    words=lambda rating: rating.words(),
    kind=lambda rating: "timed out" if rating.verdict == "timeout" else rating.verdict,
    flagged=lambda rating: rating.verdict in ("no-solution", "multiple-solutions"),
    options=(Option("steps", bool, False, "record the steps (slower)"),),
    line_options=(Option("format", str, DEFAULT_FORMAT,
                         "the line written, in serate's notation: %r ER, %p EP, %d ED, %e "
                         "the time taken, %g the puzzle, %n its number, %% a percent sign",
                         valid=check_format),),
    fill=((forumcsv.FMT, _fill_row, "the ER/EP/ED columns (serate's numbers replace what "
           "they held; a >=9.0 goes into an empty column only)"),),
    timeout=True, verb="rated", title="Rate", doing="Rating", agent="rater",
    items=lambda rating: [f"{k + 1}. {step}" for k, step in enumerate(rating.steps)],
    item_picture=lambda grid, rating, k: (rating.before(k), {"step": rating.steps[k]}),
    page_options=(("steps", True),),
)
def _step_words(step: Step | None) -> str:
    return f"Next: {step}." if step is not None else "No step found."


#: The step Sudoku Explainer would take next: ``grid.hint()``.
HINT = Engine(
    name="hint", family="sudoku", models=(Grid,),
    summary="the next step Sudoku Explainer's solver would take",
    returns="a Step, or None when none of the rater's techniques applies",
    run=hint,
    record=lambda grid, step: str(step) if step is not None else "none",
    to_json=lambda step: step.to_json() if step is not None else None,
    words=_step_words,
    command=False, verb="hinted", title="Hint", doing="Looking", agent="hint engine",
)


def _solo_check(params: str = generator.SOLO_DEFAULT, seed: str = "") -> None:
    """Refuse Solo parameters the generator does not make, saying which: what a Grid cannot
    hold (other box shapes, X, jigsaw; killer and what Solo refuses: the port's reader)."""
    text = f"{params}#{seed}"
    p = _solo_port().parse_params(params, text)
    if (p.c, p.r, p.xtype) != (3, 3, False):
        kind = ("a jigsaw" if p.jigsaw else "an X puzzle" if p.xtype
                else f"{p.c}x{p.r} boxes")
        raise PuzzleFormatError(
            f"expected Solo parameters of a classic 9x9 (3x3 boxes, a symmetry, a difficulty "
            f"letter), found {kind}: generation here makes what a Sudoku grid holds",
            format="solo", line=1, column=1, text=text, expected="3x3 parameters",
            found=params)


def _solo_make(seed: str, params: str = generator.SOLO_DEFAULT) -> Grid:
    """The puzzle Solo makes from ``<params>#<seed>``, read from the game ID it shows."""
    _solo_check(params, seed)
    found: Grid = solo.FORMAT.loads(_expand_solo_seed(params, seed))
    return found


GENERATE_SOLO = Engine(
    name="generate-solo", family="sudoku", models=(Grid,),
    summary="new puzzles, each the one Simon Tatham's Solo makes for its seed (PARAMS as the "
            "game writes them: 3x3, 3x3r4di)",
    returns="a Grid",
    run=_solo_make,
    record=lambda grid, made: solo.FORMAT.dumps(made).rstrip("\n"),
    to_json=lambda made: {"game_id": solo.FORMAT.dumps(made).rstrip("\n")},
    words=lambda made: f"Solo's game ID: {solo.FORMAT.dumps(made).rstrip()}",
    options=(Option("params", str, generator.SOLO_DEFAULT,
                    "Solo's parameters: 3x3, a symmetry (a, r2, r4, m2, md2, m4, md4, m8), d "
                    "and a difficulty letter (t, b, i, a, e, u)"),),
    command=False, verb="generated", title="New Solo puzzle", doing="Generating",
    agent="generator", makes="solo", seeds=game_seeds, seed_id=generator.solo_seed_id,
    precheck=_solo_check,
)


#: The Sudoku family: its model (:class:`Grid`), formats, pictures and engines, as the registry
#: holds it.
FAMILY = Family(
    name="sudoku",
    models=(Grid,),
    formats=(
        line.FORMAT,
        txt.FORMAT,
        sdm.FORMAT,
        *ss.FORMATS,
        spf.FORMAT,
        plusgrid.FORMAT,
        hodokugrid.FORMAT,
        hodokutxt.FORMAT,
        rows.FORMAT,
        sdk.FORMAT,
        *msk.FORMATS,
        candidates.FORMAT,
        *pmgrid.FORMATS,
        sukaku.FORMAT,
        hodoku.FORMAT,
        forumcsv.FORMAT,
        gsfq2.FORMAT,
        sudokuwiki.FORMAT,
        sudokuwiki.LINK_FORMAT,
        fpuzzles.FORMAT,
        fpuzzles.LINK_FORMAT,
        sudokupad.FORMAT,
        solo.FORMAT,
        solo_save.FORMAT,
    ),
    renderers=(TEXT, SVG),
    columnar=COLUMNAR,
    engines=(SOLVE, CANON, RATE, HINT, GENERATE, GENERATE_SOLO),
    title="Sudoku",
    clues=lambda grid: grid.clue_count,
    example="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
)


def read_grid(text: str) -> Grid:
    """Any Sudoku text, in whichever Sudoku format fits it best, as one Grid (a collection of
    one record gives that record)."""
    value = FAMILY.read(text)
    if isinstance(value, Grid):
        return value
    if isinstance(value, Collection) and len(value) == 1 and isinstance(value[0], Grid):
        return value[0]
    found = f"a collection of {len(value)}" if isinstance(value, list) else type(value).__name__
    raise PuzzleFormatError.expecting("one Sudoku", found, format=getattr(value, "format",
                                                                            "sudoku"))


def _solo_port() -> ModuleType:
    # The kernel loader: Solo's generator needs numpy and its numba kernels, loaded with the
    # first seed expanded, not with puzzlefmt.sudoku.
    from puzzlefmt.sudoku import solo_seed  # noqa: PLC0415 - the kernel loader

    return solo_seed


def _expand_solo_seed(params: str, seed: str) -> str:
    found: str = _solo_port().expand_seed(params, seed)
    return found


install(Grid, SudokuEngines(read=read_grid, svg=sudoku_svg, solve=solve,
                            expand_solo_seed=_expand_solo_seed, run=FAMILY.runs(Grid)))
