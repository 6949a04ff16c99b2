"""The protocol every format follows: :class:`Format`, its declared :class:`Option` s, and
:class:`Renderer` for pictures that are written but never read back.

A format is one small object, defined in the module named after it, with its sniffer, reader
and writer side by side::

    FORMAT = Format(
        name="sdk", family="sudoku", model=Grid, extensions=("sdk",),
        description="SadMan/SudoCue .sdk",
        sniff=sniff, read=read, write=write,
        write_options=(Option("counts", bool, False, "fill #N and #H"),),
    )

``fmt.sniff(text)`` says how well ``text`` looks like the format (a :class:`Sniff`, or
``None``), never raising. ``fmt.loads(text, **options)`` reads one document (a model, or for a
collection format a :class:`~puzzlefmt.collection.Collection`), raising
:class:`~puzzlefmt.errors.PuzzleFormatError`. ``fmt.dumps(obj, **options)`` writes one.
Options are declared, so callers (and the command line) can list them and have them checked:
an unknown option or a value of the wrong type raises :class:`~puzzlefmt.errors.OptionError`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from puzzlefmt.errors import OptionError
from puzzlefmt.textio import text_of

__all__ = ["Format", "Option", "Renderer", "Sniff", "check_options"]


@dataclass(frozen=True, slots=True)
class Sniff:
    """How well a text matches a format: ``score`` in (0, 1], and why, in words."""

    score: float
    reason: str


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, slots=True)
class Option:
    """A declared reader or writer option.

    ``kind`` is ``bool``, ``int`` or ``str``; ``choices`` (if any) lists the allowed values;
    ``minimum``/``maximum`` bound an ``int``; ``length`` fixes a ``str``'s length (e.g. a
    one-character blank); ``valid``, when given, checks a value further (a notation such as
    serate's ``--format``): it returns ``None`` for a good value, else what is wrong, in words.
    """

    name: str
    kind: type[bool] | type[int] | type[str]
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    length: int | None = None
    valid: Callable[[Any], str | None] | None = None

    def parse(self, text: str) -> Any:
        """The value of ``text`` as given on a command line (``--option name=text``)."""
        if self.kind is bool:
            low = text.strip().lower()
            if low in _TRUE:
                return True
            if low in _FALSE:
                return False
            raise OptionError(f"option {self.name!r} wants true or false, found {text!r}")
        if self.kind is int:
            stripped = text.strip()
            body = stripped[1:] if stripped[:1] in "+-" else stripped
            if not (body.isascii() and body.isdigit()) or len(body) > 18:
                raise OptionError(f"option {self.name!r} wants a whole number, found {text!r}")
            return self.check(int(stripped))
        return self.check(text)

    def check(self, value: Any) -> Any:
        """``value`` if it suits the option, else raise :class:`OptionError`."""
        if self.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name!r} wants true or false, found {value!r}")
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {self.name!r} wants a whole number, found {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name!r} must be at least {self.minimum}, "
                                  f"found {value}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name!r} must be at most {self.maximum}, "
                                  f"found {value}")
        elif not isinstance(value, str):
            raise OptionError(f"option {self.name!r} wants text, found {value!r}")
        elif self.length is not None and len(value) != self.length:
            raise OptionError(f"option {self.name!r} wants {self.length} character(s), "
                              f"found {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}, found {value!r}")
        if self.valid is not None:
            wrong = self.valid(value)
            if wrong is not None:
                raise OptionError(f"option {self.name!r}: {wrong}")
        return value

    def describe(self) -> str:
        """One line for ``puzzlefmt formats --options``."""
        kind = {bool: "true|false", int: "number", str: "text"}[self.kind]
        if self.choices:
            kind = "|".join(str(c) for c in self.choices)
        return f"{self.name}={kind} (default {self.default!r}): {self.help}"


def check_options(
    declared: tuple[Option, ...], given: Mapping[str, Any], *, owner: str, role: str
) -> dict[str, Any]:
    """``given`` checked against ``declared``: unknown names and bad values raise."""
    known = {o.name: o for o in declared}
    out: dict[str, Any] = {}
    for name, value in given.items():
        opt = known.get(name)
        if opt is None:
            names = ", ".join(sorted(known)) or "none"
            raise OptionError(f"{owner} has no {role} option {name!r} (its options: {names})")
        out[name] = opt.check(value)
    return out


@dataclass(frozen=True, kw_only=True)
class Format:
    """One registered text format of a family (see the module docstring).

    ``holds`` names what the format can keep of a model (``"givens"``, ``"placed"``,
    ``"candidates"``, ``"eliminations"``, ``"comments"``, ``"metadata"``, ``"solution"``...):
    a conversion to a format that cannot hold something the record has says so (and
    ``holds_for(value)``, when given, what it keeps of that value; ``writes_as(value,
    options)`` what it keeps as another kind).
    ``priority``: lower wins ties in detection and is the default writer for the model.
    """

    name: str
    family: str
    model: type
    description: str
    sniff_text: Callable[[str], Sniff | None]
    read: Callable[..., Any]
    write: Callable[..., str]
    extensions: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    priority: int = 50
    read_options: tuple[Option, ...] = ()
    write_options: tuple[Option, ...] = ()
    holds: frozenset[str] = field(default_factory=frozenset)
    #: What the format keeps of this value, where that depends on the value (a .txt line
    #: keeps candidates only as a Sukaku line, for a grid without givens); ``None``: always
    #: ``holds``.
    holds_for: Callable[[Any], frozenset[str]] | None = None
    #: The kinds of this value the format writes as another kind, given the writer's
    #: options (a line writes a grid without givens with its placed digits as its givens:
    #: ``{"placed": "givens"}``); not dropped, but not read back as they were. ``None``:
    #: none.
    writes_as: Callable[[Any, Mapping[str, Any]], Mapping[str, str]] | None = None

    #: Collections are :class:`~puzzlefmt.collection.LineCollection` objects.
    collection: bool = field(default=False, init=False)

    def sniff(self, text: str) -> Sniff | None:
        """How well ``text`` looks like this format; ``None`` when it does not. Never raises."""
        try:
            return self.sniff_text(text)
        except (ValueError, IndexError, KeyError):  # a sniffer must never break detection
            return None

    def loads(self, text: str | bytes, **options: Any) -> Any:
        """Read one document; raises :class:`~puzzlefmt.errors.PuzzleFormatError` (bytes
        are decoded as a file's are; another type raises ``TypeError``)."""
        opts = check_options(self.read_options, options, owner=self.name, role="reader")
        return self.read(text_of(text, "loads"), **opts)

    def dumps(self, obj: Any, **options: Any) -> str:
        """Write one model (a one-item list is taken as its item)."""
        opts = check_options(self.write_options, options, owner=self.name, role="writer")
        return self.write(self.one(obj), **opts)

    def one(self, obj: Any) -> Any:
        """``obj`` as one model of this format's type, or raise :class:`TypeError`."""
        if isinstance(obj, self.model):
            return obj
        if isinstance(obj, list) and len(obj) == 1 and isinstance(obj[0], self.model):
            return obj[0]
        what = f"a list of {len(obj)}" if isinstance(obj, list) else type(obj).__name__
        raise TypeError(f"{self.name} writes one {self.model.__name__}, not {what}"
                        + (" (use a collection format)" if isinstance(obj, list) else ""))


@dataclass(frozen=True, kw_only=True)
class Renderer:
    """A picture of a model: written for people, never read back (``kind``: ``"text"`` or
    ``"svg"``)."""

    name: str
    family: str
    model: type
    kind: str
    description: str
    draw: Callable[..., str]
    options: tuple[Option, ...] = ()
    aliases: tuple[str, ...] = ()

    def render(self, obj: Any, **options: Any) -> str:
        """The picture of ``obj`` (a model of this renderer's family), with ``options`` checked
        against the declared ones."""
        opts = check_options(self.options, options, owner=self.name, role="picture")
        if not isinstance(obj, self.model):
            raise TypeError(f"{self.name} draws a {self.model.__name__}, "
                            f"not {type(obj).__name__}")
        return self.draw(obj, **opts)
