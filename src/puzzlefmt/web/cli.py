"""``puzzlefmt serve``: the page in the browser, served on this computer.

::

    puzzlefmt serve                    # http://127.0.0.1:8000/
    puzzlefmt serve --port 0 --open    # any free port, and open the browser on it

Needs the ``web`` extra (``pip install "puzzlefmt[web]"``); building the parser imports none
of it, so the other commands do not pay for it.
"""

from __future__ import annotations

import argparse
from typing import Any

from puzzlefmt.web import (
    DEFAULT_BODY_TIMEOUT,
    DEFAULT_HEADER_TIMEOUT,
    DEFAULT_MAX_BYTES,
    DEFAULT_SOLVE_TIMEOUT,
)

__all__ = ["add_parser", "cmd_serve"]


def add_parser(sub: Any) -> None:
    """Add the ``serve`` command to the command line's subparsers."""
    p = sub.add_parser(
        "serve",
        help="a page in the browser: paste, detect, draw, convert, solve",
        description="Serve the puzzlefmt page on this computer (needs the web extra: "
        'pip install "puzzlefmt[web]"). Local only unless --host says otherwise.',
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default: 127.0.0.1, this computer only)")
    p.add_argument("--port", type=int, default=8000,
                   help="port (default: 8000; 0 picks a free one)")
    p.add_argument("--open", action="store_true", help="open the page in the browser")
    p.add_argument("--solve-timeout", type=float, default=DEFAULT_SOLVE_TIMEOUT,
                   metavar="SECONDS",
                   help="give up a solve, canonical form or grade after this long "
                   f"(default: {DEFAULT_SOLVE_TIMEOUT:g})")
    p.add_argument("--max-bytes", type=int, default=DEFAULT_MAX_BYTES, metavar="N",
                   help=f"largest request body (default: {DEFAULT_MAX_BYTES})")
    p.add_argument("--solvers", type=int, default=2, metavar="N",
                   help="solver worker processes (default: 2)")
    p.add_argument("--header-timeout", type=float, default=DEFAULT_HEADER_TIMEOUT,
                   metavar="SECONDS",
                   help="answer 408 and close the connection when a request's head has not "
                   "arrived this long after the connection opened or the last answer on it "
                   f"(default: {DEFAULT_HEADER_TIMEOUT:g})")
    p.add_argument("--body-timeout", type=float, default=DEFAULT_BODY_TIMEOUT,
                   metavar="SECONDS",
                   help="answer 408 and close the connection when a request's body has not "
                   f"arrived this long after its head (default: {DEFAULT_BODY_TIMEOUT:g})")
    p.add_argument("--lexicon", metavar="L.kwg",
                   help="the KWG lexicon the page's Moves action uses (CGP positions)")
    p.add_argument("--leaves", metavar="K.klv2",
                   help="the KLV2 (or KLV) leave values the Moves action uses")
    p.add_argument("--top", type=int, default=10, metavar="N",
                   help="how many moves the Moves action lists (default: 10)")
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the page until interrupted (:func:`puzzlefmt.web.serve.serve`)."""
    from puzzlefmt.web import serve  # noqa: PLC0415 - the web part, loaded for `serve` only

    return serve.serve(args)
