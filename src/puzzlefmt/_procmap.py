"""An ordered map over worker processes that Ctrl-C stops at once.

``multiprocessing.Pool`` feeds its workers from a helper thread. When the parent is
interrupted, ``Pool.terminate()`` kills the workers and then joins that thread; a thread
caught in the middle of sending a large chunk (more than a pipe holds) waits forever for a
reader that is gone, and the command hangs (seen with ``solve --jobs 2`` on Ctrl-C).

Here the parent's own thread does everything: each worker has one pipe and at most one chunk
in hand, the parent sends a chunk only to a worker waiting for one, waits for answers with
:func:`multiprocessing.connection.wait`, and yields results in input order. Nothing can
block on a dead worker: on any exception (``KeyboardInterrupt`` included) or an early close
the workers are killed and reaped, and the exception goes on.

Workers ignore SIGINT (a terminal's Ctrl-C reaches the whole process group; stopping them is
the parent's job). SIGINT is blocked in the parent while they start, so that none of them
can be hit by one before it ignores it; a Ctrl-C in that moment reaches the parent as soon
as they are started.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection
from typing import Any, TypeVar

__all__ = ["WorkerError", "ordered_map"]

T = TypeVar("T")
R = TypeVar("R")

_MASKS = hasattr(signal, "pthread_sigmask")  # POSIX; elsewhere workers start unmasked
_STOP_WAIT = 5.0  # seconds a finished worker gets to exit before it is killed


class WorkerError(RuntimeError):
    """A worker process stopped without an answer (killed, out of memory...)."""


def _worker(conn: Connection, work: Callable[[Any], Any], inherited: list[Connection]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _MASKS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    # A forked worker holds copies of the parent's ends of the pipes: close them, so that
    # every worker sees the end of its pipe when the parent is gone.
    for other in inherited:
        other.close()
    with contextlib.suppress(AttributeError, ValueError, OSError):
        sys.stdin.close()
    while True:
        try:
            item = conn.recv()
        except (EOFError, OSError):  # the parent is gone
            return
        if item is None:
            return
        try:
            answer: tuple[bool, Any] = (True, work(item))
        except Exception as exc:  # the parent raises it again
            answer = (False, exc)
        try:
            try:
                conn.send(answer)
            except (OSError, EOFError):
                raise
            except Exception as exc:  # a result or an exception that does not pickle
                what = exc if answer[0] else answer[1]
                conn.send((False, RuntimeError(f"{type(what).__name__}: {what}")))
        except (OSError, EOFError):
            return


class _Worker:
    def __init__(self, context: Any, work: Callable[[Any], Any],
                 others: list[Connection]) -> None:
        parent, child = context.Pipe()
        inherited = [*others, parent] if context.get_start_method() == "fork" else []
        self.process = context.Process(target=_worker, args=(child, work, inherited),
                                       name="puzzlefmt-worker", daemon=True)
        self.process.start()
        child.close()
        self.conn: Connection = parent

    def stop(self, wait: float) -> None:
        if wait > 0:
            with contextlib.suppress(OSError, ValueError):
                self.conn.send(None)
            self.process.join(wait)
        if self.process.exitcode is None:
            self.process.kill()
            self.process.join()
        self.conn.close()
        with contextlib.suppress(ValueError):
            self.process.close()


def _start(jobs: int, work: Callable[[Any], Any]) -> list[_Worker]:
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    workers: list[_Worker] = []
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if _MASKS else None
    try:
        for _ in range(jobs):
            workers.append(_Worker(context, work, [w.conn for w in workers]))
    except BaseException:
        for w in workers:
            w.stop(0)
        raise
    finally:
        if old is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
    return workers


def ordered_map(work: Callable[[T], R], items: Iterable[T], jobs: int) -> Iterator[R]:
    """``work(item)`` for every item, computed by ``jobs`` worker processes, in input order.

    At most ``2 * jobs`` results wait (or are worked on) ahead of the one the caller is
    waiting for, so memory stays flat. An exception raised by ``work`` is raised here again.
    Closing the iterator early, or any exception, kills the workers.
    """
    source = iter(items)
    workers = _start(jobs, work)
    clean = False
    try:
        idle = list(reversed(workers))
        busy: dict[Connection, tuple[_Worker, int]] = {}
        done: dict[int, tuple[bool, Any]] = {}  # index -> (ok, result or exception)
        sent = 0  # items handed out so far
        given = 0  # results yielded so far
        more = True
        window = 2 * jobs
        while True:
            while more and idle and sent - given < window:
                try:
                    item = next(source)
                except StopIteration:
                    more = False
                    break
                worker = idle.pop()
                try:
                    worker.conn.send(item)
                except OSError:
                    raise WorkerError(_stopped(worker)) from None
                busy[worker.conn] = (worker, sent)
                sent += 1
            if given in done:
                ok, value = done.pop(given)
                if not ok:  # raised in its turn: the results before it are yielded first
                    raise value
                yield value
                given += 1
                continue
            if not busy:
                break
            for conn in multiprocessing.connection.wait(list(busy)):
                assert isinstance(conn, Connection)
                worker, index = busy.pop(conn)
                try:
                    ok, value = conn.recv()
                except (EOFError, OSError):
                    raise WorkerError(_stopped(worker)) from None
                done[index] = (ok, value)
                idle.append(worker)
        clean = True
    finally:
        for w in workers:
            w.stop(_STOP_WAIT if clean else 0)


def _stopped(worker: _Worker) -> str:
    worker.process.join(1)
    code = worker.process.exitcode
    how = "" if code is None else (f" (signal {-code})" if code < 0 else f" (exit code {code})")
    return f"a worker process stopped without an answer{how}"
