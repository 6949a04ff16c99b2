"""Engine results with parts, on the page's API: the rater's steps and the move generator's
moves are listed (``items``) and the chosen one drawn (``pick``): a step on the grid as it
stands before it, a move on the board; a pick out of range, or on a result without parts, is
one clear 400."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puzzlefmt import registry
from puzzlefmt.cgp import Position
from puzzlefmt.cgp.lexicon import Lexicon
from puzzlefmt.cgp.svg import draw, with_move
from puzzlefmt.sudoku import Grid
from puzzlefmt.svg import svg
from puzzlefmt.web.app import create_app

PUZZLE = "................12..3.45...........6...1.7....89...4.......3....2..6.5..71......."
CGP = f"{'15/' * 14}15 IQS/ 0/0 0"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path = Path(tmp_path_factory.mktemp("lexicon")) / "TINY.kwg"
    Lexicon.build(["QI", "QIS", "IS", "SI"], name="TINY").save(path)
    app = create_app(solve_timeout=60.0, solvers=1, warm=False, engine_options={
        "moves": {"lexicon": str(path), "leaves": ""}})
    with TestClient(app) as c:
        yield c


def _step_picture(rating: object, k: int, theme: str) -> str:
    before = rating.before(k)  # type: ignore[attr-defined]
    options = {"theme": theme, **registry.family("sudoku").page_picture}
    return str(svg(before, step=rating.steps[k], **options))  # type: ignore[attr-defined]


def test_the_rating_lists_its_steps_and_draws_the_first(served: TestClient) -> None:
    rating = Grid(PUZZLE).rate()
    data = served.post("/api/rate", json={"text": PUZZLE}).json()
    assert (data["er"], data["ep"], data["ed"]) == tuple(rating.line().split("/"))
    assert data["items"] == [f"{k + 1}. {s}" for k, s in enumerate(rating.steps)]
    assert len(data["steps"]) == len(rating.steps)
    assert data["pick"] == 0
    assert data["picture"] == _step_picture(rating, 0, "light")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_chosen_step_is_drawn_on_the_grid_before_it(served: TestClient, theme: str) -> None:
    rating = Grid(PUZZLE).rate()
    k = max(n for n, s in enumerate(rating.steps) if s.eliminates)
    data = served.post("/api/rate", json={"text": PUZZLE, "pick": k, "theme": theme}).json()
    assert data["pick"] == k
    assert data["picture"] == _step_picture(rating, k, theme)
    assert data["picture"] != _step_picture(rating, 0, theme)


def test_a_chosen_move_is_drawn_on_the_board(served: TestClient) -> None:
    data = served.post("/api/moves", json={"text": CGP, "pick": 1}).json()
    assert [m["ucgi"] for m in data["result"]][:3] == ["8g QIS", "8f QIS", "8h QIS"]
    assert data["items"][1].startswith("8F QIS 24")
    position = Position(CGP)
    drawn = draw(with_move(position, "8F QIS"), theme="light", panel_position="below")
    assert data["picture"].strip() == str(drawn).strip()
    assert len(data["items"]) == len(data["result"]) > 3  # the page asks for the top ten


def test_a_pick_out_of_range_is_one_clear_error(served: TestClient) -> None:
    rating = Grid(PUZZLE).rate()
    response = served.post("/api/rate", json={"text": PUZZLE, "pick": len(rating.steps)})
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert message == (f"pick {len(rating.steps)} is out of range: the result has "
                       f"{len(rating.steps)} parts, 0-{len(rating.steps) - 1}")
    negative = served.post("/api/rate", json={"text": PUZZLE, "pick": -1})
    assert negative.status_code in (400, 422)


def test_a_result_without_parts_cannot_be_picked(served: TestClient) -> None:
    keen = "3:a_a3_a_,a3m6m3s1"
    response = served.post("/api/grade", json={"text": keen, "pick": 0})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["message"] == "the grade result has no parts to pick"
