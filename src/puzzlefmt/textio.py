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
from typing import IO

__all__ = [
    "decode",
    "iter_lines",
    "numbered_lines",
    "open_text",
    "split_lines",
]

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
