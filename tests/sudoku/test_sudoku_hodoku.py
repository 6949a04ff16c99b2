"""Every form HoDoKu writes (its copy modes and its saves) and the forms Sudoku Explainer
pastes, read back with nothing lost (issue 16).

The texts are written at test time by :mod:`strategies.hodoku_texts` from HoDoKu's grammar,
for 512 states made from the shared data's puzzles (givens, placed digits, struck-out
candidates, a step's marks and text; LF and CRLF; ``.`` and ``0`` blanks). Each text must be
detected as its format, read as the state it stands for, and written back as HoDoKu wrote it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

import puzzlefmt
from puzzlefmt.collection import Collection
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.sudoku import Grid
from puzzlefmt.textio import decode

from helpers import shared_path
from strategies import hodoku_texts as H

N_STATES = 512
LIB_STEP = ("0100", "2", "", "682", "")


@cache
def _states() -> list[H.State]:
    path = shared_path("data", "sudoku", "hodoku_py_testdata", "top1465.sdm")
    lines = [ln for ln in decode(path.read_bytes()).splitlines() if len(ln) >= 81]
    rng = random.Random(16)
    out = []
    for line in rng.sample(lines, N_STATES):
        puzzle = line[:81]
        result = Grid(puzzle).solve(limit=1)
        assert result.solution is not None
        solution = "".join(map(str, result.solution.values))
        out.append(H.make_state(puzzle, solution, rng))
    return out


def _one(value: object) -> Grid:
    if isinstance(value, Collection):
        assert len(value) == 1
        value = value[0]
    assert isinstance(value, Grid)
    return value


def _pm_expected(s: H.State, *, with_step: bool = False) -> Grid:
    masks = s.masks()
    meta = {}
    if with_step:
        if s.marks:
            meta["marks"] = H.marks_meta(s)
        meta["step"] = "\n".join(s.step)
    return Grid(placed=H.pm_placed(masks), candidates=masks, meta=meta)


def _deleted(s: H.State) -> list[int] | None:
    deleted = s.deleted()
    return deleted if any(deleted) else None


def _library_expected(s: H.State, step: tuple[str, ...] | None) -> Grid:
    technique, digits, elims, placements, extra = step or ("0000", "x", "", "", None)
    meta = {"technique": technique, "candidates": digits, "eliminations": elims,
            "placements": placements}
    if extra is not None:
        meta["extra"] = extra
    return Grid(givens=s.givens, placed=s.placed, eliminated=_deleted(s), meta=meta)


# Each mode: the text HoDoKu writes, the format it must be detected as, the grid it must read
# as, the writer's options that write it back, and whether HoDoKu ends it with a line ending.
Mode = tuple[Callable[[H.State], str], str, Callable[[H.State], Grid],
             Callable[[H.State], dict[str, object]] | None, bool]
MODES: dict[str, Mode] = {
    "CLUES_ONLY": (H.clues_only, "line", lambda s: Grid(givens=s.givens),
                   lambda s: {"blank": s.blank}, False),
    "VALUES_ONLY": (H.values_only, "line", lambda s: Grid(givens=s.values),
                    lambda s: {"blank": s.blank}, False),
    "CLUES_ONLY_FORMATTED": (lambda s: H.formatted(s, values=False), "hodoku-grid",
                             lambda s: Grid(givens=s.givens),
                             lambda s: {"blank": s.blank, "newline": _nl(s)}, True),
    "VALUES_ONLY_FORMATTED": (lambda s: H.formatted(s, values=True), "hodoku-grid",
                              lambda s: Grid(givens=s.values),
                              lambda s: {"blank": s.blank, "newline": _nl(s)}, True),
    "PM_GRID": (H.pm_grid, "pm-grid", _pm_expected,
                lambda s: {"style": "hodoku", "newline": _nl(s)}, True),
    "PM_GRID_WITH_STEP": (lambda s: H.pm_grid(s, with_step=True), "pm-grid",
                          lambda s: _pm_expected(s, with_step=True),
                          lambda s: {"style": "hodoku", "newline": _nl(s)}, False),
    "LIBRARY": (H.library, "hodoku-lib", lambda s: _library_expected(s, None),
                lambda s: {"blank": s.blank}, False),
    "LIBRARY with a step": (lambda s: H.library(s, LIB_STEP), "hodoku-lib",
                            lambda s: _library_expected(s, LIB_STEP),
                            lambda s: {"blank": s.blank}, False),
    ".txt save (PM grid plus givens)": (
        H.txt_save, "hodoku-txt",
        lambda s: Grid(givens=s.givens, placed=s.placed, candidates=s.masks()),
        lambda s: {"blank": s.blank, "newline": _nl(s)}, True),
    ".ss save": (H.ss_save, "ss",
                 lambda s: Grid(givens=s.givens, placed=s.placed, eliminated=_deleted(s)),
                 lambda s: {"indent": 1, "newline": _nl(s)}, True),
    # Written back as .ss records (this three-grid form has no writer): the state is kept.
    "Simple Sudoku clipboard": (
        H.ss_clipboard, "ss",
        lambda s: Grid(givens=s.givens, placed=s.placed, candidates=s.masks()), None, True),
}


def _pm_read(s: H.State) -> Grid:
    """The state's PM grid, read as one (a PM grid of one digit a cell is detected as the
    formatted values grid it is, character for character)."""
    return _one(puzzlefmt.loads(H.pm_grid(s), "pm-grid"))


def _singles_as_givens(s: H.State) -> Grid:
    return Grid(givens=[m.bit_length() for m in s.masks()])


def _nl(s: H.State) -> str:
    return "crlf" if s.newline == "\r\n" else "lf"


def _state_of(grid: Grid) -> tuple[list[int], list[int]]:
    """What a game state is, whatever the format holds it as: the digits and every cell's
    candidates."""
    return grid.values, grid.candidate_masks()


@pytest.mark.parametrize("mode", sorted(MODES))
def test_hodoku_mode_is_detected_read_and_written_back(mode: str) -> None:
    detected = read = written = 0
    for s in _states():
        make, name, expected, options, ends = MODES[mode]
        plain = mode == "PM_GRID" or not (s.marks or s.step)
        if plain and mode.startswith("PM") and all(bin(m).count("1") == 1 for m in s.masks()):
            # A PM grid of one digit a cell (and no step) is a formatted values grid,
            # character for character: read as HoDoKu reads it, givens.
            name, _, options, ends = MODES["VALUES_ONLY_FORMATTED"][1:]
            expected = _singles_as_givens
        text = make(s)
        ranked = puzzlefmt.detect(text)
        assert ranked, (mode, text)
        assert ranked[0].format == name, (mode, text, ranked[:2])
        detected += 1
        grid = _one(puzzlefmt.loads(text))
        assert grid == expected(s), (mode, text)
        read += 1
        if options is None:
            back = _one(puzzlefmt.loads(puzzlefmt.dumps(grid, name)))
            assert _state_of(back) == _state_of(grid), (mode, text)
        else:
            out = puzzlefmt.dumps(grid, name, **options(s))
            want = text if ends else text + ("\r\n" if name == "hodoku-lib" else
                                             s.newline if name == "pm-grid" else "\n")
            if name == "ss":  # HoDoKu leaves an empty line after a grid with no record
                out, want = out.rstrip("\r\n"), want.rstrip("\r\n")
            assert out == want, (mode, text)
        written += 1
    assert (detected, read, written) == (N_STATES,) * 3


def test_states_cover_what_the_issue_names() -> None:
    """Lower bounds on what the 512 states hold (counted on the seeded states)."""
    states = _states()
    assert {s.newline for s in states} == {"\r\n", "\n"}
    assert {s.blank for s in states} == {".", "0"}
    assert sum(1 for s in states if all(s.values)) >= 50  # solved
    assert sum(1 for s in states if any(s.placed)) >= 300
    assert sum(1 for s in states if any(s.deleted())) >= 250
    naked = 0
    for s in states:
        masks = s.masks()
        placed = H.pm_placed(masks)
        naked += any(bin(m).count("1") == 1 and not v and not p
                     for m, v, p in zip(masks, s.values, placed, strict=True))
    assert naked >= 200  # naked singles that a PM grid must keep as candidates
    assert sum(1 for s in states if any(bin(m).count("1") > 1 for m in s.masks())) >= 250
    assert sum(1 for s in states if any(m for m, _ in s.marks.values())) >= 300
    assert sum(1 for s in states if any(d for _, d in s.marks.values())) >= 150
    assert sum(1 for s in states if len(s.step) > 1) >= 50


# ------------------------------------------------------------------- conversion chains

CANDIDATE_FORMATS = ("pm-grid", "pm-print", "candidates", "sukaku", "txt", "hodoku-txt", "ss",
                     "hodoku-lib")


@pytest.mark.parametrize("target", CANDIDATE_FORMATS)
def test_chains_from_a_pm_grid_keep_the_state(target: str) -> None:
    """HoDoKu PM grid -> puzzlefmt -> any format that holds candidates (each in its own way)
    -> back: the same candidates, and the same digits where the target holds placed digits
    (a Sukaku line holds them as one-candidate cells)."""
    for s in _states()[:128]:
        grid = _pm_read(s)
        back = _one(puzzlefmt.loads(puzzlefmt.dumps([grid], target), target))
        assert back.candidate_masks() == grid.candidate_masks() == s.masks(), target
        if target not in ("sukaku", "txt"):
            assert back.values == grid.values == H.pm_placed(s.masks()), target


@pytest.mark.parametrize(("source", "target"),
                         [(a, b) for a in CANDIDATE_FORMATS for b in CANDIDATE_FORMATS])
def test_every_chain_between_candidate_formats_keeps_the_candidates(source: str,
                                                                     target: str) -> None:
    for s in _states()[:24]:
        grid = _pm_read(s)
        first = _one(puzzlefmt.loads(puzzlefmt.dumps([grid], source), source))
        back = _one(puzzlefmt.loads(puzzlefmt.dumps([first], target), target))
        assert back.candidate_masks() == s.masks(), (source, target)


def test_chain_to_line_keeps_the_digits() -> None:
    for s in _states()[:64]:
        grid = _pm_read(s)
        line = puzzlefmt.dumps(grid, "line")
        assert line == "".join(str(v) if v else "." for v in H.pm_placed(s.masks())) + "\n"
        lib = puzzlefmt.dumps([grid], "hodoku-lib")
        assert lib != ":::" + "." * 81 + ":::\r\n"


def test_a_cell_marked_2467_reads_back_as_2467() -> None:
    masks = Grid("." * 81).candidate_masks()
    masks[0] = 0b1101010  # 2467
    grid = Grid(candidates=masks)
    for target in ("hodoku-lib", "ss"):
        back = _one(puzzlefmt.loads(puzzlefmt.dumps([grid], target), target))
        assert back.candidate_masks()[0] == 0b1101010, target
    lib = puzzlefmt.dumps([grid], "hodoku-lib")
    assert ":111 311 511 811 911:" in lib


def test_ss_writes_one_e_record_a_candidate_as_hodoku_reads_them() -> None:
    eliminated = [0] * 81
    eliminated[24] = 0b110000000 | 0b1000  # 4, 8, 9
    text = puzzlefmt.dumps(Grid(eliminated=eliminated), "ss")
    records = [ln for ln in text.splitlines() if ln.startswith("E")]
    assert records == ["E24004", "E24008", "E24009"]
    # HoDoKu reads only the first three digits after the cell: each record must hold one.
    assert all(len(r) == 6 for r in records)
    assert "*-" not in text.split("E24004")[1]  # no candidate grid after the records


# ------------------------------------------------------------------- candidate grids of singles


@pytest.mark.parametrize("sep", ["space", "tab"])
def test_81_one_digit_groups_are_a_candidate_grid(sep: str) -> None:
    for s in _states():
        if not all(s.values):
            continue
        text = ("\t" if sep == "tab" else " ").join(map(str, s.values))
        assert puzzlefmt.detect(text)[0].format == "candidates"
        grid = _one(puzzlefmt.loads(text))
        assert grid.placed == s.values
        assert not any(grid.givens)


@pytest.mark.parametrize("options", [{}, {"sep": "tab"}, {"rows": True}])
def test_candidates_output_round_trips_on_every_state(options: dict[str, object]) -> None:
    for s in _states():
        grid = _pm_read(s)
        text = puzzlefmt.dumps(grid, "candidates", **options)
        assert puzzlefmt.detect(text)[0].format == "candidates", text
        assert _one(puzzlefmt.loads(text)) == grid


def test_issue_18_singles_stay_apart_from_givens() -> None:
    """Sudoku Explainer's issue 18 grid: a one-candidate cell whose digit no peer has is
    placed, never a given; one whose digit a peer still has stays a candidate."""
    path = shared_path("vectors", "sudoku", "sukaku_explainer",
                       "issue18_sukaku_pm_grid_no_givens.txt")
    grid = _one(puzzlefmt.loads(decode(path.read_bytes())))
    assert not any(grid.givens)
    assert grid.placed[0] == 9  # r1c1: 9, no peer has 9
    path = shared_path("vectors", "sudoku", "sudocue_sudopedia",
                       "simplesudoku_print_candidates.txt")
    grid = _one(puzzlefmt.loads(decode(path.read_bytes())))
    r8c2 = 7 * 9 + 1
    assert grid.placed[r8c2] == 0
    assert grid.candidates is not None
    assert grid.candidates[r8c2] == 1  # the naked single 1 stays a candidate


def test_hodoku_pm_grid_to_hodoku_lib_keeps_the_digits_and_marks() -> None:
    """The issue's reproducer: a PM grid converted to a library line was ':::<81 dots>:::'."""
    s = next(s for s in _states()
             if any(s.placed) and any(bin(m).count("1") > 1 for m in s.masks()))
    lib = puzzlefmt.dumps([_pm_read(s)], "hodoku-lib")
    cells = lib.split(":")[3]
    assert cells.count("+") == sum(1 for v in H.pm_placed(s.masks()) if v)
    back = _one(puzzlefmt.loads(lib))
    assert back.candidate_masks() == s.masks()


def test_step_text_with_crlf_inside_an_lf_grid_is_read() -> None:
    """HoDoKu joins a step's lines with CRLF whatever the system's line ending."""
    s = next(s for s in _states() if len(s.step) > 1 and s.newline == "\n")
    text = H.pm_grid(s, with_step=True)
    text = text[: text.rindex(s.step[0])] + "\r\n".join(s.step)
    grid = _one(puzzlefmt.loads(text))
    assert grid.meta["step"] == "\n".join(s.step)


# ------------------------------------------------------------------- gsf q2 lines


def test_gsf_q2_lines_are_detected_and_read() -> None:
    line = ("99480,99408,114,1895,100000002090400050006000700050903000000070000000850040700000"
            "600030009080002000001,Easter-Monster,20.00s,0,C21.m/F350642.604765/N984167.2160032"
            "/B207128.704971.243458.236078/P9.16.467645.2.20.1697341.25.5.2.445049253/M3.566.938"
            ",C21.m/F10.28/N8.25/B3.10.10/H2.4.2/W1.1.1/X1.8/Y1.13/K1.8.18.0.0.0.6.2/O3.3/G4.0.1"
            "/M1.4.29")
    assert puzzlefmt.detect(line)[0].format == "gsf-q2"
    grid = _one(puzzlefmt.loads(line))
    assert grid.line(blank="0") == line.split(",")[4]
    assert grid.meta["column6"] == "Easter-Monster"
    assert puzzlefmt.dumps([grid], "gsf-q2") == line + "\n"
    coll = puzzlefmt.loads("# q2\n" + line + "\n" + line + "\n")
    assert isinstance(coll, Collection)
    assert len(coll) == 2
    with pytest.raises(PuzzleFormatError, match="at least 7 comma-separated fields"):
        puzzlefmt.loads("1,2,3\n", "gsf-q2")


# ------------------------------------------------------------------- mixed blanks


def test_lines_mixing_0_and_dot_blanks_are_read() -> None:
    for s in _states()[:64]:
        text = "".join(str(g) if g else ".0"[i % 2] for i, g in enumerate(s.givens))
        assert puzzlefmt.detect(text)[0].format == "line"
        assert _one(puzzlefmt.loads(text)).givens == s.givens
    with pytest.raises(PuzzleFormatError, match="second blank"):
        Grid.from_line("0." + "X" * 79)


def test_the_fast_path_leaves_mixed_blank_lines_to_the_object_path() -> None:
    from puzzlefmt.sudoku.columnar import parse_lines

    s = _states()[0]
    mixed = "".join(str(g) if g else ".0"[i % 2] for i, g in enumerate(s.givens))
    plain = "".join(str(g) if g else "." for g in s.givens)
    assert parse_lines([mixed, plain]).ok.tolist() == [False, True]


# ------------------------------------------------------------------- errors


def _txt_save_parts() -> tuple[H.State, str]:
    s = next(s for s in _states() if any(s.placed) and not all(s.values))
    return s, H.txt_save(s)


def test_hodoku_txt_errors_say_which_grid_disagrees() -> None:
    s, text = _txt_save_parts()
    nl = s.newline
    first, second, third = text.split(nl * 3)
    i = next(i for i, g in enumerate(s.givens) if g)
    other = (s.givens[i] % 9) + 1
    cells = [str(v) if v else s.blank for v in s.values]
    cells[i] = str(other)
    bad_values = nl.join(H.grid_lines(cells)) + nl
    with pytest.raises(PuzzleFormatError) as err:
        puzzlefmt.loads(first + nl * 2 + bad_values + nl * 2 + third, "hodoku-txt")
    assert f"the values grid has {other} where the givens have {s.givens[i]}" in str(err.value)
    with pytest.raises(PuzzleFormatError, match=r"three grids .* found 2"):
        puzzlefmt.loads(first + nl * 2 + second, "hodoku-txt")
    j = next(j for j, v in enumerate(s.values) if v)
    bad = H.State(s.givens, s.placed, list(s.candidates), newline=nl, blank=s.blank)
    bad.placed = [0 if k == j and not s.givens[k] else p for k, p in enumerate(s.placed)]
    bad.givens = [0 if k == j else g for k, g in enumerate(s.givens)]
    bad.candidates[j] = 0b11 if s.values[j] > 2 else 0b1100
    pm = H.pm_grid(bad)
    with pytest.raises(PuzzleFormatError) as err:
        puzzlefmt.loads(first + nl * 2 + second + nl * 2 + pm, "hodoku-txt")
    assert f"where the values have {s.values[j]}" in str(err.value)


@pytest.mark.parametrize(("fmt", "text", "words"), [
    ("hodoku-grid", ".---------.---------.---------.\n| .  .  3 | .  2  . | 6  . |\n",
     "expected 9 cells in a row, found 8"),
    ("pm-grid", "\n".join(["| 12 3 4 | 5 6 7 | 8 9 *x1 |"] * 9), "candidate digits 1-9"),
    ("pm-grid", "\n".join(["| 12 3 4 | 5 6 7 | 8 9 **1 |"] * 9), "candidate digits 1-9"),
    ("pm-grid", "\n".join(["| 12 3 4 | 5 6 7 | 8 9 1 |"] * 9) + "\n1 2 3 4 5 6 7 8 9\n",
     "expected the end of the candidate grid, or the text of a step"),
    ("gsf-q2", "1,2,3,4," + "." * 80 + "?,a,b\n", "found '?'"),
])
def test_new_readers_say_what_is_wrong(fmt: str, text: str, words: str) -> None:
    with pytest.raises(PuzzleFormatError) as err:
        puzzlefmt.loads(text, fmt)
    assert words in str(err.value)
    assert str(err.value).startswith(fmt + ":")


def test_gsf_q2_error_column_counts_the_whole_line() -> None:
    with pytest.raises(PuzzleFormatError) as err:
        puzzlefmt.loads("1,2,3,4," + "." * 80 + "?,a,b\n", "gsf-q2")
    assert err.value.column == 8 + 81


def test_marks_that_are_not_marks_are_refused_by_the_writers() -> None:
    grid = Grid(candidates=[0x1FF] * 81, meta={"marks": "r1c1*-12 r9c10#"})
    for fmt in ("pm-grid", "candidates"):
        with pytest.raises(ValueError, match="cannot write the mark 'r9c10#'"):
            puzzlefmt.dumps(grid, fmt)
