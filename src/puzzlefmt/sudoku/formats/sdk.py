"""SadMan Software / SudoCue ``.sdk``: one puzzle a file.

Version 1 (SadMan): an optional ``[Puzzle]`` line, nine rows of cells (``.`` blank), then
optional sections such as ``[State]`` or ``[PencilMarks]`` holding the player's progress.
Version 2 (SudoCue): header lines of ``#`` plus one letter plus a value before the rows::

    #ARuud                         A author        B date published   N number of solutions
    #DA random puzzle...           D description   S source           H number of clues
    #CJust start plugging...       C comment       L level
    #B03-08-2006                   U source URL
    2..1.5..3
    ...

Reading keeps everything: header values go to ``grid.meta`` under their letter (unknown
letters too; a letter given twice keeps both, joined by a newline), ``[Puzzle]`` and every
further section go to ``grid.sections`` verbatim, in order. Writing puts them back.
``counts=True`` writes ``#N`` (solutions found, up to ``limit``) and ``#H`` (clues), solving
the puzzle to know ``#N``.
"""

from __future__ import annotations

import re

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._cells import NEWLINES
from puzzlefmt.sudoku._textgrid import value_rows
from puzzlefmt.sudoku.formats._gridpicture import read_value_rows
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "read_sdk", "sniff", "write_sdk"]

_HEADER = re.compile(r"^#([A-Za-z])(.*)$")
_SECTION = re.compile(r"^\[([^\]]*)\]\s*$")
ODD_HEADERS = "#"  # section key for '#' lines that are not '#' + letter


def read_sdk(text: str) -> Grid:
    """Read a ``.sdk`` file, version 1 or 2: headers into ``grid.meta``, sections into
    ``grid.sections`` (see the module docstring)."""
    lines = list(enumerate(split_lines(text), 1))
    headers: dict[str, list[str]] = {}  # joined once at the end: linear in the header lines
    sections: dict[str, list[str]] = {}
    i = 0
    while i < len(lines):
        n, ln = lines[i]
        if not ln.strip():
            i += 1
            continue
        m = _HEADER.match(ln)
        if m:
            headers.setdefault(m.group(1), []).append(m.group(2))
            i += 1
            continue
        if ln.startswith("#"):
            sections.setdefault(ODD_HEADERS, []).append(ln)
            i += 1
            continue
        break
    meta = {key: "\n".join(values) for key, values in headers.items()}
    first = _SECTION.match(lines[i][1].strip()) if i < len(lines) else None
    if first:
        name = first.group(1)
        if name.lower() != "puzzle":
            n, ln = lines[i]
            raise PuzzleFormatError.expecting(
                "nine rows of cells or [Puzzle]", f"the section [{name}]", format="sdk", line=n,
                text=ln)
        sections["Puzzle"] = []
        i += 1
    rows: list[tuple[int, str]] = []
    while i < len(lines) and len(rows) < 9:
        n, ln = lines[i]
        i += 1
        if not ln.strip():
            continue
        if _SECTION.match(ln.strip()) or ln.startswith("#"):
            raise PuzzleFormatError.expecting(
                "9 rows of cells", f"{len(rows)} rows, then {ln.strip()!r}", format="sdk",
                line=n, text=ln)
        rows.append((n, ln.strip()))
    if len(rows) < 9:
        raise PuzzleFormatError.expecting(
            "9 rows of cells", f"{len(rows)}", format="sdk",
            line=lines[-1][0] if lines else None)
    givens = read_value_rows(rows, "sdk")
    current: str | None = None
    for n, ln in lines[i:]:
        m = _SECTION.match(ln.strip())
        if m:
            current = m.group(1)
            if current in sections:
                raise PuzzleFormatError(
                    f"the section [{current}] appears twice", format="sdk", line=n, text=ln)
            sections[current] = []
            continue
        if current is None:
            if not ln.strip():
                continue
            raise PuzzleFormatError.expecting(
                "a [Section] line or the end of the file after the 9 rows", "more text",
                format="sdk", line=n, text=ln)
        sections[current].append(ln)
    for body in sections.values():
        while body and not body[-1].strip():
            body.pop()
    return Grid._make(givens, None, None, None, meta, sections)


def write_sdk(
    grid: Grid,
    *,
    newline: str = "crlf",
    counts: bool = False,
    limit: int = 2,
) -> str:
    """Write ``.sdk`` text; ``counts=True`` fills ``#N`` (the givens' solutions, counted up to
    ``limit``) and ``#H`` (clues)."""
    meta = {k: v for k, v in grid.meta.items() if len(k) == 1 and k.isalpha()}
    if "comment" in grid.meta and "C" not in meta:
        meta["C"] = grid.meta["comment"]
    if counts:
        # The puzzle the file holds: its givens (placed digits and candidates are not kept).
        meta["N"] = str(Grid._make(grid.givens).solve(limit).count)
        meta["H"] = str(grid.clue_count)
    out: list[str] = list(grid.sections.get(ODD_HEADERS, []))
    for key, value in meta.items():
        out.extend(f"#{key}{part}" for part in value.split("\n"))
    if "Puzzle" in grid.sections:
        out.append("[Puzzle]")
    out.extend(value_rows(grid.givens, blank=".", cell_sep="", box_sep=""))
    for name, body in grid.sections.items():
        if name in ("Puzzle", ODD_HEADERS):
            continue
        out.append(f"[{name}]")
        out.extend(body)
    nl = NEWLINES[newline]
    return nl.join(out) + nl


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like a ``.sdk`` file: nine rows of nine cells, which score
    higher after ``#`` headers or with ``[Puzzle]`` or sections around them; None otherwise."""
    lines = [ln.strip() for ln in split_lines(text) if ln.strip()]
    headers = 0
    while headers < len(lines) and _HEADER.match(lines[headers]):
        headers += 1
    rest = lines[headers:]
    puzzle = bool(rest) and rest[0].lower() == "[puzzle]"
    if puzzle:
        rest = rest[1:]
    if len(rest) < 9:
        return None
    rows = rest[:9]
    if not all(len(r) == 9 and all(c in "123456789.0" for c in r) for r in rows):
        return None
    tail = rest[9:]
    if tail and not _SECTION.match(tail[0]):
        return None
    if headers:
        return Sniff(0.95, f"{headers} SudoCue #-header lines, then 9 rows")
    if puzzle or tail:
        return Sniff(0.95, "[Puzzle] or [sections] around 9 rows (SadMan)")
    return Sniff(0.65, "9 rows of 9 cells (SadMan .sdk v1)")


#: The ``sdk`` format: SadMan/SudoCue ``.sdk`` (``#`` headers, ``[Puzzle]``, nine rows, sections).
FORMAT = Format(
    name="sdk",
    family="sudoku",
    model=Grid,
    extensions=("sdk",),
    description="SadMan/SudoCue .sdk: #-headers, [Puzzle], 9 rows, sections",
    sniff_text=sniff,
    read=read_sdk,
    write=write_sdk,
    priority=41,
    write_options=(
        Option("counts", bool, False, "fill #N (solutions found) and #H (clues)"),
        Option("limit", int, 2, "with counts: count solutions up to this many", minimum=1),
        Option("newline", str, "crlf", "line ending: crlf or lf", choices=tuple(NEWLINES)),
    ),
    holds=frozenset({"givens", "comments", "metadata", "sections"}),
)
