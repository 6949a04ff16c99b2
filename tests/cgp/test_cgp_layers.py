"""The CGP package's import graph (built by grimp, import-linter's graph library, imports
inside functions and under TYPE_CHECKING included): no circle, the models at the bottom,
nothing above the family, the kernel outside what ``import puzzlefmt.cgp`` loads."""

from __future__ import annotations

import itertools

import grimp

GRAPH = grimp.build_graph("puzzlefmt", include_external_packages=False)
CGP = sorted(m for m in GRAPH.modules if m.startswith("puzzlefmt.cgp."))
# Below the models: text helpers, data, the codecs of the text forms, and the parts the
# Position is built on (its rule checks, playing moves, its text picture, replace's checks),
# none of which imports a model.
BELOW = {"puzzlefmt.cgp.tiles", "puzzlefmt.cgp.distributions", "puzzlefmt.cgp.layouts",
         "puzzlefmt.cgp.moves", "puzzlefmt.cgp.rules", "puzzlefmt.cgp._cgpcodec",
         "puzzlefmt.cgp._jsoncodec", "puzzlefmt.cgp._gcgcodec", "puzzlefmt.cgp.problems",
         "puzzlefmt.cgp.playing", "puzzlefmt.cgp.textpicture", "puzzlefmt.cgp._fieldcheck"}
MODELS = ("puzzlefmt.cgp.position", "puzzlefmt.cgp.replay", "puzzlefmt.cgp.game")


def test_no_import_circle_inside_the_family() -> None:
    circles = [(a, b) for a, b in itertools.combinations(CGP, 2)
               if GRAPH.chain_exists(a, b) and GRAPH.chain_exists(b, a)]
    assert circles == []


def test_the_models_import_only_what_is_below_them() -> None:
    below_position = GRAPH.find_upstream_modules("puzzlefmt.cgp.position")
    assert {m for m in below_position if m.startswith("puzzlefmt.cgp.")} <= BELOW
    below_replay = GRAPH.find_upstream_modules("puzzlefmt.cgp.replay")
    assert {m for m in below_replay if m.startswith("puzzlefmt.cgp.")} <= BELOW | {
        "puzzlefmt.cgp.position"}
    below_game = GRAPH.find_upstream_modules("puzzlefmt.cgp.game")
    assert {m for m in below_game if m.startswith("puzzlefmt.cgp.")} <= BELOW | {
        "puzzlefmt.cgp.position", "puzzlefmt.cgp.replay"}
    for module in BELOW:  # the parts below the models import no model
        assert not set(MODELS) & GRAPH.find_upstream_modules(module), module
    for module in MODELS:
        assert not {m for m in GRAPH.find_upstream_modules(module)
                    if not m.startswith("puzzlefmt.cgp")} - {
            "puzzlefmt.errors", "puzzlefmt.jsontext", "puzzlefmt.model", "puzzlefmt.textio"}, module


def test_the_family_knows_nothing_above_it() -> None:
    above = ("puzzlefmt.registry", "puzzlefmt.api", "puzzlefmt.cli", "puzzlefmt.jobs",
             "puzzlefmt.batch", "puzzlefmt.sudoku", "puzzlefmt.keen", "puzzlefmt.survey",
             "puzzlefmt.dask")
    for module in CGP:
        reached = GRAPH.find_upstream_modules(module)
        assert not [m for m in reached if m.startswith(above)], module


def test_formats_sit_above_the_models_and_below_the_family() -> None:
    assert GRAPH.find_modules_that_directly_import("puzzlefmt.cgp.family") == {"puzzlefmt.cgp"}
    engines = {"puzzlefmt.cgp.svg", "puzzlefmt.cgp.scoring", "puzzlefmt.cgp._kernels.score"}
    for module in ("puzzlefmt.cgp.formats.cgp", "puzzlefmt.cgp.formats.cgplist",
                   "puzzlefmt.cgp.formats.cgpjson", "puzzlefmt.cgp.formats.gcg",
                   "puzzlefmt.cgp.text"):
        assert not GRAPH.find_upstream_modules(module) & engines, module


def test_the_kernel_is_not_loaded_by_the_package() -> None:
    package = GRAPH.find_upstream_modules("puzzlefmt.cgp") | GRAPH.find_upstream_modules(
        "puzzlefmt.cgp.family")
    assert "puzzlefmt.cgp.scoring" not in package
    assert "puzzlefmt.cgp._kernels.score" not in package
    assert "puzzlefmt._jit" not in package
