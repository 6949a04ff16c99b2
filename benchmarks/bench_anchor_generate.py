"""``puzzlefmt generate`` against the real generators (issue 25): minimal classic Sudoku
against QQWing's ``--generate``, and Keen against Simon Tatham's Keen, per size and
difficulty.

    python benchmarks/bench_anchor_generate.py [--qqwing qqwing] [--keen /usr/games/keen]
        [--sudoku-n 2000] [--keen-n 20 | --keen-seconds 2] [--sizes 4,6,9]
        [--levels e,n,h,x,u] [--m-levels e,n,h] [--rounds 3]

The anchors are not part of the project: QQWing is the Debian package ``qqwing`` (1.3.4,
``apt-get install qqwing``), run as ``qqwing --generate N --one-line --symmetry none``
(unrated: no ``--difficulty``; its puzzles are minimal: it removes clues in random order
while the solution stays unique). Keen is the ``keen`` program of the Debian package
``sgt-puzzles`` (or one built from sgtatham/puzzles), run as ``keen --generate N PARAMS``,
which prints N game IDs of puzzles made from fresh random seeds (its GTK front end; no
window opens). ``puzzlefmt generate`` runs as the whole command, each side writing to a
file: ``python -m puzzlefmt generate sudoku -n N --minimal --seed S -q -o FILE`` and
``python -m puzzlefmt generate keen PARAMS -n N --seed S -q -o FILE``.

Keen's counts: ``--keen-n`` puzzles a command, or with ``--keen-seconds S`` as many as keen.c
makes in about S CPU seconds for those parameters (a probe of keen.c alone first: 1, 4, 16...
puzzles until a run takes a quarter of a second, then scaled; the ``--keen-max-n`` at most):
a command of a few puzzles measures the Python start-up of puzzlefmt (about a quarter of a
second) more than the generator. ``--m-levels``: the difficulties measured again with ``m``
(multiplication only) appended, for every size.

Each round runs the two sides one after the other (alternating); the figures are medians of
``--rounds`` rounds: CPU time (user + system of the process, from ``wait4``) and wall time,
puzzles per CPU second, and the ratio (ours / theirs: above 1, puzzlefmt makes more a CPU
second). The commands and the machine's load are printed with the table.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from _anchor import PUZZLEFMT, header, rounds, run, table

#: A probe of keen.c stops growing its count once a run takes this many CPU seconds.
_PROBE_SECONDS = 0.25


def _side(cmd: list[str], out: Path, n: int, figures: dict[str, list[float]], name: str
          ) -> float:
    done = run(cmd, stdout=out)
    lines = [ln for ln in out.read_text(encoding="utf-8").splitlines() if ln.strip()]
    if len(lines) < n:
        raise RuntimeError(f"{' '.join(cmd)} wrote {len(lines)} lines, not {n}")
    figures.setdefault(name + " wall", []).append(done.wall)
    return done.cpu


def _compare(label: str, ours: list[str], theirs: list[str], n: int, k: int,
             rows: list[list[object]]) -> None:
    figures: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        a, b = Path(scratch) / "ours.txt", Path(scratch) / "theirs.txt"
        got = rounds(k, {
            "ours": lambda: _side(ours, a, n, figures, "ours"),
            "theirs": lambda: _side(theirs, b, n, figures, "theirs"),
        })
    ours_cpu, theirs_cpu = got["ours"], got["theirs"]
    wall_o = sorted(figures["ours wall"])[len(figures["ours wall"]) // 2]
    wall_t = sorted(figures["theirs wall"])[len(figures["theirs wall"]) // 2]
    rate_o, rate_t = n / ours_cpu, n / theirs_cpu
    rows.append([label, n, f"{ours_cpu:.2f} s", f"{wall_o:.2f} s", f"{rate_o:,.0f}",
                 f"{theirs_cpu:.2f} s", f"{wall_t:.2f} s", f"{rate_t:,.0f}",
                 f"{rate_o / rate_t:.2f}x"])


def _count(keen: str, params: str, seconds: float, most: int) -> int:
    """How many puzzles keen.c makes for ``params`` in about ``seconds`` CPU seconds."""
    n = 1
    while True:
        cpu = run([keen, "--generate", str(n), params]).cpu
        if cpu >= _PROBE_SECONDS or n >= most:
            break
        n *= 4
    return max(1, min(most, round(n * seconds / max(cpu, 1e-3))))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--qqwing", default=shutil.which("qqwing"))
    parser.add_argument("--keen", default=shutil.which("keen") or (
        "/usr/games/keen" if os.path.exists("/usr/games/keen") else None))
    parser.add_argument("--sudoku-n", type=int, default=2000)
    parser.add_argument("--keen-n", type=int, default=20)
    parser.add_argument("--keen-seconds", type=float, default=0.0,
                        help="Keen counts: what keen.c makes in about this many CPU seconds")
    parser.add_argument("--keen-max-n", type=int, default=200_000)
    parser.add_argument("--m-levels", default="",
                        help="difficulties measured again with m (multiplication only)")
    parser.add_argument("--sizes", default="4,6,9")
    parser.add_argument("--levels", default="e,n,h,x,u")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-sudoku", action="store_true")
    parser.add_argument("--skip-keen", action="store_true")
    args = parser.parse_args(argv)
    header("bench_anchor_generate.py", argv)
    head = ["what", "puzzles", "puzzlefmt CPU", "wall", "puzzles/CPU s", "anchor CPU",
            "wall", "puzzles/CPU s", "ratio"]
    if not args.skip_sudoku:
        if args.qqwing is None:
            print("QQWing not found (apt-get install qqwing): Sudoku not measured\n")
        else:
            n = args.sudoku_n
            ours = [*PUZZLEFMT, "generate", "sudoku", "-n", str(n), "--minimal", "--seed",
                    "bench", "-q"]
            theirs = [args.qqwing, "--generate", str(n), "--one-line", "--symmetry", "none"]
            print("Sudoku, minimal, no symmetry, unrated:")
            print(f"- puzzlefmt: `{' '.join(ours)}`")
            print(f"- QQWing: `{' '.join(theirs)}`\n")
            rows: list[list[object]] = []
            _compare("sudoku minimal", ours, theirs, n, args.rounds, rows)
            table(head, rows)
    if not args.skip_keen:
        if args.keen is None:
            print("keen not found (the sgt-puzzles package, or --keen PATH): Keen not "
                  "measured\n")
        else:
            count = (f"as many puzzles as keen.c makes in about {args.keen_seconds:g} CPU "
                     f"seconds (at most {args.keen_max_n})" if args.keen_seconds
                     else f"{args.keen_n} puzzles")
            print(f"Keen, {count} a command, per size and difficulty:")
            print(f"- puzzlefmt: `{' '.join(PUZZLEFMT)} generate keen PARAMS -n N --seed "
                  "bench -q`")
            print(f"- keen.c: `{args.keen} --generate N PARAMS`\n")
            rows = []
            every = [(size, level, "") for size in args.sizes.split(",")
                     for level in args.levels.split(",")]
            if args.m_levels:
                every += [(size, level, "m") for size in args.sizes.split(",")
                          for level in args.m_levels.split(",")]
            for size, level, mult in every:
                params = f"{size}d{level}{mult}"
                n = (_count(args.keen, params, args.keen_seconds, args.keen_max_n)
                     if args.keen_seconds else args.keen_n)
                ours = [*PUZZLEFMT, "generate", "keen", params, "-n", str(n), "--seed",
                        "bench", "-q"]
                theirs = [args.keen, "--generate", str(n), params]
                _compare(params, ours, theirs, n, args.rounds, rows)
                print(f"  done {params}", file=sys.stderr)
            table(head, rows)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
