"""Options checked by their declaration: ``--option`` values, ``formats --json``, the bound
of ``render --size``, the one ``--at`` of show, render and convert."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlefmt.cli import build_parser, main

from helpers import ROOT

COLLECTION = ROOT / "examples" / "sudoku" / "seed-collection.sdm"
_EXAMPLES = ROOT / "examples"


def test_options_are_parsed_by_their_declaration(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    assert main(["convert", str(COLLECTION), "--to", "line", "--option", "blank=0", "-o",
                 str(out), "-q"]) == 0
    lines = out.read_text().splitlines()
    assert len([ln for ln in lines if not ln.startswith("#")]) == 8
    assert all(len(ln) == 81 and "." not in ln for ln in lines if not ln.startswith("#"))
    # a collection target refuses an option it does not declare (0.1 dropped it silently)
    assert main(["convert", str(COLLECTION), "--to", "txt", "--option", "nonsense=1"]) == 2
    assert "txt has no option 'nonsense'" in capsys.readouterr().err
    assert main(["convert", str(COLLECTION), "--to", "line", "--option", "blank=²"]) == 2
    assert "blank" in capsys.readouterr().err
    assert main(["formats", "--options", "sdk"]) == 0
    assert "writer option counts=" in capsys.readouterr().out


def test_formats_json_lists_no_dash_extension(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["formats", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows
    assert all("-" not in row["extensions"] for row in rows)


def test_render_refuses_a_size_past_its_bound(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """0.1: --size 100000 ended in a CairoError (exit 3); 20000 took 30 s and 1.6 GB."""
    src = _EXAMPLES / "sudoku" / "seed-puzzle.ss"
    assert main(["render", str(src), "--size", "100000", "-o", str(tmp_path / "x.svg")]) == 2
    assert "--size must be at most 8000, found 100000" in capsys.readouterr().err
    assert not (tmp_path / "x.svg").exists()


def test_show_render_and_convert_share_one_at_option() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    found = {}
    for name in ("show", "render", "convert"):
        action = next(a for a in sub.choices[name]._actions if a.dest == "at")  # type: ignore[attr-defined]
        found[name] = (action.metavar, action.default, action.help)
    assert {m for m, _, _ in found.values()} == {"N"}
    assert {d for _, d, _ in found.values()} == {None}
    assert all("position after its first N events" in h for _, _, h in found.values())
