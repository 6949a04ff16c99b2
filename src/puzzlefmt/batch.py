"""Batch work over collections: ordered parallel map, rejects, progress, summary, safe output.

A batch job turns a stream of :class:`~puzzlefmt.registry.Record` objects into one output text
per good record. Records that failed to parse, or that the task rejects, are *rejected*: they are
reported (stderr, and a ``--rejects`` file) with their number and reason, and the job goes on.
The closing :class:`Summary` always satisfies ``records_in == written + rejected``.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from puzzlefmt.registry import Record

__all__ = ["Outcome", "Summary", "atomic_output", "count_lines", "run_batch"]

CHUNK = 1024


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a task made of one record: ``output`` text to write, or a rejection ``error``.

    ``data`` is the JSON form of the result, for ``--json`` output.
    """

    number: int
    line: int
    output: str | None = None
    error: str | None = None
    data: dict[str, Any] | None = None
    flagged: bool = False  # parsed, but not a good puzzle (invalid, unsolvable, ambiguous)


@dataclass
class Summary:
    records_in: int = 0
    written: int = 0
    rejected: int = 0
    flagged: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.records_in / self.seconds if self.seconds > 0 else 0.0

    def line(self, verb: str = "converted") -> str:
        return (
            f"{self.records_in} records in: {self.written} {verb}, {self.rejected} rejected "
            f"({self.seconds:.2f} s, {self.rate:,.0f} records/s)"
        )


Task = Callable[[list[Record]], list[Outcome]]


def _rejected(rec: Record) -> Outcome:
    assert rec.error is not None
    return Outcome(rec.number, rec.line, error=str(rec.error))


def _run_chunk(task: Task, chunk: list[Record]) -> list[Outcome]:
    good = [r for r in chunk if r.error is None]
    done = iter(task(good)) if good else iter(())
    return [next(done) if r.error is None else _rejected(r) for r in chunk]


def _chunks(records: Iterable[Record], size: int) -> Iterator[list[Record]]:
    it = iter(records)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def _init_worker() -> None:
    # Workers must not fight over a terminal; they only compute.
    with contextlib.suppress(AttributeError, ValueError):
        sys.stdin.close()


def _outcomes(records: Iterable[Record], task: Task, jobs: int) -> Iterator[list[Outcome]]:
    chunks = _chunks(records, CHUNK)
    if jobs <= 1:
        for chunk in chunks:
            yield _run_chunk(task, chunk)
        return
    import functools
    import multiprocessing

    # The first chunk runs here, before the workers exist: it loads (or compiles) whatever
    # kernels the task uses, and forked workers inherit them instead of each paying again.
    first = next(chunks, None)
    if first is None:
        return
    yield _run_chunk(task, first)
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    with ctx.Pool(jobs, initializer=_init_worker) as pool:
        yield from pool.imap(functools.partial(_run_chunk, task), chunks)


def run_batch(
    records: Iterable[Record],
    task: Task,
    *,
    out: IO[str],
    rejects: IO[str] | None = None,
    report: Callable[[str], None] | None = None,
    jobs: int = 1,
    progress_total: int | None = None,
    progress: bool = False,
    placeholder: str | None = None,
    json_lines: bool = False,
) -> Summary:
    """Run ``task`` over ``records`` (in order, ``jobs`` processes), writing each output.

    ``placeholder``: text written for a rejected record (so output lines match input records);
    ``None`` writes nothing for it. ``report`` receives one line per rejected record.
    ``json_lines``: write each outcome's ``data`` as a JSON object instead of its output.
    """
    import json

    summary = Summary()
    start = time.perf_counter()
    bar: Any = None
    if progress:
        from tqdm import tqdm

        tqdm.monitor_interval = 0  # no monitor thread: workers are forked after this
        bar = tqdm(total=progress_total, unit="line", file=sys.stderr, dynamic_ncols=True)
    last_line = 0
    try:
        for outcomes in _outcomes(records, task, jobs):
            for oc in outcomes:
                summary.records_in += 1
                if oc.error is not None:
                    summary.rejected += 1
                    if report is not None:
                        report(oc.error)
                    if rejects is not None:
                        rejects.write(f"{oc.number}\t{oc.line}\t{oc.error}\n")
                    if json_lines:
                        out.write(
                            json.dumps({"record": oc.number, "line": oc.line, "error": oc.error})
                            + "\n"
                        )
                    elif placeholder is not None:
                        out.write(placeholder)
                    continue
                summary.written += 1
                summary.flagged += oc.flagged
                if json_lines:
                    data = {"record": oc.number, "line": oc.line, **(oc.data or {})}
                    out.write(json.dumps(data, ensure_ascii=False) + "\n")
                elif oc.output is not None:
                    out.write(oc.output)
            if bar is not None and outcomes:
                bar.update(outcomes[-1].line - last_line)
                last_line = outcomes[-1].line
    finally:
        if bar is not None:
            bar.close()
    summary.seconds = time.perf_counter() - start
    return summary


def count_lines(path: str) -> int | None:
    """Count line endings in a file quickly (for a progress bar's total); ``None`` if unknown."""
    try:
        total = 0
        last = b"\n"
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                total += block.count(b"\n") or block.count(b"\r")
                last = block[-1:]
        return total + (last not in (b"\n", b"\r"))
    except OSError:
        return None


@contextlib.contextmanager
def atomic_output(path: str | None, *, stdout: IO[str] | None = None) -> Iterator[IO[str]]:
    """Yield a text handle; for a path, a temporary file renamed over the target only when the
    block finishes without an exception, so a failed or killed run leaves no half file."""
    if path is None or path == "-":
        yield stdout if stdout is not None else sys.stdout
        return
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".puzzlefmt-", suffix=".part", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            yield fh
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
