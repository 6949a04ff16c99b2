"""HoDoKu library lines (its regression-test library, one test case a line)::

    :<technique>:<candidates>:<cells>:<deleted candidates>:<eliminations>:<placements>:<extra>

``<cells>``: 81 cells, ``.`` or ``0`` blank, a ``+`` before a digit that was placed rather than
given. ``<deleted candidates>``: digit-row-column triples (``421 422`` = r2c1<>4, r2c2<>4),
candidates struck out after the givens; read into ``grid.eliminated``. A grid's candidates are
written HoDoKu's way too: as the triples of the candidates its digits leave open and it does
not hold (a cell marked ``2467`` reads back as ``2467``). The other fields are
kept verbatim in ``grid.meta`` (``technique``, ``candidates``, ``eliminations``,
``placements``, and ``extra`` when the line has that field), with any text before the first
colon as ``prefix``. ``#`` lines and blank lines are comments.
"""

from __future__ import annotations

from puzzlefmt.collection import LineCollection
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Option, Sniff
from puzzlefmt.sudoku._cells import DIGITS, bad_cell, digit_of
from puzzlefmt.sudoku.grid import Grid, struck_out
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "read_hodoku_line", "sniff", "write_hodoku_line"]

FMT = "hodoku-lib"


def read_hodoku_line(line: str) -> Grid:
    """Read one HoDoKu library line (see the module docstring)."""
    body = line.rstrip("\r\n")
    first = body.find(":")
    if first < 0:
        raise PuzzleFormatError.expecting(
            "':' fields (:technique:candidates:cells:...)", "no ':'", format=FMT, column=1,
            text=line)
    prefix = body[:first]
    fields = body[first + 1 :].split(":")
    if len(fields) not in (6, 7):
        raise PuzzleFormatError.expecting(
            "6 or 7 ':'-separated fields", f"{len(fields)}", format=FMT, column=first + 1,
            text=line)
    starts = []
    pos = first + 1
    for f in fields:
        starts.append(pos + 1)
        pos += len(f) + 1
    givens = [0] * 81
    placed = [0] * 81
    cells = fields[2]
    i = 0
    k = 0
    plus = False
    while k < len(cells):
        ch = cells[k]
        col = starts[2] + k
        k += 1
        if ch == "+":
            if plus:
                raise PuzzleFormatError.expecting(
                    "a digit after '+'", "'+'", format=FMT, column=col, text=line)
            plus = True
            continue
        v = digit_of(ch)
        if v < 0 or ch == " ":
            raise bad_cell(FMT, ch, line=None, column=col, text=line)
        if i >= 81:
            raise PuzzleFormatError.expecting(
                "81 cells", "more", format=FMT, column=col, text=line)
        if plus:
            if not v:
                raise PuzzleFormatError.expecting(
                    "a digit after '+'", repr(ch), format=FMT, column=col, text=line)
            placed[i] = v
            plus = False
        else:
            givens[i] = v
        i += 1
    if i != 81 or plus:
        raise PuzzleFormatError.expecting(
            "81 cells", f"{i}", format=FMT, column=starts[2] + len(cells), text=line)
    eliminated: list[int] | None = None
    if fields[3].strip():
        eliminated = [0] * 81
        col = starts[3]
        for tok in fields[3].split(" "):
            if not tok:
                col += 1
                continue
            if len(tok) != 3 or tok.strip(DIGITS):
                raise PuzzleFormatError.expecting(
                    "digit-row-column triples such as 421", repr(tok), format=FMT, column=col,
                    text=line)
            d, r, c = (int(x) for x in tok)
            eliminated[(r - 1) * 9 + c - 1] |= 1 << (d - 1)
            col += len(tok) + 1
    meta = {"technique": fields[0], "candidates": fields[1]}
    meta["eliminations"] = fields[4]
    meta["placements"] = fields[5]
    if len(fields) == 7:
        meta["extra"] = fields[6]
    if prefix:
        meta["prefix"] = prefix
    return Grid._make(givens, placed, None, eliminated, meta)


def write_hodoku_line(grid: Grid, *, blank: str = ".") -> str:
    """One HoDoKu library line for ``grid``: the kept fields, the cells (``blank`` for a blank,
    ``+`` before a placed digit) and the candidates struck out."""
    meta = grid.meta
    cells = "".join(
        f"+{p}" if p else (str(g) if g else blank)
        for g, p in zip(grid.givens, grid.placed, strict=True)
    )
    deleted = []
    for i, m in enumerate(struck_out(grid)):
        for d in range(1, 10):
            if m >> (d - 1) & 1:
                deleted.append(f"{d}{i // 9 + 1}{i % 9 + 1}")
    fields = [
        meta.get("technique", ""),
        meta.get("candidates", ""),
        cells,
        " ".join(deleted),
        meta.get("eliminations", ""),
        meta.get("placements", ""),
    ]
    if "extra" in meta:
        fields.append(meta["extra"])
    prefix = meta.get("prefix", "")
    for text in (prefix, *fields):
        if ":" in text or "\n" in text or "\r" in text:
            raise ValueError(f"hodoku-lib cannot write the field {text!r}: fields hold no ':' "
                             "and no line break")
    return prefix + ":" + ":".join(fields)


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like HoDoKu library lines: at least 80% of its first 20 record
    lines read as such; None otherwise."""
    lines = [ln for ln in split_lines(text) if ln.strip() and not ln.startswith("#")]
    if not lines:
        return None
    good = 0
    for ln in lines[:20]:
        try:
            read_hodoku_line(ln)
        except PuzzleFormatError:
            continue
        good += 1
    if good < max(1, int(0.8 * min(len(lines), 20))):
        return None
    return Sniff(0.95, ":technique:candidates:cells:... HoDoKu library lines")


#: The ``hodoku-lib`` format: HoDoKu library lines (``:technique:candidates:cells:...``).
FORMAT = LineCollection(
    name="hodoku-lib",
    family="sudoku",
    model=Grid,
    description="HoDoKu library lines :technique:candidates:cells:...",
    sniff_text=sniff,
    parse_record=read_hodoku_line,
    write_record=write_hodoku_line,
    newline="\r\n",
    priority=48,
    write_options=(Option("blank", str, ".", "the character for an empty cell (HoDoKu's "
                          "option: . or 0)", choices=(".", "0")),),
    holds=frozenset({"givens", "placed", "candidates", "eliminations", "metadata"}),
)
