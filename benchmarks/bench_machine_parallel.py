"""What two processes get on this machine: the ceiling for `--jobs 2` and `--cluster local:2`.

    python benchmarks/bench_machine_parallel.py [--rounds N]

Times a pure-Python loop (no puzzlefmt code) in one process, then the same loop in two
processes at once, and prints the throughput speed-up of two over one (2.0x on two free
cores). On a virtual machine whose two CPUs share a physical core, or on a busy host, it is
less; no `--jobs 2` figure can beat it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time


def spin(n: int) -> float:
    """CPU seconds of ``n`` multiply-adds in Python."""
    start = time.process_time()
    x = 0
    for i in range(n):
        x += i * i
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--size", type=int, default=20_000_000)
    args = parser.parse_args()
    ctx = multiprocessing.get_context("fork" if "fork" in
                                      multiprocessing.get_all_start_methods() else "spawn")
    ones: list[float] = []
    twos: list[float] = []
    with ctx.Pool(2) as pool:
        for _ in range(args.rounds):
            start = time.perf_counter()
            spin(args.size)
            ones.append(time.perf_counter() - start)
            start = time.perf_counter()
            pool.map(spin, [args.size, args.size])
            twos.append(time.perf_counter() - start)
    one, two = statistics.median(ones), statistics.median(twos)
    print(f"command: python benchmarks/bench_machine_parallel.py --rounds {args.rounds}")
    print("| one process | two processes at once | throughput speed-up |")
    print("|---|---|---|")
    print(f"| {one:.2f} s | {two:.2f} s | {2 * one / two:.2f}x |")
    print(f"medians of {args.rounds} rounds, wall clock, {args.size:,} multiply-adds each")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
