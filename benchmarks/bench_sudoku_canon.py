"""Speed of the Sudoku minlex canonical form (``puzzlefmt.sudoku.canon.minlex_array``).

Run from the project root (../shared/ beside it):

    python benchmarks/bench_sudoku_canon.py [--startup] [FILE ...]

Default files: ../shared/data/sudoku/tdoku_format/puzzles2_17_clue (49,158 puzzles),
puzzles5_forum_hardest_1905_11+ (48,765) and puzzles7_serg_benchmark_CRLF (10,000, denser:
about 35 clues). For each file, best of 3 wall-clock runs of the whole file in one batch call,
one thread, under both conventions ("string": true minimum, "pattern": pattern first), of:

- the puzzles themselves;
- their solution grids (the first solution ``solve_array`` finds), as a second data set.

It also counts the distinct forms (``unique_indices``): Royle's 17-clue list holds no two
equivalent puzzles, so every one of its 49,158 forms must differ.

``--startup`` also times, in fresh processes, the first call with an empty numba cache (the
compile) and with a warm one (the cache load).

Targets (issue 3): >= 20,000 solution grids/s and >= 20,000 puzzles/s.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import puzzlefmt
from puzzlefmt.sudoku.canon import minlex_array, unique_indices
from puzzlefmt.sudoku.solver import solve_array

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "sudoku" / "tdoku_format"
DEFAULT = [
    DATA / "puzzles2_17_clue",
    DATA / "puzzles5_forum_hardest_1905_11+",
    DATA / "puzzles7_serg_benchmark_CRLF",
]


def load(path: Path) -> np.ndarray:
    """Puzzles of a one-per-line file as (n, 81) uint8, 0 for blanks."""
    lines = [
        line[:81]
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    raw = np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8).reshape(-1, 81)
    digits = raw - ord("0")
    return np.where((raw >= ord("1")) & (raw <= ord("9")), digits, 0).astype(np.uint8)


def best_of(n: int, func: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(n):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


STARTUP = """
import time
t0 = time.perf_counter()
import numpy as np
from puzzlefmt.sudoku.canon import minlex_array
t1 = time.perf_counter()
minlex_array(np.zeros((1, 81), dtype=np.uint8))
t2 = time.perf_counter()
print(f"{t1 - t0:.2f} {t2 - t1:.2f}")
"""


def startup() -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("empty cache (compile)", "warm cache (load)"):
            out = subprocess.run(
                [sys.executable, "-c", STARTUP],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()
            print(f"  first call, {label:<22}: import {out[0]} s, first minlex_array {out[1]} s")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--startup", action="store_true", help="time compile and cache load")
    args = parser.parse_args(argv)
    files = args.files or DEFAULT
    print(
        f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
        f"puzzlefmt {puzzlefmt.__version__}, numpy {np.__version__}"
    )
    print(f"command: python benchmarks/bench_sudoku_canon.py {' '.join(argv)}".rstrip())
    minlex_array(np.zeros((1, 81), dtype=np.uint8))  # compile or load the kernels first
    solve_array(np.zeros((1, 81), dtype=np.uint8))
    for path in files:
        if not path.exists():
            print(f"{path}: missing (needs ../shared/)")
            continue
        puzzles = load(path)
        counts, sols = solve_array(puzzles, 1)
        grids = sols[counts > 0, 0].copy()
        clues = float((puzzles > 0).sum(axis=1).mean())
        print(f"\n{path.name}: {len(puzzles):,} puzzles ({clues:.1f} clues on average)")
        for name, data in (("puzzles", puzzles), ("solution grids", grids)):
            for convention in ("string", "pattern"):
                seconds = best_of(3, lambda d=data, c=convention: minlex_array(d, c))
                print(
                    f"  {name:<15} {convention:<8} {len(data):>7,} in {seconds:6.3f} s "
                    f"{len(data) / seconds:>10,.0f}/s"
                )
        for convention in ("string", "pattern"):
            distinct = len(unique_indices(puzzles, convention))
            print(f"  distinct puzzles under {convention!r}: {distinct:,} of {len(puzzles):,}")
    if args.startup:
        print("\nstartup (fresh processes):")
        startup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
