"""The classic generator's promises, checked on many puzzles (issue 25): every puzzle of
``puzzlefmt generate sudoku`` has one solution, its clues have the asked symmetry, their count
is in the asked range, and with ``--minimal`` no clue can be removed; the same seed gives the
same file on two runs, with ``--jobs 2`` and with ``--cluster local:2``.

    python benchmarks/check_generate_sudoku.py [-n 10000] [--symmetries none,rot180,...]
        [--clues 17-81] [--no-minimal] [--seed check] [--no-parallel]

Each symmetry's file is made by the whole command (``python -m puzzlefmt generate sudoku -n N
--symmetry SYM --clues C [--minimal] --seed S -o FILE``), then read back and checked with the
solver's batch entry (:func:`puzzlefmt.sudoku.solver.solve_array`): the puzzles themselves
(count 1), and for minimality every puzzle with each clue removed in turn (count 2 each).
Prints one line per symmetry: puzzles, seconds to make them, failures of each kind.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from puzzlefmt.sudoku.generator import SYMMETRIES, clue_range, groups
from puzzlefmt.sudoku.solver import solve_array

PUZZLEFMT = [sys.executable, "-m", "puzzlefmt"]


def _make(args: list[str], out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([*PUZZLEFMT, *args, "-q", "-o", str(out)], check=True)
    return time.perf_counter() - start


def _grid(path: Path) -> np.ndarray:
    rows = [ln.strip() for ln in path.read_text(encoding="ascii").splitlines() if ln.strip()]
    return np.array([[0 if ch == "." else int(ch) for ch in row] for row in rows], np.uint8)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=10_000)
    parser.add_argument("--symmetries", default=",".join(SYMMETRIES))
    parser.add_argument("--clues", default="17-81")
    parser.add_argument("--no-minimal", action="store_true")
    parser.add_argument("--seed", default="check")
    parser.add_argument("--no-parallel", action="store_true",
                        help="skip the --jobs 2 and --cluster local:2 runs")
    args = parser.parse_args(argv)
    lo, hi = clue_range(args.clues)
    failed = 0
    print(f"python -m puzzlefmt generate sudoku -n {args.n} --clues {args.clues}"
          f"{'' if args.no_minimal else ' --minimal'} --seed {args.seed} --symmetry SYM")
    for sym in args.symmetries.split(","):
        cmd = ["generate", "sudoku", "-n", str(args.n), "--symmetry", sym, "--clues",
               args.clues, "--seed", args.seed]
        if not args.no_minimal:
            cmd.append("--minimal")
        with tempfile.TemporaryDirectory() as scratch:
            first = Path(scratch) / "a.txt"
            took = _make(cmd, first)
            _make(cmd, Path(scratch) / "b.txt")
            same = {}
            same["again"] = (Path(scratch) / "b.txt").read_bytes() == first.read_bytes()
            if not args.no_parallel:
                _make([*cmd, "--jobs", "2"], Path(scratch) / "j.txt")
                same["jobs 2"] = (Path(scratch) / "j.txt").read_bytes() == first.read_bytes()
                _make([*cmd, "--cluster", "local:2"], Path(scratch) / "c.txt")
                same["cluster local:2"] = ((Path(scratch) / "c.txt").read_bytes()
                                           == first.read_bytes())
            puzzles = _grid(first)
        counts, _ = solve_array(puzzles, 2)
        not_unique = int((counts != 1).sum())
        given = puzzles != 0
        asym = 0
        for group in groups(sym):
            cells = list(group)
            block = given[:, cells]
            asym_rows = (block.any(axis=1) & ~block.all(axis=1))
            asym += int(asym_rows.sum())
        clues = given.sum(axis=1)
        out_of_range = int(((clues < lo) | (clues > hi)).sum())
        not_minimal = 0
        if not args.no_minimal:
            removable = np.zeros(len(puzzles), bool)
            for cell in range(81):
                rows = np.nonzero(given[:, cell])[0]
                if len(rows) == 0:
                    continue
                trial = puzzles[rows].copy()
                trial[:, cell] = 0
                c, _ = solve_array(trial, 2)
                removable[rows[c == 1]] = True
            not_minimal = int(removable.sum())
        bad = not_unique + asym + out_of_range + not_minimal + sum(not v for v in same.values())
        failed += bad
        print(f"{sym}: {len(puzzles)} puzzles in {took:.1f} s ({len(puzzles) / took:,.0f}/s), "
              f"clues {clues.min()}-{clues.max()} (mean {clues.mean():.1f}); not unique "
              f"{not_unique}, not symmetric {asym}, out of range {out_of_range}, not minimal "
              f"{not_minimal if not args.no_minimal else 'n/a'}; same file: "
              + ", ".join(f"{k} {'yes' if v else 'NO'}" for k, v in same.items()), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
