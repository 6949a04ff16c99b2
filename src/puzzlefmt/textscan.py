"""Blocks of whole lines as bytes and arrays: the columnar batch path's reading.

A one-record-a-line collection is read in blocks of about a megabyte (see
:meth:`puzzlefmt.textio.LineReader.blocks`). The parent process *scans* each block
(:func:`scan_blocks`): where its lines start and end, which are comments (a Python check only
for the few lines that start with ``#``, a space, a tab, a form feed or a vertical tab, or
are empty: the lines :meth:`~puzzlefmt.collection.LineCollection.iter_records` checks), and
so the record numbers. The work on a block (in the parent or a worker,
:func:`puzzlefmt.batch.span_chunk`) asks the family's fast path for the *spans* of lines it
writes itself, each a run of record lines with its output text made in one go, and handles
every other line as the record-by-record path does: comment lines pass on, and the records
go through the object path (the fallback), in their place, with their numbers.

numpy is imported here, so this module is loaded by the batch runner only when it takes the
columnar path. It knows nothing above the text helpers (a family's fast path reads its
scans).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["Scan", "Span", "scan_blocks", "scan_text"]

#: A run of record lines: its first line, the line after its last (indices in the block), the output
#: text, and, when given, the kind every record of the run counts as in the summary
#: (``"unique"``...).
Span = tuple[int, int, str] | tuple[int, int, str, str]

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
        """The number of lines in the block."""
        return len(self.starts)

    @property
    def records(self) -> int:
        """The number of record lines (lines that are not comments)."""
        return len(self.starts) - len(self.comments)

    def line(self, i: int) -> str:
        """Line ``i`` of the block as text."""
        return self.data[self.starts[i]: self.ends[i]].decode("utf-8", "surrogatepass")


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
