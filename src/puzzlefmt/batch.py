"""Batch work over collections: ordered parallel map, rejects, progress, summary.

A batch job turns a stream of records into output text. It runs chunk by chunk; each chunk,
in this process or a worker, becomes one :class:`Chunk`: the chunk's output text in order,
its rejected records with their numbers and reasons, and counts. Two kinds of work make
chunks:

- a *task* over parsed :class:`~puzzlefmt.collection.Record` objects, returning one
  :class:`Outcome` per record (the general path, every format);
- a *block* function over the raw record lines of a one-record-a-line collection (the
  columnar path: a family parses, solves and writes a whole block with array kernels and
  hands the odd records back to the task).

Records that fail to parse, or that the task rejects, are reported (stderr, and a
``--rejects`` file: :func:`reject_row`) with their file, number, line and reason, and the job
goes on. The closing :class:`Summary` always satisfies ``records_in == written + rejected``.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import itertools
import json
import os
import stat
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from puzzlefmt._words import counted
from puzzlefmt.api import Lines, records_of
from puzzlefmt.collection import LineCollection, Record, is_comment_line
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.textio import LineReader, split_block

if TYPE_CHECKING:
    from puzzlefmt.textscan import Scan, Span

__all__ = [
    "FLAGGED",
    "Block",
    "Chunk",
    "Outcome",
    "RawChunk",
    "SpanBlock",
    "Summary",
    "count_lines",
    "fold",
    "kinds_words",
    "parse_raw",
    "reject_row",
    "run_batch",
    "span_chunk",
]

CHUNK = 512
BLOCK = 8192
TEXT_BLOCK = 1 << 20  # characters in a block of whole lines (the bytes path)
# With --jobs, smaller blocks: the parent works the first itself while the workers start,
# and the last ones share out evenly (with 1 MiB blocks a file of four blocks left one worker
# idle at the end: 1.76x on two cores against 1.99x for two plain loops).
JOBS_TEXT_BLOCK = 1 << 17


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
    # A written record that lost something on the way (reported, and counted apart).
    warning: str | None = None
    # A line the output must start with (a collection's header), given by the first record.
    preamble: str | None = None


@dataclass(slots=True)
class Chunk:
    """The result of one chunk of records, in input order (cheap to send from a worker)."""

    text: str = ""
    records: int = 0
    written: int = 0
    flagged: int = 0
    rejects: list[tuple[int, int, str]] = field(default_factory=list)
    warnings: list[tuple[int, int, str]] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)
    last_line: int = 0
    preamble: str | None = None
    preamble_at: int = 0  # where in ``text`` the first record's output starts


@dataclass
class Summary:
    """What a batch run did, over every chunk: records in = written + rejected; ``flagged``
    records (no one solution, invalid), ``warned`` ones (written with losses), the ``seconds``
    it took and the count of each ``kinds`` of result.

    The one summary of a local run (:func:`run_batch` counts each chunk in: :meth:`count`)
    and of a cluster's (:mod:`puzzlefmt.dask` counts each partition's run in: :meth:`add`);
    ``parts``: the partitions counted in (0 for a local run)."""
    records_in: int = 0
    written: int = 0
    rejected: int = 0
    flagged: int = 0
    warned: int = 0
    seconds: float = 0.0
    kinds: dict[str, int] = field(default_factory=dict)
    parts: int = 0

    @property
    def rate(self) -> float:
        """Records a second (0 when no time was measured)."""
        return self.records_in / self.seconds if self.seconds > 0 else 0.0

    def count(self, chunk: Chunk) -> None:
        """Count one chunk's records in."""
        self.records_in += chunk.records
        self.written += chunk.written
        self.rejected += len(chunk.rejects)
        self.flagged += chunk.flagged
        self.warned += len(chunk.warnings)
        self._add_kinds(chunk.kinds)

    def add(self, other: Summary) -> None:
        """Count another run's records in, as one partition of this run (or as its
        partitions, when it has some). ``seconds`` stays this run's own (its wall time)."""
        self.records_in += other.records_in
        self.written += other.written
        self.rejected += other.rejected
        self.flagged += other.flagged
        self.warned += other.warned
        self.parts += max(other.parts, 1)
        self._add_kinds(other.kinds)

    def _add_kinds(self, kinds: dict[str, int]) -> None:
        counts = self.kinds
        for kind, n in kinds.items():
            counts[kind] = counts.get(kind, 0) + n

    def line(self, verb: str = "converted") -> str:
        """The summary in one line, as the command line prints it (``verb``: ``"converted"``,
        ``"solved"``...): with the time and rate of a local run, the partitions of a
        cluster's."""
        kinds = kinds_words(self.kinds, self.warned)
        where = (counted(self.parts, "partition") if self.parts
                 else f"{self.seconds:.2f} s, {self.rate:,.0f} records/s")
        return (
            f"{counted(self.records_in, 'record')} in: {self.written} {verb}{kinds}, "
            f"{self.rejected} rejected ({where})"
        )


#: The kinds of result that are nouns, by their singular (the others are adjectives:
#: "3 unique", "1 multiple").
NOUNS = {"duplicates": "duplicate"}


def kinds_words(kinds: dict[str, int], warned: int) -> str:
    """`` (2 unique, 1 duplicate, 1 with losses)``: the kinds of a summary in words (empty
    when there are none)."""
    parts = [counted(n, NOUNS[k], k) if k in NOUNS else f"{n} {k}" for k, n in kinds.items()]
    if warned:
        parts.append(f"{warned} with losses")
    return f" ({', '.join(parts)})" if parts else ""


Task = Callable[[list[Record]], list[Outcome]]
#: Raw record lines: each as (record number, line number, line).
RawChunk = list[tuple[int, int, str]]  # (record number, line number, line)
#: A block function: raw record lines in, a :class:`Chunk` out. It calls back into the task for the
#: records it does not handle itself, through the ``fallback`` it is given, which returns their
#: outcomes.
Block = Callable[[RawChunk, Callable[[RawChunk], list[Outcome]]], Chunk]


#: The kinds of result a summary counts as flagged (a record without its one solution).
FLAGGED = frozenset({"none", "multiple", "unknown", "invalid", "no-solution",
                     "multiple-solutions"})


@dataclass(frozen=True)
class SpanBlock:
    """A columnar block function (``lines``, over raw record lines) that can also work on
    whole scanned blocks of bytes (:mod:`puzzlefmt.textscan`): ``spans(scan)`` gives the
    runs of lines it writes itself, each with its text. The batch runner takes the bytes
    path when it reads the source itself from the start."""

    lines: Block
    spans: Callable[[Scan], list[Span] | None]

    def __call__(self, chunk: RawChunk, fallback: Callable[[RawChunk], list[Outcome]]
                 ) -> Chunk:
        return self.lines(chunk, fallback)


def reject_row(file: str, number: int, line: int, reason: str) -> str:
    """One line of a ``--rejects`` file: ``file<TAB>record<TAB>line<TAB>reason``, the one
    layout of the local command and of a cluster (which reads several files)."""
    return f"{file}\t{number}\t{line}\t{reason}\n"


def comment_line(raw: str, newline: str) -> str:
    """A collection's comment line as it passes on into another collection: blank and ``#``
    lines as they are, any other (a forum CSV's title) behind ``# ``, so that every target
    reads it back as a comment."""
    stripped = raw.strip()
    if not stripped or stripped.startswith("#"):
        return raw + newline
    return "# " + raw + newline


def fold(outcomes: Iterable[Outcome], placeholder: str | None, json_lines: bool) -> Chunk:
    """The :class:`Chunk` of a list of outcomes."""
    out: list[str] = []
    chunk = Chunk()
    kinds = chunk.kinds
    size = 0  # characters in ``out`` before the first record's output
    for oc in outcomes:
        chunk.last_line = oc.line
        if oc.number == 0:  # a comment line, passed through
            if oc.output is not None and not json_lines:
                out.append(oc.output)
                if not chunk.records:
                    size += len(oc.output)
            continue
        chunk.records += 1
        if oc.error is not None:
            chunk.rejects.append((oc.number, oc.line, oc.error))
            if json_lines:
                out.append(json.dumps({"record": oc.number, "line": oc.line,
                                       "error": oc.error}) + "\n")
            elif placeholder is not None:
                out.append(placeholder)
            continue
        chunk.written += 1
        chunk.flagged += oc.flagged
        if oc.kind is not None:
            kinds[oc.kind] = kinds.get(oc.kind, 0) + 1
        if oc.warning is not None:
            chunk.warnings.append((oc.number, oc.line, oc.warning))
        if oc.preamble is not None and chunk.preamble is None:
            chunk.preamble = oc.preamble
        if json_lines:
            data = {"record": oc.number, "line": oc.line, **(oc.data or {})}
            out.append(json.dumps(data, ensure_ascii=False) + "\n")
        elif oc.output is not None:
            out.append(oc.output)
    chunk.text = "".join(out)
    chunk.preamble_at = size
    return chunk


def _rejected(rec: Record) -> Outcome:
    assert rec.error is not None
    return Outcome(rec.number, rec.line, error=str(rec.error))


def _run_records(task: Task, chunk: list[Record], newline: str, as_read: bool = False
                 ) -> list[Outcome]:
    good = [r for r in chunk if r.ok]
    done = iter(task(good)) if good else iter(())
    # A header line does not pass on: a target that needs one writes its own (preamble);
    # ``as_read``: the records are written back as read, under their own header and
    # between their own comment lines, unchanged.
    return [
        Outcome(0, r.line, output=r.text + newline if as_read
                else None if r.header else comment_line(r.text, newline))
        if r.comment
        else next(done) if r.error is None else _rejected(r)
        for r in chunk
    ]


def _records_chunk(
    task: Task, placeholder: str | None, json_lines: bool, newline: str, chunk: list[Record],
    as_read: bool = False,
) -> Chunk:
    return fold(_run_records(task, chunk, newline, as_read), placeholder, json_lines)


def parse_raw(parse: Callable[[str], Any], path: str | None, chunk: RawChunk) -> list[Record]:
    """Parse raw record lines into records (errors placed at their record and line)."""
    records = []
    for number, lineno, line in chunk:
        if number == 0:
            records.append(Record(0, lineno, line, comment=True))
            continue
        try:
            records.append(Record(number, lineno, line, parse(line)))
        except PuzzleFormatError as exc:
            err = exc.relocated(line=lineno, record=number, path=path)
            records.append(Record(number, lineno, line, error=err))
    return records


def _raw_outcomes(
    task: Task, parse: Callable[[str], Any], path: str | None, newline: str, chunk: RawChunk
) -> list[Outcome]:
    return _run_records(task, parse_raw(parse, path, chunk), newline)


def _raw_chunk(
    task: Task,
    parse: Callable[[str], Any],
    path: str | None,
    placeholder: str | None,
    json_lines: bool,
    newline: str,
    chunk: RawChunk,
) -> Chunk:
    return fold(_raw_outcomes(task, parse, path, newline, chunk), placeholder, json_lines)


def _block_chunk(
    block: Block, fallback: Callable[[RawChunk], list[Outcome]], chunk: RawChunk
) -> Chunk:
    return block(chunk, fallback)


def span_chunk(
    spans_of: Callable[[Scan], list[Span] | None],
    fallback: Callable[[RawChunk], list[Outcome]],
    placeholder: str | None,
    comments: str | None,
    scan: Scan,
) -> Chunk:
    """One scanned block through a family's fast path (``spans_of``) and, for every line it
    leaves, the record-by-record path: the output in the input's order."""
    spans = spans_of(scan) or []
    comment_at = set(scan.comments.tolist())
    first = scan.first_line
    out: list[str] = []
    slots: list[tuple[int, int]] = []  # (place in ``out``, record number) of slow records
    slow: RawChunk = []
    records = written = 0
    before = scan.records_before
    seen_comments = 0
    first_record = -1  # place in ``out`` of the first record's output
    at = 0
    result = Chunk()
    kinds = result.kinds
    ends: Span = (scan.lines, scan.lines, "")
    for span in [*spans, ends]:
        start, stop, text = span[0], span[1], span[2]
        for i in range(at, start):
            if i in comment_at:
                seen_comments += 1
                if comments is not None:
                    out.append(comment_line(scan.line(i), comments))
                continue
            number = before + i + 1 - seen_comments
            slow.append((number, first + i, scan.line(i)))
            if first_record < 0:
                first_record = len(out)
            slots.append((len(out), number))
            out.append("")
        if stop > start:
            if first_record < 0:
                first_record = len(out)
            out.append(text)
            records += stop - start
            written += stop - start
            if len(span) == 4:
                kinds[span[3]] = kinds.get(span[3], 0) + stop - start
                if span[3] in FLAGGED:
                    result.flagged += stop - start
        at = stop
    result.last_line = first + scan.lines - 1
    if slow:
        done = {oc.number: oc for oc in fallback(slow)}
        kinds = result.kinds
        for place, number in slots:
            one = fold([done[number]], placeholder, False)
            out[place] = one.text
            records += 1
            written += one.written
            result.flagged += one.flagged
            result.rejects.extend(one.rejects)
            result.warnings.extend(one.warnings)
            if one.preamble is not None and result.preamble is None:
                result.preamble = one.preamble
            for name, n in one.kinds.items():
                kinds[name] = kinds.get(name, 0) + n
    if result.preamble is not None:
        result.preamble_at = sum(map(len, out[:first_record]))
    result.records = records
    result.written = written
    result.text = "".join(out)
    return result


def _chunks(
    records: Iterable[Record], size: int, first: int | None = None
) -> Iterator[list[Record]]:
    """Lists of ``size`` records; the first list has ``first`` records when given."""
    it = iter(records)
    if first is not None and (chunk := list(itertools.islice(it, first))):
        yield chunk
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def _raw_chunks(
    lines: Iterable[tuple[int, str]],
    is_comment: Callable[[str], bool],
    size: int,
    first: int | None = None,
    comments: bool = False,
    numbered_from: int = 0,
) -> Iterator[RawChunk]:
    """Number the record lines of a one-record-a-line collection without parsing them; the
    first chunk has ``first`` lines when given. Comment lines are left out, or with
    ``comments`` kept as number 0. Numbers go on from ``numbered_from``."""
    number = numbered_from
    chunk: RawChunk = []
    want = first or size
    # As LineCollection.iter_records reads them: with the usual comment rule, a line that
    # starts with another character than these is a record (a no-break space is not blank).
    quick = is_comment is is_comment_line
    if quick and isinstance(lines, LineReader) and lines.fresh:
        yield from _reader_chunks(lines, size, first, comments, numbered_from)
        return
    it = iter(lines)
    while part := list(itertools.islice(it, want - len(chunk))):
        number = _number(chunk, [lineno for lineno, _ in part], [line for _, line in part],
                         is_comment, quick, comments, number)
        if len(chunk) == want:
            yield chunk
            chunk = []
            want = size
    if chunk:
        yield chunk


def _reader_chunks(reader: LineReader, size: int, first: int | None, comments: bool,
                   number: int) -> Iterator[RawChunk]:
    """:func:`_raw_chunks` of a fresh reader with the usual comment rule: its blocks of
    lines split at once, and a block of records only numbered without a loop here."""
    want = first or size
    lineno = 0
    pending: RawChunk = []
    for block in reader.blocks():
        texts = split_block(block)
        if not texts:
            continue
        number = _number(pending, range(lineno + 1, lineno + 1 + len(texts)), texts,
                         is_comment_line, True, comments, number)
        lineno += len(texts)
        start = 0
        while len(pending) - start >= want:
            yield pending[start:start + want]
            start += want
            want = size
        del pending[:start]
    if pending:
        yield pending


def _number(out: RawChunk, linenos: Sequence[int], texts: list[str],
            is_comment: Callable[[str], bool], quick: bool, comments: bool,
            number: int) -> int:
    """Put the lines ``texts`` (one at least; line numbers ``linenos``) on ``out``, each
    record with its number (going on from ``number``) and with ``comments`` each comment
    line as number 0; the last record number. ``quick``: ``is_comment`` is the usual rule,
    so that a block of records only is numbered without a loop here."""
    if quick and not _odd_lines(texts):
        out.extend(zip(range(number + 1, number + 1 + len(texts)), linenos, texts,
                       strict=True))
        return number + len(texts)
    for lineno, line in zip(linenos, texts, strict=True):
        if (not quick or not line or line[0] in _ODD) and is_comment(line):
            if comments:
                out.append((0, lineno, line))
            continue
        number += 1
        out.append((number, lineno, line))
    return number


_ODD = "# \t\f\v"  # what a line that may be a comment (with the usual rule) starts with


def _odd_lines(texts: list[str]) -> bool:
    """Whether one of ``texts`` (lines, one at least) may be a comment: empty or starting
    with a character of :data:`_ODD`. Every one of those sorts before ``$``, so the
    smallest line tells (``False`` for certain; ``True`` may also be a line starting with
    ``!`` or ``"``, then looked at one by one)."""
    return min(texts)[:1] < "$"


def _results(
    source: Iterable[Record] | Lines,
    task: Task,
    jobs: int,
    placeholder: str | None,
    json_lines: bool,
    block: Block | None,
    comments: str | None,
    as_read: bool = False,
) -> Generator[Chunk, None, None]:
    work: Callable[[Any], Chunk]
    chunks: Iterator[Any]
    # With workers, the parent first runs a few records itself: that loads (or compiles)
    # whatever kernels the task uses, and the forked workers inherit them.
    first = 8 if jobs > 1 else None
    fmt = source.format if isinstance(source, Lines) else None
    keep = comments is not None
    newline = comments or "\n"
    if (isinstance(source, Lines) and isinstance(fmt, LineCollection) and fmt.header is None
            and (jobs > 1 or block is not None)):
        # The parent only reads and numbers lines, and writes results; parsing happens in
        # the work (in workers, with --jobs).
        raw = functools.partial(_raw_chunk, task, fmt.parse_record, source.name, placeholder,
                                json_lines, newline)
        reader = source.lines
        if block is not None and not json_lines:
            fallback = functools.partial(_raw_outcomes, task, fmt.parse_record, source.name,
                                         newline)
            if (isinstance(block, SpanBlock) and isinstance(reader, LineReader)
                    and reader.fresh and fmt.is_comment is is_comment_line):
                # Whole blocks of bytes: reading, checking and writing without a Python
                # step per line (but for the lines the fast path leaves).
                from puzzlefmt.textscan import scan_blocks  # noqa: PLC0415 - numpy, only here

                work = functools.partial(span_chunk, block.spans, fallback, placeholder,
                                         comments)
                size = TEXT_BLOCK if jobs <= 1 else JOBS_TEXT_BLOCK
                chunks = scan_blocks(reader.blocks(size), fmt.is_comment,
                                     source.records_before)
            else:
                work = functools.partial(_block_chunk, block, fallback)
                chunks = _raw_chunks(source.lines, fmt.is_comment, BLOCK, first, keep,
                                     source.records_before)
        else:
            work = raw
            chunks = _raw_chunks(source.lines, fmt.is_comment, CHUNK, first, keep,
                                 source.records_before)
    else:
        work = functools.partial(_records_chunk, task, placeholder, json_lines, newline,
                                 as_read=as_read)
        recs = records_of(source, comments=keep) if isinstance(source, Lines) else source
        chunks = _chunks(recs, CHUNK, first)
    if jobs <= 1:
        for chunk in chunks:
            yield work(chunk)
        return
    head = next(chunks, None)
    if head is None:
        return
    second = next(chunks, None)
    if second is None:  # one chunk: no worker to start
        yield work(head)
        return
    # Not multiprocessing.Pool: its terminate() can hang on Ctrl-C (see _procmap).
    # multiprocessing costs start-up: loaded only when workers start. The first chunk goes
    # to a worker too: worked here first, it kept the workers waiting.
    from puzzlefmt._procmap import ordered_map  # noqa: PLC0415 - only for --jobs above 1

    yield from ordered_map(work, itertools.chain((head, second), chunks), jobs)


@contextlib.contextmanager
def _collector_relaxed() -> Iterator[None]:
    """Batch results are mostly plain strings and small tuples that form no cycles: freeze
    what exists (the modules, the kernels) so that collections do not walk it again, and let
    the cyclic collector run rarely (it cost a third of the CPU of a solve). It still runs,
    so that the few cycles a batch makes (exceptions and their tracebacks) are freed and
    memory stays flat."""
    old = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(50_000, 50, 50)
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.unfreeze()


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
    block: Block | None = None,
    comments: str | None = None,
    warn: Callable[[str], None] | None = None,
    as_read: bool = False,
) -> Summary:
    """Run ``task`` over ``records`` (in order, ``jobs`` processes), writing each output.

    ``placeholder``: text written for a rejected record (so output lines match input records);
    ``None`` writes nothing for it. ``report`` receives one line per rejected record, and
    ``rejects`` a :func:`reject_row` (its file: the name of ``records``, when they are
    :class:`~puzzlefmt.api.Lines`).
    ``json_lines``: write each outcome's ``data`` as a JSON object instead of its output.
    ``block``: the columnar path for one-record-a-line collections (its output must equal
    the task's, byte for byte). ``comments``: pass a collection's comment and blank lines
    through to the output, ending them with this newline (``None``: leave them out);
    ``as_read``: the records are written back as read: the header and comment lines pass
    on unchanged, where they stand (ended with ``comments``' newline).
    ``warn`` receives one line per record that lost something (``Outcome.warning``).
    """
    summary = Summary()
    start = time.perf_counter()
    bar: Any = None
    if progress:
        # tqdm loads only for a progress bar: it costs a tenth of a second of start-up.
        from tqdm import tqdm  # noqa: PLC0415 - loaded only when a bar is shown

        tqdm.monitor_interval = 0  # no monitor thread: workers are forked after this
        bar = tqdm(total=progress_total, unit="line", file=sys.stderr, dynamic_ncols=True)
    last_line = 0
    name = (records.name if isinstance(records, Lines) else None) or ""
    try:
        # The results are closed at once on any exception: Ctrl-C while this loop writes
        # stops the workers too.
        with _collector_relaxed(), contextlib.closing(
            _results(records, task, jobs, placeholder, json_lines, block, comments, as_read)
        ) as results:
            preamble_done = False
            for chunk in results:
                text = chunk.text
                if chunk.preamble is not None and not preamble_done:
                    at = chunk.preamble_at
                    text = text[:at] + chunk.preamble + text[at:]
                if chunk.records:
                    preamble_done = True
                summary.count(chunk)
                for number, line, message in chunk.warnings:
                    if warn is not None:
                        warn(f"record {number}, line {line}: warning: {message}")
                for number, line, error in chunk.rejects:
                    if report is not None:
                        report(error)
                    if rejects is not None:
                        rejects.write(reject_row(name, number, line, error))
                out.write(text)
                if bar is not None and chunk.records:
                    bar.update(chunk.last_line - last_line)
                    last_line = chunk.last_line
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
