"""Sudoku Explainer ratings on puzzles the tests have not seen: puzzlefmt's rater against
serate 1.2.1.3 itself (issue 23), counted by serate's ER band.

    python benchmarks/check_rate_serate.py --serate /work/scratch/serate/classes \\
        [--qqwing 1500] [--clue17 1000] [--top10000 0] [--seed 2323] [--serate-output FILE]

The puzzles: a random sample (``--seed``) of ``../shared/data/sudoku``'s QQWing expert list
(``hodoku_py_testdata/qqwing_expert.sdm``, ``--qqwing`` puzzles at most) and 17-clue list
(``tdoku_format/puzzles2_17_clue``, ``--clue17``) and, for the chains of rows 23-25 (few
puzzles of those two lists are rated above 7.5), SudoCue's top 10,000
(``hodoku_py_testdata/sudocue_top10000.sdm``, ``--top10000``; mostly rated 8.3-9.2), leaving
out every puzzle of
``../shared/vectors/rating/se-1213.tsv``. serate rates them in one JVM (``nice -n 10 java
-Xrs -Xmx1g -XX:ActiveProcessorCount=1 -cp CLASSES diuf.sudoku.test.serate --input=FILE
--format=%g<TAB>%r<TAB>%p<TAB>%d``; ``--serate-output`` reuses such a file, e.g. one cut short),
puzzlefmt with :func:`puzzlefmt.sudoku.rating.rate_many`. For each band of serate's ER (up to
6.2, 6.5-7.4, 7.5-8.9, 9.0 and up): how many puzzles, how many puzzlefmt rates with serate's
ER/EP/ED, how many it rates otherwise (a disagreement), how many it reports as needing
chains (its bound, ER 9.0 or more: serate's rows 26+). The anchor is not part of the
project (see bench_anchor_rate.py for how to build it).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _anchor import SHARED
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.rating import rate_many


def _load(path: Path, label: str, seen: set[str]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    n = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if len(line) < 81 or line.startswith("#"):
            continue
        n += 1
        puzzle = "".join(ch if ch in "123456789" else "." for ch in line[:81])
        if puzzle not in seen:
            out.append((puzzle, f"{label}:{n}"))
    return out


def _band(er: float) -> str:
    if er <= 6.2:
        return "<= 6.2"
    return "6.5-7.4" if er < 7.45 else ("7.5-8.9" if er < 8.95 else ">= 9.0")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--serate", required=True, help="serate's classes folder or jar")
    ap.add_argument("--qqwing", type=int, default=1500)
    ap.add_argument("--clue17", type=int, default=1000)
    ap.add_argument("--top10000", type=int, default=0)
    ap.add_argument("--seed", type=int, default=2323)
    ap.add_argument("--serate-output", type=Path, default=None,
                    help="serate's output for this sample, made before (skips the JVM)")
    args = ap.parse_args(argv)
    vectors = SHARED / "vectors" / "rating" / "se-1213.tsv"
    seen = {line.split("\t")[0] for line in vectors.read_text(encoding="utf-8").splitlines()[1:]}
    data = SHARED / "data" / "sudoku"
    qe = _load(data / "hodoku_py_testdata" / "qqwing_expert.sdm", "qqwing_expert", seen)
    c17 = _load(data / "tdoku_format" / "puzzles2_17_clue", "17clue", seen)
    rng = random.Random(args.seed)
    sample = rng.sample(qe, min(len(qe), args.qqwing)) + rng.sample(c17, min(len(c17),
                                                                              args.clue17))
    if args.top10000:
        top = _load(data / "hodoku_py_testdata" / "sudocue_top10000.sdm", "sudocue_top10000",
                    seen)
        sample += rng.sample(top, min(len(top), args.top10000))
    if args.serate_output is None:
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "sample.txt"
            src.write_text("".join(p + "\n" for p, _ in sample), encoding="utf-8")
            t0 = time.perf_counter()
            done = subprocess.run(
                ["nice", "-n", "10", "java", "-Xrs", "-Xmx1g", "-XX:ActiveProcessorCount=1",
                 "-cp", args.serate, "diuf.sudoku.test.serate", f"--input={src}",
                 "--format=%g\t%r\t%p\t%d"], capture_output=True, text=True, check=True)
            print(f"serate: {time.perf_counter() - t0:.1f} s wall")
            lines = done.stdout.splitlines()
    else:
        lines = args.serate_output.read_text(encoding="utf-8").splitlines()
    theirs = {f[0][:81]: (f[1], f[2], f[3]) for f in (line.split("\t") for line in lines)}
    rows = [(p, s, theirs[p]) for p, s in sample if p in theirs]
    t0 = time.perf_counter()
    ours = rate_many([Grid(p) for p, _, _ in rows])
    print(f"puzzlefmt: {time.perf_counter() - t0:.1f} s wall for {len(rows)} puzzles")
    bands: dict[str, list[int]] = {}
    for (p, source, nums), got in zip(rows, ours, strict=True):
        band = bands.setdefault(_band(float(nums[0])), [0, 0, 0, 0])
        band[0] += 1
        if got.verdict == "rated" and got.line() == "/".join(nums):
            band[1] += 1
        elif got.verdict == "needs-chains":
            band[3] += 1
        else:
            band[2] += 1
            print(f"differs: {p} {source} serate {'/'.join(nums)} puzzlefmt {got.line()} "
                  f"{got.verdict}")
    print("| serate ER | puzzles | same ER/EP/ED | different | needs chains (>=9.0) |")
    print("|---|---|---|---|---|")
    for name in ("<= 6.2", "6.5-7.4", "7.5-8.9", ">= 9.0"):
        n, same, other, chains = bands.get(name, [0, 0, 0, 0])
        print(f"| {name} | {n} | {same} | {other} | {chains} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
