"""Peak memory of ``puzzlefmt rate`` as the input grows (issue 22: flat memory over 100,000
puzzles).

    python benchmarks/bench_rate_memory.py [--sizes 10000,50000,100000] [--chains 0.1]

Each file holds ``SIZE`` puzzles: the puzzles of ``../shared/vectors/rating/se-1213.tsv``
with ER at most 6.2, over and over, and a share ``--chains`` of the 17-clue collection of
``../shared/data/sudoku`` (unrated, many of them need chains), every tenth line. The whole
command, ``puzzlefmt rate -q FILE -o OUT``, runs once a size on its columnar fast path and
once with ``--object-path``, each through the launcher of ``_anchor.py``: its own CPU
seconds and peak resident memory (``ru_maxrss``, ``wait4``). The output is checked: one line
a puzzle.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from _anchor import PUZZLEFMT, SHARED, header, run, table


def _puzzles(size: int, chains: float) -> list[str]:
    vectors = SHARED / "vectors" / "rating" / "se-1213.tsv"
    rows = [ln.split("\t") for ln in vectors.read_text(encoding="utf-8").splitlines()[1:]]
    rated = [r[0] for r in rows if float(r[1]) <= 6.2]
    seventeen = SHARED / "data" / "sudoku" / "tdoku_format" / "puzzles2_17_clue"
    others = [ln[:81] for ln in seventeen.read_text(encoding="ascii").splitlines()
              if len(ln) >= 81 and not ln.startswith("#")]
    every = round(1 / chains) if chains > 0 else 0
    out = []
    for k in range(size):
        if every and k % every == every - 1:
            out.append(others[k // every % len(others)])
        else:
            out.append(rated[k % len(rated)])
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10000,50000,100000")
    ap.add_argument("--chains", type=float, default=0.1,
                    help="the share of 17-clue puzzles (unrated) among the puzzles")
    args = ap.parse_args(argv)
    header(Path(__file__).name, argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        tmp = Path(scratch)
        for size in sizes:
            src = tmp / f"puzzles-{size}.txt"
            src.write_text("".join(p + "\n" for p in _puzzles(size, args.chains)),
                           encoding="ascii")
            for name, extra in (("fast path", []), ("--object-path", ["--object-path"])):
                out = tmp / "out.txt"
                done = run([*PUZZLEFMT, "rate", "-q", *extra, str(src), "-o", str(out)],
                           ok=(0, 1))
                lines = out.read_text(encoding="ascii").count("\n")
                rows.append([f"{size:,}", name, f"{done.cpu:.2f}",
                             f"{done.cpu / size * 1e6:.0f} µs", f"{done.maxrss_mb:.1f} MB",
                             "yes" if lines == size else f"no: {lines} lines"])
    table(["puzzles", "path", "CPU s", "per puzzle", "peak RSS", "one line a puzzle"], rows)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
