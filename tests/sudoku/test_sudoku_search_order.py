"""Which solutions the solver reports first, against a plain reference search.

With two or more solutions, the first two found depend on the search order. The kernel
(``puzzlefmt.sudoku._kernels.solve``) states its order: the rules below taken to their fixed
point, then a guess of the lowest digit of the two-candidate cell with the most unsolved cells
in its row, column and box (the first such cell in reading order; with no two-candidate cell,
the first unsolved cell), the digit first and "not that digit" after. The reference here is
written from that statement alone, over a list of 81 candidate sets, one rule at a time,
sharing no code or table with the kernel; the two must report the same count and the same
first and second solutions.

Rules, each of which only takes candidates away (so the fixed point does not depend on the
order they run in); a contradiction is a cell with no candidate, or a unit without a digit:

1. In a band, the (row, box) pairs a digit may use are those on some way of putting it once
   in each row and once in each box of the band.
2. When a box holds a digit in one column only, the other bands lose it in that column.
3. A row with one cell for a digit: that cell holds the digit.
4. A cell with one digit: its row loses that digit elsewhere.
5. When a column holds a digit in one band only, the rest of that box loses it.
"""

from __future__ import annotations

import random
from itertools import permutations

import numpy as np
import pytest

from puzzlefmt.sudoku.solver import solve_array

from helpers import shared_path

ALL = 0x1FF
PERMUTATIONS = list(permutations(range(3)))
ROW = [[9 * r + c for c in range(9)] for r in range(9)]
COL = [[9 * r + c for r in range(9)] for c in range(9)]
BOX = [[9 * (3 * (x // 3) + i) + 3 * (x % 3) + j for i in range(3) for j in range(3)]
       for x in range(9)]
PEERS_AND_SELF = [
    sorted(set(ROW[i // 9]) | set(COL[i % 9]) | set(BOX[3 * (i // 27) + (i % 9) // 3]))
    for i in range(81)
]


class ContradictionError(Exception):
    """A cell with no candidate or a unit without a digit."""


class Reference:
    """The stated search over ``cand`` (81 sets of digits, bit ``d`` for digit ``d + 1``)."""

    def __init__(self, cand: list[int]) -> None:
        self.cand = cand
        self.changed = False

    def remove(self, i: int, bits: int) -> None:
        if self.cand[i] & bits:
            self.cand[i] &= ~bits
            self.changed = True
            if self.cand[i] == 0:
                raise ContradictionError

    def has(self, i: int, d: int) -> bool:
        return bool(self.cand[i] >> d & 1)

    def band_permutations(self, band: int, d: int) -> None:
        rows = range(3 * band, 3 * band + 3)
        present = [[any(self.has(9 * r + c, d) for c in range(3 * x, 3 * x + 3)) for x in range(3)]
                   for r in rows]
        allowed = set()
        for p in PERMUTATIONS:
            if all(present[k][p[k]] for k in range(3)):
                allowed |= {(k, p[k]) for k in range(3)}
        if not allowed:
            raise ContradictionError
        for k, r in enumerate(rows):
            for c in range(9):
                if (k, c // 3) not in allowed:
                    self.remove(9 * r + c, 1 << d)

    def lone_column(self, band: int, d: int) -> None:
        for x in range(3):
            cols = [c for c in range(3 * x, 3 * x + 3)
                    if any(self.has(9 * r + c, d) for r in range(3 * band, 3 * band + 3))]
            if len(cols) == 1:
                for r in range(9):
                    if r // 3 != band:
                        self.remove(9 * r + cols[0], 1 << d)

    def row_single(self, r: int, d: int) -> None:
        cells = [i for i in ROW[r] if self.has(i, d)]
        if not cells:
            raise ContradictionError
        if len(cells) == 1:
            self.remove(cells[0], ALL & ~(1 << d))

    def naked_single(self, i: int) -> None:
        v = self.cand[i]
        if v & (v - 1) == 0:
            for j in ROW[i // 9]:
                if j != i:
                    self.remove(j, v)

    def column_claim(self, c: int, d: int) -> None:
        bands = [b for b in range(3)
                 if any(self.has(9 * r + c, d) for r in range(3 * b, 3 * b + 3))]
        if not bands:
            raise ContradictionError
        if len(bands) == 1:
            b = bands[0]
            for r in range(3 * b, 3 * b + 3):
                for c2 in range(3 * (c // 3), 3 * (c // 3) + 3):
                    if c2 != c:
                        self.remove(9 * r + c2, 1 << d)

    def fixed_point(self) -> None:
        self.changed = True
        while self.changed:
            self.changed = False
            for d in range(9):
                for band in range(3):
                    self.band_permutations(band, d)
                    self.lone_column(band, d)
                for r in range(9):
                    self.row_single(r, d)
                for c in range(9):
                    self.column_claim(c, d)
            for i in range(81):
                self.naked_single(i)

    def pick(self) -> int:
        unsolved = [self.cand[i] & (self.cand[i] - 1) != 0 for i in range(81)]
        best, best_score = -1, -1
        for i in range(81):
            if unsolved[i] and bin(self.cand[i]).count("1") == 2:
                score = sum(unsolved[j] for j in PEERS_AND_SELF[i])
                if score > best_score:
                    best, best_score = i, score
        return best if best >= 0 else unsolved.index(True)


def reference_solve(puzzle: list[int], masks: list[int], limit: int) -> list[list[int]]:
    """Solutions in the stated order, up to ``limit`` of them."""
    cand = [m if v == 0 else (m & 1 << (v - 1)) for v, m in zip(puzzle, masks, strict=True)]
    found: list[list[int]] = []
    todo = [cand]
    while todo and len(found) < limit:
        ref = Reference(todo.pop())
        try:
            if 0 in ref.cand:
                raise ContradictionError
            ref.fixed_point()
        except ContradictionError:
            continue
        if all(v & (v - 1) == 0 for v in ref.cand):
            found.append([v.bit_length() for v in ref.cand])
            continue
        i = ref.pick()
        low = ref.cand[i] & -ref.cand[i]
        without = list(ref.cand)
        without[i] &= ~low
        guess = list(ref.cand)
        guess[i] = low
        todo += [without, guess]  # the guess first
    return found


def _lines(name: str, every: int) -> list[list[int]]:
    text = shared_path("data", "sudoku", "tdoku_format", name).read_text(encoding="utf-8")
    lines = [line[:81] for line in text.splitlines() if len(line) >= 81 and line[0] != "#"]
    return [[int(ch) if ch in "123456789" else 0 for ch in line] for line in lines[::every]]


def _cases() -> list[tuple[str, list[int]]]:
    rng = random.Random(10)
    cases = [("empty grid", [0] * 81)]
    cases += [(f"serg #{k}", p) for k, p in enumerate(_lines("puzzles7_serg_benchmark_CRLF", 1250))]
    for k, p in enumerate(_lines("puzzles2_17_clue", 7001)):
        q = list(p)
        for i in rng.sample([i for i in range(81) if q[i]], 3):
            q[i] = 0
        cases.append((f"17-clue #{k} less 3 clues", q))
    for k, p in enumerate(_lines("puzzles5_forum_hardest_1905_11+", 12001)):
        q = [v if rng.random() < 0.8 else 0 for v in p]
        cases.append((f"hardest #{k} less a fifth", q))
    return cases



@pytest.mark.parametrize("limit", [2, 3])
def test_first_solutions_follow_the_stated_search_order(limit: int) -> None:
    cases = _cases()
    puzzles = np.array([p for _, p in cases], dtype=np.uint8)
    counts, sols = solve_array(puzzles, limit)
    several = 0
    for k, (name, p) in enumerate(cases):
        expect = reference_solve(p, [ALL] * 81, limit)
        assert counts[k] == len(expect), name
        for j in range(min(len(expect), 2)):
            assert sols[k, j].tolist() == expect[j], (name, j)
        several += len(expect) >= 2
    assert several >= len(cases) - 2  # the cases are there for their several solutions


def test_first_solutions_with_candidate_masks_follow_the_stated_order() -> None:
    rng = random.Random(11)
    cases = _cases()[:20]
    cases += [(f"17-clue #{k}", p) for k, p in enumerate(_lines("puzzles2_17_clue", 9001))]
    masks = []
    for k, (_, p) in enumerate(cases):
        # Take a digit out of a share of the empty cells, from none up to nine tenths.
        share = k % 10 / 10
        row = []
        for v in p:
            row.append(ALL & ~(1 << rng.randrange(9)) if not v and rng.random() < share else ALL)
        masks.append(row)
    puzzles = np.array([p for _, p in cases], dtype=np.uint8)
    counts, sols = solve_array(puzzles, 2, np.array(masks, dtype=np.uint16))
    assert {0, 1, 2} <= set(counts.tolist())  # each outcome is tried
    for k, (name, p) in enumerate(cases):
        expect = reference_solve(p, masks[k], 2)
        assert counts[k] == len(expect), name
        for j in range(len(expect)):
            assert sols[k, j].tolist() == expect[j], (name, j)
