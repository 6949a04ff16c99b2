"""The commands other than ``render``: formats, detect, convert, validate, show, solve, canon,
survey."""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Callable

from puzzlefmt import registry
from puzzlefmt.api import Lines, open_lines
from puzzlefmt.batch import Outcome, Summary, count_lines, run_batch
from puzzlefmt.cli._common import (
    EXIT_BAD_INPUT,
    EXIT_INVALID,
    EXIT_OK,
    STDIN_NAME,
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
from puzzlefmt.collection import LineCollection, Record
from puzzlefmt.format import Format
from puzzlefmt.jobs import Job
from puzzlefmt.outfile import output
from puzzlefmt.survey import survey_paths


def _open(args: argparse.Namespace) -> Lines:
    name = STDIN_NAME if args.input == "-" else None
    return open_lines(source(args.input), getattr(args, "from_format", None), name=name)


def run_job(
    args: argparse.Namespace,
    task: Callable[[list[Record]], list[Outcome]],
    *,
    verb: str,
    placeholder: str | None = None,
    lines: Lines | None = None,
    comments: str | None = None,
) -> Summary:
    """Run a batch command over its input, writing through one atomic output."""
    path = args.input
    shown = STDIN_NAME if path == "-" else path
    recs = lines if lines is not None else _open(args)
    rejects_path = getattr(args, "rejects", None)
    quiet = getattr(args, "quiet", False)

    def report(line: str) -> None:
        if not quiet:
            err(line if line.startswith(shown) else f"{shown}: {line}")

    try:
        with contextlib.ExitStack() as stack:
            out = stack.enter_context(output(getattr(args, "output", None)))
            rejects = stack.enter_context(output(rejects_path)) if rejects_path else None
            summary = run_batch(
                recs,
                task,
                out=out,
                rejects=rejects,
                report=report,
                jobs=max(1, getattr(args, "jobs", 1) or 1),
                progress=progress_wanted(args),
                progress_total=count_lines(path) if path != "-" else None,
                placeholder=placeholder,
                json_lines=getattr(args, "json", False),
                comments=comments,
                warn=report,
            )
    finally:
        recs.close()
    if not quiet:
        err(f"puzzlefmt {args.command}: {summary.line(verb)}")
    return summary


# --------------------------------------------------------------------------- commands


def cmd_formats(args: argparse.Namespace) -> int:
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


def cmd_convert(args: argparse.Namespace) -> int:
    target = target_format(args.to)
    options = parse_options(target, args.option, owner=target.name)
    lines = _open(args)
    if lines.format.family != target.family:
        lines.close()
        raise UsageError(f"{args.input} is {lines.format.family} ({lines.format.name}); "
                         f"{target.name} writes {target.family}: pick a {lines.format.family} "
                         f"format (puzzlefmt formats --family {lines.format.family})")
    source_fmt = lines.format
    # A collection's comments, blank lines and header go on into a collection that can hold
    # comments; its header is written again only where the target's differs.
    keep = (isinstance(source_fmt, LineCollection) and isinstance(target, LineCollection)
            and "comments" in target.holds)
    if keep and isinstance(target, LineCollection) and target.header is not None and (
            source_fmt.name != target.name):
        keep = False  # the source's header would not be the target's
    job = Job("convert", target=target.name, options=tuple(options.items()),
              strict=args.strict, headed=not keep)
    summary = run_job(args, job.task(), verb=job.verb, lines=lines,
                      comments=target.newline if keep and isinstance(target, LineCollection)
                      else None)
    return EXIT_BAD_INPUT if summary.rejected else EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    job = Job("validate", limit=args.limit)
    summary = run_job(args, job.task(), verb=job.verb)
    if summary.rejected:
        return EXIT_BAD_INPUT
    return EXIT_INVALID if summary.flagged else EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    shown = 0
    bad = 0
    for rec in records(args.input, args.from_format):
        if rec.error is not None:
            err(str(rec.error))
            bad += 1
            continue
        if shown:
            print()
        print(str(rec.value))
        shown += 1
        if args.limit and shown >= args.limit:
            break
    return EXIT_BAD_INPUT if bad else EXIT_OK


def cmd_solve(args: argparse.Namespace) -> int:
    job = Job("solve", limit=args.limit, count=args.count)
    summary = run_job(args, job.task(), verb=job.verb, placeholder=job.placeholder)
    if summary.rejected:
        return EXIT_BAD_INPUT
    return EXIT_INVALID if summary.flagged else EXIT_OK


def _family_has_canon(lines: Lines) -> None:
    fam = registry.family(lines.format.family)
    if fam.canon_many is None:
        lines.close()
        raise UsageError(f"{fam.name} puzzles have no canonical form (canon works on "
                         f"Sudoku); nothing was read")


def cmd_canon(args: argparse.Namespace) -> int:
    lines = _open(args)
    _family_has_canon(lines)
    task = Job("canon", convention=args.convention).task()
    if not args.unique:
        summary = run_job(args, task, verb="canonicalised", placeholder="\n", lines=lines)
        return EXIT_BAD_INPUT if summary.rejected else EXIT_OK
    seen: set[str] = set()
    dupes = 0

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

    args.jobs = 1  # the seen-set lives in this process
    summary = run_job(args, unique_task, verb="canonicalised", lines=lines)
    if not args.quiet:
        err(f"puzzlefmt canon: {len(seen)} unique, {dupes} duplicates dropped")
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
    "cmd_canon",
    "cmd_convert",
    "cmd_detect",
    "cmd_formats",
    "cmd_show",
    "cmd_solve",
    "cmd_survey",
    "cmd_validate",
    "run_job",
]
