"""Kernels compiled ahead of time: one extension module, loaded without numba.

The batch kernels a command runs (the Sudoku solver and minlex search, the Keen ID decoder,
solver and grader, CGP move scoring) are declared with :func:`puzzlefmt._jit.aot` and a
signature.
Installing the package (``pip install .``, or ``-e .``) builds them with numba's
ahead-of-time compiler for the installing machine's CPU into the extension module
``puzzlefmt._kernels_aot``, with a stamp (``_kernels_aot.json``) beside it that records the
CPU, the hashes of the kernel sources, and each export's argument types. A process then
calls them as it imports any module: no numba import, no cache to load, no compile on first
use (measured: a ``puzzlefmt solve`` starts in about a quarter of a second instead of
three quarters).

The extension is used only when it is current: the same CPU (model and flags), the same
kernel sources (an edited kernel falls back to numba's JIT), and not disabled
(``PUZZLEFMT_AOT=0``, or ``NUMBA_DISABLE_JIT=1`` for plain Python). A call whose arguments
are not of the exported types (numba's compiled entry points do not check them) goes to the
JIT instead, so the extension changes speed, never results. Without a C compiler or numba
at install time the build is skipped (a line on stderr says why) and every kernel runs
through numba's JIT, as before.

``python -m puzzlefmt._aot DIR`` builds the extension into ``DIR``; the build hook
(``hatch_build.py``) runs it into the package folder. numba compiles one extension module in
one process, so a build with ``jobs`` above 1 splits the kernel modules into that many
groups, each compiled by its own process into its own extension module (the first keeps the
name ``_kernels_aot``, the others ``_kernels_aot_1``...), and one stamp lists them all: an
install on a machine of several cores waits for the largest group, not for the sum.

numba compiles each function a kernel calls into a library of its own, links in its
callees' libraries and optimizes the whole again, at every level of the call tree, and the
extension's module once more with everything linked in: a deep tree (the Sudoku rater's)
pays for its leaves many times. A package module that sets ``AOT_OPTIMIZE_ONCE = True``
(:data:`ONCE`) has its functions' libraries linked unoptimized during the build (each
function's own passes still run), so that they are optimized once, in the extension's
module. It is for modules measured to lose no speed by it (the rater: the same instructions
within 0.5%, its part of the build a fifth less CPU): callees optimized first are inlined
more readily by their callers, and the Keen generator and the move generator ran about 5%
slower with every module built so. The callees the install keeps in numba's cache are these
unoptimized ones (a process that calls one directly through the JIT runs it so); numba's
just-in-time compiles of anything else are unchanged.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.util
import json
import operator
import os
import re
import subprocess
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from puzzlefmt._words import counted

__all__ = ["NAME", "Declared", "build", "built_files", "cpu_fingerprint", "declare",
           "declared", "in_use", "kernel_modules", "key_of", "load_numpy", "lookup", "status",
           "use"]

#: The extension module's name in the package, and its stamp's file name.
NAME = "_kernels_aot"
STAMP = f"{NAME}.json"
_FORMAT = 2
_PACKAGE = Path(__file__).resolve().parent
#: A kernel declared for the extension: a line ``@aot(...)`` (see :func:`puzzlefmt._jit.aot`).
_DECLARATION = re.compile(r"^[ \t]*@aot\(", re.MULTILINE)
#: A module-level name: a package module that sets it true has its functions optimized once
#: in the build, in the extension's module with their callers (see the module docstring).
ONCE = "AOT_OPTIMIZE_ONCE"


def kernel_modules(package: Path = _PACKAGE) -> tuple[str, ...]:
    """The modules whose kernels carry :func:`puzzlefmt._jit.aot` signatures, found in the
    package's own files (a family's new kernel module is compiled with no list to edit),
    in path order."""
    found: list[str] = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "_jit.py" or "__pycache__" in path.parts:
            continue
        if _DECLARATION.search(path.read_text(encoding="utf-8")):
            parts = path.relative_to(package.parent).with_suffix("").parts
            found.append(".".join(parts))
    return tuple(found)

Guard = Callable[[tuple[Any, ...]], "tuple[Any, ...] | None"]

_state: dict[str, Any] = {}  # "module": the loaded extension, or False; "why": why not
_where: list[Path] = [_PACKAGE]  # the folder of the extension and its stamp


def use(folder: str | os.PathLike[str] | None = None) -> None:
    """Look for the extension in ``folder`` (the package's own folder when ``None``) from the
    next kernel's first call on: for tests of a build elsewhere, and to forget a load."""
    _where[0] = _PACKAGE if folder is None else Path(folder).resolve()
    _state.clear()
    for kernel in _declared:
        kernel.forget_ahead()


class Declared(Protocol):
    """A kernel declared for the extension (:class:`puzzlefmt._jit.Kernel`)."""

    py_func: Callable[..., Any]
    aot_signatures: tuple[str, ...]

    def forget_ahead(self) -> None: ...


_declared: list[Declared] = []


def declare(kernel: Declared) -> None:
    """Add a kernel to the extension's exports (:func:`puzzlefmt._jit.aot` does)."""
    _declared.append(kernel)


def declared() -> list[Declared]:
    """The kernels declared so far (in the modules imported)."""
    return list(_declared)


def _system_and_machine() -> tuple[str, str]:
    """The operating system and the machine's architecture, as ``os.uname`` gives them
    (``Linux``, ``x86_64``), or where it has none (Windows) from ``sys.platform`` and the
    environment (the ``platform`` module would cost every command its import)."""
    if hasattr(os, "uname"):
        uname = os.uname()
        return uname.sysname, uname.machine
    return sys.platform, os.environ.get("PROCESSOR_ARCHITECTURE", "")


def cpu_fingerprint() -> str:
    """What the machine code depends on: the architecture, and on Linux the first CPU's
    vendor, model and feature flags (another model or flag set runs the JIT instead)."""

    parts = [*_system_and_machine()]
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                key = line.split(":", 1)[0].strip()
                if key in {"vendor_id", "model name", "flags", "Features", "CPU part"}:
                    parts.append(line.strip())
                elif not line.strip() and len(parts) > 2:
                    break  # the first processor's block is enough
    except OSError:  # no /proc (Windows names its processor in the environment)
        parts.append(os.environ.get("PROCESSOR_IDENTIFIER", ""))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def _named_target(cpu: str | None) -> str:
    """The stamp of a build for a named CPU (``x86-64-v2``): taken on any machine of the
    architecture (the builder chose a CPU those machines have); with ``None``, the prefix
    this machine's architecture accepts."""

    return f"named:{_system_and_machine()[1]}:{cpu or ''}"


def _digest(path: Path) -> str:

    return hashlib.sha256(path.read_bytes()).hexdigest()[:32]


# ------------------------------------------------------------------------------- loading


def _load() -> Any:
    """The extension's modules (a mapping of part name to module) when they are present and
    current, else ``False`` (and why)."""
    if "module" in _state:
        return _state["module"]
    module: Any = False
    why = _why_not()
    if not why:
        try:
            module = {part: _import(_where[0], part) for part in _state["parts"]}
        except ImportError as exc:  # another numpy ABI, a broken file: the JIT runs
            why = f"the extension does not import ({exc})"
            module = False
    _state["module"] = module
    _state["why"] = why
    return module


def _extension(folder: Path, name: str = NAME) -> Path | None:
    """The file of the extension module ``name`` (a part) in ``folder``, if there is one."""
    found = sorted(folder.glob(f"{name}.*.so")) + sorted(folder.glob(f"{name}.*.pyd"))
    return found[0] if found else None


def _part(index: int) -> str:
    """The module name of a build's part ``index``: the first is :data:`NAME`."""
    return NAME if index == 0 else f"{NAME}_{index}"


def _read_stamp(folder: Path) -> Any:
    """The stamp in ``folder`` as read (``None`` when there is none to read)."""

    try:
        return json.loads((folder / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def key_of(kernel: Declared) -> str:
    """A kernel's name in the stamp: ``module:qualname``."""
    return f"{kernel.py_func.__module__}:{kernel.py_func.__qualname__}"


def _import(folder: Path, name: str = NAME) -> Any:

    if folder == _PACKAGE:
        return importlib.import_module(f"puzzlefmt.{name}")
    found = _extension(folder, name)
    spec = importlib.util.spec_from_file_location(name, found) if found else None
    if spec is None or spec.loader is None:
        raise ImportError(f"no extension module {name} in {folder}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _why_not() -> str:
    if os.environ.get("PUZZLEFMT_AOT") == "0":
        return "PUZZLEFMT_AOT=0"
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return "NUMBA_DISABLE_JIT=1 (kernels run as plain Python)"
    stamp = _read_stamp(_where[0])
    if stamp is None:
        return "not built (no stamp)"
    if not isinstance(stamp, dict) or stamp.get("format") != _FORMAT:
        return "stamp of another format"
    parts = stamp.get("parts")
    if not isinstance(parts, list) or not parts:
        return "stamp of another format"
    if any(_extension(_where[0], str(part)) is None for part in parts):
        return "not built (no extension module)"
    cpu = str(stamp.get("cpu"))
    if cpu != cpu_fingerprint() and not cpu.startswith(_named_target(None)):
        return "built for another CPU"
    for rel, digest in stamp.get("files", {}).items():
        try:
            if _digest(_PACKAGE / rel) != digest:
                return f"{rel} changed since the build"
        except OSError:
            return f"{rel} is missing"
    _state["exports"] = stamp.get("exports", {})
    _state["parts"] = [str(part) for part in parts]
    return ""


def in_use() -> bool:
    """Whether the extension is present, current and enabled (looked at once)."""
    return _load() is not False


def status() -> str:
    """One line: whether the ahead-of-time kernels are in use, and if not, why."""
    module = _load()
    if module is False:
        return f"ahead-of-time kernels: not used ({_state['why']})"
    return f"ahead-of-time kernels: in use ({counted(len(_state['exports']), 'kernel')})"


def lookup(key: str) -> list[tuple[Callable[..., Any], Guard]] | None:
    """The compiled entry points of the kernel ``module:qualname``, each with the guard
    that checks (and converts) a call's arguments for it; ``None`` when there are none."""
    module = _load()
    if module is False:
        return None
    entries = _state["exports"].get(key)
    if not entries:
        return None
    found = []
    for entry in entries:
        func = getattr(module.get(entry.get("part")), entry["name"], None)
        if func is None:
            return None
        found.append((func, _guard(entry["args"])))
    return found


def load_numpy() -> Any:
    """numpy, imported on its first use: the one place the kernel loader imports it, so that
    importing the package (reading and writing) never loads it."""
    import numpy  # noqa: PLC0415 - the kernel loader

    return numpy


def _guard(specs: Sequence[Sequence[Any]]) -> Guard:
    """A check of a call's arguments against an export's types: the arguments, with plain
    scalars converted, when every one fits; ``None`` when one does not.

    It runs before every call of a compiled kernel, so it is one loop over a table (no call
    a argument): an array passes when its type is ``ndarray``, its dtype the very object
    numpy keeps for the type (native byte order; any other dtype object is compared in
    full), its dimensions and, where asked, its C order and writability fit."""

    np = load_numpy()  # only with an extension, which needs numpy anyway
    ndarray = np.ndarray
    # kinds: 0 array, 1 int, 2 bool, 3 float
    table: list[tuple[int, Any, int, bool, bool]] = []
    for spec in specs:
        kind = spec[0]
        if kind == "int":
            table.append((1, None, 0, False, False))
        elif kind == "bool":
            table.append((2, None, 0, False, False))
        elif kind == "float":
            table.append((3, None, 0, False, False))
        else:  # ["array", dtype, ndim, layout, readonly]
            table.append((0, np.dtype(spec[1]), int(spec[2]), spec[3] == "C",
                          not bool(spec[4])))
    count = len(table)
    bad_int = (float, np.floating, ndarray)
    bools = (bool, np.bool_)
    numbers = (int, float, np.integer, np.floating)

    def guard(args: tuple[Any, ...]) -> tuple[Any, ...] | None:
        if len(args) != count:
            return None
        out: list[Any] | None = None
        for k, (kind, dtype, ndim, contiguous, writable) in enumerate(table):
            x = args[k]
            if kind == 0:
                if type(x) is not ndarray or x.ndim != ndim:
                    return None
                xd = x.dtype
                if xd is not dtype and (xd != dtype or not xd.isnative):
                    return None
                if contiguous or writable:
                    flags = x.flags
                    if contiguous and not flags.c_contiguous:
                        return None
                    if writable and not flags.writeable:
                        return None
                continue
            if kind == 1:
                if type(x) is int:
                    continue
                if isinstance(x, bad_int):
                    return None
                try:
                    x = operator.index(x)
                except TypeError:
                    return None
            elif kind == 2:
                if type(x) is bool:
                    continue
                if not isinstance(x, bools):
                    return None
                x = bool(x)
            else:
                if type(x) is float:
                    continue
                if not isinstance(x, numbers):
                    return None
                x = float(x)
            if out is None:
                out = list(args)
            out[k] = x
        return args if out is None else tuple(out)

    return guard


# ------------------------------------------------------------------------------- building


def _arg_spec(t: Any) -> list[Any]:
    from numba.core import types  # noqa: PLC0415 - the build runs with numba

    if isinstance(t, types.Array):
        return ["array", str(t.dtype), t.ndim, t.layout, not t.mutable]
    for kind, scalar in (("bool", types.boolean), ("int", types.int64),
                         ("float", types.float64)):
        if t == scalar:
            return [kind]
    raise ValueError(f"exported arguments are arrays, boolean, int64 or float64; found {t}")


def _sources(modules: Sequence[str]) -> list[Path]:
    """The kernel modules' files and the package modules they import (their constants and
    helpers are compiled in too)."""

    files: dict[Path, None] = {}
    for name in modules:
        path = _origin(name)
        if path is None:  # pragma: no cover - a listed module
            raise ValueError(f"no source for {name}")
        files[path] = None
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = name.rsplit(".", 1)[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                if base == "puzzlefmt" or base.startswith("puzzlefmt."):
                    for alias in node.names:
                        for candidate in (f"{base}.{alias.name}", base):
                            origin = _origin(candidate)
                            if origin is not None:
                                files[origin] = None
                                break
    # The loaders (this module, puzzlefmt._jit) are not compiled in: editing them does not
    # make a build stale.
    files.pop(Path(__file__).resolve(), None)
    files.pop(Path(__file__).resolve().with_name("_jit.py"), None)
    return sorted(files)


def _origin(name: str) -> Path | None:
    """The source file of module ``name``, or ``None`` (not a module: a name in one)."""

    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):  # a name inside a module, not a submodule
        return None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin).resolve()


def build(out_dir: str | os.PathLike[str], modules: Sequence[str] | None = None,
          *, cpu: str = "host", verbose: bool = False, reuse: bool = False,
          jobs: int = 1, cache: bool = False) -> Path:
    """Compile every :func:`puzzlefmt._jit.aot` kernel of ``modules`` into the extension
    in ``out_dir`` (for this machine's CPU unless ``cpu`` names another), and write its
    stamp; the path of the extension's first module. With ``reuse``, an extension already
    there that is current (same sources and CPU, the same kernels) is kept as it is.
    ``modules``: the kernel modules (default: every one the package has,
    :func:`kernel_modules`). ``jobs``: processes compiling at once, each a group of the
    modules into a module of its own (see the module docstring). ``cache`` (the install's
    build): keep the callees compiled on the way in numba's cache, see :func:`_fresh_cache`."""
    if modules is None:
        modules = kernel_modules()
    out = Path(out_dir).resolve()
    if reuse and (kept := _current(out, modules, cpu)) is not None:
        return kept
    out.mkdir(parents=True, exist_ok=True)
    (out / STAMP).unlink(missing_ok=True)
    for old in [*out.glob(f"{NAME}_*.so"), *out.glob(f"{NAME}_*.pyd")]:
        old.unlink()  # the parts of an earlier build in more groups
    groups = _groups(modules, jobs)
    cache = cache and _fresh_cache()
    others = [_start_part(out, group, _part(i), cpu, cache)
              for i, group in enumerate(groups) if i]
    try:
        exports = _compile(out, groups[0], _part(0), cpu, verbose, cache)
    finally:
        results = [proc.communicate() for proc in others]
    for i, (proc, (stdout, stderr)) in enumerate(zip(others, results, strict=True), 1):
        if proc.returncode != 0:
            last = (stderr.strip().splitlines() or ["(no message)"])[-1]
            raise RuntimeError(f"the build of {_part(i)} failed: {last}")
        exports.update(json.loads(stdout.strip().splitlines()[-1]))
    files = {os.path.relpath(p, _PACKAGE): _digest(p) for p in _sources(modules)}
    target = cpu_fingerprint() if cpu == "host" else _named_target(cpu)
    stamp = {"format": _FORMAT, "cpu": target, "files": files,
             "parts": [_part(i) for i in range(len(groups))], "exports": exports}
    (out / STAMP).write_text(json.dumps(stamp, indent=1, sort_keys=True) + "\n",
                             encoding="utf-8")
    built = _extension(out)
    if built is None:  # pragma: no cover - numba wrote it or raised
        raise RuntimeError(f"no extension module in {out}")
    return built


def _groups(modules: Sequence[str], jobs: int) -> list[list[str]]:
    """``modules`` in at most ``jobs`` groups of about equal compile time, the costliest
    first. A module's compile time follows the size of the sources compiled in with it (its
    own and those of the package modules it imports, whose kernels it calls); a group
    compiles the union of its modules' sources once. Each module, the costliest first, goes
    where the group's cost after it is least: modules that share callees come together."""
    sources = {name: {p: p.stat().st_size for p in _sources([name])} for name in modules}

    def cost(group: dict[Path, int]) -> int:
        return sum(group.values())

    groups: list[dict[Path, int]] = [{} for _ in range(max(1, min(jobs, len(modules))))]
    members: list[list[str]] = [[] for _ in groups]
    for name in sorted(modules, key=lambda n: (-cost(sources[n]), n)):
        best = min(range(len(groups)), key=lambda i: (cost({**groups[i], **sources[name]}), i))
        groups[best].update(sources[name])
        members[best].append(name)
    order = sorted(range(len(groups)), key=lambda i: -cost(groups[i]))
    return [sorted(members[i]) for i in order if members[i]] or [[]]


def _fresh_cache(package: Path = _PACKAGE) -> bool:
    """Make numba's cache of the package's kernels empty, so that a build may keep the
    callees it compiles there; whether it may (numba keeps the cache beside the sources:
    no ``NUMBA_CACHE_DIR``, a folder it can write).

    The extension holds the declared kernels; their callees (the generator's Latin square,
    the grader's run...) are compiled through numba's JIT on the way, and cost as much again
    when a process calls one directly (the tests do, and so does a call that falls back to
    the JIT) unless the cache has it. The cache is emptied first, because numba keys a
    cached kernel on its own file only: a kernel whose callee in another module changed
    would be read back with the old callee in it. Emptied, it holds only what this build
    compiled, from these sources."""
    if os.environ.get("NUMBA_CACHE_DIR") or not os.access(package, os.W_OK):
        return False
    try:
        for path in package.rglob("__pycache__/*.nb[ic]"):
            path.unlink(missing_ok=True)
    except OSError:
        return False
    return True


def _start_part(out: Path, modules: Sequence[str], name: str, cpu: str,
                cache: bool = False) -> Any:
    """A process that compiles ``modules`` into the part ``name`` and prints its exports
    (as JSON, on its last line). The package's own sources go first on its path, as in the
    build hook (pip's build environment drops what an editable install added)."""
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from puzzlefmt import _aot; "
            "raise SystemExit(_aot._main(sys.argv[2:]))")
    return subprocess.Popen(
        [sys.executable, "-W", "ignore", "-c", code, str(_PACKAGE.parent), "--part", name,
         "--cpu", cpu, *(["--cache"] if cache else []), str(out), *modules],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _compile(out: Path, modules: Sequence[str], name: str, cpu: str,
             verbose: bool, cache: bool = False) -> dict[str, list[dict[str, Any]]]:
    """Compile the kernels of ``modules`` into the extension module ``name`` in ``out``;
    their exports, as the stamp records them. ``cache``: keep the callees compiled on the
    way in numba's cache (emptied first by :func:`_fresh_cache`)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from numba.core import sigutils  # noqa: PLC0415
        from numba.pycc import cc as pycc  # noqa: PLC0415

        normalize: Callable[[str], tuple[Any, Any]] = sigutils.normalize_signature
        CC: Callable[[str], Any] = pycc.CC  # noqa: N806 - numba's class

        for module in modules:
            importlib.import_module(module)
        cc = CC(name)
        cc.output_dir = str(out)
        cc.target_cpu = cpu
        cc.verbose = verbose
        exports: dict[str, list[dict[str, Any]]] = {}
        for kernel in _declared:
            sigs = kernel.aot_signatures
            if kernel.py_func.__module__ not in modules:
                continue
            key = key_of(kernel)
            entries = exports.setdefault(key, [])
            for sig in sigs:
                args, _ = normalize(sig)
                # The module's whole path: two families' kernel modules share last names.
                short = kernel.py_func.__module__.removeprefix("puzzlefmt.").replace(".", "_")
                export = f"{short}__{kernel.py_func.__name__}__{len(entries)}"
                cc.export(export, sig)(kernel.py_func)
                entries.append({"name": export, "part": name,
                                "args": [_arg_spec(a) for a in args]})
        # Compile every kernel afresh: a callee's cached code may predate its module's source
        # (numba's cache of a kernel looks at the kernel's own file only). A cache emptied
        # by this build holds nothing older: its callees may be kept there.
        jit: Any = sys.modules["puzzlefmt._jit"]
        cached, jit.CACHE = jit.CACHE, cache
        restore = _optimize_once(_once_prefixes())
        try:
            cc.compile()
        finally:
            jit.CACHE = cached
            restore()
    return exports


def _once_prefixes() -> list[str]:
    """The mangled-name prefixes of the functions of every loaded package module that sets
    :data:`ONCE` true: numba names ``puzzlefmt.sudoku._kernels.rate.next_step``
    ``_ZN9puzzlefmt6sudoku8_kernels4rate9next_step...`` (Itanium style; a module's name,
    an identifier, has no character to escape)."""
    return ["_ZN" + "".join(f"{len(part)}{part}" for part in name.split("."))
            for name, module in sorted(sys.modules.items())
            if name.startswith("puzzlefmt.") and getattr(module, ONCE, False) is True]


def _optimize_once(prefixes: Sequence[str]) -> Callable[[], None]:
    """Until the returned function is called, numba optimizes the module of a function
    compiled on the way (a callee's library) only when the function is not one of
    ``prefixes``; the extension's own module is optimized as always, with every callee
    linked in. A numba without the method this replaces builds as before."""
    from numba.core import codegen  # noqa: PLC0415 - the build runs with numba

    library: Any = getattr(codegen, "CPUCodeLibrary", None)
    original = getattr(library, "_optimize_final_module", None)
    if not prefixes or original is None:
        return lambda: None
    final: Any = codegen.AOTCodeLibrary
    llvm: Any = getattr(codegen, "ll")  # noqa: B009 - llvmlite's binding, as numba has it
    external = llvm.Linkage.external
    marked = tuple(prefixes)

    def optimize(self: Any) -> None:
        if not isinstance(self, final) and any(
                f.name.startswith(marked) for f in self._final_module.functions
                if not f.is_declaration and f.linkage == external):
            return  # optimized in the extension's module, with its callers
        original(self)

    library._optimize_final_module = optimize
    return lambda: setattr(library, "_optimize_final_module", original)


def _current(folder: Path, modules: Sequence[str], cpu: str) -> Path | None:
    """The extension in ``folder`` when it was built from these sources, for this CPU (or
    the CPU named), with the kernels of ``modules``; else ``None``."""
    found = _extension(folder)
    stamp = _read_stamp(folder)
    if found is None or not isinstance(stamp, dict) or stamp.get("format") != _FORMAT:
        return None
    parts = stamp.get("parts")
    if not isinstance(parts, list) or any(_extension(folder, str(p)) is None for p in parts):
        return None
    try:
        files = {os.path.relpath(p, _PACKAGE): _digest(p) for p in _sources(modules)}
    except OSError:
        return None
    target = cpu_fingerprint() if cpu == "host" else _named_target(cpu)
    if (stamp.get("cpu") != target or stamp.get("files") != files
            or sorted(stamp.get("exports", {})) != sorted(_keys(modules))):
        return None
    return found


def built_files(folder: str | os.PathLike[str]) -> list[Path]:
    """The files of the build in ``folder``: the stamp, then each part's extension module
    (what a wheel carries)."""
    where = Path(folder)
    stamp = _read_stamp(where)
    parts = stamp.get("parts", []) if isinstance(stamp, dict) else []
    found = [_extension(where, str(part)) for part in parts]
    return [where / STAMP, *(p for p in found if p is not None)]


def _keys(modules: Sequence[str]) -> list[str]:
    """The kernels of ``modules`` declared for the extension (the modules imported)."""
    for name in modules:
        importlib.import_module(name)
    return [key_of(k) for k in _declared if k.py_func.__module__ in modules]


def _main(argv: Sequence[str]) -> int:
    """``python -m puzzlefmt._aot [-j JOBS] [--cache] OUT_DIR [MODULE...]``: build the
    extension (of every kernel module, or of those named; ``-j``: processes at once;
    ``--cache``: keep the callees in numba's cache, as the install does) and say how many
    kernels it holds. ``--part NAME --cpu CPU [--cache] OUT_DIR MODULE...`` (a build's own
    processes): compile one part and print its exports as JSON."""
    args = list(argv)
    options: dict[str, str] = {}
    valued = {"-j", "--part", "--cpu"}
    while args and (args[0] == "--cache" or (args[0] in valued and len(args) > 1)):
        if args[0] == "--cache":
            options["--cache"] = ""
            del args[:1]
            continue
        options[args[0]] = args[1]
        del args[:2]
    usage = "usage: python -m puzzlefmt._aot [-j JOBS] [--cache] OUT_DIR [MODULE...]\n"
    if args and args[0] in {"-h", "--help"}:
        sys.stdout.write(usage)
        return 0
    if not args or args[0].startswith("-"):  # no folder, or an option unknown or unfinished
        why = "needs a value" if args and args[0] in valued else "unknown"
        sys.stderr.write(f"{args[0]}: {why}\n{usage}" if args else usage)
        return 2
    if "--part" in options:
        out = Path(args[0]).resolve()
        exports = _compile(out, args[1:], options["--part"], options.get("--cpu", "host"),
                           verbose=False, cache="--cache" in options)
        sys.stdout.write(json.dumps(exports) + "\n")
        return 0
    path = build(args[0], list(args[1:]) or None, jobs=int(options.get("-j", "1")),
                 cache="--cache" in options)
    count = len(_read_stamp(path.parent).get("exports", {}))
    sys.stdout.write(f"built {path} ({counted(count, 'kernel')})\n")
    return 0


if __name__ == "__main__":
    # Run as a script this file is ``__main__``, a second copy of the module whose list of
    # declared kernels stays empty (the kernels declare themselves to puzzlefmt._aot): the
    # build runs in the package's own module.
    raise SystemExit(importlib.import_module("puzzlefmt._aot")._main(sys.argv[1:]))
