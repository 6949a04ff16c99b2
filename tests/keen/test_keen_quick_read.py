"""``Puzzle(id)``'s quick read (:mod:`puzzlefmt.keen._quickid`) against the full read (the
family reader, :func:`puzzlefmt.keen.family.read_any`, which is what ``Puzzle(text)`` does
when the quick read declines): on every Keen ID in ../shared/vectors (the Keen vectors and
the game and seed IDs of the real program's save files) and on generated IDs of every size
the quick read takes, the same puzzle (equal, same hash, repr, cages, cage indices and
parameters) or the same error (message, format, line, column, expected, found)."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen import Puzzle
from puzzlefmt.keen._quickid import decode
from puzzlefmt.keen.family import read_any

from helpers import examples, shared_path
from strategies.keen import puzzles

# Files of ../shared/vectors holding Keen game IDs, and the tab-separated columns they are in.
SOURCES = [
    (("vectors", "keen", "vectors.txt"), (0,)),
    (("vectors", "keen", "vectors-edge.txt"), (0,)),
    (("vectors", "keen", "vectors-rocurley-6du.tsv"), (0,)),
    (("vectors", "sgt", "keen", "keen_saves.tsv"), (1, 2)),  # game ID, seed ID ("-": none)
]


@functools.cache
def _shared_ids() -> list[str]:
    ids = []
    for parts, columns in SOURCES:
        text = shared_path(*parts).read_text(encoding="utf-8")
        for line in text.splitlines():
            if not line.strip() or line.startswith(("#", "game_id")):
                continue
            cells = line.split("\t")
            ids += [cells[c] for c in columns if c < len(cells) and cells[c] != "-"]
    return ids


def _error(exc: PuzzleFormatError) -> tuple[object, ...]:
    return (str(exc), exc.format, exc.line, exc.column, exc.expected, exc.found)


def _agree(text: str) -> bool:
    """The quick read and the full read of ``text`` agree; whether the quick read took it."""
    try:
        full = read_any(text)
    except PuzzleFormatError as exc:
        refused = _error(exc)
    else:
        refused = None
    if refused is not None:
        with pytest.raises(PuzzleFormatError) as quick_exc:
            Puzzle(text)
        assert _error(quick_exc.value) == refused, text
        assert decode(text) is None, text  # the quick read never takes what the reader refuses
        return False
    quick = Puzzle(text)
    # hash and repr first: they must build the cages of a puzzle read quickly
    assert hash(quick) == hash(full), text
    assert repr(quick) == repr(full), text
    assert quick == full, text
    assert quick.cages == full.cages, text
    assert quick.cage_indices == full.cage_indices, text
    assert (quick.size, quick.difficulty, quick.multiplication_only, quick.seed) == (
        full.size, full.difficulty, full.multiplication_only, full.seed), text
    return decode(text) is not None


def test_every_shared_id_reads_the_same() -> None:
    ids = _shared_ids()
    taken = sum(_agree(text) for text in ids)
    # The 1,000 real 6x6 IDs and the save files' plain game IDs all take the quick read.
    assert len(ids) > 1080
    assert taken > 1070


def test_save_file_ids_cover_the_sizes() -> None:
    """The save files' game IDs run from 4x4 to 9x9: every size the written-out rows and
    columns are padded for (the generated IDs below cover 1 to 9 too)."""
    sizes = {Puzzle(text).size for text in _shared_ids() if decode(text) is not None}
    assert set(range(4, 10)) <= sizes


@pytest.mark.parametrize("text", [
    "6:_36z," + "a1" * 12,  # 61 positions, but the last is no wall (it would make 12 cages)
    "6:_35z_," + "a1" * 11,  # a wall after the run: 62 positions
    "6:_35y_," + "a1" * 12,  # 61 positions ending in a wall
    "1:_,a1",  # the smallest grid
    "1:_,s1",  # whose one cage cannot be a subtraction
    "9:_145," + "a1" * 81,  # the largest count the quick read takes
    "9:_144_," + "a1" * 81,
    "4:_7a__a_aad,m2d2a10s2s1m3d2",  # a count first
])
def test_odd_ids_read_the_same(text: str) -> None:
    _agree(text)


@pytest.mark.parametrize("size", range(1, 10))
@examples(40)
@given(data=st.data())
def test_generated_ids_of_each_size_read_the_same(size: int, data: st.DataObject) -> None:
    p = data.draw(puzzles(min_size=size, max_size=size, with_solution=False))
    text = p.game_id(on_misread="ignore")
    assert _agree(text)  # every ID the writer writes takes the quick read
    assert Puzzle(text) == p


@given(data=st.data())
@examples(200)
def test_ids_with_a_changed_count_read_the_same(data: st.DataObject) -> None:
    """A repeat count or a target changed by one (one position or one cage too many or too
    few, an s or d cage's size): the same puzzle or the same error."""
    p = data.draw(puzzles(max_size=9, with_solution=False))
    text = p.game_id(on_misread="ignore")
    digits = [i for i, ch in enumerate(text) if ch.isdigit() and i > text.index(":")]
    if not digits:
        return
    i = data.draw(st.sampled_from(digits))
    ch = data.draw(st.sampled_from([str((int(text[i]) + 1) % 10), str((int(text[i]) - 1) % 10),
                                    "", text[i] * 2]))
    _agree(text[:i] + ch + text[i + 1 :])
