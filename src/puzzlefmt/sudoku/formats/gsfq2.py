"""gsf's q2 taxonomy lines: comma-separated fields, the puzzle fifth::

    99480,99408,114,1895,1.......2.9.4...5...6...7...5.9.3.....(81 cells),Easter-Monster,20.00s,...

HoDoKu and Sudoku Explainer read such a line (HoDoKu: a line with six commas or more, the
puzzle in the fifth field). A collection: one puzzle a line, ``#`` comments and blank lines
kept. The puzzle field is read as an 81-character line (any blank convention, a comment after
it kept); every other field is kept verbatim in ``grid.meta`` as ``column1`` to ``column4``
and ``column6`` on (the names forum CSV gives unnamed columns), written back in order. A row
of fewer than seven fields is written with empty ones added (a reader needs six commas).
"""

from __future__ import annotations

from puzzlefmt.collection import LineCollection
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Option, Sniff
from puzzlefmt.sudoku.formats.line import read_line
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

__all__ = ["FORMAT", "parse_record", "sniff", "write_record"]

FMT = "gsf-q2"
_FIELDS = 7  # the fewest fields a q2 line has: HoDoKu reads a line with six commas or more


def parse_record(line: str) -> Grid:
    """One q2 line (errors at line 1: the collection places them)."""
    fields = line.split(",")
    if len(fields) < _FIELDS:
        raise PuzzleFormatError.expecting(
            f"at least {_FIELDS} comma-separated fields, the puzzle fifth", f"{len(fields)}",
            format=FMT, line=1, text=line)
    start = sum(len(f) + 1 for f in fields[:4])
    try:
        grid = read_line(fields[4], FMT, 1)
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(exc.message, format=FMT, line=1,
                                column=None if exc.column is None else start + exc.column,
                                text=line, expected=exc.expected, found=exc.found) from None
    meta = {f"column{k + 1}": value for k, value in enumerate(fields) if k != 4}
    meta.update(grid.meta)  # a comment after the 81 cells
    return grid.replace(meta=meta)


def write_record(grid: Grid, *, blank: str = "0") -> str:
    """One line: ``column1``-``column4``, the puzzle (``0`` blanks, as gsf writes them; and
    its comment), then the other metadata values in order; a value with a comma or a line
    break raises ``ValueError``."""
    meta = {k: v for k, v in grid.meta.items() if k != "comment"}
    first = [meta.pop(f"column{k}", "") for k in range(1, 5)]
    fields = [*first, grid.givens_line(blank), *meta.values()]
    fields += [""] * (_FIELDS - len(fields))
    for value in fields:
        if "," in value or "\n" in value or "\r" in value:
            raise ValueError(f"{FMT} cannot write {value!r}: fields hold no comma and no line "
                             "break")
    line = ",".join(fields)
    if line.lstrip().startswith("#"):
        raise ValueError(f"{FMT} cannot write the first field {fields[0]!r}: a line starting "
                         "with '#' is a comment")
    return line


def sniff(text: str) -> Sniff | None:
    """How well ``text`` looks like gsf's q2 lines: the first 20 record lines all read as such;
    None otherwise."""
    lines = [ln for ln in split_lines(text) if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        return None
    for ln in lines[:20]:
        try:
            parse_record(ln)
        except PuzzleFormatError:
            return None
    return Sniff(0.94, "gsf q2 lines: comma-separated fields, the puzzle fifth")


#: The ``gsf-q2`` format: gsf's q2 taxonomy lines (comma-separated fields, the puzzle fifth).
FORMAT = LineCollection(
    name=FMT,
    family="sudoku",
    model=Grid,
    description="gsf's q2 taxonomy lines (comma-separated, the puzzle fifth)",
    sniff_text=sniff,
    parse_record=parse_record,
    write_record=write_record,
    newline="\n",
    priority=50,
    write_options=(Option("blank", str, "0", "the character for an empty cell",
                          choices=(".", "0")),),
    holds=frozenset({"givens", "comments", "metadata"}),
)
