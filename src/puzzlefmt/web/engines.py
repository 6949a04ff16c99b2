"""Worker processes that run the engines (solve, canonical form, grade) under a time limit.

A solver call cannot be interrupted inside the process that runs it (the kernels are
compiled code), so each job goes to a worker process; when a job takes longer than the
limit, the server answers "gave up after N s", kills that worker and starts a fresh one. The
server itself never runs a solver, so it stays up and answers other requests meanwhile.

Workers are started with ``spawn`` (no copy of the server's threads) and load the compiled
kernels before taking their first job, so the limit measures solving, not loading.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import multiprocessing.connection
import signal
import threading
from typing import Any

from puzzlefmt.web import service
from puzzlefmt.web.service import ServiceError

__all__ = ["EnginePool", "GaveUpError"]


class GaveUpError(ServiceError):
    """A job that took longer than the time limit."""

    def __init__(self, seconds: float) -> None:
        shown = f"{seconds:g}"
        super().__init__("timeout", f"gave up after {shown} s", status=504, seconds=seconds)


def _worker_main(conn: multiprocessing.connection.Connection, warm: bool) -> None:
    """A worker's loop: warm up, say ready, then answer jobs until told to stop."""
    # Ctrl+C in a terminal reaches the whole process group: the server stops its workers
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    try:
        if warm:
            service.warm_up()
    except Exception as exc:  # a broken engine must not stop the worker from answering
        conn.send(("ready", f"warm-up failed: {type(exc).__name__}: {exc}"))
    else:
        conn.send(("ready", None))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        kind, payload = message
        try:
            conn.send(("ok", service.run_job(kind, payload)))
        except ServiceError as exc:
            conn.send(("error", (exc.kind, exc.message, exc.status, exc.details)))
        except Exception as exc:  # one bad job answers with an error; the worker goes on
            conn.send(("error", ("internal", f"{type(exc).__name__}: {exc}", 500, {})))


class _Worker:
    def __init__(self, context: Any, warm: bool) -> None:
        parent, child = context.Pipe()
        self.process = context.Process(
            target=_worker_main, args=(child, warm), name="puzzlefmt-engine", daemon=True
        )
        self.process.start()
        child.close()
        self.conn: multiprocessing.connection.Connection = parent
        self.failed = False
        self._ready = threading.Event()
        threading.Thread(target=self._await_ready, name="puzzlefmt-engine-start",
                         daemon=True).start()

    def _await_ready(self) -> None:
        try:
            self.conn.recv()  # the worker's "ready"
        except (EOFError, OSError):  # it died, or was stopped, while starting
            self.failed = True
        self._ready.set()

    @property
    def ready(self) -> bool:
        return self._ready.is_set() and not self.failed

    def wait_ready(self, timeout: float) -> bool:
        """Block until the worker has loaded its engines (at most ``timeout`` seconds)."""
        return self._ready.wait(timeout) and not self.failed

    def stop(self) -> None:
        with contextlib.suppress(OSError, ValueError):  # already gone
            self.conn.send(None)
        self.process.join(2)
        self.kill()

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
            self.process.join(5)
        self.conn.close()


class EnginePool:
    """``workers`` engine processes; :meth:`run` sends a job to an idle one and waits at most
    ``timeout`` seconds for the answer. ``warm``: load the kernels when a worker starts."""

    def __init__(self, *, workers: int = 2, timeout: float = 10.0, warm: bool = True,
                 startup_timeout: float = 300.0) -> None:
        if workers < 1:
            raise ValueError(f"workers must be 1 or more, not {workers}")
        self.workers = workers
        self.timeout = timeout
        self.warm = warm
        self.startup_timeout = startup_timeout
        self._context = multiprocessing.get_context("spawn")
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False

    def start(self) -> None:
        """Start the workers (call from the running event loop). The first one starts at
        once; the others when it is ready: the first start after installing compiles the
        kernels, and the others then load them from numba's cache instead of compiling
        them again side by side."""
        loop = asyncio.get_running_loop()
        self._idle = asyncio.Queue()
        first = self._spawn()
        self._idle.put_nowait(first)
        if self.workers > 1:
            threading.Thread(target=self._spawn_rest, args=(loop, first),
                             name="puzzlefmt-engine-pool", daemon=True).start()

    def _spawn_rest(self, loop: asyncio.AbstractEventLoop, first: _Worker) -> None:
        first.wait_ready(self.startup_timeout)
        for _ in range(self.workers - 1):
            if self._closed:
                return
            worker = self._spawn()
            idle = self._idle
            assert idle is not None
            try:
                loop.call_soon_threadsafe(idle.put_nowait, worker)
            except RuntimeError:  # the loop has closed: the server is stopping
                return

    def _spawn(self) -> _Worker:
        worker = _Worker(self._context, self.warm)
        with self._lock:
            self._all.append(worker)
        return worker

    def _replace(self, worker: _Worker) -> _Worker:
        worker.kill()
        with self._lock:
            self._all.remove(worker)
        return self._spawn()

    def close(self) -> None:
        """Stop every worker."""
        self._closed = True
        with self._lock:
            workers, self._all = self._all, []
        for worker in workers:
            worker.stop()

    def alive(self) -> int:
        """How many worker processes are running."""
        with self._lock:
            return sum(w.process.is_alive() for w in self._all)

    def ready(self) -> int:
        """How many worker processes have loaded their engines."""
        with self._lock:
            return sum(w.ready for w in self._all)

    async def run(self, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
        """Run one job; raise :class:`GaveUpError` past the time limit, or the job's
        :class:`ServiceError`."""
        if self._idle is None:
            raise RuntimeError("EnginePool.start() was not called")
        worker = await self._idle.get()
        try:
            if not await asyncio.to_thread(worker.wait_ready, self.startup_timeout):
                worker = self._replace(worker)
                raise ServiceError("unavailable", "the solver process did not start in "
                                   f"{self.startup_timeout:g} s", status=503)
            worker.conn.send((kind, payload))
            done = await asyncio.to_thread(worker.conn.poll, self.timeout)
            if not done:
                worker = self._replace(worker)
                raise GaveUpError(self.timeout)
            status, value = worker.conn.recv()
        except (EOFError, OSError):  # the worker died (out of memory, killed...)
            worker = self._replace(worker)
            raise ServiceError("internal", "the solver process stopped; try again",
                               status=500) from None
        finally:
            self._idle.put_nowait(worker)
        if status == "ok":
            result: dict[str, Any] = value
            return result
        kind_, message, code, details = value
        raise ServiceError(kind_, message, status=code, **details)
