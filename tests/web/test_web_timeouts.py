"""``puzzlefmt serve`` does not wait forever on a slow client: a real server on 127.0.0.1 and a
raw socket that trickles a request one byte at a time (the "slowloris" pattern). The request's
head must arrive within ``--header-timeout`` seconds and its body within ``--body-timeout``;
past that the server answers 408 (when it can) and closes the connection, while other clients
are served all along.

Each trickle stops after ``LIMIT`` seconds, so that a server that holds the client makes the
test fail in bounded time; the bounds are loose (the machine may be loaded).
"""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from webtools import Server

HEADER_TIMEOUT = 2.0
BODY_TIMEOUT = 3.0
#: How long a trickle goes on at most (the server should have closed well before).
LIMIT = 20.0
#: One byte every this many seconds.
EVERY = 0.2
#: The slack allowed beyond a timeout before the connection must be closed.
SLACK = 8.0


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    srv = Server(
        "--solvers",
        "1",
        "--max-bytes",
        "2048",
        "--header-timeout",
        str(HEADER_TIMEOUT),
        "--body-timeout",
        str(BODY_TIMEOUT),
    )
    try:
        yield srv
    finally:
        assert srv.stop() == 0, "".join(srv.stderr)
    assert "".join(srv.stderr) == ""  # no error logged for the clients cut off


@dataclass
class Trickled:
    seconds: float  # from the first byte sent to the connection's close (or the limit)
    closed: bool  # the server closed the connection
    sent: int  # bytes of the trickle sent
    answer: bytes  # what the server sent

    def status(self) -> int | None:
        line = self.answer.split(b"\r\n", 1)[0].split()
        return int(line[1]) if len(line) > 1 and line[1].isdigit() else None

    def error(self) -> dict[str, object]:
        body = self.answer.split(b"\r\n\r\n", 1)[1]
        data: dict[str, object] = json.loads(body)["error"]
        return data


def address(server: Server) -> tuple[str, int]:
    parts = urllib.parse.urlsplit(server.url)
    assert parts.hostname == "127.0.0.1"
    assert parts.port is not None
    return parts.hostname, parts.port


def request(head: str, body: bytes = b"") -> bytes:
    return head.replace("\n", "\r\n").encode("ascii") + b"\r\n" + body


def trickle(server: Server, data: bytes, *, first: bytes = b"", answered: bytes = b"") -> Trickled:
    """Send ``first`` at once (and read ``answered``, its answer, if given), then ``data``
    one byte every ``EVERY`` seconds, reading what the server sends, until it closes the
    connection or ``LIMIT`` seconds pass."""
    with socket.create_connection(address(server), timeout=10) as sock:
        if first:
            sock.sendall(first)
            got = b""
            while answered and answered not in got:
                chunk = sock.recv(65536)
                assert chunk, got
                got += chunk
        sock.settimeout(EVERY)
        answer = b""
        start = time.monotonic()
        sent = 0
        while time.monotonic() - start < LIMIT:
            if sent < len(data):
                try:
                    sock.sendall(data[sent : sent + 1])
                    sent += 1
                except OSError:  # the server closed the connection
                    return Trickled(time.monotonic() - start, True, sent, answer)
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:  # reset by the server
                return Trickled(time.monotonic() - start, True, sent, answer)
            if not chunk:
                return Trickled(time.monotonic() - start, True, sent, answer)
            answer += chunk
        return Trickled(time.monotonic() - start, False, sent, answer)


def padded_head(method: str = "POST", path: str = "/api/detect", extra: str = "") -> str:
    # a head far longer than the limit lets a trickle send: the server must not wait for it
    padding = "x" * int(LIMIT / EVERY * 2)
    return f"{method} {path} HTTP/1.1\nHost: 127.0.0.1\nX-Padding: {padding}\n{extra}"


def test_a_trickled_head_gets_408_and_the_connection_closed(server: Server) -> None:
    done: list[Trickled] = []
    slow = threading.Thread(target=lambda: done.append(trickle(server, request(padded_head()))))
    slow.start()
    time.sleep(0.5)
    # the trickling client does not hold the others up
    with urllib.request.urlopen(server.url + "api/health", timeout=10) as answer:
        assert json.load(answer)["ok"]
    slow.join(LIMIT + 10)
    (result,) = done
    assert result.closed, result
    assert result.seconds < HEADER_TIMEOUT + SLACK, result
    assert result.status() == 408, result
    assert result.error()["kind"] == "timeout"
    assert "--header-timeout" in str(result.error()["message"])


def test_a_connection_that_sends_nothing_is_closed(server: Server) -> None:
    result = trickle(server, b"")
    assert result.closed, result
    assert result.seconds < HEADER_TIMEOUT + SLACK, result
    assert result.answer == b""  # no request began: nothing to answer


def test_a_trickled_body_gets_408_and_the_connection_closed(server: Server) -> None:
    body = json.dumps({"text": "1" * 500}).encode()
    head = (
        "POST /api/detect HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
        f"Content-Length: {len(body)}\n"
    )
    result = trickle(server, body, first=request(head))
    assert result.closed, result
    assert result.seconds < BODY_TIMEOUT + SLACK, result
    assert result.status() == 408, result
    assert result.error()["kind"] == "timeout"
    assert "--body-timeout" in str(result.error()["message"])
    assert result.sent < len(body)


def test_a_body_nobody_reads_is_not_waited_for(server: Server) -> None:
    # too large: the server answers 413 at once, then the client goes on sending the body
    head = (
        "POST /api/detect HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
        "Content-Length: 100000\n"
    )
    result = trickle(server, b"x" * 1000, first=request(head), answered=b"}")
    assert result.closed, result
    assert result.seconds < BODY_TIMEOUT + SLACK, result


def test_a_trickle_after_a_kept_alive_request_is_cut_too(server: Server) -> None:
    first = request("GET /api/health HTTP/1.1\nHost: 127.0.0.1\n")
    result = trickle(
        server, request(padded_head("GET", "/api/health")), first=first, answered=b'"ok":true'
    )
    assert result.closed, result
    assert result.seconds < HEADER_TIMEOUT + SLACK, result
    assert result.status() == 408, result


def test_a_prompt_client_is_served_as_before(server: Server) -> None:
    body = json.dumps({"text": "1" * 81}).encode()
    head = (
        "POST /api/detect HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
        f"Content-Length: {len(body)}\nConnection: close\n"
    )
    with socket.create_connection(address(server), timeout=10) as sock:
        sock.sendall(request(head, body))
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]
    assert b'"format":"line"' in answer
