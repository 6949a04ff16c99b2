"""HoDoKu's copy and save texts, written here from the grammar of HoDoKu's own code, apart
from puzzlefmt's writers: the test vectors of issue 16, generated at test time (``../shared``
is read-only, so they are not stored there).

The grammar, as HoDoKu's source writes it (PseudoFish/Hodoku, ``Sudoku2.getSudoku``,
``SudokuUtil.getSSFormatted``/``getSSPMGrid``, ``MainFrame.saveToFile``/``copyToClipboard``):

- ``CLUES_ONLY``/``VALUES_ONLY``: 81 characters, ``.`` (or ``0``, an option) for a blank; no
  line ending.
- ``LIBRARY``: ``:<type>:<digits>:<cells, + before a placed digit>:<deleted candidates, digit
  row column, for each empty cell and each digit its peers leave open that is not a
  candidate>:<eliminations>:<placements>:<extra>``; ``:0000:x:<cells>:<deleted>::`` without a
  step.
- ``CLUES_ONLY_FORMATTED``/``VALUES_ONLY_FORMATTED``/``PM_GRID``/``PM_GRID_WITH_STEP``: one text
  per cell (its digit, its candidates, or the blank), each column as wide as its widest text
  plus two; a row is, per cell, ``"|"`` and a space before a box's first cell or a space before
  the others, the text, then spaces to the column width less one, and ``|`` at the end; frames
  ``.---.``, ``:---+---:``, ``'---'`` (dashes: the three column widths of the box). With a step:
  ``*`` before the step's cells (a mark replaces a mark already there), ``#`` fins, ``@`` endo
  fins, ``A``, ``B``... ALS cells, ``-`` before every deleted candidate, then a space before
  every text that starts with a digit in a column where a cell got a character in front; the
  step's text after the last frame line, with no line ending.
- ``.txt`` save (type 6): the clues formatted, two line endings, the values formatted, two line
  endings, the PM grid.
- ``.ss`` save (type 9): ``" *-----------*"``, ``" |..3|.2.|6..|"`` rows, ``" |---+---+---|"``,
  an empty line, ``I%02d%d`` for each placed digit, ``E%02d%03d`` for each deleted candidate.
- Simple Sudoku clipboard: the clues and the values in that frame, each followed by two line
  endings, then the PM grid in Simple Sudoku's frame (``" *-----+-----+-----|"`` inside, cells
  padded to the longest, ``" | "`` and two spaces between cells).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

ALL = 0x1FF
PEERS: list[list[int]] = [
    [j for j in range(81) if j != i and (j // 9 == i // 9 or j % 9 == i % 9
                                         or (j // 27 == i // 27 and j % 9 // 3 == i % 9 // 3))]
    for i in range(81)
]

STEPS = [
    ["Hidden Single: r6c7=2"],
    ["Naked Single: r2c3=4"],
    ["Naked Pair: 1,9 in r1c25 => r1c9<>19"],
    ["Locked Candidates Type 1 (Pointing): 5 in b4 => r4c7<>5"],
    ["X-Wing: 5 r19 c58 => r4c5<>5"],
    ["Finned Swordfish: 7 c137 r238 fr9c3 => r8c2<>7"],
    ["ALS-XZ: A=r4c23 {568}, B=r5c2 {48}, X=8, Z=5 => r4c1<>5"],
    ["Forcing Chain Verity => r1c2=3", "  r1c1=2 r1c1<>4 r2c1=4 r2c2<>4 r1c2=3",
     "  r1c1=4 r1c2<>4 r1c2=3"],
    ["Kraken Fish: r1c2<>4", "  Finned X-Wing: 4 r15 c26 fr5c4", "  r5c4=4 r5c2<>4"],
]


@dataclass
class State:
    """One state of a game: givens, placed digits, every empty cell's candidates, and a
    step's marks and text."""

    givens: list[int]
    placed: list[int]
    candidates: list[int]  # empty cells' candidates (0 for a cell with a digit)
    marks: dict[int, tuple[str, str]] = field(default_factory=dict)  # cell -> (mark, deleted)
    step: list[str] = field(default_factory=list)
    newline: str = "\r\n"
    blank: str = "."

    @property
    def values(self) -> list[int]:
        return [g or p for g, p in zip(self.givens, self.placed, strict=True)]

    def masks(self) -> list[int]:
        """Every cell's candidates as a PM grid shows them (a digit's cell: the digit)."""
        return [1 << (v - 1) if v else c for v, c in zip(self.values, self.candidates,
                                                         strict=True)]

    def open_digits(self, i: int, vals: list[int] | None = None) -> int:
        """The digits cell ``i``'s peers leave open (HoDoKu's ``isValidValue``); ``vals``:
        the cells' values, when the caller has them already."""
        vals = self.values if vals is None else vals
        seen = 0
        for j in PEERS[i]:
            if vals[j]:
                seen |= 1 << (vals[j] - 1)
        return ALL & ~seen

    def deleted(self) -> list[int]:
        """Per cell, the open digits that are not candidates (what HoDoKu writes as deleted)."""
        vals = self.values
        return [0 if vals[i] else self.open_digits(i, vals) & ~self.candidates[i]
                for i in range(81)]


def make_state(puzzle: str, solution: str, rng: random.Random) -> State:
    """A state of ``puzzle`` on the way to ``solution``: some cells placed (all, now and then),
    some wrong candidates struck out, a step's marks on some empty cells."""
    givens = [int(c) if c in "123456789" else 0 for c in puzzle]
    sol = [int(c) for c in solution]
    empty = [i for i in range(81) if not givens[i]]
    share = rng.choice([0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0])
    chosen = set(rng.sample(empty, round(share * len(empty))))
    placed = [sol[i] if i in chosen else 0 for i in range(81)]
    state = State(givens, placed, [0] * 81, newline=rng.choice(["\r\n", "\n"]),
                  blank=rng.choice([".", "0"]))
    strike = rng.choice([0.0, 0.15, 0.3, 0.45, 0.6, 0.75, 1.0])
    vals = state.values  # the candidates change below, the values do not
    for i in range(81):
        if vals[i]:
            continue
        keep = 1 << (sol[i] - 1)
        open_digits = state.open_digits(i, vals)
        for d in range(1, 10):
            bit = 1 << (d - 1)
            if open_digits & bit and (bit == keep or rng.random() >= strike):
                state.candidates[i] |= bit
    open_cells = [i for i in range(81) if not state.values[i]]
    if open_cells:
        for i in rng.sample(open_cells, min(len(open_cells), rng.randint(1, 6))):
            digits = [str(d) for d in range(1, 10) if state.candidates[i] >> (d - 1) & 1]
            mark = rng.choice(["", "*", "*", "#", "@", "A", "B"])
            deleted = "".join(sorted(rng.sample(digits, rng.randint(0, len(digits) - 1))))
            if mark or deleted:
                state.marks[i] = (mark, deleted)
        state.step = rng.choice(STEPS)
    return state


# ---------------------------------------------------------------------------- HoDoKu's texts


def clues_only(s: State) -> str:
    return "".join(str(g) if g else s.blank for g in s.givens)


def values_only(s: State) -> str:
    return "".join(str(v) if v else s.blank for v in s.values)


def library(s: State, step: tuple[str, str, str, str, str] | None = None) -> str:
    """``LIBRARY``; ``step``: (type, digits, eliminations, placements, extra) of a step."""
    out = ":0000:x:" if step is None else f":{step[0]}:{step[1]}:"
    out += "".join(f"+{p}" if p else (str(g) if g else s.blank)
                   for g, p in zip(s.givens, s.placed, strict=True))
    deleted = [f"{d}{i // 9 + 1}{i % 9 + 1}" for i, m in enumerate(s.deleted())
               for d in range(1, 10) if m >> (d - 1) & 1]
    out += ":" + " ".join(deleted)
    if step is None:
        return out + "::"
    return out + f":{step[2]}:{step[3]}:{step[4]}"


def grid_lines(buffers: list[str]) -> list[str]:
    widths = [max(len(buffers[r * 9 + c]) for r in range(9)) + 2 for c in range(9)]
    lines = []
    for row in range(10):
        if row % 3 == 0:
            left, middle = (":", "+") if row in (3, 6) else ("'", "'") if row == 9 else (".", ".")
            lines.append(left + middle.join("-" * (widths[b] + widths[b + 1] + widths[b + 2])
                                            for b in (0, 3, 6)) + left)
        if row == 9:
            break
        text = ""
        for i in range(row * 9, row * 9 + 9):
            text += "| " if i % 3 == 0 else " "
            text += buffers[i] + " " * (widths[i % 9] - len(buffers[i]) - 1)
        lines.append(text + "|")
    return lines


def formatted(s: State, *, values: bool) -> str:
    """``CLUES_ONLY_FORMATTED`` or ``VALUES_ONLY_FORMATTED``."""
    cells = s.values if values else s.givens
    nl = s.newline
    return nl.join(grid_lines([str(v) if v else s.blank for v in cells])) + nl


def pm_grid(s: State, *, with_step: bool = False) -> str:
    """``PM_GRID``, or ``PM_GRID_WITH_STEP`` (the state's marks and step text)."""
    buffers = []
    for v, c in zip(s.values, s.candidates, strict=True):
        text = str(v) if v else "".join(str(d) for d in range(1, 10) if c >> (d - 1) & 1)
        buffers.append(text or s.blank)
    if with_step:
        front = [False] * 81
        for i, (mark, _) in s.marks.items():
            if mark:
                buffers[i] = (mark + buffers[i] if buffers[i][0].isdigit()
                              else mark + buffers[i][1:])
                front[i] = True
        for i, (_, deleted) in s.marks.items():
            for d in deleted:
                buf = buffers[i]
                k = 0
                while k < len(buf):
                    if buf[k] == d and (k == 0 or buf[k - 1] != "-"):
                        buf = buf[:k] + "-" + buf[k:]
                        front[i] = front[i] or k == 0
                    k += 1
                buffers[i] = buf
        for i in range(81):
            if front[i]:
                for j in range(i % 9, 81, 9):
                    if buffers[j][0].isdigit():
                        buffers[j] = " " + buffers[j]
    nl = s.newline
    text = nl.join(grid_lines(buffers)) + nl
    if with_step:
        text += nl.join(s.step)  # HoDoKu's step text has no line ending after it
    return text


def txt_save(s: State) -> str:
    """The ``.txt`` save: clues formatted, values formatted, PM grid."""
    nl = s.newline
    return formatted(s, values=False) + nl + nl + formatted(s, values=True) + nl + nl + pm_grid(s)


def _ss_grid(cells: list[int], nl: str) -> str:
    text = "".join(str(v) if v else "." for v in cells)
    rows = [" |" + "|".join(text[r * 9 + b * 3: r * 9 + b * 3 + 3] for b in range(3)) + "|"
            for r in range(9)]
    frame, rule = " *-----------*", " |---+---+---|"
    return nl.join([frame, *rows[:3], rule, *rows[3:6], rule, *rows[6:], frame]) + nl


def ss_save(s: State) -> str:
    """The ``.ss`` save: the clues in Simple Sudoku's frame, an empty line, the records."""
    nl = s.newline
    out = _ss_grid(s.givens, nl) + nl
    out += "".join(f"I{i:02d}{p}{nl}" for i, p in enumerate(s.placed) if p)
    out += "".join(f"E{i:02d}{d:03d}{nl}" for i, m in enumerate(s.deleted())
                   for d in range(1, 10) if m >> (d - 1) & 1)
    return out


def ss_clipboard(s: State) -> str:
    """The Simple Sudoku clipboard export: clues, values and the PM grid in SS frames."""
    nl = s.newline
    cells = [str(v) if v else "".join(str(d) for d in range(1, 10) if c >> (d - 1) & 1)
             for v, c in zip(s.values, s.candidates, strict=True)]
    width = max(len(c) for c in cells)
    cells = [c.ljust(width) for c in cells]

    def frame(outer: bool) -> str:
        dashes = "-" * (3 * width + 7)
        if outer:
            return " *" + dashes + "-" + dashes + "-" + dashes + "*"
        return " *" + dashes + "+" + dashes + "+" + dashes + "|"

    def row(k: int) -> str:
        c = cells[k: k + 9]
        return (" | " + c[0] + "  " + c[1] + "  " + c[2] + "  | " + c[3] + "  " + c[4] + "  "
                + c[5] + "  | " + c[6] + "  " + c[7] + "  " + c[8] + "  |")

    pm = [frame(True), row(0), row(9), row(18), frame(False), row(27), row(36), row(45),
          frame(False), row(54), row(63), row(72), frame(True)]
    return (_ss_grid(s.givens, nl) + nl + nl + _ss_grid(s.values, nl) + nl + nl
            + nl.join(pm) + nl)


# ---------------------------------------------------------------------------- the readings


def pm_placed(masks: list[int]) -> list[int]:
    """The placed digits of a candidate grid, by HoDoKu's and Sudoku Explainer's rule: a
    one-candidate cell whose digit no peer has as a candidate."""
    out = [0] * 81
    for i, m in enumerate(masks):
        if bin(m).count("1") == 1 and all(not masks[j] & m for j in PEERS[i]):
            out[i] = m.bit_length()
    return out


def marks_meta(s: State) -> str:
    """The marks as ``meta["marks"]`` holds them: ``r4c4*-17``, in cell order."""
    return " ".join(f"r{i // 9 + 1}c{i % 9 + 1}{mark}" + (f"-{deleted}" if deleted else "")
                    for i, (mark, deleted) in sorted(s.marks.items()))
