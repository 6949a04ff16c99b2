"""The batch columnar protocol: a family's fast path over one-record-a-line collections.

A family that can work whole blocks of record lines as arrays (parse, solve, canonicalise,
convert with its kernels) declares it in a :class:`Columnar` record on its
:class:`~puzzlefmt.family.Family`; the batch jobs (:mod:`puzzlefmt.jobs`) use it for the
formats it names. The texts it gives for each record are what the command line writes
(:data:`LineResults`), byte for byte what the record-by-record path writes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast, overload

if TYPE_CHECKING:
    from puzzlefmt.textscan import Scan, Span

__all__ = ["Columnar", "JoinedTexts", "LineResults", "joined", "solve_texts"]

#: Per record line: the exact text the object path writes for it (newline included) and its kind
#: (``"unique"``, ``"valid"``...), or None for a line left to the object path.
LineResults = tuple[Sequence[str | None], Sequence[str | None]]


class JoinedTexts(Sequence[str]):
    """A block's texts of one width, kept as the one string they make (what a kernel's
    array gives in one go): the block is written without splitting and joining again."""

    __slots__ = ("text", "width")

    def __init__(self, text: str, width: int) -> None:
        if width <= 0 or len(text) % width:
            raise ValueError(f"{len(text)} characters are not texts of width {width}")
        self.text = text
        self.width = width

    def __len__(self) -> int:
        return len(self.text) // self.width

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        w = self.width
        if isinstance(index, slice):
            return [self.text[k * w:(k + 1) * w] for k in range(*index.indices(len(self)))]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("text index out of range")
        return self.text[index * w:(index + 1) * w]

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, str) or len(value) != self.width:
            return False  # None, above all: every text is there
        return any(t == value for t in self)

    def __iter__(self) -> Iterator[str]:
        w = self.width
        text = self.text
        return (text[k:k + w] for k in range(0, len(text), w))

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same texts (a list of them, say)."""
        if isinstance(other, JoinedTexts):
            return self.text == other.text and (self.width == other.width or not self.text)
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment] # a sequence compared by value, as a list is

    def __repr__(self) -> str:
        return f"JoinedTexts({len(self)} texts of width {self.width})"


def joined(texts: Sequence[str | None]) -> str:
    """The texts of a block written one after the other (all of them strings)."""
    if isinstance(texts, JoinedTexts):
        return texts.text
    return "".join(cast("Sequence[str]", texts))


def solve_texts(counts: Sequence[int], firsts: Sequence[str], seconds: Sequence[str],
                count_only: bool) -> LineResults:
    """The line ``solve`` writes for each record of a block solved by a family's kernel,
    and its kind: ``firsts[k]``/``seconds[k]`` are the solutions' texts (``seconds`` only
    read where a count is above 1). A count of 0 or less (no solution, or not solved here)
    is left to the record-by-record path, which says why."""
    if not count_only and isinstance(counts, list) and counts.count(1) == len(counts):
        # The usual block: every record has its one solution (no loop in Python).
        return [f"{text}\n" for text in firsts], ["unique"] * len(counts)
    found: list[str | None] = []
    kinds: list[str | None] = []
    for k, count in enumerate(counts):
        if count <= 0:
            found.append(None)
            kinds.append(None)
        elif count_only:
            found.append(f"{count}\n")
            kinds.append("unique" if count == 1 else "multiple")
        elif count == 1:
            found.append(firsts[k] + "\n")
            kinds.append("unique")
        else:
            found.append(f"multiple {firsts[k]} {seconds[k]}\n")
            kinds.append("multiple")
    return found, kinds


@dataclass(frozen=True, kw_only=True)
class Columnar:
    """A family's fast path for the batch jobs over one-record-a-line collections: whole
    blocks of record lines parsed into arrays, worked by the kernels and written in one go.

    Each function takes the block's record lines and their record numbers and returns
    :data:`LineResults`; its texts must be byte for byte what the object path writes (the
    tests check it on every shared data file). ``formats`` names the source formats whose
    lines it reads; ``convert`` returns ``None`` for a target it does not write.
    ``convert_spans(target, options, scan)`` does ``convert``'s work on a whole scanned
    block of bytes (:mod:`puzzlefmt.textscan`): the runs of lines it writes, each with its
    text (``None`` for a target it does not write); ``canon_spans(convention, scan)`` and
    ``solve_spans(limit, scan)`` the same for ``canon`` and ``solve`` (solve's runs with
    the kind each record counts as). ``engine(lines, numbers, name, options)`` and
    ``engine_spans(name, options, scan)`` do the same for the family's engine commands
    (``puzzlefmt rate``): what the engine ``name`` writes with ``options`` (its options and
    line options), or ``None`` for an engine, or options, they have no fast path for.
    """

    formats: frozenset[str]
    solve: Callable[[Sequence[str], Sequence[int], int, bool], LineResults] | None = None
    validate: Callable[[Sequence[str], Sequence[int], int], LineResults] | None = None
    canon: Callable[[Sequence[str], Sequence[int], str], LineResults] | None = None
    convert: Callable[[Sequence[str], Sequence[int], str, Mapping[str, Any]],
                      LineResults | None] | None = None
    convert_spans: Callable[[str, Mapping[str, Any], Scan], list[Span] | None] | None = None
    canon_spans: Callable[[str, Scan], list[Span]] | None = None
    solve_spans: Callable[[int, Scan], list[Span]] | None = None
    engine: Callable[[Sequence[str], Sequence[int], str, Mapping[str, Any]],
                     LineResults | None] | None = None
    engine_spans: Callable[[str, Mapping[str, Any], Scan], list[Span] | None] | None = None
