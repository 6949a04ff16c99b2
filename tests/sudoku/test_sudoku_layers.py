"""The Sudoku package's import graph (built by grimp, import-linter's graph library, imports
inside functions included): no circle, the model at the bottom, nothing above the family."""

from __future__ import annotations

import itertools

import grimp

GRAPH = grimp.build_graph("puzzlefmt", include_external_packages=False)
SUDOKU = sorted(m for m in GRAPH.modules if m.startswith("puzzlefmt.sudoku."))


def test_no_import_circle_inside_the_family() -> None:
    circles = [(a, b) for a, b in itertools.combinations(SUDOKU, 2)
               if GRAPH.chain_exists(a, b) and GRAPH.chain_exists(b, a)]
    assert circles == []


def test_the_model_imports_only_the_base_and_text_helpers() -> None:
    assert GRAPH.find_modules_directly_imported_by("puzzlefmt.sudoku.grid") == {
        "puzzlefmt.errors", "puzzlefmt.model", "puzzlefmt.sudoku._textgrid",
        "puzzlefmt.sudoku._cells"}
    below = GRAPH.find_upstream_modules("puzzlefmt.sudoku.grid")
    assert not any(m.startswith("puzzlefmt.sudoku.") for m in below
                   if m not in ("puzzlefmt.sudoku._textgrid", "puzzlefmt.sudoku._cells"))


def test_the_family_knows_nothing_above_it() -> None:
    above = ("puzzlefmt.registry", "puzzlefmt.api", "puzzlefmt.cli", "puzzlefmt.jobs",
             "puzzlefmt.batch", "puzzlefmt.keen", "puzzlefmt.cgp")
    for module in SUDOKU:
        reached = GRAPH.find_upstream_modules(module)
        assert not [m for m in reached if m.startswith(above)], module


def test_formats_and_engines_sit_above_the_model_only() -> None:
    """Nothing but the family module (and the package) imports the family module; the
    formats do not import the solver, the canonical forms or the pictures."""
    assert GRAPH.find_modules_that_directly_import("puzzlefmt.sudoku.family") == {
        "puzzlefmt.sudoku"}
    engines = {"puzzlefmt.sudoku.solver", "puzzlefmt.sudoku.canon", "puzzlefmt.sudoku.svg",
               "puzzlefmt.sudoku.columnar", "puzzlefmt.sudoku._kernels.solve",
               "puzzlefmt.sudoku._kernels.canon", "puzzlefmt.sudoku.generator",
               "puzzlefmt.sudoku._kernels.generate", "puzzlefmt.sudoku.rating",
               "puzzlefmt.sudoku._kernels.rate"}
    for module in SUDOKU:
        if module in engines or module == "puzzlefmt.sudoku.family":
            continue
        assert not GRAPH.find_upstream_modules(module) & engines, module
