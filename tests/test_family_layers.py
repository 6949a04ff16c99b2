"""The families' place in the layers, for every family the registry knows (built by grimp,
import-linter's graph library, imports inside functions included).

``pyproject.toml``'s import-linter contracts check the layers above and below the families
without naming one; these tests check the families themselves, with their names taken from
the registry, so that adding a family is its package plus its registry entry and nothing
else: no family imports another, none imports a layer above it, no base module imports one,
and inside each family the model imports none of its formats, engines, pictures or the
family module.
"""

from __future__ import annotations

import grimp
import pytest

from puzzlefmt import registry

GRAPH = grimp.build_graph("puzzlefmt", include_external_packages=False)
FAMILIES = [f.name for f in registry.families()]
# The layers above the families (docs/protocol.md), as the import-linter contract lists them.
ABOVE = ("puzzlefmt.cli", "puzzlefmt.web", "puzzlefmt.dask", "puzzlefmt.survey",
         "puzzlefmt.jobs", "puzzlefmt.batch", "puzzlefmt.api", "puzzlefmt.registry")


def _package(name: str) -> str:
    return f"puzzlefmt.{name}"


def _modules(name: str) -> list[str]:
    pkg = _package(name)
    return sorted(m for m in GRAPH.modules if m == pkg or m.startswith(pkg + "."))


def _base_modules() -> list[str]:
    """Every module that is neither a family's nor above the families."""
    families = tuple(_package(n) for n in FAMILIES)
    return sorted(m for m in GRAPH.modules
                  if m not in {"puzzlefmt", "puzzlefmt.__main__"}
                  and not m.startswith(families) and not m.startswith(ABOVE))


def test_the_registry_knows_the_built_in_families() -> None:
    assert FAMILIES[:3] == ["sudoku", "keen", "cgp"]


@pytest.mark.parametrize("name", FAMILIES)
def test_no_family_imports_another(name: str) -> None:
    others = [_package(n) for n in FAMILIES if n != name]
    for module in _modules(name):
        reached = GRAPH.find_upstream_modules(module)
        assert not [m for m in reached if m.startswith(tuple(others))], module


@pytest.mark.parametrize("name", FAMILIES)
def test_a_family_imports_no_layer_above_it(name: str) -> None:
    for module in _modules(name):
        reached = GRAPH.find_upstream_modules(module)
        assert not [m for m in reached if m.startswith(ABOVE)], module


def test_no_base_module_imports_a_family() -> None:
    families = tuple(_package(n) for n in FAMILIES)
    base = _base_modules()
    assert "puzzlefmt.model" in base
    assert "puzzlefmt.engine" in base
    for module in base:
        reached = GRAPH.find_upstream_modules(module)
        assert not [m for m in reached if m.startswith(families)], module


def _defined_in(value: object) -> str | None:
    module = getattr(value, "__module__", None)
    return module if isinstance(module, str) else None


@pytest.mark.parametrize("name", FAMILIES)
def test_the_model_imports_no_format_engine_picture_or_family_module(name: str) -> None:
    family = registry.family(name)
    models = {m.__module__ for m in family.models}
    forbidden = {f"{_package(name)}.family"}
    forbidden |= {m for f in family.formats for m in (_defined_in(f.read), _defined_in(f.write))
                  if m}
    forbidden |= {m for e in family.engines for m in (_defined_in(e.run), _defined_in(e.run_many))
                  if m}
    forbidden |= {m for r in registry.renderers(name) if (m := _defined_in(r.draw))}
    forbidden -= models  # a model's own methods may be what a format or an engine calls
    assert forbidden
    for model in models:
        reached = GRAPH.find_upstream_modules(model)
        assert not reached & forbidden, (model, sorted(reached & forbidden))
