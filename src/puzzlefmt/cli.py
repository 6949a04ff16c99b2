"""The ``puzzlefmt`` command line.

``main(argv) -> int`` is what tests call; ``run()`` is the console entry point. Every command
reads a file or stdin (``-``), detects the format unless ``--from`` names it, and treats bad
input the same way: one line on stderr naming file, record, line and column, and a non-zero
exit, never a traceback.

Exit codes: 0 all records good; 1 some records parsed but are not valid puzzles (``validate``)
or have no unique solution (``solve``); 2 bad input (a record or file that does not parse, a
bad option); 3 an unexpected internal error (reported in one line).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

from puzzlefmt import registry
from puzzlefmt.api import Lines, iter_records, open_lines
from puzzlefmt.batch import Outcome, Summary, atomic_output, count_lines, run_batch
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.registry import Record
from puzzlefmt.textio import decode

__all__ = ["main", "run"]

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3


class _UsageError(Exception):
    """A bad option or argument: reported in one line, exit 2."""


# --------------------------------------------------------------------------- input


def _stdin_text() -> str:
    data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
    return decode(data) if isinstance(data, bytes) else data


def _records(path: str, fmt: str | None) -> Iterator[Record]:
    """Records of a file or of stdin (``-``); the name is attached to every error."""
    return iter_records(_source(path), fmt)


def _source(path: str) -> Any:
    if path == "-":
        import io

        text = _stdin_text()
        stream = io.StringIO(text, newline="")
        stream.name = "<stdin>"  # errors need a name
        return stream
    if not os.path.exists(path):
        raise _UsageError(f"{path}: no such file")
    return path


def _err(line: str) -> None:
    sys.stderr.write(line.rstrip("\n") + "\n")


def _progress_wanted(args: argparse.Namespace) -> bool:
    """A bar on stderr when a person watches: stderr is a terminal and the output goes to a
    file (``-o``) or to the terminal too; none when the output is piped."""
    if getattr(args, "no_progress", False):
        return False
    if getattr(args, "progress", False):
        return True
    to_file = getattr(args, "output", None) not in (None, "-")
    return sys.stderr.isatty() and (to_file or sys.stdout.isatty())


# --------------------------------------------------------------------------- tasks
# Module-level functions (with functools.partial) so that --jobs can send them to workers.


def _family_of(value: Any) -> registry.Family:
    return registry.family_of(value)


def _convert_task(target: str, options: dict[str, Any], records: list[Record]) -> list[Outcome]:
    fmt = registry.get_format(target)
    out: list[Outcome] = []
    for rec in records:
        try:
            if fmt.collection and fmt.write_record is not None:
                text = fmt.write_record(rec.value) + fmt.newline
            else:
                assert fmt.write is not None
                text = fmt.write(rec.value, **options)
                if not text.endswith("\n"):
                    text += "\n"
        except TypeError as exc:
            if "keyword argument" in str(exc):
                raise _UsageError(f"--option: {exc}") from None
            out.append(Outcome(rec.number, rec.line, error=_where(rec, f"cannot write: {exc}")))
            continue
        except ValueError as exc:
            out.append(Outcome(rec.number, rec.line, error=_where(rec, f"cannot write: {exc}")))
            continue
        data = {"text": text.rstrip("\r\n")}
        out.append(Outcome(rec.number, rec.line, output=text, data=data))
    return out


def _where(rec: Record, message: str) -> str:
    return f"record {rec.number}, line {rec.line}: {message}"


def _validate_task(limit: int, records: list[Record]) -> list[Outcome]:
    out: list[Outcome] = []
    for rec in records:
        fam = _family_of(rec.value)
        problems = fam.problems(rec.value) if fam.problems else []
        data: dict[str, Any] = {"family": fam.name, "valid": not problems, "problems": problems}
        words = "valid" if not problems else "invalid: " + "; ".join(problems)
        if not problems and fam.solve is not None and limit > 0:
            result = fam.solve(rec.value, limit)
            data["solutions"] = result.count
            data["status"] = result.status
            data["valid"] = result.unique
            if not result.complete:
                words = f"unknown: {result.reason}"
            elif result.count == 0:
                words = "invalid: no solution"
            elif result.count > 1:
                more = "+" if result.count >= limit else ""
                words = f"invalid: {result.count}{more} solutions"
            else:
                words = "valid, unique solution"
        out.append(
            Outcome(
                rec.number,
                rec.line,
                output=f"{rec.number}\t{words}\n",
                data=data,
                flagged=not data["valid"],
            )
        )
    return out


def _by_family(records: list[Record]) -> dict[str, list[int]]:
    """Indices of the records of each family, so that batch hooks get one family at a time."""
    groups: dict[str, list[int]] = {}
    for i, rec in enumerate(records):
        groups.setdefault(_family_of(rec.value).name, []).append(i)
    return groups


def _solve_task(limit: int, count_only: bool, records: list[Record]) -> list[Outcome]:
    out: list[Outcome] = []
    results: list[registry.SolveResult | None] = [None] * len(records)
    for name, idx in _by_family(records).items():
        fam = registry.family(name)
        values = [records[i].value for i in idx]
        if fam.solve_many is not None:
            found = fam.solve_many(values, limit)
        elif fam.solve is not None:
            found = [fam.solve(v, limit) for v in values]
        else:
            continue  # left None: reported as "no solver" below
        for i, one in zip(idx, found, strict=True):
            results[i] = one
    for rec, res in zip(records, results, strict=True):
        if res is None:
            name = _family_of(rec.value).name
            out.append(Outcome(rec.number, rec.line, error=_where(rec, f"{name}: no solver")))
            continue
        fam = _family_of(rec.value)
        solution = fam.solution_text(rec.value, res) if fam.solution_text else res.status
        text = str(res.count) if count_only else solution
        data: dict[str, Any] = {"status": res.status, "solutions": res.count, "text": solution}
        out.append(Outcome(rec.number, rec.line, output=text + "\n", data=data))
    return out


def _canon_task(convention: str, records: list[Record]) -> list[Outcome]:
    forms: dict[int, str] = {}
    for name, idx in _by_family(records).items():
        fam = registry.family(name)
        if fam.canon_many is not None:
            found = fam.canon_many([records[i].value for i in idx], convention)
            forms.update(zip(idx, found, strict=True))
    out: list[Outcome] = []
    for i, rec in enumerate(records):
        fam = _family_of(rec.value)
        text = forms.get(i)
        if text is None:
            if fam.canon is None:
                msg = _where(rec, f"{fam.name}: no canonical form")
                out.append(Outcome(rec.number, rec.line, error=msg))
                continue
            try:
                text = fam.canon(rec.value, convention)
            except ValueError as exc:
                out.append(Outcome(rec.number, rec.line, error=_where(rec, str(exc))))
                continue
        out.append(Outcome(rec.number, rec.line, output=text + "\n", data={"canon": text}))
    return out


# --------------------------------------------------------------------------- commands


def _batch(
    args: argparse.Namespace,
    task: Callable[[list[Record]], list[Outcome]],
    *,
    verb: str,
    placeholder: str | None = None,
    records: Iterator[Record] | None = None,
) -> Summary:
    path = args.input
    recs: Iterator[Record] | Lines
    if records is not None:
        recs = records
    else:
        recs = open_lines(_source(path), getattr(args, "from_format", None))
    rejects_path = getattr(args, "rejects", None)
    reject_handle: IO[str] | None = None
    quiet = getattr(args, "quiet", False)

    def report(line: str) -> None:
        if not quiet:
            _err(f"{path}: {line}" if not line.startswith(path) else line)

    try:
        if rejects_path:
            reject_handle = open(rejects_path, "w", encoding="utf-8")  # noqa: SIM115
        with atomic_output(getattr(args, "output", None)) as out:
            summary = run_batch(
                recs,
                task,
                out=out,
                rejects=reject_handle,
                report=report,
                jobs=max(1, getattr(args, "jobs", 1) or 1),
                progress=_progress_wanted(args),
                progress_total=count_lines(path) if path != "-" else None,
                placeholder=placeholder,
                json_lines=getattr(args, "json", False),
            )
    finally:
        if reject_handle is not None:
            reject_handle.close()
        if isinstance(recs, Lines):
            recs.close()
    if not quiet:
        _err(f"puzzlefmt {args.command}: {summary.line(verb)}")
    return summary


def cmd_formats(args: argparse.Namespace) -> int:
    rows = [
        (f.name, f.family, " ".join("." + e for e in f.extensions) or "-", f.description)
        for f in registry.formats(args.family)
    ]
    if args.json:
        for name, fam, exts, desc in rows:
            print(json.dumps({"name": name, "family": fam, "extensions": exts.split(),
                              "description": desc}))
        return EXIT_OK
    print(_table([list(r) for r in rows], ["format", "family", "extensions", "description"]))
    return EXIT_OK


def _read_input_text(path: str) -> tuple[str, str]:
    if path == "-":
        return _stdin_text(), "<stdin>"
    if not os.path.exists(path):
        raise _UsageError(f"{path}: no such file")
    with open(path, "rb") as fh:
        return decode(fh.read()), path


def cmd_detect(args: argparse.Namespace) -> int:
    status = EXIT_OK
    for path in args.inputs:
        text, name = _read_input_text(path)
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
            _err(f"{name}: no known format matches")
            status = EXIT_BAD_INPUT
    return status


def cmd_convert(args: argparse.Namespace) -> int:
    try:
        target = registry.get_format(args.to)
    except KeyError as exc:
        raise _UsageError(str(exc.args[0])) from None
    if target.write is None and target.write_record is None:
        raise _UsageError(f"format {target.name!r} can be read but not written")
    options = dict(_parse_options(args.option))
    summary = _batch(args, functools.partial(_convert_task, target.name, options), verb="converted")
    return EXIT_BAD_INPUT if summary.rejected else EXIT_OK


def _parse_options(pairs: Sequence[str] | None) -> Iterator[tuple[str, Any]]:
    for pair in pairs or ():
        if "=" not in pair:
            raise _UsageError(f"--option wants NAME=VALUE, found {pair!r}")
        key, value = pair.split("=", 1)
        val: Any = value
        if value.lower() in ("true", "false"):
            val = value.lower() == "true"
        elif value.isdigit():
            val = int(value)
        yield key.replace("-", "_"), val


def cmd_validate(args: argparse.Namespace) -> int:
    summary = _batch(
        args, functools.partial(_validate_task, args.limit), verb="checked"
    )
    if summary.rejected:
        return EXIT_BAD_INPUT
    return EXIT_INVALID if summary.flagged else EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    shown = 0
    bad = 0
    for rec in _records(args.input, args.from_format):
        if rec.error is not None:
            _err(str(rec.error))
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
    summary = _batch(
        args,
        functools.partial(_solve_task, args.limit, args.count),
        verb="solved",
        placeholder="\n",
    )
    return EXIT_BAD_INPUT if summary.rejected else EXIT_OK


def cmd_canon(args: argparse.Namespace) -> int:
    task = functools.partial(_canon_task, args.convention)
    if not args.unique:
        summary = _batch(args, task, verb="canonicalised", placeholder="\n")
        return EXIT_BAD_INPUT if summary.rejected else EXIT_OK
    seen: set[str] = set()
    dupes = 0

    def unique_task(records: list[Record]) -> list[Outcome]:
        nonlocal dupes
        outs = task(records)
        kept: list[Outcome] = []
        for oc in outs:
            if oc.output is not None and oc.output in seen:
                dupes += 1
                kept.append(Outcome(oc.number, oc.line, output="", data={"duplicate": True}))
                continue
            if oc.output is not None:
                seen.add(oc.output)
            kept.append(oc)
        return kept

    args.jobs = 1  # the seen-set lives in this process
    summary = _batch(args, unique_task, verb="canonicalised")
    if not args.quiet:
        _err(f"puzzlefmt canon: {len(seen)} unique, {dupes} duplicates dropped")
    return EXIT_BAD_INPUT if summary.rejected else EXIT_OK


def cmd_survey(args: argparse.Namespace) -> int:
    """Detect, read, validate, solve and round-trip every file under the given paths."""
    from puzzlefmt.survey import survey_paths

    rows = survey_paths(args.paths, limit=args.limit)
    if args.json:
        for row in rows:
            print(json.dumps(row.as_dict()))
    else:
        print(_table([r.cells() for r in rows], header=rows[0].header() if rows else []))
    bad = any(r.rejected or r.error for r in rows)
    return EXIT_BAD_INPUT if bad else EXIT_OK


def _table(rows: list[list[str]], header: list[str]) -> str:
    if not rows:
        return "no files"
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    for r in rows:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)))
    return "\n".join(line.rstrip() for line in lines)


# --------------------------------------------------------------------------- parser


def _add_batch_options(p: argparse.ArgumentParser, *, output: bool = True) -> None:
    p.add_argument("input", help="input file, or - for standard input")
    if output:
        p.add_argument("-o", "--output", help="output file (default: standard output); "
                       "written to a temporary file and renamed when done")
    p.add_argument("--from", dest="from_format", metavar="FORMAT",
                   help="input format (default: detected)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="worker processes (order kept)")
    p.add_argument("--rejects", metavar="FILE",
                   help="write every rejected record's number, line and reason here")
    p.add_argument("--json", action="store_true", help="one JSON object per record")
    p.add_argument("-q", "--quiet", action="store_true", help="no per-record errors or summary")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--progress", action="store_true", help="always show a progress bar")
    g.add_argument("--no-progress", action="store_true", help="never show a progress bar")


def build_parser() -> argparse.ArgumentParser:
    from puzzlefmt import __version__

    parser = argparse.ArgumentParser(
        prog="puzzlefmt",
        description="Read, write, detect, validate and solve Sudoku, Keen and CGP texts.",
    )
    parser.add_argument("--version", action="version", version=f"puzzlefmt {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("formats", help="list every format with its extensions")
    p.add_argument("--family", choices=["sudoku", "keen", "cgp"])
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_formats)

    p = sub.add_parser("detect", help="say which format each input is in")
    p.add_argument("inputs", nargs="+", help="files, or - for standard input")
    p.add_argument("--top", type=int, default=1, help="show this many candidates")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_detect)

    p = sub.add_parser("convert", help="convert a file or collection to another format")
    _add_batch_options(p)
    p.add_argument("-t", "--to", required=True, metavar="FORMAT", help="output format")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a writer option, e.g. blank=0 (repeatable)")
    p.set_defaults(func=cmd_convert)

    p = sub.add_parser("validate", help="check every record: parses, follows the rules, "
                       "has one solution")
    _add_batch_options(p)
    p.add_argument("--limit", type=int, default=2,
                   help="count solutions up to this many (0: do not solve)")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("show", help="print a text picture of each record")
    p.add_argument("input")
    p.add_argument("--from", dest="from_format", metavar="FORMAT")
    p.add_argument("--limit", type=int, default=0, help="show at most this many records")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("solve", help="solve every record; one output line per record")
    _add_batch_options(p)
    p.add_argument("--limit", type=int, default=2, help="count solutions up to this many")
    p.add_argument("--count", action="store_true", help="print the solution count only")
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("canon", help="canonical (minlex) form of every record")
    _add_batch_options(p)
    p.add_argument("--convention", default="string", choices=["string", "pattern"],
                   help="string: true string minimum (default); pattern: pattern first")
    p.add_argument("--unique", action="store_true",
                   help="write each canonical form once (drops duplicates)")
    p.set_defaults(func=cmd_canon)

    p = sub.add_parser("survey", help="detect, read, validate, solve and round-trip every file "
                       "under some folders, as a table")
    p.add_argument("paths", nargs="+", help="files or folders")
    p.add_argument("--limit", type=int, default=2, help="count solutions up to this many "
                   "(0: do not solve)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_survey)

    from puzzlefmt.render_cli import add_parser as add_render  # pictures; drawing is lazy

    add_render(sub)

    # ---- `puzzlefmt serve` (the web extra; puzzlefmt.web.cli imports no web package) ----
    from puzzlefmt.web.cli import add_parser as add_serve

    add_serve(sub)

    for hook in _EXTRA_COMMANDS:
        hook(sub)
    return parser


# Other modules (pictures) add commands here: each takes the subparsers object.
_EXTRA_COMMANDS: list[Callable[[Any], None]] = []


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (tests call this directly)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed usage
        return int(exc.code) if isinstance(exc.code, int) else EXIT_BAD_INPUT
    try:
        return int(args.func(args))
    except PuzzleFormatError as exc:
        _err(str(exc))
        return EXIT_BAD_INPUT
    except _UsageError as exc:
        _err(f"puzzlefmt {args.command}: {exc}")
        return EXIT_BAD_INPUT
    except OSError as exc:
        _err(f"puzzlefmt {args.command}: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _err("puzzlefmt: interrupted")
        return 130
    except BrokenPipeError:  # pragma: no cover - output piped into head
        return EXIT_OK
    except Exception as exc:  # one line, never a traceback
        _err(f"puzzlefmt {args.command}: internal error: {type(exc).__name__}: {exc}")
        if os.environ.get("PUZZLEFMT_DEBUG"):
            raise
        return EXIT_INTERNAL


def run() -> None:
    """Console entry point."""
    sys.exit(main())
