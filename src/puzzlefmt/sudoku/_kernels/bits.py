"""Bit counting for the Sudoku kernels: one machine instruction each under numba.

:func:`ctz` (index of the lowest set bit) and :func:`popcount` (number of set bits) are plain
Python functions, which is what runs with ``NUMBA_DISABLE_JIT=1`` or without numba. When numba
is installed, each also has a compiled implementation (``numba.extending.overload``) that
kernels get instead: LLVM's ``cttz`` and ``ctpop``, which become ``tzcnt`` and ``popcnt``
where the processor has them. Beyond the instruction, LLVM then knows the result's range, so
an array index made from it needs no check for a negative value.
"""

from __future__ import annotations

from typing import Any

from puzzlefmt._jit import with_numba

__all__ = ["ctz", "popcount"]


def ctz(x: int) -> int:
    """Index of the lowest set bit of a positive word (a Python or numpy integer)."""
    x = int(x)
    return (x & -x).bit_length() - 1


def popcount(x: int) -> int:
    """Set bits of a non-negative word (a Python or numpy integer)."""
    return int(x).bit_count()


def _register() -> None:
    try:
        from numba.core import types  # noqa: PLC0415 - compiled versions only where numba is
        from numba.extending import intrinsic, overload  # noqa: PLC0415
    except ImportError:  # pragma: no cover - without numba the Python versions run
        return

    def cttz_typing(typingctx: Any, x: Any) -> Any:
        if not isinstance(x, types.Integer):
            return None

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            # A zero argument gives the word's width (not poison): tzcnt does that anyway.
            return builder.cttz(args[0], context.get_constant(types.boolean, False))

        return x(x), codegen

    def ctpop_typing(typingctx: Any, x: Any) -> Any:
        if not isinstance(x, types.Integer):
            return None

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return x(x), codegen

    cttz: Any = intrinsic(cttz_typing)
    ctpop: Any = intrinsic(ctpop_typing)

    def ctz_compiled(x: Any) -> Any:
        if not isinstance(x, types.Integer):
            return None

        def impl(x: Any) -> Any:  # the typing function's signature, annotations too
            return cttz(x)

        return impl

    def popcount_compiled(x: Any) -> Any:
        if not isinstance(x, types.Integer):
            return None

        def impl(x: Any) -> Any:  # the typing function's signature, annotations too
            return ctpop(x)

        return impl

    overload(ctz)(ctz_compiled)
    overload(popcount)(popcount_compiled)


# Registered when the kernel loader imports numba: importing this module stays cheap.
with_numba(_register)
