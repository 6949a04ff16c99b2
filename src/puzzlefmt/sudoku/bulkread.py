"""Bulk reading: a whole collection of 81-character lines into one numpy array, fast.

:func:`read_array` skips ``#`` comment lines and blank lines, takes the first 81 characters of
every other line, and returns a ``uint8`` array of shape ``(n, 81)`` with 0 for a blank. It
does the work with numpy on the file's bytes, with no Python loop per puzzle: this is the path
for millions of puzzles. Lines that are not 81 cells (too short, a bad character, a Sukaku
line) are reported by line number in ``BulkResult.bad`` instead of stopping the read; use
:func:`puzzlefmt.iter_records` for their messages.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["BulkResult", "read_array", "read_array_bytes", "write_lines"]

_LUT = np.zeros(256, dtype=np.uint8)
_VALID = np.zeros(256, dtype=bool)
for _d in range(1, 10):
    _LUT[48 + _d] = _d
    _VALID[48 + _d] = True
for _b in b"0.X*_- x":
    _VALID[_b] = True


@dataclass(frozen=True)
class BulkResult:
    """``puzzles``: (n, 81) uint8; ``lines``: the 1-based line of each puzzle; ``bad``: line
    numbers of records that are not plain 81-cell lines."""

    puzzles: npt.NDArray[np.uint8]
    lines: npt.NDArray[np.int64]
    bad: npt.NDArray[np.int64]


def read_array_bytes(data: bytes) -> BulkResult:
    """Parse the bytes of a ``.txt``/``.sdm``-style file (UTF-8 or ASCII)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        data = data.decode("utf-16").encode("utf-8")
    buf = np.frombuffer(data, dtype=np.uint8)
    if b"\r" in data:
        # Normalise CRLF and lone CR to LF without leaving numpy.
        cr = buf == 13
        crlf = cr[:-1] & (buf[1:] == 10) if buf.size > 1 else np.zeros(0, bool)
        drop = np.zeros(buf.size, dtype=bool)
        drop[:-1] = crlf
        buf = buf[~drop].copy()
        buf[buf == 13] = 10
    ends = np.flatnonzero(buf == 10)
    if buf.size and buf[-1] != 10:
        ends = np.append(ends, buf.size)
    starts = np.concatenate(([0], ends[:-1] + 1)) if ends.size else np.zeros(0, np.int64)
    lengths = ends - starts
    first = buf[np.minimum(starts, max(buf.size - 1, 0))] if buf.size else np.zeros(0, np.uint8)
    blank = lengths == 0
    # A line of only white space is blank too; checking the first byte covers real files.
    comment = (first == ord("#")) | blank | ((first == 32) & (lengths < 81))
    rec = ~comment
    line_no = np.arange(1, starts.size + 1, dtype=np.int64)
    long_enough = lengths >= 81
    cand = rec & long_enough
    idx = starts[cand][:, None] + np.arange(81)[None, :]
    cells = buf[idx] if idx.size else np.zeros((0, 81), np.uint8)
    ok_cells = _VALID[cells].all(axis=1) if cells.size else np.zeros(0, bool)
    # After the 81 cells: end of line, or a separator before a comment.
    nxt_pos = starts[cand] + 81
    has_more = lengths[cand] > 81
    nxt = buf[np.minimum(nxt_pos, buf.size - 1)] if buf.size else np.zeros(0, np.uint8)
    sep_ok = ~has_more | np.isin(nxt, np.frombuffer(b" \t#,;", np.uint8))
    good_sub = ok_cells & sep_ok
    good_lines = line_no[cand][good_sub]
    puzzles = _LUT[cells[good_sub]]
    bad = np.sort(np.concatenate((line_no[rec & ~long_enough], line_no[cand][~good_sub])))
    return BulkResult(puzzles, good_lines, bad)


def read_array(path: str | os.PathLike[str]) -> BulkResult:
    """Read a collection file into a :class:`BulkResult` (see the module docstring)."""
    with open(path, "rb") as fh:
        return read_array_bytes(fh.read())


def write_lines(puzzles: npt.NDArray[np.uint8], *, blank: str = ".", newline: str = "\n") -> str:
    """The inverse: one 81-character line per row of ``puzzles``."""
    table = np.frombuffer(f"{blank}123456789".encode("ascii"), dtype=np.uint8)
    arr = np.asarray(puzzles, dtype=np.uint8)
    chars = table[arr]
    nl = np.frombuffer(newline.encode("ascii"), dtype=np.uint8)
    rows = np.concatenate((chars, np.broadcast_to(nl, (arr.shape[0], nl.size))), axis=1)
    return rows.tobytes().decode("ascii")
