"""The page's Moves action with ``puzzlefmt serve --lexicon``: the server's lexicon, the top
moves in words, the best one drawn on the board; a request cannot name a file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puzzlefmt.cgp import Position
from puzzlefmt.cgp.lexicon import Lexicon
from puzzlefmt.cgp.svg import draw, with_move
from puzzlefmt.web.app import create_app

EMPTY = "15/" * 14 + "15"
CGP = f"{EMPTY} IQS/ 0/0 0"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("lexicon")
    path = folder / "TINY.kwg"
    Lexicon.build(["QI", "QIS", "IS", "SI"], name="TINY").save(path)
    app = create_app(solve_timeout=60.0, solvers=1, warm=False, engine_options={
        "moves": {"lexicon": str(path), "leaves": "", "top": 3}})
    with TestClient(app) as c:
        yield c


def test_moves_action_lists_and_draws_the_best(served: TestClient) -> None:
    response = served.post("/api/moves", json={"text": CGP})
    assert response.status_code == 200, response.text
    data = response.json()
    assert [m["ucgi"] for m in data["result"]] == ["8g QIS", "8f QIS", "8h QIS"]
    assert data["words"].startswith("Best: 8G QIS 24")
    position = Position(CGP)
    drawn = draw(with_move(position, "8G QIS"), theme="light", panel_position="below")
    assert data["picture"].strip() == str(drawn).strip()


def test_a_request_cannot_choose_the_servers_files(served: TestClient, tmp_path: Path) -> None:
    elsewhere = tmp_path / "OTHER.kwg"
    Lexicon.build(["QI"], name="OTHER").save(elsewhere)
    response = served.post("/api/moves", json={"text": CGP, "options": {
        "lexicon": str(elsewhere), "top": 1}})
    assert response.status_code == 200, response.text
    assert response.json()["result"][0]["ucgi"] == "8g QIS"  # the server's lexicon, top 3


def test_without_a_lexicon_the_action_says_so(tmp_path: Path) -> None:
    app = create_app(solve_timeout=60.0, solvers=1, warm=False, engine_options={
        "moves": {"lexicon": "", "leaves": "", "top": 3}})
    with TestClient(app) as c:
        response = c.post("/api/moves", json={"text": CGP, "options": {
            "lexicon": str(tmp_path / "x.kwg")}})
    assert response.status_code == 400
    assert "lexicon" in response.json()["error"]["message"]
