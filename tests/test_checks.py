"""The project's static checks, run as tests: ruff (lint and style), mypy (strict, on what
pyproject.toml names) and import-linter (the families' layers), as pyproject.toml sets
them up.

They ran before pytest in the README's command, one after the other while a core stood idle;
as tests they share pytest-xdist's workers with the rest of the suite. Each fails with the
tool's own report.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT

BIN = Path(sys.executable).parent  # the environment's scripts (lint-imports)

CHECKS = {
    "ruff": [sys.executable, "-m", "ruff", "check", "."],
    "mypy": [sys.executable, "-m", "mypy"],
    "lint-imports": [str(BIN / "lint-imports")],
}


@pytest.mark.parametrize("tool", list(CHECKS))
def test_the_static_check_passes(tool: str) -> None:
    done = subprocess.run(CHECKS[tool], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, f"{tool} failed:\n{done.stdout}\n{done.stderr}"
