"""The registry: every family, format and picture the library knows, by name.

Families are collected from their packages (``puzzlefmt.<family>.family.FAMILY``) the first
time the registry is asked anything, so ``import puzzlefmt`` stays cheap; a question about
one built-in family by its name (:func:`family`, :func:`generators` of what a family of that
name makes) imports that family only, so that ``puzzlefmt generate keen`` loads no Sudoku
or CGP code. Families know
nothing of the registry; the API and the command line know no family in particular.
"""

from __future__ import annotations

import importlib
import os

from puzzlefmt.detection import Candidate, rank
from puzzlefmt.engine import Engine
from puzzlefmt.family import Family
from puzzlefmt.format import Format, Renderer

__all__ = [
    "Candidate",
    "detect",
    "engine_for",
    "engine_names",
    "engines",
    "expected",
    "families",
    "family",
    "family_of",
    "format_for_object",
    "formats",
    "game_names",
    "generators",
    "get_format",
    "get_renderer",
    "register_family",
    "renderers",
]

# The family packages shipped with puzzlefmt, in listing order.
_BUILTIN = ("sudoku", "keen", "cgp")

_families: dict[str, Family] = {}
_formats: dict[str, Format] = {}
_renderers: dict[str, Renderer] = {}
_names: dict[str, str] = {}  # alias or name -> name, formats and renderers alike
_loaded = False


def register_family(fam: Family) -> Family:
    """Add a family, its formats and its pictures (names must be new)."""
    items: list[Format | Renderer] = [*fam.formats, *fam.renderers]
    made = {e.makes: other.name for other in _families.values() for e in other.engines
            if e.generates}
    for eng in fam.engines:
        if eng.generates and eng.makes in made:
            raise ValueError(f"{eng.makes!r} is made by the {made[eng.makes]} family "
                             f"already (the {fam.name} family's {eng.name} engine)")
    for item in items:
        for key in (item.name, *item.aliases):
            if key in _names:
                raise ValueError(f"format name {key!r} is registered twice")
            _names[key] = item.name
    _families[fam.name] = fam
    _formats.update((f.name, f) for f in fam.formats)
    _renderers.update((r.name, r) for r in fam.renderers)
    return fam


def _load() -> None:
    global _loaded  # noqa: PLW0603 - a one-time lazy import of the built-in families
    if _loaded:
        return
    _loaded = True
    for name in _BUILTIN:
        module = importlib.import_module(f"puzzlefmt.{name}.family")
        register_family(module.FAMILY)


def families() -> list[Family]:
    """Every registered family, in registration order."""
    _load()
    return list(_families.values())


def expected() -> str:
    """What a text of any registered family is, in words, for an error that found none:
    ``"a Sudoku, Keen or CGP text"`` (each family's :attr:`~puzzlefmt.family.Family.noun`,
    in registration order)."""
    _load()
    nouns = [fam.noun or fam.label for fam in _families.values()]
    if len(nouns) > 1:
        nouns = [", ".join(nouns[:-1]), nouns[-1]]
    return f"a {' or '.join(nouns)} text"


def game_names() -> str:
    """What the registered families' game records are called, for messages: ``"GCG"``
    (each :attr:`~puzzlefmt.family.Replay.name`, in registration order)."""
    _load()
    return ", ".join(f.replay.name for f in _families.values() if f.replay is not None)


def _builtin(name: str) -> Family | None:
    """The built-in family ``name`` alone, before the registry has collected them all
    (imported, not registered: the full collection registers the same object in its
    order); ``None`` when ``name`` is no built-in family's, or the registry has them all."""
    if _loaded or name in _families or name not in _BUILTIN:
        return None
    fam: Family = importlib.import_module(f"puzzlefmt.{name}.family").FAMILY
    return fam


def family(name: str) -> Family:
    """The family called ``name`` (``"sudoku"``, ``"keen"``, ``"cgp"``); ``KeyError`` naming the
    known ones otherwise. A built-in family asked for by name is imported alone."""
    alone = _builtin(name)
    if alone is not None:
        return alone
    _load()
    try:
        return _families[name]
    except KeyError:
        raise KeyError(f"unknown family {name!r}; known: {', '.join(_families)}") from None


def family_of(obj: object) -> Family:
    """The family whose models include ``obj``'s type."""
    _load()
    for fam in _families.values():
        if isinstance(obj, fam.models):
            return fam
    raise TypeError(f"no puzzlefmt family handles objects of type {type(obj).__name__}")


def engines(name: str | None = None) -> list[Engine]:
    """Every engine of every family (those called ``name``, if given), in family order."""
    _load()
    return [e for fam in _families.values() for e in fam.engines
            if name is None or e.name == name]


def generators(makes: str | None = None) -> list[Engine]:
    """Every generator (engine with :attr:`~puzzlefmt.engine.Engine.makes`), in family order;
    with ``makes``, the one that makes it (an empty list when none does). A built-in family
    called ``makes`` is asked first, alone: a thing is made by one family only (checked as
    families register), so when that family makes it, no other family is imported."""
    if makes is not None:
        alone = _builtin(makes)
        if alone is not None:
            found = [e for e in alone.engines if e.generates and e.makes == makes]
            if found:
                return found
    return [e for e in engines() if e.generates and (makes is None or e.makes == makes)]


def engine_names() -> list[str]:
    """The names of the engines some family has, each once, in family order."""
    return list(dict.fromkeys(e.name for e in engines()))


def engine_for(obj: object, name: str) -> Engine:
    """The engine ``name`` of ``obj``'s family that takes ``obj``; :class:`KeyError` when
    the family has none (the message names the engines it has)."""
    fam = family_of(obj)
    found = fam.engine(name)
    if found is None or not found.takes(obj):
        known = ", ".join(e.name for e in fam.engines if e.takes(obj)) or "none"
        raise KeyError(f"the {fam.name} family has no {name} engine for a "
                       f"{type(obj).__name__} (its engines: {known})")
    return found


def formats(family: str | None = None) -> list[Format]:
    """Every format (of one family, if given): by family, then priority, then name."""
    _load()
    order = {name: i for i, name in enumerate(_families)}
    found = [f for f in _formats.values() if family is None or f.family == family]
    return sorted(found, key=lambda f: (order[f.family], f.priority, f.name))


def renderers(family: str | None = None) -> list[Renderer]:
    """Every picture (of one family, if given)."""
    _load()
    return [r for r in _renderers.values() if family is None or r.family == family]


def _key(name: str) -> str:
    key = name.lower().lstrip(".")
    return _names.get(key, key)


def get_format(name: str) -> Format:
    """A format by name, alias or file extension (``"sdk"``, ``".sdk"``)."""
    _load()
    key = _key(name)
    if key in _formats:
        return _formats[key]
    for fmt in formats():
        if key in fmt.extensions:
            return fmt
    known = ", ".join(sorted(_formats))
    hint = f" ({key!r} is a picture: use render)" if key in _renderers else ""
    raise KeyError(f"unknown format {name!r}{hint}; known formats: {known}")


def get_renderer(name: str) -> Renderer:
    """A picture (renderer) by name or alias (``"sudoku-svg"``); ``KeyError`` naming the known
    ones otherwise."""
    _load()
    key = _key(name)
    if key in _renderers:
        return _renderers[key]
    raise KeyError(f"unknown picture {name!r}; known: {', '.join(sorted(_renderers))}")


def format_for_object(obj: object) -> Format:
    """The default writer of a model: the first format by priority that takes its type."""
    fam = family_of(obj)
    for fmt in formats(fam.name):
        if isinstance(obj, fmt.model):
            return fmt
    raise TypeError(f"no format writes objects of type {type(obj).__name__}")


def detect(text: str, *, filename: str | os.PathLike[str] | None = None) -> list[Candidate]:
    """Rank every format for ``text``, best first (see :func:`puzzlefmt.detection.rank`)."""
    return rank(formats(), text, filename=filename)


def lookup(name: str) -> Format | Renderer:
    """A format or a picture by name (formats first)."""
    try:
        return get_format(name)
    except KeyError:
        return get_renderer(name)
