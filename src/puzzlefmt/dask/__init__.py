"""The batch jobs on a Dask cluster: the same convert, validate, solve and canon as the command
line, partition by partition, with the same output (``pip install "puzzlefmt[dask]"``); new
puzzles from the families' generators (:func:`generate`), the same as made locally.

>>> from puzzlefmt.dask import connect, run_text        # doctest: +SKIP
>>> from puzzlefmt.jobs import Job
>>> with connect("local:2") as client:
...     summary = run_text(client, Job("solve"), ["hardest.txt"], "solutions.txt")

Inputs are text files (any one-record-a-line collection format, compressed or not, given as
paths or glob patterns, taken in sorted order) or Parquet files with a column of puzzle
strings. A worker reads its own partition from the file system the cluster shares, works it
with :func:`puzzlefmt.batch.run_batch` and returns its output text; the client writes the
parts in input order, so the output is the local command's, byte for byte. Rejected records
are reported with their file, record number and line. ``canon --unique`` de-duplicates
across every file through a shuffle on the canonical form.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import json
import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any

from distributed import Client, LocalCluster

from puzzlefmt import registry
from puzzlefmt.api import resolve_format
from puzzlefmt.batch import Summary, reject_row
from puzzlefmt.collection import LineCollection
from puzzlefmt.dask._parts import (
    Part,
    PartResult,
    count_part,
    numbered,
    plan_bytes,
    plan_file,
    plan_parquet,
    read_part_lines,
    run_part,
)
from puzzlefmt.engine import Engine
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.jobs import Job
from puzzlefmt.outfile import output
from puzzlefmt.textio import STDIN_NAME

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

__all__ = [
    "connect",
    "count_by",
    "expand",
    "generate",
    "local_cluster",
    "plan",
    "run_parquet",
    "run_parts",
    "run_text",
    "run_unique",
    "unique_canon",
    "write_parquet",
]

BLOCKSIZE = 32 << 20
#: Seeds a task of :func:`generate` at most.
GENERATE_CHUNK = 64
STDIN = "-"  # an input that is standard input


_LOGGERS = ("distributed", "dask")


@contextlib.contextmanager
def _errors_only() -> Iterator[None]:
    """Dask's and distributed's loggers in this process (the client's, and the scheduler's
    and nannies' of a local cluster) at ERROR, their levels put back at the end."""
    names = [name for name in logging.root.manager.loggerDict
             if name in _LOGGERS or name.startswith(tuple(f"{n}." for n in _LOGGERS))]
    saved: list[tuple[logging.Logger, int]] = []
    for name in sorted({*_LOGGERS, *names}):
        logger = logging.getLogger(name)
        # the roots, and a logger below them that has a level of its own under ERROR (the
        # others follow their parents)
        if name in _LOGGERS or logging.NOTSET < logger.level < logging.ERROR:
            saved.append((logger, logger.level))
            logger.setLevel(max(logger.level, logging.ERROR))
    try:
        yield
    finally:
        for logger, level in saved:
            logger.setLevel(level)


@contextlib.contextmanager
def connect(address: str, *, quiet: bool = False) -> Iterator[Client]:
    """A client of a running scheduler (``tcp://host:8786``), or of a new local cluster of
    ``N`` worker processes (``local:N``, on 127.0.0.1, closed at the end).

    ``quiet``: the cluster's own log messages under ERROR (warnings and notices of Dask and
    distributed) are not shown: those of this process, and those of ``local:N``'s workers."""
    with _errors_only() if quiet else contextlib.nullcontext():
        if not address.startswith("local:"):
            with Client(address) as client:
                yield client
            return
        try:
            workers = int(address.split(":", 1)[1])
        except ValueError:
            raise ValueError(f"--cluster local:N wants a number of workers, found "
                             f"{address!r}") from None
        if not 1 <= workers <= 256:
            raise ValueError(f"--cluster local:N wants 1 to 256 workers, found {workers}")
        with local_cluster(workers, quiet=quiet) as cluster, Client(cluster) as client:
            yield client


def local_cluster(workers: int, *, quiet: bool = False) -> LocalCluster:
    """A cluster of ``workers`` worker processes of one thread each, all on 127.0.0.1.

    The scheduler always serves HTTP (health and metrics) even with its dashboard off; left
    to itself it takes port 8787 on every interface, and when that port is taken (another
    cluster, another user's dashboard) it warns and moves on. Here it takes a free port of
    127.0.0.1 from the start: no warning, no clash between clusters, nothing outside
    loopback."""
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                        host="127.0.0.1", dashboard_address="127.0.0.1:0",
                        scheduler_kwargs={"dashboard": False},
                        silence_logs=logging.ERROR if quiet else False)


def expand(inputs: str | Sequence[str]) -> list[str]:
    """Paths and glob patterns to a list of files, each pattern's matches sorted; ``-`` is
    standard input (once at most)."""
    out: list[str] = []
    for item in [inputs] if isinstance(inputs, str) else inputs:
        matches = sorted(glob.glob(item)) if glob.has_magic(item) else [item]
        if not matches:
            raise FileNotFoundError(2, "no file matches", item)
        out.extend(matches)
    for path in out:
        if path != STDIN and not os.path.isfile(path):
            raise FileNotFoundError(2, "no such file", path)
    if out.count(STDIN) > 1:
        raise ValueError("- (standard input) can be read once only: give it once")
    return out


def _stdin() -> bytes:
    """The whole of standard input, read here, in the client (its parts then go to the
    workers with their bytes)."""
    stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin
    data = stream.read()
    return data.encode("utf-8") if isinstance(data, str) else data


def _detect(probe: Part, filename: str | None, format: str | None) -> str:
    """The format named by ``format``, or the one the first lines of ``probe`` (and the
    file's name) show."""
    if format is not None:
        return registry.get_format(format).name
    head: list[str] = []
    for _, line in read_part_lines(probe):
        head.append(line)
        if len(head) >= 64:
            break
    text = "".join(line + "\n" for line in head)
    try:
        return resolve_format(text, filename=filename).name
    except PuzzleFormatError as exc:
        raise exc.relocated(path=probe.path) from None


def _blocksize(client: Client, paths: Sequence[str], more: int = 0) -> int:
    """Parts of at most :data:`BLOCKSIZE` bytes, and at least four for each worker thread
    over all the input (the files, and ``more`` bytes of standard input), so that every
    worker has work, but none under 1 MiB."""
    total = more
    for path in paths:
        with contextlib.suppress(OSError):
            total += os.path.getsize(path) if path != STDIN else 0
    slots: int = max(1, sum(int(n) for n in client.nthreads().values()))
    return max(1 << 20, min(BLOCKSIZE, -(-total // (4 * slots))))


def _sent(client: Client, parts: Sequence[Part]) -> list[Any]:
    """The parts to map a function over: a part that carries its bytes (standard input) is
    scattered to the cluster first, so that its bytes travel as data, not inside a task."""
    carried = [part for part in parts if part.data is not None]
    if not carried:
        return list(parts)
    futures = iter(client.scatter(carried, hash=False))
    return [next(futures) if part.data is not None else part for part in parts]


def plan(
    client: Client,
    paths: Sequence[str],
    *,
    format: str | None = None,
    parquet_column: str | None = None,
    blocksize: int | None = None,
) -> tuple[str, list[Part]]:
    """The input format and the numbered partitions of every file (a first, counting pass
    runs on the cluster). ``-`` is standard input, read here."""
    stdin = b""
    if STDIN in paths:
        if parquet_column is not None:
            raise ValueError("- (standard input) is read as text: Parquet input is files")
        stdin = _stdin()
    if blocksize is None:
        blocksize = _blocksize(client, paths, len(stdin))
    raw: list[Part] = []
    for path in paths:
        if path == STDIN:
            raw.extend(plan_bytes(STDIN_NAME, stdin, blocksize, len(raw)))
        elif parquet_column is not None:
            raw.extend(plan_parquet(path, parquet_column, len(raw)))
        else:
            raw.extend(plan_file(path, blocksize, len(raw)))
    named = paths[0] != STDIN and parquet_column is None  # a file name may tell the format
    fmt = _detect(raw[0], paths[0] if named else None, format)
    one_record_a_line = isinstance(registry.get_format(fmt), LineCollection)
    if parquet_column is None and not one_record_a_line:
        fmt_obj = registry.get_format(fmt)
        raise ValueError(f"{fmt_obj.name} is not a one-record-a-line collection: "
                         "run it with the local command")
    counts = client.gather(client.map(count_part, _sent(client, raw), format=fmt, pure=False))
    return fmt, numbered(raw, counts)


def run_parts(
    client: Client, job: Job, parts: list[Part], format: str, *, json_lines: bool = False
) -> Iterator[PartResult]:
    """Each partition's result, in input order, as soon as it and those before it are done."""
    futures = client.map(run_part, _sent(client, parts), job=job, format=format,
                         json_lines=json_lines, pure=False)
    for future in futures:
        result: PartResult = future.result()
        future.release()
        yield result


def _take(
    summary: Summary,
    part: PartResult,
    report: Callable[[str], None] | None,
    reject_file: IO[str] | None,
) -> None:
    """Count a part's result, and say each of its rejected records (``report``) and write
    it to ``reject_file``, as the local command does."""
    summary.add(part.summary)
    for path, number, line, why in part.rejects:
        if report is not None:
            report(why if why.startswith(path) else f"{path}: {why}")
        if reject_file is not None:
            reject_file.write(reject_row(path, number, line, why))


def run_text(
    client: Client,
    job: Job,
    inputs: str | Sequence[str],
    out: str | os.PathLike[str] | None,
    *,
    format: str | None = None,
    parquet_column: str | None = None,
    json_lines: bool = False,
    blocksize: int | None = None,
    report: Callable[[str], None] | None = None,
    rejects: str | os.PathLike[str] | None = None,
) -> Summary:
    """Run ``job`` over ``inputs`` and write its output to ``out`` (``None``: standard
    output) in input order, exactly as the local command writes it."""
    fmt, parts = plan(client, expand(inputs), format=format, parquet_column=parquet_column,
                      blocksize=blocksize)
    summary = Summary()
    with contextlib.ExitStack() as stack:
        target = stack.enter_context(output(out))
        reject_file = stack.enter_context(output(rejects)) if rejects else None
        for part in run_parts(client, job, parts, fmt, json_lines=json_lines):
            target.write(part.text)
            _take(summary, part, report, reject_file)
    return summary


# --------------------------------------------------------------------------- Parquet out

# pyarrow, pandas and dask.dataframe (a second of imports) load only for the jobs that use
# them: Parquet in or out, and canon --unique; a text job runs without them.

_COLUMNS: dict[str, str] = {
    "file": "string", "record": "int64", "line": "int64", "puzzle": "string",
    "status": "string", "solutions": "int64", "solution": "string",
    "canon": "string", "clues": "int64", "valid": "bool_", "problems": "string",
    "text": "string", "error": "string",
}


def _schema() -> pa.Schema:
    import pyarrow as pa  # noqa: PLC0415 - loaded for Parquet only

    return pa.schema([(name, getattr(pa, kind)()) for name, kind in _COLUMNS.items()])


def _part_table(part: Part, job: Job, format: str) -> tuple[pa.Table, PartResult]:
    """A part's rows, and its result without its text (counts and rejected records)."""
    import pyarrow as pa  # noqa: PLC0415 - loaded for Parquet only

    result = run_part(part, job, format, json_lines=True)
    inputs = dict(read_part_lines(part))
    rows: dict[str, list[Any]] = {name: [] for name in _COLUMNS}
    for text in result.text.splitlines():
        data = json.loads(text)
        row = {"file": part.path, "record": data.get("record"), "line": data.get("line"),
               "puzzle": inputs.get(data.get("line", -1)), "error": data.get("error"),
               "status": data.get("status"), "solutions": data.get("solutions"),
               "canon": data.get("canon"), "clues": data.get("clues"),
               "valid": data.get("valid"), "text": data.get("text"),
               "problems": "; ".join(data["problems"]) if data.get("problems") else None,
               "solution": data.get("text") if data.get("status") == "unique" else None}
        for name in _COLUMNS:
            rows[name].append(row[name])
    return pa.table(rows, schema=_schema()), replace(result, text="")


def write_parquet(
    client: Client,
    job: Job,
    inputs: str | Sequence[str],
    out: str | os.PathLike[str],
    *,
    format: str | None = None,
    parquet_column: str | None = None,
    blocksize: int | None = None,
    report: Callable[[str], None] | None = None,
    rejects: str | os.PathLike[str] | None = None,
) -> Summary:
    """Run ``job`` and write one typed row per record to the Parquet file ``out`` (one row
    group per partition, in input order; a rejected record's row has its ``error``).

    Rejected records are also reported (``report``) and written to ``rejects``, as by
    :func:`run_text`; every record has its row, so ``records_in`` is the number of rows."""
    fmt, parts = plan(client, expand(inputs), format=format, parquet_column=parquet_column,
                      blocksize=blocksize)
    import pyarrow.parquet as pq  # noqa: PLC0415 - loaded for Parquet only

    futures = client.map(_part_table, _sent(client, parts), job=job, format=fmt, pure=False)
    summary = Summary()
    with contextlib.ExitStack() as stack:
        fh = stack.enter_context(output(out, binary=True))
        writer = stack.enter_context(pq.ParquetWriter(fh, _schema()))
        reject_file = stack.enter_context(output(rejects)) if rejects else None
        for future in futures:
            table: pa.Table
            table, part = future.result()
            future.release()
            writer.write_table(table)
            _take(summary, part, report, reject_file)
    return summary


def run_parquet(
    client: Client,
    job: Job,
    inputs: str | Sequence[str],
    out: str | os.PathLike[str],
    *,
    format: str | None = None,
    parquet_column: str | None = None,
    blocksize: int | None = None,
) -> int:
    """:func:`write_parquet`; returns the number of rows."""
    return write_parquet(client, job, inputs, out, format=format,
                         parquet_column=parquet_column, blocksize=blocksize).records_in


# --------------------------------------------------------------------------- across files


def _canon_frame(result: PartResult) -> pd.DataFrame:
    """A part's canonical forms with their places in input order (a rejected record's empty
    line left out)."""
    import pandas as pd  # noqa: PLC0415 - loaded for canon --unique only

    forms = result.text.split("\n")[:-1]
    order = [(result.index << 32) | i for i in range(len(forms))]
    frame = pd.DataFrame({"order": pd.array(order, dtype="int64"),
                          "canon": pd.array(forms, dtype="string")})
    return frame[frame["canon"] != ""]


def _counts_only(result: PartResult) -> PartResult:
    """A part's result without its text (what the client needs of it to count and report)."""
    return replace(result, text="")


def run_unique(
    client: Client,
    inputs: str | Sequence[str],
    out: str | os.PathLike[str] | None,
    *,
    convention: str = "string",
    format: str | None = None,
    parquet_column: str | None = None,
    blocksize: int | None = None,
    report: Callable[[str], None] | None = None,
    rejects: str | os.PathLike[str] | None = None,
) -> Summary:
    """Each canonical form once, where it first occurs in input order (the local
    ``canon --unique`` output), de-duplicated across every file by a shuffle on the form.

    Every record is counted as the local command counts it: ``written`` canonicalised
    (``kinds["duplicates"]`` of them dropped as duplicates), ``rejected`` reported
    (``report``) and written to ``rejects``."""
    import dask.dataframe as dd  # noqa: PLC0415 - loaded for canon --unique only
    import pandas as pd  # noqa: PLC0415

    fmt, parts = plan(client, expand(inputs), format=format, parquet_column=parquet_column,
                      blocksize=blocksize)
    # Each part is canonicalised once; its result stays on the cluster for the shuffle, and
    # its counts and rejected records come to the client.
    done = client.map(run_part, _sent(client, parts), job=Job("canon", convention=convention),
                      format=fmt, pure=False)
    summary = Summary()
    with contextlib.ExitStack() as stack:
        reject_file = stack.enter_context(output(rejects)) if rejects else None
        for counts in client.map(_counts_only, done, pure=False):
            _take(summary, counts.result(), report, reject_file)
            counts.release()
    meta = pd.DataFrame({"order": pd.array([], dtype="int64"),
                         "canon": pd.array([], dtype="string")})
    # (held here until the end: the collection below names them by key only, and a future
    # nobody holds is forgotten by the scheduler)
    held = client.map(_canon_frame, done, pure=False)
    frames = dd.from_delayed(held, meta=meta, verify_meta=False)
    nparts = max(1, len(parts))
    # The shuffle: group by the canonical form (split over nparts output partitions), keep
    # each form's first place, then sort those by their place to write them in input order:
    # a form's place is (part << 32 | line in the part), so output partition p holds the
    # forms first seen in part p (divisions known: no pass to sample them). Persisted once:
    # each output partition below is then fetched, not worked out again.
    firsts = frames.groupby("canon").order.min(split_out=nparts).reset_index()
    divisions = [p << 32 for p in range(nparts)] + [(nparts << 32) - 1]
    kept = client.persist(firsts.set_index("order", divisions=divisions))
    unique = 0
    with output(out) as target:
        for piece in kept.to_delayed():
            frame: pd.DataFrame = client.compute(piece).result()
            unique += len(frame)
            target.write("".join(form + "\n" for form in frame["canon"]))
    if summary.written > unique:
        summary.kinds["duplicates"] = summary.written - unique
    return summary


def unique_canon(
    client: Client,
    inputs: str | Sequence[str],
    out: str | os.PathLike[str] | None,
    *,
    convention: str = "string",
    format: str | None = None,
    parquet_column: str | None = None,
    blocksize: int | None = None,
) -> tuple[int, int]:
    """:func:`run_unique`'s output; returns ``(unique, duplicates)``."""
    summary = run_unique(client, inputs, out, convention=convention, format=format,
                         parquet_column=parquet_column, blocksize=blocksize)
    duplicates = summary.kinds.get("duplicates", 0)
    return summary.written - duplicates, duplicates


def count_by(
    client: Client,
    inputs: str | Sequence[str],
    key: str = "clues",
    *,
    limit: int = 2,
    format: str | None = None,
    parquet_column: str | None = None,
    blocksize: int | None = None,
) -> dict[Any, int]:
    """How many records have each value of ``key``: ``"clues"`` (clue count) or
    ``"solutions"`` (solution count up to ``limit``), over every file."""
    fmt, parts = plan(client, expand(inputs), format=format, parquet_column=parquet_column,
                      blocksize=blocksize)
    job = Job("solve", limit=limit)
    tables = client.gather(client.map(_part_table, _sent(client, parts), job=job, format=fmt,
                                      pure=False))
    counts: dict[Any, int] = {}
    for table, _ in tables:
        for value in table.column(key).to_pylist():
            counts[value] = counts.get(value, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))


def _generator(makes: str) -> Engine:
    """The generator whose ``makes`` is ``makes`` (:class:`ValueError` naming the others)."""
    gens = [e for e in registry.engines() if e.generates]
    for eng in gens:
        if eng.makes == makes and eng.seeds is not None:
            return eng
    known = ", ".join(dict.fromkeys(e.makes for e in gens)) or "none"
    raise ValueError(f"nothing generates {makes!r} (generators: {known})")


def _make_chunk(makes: str, options: dict[str, Any], seeds: list[str]) -> list[Any]:
    """On a worker: the model of each seed, made by the generator of ``makes``."""
    eng = _generator(makes)
    return [eng.run(seed, **options) for seed in seeds]


def generate(
    client: Client,
    makes: str,
    count: int,
    seed: str | None = None,
    *,
    chunk: int = GENERATE_CHUNK,
    **options: Any,
) -> list[tuple[str, Any]]:
    """``count`` new puzzles from the generator that makes ``makes`` (``"sudoku"``,
    ``"keen"``, ``"solo"``: what ``puzzlefmt generate`` takes), made on the cluster's workers:
    (seed, model) pairs, in order, equal to the generator's
    :meth:`~puzzlefmt.engine.Engine.make_many` ``(count, seed, **options)`` run locally.

    The client draws the seeds from the master ``seed`` (``None``: drawn afresh, once) and
    checks ``options`` (the generator's own: ``symmetry="rot90"``, ``minimal=True``,
    ``params="6dh"``, ``timeout=5``...) before anything is sent; each task makes up to
    ``chunk`` puzzles, each from its own seed alone, so the workers' number and speed change
    nothing. A generator that gives up on a seed (``timeout``) raises its
    :class:`~puzzlefmt.engine.GenerationTimeoutError` here.

    >>> with connect("local:2") as client:                  # doctest: +SKIP
    ...     pairs = generate(client, "sudoku", 1000, "book", symmetry="rot180", minimal=True)
    """
    if count < 0:
        raise ValueError(f"count is a number of puzzles, 0 or more, found {count}")
    if chunk < 1:
        raise ValueError(f"chunk is a number of seeds a task, 1 or more, found {chunk}")
    eng = _generator(makes)
    opts = eng.prepare(options)
    stream = eng.seeds(seed) if eng.seeds is not None else iter(())
    seeds = list(itertools.islice(stream, count))
    chunks = [seeds[k: k + chunk] for k in range(0, len(seeds), chunk)]
    futures = client.map(_make_chunk, [makes] * len(chunks), [opts] * len(chunks), chunks,
                         pure=False)
    made: list[Any] = []
    for part in client.gather(futures):
        made.extend(part)
    return list(zip(seeds, made, strict=True))
