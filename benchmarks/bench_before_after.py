"""Two source trees of puzzlefmt side by side on the whole commands of this folder's tables.

A change of structure (issue 21: the engine tables, the layout, immutable models) must not make
a figure of ``benchmarks/README.md`` worse by more than 5%. This runs the same whole commands
with ``PYTHONPATH=<tree>/src`` for each tree, alternating the trees round by round, and prints
the median wall and CPU seconds of each, the after/before CPU ratio and the peak memory.

Each tree must have its ahead-of-time kernels built for its own sources
(``python -m puzzlefmt._aot <tree>/src/puzzlefmt``); the first round of each command is a
warm-up and is not counted.

    python benchmarks/bench_before_after.py --before ../before --after . --rounds 5

Data (read here without the library, so both trees get the same bytes): the tdoku-format
Sudoku files of ../shared/data/sudoku, the 6x6 Keen IDs of
../shared/vectors/keen/vectors-rocurley-6du.tsv, the positive CGP lines of
../shared/vectors/cgp/*.tsv, and the bundled examples.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _anchor import SHARED, header, run, table

SUDOKU = SHARED / "data" / "sudoku" / "tdoku_format"
KEEN = SHARED / "vectors" / "keen" / "vectors-rocurley-6du.tsv"
CGP = SHARED / "vectors" / "cgp"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# Per-object work through the Python API, as a user's script does it.
_OBJECTS = """
import sys, puzzlefmt
grids = puzzlefmt.load(sys.argv[1])
n = sum(1 for g in grids if g.solve().unique)
pos = puzzlefmt.load(sys.argv[2])
for p in pos:
    p.cgp(); str(p); p.problems()
print(n, len(pos))
"""


def _lines(path: Path, limit: int | None = None) -> list[str]:
    out = [ln[:81] for ln in path.read_text(encoding="utf-8").splitlines()
           if ln.strip() and not ln.startswith("#")]
    return out[:limit]


def _keen_ids() -> list[str]:
    return [ln.split("\t")[0] for ln in KEEN.read_text(encoding="utf-8").splitlines()
            if ln and not ln.startswith(("#", "game_id"))]


def _cgps() -> list[str]:
    out: list[str] = []
    for path in sorted(CGP.glob("*.tsv")):
        if path.name in ("magpie_scoring.tsv", "macondo_rowtoletters.tsv"):
            continue
        for line in path.read_text(encoding="utf-8").split("\n"):
            cols = line.split("\t")
            if not line.startswith("#") and len(cols) >= 4 and cols[2] in (
                    "valid", "writer_output", "sequence_state"):
                out.append(cols[3])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True, help="the source tree before the change")
    parser.add_argument("--after", required=True, help="the source tree after it")
    parser.add_argument("--rounds", type=int, default=5, help="counted rounds (default 5)")
    parser.add_argument("--only", default="", help="comma-separated command labels to run")
    args = parser.parse_args(argv)
    trees = {"before": Path(args.before).resolve(), "after": Path(args.after).resolve()}
    for name, tree in trees.items():
        if not (tree / "src" / "puzzlefmt").is_dir():
            print(f"{name}: no src/puzzlefmt under {tree}", file=sys.stderr)
            return 2
    # Bytecode as an installed package has it: compiled once, not at every start (a shell
    # with PYTHONDONTWRITEBYTECODE set would otherwise charge each run for compiling every
    # module it imports, more for the tree with more source).
    base_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for tree in trees.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "src")],
                       check=True, env=base_env)
    header("bench_before_after.py", sys.argv[1:] if argv is None else argv)
    print(f"before: {trees['before']}; after: {trees['after']}; "
          f"load average at the start: {os.getloadavg()}\n")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        clue17 = tmp / "17clue.txt"
        clue17.write_text("\n".join(_lines(SUDOKU / "puzzles2_17_clue")) + "\n")
        hardest = tmp / "hardest.txt"
        hardest.write_text("\n".join(_lines(SUDOKU / "puzzles5_forum_hardest_1905_11+")) + "\n")
        sdm = tmp / "17clue-x4.sdm"
        sdm.write_text("\n".join(_lines(SUDOKU / "puzzles2_17_clue") * 4) + "\n")
        objects = tmp / "objects.txt"
        objects.write_text("\n".join(_lines(SUDOKU / "puzzles2_17_clue", 10_000)) + "\n")
        keen = tmp / "keen-ids-x10.txt"
        keen.write_text("\n".join(_keen_ids() * 10) + "\n")
        cgps = tmp / "cgps-x20.cgps"
        cgps.write_text("\n".join(_cgps() * 20) + "\n")
        one = tmp / "one.txt"
        one.write_text(_lines(SUDOKU / "puzzles2_17_clue", 1)[0] + "\n")
        out = tmp / "out"
        py = [sys.executable]
        pf = [*py, "-m", "puzzlefmt"]
        commands: list[tuple[str, list[str], tuple[int, ...]]] = [
            ("solve 17clue -o OUT -q", [*pf, "solve", str(clue17), "-o", str(out), "-q"], (0,)),
            ("solve hardest -o OUT -q", [*pf, "solve", str(hardest), "-o", str(out), "-q"],
             (0,)),
            ("validate hardest -o /dev/null -q",
             [*pf, "validate", str(hardest), "-o", os.devnull, "-q"], (0, 1)),
            ("convert 17clue-x4.sdm --to line -o OUT -q",
             [*pf, "convert", str(sdm), "--to", "line", "-o", str(out), "-q"], (0,)),
            ("canon 17clue -o OUT -q", [*pf, "canon", str(clue17), "-o", str(out), "-q"], (0,)),
            ("solve keen-ids-x10 -o OUT -q", [*pf, "solve", str(keen), "-o", str(out), "-q"],
             (0, 1)),
            ("convert cgps-x20 --to cgp-json -o OUT -q",
             [*pf, "convert", str(cgps), "--to", "cgp-json", "-o", str(out), "-q"], (0,)),
            ("validate cgps-x20 -o /dev/null -q",
             [*pf, "validate", str(cgps), "-o", os.devnull, "-q"], (0, 1)),
            ("convert woogles-endgame.gcg --to cgp-list",
             [*pf, "convert", str(EXAMPLES / "gcg" / "woogles-endgame.gcg"), "--to",
              "cgp-list", "-o", str(out), "-q"], (0,)),
            ("python API: 10000 Grid objects solved; CGP objects written",
             [*py, "-c", _OBJECTS, str(objects), str(cgps)], (0,)),
            ("--version", [*pf, "--version"], (0,)),
            ("formats", [*pf, "formats"], (0,)),
            ("detect one.txt", [*pf, "detect", str(one)], (0,)),
            ("solve one.txt", [*pf, "solve", str(one)], (0,)),
        ]
        only = {s.strip() for s in args.only.split(",") if s.strip()}
        rows = []
        for label, cmd, ok in commands:
            if only and label not in only:
                continue
            figures: dict[str, list[tuple[float, float, float]]] = {"before": [], "after": []}
            for round_ in range(args.rounds + 1):
                order = ("before", "after") if round_ % 2 == 0 else ("after", "before")
                for tree in order:
                    env = dict(base_env, PYTHONPATH=str(trees[tree] / "src"))
                    r = run(cmd, env=env, ok=ok)
                    if round_:
                        figures[tree].append((r.wall, r.cpu, r.maxrss_mb))
            med = {t: tuple(statistics.median(f[i] for f in figures[t]) for i in range(3))
                   for t in figures}
            b, a = med["before"], med["after"]
            # The least CPU time too: on this machine a run's CPU time is bimodal (the same
            # process takes 0.52 or 0.76 s), and a median of few rounds may fall in either.
            least = {t: min(f[1] for f in figures[t]) for t in figures}
            rows.append([f"`{label}`", f"{b[0]:.3f}", f"{b[1]:.3f}", f"{least['before']:.3f}",
                         f"{b[2]:.0f}", f"{a[0]:.3f}", f"{a[1]:.3f}", f"{least['after']:.3f}",
                         f"{a[2]:.0f}", f"{a[1] / b[1]:.3f}" if b[1] else "-",
                         f"{least['after'] / least['before']:.3f}" if least["before"] else "-"])
            print(f"  {label}: CPU {b[1]:.3f} -> {a[1]:.3f} s", file=sys.stderr)
    print(f"medians of {args.rounds} alternating rounds after one warm-up round; "
          f"load average at the end: {os.getloadavg()}; "
          f"{time.perf_counter() - start:.0f} s in all\n")
    table(["command", "before: wall s", "CPU s", "least CPU s", "peak MB", "after: wall s",
           "CPU s", "least CPU s", "peak MB", "CPU after/before", "least after/before"], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
