"""``puzzlefmt generate`` for the built-in families: Keen and Solo byte for byte as the games
make them, classic Sudoku reproducible from the seed (one process, --jobs, --cluster), and one
clear error for options no puzzle meets."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from puzzlefmt.cli import main
from puzzlefmt.keen import generate as keen_generate
from puzzlefmt.keen.generator import game_id
from puzzlefmt.sgt.random import game_seeds
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku import generator as sudoku_generator
from puzzlefmt.sudoku.canon import canonical
from puzzlefmt.sudoku.solver import count_solutions
from puzzlefmt.web import service

HERE = Path(__file__).resolve().parent


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, errs = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(errs):
        code = main(argv)
    return code, out.getvalue(), errs.getvalue()


def _tsv(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def test_keen_gives_the_game_id_keen_c_gives_for_the_seed() -> None:
    rows = _tsv(HERE / "keen" / "data" / "keen_c_seed_ids.tsv")
    for seed_id, _, expected in rows[::7]:
        params, seed = seed_id.split("#", 1)
        code, out, _ = _run(["generate", "keen", params, "--seed", seed, "-q"])
        assert code == 0
        assert out == expected + "\n"


def test_keen_many_with_their_seeds() -> None:
    code, out, errs = _run(["generate", "keen", "5dh", "-n", "3", "--seed", "42",
                            "--with-seed"])
    assert code == 0
    stream = game_seeds("42")
    want = []
    for _ in range(3):
        seed = next(stream)
        want.append(f"{game_id(keen_generate('5dh', seed))}\t5dh#{seed}")
    assert out.splitlines() == want
    assert "3 records in: 3 generated" in errs
    code, out, _ = _run(["generate", "keen", "4dn", "-q", "--json"])
    data = json.loads(out)
    assert data["seed_id"] == f"4dn#{data['seed']}"
    assert game_id(keen_generate("4dn", data["seed"])) == data["game_id"] == data["text"]


def test_solo_gives_the_game_id_solo_c_gives_for_the_seed() -> None:
    rows = _tsv(HERE / "sudoku" / "data" / "solo_c_seed_ids.tsv")
    done = 0
    for seed_id, _, expected in rows:
        params, seed = seed_id.split("#", 1)
        if not params.startswith("3x3") or "x" in params[3:] or "j" in params:
            continue
        code, out, _ = _run(["generate", "solo", params, "--seed", seed, "-q"])
        assert (code, out) == (0, expected + "\n"), seed_id
        done += 1
    assert done >= 20


def test_sudoku_is_the_same_for_the_same_seed_locally_with_jobs_and_on_a_cluster(
        tmp_path: Path) -> None:
    args = ["generate", "sudoku", "-n", "150", "--seed", "book", "--symmetry", "rot180",
            "--clues", "22-28", "--minimal", "-q"]
    code, first, _ = _run(args)
    assert code == 0
    assert _run(args)[1] == first
    assert _run([*args, "--jobs", "2"])[1] == first
    assert _run([*args, "--cluster", "local:2"])[1] == first
    lines = first.splitlines()
    assert len(lines) == 150
    for line in lines[:20]:
        grid = Grid(line)
        assert count_solutions(grid, 2) == 1
        assert 22 <= grid.clue_count <= 28
    assert _run([*args[:-1], "-n", "1", "--seed", "other", "-q"])[1] != lines[0] + "\n"


def test_sudoku_unique_canon_drops_equivalent_puzzles() -> None:
    code, out, errs = _run(["generate", "sudoku", "-n", "40", "--seed", "u", "--unique-canon",
                            "--clues", "30-30"])
    assert code == 0
    forms = [canonical(Grid(line)) for line in out.splitlines()]
    assert len(forms) == 40
    assert len(set(forms)) == 40
    assert "40 records in: 40 generated (0 duplicates dropped), 0 rejected" in errs


def test_sudoku_writes_any_sudoku_format() -> None:
    code, out, _ = _run(["generate", "sudoku", "-n", "2", "--seed", "f", "--to", "sdm", "-q"])
    assert code == 0
    plain = _run(["generate", "sudoku", "-n", "2", "--seed", "f", "-q"])[1].splitlines()
    assert [Grid(line) for line in out.splitlines()] == [Grid(line) for line in plain]
    code, _, errs = _run(["generate", "sudoku", "--to", "keen"])
    assert code == 2
    assert "--to keen is a keen format; sudoku puzzles are sudoku" in errs


def _one_error(argv: list[str], message: str) -> None:
    code, out, errs = _run(argv)
    assert (code, out) == (2, ""), errs
    assert errs.count("\n") == 1, errs
    assert message in errs
    assert "Traceback" not in errs


def test_bad_parameters_give_one_clear_error() -> None:
    _one_error(["generate", "keen", "12"], "expected a grid size from 3 to 9")
    _one_error(["generate", "keen", "6dq"], "difficulty")
    _one_error(["generate", "solo", "2x3"], "found 2x3 boxes")
    _one_error(["generate", "sudoku", "--symmetry", "spiral"], "invalid choice: 'spiral'")
    _one_error(["generate", "sudoku", "--clues", "30-20"], "the clue range 30-20 is empty")
    # a window above what the rater can tell (ER 8.9 since rows 23-25; 6-8 was above 7.4)
    _one_error(["generate", "sudoku", "--rating", "8-9.5"], "Sudoku Explainer rater")
    _one_error(["generate", "keen", "6", "--symmetry", "rot90"],
               "keen generation has no --symmetry option")
    _one_error(["generate", "sudoku", "-q", "-n", "3", "--symmetry", "rot90", "--clues",
                "17-18", "--minimal", "--timeout", "0.5"],
               "no minimal puzzle with rot90 symmetry and 17-18 clues found in 0.5 s")


def test_a_clue_count_the_symmetry_cannot_give_is_refused_at_once() -> None:
    # rot90 patterns have 4k or 4k+1 clues: none has 18 or 19, or 30 or 31
    _one_error(["generate", "sudoku", "--symmetry", "rot90", "--clues", "18-19"],
               "no clue pattern with rot90 symmetry has 18-19 clues")
    _one_error(["generate", "sudoku", "--symmetry", "rot90", "--clues", "30-31", "--minimal"],
               "no clue pattern with rot90 symmetry has 30-31 clues")
    code, out, _ = _run(["generate", "sudoku", "-q", "--symmetry", "rot90", "--clues",
                         "30-32", "--seed", "r"])
    assert code == 0
    assert Grid(out.strip()).clue_count == 32


def test_without_timeout_an_unreachable_range_ends_at_the_default_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sudoku_generator, "DEFAULT_TIMEOUT", 0.5)
    _one_error(["generate", "sudoku", "-q", "-n", "2", "--symmetry", "rot90", "--clues",
                "17-18", "--minimal"],
               "no minimal puzzle with rot90 symmetry and 17-18 clues found in 0.5 s (the "
               "default bound: --timeout SECONDS sets another)")


def test_the_page_makes_a_new_puzzle_of_each_family() -> None:
    makes = [g["makes"] for g in service.capabilities()["generators"]]
    assert set(makes) == {"sudoku", "solo", "keen"}
    made = service.generate("keen", seed="pzf-keen-4e-0", options={"params": "4de"})
    assert made["text"] == "4:aa_7acaa_a_,m8s2a8d2s1a5m4"
    assert made["seed_id"] == "4de#pzf-keen-4e-0"
    assert service.read(made["text"])["family"] == "keen"
    sudoku = service.generate("sudoku", options={"symmetry": "mirror"})
    assert count_solutions(Grid(sudoku["text"]), 2) == 1
    with pytest.raises(service.ServiceError, match="no Sudoku with one solution has 5-6"):
        service.generate("sudoku", options={"clues": "5-6"})
