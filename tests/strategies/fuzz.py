"""Fuzz inputs for every registered format, and the one check they are put through.

The formats are the registry's (``puzzlefmt.formats()``): a new format is fuzzed without a
line here. Each format's valid texts (:func:`corpus`) are the files of ``examples/`` it
reads, and what its own writer makes of every model read from them; the strategies mutate
those, or make text from nothing, with the pieces that broke readers before: deep
brackets, lone surrogates, NULs, huge numbers, BOMs, every kind of line ending; and bytes,
which ``loads`` decodes as a file's.

:func:`foreign_exception` is the property: ``loads(data, fmt)`` succeeds or raises
:class:`~puzzlefmt.PuzzleFormatError`, and whatever it read prints (``str``, ``repr``) and
writes back (``dumps`` in ``fmt``) without an exception that is not the library's (a
writer may refuse, on purpose, what it has no notation for).
"""

from __future__ import annotations

import functools
import re
import traceback
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import puzzlefmt
from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp import Game
from puzzlefmt.textio import decode

__all__ = [
    "FORMATS",
    "any_input",
    "corpus",
    "foreign_exception",
    "mutated",
    "mutated_bytes",
    "random_text",
]

ROOT = Path(__file__).resolve().parents[2]
FORMATS = [f.name for f in puzzlefmt.formats()]

# A GCG record while examples/ has none (it is read, and written by the gcg writer, too).
_GCG = (
    "#character-encoding UTF-8\n#player1 alice Alice\n#player2 bob Bob\n"
    ">alice: AEINRST 8D RETAINS +68 68\n>bob: EGLNORT H7 O.T +3 3\n#note a note\n"
    ">alice: ?ABCDEF - +0 68\n>bob: XYZ -- -3 0\n"
)

_DEEP = ["[" * 3000, "{" * 3000, '{"a":' * 2000, "[[[[" * 40, "(" * 2000, "<" * 2000]
_HUGE = [
    "9" * 5000,
    "1" + "0" * 400,
    "-" + "9" * 30,
    "18446744073709551616",
    "1e999999",
    "1E-99999",
    "0x7fffffff",
    "NaN",
    "Infinity",
    "-0",
    "4294967296",
    "99999999999999999999",
]
_ODD = [
    "\x00",
    "\ud800",
    "\udfff",
    "\udc80",
    "\ud83d",
    "\ufeff",
    "\ufffd",
    "\u2028",
    "\x1b[2J",
    "\r",
    "\n",
    "\r\n",
    "\t",
    "\x0c",
    "\x85",
    " ",
    "",
    "é",
    "·",
    "ß",
    "\U0001f600",
]
_SYNTAX = [
    *"0123456789.-_*|+:#[]{}()<>/\\;,=?!'\"@$%&~^` ",
    *"ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    *"abcdefghijklmnopqrstuvwxyz",
    "S9B",
    "scl",
    "ctc",
    "?load=",
    "://",
    "lex ",
    "#player1 ",
    ">a: ",
    "SAVEFILE:41:",
    ":",
    '"size":',
    "null",
    "true",
]
PIECES = st.sampled_from([*_DEEP, *_HUGE, *_ODD, *_SYNTAX])
_NUMBER = re.compile(r"\d+")


def _models(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value]


@functools.cache
def corpus() -> dict[str, tuple[str, ...]]:
    """Each format's valid texts: examples it reads, and its writer's texts of every model
    read from any of them (a writer that refuses a model, like ``sol`` an unsolved grid, is
    left out for that model)."""
    texts = [decode(p.read_bytes()) for p in sorted((ROOT / "examples").rglob("*")) if p.is_file()]
    texts.append(_GCG)
    found: dict[str, list[str]] = {name: [] for name in FORMATS}
    models: list[Any] = [Game()]
    for text in texts:
        for name in FORMATS:
            try:
                value = puzzlefmt.loads(text, name)
            except PuzzleFormatError:
                continue
            found[name].append(text)
            models.extend(_models(value))
    for fmt in puzzlefmt.formats():
        for model in models:
            if isinstance(model, fmt.model):
                try:
                    found[fmt.name].append(puzzlefmt.dumps(model, fmt.name))
                except (TypeError, ValueError):
                    continue
    return {name: tuple(dict.fromkeys(texts)) for name, texts in found.items()}


@st.composite
def mutated(draw: st.DrawFn, fmt: str) -> str:
    """One of ``fmt``'s valid texts (or of any format's, now and then), changed in one to
    six places: a piece inserted or replacing a stretch, a stretch deleted or doubled, a
    number made huge, the text cut short."""
    own = corpus()[fmt]
    pool = (
        own
        if own and draw(st.integers(0, 4))
        else tuple(t for texts in corpus().values() for t in texts)
    )
    text = draw(st.sampled_from(pool))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        span = draw(st.integers(0, 8))
        op = draw(st.sampled_from(["insert", "replace", "delete", "double", "number", "cut"]))
        if op == "insert":
            text = text[:at] + draw(PIECES) + text[at:]
        elif op == "replace":
            text = text[:at] + draw(PIECES) + text[at + span :]
        elif op == "delete":
            text = text[:at] + text[at + span + 1 :]
        elif op == "double":
            text = text[: at + span] + text[at:]
        elif op == "number":
            numbers = list(_NUMBER.finditer(text))
            if numbers:
                m = draw(st.sampled_from(numbers))
                text = text[: m.start()] + draw(st.sampled_from(_HUGE)) + text[m.end() :]
        else:
            text = text[:at]
    return text


def random_text() -> st.SearchStrategy[str]:
    """Text from nothing: the pieces above, or any code point at all (surrogates too)."""
    pieces = st.lists(PIECES, max_size=40).map("".join)
    anything = st.text(st.characters(exclude_categories=()), max_size=200)
    return st.one_of(pieces, anything)


@st.composite
def mutated_bytes(draw: st.DrawFn, fmt: str) -> bytes:
    """A mutated text encoded (UTF-8, UTF-16 with its BOM, Latin-1 where it fits, UTF-8 with
    a BOM) and some of its bytes flipped; or bytes from nothing."""
    if draw(st.integers(0, 3)) == 0:
        return draw(st.binary(max_size=300))
    text = draw(mutated(fmt))
    codec = draw(st.sampled_from(["utf-8", "utf-16", "latin-1", "utf-8-sig"]))
    data = bytearray(text.encode(codec, errors="surrogatepass" if "utf" in codec else "replace"))
    for _ in range(draw(st.integers(0, 3))):
        if data:
            at = draw(st.integers(0, len(data) - 1))
            data[at] = draw(st.integers(0, 255))
    return bytes(data)


def any_input(fmt: str) -> st.SearchStrategy[str | bytes]:
    return st.one_of(mutated(fmt), random_text(), mutated_bytes(fmt))


PACKAGE = Path(puzzlefmt.__file__).resolve().parent


def _ours(exc: BaseException) -> bool:
    """An exception type the library defines (PuzzleFormatError, OptionError...)."""
    return type(exc).__module__.startswith("puzzlefmt")


def _refusal(exc: BaseException) -> bool:
    """A writer's refusal: a plain ``ValueError`` raised on purpose by a ``raise`` statement
    of the library (what ``docs/sudoku.md`` documents: "writers refuse what their reader
    could not read back"), not one that a call inside it let out (``int("x")``, an encoder's
    ``UnicodeEncodeError``)."""
    if type(exc) is not ValueError or exc.__traceback__ is None:
        return False
    last = traceback.extract_tb(exc.__traceback__)[-1]
    inside = Path(last.filename).resolve().is_relative_to(PACKAGE)
    return inside and (last.line or "").lstrip().startswith("raise ")


def foreign_exception(fmt: str, data: str | bytes) -> Exception | None:
    """The exception that is not the library's, if any, from reading ``data`` as ``fmt``
    (anything but PuzzleFormatError), from ``str``/``repr`` of what it read (anything of a
    type puzzlefmt does not define) or from writing it back in ``fmt`` (the same, but for a
    writer's refusal); ``None`` when there is none."""
    try:
        value = puzzlefmt.loads(data, fmt)
    except PuzzleFormatError:
        return None
    except Exception as exc:  # the point: any other exception is a finding
        return exc
    for model in _models(value):
        for show in (str, repr):
            try:
                show(model)
            except Exception as exc:
                if not _ours(exc):
                    return exc
    try:
        puzzlefmt.dumps(value, fmt)
    except Exception as exc:
        if not (_ours(exc) or _refusal(exc)):
            return exc
    return None
