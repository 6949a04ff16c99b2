"""Detection: reading any text and choosing the format it is in.

Every format's sniffer scores the text (:func:`rank`), and :func:`read_detected` reads it with
the best candidate that can. Detection is the same function whether it runs over one
family's formats (what ``Grid(text)`` does, through :meth:`puzzlefmt.family.Family.read`) or
over every format (what :func:`puzzlefmt.detect` and :func:`puzzlefmt.loads` do).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.format import Format
from puzzlefmt.textio import split_lines

__all__ = ["SNIFF_CHARS", "Candidate", "extension_of", "rank", "read_detected", "sniffed"]


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
    expected: str | None = None,
) -> Any:
    """Read ``text`` with the best-ranked format that can read it.

    When the best candidate fails, the next are tried; when all fail, the *best* candidate's
    own error is raised (it says what is wrong in the format the text most looks like). With
    no candidate at all, a format named by the file's extension reads it, so that its error
    (``line 9, column 9: expected 9 cells``) reaches the user; otherwise the error says that no
    format recognises the text: it expected ``expected`` (words: ``"a Sudoku, Keen or CGP
    text"``; by default ``"a <what> text"``, ``"a puzzle text"`` for ``"auto"``).
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
    kinds = expected or (f"a {what} text" if what != "auto" else "a puzzle text")
    raise PuzzleFormatError(
        f"expected {kinds}, found nothing any format recognises",
        format=what,
        line=1 if first else None,
        text=first if first else None,
        expected=kinds,
        found="unrecognised text",
    )
