"""Pieces the anchor benchmarks share (bench_anchor_*.py): whole processes timed with their own
resource usage, medians of alternating rounds, markdown tables, and the puzzles of a
tdoku-format file.

A process is started with :func:`run`, its standard output going to a file, through a small
launcher that reaps it with ``os.wait4``, which gives that one process's CPU time (user +
system) and peak resident memory (``ru_maxrss``), whatever else the benchmark holds or has
run before.
"""

from __future__ import annotations

import contextlib
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
# ../shared beside the repository (a worktree further down finds it higher up).
SHARED = next((p / "shared" for p in ROOT.parents if (p / "shared").is_dir()),
              ROOT.parent / "shared")
PUZZLEFMT = [sys.executable, "-m", "puzzlefmt"]


@dataclass(frozen=True)
class Run:
    """One finished process: wall and CPU seconds, peak memory (MB), exit code, stderr;
    ``stopped`` when it was killed at its time limit."""

    wall: float
    cpu: float
    maxrss_mb: float
    returncode: int
    stderr: str
    stopped: bool = False


# A process inherits its parent's peak memory figure (Linux counts the memory of the copy
# that fork made until exec replaces it), so every command is started by this small launcher,
# a fresh interpreter without site packages, which forks and execs it, reaps it with wait4 and
# writes the wall clock, CPU seconds and peak memory (KB) to the file named first. With a time
# limit (seconds, the second argument; 0: none) it kills the command when the limit is reached
# and says so (the last figure, 1).
_LAUNCH = """
import os, signal, sys, time
start = time.perf_counter()
limit = float(sys.argv[2])
pid = os.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[3], sys.argv[3:])
    finally:
        os._exit(127)
stopped = []
if limit > 0:
    signal.signal(signal.SIGALRM, lambda *_: (stopped.append(1), os.kill(pid, signal.SIGKILL)))
    signal.setitimer(signal.ITIMER_REAL, limit)
_, status, usage = os.wait4(pid, 0)
signal.setitimer(signal.ITIMER_REAL, 0)
wall = time.perf_counter() - start
with open(sys.argv[1], "w") as f:
    f.write(f"{wall} {usage.ru_utime + usage.ru_stime} {usage.ru_maxrss} "
            f"{os.waitstatus_to_exitcode(status)} {len(stopped)}")
"""


def run(
    cmd: Sequence[str],
    stdout: Path | None = None,
    env: Mapping[str, str] | None = None,
    ok: Sequence[int] = (0,),
    stdin: Path | None = None,
    timeout: float | None = None,
) -> Run:
    """Run ``cmd`` to the end, its standard output to ``stdout`` (or nowhere), its standard
    input from ``stdin`` (or this process's); with ``timeout``, kill it after that many
    seconds (the run comes back ``stopped``, whatever its exit code)."""
    out = stdout.open("wb") if stdout is not None else open(os.devnull, "wb")  # noqa: SIM115
    with tempfile.TemporaryDirectory() as scratch, contextlib.ExitStack() as files:
        inp = files.enter_context(stdin.open("rb")) if stdin is not None else None
        err_path, figures = Path(scratch) / "stderr", Path(scratch) / "figures"
        with out, err_path.open("wb") as err:
            subprocess.run(
                [sys.executable, "-S", "-c", _LAUNCH, str(figures), str(timeout or 0), *cmd],
                stdin=inp, stdout=out, stderr=err, env=None if env is None else dict(env),
                check=False,
            )
        stderr = err_path.read_text(encoding="utf-8", errors="replace")
        fields = figures.read_text(encoding="ascii").split()
    wall, cpu, maxrss, code = float(fields[0]), float(fields[1]), int(fields[2]), int(fields[3])
    stopped = fields[4] == "1"
    if code not in ok and not stopped:
        raise RuntimeError(f"{' '.join(cmd)} exited with {code}: {stderr.strip()[-500:]}")
    return Run(wall, cpu, maxrss / 1024, code, stderr, stopped)


def rounds(n: int, steps: Mapping[str, Callable[[], float]]) -> dict[str, float]:
    """Run every step once per round, in the same order each round (so the two sides of a
    comparison alternate), ``n`` rounds; the median of each step's returned figure."""
    got: dict[str, list[float]] = {name: [] for name in steps}
    for _ in range(n):
        for name, step in steps.items():
            got[name].append(step())
    return {name: statistics.median(values) for name, values in got.items()}


def table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """Print a markdown table."""
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")
    print()


def ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:.2f}x" if theirs > 0 else "n/a"


def secs(value: float) -> str:
    return f"{value:.3f} s" if value < 10 else f"{value:.2f} s"


def micros(seconds: float) -> str:
    us = seconds * 1e6
    return f"{us:.2f} µs" if us < 10 else f"{us:.1f} µs"


def header(script: str, argv: Sequence[str]) -> None:
    """The machine, the versions, the commit and the command a table was made with."""
    import puzzlefmt

    source = Path(puzzlefmt.__file__).parent
    commit = subprocess.run(
        ["git", "-C", str(source), "log", "-1", "--format=%h %cs %s"],
        capture_output=True, text=True, check=False,
    ).stdout.strip()
    load = os.getloadavg()[0]
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {load:.1f} at start; puzzlefmt {puzzlefmt.__version__} "
          f"from {Path(puzzlefmt.__file__).parent}")
    print(f"puzzlefmt commit: {commit}")
    print(f"command: python benchmarks/{script} {' '.join(argv)}".rstrip())
    print()


def puzzle_lines(path: Path) -> list[str]:
    """The puzzles of a tdoku-format file, as the anchors read them (first 81 characters of
    each puzzle line)."""
    return [
        line[:81] for line in path.read_text(encoding="utf-8").splitlines()
        if len(line) >= 81 and not line.startswith("#")
    ]


def cells(lines: list[str]) -> np.ndarray:
    """The puzzles as an ``(n, 81)`` array of digits (a blank: 0)."""
    raw = np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8).reshape(-1, 81)
    return np.where((raw >= ord("1")) & (raw <= ord("9")), raw - ord("0"), 0).astype(np.uint8)
