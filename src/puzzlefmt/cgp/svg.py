"""The SVG picture of a crossword game :class:`~puzzlefmt.cgp.position.Position`.

>>> from puzzlefmt.cgp.position import Position
>>> pos = Position("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18;")
>>> picture = cgp_svg(pos.play("8G QAT"))
>>> picture.count('class="tile last-move"'), picture.count('class="rack-tile"')
(3, 4)

The board with its premium squares coloured and labelled (``TW DW TL DL``, ``QW QL`` on
boards that have them; squares no tile may cover dark) and a star on the empty start square;
tiles with their point values, a blank played as a letter shown in lower case on a tile of
its own colour, worth 0; the tiles of the last move (``lm``) in their own colour. Beside the
board, the players in turn order (an arrow at the player to move), by name when the position
has them (a game record's ``#player`` names), else by their place in the turn order, with
their scores and racks, then the last move, the bag, the lexicon.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Literal
from xml.etree.ElementTree import Element

from puzzlefmt.cgp.game import Game
from puzzlefmt.cgp.layouts import Premium
from puzzlefmt.cgp.moves import Move, column_index, column_name, square_name
from puzzlefmt.cgp.position import Position
from puzzlefmt.cgp.tiles import BLANK, is_blank
from puzzlefmt.format import Option, Renderer
from puzzlefmt.svg import (
    THEMES,
    Svg,
    ThemeName,
    element,
    fit_font_size,
    highlights,
    palette,
    polygon,
    rect,
    render,
    star_points,
    svg_root,
    text,
)

__all__ = [
    "COLORS",
    "GAME_RENDERER",
    "MAX_PICTURE_SQUARES",
    "PREMIUM_LABELS",
    "RENDERER",
    "Square",
    "cgp_svg",
    "draw",
    "draw_game",
    "with_move",
]

#: The largest board a picture draws, in squares (a 100x100 board; the standard boards are
#: 15x15 and 21x21). A picture of a bigger board would take minutes and gigabytes to build
#: and could not be read on any screen: it is refused with a message.
MAX_PICTURE_SQUARES = 10_000

#: A square as the ``highlight`` option takes it: ``"8H"`` or ``"H8"`` (as in moves), or
#: ``(row, column)`` from 0.
Square = str | tuple[int, int]

#: The label drawn on each kind of premium square, and the colour name of its fill.
PREMIUM_LABELS: dict[Premium, tuple[str, str]] = {
    Premium.TRIPLE_WORD: ("TW", "tw"),
    Premium.DOUBLE_WORD: ("DW", "dw"),
    Premium.QUADRUPLE_WORD: ("QW", "qw"),
    Premium.TRIPLE_LETTER: ("TL", "tl"),
    Premium.DOUBLE_LETTER: ("DL", "dl"),
    Premium.QUADRUPLE_LETTER: ("QL", "ql"),
    Premium.BRICK: ("", "brick"),
    Premium.NONE: ("", "square"),
}

#: CGP colours per theme, on top of the shared ones (``background``, ``line``, ``border``,
#: ``text``, ``muted``, ``highlight``). Each premium colour ``xx`` has a label colour
#: ``xx_text``.
COLORS: dict[str, dict[str, str]] = {
    "light": {
        "square": "#e8e4d8",
        "grid": "#ffffff",
        "tw": "#d9473f",
        "tw_text": "#ffffff",
        "dw": "#f3a6a0",
        "dw_text": "#6b2a25",
        "qw": "#e07b1f",
        "qw_text": "#ffffff",
        "tl": "#2f6fc4",
        "tl_text": "#ffffff",
        "dl": "#a8cdf0",
        "dl_text": "#1f4770",
        "ql": "#5cae5c",
        "ql_text": "#ffffff",
        "brick": "#4a4a4a",
        "star": "#6b2a25",
        "tile": "#f2d7a0",
        "tile_edge": "#b08a4c",
        "tile_text": "#2b1d0e",
        "blank_tile": "#fffdf7",
        "blank_text": "#c0392b",
        "last_move": "#ffc94a",
        "last_edge": "#b36b00",
        "to_move": "#2e7d32",
    },
    "dark": {
        "square": "#34363b",
        "grid": "#1e1f22",
        "tw": "#a8352f",
        "tw_text": "#ffe6e3",
        "dw": "#7d4a52",
        "dw_text": "#ffd6d9",
        "qw": "#a5601c",
        "qw_text": "#fff0dd",
        "tl": "#285a9c",
        "tl_text": "#e0ecff",
        "dl": "#3e6584",
        "dl_text": "#d6e9ff",
        "ql": "#3f7a3f",
        "ql_text": "#e3ffe3",
        "brick": "#0f0f10",
        "star": "#ffd6d9",
        "tile": "#d9c08c",
        "tile_edge": "#8a6d35",
        "tile_text": "#1a1208",
        "blank_tile": "#f4f1ea",
        "blank_text": "#c0392b",
        "last_move": "#f0b429",
        "last_edge": "#ffe08a",
        "to_move": "#66bb6a",
    },
    "print": {
        "square": "#ffffff",
        "grid": "#000000",
        "tw": "#404040",
        "tw_text": "#ffffff",
        "dw": "#a6a6a6",
        "dw_text": "#000000",
        "qw": "#202020",
        "qw_text": "#ffffff",
        "tl": "#737373",
        "tl_text": "#ffffff",
        "dl": "#d9d9d9",
        "dl_text": "#000000",
        "ql": "#bfbfbf",
        "ql_text": "#000000",
        "brick": "#000000",
        "star": "#000000",
        "tile": "#ffffff",
        "tile_edge": "#000000",
        "tile_text": "#000000",
        "blank_tile": "#e6e6e6",
        "blank_text": "#000000",
        "last_move": "#f2f2f2",
        "last_edge": "#000000",
        "to_move": "#000000",
    },
}

_SQ = 40.0  # internal units per square
_RACK_SQ = 34.0  # a rack tile
_GAP = 28.0  # between the board and the side panel
_PLAYER_H = 86.0  # one player's name, score and rack
_FACT_H = 22.0  # one line of facts
_COORD = 22.0  # the coordinate margins
_PAD = 6.0
_ACROSS = re.compile(r"([0-9]+)([A-Za-z]+)")
_DOWN = re.compile(r"([A-Za-z]+)([0-9]+)")


def cgp_svg(
    position: Position | Game,
    *,
    size: int | None = None,
    theme: ThemeName = "light",
    colors: Mapping[str, str] | None = None,
    highlight: Mapping[Square, str | None] | Iterable[Square] | str | None = None,
    last_move: bool = True,
    coordinates: bool = True,
    premium_labels: bool = True,
    panel: bool = True,
    panel_position: Literal["right", "below"] = "right",
    title: str | None = None,
) -> Svg:
    """The picture of ``position`` as SVG (of a :class:`Game`, its last position).

    - ``size``: width in pixels of the whole picture (default: one pixel per unit, 40 per
      square).
    - ``theme``: ``"light"``, ``"dark"`` or ``"print"``; ``colors`` replaces some of its
      colours by name (see :data:`COLORS`).
    - ``highlight``: squares to mark (``["8H", (0, 0)]``), or a mapping of squares to
      colours (``None``: the theme's highlight colour). A marked square is tinted over
      whatever stands on it.
    - ``last_move``: draw the tiles ``lm`` placed in the last-move colour.
    - ``coordinates``: column letters above and row numbers left of the board.
    - ``premium_labels``: write ``TW``, ``DW``... on the empty premium squares.
    - ``panel``: the players, scores, racks and game facts beside the board.
    - ``panel_position``: ``"right"`` of the board (a wide picture), or ``"below"`` it (a
      tall one that a narrow column shows larger: the players side by side as far as the
      board's width allows, the facts under them).
    - ``title``: the picture's ``<title>`` (default: a short description).
    """
    if isinstance(position, Game):  # a game record: its last position
        position = position.position(len(position.events))
    rows, cols = position.rows, position.cols
    if rows * cols > MAX_PICTURE_SQUARES:
        raise ValueError(
            f"cgp: a picture draws boards of at most {MAX_PICTURE_SQUARES:,} squares (100x100);"
            f" this board is {rows}x{cols} ({rows * cols:,} squares)"
        )
    col = palette(theme, COLORS, colors, what="CGP")

    def key(sq: Any) -> tuple[int, int]:
        return _square_key(sq, rows, cols)

    marks = highlights(highlight, key, col["highlight"])
    layout = position.layout
    start = layout.start
    recent = set(position.last_move_squares()) if last_move else set()

    left = _COORD if coordinates else _PAD
    top = _COORD if coordinates else _PAD
    board_w, board_h = cols * _SQ, rows * _SQ
    if panel_position not in ("right", "below"):
        raise ValueError(f"panel_position: expected 'right' or 'below', found {panel_position!r}")
    below = panel_position == "below"
    player_w = max(7, position.rack_size) * (_RACK_SQ + 4)
    info = _facts(position) if panel else []
    columns = _player_columns(position.players, player_w, board_w) if below else 1
    panel_h = (-(-position.players // columns) * _PLAYER_H + 14 + len(info) * _FACT_H
               if panel else 0.0)
    if panel and below:
        panel_x, panel_y = left, top + board_h + _GAP
        width = left + max(board_w, player_w + 20) + _PAD
        height = panel_y + panel_h + _PAD
    else:
        panel_x, panel_y = left + board_w + _GAP, top
        width = panel_x + player_w + 20 if panel else left + board_w + _PAD
        height = max(top + board_h + _PAD, top + panel_h + _PAD)
    if title is None:
        title = (f"Crossword game position: {rows}x{cols} board, "
                 f"{sum(1 for _ in position.tiles())} tiles, scores "
                 + " / ".join(str(s) for s in position.scores))
    root = svg_root(width, height, size=size, title=title, background=col["background"],
                    class_="cgp")

    if coordinates:
        labels = element(root, "g", class_="coordinates", fill=col["muted"])
        for c in range(cols):
            name = column_name(c)
            text(labels, left + (c + 0.5) * _SQ, top / 2, name,
                 font_size=fit_font_size(name, _SQ, 13))
        for r in range(rows):
            name = str(r + 1)
            text(labels, left / 2, top + (r + 0.5) * _SQ, name,
                 font_size=fit_font_size(name, left - 2, 13))

    squares = element(root, "g", class_="squares")
    for r in range(rows):
        for c in range(cols):
            premium = layout.squares[r][c]
            label, name = PREMIUM_LABELS[premium]
            x, y = left + c * _SQ, top + r * _SQ
            covered = position.board[r][c] is not None
            # A covered premium keeps its class but not its colour: the tile hides it.
            rect(squares, x, y, _SQ, _SQ, fill=col["square" if covered else name],
                 stroke=col["grid"], stroke_width=1.5,
                 class_=f"square {square_name(r, c)} {name}")
            if covered:
                continue
            if (r, c) == start and premium is not Premium.BRICK:
                polygon(squares, star_points(x + _SQ / 2, y + _SQ / 2, _SQ * 0.36),
                        fill=col["star"], class_="star")
            elif label and premium_labels:
                text(squares, x + _SQ / 2, y + _SQ / 2, label, font_size=_SQ * 0.3,
                     fill=col[name + "_text"], font_weight="bold", class_="premium-label")

    tiles = element(root, "g", class_="tiles")
    for r, c, tile in position.tiles():
        _tile(tiles, col, left + c * _SQ, top + r * _SQ, _SQ, tile,
              _score(position, tile), recent=(r, c) in recent)

    if marks:
        group = element(root, "g", class_="highlights")
        for (r, c), fill in marks.items():
            rect(group, left + c * _SQ + 1, top + r * _SQ + 1, _SQ - 2, _SQ - 2, fill=fill,
                 fill_opacity=0.55, stroke=fill, stroke_width=3, class_="highlight")

    if panel:
        _panel(root, position, col, panel_x, panel_y, info,
               across=max(board_w, player_w) if below else None)
    return render(root)


def _player_columns(players: int, player_w: float, across: float) -> int:
    """How many players stand side by side in ``across`` units (at least one)."""
    return max(1, min(players, int((across + _GAP) // (player_w + _GAP))))


def _tile(
    parent: Element,
    col: Mapping[str, str],
    x: float,
    y: float,
    side: float,
    tile: str,
    points: int | None,
    *,
    recent: bool = False,
    cls: str = "tile",
) -> None:
    """One tile: a rounded square, its label, its points in the bottom-right corner."""
    blank = is_blank(tile)
    inset = side * 0.05
    fill = col["last_move"] if recent else col["blank_tile"] if blank else col["tile"]
    edge = col["last_edge"] if recent else col["tile_edge"]
    names = cls + (" blank" if blank else "") + (" last-move" if recent else "")
    group = element(parent, "g", class_=names)
    rect(group, x + inset, y + inset, side - 2 * inset, side - 2 * inset, rx=side * 0.12,
         fill=fill, stroke=edge, stroke_width=2.5 if recent else 1.2)
    shown = "" if tile == BLANK else tile
    if shown:
        font = fit_font_size(shown, side * 0.7, side * 0.58)
        # Two-digit values (Q, Z: 10) take more of the corner: move the letter aside.
        cx = side * (0.42 if points is not None and points >= 10 else 0.45)
        text(group, x + cx, y + side * 0.46, shown, font_size=font,
             font_weight="bold", fill=col["blank_text"] if blank else col["tile_text"],
             class_="letter")
    if points is not None:
        text(group, x + side * 0.89, y + side * 0.87, str(points), font_size=side * 0.23,
             anchor="end", valign="baseline", fill=col["tile_text"], class_="value")


def _score(position: Position, tile: str) -> int | None:
    try:
        return position.tile_score(tile)
    except (KeyError, ValueError):  # a tile the distribution does not know: no value shown
        return None


def _facts(position: Position) -> list[str]:
    """The lines under the racks: last move, bag, lexicon and the like."""
    out: list[str] = []
    move = position.last_move
    if move is not None:
        # the mover went to the end of the turn order
        by = (f" ({position.player_label(position.players - 1)})"
              if position.players > 1 else "")
        out.append(f"Last move{by}: {move}")
    out.append(f"Bag: {position.bag_count()} · unseen: {sum(position.unseen().values())}")
    if position.lexicon:
        out.append(f"Lexicon: {position.lexicon}")
    out.append(f"Tiles: {position.distribution.name}")
    out.append(f"Board: {position.layout.name}")
    if position.zero_turns:
        out.append(f"Zero-score turns: {position.zero_turns} of {position.max_zero_turns}")
    return out


def _panel(
    root: Element,
    position: Position,
    col: Mapping[str, str],
    x: float,
    top: float,
    info: list[str],
    *,
    across: float | None = None,
) -> None:
    """The players (one under another; with ``across``, side by side over that width as far
    as they fit), then the facts."""
    group = element(root, "g", class_="panel")
    width = max(7, position.rack_size) * (_RACK_SQ + 4)
    columns = 1 if across is None else _player_columns(position.players, width, across)
    step = (across - width) / (columns - 1) if across is not None and columns > 1 else 0.0
    for i, (rack, score) in enumerate(zip(position.racks, position.scores, strict=False)):
        px = x + (i % columns) * step
        y = top + (i // columns) * _PLAYER_H
        player = element(group, "g", class_="player to-move" if i == 0 else "player")
        if i == 0:
            polygon(player, [(px, y + 4), (px + 13, y + 12), (px, y + 20)],
                    fill=col["to_move"], class_="turn-marker")
        name = position.player_label(i, unnamed="Player {n}") + (" · to move" if i == 0 else "")
        # the name fits between the turn marker and the score
        room = width - 20 - (len(str(score)) * 0.62 * 20 + 10)
        text(player, px + 20, y + 12, name, font_size=fit_font_size(name, room, 16),
             anchor="start", font_weight="bold" if i == 0 else None, fill=col["text"],
             class_="name")
        text(player, px + width, y + 12, str(score), font_size=20, anchor="end",
             font_weight="bold", fill=col["text"], class_="score")
        ry = y + 30
        if rack:
            for k, tile in enumerate(rack):
                _tile(player, col, px + k * (_RACK_SQ + 4), ry, _RACK_SQ, tile,
                      _score(position, tile), cls="rack-tile")
        else:
            text(player, px, ry + _RACK_SQ / 2, "rack not known", font_size=14,
                 anchor="start", fill=col["muted"], class_="rack-unknown")
    facts = element(group, "g", class_="facts", fill=col["muted"])
    y = top + -(-position.players // columns) * _PLAYER_H + 6
    room = across if across is not None else width + 16
    for entry in info:
        text(facts, x, y, entry, font_size=fit_font_size(entry, room, 14, advance=0.56),
             anchor="start", valign="top", class_="fact")
        y += _FACT_H


def _square_key(sq: Any, rows: int, cols: int) -> tuple[int, int]:
    if isinstance(sq, str):
        name = sq.strip()
        m = _ACROSS.fullmatch(name)
        if m is not None:
            r, c = int(m.group(1)) - 1, column_index(m.group(2))
        else:
            m = _DOWN.fullmatch(name)
            if m is None:
                raise ValueError(f"expected a square such as '8H' or 'H8', found {sq!r}")
            r, c = int(m.group(2)) - 1, column_index(m.group(1))
    elif isinstance(sq, tuple) and len(sq) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in sq
    ):
        r, c = int(sq[0]), int(sq[1])
    else:
        raise ValueError(f"expected a square as '8H', 'H8' or (row, column), found {sq!r}")
    if not (0 <= r < rows and 0 <= c < cols):
        raise ValueError(f"no square {sq!r} on a {rows}x{cols} board")
    return r, c


def with_move(position: Position, move: str | Move) -> Position:
    """The position with ``move``'s tiles on the board and ``move`` as its last move (the
    rest unchanged: racks, scores, player to move), so that a picture shows the move in the
    last-move colour; a pass or an exchange changes nothing. Raises
    :class:`~puzzlefmt.cgp.IllegalMoveError` for a placement that breaks a rule of the
    board."""
    mv = position.parse_move(move) if isinstance(move, str) else move
    if not mv.is_placement:
        return position
    play = position.evaluate(mv, check_rack=False)
    board = [list(row) for row in position.board]
    for r, c, tile in play.placed:
        board[r][c] = tile
    return position.replace(board=board, last_move=mv)


def draw(
    position: Position | Game,
    *,
    highlight: str | Mapping[Square, str | None] | Iterable[Square] | None = None,
    move: str | Move | None = None,
    **options: Any,
) -> Svg:
    """:func:`cgp_svg`, where ``highlight`` may also be text naming squares separated by
    commas or spaces (``"8H,H9"``), as the picture's declared option gives it; ``move`` (a
    position's placement, ``"8G QIS"``) is drawn on the board in the last-move colour
    (:func:`with_move`)."""
    if isinstance(highlight, str):
        highlight = [sq for sq in re.split(r"[\s,]+", highlight) if sq]
    if move is not None and isinstance(position, Position):
        position = with_move(position, move)
    return cgp_svg(position, highlight=highlight, **options)


def draw_game(game: Game, *, at: int | None = None, **options: Any) -> Svg:
    """The picture of a game record's position after ``at`` events (default: the last)."""
    n = len(game.events) if at is None else at
    if n > len(game.events):
        raise ValueError(f"at {n}: the game has {len(game.events)} events (0 to "
                         f"{len(game.events)})")
    return draw(game.position(n), **options)


_OPTIONS = (
    Option("size", int, None, "width in pixels (default: the picture's own)", minimum=1),
    Option("theme", str, "light", "colour theme", choices=THEMES),
    Option("highlight", str, None, "squares to mark, e.g. 8H,H9"),
    Option("move", str, None, "a placement to draw on the board in the last-move colour, "
           "e.g. 8G QIS (a generated move)"),
    Option("last_move", bool, True, "draw the tiles of lm in the last-move colour"),
    Option("coordinates", bool, True, "column letters and row numbers"),
    Option("premium_labels", bool, True, "TW, DW, TL, DL on the empty premium squares"),
    Option("panel", bool, True, "players, scores, racks and facts beside the board"),
    Option("panel_position", str, "right", "the panel right of the board or below it",
           choices=("right", "below")),
    Option("title", str, None, "the picture's <title> (default: a short description)"),
)

#: The SVG picture of a position.
RENDERER = Renderer(
    name="cgp-svg",
    family="cgp",
    model=Position,
    kind="svg",
    description="SVG picture: board with premiums, tiles and values, last move, racks, scores",
    draw=draw,
    options=_OPTIONS,
)

#: The SVG picture of a game record (one of its positions).
GAME_RENDERER = Renderer(
    name="gcg-svg",
    family="cgp",
    model=Game,
    kind="svg",
    description="SVG picture of a game record's position after N events (default: the last)",
    draw=draw_game,
    options=(*_OPTIONS, Option("at", int, None, "the position after this many events",
                               minimum=0)),
)
