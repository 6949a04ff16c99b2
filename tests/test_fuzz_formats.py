"""Every registered format, fuzzed (issue 20): ``loads(data, fmt)`` succeeds or raises
PuzzleFormatError, and what it reads prints and writes back without an exception that is not
the library's. The format list is the registry's, so a new format is fuzzed as soon as it is
registered; its valid texts come from ``examples/`` and its own writer.

``PUZZLEFMT_FUZZ_EXAMPLES`` sets the examples per format and strategy (default 25 in the full
profile, scaled like every property's in the fast one: docs/testing.md; the whole file in well
under a minute); ``tests/fuzz_campaign.py`` runs a long campaign and counts what it finds
instead of stopping at the first.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import examples
from strategies.fuzz import (
    FORMATS,
    corpus,
    foreign_exception,
    mutated,
    mutated_bytes,
    random_text,
)

_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large]
# PUZZLEFMT_FUZZ_EXAMPLES is run as given, in every profile; the default, 25, is scaled by it
FUZZ = (settings(max_examples=int(os.environ["PUZZLEFMT_FUZZ_EXAMPLES"]),
                 suppress_health_check=_HEALTH)
        if "PUZZLEFMT_FUZZ_EXAMPLES" in os.environ
        else examples(25, suppress_health_check=_HEALTH))


def _check(fmt: str, data: str | bytes) -> None:
    found = foreign_exception(fmt, data)
    if found is not None:
        raise AssertionError(f"{fmt}: {type(found).__name__} for {data!r:.300}") from found


def test_every_format_is_fuzzed_from_a_valid_text() -> None:
    """Mutations start from each format's own valid texts: every format has some (from
    examples/ or its writer), and each of them reads."""
    missing = [name for name in FORMATS if not corpus()[name]]
    assert not missing
    for name in ("keen-save", "solo-save", "gcg", "keen-json", "cgp-json", "fpuzzles"):
        assert name in FORMATS


@pytest.mark.parametrize("fmt", FORMATS)
@given(data=st.data())
@FUZZ
def test_mutated_valid_text(fmt: str, data: st.DataObject) -> None:
    _check(fmt, data.draw(mutated(fmt)))


@pytest.mark.parametrize("fmt", FORMATS)
@given(text=random_text())
@FUZZ
def test_text_from_nothing(fmt: str, text: str) -> None:
    _check(fmt, text)


@pytest.mark.parametrize("fmt", FORMATS)
@given(data=st.data())
@FUZZ
def test_bytes(fmt: str, data: st.DataObject) -> None:
    _check(fmt, data.draw(mutated_bytes(fmt)))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(
    "text",
    [
        "[" * 5000,
        "{" * 5000,
        '{"a":' * 5000,
        "\ud800",
        "\x00" * 100,
        "9" * 100_000,
        "\ufeff",
        "",
        "#player1 a A\n#player2 b B\n>a: ABC " + "9" * 5000 + "A ABC +5 5\n",
    ],
    ids=["arrays", "objects", "keys", "surrogate", "nuls", "huge-number", "bom", "empty",
         "gcg-huge-row"],
)
def test_known_breakers(fmt: str, text: str) -> None:
    """What broke readers before (issue 20: "[" * 5000 in keen-json, a lone surrogate in
    the save-file readers, a GCG move's row of 5,000 digits), in every format."""
    _check(fmt, text)
