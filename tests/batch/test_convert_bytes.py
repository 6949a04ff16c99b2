"""``convert`` on bytes (the columnar path of :mod:`puzzlefmt.textscan` and
:mod:`puzzlefmt.sudoku.convert_lines`) writes exactly what the record-by-record path writes:
every shared line-based Sudoku data file, every one-line target and its options, comments
passed on as before, the same rejects with the same record numbers and messages, the same
summary, ``--jobs 2`` too; and files made by Hypothesis with bad records, comments, blank
lines and every line ending, cut into blocks anywhere. The line reader under it gives the
lines :func:`puzzlefmt.textio.numbered_lines` gives, however the stream is cut."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt import batch, registry
from puzzlefmt.api import Lines, open_lines
from puzzlefmt.batch import SpanBlock, Summary, run_batch
from puzzlefmt.cli import main
from puzzlefmt.cli._common import EXIT_BAD_INPUT
from puzzlefmt.jobs import Job, comment_newline
from puzzlefmt.sudoku import convert_lines as linebytes
from puzzlefmt.textio import LineReader, numbered_lines, split_block

from helpers import examples, shared_path

DATA = ("data", "sudoku")
FILES = [
    *[("hodoku_py_testdata", name) for name in (
        "HardestDatabase110626.txt", "exemplars-1.0.txt", "qqwing_easy.sdm",
        "qqwing_expert.sdm", "qqwing_intermediate.sdm", "qqwing_simple.sdm",
        "sudocue_almostdn.sdm", "sudocue_learningcurve.sdm", "sudocue_noponies.sdm",
        "sudocue_snow2005.sdm", "sudocue_superiors.sdm", "sudocue_top10000.sdm",
        "top1465.sdm")],
    *[("tdoku_format", name) for name in (
        "puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106", "puzzles7_serg_benchmark_CRLF")],
]
HEAD = 2000  # big files are cut (the record-by-record path is the slow side)
TARGETS = ["line", "txt", "sdm"]
OPTIONS = {
    "line": [[], ["blank=0"], ["blank=*"], ["values=true"], ["comment=false"]],
    "txt": [[], ["blank=0"], ["blank=X"], ["values=true", "comment=false"]],
    "sdm": [[], ["values=true"]],
}
_TIMING = re.compile(r" \([0-9.]+ s, [0-9,]+ records/s\)")


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("bytes")
    out = []
    for parts in FILES:
        path = shared_path(*DATA, *parts)
        lines = path.read_bytes().splitlines(keepends=True)
        if len(lines) > HEAD:
            lines = lines[:HEAD]
        # Something for the record-by-record path in every file: a comment, a broken
        # record, both blanks, a comment after the cells, a blank line.
        ending = b"\r\n" if lines[-1].endswith(b"\r\n") else b"\n"
        cells = next(ln[:81] for ln in lines if not ln.startswith(b"#"))
        for at, extra in ((3, b"# a comment put in"), (5, cells[:60]),
                          (9, b"." * 40 + b"0" * 41), (12, cells + b" # rated 9.1"),
                          (15, b""), (17, b"   \t"), (20, cells[:80] + b"x")):
            lines.insert(min(at, len(lines)), extra + ending)
        target = folder / path.name
        target.write_bytes(b"".join(lines))
        out.append(target)
    return out


def _run(args: list[str], folder: Path, capsys: pytest.CaptureFixture[str]
         ) -> tuple[int, bytes, bytes, str]:
    out, rejects = folder / "out", folder / "rejects"
    code = main([*args, "-o", str(out), "--rejects", str(rejects), "--no-progress"])
    # Warnings and rejections are said chunk by chunk (warnings first): their order follows
    # the chunk size, which the two paths do not share; each line must be the same.
    said = "".join(sorted(_TIMING.sub("", capsys.readouterr().err).splitlines(keepends=True)))
    return code, out.read_bytes(), rejects.read_bytes(), said


def _both(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
          ) -> tuple[tuple[int, bytes, bytes, str], tuple[int, bytes, bytes, str]]:
    (tmp_path / "fast").mkdir(exist_ok=True)
    (tmp_path / "slow").mkdir(exist_ok=True)
    fast = _run(args, tmp_path / "fast", capsys)
    slow = _run([*args, "--object-path"], tmp_path / "slow", capsys)
    return fast, slow


@pytest.mark.parametrize("target", TARGETS)
def test_every_shared_file_every_target(samples: list[Path], target: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    taken = 0
    for path in samples:
        with mock.patch.object(linebytes, "convert_spans", wraps=linebytes.convert_spans) as spy:
            fast, slow = _both(["convert", str(path), "--to", target], tmp_path, capsys)
        assert fast == slow, f"{path.name} --to {target}"
        assert fast[0] == EXIT_BAD_INPUT  # the broken records are rejected
        assert fast[2]
        taken += spy.called
    # Every file but the forum CSV (HardestDatabase) is a .txt or .sdm collection.
    assert taken == len(samples) - 1


@pytest.mark.parametrize(("target", "options"),
                         [(t, o) for t, opts in OPTIONS.items() for o in opts if o])
def test_target_options(samples: list[Path], target: str, options: list[str],
                        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    flags = [x for o in options for x in ("--option", o)]
    for path in (samples[0], samples[2], samples[13]):  # .txt, .sdm, tdoku
        fast, slow = _both(["convert", str(path), "--to", target, *flags], tmp_path, capsys)
        assert fast == slow, f"{path.name} --to {target} {options}"


def test_jobs_two(samples: list[Path], tmp_path: Path,
                  capsys: pytest.CaptureFixture[str]) -> None:
    path = samples[11]  # sudocue_top10000.sdm, cut
    (tmp_path / "two").mkdir()
    two = _run(["convert", str(path), "--to", "txt", "--jobs", "2"], tmp_path / "two", capsys)
    _, slow = _both(["convert", str(path), "--to", "txt"], tmp_path, capsys)
    assert two == slow


def test_a_whole_file_gives_its_lines() -> None:
    """The whole 17-clue file through the bytes path: its record lines, as they are (an
    expectation that does not come from puzzlefmt)."""
    path = shared_path(*DATA, "tdoku_format", "puzzles2_17_clue")
    want = [ln for ln in path.read_text(encoding="ascii").splitlines()
            if ln and not ln.startswith("#")]
    got = io.StringIO()
    summary = _convert(open_lines(path), "line", {}, got)
    assert got.getvalue().splitlines() == want
    assert (summary.records_in, summary.written, summary.rejected) == (len(want),) * 2 + (0,)


def _convert(lines: Lines, target: str, options: dict[str, object], out: io.StringIO,
             *, fast: bool = True, rejects: io.StringIO | None = None) -> Summary:
    source = lines.format
    keep = comment_newline(source, registry.get_format(target))
    job = Job("convert", target=target, options=tuple(options.items()))
    block = job.block(source, keep) if fast else None
    if fast:
        assert isinstance(block, SpanBlock)
    try:
        return run_batch(lines, job.task(), out=out, rejects=rejects, block=block,
                         comments=keep, placeholder=job.placeholder)
    finally:
        lines.close()


# ---------------------------------------------------------------- Hypothesis-made files

_CELLS = "123456789"


@st.composite
def _record(draw: st.DrawFn) -> str:
    blank = draw(st.sampled_from(".0"))
    cells = draw(st.text(alphabet=_CELLS + blank * 3, min_size=81, max_size=81))
    kind = draw(st.sampled_from(["plain"] * 6 + ["short", "long", "letter", "both",
                                                 "after", "indented", "sukaku"]))
    if kind == "short":
        return cells[: draw(st.integers(1, 80))]
    if kind == "long":
        return cells + draw(st.sampled_from(_CELLS + ".0"))
    if kind == "letter":
        k = draw(st.integers(0, 80))
        return cells[:k] + draw(st.sampled_from("aZ?é\x00")) + cells[k + 1:]
    if kind == "both":
        return "." + cells[1:80] + "0"
    if kind == "after":
        return cells + draw(st.sampled_from([" # note", "\tED=9.1", ";x", " "]))
    if kind == "indented":
        return " " + cells
    if kind == "sukaku":
        return draw(st.text(alphabet="123456789.", min_size=729, max_size=729))
    return cells


_COMMENT = st.sampled_from(["# a comment", "#", "", "   ", "\t# indented", "# café ✓",
                            "\u00a0", "\u3000# wide", "#" + "0" * 80, "\x0c"])


@st.composite
def _collection(draw: st.DrawFn) -> str:
    lines = draw(st.lists(st.one_of(_record(), _COMMENT), min_size=1, max_size=40))
    ends = draw(st.lists(st.sampled_from(["\n", "\r\n", "\r"]), min_size=len(lines),
                         max_size=len(lines)))
    if draw(st.booleans()):  # most files use one line ending
        ends = [ends[0]] * len(lines)
    text = "".join(ln + end for ln, end in zip(lines, ends, strict=True))
    if draw(st.booleans()):
        text = text.rstrip("\r\n")
    return text


def _cut(text: str, points: list[int]) -> list[str]:
    points = sorted({p % (len(text) + 1) for p in points})
    return [text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True)]


@examples(150)
@given(text=_collection(), points=st.lists(st.integers(0, 10_000), max_size=8),
       target=st.sampled_from(TARGETS), source=st.sampled_from(["txt", "sdm"]),
       block=st.sampled_from([1, 90, 300, 1 << 20]))
def test_made_files(text: str, points: list[int], target: str, source: str,
                    block: int) -> None:
    """Blocks cut anywhere (a CRLF split across chunks too), bad records, comments and
    blank lines: the same output, rejects and summary as the record-by-record path."""
    got: list[tuple[str, str, tuple[int, int, int, int]]] = []
    for fast in (True, False):
        out, rejects = io.StringIO(), io.StringIO()
        with mock.patch.object(batch, "TEXT_BLOCK", block):
            s = _convert(open_lines(_cut(text, points), source), target, {}, out, fast=fast,
                         rejects=rejects)
        got.append((out.getvalue(), rejects.getvalue(),
                    (s.records_in, s.written, s.rejected, s.warned)))
    assert got[0] == got[1]


# ---------------------------------------------------------------- the line reader

_TEXT = st.text(alphabet=st.sampled_from(["a", "1", ".", "#", " ", "\n", "\r", "é", "\ufeff"]),
                max_size=200)


@given(text=_TEXT, points=st.lists(st.integers(0, 1000), max_size=10),
       peek=st.integers(0, 5), size=st.integers(0, 50))
def test_line_reader_gives_the_lines_of_numbered_lines(text: str, points: list[int],
                                                        peek: int, size: int) -> None:
    want = list(numbered_lines(_cut(text, points)))
    reader = LineReader(_cut(text, points))
    peeked = [item for item, _ in zip(reader.peek(), range(peek), strict=False)]
    assert peeked == want[: len(peeked)]
    assert list(reader) == want
    again = LineReader(_cut(text, points))
    list(zip(again.peek(), range(peek), strict=False))
    blocks = list(again.blocks(size))
    assert [ln for b in blocks for ln in split_block(b)] == [ln for _, ln in want]
    for b in blocks[:-1]:
        assert b.endswith(("\n", "\r"))
    for b, nxt in itertools.pairwise(blocks):
        assert not (b.endswith("\r") and nxt.startswith("\n"))  # a CRLF is never cut


def test_line_reader_takes_one_way() -> None:
    reader = LineReader(["a\nb\n"])
    assert next(reader) == (1, "a")
    assert not reader.fresh
    with pytest.raises(ValueError, match="already taken"):
        reader.blocks()
    other = LineReader(["a\nb\n"])
    assert list(other.blocks()) == ["a\nb\n"]
    with pytest.raises(ValueError, match="already taken"):
        iter(other)


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16", "utf-8-sig"])
def test_encodings(encoding: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Files in the encodings the reader takes, an accented comment past the first chunk
    read (a Latin-1 file is found out there): the same on both paths."""
    path = shared_path(*DATA, "hodoku_py_testdata", "sudocue_top10000.sdm")
    lines = path.read_text(encoding="ascii").splitlines()
    lines.insert(len(lines) // 2, "# Sudoku très difficile")
    lines.insert(len(lines) // 2 + 1, "   \t")
    source = tmp_path / "in.sdm"
    source.write_bytes("\r\n".join(lines).encode(encoding))
    for target in TARGETS:
        fast, slow = _both(["convert", str(source), "--to", target], tmp_path, capsys)
        assert fast == slow
        assert fast[0] == 0
    assert "très".encode() in fast[1]  # sdm keeps the comment (in UTF-8)
