"""Helpers shared by the tests of every family (importable as ``helpers``: pytest puts
``tests/`` on ``sys.path``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("PUZZLEFMT_SHARED", ROOT.parent / "shared"))


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
