"""CGP pictures: premium squares coloured and labelled, the start star, tiles with their
values, blanks marked, the last move highlighted, racks and scores in turn order beside the
board; a golden picture compared by structure (PUZZLEFMT_REGEN_GOLDEN=1 rewrites it: see
tests/svg_golden.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from puzzlefmt.cgp.layouts import Premium
from puzzlefmt.cgp.position import Position
from puzzlefmt.cgp.svg import COLORS, PREMIUM_LABELS, cgp_svg
from puzzlefmt.svg import Svg, svg
from svg_golden import check_golden, classes, find, parse, texts

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18;"
ROWS = ["15"] * 15
ROWS[7] = "6QaT6"
# Player 2 just played QaT (a blank as A on the start square); player 1 is to move.
QAT = "/".join(ROWS) + " ADEIRS?/ELNO 0/22 0 lex NWL18; lm 8G QaT;"
LIGHT = COLORS["light"]


def squares(root: ET.Element) -> dict[str, ET.Element]:
    """The square rects by name (``8H``)."""
    return {classes(el)[1]: el for el in find(root, "rect", "square")}


def test_premium_squares_coloured_and_labelled() -> None:
    pos = Position(EMPTY)
    root = parse(cgp_svg(pos))
    sq = squares(root)
    assert len(sq) == 225
    kinds = Counter(classes(el)[2] for el in sq.values())
    assert kinds == {"square": 164, "tw": 8, "dw": 17, "tl": 12, "dl": 24}
    for el in sq.values():
        assert el.get("fill") == LIGHT[classes(el)[2]]
    assert sq["1A"].get("fill") == LIGHT["tw"]
    assert sq["2F"].get("fill") == LIGHT["tl"]
    labels = Counter(texts(root, "premium-label"))
    assert labels == {"TW": 8, "DW": 16, "TL": 12, "DL": 24}  # the start square has the star
    assert len(find(root, "polygon", "star")) == 1
    for el in find(root, "text", "premium-label"):
        assert el.get("fill") is not None
    assert texts(parse(cgp_svg(pos, premium_labels=False)), "premium-label") == []


def test_every_premium_has_a_label_and_colour() -> None:
    for premium in Premium:
        label, name = PREMIUM_LABELS[premium]
        for theme in ("light", "dark", "print"):
            assert name in COLORS[theme]
            if label:
                assert name + "_text" in COLORS[theme]


def test_tiles_values_blanks_and_last_move() -> None:
    pos = Position(QAT)
    root = parse(cgp_svg(pos))
    board = find(root, "g", "tiles")[0]
    tiles = find(board, "g", "tile")
    assert len(tiles) == 3
    assert [t.findtext("text") for t in tiles] == ["Q", "a", "T"]
    assert [texts(t, "value") for t in tiles] == [["10"], ["0"], ["1"]]
    assert [("blank" in classes(t)) for t in tiles] == [False, True, False]
    assert all("last-move" in classes(t) for t in tiles)
    fills = [t.find("rect").get("fill") for t in tiles]  # type: ignore[union-attr]
    assert fills == [LIGHT["last_move"]] * 3
    blank_letter = find(tiles[1], "text", "letter")[0]
    assert blank_letter.get("fill") == LIGHT["blank_text"]
    assert find(root, "polygon", "star") == []  # the start square is covered
    covered = squares(root)["8H"]
    assert "dw" in classes(covered)
    assert covered.get("fill") == LIGHT["square"]
    quiet = parse(cgp_svg(pos, last_move=False))
    tiles = find(find(quiet, "g", "tiles")[0], "g", "tile")
    assert not any("last-move" in classes(t) for t in tiles)
    assert tiles[0].find("rect").get("fill") == LIGHT["tile"]  # type: ignore[union-attr]
    assert tiles[1].find("rect").get("fill") == LIGHT["blank_tile"]  # type: ignore[union-attr]


def test_played_through_tiles_are_not_last_move() -> None:
    pos = Position(EMPTY).play("8G QAT").play("H7 A.", check_rack=False)
    root = parse(cgp_svg(pos))
    tiles = find(find(root, "g", "tiles")[0], "g", "tile")
    recent = [t.findtext("text") for t in tiles if "last-move" in classes(t)]
    assert recent == ["A"]  # H7 only: H8 was there already
    assert len(tiles) == 4


def test_panel_racks_scores_and_turn() -> None:
    root = parse(cgp_svg(Position(QAT)))
    players = find(root, "g", "player")
    assert len(players) == 2
    assert "to-move" in classes(players[0])
    assert "to-move" not in classes(players[1])
    assert len(find(root, "polygon", "turn-marker")) == 1
    assert [texts(p, "score") for p in players] == [["0"], ["22"]]
    assert texts(players[0], "name") == ["Player 1 · to move"]
    rack = find(players[0], "g", "rack-tile")
    assert [texts(t, "letter") for t in rack] == [[c] for c in "ADEIRS"] + [[]]  # blank: none
    assert len(rack) == 7
    assert "blank" in classes(rack[6])
    assert texts(rack[6], "value") == ["0"]
    assert [t.findtext("text") for t in find(players[1], "g", "rack-tile")] == list("ELNO")
    facts = texts(root, "fact")
    assert "Last move (player 2): 8G QaT" in facts
    assert "Lexicon: NWL18" in facts
    unknown = parse(cgp_svg(Position(EMPTY)))
    assert texts(unknown, "rack-unknown") == ["rack not known"]


def test_without_panel_or_coordinates() -> None:
    pos = Position(QAT)
    full = parse(cgp_svg(pos))
    bare = parse(cgp_svg(pos, panel=False, coordinates=False))
    assert find(bare, "g", "panel") == []
    assert find(bare, "g", "coordinates") == []
    full_w = float(full.get("viewBox", "").split()[2])
    bare_w = float(bare.get("viewBox", "").split()[2])
    assert bare_w < full_w * 0.75
    coords = [el.text for el in find(full, "g", "coordinates")[0].iter("text")]
    assert coords[:3] == ["A", "B", "C"]
    assert "15" in coords


def _box(root: ET.Element) -> tuple[float, float]:
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    return width, height


def test_panel_below_the_board() -> None:
    """``panel_position="below"``: a tall picture, the board as wide as the picture, the
    players side by side under it (the page's column then shows the board larger)."""
    pos = Position(QAT)
    right = parse(cgp_svg(pos))
    below = parse(svg(pos, panel_position="below"))  # a declared option of the renderer
    width, height = _box(below)
    assert height > width
    assert width < _box(right)[0] * 0.7
    board = [float(r.get("x", "0")) + float(r.get("width", "0"))
             for r in find(below, "rect", "square")]
    assert width - max(board) <= 10  # the board spans the picture
    bottom = max(float(r.get("y", "0")) + float(r.get("height", "0"))
                 for r in find(below, "rect", "square"))
    players = find(below, "g", "player")
    names = [next(t for t in p.iter("text") if "name" in classes(t)) for p in players]
    assert [n.text for n in names] == ["Player 1 · to move", "Player 2"]
    assert all(float(n.get("y", "0")) > bottom for n in names)  # under the board
    assert names[0].get("y") == names[1].get("y")  # side by side
    assert float(names[1].get("x", "0")) > width / 2
    facts = find(below, "text", "fact")
    assert "Last move (player 2): 8G QaT" in [f.text for f in facts]
    assert min(float(f.get("y", "0")) for f in facts) > float(names[0].get("y", "0")) + 60
    assert all(float(f.get("y", "0")) < height for f in facts)
    # a rack of nine (hong_kong_english) does not fit twice under a 15x15 board: one a row
    hk = parse(cgp_svg(Position(EMPTY + " ld hong_kong_english;"), panel_position="below"))
    hk_names = find(hk, "text", "name")
    assert float(hk_names[1].get("y", "0")) > float(hk_names[0].get("y", "0"))
    with pytest.raises(ValueError, match="panel_position"):
        cgp_svg(pos, panel_position="left")  # type: ignore[arg-type]


def test_highlight_squares() -> None:
    root = parse(cgp_svg(Position(QAT), highlight=["8H", "H9", (0, 0)]))
    lit = find(root, "rect", "highlight")
    assert len(lit) == 3
    assert {el.get("fill") for el in lit} == {"#ffe98a"}
    x = {float(el.get("x", "")) for el in lit}
    sq = squares(root)
    assert x == {float(sq[name].get("x", "")) + 1 for name in ("8H", "9H", "1A")}
    root = parse(cgp_svg(Position(QAT), highlight={"1A": "#00f"}))
    assert [el.get("fill") for el in find(root, "rect", "highlight")] == ["#00f"]
    for bad in ("16A", "P1", "xx", (15, 0), 3):
        with pytest.raises(ValueError, match="square"):
            cgp_svg(Position(QAT), highlight=[bad])  # type: ignore[list-item]


def test_other_boards_players_and_distributions() -> None:
    big = Position.empty(21, players=3)
    root = parse(cgp_svg(big))
    assert len(squares(root)) == 441
    assert len(find(root, "g", "player")) == 3
    assert Counter(texts(root, "premium-label"))["QW"] == 4
    bricks = parse(cgp_svg(Position(EMPTY.replace("NWL18;", "NWL18; bdn wolges_punctured15;"))))
    assert any("brick" in classes(el) for el in find(bricks, "rect", "square"))
    spanish = Position("15/15/15/15/15/15/15/7[CH]7/15/15/15/15/15/15/15 / 0/0 0 ld spanish;")
    tiles = find(find(parse(cgp_svg(spanish)), "g", "tiles")[0], "g", "tile")
    assert [t.findtext("text") for t in tiles] == ["CH"]
    letter = find(tiles[0], "text", "letter")[0]
    assert float(letter.get("font-size", "")) < 40 * 0.58  # shrunk to fit the tile


def test_themes_and_colours() -> None:
    pos = Position(QAT)
    dark = parse(cgp_svg(pos, theme="dark"))
    assert squares(dark)["1A"].get("fill") == COLORS["dark"]["tw"]
    mine = parse(cgp_svg(pos, colors={"tw": "#000", "last_move": "lime"}, size=500))
    assert squares(mine)["1A"].get("fill") == "#000"
    assert mine.get("width") == "500"
    with pytest.raises(ValueError, match="unknown colour 'triple'"):
        cgp_svg(pos, colors={"triple": "red"})


def test_dispatch_and_jupyter() -> None:
    pos = Position(QAT)
    picture = svg(pos)
    assert isinstance(picture, Svg)
    assert picture == cgp_svg(pos)
    assert picture._repr_svg_() == str(picture)
    assert "3 tiles" in (parse(picture).findtext("title") or "")


def test_golden_picture() -> None:
    check_golden("cgp_qat.svg", cgp_svg(Position(QAT), highlight=["1A"]))
