"""The kernel loader: numba, imported only where a kernel is defined, with its on-disk cache.

Kernels are written as plain Python functions decorated with :func:`njit`. The first call
compiles them (seconds) and caches the machine code next to the module (or in
``NUMBA_CACHE_DIR``), so that later processes, and ``--jobs`` workers, load it in well under a
second. With ``NUMBA_DISABLE_JIT=1`` the same functions run as ordinary Python, slowly, for
debugging.

numba is an optional dependency (``pip install "puzzlefmt[fast]"``): without it the kernels
run as ordinary Python too, with the same results, one to two orders of magnitude slower, and
a :class:`SlowKernelWarning` says so once per process.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["SlowKernelWarning", "njit", "notice_if_cold"]


class SlowKernelWarning(UserWarning):
    """numba is not installed: kernels run as plain Python."""


_warned = False
_kernels: list[Any] = []  # every compiled dispatcher, to tell a cold cache
_noticed = False


def njit(func: F) -> F:
    """Compile ``func`` with numba in nopython mode, cached on disk (plain Python without
    numba)."""
    global _warned  # noqa: PLW0603 - one warning per process
    try:
        import numba  # noqa: PLC0415 - the kernel loader: numba loads only where a kernel runs
    except ImportError:
        if not _warned:
            _warned = True
            warnings.warn(
                'numba is not installed, so kernels run as plain Python (slow); '
                'pip install "puzzlefmt[fast]" compiles them',
                SlowKernelWarning,
                stacklevel=2,
            )
        return func
    dispatcher = numba.njit(cache=True, nogil=True)(func)
    _kernels.append(dispatcher)
    return cast("F", dispatcher)


def _cached(dispatcher: Any) -> bool:
    """Whether numba's on-disk cache holds an index for this kernel (any signature)."""
    try:
        path = dispatcher._cache._cache_file._index_path
    except AttributeError:  # pragma: no cover - another numba layout: assume warm
        return True
    return bool(os.path.exists(path))


def notice_if_cold(what: str = "kernels") -> None:
    """Before the first kernel call of a process: if some kernel is not in the cache yet,
    say on stderr that compiling happens now, once (a first use takes seconds, never in
    silence)."""
    global _noticed  # noqa: PLW0603 - once per process
    if _noticed:
        return
    _noticed = True
    if os.environ.get("NUMBA_DISABLE_JIT") == "1" or not _kernels:
        return
    if not all(_cached(d) for d in _kernels):
        sys.stderr.write(f"puzzlefmt: compiling {what} (once; later runs load them from "
                         "the cache)\n")
        sys.stderr.flush()
