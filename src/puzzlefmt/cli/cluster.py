"""``--cluster``: the batch commands on a Dask cluster (the ``dask`` extra)."""

from __future__ import annotations

import argparse
from typing import Any

from puzzlefmt._words import counted
from puzzlefmt.cli._common import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, UsageError, err
from puzzlefmt.jobs import Job

_MISSING = 'the dask extra is not installed: pip install "puzzlefmt[dask]"'


def _dask() -> Any:
    try:
        import puzzlefmt.dask as pdask  # noqa: PLC0415 - optional dependency (the dask extra)
    except ImportError as exc:
        raise UsageError(f"--cluster: {_MISSING} ({exc})") from None
    return pdask


def run_on_cluster(args: argparse.Namespace, job: Job, *, unique: bool = False) -> int:
    """Run ``job`` over ``args.input`` (paths or glob patterns) on ``args.cluster``."""
    jobs = getattr(args, "jobs", 1)
    if jobs not in (None, 1):
        raise UsageError(f"--jobs {jobs} and --cluster do not go together: --jobs starts worker "
                         "processes on this machine, and with --cluster the cluster's workers "
                         "do the work (local:N starts N of them here); drop --jobs")
    pdask = _dask()
    column = args.column if args.input_format == "parquet" else None
    if args.input_format == "parquet" and not column:
        raise UsageError("--input-format parquet needs --column NAME (the puzzle column)")
    quiet = getattr(args, "quiet", False)

    def report(line: str) -> None:
        if not quiet:
            err(line)

    out = getattr(args, "output", None)
    rejects = getattr(args, "rejects", None)
    more: list[str] = []  # what the command says after its summary
    try:
        with pdask.connect(args.cluster, quiet=not getattr(args, "verbose", False)) as client:
            if unique:
                summary = pdask.run_unique(
                    client, args.input, out, convention=job.convention,
                    format=args.from_format, parquet_column=column, report=report,
                    rejects=rejects)
                dropped = summary.kinds.get("duplicates", 0)
                more.append(f"{summary.written - dropped} unique, "
                            f"{counted(dropped, 'duplicate')} dropped")
            elif out is not None and str(out).endswith(".parquet"):
                summary = pdask.write_parquet(
                    client, job, args.input, out, format=args.from_format,
                    parquet_column=column, report=report, rejects=rejects)
                more.append(f"{counted(summary.records_in, 'row')} written to {out}")
            else:
                summary = pdask.run_text(
                    client, job, args.input, out, format=args.from_format,
                    parquet_column=column, json_lines=getattr(args, "json", False),
                    report=report, rejects=rejects)
    except (ValueError, KeyError) as exc:
        raise UsageError(str(exc)) from None
    if not quiet:
        for line in (summary.line(job.verb), *more):
            err(f"puzzlefmt {args.command}: {line}")
    if summary.rejected:
        return EXIT_BAD_INPUT
    if job.name in ("solve", "validate", "engine") and summary.flagged:
        return EXIT_INVALID
    return EXIT_OK
