"""Issue 20, "rough edges a new user hit": each test failed on 0.2."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

import sgt_loader
from puzzlefmt.cli import main

from strategies.sgt import savable_puzzles

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."

# ---------------------------------------------------------------------- --version


def test_version_is_printed_on_stdout_with_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    """0.2 printed it on stderr (argparse's exit message)."""
    import puzzlefmt

    assert main(["--version"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(f"puzzlefmt {puzzlefmt.__version__}\n")
    assert "ahead-of-time kernels:" in captured.out
    assert captured.err == ""


# ---------------------------------------------------------------------- counts in words


def test_counted_says_one_thing_in_the_singular() -> None:
    from puzzlefmt._words import counted

    assert counted(1, "record") == "1 record"
    assert counted(0, "record") == "0 records"
    assert counted(2, "partition") == "2 partitions"
    assert counted(1, "match", "matches") == "1 match"
    assert counted(3, "match", "matches") == "3 matches"


def test_a_one_record_summary_is_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "one.txt"
    src.write_text(PUZZLE + "\n")
    assert main(["convert", str(src), "--to", "sdm", "-o", str(tmp_path / "o.sdm")]) == 0
    err = capsys.readouterr().err
    assert "1 record in: 1 converted, 0 rejected" in err
    assert "records/s" in err  # a rate's unit stays as it is
    assert "1 records" not in err


def test_one_duplicate_dropped_is_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "twice.txt"
    src.write_text(PUZZLE + "\n" + PUZZLE + "\n")
    for extra in ([], ["--object-path"]):
        assert main(["canon", str(src), "--unique", "-o", str(tmp_path / "u.txt"), *extra]) == 0
        err = capsys.readouterr().err
        assert "1 unique, 1 duplicate dropped" in err, extra
        assert "(1 duplicate)" in err, extra  # the summary's kinds too
        assert "1 duplicates" not in err, extra


def test_the_cluster_summary_counts_in_words() -> None:
    # one Summary for the local run and the cluster: the count of partitions says which
    from puzzlefmt.batch import Summary

    one = Summary(records_in=1, written=1, parts=1)
    assert one.line("solved") == "1 record in: 1 solved, 0 rejected (1 partition)"
    many = Summary(records_in=2, written=2, parts=3, kinds={"duplicates": 1})
    assert many.line("solved") == (
        "2 records in: 2 solved (1 duplicate), 0 rejected (3 partitions)"
    )


def test_a_cluster_counts_its_partitions_as_the_local_run_counts_its_chunks() -> None:
    from puzzlefmt.batch import Summary

    first = Summary(records_in=3, written=2, rejected=1, flagged=1, kinds={"unique": 2},
                    seconds=0.5)
    second = Summary(records_in=2, written=2, warned=1, kinds={"unique": 1, "multiple": 1})
    total = Summary()
    total.add(first)
    total.add(second)
    assert (total.records_in, total.written, total.rejected, total.flagged, total.warned,
            total.parts) == (5, 4, 1, 1, 1, 2)
    assert total.kinds == {"unique": 3, "multiple": 1}
    assert total.records_in == total.written + total.rejected
    assert total.line("solved") == (
        "5 records in: 4 solved (3 unique, 1 multiple, 1 with losses), 1 rejected "
        "(2 partitions)"
    )
    assert first.line("solved").endswith("1 rejected (0.50 s, 6 records/s)")


# ---------------------------------------------------------------------- Game.position

GAME = """#player1 alice Alice
#player2 bob Bob
>alice: AEINQST 8G QAT +24 24
>bob: EGLNORT H7 O.T +3 3
>alice: EINST?? -  +0 24
"""


def test_a_position_past_the_end_of_a_game_raises_index_error() -> None:
    """0.2: position(99) of a 3-event game gave the last position."""
    from puzzlefmt.cgp import Game

    g = Game(GAME)
    assert len(g.events) == 3
    for n in (4, 99):
        with pytest.raises(
            IndexError,
            match=r"positions are 0 \(the start\) to 3 \(after its last event\), or -4 to -1",
        ):
            g.position(n)
        with pytest.raises(IndexError):
            g.scores_after(n)
        with pytest.raises(IndexError):
            g.racks_after(n)
        with pytest.raises(IndexError):
            g.player_on_turn(n)


def test_negative_event_counts_count_from_the_end_as_python_indexes() -> None:
    """The positions are a sequence of len(events) + 1 (the start, then one per event):
    -1 is the last, -(len + 1) the start, below that IndexError."""
    from puzzlefmt.cgp import Game

    g = Game(GAME)
    every = [g.position(n) for n in range(4)]
    assert [g.position(n - 4) for n in range(4)] == every
    assert g.position(-1) == every[3] == g.position(3)
    assert g.scores_after(-1) == g.final_scores() == [24, 3]
    assert g.scores_after(-3) == g.scores_after(1) == [24, 0]
    assert g.racks_after(-4) == g.racks_after(0)
    assert g.player_on_turn(-2) == g.player_on_turn(2) == 0
    with pytest.raises(IndexError, match="-5"):
        g.position(-5)


# ---------------------------------------------------------------------- convert --at


def _game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.gcg"
    path.write_text(GAME)
    return path


def test_convert_at_writes_the_position_after_n_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.2: convert game.gcg --to cgp said "pick one with --at N", and convert had no --at."""
    from puzzlefmt.cgp import Game

    src = _game_file(tmp_path)
    g = Game(GAME)
    for n in (0, 1, 3):
        out = tmp_path / f"at{n}.cgp"
        assert main(["convert", str(src), "--to", "cgp", "--at", str(n), "-o", str(out)]) == 0
        assert out.read_text() == g.position(n).cgp() + "\n"
        assert "1 record in: 1 converted, 0 rejected" in capsys.readouterr().err
    assert main(["convert", str(src), "--to", "cgp-list", "--at", "2"]) == 0
    assert capsys.readouterr().out == g.position(2).cgp() + "\n"
    # without --at, the message names the option that now exists
    assert main(["convert", str(src), "--to", "cgp"]) == 2
    assert "pick one with --at N" in capsys.readouterr().err


def test_convert_at_past_the_end_says_how_many_events_there_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _game_file(tmp_path)
    out = tmp_path / "o.cgp"
    assert main(["convert", str(src), "--to", "cgp", "--at", "4", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "record 1, line 1: --at 4: the game has 3 events (0 to 3)" in err
    assert "1 record in: 0 converted, 1 rejected" in err
    assert "Traceback" not in err
    assert out.read_text() == ""  # nothing written for the rejected record
    assert main(["convert", str(src), "--to", "cgp", "--at", "-1"]) == 2
    assert "--at must be 0 or more, found -1" in capsys.readouterr().err


def test_convert_at_of_something_that_is_not_a_game_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "p.txt"
    src.write_text(PUZZLE + "\n")
    assert main(["convert", str(src), "--to", "sdk", "--at", "1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert "--at 1: line records are not game records" in err[0]


def test_show_render_and_convert_share_one_at_option() -> None:
    from puzzlefmt.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    found = {}
    for name in ("show", "render", "convert"):
        action = next(a for a in sub.choices[name]._actions if a.dest == "at")  # type: ignore[attr-defined]
        found[name] = (action.metavar, action.default, action.help)
    assert {m for m, _, _ in found.values()} == {"N"}
    assert {d for _, d, _ in found.values()} == {None}
    assert all("position after its first N events" in h for _, _, h in found.values())


# ---------------------------------------------------------------------- Keen save round trip

KEEN = "3:a_a3_a_,a3m6m3s1"


@settings(max_examples=60)
@given(savable_puzzles())
def test_a_keen_puzzle_without_state_survives_a_save_file(puzzle: object) -> None:
    """0.2: the state came back as an empty PlayerState and the difficulty as Normal, though
    docs/sgt.md promises an equal model. The game loads what is written."""
    import puzzlefmt

    text = puzzlefmt.dumps(puzzle, "keen-save")
    assert sgt_loader.load(text, "Keen") is None
    assert puzzlefmt.loads(text, "keen-save") == puzzle


def test_no_difficulty_and_no_state_as_a_save_file_says() -> None:
    import puzzlefmt
    from puzzlefmt.keen import Difficulty, Puzzle
    from puzzlefmt.keen.state import PlayerState
    from puzzlefmt.sgt import savefile as sgtsave

    p = Puzzle(KEEN)
    save = sgtsave.parse(puzzlefmt.dumps(p, "keen-save"))
    assert (save.get("PARAMS"), save.get("CPARAMS")) == ("3", "3")  # the game reads Normal
    back = puzzlefmt.loads(save.text(), "keen-save")
    assert (back.difficulty, back.state) == (None, None)
    assert back == p
    # a difficulty and a state, even an empty one, come back as they were
    for q in (
        p.replace(difficulty=Difficulty.NORMAL),
        p.replace(state=PlayerState.empty(3)),
        p.replace(difficulty="h", state=PlayerState.empty(3).enter(0, 0, 2)),
    ):
        assert puzzlefmt.loads(puzzlefmt.dumps(q, "keen-save"), "keen-save") == q


def test_a_seed_puzzle_expands_to_its_description_form_and_saves() -> None:
    """0.2: dumps(seed_puzzle, "keen-save") said "expand it first", and nothing expanded."""
    import puzzlefmt
    from puzzlefmt.keen import Puzzle

    seed = Puzzle("6dh#12345")
    with pytest.raises(ValueError, match=r"puzzle\.expand\(\)"):
        puzzlefmt.dumps(seed, "keen-save")
    plain = seed.expand()
    assert (plain.seed, plain.is_seed) == (None, False)
    assert (plain.size, plain.cages, plain.difficulty) == (seed.size, seed.cages, seed.difficulty)
    assert plain.game_id().startswith("6dh:")
    assert Puzzle(plain.game_id()) == plain
    assert seed.replace(solution=seed.solve().solution.solution).expand().solution is not None
    assert puzzlefmt.loads(puzzlefmt.dumps(plain, "keen-save"), "keen-save") == plain
    assert plain.expand() == plain  # a description ID is already expanded
    with pytest.raises(ValueError, match="3 to 9"):  # no cages: nothing to expand to
        Puzzle("12#abc").expand()


# ---------------------------------------------------------------------- candidate grids

PM_GRID = Path(__file__).resolve().parent.parent / "examples/sudoku/seed-candidates-print.txt"


def test_canon_takes_a_candidate_grid_that_solve_and_validate_take(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.2: a pasted PM grid has no givens (its solved cells are placed digits): solve and
    validate took it, canon refused it. Its form is now that of its placed digits: the
    puzzle the solver starts from and the line writer writes."""
    import puzzlefmt
    from puzzlefmt.sudoku import Grid
    from puzzlefmt.sudoku.canon import canonical

    grid = puzzlefmt.load(PM_GRID)
    assert not any(grid.givens)
    assert any(grid.placed)
    assert grid.candidates is not None
    as_line = puzzlefmt.loads(puzzlefmt.dumps(grid, "line"), "line")
    for convention in ("string", "pattern"):
        form = canonical(grid, convention)
        assert form == canonical(Grid(givens=grid.placed), convention)
        assert form == canonical(as_line, convention)
    for command in ("solve", "validate", "canon"):
        assert main([command, str(PM_GRID), "-o", str(tmp_path / "out.txt")]) == 0, command
    assert (tmp_path / "out.txt").read_text() == canonical(grid) + "\n"
    assert "1 record in: 1 canonicalised, 0 rejected" in capsys.readouterr().err


def test_converting_a_candidate_grid_to_a_line_says_what_is_lost_and_what_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.2 warned "line cannot hold its candidates, placed: dropped" and wrote the placed
    digits: they are not dropped, they are written as givens."""
    import puzzlefmt

    grid = puzzlefmt.load(PM_GRID)
    out = tmp_path / "o.txt"
    assert main(["convert", str(PM_GRID), "--to", "line", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert (
        "warning: line cannot hold its candidates: dropped; it writes its placed digits as givens"
    ) in err
    assert "placed: dropped" not in err
    assert out.read_text().strip() == puzzlefmt.dumps(grid, "line").strip()
    assert puzzlefmt.loads(out.read_text(), "line").givens == grid.placed
    assert main(["convert", str(PM_GRID), "--to", "line", "--strict", "-o", str(out)]) == 2
    assert (
        "line cannot hold its candidates, and writes its placed digits as givens (--strict)"
    ) in capsys.readouterr().err


def test_the_loss_check_names_placed_digits_written_as_givens() -> None:
    from puzzlefmt import registry
    from puzzlefmt.jobs import lost
    from puzzlefmt.losses import dropped, rewritten
    from puzzlefmt.sudoku import Grid

    line = registry.get_format("line")
    placed = Grid(placed=Grid(PUZZLE).givens)  # placed digits only
    assert dropped(placed, line) == []
    assert rewritten(placed, line) == {"placed": "givens"}
    assert lost(placed, line) == ["placed (written as givens)"]
    both = Grid(givens=Grid(PUZZLE).givens, placed=[0] * 80 + [0])
    assert rewritten(both, line) == {}  # nothing placed
    solved = Grid(PUZZLE).solve().solution
    assert solved is not None
    assert any(solved.placed)
    assert any(solved.givens)
    assert dropped(solved, line) == ["placed"]  # givens written, placed digits left out
    assert rewritten(solved, line, {"values": True}) == {"placed": "givens"}
    assert dropped(solved, line, {"values": True}) == []


# ---------------------------------------------------------------------- examples/


def test_survey_of_the_examples_covers_every_kind_a_user_pastes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """0.2: examples/ had no GCG record, no save file, no Solo ID, no sudokuwiki string and
    no SudokuPad link, so the README's main job never showed them."""
    import json

    examples = Path(__file__).resolve().parent.parent / "examples"
    assert main(["survey", str(examples), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    formats = {row["format"] for row in rows}
    kinds = {
        "gcg": {"gcg"},
        "keen-save": {"keen-save"},
        "solo-save": {"solo-save"},
        "solo id": {"solo"},
        "sudokuwiki": {"sudokuwiki", "sudokuwiki-link"},
        "sudokupad": {"sudokupad-link"},
    }
    for kind, names in kinds.items():
        found = [row for row in rows if row["format"] in names]
        assert found, f"no example of {kind} (formats surveyed: {sorted(formats)})"
        for row in found:
            assert row["records"] == row["read"] == row["valid"] == row["round_trip"] >= 1
            assert row["rejected"] == 0
            assert row["error"] == ""
            assert row["unique"] in (None, row["valid"])
    assert not any(row["file"].endswith(".md") for row in rows)  # examples/README.md


# ---------------------------------------------------------------------- docs

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_names_what_the_web_extra_installs() -> None:
    """0.2's README said the web extra was Starlette and uvicorn; it installs FastAPI."""
    import re
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [
        re.split(r"[<>=!~\[ ;]", req, maxsplit=1)[0]
        for req in project["optional-dependencies"]["web"]
    ]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"`web` \(([^)]*)\)", readme)
    assert said is not None
    for name in names:
        assert name.lower() in said.group(1).lower(), (name, said.group(1))
    assert "starlette" not in said.group(1).lower()


def test_docs_sgt_says_solo_seed_ids_are_expanded_and_shows_it() -> None:
    """0.2's docs/sgt.md said a Solo seed ID is not expanded ("only the game can expand
    it", "Grid("3x3#...") does not call it yet"): it is."""
    import doctest

    import puzzlefmt
    from puzzlefmt.sudoku import Grid

    text = (ROOT / "docs" / "sgt.md").read_text(encoding="utf-8")
    assert "only the game can expand it" not in text
    assert "does not call it yet" not in text
    assert "only the game's generator can expand it" not in text
    test = doctest.DocTestParser().get_doctest(text, {}, "docs/sgt.md", "docs/sgt.md", 0)
    assert any("3x3di#12345" in ex.source for ex in test.examples)
    assert Grid("3x3di#12345") == puzzlefmt.loads("3x3di#12345")  # what the page says
