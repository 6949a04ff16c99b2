"""Validation: what the real Keen program accepts, and what it leaves out.

Two tiers, as everywhere in puzzlefmt. Text the reader cannot parse raises
:class:`~puzzlefmt.errors.PuzzleFormatError`. A parsed puzzle's rule problems are listed by
:func:`problems` as :class:`Problem` objects:

- ``severity="error"``: the real program refuses it or reads it differently (a size outside
  3..9, a block structure with ``y``/``z`` runs, a target of 2**29 or more, a solution that
  does not fit);
- ``severity="warning"``: the real program accepts it, but it cannot be a good puzzle (an
  empty target, a target no digits can reach, clue types that contradict the ``m`` flag).

:func:`upstream_desc_error` and :func:`upstream_verdict` give the real program's own verdict
on a text, message for message: they follow keen.c's ``validate_params`` and ``validate_desc``
step by step, including how it reads ``y`` and ``z``. :func:`validate` puts it all together:
it refuses exactly what the real program refuses (with our richer message) and reports the
rest as warnings, or as errors with ``strict=True``.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen.model import MAX_SIZE, UPSTREAM_SIZES, Op

if TYPE_CHECKING:
    from puzzlefmt.keen.model import Cage, Difficulty, Puzzle

__all__ = [
    "KeenWarning",
    "Problem",
    "problems",
    "solution_problems",
    "target_reachable",
    "upstream_desc_error",
    "upstream_verdict",
    "validate",
]

Severity = Literal["error", "warning"]

#: keen.c keeps the operation in bits 29 and 30 of a clue: larger targets spill into them.
UPSTREAM_TARGET_LIMIT = 1 << 29

_DIGITS = "0123456789"


class KeenWarning(UserWarning):
    """A problem :func:`validate` reports without refusing the puzzle."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One rule problem: a stable ``code``, words, and how serious it is."""

    code: str
    message: str
    severity: Severity
    cage: int | None = None

    def __str__(self) -> str:
        return f"{self.severity}: {self.message}"


# ---------------------------------------------------------------------- the real program


def _atoi(text: str, i: int) -> int:
    """C ``atoi`` on the digits at ``i`` (no sign or space: keen.c only calls it on digits).
    Values past 32 bits are clamped: any of them is far beyond every grid."""
    j = i
    while j < len(text) and text[j] in _DIGITS:
        j += 1
    digits = text[i:j].lstrip("0")
    if len(digits) > 10:
        return 2**31 - 1
    return min(int(digits or "0"), 2**31 - 1)


def upstream_desc_error(desc: str, size: int) -> str | None:
    """What keen.c's ``validate_desc`` says of ``desc`` for a ``size`` grid, or ``None`` if it
    accepts it. Its reading is followed exactly, including its mis-reading of ``y`` (25 shared
    edges, no wall) and ``z`` (26 shared edges and a wall), and a repeat count at the very end
    of the text being dropped."""
    if not 1 <= size <= MAX_SIZE:
        raise ValueError(f"size must be from 1 to {MAX_SIZE}, not {size}")
    from puzzlefmt.keen.gameid import edge_pairs

    desc = desc.split("\x00", 1)[0]  # a C string ends there
    w = size
    edges = 2 * w * (w - 1)
    pairs = edge_pairs(w)
    parent = list(range(w * w))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    n = len(desc)
    p = 0
    pos = 0
    repn = 0
    repc = 0
    while p < n and (repn > 0 or desc[p] != ","):
        if repn > 0:
            repn -= 1
            c = repc
        elif desc[p] == "_" or "a" <= desc[p] <= "z":
            c = 0 if desc[p] == "_" else ord(desc[p]) - 96
            p += 1
            if p < n and desc[p] in _DIGITS:
                repc = c
                repn = _atoi(desc, p) - 1
                while p < n and desc[p] in _DIGITS:
                    p += 1
        else:
            return "Invalid character in game description"
        adv = c != 25
        while c > 0:
            c -= 1
            if pos >= edges:
                return "Too much data in block structure specification"
            a, b = pairs[pos]
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
            pos += 1
        if adv:
            pos += 1
            if pos > edges + 1:
                return "Too much data in block structure specification"
    if pos != edges + 1:
        return "Not enough data in block structure specification"
    if p >= n or desc[p] != ",":
        return "Expected ',' after block structure description"
    p += 1
    sizes: dict[int, int] = {}
    for cell in range(w * w):
        root = find(cell)
        sizes[root] = sizes.get(root, 0) + 1
    for cell in range(w * w):
        if find(cell) != cell:
            continue
        ch = desc[p] if p < n else ""
        if ch in ("a", "m"):
            pass
        elif ch in ("d", "s"):
            if sizes[cell] != 2:
                return "Subtraction and division blocks must have area 2"
        elif not ch:
            return "Too few clues for block structure"
        else:
            return "Unrecognised clue type"
        p += 1
        while p < n and desc[p] in _DIGITS:
            p += 1
    if p < n:
        return "Too many clues for block structure"
    return None


# ---------------------------------------------------------------------- our checks


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


def solution_problems(puzzle: Puzzle, values: Sequence[int]) -> list[str]:
    """What is wrong with ``values`` as a solution of ``puzzle`` (empty: it is one)."""
    w = puzzle.size
    if len(values) != w * w:
        return [f"a solution has {w * w} values, found {len(values)}"]
    out: list[str] = []
    bad = [v for v in values if not 1 <= v <= w]
    if bad:
        return [f"solution values must be 1 to {w}, found {bad[0]}"]
    for r in range(w):
        row = values[r * w : (r + 1) * w]
        if len(set(row)) != w:
            out.append(f"row {r + 1} repeats a digit")
    for c in range(w):
        col = values[c::w]
        if len(set(col)) != w:
            out.append(f"column {c + 1} repeats a digit")
    for k, cage in enumerate(puzzle.cages):
        digits = [values[c] for c in cage.cells]
        if not _meets(cage, digits):
            shown = " ".join(map(str, digits))
            out.append(f"cage {k + 1} ({cage.clue()}) is not met by {shown}")
    return out


def _meets(cage: Cage, digits: Sequence[int]) -> bool:
    t = cage.target if cage.target is not None else 0
    if cage.op is Op.ADD:
        return sum(digits) == t
    if cage.op is Op.MUL:
        prod = 1
        for d in digits:
            prod *= d
        return prod == t
    a, b = max(digits), min(digits)
    if cage.op is Op.SUB:
        return a - b == t
    return b * t == a


def _where(puzzle: Puzzle, k: int) -> str:
    cage = puzzle.cages[k]
    r, c = divmod(cage.anchor, puzzle.size)
    return f"cage {k + 1} ({cage.clue()}, first cell row {r + 1} column {c + 1})"


def problems(puzzle: Puzzle) -> list[Problem]:
    """Every rule problem of ``puzzle``, errors first (see the module docstring)."""
    from puzzlefmt.keen.gameid import encode_block_structure, encode_desc

    errors: list[Problem] = []
    warns: list[Problem] = []
    w = puzzle.size
    if w not in UPSTREAM_SIZES:
        errors.append(Problem(
            "size",
            f"size {w}: the real Keen program only accepts sizes 3 to 9 (\"Grid size must be "
            "between 3 and 9\")",
            "error",
        ))
    if not puzzle.cages:
        warns.append(Problem(
            "seed",
            "a random-seed ID of a size Keen does not make (3 to 9) has no cages",
            "warning",
        ))
        return errors + warns
    _, misread = encode_block_structure(puzzle)
    if misread and w <= MAX_SIZE:
        verdict = upstream_desc_error(encode_desc(puzzle, on_misread="ignore"), w)
        what = f"refuses it (\"{verdict}\")" if verdict else "reads other cages from it"
        errors.append(Problem(
            "misread-run",
            "the block structure has a run of 25 or more shared cage edges ('y' or 'z'); the "
            f"real Keen program mis-reads those and {what}",
            "error",
        ))
    for k, cage in enumerate(puzzle.cages):
        t = cage.target
        if t is not None and t >= UPSTREAM_TARGET_LIMIT:
            errors.append(Problem(
                "target-overflow",
                f"{_where(puzzle, k)}: the real Keen program keeps targets below 2**29 "
                f"({UPSTREAM_TARGET_LIMIT}) and would read this one as another clue",
                "error", k,
            ))
        if t is None:
            warns.append(Problem(
                "empty-target",
                f"{_where(puzzle, k)} has no target digits; the real Keen program reads 0, "
                "which no cage can make",
                "warning", k,
            ))
        elif target_reachable(cage, w) is False:
            warns.append(Problem(
                "unreachable-target",
                f"{_where(puzzle, k)}: no digits 1 to {w} in its {cage.area} cell"
                f"{'s' if cage.area != 1 else ''} make {t}",
                "warning", k,
            ))
        if puzzle.multiplication_only and cage.op is not Op.MUL:
            warns.append(Problem(
                "not-multiplication",
                f"{_where(puzzle, k)}: the parameters say multiplication only ('m'), but this "
                "clue is not a multiplication",
                "warning", k,
            ))
    if puzzle.solution is not None:
        for text in solution_problems(puzzle, puzzle.solution):
            errors.append(Problem("bad-solution", f"the attached solution: {text}", "error"))
    return errors + warns


def _decode_params(par: str) -> tuple[int, Difficulty | None, bool, bool]:
    """keen.c's ``decode_params``: ``(size, difficulty, multiplication_only, difficulty_ok)``.
    Characters after what it knows are ignored, as it ignores them."""
    from puzzlefmt.keen.model import Difficulty

    q = 0
    while q < len(par) and par[q] in " \t\n\v\f\r":
        q += 1
    sign = 1
    if q < len(par) and par[q] in "+-":
        sign = -1 if par[q] == "-" else 1
        q += 1
    w = sign * _atoi(par, q)
    p = 0
    while p < len(par) and par[p] in _DIGITS:
        p += 1
    difficulty: Difficulty | None = None
    ok = True
    if p < len(par) and par[p] == "d":
        p += 1
        ok = p < len(par) and par[p] in "enhxu"
        if ok:
            difficulty = Difficulty.from_letter(par[p])
        if p < len(par):
            p += 1
    mult = p < len(par) and par[p] == "m"
    return w, difficulty, mult, ok


def _split_id(game_id: str) -> tuple[str, str | None, str | None]:
    """``(params, desc, seed)`` split as Keen's midend splits a game ID."""
    colon = game_id.find(":")
    hash_ = game_id.find("#")
    if colon >= 0 and (hash_ < 0 or colon < hash_):
        return game_id[:colon], game_id[colon + 1 :], None
    if hash_ >= 0:
        return game_id[:hash_], None, game_id[hash_ + 1 :]
    return game_id, None, None


def upstream_verdict(game_id: str, *, check_params: bool = True) -> str | None:
    """What the real program says of a game ID: ``None`` if it accepts it, else its message.

    The ID is split as Keen's midend splits it (at the first ``:`` or ``#``); the parameters
    are decoded as ``decode_params`` does (it ignores characters it does not know after them).
    ``check_params=False`` skips ``validate_params`` (the size and difficulty checks), as the
    command-line ``keensolver`` does; sizes this library cannot hold at all still fail with the
    size message.
    """
    par, desc, _ = _split_id(game_id)
    w, _, _, diff_ok = _decode_params(par)
    if check_params:
        if w not in UPSTREAM_SIZES:
            return "Grid size must be between 3 and 9"
        if not diff_ok:
            return "Unknown difficulty rating"
    if not 1 <= w <= MAX_SIZE:
        return "Grid size must be between 3 and 9"
    if desc is None:
        return None
    return upstream_desc_error(desc, w)


def validate(
    text: str,
    *,
    strict: bool = False,
    check_params: bool = True,
) -> Puzzle:
    """Read a game ID the way the real Keen program does, refusing exactly what it refuses.

    Raises :class:`PuzzleFormatError` when the real program refuses the ID; the message gives
    the column, what was expected, and the real program's own words. ``check_params``: also
    apply its size and difficulty checks (the command-line ``keensolver`` skips them). An ID
    it accepts is read as it reads it: parameters as ``decode_params`` reads them (ignoring
    what follows them), ``y``/``z`` runs its way. The other problems (:func:`problems`) are
    reported as :class:`KeenWarning` warnings, or raised with ``strict=True``.
    """
    from puzzlefmt.keen.model import Puzzle

    body = text.strip()
    verdict = upstream_verdict(body, check_params=check_params)
    if verdict is not None:
        raise _refusal(text, verdict)
    par, desc, seed = _split_id(body)
    w, difficulty, mult, _ = _decode_params(par)
    if seed is not None:
        puzzle = Puzzle.from_seed(w, seed, difficulty=difficulty, multiplication_only=mult)
    else:
        if desc is None:
            raise PuzzleFormatError.expecting(
                "a game ID with ':' and a description, or '#' and a seed",
                f"parameters only ({body!r})", format="keen", line=1, text=text)
        puzzle = Puzzle(desc, size=w, runs="upstream").replace(
            difficulty=difficulty, multiplication_only=mult
        )
    found = [p for p in problems(puzzle) if check_params or p.code != "size"]
    if strict and found:
        first = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise PuzzleFormatError(
            f"{first.message}{more}",
            format="keen", line=1, text=text, expected="a puzzle with no problems",
            found=first.code,
        )
    for problem in found:
        warnings.warn(problem.message, KeenWarning, stacklevel=2)
    return puzzle


def _refusal(text: str, verdict: str) -> PuzzleFormatError:
    """The error for an ID the real program refuses: our reader's position and words when it
    refuses it too, with the real program's message."""
    from puzzlefmt.keen.model import Puzzle

    try:
        Puzzle(text, runs="upstream")
    except PuzzleFormatError as exc:
        if f'"{verdict}"' in exc.message:
            return exc
        return PuzzleFormatError(
            f'{exc.message} (Keen: "{verdict}")', format=exc.format, line=exc.line,
            column=exc.column, text=exc.text, expected=exc.expected, found=exc.found,
        )
    return PuzzleFormatError(
        f'the real Keen program refuses this game ID: "{verdict}"',
        format="keen", line=1, column=1 + len(text) - len(text.lstrip()), text=text,
        expected="a game ID Keen accepts", found=verdict,
    )
