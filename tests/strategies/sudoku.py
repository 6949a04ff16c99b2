"""Hypothesis strategies for Sudoku grids, one per format's domain (what the format can hold)."""

from __future__ import annotations

from hypothesis import strategies as st

from puzzlefmt.sudoku import Grid

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
    g = Grid(givens=draw(sparse_cells))
    if comment and draw(st.booleans()):
        g.meta["comment"] = draw(comment_text)
    return g


@st.composite
def full_grids(draw: st.DrawFn) -> Grid:
    return Grid(givens=draw(st.lists(st.integers(1, 9), min_size=81, max_size=81)))


@st.composite
def candidate_grids(draw: st.DrawFn, *, allow_empty: bool = False) -> Grid:
    g = Grid()
    g.candidates = draw(masks_any if allow_empty else masks_nonzero)
    return g


@st.composite
def progress_grids(draw: st.DrawFn) -> Grid:
    """Givens, placed digits and struck-out candidates (what .ss records and HoDoKu keep)."""
    givens = draw(sparse_cells)
    placed = [0 if g else draw(st.sampled_from([0, 0, 0, 1, 5, 9])) for g in givens]
    g = Grid(givens=givens, placed=placed)
    if draw(st.booleans()):
        g.eliminated = [0 if (gv or pv) else draw(st.sampled_from([0, 0, 1, 6, 256]))
                        for gv, pv in zip(givens, placed, strict=True)]
    return g


@st.composite
def ss_grids(draw: st.DrawFn) -> Grid:
    """Either progress (records) or candidates (appended grid): what .ss round-trips."""
    if draw(st.booleans()):
        return draw(progress_grids())
    givens = draw(sparse_cells)
    g = Grid(givens=givens)
    g.candidates = [1 << (v - 1) if v else draw(st.integers(1, 511)) for v in givens]
    return g


_letters = st.sampled_from(list("ADCBSLUNHXQZ"))
_meta_value = st.text(_printable, min_size=0, max_size=25).map(str.rstrip)


@st.composite
def sdk_grids(draw: st.DrawFn) -> Grid:
    g = Grid(givens=draw(sparse_cells))
    for key in draw(st.lists(_letters, unique=True, max_size=5)):
        g.meta[key] = draw(_meta_value)
    if draw(st.booleans()):
        g.sections["Puzzle"] = []
    for name in draw(st.lists(st.sampled_from(["State", "PencilMarks", "Colours"]),
                              unique=True, max_size=2)):
        body = draw(st.lists(st.text("123456789.", min_size=1, max_size=9), max_size=3))
        g.sections[name] = body
    return g


_field = st.text(st.characters(min_codepoint=32, max_codepoint=126, exclude_characters=":"),
                 max_size=12)


@st.composite
def hodoku_grids(draw: st.DrawFn) -> Grid:
    g = draw(progress_grids())
    g.meta.update({"technique": draw(_field), "candidates": draw(_field),
                   "eliminations": draw(_field), "placements": draw(_field)})
    if draw(st.booleans()):
        g.meta["extra"] = draw(_field)
    if g.eliminated is not None and not any(g.eliminated):
        g.eliminated = None
    return g


_csv_value = st.text(st.characters(min_codepoint=32, max_codepoint=126,
                                   exclude_characters='",'), max_size=10)


@st.composite
def forum_grids(draw: st.DrawFn, names: tuple[str, ...] = ("Label", "ER", "EP", "ED")) -> Grid:
    g = Grid(givens=draw(sparse_cells))
    for n in names:
        g.meta[n] = draw(_csv_value)
    return g


def any_grids() -> st.SearchStrategy[Grid]:
    """A grid of any of the shapes above: what a writer may be handed (its format's domain
    or not)."""
    return st.one_of(givens_grids(comment=True), full_grids(), candidate_grids(allow_empty=True),
                     progress_grids(), ss_grids(), sdk_grids(), hodoku_grids(), forum_grids())
