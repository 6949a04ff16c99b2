"""Fixtures for the web tests: the API through FastAPI's test client."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from webtools import MAX_BYTES

from puzzlefmt.web.app import create_app


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    """The application with two solver processes and a generous time limit."""
    app = create_app(max_bytes=MAX_BYTES, solve_timeout=60.0, solvers=2)
    with TestClient(app) as c:
        yield c
