"""CGP speed: microseconds per string parsed and written, per placement scored (one at a time
and in batches with ``score_many``), per ``status()``.

Usage::

    python benchmarks/bench_cgp.py [--shared ../shared] [--rounds 9]

Data: every positive full CGP in ../shared/vectors/cgp/*.tsv (kinds valid, writer_output,
sequence_state), and every scored placement of ../shared/vectors/cgp/magpie_scoring.tsv and
wolges_movegen_baseline.txt (each score is checked before timing). Each measurement times the
whole set once per round; the table gives the median over ``--rounds`` rounds, in
microseconds of CPU time per item (``time.process_time``: on a machine shared with other
programs the wall clock also counts the time they run), and the best round.

"write" is the first ``cgp()`` of positions parsed just before the round (untimed), as a
converter writes what it read; "write again" writes the same objects a second time. "score
move string" is ``position.score("8D WORD")`` (the move read too). "score_many" scores all
the moves of one position in one call (``puzzlefmt.cgp.scoring.score_many``) and reports per
move, with the boards' arrays cached from the round before (as when a program scores many
batches on one position), and again with that cache emptied before each call (each board
encoded on the call). The script runs on older versions of the library too (rows it cannot
run are left out), to print before/after tables.
"""

from __future__ import annotations

import argparse
import platform
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlefmt.cgp import Move, Position

try:
    from puzzlefmt.cgp import scoring
    from puzzlefmt.cgp.scoring import score_many
except ImportError:  # an older version: no batch scoring
    scoring = score_many = None

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


def load_placements(vectors: Path) -> list[tuple[Position, str, int]]:
    """(position, move text, expected score) for every scored placement."""
    out: list[tuple[Position, str, int]] = []
    for line in (vectors / "magpie_scoring.tsv").read_text(encoding="utf-8").split("\n"):
        cols = line.split("\t")
        if line.startswith("#") or len(cols) < 5:
            continue
        m = re.search(r"score=(\d+)", cols[4])
        if not m or "english_blank_is_5" in cols[4]:
            continue
        pos = Position(cols[2])
        if pos.parse_move(cols[3]).is_placement:
            out.append((pos, cols[3], int(m.group(1))))
    pos = Position()
    text = (vectors / "wolges_movegen_baseline.txt").read_text(encoding="utf-8")
    for line in text.split("\n"):
        head = re.fullmatch(r"=== Case \d+: rack=(\S*) fen=(\S+) ===", line)
        if head:
            pos = Position(f"{head.group(2)} {head.group(1)}/ 0/0 0")
            continue
        m = re.fullmatch(r"\s+-?[0-9.]+ (\S+ \S+) (-?[0-9]+)", line)
        if m:
            out.append((pos, m.group(1), int(m.group(2))))
    return out


def timed(rounds: int, items: int, work: Callable[[], Any],
          setup: Callable[[], Any] | None = None) -> tuple[float, float]:
    """Median and best microseconds per item over ``rounds`` timings of ``work``
    (``setup``, untimed, runs before each and its result is passed to ``work``)."""
    times: list[float] = []
    for _ in range(rounds):
        arg = setup() if setup is not None else None
        start = time.process_time()
        work(arg) if setup is not None else work()
        times.append((time.process_time() - start) * 1e6 / items)
    return statistics.median(times), min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args(argv)
    vectors = Path(args.shared) / "vectors" / "cgp"
    if not vectors.is_dir():
        print(f"no vectors at {vectors}", file=sys.stderr)
        return 2
    cgps = load_cgps(vectors)
    positions = [Position(s) for s in cgps]
    placements = load_placements(vectors)
    moves = [(pos, pos.parse_move(text), expected) for pos, text, expected in placements]
    for pos, move, expected in moves:  # the benchmark measures correct work only
        assert pos.score(move) == expected, (pos.cgp(), str(move))
    groups: dict[int, tuple[Position, list[str], list[int]]] = {}
    for pos, text, expected in placements:
        groups.setdefault(id(pos), (pos, [], []))[1].append(text)
        groups[id(pos)][2].append(expected)
    if score_many is not None:
        for pos, texts, expected in groups.values():
            assert list(score_many(pos, texts)) == expected, pos.cgp()
    chars = sum(len(s) for s in cgps)
    n, k = len(cgps), len(placements)
    rounds = args.rounds

    def fresh() -> list[Position]:
        return [Position(s) for s in cgps]

    rows: list[tuple[str, int, float, float]] = []

    def row(name: str, items: int, result: tuple[float, float]) -> None:
        rows.append((name, items, *result))

    row("parse  Position(cgp)", n, timed(rounds, n, lambda: [Position(s) for s in cgps]))
    row("write  position.cgp()", n,
        timed(rounds, n, lambda ps: [p.cgp() for p in ps], setup=fresh))
    row("write again", n, timed(rounds, n, lambda: [p.cgp() for p in positions]))
    row("parse + write", n, timed(rounds, n, lambda: [Position(s).cgp() for s in cgps]))
    row("status()", n, timed(rounds, n, lambda ps: [p.status() for p in ps], setup=fresh))
    row("score placement (Move)", k,
        timed(rounds, k, lambda: [pos.score(mv) for pos, mv, _ in moves]))
    row("score move string", k,
        timed(rounds, k, lambda: [pos.score(text) for pos, text, _ in placements]))
    if score_many is not None:
        batches = [(pos, texts) for pos, texts, _ in groups.values()]
        row(f"score_many ({len(batches)} calls)", k,
            timed(rounds, k, lambda: [score_many(pos, texts) for pos, texts in batches]))

        def cold() -> None:
            for pos, texts in batches:
                scoring._BOARDS.clear()  # each board encoded again, as on its first call
                score_many(pos, texts)

        row("score_many, boards not cached", k, timed(rounds, k, cold))
    print(f"{'operation':<28}{'set':>6}{'median us':>11}{'best us':>10}")
    for name, size, median, best in rows:
        print(f"{name:<28}{size:>6}{median:>11.2f}{best:>10.2f}")
    print()
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.system()})")
    print(
        f"data: {n} positive CGP strings ({chars:,} characters) from {vectors}/*.tsv; "
        f"{k} scored placements on {len(groups)} positions (magpie_scoring.tsv, "
        f"wolges_movegen_baseline.txt), each score checked before timing; {rounds} rounds"
    )
    _ = Move  # the public names the script relies on
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
