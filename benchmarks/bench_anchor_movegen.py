"""Move generation against MAGPIE, built from source: positions per second of CPU time, all
moves and best move only, and the KWG build of the web2 list against MAGPIE's converter.

    python benchmarks/bench_anchor_movegen.py [--rounds 5] [--magpie /work/scratch/magpie]

MAGPIE (jvc56/MAGPIE, the commit the vectors' README names) must be checked out and built
(``make magpie BUILD=release``) in ``--magpie``, outside this repository; it is never
committed. This script writes a small C driver of ours into ``--magpie`` and links it
against MAGPIE's object files: it loads each position with MAGPIE's CGP loader (not timed),
then times MAGPIE's move generator alone (``generate_moves``, one thread, static equity,
record-all or best-move mode) with the process's CPU clock. puzzlefmt is timed the same
way in this process: the positions read beforehand, ``generate()`` timed with
``time.process_time`` (it includes the board's encoding and the output's copy into
columns). The two alternate, round by round; the tables give medians.

The KWG build is timed as whole processes, the rule for commands: MAGPIE's ``magpie convert
text2kwg NWLWEB2 english`` (reads ``data/lexica/NWLWEB2.txt``, writes the KWG) against
``python -m puzzlefmt lexicon build NWLWEB2.txt -o NWLWEB2.kwg`` on the same file (start-up,
reading and decoding the list count), each a child process whose CPU time (user + system)
``wait4`` reports, the two alternating round by round.

It also checks the KWG facts: puzzlefmt's KWG of ``words-web2.txt.gz`` holds the same words
(and GADDAG strings) as MAGPIE's ``convert text2kwg``'s, and MAGPIE's KWG reads back to the
list.
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SHARED = next((p / "shared" for p in ROOT.parents if (p / "shared").is_dir()),
              ROOT.parent / "shared")
VECTORS = SHARED / "vectors" / "movegen"

DRIVER = r"""
// puzzlefmt's benchmark driver: MAGPIE's move generator timed alone on each position.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "src/impl/cmd_api.h"
#include "src/impl/config.h"
#include "src/impl/cgp.h"
#include "src/impl/gameplay.h"
#include "src/impl/move_gen.h"
#include "src/ent/move.h"
#include "src/util/io_util.h"
#include "src/util/string_util.h"
#include "src/str/move_string.h"

static double cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  // argv: data-path positions-file mode(all|best) rounds
  Magpie *mp = magpie_create(argv[1]);
  if (magpie_run_sync(mp, "set -lex NWLWEB2 -ld english -wmp false -threads 1 -s1 equity "
                          "-s2 equity -r1 all -r2 all") != MAGPIE_SUCCESS) {
    fprintf(stderr, "set failed\n");
    return 1;
  }
  if (magpie_run_sync(mp, "cgp 15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0")
      != MAGPIE_SUCCESS) {
    fprintf(stderr, "cgp failed\n");
    return 1;
  }
  Config *config = *(Config **)mp;  // the first member of MAGPIE's struct Magpie
  Game *game = config_get_game(config);
  ErrorStack *es = error_stack_create();
  FILE *f = fopen(argv[2], "r");
  static char line[4096];
  char *cgps[100000];
  int n = 0;
  while (fgets(line, sizeof line, f) && n < 100000) {
    line[strcspn(line, "\r\n")] = 0;
    if (line[0]) cgps[n++] = strdup(line);
  }
  fclose(f);
  // dump: every move of every position (UCGI, score, equity), to compare two lexica
  bool dump = strcmp(argv[3], "dump") == 0;
  StringBuilder *sb = string_builder_create();
  move_record_t record = strcmp(argv[3], "best") == 0 ? MOVE_RECORD_BEST : MOVE_RECORD_ALL;
  int rounds = atoi(argv[4]);
  MoveList *ml = move_list_create(200000);
  double total = 0;
  long moves = 0;
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < n; i++) {
      game_load_cgp(game, cgps[i], es);
      if (!error_stack_is_empty(es)) {
        error_stack_print_and_reset(es);
        return 1;
      }
      MoveGenArgs args = {.game = game, .move_list = ml, .eq_margin_movegen = 0,
                          .target_equity = EQUITY_MAX_VALUE,
                          .target_leave_size_for_exchange_cutoff = UNSET_LEAVE_SIZE};
      double t = cpu();
      generate_moves_for_game_override_record_type(&args, record);
      total += cpu() - t;
      moves += move_list_get_count(ml);
      if (dump) {
        for (int m = 0; m < move_list_get_count(ml); m++) {
          const Move *mv = move_list_get_move(ml, m);
          string_builder_clear(sb);
          string_builder_add_ucgi_move(sb, mv, game_get_board(game), game_get_ld(game));
          printf("%d\t%s\t%d\t%d\n", i, string_builder_peek(sb), (int)move_get_score(mv),
                 (int)move_get_equity(mv));
        }
      }
    }
  }
  printf("%d %d %.6f %ld\n", n, rounds, total, moves);
  return 0;
}
"""


def build_driver(magpie: Path) -> Path:
    """The driver, compiled and linked against MAGPIE's release object files."""
    source = magpie / "puzzlefmt_bench_driver.c"
    source.write_text(DRIVER, encoding="utf-8")
    binary = magpie / "bin" / "puzzlefmt_bench_driver"
    objects = [str(p) for p in sorted((magpie / "obj").glob("release-b15-r7/src/**/*.o"))]
    if not objects:
        raise SystemExit(f"no MAGPIE release objects under {magpie}/obj: make magpie "
                         "BUILD=release first")
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-O3", "-flto", "-march=native", "-DNDEBUG", "-DBOARD_DIM=15",
                    "-DRACK_SIZE=7", "-I", str(magpie), str(source), *objects, "-lm",
                    "-lpthread", "-o", str(binary)], check=True, cwd=magpie)
    return binary


def magpie_data(magpie: Path) -> Path:
    """MAGPIE's data folder with the web2 lexicon (its own KWG) and the synthetic leaves."""
    data = magpie / "data"
    lexica = data / "lexica"
    lexica.mkdir(parents=True, exist_ok=True)
    if not (lexica / "NWLWEB2.txt").exists():
        with gzip.open(VECTORS / "words-web2.txt.gz", "rb") as f:
            (lexica / "NWLWEB2.txt").write_bytes(f.read())
    shutil.copyfile(VECTORS / "leaves-synthetic.klv2", lexica / "NWLWEB2.klv2")
    if not (lexica / "NWLWEB2.kwg").exists():
        subprocess.run([str(magpie / "bin" / "magpie"), "convert", "text2kwg", "NWLWEB2",
                        "english"], check=True, cwd=magpie, capture_output=True)
    return data


def magpie_round(binary: Path, magpie: Path, positions: Path, mode: str) -> tuple[float, int]:
    out = subprocess.run([str(binary), "./data", str(positions), mode, "1"], check=True,
                         cwd=magpie, capture_output=True, text=True).stdout.split()
    return float(out[2]), int(out[3])


def ours_round(positions: list, lexicon: object, leaves: object, mode: str) -> tuple[float,
                                                                                      int]:
    from puzzlefmt.cgp.movegen import generate

    total = 0.0
    moves = 0
    best_only = mode == "best"
    for position in positions:
        t = time.process_time()
        found = generate(position, lexicon, leaves, best_only=best_only)  # type: ignore[arg-type]
        total += time.process_time() - t
        moves += len(found)
    return total, moves


def same_moves_in_magpie(binary: Path, magpie: Path, lexicon: object) -> bool:
    """MAGPIE loads puzzlefmt's KWG (saved as NWLWEB2.kwg) and lists the same moves, scores
    and equities on every vector position as with its own KWG."""
    once = magpie / "positions-once.txt"
    once.write_text("\n".join(
        line.split("\t")[1] for line in (VECTORS / "positions.txt").read_text(
            encoding="utf-8").splitlines() if line and not line.startswith("#")) + "\n",
        encoding="utf-8")
    target = magpie / "data" / "lexica" / "NWLWEB2.kwg"
    own = target.read_bytes()

    def listing() -> list[str]:
        out = subprocess.run([str(binary), "./data", str(once), "dump", "1"], check=True,
                             cwd=magpie, capture_output=True, text=True).stdout
        return sorted(out.splitlines()[:-1])

    theirs = listing()
    try:
        lexicon.save(target)  # type: ignore[attr-defined]
        ours = listing()
    finally:
        target.write_bytes(own)
    return bool(theirs) and theirs == ours


def converter_cpu(magpie: Path) -> float:
    """CPU seconds of MAGPIE's ``convert text2kwg`` (a child process's own rusage)."""
    target = magpie / "data" / "lexica" / "NWLWEB2.kwg"
    target.unlink(missing_ok=True)
    proc = subprocess.Popen([str(magpie / "bin" / "magpie"), "convert", "text2kwg", "NWLWEB2",
                             "english"], cwd=magpie, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit("MAGPIE's converter failed")
    return usage.ru_utime + usage.ru_stime


def builder_cpu(magpie: Path, out: Path) -> float:
    """CPU seconds of ``puzzlefmt lexicon build`` of the same word list (a child process's
    own rusage; this checkout's package)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.Popen([sys.executable, "-m", "puzzlefmt", "lexicon", "build",
                             str(magpie / "data" / "lexica" / "NWLWEB2.txt"), "-o",
                             str(out)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit("puzzlefmt lexicon build failed")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--magpie", type=Path, default=Path("/work/scratch/magpie"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3,
                    help="passes over the 328 positions in a round")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    from puzzlefmt.cgp import Position
    from puzzlefmt.cgp.lexicon import Leaves, Lexicon

    magpie = args.magpie.resolve()
    magpie_data(magpie)
    binary = build_driver(magpie)
    cgps = [line.split("\t")[1] for line in (VECTORS / "positions.txt").read_text(
        encoding="utf-8").splitlines() if line and not line.startswith("#")]
    listing = magpie / "positions-bench.txt"
    listing.write_text("\n".join(cgps * args.repeat) + "\n", encoding="utf-8")
    positions = [Position(c) for c in cgps] * args.repeat

    with gzip.open(VECTORS / "words-web2.txt.gz", "rt", encoding="utf-8") as f:
        words = f.read().split()
    lexicon = Lexicon.build(words, name="NWLWEB2")
    leaves = Leaves.load(VECTORS / "leaves-synthetic.klv2")
    magpie_kwg = Lexicon.load(magpie / "data" / "lexica" / "NWLWEB2.kwg")
    from puzzlefmt.cgp._kernels import kwg

    same_words = magpie_kwg.words() == words == lexicon.words()
    ga, gb = kwg.list_words(magpie_kwg.nodes, 1), kwg.list_words(lexicon.nodes, 1)
    same_gaddag = bool(np.array_equal(ga[0], gb[0]) and np.array_equal(ga[1], gb[1]))
    print(f"KWG word sets: puzzlefmt == MAGPIE == list: {same_words}; GADDAG strings equal: "
          f"{same_gaddag}; nodes: puzzlefmt {lexicon.nodes.shape[0]}, MAGPIE "
          f"{magpie_kwg.nodes.shape[0]}")
    print(f"MAGPIE's moves with puzzlefmt's KWG equal its moves with its own KWG: "
          f"{same_moves_in_magpie(binary, magpie, lexicon)}")
    # warm: the kernels loaded, each position's board read (MAGPIE's CGP loading is not
    # timed either), the output buffers grown to the largest position
    ours_round(positions, lexicon, leaves, "all")
    ours_round(positions, lexicon, leaves, "best")

    results: dict[str, list[float]] = {}
    counts: dict[str, int] = {}
    for _ in range(args.rounds):
        for mode in ("all", "best"):
            m_cpu, m_moves = magpie_round(binary, magpie, listing, mode)
            o_cpu, o_moves = ours_round(positions, lexicon, leaves, mode)
            results.setdefault(f"magpie {mode}", []).append(len(positions) / m_cpu)
            results.setdefault(f"puzzlefmt {mode}", []).append(len(positions) / o_cpu)
            counts[f"magpie {mode}"] = m_moves
            counts[f"puzzlefmt {mode}"] = o_moves
        m_conv = converter_cpu(magpie)
        built = magpie / "puzzlefmt-kwg" / "NWLWEB2.kwg"
        built.parent.mkdir(exist_ok=True)
        o_conv = builder_cpu(magpie, built)
        if built.read_bytes() != lexicon.to_bytes():
            raise SystemExit("puzzlefmt lexicon build wrote another KWG than Lexicon.build")
        results.setdefault("magpie kwg", []).append(m_conv)
        results.setdefault("puzzlefmt kwg", []).append(o_conv)

    print(f"load average {os.getloadavg()}; {len(positions)} positions a round, "
          f"{args.rounds} rounds, alternating; medians")
    print("| what | MAGPIE | puzzlefmt | puzzlefmt / MAGPIE |")
    print("|---|---|---|---|")
    for mode in ("all", "best"):
        m = statistics.median(results[f"magpie {mode}"])
        o = statistics.median(results[f"puzzlefmt {mode}"])
        print(f"| {mode} moves, positions per CPU second | {m:,.0f} | {o:,.0f} | "
              f"{o / m:.2f} |")
        print(f"| {mode}: moves found a round | {counts[f'magpie {mode}']:,} | "
              f"{counts[f'puzzlefmt {mode}']:,} | |")
    m = statistics.median(results["magpie kwg"])
    o = statistics.median(results["puzzlefmt kwg"])
    print(f"| KWG of web2, CPU seconds (whole commands) | {m:.2f} | {o:.2f} | {o / m:.2f} |")
    print("KWG ratios a round: " + ", ".join(
        f"{b / a:.2f}" for a, b in zip(results["magpie kwg"], results["puzzlefmt kwg"],
                                       strict=True)))


if __name__ == "__main__":
    main()
