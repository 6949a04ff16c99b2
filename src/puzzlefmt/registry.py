"""The format registry: every format says what it is, how well a text looks like it, and how to
read and write it. Families register their formats and their operations (validate, solve,
canonicalise, draw) here; the top-level API and the command line know no family in particular.

Family modules are imported the first time the registry is asked anything, so ``import
puzzlefmt`` stays cheap.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from puzzlefmt.errors import PuzzleFormatError

__all__ = [
    "Candidate",
    "Family",
    "Format",
    "Record",
    "Sniff",
    "SolveResult",
    "detect",
    "families",
    "family",
    "format_for_object",
    "formats",
    "get_format",
    "register_family",
    "register_format",
]

# The modules that register the three families. Imported lazily, in this order.
_FAMILY_MODULES = (
    "puzzlefmt.sudoku.formats",
    "puzzlefmt.keen.formats",
    "puzzlefmt.cgp.formats",
)


@dataclass(frozen=True, slots=True)
class Sniff:
    """How well a text matches a format: ``score`` in (0, 1], and why."""

    score: float
    reason: str


@dataclass(frozen=True, slots=True)
class Candidate:
    """One entry of :func:`detect`'s ranking."""

    format: str
    family: str
    score: float
    reason: str


@dataclass(slots=True)
class Record:
    """One record of a collection: its 1-based number, first line, raw text, and either the
    parsed ``value`` or the ``error`` that stopped it."""

    number: int
    line: int
    text: str
    value: Any = None
    error: PuzzleFormatError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


NumberedLines = Iterable[tuple[int, str]]


@dataclass(frozen=True)
class Format:
    """A registered format.

    ``read(text)`` parses one document. ``write(obj, **options)`` writes one. A *collection*
    format (one record per line, or a few lines per record) also gives ``iter_read(lines)``,
    which turns numbered lines into :class:`Record` objects lazily, and ``write_record(obj)``,
    which writes one record's text; ``read`` then returns a list-like collection.
    """

    name: str
    family: str
    extensions: tuple[str, ...]
    description: str
    sniff: Callable[[str], Sniff | None]
    read: Callable[[str], Any]
    write: Callable[..., str] | None = None
    models: tuple[type, ...] = ()
    collection: bool = False
    iter_read: Callable[[NumberedLines], Iterator[Record]] | None = None
    write_record: Callable[[Any], str] | None = None
    # For one-record-a-line collections whose comments are '#' lines and blank lines: the
    # parser of one record line. Batch jobs send raw lines to worker processes and parse
    # there, so it must be picklable (a module-level function, class or partial).
    parse_line: Callable[[str], Any] | None = None
    # The line ending a collection's records are written with.
    newline: str = "\n"
    # Lower numbers win ties in detection and are the default writer for a model type.
    priority: int = 50
    aliases: tuple[str, ...] = ()


@dataclass
class SolveResult:
    """What a solver found: ``count`` solutions up to ``limit``; up to two of them kept."""

    count: int
    limit: int
    solutions: list[Any] = field(default_factory=list)
    # Why there is no solution when that is known without search (e.g. two 5s in a row),
    # or why the solver could not decide.
    reason: str = ""
    # False when the solver could not finish (the puzzle is outside what it handles): then
    # ``count`` means nothing and ``status`` is ``"unknown"``.
    complete: bool = True

    @property
    def status(self) -> str:
        """``"none"``, ``"unique"``, ``"multiple"``, or ``"unknown"`` (solver gave up)."""
        if not self.complete:
            return "unknown"
        if self.count == 0:
            return "none"
        return "unique" if self.count == 1 else "multiple"

    @property
    def unique(self) -> bool:
        return self.complete and self.count == 1

    @property
    def solution(self) -> Any:
        """The solution when there is exactly one, else ``None``."""
        return self.solutions[0] if self.count == 1 else None


@dataclass(frozen=True)
class Family:
    """Operations a family offers to the command line and the generic API.

    Every hook takes a model object of the family. Hooks a family lacks are ``None``.
    ``problems(obj)`` lists rule problems in words (empty: valid). ``solve(obj, limit)`` returns
    a :class:`SolveResult`. ``solution_text(obj, result)`` gives the one-line output record of
    ``puzzlefmt solve``. ``canon(obj, convention)`` returns the canonical text.
    ``to_json(obj)`` returns a JSON-ready dict. ``svg(obj, **options)`` returns SVG text.
    """

    name: str
    models: tuple[type, ...]
    problems: Callable[[Any], list[str]] | None = None
    solve: Callable[[Any, int], SolveResult] | None = None
    solve_many: Callable[[list[Any], int], list[SolveResult]] | None = None
    solution_text: Callable[[Any, SolveResult], str] | None = None
    canon: Callable[[Any, str], str] | None = None
    canon_many: Callable[[list[Any], str], list[str]] | None = None
    canon_conventions: tuple[str, ...] = ()
    to_json: Callable[[Any], dict[str, Any]] | None = None
    svg: Callable[..., str] | None = None


_formats: dict[str, Format] = {}
_aliases: dict[str, str] = {}
_families: dict[str, Family] = {}
_loaded = False
_loading = False


def register_format(fmt: Format) -> Format:
    """Add a format to the registry (a family module calls this when imported)."""
    if fmt.name in _formats:
        raise ValueError(f"format {fmt.name!r} is registered twice")
    _formats[fmt.name] = fmt
    for alias in fmt.aliases:
        _aliases[alias] = fmt.name
    return fmt


def register_family(fam: Family) -> Family:
    """Add a family's operations to the registry."""
    _families[fam.name] = fam
    return fam


def _load() -> None:
    global _loaded, _loading  # noqa: PLW0603 - a one-time lazy import guard
    if _loaded or _loading:
        return
    _loading = True
    try:
        for name in _FAMILY_MODULES:
            importlib.import_module(name)
        _loaded = True
    finally:
        _loading = False


def formats(family: str | None = None) -> list[Format]:
    """Every registered format (of one family, if given), by family then priority then name."""
    _load()
    found = [f for f in _formats.values() if family is None or f.family == family]
    order = {name: i for i, name in enumerate(["sudoku", "keen", "cgp"])}
    return sorted(found, key=lambda f: (order.get(f.family, 9), f.priority, f.name))


def get_format(name: str) -> Format:
    """Look a format up by name, alias or file extension (``"sdk"``, ``".sdk"``)."""
    _load()
    key = name.lower().lstrip(".")
    key = _aliases.get(key, key)
    if key in _formats:
        return _formats[key]
    for fmt in formats():
        if key in fmt.extensions:
            return fmt
    known = ", ".join(sorted(_formats))
    raise KeyError(f"unknown format {name!r}; known formats: {known}")


def families() -> list[Family]:
    _load()
    return list(_families.values())


def family(name: str) -> Family:
    _load()
    return _families[name]


def family_of(obj: object) -> Family:
    """The family whose model types include ``obj``'s type."""
    _load()
    for fam in _families.values():
        if isinstance(obj, fam.models):
            return fam
    raise TypeError(f"no puzzlefmt family handles objects of type {type(obj).__name__}")


def format_for_object(obj: object) -> Format:
    """The default writer for a model object: the first by priority that accepts its type."""
    for fmt in formats():
        if fmt.write is not None and fmt.models and isinstance(obj, fmt.models):
            return fmt
    raise TypeError(f"no format writes objects of type {type(obj).__name__}")


def extension_of(path: str | os.PathLike[str] | None) -> str:
    if path is None:
        return ""
    return os.path.splitext(os.fspath(path))[1].lower().lstrip(".")


def detect(text: str, *, filename: str | os.PathLike[str] | None = None) -> list[Candidate]:
    """Rank the formats that could have written ``text``, best first.

    Each format's ``sniff`` scores the text; a matching file extension adds a small bonus, so
    that a 9-row grid in ``x.sdk`` is ``sdk`` and in ``x.msk`` is ``msk``. Formats that do not
    match at all are left out, so an empty list means "not a known format".
    """
    ext = extension_of(filename)
    out: list[Candidate] = []
    for fmt in formats():
        try:
            sniff = fmt.sniff(text)
        except (ValueError, IndexError):  # a sniffer must never break detection
            sniff = None
        if sniff is None or sniff.score <= 0:
            continue
        score = sniff.score
        reason = sniff.reason
        if ext and ext in fmt.extensions:
            score += 0.15
            reason += f"; file extension .{ext}"
        out.append(Candidate(fmt.name, fmt.family, round(score, 3), reason))
    rank = {f.name: f.priority for f in formats()}
    # Ties on score: the more specific (lower priority number) format wins.
    out.sort(key=lambda c: (-c.score, rank[c.format], c.format))
    return out
