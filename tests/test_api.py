"""The top-level API: load and dump by path and extension, the registry of formats, and a
one-record format given a list."""

from __future__ import annotations

from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt.sudoku import Grid

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."


def test_load_dump_paths_and_extensions(tmp_path: Path) -> None:
    grid = Grid.from_line(PUZZLE)
    target = tmp_path / "p.sdk"
    puzzlefmt.dump(grid, target)
    assert target.read_text().startswith(".234..8..")
    assert puzzlefmt.load(target) == grid
    ss = tmp_path / "p.ss"
    puzzlefmt.dump(grid, ss)
    assert puzzlefmt.detect(ss.read_text())[0].format == "ss"


def test_registry_lists_formats_with_extensions() -> None:
    names = {f.name: f for f in puzzlefmt.formats()}
    for name in ("line", "sdk", "ss", "spf", "msk", "sol", "sdm", "txt"):
        assert names[name].family == "sudoku"
    assert puzzlefmt.get_format(".sdk").name == "sdk"
    assert puzzlefmt.get_format("SDM").name == "sdm"
    with pytest.raises(KeyError, match="unknown format"):
        puzzlefmt.get_format("nope")


def test_a_list_to_a_one_record_format_says_so() -> None:
    grid = Grid(PUZZLE)
    with pytest.raises(TypeError, match="line writes one Grid, not a list of 2"):
        puzzlefmt.dumps([grid, grid], "line")
    assert puzzlefmt.dumps([grid, grid], "txt").count("\n") == 2
