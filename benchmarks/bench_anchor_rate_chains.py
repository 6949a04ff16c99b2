"""Sudoku Explainer ratings in the chain band (issue 23): serate 1.2.1.3 itself against
``puzzlefmt rate`` on the puzzles serate rates 6.5-8.9, whole processes, in the same run.

    python benchmarks/bench_anchor_rate_chains.py --serate /work/scratch/serate/classes \\
        [--rounds 3] [--copies 4] [--upper-copies 1] [--no-upper]

serate is built from source as ``bench_anchor_rate.py`` says (``--serate``: its ``classes``
folder or a jar). The puzzles are those of ``../shared/vectors/rating/se-1213.tsv`` with ER
from 6.5 to 8.9, in two parts timed apart:

- *6.5-7.5*: the puzzles this rater rates exactly (rows 1-22: forcing chains and cycles,
  aligned triplet exclusion), written ``--copies`` times one after the other into one file
  (so that a process's start weighs little per puzzle);
- *7.5-8.9* (ER above 7.5): these need serate's rows 23 and up (Nishio, dynamic chains),
  which this rater does not have yet: it stops on each with ``needs-chains`` after rows
  1-22 found nothing more, so its figure there is not a rating's cost; ``--upper-copies``
  times (serate takes seconds a puzzle there), or left out with ``--no-upper``.

The commands, run alternately (serate, then each of ours, each round), ``--rounds`` rounds,
CPU time of each whole process (user + system of the process and its children, ``wait4``),
medians:

- serate: ``java -Xrs -Xmx1g -XX:ActiveProcessorCount=1 -cp CLASSES diuf.sudoku.test.serate
  --input=FILE --format=%r/%p/%d``, one JVM for the whole file, as the vectors were made;
- ``puzzlefmt rate -q FILE -o OUT``: the whole command (its columnar fast path);
- ``python -c`` over :func:`~puzzlefmt.sudoku.rating.rate_array` (``bench_anchor_rate.py``'s
  script): the least a command can do around the kernel.

Outputs are compared line by line with the vectors: in 6.5-7.5 every line must agree;
above 7.5 ours print ``>=7.5/EP/ED`` (a lower bound) where serate prints its ER, so there
the lines differ by design and are only counted. A last row gives the kernel alone, in-process
(``rate_batch`` on the prepared arrays, ``time.process_time``, after a warm-up call). The
load average (``os.getloadavg``) is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from _anchor import PUZZLEFMT, SHARED, header, rounds, run, table
from bench_anchor_rate import COLUMNAR, _kernel_time

LOW, MID, HIGH = 6.5, 7.5, 8.9


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--serate", required=True, help="serate's classes folder or jar")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--copies", type=int, default=4)
    ap.add_argument("--upper-copies", type=int, default=1)
    ap.add_argument("--no-upper", action="store_true", help="time the 6.5-7.5 part only")
    args = ap.parse_args(argv)
    header(Path(__file__).name, argv)
    vectors = SHARED / "vectors" / "rating" / "se-1213.tsv"
    rows = [ln.split("\t") for ln in vectors.read_text(encoding="utf-8").splitlines()[1:]]
    parts = [(f"{LOW}-{MID}", [r for r in rows if LOW <= float(r[1]) <= MID], args.copies,
              True)]
    if not args.no_upper:
        parts.append((f"{MID}-{HIGH} (ER > {MID})",
                      [r for r in rows if MID < float(r[1]) <= HIGH], args.upper_copies,
                      False))
    for name, part, copies, exact in parts:
        _part(args, name, part, copies, exact)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


def _part(args: argparse.Namespace, title: str, rows: list[list[str]], copies: int,
          exact: bool) -> None:
    want = [f"{r[1]}/{r[2]}/{r[3]}" for r in rows] * copies
    with tempfile.TemporaryDirectory() as scratch:
        tmp = Path(scratch)
        puzzles = tmp / "puzzles.txt"
        puzzles.write_text("".join(r[0] + "\n" for r in rows) * copies, encoding="ascii")
        n = len(want)
        outs = {name: tmp / f"{name.replace(' ', '-')}.out"
                for name in ("serate", "engine", "columnar")}
        cmds = {
            "serate": ["java", "-Xrs", "-Xmx1g", "-XX:ActiveProcessorCount=1", "-cp",
                       args.serate, "diuf.sudoku.test.serate", f"--input={puzzles}",
                       "--format=%r/%p/%d"],
            "engine": [*PUZZLEFMT, "rate", "-q", str(puzzles), "-o", str(outs["engine"])],
            "columnar": [sys.executable, "-c", COLUMNAR, str(puzzles), str(outs["columnar"])],
        }
        print(f"## ER {title}: {len(rows)} puzzles x {copies} = {n} lines, "
              f"load average {os.getloadavg()[0]:.1f} at the start")
        # once before the rounds: the numba cache warm, the outputs checked
        for name, cmd in cmds.items():
            run(cmd, stdout=outs["serate"] if name == "serate" else None)
            got = outs[name].read_text(encoding="ascii").split()
            bad = sum(a != b for a, b in zip(got, want, strict=False)) + abs(len(got) - n)
            print(f"{name}: {len(got)} lines, {bad} differ from the vectors")
        print()

        def timed(name: str) -> float:
            return run(cmds[name], stdout=outs["serate"] if name == "serate" else None).cpu

        medians = rounds(args.rounds, {name: (lambda nm=name: timed(nm)) for name in cmds})
        kernel = _kernel_time(puzzles)
    base = medians["serate"]
    note = "" if exact else " (ours stop with needs-chains: not a rating's cost)"
    print(f"{n} lines; medians of {args.rounds} rounds, CPU seconds (user + system){note}")
    print()
    table(["command", "CPU s", "per puzzle", "serate / this"],
          [[name, f"{medians[name]:.2f}", f"{medians[name] / n * 1e6:.0f} µs",
            f"{base / medians[name]:.1f}x"] for name in cmds]
          + [["rate_batch kernel alone (in-process)", f"{kernel:.2f}",
              f"{kernel / n * 1e6:.0f} µs", f"{base / kernel:.1f}x"]])
    print(f"load average after this part: {os.getloadavg()[0]:.1f}")
    print("commands:")
    for name, cmd in cmds.items():
        shown = " ".join(c if "\n" not in c else "'<the COLUMNAR script>'" for c in cmd)
        print(f"- {name}: `{shown}`")
    print()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
