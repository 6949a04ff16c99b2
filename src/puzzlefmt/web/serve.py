"""What ``puzzlefmt serve`` does once its options are read: check them, bind the socket, run
uvicorn with the page's app, open the browser when asked.

Loaded by :func:`puzzlefmt.web.cli.cmd_serve` only, so that the other commands do not pay
for the socket, threading and browser modules at start-up.
"""

from __future__ import annotations

import argparse
import importlib.util
import ipaddress
import os
import socket
import sys
import threading
import time
import webbrowser
from typing import Any

__all__ = ["MISSING_EXTRA", "is_loopback", "serve"]

#: What ``puzzlefmt serve`` says when the ``web`` extra (FastAPI, uvicorn) is not installed.
MISSING_EXTRA = 'puzzlefmt serve needs the web extra: pip install "puzzlefmt[web]"'
_EXIT_USAGE = 2


def is_loopback(host: str) -> bool:
    """True for names and addresses that only this computer can reach."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _bind(host: str, port: int) -> socket.socket:
    """A bound socket for ``host``:``port`` (port 0: a free one)."""
    infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM,
                               flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    return sock


def _url(host: str, port: int) -> str:
    shown = host.strip("[]")
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def _open_when_up(server: Any, url: str) -> None:
    deadline = time.monotonic() + 60
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    if server.started:
        webbrowser.open(url)


def serve(args: argparse.Namespace) -> int:
    """Serve the page until interrupted (the options of :func:`puzzlefmt.web.cli.add_parser`)."""
    if any(importlib.util.find_spec(name) is None for name in ("fastapi", "uvicorn")):
        print(MISSING_EXTRA, file=sys.stderr)
        return _EXIT_USAGE
    try:
        import uvicorn  # noqa: PLC0415 - optional dependency (the web extra)

        from puzzlefmt.web.app import create_app  # noqa: PLC0415 - needs the web extra
        from puzzlefmt.web.protocol import DeadlineProtocol  # noqa: PLC0415 - the same
    except ImportError:
        print(MISSING_EXTRA, file=sys.stderr)
        return _EXIT_USAGE

    problems = []
    if not 0 <= args.port <= 65535:
        problems.append(f"--port must be 0 to 65535, not {args.port}")
    if not args.solve_timeout > 0:
        problems.append(f"--solve-timeout must be more than 0, not {args.solve_timeout:g}")
    if args.max_bytes < 1024:
        problems.append(f"--max-bytes must be at least 1024, not {args.max_bytes}")
    if args.top < 1:
        problems.append(f"--top must be 1 or more, not {args.top}")
    for flag, path in (("--lexicon", args.lexicon), ("--leaves", args.leaves)):
        if path and not os.path.isfile(path):
            problems.append(f"{flag}: no file {path}")
    if args.solvers < 1:
        problems.append(f"--solvers must be 1 or more, not {args.solvers}")
    for flag, value in (("--header-timeout", args.header_timeout),
                        ("--body-timeout", args.body_timeout)):
        if not 0 < value < 86400:
            problems.append(f"{flag} must be more than 0 and less than a day, not {value:g}")
    if problems:
        print(f"puzzlefmt serve: {'; '.join(problems)}", file=sys.stderr)
        return _EXIT_USAGE

    if not is_loopback(args.host):
        print(f"puzzlefmt serve: warning: listening on {args.host}: other computers that can "
              "reach this one can use the page and its solvers; there is no login. Leave "
              "out --host to stay on 127.0.0.1.", file=sys.stderr)
    sock = _bind(args.host, args.port)
    port = int(sock.getsockname()[1])
    # The moves engine's files are the server's, never a request's (a request naming a
    # path would read this computer's files).
    moves = {"lexicon": args.lexicon or "", "leaves": args.leaves or "", "top": args.top}
    app = create_app(max_bytes=args.max_bytes, solve_timeout=args.solve_timeout,
                     solvers=args.solvers, body_timeout=args.body_timeout,
                     engine_options={"moves": moves})
    # h11 with deadlines for a request's head and body (uvicorn has none: a client sending a
    # byte a second would hold its connection); idle kept-alive connections close after 5 s
    protocol = DeadlineProtocol.with_timeouts(args.header_timeout, args.body_timeout)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            http=protocol, timeout_keep_alive=5)
    server = uvicorn.Server(config)
    url = _url(args.host, port)
    print(f"puzzlefmt: serving on {url} (Ctrl+C stops)", flush=True)
    if args.open:
        local = url if is_loopback(args.host) else _url("127.0.0.1", port)
        threading.Thread(target=_open_when_up, args=(server, local), daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn shuts down cleanly, then passes Ctrl+C on
        pass
    finally:
        sock.close()
    print("puzzlefmt: stopped", flush=True)
    return 0
