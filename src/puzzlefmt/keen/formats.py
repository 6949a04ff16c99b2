"""Registers the Keen formats and the Keen family with the registry (on import).

- ``keen``: one game ID (``6:...``, ``6dn#seed``), optionally with its solution;
- ``keen-list``: one game ID per line, ``#`` comments;
- ``keen-json``: the JSON form, one object per line (or pretty-printed);
- ``keen-text``: the text picture (write-only).

Nothing here imports numba: the solve and grade hooks import the kernels when first called.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen.idlist import (
    iter_list,
    parse_list_line,
    read_id,
    read_list,
    sniff_id,
    sniff_list,
    write_id,
    write_line,
    write_list,
)
from puzzlefmt.keen.json_form import (
    iter_json,
    puzzle_to_json,
    read_json,
    write_json,
    write_json_record,
)
from puzzlefmt.keen.model import Puzzle, format_solution
from puzzlefmt.keen.text import write_text
from puzzlefmt.registry import (
    Family,
    Format,
    Sniff,
    SolveResult,
    register_family,
    register_format,
)

__all__: list[str] = []


def _sniff_json(text: str) -> Sniff | None:
    head = text[:4000].lstrip()
    if not head.startswith("{"):
        return None
    if '"size"' in head and ('"cages"' in head or '"seed"' in head):
        return Sniff(0.9, "a JSON object with Keen's size and cages")
    return None


def _write_text(puzzle: Puzzle, **options: Any) -> str:
    return write_text(puzzle, **options)


def _sniff_nothing(text: str) -> Sniff | None:
    return None  # a picture is written, never detected or read


def _read_text(text: str) -> Puzzle:
    raise PuzzleFormatError(
        "keen-text is a picture for people: it cannot be read back (read the game ID)",
        format="keen-text", expected="a readable format", found="a picture",
    )


def _problems(puzzle: Puzzle) -> list[str]:
    """One line per kind of problem: the first in full, then how many more of that kind."""
    from puzzlefmt.keen.validate import problems

    out: list[str] = []
    seen: dict[str, int] = {}
    for problem in problems(puzzle):
        if problem.code in seen:
            seen[problem.code] += 1
            continue
        seen[problem.code] = 0
        out.append(str(problem))
    return [
        line + (f" (and {seen[code]} more like it)" if seen[code] else "")
        for line, code in zip(out, seen, strict=True)
    ]


def _solve(puzzle: Puzzle, limit: int) -> SolveResult:
    return _solve_many([puzzle], limit)[0]


def _solve_many(puzzles: list[Puzzle], limit: int) -> list[SolveResult]:
    """Solve a batch; a puzzle the solver cannot take (a cage with too many digit layouts)
    gets no solutions and says why, instead of stopping the batch."""
    from puzzlefmt.keen.solver import solve_many

    try:
        return solve_many(puzzles, limit)
    except ValueError:
        out = []
        for puzzle in puzzles:
            try:
                out.extend(solve_many([puzzle], limit))
            except ValueError as exc:
                out.append(SolveResult(count=0, limit=limit, reason=str(exc), complete=False))
        return out


def _solution_text(puzzle: Puzzle, result: SolveResult) -> str:
    """``puzzlefmt solve``'s line: the solution (one digit per cell, row-major) when unique;
    ``none`` (with the reason when known); ``multiple`` and the first two found."""
    if not result.complete:
        return f"unknown: {result.reason}"
    if result.count == 1:
        return format_solution(result.solutions[0], puzzle.size)
    if result.count == 0:
        return f"none: {result.reason}" if result.reason else "none"
    shown = " ".join(format_solution(s, puzzle.size) for s in result.solutions[:2])
    return f"multiple {shown}"


def _write_json(obj: Puzzle | Iterable[Puzzle], **options: Any) -> str:
    return write_json(obj, **options)


register_format(Format(
    name="keen",
    family="keen",
    extensions=("keen",),
    description="Simon Tatham's Keen game ID (6:<desc> or 6dn#<seed>), one puzzle",
    sniff=sniff_id,
    read=read_id,
    write=write_id,
    models=(Puzzle,),
    priority=10,
    aliases=("keen-id", "kenken"),
))

register_format(Format(
    name="keen-list",
    family="keen",
    extensions=("keens",),
    description="Keen game IDs, one per line (optional S<solution>), # comments",
    sniff=sniff_list,
    read=read_list,
    write=write_list,
    models=(Puzzle,),
    collection=True,
    iter_read=iter_list,
    parse_line=parse_list_line,
    write_record=write_line,
    priority=20,
))

register_format(Format(
    name="keen-json",
    family="keen",
    extensions=(),
    description="Keen puzzles as JSON objects (size, cages: cells/op/target, solution)",
    sniff=_sniff_json,
    read=read_json,
    write=_write_json,
    models=(Puzzle,),
    collection=True,
    iter_read=iter_json,
    write_record=write_json_record,
    priority=30,
))

register_format(Format(
    name="keen-text",
    family="keen",
    extensions=(),
    description="text picture of a Keen puzzle: cage walls, clues, solution (write-only)",
    sniff=_sniff_nothing,
    read=_read_text,
    write=_write_text,
    models=(Puzzle,),
    priority=40,
))


def _svg(puzzle: Puzzle, **options: Any) -> str:
    from puzzlefmt.keen.svg import keen_svg

    return keen_svg(puzzle, **options)


register_family(Family(
    name="keen",
    models=(Puzzle,),
    problems=_problems,
    solve=_solve,
    solve_many=_solve_many,
    solution_text=_solution_text,
    to_json=puzzle_to_json,
    svg=_svg,
))
