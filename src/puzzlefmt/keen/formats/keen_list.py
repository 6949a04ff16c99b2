"""The ``keen-list`` format: one game ID line per puzzle (as :mod:`puzzlefmt.keen.formats.keen_id`
reads and writes a line, solution included), ``#`` comments and blank lines kept.

::

    # three puzzles
    3:a_a3_a_,a3m6m3s1 S213321132
    6:_a_a__a_4a_a_3a__a_ba4_a__a3__a_aa_,d3s1m60a7a6a6m36s1m6m6d3s3s4a12d2s1
    5de#846699649745236
"""

from __future__ import annotations

from puzzlefmt.collection import LineCollection
from puzzlefmt.format import Option, Sniff
from puzzlefmt.keen.formats.keen_id import (
    ON_MISREAD,
    SNIFF_LINES,
    head_lines,
    is_id_line,
    parse_line,
)
from puzzlefmt.keen.formats.keen_id import write_line as write_record
from puzzlefmt.keen.model import Puzzle

__all__ = ["FORMAT", "parse_record", "sniff_list", "write_record"]


def parse_record(line: str) -> Puzzle:
    """One record line (a module-level function: batch workers receive it pickled)."""
    return parse_line(line, "keen-list")


def sniff_list(text: str) -> Sniff | None:
    """A text of game ID lines, with ``#`` comments (comments before the IDs are skipped)."""
    ids = other = comments = 0
    for line in head_lines(text):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            comments += 1
        elif is_id_line(line):
            ids += 1
        else:
            other += 1
    if not ids:
        return None
    if not other:
        if ids == 1 and not comments:
            return Sniff(0.6, "one Keen game ID line")
        return Sniff(0.9, f"{ids} Keen game ID lines in the first {SNIFF_LINES}")
    if ids >= 4 * other:
        return Sniff(0.5, f"{ids} Keen game ID lines and {other} other lines")
    return None


#: The ``keen-list`` format: one game ID line a puzzle, with ``#`` comments and blank lines.
FORMAT = LineCollection(
    name="keen-list",
    family="keen",
    model=Puzzle,
    extensions=("keens",),
    description="Keen game IDs, one per line (optional S<solution>), # comments",
    sniff_text=sniff_list,
    parse_record=parse_record,
    write_record=write_record,
    priority=20,
    write_options=(
        Option("solution", bool, True, "write each attached solution after its ID"),
        ON_MISREAD,
    ),
    holds=frozenset({"givens", "metadata", "seed", "solution", "comments"}),
)
