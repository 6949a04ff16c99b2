"""How a batch numbers the lines of a one-record-a-line collection (batch._raw_chunks): a
block of record lines is numbered without a loop over its lines, any other block line by
line; both must give what the plain rule gives, line by line, in chunks of at most the size
asked for (where a chunk ends changes no output: chunks are written in order)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.batch import RawChunk, _raw_chunks
from puzzlefmt.collection import is_comment_line

from helpers import examples

# Record-like lines, and every kind of line the usual comment rule looks at twice: empty,
# starting with '#', blank characters, and '!' / '"' (sort before '$' but are records).
LINES = st.lists(
    st.one_of(
        st.sampled_from(["", "#", "# note", " ", "\t.", "\f", "\v1", "!x", '"q', "$", " 1"]),
        st.text(alphabet="123456789.0", min_size=1, max_size=12),
    ),
    max_size=60,
)


def _reference(lines: list[tuple[int, str]], is_comment: Callable[[str], bool],
               comments: bool, numbered_from: int) -> RawChunk:
    """The plain rule: each line looked at in turn."""
    entries: RawChunk = []
    number = numbered_from
    for lineno, line in lines:
        if is_comment(line):
            if comments:
                entries.append((0, lineno, line))
            continue
        number += 1
        entries.append((number, lineno, line))
    return entries


@examples(300)
@given(LINES, st.integers(1, 9), st.one_of(st.none(), st.integers(1, 5)), st.booleans(),
       st.integers(0, 3))
def test_chunks_are_the_plain_rules(texts: list[str], size: int, first: int | None,
                                    comments: bool, numbered_from: int) -> None:
    lines = list(enumerate(texts, 1))
    for rule in (is_comment_line, lambda line: line.startswith("!")):
        got = list(_raw_chunks(iter(lines), rule, size, first, comments, numbered_from))
        assert [e for chunk in got for e in chunk] == _reference(lines, rule, comments,
                                                                 numbered_from)
        assert all(chunk for chunk in got)
        assert all(len(chunk) <= size for chunk in got[1:])
        if got:
            assert len(got[0]) <= (first or size)


def test_a_block_of_records_is_numbered_in_one_piece() -> None:
    lines = list(enumerate(["1" * 81] * 10 + ["# c"] + ["2" * 81] * 3, 1))
    got = list(_raw_chunks(iter(lines), is_comment_line, 4, 2, True, 100))
    assert [len(c) for c in got] == [2, 4, 4, 4]
    assert got[0][0] == (101, 1, "1" * 81)
    assert got[3][0] == (0, 11, "# c")
    assert got[3][-1] == (113, 14, "2" * 81)
