"""Helpers shared by the tests of every family (importable as ``helpers``: pytest puts
``tests/`` on ``sys.path``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("PUZZLEFMT_SHARED", ROOT.parent / "shared"))

#: max_examples of the full hypothesis profile ("ci": hypothesis's own default), the share
#: every property's examples are scaled against (docs/testing.md).
FULL_EXAMPLES = 100
#: max_examples of the fast profile ("fast", the local default): a fifth of the full one.
FAST_EXAMPLES = 20
#: The fewest examples a property runs in a scaled-down profile (or all of them, if fewer).
FEWEST_EXAMPLES = 5


def examples(n: int, **kwargs: Any) -> settings:
    """``settings(max_examples=...)`` for a property that runs ``n`` examples in the full
    profile: exactly ``n`` there, and ``n`` scaled by the loaded profile's share of the full
    profile's examples otherwise (the fast profile: a fifth, at least ``FEWEST_EXAMPLES``).

    An explicit ``max_examples`` overrides a profile's; this scales it with the profile
    instead. It is read when the test module is imported: after ``tests/conftest.py`` and
    ``--hypothesis-profile`` have chosen the profile. Other settings pass through.
    """
    share = settings.default.max_examples / FULL_EXAMPLES
    return settings(max_examples=max(min(n, FEWEST_EXAMPLES), round(n * share)), **kwargs)


def shared_path(*parts: str) -> Path:
    """A path under ../shared/, or skip the test (saying why) when ../shared/ is absent.

    ../shared/ holds the vectors and data: CI and every developer have it; a user's own clone
    does not. A file missing from a present ../shared/ is a failure, not a skip.
    """
    if not SHARED.is_dir():
        pytest.skip(f"../shared/ is not present at {SHARED} (a user's own clone); CI has it")
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.fail(f"{path} is missing from ../shared/")
    return path
