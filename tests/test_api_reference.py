"""The API reference (``docs/``, Sphinx with autodoc) builds with warnings as errors, and
every public name of the package has a docstring, so that none is missing from it.

A public name is: a module under ``src/puzzlefmt`` whose dotted path has no part starting
with ``_``; in it, the names of its ``__all__`` (or, in a module without one, its top-level
functions and classes not starting with ``_``); and the public methods and properties of the
public classes. Data (constants, type aliases) has a docstring when a ``#:`` comment precedes
its assignment or a string follows it, in the module that assigns it (what autodoc reads).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import importlib.util
import inspect
import json
import os
import pkgutil
import subprocess
import sys
from functools import cached_property
from pathlib import Path
from types import ModuleType

import pytest

from helpers import ROOT

try:
    import fcntl
except ImportError:  # POSIX only: on Windows each worker builds the reference itself
    fcntl = None  # type: ignore[assignment]

DOCS = ROOT / "docs"


# --- the walk over the public names ------------------------------------------------------


def public_modules(package: str = "puzzlefmt") -> list[str]:
    """The dotted names of the public modules and packages, ``package`` first."""
    root = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(root.__path__, f"{package}."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return names


def _own_doc(obj: object) -> str | None:
    """The docstring written for ``obj`` itself: not the one a dataclass or a named tuple
    makes up from its fields (``Name(a, b)``) when none is written."""
    doc = obj.__dict__.get("__doc__") if inspect.isclass(obj) else getattr(obj, "__doc__", None)
    if not isinstance(doc, str) or not doc.strip():
        return None
    if inspect.isclass(obj):
        text = doc.strip()
        if text.startswith(f"{obj.__name__}(") and text.endswith(")") and "\n" not in text:
            return None
    return doc


def _is_documentable(obj: object) -> bool:
    """Whether ``obj`` carries its own ``__doc__`` (rather than being data)."""
    return (
        inspect.isclass(obj)
        or inspect.isroutine(obj)
        or inspect.ismodule(obj)
        or hasattr(obj, "__wrapped__")
    )


def _attribute_docs(module: ModuleType) -> tuple[set[str], dict[str, str]]:
    """The top-level names of ``module`` with a ``#:`` comment or a following string, and
    the names it imports (``from m import x as y``: ``y`` → ``m``, made absolute)."""
    path = inspect.getsourcefile(module)
    assert path is not None
    source = Path(path).read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    documented: set[str] = set()
    imported: dict[str, str] = {}
    package = module.__name__
    if not hasattr(module, "__path__"):
        package = package.rpartition(".")[0]
    body = tree.body
    for index, node in enumerate(body):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                imported[alias.asname or alias.name] = base
            continue
        if isinstance(node, ast.Assign):
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            targets = [node.target.id]
        else:
            continue
        following = body[index + 1] if index + 1 < len(body) else None
        string_after = (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        )
        comment_before = node.lineno >= 2 and lines[node.lineno - 2].lstrip().startswith("#:")
        if string_after or comment_before:
            documented.update(targets)
    return documented, imported


def _data_documented(module_name: str, name: str, seen: frozenset[str] = frozenset()) -> bool:
    """Whether the data ``name`` of ``module_name`` has a docstring where it is assigned
    (following ``from ... import`` re-exports)."""
    if module_name in seen:
        return False
    module = importlib.import_module(module_name)
    documented, imported = _attribute_docs(module)
    if name in documented:
        return True
    if name in imported:
        source = imported[name]
        if importlib.util.find_spec(source) is None:  # pragma: no cover - not ours
            return False
        return _data_documented(source, name, seen | {module_name})
    return False


def _public_members(cls: type) -> list[tuple[str, object]]:
    """The public methods and properties that ``cls`` defines itself (inherited ones are
    checked on the class that defines them)."""
    members: list[tuple[str, object]] = []
    # a dataclass field whose default is a function is a field (the class docstring says
    # what it holds), not a method
    fields = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    for name, raw in vars(cls).items():
        if name.startswith("_") or name in fields:
            continue
        if isinstance(raw, property | cached_property):
            members.append((name, raw))
        elif isinstance(raw, staticmethod | classmethod) or inspect.isfunction(raw):
            members.append((name, getattr(cls, name)))
    return members


def undocumented_names(package: str = "puzzlefmt") -> list[str]:
    """Every public name without a docstring, as ``module.name`` or ``module.Class.member``."""
    missing: set[str] = set()
    classes: dict[int, tuple[str, type]] = {}
    for module_name in public_modules(package):
        module = importlib.import_module(module_name)
        if _own_doc(module) is None:
            missing.add(module_name)
        exported = getattr(module, "__all__", None)
        if exported is None:
            exported = [
                name
                for name, value in vars(module).items()
                if not name.startswith("_")
                and (inspect.isclass(value) or inspect.isfunction(value))
                and value.__module__ == module_name
            ]
        for name in exported:
            if name.startswith("__") and name.endswith("__"):
                continue  # __version__: documented by the package's docstring
            value = getattr(module, name)
            if _is_documentable(value):
                if _own_doc(value) is None:
                    home = getattr(value, "__module__", module_name)
                    missing.add(f"{home}.{getattr(value, '__qualname__', name)}")
                if inspect.isclass(value):
                    classes[id(value)] = (f"{value.__module__}.{value.__qualname__}", value)
            elif not _data_documented(module_name, name):
                missing.add(f"{module_name}.{name}")
    for qualname, cls in classes.values():
        for name, member in _public_members(cls):
            # inspect.getdoc: a method without its own docstring shows the one it overrides,
            # as autodoc does (autodoc_inherit_docstrings)
            if not inspect.getdoc(member):
                missing.add(f"{qualname}.{name}")
    return sorted(missing)


def test_every_public_name_has_a_docstring() -> None:
    missing = undocumented_names()
    assert not missing, f"{len(missing)} public names without a docstring:\n" + "\n".join(
        missing
    )


TOY = {
    "__init__.py": '''"""A toy package."""
from toydocs.shapes import Shape, area
__all__ = ["LIMIT", "Shape", "area", "bare"]
#: The largest size.
LIMIT = 9
bare = 3
''',
    "shapes.py": '''"""Shapes."""
from dataclasses import dataclass
__all__ = ["Shape", "area"]
@dataclass
class Shape:
    sides: int
    def documented(self) -> int:
        """Documented."""
        return self.sides
    def undocumented(self) -> int:
        return self.sides
    @property
    def bare_property(self) -> int:
        return self.sides
def area(shape: Shape) -> int:
    return shape.sides
''',
    "plain.py": '''def helper() -> None:
    """Documented, in a module without __all__ or docstring."""
class Thing:
    pass
def _private() -> None:
    pass
''',
    "_hidden.py": "def secret() -> None:\n    pass\n",
}


def test_the_walk_finds_every_missing_docstring(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The check itself, on a toy package with known gaps: so that the test above cannot
    # pass by looking at nothing.
    package = tmp_path / "toydocs"
    package.mkdir()
    for name, text in TOY.items():
        (package / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert undocumented_names("toydocs") == [
        "toydocs.bare",
        "toydocs.plain",
        "toydocs.plain.Thing",
        "toydocs.shapes.Shape",
        "toydocs.shapes.Shape.bare_property",
        "toydocs.shapes.Shape.undocumented",
        "toydocs.shapes.area",
    ]


def test_the_walk_covers_the_package() -> None:
    modules = public_modules()
    for name in ("puzzlefmt", "puzzlefmt.sudoku.grid", "puzzlefmt.keen.model", "puzzlefmt.engine"):
        assert name in modules
    assert not any("._" in name for name in modules)


# --- the reference itself -------------------------------------------------------------------


@pytest.fixture(scope="module")
def built_reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML reference, built once with warnings as errors (``-W --keep-going``): once a
    run, not once a worker, under pytest-xdist (the workers share the run's temporary
    folder; the first to take the lock builds, the others read its outcome)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER") and fcntl is not None:
        root = root.parent  # the run's folder, above each worker's own
    out = root / "api-reference"
    with (root / "api-reference.lock").open("w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        outcome = out / "sphinx-outcome.json"
        if not outcome.is_file():
            command = [
                sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                "-d", str(out / "doctrees"), str(DOCS), str(out / "html"),
            ]
            result = subprocess.run(command, capture_output=True, text=True, timeout=480,
                                    check=False)
            out.mkdir(parents=True, exist_ok=True)
            outcome.write_text(json.dumps([result.returncode, result.stdout, result.stderr]),
                               encoding="utf-8")
        returncode, stdout, stderr = json.loads(outcome.read_text(encoding="utf-8"))
    assert returncode == 0, f"sphinx failed:\n{stdout}\n{stderr}"
    assert "WARNING" not in stderr, stderr
    return out / "html"


def test_the_reference_builds_without_warnings(built_reference: Path) -> None:
    assert (built_reference / "index.html").is_file()


@pytest.mark.parametrize(
    "target",
    [
        "puzzlefmt.api.loads",
        "puzzlefmt.api.iter_records",
        "puzzlefmt.sudoku.grid.Grid.solve",
        "puzzlefmt.sudoku.canon.minlex",
        "puzzlefmt.keen.model.Puzzle",
        "puzzlefmt.keen.grade.grade",
        "puzzlefmt.cgp.position.Position",
        "puzzlefmt.cgp.game.Game",
        "puzzlefmt.engine.Engine",
        "puzzlefmt.errors.PuzzleFormatError",
        "puzzlefmt.dask.run_text",
    ],
)
def test_the_reference_documents_the_key_names(built_reference: Path, target: str) -> None:
    assert f'id="{target}"' in _pages(built_reference)


def test_the_reference_documents_every_public_module(built_reference: Path) -> None:
    # The command line and the web page are applications, left out (docs/conf.py LEFT_OUT).
    pages = _pages(built_reference)
    left_out = ("puzzlefmt.cli", "puzzlefmt.web")
    missing = [
        name
        for name in public_modules()
        if not name.startswith(left_out) and f'id="module-{name}"' not in pages
    ]
    assert not missing, f"modules missing from the reference: {missing}"


def test_a_package_page_links_its_exports_to_their_documentation(built_reference: Path) -> None:
    page = (built_reference / "api" / "puzzlefmt.html").read_text(encoding="utf-8")
    assert 'href="core.html#puzzlefmt.api.loads"' in page
    assert 'href="core.html#puzzlefmt.family.Family"' in page


def test_the_reference_includes_every_docs_page(built_reference: Path) -> None:
    for page in DOCS.glob("*.md"):
        assert (built_reference / page.with_suffix(".html").name).is_file(), page.name


def _pages(built: Path) -> str:
    return "".join(page.read_text(encoding="utf-8") for page in sorted(built.rglob("*.html")))
