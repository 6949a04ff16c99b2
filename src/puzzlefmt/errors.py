"""The one exception type every reader raises for text it cannot parse.

A :class:`PuzzleFormatError` is a :class:`ValueError`, so ``except ValueError`` keeps working.
It carries where the problem is (format, record, line, column), what was found and what was
expected, and prints as one line::

    sdk: line 4, column 7: expected 9 cells in a row, found 8 ("12.4.6.8")

Rule problems in text that *does* parse (a Sudoku with two 5s in a row, a CGP board with more
tiles than the bag) are not errors: the models report them through ``status()``/``problems()``.
"""

from __future__ import annotations

__all__ = ["OptionError", "PuzzleFormatError", "quote"]


_ESCAPES = {0x0D: "\\r", 0x0A: "\\n", 0x09: "\\t"}


def _escape(ch: str) -> str:
    code = ord(ch)
    if code in _ESCAPES:
        return _ESCAPES[code]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def quote(text: str, limit: int = 40) -> str:
    """Return ``text`` in double quotes, shortened with an ellipsis past ``limit`` characters.
    Control and other unprintable characters (NUL, escape sequences, line breaks) are shown as
    escapes, so that quoted input cannot drive a terminal."""
    shown = text if len(text) <= limit else text[: limit - 1] + "…"
    if not shown.isprintable():
        shown = "".join(ch if ch.isprintable() else _escape(ch) for ch in shown)
    return f'"{shown}"'


class PuzzleFormatError(ValueError):
    """Text that a reader cannot parse.

    :ivar format: the format's registered name (``"sdk"``, ``"keen"``, ``"cgp"``...).
    :ivar message: what is wrong, usually ``"expected X, found Y"``.
    :ivar line: 1-based line number in the text, when known.
    :ivar column: 1-based column, when known.
    :ivar record: 1-based record number in a collection, when the text is one.
    :ivar text: the offending text (a line, a field), quoted in the message.
    :ivar expected: what the reader expected, in words.
    :ivar found: what it found, in words.
    :ivar path: the file name, when the text came from a file.
    """

    def __init__(
        self,
        message: str,
        *,
        format: str,
        line: int | None = None,
        column: int | None = None,
        record: int | None = None,
        text: str | None = None,
        expected: str | None = None,
        found: str | None = None,
        path: str | None = None,
    ) -> None:
        self.message = message
        self.format = format
        self.line = line
        self.column = column
        self.record = record
        self.text = text
        self.expected = expected
        self.found = found
        self.path = path
        super().__init__(str(self))

    @classmethod
    def expecting(
        cls,
        expected: str,
        found: str,
        *,
        format: str,
        line: int | None = None,
        column: int | None = None,
        text: str | None = None,
        record: int | None = None,
    ) -> PuzzleFormatError:
        """Build the common ``expected X, found Y`` error."""
        return cls(
            f"expected {expected}, found {found}",
            format=format,
            line=line,
            column=column,
            text=text,
            expected=expected,
            found=found,
            record=record,
        )

    def where(self) -> str:
        """The position part of the message: ``record 3, line 4, column 7``."""
        parts = []
        if self.record is not None:
            parts.append(f"record {self.record}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.column is not None:
            parts.append(f"column {self.column}")
        return ", ".join(parts)

    def __str__(self) -> str:
        head = f"{self.path}: " if self.path else ""
        head += f"{self.format}: "
        where = self.where()
        if where:
            head += f"{where}: "
        tail = f" ({quote(self.text)})" if self.text is not None else ""
        return head + self.message + tail

    def relocated(
        self,
        *,
        line: int | None = None,
        record: int | None = None,
        path: str | None = None,
    ) -> PuzzleFormatError:
        """Return a copy placed in a larger document.

        ``line`` is the document line where the parsed piece started: the error's own line
        (1 when it had none) is counted from there. ``record`` and ``path`` are set if given.
        """
        new_line = self.line
        if line is not None:
            new_line = line + (self.line or 1) - 1
        return PuzzleFormatError(
            self.message,
            format=self.format,
            line=new_line,
            column=self.column,
            record=record if record is not None else self.record,
            text=self.text,
            expected=self.expected,
            found=self.found,
            path=path if path is not None else self.path,
        )

    def __reduce__(self) -> tuple[object, ...]:
        # Keep the keyword-only fields across pickling (worker processes send errors back).
        return (_rebuild, (self.message, self.__dict__.copy()))


def _rebuild(message: str, state: dict[str, object]) -> PuzzleFormatError:
    err = PuzzleFormatError.__new__(PuzzleFormatError)
    err.__dict__.update(state)
    ValueError.__init__(err, str(err))
    return err


class OptionError(ValueError):
    """A reader or writer option that the format does not declare, or a value it refuses.

    Not a :class:`PuzzleFormatError`: the input is fine, the request is not. The command line
    reports it as a usage error (exit 2) before reading any record.
    """
