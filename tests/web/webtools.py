"""Constants and helpers shared by the web tests (importable as ``webtools``)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*") if p.is_file())
ARTIFACTS = ROOT / "test-artifacts" / "web"

#: The request size limit of the test application (small, so that 413 is cheap to reach).
MAX_BYTES = 64 * 1024

SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def example_id(path: Path) -> str:
    return path.relative_to(ROOT / "examples").as_posix()
