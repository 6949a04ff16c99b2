"""The top-level functions: ``loads``/``load``, ``dumps``/``dump``, ``detect``, ``iter_records``,
``render``.
"""

from __future__ import annotations

import codecs
import io
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any, Literal

from puzzlefmt import registry
from puzzlefmt.collection import Collection, LineCollection, Record, is_comment_line
from puzzlefmt.detection import SNIFF_CHARS, Candidate, extension_of, read_detected
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Renderer
from puzzlefmt.outfile import output
from puzzlefmt.textio import LineReader, decode, sniff_encoding, text_of

__all__ = [
    "Lines",
    "detect",
    "dump",
    "dumps",
    "iter_records",
    "load",
    "loads",
    "open_lines",
    "records_of",
    "render",
    "resolve_format",
    "run",
]

PathOrFile = str | os.PathLike[str] | IO[str] | IO[bytes]
# iter_records also takes any iterable of text chunks (a generator of lines, say).
Source = PathOrFile | Iterable[str]

# Detection of a stream looks at its first lines: this many that are not comments or blank,
# and never more than _HEAD_LIMIT lines in all.
_SNIFF_LINES = 64
_HEAD_LIMIT = 20_000


def detect(
    text: str | bytes, *, filename: str | os.PathLike[str] | None = None
) -> list[Candidate]:
    """Rank the formats ``text`` could be in, best first, each with its score and reason.
    Bytes are decoded as a file's are (see :func:`loads`)."""
    return registry.detect(text_of(text, "detect"), filename=filename)


def _named(format: str) -> Format:
    try:
        return registry.get_format(format)
    except KeyError as exc:
        raise PuzzleFormatError(str(exc.args[0]), format="auto") from None


def resolve_format(
    text: str | bytes,
    format: str | None = None,
    *,
    filename: str | os.PathLike[str] | None = None,
) -> Format:
    """The format named, or else the best candidate for ``text``; raise if none matches."""
    if format is not None:
        return _named(format)
    text = text_of(text, "resolve_format")
    ranked = registry.detect(text, filename=filename)
    if ranked:
        return registry.get_format(ranked[0].format)
    ext = extension_of(filename)
    by_ext = [f for f in registry.formats() if ext and ext in f.extensions]
    if by_ext:
        return by_ext[0]
    read_detected([], text, expected=registry.expected())  # raises "nothing recognises"
    raise AssertionError("unreachable")  # pragma: no cover


def loads(
    text: str | bytes,
    format: str | None = None,
    *,
    filename: str | os.PathLike[str] | None = None,
    **options: Any,
) -> Any:
    """Parse ``text`` into a model (or a :class:`~puzzlefmt.collection.Collection`).

    Without ``format`` the text is detected; when the best candidate cannot read it, its own
    error is raised. ``options`` are the format's declared reader options.
    Raises :class:`PuzzleFormatError` on bad text. Bytes are decoded as :func:`load` decodes
    a file (a BOM, else UTF-8, else Latin-1); any other type raises ``TypeError``.
    """
    text = text_of(text, "loads")
    if format is not None:
        return _named(format).loads(text, **options)
    if options:
        return resolve_format(text, filename=filename).loads(text, **options)
    return read_detected(registry.formats(), text, filename=filename,
                         expected=registry.expected())


def _read_source(source: PathOrFile) -> tuple[str, str | None]:
    if isinstance(source, str | os.PathLike):
        with open(source, "rb") as fh:
            return decode(fh.read()), os.fspath(source)
    data = source.read()
    name = getattr(source, "name", None)
    text = decode(data) if isinstance(data, bytes) else data
    return text, name if isinstance(name, str) else None


def load(source: PathOrFile, format: str | None = None, **options: Any) -> Any:
    """Read a file (path or open file, text or binary) into a model or collection.

    The file's extension helps detection. Errors carry the file name.
    """
    text, name = _read_source(source)
    try:
        return loads(text, format, filename=name, **options)
    except PuzzleFormatError as exc:
        raise exc.relocated(path=name) from None


def _writer(obj: Any, format: str | None) -> Format | Renderer:
    if format is None:
        if isinstance(obj, Collection):
            return registry.get_format(obj.format)
        if isinstance(obj, list | tuple) and obj:
            fam = registry.family_of(obj[0])
            for fmt in registry.formats(fam.name):
                if isinstance(fmt, LineCollection):
                    return fmt
        return registry.format_for_object(obj)
    try:
        return registry.lookup(format)
    except KeyError:
        raise KeyError(_unknown(format)) from None


def _check_model(obj: Any) -> None:
    """``TypeError`` for what is plainly no model: text, a number, ``None``, a list whose
    first item is no model (an empty list, or any other iterable, goes to the writer)."""
    models = tuple(m for fam in registry.families() for m in fam.models)
    if isinstance(obj, list | tuple) and obj:
        obj = obj[0]
    elif isinstance(obj, Iterable) and not isinstance(obj, str | bytes):
        return
    if isinstance(obj, models):
        return
    names = ", ".join(m.__name__ for m in models)
    hint = "; read text with puzzlefmt.loads first" if isinstance(obj, str | bytes) else ""
    raise TypeError(f"dumps: expected a model ({names}) or a list of them, "
                    f"got {type(obj).__name__}{hint}")


def _unknown(name: str) -> str:
    try:
        registry.get_format(name)
    except KeyError as exc:
        return str(exc.args[0])
    return name  # pragma: no cover


def dumps(obj: Any, format: str | None = None, **options: Any) -> str:
    """Write a model (or a list of them, to a collection format) as text.

    ``format`` is a format or picture name (default: the object's natural format). Writer
    dialects are the format's declared options, e.g. ``dumps(grid, "line", blank="0")``.
    What is not a model (or a list of them) raises ``TypeError`` naming the models.
    """
    _check_model(obj)
    writer = _writer(obj, format)
    if isinstance(writer, Renderer):
        one = obj[0] if isinstance(obj, list) and len(obj) == 1 else obj
        return writer.render(one, **options)
    return writer.dumps(obj, **options)


def dump(obj: Any, target: PathOrFile, format: str | None = None, **options: Any) -> None:
    """Write a model to a path (atomically, see :mod:`puzzlefmt.outfile`) or an open file.
    A path's extension picks the format when ``format`` is not given."""
    if format is None and isinstance(target, str | os.PathLike):
        ext = extension_of(target)
        if ext:
            try:
                format = registry.get_format(ext).name
            except KeyError:
                format = None
    text = dumps(obj, format, **options)
    if isinstance(target, str | os.PathLike):
        with output(target) as out:
            out.write(text)
    elif isinstance(target, io.TextIOBase) or "b" not in getattr(target, "mode", ""):
        target.write(text)  # type: ignore[call-overload]  # IO[str] | IO[bytes]
    else:
        target.write(text.encode("utf-8"))  # type: ignore[arg-type]


def render(obj: Any, picture: str = "svg", **options: Any) -> str:
    """A picture of a model: ``"svg"`` or ``"text"`` (the family's), or a picture's name."""
    if picture in ("svg", "text"):
        fam = registry.family_of(obj)
        for r in registry.renderers(fam.name):
            if r.kind == picture and isinstance(obj, r.model):
                return r.render(obj, **options)
        raise TypeError(f"no {picture} picture of {type(obj).__name__}")
    return registry.get_renderer(picture).render(obj, **options)


def run(engine: str, obj: Any, **options: Any) -> Any:
    """Run the engine named ``engine`` of ``obj``'s family on ``obj`` (a model, or a list of
    models, run with the engine's batch form): ``puzzlefmt.run("grade", puzzle)``,
    ``puzzlefmt.run("canon", grids, convention="pattern")``. The options are the engine's
    own (``puzzlefmt <engine> --help`` lists them); an unknown one raises
    :class:`~puzzlefmt.errors.OptionError`, an engine the family lacks :class:`KeyError`.

    Every engine a family declares in its table is reached this way, with no method of its
    own on the model (a model's methods such as ``puzzle.grade()`` are conveniences over it).
    """
    if isinstance(obj, (list, tuple, Collection)):
        items = list(obj)
        if not items:
            return []
        return registry.engine_for(items[0], engine).many(items, **options)
    return registry.engine_for(obj, engine)(obj, **options)


# --------------------------------------------------------------------------- streams


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


def records_of(raw: Lines, *, comments: bool = False) -> Iterator[Record]:
    """The records of an opened source; errors carry the source's name. With
    ``comments=True`` a collection's comment and blank lines come too (``rec.comment``)."""
    fmt = raw.format
    if isinstance(fmt, LineCollection):
        records = fmt.iter_records(raw.lines, comments=comments, numbered_from=raw.records_before)
    else:
        records = _single(raw.lines, fmt)
    name = raw.name
    try:
        for rec in records:
            if rec.error is not None and name is not None:
                rec.error = rec.error.relocated(path=name)
            yield rec
    except PuzzleFormatError as exc:
        raise exc.relocated(path=name) from None


@dataclass
class Lines:
    """A source opened for reading: its detected ``format``, its ``name`` (for messages), and
    its numbered ``lines``, read lazily. ``close()`` when done. ``records_before``: for a
    part of a larger collection, how many records came before it (record numbers go on from
    there)."""

    format: Format
    name: str | None
    lines: Iterator[tuple[int, str]]
    _handle: Any = None
    records_before: int = 0

    def close(self) -> None:
        """Close the file that :func:`open_lines` opened for a path (an open file or lines given
        to it are left to their owner)."""
        if self._handle is not None:
            self._handle.close()


def open_lines(
    source: Source, format: str | None = None, *, name: str | None = None
) -> Lines:
    """Open a path, file or iterable of text for streaming, reading it once (a pipe or a
    named pipe works too), and detect its format from the first lines that are not comments
    (and the file name) unless ``format`` is given."""
    handle: Iterable[str]
    owned: Any = None
    if isinstance(source, str | os.PathLike):
        name = name or os.fspath(source)
        owned = open(source, "rb")  # noqa: SIM115 - closed by Lines.close
        handle = _TextOf(owned)
    elif hasattr(source, "read"):
        raw_name = getattr(source, "name", None)
        name = name or (raw_name if isinstance(raw_name, str) else None)
        peek = source.read(0)
        handle = _TextOf(source) if isinstance(peek, bytes) else source  # type: ignore[arg-type,assignment]
    else:
        handle = source
    try:
        lines = LineReader(handle)
        head: list[tuple[int, str]] = []
        content = 0
        if format is None:
            for item in lines.peek():
                head.append(item)
                if not is_comment_line(item[1]):
                    content += 1
                    if content >= _SNIFF_LINES:
                        break
                if len(head) >= _HEAD_LIMIT:
                    break
        head_text = _head_text(line for _, line in head)
        try:
            fmt = resolve_format(head_text, format, filename=name)
        except PuzzleFormatError as exc:
            raise exc.relocated(path=name) from None
    except BaseException:
        if owned is not None:
            owned.close()
        raise
    return Lines(fmt, name, lines, owned)


def _head_text(lines: Iterable[str]) -> str:
    """The first lines as the sniffers see them (:func:`puzzlefmt.detection.sniffed`), made
    without a copy of what they do not see (a first line of 50 MB, say)."""
    pieces: list[str] = []
    room = SNIFF_CHARS
    for line in lines:
        if len(line) >= room:
            if not pieces:
                pieces.append(line[:room])
            break
        pieces.append(line + "\n")
        room -= len(line) + 1
    return "".join(pieces)


def _single(lines: Iterator[tuple[int, str]], fmt: Format) -> Iterator[Record]:
    text = "".join(line + "\n" for _, line in lines)
    try:
        value = fmt.loads(text)
    except PuzzleFormatError as exc:
        yield Record(1, exc.line or 1, text, error=exc.relocated(record=1))
    else:
        yield Record(1, 1, text, value)


class _TextOf:
    """Iterate a binary handle as decoded text chunks, reading it once.

    The encoding comes from the first bytes (a byte-order mark, else UTF-8). A file that
    turns out not to be UTF-8 further on, after nothing but ASCII, is Latin-1 (an old
    Windows file with its first accented letter past the sample): the rest is decoded as
    such, which reads the same text :func:`puzzlefmt.textio.decode` reads from the whole
    file. Bytes that fit no reading become U+FFFD.
    """

    def __init__(self, raw: IO[bytes]) -> None:
        self._raw = raw

    def __iter__(self) -> Iterator[str]:
        head = self._raw.read(1 << 16)
        encoding, skip = sniff_encoding(head[:4096])
        strict = encoding == "utf-8"
        decoder = codecs.getincrementaldecoder(encoding)("strict" if strict else "replace")
        ascii_so_far = True
        chunk = head[skip:]
        while chunk:
            try:
                text = decoder.decode(chunk)
            except UnicodeDecodeError:
                pending = decoder.getstate()[0]
                if ascii_so_far:
                    encoding = "latin-1"
                    decoder = codecs.getincrementaldecoder("latin-1")()
                    text = decoder.decode(pending + chunk)
                else:  # UTF-8 before, something else now: keep UTF-8, mark the bad bytes
                    decoder = codecs.getincrementaldecoder("utf-8")("replace")
                    text = decoder.decode(pending + chunk)
                strict = False
            if strict and ascii_so_far and not text.isascii():
                ascii_so_far = False
            yield text
            chunk = self._raw.read(1 << 20)
        try:
            yield decoder.decode(b"", final=True)
        except UnicodeDecodeError:  # a cut multi-byte character at the very end
            yield "\ufffd"
