"""Random-seed IDs of Simon Tatham's Keen and Solo: time to expand, and agreement with the
real program.

Run from the project root::

    .venv/bin/python benchmarks/bench_sgt_seeds.py [--game keen] [--anchor /tmp/x/keen-anchor]
        [--sizes 4,6,9] [--levels e,n,h,x,u] [--mult] [--seeds 5] [--prefix bench]
    .venv/bin/python benchmarks/bench_sgt_seeds.py --game solo --sizes 2x3,3x3,9j,3x3x
        --levels t,b,i,a,e,u [--anchor /tmp/x/solo-anchor]

For every size and difficulty it expands the seed IDs ``<size>d<level>[m]#<prefix>-<k>``
(k = 0 .. seeds-1; ``m``, multiplication only, for Keen with ``--mult``) with
:func:`puzzlefmt.keen.seed.expand_seed` or :func:`puzzlefmt.sudoku.solo_seed.expand_seed`,
once each (expansion is deterministic; the numba kernels are compiled or loaded first, and
that time is reported apart), and prints the median and largest time per ID.

``--anchor`` takes the path of a program built by hand from Simon Tatham's puzzles (keen.c
or solo.c and the files they need, linked with nullfe.c) and a small driver: it reads seed IDs
one per line on standard input, and for each calls ``midend_game_id``, ``midend_new_game`` and
prints ``<input>\\t<midend_get_random_seed>\\t<midend_get_game_id>``. The script runs it once
per ID (the wall time, process start included, is the anchor's column) and counts the IDs
whose game ID both agree on. Nothing of the real program is part of this repository.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import puzzlefmt
from puzzlefmt.keen.seed import expand_seed as expand_keen
from puzzlefmt.sudoku.solo_seed import expand_seed as expand_solo


def _anchor(path: str, seed_id: str) -> tuple[str, float]:
    start = time.perf_counter()
    done = subprocess.run([path], input=seed_id + "\n", capture_output=True, text=True,
                          check=True)
    elapsed = time.perf_counter() - start
    fields = done.stdout.rstrip("\n").split("\t")
    return fields[-1], elapsed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("keen", "solo"), default="keen")
    parser.add_argument("--anchor", help="the real program's seed driver (see above)")
    parser.add_argument("--sizes", help="default: 4,6,9 (Keen), 2x3,3x3,9j (Solo)")
    parser.add_argument("--levels", help="default: e,n,h,x,u (Keen), t,b,i,a,e,u (Solo)")
    parser.add_argument("--mult", action="store_true", help="multiplication-only (m) too")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--prefix", default="bench")
    args = parser.parse_args(argv)
    keen = args.game == "keen"
    expand_seed: Callable[[str, str], str] = expand_keen if keen else expand_solo
    sizes = args.sizes or ("4,6,9" if keen else "2x3,3x3,9j")
    levels = args.levels or ("e,n,h,x,u" if keen else "t,b,i,a,e,u")

    print(f"python {platform.python_version()}, {platform.machine()}, puzzlefmt "
          f"{puzzlefmt.__version__}")
    print(f"command: python benchmarks/bench_sgt_seeds.py {' '.join(argv)}".rstrip())
    start = time.perf_counter()
    expand_seed("4de" if keen else "2x2", "warm-up")
    print(f"first expansion (numba compile or cache load): {time.perf_counter() - start:.2f} s")
    print()
    head = f"{'params':10} {'ids':>4} {'median ms':>10} {'max ms':>9}"
    if args.anchor:
        real = f"{args.game}.c"
        head += f" {real + ' median ms':>17} {real + ' max ms':>14} {'same':>5}"
    print(head)
    total = same = 0
    for size in sizes.split(","):
        for level in levels.split(","):
            for mult in ("", "m") if args.mult and keen else ("",):
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
                row = (f"{params:10} {args.seeds:>4} {1000 * statistics.median(ours):>10.1f} "
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
