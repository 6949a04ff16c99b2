"""Keen random-seed IDs: time to expand, and agreement with the real program.

Run from the project root::

    .venv/bin/python benchmarks/bench_keen_seeds.py [--anchor /tmp/keen/keen-anchor]
        [--sizes 6,9] [--levels e,n,h,x,u] [--mult] [--seeds 5] [--prefix bench]

For every size and difficulty it expands the seed IDs ``<w>d<level>[m]#<prefix>-<k>``
(k = 0 .. seeds-1) with :func:`puzzlefmt.keen.seed.expand_seed`, once each (expansion is
deterministic; the numba kernels are compiled or loaded first, and that time is reported
apart), and prints the median and largest time per ID.

``--anchor`` takes the path of a program built by hand from Simon Tatham's puzzles (keen.c
and the files it needs, linked with nullfe.c) and a small driver: it reads seed IDs one per
line on standard input, and for each calls ``midend_game_id``, ``midend_new_game`` and prints
``<input>\\t<midend_get_random_seed>\\t<midend_get_game_id>``. The script runs it once per ID
(the wall time, process start included, is the anchor's column) and counts the IDs whose game
ID both agree on. Nothing of the real program is part of this repository.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from puzzlefmt.keen.seed import expand_seed


def _anchor(path: str, seed_id: str) -> tuple[str, float]:
    start = time.perf_counter()
    done = subprocess.run([path], input=seed_id + "\n", capture_output=True, text=True,
                          check=True)
    elapsed = time.perf_counter() - start
    fields = done.stdout.rstrip("\n").split("\t")
    return fields[-1], elapsed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--anchor", help="the real program's seed driver (see above)")
    parser.add_argument("--sizes", default="4,6,9")
    parser.add_argument("--levels", default="e,n,h,x,u")
    parser.add_argument("--mult", action="store_true", help="multiplication-only (m) too")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--prefix", default="bench")
    args = parser.parse_args(argv)

    import platform

    import puzzlefmt

    print(f"python {platform.python_version()}, {platform.machine()}, puzzlefmt "
          f"{puzzlefmt.__version__}")
    print(f"command: python benchmarks/bench_keen_seeds.py {' '.join(argv)}".rstrip())
    start = time.perf_counter()
    expand_seed("4de", "warm-up")
    print(f"first expansion (numba compile or cache load): {time.perf_counter() - start:.2f} s")
    print()
    head = f"{'params':8} {'ids':>4} {'median ms':>10} {'max ms':>9}"
    if args.anchor:
        head += f" {'keen.c median ms':>17} {'keen.c max ms':>14} {'same':>5}"
    print(head)
    total = same = 0
    for size in args.sizes.split(","):
        for level in args.levels.split(","):
            for mult in ("", "m") if args.mult else ("",):
                params = f"{size}d{level}{mult}"
                ours: list[float] = []
                theirs: list[float] = []
                agree = 0
                for k in range(args.seeds):
                    seed = f"{args.prefix}-{k}"
                    t0 = time.perf_counter()
                    game_id = expand_seed(params, seed)
                    ours.append(time.perf_counter() - t0)
                    if args.anchor:
                        real, elapsed = _anchor(args.anchor, f"{params}#{seed}")
                        theirs.append(elapsed)
                        agree += real == game_id
                total += args.seeds
                same += agree
                row = (f"{params:8} {args.seeds:>4} {1000 * statistics.median(ours):>10.1f} "
                       f"{1000 * max(ours):>9.1f}")
                if args.anchor:
                    row += (f" {1000 * statistics.median(theirs):>17.1f} "
                            f"{1000 * max(theirs):>14.1f} {agree:>5}")
                print(row, flush=True)
    if args.anchor:
        print(f"\n{same} of {total} seed IDs expand to the real program's game ID")
        return 0 if same == total else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
