"""``puzzlefmt serve``: one page in the browser for every family (needs the ``web`` extra).

- :mod:`puzzlefmt.web.service`: the only module that calls the library; every operation of
  the page as a function from text to JSON-ready data.
- :mod:`puzzlefmt.web.engines`: worker processes that run solvers, canonical forms and grades
  under a time limit.
- :mod:`puzzlefmt.web.app`: the JSON API under ``/api`` (FastAPI) and the page's static assets.
- :mod:`puzzlefmt.web.protocol`: uvicorn's HTTP/1.1 protocol with deadlines for reading a
  request's head and body.
- :mod:`puzzlefmt.web.cli`: the ``serve`` command's options; :mod:`puzzlefmt.web.serve`,
  what it does.

Nothing here is imported by ``import puzzlefmt``.
"""

DEFAULT_MAX_BYTES = 2 * 1024 * 1024
"""The largest request body the server takes by default (2 MiB)."""
DEFAULT_SOLVE_TIMEOUT = 10.0
"""Seconds a solve, canonical form or grade may take by default."""
DEFAULT_HEADER_TIMEOUT = 10.0
"""Seconds a request's head (request line and headers) may take to arrive by default, from
the connection's start or the end of the previous answer on it."""
DEFAULT_BODY_TIMEOUT = 20.0
"""Seconds a request's body may take to arrive by default, from the end of its head."""
