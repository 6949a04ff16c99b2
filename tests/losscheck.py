"""The no-silent-loss check the family tests share (``tests/{sudoku,keen,cgp}/test_*_losses.py``).

Whatever model a reader can give, writing it in any format of its family and reading it back
gives its contents back, or the loss check ``convert`` uses (:func:`puzzlefmt.losses.lost`) names
what was dropped (and ``--strict`` refuses it). What "gives its contents back" allows is each
family's own comparison, passed as ``same``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from puzzlefmt import registry
from puzzlefmt.collection import Collection
from puzzlefmt.format import Format
from puzzlefmt.losses import lost

Same = Callable[[Any, Any, Format], bool]


def read_back(fmt: Format, text: str) -> Any:
    """The one record ``fmt`` reads from ``text`` (a collection must hold exactly one)."""
    value = fmt.loads(text)
    if isinstance(value, Collection):
        assert len(value) == 1, (fmt.name, text)
        value = value[0]
    return value


def check_nothing_lost_silently(value: Any, family: str, same: Same) -> None:
    """Every format of ``family`` writes ``value`` and reads back what ``same`` calls equal,
    refuses it with a reason, or has the loss check name what it drops."""
    for fmt in registry.family(family).formats:
        try:
            text = fmt.dumps(value)
        except (TypeError, ValueError):  # refused, with a reason: not a silent loss
            continue
        gone = lost(value, fmt)
        if gone:
            continue
        back = read_back(fmt, text)
        assert same(value, back, fmt), (
            f"{fmt.name} dropped something silently:\n{value!r}\nread back as\n{back!r}")
