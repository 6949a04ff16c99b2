"""Keen side by side with Simon Tatham's keen.c (issue 10): the whole `puzzlefmt solve`
process on a list of game IDs, and the parse of one game ID.

    python benchmarks/bench_anchor_keen.py --keen /tmp/bench10/sgt/kdriver [--rounds 3]

The anchor is not part of the project and is never committed: build it by hand in a scratch
folder from sgtatham/puzzles (any recent tree). It is keen.c compiled with
``-DSTANDALONE_SOLVER`` (as its ``keensolver`` target is) into a small C driver that includes
keen.c (renaming keen.c's own ``main``) and is linked, like ``keensolver``, with latin.c (also
with ``-DSTANDALONE_SOLVER``), nullfe.c and a static library of the collection's common files
(combi.c divvy.c draw-poly.c drawing.c dsf.c findloop.c grid.c laydomino.c loopgen.c malloc.c
matching.c midend.c misc.c penrose.c penrose-legacy.c ps.c random.c sort.c tdq.c tree234.c
version.c hat.c spectre.c latin.c), gcc -O2. The driver:

- ``driver FILE``: for each game ID line, ``decode_params``, ``validate_desc``, ``new_game``,
  then one call of keen.c's solver at the top difficulty (what keen.c's own ``solve_game``
  does), and prints the solution's digits row by row on one line (``none``, ``multiple`` or
  ``invalid`` otherwise);
- ``driver -d FILE R``: reads all IDs into memory and, R times, times by CPU time
  (CLOCK_PROCESS_CPUTIME_ID) a loop that decodes each (``decode_params``, ``validate_desc``,
  ``new_game``, then frees it), printing "n ns-per-ID" per round.

Data: the 1,000 real 6x6 IDs of ../shared/vectors/keen/vectors-rocurley-6du.tsv (the ID
column), ten times over (10,000 lines, in a temporary folder), for the whole process; the
1,000 once for the parse (and, where the tree has it, the block decoder
``puzzlefmt.keen.columnar.decode_lines`` over the 1,000 as one block). Whole processes are
timed by CPU time (user + system, from ``wait4``) and wall; in-process figures are CPU time
(``time.process_time`` around a loop over all IDs). Medians of ``--rounds`` rounds, the two
sides alternating in each round. Both outputs are compared with each other and with the
vectors' solutions.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _anchor import (
    PUZZLEFMT,
    SHARED,
    header,
    micros,
    ratio,
    rounds,
    run,
    secs,
    table,
)
from puzzlefmt import keen

VECTORS = SHARED / "vectors" / "keen" / "vectors-rocurley-6du.tsv"


def load() -> tuple[list[str], list[str]]:
    """IDs and solutions of the vectors."""
    ids, solutions = [], []
    for line in VECTORS.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith(("#", "game_id")):
            continue
        cols = line.split("\t")
        ids.append(cols[0])
        solutions.append(cols[1])
    return ids, solutions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keen", required=True, help="the keen.c driver (see the docstring)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--copies", type=int, default=10,
                        help="copies of the 1,000 IDs for the whole process")
    args = parser.parse_args(argv)
    if not VECTORS.exists():
        print(f"no vectors at {VECTORS}", file=sys.stderr)
        return 2
    header("bench_anchor_keen.py", sys.argv[1:] if argv is None else argv)
    print(f"anchor: {args.keen}; data: {VECTORS} (ID column)\n")
    ids, solutions = load()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        many = tmp / f"keen-ids-x{args.copies}.txt"
        many.write_text("\n".join(ids * args.copies) + "\n", encoding="ascii")
        once = tmp / "keen-ids.txt"
        once.write_text("\n".join(ids) + "\n", encoding="ascii")
        ours, theirs = tmp / "pf.out", tmp / "kc.out"
        run([*PUZZLEFMT, "solve", str(once), "-o", str(ours), "-q"])  # warm the kernel cache
        walls: dict[str, list[float]] = {"pf": [], "kc": []}

        def pf_solve() -> float:
            r = run([*PUZZLEFMT, "solve", str(many), "-o", str(ours), "-q"], ok=(0, 1))
            walls["pf"].append(r.wall)
            return r.cpu

        def kc_solve() -> float:
            r = run([args.keen, str(many)], stdout=theirs)
            walls["kc"].append(r.wall)
            return r.cpu

        med = rounds(args.rounds, {"pf": pf_solve, "kc": kc_solve})
        wall = {k: sorted(v)[len(v) // 2] for k, v in walls.items()}
        mine = ours.read_text(encoding="utf-8").splitlines()
        other = theirs.read_text(encoding="utf-8").splitlines()
        expected = solutions * args.copies
        same = "agree" if mine == other else (
            f"DIFFER ({sum(a != b for a, b in zip(mine, other, strict=False))} lines"
            f"{', lengths differ' if len(mine) != len(other) else ''})")
        vectors = "agree" if mine == expected else "DIFFER"
        print(f"### Whole process: `puzzlefmt solve keen-ids-x{args.copies}.txt -o OUT -q` "
              f"against the keen.c driver, {len(ids) * args.copies:,} 6x6 IDs\n")
        table(["IDs", "puzzlefmt CPU", "wall", "keen.c CPU", "wall", "ratio CPU", "ratio wall",
               "outputs", "against the vectors"], [[
            f"{len(ids) * args.copies:,}", secs(med["pf"]), secs(wall["pf"]),
            secs(med["kc"]), secs(wall["kc"]), ratio(med["pf"], med["kc"]),
            ratio(wall["pf"], wall["kc"]), same, vectors]])
        sys.stdout.flush()

        steps: dict[str, Callable[[], float]] = {}
        labels: dict[str, str] = {"Puzzle": "`Puzzle(id)`"}

        def python_parse(func: Callable[[str], object]) -> Callable[[], float]:
            def go() -> float:
                t0 = time.process_time()
                for text in ids:
                    func(text)
                return (time.process_time() - t0) / len(ids)
            return go

        def kc_decode() -> float:
            out = tmp / "decode.out"
            run([args.keen, "-d", str(once), "1"], stdout=out)
            return float(out.read_text(encoding="utf-8").split()[1]) * 1e-9

        steps["Puzzle"] = python_parse(keen.Puzzle)
        parse_game_id = getattr(keen, "parse_game_id", None)
        if parse_game_id is not None:
            steps["parse_game_id"] = python_parse(parse_game_id)
            labels["parse_game_id"] = "`keen.parse_game_id(id)`"
        try:
            from puzzlefmt.keen.columnar import decode_lines
        except ImportError:
            pass
        else:
            decode_lines(ids[:1])  # load the kernel

            def block_decode() -> float:
                t0 = time.process_time()
                decode_lines(ids)
                return (time.process_time() - t0) / len(ids)

            steps["decode_lines"] = block_decode
            labels["decode_lines"] = "`keen.columnar.decode_lines(ids)` (one block)"
        steps["kc"] = kc_decode
        med = rounds(args.rounds, steps)
        print(f"### Parse one game ID: CPU time per ID over the {len(ids):,} IDs, against "
              "keen.c's decode_params + validate_desc + new_game\n")
        table(["puzzlefmt", "per ID", "keen.c per ID", "ratio"], [
            [label, micros(med[key]), micros(med["kc"]), ratio(med[key], med["kc"])]
            for key, label in labels.items()
        ])
    print(f"({time.perf_counter() - start:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
