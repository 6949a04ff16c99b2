"""Hypothesis strategies for the Sudoku engine: symmetries, relabellings, grids derived from a
known solution grid."""

from __future__ import annotations

from hypothesis import strategies as st

from puzzlefmt.sudoku.canon import Transform

# A valid solution grid (tdoku's first test puzzle's solution).
GRID = "652483917978162435314975628825736149791824563436519872269348751547291386183657294"


@st.composite
def line_perms(draw: st.DrawFn) -> tuple[int, ...]:
    """A permutation of 0-8 keeping the three groups of three whole (bands or stacks)."""
    groups = draw(st.permutations(range(3)))
    out: list[int] = []
    for g in groups:
        inner = draw(st.permutations(range(3)))
        out.extend(3 * g + x for x in inner)
    return tuple(out)


@st.composite
def transforms(draw: st.DrawFn) -> Transform:
    """Any of the 3,359,232 positional symmetries with any digit relabelling."""
    return Transform(
        transpose=draw(st.booleans()),
        rows=draw(line_perms()),
        cols=draw(line_perms()),
        digits=tuple(draw(st.permutations(range(1, 10)))),
    )


@st.composite
def puzzles(draw: st.DrawFn, min_clues: int = 0, max_clues: int = 81) -> list[int]:
    """A random subset of the cells of :data:`GRID`, relabelled: a valid puzzle (any number
    of solutions)."""
    digits = draw(st.permutations(range(1, 10)))
    cells = draw(
        st.lists(
            st.integers(0, 80), min_size=min_clues, max_size=max(min_clues, max_clues), unique=True
        )
    )
    keep = set(cells)
    return [digits[int(v) - 1] if i in keep else 0 for i, v in enumerate(GRID)]


@st.composite
def scrambles(draw: st.DrawFn) -> list[int]:
    """81 cells of random digits and blanks, rules ignored (repeats allowed)."""
    density = draw(st.sampled_from([0.1, 0.25, 0.4]))
    cells = draw(st.lists(st.floats(0, 1), min_size=81, max_size=81))
    values = draw(st.lists(st.integers(1, 9), min_size=81, max_size=81))
    return [v if x < density else 0 for v, x in zip(values, cells, strict=True)]
