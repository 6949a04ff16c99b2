"""Registers every Sudoku format and the Sudoku family's operations.

Sniffers score a text between 0 and 1 and say why; they are cheap and never raise. Where two
formats read the same text (nine plain rows are ``rows``, ``msk`` and ``sdk`` alike), the file
extension decides; without one, the most general reading wins.
"""

from __future__ import annotations

from typing import Any

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.registry import Family, Format, Sniff, SolveResult, register_family, register_format
from puzzlefmt.sudoku import (
    candidates,
    forumcsv,
    hodoku,
    line,
    msk,
    plusgrid,
    pmgrid,
    rows,
    sdk,
    sdm,
    spf,
    ss,
    sukaku,
)
from puzzlefmt.sudoku._text import is_border
from puzzlefmt.sudoku.grid import Grid
from puzzlefmt.textio import split_lines

FAMILY = "sudoku"


def _lines(text: str) -> list[str]:
    return [ln for ln in split_lines(text) if ln.strip()]


# --------------------------------------------------------------------------- sniffers


def _sniff_collection(text: str, fmt: str) -> Sniff | None:
    lines = [ln for ln in split_lines(text) if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines or (len(lines) == 1 and fmt != "txt"):
        return None
    if len(lines) == 1 and len(split_lines(text)) == 1:
        return None  # a single line is the line format
    good = 0
    for ln in lines:
        if ln.startswith(":"):
            continue  # a HoDoKu library line: read inside a .txt, but not what makes one
        try:
            sdm.parse_record(fmt, ln)
        except PuzzleFormatError:
            continue
        good += 1
    if good < max(1, int(0.8 * len(lines))):
        return None
    zeros = sum(1 for ln in lines if "." not in ln[:81])
    base = 0.8 if fmt == "txt" else 0.78
    if fmt == "sdm" and zeros == len(lines):
        base = 0.79
    return Sniff(base, f"{good} of {len(lines)} lines are 81-cell puzzles")


def _sniff_ss(style: ss.Style, printed: bool) -> Any:
    def sniff(text: str) -> Sniff | None:
        found = ss.sniff_ss(text)
        if found is None or found[0] != style or found[1] != printed:
            return None
        what = {"current": "*---* frame, |...| rows", "spaced": "*---* frame, | . 3 . | rows",
                "old": "...|...|... rows and ----------- rules"}[style]
        if printed:
            return Sniff(0.97, f"Simple Sudoku print: {what} and its banner")
        return Sniff(0.95, f"Simple Sudoku: {what}")

    return sniff


def _sniff_pm(printed: bool) -> Any:
    def sniff(text: str) -> Sniff | None:
        found = pmgrid.sniff_pm_grid(text)
        if found is None or found[1] != printed or candidates.sniff_candidates(text):
            return None
        if printed:
            return Sniff(0.97, "candidate grid with the Simple Sudoku banner")
        return Sniff(0.9, f"{found[0]} rows of candidate groups")

    return sniff


def _content(text: str) -> list[str]:
    return [ln for ln in _lines(text) if not is_border(ln)]


def _sniff_spf(text: str) -> Sniff | None:
    lines = _lines(text)
    if len(lines) != 11:
        return None
    rules = [ln.strip() for ln in lines if is_border(ln)]
    if len(rules) != 2 or any(r.startswith(("*", "|", "+", ".")) for r in rules):
        return None
    if not all("+" in r for r in rules):
        return None
    body = _content(text)
    if not all(ln.count("|") == 2 and len(ln.split()) == 11 for ln in body):
        return None
    return Sniff(0.92, "spaced cells with | and -------+------- rules, no frame")


def _sniff_plus(text: str) -> Sniff | None:
    lines = _lines(text)
    if not lines or not lines[0].strip().startswith("+-") or candidates.sniff_candidates(text):
        return None
    if pmgrid.sniff_pm_grid(text):
        return None
    try:
        plusgrid.read_plus_grid(text)
    except PuzzleFormatError:
        return None
    return Sniff(0.9, "+---+ frame around 9 rows of cells")


def _nine_rows(text: str) -> list[str] | None:
    lines = _lines(text)
    if len(lines) != 9 or any(is_border(ln) or "|" in ln for ln in lines):
        return None
    try:
        rows.read_rows(text)
    except PuzzleFormatError:
        return None
    return lines


def _sniff_rows(text: str) -> Sniff | None:
    lines = _nine_rows(text)
    if lines is None:
        return None
    sep = "commas" if "," in lines[0] else "tabs" if "\t" in lines[0] else (
        "spaces" if " " in lines[0].strip() else "no separator")
    return Sniff(0.7, f"9 rows of 9 cells ({sep})")


def _sniff_msk(sol: bool) -> Any:
    def sniff(text: str) -> Sniff | None:
        lines = _nine_rows(text)
        if lines is None or not all(len(ln.strip()) == 9 for ln in lines):
            return None
        full = all(ch.isdigit() and ch != "0" for ln in lines for ch in ln.strip())
        if sol and not full:
            return None
        if sol:
            return Sniff(0.62, "9 rows of 9 digits, a full grid (VBForums .sol)")
        return Sniff(0.6, "9 rows of 9 cells run together (VBForums .msk)")

    return sniff


def _sniff_sdk(text: str) -> Sniff | None:
    found = sdk.sniff_sdk(text)
    if found is None:
        return None
    headers, structured = found
    if headers:
        return Sniff(0.95, f"{headers} SudoCue #-header lines, then 9 rows")
    if structured:
        return Sniff(0.95, "[Puzzle] or [sections] around 9 rows (SadMan)")
    return Sniff(0.65, "9 rows of 9 cells (SadMan .sdk v1)")


def _sniff_line(text: str) -> Sniff | None:
    return line.sniff_line(text)


def _sniff_candidates(text: str) -> Sniff | None:
    multi = candidates.sniff_candidates(text)
    if multi is None:
        return None
    return Sniff(0.9, f"81 groups of candidate digits ({multi} with several)")


def _sniff_sukaku(text: str) -> Sniff | None:
    if not sukaku.sniff_sukaku(text) or len(_lines(text)) != 1:
        return None
    return Sniff(0.95, "729 characters: 9 candidate places per cell")


def _sniff_hodoku(text: str) -> Sniff | None:
    lines = [ln for ln in _lines(text) if not ln.startswith("#")]
    if not lines:
        return None
    good = 0
    for ln in lines[:20]:
        try:
            hodoku.read_hodoku_line(ln)
        except PuzzleFormatError:
            continue
        good += 1
    if good < max(1, int(0.8 * min(len(lines), 20))):
        return None
    return Sniff(0.95, ":technique:candidates:cells:... HoDoKu library lines")


def _sniff_forum(text: str) -> Sniff | None:
    for ln in split_lines(text)[:10]:
        if forumcsv._HEADER.match(ln.strip()):
            return Sniff(0.97, "a '#!sudoku -cN,...' CSV header")
    return None


# --------------------------------------------------------------------------- writers


def _w(func: Any, **fixed: Any) -> Any:
    def write(obj: Any, **options: Any) -> str:
        grid = _one(obj)
        return str(func(grid, **{**fixed, **options}))

    return write


def _one(obj: Any) -> Grid:
    if isinstance(obj, Grid):
        return obj
    if isinstance(obj, list) and len(obj) == 1 and isinstance(obj[0], Grid):
        return obj[0]
    raise TypeError(f"expected a sudoku Grid, found {type(obj).__name__}")


def _read_ss(fmt: str) -> Any:
    return lambda text: ss.read_ss(text, fmt)


def _reg(
    name: str, exts: tuple[str, ...], desc: str, sniff: Any, read: Any, write: Any, *,
    priority: int = 50, **kw: Any,
) -> None:
    register_format(Format(name=name, family=FAMILY, extensions=exts, description=desc,
                           sniff=sniff, read=read, write=write, models=(Grid,),
                           priority=priority, **kw))


_reg("line", (), "81 characters on one line (any blank; comment after it kept)",
     _sniff_line, line.read, line.write, priority=10)
_reg("txt", ("txt",), "collection: one 81-character (or 729) puzzle a line, # comments",
     lambda t: _sniff_collection(t, "txt"), sdm.read_txt, sdm.write_txt, priority=20,
     collection=True, iter_read=sdm.iter_txt, write_record=sdm.record_txt, newline="\r\n",
     parse_line=sdm._parser("txt"))
_reg("sdm", ("sdm",), "SudoCue collection: one puzzle a line, 0 for blanks, CRLF",
     lambda t: _sniff_collection(t, "sdm"), sdm.read_sdm, sdm.write_sdm, priority=21,
     collection=True, iter_read=sdm.iter_sdm, write_record=sdm.record_sdm, newline="\r\n",
     parse_line=sdm._parser("sdm"))
_reg("ss", ("ss",), "Simple Sudoku (*---* frame), HoDoKu I/E records",
     _sniff_ss("current", False), _read_ss("ss"), _w(ss.write_ss), priority=30)
_reg("ss-spaced", (), "Simple Sudoku with extra spaces (| . 3 . |)",
     _sniff_ss("spaced", False), _read_ss("ss-spaced"), _w(ss.write_ss, style="spaced"),
     priority=31)
_reg("ss-old", (), "old Simple Sudoku (...|...|... rows, ----------- rules)",
     _sniff_ss("old", False), _read_ss("ss-old"), _w(ss.write_ss, style="old"), priority=32)
_reg("ss-print", (), "Simple Sudoku clipboard print of a puzzle (with its banner)",
     _sniff_ss("current", True), _read_ss("ss-print"),
     _w(ss.write_ss, indent=" ", footer=True, records=False), priority=33)
_reg("spf", ("spf",), "SuDoku Solver (. . . | . . . rows, -------+------- rules)",
     _sniff_spf, spf.read_spf, _w(spf.write_spf), priority=34)
_reg("plus-grid", (), "+-------+ framed grid (SadMan, HoDoKu, Sudoku Explainer)",
     _sniff_plus, plusgrid.read_plus_grid, _w(plusgrid.write_plus_grid), priority=35)
_reg("rows", (), "9 rows of 9 cells, run together or separated by spaces, commas or tabs",
     _sniff_rows, rows.read_rows, _w(rows.write_rows), priority=40)
_reg("sdk", ("sdk",), "SadMan/SudoCue .sdk: #-headers, [Puzzle], 9 rows, sections",
     _sniff_sdk, sdk.read_sdk, _w(sdk.write_sdk), priority=41)
_reg("msk", ("msk",), "VBForums contest puzzle: 9 rows, CRLF",
     _sniff_msk(False), msk.read_msk, _w(msk.write_msk), priority=42)
_reg("sol", ("sol",), "VBForums contest solution: 9 rows of digits, CRLF",
     _sniff_msk(True), msk.read_sol, _w(msk.write_sol), priority=43)
_reg("candidates", (), "81 groups of candidate digits, no frame (SadMan pencil marks)",
     _sniff_candidates, candidates.read_candidates, _w(candidates.write_candidates),
     priority=44)
_reg("pm-grid", (), "framed candidate grid (Simple Sudoku, HoDoKu PM grid)",
     _sniff_pm(False), pmgrid.read_pm_grid, _w(pmgrid.write_pm_grid), priority=45)
_reg("pm-print", (), "Simple Sudoku clipboard print of a candidate grid (with banner)",
     _sniff_pm(True), lambda t: pmgrid.read_pm_grid(t, "pm-print"),
     _w(pmgrid.write_pm_grid, footer=True), priority=46)
_reg("sukaku", (), "729 characters: 9 candidate places per cell",
     _sniff_sukaku, sukaku.read_sukaku, _w(lambda g, **o: sukaku.write_sukaku(g, **o) + "\n"),
     priority=47)
_reg("hodoku-lib", (), "HoDoKu library lines :technique:candidates:cells:...",
     _sniff_hodoku, hodoku.read_hodoku, hodoku.write_hodoku, priority=48, collection=True,
     iter_read=hodoku.iter_hodoku, write_record=hodoku.write_hodoku_line, newline="\r\n",
     parse_line=hodoku.read_hodoku_line)
_reg("forum-csv", ("csv",), "forum CSV collection with a #!sudoku -cN header",
     _sniff_forum, forumcsv.read_forum_csv, forumcsv.write_forum_csv, priority=49,
     collection=True, iter_read=forumcsv.iter_forum_csv,
     write_record=forumcsv.record_forum_csv, newline="\r\n")


# --------------------------------------------------------------------------- family


def _solve(grid: Grid, limit: int) -> SolveResult:
    from puzzlefmt.sudoku.solver import solve

    return solve(grid, limit)


def _solve_many(grids: list[Grid], limit: int) -> list[SolveResult]:
    from puzzlefmt.sudoku.solver import solve_many

    return solve_many(grids, limit)


def _solution_text(grid: Grid, result: SolveResult) -> str:
    if result.count == 0:
        return "none" + (f" ({result.reason})" if result.reason else "")
    sols = [line.write_line(s, values=True, comment=False) for s in result.solutions]
    if result.count == 1:
        return sols[0]
    return "multiple " + " ".join(sols)


def _canon(grid: Grid, convention: str) -> str:
    from puzzlefmt.sudoku.canon import canonical

    return canonical(grid, "pattern" if convention == "pattern" else "string")


def _canon_many(grids: list[Grid], convention: str) -> list[str]:
    import numpy as np

    from puzzlefmt.sudoku.bulk import write_lines
    from puzzlefmt.sudoku.canon import minlex_array

    if not grids:
        return []
    arr = np.frombuffer(b"".join(bytes(g.givens) for g in grids), dtype=np.uint8)
    forms = minlex_array(arr.reshape(len(grids), 81),
                         "pattern" if convention == "pattern" else "string")
    return write_lines(forms, blank="0").splitlines()


def _to_json(grid: Grid) -> dict[str, Any]:
    from puzzlefmt.sudoku.grid import digits_of

    data: dict[str, Any] = {"givens": line.write_line(grid, comment=False)}
    if any(grid.placed):
        data["placed"] = "".join(str(d) if d else "." for d in grid.placed)
    if grid.candidates is not None:
        data["candidates"] = [digits_of(m) for m in grid.candidates]
    if grid.eliminated is not None:
        data["eliminated"] = [digits_of(m) for m in grid.eliminated]
    if grid.meta:
        data["meta"] = dict(grid.meta)
    return data


def _svg(grid: Grid, **options: Any) -> str:
    from puzzlefmt.sudoku.svg import sudoku_svg

    return sudoku_svg(grid, **options)


register_family(
    Family(
        name=FAMILY,
        models=(Grid,),
        problems=Grid.problems,
        solve=_solve,
        solve_many=_solve_many,
        solution_text=_solution_text,
        canon=_canon,
        canon_many=_canon_many,
        canon_conventions=("string", "pattern"),
        to_json=_to_json,
        svg=_svg,
    )
)
