"""The README: its Python tour runs as written (from the project root), and what it says an
extra installs is what pyproject.toml installs."""

from __future__ import annotations

import os
import re
import tomllib

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


def test_the_readme_names_what_the_web_extra_installs() -> None:
    """0.2's README said the web extra was Starlette and uvicorn; it installs FastAPI."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [
        re.split(r"[<>=!~\[ ;]", req, maxsplit=1)[0]
        for req in project["optional-dependencies"]["web"]
    ]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"`web` \(([^)]*)\)", readme)
    assert said is not None
    for name in names:
        assert name.lower() in said.group(1).lower(), (name, said.group(1))
    assert "starlette" not in said.group(1).lower()
