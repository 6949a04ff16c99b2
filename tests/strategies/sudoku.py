"""Hypothesis strategies for Sudoku grids, one per format's domain (what the format can hold)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hypothesis import strategies as st

from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.formats._pencilmarks import settled

# Per-cell values come from one ``st.binary`` draw of a byte (or two) a cell, mapped: a list
# of 81 separate draws costs Hypothesis 7-15 ms an example, the suite's largest share of CPU,
# one draw of bytes under 2 ms. Zero bytes map to the simplest value (an empty cell, the
# lowest mask), so a failure still shrinks towards the empty grid; the mappings keep the
# boundary values (all nine candidates, a single one) frequent.


def _per_cell(width: int, value: Callable[[bytes], int]) -> st.SearchStrategy[list[int]]:
    """81 values, each made by ``value`` from ``width`` bytes of one draw."""
    size = 81 * width
    return st.binary(min_size=size, max_size=size).map(
        lambda raw: [value(raw[i:i + width]) for i in range(0, size, width)])


def _digit_or_zero(b: bytes) -> int:
    return b[0] % 10


def _sparse(b: bytes) -> int:
    """About two cells in three empty, as a puzzle's clues."""
    return 0 if b[0] < 171 else 1 + b[0] % 9


def _mask(b: bytes, *, zero: bool) -> int:
    """A candidate mask: all nine, a single digit, none (``zero``) often; else any."""
    kind, low = b[0] >> 4, b[0] << 8 | b[1]
    if kind == 15:
        return 511
    if kind == 14:
        return 1 << b[1] % 9
    if kind == 13 and zero:
        return 0
    return low % 512 if zero else 1 + low % 511


def choices(values: Sequence[int]) -> st.SearchStrategy[list[int]]:
    """81 picks from ``values`` (the first the most likely when it is repeated), one a cell."""
    return _per_cell(1, lambda b: values[b[0] % len(values)])


cells = _per_cell(1, _digit_or_zero)
sparse_cells = _per_cell(1, _sparse)
masks_nonzero = _per_cell(2, lambda b: _mask(b, zero=False))
masks_any = _per_cell(2, lambda b: _mask(b, zero=True))
full_cells = _per_cell(1, lambda b: 1 + b[0] % 9)

_printable = st.characters(min_codepoint=32, max_codepoint=0x2FF, exclude_characters="\x7f")
comment_text = st.text(_printable, min_size=1, max_size=30).map(str.strip).filter(bool)


@st.composite
def givens_grids(draw: st.DrawFn, *, comment: bool = False) -> Grid:
    givens = draw(sparse_cells)
    meta = {}
    if comment and draw(st.booleans()):
        meta["comment"] = draw(comment_text)
    return Grid(givens=givens, meta=meta)


@st.composite
def full_grids(draw: st.DrawFn) -> Grid:
    return Grid(givens=draw(full_cells))


@st.composite
def candidate_grids(draw: st.DrawFn, *, allow_empty: bool = False) -> Grid:
    return Grid(candidates=draw(masks_any if allow_empty else masks_nonzero))


@st.composite
def pm_grids(draw: st.DrawFn, *, marks: bool = False, step: bool = False) -> Grid:
    """Candidate grids as a PM grid holds them: a one-candidate cell is placed unless a peer
    still has its digit (the reading of every candidate-grid format); with ``marks``/``step``,
    HoDoKu's step marks and step text as metadata."""
    masks = draw(masks_nonzero)
    meta = {}
    if marks and draw(st.booleans()):
        items = []
        for i in sorted(draw(st.sets(st.integers(0, 80), min_size=1, max_size=8))):
            digits = [d for d in "123456789" if masks[i] >> (int(d) - 1) & 1]
            mark = draw(st.sampled_from(["", "*", "#", "@", "A", "B", "C"]))
            struck = "".join(sorted(draw(st.sets(st.sampled_from(digits), max_size=3))))
            if mark or struck:
                items.append(f"r{i // 9 + 1}c{i % 9 + 1}{mark}" + (f"-{struck}" if struck
                                                                   else ""))
        if items:
            meta["marks"] = " ".join(items)
    if step and draw(st.booleans()):
        meta["step"] = "\n".join(draw(st.lists(step_lines, min_size=1, max_size=3)))
    return Grid(placed=settled(masks), candidates=masks, meta=meta)


step_lines = st.one_of(
    st.sampled_from([
        "Hidden Single: r6c7=2",
        "Naked Pair: 1,9 in r1c25 => r1c9<>19",
        "Finned X-Wing: 5 r19 c58 fr9c6 => r8c5<>5",
        "ALS-XZ: A=r4c23 {568}, B=r5c2 {48}, X=8, Z=5 => r4c1<>5",
        "Forcing Chain Verity => r1c2=3",
        "  r1c1=2 r1c1<>4 r2c1=4 r2c2<>4",
    ]),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=30)
    .map(lambda t: ("Step " + t).rstrip()),
)


@st.composite
def hodoku_txt_grids(draw: st.DrawFn) -> Grid:
    """Givens, placed digits and every cell's candidates (a solved cell's is its digit): what
    HoDoKu's "PM grid plus givens" file holds."""
    givens = draw(sparse_cells)
    placed = [0 if g else p for g, p in zip(givens, draw(choices([0, 0, 0, 2, 7])), strict=True)]
    masks = [1 << (g or p) - 1 if (g or p) else m
             for g, p, m in zip(givens, placed, draw(masks_any), strict=True)]
    return Grid(givens=givens, placed=placed, candidates=masks)


_q2_field = st.text(st.characters(min_codepoint=33, max_codepoint=126, exclude_characters=","),
                    max_size=12)


@st.composite
def gsf_q2_grids(draw: st.DrawFn) -> Grid:
    """What a gsf q2 line holds: the puzzle and at least six other fields."""
    givens = draw(sparse_cells)
    meta = {}
    extra = draw(st.integers(2, 5))
    for k in [1, 2, 3, 4, *range(6, 6 + extra)]:
        field = _q2_field.filter(lambda t: not t.startswith("#")) if k == 1 else _q2_field
        meta[f"column{k}"] = draw(field)
    if draw(st.booleans()):
        meta["comment"] = draw(_q2_field.filter(bool))
    return Grid(givens=givens, meta=meta)


@st.composite
def progress_grids(draw: st.DrawFn) -> Grid:
    """Givens, placed digits and struck-out candidates (what .ss records and HoDoKu keep)."""
    givens = draw(sparse_cells)
    placed = [0 if g else p for g, p in zip(givens, draw(choices([0, 0, 0, 1, 5, 9])),
                                            strict=True)]
    eliminated = None
    if draw(st.booleans()):
        eliminated = [0 if (gv or pv) else e for gv, pv, e in
                      zip(givens, placed, draw(choices([0, 0, 1, 6, 256])), strict=True)]
    return Grid(givens=givens, placed=placed, eliminated=eliminated)


@st.composite
def ss_grids(draw: st.DrawFn) -> Grid:
    """Givens, placed digits and struck-out candidates: what .ss round-trips (a grid's
    candidates are written as the candidates struck out, and read back as such)."""
    return draw(progress_grids())


_letters = st.sampled_from(list("ADCBSLUNHXQZ"))
_meta_value = st.text(_printable, min_size=0, max_size=25).map(str.rstrip)


@st.composite
def sdk_grids(draw: st.DrawFn) -> Grid:
    givens = draw(sparse_cells)
    meta = {}
    for key in draw(st.lists(_letters, unique=True, max_size=5)):
        meta[key] = draw(_meta_value)
    sections: dict[str, list[str]] = {}
    if draw(st.booleans()):
        sections["Puzzle"] = []
    for name in draw(st.lists(st.sampled_from(["State", "PencilMarks", "Colours"]),
                              unique=True, max_size=2)):
        body = draw(st.lists(st.text("123456789.", min_size=1, max_size=9), max_size=3))
        sections[name] = body
    return Grid(givens=givens, meta=meta, sections=sections)


_field = st.text(st.characters(min_codepoint=32, max_codepoint=126, exclude_characters=":"),
                 max_size=12)


@st.composite
def hodoku_grids(draw: st.DrawFn) -> Grid:
    g = draw(progress_grids())
    meta = {"technique": draw(_field), "candidates": draw(_field),
            "eliminations": draw(_field), "placements": draw(_field)}
    if draw(st.booleans()):
        meta["extra"] = draw(_field)
    eliminated = g.eliminated
    if eliminated is not None and not any(eliminated):
        eliminated = None
    return g.replace(meta={**g.meta, **meta}, eliminated=eliminated)


_csv_value = st.text(st.characters(min_codepoint=32, max_codepoint=126,
                                   exclude_characters='",'), max_size=10)


@st.composite
def forum_grids(draw: st.DrawFn, names: tuple[str, ...] = ("Label", "ER", "EP", "ED")) -> Grid:
    givens = draw(sparse_cells)
    return Grid(givens=givens, meta={n: draw(_csv_value) for n in names})


@st.composite
def web_grids(draw: st.DrawFn, *, candidates: bool, placed: bool = True, meta: bool = False,
           singles: bool = True, zero: bool = False) -> Grid:
    """Clues, solved cells and (``candidates``) a candidate mask a cell, as the web
    strings hold them; ``meta`` adds the f-puzzles title, author, rules and solution."""
    givens = draw(choices([0, 0, 0, 1, 2, 5, 9]))
    pl = [0 if g or not placed else p
          for g, p in zip(givens, draw(choices([0, 0, 0, 3, 7])), strict=True)]
    masks = None
    if candidates:
        masks = []
        drawn = draw(masks_any if zero else masks_nonzero)
        for g, p, m in zip(givens, pl, drawn, strict=True):
            if g or p:
                masks.append(1 << ((g or p) - 1))
            else:
                if not singles and m and not m & (m - 1):
                    m |= 0b110000000 if m < 64 else 0b11
                masks.append(m)
    info: dict[str, str] = {}
    if meta:
        text = st.text(st.characters(min_codepoint=1, max_codepoint=0x1FFFF,
                                     exclude_categories=("Cs",)), max_size=20)
        for key in ("title", "author", "rules"):
            if draw(st.booleans()):
                info[key] = draw(text)
        if draw(st.booleans()):
            info["solution"] = "".join("123456789."[d] for d in draw(choices(range(10))))
            if info["solution"] == "." * 81:
                del info["solution"]
    return Grid(givens=givens, placed=pl, candidates=masks, meta=info)


def wiki_grids() -> st.SearchStrategy[Grid]:
    """What a sudokuwiki.org string holds: clues alone, or clues, solved cells, candidates."""
    return st.one_of(web_grids(candidates=False, placed=False), web_grids(candidates=True))


def fpuzzles_grids() -> st.SearchStrategy[Grid]:
    """What an f-puzzles payload holds: a sudokuwiki grid, with title, author, rules and a
    solution."""
    return st.one_of(web_grids(candidates=False, meta=True), web_grids(candidates=True, meta=True))


@st.composite
def solo_id_grids(draw: st.DrawFn) -> Grid:
    """What a Solo game ID holds: clues, and the parameters beyond the 3x3 shape."""
    givens = draw(sparse_cells)
    meta = {}
    if draw(st.booleans()):
        meta["solo-params"] = draw(st.sampled_from(["3x3db", "3x3a", "3x3m4du"]))
    return Grid(givens=givens, meta=meta)


@st.composite
def solo_grids(draw: st.DrawFn) -> Grid:
    """Givens, placed digits and pencil marks (None or a mask per cell, zeros allowed)."""
    givens = draw(sparse_cells)
    placed = [0 if g else p for g, p in zip(givens, draw(choices([0, 0, 0, 1, 5, 9])),
                                            strict=True)]
    candidates = None
    if draw(st.booleans()):  # a cell in two without marks (0), as one_of(just(0), masks)
        candidates = [m if keep else 0 for m, keep in
                      zip(draw(masks_any), draw(choices([0, 1])), strict=True)]
        if not any(candidates):
            candidates = None
    meta = {}
    if draw(st.booleans()):
        meta["solo-params"] = draw(st.sampled_from(["3x3db", "3x3a", "3x3m4du"]))
    return Grid(givens=givens, placed=placed, candidates=candidates, meta=meta)


def web_and_solo_domains() -> dict[str, st.SearchStrategy[Grid]]:
    """Format name -> the grids it holds completely, for the web strings and Solo formats."""
    return {
        "sudokuwiki": wiki_grids(),
        "sudokuwiki-link": wiki_grids(),
        "fpuzzles": fpuzzles_grids(),
        "fpuzzles-link": fpuzzles_grids(),
        "sudokupad-link": fpuzzles_grids(),
        "solo": solo_id_grids(),
        "solo-save": solo_grids(),
    }


def any_grids() -> st.SearchStrategy[Grid]:
    """A grid of any of the shapes above: what a writer may be handed (its format's domain
    or not)."""
    return st.one_of(givens_grids(comment=True), full_grids(), candidate_grids(allow_empty=True),
                     progress_grids(), ss_grids(), sdk_grids(), hodoku_grids(), forum_grids(),
                     pm_grids(marks=True, step=True), hodoku_txt_grids(), gsf_q2_grids())
