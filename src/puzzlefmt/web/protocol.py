"""The HTTP/1.1 protocol ``puzzlefmt serve`` runs: uvicorn's h11 protocol with deadlines for
reading a request, so that a client that sends its request a byte at a time ("slowloris")
does not hold a connection for as long as it likes.

uvicorn bounds only the wait for the next request on an idle kept-alive connection
(``timeout_keep_alive``, 5 s), and any byte received resets it; nothing bounds the time a
request takes to arrive. Here:

- the head (request line and headers, at most h11's 16 KiB) must arrive within
  ``header_timeout`` seconds of the connection's start or of the end of the previous answer on
  it: past that, a client that has begun a request gets ``408`` (JSON, as every error of the
  API) and the connection is closed; one that has sent nothing is just disconnected;
- the body must arrive within ``body_timeout`` seconds of the end of the head. The
  application answers ``408`` when it is reading the body
  (:class:`puzzlefmt.web.app.BodyTimeout`); a body nobody reads (the answer was already sent,
  a 413 say) closes the connection :data:`GRACE` seconds later.

Other connections are served meanwhile, as before: the deadlines are timers of the event
loop, one per connection.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Literal

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from puzzlefmt.web import DEFAULT_BODY_TIMEOUT, DEFAULT_HEADER_TIMEOUT

__all__ = ["GRACE", "DeadlineProtocol", "timeout_answer"]

#: Seconds past the body's deadline before a connection whose body nobody reads is closed
#: (the application answers 408 at the deadline itself when it reads the body).
GRACE = 1.0

Phase = Literal["head", "body"]


def timeout_answer(message: str) -> bytes:
    """A whole ``408 Request Timeout`` answer that closes the connection, with the API's JSON
    error body."""
    body = json.dumps({"error": {"kind": "timeout", "message": message}}).encode()
    return (
        b"HTTP/1.1 408 Request Timeout\r\n"
        b"content-type: application/json\r\n"
        + f"content-length: {len(body)}\r\n".encode()
        + b"cache-control: no-store\r\nconnection: close\r\n\r\n"
        + body
    )


class DeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each part of a request being read. A server
    uses :meth:`with_timeouts` to get the class with its values (uvicorn makes one instance
    per connection)."""

    header_timeout: float = DEFAULT_HEADER_TIMEOUT
    body_timeout: float = DEFAULT_BODY_TIMEOUT

    @classmethod
    def with_timeouts(cls, header: float, body: float) -> type[DeadlineProtocol]:
        """This protocol with ``header_timeout`` and ``body_timeout`` set (seconds, > 0)."""
        if not (header > 0 and body > 0):
            raise ValueError(f"timeouts must be more than 0 seconds, not {header}, {body}")
        attrs: dict[str, Any] = {"header_timeout": header, "body_timeout": body}
        return type(cls.__name__, (cls,), attrs)

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._phase: Phase | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._received = 0  # bytes received since the phase began

    # ------------------------------------------------------------------ the protocol's events

    # uvicorn's protocol takes the stream transport asyncio gives it (the same ignore there)
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch()

    def data_received(self, data: bytes) -> None:
        self._received += len(data)
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        """An answer is sent: the next request's head has its deadline from now."""
        super().on_response_complete()
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        super().connection_lost(exc)

    # ------------------------------------------------------------------ the deadlines

    def _watch(self) -> None:
        """Start the deadline of what is being read when that changes: the head while h11
        waits for a request, the body while it reads one, nothing while the application
        answers."""
        if self.transport.is_closing():
            self._cancel()
            return
        state = self.conn.their_state
        phase: Phase | None = (
            "head" if state is h11.IDLE else "body" if state is h11.SEND_BODY else None
        )
        if phase == self._phase:
            return
        self._cancel()
        self._phase = phase
        self._received = 0
        if phase == "head":
            self._timer = self.loop.call_later(self.header_timeout, self._expired)
        elif phase == "body":
            self._timer = self.loop.call_later(self.body_timeout + GRACE, self._expired)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._phase = None

    def _expired(self) -> None:
        self._timer = None
        if self.transport.is_closing():
            return
        if self._phase == "head":
            if self._received:
                self.transport.write(
                    timeout_answer(
                        f"the request's head did not arrive within {self.header_timeout:g} s: "
                        "send it at once, or raise the limit with puzzlefmt serve "
                        "--header-timeout"
                    )
                )
        else:  # a body nobody reads: let the application see the client gone
            cycle = self.cycle
            if cycle is not None and not cycle.response_complete:
                cycle.disconnected = True
                cycle.message_event.set()
        self._phase = None
        self.transport.close()
