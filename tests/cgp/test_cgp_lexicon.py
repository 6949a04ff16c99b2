"""Lexicons (KWG) and leave values (KLV2/KLV): building, reading, writing, refusing."""

from __future__ import annotations

import gzip
import hashlib
import struct
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.cgp.lexicon import Leaves, Lexicon
from puzzlefmt.errors import PuzzleFormatError

from helpers import examples, shared_path

WORDS = st.lists(st.text(alphabet="ABCDEFZ", min_size=1, max_size=9), min_size=1, max_size=40)


def test_build_holds_exactly_its_words() -> None:
    lex = Lexicon.build(["care", "CAR", "ACE", "CARES", "ACE"])
    assert lex.words() == ["ACE", "CAR", "CARE", "CARES"]
    assert "CARE" in lex
    assert "care" in lex
    assert "CA" not in lex
    assert "CARESS" not in lex
    assert "" not in lex
    assert "C4" not in lex
    assert len(lex) == 4


def test_gaddag_holds_every_split() -> None:
    lex = Lexicon.build(["CARE"])
    gaddag = Lexicon(lex.nodes.copy(), "english")
    # the GADDAG's strings, read from node 1 as the DAWG's are from node 0
    from puzzlefmt.cgp._kernels import kwg

    codes, ends = kwg.list_words(gaddag.nodes, 1)
    starts = np.concatenate(([0], ends[:-1]))
    spelled = ["".join("@" if c == 0 else chr(64 + c) for c in codes[a:b])
               for a, b in zip(starts, ends, strict=True)]
    assert sorted(spelled) == sorted(["ERAC", "RAC@E", "AC@RE", "C@ARE"])


@examples(60)
@given(WORDS)
def test_build_save_load_same_words(words: list[str]) -> None:
    lex = Lexicon.build(words)
    again = Lexicon.from_bytes(lex.to_bytes(), "english")
    assert again.words() == sorted(set(words))
    assert all(w in again for w in words)


def test_save_and_load_a_file(tmp_path: Path) -> None:
    lex = Lexicon.build(["QI", "ZA", "ZAS"], name="NWLTEST")
    lex.save(tmp_path / "NWLTEST.kwg")
    back = Lexicon.load(tmp_path / "NWLTEST.kwg")
    assert back.name == "NWLTEST"
    assert back.distribution.name == "english"
    assert back.words() == ["QI", "ZA", "ZAS"]


def test_word_outside_the_alphabet_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("CAT\nDOG\nCAFÉ\n", encoding="utf-8")
    with pytest.raises(PuzzleFormatError) as info:
        Lexicon.build_file(path)
    assert (info.value.line, info.value.column) == (3, 4)
    assert "É" in str(info.value)
    with pytest.raises(PuzzleFormatError):
        Lexicon.build(["OK", "NO-GOOD"])
    with pytest.raises(PuzzleFormatError, match="at least one word"):
        Lexicon.build(["", "  "])


def test_multi_letter_tiles_are_one_code() -> None:
    lex = Lexicon.build(["CHE", "LLAVE"], "spanish")
    assert "CHE" in lex
    assert lex.encode("CHE")[0] == lex.distribution.letters.index("CH") + 1
    assert len(lex.encode("LLAVE")) == 4


@pytest.mark.parametrize("cut", [1, 5, 11])
def test_truncated_kwg_is_refused(cut: int) -> None:
    data = Lexicon.build(["CARE", "ACE"]).to_bytes()
    with pytest.raises(PuzzleFormatError, match="KWG"):
        Lexicon.from_bytes(data[: len(data) - cut], "english")


def test_foreign_files_are_refused() -> None:
    with pytest.raises(PuzzleFormatError, match="not a KWG"):
        Lexicon.from_bytes(b"GIF89a" + bytes(30), "english")
    klv = Leaves.build({"A": -1.0, "AB": 2.0}).to_bytes()
    with pytest.raises(PuzzleFormatError, match="KWG"):
        Lexicon.from_bytes(klv, "english")
    dawg_only = bytearray(Lexicon.build(["CARE"]).to_bytes())
    dawg_only[4:8] = struct.pack("<I", 0x400000)
    with pytest.raises(PuzzleFormatError, match="GADDAG"):
        Lexicon.from_bytes(bytes(dawg_only), "english")
    bad_arc = bytearray(Lexicon.build(["CARE"]).to_bytes())
    bad_arc[8:12] = struct.pack("<I", 0x01C00000 | 0x3FFFF0)
    with pytest.raises(PuzzleFormatError, match="node 2"):
        Lexicon.from_bytes(bytes(bad_arc), "english")


def test_leaves_build_load_and_value() -> None:
    table = {"?": -1.5, "A": 0.25, "??A": 2.0004, "AB": -0.0005, "BA?": 3.25}
    leaves = Leaves.build(table)
    back = Leaves.from_bytes(leaves.to_bytes(), "english")
    assert back.value("?") == -1500
    assert back.value("A") == 250
    assert back.value("A??") == 2000  # float32(2.0004) * 1000 = 2000.39...
    assert back.value("BA") == -1  # -0.5 millipoints rounds away from zero
    assert back.value("AB?") == 3250 == back.value("?BA")
    assert back.value("") == 0
    assert back.value("Z") == 0


def test_leaves_of_tiles_of_several_characters_and_bad_leaves() -> None:
    """A leave of single-character tiles is read by lookup, any other through the tile
    reader: both give machine letters (Spanish CH is one tile; H and C two), and a leave
    with a tile outside the distribution is refused with its line."""
    table = {"CH": 1.0, "CH?": 2.0, "C": 3.0, "HC": 4.0, "[CH]A": 5.0, "a?": 6.0}
    back = Leaves.from_bytes(Leaves.build(table, "spanish").to_bytes(), "spanish")
    values = [back.value(leave) for leave in ("CH", "?CH", "C", "HC", "ACH", "?A")]
    assert values == [1000, 2000, 3000, 4000, 5000, 6000]
    with pytest.raises(PuzzleFormatError) as caught:
        Leaves.build({"A": 1.0, "AB": 2.0, "AW": 3.0}, "spanish")
    assert caught.value.format == "klv-table"
    assert caught.value.line == 3
    assert caught.value.text == "AW"


def test_old_klv_int16_with_a_scale() -> None:
    leaves = Leaves.build({"A": 1.0, "B": -2.0})
    data = leaves.to_bytes()
    n_nodes = int.from_bytes(data[:4], "little")
    head = data[: 4 + 4 * n_nodes + 4]
    old = head + np.array([256, -640], dtype="<i2").tobytes()
    klv = Leaves.from_bytes(old, "english")
    assert (klv.value("A"), klv.value("B")) == (1000, -2500)
    scaled = Leaves.from_bytes(old, "english", scale=0.001)
    assert (scaled.value("A"), scaled.value("B")) == (256, -640)


def test_truncated_or_foreign_klv_is_refused() -> None:
    data = Leaves.build({"A": 1.0, "B": -2.0}).to_bytes()
    for cut in (1, 3, 9):
        with pytest.raises(PuzzleFormatError, match="KLV"):
            Leaves.from_bytes(data[: len(data) - cut], "english")
    with pytest.raises(PuzzleFormatError, match="KLV"):
        Leaves.from_bytes(Lexicon.build(["CARE"]).to_bytes(), "english")
    with pytest.raises(PuzzleFormatError, match="KLV"):
        Leaves.from_bytes(b"\x01\x00", "english")


def test_shared_klv2_values_are_the_readmes() -> None:
    leaves = Leaves.load(shared_path("vectors", "movegen", "leaves-synthetic.klv2"))
    assert len(leaves) == 914_624
    codes = {"?": [0]}
    for leave, tiles in (("??AAAB", [0, 0, 1, 1, 1, 2]), ("CGGLYZ", [3, 7, 7, 12, 25, 26]),
                         ("A", [1]), ("??", [0, 0])):
        codes[leave] = tiles
        expected = -20000 + 10 * sum((k + 1) * t for k, t in enumerate(tiles))
        assert leaves.value(leave) == expected


def test_shared_klv2_rebuilt_from_its_table_byte_for_byte() -> None:
    path = shared_path("vectors", "movegen", "leaves-synthetic.tsv.gz")
    table: dict[str, float] = {}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            leave, value = line.rstrip("\n").split("\t")
            table[leave] = float(value)
    built = Leaves.build(table)
    original = shared_path("vectors", "movegen", "leaves-synthetic.klv2").read_bytes()
    assert hashlib.sha256(built.to_bytes()).hexdigest() == hashlib.sha256(original).hexdigest()


def test_shared_web2_lexicon_holds_the_list() -> None:
    path = shared_path("vectors", "movegen", "words-web2.txt.gz")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        words = f.read().split()
    lex = Lexicon.build(words, name="NWLWEB2")
    assert lex.words() == words
    back = Lexicon.from_bytes(lex.to_bytes(), name="NWLWEB2")
    assert len(back) == 227_620


@given(st.lists(st.lists(st.integers(0, 3), min_size=0, max_size=23), max_size=60),
       st.integers(0, 1))
def test_the_rows_order_is_byte_order(prefixes: list[list[int]], big: int) -> None:
    """The builder's rows are sorted by their first tiles packed into one integer, then the
    rows that share those by all their bytes: the same order as a sort of whole rows, also
    for rows alike in more tiles than one integer holds (a shared start of 20 tiles; codes
    up to 63: 6 bits a tile, 10 tiles an integer) and for equal rows."""
    from puzzlefmt.cgp.lexicon import _row_order

    width = 24
    top = 63 if big else 26
    rows = np.zeros((2 * len(prefixes), width), dtype=np.uint8)
    for i, tail in enumerate(prefixes):
        for k, row in enumerate((rows[2 * i], rows[2 * i + 1])):
            row[:20] = [1 + (j * 7) % top for j in range(20)]
            at = 20 - max(0, len(tail) - 4)  # a short tail after them, a long one over
            row[at:at + len(tail)] = [top - t - k for t in tail]
    order = _row_order(rows)
    assert sorted(order.tolist()) == list(range(len(rows)))
    assert [bytes(r) for r in rows[order]] == sorted(bytes(r) for r in rows)


def test_a_large_list_of_unrelated_words_builds_exactly() -> None:
    # random words share few states, so the builder's register outgrows the table it is
    # first given (sized for lists like real ones) and grows on the way: the words and
    # every GADDAG split must come out whole all the same
    import random

    rng = random.Random(2311)
    words = sorted({"".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
                            for _ in range(rng.randint(6, 10))) for _ in range(12000)})
    lex = Lexicon.build(words)
    assert lex.words() == words
    from puzzlefmt.cgp._kernels import kwg

    codes, ends = kwg.list_words(lex.nodes, 1)
    starts = np.concatenate(([0], ends[:-1]))
    spelled = ["".join("@" if c == 0 else chr(64 + c) for c in codes[a:b])
               for a, b in zip(starts, ends, strict=True)]
    splits = [w[:i][::-1] + ("@" + w[i:] if i < len(w) else "")
              for w in words for i in range(1, len(w) + 1)]
    assert spelled == sorted(splits)


@given(st.lists(st.lists(st.integers(1, 63), min_size=1, max_size=23), min_size=1,
                max_size=40), st.booleans(), st.integers(5, 63))
def test_sorted_rows_are_the_sorted_distinct_rows(words: list[list[int]], gaddag: bool,
                                                  top: int) -> None:
    """The builder's rows, made and radix-sorted in one kernel: every word (or GADDAG
    string) once, in byte order, with its length; codes up to 63 (6 bits a tile, 10
    tiles a key), words alike in more tiles than a key holds, words given twice."""
    from puzzlefmt.cgp._kernels import kwg

    words = [[1 + (c - 1) % top for c in w] for w in words] + [list(words[0])]
    words += [[*words[0], top]] if len(words[0]) < 23 else []
    if gaddag:
        expected = {tuple(w[:i][::-1] + ([0, *w[i:]] if i < len(w) else []))
                    for w in words for i in range(1, len(w) + 1)}
    else:
        expected = {tuple(w) for w in words}
    codes = np.array([c for w in words for c in w], dtype=np.uint8)
    lengths = np.array([len(w) for w in words], dtype=np.int64)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)
    rows, row_lengths = kwg.sorted_rows(codes, starts, lengths, 32, gaddag)
    got = [tuple(r[:n].tolist()) for r, n in zip(rows, row_lengths.tolist(), strict=True)]
    assert got == sorted(expected)
    assert not rows[np.arange(32)[None, :] >= row_lengths[:, None]].any()


def test_word_list_bytes_are_read_in_one_pass() -> None:
    """A list of letters and line ends only (either case, CRLF, a lone CR, blank lines) is
    read from its bytes in one table lookup, to the codes the careful path gives; anything
    else goes to the careful path."""
    from puzzlefmt.cgp.distributions import get_distribution
    from puzzlefmt.cgp.lexicon import _Encoder

    enc = _Encoder(get_distribution("english"))
    got = enc.encode_lines(b"care\r\nCAR\n\n\rAcE\rzed\n")
    assert got is not None
    want = enc.encode_many(["CARE", "CAR", "ACE", "ZED"])
    assert got[0].tolist() == want[0].tolist()
    assert got[1].tolist() == want[1].tolist()
    for other in (b"CAR E\n", b"#x\nCAR\n", b"CAF\xc3\x89\n", b"CAR?\n", b"CAR\tx\n"):
        assert enc.encode_lines(other) is None


def test_a_word_list_file_builds_the_same_lexicon_on_either_path(tmp_path: Path) -> None:
    """build_file: letters and line ends only (the one-pass read) and the same words with
    a comment and blank space (the careful path) give the same KWG."""
    plain = tmp_path / "plain.txt"
    plain.write_bytes(b"\xef\xbb\xbfcare\r\nCAR\n\nace\rcare\n")
    careful = tmp_path / "careful.txt"
    careful.write_bytes(b"# words\nCARE 1\n  CAR\nACE\n")
    a, b = Lexicon.build_file(plain), Lexicon.build_file(careful)
    assert a.words() == ["ACE", "CAR", "CARE"]
    assert a.to_bytes() == b.to_bytes() == Lexicon.build(["CARE", "CAR", "ACE"]).to_bytes()


def test_a_built_lexicon_counts_its_words_without_a_walk(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """len() of a lexicon just built is the number of distinct words given (what
    ``puzzlefmt lexicon build`` reports), not a walk of the graph; a loaded one, or one
    whose nodes were replaced, is counted by walking it."""
    from puzzlefmt.cgp._kernels import kwg

    lex = Lexicon.build(["CARE", "car", "ACE", "CARE"])
    loaded = Lexicon.from_bytes(lex.to_bytes())
    walks = kwg.list_words

    def no_walk(nodes: np.ndarray, root: int) -> tuple[np.ndarray, np.ndarray]:
        raise AssertionError("walked")

    monkeypatch.setattr(kwg, "list_words", no_walk)
    assert len(lex) == 3
    monkeypatch.setattr(kwg, "list_words", walks)
    assert len(loaded) == 3
    lex.nodes = Lexicon.build(["ACE"]).nodes
    assert len(lex) == 1
