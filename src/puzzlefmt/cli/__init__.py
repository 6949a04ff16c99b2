"""The ``puzzlefmt`` command line.

``main(argv) -> int`` is what tests call; ``run()`` is the console entry point. Every command
reads a file or stdin (``-``), detects the format unless ``--from`` names it, and treats bad
input the same way: one line on stderr naming file, record, line and column, and a non-zero
exit, never a traceback.

Exit codes: 0 all records good; 1 some records parsed but are not valid puzzles (``validate``)
or have no unique solution (``solve``); 2 bad input (a record or file that does not parse, a
bad option); 3 an unexpected internal error (reported in one line); 130 interrupted (Ctrl-C).
A closed output pipe (``puzzlefmt formats | head -1``) ends quietly with 0.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

from puzzlefmt import __version__, registry
from puzzlefmt._jit import allowed as small_batches_interpreted
from puzzlefmt.cli import engines, generate, lexicon, render
from puzzlefmt.cli._common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    Parser,
    UsageError,
    err,
    positive,
    seconds,
)
from puzzlefmt.cli.commands import (
    cmd_canon,
    cmd_convert,
    cmd_detect,
    cmd_formats,
    cmd_show,
    cmd_solve,
    cmd_survey,
    cmd_validate,
)
from puzzlefmt.errors import OptionError, PuzzleFormatError
from puzzlefmt.web.cli import add_parser as add_serve

__all__ = ["build_parser", "main", "run"]


def _add_timeout(p: argparse.ArgumentParser) -> None:
    p.add_argument("--timeout", type=seconds("--timeout"), default=None, metavar="SECONDS",
                   help="give up a record's search after this long and call it unknown "
                   "(default: the family's own bound where its search can run long, e.g. 10 s "
                   "a Keen puzzle)")


def _add_batch_options(p: argparse.ArgumentParser, *, output: bool = True) -> None:
    p.add_argument("input", nargs="+", metavar="INPUT",
                   help="input file, or - for standard input (with --cluster: one or more "
                   "files, glob patterns or -)")
    if output:
        p.add_argument("-o", "--output", help="output file (default: standard output); "
                       "a regular file is written to a temporary file and renamed when done")
    p.add_argument("--from", dest="from_format", metavar="FORMAT",
                   help="input format (default: detected)")
    p.add_argument("-j", "--jobs", type=positive("--jobs", most=256), default=1,
                   help="worker processes (order kept)")
    p.add_argument("--rejects", metavar="FILE",
                   help="write every rejected record here, one line each: file, record "
                   "number, line and reason, separated by tabs")
    p.add_argument("--json", action="store_true", help="one JSON object per record")
    p.add_argument("-q", "--quiet", action="store_true", help="no per-record errors or summary")
    p.add_argument("--object-path", action="store_true",
                   help="work record by record, without the columnar fast path (the output "
                   "is the same; for checking it)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="run on a Dask cluster: a scheduler address (tcp://host:8786) or "
                   "local:N for N local worker processes (needs the dask extra); the input "
                   "may then be several files or glob patterns")
    p.add_argument("--input-format", choices=["text", "parquet"], default="text",
                   help="with --cluster: text files (default) or Parquet files")
    p.add_argument("--column", metavar="NAME", help="the Parquet column of puzzle strings")
    p.add_argument("--verbose", action="store_true",
                   help="with --cluster: show the cluster's own log messages too (Dask's "
                   "warnings and notices; without it, only its errors)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--progress", action="store_true", help="always show a progress bar")
    g.add_argument("--no-progress", action="store_true", help="never show a progress bar")


class _Version(argparse.Action):
    """``--version``: the version, and the state of the ahead-of-time kernels (looked at
    only when asked)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from puzzlefmt import _aot  # noqa: PLC0415 - only for this option

        # On standard output, as asked for: it is the answer, not a diagnostic.
        sys.stdout.write(f"puzzlefmt {__version__}\n{_aot.status()}\n")
        parser.exit(EXIT_OK)


class _FamilyNames:
    """The registry's family names as ``choices``, looked up when argparse first needs them
    (checking a ``--family`` value, or writing help): building the parser imports no family."""

    def __iter__(self) -> Iterator[str]:
        return iter([f.name for f in registry.families()])

    def __contains__(self, name: object) -> bool:
        return name in list(self)


def _command_of(argv: Sequence[str]) -> str | None:
    """The sub-command ``argv`` names, ``"--version"`` when it asks for the version first,
    ``None`` when it names none."""
    for arg in argv:
        if arg == "--version":
            return arg
        if not arg.startswith("-"):
            return arg
    return None


#: The built-in commands (the engines' commands come from the families' tables).
BUILT_IN = ("formats", "detect", "convert", "validate", "show", "solve", "canon", "survey",
            "render", "lexicon", "generate", "serve")


def build_parser(command: str | None = None, argv: Sequence[str] | None = None
                 ) -> argparse.ArgumentParser:
    """The command line's argument parser: the global options and one sub-command a command, engine
    commands included. ``command``: the sub-command about to run; when it is a built-in one (or
    ``"--version"``), the other commands are left out (the families' engine commands among
    them), so that a command builds only its own parser and one that needs no family imports
    none. ``argv``: the arguments about to be parsed, when known: ``generate WHAT`` then reads
    WHAT's family alone where that parses the same (:func:`puzzlefmt.cli.generate.add_parser`)."""
    parser = Parser(
        prog="puzzlefmt",
        description="Read, write, detect, validate and solve puzzle and game-position texts "
                    "(puzzlefmt formats lists every family and format).",
    )
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show the version, and whether the kernels are compiled ahead "
                             "of time, and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def wanted(name: str) -> bool:
        # A built-in command builds its own sub-parser only (argparse's parsers cost a
        # millisecond each at start-up); no command, or one that is not built in (an
        # engine's, or a typo whose error lists every choice), builds them all.
        return command is None or command == name or (
            command != "--version" and command not in BUILT_IN)

    if wanted("formats"):
        p = sub.add_parser("formats", help="list every format with its extensions")
        p.add_argument("--family", choices=_FamilyNames(), metavar="FAMILY",
                       help="list the formats of this family only")
        p.add_argument("--options", metavar="FORMAT",
                       help="list the reader and writer options of one format")
        p.add_argument("--json", action="store_true")
        p.set_defaults(func=cmd_formats)

    if wanted("detect"):
        p = sub.add_parser("detect", help="say which format each input is in")
        p.add_argument("inputs", nargs="+", help="files, or - for standard input")
        p.add_argument("--top", type=positive("--top"), default=1,
                       help="show this many candidates")
        p.add_argument("--json", action="store_true")
        p.set_defaults(func=cmd_detect)

    if wanted("convert"):
        p = sub.add_parser("convert", help="convert a file or collection to another format")
        _add_batch_options(p)
        p.add_argument("-t", "--to", required=True, metavar="FORMAT", help="output format")
        p.add_argument("--option", action="append", metavar="NAME=VALUE",
                       help="a writer option, e.g. blank=0 (repeatable; "
                       "puzzlefmt formats --options FORMAT lists them)")
        p.add_argument("--strict", action="store_true",
                       help="reject a record that would lose something the target cannot hold "
                       "(default: write it, and warn)")
        render.add_at(p, "write", "(a CGP, say)")
        p.set_defaults(func=cmd_convert)

    if wanted("validate"):
        p = sub.add_parser("validate", help="check every record: parses, follows the rules, "
                           "has one solution")
        _add_batch_options(p)
        p.add_argument("--limit", type=positive("--limit", zero=True), default=2,
                       help="count solutions up to this many (0: do not solve)")
        _add_timeout(p)
        p.set_defaults(func=cmd_validate)

    if wanted("show"):
        p = sub.add_parser("show", help="print a text picture of each record")
        p.add_argument("input")
        p.add_argument("--from", dest="from_format", metavar="FORMAT")
        p.add_argument("--limit", type=positive("--limit", zero=True), default=0,
                       help="show at most this many records")
        render.add_at(p, "show")
        p.add_argument("--json", action="store_true", help="one JSON object per record")
        p.set_defaults(func=cmd_show)

    if wanted("solve"):
        p = sub.add_parser("solve", help="solve every record; one output line per record")
        _add_batch_options(p)
        p.add_argument("--limit", type=positive("--limit"), default=2,
                       help="count solutions up to this many")
        p.add_argument("--count", action="store_true", help="print the solution count only")
        _add_timeout(p)
        p.set_defaults(func=cmd_solve)

    if wanted("canon"):
        p = sub.add_parser("canon", help="canonical (minlex) form of every record")
        _add_batch_options(p)
        p.add_argument("--convention", default="string", choices=["string", "pattern"],
                       help="string: true string minimum (default); pattern: pattern first")
        p.add_argument("--unique", action="store_true",
                       help="write each canonical form once (drops duplicates)")
        p.set_defaults(func=cmd_canon)

    if wanted("survey"):
        p = sub.add_parser("survey", help="detect, read, validate, solve and round-trip every file "
                           "under some folders, as a table")
        p.add_argument("paths", nargs="+", help="files or folders")
        p.add_argument("--limit", type=positive("--limit", zero=True), default=2,
                       help="count solutions up to this many (0: do not solve)")
        p.add_argument("--json", action="store_true")
        p.set_defaults(func=cmd_survey)

    if wanted("render"):
        render.add_parser(sub)
    if wanted("lexicon"):
        lexicon.add_parser(sub)
    if command in (None, "generate"):  # built from the families' generators: read them only
        generate.add_parser(sub, argv)  # for `puzzlefmt generate` (or the full --help)
    if wanted("serve"):  # `puzzlefmt serve` (the web extra; puzzlefmt.web.cli imports none of it)
        add_serve(sub)
    # The families' engines offered as commands (`puzzlefmt grade`...), after the built-in
    # commands, whose names they do not take.
    if command != "--version" and command not in sub.choices:
        engines.add_parsers(sub, _add_batch_options, set(sub.choices))
    return parser


def _warning_line(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: Any = None, line: str | None = None) -> None:
    """Python warnings as one line, without the package's source line."""
    err(f"puzzlefmt: warning: {message}")


def _quiet_pipe() -> int:
    # Python flushes stdout at exit; point it at devnull so that flush cannot fail again.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (tests call this directly)."""
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(_command_of(words), words)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed usage or help
        return int(exc.code) if isinstance(exc.code, int) else EXIT_BAD_INPUT
    old_show = warnings.showwarning
    warnings.showwarning = _warning_line
    try:
        # A command of a few records runs its kernels as plain Python rather than load numba
        # (puzzlefmt._jit.tier): start-up, not the kernel, is what such a command waits for.
        with small_batches_interpreted():
            return int(args.func(args))
    except PuzzleFormatError as exc:
        err(str(exc))
        return EXIT_BAD_INPUT
    except (UsageError, OptionError) as exc:
        err(f"puzzlefmt {args.command}: {exc}")
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # output piped into head, which closed it
        return _quiet_pipe()
    except OSError as exc:
        where = f": {exc.filename}" if exc.filename else ""
        err(f"puzzlefmt {args.command}: {exc.strerror or exc}{where}")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        err("puzzlefmt: interrupted")
        return EXIT_INTERRUPTED
    except Exception as exc:  # one line, never a traceback
        err(f"puzzlefmt {args.command}: internal error: {type(exc).__name__}: {exc}")
        if os.environ.get("PUZZLEFMT_DEBUG"):
            raise
        return EXIT_INTERNAL
    finally:
        warnings.showwarning = old_show


def run() -> None:
    """Console entry point."""
    # numpy's OpenBLAS starts a thread per core when numpy loads, and it spins for nothing
    # (no command does linear algebra): about 0.05 s of CPU a command. A value set stays.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = _quiet_pipe()
    sys.exit(code)
