"""The kernel loader: numba, imported only when a kernel is first compiled, with its cache.

Kernels are written as plain Python functions decorated with :func:`njit`. Decorating costs
nothing: numba is imported, and the kernel's dispatcher made, on the first compiled call of a
kernel in the process (a kernel module can be imported without numba). The first compiled
call compiles the kernel (seconds) and caches the machine code next to the module, or where
numba falls back to when that folder is not writable (the user's cache folder), or in
``NUMBA_CACHE_DIR``; later processes, and ``--jobs`` workers, load it in well under a
second. Before a compiled call that finds nothing in the cache, one line on stderr says that
compiling happens now (a first use takes seconds, never in silence). With
``NUMBA_DISABLE_JIT=1`` the same functions run as ordinary Python, slowly, for debugging.

Small batches need not pay for numba at all: inside :func:`tier` (for batches of at most
``small`` records, when the caller has :func:`allowed` it, as the command line does, and
until the process has spent :data:`BUDGET` seconds so) the kernels run as plain Python, the
same code with the same results, a few milliseconds a record; a one-line ``puzzlefmt solve``
then never imports numba.

Kernels declared with :func:`aot` are also compiled when the package is installed, into an
extension module that loads without numba (:mod:`puzzlefmt._aot`); while it is present and
current, a call with the declared argument types runs that code, and :func:`tier` does not
interpret.

numba is an optional dependency (``pip install "puzzlefmt[fast]"``): without it the kernels
run as ordinary Python too, with the same results, one to two orders of magnitude slower, and
a :class:`SlowKernelWarning` says so once per process.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast, overload

from puzzlefmt import _aot

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["BUDGET", "CACHE", "Kernel", "SlowKernelWarning", "allowed", "aot", "interpreted",
           "njit", "notice_if_cold", "tier", "with_numba"]

#: Whether kernels compiled just in time keep their machine code in numba's on-disk cache.
#: The ahead-of-time build (:func:`puzzlefmt._aot.build`) turns it off: numba keys a cached
#: kernel on its own module's file only, so a kernel whose callee in another module changed
#: would come back from the cache with the old callee compiled in.
CACHE = True

#: Seconds of plain-Python kernel runs a process may spend (in :func:`tier`) before it loads
#: numba instead: loading the compiled kernels from a warm cache costs about this much.
BUDGET = 0.5


class SlowKernelWarning(UserWarning):
    """numba is not installed: kernels run as plain Python."""


class _State(threading.local):
    interpreted = False  # this thread runs kernels as plain Python (inside tier())
    allowed = False  # tier() may run small batches as plain Python (inside allowed())


_state = _State()
_warned = False
_noticed = False
_what = "kernels"
_spent = 0.0  # seconds spent in plain-Python runs under tier()
_compiled = False  # some kernel has been compiled or loaded in this process
_numba: Any = None  # the numba module once imported; False when it is not installed
_on_numba: list[Callable[[], None]] = []  # run when numba is imported (with_numba)


def _load_numba() -> Any:
    """numba, imported once (``False`` when it is not installed: one warning then)."""
    global _numba, _warned  # noqa: PLW0603 - one import, one warning per process
    if _numba is None:
        try:
            import numba  # noqa: PLC0415 - the kernel loader: numba loads only to compile
        except ImportError:
            _numba = False
        else:
            _numba = numba
            for func in _on_numba:
                func()
    if _numba is False and not _warned:
        _warned = True
        warnings.warn(
            'numba is not installed, so kernels run as plain Python (slow); '
            'pip install "puzzlefmt[fast]" compiles them',
            SlowKernelWarning,
            stacklevel=5,  # the call of the kernel (through __call__ and its loader)
        )
    return _numba


class Kernel:
    """A kernel: a plain Python function, compiled by numba on its first compiled call.

    Called from Python it runs compiled (loading numba and the cached machine code, or
    compiling, the first time), or as plain Python inside :func:`tier`. Its public
    attributes besides (``stats``, ``signatures``, ...) are the numba dispatcher's; numba
    types a Kernel met in another kernel's globals as that dispatcher.
    """

    def __init__(self, func: Callable[..., Any]) -> None:
        functools.update_wrapper(self, func)
        self.py_func = func
        self.aot_signatures: tuple[str, ...] = ()  # set by aot()
        self.inline = False  # set by njit(inline=True)
        self._dispatcher: Any = None
        self._warm = False  # its cache was looked at (and the notice given when cold)
        self._ahead: Any = None  # its ahead-of-time entry points (or False), once looked up

    def dispatcher(self) -> Any:
        """numba's dispatcher for this kernel (made on first use), or the plain function
        without numba or with ``NUMBA_DISABLE_JIT=1``."""
        if self._dispatcher is None:
            numba = _load_numba()
            if numba is False:
                self._dispatcher = self.py_func
            else:
                options = {"inline": "always"} if self.inline else {}
                made = numba.njit(cache=CACHE, nogil=True, **options)(self.py_func)
                # NUMBA_DISABLE_JIT=1: numba gives the function back.
                self._dispatcher = made if made is self.py_func else _one_type_per_argument(made)
        return self._dispatcher

    @property
    def _numba_type_(self) -> Any:
        """What numba's ``typeof`` gives: the dispatcher's type."""
        return self.dispatcher()._numba_type_

    def __call__(self, *args: Any) -> Any:
        if self._ahead is None:
            self._ahead = _ahead_of_time(self)
        if self._ahead:
            for func, guard in self._ahead:
                checked = guard(args)
                if checked is not None:
                    return func(*checked)
        if _state.interpreted:
            return self.py_func(*args)
        if not self._warm:
            self._first_compiled_call()
        return self._dispatcher(*args)

    def forget_ahead(self) -> None:
        """Look for its ahead-of-time entry points again on the next call."""
        self._ahead = None

    def _first_compiled_call(self) -> None:
        global _compiled  # noqa: PLW0603 - once numba is in, tier() stops interpreting
        dispatcher = self.dispatcher()
        _compiled = True
        if dispatcher is not self.py_func and not _cached(dispatcher):
            _notice()
        self._warm = True

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # probes (inspect, pickle, pytest) never load numba
            raise AttributeError(name)
        return getattr(self.dispatcher(), name)

    def __repr__(self) -> str:
        return f"<kernel {self.py_func.__module__}.{self.py_func.__qualname__}>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by name, as a function is (a worker finds its own module's kernel)."""
        return _kernel_named, (self.py_func.__module__, self.py_func.__qualname__)


def _ahead_of_time(kernel: Kernel) -> Any:
    """The kernel's entry points in the ahead-of-time extension (:mod:`puzzlefmt._aot`), or
    ``False`` when it has none, the extension is absent or stale, or numba is disabled."""
    if not kernel.aot_signatures:
        return False
    return _aot.lookup(_aot.key_of(kernel)) or False


def aot(*signatures: str) -> Callable[[F], F]:
    """Declare a kernel (above :func:`njit`) for the ahead-of-time extension with numba
    signatures (``"void(uint8[:, ::1], int64)"``): installing the package compiles it for
    those argument types, and a call with them runs that code without loading numba."""

    def declare(kernel: F) -> F:
        if not isinstance(kernel, Kernel):
            raise TypeError("aot() goes above @njit")
        kernel.aot_signatures = signatures
        _aot.declare(kernel)
        return kernel

    return declare


def _kernel_named(module: str, qualname: str) -> Any:
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def _one_type_per_argument(dispatcher: Any) -> Any:
    """A kernel called by another with a constant (``propagate(st, ALL)``, ``f(x, 0)``)
    compiles for the constant's plain type, not once more for that one value: numba would
    otherwise make a specialisation per literal value, each a full compile (measured: a
    tenth of the Keen solver's first-use time). The call is the same; only the compile
    differs."""
    from numba.core import types  # noqa: PLC0415 - numba is loaded by now

    template = dispatcher.get_call_template
    unliteral: Callable[[Any], Any] = types.unliteral

    def get_call_template(args: tuple[Any, ...], kws: dict[str, Any]) -> Any:
        return template(tuple(unliteral(a) for a in args),
                        {k: unliteral(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


def with_numba(func: Callable[[], None]) -> None:
    """Run ``func`` when this loader imports numba (now if it has): for a module that
    registers numba extensions (``numba.extending.overload`` of a helper its kernels call)
    without importing numba itself, so that importing it stays cheap. Not run without
    numba."""
    if _numba is None:
        _on_numba.append(func)
    elif _numba is not False:
        func()


@overload
def njit(func: F) -> F: ...


@overload
def njit(*, inline: bool = False) -> Callable[[F], F]: ...


def njit(func: F | None = None, *, inline: bool = False) -> F | Callable[[F], F]:
    """A kernel: ``func`` compiled with numba in nopython mode on first use, cached on disk
    (plain Python without numba). ``@njit(inline=True)``: a small helper that numba writes
    into each kernel that calls it (``inline="always"``) instead of calling it, which saves
    the call (worth it in a hot loop for a helper of scalars; the callers take longer to
    compile). It saves no reference counts: numba counts an inlined helper's arrays at
    every use as it counts a plain function's at every call (the Keen grader's layout
    test, inlined and handed four arrays once per layout, cost more than the test)."""

    def make(f: F) -> F:
        kernel = Kernel(f)
        kernel.inline = inline
        return cast("F", kernel)

    return make if func is None else make(func)


def _cached(dispatcher: Any) -> bool:
    """Whether numba's on-disk cache holds an index for this kernel (any signature)."""
    try:
        path = dispatcher._cache._cache_file._index_path
    except AttributeError:  # pragma: no cover - another numba layout: assume warm
        return True
    return bool(os.path.exists(path))


def _notice() -> None:
    global _noticed  # noqa: PLW0603 - once per process
    if _noticed or os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return
    _noticed = True
    sys.stderr.write(f"puzzlefmt: compiling {_what} (once; later runs load them from "
                     "the cache)\n")
    sys.stderr.flush()


def notice_if_cold(what: str = "kernels") -> None:
    """Name what the next kernels are (``"the Sudoku solver"``) for the notice: before the
    first compiled call of a kernel that is not in the cache yet, one line on stderr says
    that compiling happens now, once per process."""
    global _what  # noqa: PLW0603 - the label of the next notice
    _what = what


@contextmanager
def allowed() -> Iterator[None]:
    """Inside: :func:`tier` may run small batches as plain Python (the command line's
    choice; a library call always runs compiled)."""
    before = _state.allowed
    _state.allowed = True
    try:
        yield
    finally:
        _state.allowed = before


@contextmanager
def tier(n: int, small: int = 8) -> Iterator[None]:
    """Run the kernels called inside as plain Python when the batch is small (``n <=
    small``), :func:`allowed`, numba not loaded yet, the process's :data:`BUDGET` not
    spent and no ahead-of-time extension in use (:mod:`puzzlefmt._aot`: its kernels start
    at once); compiled otherwise."""
    global _spent  # noqa: PLW0603 - the process's budget of plain-Python runs
    if (not _state.allowed or _state.interpreted or _compiled or n > small
            or _spent >= BUDGET or _aot.in_use()):
        yield
        return
    _state.interpreted = True
    start = time.perf_counter()
    try:
        yield
    finally:
        _state.interpreted = False
        _spent += time.perf_counter() - start


def interpreted() -> bool:
    """Whether kernels run as plain Python here: inside :func:`tier`, with
    ``NUMBA_DISABLE_JIT=1``, or without numba and without the ahead-of-time extension (a
    caller that bounds its work by time takes smaller steps then)."""
    if _state.interpreted or os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return True
    return _without_numba() and not _aot.in_use()


def _without_numba() -> bool:
    """numba is not installed (looked up once, without importing it)."""
    global _numba  # noqa: PLW0603 - the loader's own record of numba
    if _numba is None and importlib.util.find_spec("numba") is None:
        _numba = False
    return _numba is False
