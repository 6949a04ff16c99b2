"""The CGP formats in the registry, the generic API and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cgp_vectors import rows

import puzzlefmt
from puzzlefmt import PuzzleFormatError, registry
from puzzlefmt.cgp import Game, Position, picture
from puzzlefmt.cli import main
from puzzlefmt.collection import Collection

EMPTY = "/".join(["15"] * 15)
SPEC1 = f"{EMPTY} AELNOQT/ 0/0 0 lex NWL18; lm -2;"
MAVEN = (
    "5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/"
    "LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? "
    "0/0 0 lex OSPD1;"
)


def test_formats_are_registered() -> None:
    names = {f.name for f in puzzlefmt.formats()}
    assert {"cgp", "cgp-list", "cgp-json", "gcg"} <= names
    assert {"cgp-text", "cgp-svg", "gcg-text", "gcg-svg"} == {
        r.name for r in registry.renderers("cgp")}  # pictures: written, never read
    assert registry.get_format(".cgp").name == "cgp"
    assert registry.get_format("cgps").name == "cgp-list"
    assert registry.get_format(".gcg").name == "gcg"
    fam = registry.family("cgp")
    assert fam.models == (Position, Game)
    assert fam.engine("solve") is None
    assert Position(f"{EMPTY} ZZ/ 0/0 0").problems() != []
    assert Position(SPEC1).to_json()["cgp"] == SPEC1
    assert registry.format_for_object(Position()).name == "cgp"


def test_detect_one_and_many() -> None:
    ranked = puzzlefmt.detect(SPEC1 + "\n")
    assert ranked[0].format == "cgp"
    assert "board of 15 rows" in ranked[0].reason
    many = puzzlefmt.detect(f"# games\n{SPEC1}\n{MAVEN}\n")
    assert many[0].format == "cgp-list"
    assert puzzlefmt.detect(puzzlefmt.dumps(Position(SPEC1), "cgp-json"))[0].format == "cgp-json"


def test_detect_every_vector_as_cgp() -> None:
    checked = 0
    for row in rows("macondo.tsv") + rows("magpie_valid.tsv"):
        if row.kind != "valid":
            continue
        ranked = puzzlefmt.detect(row.cgp)
        assert ranked, row.where()
        assert ranked[0].format == "cgp", row.where()
        checked += 1
    assert checked > 100


@pytest.mark.parametrize(
    "text",
    [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "3:3/1/2,a2b",
        "",
        "hello world",
        "{}",
        "15/15 / x 0",
    ],
)
def test_sniffers_do_not_claim_other_text(text: str) -> None:
    for fmt in puzzlefmt.formats("cgp"):
        sniff = fmt.sniff(text)
        assert sniff is None or sniff.score < 0.5, (fmt.name, text)


def test_loads_and_dumps() -> None:
    pos = puzzlefmt.loads(SPEC1)
    assert isinstance(pos, Position)
    assert puzzlefmt.dumps(pos) == SPEC1 + "\n"
    assert puzzlefmt.dumps(pos, "cgp", operations="none") == f"{EMPTY} AELNOQT/ 0/0 0\n"
    text = puzzlefmt.dumps(pos, "cgp-text")
    assert text == picture(pos) + "\n"
    assert "> player 1  AELNOQT" in text
    with pytest.raises(PuzzleFormatError, match="'cgp-text' is a picture"):
        puzzlefmt.loads(text, "cgp-text")


def test_single_format_refuses_two_positions() -> None:
    with pytest.raises(PuzzleFormatError) as info:
        puzzlefmt.loads(f"{SPEC1}\n{MAVEN}\n", "cgp")
    assert info.value.line == 2
    assert "cgp-list" in info.value.message


def test_list_keeps_comments() -> None:
    text = f"# first\n{SPEC1}\n\n# second\n{MAVEN}\n# end\n"
    coll = puzzlefmt.loads(text)
    assert isinstance(coll, Collection)
    assert coll.format == "cgp-list"
    assert [p.cgp() for p in coll] == [SPEC1, MAVEN]
    assert puzzlefmt.dumps(coll, "cgp-list") == text


def test_text_picture_shows_premiums_tiles_and_blanks() -> None:
    pos = Position(MAVEN)
    lines = str(pos).split("\n")
    assert lines[0].split() == [chr(65 + i) for i in range(15)]
    # row 6 is MA1TAW3c2H2: tiles, the blank c in lower case, '"' triple letter on 6N
    assert lines[6].split() == ["6", "M", "A", ".", "T", "A", "W", ".", ".", ".", "c", ".",
                                ".", "H", '"', "."]
    empty = str(Position()).split("\n")
    assert empty[1].split() == ["1", "=", ".", ".", "'", ".", ".", ".", "=", ".", ".", ".",
                                "'", ".", ".", "="]
    assert empty[8].split()[8] == "*"  # the start square
    assert "(unknown)" in empty[17]


def test_cli_detect_validate_convert_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lst = tmp_path / "games.cgps"
    lst.write_text(f"# two\n{SPEC1}\n{EMPTY} ZZ/ 0/0 0\n{EMPTY} / x/0 0\n", encoding="utf-8")
    one = tmp_path / "one.cgp"
    one.write_text(MAVEN + "\n", encoding="utf-8")

    assert main(["detect", str(lst), str(one)]) == 0
    out = capsys.readouterr().out
    assert "cgp-list" in out
    assert "\tcgp\t" in out

    assert main(["validate", str(lst), "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert "1\tvalid" in captured.out
    assert "2\tinvalid: racks: board and racks hold 2 Z tiles" in captured.out
    assert "record 3, line 4" in captured.err
    assert "scores: score 1" in captured.err

    assert main(["validate", str(one), "--no-progress"]) == 0
    capsys.readouterr()

    out_json = tmp_path / "one.json"
    assert main(["convert", str(one), "-t", "cgp-json", "-o", str(out_json),
                 "--no-progress"]) == 0
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["cgp"] == MAVEN
    assert data["racks"] == [list("IKLMTZ"), list("AEINRU?")]
    capsys.readouterr()
    assert main(["convert", str(out_json), "-t", "cgp", "--no-progress"]) == 0
    assert capsys.readouterr().out == MAVEN + "\n"

    assert main(["show", str(one)]) == 0
    shown = capsys.readouterr().out
    assert "5BERGS5" not in shown
    assert "B E R G S" in shown

    # the text picture is a renderer (show prints it), not a format to convert to
    assert main(["convert", str(one), "-t", "cgp-text", "--no-progress"]) == 2
    assert "'cgp-text' is a picture" in capsys.readouterr().err
    assert "B E R G S" in puzzlefmt.render(Position(MAVEN), "text")


def test_iter_records_collects_errors(tmp_path: Path) -> None:
    path = tmp_path / "x.cgps"
    path.write_text(f"{SPEC1}\nnot a position\n{MAVEN}\n", encoding="utf-8")
    recs = list(puzzlefmt.iter_records(str(path)))
    assert [r.ok for r in recs] == [True, False, True]
    assert recs[1].error is not None
    assert recs[1].error.record == 2
