"""The rules of a Keen puzzle: what a parsed puzzle can have wrong with it.

Two tiers, as everywhere in puzzlefmt. Text the reader cannot parse raises
:class:`~puzzlefmt.errors.PuzzleFormatError`. A parsed puzzle's rule problems are
:class:`~puzzlefmt.model.Problem` objects (``Puzzle.problems()``), with a :class:`Status` flag
each (``Puzzle.status()``):

- ``severity="error"``: the real program refuses it or reads it differently (a size outside
  3..9, a block structure with ``y``/``z`` runs, a target of 2**29 or more), or an attached
  solution does not fit;
- ``severity="warning"``: the real program accepts it, but it cannot be a good puzzle (an
  empty target, a target no digits can reach, clue types that contradict the ``m`` flag), or
  there is nothing to check (a random-seed ID of a size Keen does not make, 3 to 9, which
  has no cages).

The functions here work on the puzzle's parts; :mod:`puzzlefmt.keen.model` calls them.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from puzzlefmt.keen.elements import MAX_SIZE, UPSTREAM_SIZES, Cage, Op
from puzzlefmt.keen.gameid import encode_block_structure, encode_desc
from puzzlefmt.keen.upstream import upstream_desc_error
from puzzlefmt.model import Problem

__all__ = [
    "CODES",
    "UPSTREAM_TARGET_LIMIT",
    "Status",
    "cage_value",
    "find_problems",
    "solution_faults",
    "target_reachable",
]

#: keen.c keeps the operation in bits 29 and 30 of a clue: larger targets spill into them.
UPSTREAM_TARGET_LIMIT = 1 << 29


class Status(enum.IntFlag):
    """A puzzle's problems as flags (``Puzzle.status()``); ``0`` when there is none. Each
    flag is one :class:`~puzzlefmt.model.Problem` code (see :data:`CODES`)."""

    VALID = 0
    SIZE = enum.auto()
    MISREAD_RUN = enum.auto()
    TARGET_OVERFLOW = enum.auto()
    BAD_SOLUTION = enum.auto()
    SEED = enum.auto()
    EMPTY_TARGET = enum.auto()
    UNREACHABLE_TARGET = enum.auto()
    NOT_MULTIPLICATION = enum.auto()


#: Problem code -> flag.
CODES: dict[str, Status] = {
    "size": Status.SIZE,
    "misread-run": Status.MISREAD_RUN,
    "target-overflow": Status.TARGET_OVERFLOW,
    "bad-solution": Status.BAD_SOLUTION,
    "seed": Status.SEED,
    "empty-target": Status.EMPTY_TARGET,
    "unreachable-target": Status.UNREACHABLE_TARGET,
    "not-multiplication": Status.NOT_MULTIPLICATION,
}


def target_reachable(cage: Cage, size: int, budget: int = 20_000) -> bool | None:
    """Whether some digits 1..size, none repeated in a row or column, meet the cage's clue.

    ``None`` when the search gave up after ``budget`` steps (a very large cage)."""
    t = cage.target
    if t is None:
        return False
    k = cage.area
    w = size
    if k == 1:
        return 1 <= t <= w
    if cage.op is Op.SUB:
        return 1 <= t <= w - 1
    if cage.op is Op.DIV:
        return 2 <= t <= w
    if cage.op is Op.ADD and not k <= t <= k * w:
        return False
    if cage.op is Op.MUL and (t < 1 or t > w**k):
        return False
    rows = [c // w for c in cage.cells]
    cols = [c % w for c in cage.cells]
    chosen = [0] * k
    steps = 0
    add = cage.op is Op.ADD

    def search(i: int, rest: int) -> bool | None:
        nonlocal steps
        steps += 1
        if steps > budget:
            return None
        left = k - i
        if left == 0:
            return rest == 0 if add else rest == 1
        if add and not left <= rest <= left * w:
            return False
        if not add and rest > w**left:
            return False
        for d in range(1, w + 1):
            if add and d > rest:
                break
            if not add and rest % d:
                continue
            if any(
                chosen[j] == d and (rows[j] == rows[i] or cols[j] == cols[i]) for j in range(i)
            ):
                continue
            chosen[i] = d
            found = search(i + 1, rest - d if add else rest // d)
            if found is not False:
                return found
        return False

    return search(0, t)


def cage_value(cage: Cage, digits: Sequence[int]) -> int:
    """What ``digits`` (in the cage's cell order) make under the cage's operation, as the
    real program works it out (keen.c ``check_errors``): the sum, the product, the
    difference of a two-cell cage, the quotient of a two-cell cage (0 when the division does
    not come out even); a subtraction or division cage of another size makes its first
    digit (such a cage is a rule problem of its own)."""
    if cage.op is Op.ADD:
        return sum(digits)
    if cage.op is Op.MUL:
        out = 1
        for d in digits:
            out *= d
        return out
    if len(digits) != 2:
        return digits[0] if digits else 0
    hi, lo = max(digits), min(digits)
    if cage.op is Op.SUB:
        return hi - lo
    return hi // lo if lo and hi % lo == 0 else 0


def meets(cage: Cage, digits: Sequence[int]) -> bool:
    """Whether ``digits`` (in the cage's cell order) meet the cage's clue."""
    return cage_value(cage, digits) == (cage.target if cage.target is not None else 0)


def solution_faults(
    size: int, cages: Sequence[Cage], values: Sequence[int]
) -> list[tuple[str | None, str]]:
    """What is wrong with ``values`` as a solution: ``(where, text)`` pairs, ``where`` being
    ``"row 1"``, ``"column 2"``, ``"cage 3"`` or ``None`` (empty: it is a solution)."""
    w = size
    if len(values) != w * w:
        return [(None, f"a solution has {w * w} values, found {len(values)}")]
    bad = [v for v in values if not 1 <= v <= w]
    if bad:
        return [(None, f"solution values must be 1 to {w}, found {bad[0]}")]
    out: list[tuple[str | None, str]] = []
    for r in range(w):
        if len(set(values[r * w : (r + 1) * w])) != w:
            out.append((f"row {r + 1}", f"row {r + 1} repeats a digit"))
    for c in range(w):
        if len(set(values[c::w])) != w:
            out.append((f"column {c + 1}", f"column {c + 1} repeats a digit"))
    for k, cage in enumerate(cages):
        digits = [values[c] for c in cage.cells]
        if not meets(cage, digits):
            shown = " ".join(map(str, digits))
            out.append((f"cage {k + 1}", f"cage {k + 1} ({cage.clue()}) is not met by {shown}"))
    return out


def _where(size: int, cage: Cage, k: int) -> str:
    r, c = divmod(cage.anchor, size)
    return f"cage {k + 1} ({cage.clue()}, first cell row {r + 1} column {c + 1})"


def find_problems(
    size: int,
    cages: Sequence[Cage],
    cell_cage: Sequence[int],
    *,
    solution: Sequence[int] | None,
    multiplication_only: bool,
    seed: str | None,
) -> list[Problem]:
    """Every rule problem of a puzzle given by its parts, errors first (see the module
    docstring)."""
    errors: list[Problem] = []
    warns: list[Problem] = []
    w = size
    if w not in UPSTREAM_SIZES:
        errors.append(Problem(
            "size",
            f"size {w}: the real Keen program only accepts sizes 3 to 9 (\"Grid size must be "
            "between 3 and 9\")",
            "parameters", "error",
        ))
    if not cages:  # a seed ID of a size Keen does not make: parameters and seed only
        if seed is not None:
            warns.append(Problem(
                "seed",
                "a random-seed ID of a size Keen does not make (3 to 9) has no cages",
                "seed", "warning",
            ))
        return errors + warns
    _, misread = encode_block_structure(w, cell_cage)
    if misread and w <= MAX_SIZE:
        verdict = upstream_desc_error(encode_desc(w, cell_cage, cages, on_misread="ignore"), w)
        what = f"refuses it (\"{verdict}\")" if verdict else "reads other cages from it"
        errors.append(Problem(
            "misread-run",
            "the block structure has a run of 25 or more shared cage edges ('y' or 'z'); the "
            f"real Keen program mis-reads those and {what}",
            "block structure", "error",
        ))
    for k, cage in enumerate(cages):
        t = cage.target
        where = f"cage {k + 1}"
        if t is not None and t >= UPSTREAM_TARGET_LIMIT:
            errors.append(Problem(
                "target-overflow",
                f"{_where(w, cage, k)}: the real Keen program keeps targets below 2**29 "
                f"({UPSTREAM_TARGET_LIMIT}) and would read this one as another clue",
                where, "error",
            ))
        if t is None:
            warns.append(Problem(
                "empty-target",
                f"{_where(w, cage, k)} has no target digits; the real Keen program reads 0, "
                "which no cage can make",
                where, "warning",
            ))
        elif target_reachable(cage, w) is False:
            warns.append(Problem(
                "unreachable-target",
                f"{_where(w, cage, k)}: no digits 1 to {w} in its {cage.area} cell"
                f"{'s' if cage.area != 1 else ''} make {t}",
                where, "warning",
            ))
        if multiplication_only and cage.op is not Op.MUL:
            warns.append(Problem(
                "not-multiplication",
                f"{_where(w, cage, k)}: the parameters say multiplication only ('m'), but this "
                "clue is not a multiplication",
                where, "warning",
            ))
    if solution is not None:
        for where_, text in solution_faults(w, cages, solution):
            errors.append(Problem("bad-solution", f"the attached solution: {text}", where_,
                                  "error"))
    return errors + warns
