"""The rater's output before and after a change: ``puzzlefmt rate --steps --json`` run by two
source trees on the same puzzles, compared record by record (ER, EP, ED, verdict and every
step: technique, rating, cells, digits, eliminations, placements, chain links).

    python benchmarks/compare_rate_steps.py --before /work/main/src --after src \\
        [--limit 1000] [--keep DIR] [FILE ...]

Each tree runs as ``PYTHONPATH=TREE python -m puzzlefmt rate --steps --json -q``, in a
process of its own. The puzzles: the first ``--limit`` puzzle lines of each FILE (default:
collections of ``../shared/data/sudoku/``, which hold many puzzles rated 7.5-8.9 and 9.0+).
Prints how many records agree, by band of the *before* tree's ER, the first records that
differ, and the CPU seconds of each run; exits 1 when any record differs. With ``--keep``,
the puzzles and both outputs stay in DIR, and a later run on the same puzzles with the same
``--before`` tree reads that tree's output from there instead of rating again.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from _anchor import SHARED, puzzle_lines

DEFAULT = ("tdoku_format/puzzles3_magictour_top1465",
           "hodoku_py_testdata/sudocue_top10000.sdm",
           "tdoku_format/puzzles6_forum_hardest_1106")
BANDS = ((-1.0, 0.0), (0.0, 6.5), (6.5, 7.5), (7.5, 9.0), (9.0, 99.0))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", required=True, help="source tree (its src folder) before")
    ap.add_argument("--after", required=True, help="source tree (its src folder) after")
    ap.add_argument("--limit", type=int, default=1000, help="puzzles taken from each file")
    ap.add_argument("--keep", type=Path, help="keep the puzzles and outputs in this folder")
    ap.add_argument("files", nargs="*", type=Path)
    args = ap.parse_args(argv)
    files = args.files or [SHARED / "data" / "sudoku" / f for f in DEFAULT]
    puzzles: list[str] = []
    for f in files:
        puzzles += puzzle_lines(f)[:args.limit]
    print(f"{len(puzzles)} puzzles from {len(files)} files; load average "
          f"{os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        src = folder / "puzzles.txt"
        text = "".join(p + "\n" for p in puzzles)
        tag = folder / "before.tree"
        kept = (folder / "before.jsonl").is_file() and src.is_file() and tag.is_file()
        if kept and src.read_text(encoding="ascii") == text and (
                tag.read_text(encoding="utf-8") == str(Path(args.before).resolve())):
            print(f"{args.before}: its output kept in {folder}")
            before = _read(folder / "before.jsonl")
        else:
            src.write_text(text, encoding="ascii")
            tag.unlink(missing_ok=True)
            before = _run(args.before, src, folder / "before.jsonl")
            tag.write_text(str(Path(args.before).resolve()), encoding="utf-8")
        after = _run(args.after, src, folder / "after.jsonl")
    if len(before) != len(after):
        print(f"record counts differ: {len(before)} before, {len(after)} after")
        return 1
    agree: Counter[str] = Counter()
    total: Counter[str] = Counter()
    bad = 0
    for i, (a, b) in enumerate(zip(before, after, strict=True)):
        values = a.get("values")
        er = values[0] if isinstance(values, list) and values[0] is not None else -1.0
        band = next(("none" if lo < 0 else f"{lo}-{hi}" if hi < 99 else f"{lo}+"
                     for lo, hi in BANDS if lo <= er < hi), "other")
        lower = a.get("lower")
        if isinstance(lower, list) and lower and lower[0]:
            band = f"{band} (lower bound)"
        total[band] += 1
        if a == b:
            agree[band] += 1
            continue
        bad += 1
        if bad <= 5:
            print(f"record {i + 1} differs: {puzzles[i]}")
            print(f"  before: {a.get('text')}, {len(a.get('steps', []))} steps")
            print(f"  after:  {b.get('text')}, {len(b.get('steps', []))} steps")
    for band in sorted(total):
        print(f"ER {band}: {agree[band]} of {total[band]} identical")
    print(f"{len(before) - bad} of {len(before)} records identical (steps included); "
          f"load average {os.getloadavg()[0]:.1f}")
    return 1 if bad else 0


def _run(tree: str, src: Path, out: Path) -> list[dict[str, Any]]:
    env = dict(os.environ, PYTHONPATH=str(Path(tree).resolve()))
    cmd = [sys.executable, "-m", "puzzlefmt", "rate", "--steps", "--json", "-q", str(src),
           "-o", str(out)]
    t0 = os.times()
    subprocess.run(cmd, env=env, check=True)
    t1 = os.times()
    cpu = (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)
    print(f"{tree}: {cpu:.1f} CPU s")
    return _read(out)


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(ln) for ln in path.read_text(encoding="utf-8").splitlines()]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
