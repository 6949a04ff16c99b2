"""The batch jobs on Dask against the same jobs on one machine, whole commands, same run.

    python benchmarks/bench_dask.py [--rounds N]

For the hardest file (48,765 puzzles) and 4x the 17-clue file (196,632 puzzles, made in a
temporary folder), it times, alternating, round after round:

- `puzzlefmt solve FILE --jobs 2` (local, two worker processes),
- `puzzlefmt solve FILE --cluster local:1` and `--cluster local:2` (a LocalCluster of 1 or 2
  worker processes, started and stopped by the command itself: its start-up is counted),
- `puzzlefmt solve FILE --cluster ADDRESS` against a LocalCluster of 2 worker processes that
  this script started beforehand and warmed with one job (how a catalogue is run: the cluster
  is up already; only the job's own overhead is counted),

checks that every output is byte-identical, and prints the medians, the cluster's overhead
over the local run, with and without the cluster's start-up (target: <= 20%), and the speed-up
from 1 to 2 workers. Needs the dask extra.
The kernels' cache is warmed first.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from distributed import LocalCluster

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "sudoku" / "tdoku_format"


def run(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    exe = shutil.which("puzzlefmt") or f"{sys.executable} -m puzzlefmt"
    base = exe.split()
    print(f"command: python benchmarks/bench_dask.py --rounds {args.rounds}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        four = folder / "17clue-x4.txt"
        four.write_text((DATA / "puzzles2_17_clue").read_text() * 4)
        files = {"hardest": DATA / "puzzles5_forum_hardest_1905_11+", "17-clue x4": four}
        subprocess.run([*base, "solve", str(DATA / "puzzles2_17_clue"), "-o", str(folder / "w"),
                        "-q"], check=True)  # warm the kernel cache
        stack = contextlib.ExitStack()
        cluster = stack.enter_context(LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=None))
        address = cluster.scheduler_address
        subprocess.run([*base, "solve", str(DATA / "puzzles3_magictour_top1465"), "--cluster",
                        address, "-o", str(folder / "w"), "-q"], check=True)  # warm the workers
        print("| file | local --jobs 2 | --cluster local:1 | --cluster local:2 | "
              "overhead with start-up | running cluster of 2 | overhead, running | "
              "1 -> 2 workers |")
        print("|---|---|---|---|---|---|---|---|")
        for name, path in files.items():
            runs: dict[str, list[float]] = {"jobs2": [], "c1": [], "c2": [], "up": []}
            outs = {k: folder / f"{k}.out" for k in runs}
            cmds = {
                "jobs2": [*base, "solve", str(path), "--jobs", "2", "-q", "-o", str(outs["jobs2"])],
                "c1": [*base, "solve", str(path), "--cluster", "local:1", "-q", "-o",
                       str(outs["c1"])],
                "c2": [*base, "solve", str(path), "--cluster", "local:2", "-q", "-o",
                       str(outs["c2"])],
                "up": [*base, "solve", str(path), "--cluster", address, "-q", "-o",
                       str(outs["up"])],
            }
            for _ in range(args.rounds):
                for key, cmd in cmds.items():
                    runs[key].append(run(cmd))
            same = len({outs[k].read_bytes() for k in runs}) == 1
            med = {k: statistics.median(v) for k, v in runs.items()}
            overhead = med["c2"] / med["jobs2"] - 1
            running = med["up"] / med["jobs2"] - 1
            print(f"| {name} | {med['jobs2']:.2f} s | {med['c1']:.2f} s | {med['c2']:.2f} s | "
                  f"{overhead:+.0%} | {med['up']:.2f} s | {running:+.0%} | "
                  f"{med['c1'] / med['c2']:.2f}x |" + ("" if same else " OUTPUTS DIFFER"))
        stack.close()
    print(f"medians of {args.rounds} alternating rounds, wall clock of the whole command")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
