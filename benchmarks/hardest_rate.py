"""The hardest puzzles (issue 23): 200 puzzles drawn with a fixed seed from the forum's
"hardest" list (ER 11 or more), rated by serate 1.2.1.3 within 10 minutes each and by
puzzlefmt within 60 s each, tabled with their times.

    python benchmarks/hardest_rate.py --serate /work/scratch/serate/classes \\
        [--cache benchmarks/hardest-serate.tsv] [--count 200] [--seed 2311] \\
        [--serate-limit 600] [--limit 60] [--skip-serate] [--skip-puzzlefmt]

The puzzles: ``../shared/data/sudoku/tdoku_format/puzzles5_forum_hardest_1905_11+``, ``--count``
of them drawn with ``random.Random(--seed).sample`` from its lines (in file order).

serate rates each puzzle in a JVM of its own (``nice -n 19 java -Xrs -Xmx1g
-XX:ActiveProcessorCount=1 -cp CLASSES diuf.sudoku.test.serate --input=FILE
--format=%r/%p/%d``), stopped after ``--serate-limit`` seconds of CPU time (``RLIMIT_CPU``:
the machine's load does not count against it); each result
(ER/EP/ED or ``timeout``, the process's CPU seconds, its wall seconds) is appended to the
``--cache`` file as it comes, so that a run cut short goes on where it stopped (serate takes
minutes a puzzle here: the 200 take hours). The default cache, ``hardest-serate.tsv`` beside
this script, holds serate's results so far (seed 2311, 600 s): a run with
``--skip-serate`` tables them without running serate. puzzlefmt rates each with
``puzzlefmt.sudoku.rating.rate(grid, timeout=--limit)`` in this process (CPU seconds by
``time.process_time``). The table: one row a puzzle (serate's rating and times, puzzlefmt's
rating, verdict and times, whether they agree), then the counts, after a header naming
the machine, the commit and the command. ``hardest-rate.md`` beside this script is the table
of the last such run (``python benchmarks/hardest_rate.py --skip-serate >
benchmarks/hardest-rate.md``). A puzzle with several rows in the cache (a timeout on a
slower machine, then a run that finished) counts by its last row.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _anchor import SHARED, header
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.rating import RatingTimeoutError, rate

LIST = SHARED / "data" / "sudoku" / "tdoku_format" / "puzzles5_forum_hardest_1905_11+"


def draw(count: int, seed: int) -> list[str]:
    """The sample: ``count`` puzzles of the list, drawn with ``seed``."""
    lines = [ln.strip()[:81] for ln in LIST.read_text(encoding="utf-8").splitlines()
             if len(ln.strip()) >= 81 and not ln.startswith("#")]
    return random.Random(seed).sample(lines, count)


def _read_cache(path: Path, limit: float) -> dict[str, tuple[str, float, float]]:
    """The results cached so far; a ``timeout`` counts only when serate used up ``limit``
    seconds of CPU (an earlier run's limit was wall time: such a puzzle is tried again)."""
    out: dict[str, tuple[str, float, float]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            puzzle, result, cpu, wall = line.split("\t")
            if result != "timeout" or float(cpu) >= 0.99 * limit:
                out[puzzle] = (result, float(cpu), float(wall))
    return out


def serate_one(classes: str, puzzle: str, limit: float) -> tuple[str, float, float]:
    """serate's ``ER/EP/ED`` for ``puzzle`` (or ``timeout``), its CPU and wall seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "one.txt"
        src.write_text(puzzle + "\n", encoding="utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        def cpu_limit() -> None:  # in the child: killed (SIGXCPU) after `limit` CPU seconds
            resource.setrlimit(resource.RLIMIT_CPU, (int(limit), int(limit) + 5))

        proc = subprocess.Popen(
            ["nice", "-n", "19", "java", "-Xrs", "-Xmx1g", "-XX:ActiveProcessorCount=1",
             "-cp", classes, "diuf.sudoku.test.serate", f"--input={src}",
             "--format=%r/%p/%d"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, preexec_fn=cpu_limit)  # noqa: PLW1509 - no threads here
        try:
            out, _ = proc.communicate(timeout=limit * 20)  # wall: a bound on a loaded machine
            result = (out.strip().splitlines()[-1] if proc.returncode == 0 and out.strip()
                      else "timeout")
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            result = "timeout"
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return result, cpu, wall


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--serate", help="serate's classes folder or jar")
    ap.add_argument("--cache", type=Path, default=Path(__file__).with_name("hardest-serate.tsv"),
                    help="serate's results, kept (default: hardest-serate.tsv beside this)")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2311)
    ap.add_argument("--serate-limit", type=float, default=600.0)
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--skip-serate", action="store_true")
    ap.add_argument("--skip-puzzlefmt", action="store_true")
    args = ap.parse_args(argv)
    sample = draw(args.count, args.seed)
    cache = _read_cache(args.cache, args.serate_limit)
    if not args.skip_serate:
        if not args.serate:
            ap.error("--serate CLASSES (or --skip-serate)")
        for i, puzzle in enumerate(sample, 1):
            if puzzle in cache:
                continue
            got = serate_one(args.serate, puzzle, args.serate_limit)
            cache[puzzle] = got
            with args.cache.open("a", encoding="utf-8") as fh:
                fh.write(f"{puzzle}\t{got[0]}\t{got[1]:.2f}\t{got[2]:.2f}\n")
            print(f"serate {i}/{len(sample)}: {got[0]} {got[1]:.1f} s CPU "
                  f"{got[2]:.1f} s wall", flush=True)
    if args.skip_puzzlefmt:
        return 0
    header("hardest_rate.py", argv)
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    print("| # | puzzle | serate ER/EP/ED | serate CPU s | puzzlefmt | verdict | "
          "puzzlefmt CPU s | same |")
    print("|---|---|---|---|---|---|---|---|")
    times: list[float] = []
    counts = {"rated": 0, "within": 0, "same": 0, "compared": 0}
    for i, puzzle in enumerate(sample, 1):
        t0 = time.process_time()
        try:
            ours = rate(Grid(puzzle), steps=False, timeout=args.limit)
            line, verdict = ours.line(), ours.verdict
        except RatingTimeoutError:
            line, verdict = "-", "timeout"
        spent = time.process_time() - t0
        times.append(spent)
        counts["rated"] += verdict == "rated"
        counts["within"] += verdict == "rated" and spent <= args.limit
        theirs = cache.get(puzzle, ("not run", 0.0, 0.0))
        same = ""
        if "/" in theirs[0] and verdict == "rated":
            counts["compared"] += 1
            same = "yes" if theirs[0] == line else "NO"
            counts["same"] += same == "yes"
        print(f"| {i} | `{puzzle}` | {theirs[0]} | {theirs[1]:.1f} | {line} | {verdict} | "
              f"{spent:.2f} | {same} |", flush=True)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    done = [cache[p][1] for p in sample if "/" in cache.get(p, ("",))[0]]
    print(f"rated: {counts['rated']} of {len(sample)}, within {args.limit:g} s: "
          f"{counts['within']}; puzzlefmt CPU s median {statistics.median(times):.2f}, "
          f"max {max(times):.2f}; serate finished: "
          f"{len(done)} of {len(sample)} (CPU s median "
          f"{statistics.median(done) if done else 0:.1f}); "
          f"same ER/EP/ED where both finished: {counts['same']} of {counts['compared']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
