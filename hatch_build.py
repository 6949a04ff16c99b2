"""Build hook: compile the batch kernels ahead of time into the wheel (``puzzlefmt._aot``).

Runs for every wheel, editable ones too: ``python -m puzzlefmt._aot`` in the build
environment (which has numba and setuptools, this hook's dependencies) writes the extension
module and its stamp into ``src/puzzlefmt``. When it cannot (no C compiler, say), one line on
stderr says so and the wheel is built without it: the kernels then compile through numba's
JIT on first use, as before. ``PUZZLEFMT_AOT=0`` skips it. ``PUZZLEFMT_AOT_CPU`` names the
CPU to compile for (default ``host``: this machine's; a wheel for other machines wants a
generic one, such as ``x86-64-v2``). ``PUZZLEFMT_AOT_JOBS``: processes compiling at once
(default: the machine's cores, at most 4). The build keeps the kernels' callees it compiles
in numba's cache beside the sources (emptied first, ``puzzlefmt._aot._fresh_cache``): a
process that calls one directly, as the tests do, loads it instead of compiling it again.

An editable install also byte-compiles the package's sources in place (``__pycache__``
beside them), as pip does for a regular install: without it, where ``PYTHONDONTWRITEBYTECODE``
is set (as in many containers and CI images), every ``puzzlefmt`` command compiled its
modules from source again, about 0.26 s of CPU a command on the project's machine. A source
edited later only makes its file's copy stale: Python checks and recompiles it.
"""

from __future__ import annotations

import compileall
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

_PACKAGE = Path("src") / "puzzlefmt"


class AheadOfTimeKernels(BuildHookInterface):  # type: ignore[type-arg] # hatchling's generic
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        if version == "editable":
            compileall.compile_dir(root / _PACKAGE, quiet=1)
        if os.environ.get("PUZZLEFMT_AOT") == "0":
            return
        cpu = os.environ.get("PUZZLEFMT_AOT_CPU", "host")
        # The environment is pip's build environment as it stands (its PYTHONPATH brings
        # numba); the sources are put first on sys.path by the code itself, since pip's
        # sitecustomize drops what an earlier editable install's .pth file added. pip runs
        # the hook twice (metadata, then the wheel): a build that is current (same sources,
        # same CPU) is kept.
        jobs = os.environ.get("PUZZLEFMT_AOT_JOBS") or str(min(4, os.cpu_count() or 1))
        code = ("import sys; sys.path.insert(0, sys.argv[3]); from puzzlefmt import _aot; "
                "_aot.build(sys.argv[1], cpu=sys.argv[2], reuse=True, jobs=int(sys.argv[4]), "
                "cache=True); "
                "print(*('built: ' + p.name for p in _aot.built_files(sys.argv[1])), sep='\\n')")
        done = subprocess.run(
            [sys.executable, "-W", "ignore", "-c", code, str(root / _PACKAGE), cpu,
             str(root / "src"), jobs],
            cwd=root, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
            sys.stderr.write("puzzlefmt: the kernels were not compiled ahead of time; they "
                             f"compile on first use instead ({last})\n")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for line in done.stdout.splitlines():  # the stamp and each part's extension module
            if line.startswith("built: "):
                name = line.removeprefix("built: ")
                build_data["artifacts"].append(f"/{_PACKAGE.as_posix()}/{name}")
