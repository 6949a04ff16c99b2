"""Sudoku Explainer ratings side by side with serate 1.2.1.3 itself (issue 22): the same
puzzles rated by both, whole processes, in the same run.

    python benchmarks/bench_anchor_rate.py --serate /work/scratch/serate/classes \\
        [--rounds 3] [--copies 4] [--limit 6.2] [--above 0]

The anchor is not part of the project and is never committed: build it by hand in a scratch
folder from SudokuMonster/SukakuExplainer at tag ``v1.2.1.2`` with the one compile fix that
``../shared/vectors/rating/README.md`` names (``(Object[])null`` as third argument of the four
``new ErrorMessage(...)`` calls of ``diuf/sudoku/io/SudokuIO.java``)::

    javac -nowarn -encoding ISO-8859-1 -d classes $(find Sudoku -name '*.java')

``--serate`` is that ``classes`` folder (or a jar). The puzzles are those of
``../shared/vectors/rating/se-1213.tsv`` with ER above ``--above`` and at most ``--limit``
(6.2: every puzzle the rater finished at first; ``--above 7.5 --limit 8.9``: the band of
rows 23-25), written ``--copies`` times one after the other into one file, so that the start
of each process (a JVM; an interpreter and the kernels) weighs little per puzzle. The
commands, run alternately, ``--rounds`` rounds, CPU time (user + system, ``wait4``) medians:

- serate: ``java -Xrs -Xmx1g -XX:ActiveProcessorCount=1 -cp CLASSES diuf.sudoku.test.serate
  --input=FILE --format=%r/%p/%d``, one warm JVM for the whole file, as the vectors were made;
- ``puzzlefmt rate -q FILE -o OUT``: the whole command, which takes its columnar fast path
  for these plain lines (blocks of lines read into arrays, one
  :func:`~puzzlefmt.sudoku.rating.rate_array` call a block, the lines written from the
  arrays: no Grid objects);
- the same with ``--object-path`` (a Grid a record, ``rate_many`` a chunk), for comparison;
- ``python -c`` over :func:`puzzlefmt.sudoku.rating.rate_array` reading the same file into
  one array and writing the same lines (the least a command can do around the kernel).

Every output is compared line by line with serate's (and with the vectors). The table gives
each command's CPU seconds, per puzzle, and serate's figure over ours. A third figure, the
kernel alone (``rate_batch`` on the prepared arrays, in-process, ``time.process_time``),
shows where the time of the columnar command goes.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from _anchor import PUZZLEFMT, SHARED, header, rounds, run, table

COLUMNAR = """
import sys, numpy as np
from puzzlefmt.sudoku.rating import rate_array, format_rating
raw = np.frombuffer(open(sys.argv[1], 'rb').read(), dtype=np.uint8).reshape(-1, 82)[:, :81]
puzzles = np.where((raw >= 49) & (raw <= 57), raw - 48, 0).astype(np.uint8)
ratings, verdicts = rate_array(puzzles)
cache = {}
def fmt(x):
    s = cache.get(x)
    if s is None:
        s = cache[x] = format_rating(x)
    return s
with open(sys.argv[2], 'w') as out:
    out.write(''.join(f'{fmt(a)}/{fmt(b)}/{fmt(c)}\\n' for a, b, c in ratings.tolist()))
"""


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--serate", required=True, help="serate's classes folder or jar")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--copies", type=int, default=4)
    ap.add_argument("--limit", type=float, default=6.2)
    ap.add_argument("--above", type=float, default=0.0)
    args = ap.parse_args(argv)
    header(Path(__file__).name, argv)
    vectors = SHARED / "vectors" / "rating" / "se-1213.tsv"
    rows = [ln.split("\t") for ln in vectors.read_text(encoding="utf-8").splitlines()[1:]]
    rows = [r for r in rows if args.above < float(r[1]) <= args.limit]
    print(f"{len(rows)} puzzles with {args.above} < ER <= {args.limit}")
    measure(args.serate, rows, args.copies, args.rounds)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


def measure(serate: str, rows: list[list[str]], copies: int, n_rounds: int,
            object_path: bool = True) -> dict[str, float]:
    """Time serate and our commands on the vector ``rows`` (puzzle, ER, EP, ED), written
    ``copies`` times into one file: each command once (outputs checked against the
    vectors, differing lines counted), then ``n_rounds`` alternating rounds; the table of
    medians (and the kernel alone, in-process) printed. ``object_path``: time ``rate
    --object-path`` too. Returns the medians (CPU seconds) by command, ``kernel`` included.
    """
    want = [f"{r[1]}/{r[2]}/{r[3]}" for r in rows] * copies
    with tempfile.TemporaryDirectory() as scratch:
        tmp = Path(scratch)
        puzzles = tmp / "puzzles.txt"
        puzzles.write_text("".join(r[0] + "\n" for r in rows) * copies, encoding="ascii")
        n = len(want)
        names = ["serate", "engine", *(["object path"] if object_path else []), "columnar"]
        outs = {name: tmp / f"{name.replace(' ', '-')}.out" for name in names}
        cmds = {
            "serate": ["java", "-Xrs", "-Xmx1g", "-XX:ActiveProcessorCount=1", "-cp",
                       serate, "diuf.sudoku.test.serate", f"--input={puzzles}",
                       "--format=%r/%p/%d"],
            "engine": [*PUZZLEFMT, "rate", "-q", str(puzzles), "-o", str(outs["engine"])],
            "object path": [*PUZZLEFMT, "rate", "-q", "--object-path", str(puzzles), "-o",
                            str(tmp / "object-path.out")],
            "columnar": [sys.executable, "-c", COLUMNAR, str(puzzles), str(outs["columnar"])],
        }
        cmds = {name: cmds[name] for name in names}
        print(f"{len(rows)} puzzles x {copies} = {n} lines, load average "
              f"{os.getloadavg()[0]:.1f} at the start")
        # once before the rounds: the numba cache warm, the outputs checked
        for name, cmd in cmds.items():
            run(cmd, stdout=outs["serate"] if name == "serate" else None)
            got = outs[name].read_text(encoding="ascii").split()
            bad = sum(a != b for a, b in zip(got, want, strict=False)) + abs(len(got) - n)
            print(f"{name}: {len(got)} lines, {bad} differ from the vectors")
        print()

        def timed(name: str) -> float:
            return run(cmds[name], stdout=outs["serate"] if name == "serate" else None).cpu

        medians = rounds(n_rounds, {name: (lambda nm=name: timed(nm)) for name in cmds})
        kernel = _kernel_time(puzzles)
    base = medians["serate"]
    print(f"{n} lines; medians of {n_rounds} rounds, CPU seconds (user + system)")
    print()
    table(["command", "CPU s", "per puzzle", "serate / this"],
          [[name, f"{medians[name]:.2f}", f"{medians[name] / n * 1e6:.0f} µs",
            f"{base / medians[name]:.1f}x"] for name in cmds]
          + [["rate_batch kernel alone (in-process)", f"{kernel:.2f}",
              f"{kernel / n * 1e6:.0f} µs", f"{base / kernel:.1f}x"]])
    print(f"load average after the rounds: {os.getloadavg()[0]:.1f}")
    print("commands:")
    for name, cmd in cmds.items():
        shown = " ".join(c if "\n" not in c else "'<the COLUMNAR script>'" for c in cmd)
        print(f"- {name}: `{shown}`")
    print()
    return {**medians, "kernel": kernel}


def _kernel_time(path: Path) -> float:
    """CPU seconds of the kernel alone on the file's puzzles (after a warm-up call)."""
    import numpy as np

    from puzzlefmt.sudoku._kernels import rate as kernel

    raw = np.frombuffer(path.read_bytes(), dtype=np.uint8).reshape(-1, 82)[:, :81]
    vals = np.where((raw >= 49) & (raw <= 57), raw - 48, 0).astype(np.int64)
    marks = np.full(vals.shape, 0x1FF, dtype=np.int64)
    cands = np.zeros(vals.shape, dtype=np.int64)
    kernel.start_batch(vals, marks, cands)
    out = np.zeros((len(vals), 5))
    stops = np.zeros(len(vals), dtype=np.int64)
    kernel.rate_batch(cands[:2].copy(), vals[:2].copy(), out[:2], stops[:2])
    t0 = time.process_time()
    kernel.rate_batch(cands, vals, out, stops)
    return time.process_time() - t0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
