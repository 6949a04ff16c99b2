"""Candidate grids as HoDoKu and Sudoku Explainer read and write them.

- A cell's group: its candidate digits (``1567``), ``.`` or ``0`` for a cell with no candidate
  left, and in HoDoKu's "PM grid with step" the step's marks: one character before the digits
  (``*`` a cell of the step, ``#`` a fin, ``@`` an endo fin, ``A``, ``B``... the cells of an
  almost locked set) and ``-`` before each candidate the step deletes (``*1-79``).
- The reading of a one-candidate cell: a placed digit, unless a peer still has that digit as a
  candidate (then it is a naked single not yet placed, and stays a candidate). This is HoDoKu's
  rule (``Sudoku2.setSudoku``) and Sudoku Explainer's (``Grid.adjustPencilmarks``).
- The marks as text, for ``grid.meta["marks"]``: one item a marked cell, ``r5c2*``,
  ``r4c4*-17`` (marked ``*``, candidates 1 and 7 deleted), ``r8c3-6``.
- HoDoKu's cell texts for a grid with marks (``Sudoku2.getSudoku(PM_GRID_WITH_STEP)``).

Knows no :class:`~puzzlefmt.sudoku.grid.Grid`: masks and values are plain lists.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from puzzlefmt.sudoku._cells import DIGITS
from puzzlefmt.sudoku.grid import PEERS

__all__ = [
    "MARKS",
    "Group",
    "hodoku_cells",
    "is_group",
    "marks_of",
    "marks_text",
    "parse_group",
    "settled",
]

#: The characters HoDoKu puts before a cell's candidates to mark it in a step.
MARKS = frozenset("*#@ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_EMPTY = frozenset({".", "0"})
_ITEM = re.compile(r"r([1-9])c([1-9])([*#@A-Z]?)(?:-([1-9]+))?")


@dataclass(frozen=True, slots=True)
class Group:
    """One cell of a candidate grid: its candidates, its mark (``""`` for none) and the
    candidates marked for deletion (``struck``, a mask within ``mask``)."""

    mask: int
    mark: str = ""
    struck: int = 0

    @property
    def single(self) -> int:
        """The digit of a one-candidate group, else 0."""
        m = self.mask
        return m.bit_length() if m and not m & (m - 1) else 0


def parse_group(tok: str) -> Group | str:
    """The group a token writes, or what is wrong with it (a message)."""
    mark = ""
    body = tok
    if body[:1] in MARKS and len(body) > 1:
        mark, body = body[0], body[1:]
    if body in _EMPTY:
        return Group(0, mark)
    mask = struck = 0
    dash = False
    for ch in body:
        if ch == "-" and not dash:
            dash = True
            continue
        if ch not in DIGITS:
            return f"candidate digits 1-9, found {ch!r}"
        bit = 1 << (ord(ch) - 49)
        if mask & bit:
            return f"each candidate once in a group, found {ch} twice in {tok!r}"
        mask |= bit
        if dash:
            struck |= bit
            dash = False
    if dash or not mask:
        return f"a group of candidate digits, found {tok!r}"
    return Group(mask, mark, struck)


def is_group(tok: str) -> bool:
    """Whether ``tok`` is a candidate group (marks allowed, ``.`` for an empty cell)."""
    return isinstance(parse_group(tok), Group)


def settled(masks: Sequence[int]) -> list[int]:
    """The placed digits of a candidate grid: a one-candidate cell whose digit no peer has as
    a candidate (0 elsewhere)."""
    placed = [0] * 81
    for i, m in enumerate(masks):
        if m and not m & (m - 1) and not any(masks[j] & m for j in PEERS[i]):
            placed[i] = m.bit_length()
    return placed


def marks_text(groups: Sequence[Group]) -> str:
    """The marks of 81 groups as ``grid.meta["marks"]`` text (``""`` when there are none)."""
    items = []
    for i, g in enumerate(groups):
        if g.mark or g.struck:
            struck = "".join(d for d in DIGITS if g.struck >> (ord(d) - 49) & 1)
            items.append(f"r{i // 9 + 1}c{i % 9 + 1}{g.mark}" + (f"-{struck}" if struck else ""))
    return " ".join(items)


def marks_of(text: str) -> dict[int, tuple[str, str]]:
    """``grid.meta["marks"]`` read back: cell -> (mark, deleted digits). ``ValueError`` names
    an item that is not ``r<row>c<column>``, a mark and ``-`` digits."""
    out: dict[int, tuple[str, str]] = {}
    for item in text.split():
        m = _ITEM.fullmatch(item)
        if m is None or not (m.group(3) or m.group(4)):
            raise ValueError(f"cannot write the mark {item!r}: marks are r<row>c<column>, then "
                             "one of * # @ A-Z and/or - and the deleted digits (r4c4*-17)")
        cell = (int(m.group(1)) - 1) * 9 + int(m.group(2)) - 1
        if cell in out:
            raise ValueError(f"cannot write the marks: r{m.group(1)}c{m.group(2)} twice")
        out[cell] = (m.group(3), m.group(4) or "")
    return out


def hodoku_cells(texts: Sequence[str], marks: dict[int, tuple[str, str]]) -> list[str]:
    """HoDoKu's cell texts of a PM grid with a step: the mark before a cell's text, ``-``
    before each deleted candidate, and one space before every text that starts with a digit
    in a column where a cell got a character in front."""
    cells = list(texts)
    front = [False] * 81
    for i, (mark, struck) in marks.items():
        text = cells[i]
        if mark:
            text = mark + text
            front[i] = True
        for d in struck:
            k = text.find(d)
            if k >= 0 and (k == 0 or text[k - 1] != "-"):
                text = text[:k] + "-" + text[k:]
                front[i] = front[i] or k == 0
        cells[i] = text
    for col in range(9):
        if any(front[r * 9 + col] for r in range(9)):
            for r in range(9):
                i = r * 9 + col
                if cells[i][:1].isdigit():
                    cells[i] = " " + cells[i]
    return cells
