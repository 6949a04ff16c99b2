"""What every command shares: exit codes, usage errors, input sources, one-line messages."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Sequence
from typing import IO, Any, NoReturn

from puzzlefmt import registry
from puzzlefmt.api import iter_records
from puzzlefmt.collection import Record
from puzzlefmt.errors import OptionError
from puzzlefmt.format import Format, Option
from puzzlefmt.textio import STDIN_NAME, decode

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130


class UsageError(Exception):
    """A bad option or argument: reported in one line, exit 2."""


def err(line: str) -> None:
    """One line on stderr, with control characters of the input made visible."""
    sys.stderr.write(safe(line.rstrip("\n")) + "\n")


_CONTROL = {i: f"\\x{i:02x}" for i in (*range(0x20), 0x7F) if i not in (0x09,)}
_CONTROL.update({0x0A: "\\n", 0x0D: "\\r"})


def safe(text: str) -> str:
    """``text`` with control characters (escape sequences, NUL, CR...) shown as escapes, so
    that input bytes quoted in a message cannot drive the terminal."""
    if text.isprintable():
        return text
    return text.translate(_CONTROL)


def source(path: str) -> Any:
    """What to read for an input argument: a path, or standard input's bytes for ``-``
    (read once, as a stream)."""
    if path == "-":
        stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin
        return _Named(stream, STDIN_NAME)
    if not os.path.exists(path):
        raise UsageError(f"{path}: no such file")
    if os.path.isdir(path):
        raise UsageError(f"{path}: is a folder, not a file")
    return path


class _Named:
    """A stream with the name errors should show."""

    def __init__(self, stream: IO[Any], name: str) -> None:
        self._stream = stream
        self.name = name

    def read(self, size: int = -1) -> Any:
        return self._stream.read(size)


def read_input_text(path: str) -> tuple[str, str]:
    """The whole text of an input (for commands that need all of it) and its name."""
    src = source(path)
    if path == "-":
        data = src.read()
        return (decode(data) if isinstance(data, bytes) else data), STDIN_NAME
    with open(src, "rb") as fh:
        return decode(fh.read()), path


def records(path: str, fmt: str | None) -> Iterator[Record]:
    """Records of a file or of stdin (``-``); the name is attached to every error."""
    return iter_records(source(path), fmt)


def target_format(name: str) -> Format:
    try:
        return registry.get_format(name)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None


def parse_options(fmt_or_options: Format | tuple[Option, ...], pairs: Sequence[str] | None,
                  *, owner: str) -> dict[str, Any]:
    """``--option NAME=VALUE`` pairs parsed by the declarations (unknown names refused)."""
    declared = (fmt_or_options.write_options if isinstance(fmt_or_options, Format)
                else fmt_or_options)
    known = {o.name: o for o in declared}
    out: dict[str, Any] = {}
    for pair in pairs or ():
        if "=" not in pair:
            raise UsageError(f"--option wants NAME=VALUE, found {pair!r}")
        key, value = pair.split("=", 1)
        key = key.strip().replace("-", "_")
        opt = known.get(key)
        if opt is None:
            names = ", ".join(sorted(known)) or "none"
            raise UsageError(f"--option: {owner} has no option {key!r} (its options: {names})")
        try:
            out[key] = opt.parse(value)
        except OptionError as exc:
            raise UsageError(f"--option: {exc}") from None
    return out


def progress_wanted(args: argparse.Namespace) -> bool:
    """A bar on stderr when a person watches: stderr is a terminal and the output goes to a
    file (``-o``) or to the terminal too; none when the output is piped."""
    if getattr(args, "no_progress", False):
        return False
    if getattr(args, "progress", False):
        return True
    to_file = getattr(args, "output", None) not in (None, "-")
    return sys.stderr.isatty() and (to_file or sys.stdout.isatty())


def seconds(name: str) -> Any:
    """An argparse type: a number of seconds above 0 (at most a day)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} wants a number of seconds, "
                                             f"found {text!r}") from None
        if not 0 < value <= 86_400:
            raise argparse.ArgumentTypeError(f"{name} must be above 0 and at most 86400 "
                                             f"(a day), found {text}")
        return value

    return parse


def positive(name: str, *, zero: bool = False, most: int | None = None) -> Any:
    """An argparse type: a whole number >= 1 (>= 0 with ``zero``), at most ``most``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} wants a whole number, "
                                             f"found {text!r}") from None
        low = 0 if zero else 1
        if value < low:
            raise argparse.ArgumentTypeError(f"{name} must be {low} or more, found {value}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"{name} must be at most {most}, found {value}")
        return value

    return parse


class Parser(argparse.ArgumentParser):
    """argparse with its errors in one line on stderr (``puzzlefmt solve: --limit must be 1
    or more, found 0``) and exit code 2, like every other error of the command line."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def table(rows: list[list[str]], header: list[str]) -> str:
    if not rows:
        return "no files"
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    for r in rows:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)))
    return "\n".join(line.rstrip() for line in lines)
