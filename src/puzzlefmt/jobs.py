"""The batch jobs: convert, validate, solve, canonicalise, as per-chunk work for
:func:`puzzlefmt.batch.run_batch`.

The command line runs them on one machine (``--jobs``), :mod:`puzzlefmt.dask` on a cluster;
both get the same output from the same records. Module-level functions (bound with
``functools.partial``) so that worker processes can receive them.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from puzzlefmt import registry
from puzzlefmt._words import counted
from puzzlefmt.batch import (
    FLAGGED,
    Block,
    Chunk,
    Outcome,
    RawChunk,
    SpanBlock,
    comment_line,
    fold,
)
from puzzlefmt.collection import LineCollection, Record
from puzzlefmt.columnar import LineResults, joined
from puzzlefmt.engine import Engine, GenerationError
from puzzlefmt.losses import described, dropped, rewritten
from puzzlefmt.model import Model, SolveResult

__all__ = ["Job", "canon_task", "convert_task", "engine_task", "generate_task",
           "position_at", "solve_task", "validate_task"]


def _clues(value: Any) -> int | None:
    """The clue count of a puzzle whose family counts one (a Sudoku grid's givens)."""
    clues = registry.family_of(value).clues
    return clues(value) if clues is not None else None


def where(rec: Record, message: str) -> str:
    return f"record {rec.number}, line {rec.line}: {message}"


def position_at(value: Any, n: int) -> Any:
    """The position after the first ``n`` events of a game record (a model its family
    declares one: :attr:`puzzlefmt.family.Family.replay`, as :class:`puzzlefmt.cgp.Game`):
    what ``--at N`` picks. :class:`TypeError` when ``value`` is not a game record,
    :class:`ValueError` when ``n`` is past its end."""
    replay = registry.family_of(value).game(value)
    if replay is None:
        raise TypeError(f"a {type(value).__name__} is not a game record ({registry.game_names()}); "
                        "it has no events")
    length = replay.length(value)
    if not 0 <= n <= length:
        raise ValueError(f"the game has {counted(length, 'event')} (0 to {length})")
    return replay.position(value, n)


def convert_task(
    target: str, options: dict[str, Any], strict: bool, headed: bool, records: list[Record],
    *, at: int | None = None,
) -> list[Outcome]:
    """Write each record in ``target``; ``headed``: the output needs the target's header
    (the source's does not pass through); ``at``: write a game record's position after its
    first ``at`` events instead (``--at N``)."""
    fmt = registry.get_format(target)
    header = fmt.write_header if isinstance(fmt, LineCollection) and headed else None
    newline = fmt.newline if isinstance(fmt, LineCollection) else "\n"
    out: list[Outcome] = []
    for rec in records:
        value = rec.value
        if at is not None:
            try:
                value = position_at(value, at)
            except (TypeError, ValueError) as exc:
                said = "--at" if isinstance(exc, TypeError) else f"--at {at}"
                out.append(Outcome(rec.number, rec.line, error=where(rec, f"{said}: {exc}")))
                continue
        gone = dropped(value, fmt, options)
        moved = rewritten(value, fmt, options)
        if (gone or moved) and strict:
            out.append(Outcome(rec.number, rec.line, error=where(
                rec, f"{described(fmt, gone, moved)} (--strict)")))
            continue
        try:
            if isinstance(fmt, LineCollection):
                text = fmt.dump_record(value, **options)
            else:
                text = fmt.dumps(value, **options)
                if not text.endswith("\n"):
                    text += "\n"
            preamble = header(fmt.one(value)) + newline if header is not None else None
        except (TypeError, ValueError) as exc:
            out.append(Outcome(rec.number, rec.line, error=where(rec, f"cannot write: {exc}")))
            continue
        data: dict[str, Any] = {"text": text.rstrip("\r\n")}
        warning = None
        if gone:
            warning = f"{fmt.name} cannot hold its {', '.join(gone)}: dropped"
            data["dropped"] = gone
        if moved:
            also = described(fmt, [], moved)
            warning = also if warning is None else f"{warning}; it{also[len(fmt.name):]}"
            data["written_as"] = moved
        out.append(Outcome(rec.number, rec.line, output=text, data=data, warning=warning,
                           preamble=preamble))
    return out


def _solve_all(values: Sequence[Any], limit: int, timeout: float | None = None
               ) -> list[tuple[Engine, SolveResult[Any]] | None]:
    """Solve models of any families, each family in one batch call of its ``solve`` engine
    (``timeout``: seconds a model, for the engines that bound their searches; ``None``: the
    engine's default): each model's engine (looked up once a family) and result, ``None``
    for a model whose family has no solver."""
    results: list[tuple[Engine, SolveResult[Any]] | None] = [None] * len(values)
    groups: dict[str, list[int]] = {}
    for i, value in enumerate(values):
        groups.setdefault(registry.family_of(value).name, []).append(i)
    for name, idx in groups.items():
        eng = registry.family(name).engine("solve")
        if eng is None:
            continue
        options: dict[str, Any] = {"limit": limit}
        if timeout is not None and eng.timeout:
            options["timeout"] = timeout
        found = eng.many([values[i] for i in idx], **options)
        for i, one in zip(idx, found, strict=True):
            results[i] = (eng, one)
    return results


def _words(result: SolveResult[Any], limit: int) -> str:
    if not result.complete:
        return f"unknown: {result.reason}"
    if result.count == 0:
        return "invalid: no solution" + (f" ({result.reason})" if result.reason else "")
    if result.count > 1:
        more = "+" if result.count >= limit else ""
        return f"invalid: {result.count}{more} solutions"
    return "valid, unique solution"


def validate_task(limit: int, records: list[Record], *,
                  timeout: float | None = None) -> list[Outcome]:
    """Check each record's rules and, when it has no error, count its solutions up to ``limit``
    (0: no solving): the line written says valid or invalid, and why."""
    values = [rec.value for rec in records]
    problems = [v.problems() if isinstance(v, Model) else [] for v in values]
    clean = [i for i, p in enumerate(problems) if not any(x.severity == "error" for x in p)]
    solved: list[SolveResult[Any] | None] = [None] * len(values)
    if limit > 0 and clean:
        found = _solve_all([values[i] for i in clean], limit, timeout)
        for i, one in zip(clean, found, strict=True):
            solved[i] = one[1] if one is not None else None
    out: list[Outcome] = []
    for rec, probs, res in zip(records, problems, solved, strict=True):
        errors = [str(p) for p in probs if p.severity == "error"]
        warnings = [str(p) for p in probs if p.severity != "error"]
        data: dict[str, Any] = {"family": registry.family_of(rec.value).name,
                                "valid": not errors,
                                "problems": [str(p) for p in probs],
                                "codes": [p.code for p in probs]}
        words = "valid" if not errors else "invalid: " + "; ".join(errors)
        kind = "valid" if not errors else "invalid"
        if res is not None:
            data["solutions"] = res.count
            data["status"] = res.status
            data["valid"] = res.unique
            words = _words(res, limit)
            kind = {"unique": "valid", "unknown": "unknown"}.get(res.status, "invalid")
        if warnings and kind == "valid":
            words += " (" + "; ".join(warnings) + ")"
        out.append(Outcome(rec.number, rec.line, output=f"{rec.number}\t{words}\n", data=data,
                           flagged=not data["valid"], kind=kind))
    return out


def solve_task(limit: int, count_only: bool, records: list[Record], *,
               timeout: float | None = None) -> list[Outcome]:
    """Solve each record, counting up to ``limit`` solutions: the line written is the solution
    (``count_only``: the count), the kind its status; a record whose family has no solver is
    rejected."""
    out: list[Outcome] = []
    results = _solve_all([rec.value for rec in records], limit, timeout)
    for rec, one in zip(records, results, strict=True):
        if one is None:
            name = registry.family_of(rec.value).name
            out.append(Outcome(rec.number, rec.line, error=where(rec, f"{name}: no solver")))
            continue
        eng, res = one
        solution = eng.line(rec.value, res)
        text = str(res.count) if count_only and res.complete else solution
        data: dict[str, Any] = {"status": res.status, "solutions": res.count, "text": solution,
                                "clues": _clues(rec.value)}
        if not res.complete:
            data["reason"] = res.reason
        out.append(Outcome(rec.number, rec.line, output=text + "\n", data=data,
                           flagged=not res.unique, kind=res.status))
    return out


def canon_task(convention: str, records: list[Record]) -> list[Outcome]:
    """Write each record's canonical form in ``convention``; a record whose family has none, or that
    the engine refuses, is rejected with the reason."""
    forms, refused = _engine_results("canon", {"convention": convention},
                                     [rec.value for rec in records])
    out: list[Outcome] = []
    for i, rec in enumerate(records):
        if i in refused:
            out.append(Outcome(rec.number, rec.line, error=where(rec, refused[i])))
            continue
        text = forms[i][1]
        out.append(Outcome(rec.number, rec.line, output=text + "\n",
                           data={"canon": text, "clues": _clues(rec.value)}))
    return out


# How a record of a family without the engine is refused, where an older wording is kept.
_NONE = {"canon": "{} has no canonical form"}


def _engine_results(name: str, options: dict[str, Any], values: Sequence[Any]
                    ) -> tuple[dict[int, tuple[Engine, Any]], dict[int, str]]:
    """Run the engine ``name`` of each value's family over ``values``, each family in one
    batch call: each engine (looked up once a family) and its result by index, and the
    refusals (no such engine, or the engine's ``ValueError`` for that value) by index."""
    found: dict[int, tuple[Engine, Any]] = {}
    refused: dict[int, str] = {}
    groups: dict[str, list[int]] = {}
    for i, value in enumerate(values):
        groups.setdefault(registry.family_of(value).name, []).append(i)
    for fam_name, idx in groups.items():
        eng = registry.family(fam_name).engine(name)
        if eng is None:
            refused.update((i, _NONE.get(name, "the {} family has no {} engine").format(
                fam_name, name)) for i in idx)
            continue
        ok = [i for i in idx if eng.takes(values[i])]
        refused.update((i, f"{fam_name} {name} takes no {type(values[i]).__name__}")
                       for i in idx if i not in ok)
        try:
            found.update((i, (eng, one)) for i, one in zip(
                ok, eng.many([values[i] for i in ok], **options), strict=True))
        except ValueError:  # one value is refused: find which, one at a time
            for i in ok:
                try:
                    found[i] = (eng, eng(values[i], **options))
                except ValueError as exc:
                    refused[i] = str(exc)
    return found, refused


def _line_option_names(name: str) -> frozenset[str]:
    """The names of the line options (:attr:`~puzzlefmt.engine.Engine.line_options`) of the
    engines called ``name``: options that shape the written line, not the run."""
    return frozenset(o.name for e in registry.engines(name) for o in e.line_options)


def engine_task(name: str, options: dict[str, Any], records: list[Record], *,
                fill: str = "") -> list[Outcome]:
    """Run a family engine (``puzzlefmt grade``, ``puzzlefmt rate``...) on each record: the
    line it writes is the engine's :meth:`~puzzlefmt.engine.Engine.line`, its JSON the
    engine's ``to_json``; a record the engine refuses is rejected with the reason. ``fill``:
    the records are of that format, and each is written back as read with the result in
    its own fields (the engine's ``fill`` for the format), ending with the format's
    newline."""
    shaping = _line_option_names(name)
    run_options = {k: v for k, v in options.items() if k not in shaping}
    line_options = {k: v for k, v in options.items() if k in shaping}
    found, refused = _engine_results(name, run_options, [rec.value for rec in records])
    out: list[Outcome] = []
    for i, rec in enumerate(records):
        if i in refused:
            out.append(Outcome(rec.number, rec.line, error=where(rec, refused[i])))
            continue
        eng, result = found[i]
        mine = {k: v for k, v in line_options.items()
                if any(o.name == k for o in eng.line_options)}
        end = "\n"
        warning = None
        if fill:
            filler = eng.filler(fill)
            if filler is None:
                out.append(Outcome(rec.number, rec.line, error=where(
                    rec, f"the {name} engine fills no {fill} record")))
                continue
            try:
                text, warning = filler(rec.value, result, rec.text)
            except ValueError as exc:
                out.append(Outcome(rec.number, rec.line, error=where(
                    rec, f"cannot fill it: {exc}")))
                continue
            end = comment_newline(registry.get_format(fill), registry.get_format(fill)) or end
        else:
            text = eng.line(rec.value, result, number=rec.number, text=rec.text, **mine)
        data = eng.to_json(result)
        if not isinstance(data, dict):
            data = {name: data}
        out.append(Outcome(rec.number, rec.line, output=text + end, warning=warning,
                           data={"text": text, **data},
                           kind=eng.kind(result) if eng.kind is not None else None,
                           flagged=bool(eng.flagged(result)) if eng.flagged else False))
    return out


def _call(func: Callable[..., Any], *args: Any) -> Any:
    """``func(lines, numbers, *args)`` (arguments bound first, lines given last)."""
    *bound, lines, numbers = args
    return func(lines, numbers, *bound)


def comment_newline(source: Any, target: Any) -> str | None:
    """The line ending to pass a collection's comment and blank lines on with when
    converting ``source`` to ``target`` (formats), or ``None`` when they cannot go on: every
    collection keeps comment lines (its own ``is_comment`` lines), a single document does
    not. A header line never passes on: a target that needs one writes its own, before the
    first record."""
    if not (isinstance(source, LineCollection) and isinstance(target, LineCollection)):
        return None
    return target.newline


LineJob = Callable[[Sequence[str], Sequence[int]], LineResults | None]


def columnar_block(
    line_job: LineJob,
    placeholder: str | None,
    comments: str | None,
    chunk: RawChunk,
    fallback: Callable[[RawChunk], list[Outcome]],
) -> Chunk:
    """One block through a family's fast path: the lines it takes are worked as arrays; the
    rest (and every line, when it takes none) go through the object path; the output keeps
    the input's order."""
    records = [entry for entry in chunk if entry[0]]
    found = line_job([e[2] for e in records], [e[0] for e in records])
    if found is None:
        return fold(fallback(chunk), placeholder, False)
    texts, kinds = found
    if len(records) == len(chunk) and None not in texts:
        return _all_fast(chunk, texts, kinds)
    slow = [entry for entry, text in zip(records, texts, strict=True) if text is None]
    slow_done = {oc.number: oc for oc in fallback(slow)} if slow else {}
    result = Chunk()
    out: list[str] = []
    counts = result.kinds
    k = 0
    for number, line, raw in chunk:
        result.last_line = line
        if not number:
            if comments is not None:
                out.append(comment_line(raw, comments))
            continue
        text = texts[k]
        kind = kinds[k]
        k += 1
        if text is None:
            one = fold([slow_done[number]], placeholder, False)
            out.append(one.text)
            result.records += 1
            result.written += one.written
            result.flagged += one.flagged
            result.rejects.extend(one.rejects)
            result.warnings.extend(one.warnings)
            for name, n in one.kinds.items():
                counts[name] = counts.get(name, 0) + n
            continue
        out.append(text)
        result.records += 1
        result.written += 1
        if kind is not None:
            counts[kind] = counts.get(kind, 0) + 1
            result.flagged += kind in FLAGGED
    result.text = "".join(out)
    return result


def _all_fast(chunk: RawChunk, texts: Sequence[str | None], kinds: Sequence[str | None]
              ) -> Chunk:
    """:func:`columnar_block`'s result for the usual block: records only (no comment line),
    every one worked by the fast path (no loop in Python over the records)."""
    result = Chunk()
    result.records = result.written = len(texts)
    if chunk:
        result.last_line = chunk[-1][1]
    tally = Counter(cast("list[str]", kinds))
    tally.pop(cast("str", None), 0)
    for name, n in tally.items():
        result.kinds[name] = n
        if name in FLAGGED:
            result.flagged += n
    result.text = joined(texts)
    return result


@dataclass(frozen=True)
class Job:
    """One batch job, described so that it can be sent anywhere (a worker process, a Dask
    worker) and run the same there: ``task()`` is its per-chunk work, ``placeholder`` what it
    writes for a rejected record, ``verb`` how the summary names a written record."""

    name: Literal["convert", "validate", "solve", "canon", "engine"]
    #: ``convert``: the target format; ``engine``: the engine's name.
    target: str = ""
    options: tuple[tuple[str, Any], ...] = ()
    strict: bool = False
    headed: bool = True
    limit: int = 2
    count: bool = False
    convention: str = "string"
    #: Seconds a record may search (solve, validate), for the families that bound their
    #: searches (Keen); ``None``: the family's default.
    timeout: float | None = None
    #: convert: write a game record's position after this many events (``--at N``).
    at: int | None = None
    #: engine: the records are of this format, written back with the result filled in
    #: (``--fill``; "": one line of the engine's a record).
    fill: str = ""

    def task(self) -> Callable[[list[Record]], list[Outcome]]:
        """The per-chunk work: a function from a chunk's records to their outcomes."""
        if self.name == "convert":
            return functools.partial(convert_task, self.target, dict(self.options), self.strict,
                                     self.headed, at=self.at)
        if self.name == "validate":
            return functools.partial(validate_task, self.limit, timeout=self.timeout)
        if self.name == "solve":
            return functools.partial(solve_task, self.limit, self.count, timeout=self.timeout)
        if self.name == "engine":
            return functools.partial(engine_task, self.target, dict(self.options),
                                     fill=self.fill)
        return functools.partial(canon_task, self.convention)

    def block(self, source: Any, comments: str | None = None) -> Block | None:
        """The columnar path of this job for lines of the ``source`` format, when its
        family has one that takes them (``None``: the object path only)."""
        fam = registry.family(source.family)
        fast = fam.columnar
        if (fast is None or source.name not in fast.formats or self.at is not None
                or self.fill):
            return None
        line_job: LineJob | None = None
        if self.name == "solve" and fast.solve is not None:
            line_job = functools.partial(_call, fast.solve, self.limit, self.count)
        elif self.name == "validate" and fast.validate is not None and self.limit > 0:
            line_job = functools.partial(_call, fast.validate, self.limit)
        elif self.name == "canon" and fast.canon is not None:
            line_job = functools.partial(_call, fast.canon, self.convention)
        elif self.name == "convert" and fast.convert is not None and not self.strict:
            line_job = functools.partial(_call, fast.convert, self.target, dict(self.options))
        elif self.name == "engine" and fast.engine is not None:
            line_job = functools.partial(_call, fast.engine, self.target, dict(self.options))
        if line_job is None:
            return None
        lines = functools.partial(columnar_block, line_job, self.placeholder, comments)
        if self.name == "convert" and fast.convert_spans is not None:
            return SpanBlock(lines, functools.partial(fast.convert_spans, self.target,
                                                      dict(self.options)))
        if self.name == "canon" and fast.canon_spans is not None:
            return SpanBlock(lines, functools.partial(fast.canon_spans, self.convention))
        if self.name == "solve" and fast.solve_spans is not None and not self.count:
            return SpanBlock(lines, functools.partial(fast.solve_spans, self.limit))
        if self.name == "engine" and fast.engine_spans is not None:
            return SpanBlock(lines, functools.partial(fast.engine_spans, self.target,
                                                      dict(self.options)))
        return lines

    @property
    def placeholder(self) -> str | None:
        """What the output holds for a rejected record (an empty line for ``solve``, ``canon`` and
        engines, so that output lines stay in step with input records), or None: nothing."""
        if self.fill:
            return None  # a collection written back: no line stands for a rejected record
        return "\n" if self.name in ("solve", "canon", "engine") else None

    @property
    def verb(self) -> str:
        """How the summary names a record done (``"converted"``, ``"solved"``, an engine's verb)."""
        if self.name == "engine":
            found = registry.engines(self.target)
            return found[0].verb if found else "done"
        return {"convert": "converted", "validate": "checked", "solve": "solved",
                "canon": "canonicalised"}[self.name]


def generate_task(
    family: str, name: str, options: tuple[tuple[str, Any], ...], to: str | None,
    write_options: tuple[tuple[str, Any], ...], with_seed: bool, canon: bool,
    records: list[Record],
) -> list[Outcome]:
    """Make the model of each record's seed (``rec.value``) with the generator ``name`` of
    ``family`` (options already checked): its line (or ``to``'s writing of it), then a tab
    and the seed as people give it back when ``with_seed``; ``canon``: the JSON data carry the
    model's canonical form (for ``--unique-canon``). A seed the generator gives up on (its
    ``ValueError``: a timeout) ends the run: :class:`~puzzlefmt.engine.GenerationError`. A
    generator with a batch form (``run_many``) makes the records' models in one call."""
    fam = registry.family(family)
    eng = fam.engine(name)
    if eng is None or not eng.generates:  # pragma: no cover - the command checked it
        raise ValueError(f"the {family} family has no generator {name}")
    opts = dict(options)
    shown = {k: v for k, v in opts.items() if k != "timeout"}
    fmt = registry.get_format(to) if to is not None else None
    wopts = dict(write_options)
    canon_engine = fam.engine("canon") if canon else None
    out: list[Outcome] = []
    batch: list[Any] | None = None
    if eng.run_many is not None:
        try:
            batch = eng.run_many([str(rec.value) for rec in records], **opts)
        except ValueError:
            batch = None  # made again one at a time below, to name the seed refused
    for k, rec in enumerate(records):
        seed = str(rec.value)
        try:
            made = batch[k] if batch is not None else eng.run(seed, **opts)
        except ValueError as exc:
            # The options cannot be met (a timeout, parameters refused): the run stops here
            # (every other seed would wait as long, or be refused the same way).
            raise GenerationError(f"puzzle {rec.number} (seed {seed!r}): {exc}") from None
        if fmt is None:
            text = eng.line(made, made)
        elif isinstance(fmt, LineCollection):
            text = fmt.dump_record(made, **wopts).rstrip("\r\n")
        else:
            text = fmt.dumps(made, **wopts).rstrip("\n")
        seed_text = eng.seed_text(seed, **shown)
        if with_seed:
            text = f"{text}\t{seed_text}"
        data: dict[str, Any] = {"text": text, "seed": seed, "seed_id": seed_text}
        result = eng.to_json(made)
        if isinstance(result, dict):
            data.update(result)
        if canon_engine is not None:
            data["canon"] = canon_engine(made)
        out.append(Outcome(rec.number, rec.line, output=text + "\n", data=data))
    return out
