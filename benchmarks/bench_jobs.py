"""Parallel batch work: `puzzlefmt solve` with --jobs 1 and --jobs 2, wall clock of the whole
command (start-up, reading, solving, writing), on the same file in one run.

    python benchmarks/bench_jobs.py [FILE] [--repeat N]

Default FILE: ../shared/data/sudoku/tdoku_format/puzzles5_forum_hardest_1905_11+ (48,765 of
the hardest known puzzles). The kernels' on-disk cache is warmed first, so neither run pays the
compile. Target (issue 6): --jobs 2 >= 1.7x the speed of --jobs 1 on a 2-core machine. The
outputs of both runs must be byte-identical (order is kept).
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT.parent / "shared" / "data" / "sudoku" / "tdoku_format" / (
    "puzzles5_forum_hardest_1905_11+")


def run(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", nargs="?", default=str(DEFAULT))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    exe = shutil.which("puzzlefmt") or sys.executable
    base = [exe] if exe.endswith("puzzlefmt") else [exe, "-m", "puzzlefmt"]
    out = Path(tempfile.mkdtemp())
    print(f"cores: {os.cpu_count()}; file: {args.file}")
    run([*base, "solve", args.file, "-o", str(out / "warm.txt"), "-q"])  # warm the cache
    best: dict[int, float] = {}
    for jobs in (1, 2):
        cmd = [*base, "solve", args.file, "-o", str(out / f"j{jobs}.txt"), "-q",
               "--jobs", str(jobs)]
        print("command:", " ".join(cmd))
        best[jobs] = min(run(cmd) for _ in range(args.repeat))
    same = filecmp.cmp(out / "j1.txt", out / "j2.txt", shallow=False)
    lines = len((out / "j1.txt").read_text(encoding="utf-8").splitlines())
    print()
    print(f"{'jobs':>4} {'seconds':>8} {'puzzles/s':>10}")
    for jobs, secs in best.items():
        print(f"{jobs:>4} {secs:>8.2f} {lines / secs:>10,.0f}")
    print(f"speed-up --jobs 2 / --jobs 1: {best[1] / best[2]:.2f}x (best of {args.repeat}); "
          f"outputs identical: {same}")
    shutil.rmtree(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
