"""The package's imports, read from its source (an AST scan of ``src/puzzlefmt``): few
imports inside functions and none of the standard library (docs/protocol.md: only optional
dependencies, the kernel loader and the batch runner's columnar path load late), and no
import cycle between its modules (imports inside functions and under ``TYPE_CHECKING``
included)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "puzzlefmt"
#: At most this many imports inside functions (38 when this test was written).
MOST_INSIDE = 40


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports_inside_functions(tree: ast.AST) -> list[tuple[int, str]]:
    """Each import inside a function (line, module imported), leaving out those under
    ``if TYPE_CHECKING:``."""
    found: list[tuple[int, str]] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child):
                continue
            if in_function and isinstance(child, ast.Import):
                found.extend((child.lineno, alias.name) for alias in child.names)
            elif in_function and isinstance(child, ast.ImportFrom):
                found.append((child.lineno, "." * child.level + (child.module or "")))
            walk(child, in_function or isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))

    walk(tree, False)
    return found


def is_standard_library(module: str) -> bool:
    return not module.startswith(".") and module.partition(".")[0] in sys.stdlib_module_names


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of the package's modules, wherever they are in its source."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                graph[name].update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    if full in modules:
                        graph[name].add(full)  # a module imported from its package
                    elif base in modules:
                        graph[name].add(base)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: strongly connected groups of more than one module, or a module
    importing itself (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start, imported in graph.items():
        if start in index:
            continue
        work = [(start, iter(sorted(imported)))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in graph[node]:
                    found.append(sorted(group))
    return found


def test_the_scan_sees_an_import_inside_a_function_and_knows_the_standard_library() -> None:
    tree = ast.parse("import os\n"
                     "if TYPE_CHECKING:\n    import numpy\n"
                     "def f():\n    import json\n    if TYPE_CHECKING:\n        import pandas\n"
                     "    def g():\n        from numba import njit\n"
                     "class C:\n    def m(self):\n        from . import sibling\n")
    found = imports_inside_functions(tree)
    assert found == [(5, "json"), (9, "numba"), (12, ".")]
    assert [is_standard_library(m) for _, m in found] == [True, False, False]


def test_imports_inside_functions_are_few_and_none_of_the_standard_library() -> None:
    inside = [(path.relative_to(SRC).as_posix(), line, module)
              for path in sorted(PACKAGE.rglob("*.py"))
              for line, module in imports_inside_functions(ast.parse(path.read_text("utf-8")))]
    assert [i for i in inside if is_standard_library(i[2])] == []
    assert len(inside) <= MOST_INSIDE, "\n".join(f"{p}:{n}: {m}" for p, n, m in inside)


def test_the_cycle_check_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"a"}, "b": set()}) == [["a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_between_the_packages_modules() -> None:
    modules = _modules()
    graph = import_graph(modules)
    assert "puzzlefmt.family" in graph["puzzlefmt.registry"]  # the scan reads imports
    assert cycles(graph) == []
