"""Text in: decoding (a BOM, UTF-16, UTF-8, Latin-1), every line ending, and streaming from
any handle without reading it all; CR-only line ends read in linear time."""

from __future__ import annotations

import io
import time

import puzzlefmt
from puzzlefmt.sudoku import Grid
from puzzlefmt.textio import decode, iter_lines, split_lines

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."


def test_decode_and_line_endings() -> None:
    text = "a\r\nb\rc\nd"
    assert split_lines(text) == ["a", "b", "c", "d"]
    assert decode("\ufeffx\r\ny".encode("utf-16-le")) == "x\r\ny"
    assert decode("\ufeffx\r\ny".encode("utf-16-be")) == "x\r\ny"
    assert decode(b"\xff\xfe" + "x\r\ny".encode("utf-16-le")) == "x\r\ny"
    assert decode(b"\xef\xbb\xbfabc") == "abc"
    assert decode(b"caf\xe9") == "café"
    assert list(iter_lines(["a\r", "\nb", "\r", "c"])) == ["a", "b", "c"]


def test_streaming_reads_lazily_from_any_handle() -> None:
    text = "\n".join([PUZZLE] * 5)
    handle = io.StringIO(text)
    stream = puzzlefmt.iter_records(handle, "txt")
    first = next(stream)
    assert first.value == Grid.from_line(PUZZLE)
    assert sum(1 for _ in stream) == 4
    binary = io.BytesIO(("\ufeff" + text).encode("utf-16"))
    assert sum(1 for _ in puzzlefmt.iter_records(binary)) == 5


def test_streaming_memory_does_not_grow_with_the_file() -> None:
    """A generator of lines that never ends: iter_records must yield without reading it all."""

    def endless() -> object:
        while True:
            yield PUZZLE + "\n"

    stream = puzzlefmt.iter_records(endless(), "sdm")  # type: ignore[arg-type]
    for i, rec in enumerate(stream):
        assert rec.ok
        if i == 1000:
            break


def test_cr_only_line_ends_read_in_linear_time() -> None:
    """0.1: a 10 MB CR-only .sdm took 308 s in iter_records (1-2 s with CRLF)."""
    line = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."

    def cost(n: int) -> float:
        text = (line + "\r") * n
        start = time.perf_counter()
        count = sum(1 for _ in puzzlefmt.iter_records(io.StringIO(text), "sdm"))
        assert count == n
        return time.perf_counter() - start

    small = min(cost(12_000) for _ in range(3))  # 1 MB
    large = min(cost(48_000) for _ in range(3))  # 4 MB
    assert large / small < 8  # linear: about 4x (quadratic: 16x)
