"""survey of a folder: a named pipe in it skipped, not waited on; the bundled examples cover
every kind of record a user pastes."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from puzzlefmt.cli import main

from helpers import ROOT


def test_survey_skips_a_named_pipe_in_the_folder(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """0.1 blocked for ever opening it."""
    src = ROOT / "examples" / "sudoku" / "seed-collection.sdm"
    (tmp_path / "seed-collection.sdm").write_bytes(src.read_bytes())
    os.mkfifo(tmp_path / "a-pipe")
    done: list[int] = []
    worker = threading.Thread(target=lambda: done.append(main(["survey", str(tmp_path),
                                                               "--json"])), daemon=True)
    worker.start()
    worker.join(60)
    if worker.is_alive():  # unblock it before failing
        with open(tmp_path / "a-pipe", "w"):
            pass
        pytest.fail("survey blocked on the named pipe")
    assert done == [0]
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [Path(r["file"]).name for r in rows] == ["seed-collection.sdm"]


def test_survey_of_the_examples_covers_every_kind_a_user_pastes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """0.2: examples/ had no GCG record, no save file, no Solo ID, no sudokuwiki string and
    no SudokuPad link, so the README's main job never showed them."""
    examples = ROOT / "examples"
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
