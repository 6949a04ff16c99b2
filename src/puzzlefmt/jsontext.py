"""JSON text as every JSON reader takes it: nesting bounded before it is parsed.

Python's ``json`` recurses once per level of arrays and objects, so ``"[" * 5000`` ends in a
``RecursionError`` (or, nested a little less, in a value that any later recursive walk of it
breaks on). No puzzle is nested more than a few levels deep: every reader of JSON text calls
:func:`check_depth` first, which refuses anything deeper than :data:`MAX_DEPTH` with a
:class:`~puzzlefmt.errors.PuzzleFormatError` at the line and column of the bracket that goes
too deep, or :func:`check_decoded` where the text is not the document itself (JSON decoded
from a link's payload, whose place in the document is the payload's).
"""

from __future__ import annotations

import re
from itertools import accumulate

from puzzlefmt.errors import PuzzleFormatError

__all__ = ["MAX_DEPTH", "check_decoded", "check_depth", "place", "too_deep"]

#: The deepest nesting of arrays and objects a JSON reader accepts. Puzzle JSON needs a
#: handful of levels (a SudokuPad puzzle's lines: five); Python's ``json`` breaks near a
#: thousand.
MAX_DEPTH = 100

# A string (maybe cut short by the end of the text), or one bracket. Brackets inside a string
# do not count; where this reading of a string differs from JSON's, the JSON is invalid
# before that point and its parser stops there.
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"?'
_STRINGS = re.compile(_STRING, re.DOTALL)
_TOKENS = re.compile(_STRING + r"|[\[\]{}]", re.DOTALL)
# The bytes that are not brackets (deleted), and each byte's step in depth.
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = [0] * 256
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1


def too_deep(text: str, limit: int = MAX_DEPTH) -> int | None:
    """The offset of the first bracket in ``text`` that opens level ``limit + 1`` (outside
    strings), or ``None`` when the nesting stays within ``limit``. Linear in the text."""
    if text.count("[") + text.count("{") <= limit:  # the usual case: too few to go deep
        return None
    # The deepest level, at C speed: strings out (without escapes, a string is what lies
    # between a quote and the next), then the brackets' running sum.
    bare = "".join(text.split('"')[::2]) if "\\" not in text else _STRINGS.sub("", text)
    brackets = bare.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
    if max(accumulate(map(_STEP.__getitem__, brackets)), default=0) <= limit:
        return None
    depth = 0  # too deep: find where, token by token
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return match.start()
        elif token in "]}":
            depth -= 1
    return None  # pragma: no cover - the running sum went deeper than the limit


def place(text: str, offset: int) -> tuple[int, int]:
    """The 1-based ``(line, column)`` of ``offset`` in ``text``, lines ended by LF as JSON's
    own error positions count them."""
    line = text.count("\n", 0, offset) + 1
    column = offset - text.rfind("\n", 0, offset)
    return line, column


def check_depth(
    text: str,
    *,
    format: str,
    line: int = 1,
    column: int = 1,
    record: int | None = None,
) -> None:
    """Raise :class:`PuzzleFormatError` when ``text`` nests arrays or objects deeper than
    :data:`MAX_DEPTH`. ``line`` and ``column``: where ``text`` starts in its document (the
    column counts on its first line only)."""
    at = too_deep(text)
    if at is None:
        return
    row, col = place(text, at)
    shown = text[text.rfind("\n", 0, at) + 1 : at + 1]
    raise PuzzleFormatError.expecting(
        f"JSON nested at most {MAX_DEPTH} deep",
        "arrays or objects nested too deeply",
        format=format,
        line=line + row - 1,
        column=col + (column - 1 if row == 1 else 0),
        record=record,
        text=shown.strip()[-40:],
    )


def check_decoded(text: str) -> None:
    """Raise ``ValueError`` when ``text`` (JSON decoded from a payload) nests arrays or
    objects deeper than :data:`MAX_DEPTH`; the caller places the error at the payload."""
    at = too_deep(text)
    if at is not None:
        raise ValueError(
            f"decoded JSON nested too deeply (more than {MAX_DEPTH} levels), at character {at + 1}"
        )
