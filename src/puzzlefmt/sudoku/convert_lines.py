"""``convert`` between the one-line Sudoku formats, on bytes: the columnar path of
:mod:`puzzlefmt.textscan` for ``.txt``/``.sdm`` collections written as ``line``, ``txt``
or ``sdm`` (and :func:`plain_runs`, the lines it and the kernels' block paths in
:mod:`puzzlefmt.sudoku.columnar` take).

It takes the lines that are nothing but 81 cells — digits and one blank, ``.`` or ``0`` —
and writes each run of them in one go: the cells checked with ``bytes.translate`` (and numpy
over the lines of a run only when a run holds something else), the blanks mapped to the
target's blank with numpy, the line ending added. What such a line holds is its givens, so
what the record-by-record writer writes for it is exactly its cells with the target's blank
and line ending, whatever the ``values`` and ``comment`` options say. Every other line (a
comment, a line with text after its cells, another blank, both blanks, a Sukaku or HoDoKu
line, a broken line) is left to the record-by-record path.

Only numpy is imported (no kernel), so that a conversion starts quickly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from puzzlefmt.sudoku._cells import LINE_BLANKS
from puzzlefmt.textscan import Scan, Span

__all__ = ["convert_spans", "plain_runs", "target_of"]

# What each line format writes for a plain line: its blank, its line ending, and the
# options its writer takes (any of them leaves a plain line's text as it is).
_TARGETS = {
    "line": (".", "\n", frozenset({"blank", "values", "comment"})),
    "txt": (".", "\r\n", frozenset({"blank", "values", "comment"})),
    "sdm": ("0", "\r\n", frozenset({"values", "comment"})),
}
_CELLS = b"123456789.0"
_VALID = np.zeros(256, dtype=bool)
_VALID[list(_CELLS)] = True
_DOT, _ZERO = ord("."), ord("0")


def target_of(target: str, options: Mapping[str, Any]) -> tuple[int, bytes] | None:
    """The blank (a byte) and line ending a plain line is written with in ``target`` with
    ``options``, or ``None`` when this path does not write that (the record-by-record
    writer then says what is wrong, if anything)."""
    found = _TARGETS.get(target)
    if found is None:
        return None
    blank, newline, takes = found
    if set(options) - takes:
        return None
    blank = options.get("blank", blank)
    if not isinstance(blank, str) or blank not in LINE_BLANKS:
        return None
    for name in ("values", "comment"):
        if not isinstance(options.get(name, True), bool):
            return None
    return ord(blank), newline.encode("ascii")


def convert_spans(target: str, options: Mapping[str, Any], scan: Scan) -> list[Span] | None:
    """The runs of plain 81-cell lines of a scanned block, each with its text in ``target``
    (``None``: this path does not write ``target`` with ``options``)."""
    how = target_of(target, options)
    if how is None:
        return None
    blank, newline = how
    # The usual distance from one line's start to the next: 81 cells and the line ending.
    stride = 83 if scan.crlf else 82
    spans: list[Span] = []
    for i, j, rows in plain_runs(scan):
        region = scan.data[scan.starts[i]: scan.ends[j - 1]]
        dots = b"." in region
        zeros = b"0" in region
        if (len(newline) == stride - 81 and (not dots or blank == _DOT)
                and (not zeros or blank == _ZERO)):
            # The lines as they stand are the output (say a .txt of '.' lines to line).
            spans.append((i, j, (region + newline).decode("ascii")))
        else:
            spans.append((i, j, _text(rows, dots, zeros, blank, newline)))
    return spans


def plain_runs(scan: Scan) -> list[tuple[int, int, npt.NDArray[np.uint8]]]:
    """The runs ``(i, j, rows)`` of a scanned block's lines ``i`` to ``j - 1`` that are
    nothing but 81 cells (digits and one blank, ``.`` or ``0``), each line ``stride`` bytes
    after the one before it: ``rows`` is a read-only ``(j - i, 81)`` view of their bytes."""
    plain = (scan.ends - scan.starts) == 81
    if not plain.any():
        return []
    a = np.frombuffer(scan.data, dtype=np.uint8)
    stride = 83 if scan.crlf else 82
    # Most blocks are nothing but plain lines of one blank: then no run needs a look.
    dots = b"." in scan.data
    zeros = b"0" in scan.data
    clean = not (dots and zeros) and not scan.data.translate(None, _CELLS + b"\r\n")
    found: list[tuple[int, int, npt.NDArray[np.uint8]]] = []
    for i, j in _runs(plain, scan.starts, stride):
        rows = np.lib.stride_tricks.as_strided(
            a[scan.starts[i]:], shape=(j - i, 81), strides=(stride, 1), writeable=False)
        if not clean:
            region = scan.data[scan.starts[i]: scan.ends[j - 1]]
            if (region.translate(None, _CELLS + b"\r\n")
                    or (b"." in region and b"0" in region)):
                good = _VALID[rows].all(axis=1) & ~((rows == _DOT).any(axis=1)
                                                   & (rows == _ZERO).any(axis=1))
                found.extend((i + k, i + m, rows[k:m]) for k, m in _true_runs(good))
                continue
        found.append((i, j, rows))
    return found


def _runs(plain: npt.NDArray[np.bool_], starts: npt.NDArray[np.int64], stride: int
          ) -> list[tuple[int, int]]:
    """Runs ``(i, j)`` of consecutive plain lines, each line of a run ``stride`` bytes after
    the one before it."""
    idx = np.flatnonzero(plain)
    cut = np.flatnonzero((np.diff(idx) != 1) | (np.diff(starts[idx]) != stride)) + 1
    bounds = [0, *cut.tolist(), len(idx)]
    first = idx[bounds[:-1]].tolist()
    last = idx[np.array(bounds[1:]) - 1].tolist()
    return [(i, j + 1) for i, j in zip(first, last, strict=True)]


def _true_runs(flags: npt.NDArray[np.bool_]) -> list[tuple[int, int]]:
    edges = np.flatnonzero(np.diff(np.concatenate(([0], flags.view(np.int8), [0]))))
    return list(zip(edges[0::2].tolist(), edges[1::2].tolist(), strict=True))


def _text(rows: npt.NDArray[np.uint8], dots: bool, zeros: bool, blank: int,
          newline: bytes) -> str:
    """The lines of ``rows`` (81 cells each) with ``blank`` for a blank, each ended by
    ``newline``."""
    out = np.empty((len(rows), 81 + len(newline)), dtype=np.uint8)
    out[:, :81] = rows
    out[:, 81:] = np.frombuffer(newline, dtype=np.uint8)
    flat = out.reshape(-1)  # contiguous: the line endings are neither blank
    for source, present in ((_DOT, dots), (_ZERO, zeros)):
        if present and source != blank:
            flat += (flat == source).view(np.uint8) * np.uint8((blank - source) % 256)
    return str(out.data, "ascii")
