"""The protocol every engine follows: :class:`Engine`, one entry of a family's engine table.

An engine answers a question about a model: *solve it*, *grade it*, *rate it*, *what are the
moves*. A family declares its engines in one table (``Family.engines``); everything above the
family layer (the command line's commands and choices, the web page's actions, batch jobs,
Dask tasks) is built from those tables, so adding an engine is its module plus one entry::

    GRADE = Engine(
        name="grade", family="keen", models=(Puzzle,),
        summary="the difficulty Keen's own grader gives",
        returns="a Difficulty, or None when the puzzle has no unique solution",
        run=grade.grade,
        record=lambda puzzle, level: level.title if level else "none",
        to_json=lambda level: {"grade": level.title if level else None},
        words=lambda level: f"Keen would grade it {level.title}." if level else "No grade.",
    )

``engine(model, **options)`` checks the options by their declaration (:class:`Option`, the
same vocabulary as the formats' options) and runs it; ``engine.many(models, **options)`` runs
a batch, through the engine's batch form when it has one (one kernel call for many models).
The model reaches its family's engines by name (``Model._run``), so ``puzzle.grade()`` is
``Puzzle``'s one-line method over the table and the model never imports the engine.

A *generator* is an engine that takes no model: it makes one from a seed string. It says
what it makes (``makes="keen"``: the word after ``puzzlefmt generate``), how seed strings
follow one another (``seeds(master)``: an endless iterator; the same master gives the same
seeds) and its ``run(seed, **options)`` makes the model of one seed, so that the same seed
and options give the same model in any process, in any order; its ``run_many(seeds,
**options)``, when it has one, makes the models of many seeds at once (the same models);
its ``lines(count, master, with_seed, **options)``, when it has one, gives the text the
command writes for the first ``count`` seeds of ``master`` with no other option (each
model's ``record`` line, with ``with_seed`` a tab and its ``seed_id``), in chunks, without a
model object for each (``None``: not for these arguments; the command then goes through
``run_many``). ``engine.make(seed)`` runs it; ``engine.make_many(n, seed=master)`` gives
``n`` (seed, model) pairs. The command ``puzzlefmt generate``, batch jobs, Dask and the
page's "new puzzle" action are built from the generators of the tables.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlefmt.errors import OptionError
from puzzlefmt.format import Option, check_options
from puzzlefmt.model import SolveResult

__all__ = ["Engine", "GenerationError", "GenerationTimeoutError", "deadline", "solve_engine"]


class GenerationError(RuntimeError):
    """A generator could not make the model of a seed with the options given (a timeout,
    parameters refused): it ends a batch run, whose command says why in one line."""


class GenerationTimeoutError(ValueError):
    """A generator found no model meeting its options within its time bound (``timeout``):
    a :class:`ValueError`, so that a batch rejects that record with the reason."""


def _no_words(result: Any) -> str:
    return str(result)


def _plain_json(result: Any) -> Any:
    return result


@dataclass(frozen=True, kw_only=True)
class Engine:
    """One engine of a family (see the module docstring).

    ``name``: the verb, unique within the family (``"solve"``, ``"grade"``, ``"rate"``), and
    the command-line command and web action that reach it. ``models``: the model types it
    takes. ``summary``: one line for ``--help`` and the page. ``returns``: its result, in
    words. ``run(model, **options)``: the engine. ``run_many(models, **options)``: its batch
    form (``None``: ``run`` over each model). ``record(model, result)``: the one line a batch
    command writes for a record. ``to_json(result)``: a JSON-ready value (``--json``, the web
    API). ``words(result)``: a sentence for people (the page). ``kind(result)``: the word a
    batch summary counts the record under (``None``: counted as done only). ``flagged(result)``:
    whether the record counts as not good (exit code 1), as ``validate`` counts an invalid
    puzzle. ``options``: declared options, checked on every call. ``timeout``: whether the
    engine takes ``timeout`` (seconds a model) as a keyword, for searches that can run long.
    ``command``: whether the command line offers ``puzzlefmt <name>`` (an engine that a
    built-in command already serves, ``solve`` or ``canon``, says ``False``). ``verb``: how a
    batch summary names a record done (``"graded"``: "12 graded"). ``title``: the page's
    button (``"Grade"``); ``doing``: what the page says while it runs (``"Grading"``);
    ``agent``: what a family without the engine lacks, in words (``"the
    sudoku family has no grader"``). ``result_picture(model)``: the picture options that
    draw the puzzle with a model the engine returns (a solution): Sudoku's
    ``{"solution": grid.values}``. ``line_options``: options of the line a batch command
    writes for a record, not of the run (the rater's ``format``, serate's notation): declared
    and offered by the command as ``options`` are, checked by :meth:`check_line`, and given to
    ``record`` as keywords with the record's ``number`` and its ``text`` as read
    (``record(model, result, number=..., text=..., **line_options)``). ``fill``: the
    formats whose records the engine writes back as read, with its result in the record's
    own fields (``puzzlefmt rate --fill``: a forum CSV row's ER/EP/ED columns), each as
    ``(format name, fill, what it fills in words)``; ``fill(model, result, text)`` gives the
    record's new text and a warning (a value it replaced, say) or ``None``, and raises
    ``ValueError`` for a record it cannot fill (rejected with the reason).

    Results made of parts one can look at in turn (a rating's steps, a position's moves):
    ``items(result)`` names each part in one line (the page lists them), and
    ``item_picture(model, result, k)`` gives what draws part ``k``: the model to draw (the
    record, or the grid as it stands before a step) and the picture options that show the
    part on it. ``page_options``: the options the page runs the engine with, as ``(name,
    value)`` pairs (the rater's ``steps``, how many moves to list), under those a request
    gives.

    Generators (see the module docstring): ``makes`` (non-empty: the engine is a generator,
    ``puzzlefmt generate <makes>``), ``seeds(master)`` (the seed strings, ``master`` ``None``:
    drawn afresh), ``seed_id(seed, **options)`` (the seed as people paste it back, for
    ``--with-seed``; ``None``: the seed string itself), ``precheck(**options)`` (refuses
    options no model can meet, with one clear :class:`ValueError` or
    :class:`~puzzlefmt.errors.PuzzleFormatError`, before any model is made). A generator says
    ``command=False``: ``puzzlefmt generate`` serves it. A generator's ``run_many(seeds,
    **options)`` is its batch form: ``[run(seed, **options) for seed in seeds]`` at once;
    ``lines(count, master, with_seed, **options)`` its fast form for the command's plain
    output (see the module docstring).
    """

    name: str
    family: str
    models: tuple[type, ...]
    summary: str
    returns: str
    run: Callable[..., Any]
    run_many: Callable[..., list[Any]] | None = None
    record: Callable[..., str] | None = None
    to_json: Callable[[Any], Any] = _plain_json
    words: Callable[[Any], str] = _no_words
    kind: Callable[[Any], str | None] | None = None
    flagged: Callable[[Any], bool] | None = None
    options: tuple[Option, ...] = ()
    timeout: bool = False
    command: bool = True
    verb: str = "done"
    title: str = ""
    doing: str = ""
    agent: str = ""
    result_picture: Callable[[Any], Mapping[str, Any]] | None = None
    items: Callable[[Any], Sequence[str]] | None = None
    item_picture: Callable[[Any, Any, int], tuple[Any, Mapping[str, Any]]] | None = None
    page_options: tuple[tuple[str, Any], ...] = ()
    line_options: tuple[Option, ...] = ()
    fill: tuple[tuple[str, Callable[[Any, Any, str], tuple[str, str | None]], str], ...] = ()
    makes: str = ""
    seeds: Callable[[str | None], Iterator[str]] | None = None
    seed_id: Callable[..., str] | None = None
    precheck: Callable[..., None] | None = None
    lines: Callable[..., Iterator[str] | None] | None = None

    @property
    def generates(self) -> bool:
        """Whether the engine is a generator (it takes no model, it makes one)."""
        return bool(self.makes)

    def make(self, seed: str, **options: Any) -> Any:
        """The model a generator makes from ``seed`` (a string) with ``options``."""
        if not self.generates:
            raise TypeError(f"{self.family} {self.name} is not a generator")
        if not isinstance(seed, str):
            raise TypeError(f"a seed is a string, not {type(seed).__name__}")
        return self.run(seed, **self.check(options))

    def make_many(self, count: int, seed: str | None = None,
                  **options: Any) -> list[tuple[str, Any]]:
        """``count`` (seed, model) pairs a generator makes from the seeds of ``seed`` (the
        master seed; ``None``: drawn afresh)."""
        if self.seeds is None:
            raise TypeError(f"{self.family} {self.name} is not a generator")
        opts = self.prepare(options)
        seeds = [s for s, _ in zip(self.seeds(seed), range(count), strict=False)]
        if self.run_many is not None:
            return list(zip(seeds, self.run_many(seeds, **opts), strict=True))
        return [(s, self.run(s, **opts)) for s in seeds]

    def prepare(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A generator's options checked against the declaration and by its ``precheck``."""
        opts = self.check(options)
        if self.precheck is not None:
            self.precheck(**{k: v for k, v in opts.items() if k != "timeout"})
        return opts

    def seed_text(self, seed: str, **options: Any) -> str:
        """The seed as people give it back (``6dh#123``), for ``--with-seed``."""
        return self.seed_id(seed, **options) if self.seed_id is not None else seed

    @property
    def label(self) -> str:
        """The page's button: ``title``, or the name with a capital."""
        return self.title or self.name.capitalize()

    @property
    def lacking(self) -> str:
        """What a family without this engine lacks (``"grader"``)."""
        return self.agent or f"{self.name} engine"

    def check(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` checked against the declaration (unknown names and bad values raise
        :class:`~puzzlefmt.errors.OptionError`)."""
        given = dict(options)
        if "timeout" in given and self.timeout:
            timeout = given.pop("timeout")
            checked = check_options(self.options, given, owner=self.name, role="engine")
            if timeout is not None and (isinstance(timeout, bool)
                                        or not isinstance(timeout, int | float) or timeout <= 0):
                raise OptionError(f"{self.name}: timeout must be a positive number of "
                                  f"seconds, not {timeout!r}")
            checked["timeout"] = timeout
            return checked
        return check_options(self.options, given, owner=self.name, role="engine")

    def takes(self, value: object) -> bool:
        """Whether ``value`` is a model this engine works on (a generator takes none)."""
        return not self.generates and isinstance(value, self.models)

    def __call__(self, model: Any, **options: Any) -> Any:
        """Run the engine on one model."""
        if not self.takes(model):
            wanted = " or ".join(m.__name__ for m in self.models)
            raise TypeError(f"{self.family} {self.name} takes a {wanted}, "
                            f"not {type(model).__name__}")
        return self.run(model, **self.check(options))

    def many(self, models: Sequence[Any], **options: Any) -> list[Any]:
        """Run the engine on many models (its batch form where it has one), in order."""
        opts = self.check(options)
        for model in models:
            if not self.takes(model):
                wanted = " or ".join(m.__name__ for m in self.models)
                raise TypeError(f"{self.family} {self.name} takes a {wanted}, "
                                f"not {type(model).__name__}")
        if self.run_many is not None:
            return list(self.run_many(models, **opts))
        return [self.run(model, **opts) for model in models]

    def filler(self, format_name: str) -> Callable[[Any, Any, str], tuple[str, str | None]
                                                   ] | None:
        """The engine's ``fill`` for records of ``format_name`` (``None``: it fills none)."""
        return next((f for name, f, _ in self.fill if name == format_name), None)

    def check_line(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` of the written line checked against ``line_options`` (unknown names
        and bad values raise :class:`~puzzlefmt.errors.OptionError`)."""
        return check_options(self.line_options, options, owner=self.name, role="line")

    def line(self, model: Any, result: Any, *, number: int = 1, text: str | None = None,
             **options: Any) -> str:
        """The line a batch command writes for ``model`` and its result (no newline):
        ``number`` is the record's number, ``text`` the record as read (``None``: not known)
        and ``options`` the engine's ``line_options``, for an engine that declares some."""
        if self.record is not None:
            if self.line_options:
                return self.record(model, result, number=number, text=text,
                                   **self.check_line(options))
            if options:
                self.check_line(options)  # raises: the engine has no such option
            return self.record(model, result)
        return self.words(result)

    def describe(self) -> str:
        """One line for listings: the name, what it returns, its options."""
        opts = "; ".join(o.describe() for o in (*self.options, *self.line_options))
        return f"{self.name}: {self.summary} (returns {self.returns})" + (
            f"; options: {opts}" if opts else "")


def solve_engine(family: str, models: tuple[type, ...],
           solve_many: Callable[..., list[SolveResult[Any]]],
           solution_text: Callable[[Any, SolveResult[Any]], str], *,
           timeout: bool = False,
           result_picture: Callable[[Any], Mapping[str, Any]] | None = None) -> Engine:
    """A family's ``solve`` engine from its batch solver: ``solve_many(models, limit)``
    (with ``timeout=`` seconds a model when ``timeout``) and the line ``puzzlefmt solve``
    writes for a result (``result_picture(solution)``: the picture options that draw the
    puzzle with that solution). The
    ``solve`` command serves it (with its fast paths), so the command line offers no second
    command for it."""

    def run_many(values: Sequence[Any], limit: int = 2, **kw: Any) -> list[SolveResult[Any]]:
        return solve_many(values, limit, **kw)

    def run(value: Any, limit: int = 2, **kw: Any) -> SolveResult[Any]:
        return solve_many([value], limit, **kw)[0]

    return Engine(
        name="solve", family=family, models=models,
        summary="count the solutions (up to a limit) and give them",
        returns="a SolveResult: count, status, solutions of the puzzle's own type",
        run=run, run_many=run_many, record=solution_text,
        to_json=_solve_json, words=_solve_words,
        kind=lambda result: str(result.status), flagged=lambda result: not result.unique,
        options=(Option("limit", int, 2, "count solutions up to this many", minimum=1),),
        timeout=timeout, command=False, verb="solved", agent="solver",
        result_picture=result_picture,
    )


def _solve_json(result: SolveResult[Any]) -> dict[str, Any]:
    return {"status": result.status, "solutions": result.count, "reason": result.reason}


def _solve_words(result: SolveResult[Any]) -> str:
    if not result.complete:
        return f"Gave up: {result.reason}" if result.reason else "Gave up."
    if result.count == 0:
        return "No solution" + (f": {result.reason}." if result.reason else ".")
    if result.count == 1:
        return "One solution."
    return f"{result.count}{'+' if result.count >= result.limit else ''} solutions."


def deadline(timeout: float | None) -> Callable[[], bool]:
    """A check for generators: ``True`` once ``timeout`` seconds (``None``: never) have passed
    since the call."""
    if timeout is None:
        return lambda: False
    end = time.monotonic() + timeout
    return lambda: time.monotonic() > end
