"""Making Keen puzzles of a chosen difficulty, the way the real generator goes about it.

A random Latin square is the solution; the grid is cut into cages by placing dominoes at
random, then folding the cells left over into neighbouring cages (at most 6 cells a cage);
each cage gets an operation its digits allow (subtraction and division only on dominoes,
avoiding the clues the real program finds too easy) and the target its digits make. The
puzzle is kept when :func:`~puzzlefmt.keen.grade.grade` gives exactly the difficulty asked
for. This is not keen.c's random stream: a seed here does not give Keen's puzzle for that
seed, only a reproducible one of the same kind.
"""

from __future__ import annotations

import random

from puzzlefmt.keen.grade import grade
from puzzlefmt.keen.model import MAX_SIZE, Cage, Difficulty, Op, Puzzle

__all__ = ["MAX_CAGE", "generate", "random_latin_square", "random_puzzle"]

#: The real generator's largest cage.
MAX_CAGE = 6


def random_latin_square(size: int, rng: random.Random) -> list[int]:
    """A random Latin square (row-major digits 1..size): a cyclic square with its rows,
    columns and symbols shuffled."""
    rows = list(range(size))
    cols = list(range(size))
    symbols = list(range(1, size + 1))
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(symbols)
    return [symbols[(rows[r] + cols[c]) % size] for r in range(size) for c in range(size)]


def _cages(size: int, rng: random.Random) -> list[list[int]] | None:
    """Dominoes first (each with probability 3/4), then leftover cells folded into a
    neighbouring cage below the size limit; ``None`` if a cell is left alone."""
    n = size * size
    order = list(range(n))
    rng.shuffle(order)
    rank = {cell: i for i, cell in enumerate(order)}
    owner = list(range(n))
    members = {c: [c] for c in range(n)}

    def neighbours(cell: int) -> list[int]:
        r, c = divmod(cell, size)
        out = []
        if c > 0:
            out.append(cell - 1)
        if c + 1 < size:
            out.append(cell + 1)
        if r > 0:
            out.append(cell - size)
        if r + 1 < size:
            out.append(cell + size)
        return out

    def merge(a: int, b: int) -> None:
        ra, rb = owner[a], owner[b]
        for cell in members[rb]:
            owner[cell] = ra
        members[ra].extend(members.pop(rb))

    single = [True] * n
    for cell in range(n):
        if not single[cell]:
            continue
        free = [nb for nb in neighbours(cell) if single[nb]]
        if free and rng.randrange(4):
            best = min(free, key=rank.__getitem__)
            single[cell] = single[best] = False
            merge(cell, best)
    for cell in range(n):
        if not single[cell]:
            continue
        room = [nb for nb in neighbours(cell) if len(members[owner[nb]]) < MAX_CAGE]
        if not room:
            return None
        best = min(room, key=rank.__getitem__)
        single[cell] = single[best] = False
        merge(best, cell)
    return [sorted(cells) for cells in members.values()]


def _clue(cells: list[int], grid: list[int], size: int, difficulty: Difficulty,
          mult_only: bool, rng: random.Random) -> Cage:
    digits = [grid[c] for c in cells]
    product = 1
    for d in digits:
        product *= d
    if mult_only:
        return Cage(tuple(cells), Op.MUL, product)
    if len(cells) != 2:
        op = rng.choice((Op.ADD, Op.MUL))
        return Cage(tuple(cells), op, sum(digits) if op is Op.ADD else product)
    hi, lo = max(digits), min(digits)
    good: list[Op] = []
    if 4 < hi + lo < 2 * size - 2:
        good.append(Op.ADD)
    ways = sum(1 for k in range(1, size + 1)
               if product % k == 0 and product // k <= size and product // k != k)
    if ways > 2 or difficulty <= Difficulty.NORMAL:
        good.append(Op.MUL)
    if hi - lo < size - 1:
        good.append(Op.SUB)
    if hi % lo == 0 and 2 * (hi // lo) <= size:
        good.append(Op.DIV)
    op = rng.choice(good or [Op.ADD, Op.MUL])
    target = {Op.ADD: hi + lo, Op.MUL: product, Op.SUB: hi - lo, Op.DIV: hi // lo}[op]
    return Cage(tuple(cells), op, target)


def random_puzzle(
    size: int,
    rng: random.Random | int | None = None,
    *,
    difficulty: Difficulty = Difficulty.NORMAL,
    multiplication_only: bool = False,
) -> Puzzle:
    """One random puzzle with its solution attached (not necessarily of unique solution)."""
    if not 1 <= size <= MAX_SIZE:
        raise ValueError(f"size must be from 1 to {MAX_SIZE}, not {size}")
    r = rng if isinstance(rng, random.Random) else random.Random(rng)
    while True:
        grid = random_latin_square(size, r)
        layout = _cages(size, r)
        if layout is None:
            continue
        cages = [_clue(c, grid, size, difficulty, multiplication_only, r) for c in layout]
        return Puzzle.from_cages(size, cages, solution=grid,
                                 multiplication_only=multiplication_only)


def generate(
    size: int,
    difficulty: Difficulty | str = Difficulty.NORMAL,
    *,
    seed: int | str | None = None,
    multiplication_only: bool = False,
    tries: int = 10_000,
) -> Puzzle:
    """A puzzle of exactly ``difficulty`` (as :func:`grade` has it), with a unique solution,
    the solution attached and the difficulty in its parameters. Sizes 3 to 9, like Keen (a
    3x3 puzzle cannot be harder than Normal). Raises :class:`RuntimeError` after ``tries``."""
    level = difficulty if isinstance(difficulty, Difficulty) else (
        Difficulty.from_letter(difficulty) if len(difficulty) == 1
        else Difficulty.from_name(difficulty))
    if not 3 <= size <= 9:
        raise ValueError(f"Keen makes puzzles of sizes 3 to 9, not {size}")
    if size == 3 and level > Difficulty.NORMAL:
        raise ValueError("a 3x3 puzzle cannot be graded harder than Normal")
    rng = random.Random(seed)
    for _ in range(tries):
        puzzle = random_puzzle(size, rng, difficulty=level,
                               multiplication_only=multiplication_only)
        if grade(puzzle) == level:
            return puzzle.replace(difficulty=level)
    raise RuntimeError(f"no {size}x{size} {level.title} puzzle found in {tries} tries")
