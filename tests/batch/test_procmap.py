"""The ordered process map behind ``--jobs``: order kept whatever finishes first, a worker's
exception raised in the parent, workers gone when the caller stops early."""

from __future__ import annotations

import os
import time

import pytest

from puzzlefmt._procmap import WorkerError, ordered_map


def _slow_first(n: int) -> tuple[int, int]:
    if n % 4 == 0:
        time.sleep(0.05)  # the others finish first
    return n, os.getpid()


def _fails_at_5(n: int) -> int:
    if n == 5:
        raise ValueError("five")
    return n


def _dies_at_3(n: int) -> int:
    if n == 3:
        os._exit(7)
    return n


def test_results_come_in_input_order_from_several_workers() -> None:
    got = list(ordered_map(_slow_first, range(40), 3))
    assert [n for n, _ in got] == list(range(40))
    assert len({pid for _, pid in got}) > 1
    assert os.getpid() not in {pid for _, pid in got}


def test_a_workers_exception_is_raised_in_the_parent() -> None:
    seen: list[int] = []
    with pytest.raises(ValueError, match="five"):
        seen.extend(ordered_map(_fails_at_5, range(20), 2))
    assert seen == [0, 1, 2, 3, 4]  # the results before it, in order
    it = ordered_map(_fails_at_5, range(20), 2)
    assert [next(it) for _ in range(5)] == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError, match="five"):
        next(it)


def test_a_worker_that_dies_is_reported() -> None:
    with pytest.raises(WorkerError, match="exit code 7"):
        list(ordered_map(_dies_at_3, range(10), 2))


def test_closing_early_stops_the_workers() -> None:
    it = ordered_map(_slow_first, range(1000), 2)
    first = next(it)
    assert first[0] == 0
    pids = {first[1]}
    pids.add(next(it)[1])
    it.close()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)  # killed and reaped


def test_nothing_to_do() -> None:
    assert list(ordered_map(_slow_first, [], 2)) == []
