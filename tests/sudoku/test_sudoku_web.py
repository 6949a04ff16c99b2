"""Web strings: sudokuwiki.org boards and links, f-puzzles links and payloads, SudokuPad links.

Table tests over ../shared/vectors/sudoku/web (every row reads to what the vector states and
writes back where it states a written form), lz-string against outputs of the JavaScript
library, hypothesis round trips, mutated inputs, error messages.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format
from puzzlefmt.sudoku.formats import _lzstring as lz
from puzzlefmt.sudoku.formats import fpuzzles, sudokupad, sudokuwiki
from puzzlefmt.sudoku.grid import Grid

from helpers import SHARED, examples, shared_path
from strategies import sudoku as S

WEB = SHARED / "vectors" / "sudoku" / "web"
WIKI = sudokuwiki.FORMAT
WIKI_LINK = sudokuwiki.LINK_FORMAT
FPZ = fpuzzles.FORMAT
FPZ_LINK = fpuzzles.LINK_FORMAT
PAD = sudokupad.FORMAT
OURS = (WIKI, WIKI_LINK, FPZ, FPZ_LINK, PAD)


def _rows(name: str) -> dict[str, list[str]]:
    path = WEB / name
    if not path.exists():
        return {}
    rows = {}
    for ln in path.read_text(encoding="utf-8").splitlines():
        if ln.startswith("#") or not ln.strip():
            continue
        cols = ln.split("\t")
        rows[cols[0]] = cols
    return rows


def _ids(name: str) -> list[str]:
    return sorted(_rows(name)) or ["(../shared absent)"]


def _row(name: str, key: str) -> list[str]:
    shared_path("vectors", "sudoku", "web", name)
    return _rows(name)[key]


def _line(values: list[int], blank: str = ".") -> str:
    return "".join(str(v) if v else blank for v in values)


def _digits(mask: int) -> str:
    return "".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)


# =========================================================================== sudokuwiki

# sudokuwiki.tsv columns: id, format, string, from_the_start, decoded_clues81,
# decoded_values81, decoded_cells, three checks, solution, source.


@pytest.mark.parametrize("key", _ids("sudokuwiki.tsv"))
def test_sudokuwiki_vector_reads_as_stated(key: str) -> None:
    row = _row("sudokuwiki.tsv", key)
    string, start, clues, values, cells, solution = (row[2], row[3], row[4], row[5], row[6],
                                                     row[10])
    x_variant = string.startswith("X9B")
    grid = WIKI.loads(string, unsupported="drop") if x_variant else WIKI.loads(string)
    assert _line(grid.givens) == clues
    assert _line([g or p for g, p in zip(grid.givens, grid.placed, strict=True)]) == values
    assert grid.candidates is not None
    shown = [str(g or p) if g or p else _digits(m)
             for g, p, m in zip(grid.givens, grid.placed, grid.candidates, strict=True)]
    assert ",".join(shown) == cells
    if start != "-":
        assert sudokuwiki.encode_board(grid, "plain") == start
        assert _line(WIKI.loads(start).givens) == clues
    if solution != "-":
        for i, p in enumerate(grid.placed):
            assert not p or str(p) == solution[i]


@pytest.mark.parametrize("key", _ids("sudokuwiki.tsv"))
def test_sudokuwiki_vector_writes_back(key: str) -> None:
    row = _row("sudokuwiki.tsv", key)
    string = row[2]
    if string.startswith("X9B"):
        grid = WIKI.loads(string, unsupported="drop")
        # Sudoku X was dropped: the grid writes back as the classic string of the same cells.
        assert WIKI.dumps(grid) == "S9B" + string[3:] + "\n"
        return
    grid = WIKI.loads(string)
    form = "v1" if len(string) == 162 else "packed"
    assert WIKI.dumps(grid, form=form) == string + "\n"
    link = WIKI_LINK.dumps(grid, form=form)
    assert link == sudokuwiki.SOLVER + string + "\n"
    assert WIKI_LINK.loads(link) == grid


@pytest.mark.parametrize("key", _ids("sudokuwiki.tsv"))
def test_sudokuwiki_vector_detected(key: str) -> None:
    row = _row("sudokuwiki.tsv", key)
    string = row[2]
    found = WIKI.sniff(string)
    assert found is not None
    assert found.score >= 0.9, found
    link = WIKI_LINK.sniff(sudokuwiki.SOLVER + string)
    assert link is not None
    assert link.score >= 0.99
    for other in (FPZ, FPZ_LINK, PAD):
        assert other.sniff(string) is None


def test_sudokuwiki_x_is_refused_by_name() -> None:
    row = _row("sudokuwiki.tsv", "swiki-16")
    with pytest.raises(PuzzleFormatError, match="Sudoku X") as err:
        WIKI.loads(row[2])
    assert err.value.line == 1
    assert err.value.column == 1
    grid = WIKI.loads(row[2], unsupported="drop")
    assert "Sudoku X" in grid.meta["dropped"]
    with pytest.raises(PuzzleFormatError, match="Sudoku X solver"):
        WIKI_LINK.loads("https://www.sudokuwiki.org/SudokuX.aspx?bd=" + row[2])


def test_sudokuwiki_jigsaw_link_is_refused_by_name() -> None:
    row = _row("sudokuwiki.tsv", "swiki-17")
    jigmap = row[1].split("jigmap=")[1].rstrip(")")
    link = f"https://www.sudokuwiki.org/jigsaw.aspx?shape=33&bd={row[2]}&jigmap={jigmap}"
    with pytest.raises(PuzzleFormatError, match="jigsaw regions"):
        WIKI_LINK.loads(link)
    grid = WIKI_LINK.loads(link, unsupported="drop")
    assert grid.meta["dropped"].startswith("jigsaw regions")
    assert _line(grid.givens) == row[4]


def test_sudokuwiki_plain_and_auto() -> None:
    text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    grid = WIKI.loads(text)
    assert grid.candidates is None
    assert grid.meta == {}
    assert WIKI.dumps(grid) == text.replace(".", "0") + "\n"
    assert WIKI_LINK.dumps(grid) == sudokuwiki.SOLVER + text.replace(".", "0") + "\n"
    sniffed = WIKI.sniff(text)
    assert sniffed is not None
    assert sniffed.score < 0.9


# =========================================================================== f-puzzles

# sudokupad_fpuzzles.tsv columns: id, format, string, size, n_givens, givens, solution,
# agree, other decoded fields (JSON), decode method, source, note.

_SETTINGS = {"disabledlogic", "truecandidatesoptions", "highlightConflicts"}


def _payload_of(string: str) -> str:
    for prefix in ("https://f-puzzles.com/?load=", "fpuzzles"):
        string = string.removeprefix(prefix)
    return string


def _json_givens(data: dict[str, Any]) -> list[str]:
    """Given digits of f-puzzles JSON of any size, row-major, '' for none."""
    return [str(cell["value"]) if cell.get("given") and cell.get("value") else ""
            for row in data["grid"] for cell in row]


def _stated_givens(row: list[str]) -> list[str]:
    size = int(row[3])
    cells = row[5].split(",") if size > 9 else list(row[5])
    return ["" if c in (".", "_") else c for c in cells]


def _fpz_ids() -> list[str]:
    rows = _rows("sudokupad_fpuzzles.tsv")
    return sorted(k for k, r in rows.items() if r[1] in ("fpuzzles-lz", "fpuzzles-json")
                  and r[3]) or ["(../shared absent)"]


@pytest.mark.parametrize("key", _fpz_ids())
def test_fpuzzles_vector_decodes_as_stated(key: str) -> None:
    row = _row("sudokupad_fpuzzles.tsv", key)
    string = row[2]
    data = json.loads(string) if row[1] == "fpuzzles-json" else fpuzzles.decode_payload(
        _payload_of(string))
    assert data["size"] == int(row[3])
    givens = _json_givens(data)
    assert sum(1 for g in givens if g) == int(row[4])
    assert givens == _stated_givens(row)
    other = json.loads(row[8])
    for field in ("title", "author"):
        if field in other:
            assert data[field] == other[field]
    assert ("solution" in data) == other.get("has_solution", False)


@pytest.mark.parametrize("key", _fpz_ids())
def test_fpuzzles_vector_reads_classic_part_or_refuses_by_name(key: str) -> None:
    row = _row("sudokupad_fpuzzles.tsv", key)
    string, size = row[2], int(row[3])
    fmt = PAD if string.startswith("fpuzzles") else FPZ_LINK
    if size != 9:
        with pytest.raises(PuzzleFormatError, match=f"found size {size}"):
            fmt.loads(string, unsupported="drop")
        return
    constraints = [c for c in json.loads(row[8]).get("constraints", []) if c not in _SETTINGS]
    if constraints:
        with pytest.raises(PuzzleFormatError) as err:
            fmt.loads(string)
        for name in constraints:
            assert f"{name}:" in str(err.value) or f"{name} (" in str(err.value)
        grid = fmt.loads(string, unsupported="drop")
        for name in constraints:
            assert name in grid.meta["dropped"]
    else:
        grid = fmt.loads(string)
        assert "dropped" not in grid.meta
    assert [str(g) if g else "" for g in grid.givens] == _stated_givens(row)
    other = json.loads(row[8])
    for field in ("title", "author"):
        if field in other:
            assert grid.meta[field] == other[field]
    # Written back and read again: the same classic part (what was dropped stays dropped).
    again = FPZ_LINK.loads(FPZ_LINK.dumps(grid))
    grid = grid.replace(meta={k: v for k, v in grid.meta.items() if k != "dropped"})
    assert again == grid


@pytest.mark.parametrize("key", _fpz_ids())
def test_fpuzzles_vector_payload_recompresses_byte_for_byte(key: str) -> None:
    # lz-string here against the JavaScript that wrote every payload: compressing the
    # decompressed text gives the payload back, character for character.
    row = _row("sudokupad_fpuzzles.tsv", key)
    if row[1] != "fpuzzles-lz":
        return
    payload = _payload_of(row[2]).split('"')[0]  # two rows carry a copy artefact after it
    text = lz.decompress_from_base64(payload)
    assert lz.compress_to_base64(text) == payload


def test_fpuzzles_classic_vectors_write_back_byte_for_byte() -> None:
    for key in ("lisudoku-0", "sudokutools-runtests-46"):
        row = _row("sudokupad_fpuzzles.tsv", key)
        grid = FPZ_LINK.loads(row[2])
        payload = _payload_of(row[2])
        assert FPZ.dumps(grid) == payload + "\n"
        assert FPZ_LINK.dumps(grid) == fpuzzles.SITE + payload + "\n"
        assert PAD.dumps(grid) == sudokupad.APP + "fpuzzles" + payload + "\n"


def test_fpuzzles_invalid_vectors_raise() -> None:
    row = _row("sudokupad_fpuzzles.tsv", "lisudoku-invalid-1234")
    with pytest.raises(PuzzleFormatError, match="lz-string") as err:
        FPZ_LINK.loads(row[2])
    assert err.value.column == len("https://f-puzzles.com/?load=") + 1
    row = _row("sudokupad_fpuzzles.tsv", "lisudoku-invalid-x3")
    with pytest.raises(PuzzleFormatError, match="'size' key"):
        FPZ_LINK.loads(row[2])


@pytest.mark.parametrize("key", _ids("sudokupad_fpuzzles.tsv"))
def test_web_vector_detected(key: str) -> None:
    row = _row("sudokupad_fpuzzles.tsv", key)
    string = row[2]
    if row[1] == "error":
        return
    fmt = {"fpuzzles-json": FPZ, "sudokupad-classic": PAD, "sudokupad-scl": PAD}.get(row[1])
    if fmt is None:
        fmt = (FPZ_LINK if string.startswith("https://f-puzzles") else
               PAD if string.startswith("fpuzzles") else FPZ)
    if string == "classic_M":
        fmt = PAD
    found = fmt.sniff(string)
    assert found is not None, fmt.name
    assert found.score >= 0.9, (fmt.name, found)
    best = max(OURS, key=lambda f: (f.sniff(string) or _NONE).score)
    assert best is fmt
    assert WIKI.sniff(string) is None


class _None:
    score = 0.0


_NONE = _None()


# =========================================================================== SudokuPad


def test_sudokupad_classic_vectors() -> None:
    empty = _row("sudokupad_fpuzzles.tsv", "sudokutools-runtests-43")
    grid = PAD.loads(empty[2])
    assert grid.givens == [0] * 81
    assert empty[5] == "_" * 81
    # classic1 reads the intended 81 cells where SudokuPad's own guess (classic2) gives 64.
    row = _row("sudokupad_fpuzzles.tsv", "sudokutools-runtests-45")
    assert len(json.loads(row[8])["classic2"]) == 64
    grid = PAD.loads(row[2])
    assert _line(grid.givens, "_") == row[5]
    back = PAD.dumps(grid, form="classic")
    assert back.startswith(sudokupad.APP + "classic")
    assert PAD.loads(back) == grid
    bad = _row("sudokupad_fpuzzles.tsv", "sudokutools-runtests-44")
    assert len(bad[5]) == 89
    assert json.loads(bad[8])["classic2"] == "3004009001000001008030"
    with pytest.raises(PuzzleFormatError, match="89 cells as classic1 and 22 cells as "
                                                "classic2") as err:
        PAD.loads(bad[2])
    assert err.value.column == len("classic") + 1


def test_sudokupad_scl_vector_decodes_and_is_refused_for_its_size() -> None:
    row = _row("sudokupad_fpuzzles.tsv", "sakana-scl-4x4")
    data = sudokupad.ctc_from_payload(row[2].removeprefix("scl"))
    cells = data["cells"]
    assert len(cells) == int(row[3])
    assert all(len(r) == int(row[3]) for r in cells)
    assert not any(c.get("value") for r in cells for c in r)  # n_givens 0
    values = [c["value"] for c in data["cages"] if "value" in c]
    stated = json.loads(row[8])["meta"]
    assert values[:2] == stated[:2]
    assert f"solution: {row[6]}" in values
    assert stated[2].startswith(values[2][:60])
    with pytest.raises(PuzzleFormatError, match=r"a 9x9 puzzle.*found 4 rows"):
        PAD.loads(row[2], unsupported="drop")


def test_sudokupad_link_forms() -> None:
    row = _row("sudokupad_fpuzzles.tsv", "lisudoku-0")
    payload = _payload_of(row[2])
    want = FPZ_LINK.loads(row[2])
    for text in (
        "https://sudokupad.app/fpuzzles" + payload,
        "sudokupad.app/fpuz" + payload,
        "https://app.crackingthecryptic.com/sudoku/fpuzzles" + payload,
        "https://sudokupad.app/?puzzleid=fpuzzles" + payload.replace("=", "%3D"),
        "fpuzzles" + payload,
    ):
        assert PAD.loads(text) == want, text
        sniffed = PAD.sniff(text)
        assert sniffed is not None
        assert sniffed.score >= 0.95


def _ctc_payload(puzzle: dict[str, Any]) -> str:
    return "scl" + lz.compress_to_base64(json.dumps(puzzle))


def _boxes() -> list[list[list[int]]]:
    return [[[(b // 3) * 3 + k // 3, (b % 3) * 3 + k % 3] for k in range(9)] for b in range(9)]


def test_sudokupad_scl_classic_part() -> None:
    cells: list[list[dict[str, Any]]] = [[{} for _ in range(9)] for _ in range(9)]
    cells[0][0] = {"value": 5}
    cells[8][8] = {"value": "7"}
    cells[4][4] = {"centremarks": [1, 2]}
    puzzle = {"id": "x", "cellSize": 50, "cells": cells, "regions": _boxes()[::-1],
              "cages": [{"value": "title: T"}, {"value": "author: A"}],
              "lines": [], "arrows": [], "overlays": [], "underlays": []}
    grid = PAD.loads(_ctc_payload(puzzle))
    assert grid.givens[0] == 5
    assert grid.givens[80] == 7
    assert grid.candidates is not None
    assert grid.candidates[40] == 0b11
    assert grid.candidates[1] == 0x1FF
    assert grid.meta == {"title": "T", "author": "A"}
    puzzle["cages"] = [{"cells": [[0, 0], [0, 1]], "value": 10}]
    puzzle["lines"] = [{"wayPoints": [[0.5, 0.5], [1.5, 1.5]]}]
    with pytest.raises(PuzzleFormatError, match=r"cages \(killer cages, extra regions\) "
                                                r"\(1\); lines \(1\)"):
        PAD.loads(_ctc_payload(puzzle))
    grid = PAD.loads(_ctc_payload(puzzle), unsupported="drop")
    assert "lines" in grid.meta["dropped"]
    puzzle["cages"] = []
    puzzle["lines"] = []
    puzzle["regions"] = _boxes()[:8]
    with pytest.raises(PuzzleFormatError, match="regions other than the 3x3 boxes"):
        PAD.loads(_ctc_payload(puzzle))


def test_sudokupad_zipped_scl() -> None:
    # A zipped puzzle (PuzzleZipper): short keys, unquoted names, single quotes, #0/#F.
    rows = ",".join("[" + ",".join(f"{{v:{r + 1}}}" if c == r else "" for c in range(9)) + "]"
                    for r in range(9))
    regions = json.dumps(_boxes()).replace(" ", "")
    zipped = ("{id:'z',ca:[{v:'title: Zipped'}],cs:50,ce:[" + rows + "],re:" + regions
              + ",u:[{c1:#0,c2:#F}]}")
    assert sudokupad.unzip_puzzle(zipped)["underlays"] == [
        {"borderColor": "#000000", "backgroundColor": "#FFFFFF"}]
    with pytest.raises(PuzzleFormatError, match="underlays"):
        PAD.loads("scl" + lz.compress_to_base64(zipped))
    grid = PAD.loads("scl" + lz.compress_to_base64(zipped.replace(",u:[{c1:#0,c2:#F}]", "")))
    assert [grid.givens[i * 10] for i in range(9)] == list(range(1, 10))
    assert grid.meta == {"title": "Zipped"}


# =========================================================================== lz-string

# compressToBase64 / compressToEncodedURIComponent of lz-string 1.5.0 under node 20.
_LZ_JS = [
    ("Hello, world", "BIUwNmD2A0AEDukBOYAmQ===", "BIUwNmD2A0AEDukBOYAmQ"),
    ("a", "IZA=", "IZA"),
    ("a" * 20, "IY1/kA==", "IY1-kA"),
    ('{"size":9,"grid":[]}', "N4IgzglgXgpiBcBOANCA5gJwgEwQbQF0BfIA",
     "N4IgzglgXgpiBcBOANCA5gJwgEwQbQF0BfIA"),
    ("\U0001f600 sudoku \u00e9", "rwbgA9gEDOCuAmD2BrKYCXQ=", "rwbgA9gEDOCuAmD2BrKYCXQ"),
    ("\u0100\u0100\u0100x", "gCAIHk==", "gCAIHk"),
    ("\ud800", "gAbQ", "gAbQ"),
    ("", "Q===", "Q"),
]


@pytest.mark.parametrize(("text", "b64", "uri"), _LZ_JS)
def test_lzstring_matches_javascript(text: str, b64: str, uri: str) -> None:
    assert lz.compress_to_base64(text) == b64
    assert lz.compress_to_uri(text) == uri
    assert lz.decompress_from_base64(b64) == text
    assert lz.decompress_from_uri(uri) == text


def _utf16(text: str) -> str:
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


@given(st.text(max_size=400))
def test_lzstring_round_trip(text: str) -> None:
    assert lz.decompress_from_base64(lz.compress_to_base64(text)) == _utf16(text)
    assert lz.decompress_from_uri(lz.compress_to_uri(text)) == _utf16(text)


@given(st.text(alphabet=lz.BASE64 + "=\\ \"", max_size=80))
def test_lzstring_garbage_raises_only_its_error(text: str) -> None:
    position = 0
    try:
        out = lz.decompress_from_base64(text)
    except lz.LZStringError as exc:
        position, out = exc.position, ""
    assert 0 <= position <= len(text)
    assert isinstance(out, str)


def test_lzstring_errors() -> None:
    with pytest.raises(lz.LZStringError, match="no data"):
        lz.decompress_from_base64("")
    with pytest.raises(lz.LZStringError, match="without its end mark"):
        lz.decompress_from_base64(lz.compress_to_base64("Hello, world")[:8])
    with pytest.raises(lz.LZStringError, match="'!', not a character") as err:
        lz.decompress_from_base64("BIUw!mD2A0AEDukBOYAmQ===")
    assert err.value.position == 4
    # Text after the end mark is not read (SudokuPad reads such pastes too).
    assert lz.decompress_from_base64("BIUwNmD2A0AEDukBOYAmQ===\", @\"123") == "Hello, world"


# =========================================================================== round trips


_wiki_grids = S.wiki_grids()


@examples(60)
@given(_wiki_grids)
def test_sudokuwiki_round_trip(grid: Grid) -> None:
    for fmt in (WIKI, WIKI_LINK):
        text = fmt.dumps(grid)
        assert fmt.loads(text) == grid
        assert fmt.dumps(fmt.loads(text)) == text


@examples(40)
@given(S.web_grids(candidates=True, singles=False, zero=True))
def test_sudokuwiki_v1_round_trip(grid: Grid) -> None:
    text = WIKI.dumps(grid, form="v1")
    assert len(text) == 163
    assert WIKI.loads(text) == grid


_fpz_grids = S.fpuzzles_grids()


@examples(40)
@given(_fpz_grids)
def test_fpuzzles_round_trip(grid: Grid) -> None:
    for fmt in (FPZ, FPZ_LINK, PAD):
        text = fmt.dumps(grid)
        assert fmt.loads(text) == grid
        assert fmt.dumps(fmt.loads(text)) == text


@examples(40)
@given(S.web_grids(candidates=False, placed=False))
def test_sudokupad_classic_round_trip(grid: Grid) -> None:
    text = PAD.dumps(grid, form="classic")
    assert PAD.loads(text) == grid
    assert PAD.dumps(PAD.loads(text), form="classic") == text


def test_writers_refuse_a_cell_without_candidates() -> None:
    grid = Grid(givens=[0] * 81, candidates=[0] + [0x1FF] * 80)
    with pytest.raises(ValueError, match="r1c1 has no candidate left"):
        WIKI.dumps(grid, form="packed")
    assert WIKI.loads(WIKI.dumps(grid, form="v1")) == grid
    with pytest.raises(ValueError, match="R1C1 has no candidate left"):
        FPZ.dumps(grid)


# =========================================================================== mutations


def _mutants(seed: str) -> st.SearchStrategy[str]:
    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        text = seed
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, max(len(text) - 1, 0)))
            kind = draw(st.sampled_from(["drop", "insert", "replace", "cut"]))
            ch = draw(st.sampled_from([*list("0aZ9/+=%_.{}[]:,\"'x\n "), "é", "\x00"]))
            if kind == "drop":
                text = text[:i] + text[i + 1 :]
            elif kind == "insert":
                text = text[:i] + ch + text[i:]
            elif kind == "replace":
                text = text[:i] + ch + text[i + 1 :]
            else:
                text = text[:i]
        return text

    return mutate()


def _check_mutant(fmt: Format, text: str) -> None:
    name = fmt.name
    try:
        fmt.loads(text)
    except PuzzleFormatError as exc:
        name = exc.format
    assert name == fmt.name
    with contextlib.suppress(PuzzleFormatError):
        fmt.loads(text, unsupported="drop")


_SEEDS: list[tuple[Format, str]] = [
    (WIKI, "S9B050f2e0i46015y020466026212064i0a095u0i4601070b0d4m0f4m4a4j4q027n03bu0g06360936"
           "164a4i0o010o02474u067n07bu4q4i464i0b0u0g09064q0a4y040i0a051g5w035w01071y080u1g"
           "181609"),
    (WIKI_LINK, sudokuwiki.SOLVER + "000000010000002340000050600000700000072080960295600080"
                                    "960520002086070007509000000000000"),
    (FPZ_LINK, "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNC"
               "ImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A"),
    (PAD, "classicB6B91D7C2E15F4D9C3K6D4B3D25D4F8F87B4C5B7C3B"),
    (PAD, "https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54"
          "+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssW0iQA="),
]


@pytest.mark.parametrize(("fmt", "seed"), _SEEDS, ids=[f.name for f, _ in _SEEDS])
@examples(80)
@given(data=st.data())
def test_mutated_inputs_raise_only_the_library_error(fmt: Format, seed: str,
                                                     data: st.DataObject) -> None:
    _check_mutant(fmt, data.draw(_mutants(seed)))


@examples(60)
@given(st.text(max_size=120))
def test_any_text_raises_only_the_library_error(text: str) -> None:
    for fmt in OURS:
        _check_mutant(fmt, text)
        fmt.sniff(text)
        _check_mutant(fmt, "https://sudokupad.app/scl" + lz.compress_to_base64(text))
        _check_mutant(fmt, "https://f-puzzles.com/?load=" + lz.compress_to_base64(text))


@examples(60)
@given(st.recursive(st.none() | st.booleans() | st.integers(-2, 600) | st.text(max_size=5),
                    lambda kids: st.lists(kids, max_size=4)
                    | st.dictionaries(st.sampled_from(["size", "grid", "value", "given",
                                                       "region", "cells", "regions", "v",
                                                       "cages", "solution", "title"]),
                                      kids, max_size=4),
                    max_leaves=30))
def test_odd_json_raises_only_the_library_error(value: Any) -> None:
    if isinstance(value, dict) and "grid" in value:
        value = {**value, "size": 9}
    _check_mutant(FPZ, json.dumps(value))
    _check_mutant(PAD, "scl" + lz.compress_to_base64(json.dumps(value)))


def test_deep_json_raises_only_the_library_error() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    cell = "[" * 5_000 + "]" * 5_000
    for fmt, text in (
        (FPZ, '{"a":' + deep + "}"),
        (FPZ, lz.compress_to_base64(deep)),
        (FPZ, '{"size":9,"grid":[[{"value":' + cell + "}]]}"),
        (PAD, "scl" + lz.compress_to_base64(deep)),
        (PAD, "scl" + lz.compress_to_base64("{a:" + deep + "}")),
    ):
        with pytest.raises(PuzzleFormatError, match=r"nested too deeply|R1C1"):
            fmt.loads(text)


# =========================================================================== messages

_MESSAGES: list[tuple[Format, str, str, int | None]] = [
    (WIKI, "S9B" + "01" * 80 + "0", "expected 162 base-36 characters after S9B, found 161", 165),
    (WIKI, "K9B" + "01" * 81, "expected S9B (Sudoku) or X9B (Sudoku X), found 'K9B'", 1),
    (WIKI, "S9B" + "01" * 40 + "0!" + "01" * 40,
     "expected a base-36 digit (0-9, a-z), found '!'", 85),
    (WIKI, "S9B" + "00" + "01" * 80, "expected a cell value 1-529", 4),
    (WIKI, "03" * 80 + "07", "expected a clue of one digit, found a clue flag on digits 12",
     161),
    (WIKI, "1" * 80, "expected 81 cells, 162 characters (packed) or 165 (S9B packed), "
                     "found 80 characters", 81),
    (WIKI, "  " + "1" * 40 + "x" + "1" * 40, "expected a digit 1-9, or 0 or . for an empty "
                                             "cell, found 'x'", 43),
    (WIKI_LINK, "https://www.sudokuwiki.org/sudoku.htm?bq=1", "expected a bd= parameter", None),
    (WIKI_LINK, "https://example.org/sudoku.htm?bd=1", "expected a sudokuwiki.org link", 1),
    (WIKI_LINK, "https://www.sudokuwiki.org/Killer.htm?bd=1", "expected the solver page", None),
    (WIKI_LINK, "https://www.sudokuwiki.org/sudoku.htm?bd=" + "1" * 80 + "y",
     "found 'y'", 42 + 80),
    (FPZ_LINK, "https://f-puzzles.com/?id=yhkyz63b", "short f-puzzles ID 'yhkyz63b'", 1),
    (FPZ_LINK, "https://f-puzzles.com/?load=N4Ig!glgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNC",
     "found '!', not a character of the encoding", 33),
    (FPZ, '{"size":9}', "expected 'grid': a list of 9 rows in the f-puzzles JSON, found null",
     1),
    (FPZ, '{"size":9,"grid":' + json.dumps([[{}] * 9] * 8 + [[{}] * 9 + [{"value": 3}]])
     + "}", "expected grid row 9: a list of 9 cells in the f-puzzles JSON, found 10", 1),
    (FPZ, '{"size":9,"grid":' + json.dumps([[{}] * 9] * 8 + [[{}] * 8 + [{"value": 12}]])
     + "}", "expected R9C9: a digit 1-9 as value in the f-puzzles JSON, found 12", 1),
    (FPZ, '{"size": 9, "grid": [}',
     "expected f-puzzles JSON, found invalid JSON (Expecting value)", 22),
    (PAD, "https://sudokupad.app/etg05f8sm8", "the short ID 'etg05f8sm8'", 23),
    (PAD, "https://sudokupad.app/", "expected a puzzle ID after the address, found none", None),
    (PAD, "https://example.com/fpuzzlesN4Ig", "expected a sudokupad.app link", 1),
    (PAD, "https://sudokupad.app/sclN4Ig!", "expected an lz-string base64 payload", None),
]


@pytest.mark.parametrize(("fmt", "text", "message", "column"), _MESSAGES,
                         ids=[f"{f.name}-{i}" for i, (f, *_x) in enumerate(_MESSAGES)])
def test_error_messages(fmt: Format, text: str, message: str, column: int | None) -> None:
    with pytest.raises(PuzzleFormatError) as err:
        fmt.loads(text)
    assert message in str(err.value)
    assert err.value.format == fmt.name
    assert err.value.line == 1
    if column is not None:
        assert err.value.column == column
    assert str(err.value).startswith(f"{fmt.name}: line 1")


def test_json_error_position_over_lines() -> None:
    with pytest.raises(PuzzleFormatError) as err:
        FPZ.loads('\n\n  {"size": 9,\n   "grid": [}\n')
    assert (err.value.line, err.value.column) == (4, 13)
    assert err.value.text == '   "grid": [}'


def test_two_lines_are_refused() -> None:
    with pytest.raises(PuzzleFormatError, match="expected one line holding a sudokuwiki board "
                                                "string, found 2 lines") as err:
        WIKI.loads("1" * 81 + "\n" + "2" * 81 + "\n")
    assert err.value.line == 2


def test_leniencies() -> None:
    row = ("N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4"
           "rssW0iQA=")
    want = FPZ.loads(row)
    # '+' turned into a space on the way, percent-encoding, blank lines and spaces around.
    assert FPZ.loads(row.replace("+", " ")) == want
    assert FPZ_LINK.loads("\n  https://www.f-puzzles.com/?load=" + row.replace("=", "%3D")
                          + "  \n\n") == want
    # A link whose '//' were collapsed to '/' is repaired (SudokuPad does the same).
    # (These clues give a payload with one '//' among its slashes.)
    cells = "862476830109701080174064068175569590083535551060508859059030072338363016108920746"
    text = fpuzzles.encode_payload(Grid(givens=[int(ch) for ch in cells]))
    assert text.count("//") == 1
    broken = text.replace("//", "/")
    assert FPZ.loads(broken) == FPZ.loads(text)
    # sudokuwiki: '.' for an empty cell, upper-case base-36 digits.
    assert WIKI.loads("." * 81) == WIKI.loads("0" * 81)
    packed = _SEEDS[0][1]
    assert WIKI.loads("S9B" + packed[3:].upper()) == WIKI.loads(packed)
