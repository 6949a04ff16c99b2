"""The examples in the keen docstrings and in docs/keen.md run and give what they show."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

MODULES = ["puzzlefmt.keen", "puzzlefmt.keen.model"]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "keen.md"


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_docs_page_examples() -> None:
    text = DOCS.read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "docs/keen.md", str(DOCS), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.tries > 0
    assert runner.failures == 0
