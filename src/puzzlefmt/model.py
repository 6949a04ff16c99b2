"""The protocol every model follows: :class:`Model`, :class:`Problem`, :class:`SolveResult`.

This module sits below the families: it knows no Sudoku, Keen or CGP. Each family's model
(``sudoku.Grid``, ``keen.Puzzle``, ``cgp.Position``...) subclasses :class:`Model` and so has
the same methods with the same meaning:

==================  ==========================================================================
``Model(text)``     read text of any format of the model's family (detected within the family)
``repr(m)``         pasteable: ``Grid('4.....8.5...')``
``str(m)``          a text picture; ``m._repr_svg_()`` an SVG picture (Jupyter shows it)
``m.problems()``    rule problems as :class:`Problem` objects (empty: none)
``m.status()``      the same problems as the family's ``IntFlag`` (``0``: none)
``m.is_valid()``    no problem of severity ``"error"``
``m.solve(limit)``  a :class:`SolveResult` whose solutions are models of the same type
``m.replace(f=v)``  a new model with these fields changed, checked as the constructor
                    checks them (each model declares its fields as keyword arguments)
``m.copy()``        a copy, equal to ``m`` (rarely needed: a model never changes)
``m == other``      same type and same content (everything a lossless format keeps)
``hash(m)``         consistent with ``==``: models are immutable, so a set or a dict key is safe
``m.contents()``    what it carries that a format may not hold (a conversion says what it drops)
``m.to_json()``     a JSON-ready ``dict`` that validates against the family's JSON Schema
``M.from_json(d)``  the inverse (a ``dict`` or JSON text); bad data raises PuzzleFormatError
==================  ==========================================================================

Models are immutable. A public field cannot be assigned once the model is built
(``AttributeError`` names the model's ``replace``), and the sequences and mappings a model
shows are :class:`FrozenList` and :class:`FrozenDict`: read-only, equal to the lists and
dicts of the same items, hashable. Changing a model means building another one:
``grid.replace(placed=...)``, ``position.play(move)``.

Operations that live above the model layer (reading any format of the family, drawing,
solving) reach the model through :class:`Engines`, which the family package installs on its
model class when it is imported (see :func:`install`); the model never imports them.
"""

from __future__ import annotations

import abc
import inspect
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MemberDescriptorType
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.jsontext import check_depth
from puzzlefmt.textio import text_of

__all__ = [
    "Engines",
    "FrozenDict",
    "FrozenList",
    "Model",
    "Problem",
    "Severity",
    "SolveResult",
    "install",
    "json_object",
    "load_schema",
]

#: How bad a :class:`Problem` is: an ``"error"`` makes a model invalid, a ``"warning"`` does not.
Severity = Literal["error", "warning"]

_SCHEMAS = Path(__file__).resolve().parent / "schemas"

M = TypeVar("M")
T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class FrozenList(tuple[T, ...]):
    """A model's sequence: a tuple that also equals the list of the same items and prints
    as one (``grid.givens == [0, 5, ...]``, ``position.racks == [["A"], []]``).

    Nothing changes it; its hash is the tuple's, so a model holding it can be hashed.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return repr(list(self))


def _refusing(name: str) -> Any:
    def refuse(self: object, *args: object, **kwargs: object) -> Any:
        raise TypeError("a model's mapping cannot be changed: build a new model with replace()")
    refuse.__name__ = name
    refuse.__doc__ = f"Refused (``TypeError``): a model's mapping does not change ({name})."
    return refuse


class FrozenDict(dict[K, V]):
    """A model's mapping: a ``dict`` that refuses every change (``TypeError``) and hashes by
    its items, so that a model holding it can be hashed."""

    __slots__ = ()

    __setitem__ = __delitem__ = __ior__ = _refusing("__setitem__")
    clear = _refusing("clear")
    pop = _refusing("pop")
    popitem = _refusing("popitem")
    setdefault = _refusing("setdefault")
    update = _refusing("update")

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def __repr__(self) -> str:
        return dict.__repr__(self)


class _Unchanged:
    """The default shown for each field of a ``replace`` signature: left out, it stays."""

    def __repr__(self) -> str:
        return "<unchanged>"


UNCHANGED: Any = _Unchanged()


def keyword_fields(method: Callable[..., Any], names: Iterable[str]) -> None:
    """Give a ``replace(self, **fields)`` the signature of its fields (keyword-only, each
    ``<unchanged>`` by default), so that ``help()``, editors and ``inspect`` show them; the
    names come from the model's one declaration of its fields."""
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=UNCHANGED)
               for n in names]
    method.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]


def frozen_list(items: Any) -> FrozenList[Any]:
    """``items`` as a :class:`FrozenList`, nested lists (and tuples) frozen too."""
    if isinstance(items, FrozenList):
        return items
    return FrozenList([frozen_list(x) if isinstance(x, (list, tuple)) else x for x in items])


@dataclass(frozen=True, slots=True)
class Problem:
    """One rule problem of a model that parses.

    ``code``: a stable identifier (``"repeated-digit"``, ``"cage-target"``, ``"over-bag"``).
    ``message``: the problem in words. ``where``: the place it concerns, in the family's own
    notation (``"r1c1"``, ``"cage 3"``, ``"board row 3"``), or ``None``. ``severity``:
    ``"error"`` (the puzzle or position breaks a rule) or ``"warning"`` (odd but allowed).
    """

    code: str
    message: str
    where: str | None = None
    severity: Severity = "error"

    def __str__(self) -> str:
        return self.message if self.severity == "error" else f"warning: {self.message}"

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``code``, ``message``, ``where`` and ``severity``."""
        return {"code": self.code, "message": self.message, "where": self.where,
                "severity": self.severity}


@dataclass(slots=True)
class SolveResult(Generic[M]):
    """What a solver found: ``count`` solutions (counting stopped at ``limit``); up to two
    ``solutions`` kept, each a model of the puzzle's own type."""

    count: int
    limit: int
    solutions: list[M] = field(default_factory=list)
    # Why there is no solution when that is known without search (two 5s in a row), or why
    # the solver could not decide.
    reason: str = ""
    # False when the solver gave up (time or size limit): then ``count`` means nothing and
    # ``status`` is ``"unknown"``.
    complete: bool = True

    @property
    def status(self) -> Literal["none", "unique", "multiple", "unknown"]:
        """``"none"``, ``"unique"``, ``"multiple"``, or ``"unknown"`` (the solver gave up)."""
        if not self.complete:
            return "unknown"
        if self.count == 0:
            return "none"
        return "unique" if self.count == 1 else "multiple"

    @property
    def unique(self) -> bool:
        """True when the search was complete and found exactly one solution."""
        return self.complete and self.count == 1

    @property
    def solution(self) -> M | None:
        """The solution when there is exactly one, else ``None``."""
        return self.solutions[0] if self.unique and self.solutions else None


@dataclass(frozen=True, slots=True)
class Engines:
    """What a family installs on its model class: the family's reader of any of its text
    forms, its SVG picture, its solver (``None`` where it has none), and ``run``: the
    family's engine table for this model, by name (each a callable ``engine(model,
    **options)``; see :mod:`puzzlefmt.engine`), which :meth:`Model._run` calls."""

    read: Callable[[str], Any]
    svg: Callable[..., str] | None = None
    solve: Callable[[Any, int], SolveResult[Any]] | None = None
    run: Mapping[str, Callable[..., Any]] = field(default_factory=dict)


class Model(abc.ABC):
    """Base of every model class. Subclasses define the abstract methods; the rest follows."""

    #: The family's name (``"sudoku"``, ``"keen"``, ``"cgp"``).
    family: ClassVar[str]
    #: Installed by the family package (:func:`install`); ``None`` until then.
    engines: ClassVar[Engines | None] = None

    # ------------------------------------------------------------------ subclasses define

    @abc.abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """Everything that makes two models equal, as a hashable tuple."""

    @abc.abstractmethod
    def problems(self) -> list[Problem]:
        """The rule problems (empty when there are none)."""

    @abc.abstractmethod
    def status(self) -> int:
        """The rule problems as the family's ``IntFlag`` (``0`` when there are none)."""

    @abc.abstractmethod
    def copy(self) -> Self:
        """An independent copy, equal to this model."""

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, valid under the family's schema (:meth:`json_schema`)."""

    @classmethod
    @abc.abstractmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Self:
        """Build from :meth:`to_json`'s output (a dict, or JSON text)."""

    @abc.abstractmethod
    def __str__(self) -> str:
        """A text picture."""

    def contents(self) -> frozenset[str]:
        """What this model carries that a format may or may not hold, from the vocabulary of
        :attr:`puzzlefmt.format.Format.holds` (``"givens"``, ``"placed"``, ``"candidates"``,
        ``"comments"``, ``"metadata"``, ``"solution"``...). A conversion reports what the
        target cannot hold. Families override this; the base carries nothing optional."""
        return frozenset()

    # ------------------------------------------------------------------ shared behaviour

    def __setattr__(self, name: str, value: Any) -> None:
        # A field is written once, by the constructor; private caches stay writable.
        if not name.startswith("_") and _is_set(self, name):
            raise AttributeError(
                f"{type(self).__name__} is immutable: build a changed one with "
                f"replace({name}=...)")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: {name} cannot be deleted")

    def is_valid(self) -> bool:
        """No problem of severity ``"error"``."""
        return not any(p.severity == "error" for p in self.problems())

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Model)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))

    @classmethod
    def _engines(cls) -> Engines:
        if cls.engines is None:  # pragma: no cover - the family package installs them
            raise RuntimeError(f"{cls.__name__}: import its family package first")
        return cls.engines

    @classmethod
    def _read_text(cls, text: str) -> Self:
        """Any text form of the family (detected); raises PuzzleFormatError, and
        ``TypeError`` for what is not a ``str``."""
        obj = cls._engines().read(text_of(text, cls.__name__, decode_bytes=False))
        if not isinstance(obj, cls):
            raise PuzzleFormatError.expecting(
                f"one {cls.__name__}", type(obj).__name__, format=cls.family)
        return obj

    def _repr_svg_(self) -> str:
        svg = self._engines().svg
        if svg is None:  # pragma: no cover - every family draws
            raise NotImplementedError(f"{type(self).__name__} has no picture")
        return str(svg(self))

    def _run(self, name: str, **options: Any) -> Any:
        """Run the family's engine ``name`` on this model (its options checked by the
        engine's declaration). A model's engine methods (``puzzle.grade()``) are this."""
        engine = self._engines().run.get(name)
        if engine is None:
            known = ", ".join(sorted(self._engines().run)) or "none"
            raise NotImplementedError(
                f"the {self.family} family has no {name} engine for a "
                f"{type(self).__name__} (its engines: {known})")
        return engine(self, **options)

    def _solve(self, limit: int) -> SolveResult[Self]:
        engines = self._engines()
        solve = engines.solve
        table = engines.run.get("solve")
        if solve is None and table is None:
            raise NotImplementedError(f"the {self.family} family has no solver")
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit must be a whole number of at least 1, not {limit!r}")
        if table is not None:  # the family's engine table (puzzlefmt.engine)
            result: SolveResult[Self] = table(self, limit=limit)
            return result
        return solve(self, limit)  # type: ignore[misc] # one of the two is set

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The published JSON Schema of :meth:`to_json` for this family."""
        return load_schema(cls.family)


_CLASS_SETTINGS = frozenset({"family", "engines"})


def _is_set(obj: object, name: str) -> bool:
    """True when ``name`` may no longer be assigned on ``obj``: a filled slot, an instance
    attribute, or one of the base's class settings (``family``, ``engines``), which a model
    never shadows; a class-level default does not count (the constructor sets it once)."""
    for klass in type(obj).__mro__:
        attr = klass.__dict__.get(name)
        if isinstance(attr, MemberDescriptorType):
            try:
                attr.__get__(obj, type(obj))
            except AttributeError:
                return False
            return True
        if name in klass.__dict__:
            break  # a class-level default: the constructor may still set it, once
    return name in _CLASS_SETTINGS or name in getattr(obj, "__dict__", {})


def install(model: type[Model], engines: Engines) -> None:
    """Give a model class its family's reader, pictures and solver."""
    model.engines = engines


def load_schema(family: str) -> dict[str, Any]:
    """The JSON Schema shipped with the package for ``family`` (``schemas/<family>.json``)."""
    # The file beside the package's modules (importlib.resources would cost every command a
    # fiftieth of a second of start-up for what only a schema needs).
    text = (_SCHEMAS / f"{family}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def json_object(data: Mapping[str, Any] | str, *, format: str) -> Mapping[str, Any]:
    """``from_json``'s input as a mapping: JSON text is parsed (bad JSON, JSON nested deeper
    than :data:`~puzzlefmt.jsontext.MAX_DEPTH`, an object of another shape, or an integer too
    long to convert raise :class:`PuzzleFormatError`)."""
    if isinstance(data, str):
        check_depth(data, format=format)
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise PuzzleFormatError.expecting(
                "JSON", exc.msg.lower(), format=format, line=exc.lineno, column=exc.colno
            ) from None
        except ValueError as exc:  # e.g. an integer of more digits than Python converts
            raise PuzzleFormatError.expecting("JSON", str(exc), format=format) from None
    if not isinstance(data, Mapping):
        raise PuzzleFormatError.expecting(
            "a JSON object", type(data).__name__, format=format)
    return data
