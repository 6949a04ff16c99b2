"""Pieces the Sudoku benchmark scripts share: the data folder, a file loader that does not
depend on the library's readers, best-of timing, and the compile/cache-load measurement."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "sudoku" / "tdoku_format"


def load(path: Path) -> np.ndarray:
    """Puzzles of a one-per-line file as (n, 81) uint8, 0 for blanks."""
    lines = [
        line[:81]
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    raw = np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8).reshape(-1, 81)
    digits = raw - ord("0")
    return np.where((raw >= ord("1")) & (raw <= ord("9")), digits, 0).astype(np.uint8)


def header(script: str, argv: list[str]) -> None:
    """Print the machine, the versions and the command line a table was made with."""
    import platform

    import puzzlefmt

    print(
        f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
        f"puzzlefmt {puzzlefmt.__version__}, numpy {np.__version__}"
    )
    print(f"command: python benchmarks/{script} {' '.join(argv)}".rstrip())


def best_of(n: int, func: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(n):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


_STARTUP = """
import time
t0 = time.perf_counter()
import numpy as np
from {module} import {function}
t1 = time.perf_counter()
{function}(np.zeros((1, 81), dtype=np.uint8))
t2 = time.perf_counter()
print(f"{{t1 - t0:.2f}} {{t2 - t1:.2f}}")
"""


def startup(module: str, function: str) -> None:
    """Time a fresh process's import and first call, with an empty and then a warm cache."""
    code = _STARTUP.format(module=module, function=function)
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("empty cache (compile)", "warm cache (load)"):
            out = subprocess.run(
                [sys.executable, "-c", code], env=env, capture_output=True, text=True,
                check=True,
            ).stdout.split()
            print(f"  first call, {label:<22}: import {out[0]} s, first {function} {out[1]} s")
