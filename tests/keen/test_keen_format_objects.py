"""Each Keen format object on its own (no registry): write -> read gives the same puzzle,
read -> write of canonical text gives the same text, mutated text that reads writes back
stably; declared options are checked; to_json() validates against the published schema."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt import PuzzleFormatError
from puzzlefmt.collection import Collection, LineCollection
from puzzlefmt.errors import OptionError
from puzzlefmt.format import Format
from puzzlefmt.keen import Puzzle, svg, text
from puzzlefmt.keen.family import FAMILY, read_any
from puzzlefmt.keen.formats import keen_id, keen_json, keen_list

from helpers import examples
from strategies.keen import any_puzzles, puzzles

SMALL = "3:a_a3_a_,a3m6m3s1"
SIX = "6:_a_a__a_4a_a_3a__a_ba4_a__a3__a_aa_,d3s1m60a7a6a6m36s1m6m6d3s3s4a12d2s1"
SIX_SOLUTION = "245361612543354126421635536412163254"

FORMATS = {f.name: f for f in FAMILY.formats}
# Options that make each format keep everything it can (and stay silent on 'y'/'z' runs).
KEEP: dict[str, dict[str, Any]] = {
    "keen": {"solution": True, "on_misread": "ignore"},
    "keen-list": {"on_misread": "ignore"},
    "keen-json": {},
}


def _one(fmt: Format, value: Any) -> Puzzle:
    if isinstance(fmt, LineCollection):
        assert isinstance(value, Collection)
        assert len(value) == 1
        value = value[0]
    assert isinstance(value, Puzzle)
    return value


def _line_safe(p: Puzzle) -> bool:
    """A game ID line can hold the puzzle (a seed with a line break or surrounding blanks
    needs JSON)."""
    s = p.seed
    return s is None or (s == s.strip() and "\n" not in s and "\r" not in s)


def test_family_shape() -> None:
    assert list(FORMATS) == ["keen", "keen-list", "keen-json", "keen-save"]
    assert [r.name for r in FAMILY.renderers] == ["keen-text", "keen-svg"]
    assert [r.kind for r in FAMILY.renderers] == ["text", "svg"]
    assert FAMILY.models == (Puzzle,)
    assert FAMILY.engine("canon") is None
    assert [o for e in FAMILY.engines if e.name == "canon" for o in e.options] == []
    assert FORMATS["keen"].holds == {"givens", "metadata", "seed"}
    assert "solution" in FORMATS["keen-list"].holds
    assert "comments" in FORMATS["keen-list"].holds
    assert "comments" not in FORMATS["keen-json"].holds
    for fmt in FAMILY.formats:
        assert fmt.family == "keen"
        assert fmt.model is Puzzle
    assert FORMATS["keen-list"].collection
    assert not FORMATS["keen"].collection


# The game-ID formats; the save file has its own round trips (tests/sgt/test_sgt_formats.py).
ID_FORMATS = ["keen", "keen-list", "keen-json"]


@pytest.mark.parametrize("name", ID_FORMATS)
@given(data=st.data())
@examples(80)
def test_write_read_same_object(name: str, data: st.DataObject) -> None:
    fmt = FORMATS[name]
    p = data.draw(any_puzzles() if name == "keen-json" else any_puzzles().filter(_line_safe))
    written = fmt.dumps(p, **KEEP[name])
    assert _one(fmt, fmt.loads(written)) == p


@pytest.mark.parametrize("name", ID_FORMATS)
@given(p=puzzles())
@examples(60)
def test_read_write_same_text(name: str, p: Puzzle) -> None:
    fmt = FORMATS[name]
    canonical = fmt.dumps(p, **KEEP[name])
    assert fmt.dumps(fmt.loads(canonical), **KEEP[name]) == canonical


_NOISE = st.sampled_from([*"0123456789_abcdemsuxyz,:#S \t\r\n{}[]\":", "é", "\x00", '"size"',
                          "6:", "_61", "a12", "null", "true", "-1"])


@pytest.mark.parametrize("name", ID_FORMATS)
@given(data=st.data())
@examples(150)
def test_mutated_text_that_reads_writes_back_stably(name: str, data: st.DataObject) -> None:
    """Insert, delete or replace a few characters: the reader either refuses with its own
    error, or reads something whose written form reads back to the same puzzles."""
    fmt = FORMATS[name]
    chars = list(fmt.dumps(data.draw(puzzles(max_size=6)), **KEEP[name]))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, max(len(chars) - 1, 0)))
        action = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        ch = data.draw(_NOISE)
        if action == "insert" or not chars:
            chars.insert(i, ch)
        elif action == "delete":
            del chars[i]
        else:
            chars[i] = ch
    mutated = "".join(chars)
    error: PuzzleFormatError | None = None
    try:
        first = fmt.loads(mutated)
    except PuzzleFormatError as exc:
        error = exc
    if error is not None:
        assert error.format == name
        return
    items = list(first) if isinstance(fmt, LineCollection) else [first]
    if not all(_line_safe(p) for p in items) and name != "keen-json":
        return  # pragma: no cover - a mutated line cannot make such a seed
    again = fmt.loads(fmt.dumps(first, **KEEP[name]))
    assert (list(again) if isinstance(fmt, LineCollection) else [again]) == items


def test_collections_keep_comments_and_stream() -> None:
    fmt = FORMATS["keen-list"]
    listed = f"# Keen\n\n{SMALL}\n# between\n{SIX} S{SIX_SOLUTION}\n# end\n"
    coll = fmt.loads(listed)
    assert isinstance(coll, Collection)
    assert fmt.dumps(coll) == listed
    assert fmt.dump_record(coll[1], solution=False) == SIX + "\n"
    pretty = FORMATS["keen-json"].dumps([Puzzle(SMALL), Puzzle(SIX)], indent=2)
    assert pretty.count("\n") > 20
    assert list(FORMATS["keen-json"].loads(pretty)) == [Puzzle(SMALL), Puzzle(SIX)]


def test_json_records_span_lines_linearly() -> None:
    """A pretty-printed record is gathered by bracket depth, not re-parsed at every line."""
    fmt = keen_json.FORMAT
    pretty = fmt.dumps(Puzzle(SIX), indent=1)
    lines = list(enumerate(pretty.splitlines() * 3, start=1))
    recs = list(fmt.iter_records(lines))
    assert [r.ok for r in recs] == [True, True, True]
    assert [r.line for r in recs] == [1, 1 + pretty.count("\n"), 1 + 2 * pretty.count("\n")]
    broken = [(1, '{"size": 3, "x": }'), (2, SMALL), (3, '{"size": 3,'), (4, ' "cages": [')]
    errs = [r.error for r in fmt.iter_records(broken)]
    assert [e is not None for e in errs] == [True, True, True]
    # "3:..." is the number 3, then extra data at column 2.
    assert [(e.line, e.column) for e in errs if e is not None][:2] == [(1, 18), (2, 2)]
    assert "found end of text" in str(errs[2])


def test_json_refuses_integers_python_cannot_read() -> None:
    """A 5,000-digit integer raised a plain ValueError in 0.1 (issue 11)."""
    text = '{"size":3,"x":' + "9" * 5000 + "}"
    with pytest.raises(PuzzleFormatError) as info:
        keen_json.FORMAT.loads(text)
    assert info.value.format == "keen-json"
    with pytest.raises(PuzzleFormatError):
        Puzzle.from_json(text)
    with pytest.raises(PuzzleFormatError, match="cages"):
        Puzzle.from_json({**Puzzle(SMALL).to_json(), "cages": [
            {"cells": list(range(9)), "op": "add", "target": 10**4001}]})


# -------------------------------------------------------------------- options


def test_undeclared_options_are_refused() -> None:
    p = Puzzle(SMALL, solution="213321132")
    with pytest.raises(OptionError, match="no writer option 'nonsense'"):
        keen_id.FORMAT.dumps(p, nonsense=1)
    with pytest.raises(OptionError, match="true or false"):
        keen_id.FORMAT.dumps(p, solution="yes")
    with pytest.raises(OptionError, match="must be one of"):
        keen_list.FORMAT.dumps(p, on_misread="shout")
    with pytest.raises(OptionError, match="at most 16"):
        keen_json.FORMAT.dumps(p, indent=100)
    with pytest.raises(OptionError, match="no reader option"):
        keen_id.FORMAT.loads(SMALL, runs="upstream")
    assert keen_id.FORMAT.dumps(p) == SMALL + "\n"
    assert keen_id.FORMAT.dumps(p, solution=True) == SMALL + " S213321132\n"
    assert keen_list.FORMAT.dumps([p], solution=False) == SMALL + "\n"


def test_options_parse_from_the_command_line() -> None:
    opts = {o.name: o for o in keen_id.FORMAT.write_options}
    assert opts["solution"].parse("yes") is True
    assert opts["on_misread"].parse("error") == "error"
    with pytest.raises(OptionError):
        opts["on_misread"].parse("loud")
    indent = keen_json.FORMAT.write_options[0]
    assert indent.parse("2") == 2
    with pytest.raises(OptionError):
        indent.parse("-1")
    assert "on_misread=warn|error|ignore (default 'warn')" in opts["on_misread"].describe()


def test_on_misread_option() -> None:
    rows = Puzzle.from_cages(
        9, [(range(9), "a", 45), (range(9, 18), "a", 45), (range(18, 27), "a", 45),
            ((27, 28), "a", 3), *[((c,), "a", 1) for c in range(29, 81)]])
    with pytest.raises(ValueError, match="mis-reads"):
        keen_list.FORMAT.dumps([rows], on_misread="error")
    assert keen_list.FORMAT.dumps([rows], on_misread="ignore").startswith("9:y_119,")


def test_line_writers_refuse_seeds_they_cannot_hold() -> None:
    p = Puzzle.from_seed(6, "12\r34")
    with pytest.raises(ValueError, match="keen-json can"):
        keen_id.FORMAT.dumps(p)
    assert keen_json.FORMAT.loads(keen_json.FORMAT.dumps(p)) == [p]


def test_renderers_declare_their_options() -> None:
    p = Puzzle(SMALL, solution="213321132")
    pic = text.RENDERER
    assert pic.render(p) == p.picture()
    assert "6×" in pic.render(p, symbols="unicode", solution=False)
    with pytest.raises(OptionError, match="must be one of"):
        pic.render(p, symbols="emoji")
    with pytest.raises(TypeError, match="draws a Puzzle"):
        pic.render("3:a_a3_a_,a3m6m3s1")
    drawn = svg.RENDERER.render(p, solution=True, highlight="r1c1, r3c3", colors="border=#603",
                                size=300)
    assert drawn == svg.keen_svg(p, solution=True, highlight=["r1c1", "r3c3"],
                                 colors={"border": "#603"}, size=300)
    with pytest.raises(OptionError, match="at most 8192"):
        svg.RENDERER.render(p, size=100_000)
    with pytest.raises(ValueError, match="NAME=VALUE"):
        svg.RENDERER.render(p, colors="border")


# -------------------------------------------------------------------- detection, JSON schema


def test_family_reader() -> None:
    assert read_any(SMALL) == Puzzle.from_game_id(SMALL)
    assert FAMILY.read(f"{SMALL}\n{SIX}\n") == [Puzzle(SMALL), Puzzle(SIX)]
    comments = "".join(f"# comment {i}\n" for i in range(100))
    # Sniffers look past comment lines (0.1 stopped after 64 lines of any kind).
    assert FAMILY.read(comments + f"{SMALL}\n{SIX}\n") == [Puzzle(SMALL), Puzzle(SIX)]
    assert keen_list.FORMAT.sniff(comments + SMALL + "\n") is not None


#: The schema's validator, made once (``jsonschema.validate`` checks the schema itself on every
#: call; the check is test_schema_is_a_valid_draft_2020_12_schema's).
VALIDATOR = jsonschema.Draft202012Validator(Puzzle.json_schema())


@given(p=any_puzzles())
@examples(150)
def test_to_json_validates_against_the_schema(p: Puzzle) -> None:
    data = p.to_json()
    VALIDATOR.validate(data)
    assert Puzzle.from_json(json.loads(json.dumps(data))) == p


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    schema = Puzzle.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize(
    "change",
    [
        {"colour": 1},
        {"size": 0},
        {"difficulty": "tricky"},
        {"cages": [{"cells": [0, 1], "op": "pow", "target": 3}]},
        {"cages": [{"cells": [0, 1], "op": "add", "target": -3}]},
        {"cages": [{"cells": [], "op": "add", "target": 3}]},
        # A seed ID of a size Keen does not make has no cages, so no solution either. (A
        # seed with cages other than its own is refused by the reader only: the schema
        # cannot expand seeds.)
        {"size": 12, "seed": "5", "cages": None, "solution": [1] * 144},
        {"multiplication_only": "yes"},
    ],
)
def test_schema_and_reader_refuse_alike(change: dict[str, object]) -> None:
    data = {**Puzzle(SMALL).to_json(), **change}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, Puzzle.json_schema())
    with pytest.raises(PuzzleFormatError):
        Puzzle.from_json(data)


def test_json_dict_with_an_integer_too_long_to_print() -> None:
    with pytest.raises(PuzzleFormatError, match=r"size: expected .* found a number of about"):
        Puzzle.from_json({**Puzzle(SMALL).to_json(), "size": 10**5000})
