"""The JSON API through FastAPI's test client: every family, every action, every error."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from webtools import EXAMPLES, MAX_BYTES, ROOT, SUDOKU, example_id

import puzzlefmt
from puzzlefmt import registry
from puzzlefmt.sudoku import Grid
from puzzlefmt.web import service
from puzzlefmt.web.app import create_app

from helpers import examples

SVG_NS = "{http://www.w3.org/2000/svg}"


def post(client: TestClient, path: str, **body: Any) -> Any:
    return client.post(f"/api/{path}", json=body)


def ok(client: TestClient, path: str, **body: Any) -> dict[str, Any]:
    response = post(client, path, **body)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def error(client: TestClient, path: str, status: int, **body: Any) -> dict[str, Any]:
    response = post(client, path, **body)
    assert response.status_code == status, response.text
    err: dict[str, Any] = response.json()["error"]
    assert err["message"]
    return err


def svg_root(text: str) -> ET.Element:
    """Parse an SVG picture; it must be well-formed XML with an <svg> root."""
    root = ET.fromstring(text)
    assert root.tag == f"{SVG_NS}svg"
    return root


def assert_inert(svg: str) -> None:
    """No script, no event handler, no foreign object: nothing in the picture can run."""
    for node in svg_root(svg).iter():
        tag = node.tag.rsplit("}", 1)[-1].lower()
        assert tag not in ("script", "foreignobject", "iframe"), tag
        assert not any(name.lower().startswith("on") for name in node.attrib), node.attrib


def is_sudoku_solution(line: str) -> bool:
    """Independent check: every row, column and box holds 1-9 once."""
    cells = [int(c) for c in line]
    units = [list(range(r * 9, r * 9 + 9)) for r in range(9)]
    units += [list(range(c, 81, 9)) for c in range(9)]
    units += [[(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]
              for br in range(3) for bc in range(3)]
    return len(cells) == 81 and all(sorted(cells[i] for i in u) == list(range(1, 10))
                                    for u in units)


# ---------------------------------------------------------------------- server facts


def test_formats_lists_every_registered_format(client: TestClient) -> None:
    data = client.get("/api/formats").json()
    assert [f["name"] for f in data] == [f.name for f in registry.formats()]
    assert {f["family"] for f in data} == {"sudoku", "keen", "cgp"}


def test_solver_processes_start_one_after_another(client: TestClient) -> None:
    assert ok(client, "solve", text=SUDOKU)["status"] == "unique"  # the first is ready
    deadline = time.monotonic() + 120
    while (health := client.get("/api/health").json())["ready"] < 2:
        # the second starts once the first is ready, and loads the cached kernels
        assert health["solvers"] in (1, 2)
        assert time.monotonic() < deadline, health
        time.sleep(0.05)
    assert health == {"ok": True, "solvers": 2, "ready": 2}


def test_capabilities_give_the_limits(client: TestClient) -> None:
    caps = client.get("/api/capabilities").json()
    assert caps["max_bytes"] == MAX_BYTES
    assert caps["solve_timeout"] == 60.0
    assert caps["version"] == puzzlefmt.__version__
    assert caps["game"] is service.game_available()


def test_openapi_describes_the_api(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    paths = set(spec["paths"])
    for name in ("detect", "read", "records", "picture", "convert", "solve", "canon", "grade",
                 "move", "game", "formats", "capabilities"):
        assert f"/api/{name}" in paths
    assert "/" not in paths
    solve = spec["paths"]["/api/solve"]["post"]
    assert {"200", "413", "422", "504"} <= set(solve["responses"])


def test_no_pages_that_load_a_cdn(client: TestClient) -> None:
    # FastAPI's interactive API pages load their scripts from a CDN: they are off.
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    static = ROOT / "src" / "puzzlefmt" / "web" / "static"
    for path in static.iterdir():
        text = path.read_text(encoding="utf-8")
        if path.name == "examples.json":
            continue
        assert "http://" not in text, path.name
        assert "https://" not in text, path.name


def test_the_page_and_its_headers(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert '<script src="/static/app.js"' in page.text
    assert client.get("/static/app.js").status_code == 200
    api = client.get("/api/formats")
    assert "default-src 'self'" in api.headers["content-security-policy"]


def test_examples_json_matches_the_examples_folder() -> None:
    shipped = json.loads(
        (ROOT / "src/puzzlefmt/web/static/examples.json").read_text(encoding="utf-8"))
    assert {e["name"]: e["text"] for e in shipped} == {
        example_id(p): p.read_text(encoding="utf-8") for p in EXAMPLES}


# ---------------------------------------------------------------------- every example


@pytest.mark.parametrize("path", EXAMPLES, ids=example_id)
def test_example_detect_read_convert(client: TestClient, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    ranked = ok(client, "detect", text=text, filename=path.name)["candidates"]
    expected = puzzlefmt.detect(text, filename=path.name)
    assert [c["format"] for c in ranked] == [c.format for c in expected]
    assert all(c["reason"] for c in ranked)
    fmt = ranked[0]["format"]

    view = ok(client, "read", text=text, format=fmt)
    assert view["format"] == fmt
    assert view["family"] == registry.get_format(fmt).family
    assert_inert(view["picture"])
    assert view["problems"] == []
    assert view["status"].startswith("Follows the rules")
    if view["collection"]:
        assert view["records"]["total"] == len(puzzlefmt.loads(text, fmt))

    for target in view["targets"]:
        out = ok(client, "convert", text=text, format=fmt, to=target["format"])
        assert out["text"].strip()
        assert out["format"] == target["format"]
        assert out["lossless"] is (out["notes"] == [])


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.parent.name == "sudoku"],
                         ids=example_id)
def test_sudoku_solve_and_canon(client: TestClient, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fmt = puzzlefmt.detect(text)[0].format
    first = puzzlefmt.loads(text, fmt)
    first = first[0] if isinstance(first, list) else first
    result = ok(client, "solve", text=text, format=fmt)
    assert result["status"] == "unique"
    assert result["words"] == "One solution (unique)."
    (solution,) = result["solutions"]
    assert is_sudoku_solution(solution["text"])
    givens = first.line(comment=False)
    assert all(g in ".0" or g == s for g, s in zip(givens, solution["text"], strict=True))
    assert_inert(solution["picture"])

    from puzzlefmt.sudoku.canon import canonical

    for convention in ("string", "pattern"):
        form = ok(client, "canon", text=text, format=fmt, convention=convention)
        assert form["canonical"] == canonical(first, convention)
        if not any(first.givens):  # a candidate grid: the puzzle of its placed digits
            # (issue 20; 0.2 refused it, issue 11, though solve took it)
            assert any(first.placed)
            assert form["canonical"] == canonical(Grid(givens=first.placed), convention)
        assert_inert(form["picture"])


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.parent.name == "keen"],
                         ids=example_id)
def test_keen_solve_and_grade(client: TestClient, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fmt = puzzlefmt.detect(text)[0].format
    result = ok(client, "solve", text=text, format=fmt)
    assert result["status"] == "unique"
    (solution,) = result["solutions"]
    size = int(text.strip().splitlines()[-1 if fmt == "keen" else 1].split(":")[0])
    digits = [int(d) for d in solution["text"]]
    rows = [digits[r * size:(r + 1) * size] for r in range(size)]
    assert all(sorted(r) == list(range(1, size + 1)) for r in rows)  # a Latin square
    assert all(sorted(c) == list(range(1, size + 1)) for c in zip(*rows, strict=True))
    assert_inert(solution["picture"])
    graded = ok(client, "grade", text=text, format=fmt)
    assert graded["grade"] in ("Easy", "Normal", "Hard", "Extreme", "Unreasonable")


def test_keen_grade_of_the_docstring_puzzle(client: TestClient) -> None:
    graded = ok(client, "grade", text="3:a_a3_a_,a3m6m3s1")
    assert graded == {"grade": "Normal", "words": "Keen would grade it Normal."}


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.parent.name == "cgp"],
                         ids=example_id)
def test_cgp_move(client: TestClient, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    # B1 KIT down: K on B1 (5), I on the double word square B2 (1), T on B3 (1) = 7 x 2 = 14,
    # and T+QAID across row 3 = 1 + 10 + 1 + 1 + 2 = 15: 29 (counted by hand).
    played = ok(client, "move", text=text, move="B1 KIT")
    assert played["legal"] is True
    assert played["score"] == 29
    assert played["words"] == "B1 KIT scores 29."
    nxt = played["next"]["text"]
    assert nxt.startswith("1K3BERGS5/1I2PA3U5/1TQAID3R5/")
    assert " AEINRU?/LMZ 0/29 0 " in nxt  # the mover keeps LMZ, goes last, with 29
    assert_inert(played["next"]["picture"])

    illegal = ok(client, "move", text=text, move="8G QAT")
    assert illegal["legal"] is False
    assert illegal["score"] is None
    assert illegal["next"] is None
    assert illegal["reason"] == "over a tile"
    assert illegal["words"].startswith("Illegal: ")

    passed = ok(client, "move", text=text, move="-")
    assert passed["score"] == 0
    assert passed["next"] is not None

    err = error(client, "move", 400, text=text, move="bogus move")
    assert err["kind"] == "bad-move"
    err = error(client, "move", 400, text=text, move="   ")
    assert err["kind"] == "bad-request"


GCG = """#player1 alice Alice
#player2 bob Bob
>alice: AEINQST 8G QAT +24 24
>bob: EGLNORT H7 O.T +3 3
"""


def test_game_stepping(client: TestClient) -> None:
    if not service.game_available():  # this puzzlefmt reads no GCG yet: the hook refuses
        err = error(client, "game", 400, text=GCG)
        assert err["message"] == "this puzzlefmt cannot read GCG games"
        return
    view = ok(client, "read", text=GCG)
    assert (view["format"], view["family"]) == ("gcg", "cgp")
    assert view["actions"]["game"] is True
    assert view["actions"]["move"] is False
    start = ok(client, "game", text=GCG, move=0)
    assert (start["move"], start["events"]) == (0, 2)
    assert start["cgp"].startswith("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINQST/ ")
    first = ok(client, "game", text=GCG, move=1)
    assert first["words"] == "Event 1 of 2: alice, 8G QAT, +24 (total 24)."
    assert first["cgp"].startswith("15/15/15/15/15/15/15/6QAT6/15/")
    last = ok(client, "game", text=GCG, move=99)
    assert last["move"] == 2
    assert last["words"] == "Event 2 of 2: bob, H7 O.T, +3 (total 3)."
    assert_inert(last["picture"])
    sudoku_err = error(client, "game", 400, text=SUDOKU)
    assert sudoku_err["message"] == "only game records (GCG) can be stepped through"


def _player_names(svg: str) -> list[str]:
    """The names in a CGP picture's panel, the player to move first."""
    return [node.text or "" for node in svg_root(svg).iter(f"{SVG_NS}text")
            if node.get("class") == "name"]


def test_game_views_name_the_players(client: TestClient) -> None:
    named = GCG.replace("alice Alice", "alice Alice Liddell").replace("bob Bob", "bob Bob Dylan")
    view = ok(client, "read", text=named)  # the last position: Alice to move
    assert _player_names(view["picture"]) == ["Alice Liddell · to move", "Bob Dylan"]
    assert "> Alice Liddell" in view["text_picture"]
    assert "  Bob Dylan" in view["text_picture"]
    assert "player 1" not in view["text_picture"]
    first = ok(client, "game", text=named, move=1)  # after Alice's move, Bob is to move
    assert _player_names(first["picture"]) == ["Bob Dylan · to move", "Alice Liddell"]
    start = ok(client, "game", text=named, move=0)
    assert _player_names(start["picture"]) == ["Alice Liddell · to move", "Bob Dylan"]


def _tall(svg: str) -> bool:
    _, _, width, height = (float(v) for v in svg_root(svg).get("viewBox", "").split())
    return height > width


def test_game_step_answers_the_whole_view(client: TestClient) -> None:
    """A step replaces the page's one board and its text picture: the answer has both; CGP
    pictures have their players under the board (a narrow column shows the board larger)."""
    first = ok(client, "game", text=GCG, move=1)
    assert first["text_picture"] == str(puzzlefmt.loads(GCG, "gcg").position(1))
    assert "> Bob " in first["text_picture"]
    assert _tall(first["picture"])
    cgp = (ROOT / "examples/cgp/seed-position.cgp").read_text(encoding="utf-8")
    assert _tall(ok(client, "read", text=cgp)["picture"])
    assert _tall(ok(client, "move", text=cgp, move="B1 KIT")["next"]["picture"])
    assert not _tall(ok(client, "read", text=SUDOKU)["picture"])  # square, as before


@pytest.mark.parametrize("text", ["#player1 a A\n>a: ABC 99Z XYZ +5 5\n", "#note x\n"])
def test_a_game_of_one_player_or_none_is_read_and_stepped_through(
    client: TestClient, text: str
) -> None:
    """/api/read and /api/game answered 500: the picture of the last position (one player,
    no known rack) wrote a CGP, which cannot hold it."""
    view = ok(client, "read", text=text, format="gcg")
    assert (view["format"], view["family"]) == ("gcg", "cgp")
    assert "unseen tiles" in view["text_picture"]
    assert_inert(view["picture"])
    events = len(puzzlefmt.loads(text, "gcg").events)
    for move in range(events + 1):
        step = ok(client, "game", text=text, format="gcg", move=move)
        assert step["move"] == move
        assert "unseen tiles" in step["text_picture"]
        assert_inert(step["picture"])
    if events:
        assert step["cgp"] is None
        assert "no CGP" in step["words"]


def test_warnings_are_said_apart_from_rule_problems(client: TestClient) -> None:
    """A warning (here what MAGPIE refuses in a GCG record that is read: a #note before the
    first event) is no rule problem: it is listed apart, and the status still says the rules
    are followed."""
    text = GCG.replace(">alice:", "#note a game of two\n>alice:", 1)
    view = ok(client, "read", text=text)
    assert view["problems"] == []
    assert view["warnings"] == [
        "warning: line 3: a #note before the first event (the game's note); MAGPIE refuses it"
    ]
    assert view["status"] == "Follows the rules: no problem found."
    bad = ok(client, "read", text=text.replace("+3 3", "+3 5"))
    assert bad["problems"] == ["line 5: bob's total is 3 after this event, the record says 5"]
    assert bad["warnings"] == view["warnings"]
    assert bad["status"] == "1 rule problem."


def test_cgp_move_without_rack_check(client: TestClient) -> None:
    text = (ROOT / "examples/cgp/seed-position.cgp").read_text(encoding="utf-8")
    checked = ok(client, "move", text=text, move="B1 QAT")
    assert checked["legal"] is False
    assert checked["reason"] == "tiles not on the rack"
    free = ok(client, "move", text=text, move="B1 QAT", check_rack=False)
    assert free["legal"] is True


# ---------------------------------------------------------------------- actions in detail


def test_solve_several_shows_two(client: TestClient) -> None:
    result = ok(client, "solve", text="1" + "." * 80)
    assert result["status"] == "multiple"
    assert result["words"] == "Several solutions (at least 2); two of them:"
    first, second = result["solutions"]
    assert first["text"] != second["text"]
    assert is_sudoku_solution(first["text"])
    assert is_sudoku_solution(second["text"])
    assert first["text"][0] == second["text"][0] == "1"


def test_solve_counts_up_to_the_limit(client: TestClient) -> None:
    # r1c1..r9c1 fixed except two cells -> counted exactly when below the limit
    result = ok(client, "solve", text=SUDOKU[:-2] + "..", limit=1000)
    assert result["status"] == "unique"  # the two removed cells were blanks already
    many = ok(client, "solve", text="1" + "." * 80, limit=50)
    assert many["count"] == 50
    assert many["words"].startswith("Several solutions (at least 50)")


def test_solve_none_says_why(client: TestClient) -> None:
    text = "55" + "." * 79
    view = ok(client, "read", text=text, format="line")
    assert view["problems"] == ["5 appears twice: r1c1 and r1c2"]
    assert view["status"] == "1 rule problem."
    result = ok(client, "solve", text=text, format="line")
    assert result["status"] == "none"
    assert result["count"] == 0
    assert result["words"] == "No solution: r1c1 and r1c2 both hold 5."
    assert result["solutions"] == []


def test_convert_notes_what_the_target_drops(client: TestClient) -> None:
    text = (ROOT / "examples/sudoku/seed-candidates-print.txt").read_text(encoding="utf-8")
    out = ok(client, "convert", text=text, to="line")
    assert out["lossless"] is False
    # 0.2: solved cells of a candidate grid are placed digits (issue 16), lost too
    assert out["notes"] == ["Left out: pencil marks (candidates), placed digits (line cannot "
                            "hold them)."]
    kept = ok(client, "convert", text=text, to="pm-grid")
    assert kept["lossless"] is True
    assert kept["notes"] == []
    meta = (ROOT / "examples/sudoku/sudocue.sdk").read_text(encoding="utf-8")
    out = ok(client, "convert", text=meta, to="ss")
    assert out["notes"] == ["Left out: metadata (ss cannot hold it)."]
    out = ok(client, "convert", text=meta, to="candidates")
    # 0.2: the candidate grid holds metadata (HoDoKu's step, issue 16): only givens are lost
    assert out["notes"] == ["Left out: givens (candidates cannot hold it)."]
    assert ok(client, "convert", text=meta, to="sdk")["lossless"] is True


def test_convert_collections(client: TestClient) -> None:
    text = (ROOT / "examples/sudoku/seed-collection.sdm").read_text(encoding="utf-8")
    whole = ok(client, "convert", text=text, format="sdm", to="txt")
    assert whole["scope"] == "collection"
    assert whole["record"] is None
    assert puzzlefmt.loads(whole["text"], "txt") == list(puzzlefmt.loads(text, "sdm"))
    one = ok(client, "convert", text=text, format="sdm", to="sdk", record=3)
    assert one["scope"] == "record"
    assert one["record"] == 3
    assert one["notes"] == ["sdk holds one record: this is record 3 of 8."]
    assert puzzlefmt.loads(one["text"], "sdk") == puzzlefmt.loads(text, "sdm")[2]


def test_convert_checks_by_reading_back(client: TestClient) -> None:
    # nothing is declared lost: the output is read back and compared
    out = ok(client, "convert", text="3:a_a3_a_,a3m6m3s1", to="keen-json")
    assert out["notes"] == []
    assert puzzlefmt.loads(out["text"], "keen-json") == [puzzlefmt.loads("3:a_a3_a_,a3m6m3s1")]


def test_detect_takes_the_puzzle_out_of_a_share_link(client: TestClient) -> None:
    link = "https://www.sudokuwiki.org/sudoku.htm?bd=" + SUDOKU
    found = ok(client, "detect", text=link)
    assert found["text"] == SUDOKU
    assert found["source"] == "link"
    assert found["candidates"][0]["format"] == "line"
    keen = ok(client, "detect", text="https://example.org/js/keen.html#3:a_a3_a_,a3m6m3s1")
    assert keen["text"] == "3:a_a3_a_,a3m6m3s1"
    own = ok(client, "detect", text="http://127.0.0.1:8000/#format=line&text=" + SUDOKU)
    assert own["text"] == SUDOKU
    plain = ok(client, "detect", text=SUDOKU)
    assert plain["text"] is None
    assert plain["source"] is None


def test_records_pages(client: TestClient) -> None:
    lines = (ROOT / "examples/sudoku/seed-collection.sdm").read_text().split()
    body = [lines[i % len(lines)] for i in range(60)]
    body[39] = body[39][:40] + "x" + body[39][41:]  # record 40 does not read
    text = "\n".join(body) + "\n"
    first = ok(client, "records", text=text, format="sdm", page=1, size=25)
    assert (first["total"], first["bad"], first["pages"]) == (60, 1, 3)
    assert [r["number"] for r in first["rows"]] == list(range(1, 26))
    assert all(r["ok"] for r in first["rows"])
    second = ok(client, "records", text=text, format="sdm", page=2, size=25)
    bad = second["rows"][39 - 25]
    assert bad["number"] == 40
    assert bad["ok"] is False
    assert bad["error"]["line"] == 40
    assert bad["error"]["column"] == 41
    assert bad["status"].startswith("does not read: expected")
    last = ok(client, "records", text=text, format="sdm", page=3, size=25)
    assert [r["number"] for r in last["rows"]] == list(range(51, 61))
    err = error(client, "read", 422, text=text, format="sdm", record=40)
    assert (err["kind"], err["line"], err["column"], err["record"]) == ("parse", 40, 41, 40)
    view = ok(client, "read", text=text, format="sdm", record=41)
    assert view["records"] == {"total": 60, "bad": 1}
    assert error(client, "records", 400, text=text, format="sdm", size=101)["kind"] == \
        "bad-request"
    assert error(client, "read", 400, text=text, format="sdm", record=61)["message"] == \
        "no record 61: the text has 60 records"


def test_large_texts_are_detected_from_their_first_lines() -> None:
    lines = [SUDOKU] * 2000
    lines[1500] = "not a puzzle"
    text = "\n".join(lines) + "\n"
    assert len(text) > 64 * 1024
    assert service.detect(text)["candidates"][0]["format"] == "txt"
    page = service.records(text, "txt", page=31, size=50)
    bad = [r for r in page["rows"] if not r["ok"]]
    assert [r["number"] for r in bad] == [1501]
    assert (page["total"], page["bad"]) == (2000, 1)


def test_picture_thumbnail(client: TestClient) -> None:
    pic = ok(client, "picture", text=SUDOKU, size=120, theme="dark")
    root = svg_root(pic["picture"])
    assert root.get("width") == "120"
    assert ok(client, "picture", text=SUDOKU)["picture"] != pic["picture"]


# ---------------------------------------------------------------------- errors


def test_413_when_the_declared_body_is_too_large(client: TestClient) -> None:
    response = post(client, "detect", text="1" * MAX_BYTES)
    assert response.status_code == 413
    err = response.json()["error"]
    assert err["kind"] == "too-large"
    assert err["message"].startswith("the request is larger than the limit of 64 KiB")
    assert err["limit"] == MAX_BYTES


def test_413_when_a_streamed_body_grows_too_large(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(MAX_BYTES // 1024 + 2):
            yield b"1" * 1024
        yield b'"}'

    response = client.post("/api/detect", content=chunks(),
                           headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"]["kind"] == "too-large"


def test_a_body_under_the_limit_is_read(client: TestClient) -> None:
    text = (SUDOKU + "\n") * ((MAX_BYTES - 200) // 83)  # JSON writes each newline as \n
    assert MAX_BYTES - 300 < len(json.dumps({"text": text})) <= MAX_BYTES
    assert ok(client, "detect", text=text)["candidates"][0]["format"] in ("txt", "sdm")


def test_bad_text(client: TestClient) -> None:
    err = error(client, "read", 422, text="hello, world")
    assert err["kind"] == "unrecognised"
    broken = SUDOKU[:30] + "x" + SUDOKU[31:]
    err = error(client, "read", 422, text=broken, format="line")
    assert (err["kind"], err["format"], err["line"], err["column"]) == ("parse", "line", 1, 31)
    assert err["text"] == broken
    assert err["where"] == "record 1, line 1, column 31"
    sdk = (ROOT / "examples/sudoku/sudocue.sdk").read_text(encoding="utf-8").splitlines()
    sdk[10] = sdk[10][:4] + "?" + sdk[10][5:]
    err = error(client, "read", 422, text="\n".join(sdk), format="sdk")
    assert (err["line"], err["column"]) == (11, 5)
    assert error(client, "convert", 422, text="hello", to="line")["kind"] == "unrecognised"
    assert error(client, "solve", 422, text=broken, format="line")["kind"] == "parse"


def test_unrecognised_text_says_which_format_comes_closest(client: TestClient) -> None:
    lines = (ROOT / "examples/sudoku/sudocue.sdk").read_text(encoding="utf-8").splitlines()
    lines[10] = lines[10][:4] + "?" + lines[10][5:]
    text = "\n".join(lines)
    assert puzzlefmt.detect(text) == []
    err = error(client, "read", 422, text=text)
    assert err["kind"] == "unrecognised"
    assert (err["line"], err["column"], err["text"]) == (11, 5, lines[10])
    assert err["closest"] in ("ss", "sdk")
    assert err["message"].startswith("no format recognises this text (expected a Sudoku, "
                                     "Keen or CGP text); the closest is ")
    assert "found '?'" in err["message"]
    for far in ("hello, world", "<b>bold</b>", SUDOKU[:40]):
        err = error(client, "read", 422, text=far)
        assert "closest" not in err, far


def test_unknown_format(client: TestClient) -> None:
    err = error(client, "read", 400, text=SUDOKU, format="nope")
    assert err["kind"] == "unknown-format"
    assert err["message"].startswith("unknown format 'nope'; known formats: line, ")
    assert error(client, "convert", 400, text=SUDOKU, to="nope")["kind"] == "unknown-format"
    assert error(client, "solve", 400, text=SUDOKU, format="nope")["kind"] == "unknown-format"
    err = error(client, "convert", 400, text=SUDOKU, to="keen")
    assert err["message"] == ("keen is a keen format; this text is sudoku: convert within a "
                              "family")


def test_bad_requests(client: TestClient) -> None:
    err = error(client, "read", 400, format="line")
    assert err == {"kind": "bad-request", "message": "text: Field required"}
    assert error(client, "read", 400, text=SUDOKU, record=0)["kind"] == "bad-request"
    assert error(client, "read", 400, text=SUDOKU, colour="red")["kind"] == "bad-request"
    assert error(client, "solve", 400, text=SUDOKU, limit=1)["kind"] == "bad-request"
    assert error(client, "read", 400, text=SUDOKU, theme="pink")["kind"] == "bad-request"
    response = client.post("/api/read", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/read").status_code == 405


def test_actions_a_family_lacks(client: TestClient) -> None:
    cgp = (ROOT / "examples/cgp/seed-position.cgp").read_text(encoding="utf-8")
    assert error(client, "solve", 400, text=cgp)["message"] == "the cgp family has no solver"
    keen = "3:a_a3_a_,a3m6m3s1"
    assert error(client, "canon", 400, text=keen)["message"] == \
        "the keen family has no canonical form"
    assert error(client, "grade", 400, text=SUDOKU)["message"] == \
        "the sudoku family has no grader"
    assert error(client, "move", 400, text=SUDOKU, move="8G QAT")["message"] == \
        "the sudoku family has no moves"
    assert error(client, "game", 400, text=cgp)["kind"] == "unsupported"
    assert error(client, "convert", 400, text=cgp, to="cgp-list", record=2)["kind"] == \
        "bad-request"


def test_no_file_system_access(client: TestClient) -> None:
    for path in ("/static/../pyproject.toml", "/static/%2e%2e/pyproject.toml",
                 "/static/..%2f..%2fpyproject.toml", "/static//etc/passwd"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "puzzlefmt" not in response.text or response.json()["error"]
    # a text that looks like a path is text, never opened
    err = error(client, "read", 422, text=str(ROOT / "examples/sudoku/sudocue.sdk"))
    assert err["kind"] == "unrecognised"


def test_pasted_html_stays_text(client: TestClient) -> None:
    attack = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    err = error(client, "read", 422, text=attack)
    assert err["kind"] == "unrecognised"
    sdk = (ROOT / "examples/sudoku/sudocue.sdk").read_text(encoding="utf-8")
    sdk = sdk.replace("#ARuud", "#A" + attack)
    assert attack in sdk
    view = ok(client, "read", text=sdk, format="sdk")
    assert_inert(view["picture"])
    assert "<script" not in view["picture"]
    assert "<img" not in view["picture"]
    response = post(client, "read", text=sdk, format="sdk")
    assert response.headers["content-type"] == "application/json"


@examples(40)
@given(text=st.text(max_size=200))
def test_any_text_gets_an_answer_never_a_crash(client: TestClient, text: str) -> None:
    for path in ("detect", "read", "records"):
        response = post(client, path, text=text)
        assert response.status_code in (200, 400, 422), (path, response.text)
        body = response.json()
        assert ("error" in body) is (response.status_code != 200)


def test_time_out_gives_up_and_the_server_stays_up() -> None:
    app = create_app(solve_timeout=1.0, solvers=1)
    with TestClient(app) as client:
        assert ok(client, "solve", text=SUDOKU)["status"] == "unique"  # the process is ready
        assert client.get("/api/health").json() == {"ok": True, "solvers": 1, "ready": 1}
        # counting up to a billion solutions of a near-empty grid takes minutes
        err = error(client, "solve", 504, text="1" + "." * 80, limit=10**9)
        assert err == {"kind": "timeout", "message": "gave up after 1 s", "seconds": 1.0}
        # the server answered at once and goes on answering; the process was replaced
        assert client.get("/api/health").json()["solvers"] == 1
        assert ok(client, "read", text=SUDOKU)["status"].startswith("Follows the rules")
        assert ok(client, "solve", text=SUDOKU)["status"] == "unique"
