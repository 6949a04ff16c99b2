"""``puzzlefmt generate WHAT [PARAMS]``: new puzzles from the families' generators (engines
declared with ``makes``, :class:`puzzlefmt.engine.Engine`). Nothing here names a family.

The seeds come from the generator's ``seeds(--seed)``; puzzle ``k`` is made from the ``k``-th
seed alone, so the output is the same with ``--jobs N`` (local worker processes) and
``--cluster`` (Dask) as on one process. ``--unique-canon`` drops a puzzle whose canonical form
(the family's ``canon`` engine) was written already, and goes on until ``-n`` are written.
A generator that gives up on a seed (``--timeout``) stops the run with one error line
(:class:`~puzzlefmt.engine.GenerationError`, raised by the batch task), and no output file
is left.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import itertools
import json
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import IO, Any

from puzzlefmt import registry
from puzzlefmt._words import counted
from puzzlefmt.batch import Outcome, Summary, Task, run_batch
from puzzlefmt.cli._common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    UsageError,
    err,
    parse_options,
    positive,
    progress_wanted,
    seconds,
    target_format,
)
from puzzlefmt.cli.cluster import _dask
from puzzlefmt.collection import Record
from puzzlefmt.engine import Engine, GenerationError
from puzzlefmt.errors import OptionError, PuzzleFormatError
from puzzlefmt.format import Option
from puzzlefmt.jobs import generate_task
from puzzlefmt.outfile import output

__all__ = ["add_parser", "cmd_generate", "generators"]

#: Seeds a chunk at most (a chunk is one piece of work for a worker).
CHUNK = 64
#: With --unique-canon, give up after this many seeds a puzzle wanted.
_DUPLICATE_BOUND = 100


def generators() -> list[Engine]:
    """The generators of every family, in family order."""
    return registry.generators()


def _dest(option: Option) -> str:
    return f"gen_opt_{option.name}"


def _arguments(p: argparse.ArgumentParser, gens: list[Engine]) -> None:
    """The command's arguments, the options of ``gens`` among them."""
    p.add_argument("what", choices=list(dict.fromkeys(e.makes for e in gens)),
                   help="what to make")
    p.add_argument("params", nargs="?", metavar="PARAMS",
                   help="the game's parameters, for generators that take them (6dh, 3x3r4di)")
    p.add_argument("-n", "--count", type=positive("-n"), default=1, help="how many puzzles")
    p.add_argument("--seed", help="master seed: the same seed and options give the same "
                   "puzzles (default: drawn afresh)")
    p.add_argument("--with-seed", action="store_true",
                   help="write each puzzle's seed after it (a tab, then the seed as the game "
                   "takes it back)")
    p.add_argument("-t", "--to", metavar="FORMAT", help="output format (default: the "
                   "generator's own line)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a writer option of --to's format (repeatable)")
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    p.add_argument("-j", "--jobs", type=positive("--jobs", most=256), default=1,
                   help="worker processes (the same puzzles, in order)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="make them on a Dask cluster (tcp://host:8786, or local:N): the same "
                   "puzzles as locally")
    p.add_argument("--verbose", action="store_true", help="with --cluster: Dask's own messages")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--unique-canon", action="store_true",
                   help="drop a puzzle equivalent (same minlex form) to one already written")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--progress", action="store_true", help="always show a progress bar")
    g.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    if any(e.timeout for e in gens):
        p.add_argument("--timeout", type=seconds("--timeout"), default=None, metavar="SECONDS",
                       help="give up a puzzle after this long (the run stops with an error)")
    seen: set[str] = {"params", "timeout"}
    for eng in gens:
        for option in eng.options:
            if option.name in seen:
                continue
            seen.add(option.name)
            flag = "--" + option.name.replace("_", "-")
            if option.kind is bool:
                p.add_argument(flag, dest=_dest(option), action="store_true", default=None,
                               help=f"{option.help} ({eng.makes})")
                continue
            kind: Callable[[str], Any] = str if option.choices else option.parse
            p.add_argument(flag, dest=_dest(option), type=kind, default=None,
                           metavar=option.name.upper(), choices=option.choices or None,
                           help=f"{option.help} ({eng.makes}; default {option.default!r})")


def _wanted(argv: Sequence[str] | None) -> list[Engine]:
    """The generators the command's parser is built from: for ``generate WHAT ...`` whose
    options all read the same with WHAT's generator alone (each long option spelled whole,
    no help asked), that generator only, so that its family alone is imported; else every
    family's (argparse then sees every option and choice, as its errors, abbreviations and
    help need)."""
    if not argv or "generate" not in argv:
        return generators()
    rest = list(argv)[list(argv).index("generate") + 1:]
    if not rest or rest[0].startswith("-"):
        return generators()
    gens = registry.generators(rest[0])
    if not gens:
        return generators()
    probe = argparse.ArgumentParser(add_help=True)
    _arguments(probe, gens)
    flags = set(probe._option_string_actions)
    for word in rest:
        if word.startswith("--") and word.split("=", 1)[0] not in flags - {"--help"}:
            return generators()
        if word.startswith("-") and not word.startswith("--") and "h" in word:
            return generators()
    return gens


def add_parser(sub: Any, argv: Sequence[str] | None = None) -> None:
    """The ``generate`` command, when some family has a generator. ``argv``: the command line
    about to be parsed, when known (see :func:`_wanted`)."""
    gens = _wanted(argv)
    if not gens:
        return
    made = ", ".join(dict.fromkeys(e.makes for e in gens))
    p = sub.add_parser("generate", help=f"make new puzzles ({made}); one line a puzzle")
    _arguments(p, gens)
    p.set_defaults(func=cmd_generate)


def _options(args: argparse.Namespace, eng: Engine) -> dict[str, Any]:
    declared = {o.name for o in eng.options}
    out: dict[str, Any] = {}
    # Every generator option the parser had (its families' options: see _wanted).
    for dest, value in vars(args).items():
        name = dest.removeprefix("gen_opt_")
        if name == dest or value is None or name == "params":
            continue
        if name not in declared:
            raise UsageError(f"{eng.makes} generation has no --{name.replace('_', '-')} "
                             "option")
        out[name] = value
    if args.params is not None:
        if "params" not in declared:
            raise UsageError(f"{eng.makes} generation takes no parameters, found "
                             f"{args.params!r}")
        out["params"] = args.params
    timeout = getattr(args, "timeout", None)
    if timeout is not None:
        if not eng.timeout:
            raise UsageError(f"{eng.makes} generation takes no --timeout (it always ends)")
        out["timeout"] = timeout
    return out


def _records(seeds: Iterator[str], count: int | None, first: int = 1) -> Iterator[Record]:
    """The seeds as records (number and line: the puzzle's place), ``count`` of them."""
    taken = seeds if count is None else itertools.islice(seeds, count)
    return (Record(k, k, s, s) for k, s in zip(itertools.count(first), taken, strict=False))


def _on_cluster(args: argparse.Namespace, work: Task, records: Iterator[Record]
                ) -> Generator[list[Outcome], None, None]:
    """The outcomes of ``records``' chunks, made by the cluster's workers, in order."""
    pdask = _dask()
    with pdask.connect(args.cluster, quiet=not args.verbose) as client:
        while True:
            batch = [chunk for chunk in (list(itertools.islice(records, CHUNK))
                                         for _ in range(16)) if chunk]
            if not batch:
                return
            for future in client.map(work, batch, pure=False):
                yield future.result()


def _unique_rounds(args: argparse.Namespace, work: Task, seeds: Iterator[str]
                   ) -> Generator[list[Outcome], None, None]:
    """The outcomes of as many seeds as are still wanted, round after round (for
    ``--unique-canon``, which learns only from the results how many more it needs)."""
    first = 1
    while True:
        need = max(CHUNK, args.count)
        records = _records(seeds, need, first)
        first += need
        if args.cluster:
            yield from _on_cluster(args, work, records)
            continue
        buffer = io.StringIO()
        run_batch(records, work, out=buffer, jobs=args.jobs, json_lines=True)
        rows = [json.loads(line) for line in buffer.getvalue().splitlines()]
        yield [Outcome(0, 0, output=row["text"] + "\n", data=row) for row in rows]


def _written(args: argparse.Namespace, outcomes: Iterable[list[Outcome]], out: IO[str],
             unique: bool) -> Summary:
    """Write the outcomes (dropping repeated canonical forms when ``unique``) until
    ``--count`` are written; the summary."""
    summary = Summary()
    start = time.perf_counter()
    seen: set[str] = set()
    dropped = 0
    for chunk in outcomes:
        for o in chunk:
            summary.records_in += 1
            data = o.data or {}
            if unique:
                key = str(data.get("canon"))
                if key in seen:
                    dropped += 1
                    continue
                seen.add(key)
                data = {k: v for k, v in data.items() if k != "canon"}
            out.write(json.dumps(data) + "\n" if args.json else o.output or "")
            summary.written += 1
            if summary.written >= args.count:
                break
        if summary.written >= args.count:
            break
        if summary.records_in > _DUPLICATE_BOUND * args.count + 1000:
            raise GenerationError(
                f"only {counted(summary.written, 'puzzle')} of {args.count} unique after "
                f"{summary.records_in} seeds: the options allow few puzzles")
    if unique:
        summary.kinds["duplicates dropped"] = dropped
    summary.seconds = time.perf_counter() - start
    return summary


def _fast_lines(args: argparse.Namespace, eng: Engine, opts: dict[str, Any], to: str | None,
                progress: bool) -> Iterator[str] | None:
    """The generator's fast form of the output (:attr:`Engine.lines`), when the command
    writes each record's line as it is, here, in order: no ``--to``, ``--json``,
    ``--unique-canon``, ``--cluster``, ``--jobs``, ``--timeout`` or progress bar."""
    if (eng.lines is None or to is not None or args.json or args.unique_canon or args.cluster
            or args.jobs != 1 or progress or "timeout" in opts):
        return None
    return eng.lines(args.count, args.seed, args.with_seed, **opts)


def _write_lines(chunks: Iterator[str], count: int, out: IO[str]) -> Summary:
    """Write the fast form's chunks; the summary (every record in written)."""
    start = time.perf_counter()
    for text in chunks:
        out.write(text)
    return Summary(records_in=count, written=count, seconds=time.perf_counter() - start)


def cmd_generate(args: argparse.Namespace) -> int:
    """Make ``-n`` puzzles with the generator of ``args.what``."""
    eng = registry.generators(args.what)[0]
    if args.cluster and args.jobs != 1:
        raise UsageError(f"--jobs {args.jobs} and --cluster do not go together: with --cluster "
                         "the cluster's workers do the work (local:N starts N of them here)")
    opts = _options(args, eng)
    try:
        opts = eng.prepare(opts)
    except (PuzzleFormatError, OptionError):
        raise
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    to = None
    write_options: dict[str, Any] = {}
    if args.to is not None:
        fmt = target_format(args.to)
        if fmt.family != eng.family:
            raise UsageError(f"--to {fmt.name} is a {fmt.family} format; {eng.makes} puzzles "
                             f"are {eng.family}")
        to = fmt.name
        write_options = parse_options(fmt, args.option, owner=fmt.name)
    elif args.option:
        raise UsageError("--option is a writer option of --to's format: give --to")
    unique = args.unique_canon
    fam = registry.family(eng.family)
    if unique and fam.engine("canon") is None:
        raise UsageError(f"--unique-canon needs a canonical form: the {fam.name} family has "
                         "none")
    if eng.seeds is None:  # pragma: no cover - a generator has its seeds
        raise UsageError(f"{eng.makes} generation has no seeds")
    work = functools.partial(generate_task, eng.family, eng.name, tuple(opts.items()), to,
                             tuple(write_options.items()), args.with_seed, unique)
    seeds = eng.seeds(args.seed)
    try:
        with output(args.output) as out:
            if unique:
                with contextlib.closing(_unique_rounds(args, work, seeds)) as rounds:
                    summary = _written(args, rounds, out, unique=True)
            elif args.cluster:
                with contextlib.closing(
                        _on_cluster(args, work, _records(seeds, args.count))) as parts:
                    summary = _written(args, parts, out, unique=False)
            elif (fast := _fast_lines(args, eng, opts, to, progress_wanted(args))) is not None:
                summary = _write_lines(fast, args.count, out)
            else:
                summary = run_batch(_records(seeds, args.count), work, out=out,
                                    jobs=args.jobs, progress=progress_wanted(args),
                                    progress_total=args.count, json_lines=args.json)
    except GenerationError as exc:
        err(f"puzzlefmt generate: {exc}")
        return EXIT_BAD_INPUT
    if not args.quiet:
        err(f"puzzlefmt generate: {summary.line('generated')}")
    return EXIT_OK
