"""Hypothesis strategies for Keen puzzles: cage layouts, clues, solvable puzzles, game IDs."""

from __future__ import annotations

from hypothesis import strategies as st

from puzzlefmt.keen import Cage, Difficulty, Op, Puzzle
from puzzlefmt.keen.gameid import edge_pairs


def _components(size: int, shared: list[bool]) -> list[list[int]]:
    """The cages made by the shared edges (one flag per block-structure edge)."""
    parent = list(range(size * size))

    def find(a: int) -> int:
        while parent[a] != a:
            a = parent[a]
        return a

    for (a, b), joined in zip(edge_pairs(size), shared, strict=True):
        if joined:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[int]] = {}
    for cell in range(size * size):
        groups.setdefault(find(cell), []).append(cell)
    return list(groups.values())


@st.composite
def layouts(draw: st.DrawFn, size: int, *, join: float | None = None) -> list[list[int]]:
    """A partition of a ``size`` grid into connected cages: every edge is shared or a wall,
    at random (``join``: the chance an edge is shared; drawn when not given)."""
    if size == 1:
        return [[0]]
    p = draw(st.sampled_from([0.1, 0.3, 0.5, 0.7])) if join is None else join
    n_edges = 2 * size * (size - 1)
    # One byte an edge, of one draw (a list of floats cost Hypothesis far more an example);
    # zero bytes share every edge, so a failure shrinks towards one big cage.
    cut = round(p * 256)
    raw = draw(st.binary(min_size=n_edges, max_size=n_edges))
    return _components(size, [b < cut for b in raw])


def _clue(cells: list[int], raw: bytes) -> Cage:
    """A cage's clue from 5 bytes: its operation, and a target that is small (1-60), any
    (0 to 10**7, either end often) or none."""
    ops = [Op.ADD, Op.MUL] + ([Op.SUB, Op.DIV] if len(cells) == 2 else [])
    kind, wide = raw[1] % 5, int.from_bytes(raw[2:], "big")
    target = (1 + wide % 60 if kind == 0 else wide % (10**7 + 1) if kind == 1 else
              None if kind == 2 else 0 if kind == 3 else 10**7)
    return Cage(tuple(cells), ops[raw[0] % len(ops)], target)


def _clues(draw: st.DrawFn, layout: list[list[int]]) -> list[Cage]:
    """A clue a cage, from one draw of bytes."""
    raw = draw(st.binary(min_size=5 * len(layout), max_size=5 * len(layout)))
    return [_clue(cells, raw[5 * i : 5 * i + 5]) for i, cells in enumerate(layout)]


params = st.tuples(st.one_of(st.none(), st.sampled_from(list(Difficulty))), st.booleans())


@st.composite
def puzzles(draw: st.DrawFn, min_size: int = 1, max_size: int = 9,
            *, with_solution: bool | None = None) -> Puzzle:
    """Any puzzle the format can hold: random layout, random clues and targets (empty ones
    too), random parameters, and sometimes a solution-shaped list of digits."""
    size = draw(st.integers(min_size, max_size))
    cages = _clues(draw, draw(layouts(size)))
    difficulty, mult = draw(params)
    solution = None
    want = draw(st.booleans()) if with_solution is None else with_solution
    if want:
        raw = draw(st.binary(min_size=size * size, max_size=size * size))
        solution = [1 + b % size for b in raw]
    return Puzzle.from_cages(size, cages, solution=solution, difficulty=difficulty,
                             multiplication_only=mult)


@st.composite
def latin_squares(draw: st.DrawFn, size: int) -> list[int]:
    """A Latin square: a cyclic one with rows, columns and symbols permuted."""
    rows = draw(st.permutations(range(size)))
    cols = draw(st.permutations(range(size)))
    symbols = draw(st.permutations(range(1, size + 1)))
    return [symbols[(rows[r] + cols[c]) % size] for r in range(size) for c in range(size)]


@st.composite
def solvable_puzzles(draw: st.DrawFn, min_size: int = 1, max_size: int = 6,
                     max_cage: int = 5) -> Puzzle:
    """A puzzle made from a Latin square (attached as its solution): random cages of at
    most ``max_cage`` cells, random operations, the targets the square's digits make."""
    size = draw(st.integers(min_size, max_size))
    square = draw(latin_squares(size))
    cages: list[Cage] = []
    for cells in draw(layouts(size)):
        parts = [cells[i : i + max_cage] for i in range(0, len(cells), max_cage)]
        for part in _connected_parts(part_cells=parts, size=size):
            digits = [square[c] for c in part]
            ops = [Op.ADD, Op.MUL]
            hi, lo = max(digits), min(digits)
            if len(part) == 2:
                ops.append(Op.SUB)
                if hi % lo == 0:
                    ops.append(Op.DIV)
            op = draw(st.sampled_from(ops))
            if op is Op.ADD:
                target = sum(digits)
            elif op is Op.MUL:
                target = 1
                for d in digits:
                    target *= d
            elif op is Op.SUB:
                target = hi - lo
            else:
                target = hi // lo
            cages.append(Cage(tuple(part), op, target))
    return Puzzle.from_cages(size, cages, solution=square)


def _connected_parts(part_cells: list[list[int]], size: int) -> list[list[int]]:
    """Split pieces further into connected pieces (cutting a cage can disconnect it)."""
    out: list[list[int]] = []
    for piece in part_cells:
        left = set(piece)
        while left:
            start = min(left)
            comp = {start}
            stack = [start]
            while stack:
                cell = stack.pop()
                r, c = divmod(cell, size)
                for nb in (cell - size if r else -1, cell + size if r + 1 < size else -1,
                           cell - 1 if c else -1, cell + 1 if c + 1 < size else -1):
                    if nb in left and nb not in comp:
                        comp.add(nb)
                        stack.append(nb)
            out.append(sorted(comp))
            left -= comp
    return out


game_ids = puzzles().map(lambda p: p.game_id(on_misread="ignore"))


@st.composite
def seed_ids(draw: st.DrawFn) -> Puzzle:
    """A random-seed ID: parameters, and any seed text the real program takes (anything but
    NUL: line breaks and surrounding blanks too). Sizes 3 to 5 are expanded to the game's
    puzzle; sizes Keen does not make (1, 2, 10 to 32) have no cages. Sizes 6 to 9 are left
    out here (expanding one can take a second): tests/keen/test_keen_seed.py covers them."""
    difficulty, mult = draw(params)
    seed = draw(st.text(alphabet=st.characters(blacklist_characters="\x00",
                                               blacklist_categories=("Cs",)), max_size=20))
    size = draw(st.sampled_from([1, 2, 3, 4, 5, *range(10, 33)]))
    return Puzzle.from_seed(size, seed, difficulty=difficulty, multiplication_only=mult)


def any_puzzles(max_size: int = 9) -> st.SearchStrategy[Puzzle]:
    """Puzzles of every kind a model can hold: :func:`puzzles` and :func:`seed_ids`."""
    return st.one_of(puzzles(max_size=max_size), seed_ids())
