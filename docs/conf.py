"""Sphinx configuration: the guides in ``docs/*.md`` and the API reference built from the
docstrings (``python -m sphinx -W --keep-going -b html docs build/docs``; checked by
``tests/test_api_reference.py``).

Each object is documented once, in the module that defines it. A package's page shows its
docstring and a table of the names it exports, linking to where they are documented; a
reference to an exported name (``puzzlefmt.Family``, ``:class:`Grid``` inside
``puzzlefmt.sudoku``) is resolved to that place. Two directives write the pages' autodoc
entries from the package itself, so that a new module of a family is in the reference with
no edit of ``docs/api/``: ``puzzlefmt-exports`` (a package, its exports) and
``puzzlefmt-modules`` (modules, and the public submodules of a package, a section each).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

# The package from this tree (not an installed one), with the version it declares.
import puzzlefmt

project = "puzzlefmt"
author = "puzzlefmt developers"
copyright = "puzzlefmt developers"
release = puzzlefmt.__version__
version = release

extensions = ["sphinx.ext.autodoc", "sphinx.ext.autosummary", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
root_doc = "index"

# Every reference to a documented puzzlefmt name must resolve (a rename that leaves a stale
# reference fails the build). Not checked: names outside the package (no inventory of the
# standard library's or numpy's documentation is fetched), private modules and names (not
# in the reference), and type variables (``M``, ``K``, ``T``: no page of their own).
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(?!puzzlefmt\.).*"),
    (r"py:.*", r"puzzlefmt\.(\w+\.)*_\w*(\..*)?"),
    (r"py:.*", r"puzzlefmt\.(\w+\.)*[A-Z]"),
]

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
autosummary_generate = False
# The guides link to their own sections (``[...](#the-seed-corrected)``).
myst_heading_anchors = 3

html_theme = "alabaster"
html_title = f"puzzlefmt {release}"


LEFT_OUT = ("puzzlefmt.cli", "puzzlefmt.web")
"""The command line and the web page: applications, described by ``puzzlefmt --help`` and the
page itself rather than in the reference."""


def _is_public(module_name: str) -> bool:
    return not any(part.startswith("_") for part in module_name.split("."))


def _submodules(package: str) -> list[str]:
    """The public modules under ``package`` (at any depth, ``LEFT_OUT`` aside), by name."""
    module = importlib.import_module(package)
    found = [
        info.name
        for info in pkgutil.walk_packages(module.__path__, f"{package}.")
        if _is_public(info.name) and not info.name.startswith(LEFT_OUT)
    ]
    return sorted(found)


def _all_modules(package: str) -> list[str]:
    """Every module under ``package``, private ones too (where constants may be assigned),
    ``LEFT_OUT`` and ``__main__`` (which runs the command line) aside."""
    module = importlib.import_module(package)
    return [
        info.name
        for info in pkgutil.walk_packages(module.__path__, f"{package}.")
        if not info.name.startswith(LEFT_OUT) and not info.name.endswith(".__main__")
    ]


def _attribute_docs(module_name: str) -> dict[str, list[str]]:
    """The module's top-level names that have a docstring (``#:`` or a string after)."""
    try:
        analyzer = ModuleAnalyzer.for_module(module_name)
        found = analyzer.find_attr_docs()
    except PycodeError:  # no source: nothing documented
        return {}
    return {name: list(doc) for (namespace, name), doc in found.items() if namespace == ""}


def _exports(module: ModuleType) -> list[str]:
    """The module's public names: its ``__all__``, or its own public functions and classes
    (the rule ``tests/test_api_reference.py`` checks docstrings by)."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            name
            for name, value in vars(module).items()
            if not name.startswith("_")
            and (inspect.isclass(value) or inspect.isfunction(value))
            and value.__module__ == module.__name__
        ]
    return [name for name in names if not name.startswith("__")]


def _is_data(value: object) -> bool:
    return not (
        inspect.isclass(value)
        or inspect.isroutine(value)
        or inspect.ismodule(value)
        or hasattr(value, "__wrapped__")
    )


class Index:
    """Where each public name is documented: once, in the module that defines it (assigns it,
    for a constant), or when that module is private, in the shortest public module that
    exports it. Every other name for it is an alias that references resolve to."""

    def __init__(self) -> None:
        self.modules = ["puzzlefmt", *_submodules("puzzlefmt")]
        self.hosted: dict[str, list[str]] = {name: [] for name in self.modules}
        self.hosted_data: dict[str, dict[str, list[str]]] = {}
        self.aliases: dict[str, str] = {}
        self.homes: dict[str, str] = {}  # privately defined → the public name documented
        self.origins: dict[str, str] = {}  # a hosted constant → where it is assigned
        assigned: dict[str, list[tuple[str, list[str]]]] = {}
        for module_name in ["puzzlefmt", *_all_modules("puzzlefmt")]:
            for name, doc in _attribute_docs(module_name).items():
                assigned.setdefault(name, []).append((module_name, doc))
        ordered = sorted(self.modules, key=lambda name: (name.count("."), name))
        for module_name in ordered:
            module = importlib.import_module(module_name)
            for name in _exports(module):
                self._place(module_name, name, getattr(module, name), assigned)

    def _place(
        self,
        module_name: str,
        name: str,
        value: object,
        assigned: dict[str, list[tuple[str, list[str]]]],
    ) -> None:
        """Note where ``module_name.name`` is documented."""
        key = f"{module_name}.{name}"
        origin = self._origin(name, value, assigned)
        if origin is None:
            return
        defining, home, doc = origin
        if _is_public(defining):
            hosted = self.hosted.setdefault(defining, [])
            if home.removeprefix(f"{defining}.") not in hosted:
                hosted.append(home.removeprefix(f"{defining}."))
            if home != key:
                self.aliases[key] = home
        elif home in self.homes:
            self.aliases[key] = self.homes[home]
        else:
            self.homes[home] = key
            self.aliases[home] = key
            if doc is not None:
                self.hosted_data.setdefault(module_name, {})[name] = doc
                self.origins[key] = home
            else:
                self.hosted[module_name].append(name)

    def _origin(
        self, name: str, value: object, assigned: dict[str, list[tuple[str, list[str]]]]
    ) -> tuple[str, str, list[str] | None] | None:
        """The module that defines ``value`` (that assigns it, for a constant), its full name
        there, and for a constant its docstring; None for what is not puzzlefmt's."""
        if not _is_data(value):
            module = getattr(value, "__module__", "") or ""
            if not module.startswith("puzzlefmt") or module.startswith(LEFT_OUT):
                return None
            return module, f"{module}.{getattr(value, '__qualname__', name)}", None
        for module_name, doc in assigned.get(name, []):
            if importlib.import_module(module_name).__dict__.get(name) is value:
                return module_name, f"{module_name}.{name}", doc
        return None

    def target(self, name: str) -> str:
        """Where the documentation of ``name`` (a module's name for it) is."""
        return self.aliases.get(name, name)


INDEX = Index()


def _directive_for(value: object) -> str:
    if inspect.isclass(value):
        return "autoexception" if issubclass(value, BaseException) else "autoclass"
    return "autodata" if _is_data(value) else "autofunction"


def _module_entry(module_name: str) -> list[str]:
    """The entries of a module: its docstring, the names documented there in source order,
    and the constants assigned in a private module, with their docstrings from there.

    (One directive a name: ``automodule``'s ``:members: a, b`` would show classes without
    their members.)"""
    module = importlib.import_module(module_name)
    try:
        order = ModuleAnalyzer.for_module(module_name).tagorder
    except PycodeError:  # no source: the order of __all__
        order = {}
    names = sorted(INDEX.hosted.get(module_name, []), key=lambda n: order.get(n, len(order)))
    lines = [f".. automodule:: {module_name}", "   :no-members:", ""]
    for name in names:
        lines += [f".. {_directive_for(getattr(module, name))}:: {name}", ""]
    for name, doc in INDEX.hosted_data.get(module_name, {}).items():
        lines += [f".. py:data:: {name}", ""]
        lines += [f"   {line}" if line else "" for line in doc]
        lines.append("")
    return lines


class Exports(SphinxDirective):
    """``.. puzzlefmt-exports:: puzzlefmt.cgp``: the package's docstring, the exported names
    documented nowhere else, and a table of every exported name."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        package_name = self.arguments[0]
        package = importlib.import_module(package_name)
        lines = _module_entry(package_name)
        lines += ["", ".. rubric:: Exported names", ""]
        lines += [".. autosummary::", "   :nosignatures:", ""]
        for name in _exports(package):
            # a constant assigned in a private module: its name there, where its docstring is
            target = INDEX.target(f"{package_name}.{name}")
            target = INDEX.origins.get(target, target)
            # relative to the package (autosummary refuses names that repeat the current
            # module), so that the summaries' own references keep the package as context
            lines.append(f"   ~{target.removeprefix(f'{package_name}.')}")
        return self.parse_text_to_nodes("\n".join(lines))


class Modules(SphinxDirective):
    """``.. puzzlefmt-modules:: puzzlefmt.sudoku.grid ...``: a section for each module named,
    then (``:rest-of: puzzlefmt.sudoku``) for every other public module of a package."""

    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"rest-of": directives.unchanged}  # noqa: RUF012

    def run(self) -> list[nodes.Node]:
        ordered = self.arguments[0].split()
        if "rest-of" in self.options:
            ordered += [n for n in _submodules(self.options["rest-of"]) if n not in ordered]
        lines: list[str] = []
        for name in ordered:
            lines += [name, "-" * len(name), "", *_module_entry(name)]
        return self.parse_text_to_nodes("\n".join(lines), allow_section_headings=True)


def _named_in(module_name: str, target: str) -> list[str]:
    """What ``target`` may name in the module (``Layout`` in a module that imports it:
    ``puzzlefmt.cgp.layouts.Layout``; ``Puzzle.json_schema``: the method where it is
    defined, ``puzzlefmt.model.Model.json_schema``), best first."""
    try:
        value: object = importlib.import_module(module_name)
    except ImportError:
        return []
    found: list[str] = []
    parts = target.split(".")
    for index, part in enumerate(parts):
        value = inspect.getattr_static(value, part, None)
        if isinstance(value, staticmethod | classmethod | property):
            value = value.__func__ if not isinstance(value, property) else value.fget
        if value is None:
            return found
        module = getattr(value, "__module__", None)
        qualname = getattr(value, "__qualname__", None)
        if not _is_data(value) and isinstance(module, str) and isinstance(qualname, str):
            rest = ".".join(parts[index + 1 :])
            found.insert(0, INDEX.target(f"{module}.{qualname}") + (f".{rest}" if rest else ""))
    return found


def _documented_prefix(name: str) -> str | None:
    """``name`` with an exported name at its start replaced by where that is documented
    (``puzzlefmt.cgp.Position.play`` → ``puzzlefmt.cgp.position.Position.play``)."""
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        head = ".".join(parts[:cut])
        if head in INDEX.aliases:
            return ".".join([INDEX.target(head), *parts[cut:]])
    return None


_FALLBACKS = {"class": ("data", "attribute"), "meth": ("property",), "attr": ("method",)}


class ResolveAliases(SphinxPostTransform):
    """A reference made exact before Sphinx resolves it: to an exported name
    (``puzzlefmt.Family``, or ``Grid`` inside ``puzzlefmt.sudoku``), to where the object is
    documented; to a name a module imports (a type hint ``Layout``), to that object; to a
    member that is not documented apart (a dataclass field), to its class. Sphinx's own
    search for a short name may find two objects of that name (``Layout`` in
    ``puzzlefmt.cgp.layouts`` and in ``puzzlefmt.sudoku.formats.forumcsv``)."""

    default_priority = 5  # before sphinx.transforms.post_transforms.ReferencesResolver (10)

    def run(self, **kwargs: Any) -> None:
        domain = self.env.get_domain("py")
        every = {name: entry.objtype for name, entry in domain.objects.items()}
        by_role: dict[str, dict[str, str]] = {}
        for node in self.document.findall(addnodes.pending_xref):
            if node.get("refdomain") != "py" or node.get("reftype") == "mod":
                continue
            # the kinds of object the role names (``:func:`grade``` is the function, not the
            # module puzzlefmt.keen.grade that Sphinx would take for an exact name), with
            # Sphinx's own fallbacks (a type alias for a class, a property for a method)
            role = node["reftype"]
            if role not in by_role:
                kinds = {*(domain.objtypes_for_role(role) or ()), *_FALLBACKS.get(role, ())}
                by_role[role] = {
                    name: kind for name, kind in every.items() if role == "obj" or kind in kinds
                }
            exact = self._exact(node, by_role[role], every)
            if exact is not None:
                node["reftarget"] = exact
                # an exact name: no search (Sphinx searches when the attribute exists)
                node.attributes.pop("refspecific", None)

    @staticmethod
    def _exact(
        node: addnodes.pending_xref, documented: dict[str, str], every: dict[str, str]
    ) -> str | None:
        """The full name ``node`` should point to (``documented``: the objects of the kinds
        the role names; ``every``: all, with their kinds), or None to leave it to Sphinx."""
        target = node["reftarget"].removeprefix(".").removeprefix("~")
        module = node.get("py:module")
        cls = node.get("py:class")
        scopes = [f"{module}.{cls}." if module and cls else None,
                  f"{module}." if module else None, ""]
        names = [f"{scope}{target}" for scope in scopes if scope is not None]
        if any(name in documented for name in names):
            return None  # Sphinx finds it
        candidates: list[str] = []
        for name in names:
            candidates.append(INDEX.target(name))
            candidates.append(_documented_prefix(name) or "")
        if module:
            candidates += _named_in(module, f"{cls}.{target}" if cls else target)
            candidates += _named_in(module, target)
        for name in candidates:
            if name in documented:
                return name
        # a member not documented apart (a dataclass field): its class
        for name in candidates:
            owner = name.rpartition(".")[0]
            if every.get(owner) in {"class", "exception"}:
                return owner
        return None


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("puzzlefmt-exports", Exports)
    app.add_directive("puzzlefmt-modules", Modules)
    app.add_post_transform(ResolveAliases)
    return {"parallel_read_safe": True}
