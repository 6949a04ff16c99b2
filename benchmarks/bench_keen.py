"""Keen benchmark: parse, solve and grade times per puzzle.

Run from the project root::

    .venv/bin/python benchmarks/bench_keen.py [--shared ../shared] [--hard 200] [--repeat 5]

Data: the 1,000 real 6x6 game IDs of ``../shared/vectors/keen/vectors-rocurley-6du.tsv``
(all graded Unreasonable by the real program), the real 9x9 and 8x8 IDs of
``vectors.txt``, and 9x9 Hard puzzles made by :func:`puzzlefmt.keen.generate.generate`
with seeds 0, 1, 2... (no real 9x9 Hard IDs are in the vectors). Every solve is checked
against the listed or attached solution. The first call compiles or loads the numba kernels;
that time is reported apart and left out of the per-puzzle figures.

"first" times the first ``solve(puzzle)`` of freshly read puzzles (it also turns the puzzle
into the kernels' arrays, which are then kept); "single" times ``solve(puzzle)`` one call at
a time after that (best of ``--repeat`` per puzzle); "batch" times one ``solve_many`` call over
the whole set, divided by the number of puzzles (best of ``--repeat``); "grade" times
``grade_many`` once.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlefmt.keen import Puzzle
from puzzlefmt.keen.generate import generate
from puzzlefmt.keen.grade import grade, grade_many
from puzzlefmt.keen.model import Difficulty
from puzzlefmt.keen.solver import solve, solve_many


def _tsv(path: Path) -> list[list[str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith(("#", "game_id")):
            continue
        rows.append(line.split("\t"))
    return rows


def _best(fn: Callable[[], Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def _per_puzzle(puzzles: list[Puzzle], repeat: int) -> list[float]:
    """Best-of-``repeat`` seconds of ``solve(p)`` for each puzzle."""
    out = []
    for p in puzzles:
        best = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            solve(p)
            best = min(best, time.perf_counter() - t)
        out.append(best)
    return out


def _check(puzzles: list[Puzzle], solutions: list[tuple[int, ...]]) -> None:
    for p, want, got in zip(puzzles, solutions, solve_many(puzzles), strict=True):
        if got.count != 1 or got.solutions[0].solution != want:
            sys.exit(f"wrong answer for {p.game_id()}: {got}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    ap.add_argument("--hard", type=int, default=200, help="9x9 Hard puzzles to generate")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    vectors = Path(args.shared) / "vectors" / "keen"

    six = _tsv(vectors / "vectors-rocurley-6du.tsv")
    real = [r for r in _tsv(vectors / "vectors.txt") if r[0][0] in "89"]
    t = time.perf_counter()
    six_p = [Puzzle(r[0], solution=r[1]) for r in six]
    parse_us = (time.perf_counter() - t) / len(six_p) * 1e6
    real_p = [Puzzle(r[0], solution=r[1]) for r in real]

    t = time.perf_counter()
    solve(six_p[0])
    grade(six_p[0])
    warm = time.perf_counter() - t

    t = time.perf_counter()
    hard_p = [generate(9, Difficulty.HARD, seed=s) for s in range(args.hard)]
    gen_s = time.perf_counter() - t

    sets = [
        (f"6x6 rocurley-6du ({len(six_p)} real, Unreasonable)", six_p),
        (f"8x8/9x9 vectors.txt ({len(real_p)} real, Normal)", real_p),
        (f"9x9 Hard (generated, seeds 0-{args.hard - 1})", hard_p),
    ]
    print("puzzlefmt.keen benchmark")
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"data:    {vectors}")
    print(f"first call (numba compile or cache load): {warm:.2f} s; "
          f"generating {len(hard_p)} 9x9 Hard puzzles: {gen_s:.2f} s")
    print(f"parse:   {parse_us:.1f} us per 6x6 game ID (Puzzle(text), "
          f"{len(six_p)} IDs)")
    print()
    head = (f"{'data':<48} {'n':>5} {'first mean':>11} {'single mean':>12} {'median':>8} "
            f"{'max':>8} {'batch mean':>11} {'grade mean':>11}")
    print(head)
    print("-" * len(head))
    for name, puzzles in sets:
        solutions = [p.solution for p in puzzles if p.solution is not None]
        fresh = [Puzzle(p.game_id()) for p in puzzles]
        t = time.perf_counter()
        for p in fresh:
            solve(p)
        first = (time.perf_counter() - t) / len(fresh)
        _check(puzzles, solutions)
        single = _per_puzzle(puzzles, args.repeat)
        batch = _best(lambda ps=puzzles: solve_many(ps), args.repeat) / len(puzzles)
        graded = _best(lambda ps=puzzles: grade_many(ps), 1) / len(puzzles)
        print(f"{name:<48} {len(puzzles):>5} {first * 1e6:>8.1f} us "
              f"{statistics.mean(single) * 1e6:>9.1f} us "
              f"{statistics.median(single) * 1e6:>5.1f} us {max(single) * 1e6:>5.0f} us "
              f"{batch * 1e6:>8.1f} us {graded * 1e6:>8.1f} us")
    print()
    print("targets (issue #4): mean <= 100 us per 6x6 puzzle, <= 1 ms per 9x9 Hard")


if __name__ == "__main__":
    main()
