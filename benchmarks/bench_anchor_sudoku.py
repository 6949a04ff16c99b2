"""Sudoku side by side with tdoku (issue 10): the whole `puzzlefmt solve` process against a
minimal tdoku driver, the kernel against tdoku's solver, and the rest of what a user runs.

    python benchmarks/bench_anchor_sudoku.py --tdoku /tmp/bench10/tdoku/driver \
        [--rounds 3] [--sections process,kernel,object,convert,startup,jobs,memory,cold]
        [--baseline SRC]

The anchor is not part of the project and is never committed: build it by hand in a scratch
folder. It is t-dillon/tdoku's fast solver (src/solver_dpll_triad_simd.cc and src/util.cc,
compiled with g++ -O3 -march=native -fno-exceptions -fno-rtti, the flags of tdoku's own
CMake object library) linked with a C driver of about 30 lines. The driver, given a file,
reads it line by line, skips lines shorter than 81 characters or starting with '#', and
solves each puzzle with tdoku's Enumerate at limit 2, keeping the first solution: it prints
the 81-digit solution, "multiple" or "none", one line per puzzle. Given ``-t FILE R`` it
reads all puzzles into memory and, R times, times two loops over them by CPU time
(CLOCK_PROCESS_CPUTIME_ID): SolveSudoku at limit 2 (count only) and Enumerate at limit 2
(count and first solution), printing "n ns-per-puzzle ns-per-puzzle" per round. Any program
with that behaviour will do.

Sections (each prints a table; medians of ``--rounds`` rounds in which the two sides
alternate, one after the other, in the same run). Whole processes are timed by their CPU time
(user + system, from ``wait4``) and wall clock; in-process figures are CPU time
(``time.process_time`` around a loop over all items, the same clock in the driver), which a
busy machine disturbs less than the wall clock.

- process: ``puzzlefmt solve FILE -o OUT`` against ``driver FILE > OUT`` on the 17-clue file
  x4 (196,632 puzzles, made in a temporary folder), the forum's hardest (48,765) and
  magictour top1465; and ``puzzlefmt validate`` against ``solve`` on the same files
  (17-clue x4, hardest).
  Outputs are compared line by line: a solution must be the same, "multiple" and "none"
  must match puzzlefmt's line opening.
- kernel: ``solve_array(puzzles, 2)`` (digits in) and, where the version has it, the block
  API ``puzzlefmt.sudoku.columnar.solve_lines(lines, 2)`` (text lines in), in-process,
  against the driver's ``-t`` figures over the same puzzles (17-clue x1, hardest, top1465);
  counts and first solutions compared.
- object: ``grid.solve()`` (0.1: ``solver.solve(grid)``), one Grid at a time, on the first
  ``--objects`` 17-clue puzzles, against tdoku's per-puzzle time on that file.
- convert: ``puzzlefmt convert X.sdm --to line`` on 16x the 17-clue file (the .sdm made by
  ``puzzlefmt convert 17-clue --to sdm``), records per second; output checked against the
  source lines. ``--baseline SRC`` times the puzzlefmt under the folder SRC too (put first
  on PYTHONPATH; say ``git archive main src | tar -x -C /tmp/main``), alternating with this
  one in each round.
- startup: warm cache, ``puzzlefmt formats`` and ``puzzlefmt solve`` of a one-line file.
- jobs: ``solve hardest --jobs 2`` against ``--jobs 1`` (the process section's run).
- memory: peak resident memory (``ru_maxrss``) of solve and convert at 1x, 4x, 16x.
- cold (not run unless named): first use with an empty ``NUMBA_CACHE_DIR``, as installed (the
  kernels the install compiled ahead of time) and with ``PUZZLEFMT_AOT=0`` (numba's JIT
  alone), one run each, of
  a one-line solve, a one-line canon and a one-line Keen solve, and of the same on 100
  records (more than a command runs as plain Python, so the kernels compile), with what they
  say on stderr besides the closing summary (the notice that kernels compile).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from _anchor import (
    PUZZLEFMT,
    SHARED,
    Run,
    cells,
    header,
    micros,
    puzzle_lines,
    ratio,
    rounds,
    run,
    secs,
    table,
)
from puzzlefmt.sudoku import Grid, solver
from puzzlefmt.sudoku.solver import solve_array

SUDOKU = SHARED / "data" / "sudoku" / "tdoku_format"
CLUE17 = SUDOKU / "puzzles2_17_clue"
HARDEST = SUDOKU / "puzzles5_forum_hardest_1905_11+"
TOP1465 = SUDOKU / "puzzles3_magictour_top1465"
KEEN = SHARED / "vectors" / "keen" / "vectors-rocurley-6du.tsv"
SECTIONS = ("process", "kernel", "object", "convert", "startup", "jobs", "memory")


def solve_lines_api() -> Callable[[list[str], int], Any] | None:
    """``puzzlefmt.sudoku.columnar.solve_lines`` (the block API), where the version has it."""
    try:
        module = importlib.import_module("puzzlefmt.sudoku.columnar")
    except ImportError:
        return None
    found = getattr(module, "solve_lines", None)
    return found if callable(found) else None


def compare_solve(ours: Path, anchor: Path) -> str:
    """puzzlefmt solve's output against the driver's, line by line."""
    mine = ours.read_text(encoding="utf-8").splitlines()
    theirs = anchor.read_text(encoding="utf-8").splitlines()
    if len(mine) != len(theirs):
        return f"DIFFER ({len(mine)} lines against {len(theirs)})"
    bad = 0
    for a, b in zip(mine, theirs, strict=True):
        if b in ("multiple", "none"):
            bad += not a.startswith(b)
        else:
            bad += a != b
    return "agree" if bad == 0 else f"DIFFER ({bad} lines)"


def driver_times(driver: str, path: Path) -> tuple[float, float]:
    """One ``-t`` round of the driver: seconds per puzzle, count-only and with solution."""
    out = Path(tempfile.mktemp())
    run([driver, "-t", str(path), "1"], stdout=out)
    fields = out.read_text(encoding="utf-8").split()
    out.unlink()
    return float(fields[1]) * 1e-9, float(fields[2]) * 1e-9


class Bench:
    def __init__(self, args: argparse.Namespace, tmp: Path) -> None:
        self.args = args
        self.driver: str = args.tdoku
        self.tmp = tmp
        self.rss: dict[tuple[str, str], float] = {}
        self.solve_cpu: dict[str, float] = {}
        lines = puzzle_lines(CLUE17)
        self.clue17_lines = lines
        self.files: dict[str, tuple[Path, int]] = {}
        for mult in (1, 4, 16):
            path = tmp / f"17clue-x{mult}.txt"
            path.write_text("\n".join(lines * mult) + "\n", encoding="ascii")
            self.files[f"17-clue x{mult}"] = (path, len(lines) * mult)
        self.files["hardest"] = (HARDEST, len(puzzle_lines(HARDEST)))
        self.files["top1465"] = (TOP1465, len(puzzle_lines(TOP1465)))

    # ------------------------------------------------------------------ helpers

    def pf(self, *args: str, out: Path | None = None, key: tuple[str, str] | None = None,
           env: dict[str, str] | None = None) -> Run:
        result = run([*PUZZLEFMT, *args], stdout=out, env=env, ok=(0, 1))
        if key is not None:
            self.rss[key] = max(self.rss.get(key, 0.0), result.maxrss_mb)
        return result

    # ------------------------------------------------------------------ sections

    def process(self) -> None:
        names = ["17-clue x4", "hardest", "top1465"]
        want_validate = ["17-clue x4", "hardest"]
        steps: dict[str, Callable[[], float]] = {}
        walls: dict[str, list[float]] = {}

        def timed(key: str, func: Callable[[], Run]) -> None:
            walls[key] = []

            def step() -> float:
                r = func()
                walls[key].append(r.wall)
                return r.cpu

            steps[key] = step

        for name in names:
            path, _ = self.files[name]
            mult = name.split("x")[-1] if name.startswith("17") else name
            ours = self.tmp / f"pf-{name}.out"
            theirs = self.tmp / f"td-{name}.out"
            timed(f"pf {name}", partial(self.pf, "solve", str(path), "-o", str(ours), "-q",
                                        key=("solve", mult)))
            timed(f"td {name}", partial(run, [self.driver, str(path)], stdout=theirs))
            if name in want_validate:
                timed(f"val {name}", partial(self.pf, "validate", str(path), "-o", os.devnull,
                                             "-q"))
            if name == "hardest" and "jobs" in self.args.sections:
                timed("j2 hardest", partial(self.pf, "solve", str(path), "-o",
                                            str(self.tmp / "j2.out"), "-q", "--jobs", "2"))
        med = rounds(self.args.rounds, steps)
        wall = {k: sorted(v)[len(v) // 2] for k, v in walls.items()}
        print("### Whole process: `puzzlefmt solve FILE -o OUT -q` against the tdoku driver "
              "(`driver FILE > OUT`)\n")
        rows = []
        for name in names:
            _, n = self.files[name]
            agree = compare_solve(self.tmp / f"pf-{name}.out", self.tmp / f"td-{name}.out")
            self.solve_cpu[name] = med[f"pf {name}"]
            rows.append([
                name, f"{n:,}", secs(med[f"pf {name}"]), secs(wall[f"pf {name}"]),
                secs(med[f"td {name}"]), secs(wall[f"td {name}"]),
                ratio(med[f"pf {name}"], med[f"td {name}"]),
                ratio(wall[f"pf {name}"], wall[f"td {name}"]), agree,
            ])
        table(["file", "puzzles", "puzzlefmt CPU", "wall", "tdoku driver CPU", "wall",
               "ratio CPU", "ratio wall", "outputs"], rows)
        print("### `puzzlefmt validate FILE -o /dev/null -q` against `solve` on the same file\n")
        table(["file", "validate CPU", "solve CPU", "validate ÷ solve", "validate wall",
               "solve wall", "ratio wall"], [
            [name, secs(med[f"val {name}"]), secs(med[f"pf {name}"]),
             ratio(med[f"val {name}"], med[f"pf {name}"]), secs(wall[f"val {name}"]),
             secs(wall[f"pf {name}"]), ratio(wall[f"val {name}"], wall[f"pf {name}"])]
            for name in want_validate
        ])
        if "j2 hardest" in med:
            same = (self.tmp / "j2.out").read_bytes() == (self.tmp / "pf-hardest.out").read_bytes()
            print("### `--jobs 2` against `--jobs 1`: `puzzlefmt solve hardest -o OUT -q` "
                  f"({os.cpu_count()} cores)\n")
            table(["file", "--jobs 1 wall", "--jobs 2 wall", "speed-up", "--jobs 1 CPU",
                   "--jobs 2 CPU", "outputs"], [[
                "hardest", secs(wall["pf hardest"]), secs(wall["j2 hardest"]),
                ratio(wall["pf hardest"], wall["j2 hardest"]), secs(med["pf hardest"]),
                secs(med["j2 hardest"]), "identical" if same else "DIFFER"]])

    def jobs(self) -> None:
        """``--jobs 2`` against ``--jobs 1`` on the hardest file, when the process section
        (which times both in its rounds) is not run."""
        walls: dict[int, list[float]] = {1: [], 2: []}
        outs = {jobs: self.tmp / f"jobs{jobs}.out" for jobs in (1, 2)}

        def step(jobs: int) -> Callable[[], float]:
            def go() -> float:
                r = self.pf("solve", str(HARDEST), "-o", str(outs[jobs]), "-q", "--jobs",
                            str(jobs))
                walls[jobs].append(r.wall)
                return r.cpu
            return go

        med = rounds(self.args.rounds, {"1": step(1), "2": step(2)})
        wall = {j: sorted(w)[len(w) // 2] for j, w in walls.items()}
        same = outs[1].read_bytes() == outs[2].read_bytes()
        print("### `--jobs 2` against `--jobs 1`: `puzzlefmt solve hardest -o OUT -q` "
              f"({os.cpu_count()} cores)\n")
        table(["file", "--jobs 1 wall", "--jobs 2 wall", "speed-up", "--jobs 1 CPU",
               "--jobs 2 CPU", "outputs"], [[
            "hardest", secs(wall[1]), secs(wall[2]), ratio(wall[1], wall[2]),
            secs(med["1"]), secs(med["2"]), "identical" if same else "DIFFER"]])

    def kernel(self) -> None:
        names = ["17-clue x1", "hardest", "top1465"]
        block = solve_lines_api()
        texts: dict[str, list[str]] = {}
        arrays = {}
        checks = {}
        for name in names:
            path, _ = self.files[name]
            texts[name] = puzzle_lines(path)
            arrays[name] = cells(texts[name])
            solve_array(arrays[name][:2], 2)  # load the kernel before timing
            out = self.tmp / f"td-kernel-{name}.out"
            run([self.driver, str(path)], stdout=out)
            checks[name] = out.read_text(encoding="utf-8").splitlines()
        steps: dict[str, Callable[[], float]] = {}
        results: dict[tuple[str, str], tuple[np.ndarray, np.ndarray]] = {}
        td_enum: dict[str, list[float]] = {name: [] for name in names}
        for name in names:
            def ours(name: str = name) -> float:
                start = time.process_time()
                results["solve_array", name] = solve_array(arrays[name], 2)
                return (time.process_time() - start) / len(arrays[name])

            def lines(name: str = name) -> float:
                assert block is not None
                start = time.process_time()
                got = block(texts[name], 2)
                elapsed = time.process_time() - start
                results["solve_lines", name] = (got.counts, got.solutions)
                return elapsed / len(texts[name])

            def theirs(name: str = name) -> float:
                count_only, enum = driver_times(self.driver, self.files[name][0])
                td_enum[name].append(enum)
                return count_only

            steps[f"solve_array {name}"] = ours
            if block is not None:
                steps[f"solve_lines {name}"] = lines
            steps[f"td {name}"] = theirs
        med = rounds(self.args.rounds, steps)
        self.td_per_puzzle = {n: sorted(v)[len(v) // 2] for n, v in td_enum.items()}
        self.td_count_only = {n: med[f"td {n}"] for n in names}
        print("### Kernel in-process: `solve_array(puzzles, 2)` (digits in) and "
              "`columnar.solve_lines(lines, 2)` (text lines in) against tdoku on the same "
              "puzzles (CPU time per puzzle)\n")
        rows = []
        for name in names:
            for call in ("solve_array", "solve_lines"):
                if (call, name) not in results:
                    if call == "solve_lines":
                        rows.append([name, "", "`solve_lines`: not in this version", "", "", "",
                                     "", "", ""])
                    continue
                counts, sols = results[call, name]
                bad = 0
                for i, expect in enumerate(checks[name]):
                    if expect in ("none", "multiple"):
                        bad += int(counts[i]) != (0 if expect == "none" else 2)
                    else:
                        got = "".join(map(str, sols[i, 0].tolist()))
                        bad += int(counts[i]) != 1 or got != expect
                mine = med[f"{call} {name}"]
                rows.append([
                    name, f"{len(arrays[name]):,}", f"`{call}`", micros(mine),
                    micros(self.td_count_only[name]), micros(self.td_per_puzzle[name]),
                    ratio(mine, self.td_count_only[name]), ratio(mine, self.td_per_puzzle[name]),
                    "agree" if bad == 0 else f"DIFFER ({bad})",
                ])
        table(["file", "puzzles", "puzzlefmt call", "puzzlefmt",
               "tdoku SolveSudoku limit 2 (count)", "tdoku Enumerate limit 2 (count + solution)",
               "ratio to count", "ratio to enumerate", "counts and solutions"], rows)

    def object(self) -> None:
        n = int(self.args.objects)
        lines = self.clue17_lines[:n]
        grids = [Grid.from_values(line) for line in lines]
        if hasattr(Grid, "solve"):
            label = "grid.solve()"

            def solve_one(g: Grid) -> object:
                return g.solve()
        else:  # 0.1
            label = "solver.solve(grid)"

            def solve_one(g: Grid) -> object:
                return solver.solve(g)

        first = solve_one(grids[0])
        head = self.tmp / "17clue-head.txt"
        head.write_text("\n".join(lines) + "\n", encoding="ascii")
        results: list[object] = []

        def ours() -> float:
            start = time.process_time()
            results[:] = [solve_one(g) for g in grids]
            return (time.process_time() - start) / n

        def theirs() -> float:
            return driver_times(self.driver, head)[1]

        med = rounds(self.args.rounds, {"pf": ours, "td": theirs})
        out = self.tmp / "td-head.out"
        run([self.driver, str(head)], stdout=out)
        expect = out.read_text(encoding="utf-8").splitlines()
        bad = 0
        for res, exp in zip(results, expect, strict=True):
            solution = getattr(res, "solution", None)
            text = solution.line(values=True) if solution is not None else None
            bad += text != exp
        del first
        print(f"### One object at a time: `{label}` on the first {n:,} 17-clue puzzles "
              "(Grids built beforehand) against tdoku Enumerate limit 2 on the same puzzles\n")
        table(["puzzles", label, "tdoku", "ratio", "solutions"], [[
            f"{n:,}", micros(med["pf"]), micros(med["td"]), ratio(med["pf"], med["td"]),
            "agree" if bad == 0 else f"DIFFER ({bad})"]])

    def make_sdm(self) -> dict[str, tuple[Path, int]]:
        one = self.tmp / "17clue-x1.sdm"
        self.pf("convert", str(CLUE17), "--to", "sdm", "-o", str(one), "-q")
        text = one.read_bytes()
        made = {}
        for mult in (1, 4, 16):
            path = self.tmp / f"17clue-x{mult}.sdm"
            if mult > 1:
                path.write_bytes(text * mult)
            made[f"x{mult}"] = (path, len(self.clue17_lines) * mult)
        return made

    def convert(self) -> None:
        sdm = self.make_sdm()
        path, n = sdm["x16"]
        sides = {"puzzlefmt": (self.tmp / "convert16.out", None)}
        if self.args.baseline:
            env = {**os.environ, "PYTHONPATH": str(Path(self.args.baseline).resolve())}
            sides["baseline"] = (self.tmp / "convert16-base.out", env)
        walls: dict[str, list[float]] = {side: [] for side in sides}

        def step(side: str) -> Callable[[], float]:
            out, env = sides[side]

            def go() -> float:
                r = self.pf("convert", str(path), "--to", "line", "-o", str(out), "-q",
                            key=("convert", "16") if env is None else None, env=env)
                walls[side].append(r.wall)
                return r.cpu
            return go

        cpu = rounds(self.args.rounds, {side: step(side) for side in sides})
        load = os.getloadavg()[0]
        print("### `puzzlefmt convert 17clue-x16.sdm --to line -o OUT -q` (the .sdm made by "
              "`puzzlefmt convert puzzles2_17_clue --to sdm`, 16 copies)\n")
        rows = []
        for side, (out, _) in sides.items():
            wall = sorted(walls[side])[len(walls[side]) // 2]
            same = out.read_text(encoding="utf-8").splitlines() == self.clue17_lines * 16
            name = side if side == "puzzlefmt" else f"baseline ({self.args.baseline})"
            rows.append([name, f"{n:,}", secs(wall), secs(cpu[side]), f"{n / wall:,.0f}",
                         f"{n / cpu[side]:,.0f}", "agree" if same else "DIFFER"])
        table(["side", "records", "wall", "CPU", "records/s (wall)", "records/s (CPU)",
               "output = source lines"], rows)
        print(f"\nload average {load:.1f} at the end of the section")

    def startup(self) -> None:
        one = self.tmp / "one.txt"
        one.write_text(self.clue17_lines[0] + "\n", encoding="ascii")
        self.pf("solve", str(one), "-q")  # warm
        walls: dict[str, list[float]] = {"formats": [], "solve": []}

        def step(name: str, *args: str) -> Callable[[], float]:
            def go() -> float:
                r = self.pf(*args)
                walls[name].append(r.wall)
                return r.cpu
            return go

        med = rounds(max(self.args.rounds, 5), {
            "formats": step("formats", "formats"),
            "solve": step("solve", "solve", str(one), "-q"),
        })
        print("### Start-up, warm kernel cache (fresh process each run)\n")
        table(["command", "wall", "CPU"], [
            [f"`puzzlefmt {cmd}`", secs(sorted(w)[len(w) // 2]), secs(med[name])]
            for name, cmd, w in (
                ("formats", "formats", walls["formats"]),
                ("solve", "solve one-line-file -q", walls["solve"]),
            )
        ])

    def cold(self) -> None:
        one = self.tmp / "one.txt"
        one.write_text(self.clue17_lines[0] + "\n", encoding="ascii")
        keen = self.tmp / "keen-one.txt"
        first_id = next(
            line.split("\t")[0] for line in KEEN.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith(("#", "game_id")))
        keen.write_text(first_id + "\n", encoding="ascii")
        # 100 records: more than a command runs as plain Python (puzzlefmt._jit.tier), so
        # the kernels compile.
        hundred = self.tmp / "hundred.txt"
        hundred.write_text("\n".join(self.clue17_lines[:100]) + "\n", encoding="ascii")
        ids = [line.split("\t")[0] for line in KEEN.read_text(encoding="utf-8").splitlines()
               if line and not line.startswith(("#", "game_id"))]
        keen100 = self.tmp / "keen-100.txt"
        keen100.write_text("\n".join(ids[:100]) + "\n", encoding="ascii")
        rows = []
        # As installed (the kernels compiled ahead of time by the install, puzzlefmt._aot),
        # and through numba's JIT alone (PUZZLEFMT_AOT=0: an install without a C compiler).
        for mode, extra in (("as installed", {}), ("JIT only", {"PUZZLEFMT_AOT": "0"})):
            for label, args in (
                ("solve one-line-file", ["solve", str(one)]),
                ("canon one-line-file", ["canon", str(one)]),
                ("solve keen-one-id.txt", ["solve", str(keen)]),
                ("solve 100-lines-file", ["solve", str(hundred), "-o", os.devnull]),
                ("canon 100-lines-file", ["canon", str(hundred), "-o", os.devnull]),
                ("solve keen-100-ids.txt", ["solve", str(keen100), "-o", os.devnull]),
            ):
                with tempfile.TemporaryDirectory() as cache:
                    env = {**os.environ, "NUMBA_CACHE_DIR": cache, **extra}
                    cold = self.pf(*args, env=env)
                    warm = self.pf(*args, env=env)
                said = [line for line in cold.stderr.strip().splitlines()
                        if " records in:" not in line]  # the closing summary is not a notice
                rows.append([mode, f"`puzzlefmt {label}`", secs(cold.wall), secs(cold.cpu),
                             secs(warm.wall),
                             "; ".join(f"`{line}`" for line in said) or "none"])
        print("### First use: empty `NUMBA_CACHE_DIR` (one run each), then the same again "
              "warm\n")
        table(["kernels", "command", "cold wall", "cold CPU", "then warm wall",
               "stderr besides the summary"], rows)

    def memory(self) -> None:
        need_sdm = any(("convert", m) not in self.rss for m in ("1", "4", "16"))
        sdm = self.make_sdm() if need_sdm else {}
        for mult in ("1", "4", "16"):
            if ("solve", mult) not in self.rss:
                path, _ = self.files[f"17-clue x{mult}"]
                self.pf("solve", str(path), "-o", str(self.tmp / "mem.out"), "-q",
                        key=("solve", mult))
            if ("convert", mult) not in self.rss:
                path, _ = sdm[f"x{mult}"]
                self.pf("convert", str(path), "--to", "line", "-o", str(self.tmp / "mem.out"),
                        "-q", key=("convert", mult))
        print("### Peak memory (`ru_maxrss`), 17-clue file x1 / x4 / x16\n")
        table(["command", "x1", "x4", "x16"], [
            [f"`puzzlefmt {cmd}`", *(f"{self.rss[(cmd.split()[0], m)]:.0f} MB"
                                     for m in ("1", "4", "16"))]
            for cmd in ("solve FILE -o OUT", "convert FILE.sdm --to line -o OUT")
        ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tdoku", required=True, help="the tdoku driver (see the docstring)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--objects", type=int, default=10_000,
                        help="17-clue puzzles solved one Grid at a time")
    parser.add_argument("--baseline", default=None,
                        help="convert section: also time the puzzlefmt under this src folder "
                             "(say an export of main), alternating with this one")
    parser.add_argument("--sections", default=",".join(SECTIONS),
                        help=f"comma-separated, from {', '.join((*SECTIONS, 'cold'))}")
    args = parser.parse_args(argv)
    args.sections = [s.strip() for s in args.sections.split(",") if s.strip()]
    unknown = set(args.sections) - {*SECTIONS, "cold"}
    if unknown:
        parser.error(f"unknown sections: {', '.join(sorted(unknown))}")
    if not CLUE17.exists():
        print(f"no data at {SUDOKU}", file=sys.stderr)
        return 2
    header("bench_anchor_sudoku.py", sys.argv[1:] if argv is None else argv)
    print(f"anchor: {args.tdoku}; data: {SUDOKU}\n")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        bench = Bench(args, Path(tmp))
        for section in (*SECTIONS, "cold"):
            if section not in args.sections or (section == "jobs" and "process" in args.sections):
                continue  # with process, jobs runs in its rounds (it reuses --jobs 1's run)
            getattr(bench, section)()
            sys.stdout.flush()
    print(f"({time.perf_counter() - start:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
