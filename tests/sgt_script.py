"""The ``sgtdrv save`` scripts of ../shared/vectors/sgt/ played on a plain grid: the state each
vector save file must hold, worked out from the script (not from the save file).

Steps (README-gcg-sgt-web.md): ``cX.Y=D`` types D at column X, row Y (0 clears; the cell's
pencil marks go), ``pX.Y=DS`` toggles the pencil marks DS (one move each), ``u``/``r``
undo/redo, ``S``
Solve (the solution; Keen clears pencil marks, Solo keeps them), ``M`` every pencil mark in
every empty cell, ``R`` restart (a new state with the clues only). Each step but undo/redo
is one state; a step after an undo drops the redo states.
"""

from __future__ import annotations

from collections.abc import Sequence

Grid = tuple[tuple[int, ...], tuple[frozenset[int], ...]]


def play(script: str, size: int, clues: Sequence[int], solution: Sequence[int], *,
         solve_clears_marks: bool) -> tuple[Grid, int, int]:
    """``(state, statepos, nstates)`` after the script (statepos counted from 1)."""
    start: Grid = (tuple(clues), tuple(frozenset() for _ in clues))
    states = [start]
    pos = 0
    steps = [] if script in ("", "-") else script.split(",")
    for step in steps:
        if step == "u":
            pos -= 1
            continue
        if step == "r":
            pos += 1
            continue
        if step[0] == "p":  # one move per pencil mark typed
            where, value = step[1:].split("=")
            x, y = (int(v) for v in where.split("."))
            for d in value:
                digits, marks = list(states[pos][0]), list(states[pos][1])
                marks[y * size + x] ^= frozenset({int(d)})
                del states[pos + 1:]
                states.append((tuple(digits), tuple(marks)))
                pos += 1
            continue
        digits, marks = list(states[pos][0]), list(states[pos][1])
        if step == "S":
            digits = list(solution)
            if solve_clears_marks:
                marks = [frozenset() for _ in marks]
        elif step == "M":
            marks = [frozenset(range(1, size + 1)) if not d else m
                     for d, m in zip(digits, marks, strict=True)]
        elif step == "R":
            digits, marks = list(start[0]), list(start[1])
        else:
            where, value = step[1:].split("=")
            x, y = (int(v) for v in where.split("."))
            digits[y * size + x] = int(value)
            marks[y * size + x] = frozenset()
        del states[pos + 1:]
        states.append((tuple(digits), tuple(marks)))
        pos += 1
    return states[pos], pos + 1, len(states)


def rows(path_parts: tuple[str, ...]) -> list[list[str]]:
    from helpers import shared_path

    text = shared_path(*path_parts).read_text(encoding="utf-8")
    return [ln.split("\t") for ln in text.splitlines() if ln and not ln.startswith("#")]
