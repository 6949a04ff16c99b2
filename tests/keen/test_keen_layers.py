"""The Keen package's import graph (built by grimp, import-linter's graph library, imports
inside functions and under TYPE_CHECKING included): no circle, the model at the bottom
importing no format, engine or picture, the formats above the model, nothing above the
family, and the numba kernels out of what ``import puzzlefmt.keen`` loads."""

from __future__ import annotations

import itertools
import subprocess
import sys

import grimp

GRAPH = grimp.build_graph("puzzlefmt", include_external_packages=False)
KEEN = sorted(m for m in GRAPH.modules if m.startswith("puzzlefmt.keen."))
# Below the model: its parts, the game ID's grammar and rules, the player's state, and the
# helpers that read and write its JSON form and draw its text picture.
BELOW = {"puzzlefmt.keen.elements", "puzzlefmt.keen.gameid", "puzzlefmt.keen.rules",
         "puzzlefmt.keen.state", "puzzlefmt.keen.upstream", "puzzlefmt.keen._quickid",
         "puzzlefmt.keen._jsoncodec", "puzzlefmt.keen._textpicture"}
FORMATS = sorted(m for m in KEEN if m.startswith("puzzlefmt.keen.formats."))
# The engines and pictures: what the family installs on the model.
ENGINES = {"puzzlefmt.keen.solver", "puzzlefmt.keen.grade", "puzzlefmt.keen.generate",
           "puzzlefmt.keen.seed", "puzzlefmt.keen.columnar", "puzzlefmt.keen.validate",
           "puzzlefmt.keen.svg", "puzzlefmt.keen.text"}
KERNELS = {m for m in KEEN if m.startswith("puzzlefmt.keen._kernels.")}
# The modules that load the kernels, inside a function, on first use.
LOADERS = {"puzzlefmt.keen.solver", "puzzlefmt.keen.grade", "puzzlefmt.keen.seed",
           "puzzlefmt.keen.columnar", "puzzlefmt.keen.family"}


def test_no_import_circle_inside_the_family() -> None:
    circles = [(a, b) for a, b in itertools.combinations(KEEN, 2)
               if GRAPH.chain_exists(a, b) and GRAPH.chain_exists(b, a)]
    assert circles == []


def test_the_model_imports_no_format_engine_or_picture() -> None:
    below = GRAPH.find_upstream_modules("puzzlefmt.keen.model")
    assert {m for m in below if m.startswith("puzzlefmt.keen.")} <= BELOW
    assert {m for m in below if not m.startswith("puzzlefmt.keen.")} <= {
        "puzzlefmt.errors", "puzzlefmt.jsontext", "puzzlefmt.model", "puzzlefmt.textio"}
    assert not GRAPH.find_upstream_modules("puzzlefmt.keen.model") & (
        set(FORMATS) | ENGINES | KERNELS | {"puzzlefmt.keen.family"})


def test_the_json_form_and_the_text_picture_are_not_in_the_model_module() -> None:
    """model.py keeps the model: its JSON form and text picture are modules below it."""
    for helper in ("puzzlefmt.keen._jsoncodec", "puzzlefmt.keen._textpicture"):
        assert helper in GRAPH.find_modules_directly_imported_by("puzzlefmt.keen.model")
        assert "puzzlefmt.keen.model" not in GRAPH.find_upstream_modules(helper)


def test_formats_sit_above_the_model_and_below_the_family() -> None:
    assert FORMATS
    for module in FORMATS:
        assert "puzzlefmt.keen.model" in GRAPH.find_upstream_modules(module), module
        assert not GRAPH.find_upstream_modules(module) & (ENGINES | KERNELS), module
    assert GRAPH.find_modules_that_directly_import("puzzlefmt.keen.family") == {
        "puzzlefmt.keen"}


def test_the_family_knows_nothing_above_it() -> None:
    above = ("puzzlefmt.registry", "puzzlefmt.api", "puzzlefmt.cli", "puzzlefmt.jobs",
             "puzzlefmt.batch", "puzzlefmt.sudoku", "puzzlefmt.cgp", "puzzlefmt.survey",
             "puzzlefmt.dask", "puzzlefmt.web")
    for module in KEEN:
        reached = GRAPH.find_upstream_modules(module)
        assert not [m for m in reached if m.startswith(above)], module


def test_only_the_loaders_import_the_kernels() -> None:
    assert KERNELS
    for kernel in KERNELS:
        importers = GRAPH.find_modules_that_directly_import(kernel) - KERNELS
        assert importers <= LOADERS, kernel


def test_the_kernels_are_not_loaded_by_the_package() -> None:
    """Reading, writing, checking and drawing a puzzle loads no kernel, numpy or numba."""
    code = (
        "import sys\n"
        "from puzzlefmt.keen import Puzzle\n"
        "p = Puzzle('3:a_a3_a_,a3m6m3s1', solution='213321132')\n"
        "Puzzle.from_json(p.to_json()); str(p); p._repr_svg_(); p.problems()\n"
        "print(sorted(m for m in sys.modules if m.startswith(('numpy', 'numba'))\n"
        "             or m.startswith('puzzlefmt.keen._kernels')\n"
        "             or m in ('puzzlefmt.keen.columnar', 'puzzlefmt.keen.seed',\n"
        "                      'puzzlefmt._jit_kernels')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
