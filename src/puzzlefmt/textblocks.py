"""Blocks of whole lines as bytes and arrays: the columnar batch path's reading and writing.

A one-record-a-line collection is read in blocks of about a megabyte (see
:meth:`puzzlefmt.textio.LineReader.blocks`). The parent process *scans* each block
(:func:`scan_blocks`): where its lines start and end, which are comments (a Python check only
for the few lines that start with ``#``, a space, a tab, a form feed or a vertical tab, or
are empty: the lines :meth:`~puzzlefmt.collection.LineCollection.iter_records` checks), and
so the record numbers. The work on a block (in the parent or a worker,
:func:`span_chunk`) asks the family's fast path for the *spans* of lines it writes itself,
each a run of record lines with its output text made in one go, and handles every other line
as the record-by-record path does: comment lines pass on, and the records go through the
object path (the fallback), in their place, with their numbers.

numpy is imported here, so this module is loaded by the batch runner only when it takes the
columnar path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from puzzlefmt.batch import Chunk, Outcome, RawChunk, comment_line, fold

__all__ = ["Scan", "Span", "scan_blocks", "scan_text", "span_chunk"]

# (first line, line after the last, output text) of a run of record lines, line indices in
# the block.
Span = tuple[int, int, str]
SpanFunction = Callable[["Scan"], list[Span] | None]

# First bytes of a line that may make it a comment; a line starting with any other is a
# record line, as LineCollection.iter_records reads it (an empty line is a comment too).
_MAYBE_COMMENT = np.zeros(256, dtype=bool)
_MAYBE_COMMENT[list(b"# \t\f\v")] = True


@dataclass(frozen=True)
class Scan:
    """One block of whole lines: ``data`` (its text in UTF-8; line endings CRLF or LF),
    ``starts``/``ends`` of each line in it (``ends`` before the line ending), the indices
    of its ``comments`` lines, the number of its first line and how many records came
    before it."""

    data: bytes
    starts: npt.NDArray[np.int64]
    ends: npt.NDArray[np.int64]
    comments: npt.NDArray[np.int64]
    first_line: int
    records_before: int
    crlf: bool  # some lines end in CRLF (then stride 83 is the common one)

    @property
    def lines(self) -> int:
        return len(self.starts)

    @property
    def records(self) -> int:
        return len(self.starts) - len(self.comments)

    def line(self, i: int) -> str:
        """Line ``i`` of the block as text."""
        return self.data[self.starts[i]: self.ends[i]].decode("utf-8", "surrogatepass")

    def number(self, i: int) -> int:
        """The record number of record line ``i``."""
        before = int(np.searchsorted(self.comments, i))
        return self.records_before + i + 1 - before


def scan_text(text: str, first_line: int, records_before: int,
              is_comment: Callable[[str], bool]) -> Scan:
    """Scan one block of whole lines (see the module docstring)."""
    data = text.encode("utf-8", "surrogatepass")
    a = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(a == 10)
    crs = data.count(b"\r")
    crlf = bool(crs) and len(ends) > 0
    if crlf and int(np.count_nonzero(a[ends[ends > 0] - 1] == 13)) != crs:
        # Lone CRs end lines too: one kind of line ending.
        data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        a = np.frombuffer(data, dtype=np.uint8)
        ends = np.flatnonzero(a == 10)
        crlf = False
    elif crs and not crlf:  # CRs and no LF at all
        data = data.replace(b"\r", b"\n")
        a = np.frombuffer(data, dtype=np.uint8)
        ends = np.flatnonzero(a == 10)
    if data and data[-1] != 10:
        ends = np.append(ends, len(data))
    starts = np.empty_like(ends)
    if len(ends):
        starts[0] = 0
        starts[1:] = ends[:-1] + 1
    if crlf and len(ends):
        ends = ends - ((ends > starts) & (a[ends - 1] == 13))
    maybe = np.flatnonzero(
        _MAYBE_COMMENT[a[np.minimum(starts, max(len(a) - 1, 0))]] | (ends == starts)
    ) if len(a) else np.zeros(0, dtype=np.int64)
    comments = [i for i in maybe.tolist()
                if is_comment(data[starts[i]: ends[i]].decode("utf-8", "surrogatepass"))]
    return Scan(data, starts, ends, np.array(comments, dtype=np.int64), first_line,
                records_before, crlf)


def scan_blocks(texts: Iterable[str], is_comment: Callable[[str], bool],
                records_before: int = 0) -> Iterator[Scan]:
    """Scan blocks of whole lines, the first starting at line 1, numbering the records on
    from ``records_before``."""
    line = 1
    before = records_before
    for text in texts:
        scan = scan_text(text, line, before, is_comment)
        line += scan.lines
        before += scan.records
        yield scan


def span_chunk(
    spans_of: SpanFunction,
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
    for start, stop, text in [*spans, (scan.lines, scan.lines, "")]:
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
        at = stop
    result = Chunk()
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
