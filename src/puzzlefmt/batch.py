"""Batch work over collections: ordered parallel map, rejects, progress, summary, safe output.

A batch job turns a stream of :class:`~puzzlefmt.collection.Record` objects into one output text
per good record. Records that failed to parse, or that the task rejects, are *rejected*: they are
reported (stderr, and a ``--rejects`` file) with their number and reason, and the job goes on.
The closing :class:`Summary` always satisfies ``records_in == written + rejected``.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import multiprocessing
import os
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from tqdm import tqdm

from puzzlefmt.api import Lines, records_of
from puzzlefmt.collection import LineCollection, Record
from puzzlefmt.errors import PuzzleFormatError

__all__ = ["Outcome", "Summary", "count_lines", "run_batch"]

CHUNK = 512


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
    # What became of a written record, counted apart in the summary ("unique", "none",
    # "multiple", "unknown"; "valid", "invalid"), or None.
    kind: str | None = None


@dataclass
class Summary:
    records_in: int = 0
    written: int = 0
    rejected: int = 0
    flagged: int = 0
    seconds: float = 0.0
    kinds: dict[str, int] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return self.records_in / self.seconds if self.seconds > 0 else 0.0

    def line(self, verb: str = "converted") -> str:
        kinds = ", ".join(f"{n} {k}" for k, n in self.kinds.items())
        kinds = f" ({kinds})" if kinds else ""
        return (
            f"{self.records_in} records in: {self.written} {verb}{kinds}, "
            f"{self.rejected} rejected ({self.seconds:.2f} s, {self.rate:,.0f} records/s)"
        )


Task = Callable[[list[Record]], list[Outcome]]


def _rejected(rec: Record) -> Outcome:
    assert rec.error is not None
    return Outcome(rec.number, rec.line, error=str(rec.error))


def _run_chunk(task: Task, chunk: list[Record]) -> list[Outcome]:
    good = [r for r in chunk if r.error is None]
    done = iter(task(good)) if good else iter(())
    return [next(done) if r.error is None else _rejected(r) for r in chunk]


def _chunks(
    records: Iterable[Record], size: int, first: int | None = None
) -> Iterator[list[Record]]:
    """Lists of ``size`` records; the first list has ``first`` records when given."""
    it = iter(records)
    if first is not None and (chunk := list(itertools.islice(it, first))):
        yield chunk
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def _init_worker() -> None:
    # Workers must not fight over a terminal; they only compute.
    with contextlib.suppress(AttributeError, ValueError):
        sys.stdin.close()


RawChunk = list[tuple[int, int, str]]


def _raw_chunks(
    lines: Iterable[tuple[int, str]],
    is_comment: Callable[[str], bool],
    size: int,
    first: int | None = None,
) -> Iterator[RawChunk]:
    """Number the record lines of a one-record-a-line collection without parsing them; the
    first chunk has ``first`` lines when given."""
    number = 0
    chunk: RawChunk = []
    want = first or size
    for lineno, line in lines:
        if is_comment(line):
            continue
        number += 1
        chunk.append((number, lineno, line))
        if len(chunk) == want:
            yield chunk
            chunk = []
            want = size
    if chunk:
        yield chunk


def _run_raw_chunk(
    task: Task, parse: Callable[[str], Any], path: str | None, chunk: RawChunk
) -> list[Outcome]:
    """Parse raw record lines (in a worker), then run the task on them."""
    records = []
    for number, lineno, line in chunk:
        try:
            records.append(Record(number, lineno, line, parse(line)))
        except PuzzleFormatError as exc:
            err = exc.relocated(line=lineno, record=number, path=path)
            records.append(Record(number, lineno, line, error=err))
    return _run_chunk(task, records)


Packed = list[
    tuple[int, int, str | None, str | None, dict[str, Any] | None, bool, str | None]
]


def _packed(work: Callable[[Any], list[Outcome]], keep_data: bool, chunk: Any) -> Packed:
    """Run ``work`` in a worker and send back plain tuples (cheaper to pickle), without the
    JSON data unless it is wanted."""
    return [
        (o.number, o.line, o.output, o.error, o.data if keep_data else None, o.flagged, o.kind)
        for o in work(chunk)
    ]


def _unpacked(packed: Packed) -> list[Outcome]:
    return [Outcome(*fields) for fields in packed]


def _outcomes(
    source: Iterable[Record] | Lines, task: Task, jobs: int, keep_data: bool = True
) -> Iterator[list[Outcome]]:
    work: Callable[[Any], list[Outcome]]
    chunks: Iterator[Any]
    # With workers, the parent first runs a few records itself: that loads (or compiles)
    # whatever kernels the task uses, and the forked workers inherit them.
    first = 8 if jobs > 1 else None
    if isinstance(source, Lines):
        fmt = source.format
        if isinstance(fmt, LineCollection) and fmt.header is None and jobs > 1:
            # Workers parse: the parent only reads and numbers lines, and writes results.
            work = functools.partial(_run_raw_chunk, task, fmt.parse_record, source.name)
            chunks = _raw_chunks(source.lines, fmt.is_comment, CHUNK, first)
        else:
            work = functools.partial(_run_chunk, task)
            chunks = _chunks(records_of(source), CHUNK, first)
    else:
        work = functools.partial(_run_chunk, task)
        chunks = _chunks(source, CHUNK, first)
    if jobs <= 1:
        for chunk in chunks:
            yield work(chunk)
        return
    head = next(chunks, None)
    if head is None:
        return
    yield work(head)
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    with ctx.Pool(jobs, initializer=_init_worker) as pool:
        for packed in pool.imap(functools.partial(_packed, work, keep_data), chunks):
            yield _unpacked(packed)


def run_batch(
    records: Iterable[Record] | Lines,
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
    summary = Summary()
    start = time.perf_counter()
    bar: Any = None
    if progress:
        tqdm.monitor_interval = 0  # no monitor thread: workers are forked after this
        bar = tqdm(total=progress_total, unit="line", file=sys.stderr, dynamic_ncols=True)
    last_line = 0
    try:
        for outcomes in _outcomes(records, task, jobs, keep_data=json_lines):
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
                if oc.kind is not None:
                    summary.kinds[oc.kind] = summary.kinds.get(oc.kind, 0) + 1
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
    """Count line endings in a regular file quickly (for a progress bar's total); ``None``
    for anything else (a pipe must be read once, by the job itself)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        total = 0
        last = b"\n"
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                total += block.count(b"\n") or block.count(b"\r")
                last = block[-1:]
        return total + (last not in (b"\n", b"\r"))
    except OSError:
        return None
