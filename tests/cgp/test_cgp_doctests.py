"""The examples in the cgp modules' docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "puzzlefmt.cgp",
    "puzzlefmt.cgp.position",
    "puzzlefmt.cgp.distributions",
    "puzzlefmt.cgp.layouts",
    "puzzlefmt.cgp.moves",
    "puzzlefmt.cgp.rules",
    "puzzlefmt.cgp.game",
    "puzzlefmt.cgp.scoring",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
