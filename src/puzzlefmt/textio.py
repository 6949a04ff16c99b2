"""Text helpers shared by every reader: decoding, line splitting, numbered lines.

Readers work on ``str``. Files arrive as bytes in UTF-8 (with or without BOM), UTF-16 with a
BOM (HoDoKu's exemplar files), or Latin-1 from old Windows programs; lines end in CRLF, LF or a
lone CR. These helpers make all of that one thing: numbered lines without their endings.
"""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Iterable, Iterator
from itertools import chain, islice
from typing import IO

__all__ = [
    "STDIN_NAME",
    "LineReader",
    "decode",
    "iter_lines",
    "joined",
    "numbered_lines",
    "open_text",
    "split_lines",
    "text_lines",
    "text_of",
]

#: How messages name standard input (``-``).
STDIN_NAME = "<stdin>"

_EOL = re.compile(r"\r\n|\r|\n")

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def sniff_encoding(head: bytes) -> tuple[str, int]:
    """Return ``(encoding, bom_length)`` for the first bytes of a file."""
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name, len(bom)
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        # A multi-byte character cut at the end of the sample is still UTF-8.
        if exc.start < len(head) - 3:
            return "latin-1", 0
    return "utf-8", 0


def decode(data: bytes) -> str:
    """Decode file bytes: a BOM picks the encoding, else UTF-8, else Latin-1."""
    encoding, skip = sniff_encoding(data[:4096])
    try:
        return data[skip:].decode(encoding)
    except UnicodeDecodeError:
        return data[skip:].decode("latin-1")


def text_of(value: object, where: str, *, decode_bytes: bool = True) -> str:
    """What a reader takes, as text: a ``str`` as it is, bytes (``bytes``, ``bytearray``,
    ``memoryview``) decoded as a file's bytes are (:func:`decode`, what
    ``puzzlefmt.load(path)`` does); anything else raises ``TypeError`` saying what ``where``
    (the function or class, for the message) expected. ``decode_bytes=False`` (a model's
    constructor, which reads text): bytes raise too, pointing to ``puzzlefmt.loads``."""
    if isinstance(value, str):
        return value
    got = type(value).__name__
    if isinstance(value, bytes | bytearray | memoryview):
        if decode_bytes:
            return decode(bytes(value))
        raise TypeError(f"{where}: expected str, got {got} (a model is read from text: "
                        "puzzlefmt.loads reads bytes)")
    raise TypeError(f"{where}: expected {'str or bytes' if decode_bytes else 'str'}, got {got}")


def open_text(path: str) -> IO[str]:
    """Open a file for streaming text with the encoding its first bytes show.

    Newlines are left as they are (``newline=""``) so that :func:`iter_lines` can see CR, LF and
    CRLF alike.
    """
    with open(path, "rb") as raw:
        head = raw.read(4096)
    encoding, skip = sniff_encoding(head)
    handle = open(path, encoding=encoding, newline="", errors="replace")  # noqa: SIM115
    if skip:
        handle.read(1)  # the BOM decodes to one U+FEFF character
    return handle


def split_lines(text: str) -> list[str]:
    """Split on CRLF, LF or CR; a final line ending does not make an extra empty line."""
    text = text.removeprefix("\ufeff")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def joined(parts: Iterable[str], sep: str = "", *, batch: int = 4096) -> str:
    """``sep.join(parts)`` that does not hold every part at once: a long run of short parts
    (a line per move or per position) is joined a batch at a time, so that the parts cost
    a batch, not a second copy of the text and an object each."""
    it = iter(parts)
    chunks = iter(lambda: list(islice(it, batch)), [])
    return sep.join(sep.join(chunk) for chunk in chunks)


def text_lines(text: str) -> Iterator[str]:
    """The lines of :func:`split_lines`, one at a time: a long text is never held twice (as
    itself and as the list of its lines)."""
    text = text.removeprefix("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    start, end = 0, len(text)
    while start < end:
        stop = text.find("\n", start)
        if stop < 0:
            yield text[start:]
            return
        yield text[start:stop]
        start = stop + 1


def iter_lines(chunks: Iterable[str]) -> Iterator[str]:
    """Yield lines (without endings) from a stream of text chunks, in constant memory and
    linear time.

    Works on a file opened with ``newline=""`` (its chunks are raw lines) as well as on any
    iterable of strings (chunks of any size); CRLF, LF and a lone CR all end a line, and a CRLF
    split across two chunks counts as one line ending.
    """
    pending: list[str] = []  # the pieces of the line not yet ended
    after_cr = False  # the last chunk ended with CR: a LF at the start of the next belongs to it
    first = True
    for chunk in chunks:
        if first:
            chunk = chunk.removeprefix("\ufeff")
            first = False
        if not chunk:
            continue
        if after_cr:
            after_cr = False
            if chunk[0] == "\n":
                chunk = chunk[1:]
                if not chunk:
                    continue
        if not pending and chunk[-1] == "\n" and chunk.find("\n") == len(chunk) - 1 and (
            "\r" not in chunk
        ):
            yield chunk[:-1]  # the common case: one LF-terminated line
            continue
        parts = _EOL.split(chunk)
        if len(parts) == 1:
            pending.append(chunk)
            continue
        if pending:
            pending.append(parts[0])
            parts[0] = "".join(pending)
            pending = []
        last = parts.pop()
        after_cr = chunk[-1] == "\r"
        yield from parts
        if last:
            pending.append(last)
    if pending:
        yield "".join(pending)


def numbered_lines(source: str | IO[str] | Iterable[str]) -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, line)`` pairs, numbers from 1, from a string or a text stream."""
    chunks: Iterable[str]
    chunks = io.StringIO(source, newline="") if isinstance(source, str) else source
    return enumerate(iter_lines(chunks), start=1)


class LineReader:
    """The numbered lines ``(number, line)`` of a stream of text chunks, read once: what
    :func:`numbered_lines` gives (CRLF, LF and a lone CR end a line, a CRLF split across two
    chunks is one line ending, a BOM at the start is dropped), in constant memory and linear
    time, but with two more ways in:

    - :meth:`peek` reads lines ahead (to detect a format) without using them up: iterating
      the reader afterwards starts again from line 1;
    - :meth:`blocks` hands the rest of the stream over as blocks of whole lines, with their
      line endings as they are (a batch job's columnar path works on such blocks), instead
      of one line at a time. Only one of the two ways (lines or blocks) can be taken.
    """

    def __init__(self, chunks: Iterable[str]) -> None:
        self._chunks = iter(chunks)
        self._size = 0  # the least size of a block, but for the last
        self._kept: list[str] = []  # blocks read by peek(), to be given again
        self._source = self._texts()
        self._lines: Iterator[tuple[int, str]] | None = None
        self._taken = False

    @property
    def fresh(self) -> bool:
        """Nothing has been taken from the reader yet (lines peeked at do not count)."""
        return self._lines is None and not self._taken

    def _texts(self) -> Iterator[str]:
        """Blocks of whole lines with their endings (the last may lack its ending): the
        chunks read, joined until they hold ``self._size`` characters, cut after their last
        line ending (the rest goes on into the next block)."""
        pieces: list[str] = []
        held = 0
        first = True
        for chunk in self._chunks:
            if first:
                chunk = chunk.removeprefix("\ufeff")
                first = False
            if not chunk:
                continue
            pieces.append(chunk)
            held += len(chunk)
            if held < self._size:
                continue
            # Cut after the last line ending of the chunk; a CR at its very end may be the
            # first half of a CRLF, so it waits for the next chunk.
            end = len(chunk) - (chunk[-1] == "\r")
            cut = max(chunk.rfind("\n", 0, end), chunk.rfind("\r", 0, end)) + 1
            if not cut:
                continue
            rest = chunk[cut:]
            pieces[-1] = chunk[:cut]
            yield "".join(pieces)
            pieces = [rest] if rest else []
            held = len(rest)
        text = "".join(pieces)
        if text:
            yield text

    def peek(self) -> Iterator[tuple[int, str]]:
        """The lines from the first, read ahead and kept to be given again."""
        number = 1
        for text in chain(list(self._kept), self._read_ahead()):
            parts = split_block(text)
            yield from enumerate(parts, number)
            number += len(parts)

    def _read_ahead(self) -> Iterator[str]:
        for text in self._source:
            self._kept.append(text)
            yield text

    def blocks(self, size: int = 1 << 20) -> Iterator[str]:
        """The whole stream (from line 1) as blocks of whole lines of about ``size``
        characters or more, their line endings as they are."""
        if not self.fresh:
            raise ValueError("lines were already taken from this reader")
        self._taken = True
        self._size = size
        kept, self._kept = self._kept, []
        return chain(kept, self._source)

    def _numbered(self) -> Iterator[tuple[int, str]]:
        number = 1
        kept, self._kept = self._kept, []
        for text in chain(kept, self._source):
            parts = split_block(text)
            yield from enumerate(parts, number)
            number += len(parts)

    def __iter__(self) -> Iterator[tuple[int, str]]:
        if self._lines is None:
            if self._taken:
                raise ValueError("this reader's blocks were already taken")
            self._lines = self._numbered()
        return self._lines

    def __next__(self) -> tuple[int, str]:
        return next(iter(self))


def split_block(text: str) -> list[str]:
    """The lines of a block of whole lines (see :meth:`LineReader.blocks`), without endings."""
    parts = _EOL.split(text) if "\r" in text else text.split("\n")
    if not parts[-1]:
        parts.pop()
    return parts
