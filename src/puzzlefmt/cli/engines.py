"""The commands built from the families' engine tables: ``puzzlefmt grade``, and each engine
that a family declares with ``command=True`` (:class:`puzzlefmt.engine.Engine`).

Each is a batch command like ``solve``: any input of a family that has the engine, one output
line per record (the engine's :meth:`~puzzlefmt.engine.Engine.line`), ``--json`` with the
engine's JSON form, ``--jobs``, ``--cluster``, progress, ``--rejects``. The engine's declared
options become the command's options (``--name VALUE``; ``--timeout`` for engines that bound
their searches). Nothing here names a family or an engine.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from puzzlefmt import registry
from puzzlefmt.cli._common import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, UsageError, seconds
from puzzlefmt.cli.cluster import run_on_cluster
from puzzlefmt.cli.commands import check_local, open_input, run_job
from puzzlefmt.engine import Engine
from puzzlefmt.errors import OptionError
from puzzlefmt.format import Option
from puzzlefmt.jobs import Job, comment_newline

__all__ = ["add_parsers", "cmd_engine"]


def _flag(option: Option) -> str:
    return "--" + option.name.replace("_", "-")


def _add_option(p: argparse.ArgumentParser, option: Option, seen: set[str]) -> None:
    if option.name in seen or option.name == "timeout":
        return
    seen.add(option.name)
    dest = f"engine_opt_{option.name}"
    # argparse expands % in help (%(default)s): a % of the text (rate's --format: "%r ER")
    # is written %%
    said = f"{option.help} (default {option.default})".replace("%", "%%")
    if option.kind is bool:
        p.add_argument(_flag(option), dest=dest, action=argparse.BooleanOptionalAction,
                       default=None, help=said)
        return
    def kind(text: str) -> Any:
        try:
            return option.parse(text)
        except OptionError as exc:  # argparse would say only "invalid parse value"
            raise argparse.ArgumentTypeError(str(exc)) from None

    p.add_argument(_flag(option), dest=dest, type=kind, default=None,
                   metavar=option.name.upper(), choices=option.choices or None,
                   help=said)


def _long_flags(p: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {flag: action for action in p._actions for flag in action.option_strings
            if flag.startswith("--")}


def _keep_abbreviations(p: argparse.ArgumentParser, before: dict[str, argparse.Action]) -> None:
    """Keep every abbreviation that worked before the engine's options came: a prefix that
    named one batch option (``--f`` for ``--from``) and now starts an engine option too
    (``--format``) stays that batch option, as a hidden flag of its own."""
    after = _long_flags(p)
    new = [flag for flag in after if flag not in before]
    for flag, action in before.items():
        for end in range(3, len(flag)):
            prefix = flag[:end]
            if prefix in after or not any(f.startswith(prefix) for f in new):
                continue
            if [f for f in before if f.startswith(prefix)] != [flag]:
                continue  # ambiguous before too
            if action.nargs is not None or action.choices is not None:
                continue  # (none such is shadowed: a flag without a value, or with choices)
            extra: dict[str, Any] = {} if action.type is None else {"type": action.type}
            p.add_argument(prefix, dest=action.dest, help=argparse.SUPPRESS,
                           metavar=action.metavar, **extra)
            after[prefix] = action


def add_parsers(sub: Any, add_batch_options: Callable[[argparse.ArgumentParser], None],
                taken: set[str]) -> None:
    """One command for each engine name some family offers as a command (``taken``: the
    names of the commands already built)."""
    for name in registry.engine_names():
        found = [e for e in registry.engines(name) if e.command]
        if not found or name in taken:
            continue
        families = ", ".join(e.family for e in found)
        p = sub.add_parser(name, help=f"{found[0].summary} ({families}); one output line "
                           "per record")
        add_batch_options(p)
        seen: set[str] = set()
        before = _long_flags(p)
        for eng in found:
            for option in (*eng.options, *eng.line_options):
                _add_option(p, option, seen)
        _keep_abbreviations(p, before)
        fills = [(fmt, what) for e in found for fmt, _, what in e.fill]
        if fills:
            p.add_argument("--fill", action="store_true",
                           help="write the collection back as read (comments and header "
                                "kept), with the result in each record's own fields: " +
                                "; ".join(f"{fmt}: {what}" for fmt, what in fills))
        if any(e.timeout for e in found):
            p.add_argument("--timeout", type=seconds("--timeout"), default=None,
                           metavar="SECONDS", help="stop each record's search after this long "
                           "(the engine's docs say what it gives then: an error, or what "
                           "it reached so far)")
        p.set_defaults(func=cmd_engine, engine=name)


def _options(args: argparse.Namespace, engines: list[Engine]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for eng in engines:
        for option in (*eng.options, *eng.line_options):
            value = getattr(args, f"engine_opt_{option.name}", None)
            if value is not None:
                out[option.name] = value
    if getattr(args, "timeout", None) is not None:
        out["timeout"] = args.timeout
    return out


def _check_fill(args: argparse.Namespace, engines: list[Engine]) -> None:
    """``--fill`` writes the records back: refuse what would shape another output."""
    if args.json:
        raise UsageError("--fill writes the collection back; --json writes JSON objects: "
                         "choose one")
    given = [_flag(o) for e in engines for o in e.line_options
             if getattr(args, f"engine_opt_{o.name}", None) is not None]
    if given:
        raise UsageError(f"--fill writes each record back as read; {given[0]} shapes the "
                         "lines written without it: choose one")
    if args.cluster:
        raise UsageError("--fill runs on this machine (--jobs N), not on a cluster")


def cmd_engine(args: argparse.Namespace) -> int:
    """Run the engine ``args.engine`` over every record of the input."""
    engines = registry.engines(args.engine)
    fill = getattr(args, "fill", False)
    if fill:
        _check_fill(args, engines)
    job = Job("engine", target=args.engine, options=tuple(_options(args, engines).items()))
    if args.cluster:
        return run_on_cluster(args, job)
    check_local(args)
    lines = open_input(args)
    fam = registry.family(lines.format.family)
    eng = fam.engine(args.engine)
    if eng is None:
        lines.close()
        offered = ", ".join(e.family for e in engines)
        raise UsageError(f"{args.input} is {fam.name} ({lines.format.name}); the "
                         f"{args.engine} engine works on {offered}: nothing was read")
    comments = None
    if fill:
        if eng.filler(lines.format.name) is None:
            lines.close()
            offered = ", ".join(name for e in engines for name, _, _ in e.fill)
            raise UsageError(f"--fill: {args.input} is {lines.format.name}; the "
                             f"{args.engine} engine fills {offered} records: nothing was read")
        job = replace(job, fill=lines.format.name)
        comments = comment_newline(lines.format, lines.format)
    summary = run_job(args, job, lines=lines, comments=comments, as_read=fill)
    if summary.rejected:
        return EXIT_BAD_INPUT
    return EXIT_INVALID if summary.flagged else EXIT_OK
