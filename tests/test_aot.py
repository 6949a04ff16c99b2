"""The kernels compiled ahead of time (puzzlefmt._aot): built, used, and refused when stale.

A build of the Sudoku solver alone goes into a temporary folder (seconds), made by the
command the docs give for a rebuild; the tests point the loader at it and check that it
runs, agrees with the JIT, never takes arguments of other types, and is not used when its
stamp does not match.
"""

from __future__ import annotations

import importlib
import json
import os
import platform
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from puzzlefmt import _aot
from puzzlefmt._jit import Kernel, njit
from puzzlefmt.sudoku._kernels import solve as _solve_kernel
from puzzlefmt.sudoku.solver import solve_array

ROOT = Path(__file__).resolve().parent.parent
SOLVER = "puzzlefmt.sudoku._kernels.solve"
KEY = f"{SOLVER}:solve_batch"


def _puzzles() -> np.ndarray:
    lines = (ROOT / "examples" / "sudoku" / "seed-collection.sdm").read_text().split()
    cells = [[int(c) if c.isdigit() else 0 for c in line] for line in lines]
    cells.append([0] * 81)  # many solutions
    cells.append([1, 1] + [0] * 79)  # two 1s in the first row: none
    return np.array(cells, dtype=np.uint8)


@pytest.fixture(scope="module")
def build_run(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The solver's module built into a temporary folder by ``python -m puzzlefmt._aot OUT
    MODULE``, and that command's run."""
    folder = tmp_path_factory.mktemp("aot")
    proc = subprocess.run([sys.executable, "-m", "puzzlefmt._aot", str(folder), SOLVER],
                          capture_output=True, text=True, check=False, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return folder, proc


@pytest.fixture(scope="module")
def built(build_run: tuple[Path, subprocess.CompletedProcess[str]]) -> Path:
    return build_run[0]


@pytest.fixture
def using(built: Path) -> Iterator[Path]:
    """The loader points at the test's build, and back at the package's after."""
    _aot.use(built)
    try:
        yield built
    finally:
        _aot.use(None)


def _stamp(folder: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((folder / _aot.STAMP).read_text())
    return data


def test_the_build_writes_the_extension_and_its_stamp(built: Path) -> None:
    assert list(built.glob(f"{_aot.NAME}.*.so")) or list(built.glob(f"{_aot.NAME}.*.pyd"))
    stamp = _stamp(built)
    assert stamp["cpu"] == _aot.cpu_fingerprint()
    exports = stamp["exports"]
    assert isinstance(exports, dict)
    assert list(exports) == [KEY]  # the solver's module alone
    [entry] = exports[KEY]
    assert entry["args"][0] == ["array", "uint8", 2, "C", False]
    assert entry["args"][2] == ["bool"]
    assert entry["args"][3] == ["int"]
    files = stamp["files"]
    assert isinstance(files, dict)
    assert "sudoku/_kernels/solve.py" in files
    assert "sudoku/_kernels/tables.py" in files


@pytest.mark.usefixtures("using")
def test_the_build_is_used_and_agrees_with_the_jit() -> None:
    assert _aot.status() == "ahead-of-time kernels: in use (1 kernel)"
    puzzles = _puzzles()
    counts, sols = solve_array(puzzles, limit=2)
    assert _solve_kernel.solve_batch._ahead  # the call went to the extension
    _solve_kernel.solve_batch._ahead = False  # the JIT's turn
    jit_counts, jit_sols = solve_array(puzzles, limit=2)
    assert counts.tolist() == jit_counts.tolist()
    assert counts.tolist()[-2:] == [2, 0]
    assert 1 in counts.tolist()
    assert np.array_equal(sols, jit_sols)


@pytest.mark.usefixtures("using")
def test_arguments_of_other_types_go_to_the_jit_not_to_the_extension() -> None:
    """The extension's entry points read memory as the exported types without checking:
    the loader's guard sends anything else to the JIT (a wrong dtype, a strided view)."""
    puzzles = _puzzles()
    want, _ = solve_array(puzzles, limit=2)
    masks = np.full((1, 81), 0x1FF, dtype=np.uint16)
    for cells in (puzzles.astype(np.int64), np.repeat(puzzles, 2, axis=1)[:, ::2]):
        counts = np.zeros(len(puzzles), dtype=np.int32)
        sols = np.zeros((len(puzzles), 2, 81), dtype=np.uint8)
        _solve_kernel.solve_batch(cells, masks, False, 2, counts, sols)
        assert counts.tolist() == want.tolist()
    [(_, guard)] = _aot.lookup(KEY) or []
    args = (puzzles, masks, False, 2, np.zeros(2, np.int32), np.zeros((2, 2, 81), np.uint8))
    assert guard(args) is not None
    assert guard((puzzles.astype(np.int64), *args[1:])) is None
    assert guard((*args[:2], 1, *args[3:])) is None  # an int for the bool
    assert guard((*args[:3], 2.0, *args[4:])) is None  # a float for the int
    assert guard((*args[:3], np.int32(2), *args[4:])) is not None  # a numpy int converts
    readonly = args[4].copy()
    readonly.flags.writeable = False
    assert guard((*args[:4], readonly, args[5])) is None  # an output must be writable
    assert guard(args[:5]) is None
    # what the fast path of the guard must still refuse or convert
    swapped = masks.astype(masks.dtype.newbyteorder())
    assert guard((puzzles, swapped, *args[2:])) is None  # other byte order
    assert len(puzzles) > 1
    assert guard((np.asfortranarray(puzzles), *args[1:])) is None  # not C order
    assert guard((puzzles[None], *args[1:])) is None  # a dimension more
    converted = guard((*args[:2], np.bool_(True), np.int64(3), *args[4:]))
    assert converted is not None
    assert type(converted[2]) is bool
    assert type(converted[3]) is int
    assert converted[0] is puzzles  # arrays go through untouched


def _edited(built: Path, tmp_path: Path, change: dict[str, object]) -> Path:
    folder = tmp_path / "edited"
    shutil.copytree(built, folder)
    stamp = _stamp(folder)
    stamp.update(change)
    (folder / _aot.STAMP).write_text(json.dumps(stamp))
    return folder


def test_a_stamp_of_other_sources_or_another_cpu_is_not_used(
        built: Path, tmp_path: Path) -> None:
    files = _stamp(built)["files"]
    assert isinstance(files, dict)
    stale = dict(files, **{"sudoku/_kernels/solve.py": "0" * 32})
    cases = {
        "sudoku/_kernels/solve.py changed since the build": {"files": stale},
        "built for another CPU": {"cpu": "f" * 32},
        "built for another CPU ": {"cpu": "named:another-machine:x86-64-v2"},
        "stamp of another format": {"format": 0},
    }
    try:
        for i, (why, change) in enumerate(cases.items()):
            _aot.use(_edited(built, tmp_path / str(i), change))
            assert _aot.status() == f"ahead-of-time kernels: not used ({why.strip()})"
            assert _aot.lookup(KEY) is None
            counts, _ = solve_array(_puzzles(), limit=2)  # the JIT: same results
            assert counts.tolist()[-2:] == [2, 0]
            assert _solve_kernel.solve_batch._ahead is False
        named = f"named:{platform.machine()}:x86-64-v2"  # PUZZLEFMT_AOT_CPU=x86-64-v2
        _aot.use(_edited(built, tmp_path / "named", {"cpu": named}))
        assert _aot.status() == "ahead-of-time kernels: in use (1 kernel)"
        _aot.use(tmp_path)  # nothing there
        assert _aot.status() == "ahead-of-time kernels: not used (not built (no stamp))"
    finally:
        _aot.use(None)


def _run(code: str, **env: str) -> str:
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, check=True, env={**os.environ, **env}, cwd=ROOT,
                          timeout=120)
    return proc.stdout


def test_a_process_runs_the_build_without_importing_numba(built: Path) -> None:
    code = f"""
        import sys
        import numpy as np
        from puzzlefmt import _aot
        from puzzlefmt.sudoku.solver import solve_array
        _aot.use({str(built)!r})
        counts, _ = solve_array(np.zeros((3, 81), dtype=np.uint8), limit=2)
        print(counts.tolist(), "numba" in sys.modules, _aot.status())
    """
    out = _run(code, NUMBA_DISABLE_JIT="0", PUZZLEFMT_AOT="1")
    assert out.strip() == "[2, 2, 2] False ahead-of-time kernels: in use (1 kernel)"
    for env, why in (({"PUZZLEFMT_AOT": "0"}, "PUZZLEFMT_AOT=0"),
                     ({"NUMBA_DISABLE_JIT": "1"},
                      "NUMBA_DISABLE_JIT=1 (kernels run as plain Python)")):
        out = _run(code, **{"PUZZLEFMT_AOT": "1", "NUMBA_DISABLE_JIT": "0", **env})
        assert out.strip().endswith(f"not used ({why})")


def test_the_install_compiled_every_declared_kernel() -> None:
    """The package's own build (``pip install -e .`` runs hatch_build.py): present, current,
    with every kernel declared in the listed modules (on a machine with a C compiler; without
    one, absent). It fails after a kernel's source is edited until the package is installed
    again (the kernels then run through the JIT)."""
    import importlib
    import shutil
    import sysconfig

    for name in _aot.kernel_modules():
        importlib.import_module(name)
    _aot.use(None)
    compiler = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:  # the install says it could not, and skips the build
        assert _aot.status() == "ahead-of-time kernels: not used (not built (no stamp))"
        return
    assert _aot.status().startswith("ahead-of-time kernels: in use"), (
        f"{_aot.status()}: pip install -e . builds them")
    stamp = _stamp(Path(_aot.__file__).parent)
    exports = stamp["exports"]
    assert isinstance(exports, dict)
    declared = {f"{k.py_func.__module__}:{k.py_func.__qualname__}" for k in _aot.declared()
                if k.py_func.__module__ in _aot.kernel_modules()}
    assert set(exports) == declared
    assert len(declared) >= 6
    for key in declared:
        assert _aot.lookup(key), key


def test_the_install_byte_compiled_every_module() -> None:
    """``pip install -e .`` byte-compiles the sources in place (hatch_build.py), as pip does
    for a regular install: where ``PYTHONDONTWRITEBYTECODE`` is set, a command would
    otherwise compile every module it imports again each time it starts. It fails after a
    module is added until the package is installed again."""
    import importlib.util

    package = Path(_aot.__file__).parent
    sources = sorted(package.rglob("*.py"))
    assert len(sources) > 50
    missing = [str(p.relative_to(package)) for p in sources
               if not Path(importlib.util.cache_from_source(str(p))).is_file()]
    assert not missing, f"not byte-compiled (pip install -e . does it): {missing[:5]}"


def test_the_kernel_modules_are_found_in_the_package_not_listed(tmp_path: Path) -> None:
    """A family's new kernel module is compiled ahead of time with no list to edit: the
    modules are found by their ``@aot(...)`` declarations."""
    pkg = tmp_path / "puzzlefmt"
    (pkg / "toy").mkdir(parents=True)
    (pkg / "toy" / "_kernels.py").write_text("@aot('int64(int64)')\n@njit\ndef f(x): ...\n")
    (pkg / "toy" / "model.py").write_text("# mentions aot( in a comment only\n")
    (pkg / "_jit.py").write_text("@aot(...)\n")  # the decorator's own module is no kernel
    assert _aot.kernel_modules(pkg) == ("puzzlefmt.toy._kernels",)
    found = _aot.kernel_modules()
    for name in found:
        importlib.import_module(name)
    declaring = {k.py_func.__module__ for k in _aot.declared()}
    assert declaring <= set(found)
    assert {"puzzlefmt.sudoku._kernels.solve", "puzzlefmt.keen._kernels.grade",
            "puzzlefmt.cgp._kernels.score"} <= set(found)


def test_the_build_command_exports_the_kernels_of_the_modules_named(
    build_run: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    """``python -m puzzlefmt._aot OUT MODULE`` (the command the docs give for a rebuild) runs
    the build in the package's own module: run as ``__main__`` it used to find no declared
    kernel and write an extension of none, which every kernel then passed by."""
    folder, proc = build_run
    module = SOLVER
    stamp = json.loads((folder / "_kernels_aot.json").read_text(encoding="utf-8"))
    importlib.import_module(module)
    declared = {f"{k.py_func.__module__}:{k.py_func.__qualname__}" for k in _aot.declared()
                if k.py_func.__module__ == module}
    assert declared
    assert set(stamp["exports"]) == declared
    assert proc.stdout.rstrip().endswith(f"({len(declared)} kernel{'s' * (len(declared) > 1)})")


@njit(inline=True)
def _plus_one(values: np.ndarray, i: int) -> int:
    return int(values[i]) + 1


@njit
def _total(values: np.ndarray) -> int:
    s = 0
    for i in range(values.shape[0]):
        s += _plus_one(values, i)
    return s


def test_an_inline_helper_is_written_into_the_kernels_that_call_it() -> None:
    """``@njit(inline=True)``: numba writes the helper into its callers (no call, no reference
    counts of its array arguments), with the same results."""
    assert isinstance(_plus_one, Kernel)
    assert _plus_one.inline
    assert not _total.inline
    assert _plus_one.dispatcher().targetoptions["inline"] == "always"
    assert _total(np.arange(4, dtype=np.int64)) == 10
    assert _total.py_func(np.arange(4, dtype=np.int64)) == 10


def _calls_leaf(module: str, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Compile (numba's JIT) a function of the package module ``module`` that calls a
    small function of the same module: whether its optimized code still calls it (a
    module optimized as a whole inlines it)."""
    import types

    import numba

    probe = types.ModuleType(module)
    monkeypatch.setitem(sys.modules, module, probe)
    exec(compile(textwrap.dedent("""
        def leaf(x):
            return x * 3 + 1

        def caller(x):
            return leaf(x) + leaf(x + 1)
        """), module, "exec"), probe.__dict__)
    probe.leaf = numba.njit(probe.leaf)
    caller = numba.njit(probe.caller)
    assert caller(2) == 7 + 10
    ir = caller.inspect_llvm(caller.signatures[0])
    name = _mangled_prefix(f"{module}.leaf")
    return any(" call " in line and f"@{name}" in line for line in ir.splitlines()
               if not line.startswith(("define", "declare")))


def test_a_module_marked_optimize_once_is_linked_unoptimized_during_the_build(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``AOT_OPTIMIZE_ONCE = True`` in a package module: while the build compiles, numba
    leaves its functions' own libraries unoptimized as wholes (a callee stays a call, to be
    inlined in the extension's module), and optimizes the others' as always; once the build
    is done (the function returned is called) numba is as it was. The rater's three modules
    are marked, and the prefixes the build looks for are those of their functions' names."""
    from numba.core import funcdesc

    from puzzlefmt.sudoku._kernels import chains, dynamic, rate

    assert [m.AOT_OPTIMIZE_ONCE for m in (chains, dynamic, rate)] == [True] * 3
    prefixes = _aot._once_prefixes()
    for module, func in ((rate, "next_step"), (dynamic, "propagate_nested"),
                         (chains, "forcing_chains")):
        mangled = funcdesc.default_mangler(f"{module.__name__}.{func}", [])
        assert [p for p in prefixes if mangled.startswith(p)], (module, prefixes)
    assert not any(funcdesc.default_mangler("puzzlefmt.sudoku._kernels.solve.solve_one", [])
                   .startswith(p) for p in prefixes)

    marked = "puzzlefmt._once_probe_marked"
    restore = _aot._optimize_once([_mangled_prefix(marked)])
    try:
        assert _calls_leaf(marked, monkeypatch)  # left for the extension's module
        assert not _calls_leaf("puzzlefmt._once_probe_other", monkeypatch)  # as always
    finally:
        restore()
    assert not _calls_leaf(marked + "_after", monkeypatch)
    assert _aot._optimize_once([])() is None  # nothing marked: nothing replaced


def _mangled_prefix(name: str) -> str:
    """How numba's mangled names of what ``name`` holds begin (``name``: a module, or a
    function, whose own names go on with their arguments and tags): the mangled name of an
    ``x`` in it, less ``x`` and what follows."""
    from numba.core import funcdesc

    return funcdesc.default_mangler(f"{name}.x", [])[:-3]


def _stop_at_compile(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """numba's compile of the extension stops at once (raising), noting whether the JIT's
    cache was on: the list it notes into."""
    import warnings

    import puzzlefmt._jit as jit

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from numba.pycc import cc as pycc

    seen: list[bool] = []

    def compile_(self: object) -> None:
        seen.append(jit.CACHE)
        raise RuntimeError("stop before compiling")

    monkeypatch.setattr(pycc.CC, "compile", compile_)
    return seen


def test_the_build_compiles_kernels_afresh_not_from_numbas_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """numba keys a cached kernel on its own module only: a kernel whose callee in another
    module changed would come back from the cache with the old callee. The build turns the
    cache off while it compiles, and back on after, even when the compile fails."""
    import puzzlefmt._jit as jit

    seen = _stop_at_compile(monkeypatch)
    assert jit.CACHE is True
    with pytest.raises(RuntimeError, match="stop before compiling"):
        _aot.build(tmp_path, [SOLVER])
    assert seen == [False]
    assert jit.CACHE is True


def test_the_install_build_keeps_callees_in_numbas_cache_emptied_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The install's build (``cache=True``, hatch_build.py) keeps the callees it compiles in
    numba's cache, so a process that calls one directly loads it instead of compiling it
    again. It empties the package's numba cache first (nothing stale can be read: numba
    keys a kernel on its own file only) and leaves Python's own files alone; where numba
    keeps its cache elsewhere (``NUMBA_CACHE_DIR``) it compiles without, as by default."""
    import puzzlefmt._jit as jit

    pkg = tmp_path / "puzzlefmt"
    cache_dir = pkg / "toy" / "__pycache__"
    cache_dir.mkdir(parents=True)
    for name in ("k.f-3.py311.nbi", "k.f-3.py311.1.nbc", "k.cpython-311.pyc"):
        (cache_dir / name).write_bytes(b"old")
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    assert _aot._fresh_cache(pkg) is True
    assert sorted(p.name for p in cache_dir.iterdir()) == ["k.cpython-311.pyc"]
    (cache_dir / "k.f-3.py311.nbi").write_bytes(b"old")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert _aot._fresh_cache(pkg) is False
    assert (cache_dir / "k.f-3.py311.nbi").read_bytes() == b"old"
    monkeypatch.delenv("NUMBA_CACHE_DIR")

    seen = _stop_at_compile(monkeypatch)
    emptied: list[Path] = []
    monkeypatch.setattr(_aot, "_fresh_cache", lambda: emptied.append(pkg) or True)
    for cache, may in ((True, True), (False, True), (True, False)):
        if not may:
            monkeypatch.setattr(_aot, "_fresh_cache", lambda: False)
        with pytest.raises(RuntimeError, match="stop before compiling"):
            _aot.build(tmp_path / "out", [SOLVER], cache=cache)
        assert jit.CACHE is True  # back on after
    assert seen == [True, False, False]
    assert emptied == [pkg]  # asked only when the build keeps the cache

    # The parts of a build in several processes are told by their command line.
    told: list[bool] = []
    monkeypatch.setattr(_aot, "_compile", lambda *a, **k: told.append(k["cache"]) or {})
    for flag in (["--cache"], []):
        assert _aot._main(["--part", "p", "--cpu", "host", *flag, str(tmp_path), SOLVER]) == 0
    assert told == [True, False]


SCORE = "puzzlefmt.cgp._kernels.score"


def test_a_build_in_two_processes_writes_two_parts_and_uses_both(tmp_path: Path) -> None:
    """``jobs=2``: the modules in two groups, each compiled by its own process into its own
    extension module; one stamp lists both, and each export names its part."""
    folder = tmp_path / "two"
    first = _aot.build(folder, [SOLVER, SCORE], jobs=2)
    stamp = _stamp(folder)
    parts = stamp["parts"]
    assert isinstance(parts, list)
    assert len(parts) == 2
    assert parts[0] == _aot.NAME
    assert first == _aot._extension(folder)
    exports = stamp["exports"]
    assert isinstance(exports, dict)
    importlib.import_module(SCORE)
    score_keys = {_aot.key_of(k) for k in _aot.declared() if k.py_func.__module__ == SCORE}
    assert set(exports) == {KEY} | score_keys
    by_module = {key.split(":")[0]: {e["part"] for e in exports[key]} for key in exports}
    assert by_module[SOLVER] != by_module[SCORE]  # one module a process
    assert {p for ps in by_module.values() for p in ps} == set(parts)
    files = [p.name for p in _aot.built_files(folder)]
    assert files[0] == _aot.STAMP
    assert len(files) == 3
    try:
        _aot.use(folder)
        assert _aot.status() == f"ahead-of-time kernels: in use ({len(exports)} kernels)"
        for key in exports:
            assert _aot.lookup(key), key
        counts, _ = solve_array(_puzzles(), limit=2)
        assert _solve_kernel.solve_batch._ahead
        assert counts.tolist()[-2:] == [2, 0]
        # a part missing: the build is not used
        missing = tmp_path / "missing"
        shutil.copytree(folder, missing)
        second = _aot._extension(missing, str(parts[1]))
        assert second is not None
        second.unlink()
        _aot.use(missing)
        assert _aot.status() == "ahead-of-time kernels: not used (not built (no extension module))"
    finally:
        _aot.use(None)


@pytest.mark.parametrize(("argv", "said"), [
    (["--help"], None), (["-h"], None), (["--bogus", "out"], "--bogus: unknown"),
    (["-j"], "-j: needs a value"), (["--cache", "-j"], "-j: needs a value"),
    (["--cache"], ""), ([], "")])
def test_the_build_command_takes_no_option_for_its_folder(
    argv: list[str], said: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m puzzlefmt._aot --help`` built the extension into a folder named
    ``--help``: an option it does not know, or one without its value, is refused (``said``:
    the line before the usage, none when only the folder is missing), and the help is
    printed."""
    monkeypatch.chdir(tmp_path)
    code = _aot._main(argv)
    out, err = capsys.readouterr()
    assert list(tmp_path.iterdir()) == []  # nothing built
    if said is None:
        assert code == 0
        assert out.startswith("usage: python -m puzzlefmt._aot")
    else:
        assert code == 2
        assert err.startswith(f"{said}\n" if said else "usage: python -m puzzlefmt._aot")
        assert "usage: python -m puzzlefmt._aot" in err
