"""A family (Sudoku, Keen, CGP...): its models, formats, pictures and batch operations, and the
detection that ranks formats for a text.

Each family package defines one :class:`Family` in its ``family`` module; the registry
collects them. Detection is the same function whether it runs over one family's formats (what
``Grid(text)`` does) or over every format (what :func:`puzzlefmt.detect` does).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast, overload

from puzzlefmt.engine import Engine
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Renderer
from puzzlefmt.textio import split_lines

if TYPE_CHECKING:
    from puzzlefmt.textscan import Scan, Span

__all__ = ["Candidate", "Columnar", "Family", "JoinedTexts", "LineResults", "extension_of",
           "joined", "rank", "read_detected"]

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
    the kind each record counts as).
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


@dataclass(frozen=True, kw_only=True)
class Family:
    """Everything a family offers to the generic API and the command line.

    ``name`` of ``formats[...]``/``renderers[...]`` are unique across families.
    ``engines``: the family's engine table (:class:`~puzzlefmt.engine.Engine`, names unique
    in the family): the command line, the web page and the batch jobs offer what it lists.
    """

    name: str
    models: tuple[type, ...]
    formats: tuple[Format, ...]
    renderers: tuple[Renderer, ...] = ()
    columnar: Columnar | None = None
    engines: tuple[Engine, ...] = ()
    #: The family in words, for people (the page): ``"Sudoku"``, ``"CGP position"``.
    title: str = ""
    #: A small text of the family that every engine takes quickly (warming up workers).
    example: str = ""

    @property
    def label(self) -> str:
        """``title``, or the name with a capital."""
        return self.title or self.name.capitalize()

    def __post_init__(self) -> None:
        names = [e.name for e in self.engines]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"the {self.name} family declares the engine "
                             f"{', '.join(twice)} twice")
        for eng in self.engines:
            if eng.family != self.name:
                raise ValueError(f"the {eng.name} engine says family {eng.family!r}, "
                                 f"declared by {self.name!r}")

    def engine(self, name: str) -> Engine | None:
        """The family's engine ``name`` (``None``: the family has none)."""
        return next((e for e in self.engines if e.name == name), None)

    def runs(self, model: type) -> dict[str, Engine]:
        """The engines that take ``model`` (a model class), by name: what the family
        installs on that class (:class:`~puzzlefmt.model.Engines` ``run``)."""
        return {e.name: e for e in self.engines if any(issubclass(model, m) for m in e.models)}

    def read(self, text: str, *, filename: str | os.PathLike[str] | None = None) -> Any:
        """Read ``text`` in whichever of the family's formats fits it best."""
        return read_detected(self.formats, text, filename=filename, what=self.name)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One entry of a detection ranking."""

    format: str
    family: str
    score: float
    reason: str


def extension_of(path: str | os.PathLike[str] | None) -> str:
    """A file name's extension, lower case, without the dot (``""`` for none)."""
    if path is None:
        return ""
    return os.path.splitext(os.fspath(path))[1].lower().lstrip(".")


#: How much of a text the sniffers see: its whole lines within this many characters (a first
#: line longer than that, cut there). What a format looks like shows in its first lines, and
#: a sniffer may cost several times what it reads: a long text costs no more than this.
SNIFF_CHARS = 1 << 20


def sniffed(text: str) -> str:
    """The part of ``text`` the sniffers see (see :data:`SNIFF_CHARS`)."""
    if len(text) <= SNIFF_CHARS:
        return text
    head = text[:SNIFF_CHARS]
    cut = head.rfind("\n")
    return head[: cut + 1] if cut > 0 else head


def rank(
    formats: Iterable[Format], text: str, *, filename: str | os.PathLike[str] | None = None
) -> list[Candidate]:
    """Rank the formats that could have written ``text``, best first.

    Each format's sniffer scores the text (its first MiB of whole lines: :func:`sniffed`); a
    matching file extension adds 0.15, so that nine plain rows in ``x.sdk`` are ``sdk`` and in
    ``x.msk`` are ``msk``. Formats that do not match are left out: an empty list means "not a
    known format".
    """
    text = sniffed(text)
    ext = extension_of(filename)
    found: list[tuple[float, int, str, Candidate]] = []
    for fmt in formats:
        sniff = fmt.sniff(text)
        if sniff is None or sniff.score <= 0:
            continue
        score, reason = sniff.score, sniff.reason
        if ext and ext in fmt.extensions:
            score += 0.15
            reason += f"; file extension .{ext}"
        cand = Candidate(fmt.name, fmt.family, round(score, 3), reason)
        # Ties on score: the more specific (lower priority number) format wins.
        found.append((-cand.score, fmt.priority, fmt.name, cand))
    found.sort(key=lambda t: t[:3])
    return [t[3] for t in found]


def read_detected(
    formats: Sequence[Format],
    text: str,
    *,
    filename: str | os.PathLike[str] | None = None,
    what: str = "auto",
) -> Any:
    """Read ``text`` with the best-ranked format that can read it.

    When the best candidate fails, the next are tried; when all fail, the *best* candidate's
    own error is raised (it says what is wrong in the format the text most looks like). With
    no candidate at all, a format named by the file's extension reads it, so that its error
    (``line 9, column 9: expected 9 cells``) reaches the user; otherwise the error says that no
    format recognises the text.
    """
    by_name = {f.name: f for f in formats}
    ranked = [by_name[c.format] for c in rank(formats, text, filename=filename)]
    if not ranked:
        ext = extension_of(filename)
        ranked = [f for f in formats if ext and ext in f.extensions][:1]
    first_error: PuzzleFormatError | None = None
    for fmt in ranked:
        try:
            return fmt.loads(text)
        except PuzzleFormatError as exc:
            if first_error is None:
                first_error = exc
    if first_error is not None:
        raise first_error
    first = next((ln for ln in split_lines(text) if ln.strip()), "")
    kinds = {"auto": "a Sudoku, Keen or CGP text"}.get(what, f"a {what} text")
    raise PuzzleFormatError(
        f"expected {kinds}, found nothing any format recognises",
        format=what,
        line=1 if first else None,
        text=first if first else None,
        expected=kinds,
        found="unrecognised text",
    )
