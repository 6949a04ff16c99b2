"""The Keen family: its formats, pictures and engines, gathered for the registry.

Importing this module (``puzzlefmt.keen`` does) installs the engines on
:class:`~puzzlefmt.keen.model.Puzzle`, so that ``Puzzle(text)`` reads any Keen text,
``puzzle.solve()`` and ``puzzle.grade()`` work, ``Puzzle("6dn#seed")`` expands the seed
(:mod:`puzzlefmt.keen.seed`) and Jupyter draws a puzzle. Nothing here imports numpy or numba:
the solver, the grader and the seed expander load their kernels on first use.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from types import ModuleType

from puzzlefmt._jit import notice_if_cold
from puzzlefmt.collection import Collection
from puzzlefmt.columnar import Columnar, LineResults
from puzzlefmt.engine import Engine, solve_engine
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.family import Family
from puzzlefmt.format import Option
from puzzlefmt.keen import generator, grade, solver, svg, text
from puzzlefmt.keen.formats import keen_id, keen_json, keen_list
from puzzlefmt.keen.formats import keen_save as savefile
from puzzlefmt.keen.model import Cage, Difficulty, KeenEngines, Puzzle
from puzzlefmt.model import SolveResult, install
from puzzlefmt.sgt.random import RandomState

__all__ = ["FAMILY", "read_any"]

def _block_solve(lines: Sequence[str], numbers: Sequence[int], limit: int, count: bool
                 ) -> LineResults:
    # The kernel loader: the fast path and its numpy load on the first batch job, not with
    # the family, so that reading and writing never load them.
    from puzzlefmt.keen import columnar  # noqa: PLC0415 - the kernel loader

    notice_if_cold("the Keen solver's kernels")
    result: LineResults = columnar.block_solve(lines, numbers, limit, count)
    return result


def _grade_record(puzzle: Puzzle, level: Difficulty | None) -> str:
    return level.title if level is not None else "none (no unique solution)"


def _grade_json(level: Difficulty | None) -> dict[str, str | None]:
    return {"grade": level.title if level is not None else None}


def _grade_words(level: Difficulty | None) -> str:
    if level is None:
        return "No grade: the puzzle has no unique solution."
    return f"Keen would grade it {level.title}."


def _seed_port() -> ModuleType:
    """The kernel loader: the seed expander and generator (:mod:`puzzlefmt.keen.seed`) need
    numpy and their numba kernels, loaded with the first seed, not with puzzlefmt.keen."""
    from puzzlefmt.keen import seed  # noqa: PLC0415 - the kernel loader

    return seed


def _make_many(seeds: Sequence[str], params: str = generator.DEFAULT_PARAMS) -> list[Puzzle]:
    # The kernel loader: numpy and the generator's kernel load with the first batch.
    return _seed_port().make_many(seeds, params)  # type: ignore[no-any-return]


def _lines(count: int, master: str | None, with_seed: bool,
           params: str = generator.DEFAULT_PARAMS) -> Iterator[str] | None:
    # The kernel loader: seeds, puzzles and lines in the generator's kernel.
    return _seed_port().lines(count, master, with_seed, params)  # type: ignore[no-any-return]


#: The engine table: ``puzzle.solve()`` and ``puzzle.grade()``, ``puzzlefmt solve`` and
#: ``puzzlefmt grade``, the page's actions.
SOLVE = solve_engine("keen", (Puzzle,), solver.solve_many, solver.solution_text, timeout=True,
                     result_picture=lambda solved: {"solution": solved.solution})
GRADE = Engine(
    name="grade", family="keen", models=(Puzzle,),
    summary="the difficulty Keen's own grader gives each puzzle",
    returns="a Difficulty, or None when the puzzle has no unique solution",
    run=grade.grade, run_many=grade.grade_many,
    record=_grade_record, to_json=_grade_json, words=_grade_words,
    kind=lambda level: level.title.lower() if level is not None else "ungraded",
    flagged=lambda level: level is None,
    verb="graded",
    doing="Grading",
    agent="grader",
)

GENERATE = Engine(
    name="generate", family="keen", models=(Puzzle,),
    summary="new puzzles, each the one Keen makes for its seed (PARAMS as the game writes "
            "them: 6dh, 9dxm)",
    returns="a Puzzle in its description form",
    run=generator.make, run_many=_make_many,
    record=lambda puzzle, made: generator.game_id(made),
    to_json=lambda made: {"game_id": generator.game_id(made), "id": made.game_id()},
    words=lambda made: f"Keen's game ID: {generator.game_id(made)}",
    options=(Option("params", str, generator.DEFAULT_PARAMS,
                    "the game's parameters: size 3-9, d and a difficulty letter, m"),),
    command=False, verb="generated", title="New puzzle", doing="Generating",
    agent="generator", makes="keen", seeds=generator.game_seeds,
    seed_id=generator.seed_id, precheck=generator.check_params, lines=_lines,
)

#: The batch commands' fast path for game ID lists (:mod:`puzzlefmt.keen.columnar`).
COLUMNAR = Columnar(formats=frozenset({"keen-list"}), solve=_block_solve)

#: The Keen family: its model (:class:`Puzzle`), formats, pictures and engines, as the registry
#: holds it.
FAMILY = Family(
    name="keen",
    models=(Puzzle,),
    formats=(keen_id.FORMAT, keen_list.FORMAT, keen_json.FORMAT, savefile.FORMAT),
    renderers=(text.RENDERER, svg.RENDERER),
    columnar=COLUMNAR,
    engines=(SOLVE, GRADE, GENERATE),
    title="Keen",
    example="3:a_a3_a_,a3m6m3s1",
)


def read_any(source: str) -> Puzzle:
    """One puzzle from any Keen text: a game ID line (the common case, read directly), else
    whichever Keen format detection finds (a JSON object, an ID with blank lines around)."""
    body = source.rstrip()
    if "\n" not in body and "\r" not in body and not body.lstrip().startswith("{"):
        return keen_id.parse_line(source)
    found = FAMILY.read(source)
    if isinstance(found, Collection):
        if len(found) == 1 and isinstance(found[0], Puzzle):
            puzzle: Puzzle = found[0]
            return puzzle
        raise PuzzleFormatError.expecting(
            "one Keen puzzle", f"{len(found)} records ({found.format})", format=found.format)
    if not isinstance(found, Puzzle):  # pragma: no cover - every Keen format reads Puzzles
        raise PuzzleFormatError.expecting("one Keen puzzle", type(found).__name__,
                                          format="keen")
    return found


def _solve(puzzle: Puzzle, limit: int) -> SolveResult[Puzzle]:
    return solver.solve(puzzle, limit)


def _expand_seed(size: int, seed: str, difficulty: Difficulty,
                 multiplication_only: bool) -> tuple[Cage, ...]:
    cages: tuple[Cage, ...]
    cages, _ = _seed_port().generate(size, difficulty, multiplication_only, RandomState(seed))
    return cages


install(Puzzle, KeenEngines(
    read=read_any,
    svg=svg.keen_svg,
    seed_card=svg.seed_card,
    solve=_solve,
    expand_seed=_expand_seed,
    run=FAMILY.runs(Puzzle),
))
