"""Simple Sudoku ``.ss``: the current format, its spaced variant, the old format, the clipboard
print, and what HoDoKu adds (``I``/``E`` records, the three-grid export).

Current::

    *-----------*
    |.3.|4..|...|
    ...
    |---+---+---|
    ...
    *-----------*

Spaced (``ss-spaced``): ``| . 3 . | 4 . . | . . . |`` inside ``*-----------------------*``.
Old (``ss-old``): ``...|...|...`` rows and ``-----------`` lines, no frame.
Print (``ss-print``): the current grid, each line after one space, then the banner
``Simple Sudoku`` / ``Version 4.2n`` (the banner's digits are not cells).

After the grid, HoDoKu writes a blank line and records ``Innd`` (cell ``nn``, 0-80, set to ``d``:
a placed digit) and ``Enndd..`` (cell ``nn``, candidate ``ddd`` struck out; HoDoKu writes one
candidate a record and reads only the first three digits, so a record of several, ``E24008009``,
is read here but never written). HoDoKu's Simple Sudoku export instead appends a second grid
(givens and placed digits) and a candidate grid. All of these are read; a candidate grid alone
is read as :mod:`puzzlefmt.sudoku.formats.pmgrid` reads it (a one-candidate cell is placed unless a
peer still has its digit), after a puzzle grid as it stands (the grids before it say what is
placed). Writing uses records for placed digits and struck-out candidates, one ``E`` record a
candidate as HoDoKu writes them; a grid's candidates are written HoDoKu's way too, as the
records of the candidates its digits leave open and it does not hold (HoDoKu ignores a
candidate grid after the records).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.sudoku._cells import NEWLINES, is_border
from puzzlefmt.sudoku._textgrid import BANNER, SsStyle, ss_grid_lines
from puzzlefmt.sudoku.formats._gridpicture import blocks, read_grid_block
from puzzlefmt.sudoku.formats._pencilmarks import settled
from puzzlefmt.sudoku.grid import Grid, cell_name, struck_out
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "FORMATS", "OLD", "PRINT", "SPACED", "read_ss", "sniff_ss", "write_ss"]

_RECORD = re.compile(r"^\s*([IE])([0-9]{2})([0-9]+)\s*$")
_LIKE_RECORD = re.compile(r"^\s*[IE][^\s|]*\s*$")  # what a record line looks like, right or wrong


class _Cells:
    """What a Simple Sudoku text has said so far about each cell."""

    def __init__(self) -> None:
        self.givens = [0] * 81
        self.placed = [0] * 81
        self.candidates: list[int] | None = None
        self.eliminated: list[int] | None = None


def read_ss(text: str, fmt: str = "ss") -> Grid:
    """Read any Simple Sudoku grid text (all variants) with HoDoKu's additions."""
    numbered = list(enumerate(split_lines(text), 1))
    parts = blocks(numbered)
    if not parts:
        raise PuzzleFormatError.expecting("a Sudoku grid", "empty text", format=fmt)
    cells, is_cands, nxt = read_grid_block(parts[0], fmt)
    seen = _Cells()
    if is_cands:
        seen.candidates = cells
        seen.placed = settled(cells)
    else:
        seen.givens = cells
    rest = [parts[0][nxt:], *parts[1:]]
    for block in rest:
        if not block:
            continue
        if all(_LIKE_RECORD.match(ln) for _, ln in block):
            _apply_records(seen, block, fmt)
            continue
        if all(_is_banner(ln) for _, ln in block):
            continue
        cells, is_cands, nxt = read_grid_block(block, fmt)
        if is_cands:
            seen.candidates = cells
        else:
            _apply_values(seen, cells, block[0][0], fmt)
        leftover = [x for x in block[nxt:] if not _is_banner(x[1])]
        if leftover:
            n, ln = leftover[0]
            raise PuzzleFormatError.expecting(
                "a blank line, records or another grid", "more text", format=fmt, line=n,
                text=ln.strip())
    return Grid._make(seen.givens, seen.placed, seen.candidates, seen.eliminated)


def _is_banner(line: str) -> bool:
    return line.strip() in BANNER or line.strip().startswith(("Simple Sudoku", "Version"))


def _apply_values(seen: _Cells, values: list[int], line: int, fmt: str) -> None:
    for i, v in enumerate(values):
        g = seen.givens[i]
        if g and v != g:
            raise PuzzleFormatError(
                f"the values grid has {v or 'a blank'} where the puzzle has the given {g} "
                f"({cell_name(i)})",
                format=fmt, line=line, expected=f"{g}", found=f"{v}")
        if not g and v:
            seen.placed[i] = v


def _apply_records(seen: _Cells, block: list[tuple[int, str]], fmt: str) -> None:
    for n, ln in block:
        m = _RECORD.match(ln)
        col = len(ln) - len(ln.lstrip()) + 1
        if m is None:
            kind = ln.strip()[0]
            what = ("I, a cell number 00-80 and a digit 1-9 (I388)" if kind == "I" else
                    "E, a cell number 00-80 and a candidate as three digits (E78007)")
            raise PuzzleFormatError.expecting(what, repr(ln.strip()), format=fmt, line=n,
                                              column=col, text=ln)
        kind, cell_s, rest = m.groups()
        cell = int(cell_s)
        if cell > 80:
            raise PuzzleFormatError.expecting(
                "a cell number 00-80", cell_s, format=fmt, line=n, column=col + 1, text=ln)
        if kind == "I":
            if len(rest) != 1 or rest == "0":
                raise PuzzleFormatError.expecting(
                    "one digit 1-9 after the cell number", repr(rest), format=fmt, line=n,
                    column=col + 3, text=ln)
            if seen.givens[cell]:
                raise PuzzleFormatError(
                    f"a placement in {cell_name(cell)}, which holds a given",
                    format=fmt, line=n, column=col, text=ln)
            seen.placed[cell] = int(rest)
        else:
            if len(rest) % 3 or not rest:
                raise PuzzleFormatError.expecting(
                    "candidates as three digits each (007 for 7)", repr(rest), format=fmt,
                    line=n, column=col + 3, text=ln)
            if seen.eliminated is None:
                seen.eliminated = [0] * 81
            for k in range(0, len(rest), 3):
                d = int(rest[k : k + 3])
                if not 1 <= d <= 9:
                    raise PuzzleFormatError.expecting(
                        "a candidate 001-009", rest[k : k + 3], format=fmt, line=n,
                        column=col + 3 + k, text=ln)
                seen.eliminated[cell] |= 1 << (d - 1)


def write_ss(
    grid: Grid,
    *,
    style: SsStyle = "current",
    newline: str = "crlf",
    indent: int = 0,
    values: bool = False,
    records: bool = True,
    footer: bool = False,
) -> str:
    """Write Simple Sudoku text.

    ``style``: ``"current"`` (default), ``"spaced"`` or ``"old"``. ``indent``: spaces before
    every line of the grid (HoDoKu's print writes one). ``values=True`` draws placed digits
    in the grid (a picture; the placed digits are then indistinguishable from givens).
    ``records``: write placed digits and struck-out candidates as ``I``/``E`` records (a
    grid's candidates as the candidates struck out of those its digits leave open, see the
    module docstring). ``footer``: the Simple Sudoku print banner (the
    ``ss-print`` format). ``newline``: ``"crlf"`` or ``"lf"``.
    """
    cells = grid.values if values else grid.givens
    out = [" " * indent + ln for ln in ss_grid_lines(cells, style)]
    if footer:
        out += [" " + BANNER[0], "  " + BANNER[1]]
    if records and not values:
        recs = [f"I{i:02d}{d}" for i, d in enumerate(grid.placed) if d]
        for i, m in enumerate(struck_out(grid)):
            recs.extend(f"E{i:02d}{d:03d}" for d in range(1, 10) if m >> (d - 1) & 1)
        if recs:
            out += ["", *recs]
    nl = NEWLINES[newline]
    return nl.join(out) + nl


def sniff_ss(text: str) -> tuple[SsStyle, bool] | None:
    """``(style, is_print)`` when ``text`` looks like Simple Sudoku, else ``None``."""
    lines = [ln.strip() for ln in split_lines(text)]
    lines = [ln for ln in lines if ln]
    if len(lines) < 11:
        return None
    first = lines[0]
    if first.startswith("*-") and first.endswith("-*") and len(first) in (13, 25):
        row = next((ln for ln in lines[1:4] if not is_border(ln)), "")
        if not row.startswith("|"):
            return None
        body = row.strip("|").replace("|", "")
        if len(body) == 9:
            style: SsStyle = "current"
        elif " " in body and len(body.split()) == 9 and all(len(t) == 1 for t in body.split()):
            style = "spaced"
        else:
            return None  # a candidate grid
        banner = any(_is_banner(ln) for ln in lines[12:15])
        return style, banner
    if (
        len(first) == 11
        and first[3] == "|"
        and first[7] == "|"
        and any(ln == "-" * 11 for ln in lines[3:5])
    ):
        return "old", False
    return None


_WHAT = {"current": "*---* frame, |...| rows", "spaced": "*---* frame, | . 3 . | rows",
         "old": "...|...|... rows and ----------- rules"}


def _sniff(text: str, *, style: SsStyle, printed: bool) -> Sniff | None:
    found = sniff_ss(text)
    if found is None or found != (style, printed):
        return None
    if printed:
        return Sniff(0.97, f"Simple Sudoku print: {_WHAT[style]} and its banner")
    return Sniff(0.95, f"Simple Sudoku: {_WHAT[style]}")


def _newline(default: str) -> Option:
    return Option("newline", str, default, "line ending: crlf or lf", choices=tuple(NEWLINES))


def _indent(default: int) -> Option:
    return Option("indent", int, default, "spaces before every line of the grid",
                  minimum=0, maximum=8)


_VALUES = Option("values", bool, False,
                 "draw placed digits in the grid (they read back as givens)")
_RECORDS = Option("records", bool, True,
                  "write placed digits and struck-out candidates (candidates as those struck "
                  "out) as I/E records after the puzzle")
_HOLDS = frozenset({"givens", "placed", "eliminations", "candidates"})


def _variant(name: str, style: SsStyle, description: str, priority: int, **kw: Any) -> Format:
    return Format(
        name=name,
        family="sudoku",
        model=Grid,
        description=description,
        sniff_text=functools.partial(_sniff, style=style, printed=False),
        read=functools.partial(read_ss, fmt=name),
        write=functools.partial(write_ss, style=style),
        priority=priority,
        write_options=(_newline("crlf"), _indent(0), _VALUES, _RECORDS),
        holds=_HOLDS,
        **kw,
    )


#: The ``ss`` format: Simple Sudoku (``*---*`` frame), with HoDoKu's I/E records.
FORMAT = _variant("ss", "current", "Simple Sudoku (*---* frame), HoDoKu I/E records", 30,
                  extensions=("ss",))
#: The ``ss-spaced`` format: Simple Sudoku with extra spaces (``| . 3 . |``).
SPACED = _variant("ss-spaced", "spaced", "Simple Sudoku with extra spaces (| . 3 . |)", 31)
#: The ``ss-old`` format: old Simple Sudoku (``...|...|...`` rows, ``-----------`` rules).
OLD = _variant("ss-old", "old", "old Simple Sudoku (...|...|... rows, ----------- rules)", 32)
#: The ``ss-print`` format: Simple Sudoku's clipboard print of a puzzle, with its banner.
PRINT = Format(
    name="ss-print",
    family="sudoku",
    model=Grid,
    description="Simple Sudoku clipboard print of a puzzle (with its banner)",
    sniff_text=functools.partial(_sniff, style="current", printed=True),
    read=functools.partial(read_ss, fmt="ss-print"),
    write=functools.partial(write_ss, style="current", footer=True, records=False),
    priority=33,
    write_options=(_newline("crlf"), _indent(1), _VALUES),
    holds=frozenset({"givens"}),
)

#: The four Simple Sudoku formats (one reader, four writers).
FORMATS = (FORMAT, SPACED, OLD, PRINT)
