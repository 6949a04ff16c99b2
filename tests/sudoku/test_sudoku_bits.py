"""The kernels' bit counting: the compiled versions (LLVM's cttz and ctpop) give what the
plain-Python versions give, and both what the definitions say."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlefmt import _jit
from puzzlefmt.sudoku._kernels.bits import ctz, popcount

numba = pytest.importorskip("numba", reason="the compiled versions need numba")
# The compiled versions are registered when the kernel loader imports numba (_bits registers
# them through puzzlefmt._jit.with_numba, so that importing the kernels stays cheap).
_jit._load_numba()


@numba.njit
def _compiled(x: int) -> tuple[int, int]:
    return ctz(x), popcount(x)


@given(st.integers(min_value=1, max_value=2**63 - 1))
def test_compiled_and_plain_agree_with_the_definitions(x: int) -> None:
    low = next(i for i in range(64) if x >> i & 1)
    ones = sum(x >> i & 1 for i in range(64))
    assert ctz(x) == low
    assert popcount(x) == ones
    assert ctz(np.int64(x)) == low  # numpy integers, as kernels hold them without the JIT
    assert popcount(np.int64(x)) == ones
    assert _compiled(np.int64(x)) == (low, ones)

