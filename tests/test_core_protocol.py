"""The base layer on its own: options, formats, collections, detection, models, the atomic
writer and line splitting, with a toy family defined here (no real family involved)."""

from __future__ import annotations

import functools
import os
import stat
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Self

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.collection import Collection, LineCollection
from puzzlefmt.detection import rank, read_detected
from puzzlefmt.errors import OptionError, PuzzleFormatError
from puzzlefmt.family import Family
from puzzlefmt.format import Format, Option, Renderer, Sniff
from puzzlefmt.model import Engines, Model, Problem, SolveResult, install, json_object
from puzzlefmt.outfile import output, write_text
from puzzlefmt.textio import iter_lines, split_lines

# --------------------------------------------------------------------------- a toy family


class Word(Model):
    """A toy model: a word of lower-case letters; a repeated letter is a 'problem'."""

    family = "toy"

    def __init__(self, text: str | None = None, *, letters: str = "") -> None:
        if text is not None:
            letters = self._read_text(text).letters
        self.letters = letters

    def _key(self) -> tuple[Any, ...]:
        return (self.letters,)

    def problems(self) -> list[Problem]:
        seen: set[str] = set()
        out = []
        for i, ch in enumerate(self.letters):
            if ch in seen:
                out.append(Problem("repeat", f"{ch} again", f"letter {i + 1}"))
            seen.add(ch)
        return out

    def status(self) -> int:
        return int(bool(self.problems()))

    def copy(self) -> Self:
        return type(self)(letters=self.letters)

    def to_json(self) -> dict[str, Any]:
        return {"letters": self.letters}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Self:
        return cls(letters=str(json_object(data, format="toy-json")["letters"]))

    def __str__(self) -> str:
        return " ".join(self.letters)

    def __repr__(self) -> str:
        return f"Word({self.letters!r})"

    def solve(self, limit: int = 2) -> SolveResult[Self]:
        return self._solve(limit)


def _read_word(text: str, *, upper: bool = False) -> Word:
    word = text.strip()
    if upper:
        word = word.lower()
    for i, ch in enumerate(word):
        if not ch.isalpha() or not ch.isascii():
            raise PuzzleFormatError.expecting("a letter", repr(ch), format="word", line=1,
                                              column=i + 1, text=word)
    return Word(letters=word.lower())


def _write_word(word: Word, *, shout: bool = False) -> str:
    return (word.letters.upper() if shout else word.letters) + "\n"


WORD = Format(
    name="word", family="toy", model=Word, description="one word",
    sniff_text=lambda t: Sniff(0.5, "letters") if t.strip().isalpha() else None,
    read=_read_word, write=_write_word, extensions=("wd",),
    read_options=(Option("upper", bool, False, "accept upper case"),),
    write_options=(Option("shout", bool, False, "upper case"),),
)
WORDS = LineCollection(
    name="words", family="toy", model=Word, description="a word a line",
    sniff_text=lambda t: Sniff(0.6, "lines of letters") if t.count("\n") > 1 else None,
    parse_record=functools.partial(_read_word, upper=False),
    write_record=lambda w, **o: _write_word(w, **o).rstrip("\n"),
    write_options=(Option("shout", bool, False, "upper case"),),
    newline="\r\n",
)
def _read_headed(line: str, context: str) -> Word:
    word = _read_word(line)
    return Word(letters=word.letters.upper() if context == "upper" else word.letters)


HEADED = LineCollection(
    name="headed", family="toy", model=Word, description="words after a header",
    sniff_text=lambda t: None, parse_record=_read_headed,
    write_record=lambda w, context=None: (w.letters.upper() if context == "upper"
                                          else w.letters.lower()),
    header=lambda ln: ln.split()[1] if ln.startswith("#!words ") else None,
    write_header=lambda first: "#!words upper" if first.letters.isupper() else "#!words lower",
    header_name="#!words header",
)
TOY = Family(name="toy", models=(Word,), formats=(WORD, WORDS, HEADED),
             renderers=(Renderer(name="toy-text", family="toy", model=Word, kind="text",
                                 description="spaced", draw=str),))


def _solve(word: Word, limit: int) -> SolveResult[Word]:
    return SolveResult(1, limit, [Word(letters="".join(sorted(word.letters)))])


install(Word, Engines(read=TOY.read, svg=lambda w: f"<svg>{w.letters}</svg>", solve=_solve))


# --------------------------------------------------------------------------- options


def test_option_parsing_by_declaration() -> None:
    blank = Option("blank", str, ".", "the blank", length=1)
    assert blank.parse("0") == "0"
    with pytest.raises(OptionError, match="1 character"):
        blank.parse("00")
    limit = Option("limit", int, 2, "how many", minimum=1, maximum=100)
    assert limit.parse("7") == 7
    for bad, why in (("x", "whole number"), ("0", "at least 1"), ("101", "at most 100"),
                     ("9" * 5000, "whole number"), ("²", "whole number")):
        with pytest.raises(OptionError, match=why):
            limit.parse(bad)
    flag = Option("flag", bool, False, "on or off")
    assert flag.parse("TRUE") is True
    assert flag.parse("no") is False
    with pytest.raises(OptionError, match="true or false"):
        flag.parse("maybe")
    style = Option("style", str, "a", "style", choices=("a", "b"))
    with pytest.raises(OptionError, match="one of 'a', 'b'"):
        style.check("c")
    assert "style=a|b" in style.describe()


def test_formats_refuse_undeclared_options_and_bad_values() -> None:
    word = Word(letters="abc")
    assert WORD.dumps(word, shout=True) == "ABC\n"
    with pytest.raises(OptionError, match="no writer option 'nonsense'"):
        WORD.dumps(word, nonsense=1)
    with pytest.raises(OptionError, match="true or false"):
        WORD.dumps(word, shout="yes")
    with pytest.raises(OptionError, match="no reader option"):
        WORD.loads("abc", shout=True)
    assert WORD.loads("ABC", upper=True) == word
    # collections declare and check theirs too (0.1 dropped them silently)
    with pytest.raises(OptionError, match="no writer option 'nonsense'"):
        WORDS.dumps([word], nonsense=1)
    assert WORDS.dumps([word], shout=True) == "ABC\r\n"


def test_a_single_record_format_says_why_it_cannot_write_a_list() -> None:
    word = Word(letters="abc")
    assert WORD.dumps([word]) == "abc\n"
    with pytest.raises(TypeError, match="word writes one Word, not a list of 2"):
        WORD.dumps([word, word])


# --------------------------------------------------------------------------- collections


def test_line_collection_keeps_comments_and_streams_errors() -> None:
    text = "# a list\r\nabc\r\n\r\nd1e\r\nfoo\r\n# end\r\n"
    with pytest.raises(PuzzleFormatError) as info:
        WORDS.loads(text)
    assert (info.value.record, info.value.line, info.value.column) == (2, 4, 2)
    recs = list(WORDS.iter_records(enumerate(split_lines(text), 1)))
    assert [(r.number, r.line, r.ok) for r in recs] == [(1, 2, True), (2, 4, False),
                                                        (3, 5, True)]
    with_comments = list(WORDS.iter_records(enumerate(split_lines(text), 1), comments=True))
    assert [r.text for r in with_comments if r.comment] == ["# a list", "", "# end"]
    good = WORDS.loads(text.replace("d1e", "def"))
    assert isinstance(good, Collection)
    assert good.comments == {0: ["# a list"], 1: [""], 3: ["# end"]}
    assert WORDS.dumps(good) == text.replace("d1e", "def")


def test_a_header_is_required_where_the_format_has_one() -> None:
    assert list(HEADED.loads("#!words lower\nab\n")) == [Word(letters="ab")]
    assert list(HEADED.loads("#!words upper\nab\n")) == [Word(letters="AB")]
    assert HEADED.dumps([Word(letters="AB")]) == "#!words upper\nAB\n"
    # rows are written in the layout of the header they stand under
    assert HEADED.dumps(HEADED.loads("# c\n#!words upper\nab\n")) == "# c\n#!words upper\nAB\n"
    with pytest.raises(PuzzleFormatError) as info:
        list(HEADED.iter_records([(1, "# c"), (2, "ab"), (3, "cd")]))
    assert str(info.value) == ('headed: line 2: expected the #!words header before the first '
                               'record, found a record ("ab")')
    with pytest.raises(PuzzleFormatError, match="expected the #!words header"):
        HEADED.loads("# only a comment\n")


@given(st.lists(st.text(alphabet="abcxyz", min_size=1, max_size=8), max_size=12))
def test_collection_round_trip(words: list[str]) -> None:
    items = [Word(letters=w) for w in words]
    text = WORDS.dumps(items)
    back = WORDS.loads(text)
    assert list(back) == items
    assert WORDS.dumps(back) == text


# --------------------------------------------------------------------------- detection


def test_detection_ranks_and_hands_over_the_best_candidates_error() -> None:
    ranked = rank(TOY.formats, "abc\ndef\nghi\n")
    assert [c.format for c in ranked] == ["words"]
    assert rank(TOY.formats, "abc", filename="x.wd")[0].reason == "letters; file extension .wd"
    # no sniffer matches, but the file's extension names a format: its own error comes back
    with pytest.raises(PuzzleFormatError) as info:
        read_detected(TOY.formats, "ab1", filename="x.wd")
    assert (info.value.format, info.value.column) == ("word", 3)
    with pytest.raises(PuzzleFormatError, match="found nothing any format recognises"):
        read_detected(TOY.formats, "12 34", what="toy")


def test_a_sniffer_that_raises_never_breaks_detection() -> None:
    def broken(text: str) -> Sniff | None:
        raise IndexError("oops")

    fmt = Format(name="b", family="toy", model=Word, description="", sniff_text=broken,
                 read=_read_word, write=_write_word)
    assert fmt.sniff("abc") is None


# --------------------------------------------------------------------------- models


def test_the_model_protocol_from_the_base_class() -> None:
    word = Word("banana")
    assert word == Word(letters="banana")
    assert hash(word) == hash(Word(letters="banana"))
    assert word != Word(letters="band")
    assert word.copy() == word
    assert word.copy() is not word
    assert not word.is_valid()
    assert [(p.code, p.where) for p in word.problems()][:1] == [("repeat", "letter 4")]
    assert str(Problem("c", "m", severity="warning")) == "warning: m"
    assert word._repr_svg_() == "<svg>banana</svg>"
    result = word.solve()
    assert result.status == "unique"
    assert result.solution == Word(letters="aaabnn")
    with pytest.raises(ValueError, match="at least 1"):
        word.solve(0)
    assert Word.from_json('{"letters": "ab"}') == Word(letters="ab")
    with pytest.raises(PuzzleFormatError, match="expected JSON"):
        Word.from_json("{bad")
    with pytest.raises(PuzzleFormatError, match="expected JSON"):
        Word.from_json('{"letters": ' + "9" * 5000 + "}")
    with pytest.raises(PuzzleFormatError, match="expected a JSON object, found list"):
        Word.from_json("[1]")


def test_solve_result_statuses() -> None:
    assert SolveResult(0, 2).status == "none"
    assert SolveResult(2, 2, ["a", "b"]).status == "multiple"
    assert SolveResult(2, 2, ["a", "b"]).solution is None
    unknown = SolveResult(0, 2, complete=False, reason="gave up")
    assert (unknown.status, unknown.unique) == ("unknown", False)


# --------------------------------------------------------------------------- output files


def test_output_replaces_a_regular_file_atomically_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    target.chmod(0o644)
    def fail_halfway() -> None:
        with output(target) as out:
            out.write("half")
            raise RuntimeError("stop")

    with pytest.raises(RuntimeError):
        fail_halfway()
    assert target.read_text() == "old"
    assert not list(tmp_path.glob("*.part"))
    write_text(target, "new")
    assert target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_output_of_a_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_text(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644


def test_output_follows_a_symlink_and_streams_into_a_fifo(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_text(link, "new")
    assert link.is_symlink()
    assert real.read_text() == "new"
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    write_text(fifo, "through the pipe")
    out, _ = reader.communicate(timeout=10)
    assert out == b"through the pipe"
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    write_text("/dev/null", "nothing")  # a device stays a device
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_errors_name_the_users_path(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir" / "x.txt"
    with pytest.raises(OSError, match=r"x\.txt") as info:
        write_text(missing, "x")
    assert info.value.filename == str(missing)
    with pytest.raises(IsADirectoryError):
        write_text(tmp_path, "x")


def test_a_part_file_left_by_a_killed_process_is_removed_next_time(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead = int(proc.stdout)
    stale = tmp_path / f".out.txt.puzzlefmt-{dead}.part"
    stale.write_text("half")
    other = tmp_path / f".other.txt.puzzlefmt-{dead}.part"
    other.write_text("half")
    write_text(tmp_path / "out.txt", "done")
    assert not stale.exists()
    assert other.exists()  # another target's: not ours to remove


# --------------------------------------------------------------------------- lines


@given(st.text(alphabet="ab\r\n", max_size=40), st.lists(st.integers(0, 40), max_size=6))
def test_iter_lines_equals_split_lines_for_any_chunking(text: str, cuts: list[int]) -> None:
    points = sorted({min(c, len(text)) for c in cuts})
    chunks = [text[i:j] for i, j in zip([0, *points], [*points, len(text)], strict=True)]
    assert list(iter_lines(chunks)) == split_lines(text)


def test_iter_lines_is_linear_on_a_long_line_in_small_chunks() -> None:
    def cost(n: int) -> float:
        chunks = ["x" * 16] * n + ["\n"]
        t = time.perf_counter()
        lines = list(iter_lines(chunks))
        assert lines == ["x" * 16 * n]
        return time.perf_counter() - t

    small, large = min(cost(60_000) for _ in range(3)), min(cost(240_000) for _ in range(3))
    assert large / small < 8  # linear: 4x the input, about 4x the time (quadratic: 16x)


def test_a_stream_decodes_late_latin1_and_reads_once() -> None:
    import io

    from puzzlefmt.api import _TextOf

    late = b"a" * 70_000 + "café\n".encode("latin-1")
    assert "".join(_TextOf(io.BytesIO(late))).endswith("café\n")
    utf8 = b"a" * 70_000 + "café\n".encode()
    assert "".join(_TextOf(io.BytesIO(utf8))).endswith("café\n")
    mixed = "é".encode() + b"a" * 70_000 + b"\xe9\n"
    assert "".join(_TextOf(io.BytesIO(mixed))).endswith("\ufffd\n")
    utf16 = "x\r\ny".encode("utf-16")
    assert "".join(_TextOf(io.BytesIO(utf16))) == "x\r\ny"
