"""Constants and helpers shared by the web tests (importable as ``webtools``)."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[2]
# examples/README.md says where the examples come from: it is not one (survey skips it too)
EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*") if p.is_file() and p.suffix != ".md")
ARTIFACTS = ROOT / "test-artifacts" / "web"

#: The request size limit of the test application (small, so that 413 is cheap to reach).
MAX_BYTES = 64 * 1024

SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def example_id(path: Path) -> str:
    return path.relative_to(ROOT / "examples").as_posix()


def _pump(stream: IO[str], put: Callable[[str], object]) -> None:
    for line in stream:
        put(line)


class Server:
    """``puzzlefmt serve`` in a child process on 127.0.0.1 and a free port (``--port 0``);
    :meth:`stop` interrupts it as Ctrl+C would. Waits at most ``startup`` seconds for it."""

    def __init__(self, *args: str, startup: float = 90.0) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "puzzlefmt", "serve", "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )
        assert self.process.stdout is not None
        assert self.process.stderr is not None
        self.stderr: list[str] = []
        lines: queue.Queue[str] = queue.Queue()
        self._pumps = [
            threading.Thread(target=_pump, args=(self.process.stdout, lines.put), daemon=True),
            threading.Thread(target=_pump, args=(self.process.stderr, self.stderr.append),
                             daemon=True),
        ]
        for pump in self._pumps:
            pump.start()
        try:
            first = lines.get(timeout=startup)
        except queue.Empty:
            self.stop()
            raise RuntimeError(f"puzzlefmt serve printed nothing: {self.stderr}") from None
        prefix = "puzzlefmt: serving on "
        assert first.startswith(prefix), first
        self.url = first[len(prefix):].split()[0]
        self._wait_healthy(time.monotonic() + startup)

    def _wait_healthy(self, deadline: float) -> None:
        while True:
            try:
                with urllib.request.urlopen(self.url + "api/health", timeout=5) as answer:
                    if json.load(answer)["ok"]:
                        return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise RuntimeError(
                        f"puzzlefmt serve did not answer: {''.join(self.stderr)}") from None
                time.sleep(0.1)

    def stop(self) -> int:
        """Interrupt the server (as Ctrl+C does); its exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        for pump in self._pumps:  # they end at the end of the output
            pump.join(10)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
        return int(self.process.returncode)
