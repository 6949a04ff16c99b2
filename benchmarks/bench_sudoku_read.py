"""Reading speed of the Sudoku collection readers, streaming and bulk.

Run from the project root (../shared/ beside it):

    python benchmarks/bench_sudoku_read.py [FILE ...]

Default files: ../shared/data/sudoku/tdoku_format/puzzles2_17_clue (49,158 puzzles) and
puzzles5_forum_hardest_1905_11+ (48,765 puzzles). For each file it times, best of 3:

- stream: ``puzzlefmt.iter_records(path)``, one ``Grid`` object a record, as a user iterates;
- bulk:   ``puzzlefmt.sudoku.bulkread.read_array(path)``, the whole file into a (n, 81) uint8 array;
- write:  ``puzzlefmt.sudoku.bulkread.write_lines(array)``, the array back to text.

Targets (issue 2): bulk >= 2,000,000 puzzles/s, streaming objects >= 200,000 puzzles/s.
"""

from __future__ import annotations

import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

import puzzlefmt
from puzzlefmt.sudoku.bulkread import read_array, write_lines

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "sudoku" / "tdoku_format"
DEFAULT = [DATA / "puzzles2_17_clue", DATA / "puzzles5_forum_hardest_1905_11+"]


def best_of(n: int, func: Callable[[], int]) -> tuple[float, int]:
    best = float("inf")
    count = 0
    for _ in range(n):
        start = time.perf_counter()
        count = func()
        best = min(best, time.perf_counter() - start)
    return best, count


def main(argv: list[str]) -> int:
    files = [Path(a) for a in argv] or DEFAULT
    print(f"python {platform.python_version()}, {platform.machine()}, puzzlefmt "
          f"{puzzlefmt.__version__}")
    print(f"command: python benchmarks/bench_sudoku_read.py {' '.join(argv)}".rstrip())
    print()
    print(f"{'file':<34} {'path':<7} {'puzzles':>8} {'seconds':>8} {'puzzles/s':>12}")
    for path in files:
        if not path.exists():
            print(f"{path}: missing (needs ../shared/)")
            continue

        def stream(p: Path = path) -> int:
            return sum(1 for r in puzzlefmt.iter_records(str(p)) if r.ok)

        def bulk(p: Path = path) -> int:
            return int(read_array(p).puzzles.shape[0])

        arr = read_array(path).puzzles

        def write(a: object = arr) -> int:
            write_lines(a)  # type: ignore[arg-type]
            return int(a.shape[0])  # type: ignore[attr-defined]

        for label, func in (("stream", stream), ("bulk", bulk), ("write", write)):
            secs, count = best_of(3, func)
            print(f"{path.name:<34} {label:<7} {count:>8} {secs:>8.3f} {count / secs:>12,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
