"""Load test of ``puzzlefmt serve`` on loopback: REQUESTS requests from CLIENTS concurrent
clients; every one answered, none lost; latency percentiles printed.

::

    python benchmarks/bench_serve.py                  # starts its own server on a free port
    python benchmarks/bench_serve.py --requests 200 --clients 20
    python benchmarks/bench_serve.py --url http://127.0.0.1:8000/   # a server already running

The requests cycle through the bundled examples (``examples/``) and the page's actions: detect,
read (with the picture), convert, solve. Bounded: each request waits at most ``--timeout``
seconds; past ``--deadline`` the clients send nothing more (what is left counts as lost).
Only the standard library is used on the client side. Exit code 1 when a request was lost
(no answer) or failed (not 200).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _jobs() -> tuple[list[tuple[str, dict[str, Any]]], int]:
    """The request mix: every example, each action it has; and how many examples."""
    sys.path.insert(0, str(ROOT / "src"))
    import puzzlefmt

    jobs: list[tuple[str, dict[str, Any]]] = []
    files = sorted(p for p in (ROOT / "examples").rglob("*") if p.is_file())
    for path in files:
        text = path.read_text(encoding="utf-8")
        fmt = puzzlefmt.detect(text)[0].format
        family = puzzlefmt.get_format(fmt).family
        target = {"sudoku": "line", "keen": "keen-json", "cgp": "cgp-json"}[family]
        jobs.append(("detect", {"text": text}))
        jobs.append(("read", {"text": text, "format": fmt}))
        jobs.append(("convert", {"text": text, "format": fmt, "to": target}))
        if family in ("sudoku", "keen"):
            jobs.append(("solve", {"text": text, "format": fmt}))
    return jobs, len(files)


def _post(url: str, path: str, body: dict[str, Any], timeout: float) -> tuple[int, float]:
    data = json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url + "api/" + path, data=data, method="POST",
                                     headers={"Content-Type": "application/json"})
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    return status, time.perf_counter() - start


def _start_server(solvers: int) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "puzzlefmt", "serve", "--port", "0", "--solvers", str(solvers)],
        stdout=subprocess.PIPE, text=True, env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    prefix = "puzzlefmt: serving on "
    if not line.startswith(prefix):
        proc.kill()
        raise SystemExit(f"puzzlefmt serve did not start: {line!r}")
    url = line[len(prefix):].split()[0]
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(url + "api/health", timeout=5):
                return proc, url
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                raise SystemExit("puzzlefmt serve did not answer in 120 s") from None
            time.sleep(0.1)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--url", help="a running server (default: start one on a free port)")
    parser.add_argument("--solvers", type=int, default=2,
                        help="solver processes of the server it starts (default: 2)")
    parser.add_argument("--timeout", type=float, default=30.0, help="per request, seconds")
    parser.add_argument("--deadline", type=float, default=300.0, help="whole run, seconds")
    args = parser.parse_args(argv)

    jobs, files = _jobs()
    proc = None
    url = args.url
    if url is None:
        proc, url = _start_server(args.solvers)
    url = url if url.endswith("/") else url + "/"
    try:
        # warm-up, not counted: every solver process has loaded its kernels, and one request
        # of each kind has been answered
        deadline = time.monotonic() + 120
        while True:
            with urllib.request.urlopen(url + "api/health", timeout=args.timeout) as answer:
                health = json.load(answer)
            wanted = args.solvers if proc is not None else health["solvers"]
            if health["ready"] >= wanted or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        for kind in ("detect", "read", "convert", "solve"):
            path, body = next(j for j in jobs if j[0] == kind)
            _post(url, path, body, args.timeout)

        results: list[tuple[str, int, float]] = []
        lost: list[str] = []
        lock = threading.Lock()
        per_client = [list(range(c, args.requests, args.clients)) for c in range(args.clients)]

        stop = threading.Event()

        def client(numbers: list[int]) -> None:
            for n in numbers:
                if stop.is_set():  # past the deadline: the rest count as lost
                    with lock:
                        lost.append("not sent: past the deadline")
                    continue
                path, body = jobs[n % len(jobs)]
                try:
                    status, seconds = _post(url, path, body, args.timeout)
                except OSError as exc:  # no answer: refused, reset, timed out
                    with lock:
                        lost.append(f"{path}: {exc}")
                    continue
                with lock:
                    results.append((path, status, seconds))

        start = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.clients) as pool:
            futures = [pool.submit(client, numbers) for numbers in per_client]
            _, pending = wait(futures, timeout=args.deadline)
            stop.set()  # clients finish the request they are in (each has its timeout)
        wall = time.perf_counter() - start
        if pending:
            lost.append(f"{len(pending)} clients still running after {args.deadline:g} s")
    finally:
        if proc is not None:
            proc.send_signal(2)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()

    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores; "
          f"server {'started by this script' if proc else url}")
    print("command: python benchmarks/bench_serve.py " + " ".join(argv or sys.argv[1:]))
    print(f"mix: detect, read, convert, solve over the {files} files of examples/ "
          f"({len(jobs)} distinct requests, cycled)")
    print()
    ok = [r for r in results if r[1] == 200]
    failed = [r for r in results if r[1] != 200]
    print(f"{'endpoint':<10} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for path in ("detect", "read", "convert", "solve", "all"):
        times = [s for p, _, s in ok if path in (p, "all")]
        if not times:
            continue
        print(f"{path:<10} {len(times):>5} {statistics.median(times) * 1000:>8.1f} "
              f"{_percentile(times, 95) * 1000:>8.1f} {max(times) * 1000:>8.1f}")
    print()
    print(f"sent {args.requests} from {args.clients} concurrent clients in {wall:.2f} s: "
          f"{len(ok)} answered 200, {len(failed)} failed, {len(lost)} lost")
    for line in lost[:5]:
        print("  lost:", line)
    for path, status, _ in failed[:5]:
        print(f"  failed: {path} -> HTTP {status}")
    return 0 if len(ok) == args.requests and not lost else 1


if __name__ == "__main__":
    sys.exit(main())
