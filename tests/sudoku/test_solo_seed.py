"""Solo random-seed IDs expanded as Simon Tatham's Solo expands them (solo_seed)."""

from __future__ import annotations

import doctest
import warnings
from pathlib import Path

import pytest

import puzzlefmt
from puzzlefmt import _aot, _jit
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.formats import solo
from puzzlefmt.sudoku.solo_seed import SoloParams, expand, expand_seed, parse_params

from helpers import shared_path

HERE = Path(__file__).resolve().parent


def _tsv(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def _split(seed_id: str) -> tuple[str, str]:
    params, seed = seed_id.split("#", 1)
    return params, seed


def _unsupported(params: str) -> bool:
    return "k" in params


def test_every_solo_id_seed_expands_to_its_game_id() -> None:
    rows = _tsv(shared_path("vectors", "sgt", "solo", "solo_ids.tsv"))
    assert len(rows) == 43
    done = 0
    for seed_id, game_id, _, solution in rows:
        params, seed = _split(seed_id)
        if _unsupported(params):
            with pytest.raises(PuzzleFormatError, match="killer"):
                expand_seed(params, seed)
            continue
        assert expand_seed(params, seed) == game_id, seed_id
        _, _, grid, _ = expand(params, seed)
        shown = "".join(map(str, grid)) if max(grid) < 10 else ",".join(map(str, grid))
        assert shown == solution, seed_id
        done += 1
    assert done == 42  # all but the one killer seed


# Seeds of solo_ids.tsv quick as plain Python (under a second each): every kind of grid the
# expander makes (9x9 at four levels up to Extreme, 3x4 boxes, X, jigsaw).
PLAIN_SEEDS = ("3x3#pzf-solo-3x3dt-1", "3x3db#pzf-solo-3x3db-4", "3x3di#pzf-solo-3x3di-0",
               "3x3de#pzf-solo-3x3de-4", "3x4#pzf-solo-3x4-0", "3x3xdi#pzf-solo-3x3xdi-1",
               "9jdi#pzf-solo-9jdi-1")


def test_the_kernels_as_plain_python_make_the_compiled_puzzles(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver kernel reads clue digits from a uint8 grid: as plain Python (the
    plain-Python tier, ``NUMBA_DISABLE_JIT``) its cube index (cell * 9 + digit) must not
    overflow numpy's uint8 arithmetic (it raised OverflowError on every 9x9 seed)."""
    monkeypatch.setattr(_jit, "_compiled", False)  # a process where nothing is compiled yet
    monkeypatch.setattr(_jit, "_spent", 0.0)
    # and no ahead-of-time extension in use (with one, the tier runs it, not plain Python)
    monkeypatch.setattr(_aot, "in_use", lambda: False)
    want = {s: g for s, g, _, _ in _tsv(shared_path("vectors", "sgt", "solo", "solo_ids.tsv"))}
    plain: dict[str, tuple[SoloParams, list[int], list[int], list[int]]] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nor a numpy overflow warning
        with _jit.allowed(), _jit.tier(1):
            assert _jit.interpreted()  # the kernels run as plain Python in here
            for seed_id in PLAIN_SEEDS:
                plain[seed_id] = expand(*_split(seed_id))
    for seed_id in PLAIN_SEEDS:
        assert plain[seed_id] == expand(*_split(seed_id)), seed_id  # compiled
        assert expand_seed(*_split(seed_id)) == want[seed_id]


def test_every_seed_of_the_solo_saves_expands_to_its_game_id() -> None:
    rows = [r for r in _tsv(shared_path("vectors", "sgt", "solo", "solo_saves.tsv"))
            if r[2] != "-"]
    assert len(rows) == 4
    for row in rows:
        assert expand_seed(*_split(row[2])) == row[1], row[2]


@pytest.mark.parametrize("row", _tsv(HERE / "data" / "solo_c_seed_ids.tsv"),
                         ids=lambda row: row[0])
def test_solo_c_made_these_from_their_seeds(row: list[str]) -> None:
    given, reported, game_id = row
    assert expand_seed(*_split(given)) == game_id
    assert expand_seed(*_split(reported)) == game_id


def test_parameters() -> None:
    assert parse_params("3x3") == SoloParams(3, 3, False, "r2", 0)
    assert parse_params("3") == SoloParams(3, 3, False, "r2", 0)
    assert parse_params("2x3md4dex") == SoloParams(2, 3, True, "md4", 4)
    assert parse_params("3x4adu").short() == "3x4"
    assert parse_params("3x3xdi").short() == "3x3x"
    assert parse_params("3x3j") == SoloParams(9, 1, False, "r2", 0)
    assert parse_params("9jx").short() == "9jx"
    assert parse_params("3x1").jigsaw


def test_jigsaw_regions_come_with_the_puzzle() -> None:
    p, clues, solution, regions = expand("6j", "puzzlefmt")
    assert p.jigsaw
    assert sorted(regions) == [r for r in range(6) for _ in range(6)]
    for r in range(6):
        assert sorted(solution[i] for i in range(36) if regions[i] == r) == [1, 2, 3, 4, 5, 6]
    assert all(c in (0, s) for c, s in zip(clues, solution, strict=True))


@pytest.mark.parametrize(
    ("params", "column", "message"),
    [
        ("", 1, "expected Solo parameters"),
        ("x3", 1, "box size"),
        ("3x3dq", 5, "difficulty letter"),
        ("3x3d", 5, "difficulty letter"),
        ("3x3m3", 4, "symmetry"),
        ("3x3!", 4, "found '!'"),
        ("3x3kdi", 4, "killer"),
        ("1x3", 1, "Both dimensions must be at least 2"),
        ("3x0", 1, "Both dimensions must be at least 2"),
        ("8x4", 1, "31 distinct symbols"),
        ("32j", 1, "31 distinct symbols"),
        ("3x1x", 1, "X-type puzzle dimensions must be larger than 3"),
    ],
)
def test_bad_parameters_raise_the_library_error(params: str, column: int,
                                                message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        expand_seed(params, "1")
    assert info.value.format == "solo"
    assert info.value.column == column
    assert message in str(info.value)


def test_bad_seed_text() -> None:
    with pytest.raises(PuzzleFormatError, match="seed text on one line"):
        expand_seed("3x3", "a\nb")


def test_module_doctest() -> None:
    from puzzlefmt.sudoku import solo_seed

    assert doctest.testmod(solo_seed).attempted > 0
    assert doctest.testmod(solo_seed).failed == 0


def test_the_solo_format_reads_a_seed_id_as_the_game_makes_it() -> None:
    """``loads("3x3#seed")``, ``Grid("3x3#seed")`` and detection: the expanded puzzle, with
    the seed ID kept in meta; what the model cannot hold is said before the generator runs."""
    rows = _tsv(shared_path("vectors", "sgt", "solo", "solo_ids.tsv"))
    nine = [(s, g) for s, g, _, _ in rows if g.startswith("3x3:") and not _unsupported(s)]
    assert nine
    for seed_id, game_id in nine:
        grid = puzzlefmt.loads(seed_id)
        assert grid.meta["solo-seed"] == seed_id
        grid = grid.replace(meta={k: v for k, v in grid.meta.items() if k != "solo-seed"})
        assert grid == solo.read(game_id)
        assert puzzlefmt.dumps(grid, "solo") == puzzlefmt.dumps(solo.read(game_id), "solo")
        assert Grid(seed_id).givens == grid.givens
    for seed_id, words in (("4x4#1", "16x16"), ("9j#1", "jigsaw"), ("3x3x#1", "X rule"),
                           ("3x3k#1", "killer")):
        with pytest.raises(PuzzleFormatError, match=words):
            puzzlefmt.loads(seed_id, "solo")
