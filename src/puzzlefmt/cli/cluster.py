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
    if getattr(args, "jobs", 1) not in (None, 1):
        raise UsageError("--jobs and --cluster do not go together (the cluster has workers)")
    pdask = _dask()
    column = args.column if args.input_format == "parquet" else None
    if args.input_format == "parquet" and not column:
        raise UsageError("--input-format parquet needs --column NAME (the puzzle column)")
    quiet = getattr(args, "quiet", False)

    def report(line: str) -> None:
        if not quiet:
            err(line)

    out = getattr(args, "output", None)
    try:
        with pdask.connect(args.cluster) as client:
            if unique:
                kept, dropped = pdask.unique_canon(
                    client, args.input, out, convention=job.convention,
                    format=args.from_format, parquet_column=column)
                if not quiet:
                    err(f"puzzlefmt canon: {kept} unique, {counted(dropped, 'duplicate')} "
                        "dropped")
                return EXIT_OK
            if out is not None and str(out).endswith(".parquet"):
                rows = pdask.run_parquet(client, job, args.input, out, format=args.from_format,
                                         parquet_column=column)
                if not quiet:
                    err(f"puzzlefmt {args.command}: {counted(rows, 'row')} written to {out}")
                return EXIT_OK
            summary = pdask.run_text(
                client, job, args.input, out, format=args.from_format, parquet_column=column,
                json_lines=getattr(args, "json", False), report=report,
                rejects=getattr(args, "rejects", None))
    except (ValueError, KeyError) as exc:
        raise UsageError(str(exc)) from None
    if not quiet:
        err(f"puzzlefmt {args.command}: {summary.line(job.verb)}")
    if summary.rejected:
        return EXIT_BAD_INPUT
    if job.name in ("solve", "validate") and summary.flagged:
        return EXIT_INVALID
    return EXIT_OK
