"""numba, imported only where a kernel is used, with the on-disk cache switched on.

Kernels are written as plain Python functions decorated with :func:`njit`. The first call
compiles them (several seconds) and caches the machine code next to the module (or in
``NUMBA_CACHE_DIR``), so that later processes, and ``--jobs`` workers, load it in well under a
second. With ``NUMBA_DISABLE_JIT=1`` the same functions run as ordinary Python, slowly, for
debugging.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["njit"]


def njit(func: F) -> F:
    """Compile ``func`` with numba in nopython mode, cached on disk."""
    import numba  # noqa: PLC0415 - the kernel loader: numba loads only where a kernel runs

    return cast("F", numba.njit(cache=True, nogil=True)(func))
