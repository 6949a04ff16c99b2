"""Growth: whole commands on inputs of 1, 10 and 50 MB, with their wall time, CPU time and
peak memory, to see that each grows with its input no faster than it (issue 20).

Usage::

    python benchmarks/bench_growth.py [--sizes 1,10,50] [--cases keen,solo,gcg,junk]
        [--timeout 300] [--src PATH]

The script writes its inputs in a temporary folder (nothing is read from ``../shared``):

- ``keen``: a Keen save (a 9x9 game made by ``puzzlefmt.keen.generate``, seed 1) with one
  ``MOVE`` record after another (``R``/``P`` moves cycling over the cells and digits) up to
  the size;
- ``solo``: a Solo save of a 9x9 puzzle with moves in its empty cells, the same way (they
  break the rules: ``validate`` says so, exit 1);
- ``gcg``: a GCG game of four events a round (a play and its withdrawal by each player,
  so that the board stays empty; after six scoreless turns each turn is a problem, as in a
  record that goes on after its end: ``validate`` lists them, exit 1);
- ``junk``: one line of letters, digits and punctuation that no format reads (exit 2).

Each command (``puzzlefmt validate FILE``, ``puzzlefmt convert game.gcg --to cgp-list -o
OUT``...) runs as its own process through ``_anchor.run``, which reaps it with ``wait4``:
its own CPU time (user + system) and peak resident memory (``ru_maxrss``). A run still going
after ``--timeout`` seconds is stopped and reported as ``> N s (stopped)``; the larger sizes
of that command are then not run. ``--src PATH`` runs the commands with that ``src`` folder
first on ``PYTHONPATH`` (another version of the library: the figures before a change); the
inputs are always made by this one.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from _anchor import ROOT, Run, run, table

MB = 1_000_000
SOLO_LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GCG_HEAD = "#player1 alice Alice\n#player2 bob Bob\n"
GCG_ROUND = (
    ">alice: AEINQST 8G QAT +24 24\n>alice: AEINQST -- -24 0\n"
    ">bob: EGLNORT 8D LONGER +16 16\n>bob: EGLNORT -- -16 0\n"
)
JUNK = "i eqh524yng5by1,a2ro.gubbb8ayn1b7o259ow;"

# The commands of each case: the arguments after ``puzzlefmt`` ({file}: the input, {out}: an
# output file), and the exit codes they end with on these inputs.
COMMANDS: dict[str, list[tuple[list[str], tuple[int, ...]]]] = {
    "keen": [(["validate", "{file}"], (0,))],
    "solo": [(["validate", "{file}"], (1,))],
    "gcg": [
        (["validate", "{file}"], (1,)),
        (["convert", "{file}", "--to", "cgp-list", "-o", "{out}"], (0,)),
    ],
    "junk": [
        (["validate", "{file}"], (2,)),
        (["convert", "{file}", "--to", "line", "-o", "{out}"], (2,)),
        (["detect", "{file}"], (2,)),
    ],
}
SUFFIX = {"keen": "sav", "solo": "sav", "gcg": "gcg", "junk": "txt"}


def _moves(cells: list[int], size: int) -> Iterator[str]:
    """``R`` and ``P`` moves by turns, over ``cells`` and then the digits, for ever."""
    for i in itertools.count():
        y, x = divmod(cells[i % len(cells)], size)
        digit = i // len(cells) % size + 1
        yield f"R{x},{y},{digit}" if i % 2 else f"P{x},{y},{digit}"


def _save(fresh: str, cells: list[int], size: int, nbytes: int, path: Path) -> None:
    """``fresh`` (a save with no moves) with moves appended up to ``nbytes``."""
    records = []
    total = len(fresh)
    for value in _moves(cells, size):
        if total >= nbytes:
            break
        record = f"MOVE    :{len(value)}:{value}\n"
        records.append(record)
        total += len(record)
    states = len(records) + 1
    head = fresh.replace(
        "NSTATES :1:1\nSTATEPOS:1:1\n",
        f"NSTATES :{len(str(states))}:{states}\nSTATEPOS:{len(str(states))}:{states}\n",
    )
    assert head != fresh, "a fresh save ends with NSTATES 1 and STATEPOS 1"
    with path.open("w", encoding="ascii") as f:
        f.write(head)
        f.writelines(records)


def make_keen(nbytes: int, path: Path) -> None:
    import puzzlefmt
    from puzzlefmt.keen.generate import generate

    puzzle = generate(9, "n", seed=1)
    fresh = puzzlefmt.dumps(puzzle, "keen-save", history=False)
    _save(fresh, list(range(81)), 9, nbytes, path)


def make_solo(nbytes: int, path: Path) -> None:
    import puzzlefmt

    grid = puzzlefmt.loads(SOLO_LINE)
    fresh = puzzlefmt.dumps(grid, "solo-save", history=False)
    _save(fresh, [i for i, v in enumerate(grid.givens) if not v], 9, nbytes, path)


def make_gcg(nbytes: int, path: Path) -> None:
    rounds = max(1, (nbytes - len(GCG_HEAD)) // len(GCG_ROUND))
    with path.open("w", encoding="ascii") as f:
        f.write(GCG_HEAD)
        for _ in range(rounds):
            f.write(GCG_ROUND)


def make_junk(nbytes: int, path: Path) -> None:
    with path.open("w", encoding="ascii") as f:
        whole, part = divmod(nbytes - 1, len(JUNK))
        f.write(JUNK * whole + JUNK[:part] + "\n")


MAKERS: dict[str, Callable[[int, Path], None]] = {
    "keen": make_keen,
    "solo": make_solo,
    "gcg": make_gcg,
    "junk": make_junk,
}


def _commit(src: Path) -> str:
    return (
        subprocess.run(
            ["git", "-C", str(src), "log", "-1", "--format=%h %cs %s"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        or "(not a git checkout)"
    )


def _load() -> str:
    with open("/proc/loadavg", encoding="ascii") as f:
        return " ".join(f.read().split()[:3])


def _cells(r: Run | None, timeout: float) -> list[str]:
    if r is None:
        return ["not run (a smaller size was stopped)", "", "", ""]
    if r.stopped:
        return [f"> {timeout:.0f} s (stopped)", f"{r.cpu:.1f} s", f"{r.maxrss_mb:.0f} MB", "-"]
    return [f"{r.wall:.2f} s", f"{r.cpu:.2f} s", f"{r.maxrss_mb:.0f} MB", str(r.returncode)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1,10,50", help="input sizes in MB")
    parser.add_argument("--cases", default="keen,solo,gcg,junk")
    parser.add_argument(
        "--timeout", type=float, default=300.0, help="seconds before a run is stopped"
    )
    parser.add_argument(
        "--src", type=Path, default=ROOT / "src", help="the src folder the commands run with"
    )
    args = parser.parse_args(argv)
    sizes = [float(s) for s in args.sizes.split(",")]
    cases = args.cases.split(",")
    src = args.src.resolve()
    env = {**os.environ, "PYTHONPATH": str(src)}
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {_load()} at start"
    )
    print(f"commands run with {src}: {_commit(src)}")
    given = sys.argv[1:] if argv is None else argv
    print(f"command: python benchmarks/bench_growth.py {' '.join(given)}".rstrip())
    print()
    rows: list[list[str]] = []
    with tempfile.TemporaryDirectory(prefix="bench-growth-") as tmp:
        folder = Path(tmp)
        for case in cases:
            stopped = [False] * len(COMMANDS[case])
            for size in sizes:
                path = folder / f"{case}-{size:g}MB.{SUFFIX[case]}"
                MAKERS[case](int(size * MB), path)
                actual = path.stat().st_size / MB
                for k, (words, ok) in enumerate(COMMANDS[case]):
                    out = folder / "out.txt"
                    cmd = [w.format(file=path.name, out=out.name) for w in words]
                    shown = "puzzlefmt " + " ".join(cmd)
                    result = None
                    if not stopped[k]:
                        result = run(
                            [
                                sys.executable,
                                "-m",
                                "puzzlefmt",
                                *[w.format(file=path, out=out) for w in words],
                            ],
                            env=env,
                            ok=ok,
                            timeout=args.timeout,
                        )
                        stopped[k] = result.stopped
                    rows.append(
                        [case, f"{actual:.3g} MB", f"`{shown}`", *_cells(result, args.timeout)]
                    )
                    print(" | ".join(rows[-1]), flush=True)
                    out.unlink(missing_ok=True)
                path.unlink()
    print()
    table(["input", "size", "command", "wall", "CPU", "peak RSS", "exit"], rows)
    print(f"load average {_load()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
