"""Partitions of puzzle files, and the work done on one partition.

Nothing here imports Dask: these functions run inside Dask's workers (or anywhere), so that a
partition is worked exactly as the command line works a file, by the same
:func:`puzzlefmt.batch.run_batch` and :class:`puzzlefmt.jobs.Job`.

A text file is split at line ends into byte ranges of about ``blocksize`` bytes; a first pass
counts each range's lines and records, so that every partition knows the line and record
numbers it starts from and its messages name the file's own lines. Compressed files
(``.gz``, ``.bz2``, ``.xz``) and UTF-16 files are one partition each. A Parquet file is split
by row groups; a record's "line" is its row, counted from 1 over the whole file. Standard
input, read by the client, is cut the same way, and each of its parts carries its own bytes.
"""

from __future__ import annotations

import bz2
import codecs
import gzip
import io
import itertools
import lzma
import os
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import IO, Any

from puzzlefmt import registry
from puzzlefmt.api import Lines
from puzzlefmt.batch import Summary, run_batch
from puzzlefmt.collection import LineCollection
from puzzlefmt.jobs import Job, comment_newline
from puzzlefmt.textio import numbered_lines, sniff_encoding

__all__ = [
    "Part",
    "PartResult",
    "count_part",
    "plan_bytes",
    "plan_file",
    "read_part_lines",
    "run_part",
]

_OPENERS: dict[str, Any] = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}


@dataclass(frozen=True)
class Part:
    """One partition: where its lines are and which numbers they start from."""

    path: str
    index: int  # in the whole job's order
    start: int = 0  # byte range (text) or row group (parquet)
    end: int | None = None
    encoding: str = "utf-8"
    skip: int = 0  # bytes of a byte-order mark at the file's start
    parquet_column: str | None = None
    lines_before: int = 0
    records_before: int = 0
    #: The part's own bytes, when it is no file's range (standard input, read by the client).
    data: bytes | None = field(default=None, repr=False)


@dataclass
class PartResult:
    """What a partition gave: its output text, counts, and its rejected records."""

    index: int
    text: str = ""
    #: The partition's counts, as the local run counts a file's.
    summary: Summary = field(default_factory=Summary)
    rejects: list[tuple[str, int, int, str]] = field(default_factory=list)  # file, no, line, why


def _compressed(path: str) -> bool:
    return os.path.splitext(path)[1].lower() in _OPENERS


def _open_binary(path: str) -> IO[bytes]:
    opener = _OPENERS.get(os.path.splitext(path)[1].lower())
    return opener(path, "rb") if opener else open(path, "rb")


def _cuts(fh: IO[bytes], size: int, blocksize: int, skip: int) -> list[int]:
    """Where parts of about ``blocksize`` bytes start and end: at line ends, from ``skip``
    (after a byte-order mark) to ``size``."""
    cuts = [skip]
    pos = blocksize
    while pos < size:
        fh.seek(pos)
        rest = fh.readline()  # to the end of the line the cut falls in
        pos += len(rest)
        if pos >= size:
            break
        cuts.append(pos)
        pos += blocksize
    cuts.append(size)
    return cuts


def plan_file(path: str, blocksize: int, first_index: int = 0) -> list[Part]:
    """The byte-range parts of one text file (before their numbers are known)."""
    with _open_binary(path) as fh:
        head = fh.read(4096)
    encoding, skip = sniff_encoding(head)
    whole = Part(path, first_index, 0, None, encoding, skip)
    if _compressed(path) or encoding.startswith(("utf-16", "utf-32")):
        return [whole]
    size = os.path.getsize(path)
    if size <= blocksize:
        return [whole]
    with open(path, "rb") as fh:
        cuts = _cuts(fh, size, blocksize, skip)
    return [Part(path, first_index + i, a, b, encoding, skip if i == 0 else 0)
            for i, (a, b) in enumerate(itertools.pairwise(cuts))]


def plan_bytes(name: str, data: bytes, blocksize: int, first_index: int = 0) -> list[Part]:
    """The parts of a text held in memory (standard input), cut as :func:`plan_file` cuts a
    file; each part carries its own bytes (without the byte-order mark)."""
    encoding, skip = sniff_encoding(data[:4096])
    if encoding.startswith(("utf-16", "utf-32")) or len(data) <= blocksize:
        cuts = [skip, len(data)]
    else:
        cuts = _cuts(io.BytesIO(data), len(data), blocksize, skip)
    return [Part(name, first_index + i, encoding=encoding, data=data[a:b])
            for i, (a, b) in enumerate(itertools.pairwise(cuts))]


def plan_parquet(path: str, column: str, first_index: int = 0) -> list[Part]:
    """One part per row group of a Parquet file."""
    import pyarrow.parquet as pq  # noqa: PLC0415 - loaded for Parquet only

    meta = pq.ParquetFile(path).metadata
    if column not in meta.schema.names:
        raise KeyError(f"{path} has no column {column!r} (its columns: "
                       f"{', '.join(meta.schema.names)})")
    return [Part(path, first_index + g, g, g + 1, parquet_column=column)
            for g in range(meta.num_row_groups)]


def _text_chunks(part: Part) -> Iterator[str]:
    decoder = codecs.getincrementaldecoder(part.encoding)(errors="replace")
    with _open_binary(part.path) if part.data is None else io.BytesIO(part.data) as fh:
        fh.seek(part.start + (part.skip if part.start == 0 else 0))
        left = None if part.end is None else part.end - max(part.start, part.skip)
        while left is None or left > 0:
            data = fh.read(1 << 20 if left is None else min(1 << 20, left))
            if not data:
                break
            if left is not None:
                left -= len(data)
            yield decoder.decode(data)
    yield decoder.decode(b"", final=True)


def read_part_lines(part: Part) -> Iterator[tuple[int, str]]:
    """The numbered lines of a part, numbered as in the whole file."""
    if part.parquet_column is not None:
        import pyarrow.parquet as pq  # noqa: PLC0415 - loaded for Parquet only

        table = pq.ParquetFile(part.path).read_row_group(part.start,
                                                         columns=[part.parquet_column])
        values = table.column(0).to_pylist()
        return ((part.lines_before + i + 1, "" if v is None else str(v))
                for i, v in enumerate(values))
    return ((n + part.lines_before, line) for n, line in numbered_lines(_text_chunks(part)))


def count_part(part: Part, format: str) -> tuple[int, int]:
    """``(lines, records)`` of a part (the first pass)."""
    fmt = registry.get_format(format)
    lines = records = 0
    for _, line in read_part_lines(part):
        lines += 1
        if not isinstance(fmt, LineCollection) or not fmt.is_comment(line):
            records += 1
    return lines, records


def numbered(parts: list[Part], counts: list[tuple[int, int]]) -> list[Part]:
    """The parts with the line and record numbers they start from (per file)."""
    out: list[Part] = []
    lines = records = 0
    last = None
    for part, (n_lines, n_records) in zip(parts, counts, strict=True):
        if part.path != last:
            lines = records = 0
            last = part.path
        out.append(replace(part, lines_before=lines, records_before=records))
        lines += n_lines
        records += n_records
    return out


def run_part(part: Part, job: Job, format: str, json_lines: bool = False) -> PartResult:
    """Work one partition as the command line works a file: same records, same output."""
    fmt = registry.get_format(format)
    lines = Lines(fmt, part.path, read_part_lines(part), records_before=part.records_before)
    comments = None
    if job.name == "convert":
        comments = comment_newline(fmt, registry.get_format(job.target))
        # The header of a target that needs one: at the top of the output only.
        job = replace(job, headed=part.index == 0)
    out = io.StringIO()
    rejects = io.StringIO()
    summary = run_batch(lines, job.task(), out=out, rejects=rejects, jobs=1,
                        placeholder=job.placeholder, json_lines=json_lines, comments=comments,
                        block=job.block(fmt, comments))
    result = PartResult(part.index, out.getvalue(), summary)
    head = len(part.path) + 1  # each row starts with the file (the part's path) and a tab
    for row in rejects.getvalue().split("\n")[:-1]:
        number, line, why = row[head:].split("\t", 2)
        result.rejects.append((part.path, int(number), int(line), why))
    return result
