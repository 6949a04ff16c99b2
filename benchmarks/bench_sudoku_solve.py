"""Speed of the Sudoku solver (``puzzlefmt.sudoku.solver.solve_array``), against pure-Python
solvers from PyPI on the same files, in one run.

Run from the project root (../shared/ beside it):

    python benchmarks/bench_sudoku_solve.py [--budget SECONDS] [--startup] [FILE ...]

Default files: ../shared/data/sudoku/tdoku_format/puzzles2_17_clue (49,158 puzzles) and
puzzles5_forum_hardest_1905_11+ (48,765). The loader here parses the lines itself (skips
``#`` lines, takes the first 81 characters), so it depends on nothing but numpy.

For each file, best of 3 wall-clock runs of the whole file in one batch call, one thread:

- ``limit=1``: find a solution; ``limit=2``: find it and prove it unique (the default, what
  "is this puzzle proper" needs: every search tree is walked to the end).

Then each comparison solver that is installed solves the file's puzzles in order until
``--budget`` seconds (default 10) have passed; its rate is set against ours on the same
puzzles at ``limit=1`` (both stop at the first solution), and its solutions are checked
against ours. The comparison solvers are NOT dependencies of puzzlefmt; install them into the
benchmark's own environment with

    pip install -r benchmarks/requirements-sudoku.txt

(py-sudoku: backtracking over candidate lists; dlxsudoku: singles, then dancing links). One
that is not installed is reported as skipped.

``--startup`` also times, in fresh processes, the first call with an empty numba cache (the
compile) and with a warm one (the cache load), each including the imports.

Targets (issue 3): >= 100,000 puzzles/s on puzzles2_17_clue, >= 8,000 puzzles/s on
puzzles5_forum_hardest_1905_11+ (``limit=2``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from _common import DATA, best_of, header, load, startup
from puzzlefmt.sudoku.solver import solve_array

DEFAULT = [DATA / "puzzles2_17_clue", DATA / "puzzles5_forum_hardest_1905_11+"]






# ---------------------------------------------------------------------- comparison solvers


def _py_sudoku() -> Callable[[str], str] | None:
    try:
        from sudoku import Sudoku  # py-sudoku
    except ImportError:
        return None

    def solve(line: str) -> str:
        board = [
            [int(c) if c in "123456789" else 0 for c in line[9 * r : 9 * r + 9]] for r in range(9)
        ]
        solved = Sudoku(3, 3, board=board).solve()
        return "".join(str(v or 0) for row in solved.board for v in row)

    return solve


def _dlxsudoku() -> Callable[[str], str] | None:
    try:
        import dlxsudoku
    except ImportError:
        return None

    def solve(line: str) -> str:
        s = dlxsudoku.Sudoku("".join(c if c in "123456789" else "0" for c in line))
        s.solve()
        return str(s.to_oneliner())

    return solve


COMPARISONS: dict[str, Callable[[], Callable[[str], str] | None]] = {
    "py-sudoku": _py_sudoku,
    "dlxsudoku": _dlxsudoku,
}


def compare(puzzles: np.ndarray, budget: float) -> None:
    lines = ["".join(map(str, p)) for p in puzzles.tolist()]
    for name, factory in COMPARISONS.items():
        solver = factory()
        if solver is None:
            print(
                f"  {name:<10} skipped: not installed "
                "(pip install -r benchmarks/requirements-sudoku.txt)"
            )
            continue
        done: list[str] = []
        start = time.perf_counter()
        while len(done) < len(lines) and time.perf_counter() - start < budget:
            done.append(solver(lines[len(done)]))
        theirs = time.perf_counter() - start
        n = len(done)
        sample = puzzles[:n]
        ours = best_of(3, lambda s=sample: solve_array(s, 1))
        _, sols = solve_array(sample, 1)
        agree = sum(
            d == "".join(map(str, s)) for d, s in zip(done, sols[:, 0].tolist(), strict=True)
        )
        print(
            f"  {name:<10} {n:>6} puzzles: {n / theirs:>10,.1f}/s   puzzlefmt on the same: "
            f"{n / ours:>12,.0f}/s   ratio {theirs / ours:>10,.0f}x   same solution: {agree}/{n}"
        )


# ---------------------------------------------------------------------- startup






def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per comparison")
    parser.add_argument("--startup", action="store_true", help="time compile and cache load")
    args = parser.parse_args(argv)
    files = args.files or DEFAULT
    header("bench_sudoku_solve.py", argv)
    solve_array(np.zeros((1, 81), dtype=np.uint8))  # compile or load the kernel first
    for path in files:
        if not path.exists():
            print(f"{path}: missing (needs ../shared/)")
            continue
        puzzles = load(path)
        print(f"\n{path.name}: {len(puzzles):,} puzzles")
        for limit in (1, 2):
            seconds = best_of(3, lambda p=puzzles, lim=limit: solve_array(p, lim))
            counts, _ = solve_array(puzzles, limit)
            tally = np.bincount(counts, minlength=limit + 1).tolist()  # 0, 1, ..., limit
            print(
                f"  puzzlefmt  limit={limit}: {seconds:7.3f} s  {len(puzzles) / seconds:>12,.0f}"
                f" puzzles/s   puzzles with 0, 1(, 2+) solutions: {tally}"
            )
        compare(puzzles, args.budget)
    if args.startup:
        print("\nstartup (fresh processes):")
        startup("puzzlefmt.sudoku.solver", "solve_array")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
