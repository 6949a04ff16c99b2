"""The Sudoku model: a 9x9 grid that keeps givens, placed digits, candidates and metadata apart.

>>> g = Grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> g.clue_count
17
>>> g.line(blank="0")[:9]
'400000805'

- ``givens``: the puzzle's clues (0 = empty).
- ``placed``: digits a solver or player placed (0 = none); never where a given is.
- ``candidates``: pencil marks, one 9-bit mask per cell (bit ``d-1`` set: digit ``d`` still
  possible), or ``None`` when the text carried none. A cell with one candidate is *not* a given.
- ``eliminated``: candidates a player struck out (HoDoKu's ``E`` records), one mask per cell,
  or ``None``.
- ``meta``: named metadata in reading order: SudoCue ``.sdk`` headers by their letter
  (``"A"`` author, ``"D"``, ``"C"``, ``"B"``, ``"S"``, ``"L"``, ``"U"``, ``"N"``, ``"H"``, and any
  unknown letter), ``"comment"`` for text after a puzzle on its line, CSV columns by name.
- ``sections``: extra ``.sdk`` sections (``[State]``, ``[PencilMarks]``...) kept verbatim, in
  order; the key ``"Puzzle"`` (empty list) records that the file started with ``[Puzzle]``.

This module is the bottom of the family: it imports no format, solver or picture module.
``Grid(text)``, ``grid.solve()`` and ``grid._repr_svg_()`` reach them through the engines that
:mod:`puzzlefmt.sudoku.family` installs.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntFlag
from typing import Any

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.model import (
    Engines,
    FrozenDict,
    FrozenList,
    Model,
    Problem,
    SolveResult,
    frozen_list,
    json_object,
)
from puzzlefmt.sudoku._cells import cells_line, split_line
from puzzlefmt.sudoku._textgrid import pm_grid_lines, ss_grid_lines

__all__ = [
    "ALL",
    "BOX",
    "COL",
    "FIELDS",
    "PEERS",
    "ROW",
    "UNITS",
    "Grid",
    "Status",
    "cell_name",
    "digits_of",
    "mask_of",
    "struck_out",
    "stuck_cells",
    "unit_repeats",
]

#: The candidate mask with every digit: bit ``d - 1`` for digit ``d``, 1 to 9.
ALL = 0x1FF

#: Each cell's row, 0-8 (cells are numbered 0-80, row by row).
ROW = tuple(i // 9 for i in range(81))
#: Each cell's column, 0-8.
COL = tuple(i % 9 for i in range(81))
#: Each cell's box, 0-8, left to right and top to bottom.
BOX = tuple((i // 27) * 3 + (i % 9) // 3 for i in range(81))
#: The 27 units as tuples of cells: the 9 rows, then the 9 columns, then the 9 boxes.
UNITS: tuple[tuple[int, ...], ...] = (
    tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
    + tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
    + tuple(
        tuple((b // 3) * 27 + (b % 3) * 3 + (k // 3) * 9 + k % 3 for k in range(9))
        for b in range(9)
    )
)
#: Each cell's 20 peers: the other cells of its row, column and box.
PEERS: tuple[frozenset[int], ...] = tuple(
    frozenset((*UNITS[ROW[i]], *UNITS[9 + COL[i]], *UNITS[18 + BOX[i]])) - {i}
    for i in range(81)
)


class Status(IntFlag):
    """What :meth:`Grid.status` reports: ``VALID`` (0) when the grid breaks no rule on its
    face, else the problems found (flags combine)."""

    VALID = 0
    #: A digit twice in a row, column or box (givens and placed digits alike).
    REPEATED_DIGIT = 1
    #: An empty cell left with no candidate: its recorded candidates (all nine when none are
    #: recorded), less those struck out and those its row, column and box already hold.
    NO_CANDIDATE = 2


_CODES = {"repeated-digit": Status.REPEATED_DIGIT, "no-candidate": Status.NO_CANDIDATE}


def mask_of(digits: Iterable[int]) -> int:
    """The candidate mask of some digits: ``mask_of([1, 3]) == 0b101``."""
    m = 0
    for d in digits:
        m |= 1 << (d - 1)
    return m


def digits_of(mask: int) -> str:
    """The digits of a mask, ascending, as text: ``digits_of(0b101) == "13"``."""
    return "".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)


def cell_name(i: int) -> str:
    """``r1c1`` style name of cell index ``i`` (0-80)."""
    return f"r{i // 9 + 1}c{i % 9 + 1}"


def unit_repeats(values: Sequence[int]) -> list[tuple[int, int, int]]:
    """``(first_cell, cell, digit)`` for each cell repeating a digit already seen in its row,
    column or box, in unit order, each pair once (a pair may share a row and a box)."""
    out: list[tuple[int, int, int]] = []
    seen: set[tuple[int, int]] = set()
    for u in UNITS:
        first: dict[int, int] = {}
        for i in u:
            v = values[i]
            if not v:
                continue
            if v not in first:
                first[v] = i
            elif (first[v], i) not in seen:
                seen.add((first[v], i))
                out.append((first[v], i, v))
    return out


def stuck_cells(values: Sequence[int], masks: Sequence[int] | None = None) -> list[int]:
    """Empty cells with no candidate left: ``masks`` (all nine digits when ``None``) less the
    digits their peers hold, in cell order."""
    out = []
    for i in range(81):
        if values[i]:
            continue
        left = ALL if masks is None else masks[i]
        for j in PEERS[i]:
            if values[j]:
                left &= ~(1 << (values[j] - 1))
        if left == 0:
            out.append(i)
    return out


def struck_out(grid: Grid) -> list[int]:
    """Per cell, the candidates struck out: the recorded eliminations and, where the grid
    records candidates, the digits an empty cell's peers leave open that are not among them.
    This is how HoDoKu's ``.ss`` records and library lines hold candidates: by what was struck
    out of what the digits leave open (a candidate that a peer's digit rules out cannot be
    held that way)."""
    out = [0] * 81 if grid.eliminated is None else list(grid.eliminated)
    if grid.candidates is None:
        return out
    vals = grid.values
    for i in range(81):
        if vals[i]:
            continue
        seen = 0
        for j in PEERS[i]:
            if vals[j]:
                seen |= 1 << (vals[j] - 1)
        out[i] |= ALL & ~seen & ~grid.candidates[i]
    return out


@dataclass(frozen=True, slots=True)
class SudokuEngines(Engines):
    """Sudoku's engines: the shared ones, plus the expander of Solo's random-seed IDs."""

    #: ``(params, seed) -> game ID``: the puzzle Simon Tatham's Solo makes from
    #: ``<params>#<seed>``, as the ID it shows (``3x3:<description>``).
    expand_solo_seed: Callable[[str, str], str] | None = None


class _Keep(Enum):
    """The default of :meth:`Grid.replace`'s arguments: the field is kept."""

    KEEP = "keep"


_KEEP = _Keep.KEEP
_NO_PLACED: FrozenList[int] = FrozenList([0] * 81)
_NO_META: FrozenDict[str, str] = FrozenDict()
_NO_SECTIONS: FrozenDict[str, FrozenList[str]] = FrozenDict()


#: A grid's fields, declared once: the slots, equality and hashing, ``copy`` follow this
#: tuple; ``Grid.__init__``, ``Grid._make`` and ``Grid.replace`` take exactly these keywords
#: (typed one by one; ``tests/sudoku/test_sudoku_immutable.py`` holds them to it).
FIELDS = ("givens", "placed", "candidates", "eliminated", "meta", "sections")


class Grid(Model):
    """A 9x9 Sudoku: givens, placed digits, candidates, eliminations and metadata.

    ``Grid(text)`` reads any Sudoku text the library knows (detected among the Sudoku
    formats); ``Grid()`` is empty; keyword arguments build a grid from parts. ``grid.line()``
    writes the 81-character line; :func:`puzzlefmt.dumps` (or a format's ``FORMAT.dumps``)
    writes every other format.
    """

    __slots__ = FIELDS

    family = "sudoku"

    givens: FrozenList[int]
    placed: FrozenList[int]
    candidates: FrozenList[int] | None
    eliminated: FrozenList[int] | None
    meta: FrozenDict[str, str]
    sections: FrozenDict[str, FrozenList[str]]

    def __init__(
        self,
        text: str | None = None,
        *,
        givens: Sequence[int] | str | None = None,
        placed: Sequence[int] | str | None = None,
        candidates: Sequence[int] | None = None,
        eliminated: Sequence[int] | None = None,
        meta: Mapping[str, str] | None = None,
        sections: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        if text is not None:
            if any(x is not None for x in (givens, placed, candidates, eliminated, meta,
                                           sections)):
                raise TypeError("Grid() takes either a text or parts, not both")
            other = self._read_text(text)
            g, p, c, e = other.givens, other.placed, other.candidates, other.eliminated
            m, s = other.meta, other.sections
        else:
            g, p = FrozenList(_cells(givens)), FrozenList(_cells(placed))
            _check_apart(g, p)
            c, e = _masks(candidates), _masks(eliminated)
            m, s = _meta(meta), _sections(sections)
        self.givens = g
        self.placed = p
        self.candidates = c
        self.eliminated = e
        self.meta = m
        self.sections = s

    @classmethod
    def _make(
        cls,
        givens: Sequence[int],
        placed: Sequence[int] | None = None,
        candidates: Sequence[int] | None = None,
        eliminated: Sequence[int] | None = None,
        meta: Mapping[str, str] | None = None,
        sections: Mapping[str, Sequence[str]] | None = None,
    ) -> Grid:
        """The fast constructor for readers and the solver, whose lists are already checked
        (81 values 0-9, masks 0-511, no placed digit on a given, text metadata): no check;
        the lists are frozen (copied into :class:`~puzzlefmt.model.FrozenList`, those
        already frozen shared). With ``__init__``, the only place the fields are filled."""
        grid = cls.__new__(cls)
        # The slots' own setters (bound below the class): the grid is new, so the write-once
        # guard has nothing to guard, and a slot store costs half of object.__setattr__.
        _set_givens(grid, givens if type(givens) is FrozenList else FrozenList(givens))
        _set_placed(grid, _NO_PLACED if placed is None
                    else placed if type(placed) is FrozenList else FrozenList(placed))
        _set_candidates(grid, candidates if candidates is None
                        or type(candidates) is FrozenList else FrozenList(candidates))
        _set_eliminated(grid, eliminated if eliminated is None
                        or type(eliminated) is FrozenList else FrozenList(eliminated))
        _set_meta(grid, meta if type(meta) is FrozenDict
                  else FrozenDict(meta) if meta else _NO_META)
        _set_sections(grid, sections if type(sections) is FrozenDict
                      else FrozenDict({k: frozen_list(v) for k, v in sections.items()})
                      if sections else _NO_SECTIONS)
        return grid

    def replace(
        self,
        *,
        givens: Sequence[int] | str | _Keep | None = _KEEP,
        placed: Sequence[int] | str | _Keep | None = _KEEP,
        candidates: Sequence[int] | _Keep | None = _KEEP,
        eliminated: Sequence[int] | _Keep | None = _KEEP,
        meta: Mapping[str, str] | _Keep | None = _KEEP,
        sections: Mapping[str, Sequence[str]] | _Keep | None = _KEEP,
    ) -> Grid:
        """A new grid with the fields named changed, the others as in this grid (which does
        not change: a grid never does). Each field is taken and checked as ``Grid(...)``
        takes and checks it (``None`` clears it; a given and a placed digit in one cell
        raise ``ValueError``):

        >>> g = Grid(givens="4" + "." * 80)
        >>> h = g.replace(placed=".1" + "." * 79, meta={"A": "me"})
        >>> h.values[:3], g.values[:3], h.meta
        ([4, 1, 0], [4, 0, 0], {'A': 'me'})
        """
        g = self.givens if isinstance(givens, _Keep) else FrozenList(_cells(givens))
        p = self.placed if isinstance(placed, _Keep) else FrozenList(_cells(placed))
        if not (isinstance(givens, _Keep) and isinstance(placed, _Keep)):
            _check_apart(g, p)
        return self._make(
            g,
            p,
            self.candidates if isinstance(candidates, _Keep) else _masks(candidates),
            self.eliminated if isinstance(eliminated, _Keep) else _masks(eliminated),
            self.meta if isinstance(meta, _Keep) else _meta(meta),
            self.sections if isinstance(sections, _Keep) else _sections(sections),
        )

    # ------------------------------------------------------------------ constructors

    @classmethod
    def from_line(cls, line: str) -> Grid:
        """Read an 81-character line (any blank convention; text after the cells is kept as
        ``meta["comment"]``, see :mod:`puzzlefmt.sudoku.formats.line`)."""
        values, rest = split_line(line)
        return cls._make(values, meta={"comment": rest} if rest else None)

    @classmethod
    def from_values(cls, values: Sequence[int] | str) -> Grid:
        """A grid whose givens are ``values`` (81 digits, 0 or ``.`` for empty)."""
        return cls(givens=values)

    def copy(self) -> Grid:
        """A grid equal to this one (another object sharing its frozen fields; seldom
        needed, since a grid never changes)."""
        return self._make(*_FIELD_VALUES(self))

    # ------------------------------------------------------------------ queries

    @property
    def values(self) -> list[int]:
        """Givens and placed digits together (0 = unsolved)."""
        return [g or p for g, p in zip(self.givens, self.placed, strict=True)]

    @property
    def clue_count(self) -> int:
        """Number of givens."""
        return sum(1 for g in self.givens if g)

    @property
    def is_solved(self) -> bool:
        """Every cell holds a digit and no unit repeats one."""
        vals = self.values
        return all(vals) and all(len({vals[i] for i in u}) == 9 for u in UNITS)

    def candidate_masks(self) -> list[int]:
        """Candidates per cell: the recorded ones, else those the values leave open (basic
        elimination). A solved cell's mask is its digit. Eliminations are applied."""
        vals = self.values
        if self.candidates is not None:
            masks = [
                1 << (v - 1) if v else c for v, c in zip(vals, self.candidates, strict=True)
            ]
        else:
            masks = []
            for i in range(81):
                if vals[i]:
                    masks.append(1 << (vals[i] - 1))
                    continue
                seen = 0
                for j in PEERS[i]:
                    if vals[j]:
                        seen |= 1 << (vals[j] - 1)
                masks.append(ALL & ~seen)
        if self.eliminated is not None:
            masks = [
                m if vals[i] else m & ~e
                for i, (m, e) in enumerate(zip(masks, self.eliminated, strict=True))
            ]
        return masks

    def conflicts(self) -> list[tuple[int, int, int]]:
        """Pairs of cells in one unit holding the same digit: ``(cell_a, cell_b, digit)``."""
        return sorted(unit_repeats(self.values))

    def constraint_masks(self) -> list[int] | None:
        """The candidates a solution must respect: recorded candidates less eliminations, per
        cell (all nine where none are recorded); ``None`` when the grid records neither."""
        cand = self.candidates
        elim = self.eliminated
        if cand is None and elim is None:
            return None
        out = [ALL] * 81 if cand is None else list(cand)
        if elim is not None:
            out = [m & ~e for m, e in zip(out, elim, strict=True)]
        return out

    # ------------------------------------------------------------------ the Model protocol

    def problems(self) -> list[Problem]:
        """Rule problems: repeated digits (``"repeated-digit"``, ``where`` the two cells) and
        empty cells with no candidate left (``"no-candidate"``). Empty: the grid breaks no rule
        on its face (it may still have 0 or several solutions)."""
        out = []
        for a, b, d in self.conflicts():
            out.append(Problem("repeated-digit",
                               f"{d} appears twice: {cell_name(a)} and {cell_name(b)}",
                               f"{cell_name(a)},{cell_name(b)}"))
        for i in stuck_cells(self.values, self.constraint_masks()):
            out.append(Problem("no-candidate", f"{cell_name(i)} has no candidate left",
                               cell_name(i)))
        return out

    def status(self) -> Status:
        """The problems as :class:`Status` flags (``Status.VALID``, 0, when there are none)."""
        flags = Status.VALID
        for p in self.problems():
            flags |= _CODES[p.code]
        return flags

    def solve(self, limit: int = 2) -> SolveResult[Grid]:
        """Solutions (up to ``limit`` counted, two kept), each a Grid with this grid's givens
        and metadata and the rest of the solution as placed digits. Placed digits, recorded
        candidates and eliminations are constraints (see :mod:`puzzlefmt.sudoku.solver`)."""
        return self._solve(limit)

    def rate(self, *, steps: bool = True, timeout: float | None = None) -> Any:
        """Sudoku Explainer's rating (ER/EP/ED) with its steps: a
        :class:`~puzzlefmt.sudoku.rating.Rating` (:func:`puzzlefmt.sudoku.rating.rate`)."""
        return self._run("rate", steps=steps, timeout=timeout)

    def hint(self) -> Any:
        """The step Sudoku Explainer would take next: a :class:`~puzzlefmt.sudoku.rating.Step`,
        or ``None`` (:func:`puzzlefmt.sudoku.rating.hint`)."""
        return self._run("hint")

    def contents(self) -> frozenset[str]:
        """What the grid carries, in the words of ``Format.holds``: ``givens``, ``placed``,
        ``candidates``, ``eliminations``, ``comments`` (``meta["comment"]``), ``metadata``
        (any other ``meta``), ``sections``."""
        meta = self.meta
        found = [
            ("givens", any(self.givens)),
            ("placed", any(self.placed)),
            ("candidates", self.candidates is not None),
            ("eliminations", self.eliminated is not None and any(self.eliminated)),
            ("comments", bool(meta.get("comment"))),
            ("metadata", any(k != "comment" for k in meta)),
            ("sections", bool(self.sections)),
        ]
        return frozenset(name for name, present in found if present)

    def _key(self) -> tuple[Any, ...]:
        # Every field is frozen, so hashable as it stands.
        key: tuple[Any, ...] = _FIELD_VALUES(self)
        return key

    def to_json(self) -> dict[str, Any]:
        """Every field, JSON-ready (see ``schemas/sudoku.json``): cells as 81-character
        strings with ``.`` for none, candidate masks as digit strings (``"157"``)."""
        return {
            "family": "sudoku",
            "givens": cells_line(self.givens),
            "placed": cells_line(self.placed),
            "candidates": None if self.candidates is None
            else [digits_of(m) for m in self.candidates],
            "eliminated": None if self.eliminated is None
            else [digits_of(m) for m in self.eliminated],
            "meta": dict(self.meta),
            "sections": {k: list(v) for k, v in self.sections.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Grid:
        """The inverse of :meth:`to_json` (a dict or JSON text); only ``givens`` is required.
        Data the schema refuses raises :class:`~puzzlefmt.errors.PuzzleFormatError`."""
        obj = json_object(data, format="sudoku")
        unknown = sorted(set(obj) - _JSON_KEYS)
        if unknown:
            raise _bad_json("the object", f"only the keys {', '.join(sorted(_JSON_KEYS))}",
                            f"the key {unknown[0]!r}")
        if obj.get("family", "sudoku") != "sudoku":
            raise _bad_json("family", "'sudoku'", repr(obj["family"]))
        if "givens" not in obj:
            raise _bad_json("the object", "the key 'givens'", "none")
        givens = _json_cells(obj["givens"], "givens")
        placed = _json_cells(obj.get("placed", "." * 81), "placed")
        for i in range(81):
            if givens[i] and placed[i]:
                raise _bad_json("placed", f"'.' where a given is ({cell_name(i)})",
                                repr(str(placed[i])))
        meta = obj.get("meta", {})
        if not isinstance(meta, Mapping) or not all(isinstance(v, str) for v in meta.values()):
            raise _bad_json("meta", "an object of strings", _shown(meta))
        sections = obj.get("sections", {})
        if not isinstance(sections, Mapping) or not all(
            isinstance(v, list) and all(isinstance(s, str) for s in v)
            for v in sections.values()
        ):
            raise _bad_json("sections", "an object of lists of strings", _shown(sections))
        return cls(
            givens=givens,
            placed=placed,
            candidates=_json_masks(obj.get("candidates"), "candidates"),
            eliminated=_json_masks(obj.get("eliminated"), "eliminated"),
            meta=meta,
            sections=sections,
        )

    # ------------------------------------------------------------------ text

    def line(self, blank: str = ".", *, values: bool = False, comment: bool = True) -> str:
        """The 81-character line, what the ``line`` format writes (without its newline), with
        the same options and defaults: ``blank`` for empty cells, ``values=True`` to include
        placed digits (a grid without givens writes them in any case: they are all it has),
        ``comment=False`` to leave out ``meta["comment"]`` (written after one space; a comment
        with a line break raises ``ValueError``). :meth:`givens_line`: the givens alone."""
        values = values or not any(self.givens)
        return self._with_comment(cells_line(self.values if values else self.givens, blank),
                                  comment)

    def givens_line(self, blank: str = ".", *, comment: bool = True) -> str:
        """The 81 cells of the givens alone, ``blank`` for every other cell, and the comment
        as :meth:`line` writes it (what a forum CSV or gsf file puts in its puzzle field)."""
        return self._with_comment(cells_line(self.givens, blank), comment)

    def _with_comment(self, out: str, comment: bool) -> str:
        note = self.meta.get("comment")
        if not (comment and note):
            return out
        if "\n" in note or "\r" in note:
            raise ValueError(f"the comment {note!r} has a line break: it cannot go on the line")
        return out + " " + note

    def __str__(self) -> str:
        """Text picture: the Simple Sudoku grid of the values, or the candidate grid when the
        grid records candidates."""
        if self.candidates is not None:
            masks = self.candidate_masks()
            groups = [str(v) if v else digits_of(m)
                      for v, m in zip(self.values, masks, strict=True)]
            return "\n".join(pm_grid_lines(groups, "simple-sudoku"))
        return "\n".join(ss_grid_lines(self.values, "current"))

    def __repr__(self) -> str:
        cells = self.givens_line(comment=False)
        if (
            self.candidates is None
            and not any(self.placed)
            and self.eliminated is None
            and not self.meta
            and not self.sections
        ):
            return f"Grid({cells!r})"
        parts = [f"givens={cells!r}"]
        if any(self.placed):
            parts.append(f"placed={''.join(str(d) for d in self.placed)!r}")
        if self.candidates is not None:
            parts.append(f"candidates={self.candidates!r}")
        if self.eliminated is not None:
            parts.append(f"eliminated={self.eliminated!r}")
        if self.meta:
            parts.append(f"meta={self.meta!r}")
        if self.sections:
            parts.append(f"sections={self.sections!r}")
        return f"Grid({', '.join(parts)})"

    def __reduce__(self) -> tuple[object, ...]:
        # Compact pickles: batch workers receive grids by the thousand.
        return (
            _unpickle,
            (
                bytes(self.givens),
                bytes(self.placed) if any(self.placed) else None,
                None if self.candidates is None else tuple(self.candidates),
                None if self.eliminated is None else tuple(self.eliminated),
                dict(self.meta) if self.meta else None,
                {k: list(v) for k, v in self.sections.items()} if self.sections else None,
            ),
        )


#: A grid's field values, in :data:`FIELDS` order (one C call).
_FIELD_VALUES = operator.attrgetter(*FIELDS)


def _slot_setter(name: str) -> Callable[[Grid, Any], None]:
    setter: Callable[[Grid, Any], None] = Grid.__dict__[name].__set__
    return setter


_set_givens = _slot_setter("givens")
_set_placed = _slot_setter("placed")
_set_candidates = _slot_setter("candidates")
_set_eliminated = _slot_setter("eliminated")
_set_meta = _slot_setter("meta")
_set_sections = _slot_setter("sections")


def _unpickle(
    givens: bytes,
    placed: bytes | None,
    candidates: Sequence[int] | None,
    eliminated: Sequence[int] | None,
    meta: dict[str, str] | None,
    sections: dict[str, list[str]] | None,
) -> Grid:
    return Grid._make(givens, placed, candidates, eliminated, meta, sections)


def _check_apart(givens: Sequence[int], placed: Sequence[int]) -> None:
    for i in range(81):
        if givens[i] and placed[i]:
            raise ValueError(f"{cell_name(i)} has both a given and a placed digit")


def _meta(src: Mapping[str, str] | None) -> FrozenDict[str, str]:
    if not src:
        return _NO_META
    out = FrozenDict(src)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in out.items()):
        raise TypeError("meta: expected text names and text values")
    return out


def _sections(src: Mapping[str, Sequence[str]] | None) -> FrozenDict[str, FrozenList[str]]:
    if not src:
        return _NO_SECTIONS
    out = FrozenDict({k: FrozenList(v) for k, v in src.items()})
    if not all(isinstance(k, str) and all(isinstance(x, str) for x in v)
               for k, v in out.items()):
        raise TypeError("sections: expected text names and lists of text lines")
    return out


def _cells(src: Sequence[int] | str | None) -> list[int]:
    if src is None:
        return [0] * 81
    if isinstance(src, str):
        if len(src) != 81:
            raise ValueError(f"expected 81 cells, found {len(src)}")
        return [int(c) if c in "123456789" else 0 for c in src]
    try:
        out = [int(v) for v in src]
        ok = len(out) == 81 and min(out) >= 0 and max(out) <= 9
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ValueError("expected 81 digits from 0 to 9")
    return out


def _masks(src: Sequence[int] | None) -> FrozenList[int] | None:
    if src is None:
        return None
    try:
        out = [int(v) for v in src]
        ok = len(out) == 81 and all(0 <= v <= ALL for v in out)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ValueError("expected 81 candidate masks from 0 to 511")
    return FrozenList(out)


# --------------------------------------------------------------------------- JSON

_JSON_KEYS = frozenset({"family", "givens", "placed", "candidates", "eliminated", "meta",
                        "sections"})
_CELL_CHARS = frozenset(".123456789")


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _bad_json(field: str, expected: str, found: str) -> PuzzleFormatError:
    return PuzzleFormatError(f"{field}: expected {expected}, found {found}", format="sudoku",
                             expected=expected, found=found)


def _json_cells(value: object, field: str) -> list[int]:
    if not isinstance(value, str) or len(value) != 81 or not set(value) <= _CELL_CHARS:
        raise _bad_json(field, "81 characters, digits 1-9 and '.'", _shown(value))
    return [0 if c == "." else ord(c) - 48 for c in value]


def _json_masks(value: object, field: str) -> list[int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 81:
        raise _bad_json(field, "null or a list of 81 digit groups", _shown(value))
    out = []
    for k, group in enumerate(value):
        mask = mask_of(_group_digits(group)) if isinstance(group, str) else -1
        if mask < 0 or digits_of(mask) != group:
            raise _bad_json(f"{field}[{k}]", "ascending digits 1-9, each once (\"157\")",
                            _shown(group))
        out.append(mask)
    return out


def _group_digits(group: str) -> list[int]:
    return [ord(c) - 48 for c in group if c in "123456789"]
