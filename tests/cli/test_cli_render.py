"""``puzzlefmt render``: one record of any input to SVG (file or standard output) or PNG;
options reach the renderer; bad input or options are one line on stderr and exit 2."""

from __future__ import annotations

import importlib.util
import struct
import sys
from pathlib import Path

import pytest

from puzzlefmt.cli import main
from puzzlefmt.cli import render as render_cli
from puzzlefmt.svg import THEMES
from svg_golden import find, parse, texts

SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
KEEN = "3:a_a3_a_,a3m6m3s1"
KEEN_SOLUTION = "213321132"
CGP = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18;"
HAVE_CAIROSVG = importlib.util.find_spec("cairosvg") is not None


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "Traceback" not in err
    return err


def test_render_each_family_to_svg(tmp_path: Path) -> None:
    for name, text, cls in (
        ("s.txt", SUDOKU + "\n", "sudoku"),
        ("k.txt", KEEN + "\n", "keen"),
        ("p.cgp", CGP + "\n", "cgp"),
    ):
        out = tmp_path / (cls + ".svg")
        assert main(["render", write(tmp_path, name, text), "-o", str(out)]) == 0
        root = parse(out.read_text(encoding="utf-8"))
        assert root.get("class") == cls


def test_render_to_stdout_with_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = write(tmp_path, "s.txt", SUDOKU + "\n")
    code = main(["render", src, "-o", "-", "--size", "200", "--theme", "dark",
                 "--color", "given=#123456", "--highlight", "r1c1,r9c9", "--highlight", "r5c5"])
    assert code == 0
    root = parse(capsys.readouterr().out)
    assert root.get("width") == "200"
    assert {el.get("fill") for el in find(root, "text", "given")} == {"#123456"}
    lit = [el.get("class") for el in find(root, "rect", "highlight")]
    assert lit == ["cell r1c1 highlight", "cell r5c5 highlight", "cell r9c9 highlight"]


def test_record_of_a_collection(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write(tmp_path, "ids.txt", KEEN + "\n" + "2:_3a,a1d2m2\n")
    assert main(["render", src, "-o", "-", "--record", "2", "--from", "keen-list"]) == 0
    assert texts(parse(capsys.readouterr().out), "clue") == ["1", "2÷", "2"]
    assert main(["render", src, "-o", "-", "--record", "3"]) == 2
    assert "no record 3; the input has 2 records" in one_error_line(capsys)
    assert main(["render", src, "-o", "-", "--record", "0"]) == 2
    assert "--record must be 1 or more" in one_error_line(capsys)


def test_solution_attached_or_solved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write(tmp_path, "k.txt", KEEN + "\n")
    assert main(["render", src, "-o", "-", "--solution"]) == 0
    assert "".join(texts(parse(capsys.readouterr().out), "digit")) == KEEN_SOLUTION
    assert main(["render", src, "-o", "-"]) == 0
    assert texts(parse(capsys.readouterr().out), "digit") == []
    cgp = write(tmp_path, "p.cgp", CGP + "\n")
    assert main(["render", cgp, "-o", "-", "--solution"]) == 2
    assert "cgp records have no solution" in one_error_line(capsys)


def test_bad_output_name_and_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write(tmp_path, "k.txt", KEEN + "\n")
    assert main(["render", src, "-o", str(tmp_path / "k.gif")]) == 2
    assert "must end in .svg or .png" in one_error_line(capsys)
    assert main(["render", src, "-o", "-", "--color", "border"]) == 2
    assert "expected NAME=VALUE" in one_error_line(capsys)
    assert main(["render", src, "-o", "-", "--color", "walls=red"]) == 2
    assert "unknown colour 'walls'" in one_error_line(capsys)
    assert main(["render", src, "-o", "-", "--highlight", "8H"]) == 2
    assert "expected a cell such as 'r1c1'" in one_error_line(capsys)
    assert main(["render", src, "-o", "-", "--size", "0"]) == 2
    assert "--size" in one_error_line(capsys)
    assert main(["render", str(tmp_path / "missing.txt"), "-o", "-"]) == 2
    assert "no such file" in one_error_line(capsys)
    assert not (tmp_path / "k.gif").exists()


def test_bad_input_names_the_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write(tmp_path, "ids.txt", KEEN + "\n" + "3:a_a3_a_,a3m6\n")
    assert main(["render", src, "-o", "-", "--record", "2", "--from", "keen-list"]) == 2
    assert "record 2" in one_error_line(capsys)
    seed = write(tmp_path, "seed.txt", "12dn#12345\n")  # a size Keen does not make
    assert main(["render", seed, "-o", "-"]) == 2
    assert "random-seed ID" in one_error_line(capsys)


def test_theme_choices_match_the_renderers() -> None:
    assert render_cli.THEME_CHOICES == THEMES


@pytest.mark.skipif(not HAVE_CAIROSVG, reason="cairosvg (the optional png extra) is not "
                    "installed")
def test_render_png(tmp_path: Path) -> None:
    src = write(tmp_path, "p.cgp", CGP + "\n")
    out = tmp_path / "p.png"
    assert main(["render", src, "-o", str(out), "--size", "640"]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">I", data[16:20])[0] == 640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.cgp", "p.png"]  # no temp file


def test_png_without_the_extra(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    src = write(tmp_path, "k.txt", KEEN + "\n")
    assert main(["render", src, "-o", str(tmp_path / "k.png")]) == 2
    assert "pip install 'puzzlefmt[png]'" in one_error_line(capsys)
    assert not (tmp_path / "k.png").exists()
