"""Sudoku canonical forms side by side with dobrichev's patminlex (issue 10): the minlex kernel
in-process and the whole ``puzzlefmt canon`` process, both conventions, in one run.

    python benchmarks/bench_anchor_canon.py --patminlex /tmp/canon-anchor/patminlex \
        [--timer /tmp/canon10/pm/pmdriver] [--rounds 3] [--sections kernel,grids,process]

The anchor is not part of the project and is never committed: build it by hand in a scratch
folder from https://github.com/dobrichev/sudoku-minlexing-tool (``patminlex.cpp`` with its
own ``main.cpp``, ``g++ -O3``). ``--patminlex`` is that program: it reads puzzles on stdin
and writes, per puzzle, the input line, its pattern-convention form (``.`` for blanks), a
tab and the number of automorphisms, up to 200 back-mapped copies of the input, and a blank
line. ``--timer`` (optional) is a driver of your own linked with ``patminlex.cpp`` that
behaves the same without arguments and, given ``-t FILE R``, reads FILE's puzzle lines into
memory and, R times, canonicalises them all, timed by ``CLOCK_PROCESS_CPUTIME_ID``, writing
"n ns-per-puzzle" per round to stderr: patminlex's in-process time, without start-up and
output.

Both sides get the same comment-free copies of the files (first 81 characters of each
puzzle line, made in a temporary folder). Each section runs its steps one after the other,
round after round (the sides alternate), ``--rounds`` rounds, and prints medians of CPU time
(user + system for a process, from ``wait4``; ``time.process_time`` in-process, the same
clock as the timer's), so a busy machine disturbs the figures less than the wall clock.

- kernel: ``minlex_array(puzzles, "pattern")`` and ``minlex_array(puzzles, "string")``
  in-process against the patminlex process and, with ``--timer``, patminlex in-process, on
  the 17-clue file (49,158 puzzles) and the forum's hardest (48,765), per puzzle. The
  pattern convention is patminlex's: its forms are compared puzzle by puzzle (``.`` read as
  ``0``). The string convention has no anchor: its row gives its ratio to our pattern
  kernel ("our own best").
- grids: the solution grids of the first ``--grids`` (20) 17-clue puzzles (``solve_array``),
  the one input where the conventions coincide (no blank: every image has the same
  pattern); patminlex's forms against both of ours, and the times (patminlex, a pattern
  tool, walks every column order of every candidate on a full grid: tens of ms a grid).
- process: ``puzzlefmt canon --convention pattern -q FILE -o OUT`` against ``patminlex <
  FILE > OUT`` on 4x the 17-clue file (196,632 puzzles), forms compared line by line; the
  string convention's command beside them; and ``puzzlefmt canon`` of a one-line file, the
  fixed cost of a process (interpreter, numba, the kernels' cache). The command runs once
  before the rounds (the numba cache warm); ``PYTHONDONTWRITEBYTECODE`` is dropped from its
  environment so that it runs from compiled bytecode, as an installed package does.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from _anchor import (
    PUZZLEFMT,
    ROOT,
    SHARED,
    cells,
    header,
    micros,
    puzzle_lines,
    rounds,
    run,
    secs,
    table,
)
from puzzlefmt.sudoku.canon import Convention, minlex_array
from puzzlefmt.sudoku.solver import solve_array

SUDOKU = SHARED / "data" / "sudoku" / "tdoku_format"
FILES = {
    "17-clue": SUDOKU / "puzzles2_17_clue",
    "hardest": SUDOKU / "puzzles5_forum_hardest_1905_11+",
}
SECTIONS = ("kernel", "grids", "process")


def ratio(ours: float, theirs: float) -> str:
    """``ours / theirs``, with two significant digits below 0.1."""
    if theirs <= 0:
        return "n/a"
    x = ours / theirs
    return f"{x:.2f}x" if x >= 0.1 else f"{x:.2g}x"


def texts(forms: np.ndarray) -> list[str]:
    return [row.tobytes().decode("ascii") for row in (forms + ord("0")).astype(np.uint8)]


def anchor_forms(output: Path) -> list[str]:
    """The forms in patminlex's output: the second line of each block, up to the tab."""
    forms = []
    for block in output.read_text(encoding="ascii").split("\n\n"):
        lines = block.split("\n")
        if len(lines) >= 2:
            forms.append(lines[1].split("\t")[0].replace(".", "0"))
    return forms


def agreement(ours: list[str], theirs: list[str]) -> str:
    if len(ours) != len(theirs):
        return f"DIFFER ({len(ours)} forms against {len(theirs)})"
    bad = sum(a != b for a, b in zip(ours, theirs, strict=True))
    return "agree" if bad == 0 else f"DIFFER ({bad})"


def timer_round(timer: str, path: Path, tmp: Path) -> float:
    """One ``-t`` round of the timer driver: CPU seconds per puzzle."""
    err = tmp / "timer.err"
    with err.open("wb") as f:
        subprocess.run([timer, "-t", str(path), "1"], stderr=f, stdout=subprocess.DEVNULL,
                       check=True)
    return float(err.read_text(encoding="ascii").split()[1]) * 1e-9


class Bench:
    def __init__(self, args: argparse.Namespace, tmp: Path) -> None:
        self.args = args
        self.tmp = tmp
        self.lines = {name: puzzle_lines(source) for name, source in FILES.items()}
        minlex_array(np.zeros((1, 81), dtype=np.uint8))  # load the kernels before timing
        minlex_array(np.zeros((1, 81), dtype=np.uint8), "pattern")

    def in_process(self, data: dict[str, np.ndarray], label: str) -> None:
        """Our kernel, both conventions, against patminlex (process, and timer) per item."""
        steps: dict[str, Callable[[], float]] = {}
        forms: dict[tuple[str, str], np.ndarray] = {}
        for name, arr in data.items():
            path = self.tmp / f"{label}-{name}.txt"
            path.write_text("\n".join(texts(arr)) + "\n", encoding="ascii")
            out = self.tmp / f"{label}-{name}.pm"

            def ours(conv: Convention, arr: np.ndarray = arr, name: str = name
                     ) -> Callable[[], float]:
                def step() -> float:
                    start = time.process_time()
                    forms[conv, name] = minlex_array(arr, conv)
                    return (time.process_time() - start) / len(arr)
                return step

            steps[f"pattern {name}"] = ours("pattern")
            steps[f"string {name}"] = ours("string")
            def process(path: Path = path, out: Path = out, n: int = len(arr)) -> float:
                return run([self.args.patminlex], stdout=out, stdin=path).cpu / n

            def in_memory(path: Path = path) -> float:
                return timer_round(self.args.timer, path, self.tmp)

            steps[f"pm {name}"] = process
            if self.args.timer:
                steps[f"timer {name}"] = in_memory
        med = rounds(self.args.rounds, steps)
        rows = []
        for name, arr in data.items():
            theirs = anchor_forms(self.tmp / f"{label}-{name}.pm")
            pm = med[f"pm {name}"]
            timer = med.get(f"timer {name}")
            pattern = med[f"pattern {name}"]
            for conv in ("pattern", "string"):
                mine = med[f"{conv} {name}"]
                got = texts(forms[conv, name])
                check = agreement(got, theirs) if conv == "pattern" or label == "grids" else (
                    f"no anchor; {sum(a == b for a, b in zip(got, theirs, strict=True)):,} "
                    "equal to patminlex's form")
                rows.append([
                    name, f"{len(arr):,}", conv, micros(mine), micros(pm),
                    micros(timer) if timer else "-", ratio(mine, pm),
                    ratio(mine, timer) if timer else "-", ratio(mine, pattern), check,
                ])
        table(["input", "n", "convention", "puzzlefmt `minlex_array`", "patminlex process",
               "patminlex in-process", "ratio to process", "ratio to in-process",
               "ratio to our pattern", "forms"], rows)

    def kernel(self) -> None:
        print("### Kernel in-process, CPU time per puzzle (patminlex process: its whole run "
              "÷ puzzles, start-up and its output included)\n")
        self.in_process({name: cells(lines) for name, lines in self.lines.items()}, "kernel")

    def grids(self) -> None:
        n = self.args.grids
        puzzles = cells(self.lines["17-clue"][:n])
        counts, sols = solve_array(puzzles, 1)
        grids = np.ascontiguousarray(sols[counts > 0, 0])
        print(f"### Solution grids of the first {len(grids):,} 17-clue puzzles (no blank: "
              "both conventions are patminlex's), CPU time per grid\n")
        self.in_process({"17-clue solutions": grids}, "grids")

    def process(self) -> None:
        lines = self.lines["17-clue"]
        big = self.tmp / "17-clue-x4.txt"
        big.write_text("\n".join(lines * 4) + "\n", encoding="ascii")
        one = self.tmp / "one.txt"
        one.write_text(lines[0] + "\n", encoding="ascii")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH", "")) if p)
        outs = {k: self.tmp / f"{k}.out" for k in ("pattern", "string", "pm", "one")}

        def canon(conv: str, src: Path, out: Path) -> list[str]:
            return [*PUZZLEFMT, "canon", "--convention", conv, "-q", str(src), "-o", str(out)]

        for conv in ("pattern", "string"):  # warm: numba cache, bytecode
            run(canon(conv, one, outs["one"]), env=env)
        walls: dict[str, list[float]] = {}

        def timed(key: str, cmd: list[str], stdout: Path | None = None,
                  stdin: Path | None = None, with_env: bool = True) -> None:
            walls[key] = []

            def step() -> float:
                r = run(cmd, stdout=stdout, stdin=stdin, env=env if with_env else None)
                walls[key].append(r.wall)
                return r.cpu

            steps[key] = step

        steps: dict[str, Callable[[], float]] = {}
        timed("pattern", canon("pattern", big, outs["pattern"]))
        timed("pm", [self.args.patminlex], stdout=outs["pm"], stdin=big, with_env=False)
        timed("string", canon("string", big, outs["string"]))
        timed("one", canon("pattern", one, outs["one"]))
        med = rounds(self.args.rounds, steps)
        wall = {k: sorted(v)[len(v) // 2] for k, v in walls.items()}
        theirs = anchor_forms(outs["pm"])
        n = len(lines) * 4
        print(f"### Whole process on 4x the 17-clue file ({n:,} puzzles): `puzzlefmt canon "
              "--convention C -q FILE -o OUT` against `patminlex < FILE > OUT`\n")
        mine = outs["pattern"].read_text(encoding="ascii").split()
        table(["command", "CPU", "wall", "ratio CPU to patminlex", "ratio wall",
               "forms against patminlex"], [
            ["patminlex", secs(med["pm"]), secs(wall["pm"]), "1.00x", "1.00x", ""],
            ["puzzlefmt canon --convention pattern", secs(med["pattern"]),
             secs(wall["pattern"]), ratio(med["pattern"], med["pm"]),
             ratio(wall["pattern"], wall["pm"]), agreement(mine, theirs)],
            ["puzzlefmt canon --convention string", secs(med["string"]), secs(wall["string"]),
             ratio(med["string"], med["pm"]), ratio(wall["string"], wall["pm"]),
             f"no anchor; {ratio(med['string'], med['pattern'])} our pattern command"],
            ["puzzlefmt canon, one-line file (fixed cost)", secs(med["one"]),
             secs(wall["one"]), ratio(med["one"], med["pm"]), ratio(wall["one"], wall["pm"]),
             ""],
        ])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--patminlex", required=True, help="patminlex, built by hand")
    parser.add_argument("--timer", help="a patminlex driver with a -t FILE R mode")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--grids", type=int, default=20, help="solution grids to time")
    parser.add_argument("--sections", default=",".join(SECTIONS))
    args = parser.parse_args(argv)
    header("bench_anchor_canon.py", argv)
    missing = [str(p) for p in FILES.values() if not p.exists()]
    if missing:
        print(f"missing data (needs ../shared): {', '.join(missing)}")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        bench = Bench(args, Path(tmp))
        for name in args.sections.split(","):
            if name not in SECTIONS:
                parser.error(f"unknown section {name!r}; expected some of {SECTIONS}")
            getattr(bench, name)()
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
