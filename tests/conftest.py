"""Shared fixtures. ``shared`` is the project's sibling folder of vectors and data: present in
CI and for every developer, absent in a user's own clone, where tests that need it skip."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("PUZZLEFMT_SHARED", ROOT.parent / "shared"))

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("ci" if os.environ.get("CI") else "default")


def shared_path(*parts: str) -> Path:
    """A path under ../shared/, or skip the test (with the reason) when it is absent."""
    path = SHARED.joinpath(*parts)
    if not SHARED.is_dir():
        pytest.skip(f"../shared/ is not present at {SHARED} (a user's clone); CI always has it")
    if not path.exists():
        pytest.fail(f"{path} is missing from ../shared/")
    return path


@pytest.fixture
def shared() -> Path:
    """The ../shared/ folder (skips the test when it is absent)."""
    return shared_path()
