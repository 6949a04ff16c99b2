"""The ``cgp`` format: one Crossword Game Position on one line (extension ``.cgp``).

Comment lines starting ``#`` and blank lines around the line are allowed and skipped. The
line itself is read by the CGP codec (:mod:`puzzlefmt.cgp._cgpcodec`; its leniencies are
listed in ``docs/cgp.md``) and written by :meth:`Position.cgp
<puzzlefmt.cgp.Position.cgp>`, with the same options.
"""

from __future__ import annotations

import re
from typing import Any

from puzzlefmt.cgp.distributions import distribution_names
from puzzlefmt.cgp.game import Game
from puzzlefmt.cgp.layouts import layout_names
from puzzlefmt.cgp.position import Position, read_position
from puzzlefmt.collection import is_comment_line
from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.textio import numbered_lines

__all__ = [
    "FORMAT",
    "READ_OPTIONS",
    "WRITE_OPTIONS",
    "looks_like_cgp",
    "read",
    "sniff",
    "sniff_lines",
    "write",
]

# The shape of a CGP line: a board with "/" between rows, a racks field, scores, a zero count,
# then operations. Cheap: no distribution is consulted.
_SHAPE = re.compile(
    r"[ \t]*(?P<board>[^ \t/]+(?:/[^ \t/]*)+)[ \t]+(?P<racks>[^ \t]+)[ \t]+"
    r"(?P<scores>-?[0-9]+(?:/-?[0-9]+)*)[ \t]+(?P<zero>[0-9]+)(?P<ops>[ \t].*)?",
    re.ASCII,
)
_MAX_SNIFF_LINES = 64


def looks_like_cgp(line: str) -> bool:
    """Whether one line has the shape of a CGP (fields only; nothing is read)."""
    m = _SHAPE.fullmatch(line.rstrip("\r\n"))
    if m is None:
        return False
    board = m.group("board")
    return any(ch.isdigit() or ch.isalpha() for ch in board)


def sniff_lines(text: str) -> list[str]:
    """The first lines of ``text`` that are not comments or blank (at most 64)."""
    out: list[str] = []
    for line in text[:200_000].splitlines():
        if is_comment_line(line):
            continue
        out.append(line)
        if len(out) >= _MAX_SNIFF_LINES:
            break
    return out


def sniff(text: str) -> Sniff | None:
    """One CGP line (comments aside): a ``/``-separated board, racks, scores, a zero count."""
    lines = sniff_lines(text)
    if not lines or not looks_like_cgp(lines[0]):
        return None
    rows = lines[0].split()[0].count("/") + 1
    if len(lines) == 1:
        return Sniff(0.95, f"one CGP line: a board of {rows} rows, racks, scores, zero count")
    return Sniff(0.3, "a CGP line, but more lines follow (cgp-list reads many)")


def read(text: str, *, strict: bool = False, distribution: str | None = None,
         layout: str | None = None) -> Position:
    """Read one position; comment and blank lines around it are skipped. ``strict``,
    ``distribution`` and ``layout`` are the options of :class:`Position`."""
    if "\n" not in text and "\r" not in text and not text.lstrip(" \t").startswith("#"):
        return read_position(text, strict=strict, distribution=distribution, layout=layout)
    found: tuple[int, str] | None = None
    for lineno, line in numbered_lines(text):
        if is_comment_line(line):
            continue
        if found is not None:
            raise PuzzleFormatError(
                f"expected one CGP, found a second on line {lineno} (cgp-list reads many)",
                format="cgp",
                line=lineno,
                text=line,
                expected="one CGP line",
                found="another line",
            )
        found = (lineno, line)
    if found is None:
        raise PuzzleFormatError(
            "expected a CGP line, found nothing", format="cgp", expected="a CGP", found="nothing"
        )
    lineno, line = found
    try:
        return read_position(line, strict=strict, distribution=distribution, layout=layout)
    except PuzzleFormatError as exc:
        raise exc.relocated(line=lineno) from None


def write(position: Position, **options: Any) -> str:
    """The CGP line and a newline (``options``: those of :meth:`Position.cgp`)."""
    return position.cgp(**options) + "\n"


class _PositionFormat(Format):
    """A format of one position, which says what to do with a game record instead."""

    def one(self, obj: Any) -> Any:
        if isinstance(obj, Game):
            raise TypeError(
                f"{self.name} holds one position; a game record holds a position after each "
                "event: write it as cgp-list (one CGP per event), or pick one with --at N"
            )
        return super().one(obj)


#: The reader options of a CGP line (``cgp``; ``Position(text, ...)`` takes them too).
READ_OPTIONS = (
    Option("strict", bool, False, "refuse every deviation from the spec (see docs/cgp.md)"),
    Option("distribution", str, None, "the letter distribution, whatever ld and lex say",
           choices=distribution_names()),
    Option("layout", str, None, "the board layout, whatever bdn and the size say",
           choices=layout_names()),
)

#: The writer options of a CGP line (``cgp`` and ``cgp-list``).
WRITE_OPTIONS = (
    Option("operations", str, "all", "all: every operation; none: the four fields only",
           choices=("all", "none")),
    Option("ld", str, "as-read", "always: add ld NAME; when the distribution was inferred",
           choices=("as-read", "always")),
    Option("lm_style", str, "as-read",
           "the notation of lm: as read, seed (8D WORD, -ABC, -) or spec (8D.WORD, ex.ABC, "
           "pass)", choices=("as-read", "seed", "spec")),
    Option("exact", bool, False, "the text exactly as read while the position is unchanged"),
)

#: The ``cgp`` format: one position as a CGP line.
FORMAT = _PositionFormat(
    name="cgp",
    family="cgp",
    model=Position,
    extensions=("cgp",),
    description="Crossword Game Position: one position on one line",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=40,
    read_options=READ_OPTIONS,
    write_options=WRITE_OPTIONS,
    holds=frozenset({"operations"}),
)
