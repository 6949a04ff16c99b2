"""No silent loss in the CGP and GCG formats (the check: tests/losscheck.py): a position or a
game comes back equal, whatever format of the family holds it."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from losscheck import check_nothing_lost_silently
from puzzlefmt import registry
from puzzlefmt.cgp import Game, Position
from puzzlefmt.format import Format

from helpers import examples
from strategies.cgp import cgp_cases, gcg_cases


@st.composite
def positions(draw: st.DrawFn) -> Position:
    case = draw(cgp_cases(max_side=9))
    return Position(case.text if case.has_ld else f"{case.text} ld {case.distribution};")


def _game(text: str) -> Game:
    game = registry.get_format("gcg").loads(text)
    assert isinstance(game, Game)
    return game


cgp_values = st.one_of(positions(), gcg_cases().map(lambda case: _game(case.text)))


def _same(a: Any, b: Any, fmt: Format) -> bool:
    return bool(a == b)


@given(cgp_values)
@examples(60, suppress_health_check=[HealthCheck.too_slow])
def test_cgp_formats_lose_nothing_silently(value: Position | Game) -> None:
    check_nothing_lost_silently(value, "cgp", _same)
