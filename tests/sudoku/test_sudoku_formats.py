"""Every Sudoku format object on its own (no registry, no detection): round trips on its
domain with every combination of its declared writer options, stability of write -> read ->
write for any grid and any options, mutated texts that parse, and the option declarations."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from puzzlefmt.collection import Collection, LineCollection
from puzzlefmt.errors import OptionError, PuzzleFormatError
from puzzlefmt.format import Format, Option
from puzzlefmt.sudoku import Grid
from puzzlefmt.sudoku.family import FAMILY, TEXT
from puzzlefmt.sudoku.svg import RENDERER as SVG
from puzzlefmt.textio import numbered_lines

from helpers import examples
from strategies import sudoku as S

FORMATS: dict[str, Format] = {f.name: f for f in FAMILY.formats}

# format -> strategy of grids that the format holds completely
DOMAINS: dict[str, Any] = {
    "line": S.givens_grids(comment=True),
    "txt": st.one_of(S.givens_grids(comment=True), S.candidate_grids(allow_empty=True)),
    "sdm": S.givens_grids(comment=True),
    "ss": S.ss_grids(),
    "ss-spaced": S.ss_grids(),
    "ss-old": S.ss_grids(),
    "ss-print": S.givens_grids(),
    "spf": S.givens_grids(),
    "plus-grid": S.givens_grids(),
    "rows": S.givens_grids(),
    "sdk": S.sdk_grids(),
    "msk": S.givens_grids(),
    "sol": S.full_grids(),
    "candidates": S.pm_grids(marks=True),
    "pm-grid": S.pm_grids(marks=True, step=True),
    "pm-print": S.pm_grids(),
    "sukaku": S.candidate_grids(allow_empty=True),
    "hodoku-lib": S.hodoku_grids(),
    "forum-csv": S.forum_grids(),
    "hodoku-grid": S.givens_grids(),
    "hodoku-txt": S.hodoku_txt_grids(),
    **S.web_and_solo_domains(),
    "gsf-q2": S.gsf_q2_grids(),
}

# Options that write less than the grid holds, or more (counts adds #N and #H), on purpose.
# ``form`` picks one string of a web format: the plain sudokuwiki string and the SudokuPad
# classic ID hold clues alone; the packed strings write every empty cell's candidates.
LOSSY = {"values", "records", "comment", "counts", "form"}


def test_every_format_has_a_domain_and_priority_order() -> None:
    assert set(FORMATS) == set(DOMAINS)
    assert [f.priority for f in FAMILY.formats] == sorted(f.priority for f in FAMILY.formats)
    assert [f.name for f in FAMILY.formats][:3] == ["line", "txt", "sdm"]
    assert {f.name for f in FAMILY.formats if isinstance(f, LineCollection)} == {
        "txt", "sdm", "hodoku-lib", "forum-csv", "gsf-q2"}


def _value(opt: Option) -> st.SearchStrategy[Any]:
    if opt.choices:
        return st.sampled_from(opt.choices)
    if opt.kind is bool:
        return st.booleans()
    assert opt.kind is int, opt  # no free-text writer option among the Sudoku formats
    low = opt.minimum if opt.minimum is not None else 0
    return st.integers(low, opt.maximum if opt.maximum is not None else low + 5)


def _options(fmt: Format, *, lossy: bool) -> st.SearchStrategy[dict[str, Any]]:
    chosen = [o for o in fmt.write_options if lossy or o.name not in LOSSY]
    return st.fixed_dictionaries({}, optional={o.name: _value(o) for o in chosen})


def _write(fmt: Format, grid: Grid, options: dict[str, Any]) -> str:
    return fmt.dumps([grid] if isinstance(fmt, LineCollection) else grid, **options)


def _read(fmt: Format, text: str) -> Grid:
    value = fmt.loads(text)
    if isinstance(fmt, LineCollection):
        assert isinstance(value, Collection)
        assert len(value) == 1
        value = value[0]
    assert isinstance(value, Grid)
    return value


@pytest.mark.parametrize("name", sorted(DOMAINS))
@given(data=st.data())
def test_write_then_read_gives_the_grid(name: str, data: st.DataObject) -> None:
    """loads(dumps(x)) == x on the format's domain, whatever lossless options are chosen;
    and the text written is canonical: dumps(loads(t)) == t."""
    fmt = FORMATS[name]
    grid = data.draw(DOMAINS[name])
    options = data.draw(_options(fmt, lossy=False))
    text = _write(fmt, grid, options)
    back = _read(fmt, text)
    assert back == grid
    assert _write(fmt, back, options) == text


@pytest.mark.parametrize("name", sorted(n for n, f in FORMATS.items()
                                        if isinstance(f, LineCollection)))
@given(data=st.data())
def test_collection_write_then_read(name: str, data: st.DataObject) -> None:
    fmt = FORMATS[name]
    assert isinstance(fmt, LineCollection)
    grids = data.draw(st.lists(DOMAINS[name], min_size=1, max_size=4))
    options = data.draw(_options(fmt, lossy=False))
    text = fmt.dumps(grids, **options)
    back = fmt.loads(text)
    assert list(back) == grids
    assert fmt.dumps(back, **options) == text
    streamed = list(fmt.iter_records(numbered_lines(text)))
    assert [r.value for r in streamed] == grids
    assert "".join(fmt.dump_record(g, **options) for g in grids) in text


@pytest.mark.parametrize("name", sorted(DOMAINS))
@given(grid=S.any_grids(), data=st.data())
def test_whatever_a_writer_writes_reads_back_stably(
    name: str, grid: Grid, data: st.DataObject
) -> None:
    """Any grid, any options (lossy ones too): the writer refuses (ValueError) or writes text
    its reader reads, and writing what was read gives the same text again."""
    fmt = FORMATS[name]
    options = data.draw(_options(fmt, lossy=True))
    try:
        text = _write(fmt, grid, options)
    except (PuzzleFormatError, OptionError):
        raise  # a writer refuses with a plain ValueError, never these
    except ValueError:
        assume(False)
        return
    back = _read(fmt, text)
    assert _write(fmt, back, options) == text


# ---------------------------------------------------------------------- mutated inputs

SAMPLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
ALPHABET = st.sampled_from([*"0123456789.*-_|+:#[]ADNHIE \t\r\n,;'x\"", "\ufeff", "é"])


def _canonical(name: str) -> str:
    placed = [0] * 81
    placed[0] = 4
    grid = Grid(givens=SAMPLE, placed=placed, meta={"comment": "c"})
    if name in ("candidates", "pm-grid", "pm-print", "sukaku"):
        grid = Grid(candidates=grid.candidate_masks())
    if name == "sol":
        grid = Grid(givens=[(i % 9) + 1 for i in range(81)])
    if name == "forum-csv":
        grid = Grid(givens=SAMPLE, meta={"Label": "x", "ER": "1.2"})
    if name == "sdk":
        grid = Grid(givens=SAMPLE, meta={"A": "me"}, sections={"State": ["1.."]})
    if name == "hodoku-lib":
        grid = Grid(givens=SAMPLE, placed=placed, meta={
            "technique": "0000", "candidates": "1", "eliminations": "", "placements": ""})
    return _write(FORMATS[name], grid, {})


@pytest.mark.parametrize("name", sorted(DOMAINS))
@given(data=st.data())
@examples(80)
def test_mutated_text_that_parses_writes_back_stably(name: str, data: st.DataObject) -> None:
    """python-chess's fuzz property: text that parses, written and read again, writes the same
    text (and the grid read from it equals the first written grid's reading)."""
    fmt = FORMATS[name]
    text = list(_canonical(name))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text) - 1))
        op = data.draw(st.sampled_from(["replace", "delete", "insert"]))
        ch = data.draw(ALPHABET)
        if op == "replace":
            text[i] = ch
        elif op == "delete":
            del text[i]
        else:
            text.insert(i, ch)
    error: PuzzleFormatError | None = None
    try:
        first = fmt.loads("".join(text))
    except PuzzleFormatError as exc:
        error = exc
    if error is not None:
        assert str(error).startswith(error.format + ":")
        return
    try:
        written = fmt.dumps(first)
    except PuzzleFormatError:
        raise  # a writer refuses with a plain ValueError
    except ValueError:  # something it cannot write (a cell with no candidate...)
        return
    again = fmt.loads(written)
    assert fmt.dumps(again) == written
    assert fmt.loads(fmt.dumps(again)) == again


# ---------------------------------------------------------------------- options


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_unknown_options_are_refused(name: str) -> None:
    fmt = FORMATS[name]
    grid = Grid(SAMPLE)
    with pytest.raises(OptionError, match="has no writer option 'nonsense'"):
        _write(fmt, grid, {"nonsense": 1})
    with pytest.raises(OptionError, match="has no reader option 'blank'"):
        fmt.loads(_canonical(name), blank=".")
    if isinstance(fmt, LineCollection):
        with pytest.raises(OptionError):
            fmt.dump_record(grid, nonsense=1)


@pytest.mark.parametrize(
    ("name", "options", "words"),
    [
        ("line", {"blank": "²"}, "option 'blank' must be one of"),
        ("line", {"blank": ".."}, "option 'blank' must be one of"),
        ("line", {"blank": "1"}, "option 'blank' must be one of"),
        ("line", {"values": "yes"}, "option 'values' wants true or false"),
        ("txt", {"blank": " "}, "option 'blank' must be one of"),
        ("sdm", {"blank": "0"}, "has no writer option 'blank'"),
        ("rows", {"sep": ";"}, "option 'sep' must be one of"),
        ("rows", {"blank": "-"}, "option 'blank' must be one of"),
        ("ss", {"indent": 9}, "option 'indent' must be at most 8"),
        ("ss", {"indent": -1}, "option 'indent' must be at least 0"),
        ("ss", {"indent": True}, "option 'indent' wants a whole number"),
        ("ss-print", {"records": True}, "has no writer option 'records'"),
        ("sdk", {"limit": 0}, "option 'limit' must be at least 1"),
        ("sdk", {"newline": "\r\n"}, "option 'newline' must be one of 'crlf', 'lf'"),
        ("pm-grid", {"style": "fancy"}, "option 'style' must be one of"),
        ("sukaku", {"placeholder": "x"}, "option 'placeholder' must be one of"),
        ("candidates", {"sep": " "}, "option 'sep' must be one of"),
    ],
)
def test_bad_option_values_are_refused(name: str, options: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        _write(FORMATS[name], Grid(SAMPLE), options)


def test_option_declarations_parse_command_line_text() -> None:
    ss = {o.name: o for o in FORMATS["ss"].write_options}
    assert ss["indent"].parse("2") == 2
    assert ss["values"].parse("yes") is True
    assert ss["newline"].parse("lf") == "lf"
    with pytest.raises(OptionError):
        ss["indent"].parse("two")
    line = {o.name: o for o in FORMATS["line"].write_options}
    assert line["blank"].parse("0") == "0"
    assert "blank=.|0|X|x|*|_|-" in line["blank"].describe()


def test_every_option_is_used_by_its_writer() -> None:
    """Each declared option changes the text for some grid (no option is decoration)."""
    placed = [0] * 81
    placed[0] = 4
    eliminated = [0] * 81
    eliminated[3] = 1
    grid = Grid(givens=SAMPLE, placed=placed, eliminated=eliminated,
                meta={"comment": "hard", "A": "me"})
    marks = Grid(candidates=Grid(SAMPLE).candidate_masks())
    # A Solo save read with a move undone: its history holds more than the grid's state.
    saved = FORMATS["solo-save"].dumps(Grid(givens=SAMPLE, placed=placed))
    undone = FORMATS["solo-save"].loads(
        saved.replace("NSTATES :1:2", "NSTATES :1:3") + "MOVE    :6:R1,0,5\n")
    for fmt in FAMILY.formats:
        for opt in fmt.write_options:
            target = marks if fmt.name in ("candidates", "pm-grid", "pm-print", "sukaku") \
                else undone if fmt.name == "solo-save" else grid
            values = [v for v in (opt.choices or {bool: (False, True), int: ()}[opt.kind])
                      if v != opt.default]
            if opt.kind is int:
                values = [opt.default + 1]
            extra = {"counts": True} if opt.name == "limit" else {}
            texts = {_write(fmt, target, {**extra, opt.name: v}) for v in values}
            default = _write(fmt, target, extra)
            if opt.name == "limit":  # SAMPLE has one solution: a higher limit counts 1 too
                assert texts == {default}, (fmt.name, opt.name)
                continue
            if opt.default == "auto":  # auto is one of the forced forms, chosen by grid
                assert default in texts, (fmt.name, opt.name)
                assert len(texts) > 1, (fmt.name, opt.name)
                continue
            assert default not in texts, (fmt.name, opt.name)


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_holds_and_contents_name_the_same_things(name: str) -> None:
    vocabulary = {"givens", "placed", "candidates", "eliminations", "comments", "metadata",
                  "sections"}
    assert FORMATS[name].holds <= vocabulary
    assert "givens" in FORMATS[name].holds or "candidates" in FORMATS[name].holds


# ---------------------------------------------------------------------- writers refuse


def test_writers_refuse_what_they_cannot_write() -> None:
    empty = [0x1FF] * 81
    empty[10] = 0
    grid = Grid(candidates=empty)
    for name in ("candidates", "pm-grid", "pm-print"):
        with pytest.raises(ValueError, match="cannot write r2c2: it has no candidate left"):
            FORMATS[name].dumps(grid)
    assert FORMATS["sukaku"].loads(FORMATS["sukaku"].dumps(grid)) == grid
    with pytest.raises(ValueError, match="line break"):
        FORMATS["line"].dumps(Grid(givens=SAMPLE, meta={"comment": "a\nb"}))
    with pytest.raises(ValueError, match="fields hold no ':'"):
        FORMATS["hodoku-lib"].dumps([Grid(givens=SAMPLE, meta={"technique": "a:b"})])
    with pytest.raises(ValueError, match="a row is one line"):
        FORMATS["forum-csv"].dumps([Grid(givens=SAMPLE, meta={"Label": "a\rb"})])


def test_forum_csv_quotes_what_csv_needs_and_keeps_the_comment() -> None:
    grid = Grid(givens=SAMPLE, meta={"comment": "rated", "Label": 'say "hi", then', "ER": ""})
    text = FORMATS["forum-csv"].dumps([grid])
    assert text == ("#!sudoku -c1,Puzzle,Label,ER\r\n"
                    + SAMPLE + ' rated,"say ""hi"", then",\r\n')
    assert list(FORMATS["forum-csv"].loads(text)) == [grid]


def test_forum_csv_title_line_is_a_comment_and_records_need_the_header() -> None:
    fmt = FORMATS["forum-csv"]
    text = "Hardest\r\n#!sudoku -c1,Puzzle,Name\r\n" + SAMPLE + ",first\r\n"
    coll = fmt.loads(text)
    assert coll.comments == {0: ["Hardest", "#!sudoku -c1,Puzzle,Name"]}
    assert coll[0].meta == {"Name": "first"}
    assert coll[0].givens == Grid(SAMPLE).givens
    assert fmt.dumps(coll) == text
    with pytest.raises(PuzzleFormatError, match="header line before the first record"):
        fmt.loads(SAMPLE + ",x\n")
    with pytest.raises(PuzzleFormatError) as err:
        fmt.loads("#!sudoku -c5,a,b\n")
    assert (err.value.line, err.value.column) == (1, 11)
    assert "a puzzle column from 1 to 2" in str(err.value)


@pytest.mark.parametrize("digits", ["0", "3", "9" * 10, "9" * 5000])
def test_forum_csv_header_column_out_of_range_is_refused_whatever_its_length(
    digits: str,
) -> None:
    """Issue 20's fuzz campaign: ``-c`` with 5,000 digits raised Python's ValueError for
    integers past 4,300 digits."""
    with pytest.raises(PuzzleFormatError) as err:
        FORMATS["forum-csv"].loads(f"#!sudoku -c{digits},a,b\n" + SAMPLE + ",x,y\n")
    assert (err.value.line, err.value.column) == (1, 11)
    assert "a puzzle column from 1 to 2" in str(err.value)


def test_forum_csv_reads_the_puzzle_from_the_header_column() -> None:
    fmt = FORMATS["forum-csv"]
    text = "#!sudoku -c2,Name,Puzzle\r\nfirst," + SAMPLE + "\r\n"
    coll = fmt.loads(text)
    assert coll[0].meta == {"Name": "first"}
    assert coll[0].givens == Grid(SAMPLE).givens


def test_forum_csv_writes_rows_in_the_kept_header_layout() -> None:
    fmt = FORMATS["forum-csv"]
    text = "#!sudoku -c2,Name,Puzzle\r\nfirst," + SAMPLE + "\r\n"
    assert fmt.dumps(fmt.loads(text)) == text


# ---------------------------------------------------------------------- pictures


def test_text_renderer_is_str() -> None:
    grid = Grid(SAMPLE)
    assert TEXT.render(grid) == str(grid) + "\n"
    assert TEXT.kind == "text"
    with pytest.raises(OptionError):
        TEXT.render(grid, size=3)


def test_svg_renderer_declares_its_options() -> None:
    grid = Grid(SAMPLE)
    assert SVG.kind == "svg"
    picture = SVG.render(grid, highlight="r1c1, r5c5", theme="dark", size=200,
                         candidates="computed", conflicts=False, title="t",
                         solution="0" * 81)
    assert picture.count("highlight") >= 2
    assert "<title>t</title>" in picture
    assert picture == SVG.render(grid, highlight="r1c1 r5c5", theme="dark", size=200,
                                 candidates="computed", conflicts=False, title="t",
                                 solution="0" * 81)
    for bad in ({"theme": "neon"}, {"size": 0}, {"solution": "1"}, {"colors": "x"},
                {"candidates": "all"}):
        with pytest.raises(OptionError):
            SVG.render(grid, **bad)
    with pytest.raises(TypeError, match="draws a Grid"):
        SVG.render("not a grid")
