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
import sys
from pathlib import Path

import numpy as np

from _common import DATA, best_of, header, load, startup
from puzzlefmt.sudoku.canon import minlex_array, unique_indices
from puzzlefmt.sudoku.solver import solve_array

DEFAULT = [
    DATA / "puzzles2_17_clue",
    DATA / "puzzles5_forum_hardest_1905_11+",
    DATA / "puzzles7_serg_benchmark_CRLF",
]










def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--startup", action="store_true", help="time compile and cache load")
    args = parser.parse_args(argv)
    files = args.files or DEFAULT
    header("bench_sudoku_canon.py", argv)
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
        startup("puzzlefmt.sudoku.canon", "minlex_array")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
