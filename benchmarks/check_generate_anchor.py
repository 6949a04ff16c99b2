"""Seeds nobody has seen: ``puzzlefmt generate`` against Simon Tatham's own Keen and Solo.

    python benchmarks/check_generate_anchor.py [--keen /usr/games/sgt-keen]
        [--solo /usr/games/sgt-solo] [--seeds 3] [--master check] [--write-keen FILE]
        [--write-solo FILE]

For every Keen size (3 to 9), difficulty (e, n, h, x, u) and with and without ``m``, and for
Solo's 3x3 with every symmetry and difficulty, it draws ``--seeds`` fresh seeds (the game's
way, from ``--master``: :func:`puzzlefmt.sgt.random.game_seeds`, skipping the master itself),
asks the real program for the game ID of ``PARAMS#SEED`` (``sgt-keen --generate 1
PARAMS#SEED``: the Debian package ``sgt-puzzles`` 20230122, or any build of the collection's
GTK front end) and compares it with puzzlefmt's, byte for byte (Keen's made as ``puzzlefmt
generate keen`` makes them: :func:`puzzlefmt.keen.seed.make_many`, the kernel that makes
a batch of seeds, and :func:`puzzlefmt.keen.seed.lines`, the kernel that draws the seeds and
writes the command's lines; both must agree). It prints the count of seeds
that agree per game and every disagreement; ``--write-*`` writes ``seed ID<TAB>game ID`` lines
(the real program's) for the tests' data.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from puzzlefmt.keen.generator import game_id
from puzzlefmt.keen.seed import lines, make_many
from puzzlefmt.sgt.random import game_seeds
from puzzlefmt.sudoku.family import GENERATE_SOLO


def _real(program: str, seed_id: str) -> str:
    done = subprocess.run([program, "--generate", "1", seed_id], capture_output=True,
                          text=True, check=True, timeout=600)
    return done.stdout.strip()


def _check(program: str, ids: list[str], ours: Callable[[str, str], str],
           write: str | None) -> int:
    bad = 0
    lines = []
    for seed_id in ids:
        params, seed = seed_id.split("#", 1)
        theirs = _real(program, seed_id)
        mine = ours(params, seed)
        lines.append(f"{seed_id}\t{theirs}")
        if mine != theirs:
            bad += 1
            print(f"DIFFER {seed_id}: real {theirs} / puzzlefmt {mine}", flush=True)
        else:
            print(f"same {seed_id}", flush=True)
    print(f"{program}: {len(ids) - bad} of {len(ids)} seed IDs agree")
    if write:
        Path(write).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return bad


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keen", default=shutil.which("sgt-keen") or "/usr/games/sgt-keen")
    parser.add_argument("--solo", default=shutil.which("sgt-solo") or "/usr/games/sgt-solo")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--master", default="check")
    parser.add_argument("--write-keen")
    parser.add_argument("--write-solo")
    args = parser.parse_args(argv)
    stream = game_seeds(args.master)
    next(stream)  # the master itself: only drawn seeds here
    keen_ids = [f"{size}d{level}{m}#{next(stream)}"
                for size in range(3, 10) for level in "enhxu" for m in ("", "m")
                for _ in range(args.seeds)]
    solo_ids = [f"3x3{sym}d{level}#{next(stream)}"
                for sym in ("a", "r2", "r4", "m2", "md2", "m4", "md4", "m8")
                for level in "tbiae" for _ in range(args.seeds)]

    def solo(params: str, seed: str) -> str:
        grid = GENERATE_SOLO.make(seed, params=params)
        return GENERATE_SOLO.line(grid, grid)

    def keen(params: str, seed: str) -> str:
        made = game_id(make_many([seed], params)[0])
        written = lines(1, seed, False, params)  # the master seed's own puzzle first
        line = "".join(written).rstrip("\n") if written is not None else None
        return made if line == made else f"{made} (the command's lines: {line})"

    bad = _check(args.keen, keen_ids, keen, args.write_keen)
    bad += _check(args.solo, solo_ids, solo, args.write_solo)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
