"""Hypothesis profiles for the whole suite (docs/testing.md).

"fast", the local default: every property runs a fifth of its examples (helpers.examples
scales the explicit ``max_examples`` too). "ci", the full one: every property's own number,
what CI runs. The full profile is chosen when ``PUZZLEFMT_TESTS=full``, or when ``CI`` is set
and ``PUZZLEFMT_TESTS`` is not, or by ``--hypothesis-profile=ci`` on the command line.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from helpers import FAST_EXAMPLES, FULL_EXAMPLES

SLOW = [HealthCheck.too_slow]

settings.register_profile("ci", max_examples=FULL_EXAMPLES, deadline=None,
                          suppress_health_check=SLOW, print_blob=True)
settings.register_profile("fast", max_examples=FAST_EXAMPLES, deadline=None,
                          suppress_health_check=SLOW)
# the full profile without print_blob: the name the local runs had before "fast"
settings.register_profile("default", max_examples=FULL_EXAMPLES, deadline=None,
                          suppress_health_check=SLOW)

_CHOICE = os.environ.get("PUZZLEFMT_TESTS", "full" if os.environ.get("CI") else "fast")
if _CHOICE not in ("fast", "full"):
    raise ValueError(f"PUZZLEFMT_TESTS must be 'fast' or 'full', found {_CHOICE!r}")
settings.load_profile("ci" if _CHOICE == "full" else "fast")
