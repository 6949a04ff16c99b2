"""Solo game IDs: Simon Tatham's Sudoku (``3x3:<desc>``), read and written byte for byte.

A game ID is ``<params>:<desc>`` (or ``<params>#<seed>`` for a random seed). The parameters
give the box shape ``<c>x<r>`` (``c`` columns of boxes, ``r`` rows of boxes: the grid has
``c*r`` digits, each box is ``r`` cells wide and ``c`` tall) or ``<n>j`` for a jigsaw of
``n`` irregular regions, then ``x`` (each main diagonal holds every digit), ``k`` (killer
cages), a symmetry (``a``, ``r2``, ``r4``, ``m2``, ``md2``, ``m4``, ``md4``, ``m8``) and a
difficulty (``dt``, ``db``, ``di``, ``da``, ``de``, ``du``). The description lists the clues
in reading order: a number is a clue, a letter ``a``..``z`` is a run of 1..26 empty cells,
``_`` separates two numbers; a jigsaw adds ``,`` and its region walls, a killer ``,`` and
its cage walls and ``,`` and a second grid of cage sums (see ``docs/sgt.md``).

:class:`SoloPuzzle` holds any ID the game accepts; :func:`to_grid` and :func:`from_grid`
convert to and from the 9x9 :class:`~puzzlefmt.sudoku.grid.Grid`, which holds only the
standard ``3x3`` shape (other sizes, jigsaw regions, the X rule and killer cages raise an
error saying so). The ``solo`` format reads a game ID into a ``Grid`` and writes one.
Parameters beyond the shape (symmetry, difficulty) are kept in ``grid.meta["solo-params"]``.

Declared options: none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Sniff
from puzzlefmt.sudoku.grid import Grid, SudokuEngines

__all__ = [
    "DIFFICULTIES",
    "FORMAT",
    "SYMMETRIES",
    "SoloParams",
    "SoloPuzzle",
    "from_grid",
    "parse_desc",
    "parse_game_id",
    "read",
    "sniff",
    "to_grid",
    "write",
]

FMT = "solo"

#: Symmetry codes in solo.c's order (``SYMM_NONE`` .. ``SYMM_REF8``); ``r2`` is the default.
SYMMETRIES = ("a", "r2", "r4", "m2", "md2", "m4", "md4", "m8")
#: Difficulty letters in solo.c's order (Trivial .. Unreasonable); ``t`` is the default.
DIFFICULTIES = "tbiaeu"

#: The meta key holding parameters beyond the 3x3 shape (``3x3db``, ``3x3am4``...).
META_PARAMS = "solo-params"

_ORDER_MAX = 255
_INT_MAX = 2**31 - 1


@dataclass(frozen=True, slots=True)
class SoloParams:
    """Solo's ``game_params``: box shape (``r == 1``: jigsaw of ``c`` regions), the X and
    killer rules, symmetry and difficulty."""

    c: int = 3
    r: int = 3
    x: bool = False
    killer: bool = False
    symmetry: str = "r2"
    difficulty: str = "t"

    @property
    def size(self) -> int:
        """Digits (and rows, and columns): ``c * r``."""
        return self.c * self.r

    @property
    def jigsaw(self) -> bool:
        """True for a jigsaw grid (``r == 1``: ``c`` irregular regions instead of boxes)."""
        return self.r == 1

    @classmethod
    def decode(cls, text: str) -> SoloParams:
        """solo.c ``decode_params`` over the default parameters: unknown characters are
        skipped, as the game does."""
        c = r = _atoi(text, 0)
        i = _skip_digits(text, 0)
        seen_r = False
        x = killer = False
        symmetry, difficulty = "r2", "t"
        if text[i:i + 1] == "x":
            i += 1
            r = _atoi(text, i)
            seen_r = True
            i = _skip_digits(text, i)
        n = len(text)
        while i < n:
            ch = text[i]
            if ch == "j":
                i += 1
                if seen_r:
                    c *= r
                r = 1
            elif ch == "x":
                i += 1
                x = True
            elif ch == "k":
                i += 1
                killer = True
            elif ch in "rma":
                i += 1
                diagonal = False
                if ch == "m" and text[i:i + 1] == "d":
                    diagonal = True
                    i += 1
                num = _atoi(text, i)
                i = _skip_digits(text, i)
                if ch == "m" and num == 8:
                    symmetry = "m8"
                elif ch == "m" and num in (2, 4):
                    symmetry = f"m{'d' if diagonal else ''}{num}"
                elif ch == "r" and num in (2, 4):
                    symmetry = f"r{num}"
                elif ch == "a":
                    symmetry = "a"
            elif ch == "d":
                i += 1
                if i < n and text[i] in DIFFICULTIES:
                    difficulty = text[i]
                    i += 1
            else:
                i += 1
        return cls(c, r, x, killer, symmetry, difficulty)

    def encode(self, *, full: bool = False) -> str:
        """solo.c ``encode_params``: the shape and rules; ``full`` adds symmetry (unless
        ``r2``) and difficulty (unless ``t``)."""
        text = f"{self.c}x{self.r}" if self.r > 1 else f"{self.c}j"
        text += ("x" if self.x else "") + ("k" if self.killer else "")
        if full:
            text += "" if self.symmetry == "r2" else self.symmetry
            text += "" if self.difficulty == "t" else "d" + self.difficulty
        return text

    def problem(self) -> str | None:
        """solo.c ``validate_params``'s message, or ``None``. We also refuse a row count
        below 1, which the game lets through (``3x0``) and cannot play."""
        if self.c < 2:
            return "Both dimensions must be at least 2"
        if self.c > _ORDER_MAX or self.r > _ORDER_MAX:
            return f"Dimensions greater than {_ORDER_MAX} are not supported"
        if self.c * self.r > 31:
            return "Unable to support more than 31 distinct symbols in a puzzle"
        if self.killer and self.c * self.r > 9:
            return "Killer puzzle dimensions must be smaller than 10"
        if self.x and self.c * self.r < 4:
            return "X-type puzzle dimensions must be larger than 3"
        if self.r < 1:
            return "the number of rows of boxes must be at least 1"
        return None


def _atoi(text: str, i: int) -> int:
    """C ``atoi`` at ``i`` (no leading space or sign in these strings); clamped."""
    j = _skip_digits(text, i)
    digits = text[i:j].lstrip("0")
    if len(digits) > 10:
        return _INT_MAX
    return min(int(digits or "0"), _INT_MAX)


def _skip_digits(text: str, i: int) -> int:
    while i < len(text) and "0" <= text[i] <= "9":
        i += 1
    return i


@dataclass(frozen=True, slots=True)
class SoloPuzzle:
    """A Solo game: parameters, the clues (0: empty) in reading order, and for a jigsaw the
    region of each cell, for a killer the cage of each cell and the grid of cage sums."""

    params: SoloParams
    clues: tuple[int, ...]
    regions: tuple[int, ...] | None = None
    cages: tuple[int, ...] | None = None
    cage_sums: tuple[int, ...] | None = None

    def desc(self) -> str:
        """The description exactly as solo.c's ``encode_puzzle_desc`` writes it."""
        cr = self.params.size
        text = encode_grid(self.clues)
        if self.params.jigsaw:
            assert self.regions is not None
            text += "," + encode_blocks(self.regions, cr)
        if self.params.killer:
            assert self.cages is not None
            assert self.cage_sums is not None
            text += "," + encode_blocks(self.cages, cr) + "," + encode_grid(self.cage_sums)
        return text

    def game_id(self, *, full: bool = False) -> str:
        """``<params>:<desc>`` as the game prints it (``full``: with symmetry and
        difficulty)."""
        return f"{self.params.encode(full=full)}:{self.desc()}"


# ---------------------------------------------------------------------- encoding


def encode_grid(values: Sequence[int]) -> str:
    """solo.c ``encode_grid``: numbers, runs of empty cells as letters (``z`` = 26, longer
    runs repeat it), ``_`` only between two numbers."""
    out: list[str] = []
    run = 0
    for v in values:
        if not v:
            run += 1
            continue
        if run:
            out.append(_run(run))
            run = 0
        elif out:
            out.append("_")
        out.append(str(v))
    if run:
        out.append(_run(run))
    return "".join(out)


def _run(run: int) -> str:
    return "z" * ((run - 1) // 26) + chr(96 + (run - 1) % 26 + 1)


def _edge_cells(pos: int, cr: int) -> tuple[int, int]:
    half = cr * (cr - 1)
    if pos < half:
        y, x = divmod(pos, cr - 1)
        return y * cr + x, y * cr + x + 1
    x, y = divmod(pos - half, cr - 1)
    return y * cr + x, (y + 1) * cr + x


def encode_blocks(which: Sequence[int], cr: int) -> str:
    """solo.c ``encode_block_structure_desc``: the walls between regions, vertical edges
    row by row then horizontal edges column by column, as runs of shared edges before each
    wall (``_`` = 0, ``a``..``y`` = 1..25, ``z`` = 25 and no wall)."""
    out: list[str] = []
    run = 0
    for pos in range(2 * cr * (cr - 1) + 1):
        if pos == 2 * cr * (cr - 1):
            edge = True
        else:
            a, b = _edge_cells(pos, cr)
            edge = which[a] != which[b]
        if edge:
            while run > 25:
                out.append("z")
                run -= 25
            out.append(chr(96 + run) if run else "_")
            run = 0
        else:
            run += 1
    return "".join(out)


# ---------------------------------------------------------------------- decoding


class _DescError(Exception):
    def __init__(self, at: int, expected: str, found: str, upstream: str) -> None:
        super().__init__(upstream)
        self.at = at
        self.expected = expected
        self.found = found
        self.upstream = upstream


def _grid(desc: str, i: int, limit: int, area: int, what: str) -> tuple[tuple[int, ...], int]:
    """solo.c ``validate_grid_desc`` and ``spec_to_grid`` from ``desc[i]`` up to ``,`` or
    the end: the values and the index after them."""
    values: list[int] = []
    n = len(desc)
    start = i
    while i < n and desc[i] != ",":
        ch = desc[i]
        if "a" <= ch <= "z":
            values.extend([0] * (ord(ch) - 96))
            i += 1
        elif ch == "_":
            i += 1
        elif "1" <= ch <= "9":
            j = _skip_digits(desc, i)
            value = _atoi(desc, i)
            if value > limit:
                raise _DescError(i, f"a number from 1 to {limit} in {what}", desc[i:j],
                                 "Out-of-range number in game description")
            values.append(value)
            i = j
        else:
            raise _DescError(i, f"a number, a letter a-z or '_' in {what}", repr(ch),
                             "Invalid character in game description")
    if len(values) < area:
        raise _DescError(i, f"{area} cells in {what}", f"{len(values)}",
                         "Not enough data to fill grid")
    if len(values) > area:
        raise _DescError(start, f"{area} cells in {what}", f"{len(values)}",
                         "Too much data to fit in grid")
    return tuple(values), i


def _blocks(desc: str, i: int, cr: int, *, min_blocks: int, max_blocks: int,
            min_cells: int, max_cells: int, what: str) -> tuple[tuple[int, ...], int]:
    """solo.c ``spec_to_dsf`` and ``validate_block_desc``: the region of each cell
    (numbered by first cell) and the index after the walls. Read as the game reads it:
    ``z`` is 26 shared edges and no wall (its writer means 25)."""
    area = cr * cr
    edges = 2 * cr * (cr - 1)
    parent = list(range(area))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    pos = 0
    n = len(desc)
    start = i
    while i < n and desc[i] != ",":
        ch = desc[i]
        if ch == "_":
            count = 0
        elif "a" <= ch <= "z":
            count = ord(ch) - 96
        else:
            raise _DescError(i, f"'_' or a letter a-z in {what}", repr(ch),
                             "Invalid character in game description")
        for _ in range(count):
            if pos >= edges:
                raise _DescError(i, f"{edges + 1} edge positions in {what}", "more",
                                 "Too much data in block structure specification")
            a, b = _edge_cells(pos, cr)
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
            pos += 1
        if count != 26:
            pos += 1
        i += 1
    if pos != edges + 1:
        raise _DescError(i, f"{edges + 1} edge positions in {what}", f"{pos}",
                         "Not enough data in block structure specification")
    label: dict[int, int] = {}
    which = []
    counts: dict[int, int] = {}
    for cell in range(area):
        root = find(cell)
        if root not in label:
            if len(label) >= max_blocks:
                raise _DescError(start, f"at most {max_blocks} regions in {what}", "more",
                                 "Too many distinct jigsaw blocks")
            label[root] = len(label)
        k = label[root]
        counts[k] = counts.get(k, 0) + 1
        if counts[k] > max_cells:
            raise _DescError(start, f"regions of at most {max_cells} cells in {what}",
                             "a larger one", "A jigsaw block is too big")
        which.append(k)
    if len(label) < min_blocks:
        raise _DescError(start, f"{min_blocks} regions in {what}", f"{len(label)}",
                         "Not enough distinct jigsaw blocks")
    if any(v < min_cells for v in counts.values()):
        raise _DescError(start, f"regions of at least {min_cells} cells in {what}",
                         "a smaller one", "A jigsaw block is too small")
    return tuple(which), i


def _parse_desc(params: SoloParams, desc: str) -> SoloPuzzle:
    cr = params.size
    area = cr * cr
    clues, i = _grid(desc, 0, cr, area, "the clues")
    regions = cages = sums = None
    if params.jigsaw:
        if i >= len(desc):
            raise _DescError(i, "',' and the jigsaw regions", "the end",
                             "Expected jigsaw block structure in game description")
        regions, i = _blocks(desc, i + 1, cr, min_blocks=cr, max_blocks=cr, min_cells=cr,
                             max_cells=cr, what="the jigsaw regions")
    if params.killer:
        if i >= len(desc):
            raise _DescError(i, "',' and the killer cages", "the end",
                             "Expected killer block structure in game description")
        cages, i = _blocks(desc, i + 1, cr, min_blocks=cr, max_blocks=area, min_cells=2,
                           max_cells=cr, what="the killer cages")
        if i >= len(desc):
            raise _DescError(i, "',' and the cage sums", "the end",
                             "Expected killer clue grid in game description")
        sums, i = _grid(desc, i + 1, cr * area, area, "the cage sums")
    if i < len(desc):
        raise _DescError(i, "the end of the description", repr(desc[i:i + 10]),
                         "Unexpected data at end of game description")
    return SoloPuzzle(params, clues, regions, cages, sums)


def parse_desc(params: SoloParams, desc: str, *, format: str = FMT) -> SoloPuzzle:
    """A description read as solo.c's ``validate_desc`` and ``new_game`` read it; raises
    :class:`PuzzleFormatError` quoting the game's message (columns count from the start
    of ``desc``)."""
    bad = params.problem()
    if bad is not None:
        raise PuzzleFormatError(
            f"expected Solo parameters the game accepts, found {params.encode()!r}; "
            f'the game says "{bad}"', format=format, line=1, column=1,
            expected="Solo parameters", found=params.encode())
    if "\x00" in desc:
        desc = desc.split("\x00", 1)[0]
    try:
        return _parse_desc(params, desc)
    except _DescError as exc:
        raise PuzzleFormatError(
            f'expected {exc.expected}, found {exc.found}; the game says "{exc.upstream}"',
            format=format, line=1, column=exc.at + 1, text=desc,
            expected=exc.expected, found=exc.found) from None


def desc_problem(params: SoloParams, desc: str) -> str | None:
    """solo.c's ``validate_desc`` verdict: its message, or ``None`` when it accepts."""
    try:
        _parse_desc(params, desc.split("\x00", 1)[0])
    except _DescError as exc:
        return exc.upstream
    return None


_ID = re.compile(r"\s*([^:#\s]*)([:#])(\S*)\s*")


def parse_game_id(text: str, *, format: str = FMT) -> SoloPuzzle:
    """A Solo game ID ``<params>:<desc>`` (surrounding white space allowed). A
    random-seed ID (``<params>#<seed>``) is refused: :func:`read` expands it first."""
    m = _ID.fullmatch(text)
    if m is None:
        line = text.strip().splitlines()[0] if text.strip() else ""
        raise PuzzleFormatError(
            f"expected a Solo game ID (<params>:<description>), found {_found(text)}",
            format=format, line=1, text=line or None,
            expected="a Solo game ID", found=_found(text))
    params_text, sep, rest = m.group(1), m.group(2), m.group(3)
    lead = m.start(1)
    if sep == "#":
        raise PuzzleFormatError(
            f"expected a Solo game ID with a description, found the random-seed ID "
            f"{params_text}#{rest}: only Solo's own generator can turn a seed into a puzzle",
            format=format, line=1, column=m.start(2) + 1, text=m.group(0).strip(),
            expected="a game ID with a description", found="a random-seed ID")
    if not params_text or not params_text[0].isdigit():
        raise PuzzleFormatError(
            f"expected Solo parameters (3x3, 2x3, 9j...), found {params_text!r}",
            format=format, line=1, column=lead + 1, text=m.group(0).strip(),
            expected="Solo parameters", found=repr(params_text))
    params = SoloParams.decode(params_text)
    bad = params.problem()
    if bad is not None:
        raise PuzzleFormatError(
            f"expected Solo parameters the game accepts, found {params_text!r}; the game "
            f'says "{bad}"', format=format, line=1, column=lead + 1,
            text=m.group(0).strip(), expected="Solo parameters", found=repr(params_text))
    try:
        return parse_desc(params, rest, format=format)
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(
            exc.message, format=format, line=1,
            column=(exc.column or 1) + m.start(3), text=m.group(0).strip(),
            expected=exc.expected, found=exc.found) from None


def _found(text: str) -> str:
    stripped = text.strip()
    if not stripped:
        return "empty text"
    if "\n" in stripped:
        return f"{len(stripped.splitlines())} lines"
    return repr(stripped[:40])


# ---------------------------------------------------------------------- Grid


def cannot_hold(params: SoloParams) -> str | None:
    """Why the 9x9 Sudoku model cannot hold a Solo game with these parameters, or
    ``None``."""
    shown = params.encode()
    if params.jigsaw:
        return (f"Solo {shown} is a jigsaw Sudoku (irregular regions); the Sudoku model has "
                "only the 3x3 boxes")
    if params.size != 9:
        n = params.size
        return (f"Solo {shown} is a {n}x{n} puzzle (boxes {params.r} wide and {params.c} "
                "tall); the Sudoku model holds only 9x9 grids with 3x3 boxes")
    if params.c != 3:  # pragma: no cover - 9 = c*r with c, r >= 2 leaves only 3x3
        return f"Solo {shown} has boxes the Sudoku model does not have"
    if params.killer:
        return (f"Solo {shown} is a killer Sudoku (cages with sums); the Sudoku model "
                "cannot hold cages")
    if params.x:
        return (f"Solo {shown} has the X rule (each main diagonal holds every digit); the "
                "Sudoku model cannot hold it")
    return None


def to_grid(puzzle: SoloPuzzle, *, format: str = FMT) -> Grid:
    """The puzzle as a :class:`Grid` (its clues as givens); raises
    :class:`PuzzleFormatError` saying what the model cannot hold."""
    why = cannot_hold(puzzle.params)
    if why is not None:
        raise PuzzleFormatError(why, format=format, line=1,
                                expected="a standard 9x9 Solo game (3x3)",
                                found=puzzle.params.encode())
    meta = {}
    full = puzzle.params.encode(full=True)
    if full != puzzle.params.encode():
        meta[META_PARAMS] = full
    return Grid(givens=puzzle.clues, meta=meta)


def params_of(grid: Grid) -> SoloParams:
    """The Solo parameters to write ``grid`` with: ``3x3``, or ``meta["solo-params"]``
    when it holds a standard 3x3 shape with a symmetry or difficulty."""
    text = grid.meta.get(META_PARAMS)
    if text is None:
        return SoloParams()
    params = SoloParams.decode(text)
    if params.problem() is not None or cannot_hold(params) is not None:
        raise ValueError(f"meta[{META_PARAMS!r}] = {text!r} is not a 3x3 Solo shape")
    return params


def from_grid(grid: Grid) -> SoloPuzzle:
    """The Solo game of a grid's givens (placed digits and candidates are not part of a
    game ID)."""
    return SoloPuzzle(params_of(grid), tuple(grid.givens))


# ---------------------------------------------------------------------- the format


def sniff(text: str) -> Sniff | None:
    """One line ``<params>:<desc>`` that Solo's grammar reads (``3:`` alone is also a Keen
    size, so a bare size scores lower), or a Solo random-seed ID."""
    if len(text) > 10_000:
        return None
    m = _ID.fullmatch(text)
    if m is None:
        return None
    params_text, sep, rest = m.group(1), m.group(2), m.group(3)
    if not re.fullmatch(r"[0-9]+(?:x[0-9]+)?[a-z0-9]*", params_text):
        return None
    shaped = "x" in params_text or "j" in params_text
    if sep == "#":
        if not shaped:
            return None
        return Sniff(0.8, "a Solo random-seed ID (<params>#<seed>)")
    params = SoloParams.decode(params_text)
    if params.problem() is not None:
        return None
    if desc_problem(params, rest) is not None:
        if shaped and re.fullmatch(r"[a-z0-9_,]+", rest):
            return Sniff(0.4, "a Solo game ID shape whose description the game refuses")
        return None
    what = f"a Solo game ID ({params.encode()}: clues, a-z runs of empty cells)"
    return Sniff(0.95 if shaped else 0.6, what)


#: The meta key holding the random-seed ID a grid was expanded from (``3x3#12345``).
META_SEED = "solo-seed"


def read(text: str) -> Grid:
    """Read one Solo game ID into a :class:`Grid`. A random-seed ID (``3x3dh#12345``) is
    expanded to the puzzle Solo makes from it (the seed ID is kept in ``meta["solo-seed"]``;
    the writer writes the description ID the game shows for it)."""
    m = _ID.fullmatch(text)
    engines = Grid.engines
    expand = engines.expand_solo_seed if isinstance(engines, SudokuEngines) else None
    if m is None or m.group(2) != "#" or expand is None:
        return to_grid(parse_game_id(text))
    seed_id = m.group(0).strip()
    params = SoloParams.decode(m.group(1))
    why = cannot_hold(params) if params.problem() is None else None
    if why is not None:  # said before the generator runs (a 16x16 takes a while)
        raise PuzzleFormatError(why, format=FMT, line=1, column=m.start(1) + 1, text=seed_id,
                                expected="a standard 9x9 Solo game (3x3)",
                                found=params.encode())
    grid = to_grid(parse_game_id(expand(m.group(1), m.group(3))))
    return grid.replace(meta={**grid.meta, META_SEED: seed_id})


def write(grid: Grid) -> str:
    """The game ID of ``grid``'s givens, byte for byte as Solo prints it, and a newline."""
    return from_grid(grid).game_id(full=True) + "\n"


#: The ``solo`` format: a Simon Tatham's Solo game ID (``3x3:<description>``), byte for byte as the
#: game prints it.
FORMAT = Format(
    name="solo",
    family="sudoku",
    model=Grid,
    description="Simon Tatham's Solo game ID (3x3:<description>), byte for byte as the game "
                "prints it",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=65,
    holds=frozenset({"givens"}),
)
