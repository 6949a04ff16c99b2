"""The commands other than ``render``: formats, detect, convert, validate, show, solve, canon,
survey."""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Callable

from puzzlefmt import registry
from puzzlefmt._words import counted
from puzzlefmt.api import Lines, open_lines
from puzzlefmt.batch import Block, Chunk, Outcome, RawChunk, Summary, count_lines, run_batch
from puzzlefmt.cli._common import (
    EXIT_BAD_INPUT,
    EXIT_INVALID,
    EXIT_OK,
    UsageError,
    err,
    parse_options,
    progress_wanted,
    read_input_text,
    records,
    source,
    table,
    target_format,
)
from puzzlefmt.cli.cluster import run_on_cluster
from puzzlefmt.cli.render import at_event
from puzzlefmt.collection import Record
from puzzlefmt.format import Format
from puzzlefmt.jobs import Job, comment_newline
from puzzlefmt.model import Model
from puzzlefmt.outfile import output
from puzzlefmt.survey import survey_paths
from puzzlefmt.textio import STDIN_NAME


def open_input(args: argparse.Namespace) -> Lines:
    """The records of ``args.input`` (a path, or ``-``), in ``--from``'s format or detected."""
    name = STDIN_NAME if args.input == "-" else None
    return open_lines(source(args.input), getattr(args, "from_format", None), name=name)


def run_job(
    args: argparse.Namespace,
    job: Job,
    *,
    lines: Lines | None = None,
    comments: str | None = None,
    task: Callable[[list[Record]], list[Outcome]] | None = None,
    block: Block | None = None,
    placeholder: str | None = None,
    columnar: bool = True,
    as_read: bool = False,
) -> Summary:
    """Run a batch command over its input, writing through one atomic output. The job's
    columnar path is taken where its family has one for the input's format (unless
    ``--object-path``); ``task``/``block``/``placeholder`` replace the job's own;
    ``as_read``: the records are written back as read, the header and comment lines
    unchanged where they stand (ended with ``comments``' newline)."""
    path = args.input
    shown = STDIN_NAME if path == "-" else path
    recs = lines if lines is not None else open_input(args)
    rejects_path = getattr(args, "rejects", None)
    quiet = getattr(args, "quiet", False)
    verb = job.verb
    if block is None and columnar and not getattr(args, "object_path", False):
        block = job.block(recs.format, comments)

    def report(line: str) -> None:
        if not quiet:
            err(line if line.startswith(shown) else f"{shown}: {line}")

    try:
        with contextlib.ExitStack() as stack:
            out = stack.enter_context(output(getattr(args, "output", None)))
            rejects = stack.enter_context(output(rejects_path)) if rejects_path else None
            summary = run_batch(
                recs,
                task or job.task(),
                out=out,
                rejects=rejects,
                report=report,
                jobs=max(1, getattr(args, "jobs", 1) or 1),
                progress=progress_wanted(args),
                progress_total=count_lines(path) if path != "-" else None,
                placeholder=job.placeholder if placeholder is None else placeholder or None,
                json_lines=getattr(args, "json", False),
                block=block,
                comments=comments,
                warn=report,
                as_read=as_read,
            )
    finally:
        recs.close()
    if not quiet:
        err(f"puzzlefmt {args.command}: {summary.line(verb)}")
    return summary


# --------------------------------------------------------------------------- commands


def cmd_formats(args: argparse.Namespace) -> int:
    """``puzzlefmt formats``: list the formats and pictures, or one's options (``--options NAME``);
    the exit code."""
    if args.options:
        try:
            item = registry.lookup(args.options)
        except KeyError as exc:
            raise UsageError(str(exc.args[0])) from None
        groups = ([("reader", item.read_options), ("writer", item.write_options)]
                  if isinstance(item, Format) else [("picture", item.options)])
        if args.json:
            print(json.dumps({"name": item.name, **{
                role: [{"name": o.name, "type": o.kind.__name__, "default": o.default,
                        "choices": list(o.choices), "help": o.help} for o in opts]
                for role, opts in groups}}))
            return EXIT_OK
        print(f"{item.name}: {item.description}")
        for role, opts in groups:
            for o in opts:
                print(f"  {role} option {o.describe()}")
        if not any(opts for _, opts in groups):
            print("  (no options)")
        return EXIT_OK
    rows: list[tuple[str, str, list[str], str, str]] = [
        (f.name, f.family, ["." + e for e in f.extensions], f.description, "format")
        for f in registry.formats(args.family)
    ] + [
        (r.name, r.family, [], r.description, f"{r.kind} picture")
        for r in registry.renderers(args.family)
    ]
    if args.json:
        for name, fam, exts, desc, kind in rows:
            print(json.dumps({"name": name, "family": fam, "extensions": exts,
                              "description": desc, "kind": kind}))
        return EXIT_OK
    print(table([[n, f, " ".join(e) or "-", d] for n, f, e, d, _ in rows],
                ["format", "family", "extensions", "description"]))
    return EXIT_OK


def cmd_detect(args: argparse.Namespace) -> int:
    """``puzzlefmt detect``: rank the formats each input could be in; the exit code."""
    status = EXIT_OK
    for path in args.inputs:
        text, name = read_input_text(path)
        ranked = registry.detect(text, filename=None if path == "-" else path)
        if args.json:
            print(json.dumps({"input": name, "candidates": [
                {"format": c.format, "family": c.family, "score": c.score, "reason": c.reason}
                for c in ranked[: args.top]]}))
        elif not ranked:
            print(f"{name}\tunknown")
        else:
            best = ranked[0]
            if args.top == 1:
                print(f"{name}\t{best.format}\t{best.family}\t{best.score:.2f}\t{best.reason}")
            else:
                print(name)
                for c in ranked[: args.top]:
                    print(f"  {c.format:<12} {c.family:<7} {c.score:.2f}  {c.reason}")
        if not ranked:
            err(f"{name}: no known format matches")
            status = EXIT_BAD_INPUT
    return status


def check_local(args: argparse.Namespace) -> None:
    """Check that a batch command can run here, and take its one input (``args.input``: the
    list of inputs the command line gave becomes that one)."""
    if args.input_format != "text":
        raise UsageError("--input-format parquet runs on a cluster: add --cluster local:1 "
                         "(or more workers)")
    if len(args.input) > 1:
        raise UsageError(f"{len(args.input)} inputs: the local command reads one; several "
                         "files or glob patterns run on a cluster (add --cluster local:N)")
    args.input = args.input[0]


def cmd_convert(args: argparse.Namespace) -> int:
    """``puzzlefmt convert``: write each record in another format of its family; the exit code."""
    target = target_format(args.to)
    options = parse_options(target, args.option, owner=target.name)
    if args.cluster:
        return run_on_cluster(args, Job("convert", target=target.name,
                                        options=tuple(options.items()), strict=args.strict,
                                        at=args.at))
    check_local(args)
    lines = open_input(args)
    if args.at is not None and "events" not in lines.format.holds:
        lines.close()
        raise UsageError(f"--at {args.at}: {lines.format.name} records are not game records "
                         "(they have no events); --at picks a position of a game record (GCG)")
    if lines.format.family != target.family:
        lines.close()
        raise UsageError(f"{args.input} is {lines.format.family} ({lines.format.name}); "
                         f"{target.name} writes {target.family}: pick a {lines.format.family} "
                         f"format (puzzlefmt formats --family {lines.format.family})")
    keep = comment_newline(lines.format, target)
    job = Job("convert", target=target.name, options=tuple(options.items()),
              strict=args.strict, at=args.at)
    summary = run_job(args, job, lines=lines, comments=keep)
    return EXIT_BAD_INPUT if summary.rejected else EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    """``puzzlefmt validate``: check each record's rules and count its solutions; the exit code."""
    job = Job("validate", limit=args.limit, timeout=args.timeout)
    if args.cluster:
        return run_on_cluster(args, job)
    check_local(args)
    summary = run_job(args, job)
    if summary.rejected:
        return EXIT_BAD_INPUT
    return EXIT_INVALID if summary.flagged else EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    """``puzzlefmt show``: print each record's text picture (``--json``: its JSON); the exit
    code."""
    shown = 0
    bad = 0
    for rec in records(args.input, args.from_format):
        if rec.error is not None:
            err(str(rec.error))
            bad += 1
            continue
        value = rec.value if args.at is None else at_event(rec.value, args.at)
        if args.json:
            if not isinstance(value, Model):
                raise UsageError(f"--json: {type(value).__name__} has no JSON form")
            print(json.dumps(value.to_json(), ensure_ascii=False))
            shown += 1
            if args.limit and shown >= args.limit:
                break
            continue
        if shown:
            print()
        print(str(value))
        shown += 1
        if args.limit and shown >= args.limit:
            break
    return EXIT_BAD_INPUT if bad else EXIT_OK


def cmd_solve(args: argparse.Namespace) -> int:
    """``puzzlefmt solve``: write each record's solution, or its solution count; the exit code."""
    job = Job("solve", limit=args.limit, count=args.count, timeout=args.timeout)
    if args.cluster:
        return run_on_cluster(args, job)
    check_local(args)
    summary = run_job(args, job)
    if summary.rejected:
        return EXIT_BAD_INPUT
    return EXIT_INVALID if summary.flagged else EXIT_OK


def _family_has_canon(lines: Lines) -> None:
    fam = registry.family(lines.format.family)
    if fam.engine("canon") is None:
        lines.close()
        offered = ", ".join(e.family for e in registry.engines("canon"))
        raise UsageError(f"{fam.name} puzzles have no canonical form (canon works on "
                         f"{offered}); nothing was read")


def cmd_canon(args: argparse.Namespace) -> int:
    """``puzzlefmt canon``: write each record's canonical form (``--unique``: each form once); the
    exit code."""
    if args.cluster:
        return run_on_cluster(args, Job("canon", convention=args.convention),
                              unique=args.unique)
    check_local(args)
    lines = open_input(args)
    _family_has_canon(lines)
    job = Job("canon", convention=args.convention)
    if not args.unique:
        summary = run_job(args, job, lines=lines)
        return EXIT_BAD_INPUT if summary.rejected else EXIT_OK
    seen: set[str] = set()
    dupes = 0
    task = job.task()

    def unique_task(recs: list[Record]) -> list[Outcome]:
        nonlocal dupes
        kept: list[Outcome] = []
        for oc in task(recs):
            if oc.output is not None and oc.output in seen:
                dupes += 1
                kept.append(Outcome(oc.number, oc.line, output="", data={"duplicate": True},
                                    kind="duplicates"))
                continue
            if oc.output is not None:
                seen.add(oc.output)
            kept.append(oc)
        return kept

    fast = None if args.object_path else job.block(lines.format)

    def unique_block(chunk: RawChunk, fallback: Callable[[RawChunk], list[Outcome]]) -> Chunk:
        nonlocal dupes
        assert fast is not None
        done = fast(chunk, fallback)
        kept: list[str] = []
        before = dupes
        for form in done.text.splitlines(keepends=True):
            if form == "\n":
                continue  # a rejected record's placeholder: nothing in --unique output
            if form in seen:
                dupes += 1
            else:
                seen.add(form)
                kept.append(form)
        done.text = "".join(kept)
        if dupes > before:
            done.kinds["duplicates"] = done.kinds.get("duplicates", 0) + dupes - before
        return done

    args.jobs = 1  # the seen-set lives in this process
    # One place filters: the block (fast and fallback records alike), or else the task.
    summary = run_job(args, job, lines=lines, placeholder="", columnar=False,
                      task=unique_task if fast is None else task,
                      block=unique_block if fast is not None else None)
    if not args.quiet:
        err(f"puzzlefmt canon: {len(seen)} unique, {counted(dupes, 'duplicate')} dropped")
    return EXIT_BAD_INPUT if summary.rejected else EXIT_OK


def cmd_survey(args: argparse.Namespace) -> int:
    """Detect, read, validate, solve and round-trip every file under the given paths."""
    rows = survey_paths(args.paths, limit=args.limit)
    if args.json:
        for row in rows:
            print(json.dumps(row.as_dict()))
    else:
        print(table([r.cells() for r in rows], header=rows[0].header() if rows else []))
    bad = any(r.rejected or r.error for r in rows)
    return EXIT_BAD_INPUT if bad else EXIT_OK


__all__ = [
    "check_local",
    "cmd_canon",
    "cmd_convert",
    "cmd_detect",
    "cmd_formats",
    "cmd_show",
    "cmd_solve",
    "cmd_survey",
    "cmd_validate",
    "open_input",
    "run_job",
]
