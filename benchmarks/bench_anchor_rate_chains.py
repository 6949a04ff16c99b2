"""Sudoku Explainer ratings in the chain bands (issue 23): serate 1.2.1.3 itself against
``puzzlefmt rate`` on the puzzles serate rates 6.5-8.9 (and 9.0+ with ``--nine``), whole
processes, in the same run.

    python benchmarks/bench_anchor_rate_chains.py --serate /work/scratch/serate/classes \\
        [--rounds 3] [--copies 4] [--upper-copies 1] [--no-upper] [--nine]

serate is built from source as ``bench_anchor_rate.py`` says (``--serate``: its ``classes``
folder or a jar). The puzzles are those of ``../shared/vectors/rating/se-1213.tsv``, in
parts timed apart:

- *6.5-7.5*: rows 1-22 (forcing chains and cycles, aligned triplet exclusion), written
  ``--copies`` times one after the other into one file (so that a process's start weighs
  little per puzzle);
- *7.5-8.9* (ER above 7.5): rows 23-26 too (Nishio, multiple and dynamic forcing chains,
  level 1 nesting); ``--upper-copies`` times (serate takes a second or so a puzzle there),
  or left out with ``--no-upper``;
- *9.0+* with ``--nine``, once: the rater gives serate's numbers up to row 26; a puzzle
  that needs nesting levels 2+ prints ``>=9.0``, so those lines differ from the vectors
  and are counted.

Each part is measured by :func:`bench_anchor_rate.measure` (the same warm-up, check,
rounds and table as ``bench_anchor_rate.py``, without the ``--object-path`` command): serate
(one JVM for the whole file, as the vectors were made), ``puzzlefmt rate -q FILE -o OUT``,
the ``python -c`` script over :func:`~puzzlefmt.sudoku.rating.rate_array`, alternately,
``--rounds`` rounds, CPU time of each whole process (``wait4``), medians; and the kernel
alone in-process. The load average is printed at the start and the end of each part.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from _anchor import SHARED, header
from bench_anchor_rate import measure

LOW, MID, HIGH = 6.5, 7.5, 8.9


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--serate", required=True, help="serate's classes folder or jar")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--copies", type=int, default=4)
    ap.add_argument("--upper-copies", type=int, default=1)
    ap.add_argument("--no-upper", action="store_true", help="leave out the 7.5-8.9 part")
    ap.add_argument("--no-lower", action="store_true", help="leave out the 6.5-7.5 part")
    ap.add_argument("--nine", action="store_true", help="time the 9.0+ puzzles too")
    args = ap.parse_args(argv)
    header(Path(__file__).name, argv)
    vectors = SHARED / "vectors" / "rating" / "se-1213.tsv"
    rows = [ln.split("\t") for ln in vectors.read_text(encoding="utf-8").splitlines()[1:]]
    parts = []
    if not args.no_lower:
        parts.append((f"{LOW}-{MID}", [r for r in rows if LOW <= float(r[1]) <= MID],
                      args.copies))
    if not args.no_upper:
        parts.append((f"{MID}-{HIGH} (ER > {MID})",
                      [r for r in rows if MID < float(r[1]) <= HIGH], args.upper_copies))
    if args.nine:
        parts.append(("9.0+", [r for r in rows if float(r[1]) >= 9.0], 1))
    for title, part, copies in parts:
        print(f"## ER {title}")
        measure(args.serate, part, copies, args.rounds, object_path=False)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
