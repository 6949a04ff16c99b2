"""CGP throughput: strings parsed and written per second, placements scored per second.

Usage::

    .venv/bin/python benchmarks/bench_cgp.py [--shared ../shared] [--seconds 1.0]

Data: every positive full CGP in ../shared/vectors/cgp/*.tsv (kinds valid, writer_output,
sequence_state), and every scored placement of ../shared/vectors/cgp/magpie_scoring.tsv and
wolges_movegen_baseline.txt. Each measurement repeats the whole set until ``--seconds`` have
passed and reports the best of three rounds. Prints a table, then the command and data used.
"""

from __future__ import annotations

import argparse
import platform
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

from puzzlefmt.cgp import Move, Position

POSITIVE = ("valid", "writer_output", "sequence_state")


def load_cgps(vectors: Path) -> list[str]:
    out: list[str] = []
    for path in sorted(vectors.glob("*.tsv")):
        if path.name in ("magpie_scoring.tsv", "macondo_rowtoletters.tsv"):
            continue
        for line in path.read_text(encoding="utf-8").split("\n"):
            cols = line.split("\t")
            if len(cols) > 3 and not line.startswith("#") and cols[2] in POSITIVE:
                out.append(cols[3])
    return out


def load_placements(vectors: Path) -> list[tuple[Position, Move, int]]:
    out: list[tuple[Position, Move, int]] = []
    for line in (vectors / "magpie_scoring.tsv").read_text(encoding="utf-8").split("\n"):
        cols = line.split("\t")
        if line.startswith("#") or len(cols) < 5:
            continue
        m = re.search(r"score=(\d+)", cols[4])
        if not m or "english_blank_is_5" in cols[4]:
            continue
        pos = Position(cols[2])
        move = pos.parse_move(cols[3])
        if move.is_placement:
            out.append((pos, move, int(m.group(1))))
    pos = Position()
    text = (vectors / "wolges_movegen_baseline.txt").read_text(encoding="utf-8")
    for line in text.split("\n"):
        head = re.fullmatch(r"=== Case \d+: rack=(\S*) fen=(\S+) ===", line)
        if head:
            pos = Position(f"{head.group(2)} {head.group(1)}/ 0/0 0")
            continue
        m = re.fullmatch(r"\s+-?[0-9.]+ (\S+ \S+) (-?[0-9]+)", line)
        if m:
            out.append((pos, pos.parse_move(m.group(1)), int(m.group(2))))
    return out


def rate(items: int, work: Callable[[], None], seconds: float) -> tuple[float, int]:
    """Best items per second over three rounds of at least ``seconds`` each."""
    best = 0.0
    total = 0
    for _ in range(3):
        start = time.perf_counter()
        rounds = 0
        while True:
            work()
            rounds += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        total += rounds * items
        best = max(best, rounds * items / elapsed)
    return best, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args(argv)
    vectors = Path(args.shared) / "vectors" / "cgp"
    if not vectors.is_dir():
        print(f"no vectors at {vectors}", file=sys.stderr)
        return 2
    cgps = load_cgps(vectors)
    positions = [Position(s) for s in cgps]
    placements = load_placements(vectors)
    for pos, move, expected in placements:  # the benchmark measures correct work only
        assert pos.score(move) == expected, (pos.cgp(), str(move))
    chars = sum(len(s) for s in cgps)

    def parse() -> None:
        for s in cgps:
            Position(s)

    def write() -> None:
        for p in positions:
            p.cgp()

    def round_trip() -> None:
        for s in cgps:
            Position(s).cgp()

    def score() -> None:
        for pos, move, _ in placements:
            pos.score(move)

    def status() -> None:
        for p in positions:
            p.status()

    rows = [
        ("parse  Position(cgp)", len(cgps), *rate(len(cgps), parse, args.seconds)),
        ("write  position.cgp()", len(cgps), *rate(len(cgps), write, args.seconds)),
        ("parse + write", len(cgps), *rate(len(cgps), round_trip, args.seconds)),
        ("status()", len(cgps), *rate(len(cgps), status, args.seconds)),
        ("score placement", len(placements), *rate(len(placements), score, args.seconds)),
    ]
    print(f"{'operation':<24}{'set':>6}{'per second':>14}{'us each':>10}{'done':>10}")
    for name, size, per_second, done in rows:
        print(f"{name:<24}{size:>6}{per_second:>14,.0f}{1e6 / per_second:>10.1f}{done:>10,}")
    print()
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.system()})")
    print(
        f"data: {len(cgps)} positive CGP strings ({chars:,} characters) from {vectors}/*.tsv; "
        f"{len(placements)} scored placements (magpie_scoring.tsv, "
        "wolges_movegen_baseline.txt), each score checked before timing"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
