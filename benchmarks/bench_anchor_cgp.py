"""CGP side by side with MAGPIE (issue 10): parse and write a position, score a move.

    python benchmarks/bench_anchor_cgp.py --magpie /tmp/bench10/magpie/mdriver \
        --magpie-data /tmp/bench10/magpie/data [--rounds 5]

The anchor is not part of the project and is never committed: build it by hand in a scratch
folder. It is jvc56/MAGPIE's library (``make BUILD=release libmagpie_core.a``: every file
under src/, -O3 -flto -march=native -DNDEBUG, BOARD_DIM=15, RACK_SIZE=7) linked with a small
C driver that creates a config (``set -lex TWL06 -ld english -threads 1``; the data folder
holds, from jvc56/MAGPIE-DATA, lexica/TWL06.kwg and .klv2, letterdistributions/english.csv,
layouts/standard15.txt and strategy/winpct.csv) and one game (``config_game_create``):

- ``driver DATA load FILE R`` (one CGP a line): R times, a loop of ``game_load_cgp`` over
  the lines (which also builds cross-sets and anchors) and a loop of ``game_get_cgp`` over
  games loaded beforehand (``game_duplicate``), timed by CPU time
  (CLOCK_PROCESS_CPUTIME_ID), printing "n ns-per-load ns-per-write"; then "W<TAB>cgp" (the
  four fields MAGPIE writes) per line;
- ``driver DATA score FILE R`` (CGP<TAB>move a line; positions loaded beforehand): R times,
  a loop of ``validated_moves_create`` (phonies and play-through allowed) and the move's
  score, printing "n ns-per-move"; then "S<TAB>score" per line ("S<TAB>load error" when
  MAGPIE refuses the position).

MAGPIE's validation does more than score (formed words looked up in the lexicon, leave and
equity); TWL06 stands in for CSW21, whose KWG is not in the MAGPIE-DATA snapshot.

Data: every positive full CGP of ../shared/vectors/cgp/*.tsv (kinds valid, writer_output,
sequence_state) that puzzlefmt reads as English on a 15x15 board with two players (MAGPIE,
built for 15x15 with the English distribution, loads those); the placements of
magpie_scoring.tsv (with a stated score, English distribution) and of
wolges_movegen_baseline.txt ("(X)" through-tile notation written as the letter for MAGPIE).
Placements MAGPIE cannot load the position of are left out of both sides. In-process figures
are CPU time (``time.process_time`` around a loop over all items); medians of ``--rounds``
rounds, the two sides alternating. Written CGPs are compared on their four fields with each
rack's tiles sorted (MAGPIE writes racks in alphabet order); scores with MAGPIE's and with the
vectors'.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _anchor import (
    SHARED,
    header,
    micros,
    ratio,
    rounds,
    run,
    table,
)
from puzzlefmt.cgp import Position

VECTORS = SHARED / "vectors" / "cgp"
POSITIVE = ("valid", "writer_output", "sequence_state")


def load_cgps(position: Callable[[str], Any]) -> list[str]:
    """The positive full CGPs that are English, 15x15, two players."""
    out: list[str] = []
    for path in sorted(VECTORS.glob("*.tsv")):
        if path.name in ("magpie_scoring.tsv", "macondo_rowtoletters.tsv"):
            continue
        for line in path.read_text(encoding="utf-8").split("\n"):
            cols = line.split("\t")
            if line.startswith("#") or len(cols) < 4 or cols[2] not in POSITIVE:
                continue
            pos = position(cols[3])
            if pos.distribution.name == "english" and pos.rows == pos.cols == 15 and len(
                    pos.racks) == 2:
                out.append(cols[3])
    return out


def load_moves() -> list[tuple[str, str, str, int]]:
    """(cgp, move as puzzlefmt reads it, move as MAGPIE reads it, stated score)."""
    out: list[tuple[str, str, str, int]] = []
    for line in (VECTORS / "magpie_scoring.tsv").read_text(encoding="utf-8").split("\n"):
        cols = line.split("\t")
        if line.startswith("#") or len(cols) < 5:
            continue
        m = re.search(r"score=(\d+)", cols[4])
        placement = not cols[3].lower().startswith(("pass", "ex "))
        if m and placement and "english_blank_is_5" not in cols[4]:
            out.append((cols[2], cols[3], cols[3], int(m.group(1))))
    cgp = ""
    text = (VECTORS / "wolges_movegen_baseline.txt").read_text(encoding="utf-8")
    for line in text.split("\n"):
        head = re.fullmatch(r"=== Case \d+: rack=(\S*) fen=(\S+) ===", line)
        if head:
            cgp = f"{head.group(2)} {head.group(1)}/ 0/0 0"
            continue
        m = re.fullmatch(r"\s+-?[0-9.]+ (\S+ \S+) (-?[0-9]+)", line)
        if m:
            move = m.group(1)
            out.append((cgp, move, move.replace("(", "").replace(")", ""), int(m.group(2))))
    return out


def normal(cgp: str) -> str:
    """The four required fields, each rack's tiles sorted."""
    fields = cgp.split()
    fields[1] = "/".join("".join(sorted(rack)) for rack in fields[1].split("/"))
    return " ".join(fields[:4])


def find_score_many() -> Callable[..., Any] | None:
    for module in ("puzzlefmt.cgp.scoring", "puzzlefmt.cgp", "puzzlefmt.cgp.rules",
                   "puzzlefmt.cgp.moves", "puzzlefmt.cgp.position"):
        try:
            found = getattr(importlib.import_module(module), "score_many", None)
        except ImportError:
            continue
        if callable(found):
            return found
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--magpie", required=True, help="the MAGPIE driver (see the docstring)")
    parser.add_argument("--magpie-data", required=True, help="its data folder")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    if not VECTORS.is_dir():
        print(f"no vectors at {VECTORS}", file=sys.stderr)
        return 2
    header("bench_anchor_cgp.py", sys.argv[1:] if argv is None else argv)
    print(f"anchor: {args.magpie} (data {args.magpie_data}); vectors: {VECTORS}\n")
    start = time.perf_counter()
    cgps = load_cgps(Position)
    positions = [Position(s) for s in cgps]
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        cgp_file = tmp / "cgps.txt"
        cgp_file.write_text("\n".join(cgps) + "\n", encoding="utf-8")
        out = tmp / "magpie.out"

        def magpie(mode: str, path: Path) -> list[str]:
            run([args.magpie, args.magpie_data, mode, str(path), "1"], stdout=out)
            return out.read_text(encoding="utf-8").split("\n")

        mp_write: list[float] = []

        def mp_load() -> float:
            lines = magpie("load", cgp_file)
            fields = lines[0].split()
            mp_write.append(float(fields[2]) * 1e-9)
            return float(fields[1]) * 1e-9

        def per(items: int, work: Callable[[], object]) -> Callable[[], float]:
            def go() -> float:
                t0 = time.process_time()
                work()
                return (time.process_time() - t0) / items
            return go

        med = rounds(args.rounds, {
            "pf parse": per(len(cgps), lambda: [Position(s) for s in cgps]),
            "pf write": per(len(cgps), lambda: [p.cgp() for p in positions]),
            "mp load": mp_load,
        })
        mp_written = [ln.split("\t", 1)[1] for ln in out.read_text(encoding="utf-8").split("\n")
                      if ln.startswith("W\t")]
        bad = sum(normal(p.cgp()) != normal(w) for p, w in zip(positions, mp_written,
                                                                 strict=True))
        agree = "agree" if bad == 0 else f"DIFFER ({bad})"
        write_mp = sorted(mp_write)[len(mp_write) // 2]
        print(f"### Parse and write, {len(cgps)} CGPs (English, 15x15), CPU time per CGP\n")
        table(["operation", "puzzlefmt", "MAGPIE", "ratio", "written CGPs"], [
            ["`Position(cgp)` / `game_load_cgp`", micros(med["pf parse"]),
             micros(med["mp load"]), ratio(med["pf parse"], med["mp load"]), agree],
            ["`position.cgp()` / `game_get_cgp`", micros(med["pf write"]), micros(write_mp),
             ratio(med["pf write"], write_mp), agree],
        ])
        sys.stdout.flush()

        moves = load_moves()
        move_file = tmp / "moves.txt"
        move_file.write_text("".join(f"{c}\t{m}\n" for c, _, m, _ in moves), encoding="utf-8")
        mp_scores = [ln.split("\t", 1)[1] for ln in magpie("score", move_file)
                     if ln.startswith("S\t")]
        keep = [i for i, s in enumerate(mp_scores) if s != "load error"]
        moves = [moves[i] for i in keep]
        mp_scores = [mp_scores[i] for i in keep]
        move_file.write_text("".join(f"{c}\t{m}\n" for c, _, m, _ in moves), encoding="utf-8")
        parsed = {c: Position(c) for c, _, _, _ in moves}
        work = [(parsed[c], m) for c, m, _, _ in moves]
        groups: dict[str, list[str]] = {}
        group_stated: dict[str, list[int]] = {}  # the stated scores in the groups' order
        for c, m, _, s in moves:
            groups.setdefault(c, []).append(m)
            group_stated.setdefault(c, []).append(s)
        group_work = [(parsed[c], ms) for c, ms in groups.items()]
        ours: list[int] = []
        score_many = find_score_many()

        def pf_score() -> None:
            ours[:] = [p.score(m) for p, m in work]

        steps: dict[str, Callable[[], float]] = {"pf score": per(len(work), pf_score)}
        many: list[Any] = []
        if score_many is not None:
            def pf_many() -> None:
                many[:] = [score_many(p, ms) for p, ms in group_work]

            steps["pf many"] = per(len(work), pf_many)

        def mp_score() -> float:
            lines = magpie("score", move_file)
            return float(lines[0].split()[1]) * 1e-9

        steps["mp score"] = mp_score
        med = rounds(args.rounds, steps)
        stated = [s for _, _, _, s in moves]
        vs_mp = sum(str(a) != b for a, b in zip(ours, mp_scores, strict=True))
        vs_vec = sum(a != b for a, b in zip(ours, stated, strict=True))
        rows = [["`position.score(move_string)`", micros(med["pf score"]),
                 micros(med["mp score"]), ratio(med["pf score"], med["mp score"]),
                 "agree" if vs_mp == 0 else f"DIFFER ({vs_mp})",
                 "agree" if vs_vec == 0 else f"DIFFER ({vs_vec})"]]
        if score_many is not None:
            flat = [int(x) for result in many for x in result]
            flat_stated = [s for c in groups for s in group_stated[c]]
            bad_many = sum(a != b for a, b in zip(flat, flat_stated, strict=True))
            rows.append(["`score_many(position, moves)` (per move)", micros(med["pf many"]),
                         micros(med["mp score"]), ratio(med["pf many"], med["mp score"]),
                         "", "agree" if bad_many == 0 else f"DIFFER ({bad_many})"])
        else:
            rows.append(["`score_many(position, moves)`", "not in this version", "", "", "",
                         ""])
        print(f"### Score a move given as text, {len(moves)} placements on {len(groups)} "
              "positions (parsed beforehand), CPU time per move\n")
        table(["puzzlefmt", "per move", "MAGPIE validated_moves_create", "ratio",
               "scores = MAGPIE's", "scores = vectors'"], rows)
    print(f"({time.perf_counter() - start:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
