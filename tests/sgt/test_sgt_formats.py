"""The FORMAT objects keen-save, solo-save and solo on the core protocol: detection among every
registered format (with reasons), declared options, loads/dumps."""

from __future__ import annotations

import pytest

from puzzlefmt import registry
from puzzlefmt.detection import rank
from puzzlefmt.errors import OptionError, PuzzleFormatError
from puzzlefmt.format import Format
from puzzlefmt.keen import Puzzle
from puzzlefmt.keen.formats import keen_save
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.formats import solo, solo_save
from puzzlefmt.textio import decode
from sgt_script import rows

from helpers import shared_path

NEW: tuple[Format, ...] = (keen_save.FORMAT, solo_save.FORMAT, solo.FORMAT)


def _all() -> list[Format]:
    return [f for f in registry.formats() if f.name not in {n.name for n in NEW}] + list(NEW)


def test_the_formats_are_declared() -> None:
    assert [(f.name, f.family, f.extensions, f.priority) for f in NEW] == [
        ("keen-save", "keen", ("sav",), 60),
        ("solo-save", "sudoku", ("sav",), 66),  # after the sudokuwiki and web formats (60-64)
        ("solo", "sudoku", (), 65),
    ]
    assert keen_save.FORMAT.model is Puzzle
    assert solo_save.FORMAT.model is Grid
    assert solo.FORMAT.model is Grid
    assert [o.name for o in keen_save.FORMAT.write_options] == ["history"]
    assert [o.name for o in solo_save.FORMAT.write_options] == ["history"]


def test_every_save_file_is_detected_as_its_game() -> None:
    for game, fmt in (("keen", "keen-save"), ("solo", "solo-save")):
        for path in sorted(shared_path("vectors", "sgt", game, "saves").glob("*.sav")):
            text = path.read_text(encoding="ascii")
            for filename in (None, path.name):
                ranked = rank(_all(), text, filename=filename)
                assert ranked[0].format == fmt, (path.name, ranked[:3])
                assert "save file of" in ranked[0].reason
                if len(ranked) > 1:  # the other game's reader, far behind
                    assert ranked[1].score < 0.3


def test_every_solo_id_is_detected_as_solo() -> None:
    ids = [row[1] for row in rows(("vectors", "sgt", "solo", "solo_ids.tsv"))]
    ids += [row[2] for row in rows(("vectors", "sgt", "solo", "tdoku17_as_solo_ids.tsv"))]
    for game_id in ids:
        ranked = rank(_all(), game_id + "\n")
        assert ranked[0].format == "solo", (game_id, ranked[:3])
        assert "Solo game ID" in ranked[0].reason


def test_the_new_sniffers_leave_every_other_vector_alone() -> None:
    root = shared_path("vectors")
    checked = 0
    for folder in ("sudoku", "keen", "cgp", "gcg"):
        for path in sorted((root / folder).rglob("*")):
            if not path.is_file() or path.stat().st_size > 2_000_000:
                continue
            text = decode(path.read_bytes())
            for fmt in NEW:
                assert fmt.sniff(text) is None, (fmt.name, path)
            checked += 1
    assert checked > 100


def test_loads_and_dumps_with_declared_options() -> None:
    path = shared_path("vectors", "sgt", "solo", "saves", "solo-3x3db-6-undo-history.sav")
    text = path.read_text()
    grid = solo_save.FORMAT.loads(text)
    assert solo_save.FORMAT.dumps(grid) == text
    fresh = solo_save.FORMAT.dumps(grid, history=False)
    assert "NSTATES :1:" in fresh
    assert fresh != text
    with pytest.raises(OptionError, match="history"):
        solo_save.FORMAT.dumps(grid, history="no")
    with pytest.raises(OptionError, match="no writer option 'lines'"):
        solo_save.FORMAT.dumps(grid, lines=3)
    assert solo.FORMAT.dumps(grid) == solo.write(grid)
    keen = shared_path("vectors", "sgt", "keen", "saves", "keen-5de-0-undo-redo.sav").read_text()
    puzzle = keen_save.FORMAT.loads(keen)
    assert isinstance(puzzle, Puzzle)
    assert keen_save.FORMAT.dumps(puzzle) == keen
    assert puzzle.contents() >= {"givens", "state"}
    assert puzzle.contents() <= keen_save.FORMAT.holds


def test_a_net_save_is_refused_by_both_readers_with_its_name() -> None:
    keen = shared_path("vectors", "sgt", "keen", "saves", "keen-5de-0-undo-redo.sav").read_text()
    net = keen.replace("GAME    :4:Keen", "GAME    :3:Net")
    ranked = rank(_all(), net)
    assert {c.format for c in ranked} == {"keen-save", "solo-save"}
    for fmt in (keen_save.FORMAT, solo_save.FORMAT):
        with pytest.raises(PuzzleFormatError, match="this is a save file of Net, not"):
            fmt.loads(net)
