"""``puzzlefmt serve`` on the command line: the missing extra, arguments, a real start and
stop, the warning for a non-local host."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from typing import Any

import pytest
from webtools import ROOT, Server

from puzzlefmt import cli
from puzzlefmt.web import serve as web_serve


def test_missing_web_extra_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "fastapi", None)  # import fastapi -> ImportError
    assert cli.main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err == 'puzzlefmt serve needs the web extra: pip install "puzzlefmt[web]"\n'


def test_other_commands_do_not_import_the_web_packages() -> None:
    code = ("import sys; from puzzlefmt.cli import build_parser; build_parser(); "
            "print(sorted(m for m in ('fastapi', 'uvicorn', 'starlette', 'pydantic') "
            "if m in sys.modules))")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True, timeout=60)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("args", "message"), [
    (["--port", "70000"], "--port must be 0 to 65535, not 70000"),
    (["--solve-timeout", "0"], "--solve-timeout must be more than 0, not 0"),
    (["--max-bytes", "10"], "--max-bytes must be at least 1024, not 10"),
    (["--solvers", "0"], "--solvers must be 1 or more, not 0"),
    (["--header-timeout", "0"], "--header-timeout must be more than 0 and less than a day, not 0"),
    (["--body-timeout", "-1"], "--body-timeout must be more than 0 and less than a day, not -1"),
    (["--body-timeout", "nan"], "--body-timeout must be more than 0 and less than a day, not nan"),
])
def test_bad_arguments(capsys: pytest.CaptureFixture[str], args: list[str],
                       message: str) -> None:
    assert cli.main(["serve", *args]) == 2
    assert capsys.readouterr().err == f"puzzlefmt serve: {message}\n"


def test_loopback_hosts() -> None:
    for host in ("127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"):
        assert web_serve.is_loopback(host), host
    for host in ("0.0.0.0", "192.168.1.10", "::", "example.org"):
        assert not web_serve.is_loopback(host), host


def test_open_waits_for_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(web_serve.webbrowser, "open", opened.append)

    class Started:
        started = True

    web_serve._open_when_up(Started(), "http://127.0.0.1:1234/")
    assert opened == ["http://127.0.0.1:1234/"]


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def test_serve_on_every_address_warns_and_stops_on_ctrl_c() -> None:
    server = Server("--host", "0.0.0.0", "--solvers", "1")
    try:
        assert server.url.startswith("http://0.0.0.0:")
        port = server.url.rsplit(":", 1)[1].strip("/")
        health = get(f"http://127.0.0.1:{port}/api/health")
        assert (health["ok"], health["solvers"]) == (True, 1)
    finally:
        code = server.stop()
    assert code == 0
    warning = "".join(server.stderr)
    assert warning.startswith("puzzlefmt serve: warning: listening on 0.0.0.0: other "
                              "computers that can reach this one can use the page")
