"""The Sudoku fast path: blocks of 81-cell lines as arrays, worked by the kernels, written in
one go.

:func:`solve_lines` and :func:`canon_lines` are the block API for Python (and for
:mod:`puzzlefmt.dask`'s partitions): lines in, numpy arrays out, with no per-record object.

The ``block_*`` functions are the family's :class:`~puzzlefmt.columnar.Columnar` fast path for
the batch commands: for each job, the exact text the record-by-record path writes for every
line it takes. It takes the lines that are nothing but
81 cells — digits and one blank, ``.`` or ``0`` — which is what the large collections hold;
any other line (a comment after the cells, another blank, a Sukaku or HoDoKu line, a broken
line) and any record whose text needs the model (no solution: the reason is named) are left
to the record-by-record path, so that both paths write the same bytes. ``canon_spans`` and
``solve_spans`` do the same on whole scanned blocks of bytes (:mod:`puzzlefmt.textscan`;
the lines :func:`puzzlefmt.sudoku.convert_lines.plain_runs` finds), with no string per line.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from puzzlefmt.columnar import JoinedTexts, LineResults, solve_texts
from puzzlefmt.sudoku.canon import minlex_array
from puzzlefmt.sudoku.convert_lines import plain_runs
from puzzlefmt.sudoku.rating import VERDICTS, elapsed, format_pieces, format_rating, rate_array
from puzzlefmt.sudoku.solver import solve_array
from puzzlefmt.textscan import Scan, Span

__all__ = [
    "LineArrays",
    "SolveArrays",
    "block_canon",
    "block_convert",
    "block_engine",
    "block_solve",
    "block_validate",
    "canon_lines",
    "canon_spans",
    "engine_spans",
    "parse_lines",
    "rate_texts",
    "solve_lines",
    "solve_spans",
]

# What each byte of a line is, as a bit (a line's bits OR-ed together say what it holds), and
# the digit each byte gives (0: blank).
_DIGITS, _DOT, _ZERO, _OTHER = 1, 2, 4, 8
_BLANKS = _DOT | _ZERO
_KIND = np.full(256, _OTHER, dtype=np.uint8)
_KIND[ord("1"): ord("9") + 1] = _DIGITS
_KIND[ord(".")] = _DOT
_KIND[ord("0")] = _ZERO
_DIGIT = np.zeros(256, dtype=np.uint8)
_DIGIT[ord("1"): ord("9") + 1] = np.arange(1, 10, dtype=np.uint8)

# The line formats whose records are plain 81-cell lines.
SOURCES = frozenset({"line", "txt", "sdm"})


@dataclass(frozen=True)
class LineArrays:
    """``ok[i]``: line ``i`` is a plain 81-cell line; ``cells``: the digits (0 = blank) of the
    ok lines, in order, shape ``(ok.sum(), 81)``."""

    ok: npt.NDArray[np.bool_]
    cells: npt.NDArray[np.uint8]


@dataclass(frozen=True)
class SolveArrays:
    """:func:`solve_lines`' result: ``counts`` (capped at the limit) and up to two
    ``solutions`` ``(m, 2, 81)`` for the ok lines (see :class:`LineArrays`)."""

    ok: npt.NDArray[np.bool_]
    counts: npt.NDArray[np.int32]
    solutions: npt.NDArray[np.uint8]


def parse_lines(lines: Sequence[str]) -> LineArrays:
    """The plain 81-cell lines of a block as one array (no Python loop per cell)."""
    n = len(lines)
    long = np.fromiter(map(len, lines), dtype=np.int64, count=n) == 81
    if long.all():
        picked = lines
    else:
        picked = [ln for ln, keep in zip(lines, long.tolist(), strict=True) if keep]
    if not picked:
        return LineArrays(np.zeros(n, dtype=bool), np.zeros((0, 81), dtype=np.uint8))
    raw = np.frombuffer("".join(picked).encode("ascii", "replace"), dtype=np.uint8)
    raw = raw.reshape(len(picked), 81)
    kinds = np.bitwise_or.reduce(_KIND[raw], axis=1)
    good = (kinds & _OTHER == 0) & (kinds & _BLANKS != _BLANKS)  # one blank character
    ok = long.copy()
    ok[long] = good
    cells = _DIGIT[raw] if good.all() else _DIGIT[raw[good]]
    return LineArrays(ok, cells)


def solve_lines(lines: Sequence[str], limit: int = 2) -> SolveArrays:
    """Solve the plain 81-cell lines of a block (see :class:`SolveArrays`)."""
    parsed = parse_lines(lines)
    counts, solutions = solve_array(parsed.cells, limit)
    return SolveArrays(parsed.ok, counts, solutions)


def canon_lines(lines: Sequence[str], convention: Literal["string", "pattern"] = "string"
                ) -> tuple[
        npt.NDArray[np.bool_], npt.NDArray[np.uint8]]:
    """The minlex forms of the plain 81-cell lines of a block: ``(ok, forms)``."""
    parsed = parse_lines(lines)
    if not len(parsed.cells):
        return parsed.ok, parsed.cells
    return parsed.ok, minlex_array(parsed.cells, convention)


def _texts(rows: npt.NDArray[np.uint8], blank: str = ".", end: str = "") -> JoinedTexts:
    """One 81-character string per row of digits, each followed by ``end`` (kept joined)."""
    table = np.frombuffer(f"{blank}123456789".encode("ascii"), dtype=np.uint8)
    width = 81 + len(end)
    if end:
        buf = np.empty((len(rows), width), dtype=np.uint8)
        buf[:, :81] = table[rows]
        buf[:, 81:] = np.frombuffer(end.encode("ascii"), dtype=np.uint8)
    else:
        buf = table[rows]
    return JoinedTexts(buf.tobytes().decode("ascii"), width)


def _spread(ok: npt.NDArray[np.bool_], found: Sequence[str | None],
            kinds: Sequence[str | None]) -> LineResults:
    """Results of the ok lines put back at their lines (``None`` elsewhere)."""
    if len(found) == len(ok):  # every line ok
        return found, kinds
    texts: list[str | None] = [None] * len(ok)
    names: list[str | None] = [None] * len(ok)
    for k, i in enumerate(np.flatnonzero(ok).tolist()):
        texts[i] = found[k]
        names[i] = kinds[k]
    return texts, names


def block_solve(lines: Sequence[str], numbers: Sequence[int], limit: int, count_only: bool
                ) -> LineResults:
    """The ``solve`` block function: for each plain 81-cell line, what ``solve`` writes (its
    solution; ``count_only``: the count, up to ``limit``) and its kind, or None for a line
    left to the record-by-record path."""
    got = solve_lines(lines, limit)
    counts = got.counts.tolist()
    if not count_only and counts and min(counts) == max(counts) == 1:
        # The usual block: every line has its one solution, written as one string.
        unique = _texts(got.solutions[:, 0, :], ".", "\n")
        return _spread(got.ok, unique, ["unique"] * len(unique))
    firsts = _texts(got.solutions[:, 0, :])
    seconds = _texts(got.solutions[:, 1, :]) if counts and max(counts) > 1 else []
    found, kinds = solve_texts(counts, firsts, seconds, count_only)  # 0: the object path
    return _spread(got.ok, found, kinds)


def block_validate(lines: Sequence[str], numbers: Sequence[int], limit: int) -> LineResults:
    """The ``validate`` block function: for each plain 81-cell line with a solution, the line
    ``validate`` writes (record number, valid or invalid) and its kind; None for the others."""
    got = solve_lines(lines, limit)
    picked = [n for n, keep in zip(numbers, got.ok.tolist(), strict=True) if keep]
    found: list[str | None] = []
    kinds: list[str | None] = []
    for number, count in zip(picked, got.counts.tolist(), strict=True):
        if count == 0:
            found.append(None)
            kinds.append(None)
        elif count == 1:
            found.append(f"{number}\tvalid, unique solution\n")
            kinds.append("valid")
        else:
            more = "+" if count >= limit else ""
            found.append(f"{number}\tinvalid: {count}{more} solutions\n")
            kinds.append("invalid")
    return _spread(got.ok, found, kinds)


def block_canon(lines: Sequence[str], numbers: Sequence[int], convention: str) -> LineResults:
    """The ``canon`` block function: each plain 81-cell line's canonical form in ``convention``
    (``0`` for a blank), or None for a line left to the record-by-record path."""
    ok, forms = canon_lines(lines, "pattern" if convention == "pattern" else "string")
    texts = _texts(forms, "0", "\n")
    return _spread(ok, texts, [None] * len(texts))


# What each line format writes for a plain line: its blank, and its line ending.
_TARGETS = {"line": (".", "\n"), "txt": (".", "\r\n"), "sdm": ("0", "\r\n")}


def block_convert(lines: Sequence[str], numbers: Sequence[int], target: str,
                  options: Mapping[str, Any]) -> LineResults | None:
    """The ``convert`` block function to the line formats (``line``, ``txt``, ``sdm``): each
    plain 81-cell line as the target writes it; None for the whole block when the target or
    its ``options`` need the record-by-record path."""
    if target not in _TARGETS:
        return None
    blank, newline = _TARGETS[target]
    if target == "line":
        if set(options) - {"blank", "values", "comment"}:
            return None
        blank = str(options.get("blank", blank))
        if len(blank) != 1 or not blank.isascii() or blank.isdigit():
            return None  # the record-by-record writer says what is wrong
    elif options:
        return None
    parsed = parse_lines(lines)
    texts = _texts(parsed.cells, blank, newline)
    return _spread(parsed.ok, texts, [None] * len(texts))


# ------------------------------------------------ the rater


def _rate_format(name: str, options: Mapping[str, Any]) -> str | None:
    """The ``format`` of an engine job the fast path writes (``rate`` without steps or a
    timeout: those take the record-by-record path), or ``None``."""
    if name != "rate" or set(options) - {"format", "steps"} or options.get("steps"):
        return None
    fmt = options.get("format", "%r/%p/%d")
    return fmt if isinstance(fmt, str) else None


def rate_texts(cells: npt.NDArray[np.uint8], fmt: str, puzzles: Sequence[str] | None = None,
               numbers: Sequence[int] | None = None) -> tuple[list[str], list[str]]:
    """What ``puzzlefmt rate`` writes for each row of ``cells`` (``(n, 81)`` digits, 0 for a
    blank) with ``--format fmt`` (newline included), and the verdict each counts as:
    :func:`~puzzlefmt.sudoku.rating.rate_array` once over the rows, each number printed
    once. ``puzzles`` (``%g``) and ``numbers`` (``%n``) are needed when ``fmt`` has them;
    ``%e`` is the rows' time divided among them (as the batch of ``rate_many``)."""
    t0 = time.perf_counter()
    ratings, verdicts = rate_array(cells)
    n = len(verdicts)
    if not n:
        return [], []
    values, where = np.unique(ratings, return_inverse=True)
    shown = [format_rating(v) for v in values.tolist()]
    er, ep, ed = (list(map(shown.__getitem__, col))
                  for col in where.reshape(n, 3).T.tolist())
    kinds = list(map(VERDICTS.__getitem__, verdicts.tolist()))
    if fmt == "%r/%p/%d":
        return [f"{a}/{b}/{c}\n" for a, b, c in zip(er, ep, ed, strict=True)], kinds
    each = elapsed((time.perf_counter() - t0) / n)
    columns: list[Sequence[str]] = []
    for code, piece in format_pieces(fmt):
        if not code:
            columns.append([piece] * n)
        elif piece in ("%r", "%p", "%d"):
            columns.append({"%r": er, "%p": ep, "%d": ed}[piece])
        elif piece == "%e":
            columns.append([each] * n)
        elif piece == "%g":
            columns.append(puzzles if puzzles is not None else [""] * n)
        else:
            columns.append(list(map(str, numbers)) if numbers is not None else ["1"] * n)
    columns.append(["\n"] * n)
    return ["".join(parts) for parts in zip(*columns, strict=True)], kinds


def block_engine(lines: Sequence[str], numbers: Sequence[int], name: str,
                 options: Mapping[str, Any]) -> LineResults | None:
    """The engine commands' block function: for ``rate`` (no steps, no timeout), what it
    writes for each plain 81-cell line and its verdict (None for the other lines, left to
    the record-by-record path); None for another engine or options."""
    fmt = _rate_format(name, options)
    if fmt is None:
        return None
    parsed = parse_lines(lines)
    keep = parsed.ok.tolist()
    puzzles = [ln for ln, ok in zip(lines, keep, strict=True) if ok] if "%g" in fmt else None
    picked = [k for k, ok in zip(numbers, keep, strict=True) if ok] if "%n" in fmt else None
    texts, kinds = rate_texts(parsed.cells, fmt, puzzles, picked)
    return _spread(parsed.ok, texts, kinds)


def engine_spans(name: str, options: Mapping[str, Any], scan: Scan) -> list[Span] | None:
    """:func:`block_engine` on a whole scanned block of bytes: the runs of plain 81-cell
    lines with what ``rate`` writes for them, each run cut where the verdict changes."""
    fmt = _rate_format(name, options)
    if fmt is None:
        return None
    runs = plain_runs(scan)
    if not runs:
        return []
    rows = runs[0][2] if len(runs) == 1 else np.concatenate([r for _, _, r in runs])
    lines = np.concatenate([np.arange(i, j) for i, j, _ in runs])
    puzzles = None
    if "%g" in fmt:
        text = np.ascontiguousarray(rows).tobytes().decode("ascii")
        puzzles = [text[k:k + 81] for k in range(0, len(text), 81)]
    numbers = None
    if "%n" in fmt:
        before = np.searchsorted(scan.comments, lines)
        numbers = (scan.records_before + lines + 1 - before).tolist()
    texts, kinds = rate_texts(_DIGIT[rows], fmt, puzzles, numbers)
    # Cut at each run's end and wherever the verdict changes: one span a stretch.
    at = lines.tolist()
    cuts = {0, len(at)}
    total = 0
    for i, j, _ in runs:
        total += j - i
        cuts.add(total)
    cuts.update(k for k in range(1, len(kinds)) if kinds[k] != kinds[k - 1])
    edges = sorted(cuts)
    return [(at[a], at[b - 1] + 1, "".join(texts[a:b]), kinds[a])
            for a, b in itertools.pairwise(edges)]


# ------------------------------------------------ whole scanned blocks of bytes


def canon_spans(convention: str, scan: Scan) -> list[Span]:
    """The runs of plain 81-cell lines of a scanned block, each with its lines' canonical
    forms (``0`` for a blank, one a line): what ``canon`` writes for them, the kernel run
    once over the block."""
    runs = plain_runs(scan)
    if not runs:
        return []
    forms = minlex_array(_run_cells(runs), "pattern" if convention == "pattern" else "string")
    return _run_spans(runs, _texts(forms, "0", "\n"))


def solve_spans(limit: int, scan: Scan) -> list[Span]:
    """The plain 81-cell lines of a scanned block that have solutions, with what ``solve``
    writes for each (its solution, or ``multiple`` and two of them) and its kind: the
    solver run once over the block. A line without a solution is left to the
    record-by-record path, which says why."""
    runs = plain_runs(scan)
    if not runs:
        return []
    counts, sols = solve_array(_run_cells(runs), limit)
    if len(counts) and counts.min() == counts.max() == 1:
        # The usual block: every line has its one solution, written in one go.
        return _run_spans(runs, _texts(sols[:, 0, :], ".", "\n"), "unique")
    listed = counts.tolist()
    firsts = _texts(sols[:, 0, :])
    seconds = _texts(sols[:, 1, :]) if max(listed) > 1 else []
    found, kinds = solve_texts(listed, firsts, seconds, False)
    lines = [k for i, j, _ in runs for k in range(i, j)]
    return [(k, k + 1, text, str(kind)) for k, text, kind in zip(lines, found, kinds,
                                                                   strict=True)
            if text is not None]


def _run_cells(runs: list[tuple[int, int, npt.NDArray[np.uint8]]]) -> npt.NDArray[np.uint8]:
    """The digits of the runs' lines, one row a line (a blank: 0)."""
    rows = runs[0][2] if len(runs) == 1 else np.concatenate([r for _, _, r in runs])
    cells: npt.NDArray[np.uint8] = _DIGIT[rows]
    return cells


def _run_spans(runs: list[tuple[int, int, npt.NDArray[np.uint8]]], texts: JoinedTexts,
               kind: str | None = None) -> list[Span]:
    """Each run with its lines' texts (``texts`` holds one a line, the runs' lines in turn),
    and with ``kind``, the kind its records count as."""
    spans: list[Span] = []
    w = texts.width
    at = 0
    for i, j, _ in runs:
        text = texts.text[at * w:(at + j - i) * w]
        spans.append((i, j, text) if kind is None else (i, j, text, kind))
        at += j - i
    return spans
