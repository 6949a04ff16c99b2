"""The top-level functions: ``loads``/``load``, ``dumps``/``dump``, ``detect``, ``iter_records``."""

from __future__ import annotations

import io
import itertools
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any, Literal

from puzzlefmt import registry
from puzzlefmt.collection import Collection
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.registry import Candidate, Format, Record
from puzzlefmt.textio import decode, numbered_lines, open_text, split_lines

__all__ = [
    "Lines",
    "detect",
    "dump",
    "dumps",
    "iter_records",
    "load",
    "loads",
    "open_lines",
    "resolve_format",
]

PathOrFile = str | os.PathLike[str] | IO[str] | IO[bytes]
# iter_records also takes any iterable of text chunks (a generator of lines, say).
Source = PathOrFile | Iterable[str]

# How many lines iter_records looks at to detect a collection's format.
_SNIFF_LINES = 64


def detect(text: str, *, filename: str | os.PathLike[str] | None = None) -> list[Candidate]:
    """Rank the formats ``text`` could be in, best first, each with its score and reason."""
    return registry.detect(text, filename=filename)


def resolve_format(
    text: str,
    format: str | None = None,
    *,
    filename: str | os.PathLike[str] | None = None,
) -> Format:
    """The format named, or else the best candidate for ``text``; raise if none matches."""
    if format is not None:
        try:
            return registry.get_format(format)
        except KeyError as exc:
            raise PuzzleFormatError(str(exc.args[0]), format="auto") from None
    ranked = registry.detect(text, filename=filename)
    if not ranked:
        first = next((ln for ln in split_lines(text) if ln.strip()), "")
        raise PuzzleFormatError(
            "expected a Sudoku, Keen or CGP text, found nothing any format recognises",
            format="auto",
            line=1 if first else None,
            text=first if first else None,
            expected="a known format",
            found="unrecognised text",
        )
    return registry.get_format(ranked[0].format)


def loads(
    text: str,
    format: str | None = None,
    *,
    filename: str | os.PathLike[str] | None = None,
) -> Any:
    """Parse ``text`` into a model object (or a :class:`~puzzlefmt.collection.Collection`).

    Without ``format`` the text is detected. Raises :class:`PuzzleFormatError` on bad text.
    """
    fmt = resolve_format(text, format, filename=filename)
    return fmt.read(text)


def _read_source(source: PathOrFile) -> tuple[str, str | None]:
    if isinstance(source, str | os.PathLike):
        with open(source, "rb") as fh:
            return decode(fh.read()), os.fspath(source)
    data = source.read()
    name = getattr(source, "name", None)
    text = decode(data) if isinstance(data, bytes) else data
    return text, name if isinstance(name, str) else None


def load(source: PathOrFile, format: str | None = None) -> Any:
    """Read a file (path or open file, text or binary) into a model object or collection.

    The file's extension helps detection. Errors carry the file name.
    """
    text, name = _read_source(source)
    try:
        return loads(text, format, filename=name)
    except PuzzleFormatError as exc:
        raise exc.relocated(path=name) from None


def dumps(obj: Any, format: str | None = None, **options: Any) -> str:
    """Write a model object in ``format`` (default: the object's natural format).

    Writer dialects are keyword options, e.g. ``dumps(grid, "line", blank="0")``.
    """
    if format is None and isinstance(obj, Collection):
        format = obj.format
    fmt = registry.get_format(format) if format else registry.format_for_object(obj)
    if fmt.write is None:
        raise ValueError(f"format {fmt.name!r} can be read but not written")
    return fmt.write(obj, **options)


def dump(obj: Any, target: PathOrFile, format: str | None = None, **options: Any) -> None:
    """Write a model object to a path or an open text file. A path's extension picks the format
    when ``format`` is not given."""
    if format is None and isinstance(target, str | os.PathLike):
        ext = registry.extension_of(target)
        if ext:
            try:
                format = registry.get_format(ext).name
            except KeyError:
                format = None
    text = dumps(obj, format, **options)
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    elif isinstance(target, io.TextIOBase) or "b" not in getattr(target, "mode", ""):
        target.write(text)  # type: ignore[call-overload]  # IO[str] | IO[bytes]
    else:
        target.write(text.encode("utf-8"))  # type: ignore[arg-type]


def iter_records(
    source: Source,
    format: str | None = None,
    *,
    errors: Literal["collect", "raise", "skip"] = "collect",
) -> Iterator[Record]:
    """Stream the records of a collection file, one :class:`Record` at a time.

    Memory does not grow with the file: lines are read as they are needed. The format is
    detected from the first lines (and the file name) unless given. A file holding a single
    document yields one record. ``errors``: ``"collect"`` yields bad records with ``error``
    set, ``"raise"`` raises the first error, ``"skip"`` leaves bad records out.
    """
    raw = open_lines(source, format)
    try:
        for rec in records_of(raw):
            if rec.error is not None:
                if errors == "raise":
                    raise rec.error
                if errors == "skip":
                    continue
            yield rec
    finally:
        raw.close()


def records_of(raw: Lines) -> Iterator[Record]:
    """The records of an opened source; errors carry the source's name."""
    fmt = raw.format
    if fmt.collection and fmt.iter_read is not None:
        records = fmt.iter_read(raw.lines)
    else:
        records = _single(raw.lines, fmt)
    for rec in records:
        if rec.error is not None:
            rec = Record(rec.number, rec.line, rec.text, error=rec.error.relocated(path=raw.name))
        yield rec


@dataclass
class Lines:
    """A source opened for reading: its detected ``format``, its ``name`` (for messages), and
    its numbered ``lines``, read lazily. ``close()`` when done."""

    format: Format
    name: str | None
    lines: Iterator[tuple[int, str]]
    _handle: Any = None

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()


def open_lines(source: Source, format: str | None = None) -> Lines:
    """Open a path, file or iterable of text for streaming and detect its format from the
    first lines (and the file name) unless ``format`` is given."""
    name: str | None = None
    handle: Iterable[str]
    owned: Any = None
    if isinstance(source, str | os.PathLike):
        name = os.fspath(source)
        handle = owned = open_text(name)
    elif hasattr(source, "read"):
        raw_name = getattr(source, "name", None)
        name = raw_name if isinstance(raw_name, str) else None
        peek = source.read(0)
        handle = _TextOf(source) if isinstance(peek, bytes) else source  # type: ignore[arg-type,assignment]
    else:
        handle = source
    try:
        lines = numbered_lines(handle)
        head = list(itertools.islice(lines, _SNIFF_LINES))
        head_text = "\n".join(line for _, line in head) + ("\n" if head else "")
        try:
            fmt = resolve_format(head_text, format, filename=name)
        except PuzzleFormatError as exc:
            raise exc.relocated(path=name) from None
    except BaseException:
        if owned is not None:
            owned.close()
        raise
    return Lines(fmt, name, itertools.chain(head, lines), owned)


def _single(lines: Iterator[tuple[int, str]], fmt: Format) -> Iterator[Record]:
    text = "".join(line + "\n" for _, line in lines)
    try:
        value = fmt.read(text)
    except PuzzleFormatError as exc:
        yield Record(1, 1, text, error=exc.relocated(record=1))
    else:
        yield Record(1, 1, text, value)


class _TextOf:
    """Iterate a binary handle as decoded text lines (encoding from its first bytes)."""

    def __init__(self, raw: IO[bytes]) -> None:
        self._raw = raw

    def __iter__(self) -> Iterator[str]:
        import codecs

        from puzzlefmt.textio import sniff_encoding

        head = self._raw.read(4096)
        encoding, skip = sniff_encoding(head)
        decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        yield decoder.decode(head[skip:])
        for chunk in iter(lambda: self._raw.read(1 << 16), b""):
            yield decoder.decode(chunk)
        yield decoder.decode(b"", final=True)
