"""Hypothesis strategies for Sudoku grids, one per format's domain (what the format can hold)."""

from __future__ import annotations

from hypothesis import strategies as st

from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.formats._pencilmarks import settled

cells = st.lists(st.integers(0, 9), min_size=81, max_size=81)
sparse_cells = st.lists(
    st.one_of(st.just(0), st.just(0), st.integers(1, 9)), min_size=81, max_size=81
)
masks_nonzero = st.lists(st.integers(1, 511), min_size=81, max_size=81)
masks_any = st.lists(st.integers(0, 511), min_size=81, max_size=81)

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
    return Grid(givens=draw(st.lists(st.integers(1, 9), min_size=81, max_size=81)))


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
    placed = [0 if g else draw(st.sampled_from([0, 0, 0, 2, 7])) for g in givens]
    masks = [1 << (g or p) - 1 if (g or p) else draw(st.integers(0, 511))
             for g, p in zip(givens, placed, strict=True)]
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
    placed = [0 if g else draw(st.sampled_from([0, 0, 0, 1, 5, 9])) for g in givens]
    eliminated = None
    if draw(st.booleans()):
        eliminated = [0 if (gv or pv) else draw(st.sampled_from([0, 0, 1, 6, 256]))
                      for gv, pv in zip(givens, placed, strict=True)]
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
    givens = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2, 5, 9]), min_size=81, max_size=81))
    pl = [0 if g or not placed else draw(st.sampled_from([0, 0, 0, 3, 7])) for g in givens]
    masks = None
    if candidates:
        low = 0 if zero else 1
        masks = []
        for g, p in zip(givens, pl, strict=True):
            if g or p:
                masks.append(1 << ((g or p) - 1))
            else:
                m = draw(st.integers(low, 511))
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
            info["solution"] = "".join(draw(st.lists(st.sampled_from("123456789."),
                                                     min_size=81, max_size=81)))
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
    givens = draw(st.lists(st.one_of(st.just(0), st.just(0), st.integers(1, 9)),
                           min_size=81, max_size=81))
    placed = [0 if g else draw(st.sampled_from([0, 0, 0, 1, 5, 9])) for g in givens]
    candidates = None
    if draw(st.booleans()):
        candidates = draw(st.lists(st.one_of(st.just(0), st.integers(0, 511)),
                                   min_size=81, max_size=81))
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
