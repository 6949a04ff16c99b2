"""The README's Python tour runs as written (from the project root)."""

from __future__ import annotations

import os
import re

from helpers import ROOT


def test_readme_python_block_runs() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "the README has a Python example"
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        namespace: dict[str, object] = {}
        exec(compile(blocks[0], "README.md", "exec"), namespace)
    finally:
        os.chdir(here)
    grid = namespace["grid"]
    assert getattr(grid, "clue_count") == 32  # noqa: B009
    assert namespace["result"].status == "unique"  # type: ignore[attr-defined]
