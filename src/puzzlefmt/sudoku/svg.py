"""The SVG picture of a Sudoku :class:`~puzzlefmt.sudoku.grid.Grid`.

>>> from puzzlefmt.sudoku.grid import Grid
>>> g = Grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> picture = sudoku_svg(g, highlight=["r1c1", "r5c5"], size=300)
>>> picture.count('class="given'), picture.count('class="cell r')
(17, 81)

Givens are bold, placed digits another colour, candidates small digits at their place in
a 3x3 layout inside the cell (1 top left, 9 bottom right), candidates a player struck out
(HoDoKu's eliminations) faded and crossed, digits that repeat in a unit red. Box lines are
thick. A rating step (``step=``) is drawn on the grid, a chaining step with its chain.
Every cell is a ``<rect class="cell rRcC">`` so that a picture can be styled or inspected
by cell.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, Protocol

from puzzlefmt.format import Option, Renderer
from puzzlefmt.sudoku.grid import COL, ROW, UNITS, Grid
from puzzlefmt.svg import (
    THEMES,
    Svg,
    ThemeName,
    element,
    highlights,
    line,
    num,
    palette,
    polygon,
    rect,
    render,
    svg_root,
    text,
)

__all__ = ["COLORS", "RENDERER", "CandidateMode", "Cell", "StepLike", "draw", "sudoku_svg"]

#: Which candidates a picture draws: ``"auto"`` (those the grid records), ``"computed"`` (those, or
#: else those the digits leave open) or ``"none"``.
CandidateMode = Literal["auto", "computed", "none"]

#: A cell as the ``highlight`` option takes it: index 0-80, ``"r1c1"`` (1-based, as in
#: messages), or ``(row, column)`` 0-based.
Cell = int | str | tuple[int, int]

#: Sudoku colours per theme, on top of the shared ones (``background``, ``line``, ``border``,
#: ``text``, ``muted``, ``highlight``). Any of them can be replaced with ``colors={...}``.
COLORS: dict[str, dict[str, str]] = {
    "light": {
        "cell": "#ffffff",
        "given": "#111111",
        "placed": "#1f5fbf",
        "solution": "#2e7d32",
        "candidate": "#5a5a5a",
        "eliminated": "#d08a8a",
        "conflict": "#d32f2f",
        "unit": "#fff6d5",
        "pattern": "#cfe3ff",
        "focus": "#0b4fb3",
        "removed": "#d32f2f",
        "placing": "#2e7d32",
        "chain-on": "#a5d6a7",
        "chain-off": "#ffcc80",
        "chain-link": "#7b1fa2",
    },
    "dark": {
        "cell": "#26282c",
        "given": "#f2f2f2",
        "placed": "#7fb2ff",
        "solution": "#81c784",
        "candidate": "#a9acb2",
        "eliminated": "#8a5656",
        "conflict": "#ff6b6b",
        "unit": "#3a3826",
        "pattern": "#27405f",
        "focus": "#9cc4ff",
        "removed": "#ff6b6b",
        "placing": "#81c784",
        "chain-on": "#2e6b36",
        "chain-off": "#7a4b16",
        "chain-link": "#e1a6f0",
    },
    "print": {
        "cell": "#ffffff",
        "given": "#000000",
        "placed": "#505050",
        "solution": "#505050",
        "candidate": "#505050",
        "eliminated": "#a0a0a0",
        "conflict": "#000000",
        "unit": "#f2f2f2",
        "pattern": "#d9d9d9",
        "focus": "#000000",
        "removed": "#000000",
        "placing": "#000000",
        "chain-on": "#bdbdbd",
        "chain-off": "#ffffff",
        "chain-link": "#000000",
    },
}

class StepLike(Protocol):
    """What the ``step`` option draws: a :class:`puzzlefmt.sudoku.rating.Step` (cells 0-80,
    digits 1-9, units 0-26, ``(cell, digit)`` placements and eliminations)."""

    @property
    def cells(self) -> Sequence[int]:
        """The cells of the pattern (0-80)."""

    @property
    def digits(self) -> Sequence[int]:
        """The digits the pattern is made of (1-9)."""

    @property
    def units(self) -> Sequence[int]:
        """The units involved: rows 0-8, columns 9-17, boxes 18-26."""

    @property
    def places(self) -> Sequence[tuple[int, int]]:
        """The ``(cell, digit)`` the step places."""

    @property
    def eliminates(self) -> Sequence[tuple[int, int]]:
        """The ``(cell, digit)`` candidates the step removes."""

    @property
    def links(self) -> Sequence[tuple[int, int, bool, int]]:
        """A chaining step's chain (empty for the others): its nodes ``(cell, digit, on,
        parent)``, ``parent`` an index into ``links`` (-1 for a start)."""


_CELL = 50.0  # internal units per cell
_THICK = 3.0
_THIN = 1.0
_MARGIN = 4.0  # room for half the outer border
_NAME = re.compile(r"[rR]([1-9])[cC]([1-9])")


def _cell_key(cell: Any) -> int:
    if isinstance(cell, bool):
        raise ValueError(f"not a cell: {cell!r}")
    if isinstance(cell, int):
        if 0 <= cell < 81:
            return cell
        raise ValueError(f"cell index {cell} is out of range 0-80")
    if isinstance(cell, str):
        m = _NAME.fullmatch(cell.strip())
        if m is None:
            raise ValueError(f"expected a cell such as 'r1c1', found {cell!r}")
        return (int(m.group(1)) - 1) * 9 + int(m.group(2)) - 1
    if isinstance(cell, tuple) and len(cell) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in cell
    ):
        r, c = int(cell[0]), int(cell[1])
        if 0 <= r < 9 and 0 <= c < 9:
            return r * 9 + c
        raise ValueError(f"cell (row, column) {cell!r} is out of range (0-8, 0-8)")
    raise ValueError(
        f"expected a cell as an index 0-80, 'r1c1' or (row, column), found {cell!r}"
    )


def sudoku_svg(
    grid: Grid,
    *,
    size: int | None = None,
    theme: ThemeName = "light",
    colors: Mapping[str, str] | None = None,
    highlight: Mapping[Cell, str | None] | Iterable[Cell] | int | str | None = None,
    candidates: CandidateMode = "auto",
    conflicts: bool = True,
    solution: Sequence[int] | None = None,
    title: str | None = None,
    step: StepLike | None = None,
) -> Svg:
    """The picture of ``grid`` as SVG.

    - ``size``: width in pixels (default: 458, one pixel per unit of the picture).
    - ``theme``: ``"light"``, ``"dark"`` or ``"print"``; ``colors`` replaces some of its
      colours by name (see :data:`COLORS`, plus ``background``, ``line``, ``border``,
      ``highlight``...).
    - ``highlight``: cells to shade (``[0, "r9c9", (4, 4)]``), or a mapping of cells to their
      colours (``{"r1c1": "#fcc"}``; ``None`` means the theme's highlight colour).
    - ``candidates``: ``"auto"`` draws the candidates the grid records, if any (a grid that
      records only eliminations gets those the digits leave open, less the eliminated ones,
      which are drawn faded and crossed); ``"computed"`` draws the recorded ones or else those
      the digits leave open; ``"none"`` draws none.
    - ``conflicts``: draw digits that repeat in a row, column or box in the conflict colour.
    - ``solution``: 81 digits (a solved grid's ``values``) to draw in the empty cells, in the
      solution colour (0: leave the cell empty).
    - ``title``: the picture's ``<title>`` (default: a short description).
    - ``step``: a rating step (:class:`~puzzlefmt.sudoku.rating.Step`) drawn on the grid it
      applies to (:meth:`~puzzlefmt.sudoku.rating.Rating.before`): the units it involves
      shaded (``unit``), its cells shaded (``pattern``), the candidates of its digits in
      those cells in ``focus``, the candidates it eliminates in ``removed`` and struck, the
      digit it places in ``placing`` (classes ``unit``, ``pattern``, ``focus``,
      ``removed``, ``placing``). Candidates are drawn as ``"computed"`` unless asked.
      A chaining step (one with ``links``) also draws its chain, as Sudoku Explainer and
      HoDoKu do: each node a circle round its candidate, ``chain-on`` for "the digit is
      there", ``chain-off`` for "it is not" (class ``chain-node on`` / ``off``; one circle
      a candidate and on/off, however many times the chain reaches it), and each node with
      a parent an arrow from the parent's candidate to its own (class ``chain-link``, in
      ``chain-link``): **solid** for a strong link (to an on node: off -> on, a bivalue cell
      or a digit's two places in a unit), **dashed** for a weak link (to an off node: on ->
      off, the same cell or a shared unit). An arrow that would pass over another candidate
      bends round it.
    """
    if step is not None and candidates == "auto":
        candidates = "computed"
    if candidates not in ("auto", "computed", "none"):
        raise ValueError(
            f"candidates must be 'auto', 'computed' or 'none', not {candidates!r}"
        )
    col = palette(theme, COLORS, colors, what="Sudoku")
    marks = highlights(highlight, _cell_key, col["highlight"])
    side = 9 * _CELL + 2 * _MARGIN
    givens = list(grid.givens)
    placed = list(grid.placed)
    values = [g or p for g, p in zip(givens, placed, strict=True)]
    solved = _solution(solution)
    if title is None:
        clues = sum(1 for g in givens if g)
        filled = sum(1 for p in placed if p)
        title = f"Sudoku: {clues} givens" + (f", {filled} placed" if filled else "")
    root = svg_root(side, side, size=size, title=title, background=col["background"],
                    class_="sudoku")

    def corner(i: int) -> float:
        return _MARGIN + i * _CELL

    shade = _step_shades(step, col)
    cells = element(root, "g", class_="cells")
    for i in range(81):
        fill = marks.get(i)
        kind = " highlight" if fill else ""
        if not fill and i in shade:
            fill, kind = shade[i]
        name = f"cell r{ROW[i] + 1}c{COL[i] + 1}" + kind
        rect(cells, corner(COL[i]), corner(ROW[i]), _CELL, _CELL,
             fill=fill or col["cell"], class_=name)

    # Thin lines first, thick box lines and border over them (square caps close the corners).
    lines = element(root, "g", class_="lines")
    lo, hi = corner(0), corner(9)
    for i in range(1, 9):
        if i % 3:
            p = corner(i)
            line(lines, p, lo, p, hi, stroke=col["line"], stroke_width=_THIN, class_="thin")
            line(lines, lo, p, hi, p, stroke=col["line"], stroke_width=_THIN, class_="thin")
    for i in range(0, 10, 3):
        p = corner(i)
        for x1, y1, x2, y2 in ((p, lo, p, hi), (lo, p, hi, p)):
            line(lines, x1, y1, x2, y2, stroke=col["border"], stroke_width=_THICK,
                 stroke_linecap="square", class_="thick")

    bad: set[int] = set()
    if conflicts:
        for a, b, _ in grid.conflicts():
            bad.update((a, b))

    digits = element(root, "g", class_="digits")
    for i in range(81):
        cx = corner(COL[i]) + _CELL / 2
        cy = corner(ROW[i]) + _CELL / 2
        v = values[i]
        if not v:
            if solved is not None and solved[i]:
                text(digits, cx, cy, str(solved[i]), font_size=_CELL * 0.66,
                     fill=col["solution"], class_="solution")
            continue
        kind = "given" if givens[i] else "placed"
        fill = col["conflict"] if i in bad else col[kind]
        text(digits, cx, cy, str(v), font_size=_CELL * 0.66, fill=fill,
             font_weight="bold" if kind == "given" else None,
             class_=kind + (" conflict" if i in bad else ""))

    occupied = values if solved is None else [v or s for v, s in zip(values, solved, strict=True)]
    shown, struck = _candidates(grid, occupied, candidates)
    placing = dict(step.places) if step is not None else {}
    removed = set(step.eliminates) if step is not None else set()
    focus = ({(c, d) for c in step.cells for d in step.digits} if step is not None
             else set())
    for cell, digit in placing.items():
        text(digits, corner(COL[cell]) + _CELL / 2, corner(ROW[cell]) + _CELL / 2,
             str(digit), font_size=_CELL * 0.66, fill=col["placing"], font_weight="bold",
             class_="placing")
    chain = tuple(step.links) if step is not None else ()
    if chain:
        _chain_nodes(element(root, "g", class_="chain-nodes"), chain, col)
    if any(shown) or any(struck):
        small = element(root, "g", class_="candidates")
        gap = _CELL * 0.3
        font = _CELL * 0.25
        half = font * 0.4
        for i in range(81):
            if values[i] or i in placing or not (shown[i] or struck[i]):
                continue
            cx = corner(COL[i]) + _CELL / 2
            cy = corner(ROW[i]) + _CELL / 2
            for d in range(1, 10):
                bit = 1 << (d - 1)
                x = cx + ((d - 1) % 3 - 1) * gap
                y = cy + ((d - 1) // 3 - 1) * gap
                if shown[i] & bit and (i, d) in removed:
                    text(small, x, y, str(d), font_size=font, fill=col["removed"],
                         font_weight="bold", class_="removed")
                    line(small, x - half, y + half, x + half, y - half,
                         stroke=col["removed"], stroke_width=_THIN * 1.5, class_="strike")
                elif shown[i] & bit and (i, d) in focus:
                    text(small, x, y, str(d), font_size=font * 1.15, fill=col["focus"],
                         font_weight="bold", class_="focus")
                elif shown[i] & bit:
                    text(small, x, y, str(d), font_size=font, fill=col["candidate"],
                         class_="candidate")
                elif struck[i] & bit:
                    text(small, x, y, str(d), font_size=font, fill=col["eliminated"],
                         class_="eliminated")
                    line(small, x - half, y + half, x + half, y - half,
                         stroke=col["eliminated"], stroke_width=_THIN, class_="strike")
    if chain:
        drawn = {_spot(i, d) for i in range(81) if not values[i] and i not in placing
                 for d in range(1, 10) if (shown[i] | struck[i]) >> (d - 1) & 1}
        _chain_links(root, chain, col, drawn)
    return render(root)


# A chain's nodes and links (a chaining step's ``links``). A node is a circle round its
# candidate's place in the cell, drawn under the digit; a link is an arrow from the parent's
# circle to the child's, drawn over the digits.
_GAP = _CELL * 0.3  # from one candidate's place to the next
_NODE = _GAP * 0.47  # a node's radius: neighbouring circles do not touch
_HEAD = _GAP * 0.5  # an arrowhead's length
_BEND = (0.25, -0.25, 0.4, -0.4, 0.6, -0.6)  # a curved link's bulge, a share of its length


def _spot(cell: int, digit: int) -> tuple[float, float]:
    """The centre of candidate ``digit``'s place in ``cell`` (1 top left, 9 bottom right)."""
    x = _MARGIN + COL[cell] * _CELL + _CELL / 2 + ((digit - 1) % 3 - 1) * _GAP
    y = _MARGIN + ROW[cell] * _CELL + _CELL / 2 + ((digit - 1) // 3 - 1) * _GAP
    return x, y


def _chain_nodes(group: Any, chain: Sequence[tuple[int, int, bool, int]],
                 col: Mapping[str, str]) -> None:
    """One circle a node (a candidate with its on/off: a node reached from several parents,
    or a cycle's start met again at its end, is drawn once): ``chain-on`` or ``chain-off``,
    class ``chain-node on`` / ``chain-node off``. A candidate that is both (a forcing
    chain's start and its target) has its off circle drawn smaller over its on circle."""
    nodes = {(cell, digit, on) for cell, digit, on, _ in chain}
    for cell, digit, on in sorted(nodes, key=lambda n: (not n[2], n[0], n[1])):
        x, y = _spot(cell, digit)
        radius = _NODE * (0.6 if not on and (cell, digit, True) in nodes else 1.0)
        element(group, "circle", cx=x, cy=y, r=radius,
                fill=col["chain-on" if on else "chain-off"], stroke=col["chain-link"],
                stroke_width=_THIN * 0.8, class_=f"chain-node {'on' if on else 'off'}")


def _chain_links(root: Any, chain: Sequence[tuple[int, int, bool, int]],
                 col: Mapping[str, str], drawn: set[tuple[float, float]]) -> None:
    """One arrow a node that has a parent, from the parent's candidate to the node's: solid
    for a strong link (to an "on" node: off -> on), dashed for a weak one (to an "off" node:
    on -> off), class ``chain-link strong`` / ``chain-link weak``. A link that would pass
    over another candidate drawn (``drawn``: the candidates' places) bends round it."""
    group = element(root, "g", class_="chain-links")
    for cell, digit, on, parent in chain:
        if not 0 <= parent < len(chain):
            continue
        start = _spot(chain[parent][0], chain[parent][1])
        end = _spot(cell, digit)
        path, (tip, back) = _link_path(start, end, drawn)
        link = element(group, "g", class_=f"chain-link {'strong' if on else 'weak'}")
        element(link, "path", d=path, fill="none", stroke=col["chain-link"],
                stroke_width=_THIN * 1.6, stroke_dasharray=None if on else "4,3")
        # the arrowhead is a polygon of its own (a marker's orientation at the end of a
        # curve is not drawn the same by every renderer)
        (tx, ty), (bx, by) = tip, back
        d = math.hypot(tx - bx, ty - by) or 1.0
        ux, uy = (tx - bx) / d, (ty - by) / d
        hx, hy, w = tx - ux * _HEAD, ty - uy * _HEAD, _HEAD / 2
        polygon(link, [(tx, ty), (hx - uy * w, hy + ux * w), (hx + uy * w, hy - ux * w)],
                fill=col["chain-link"], class_="chain-arrow")


def _link_path(a: tuple[float, float], b: tuple[float, float],
               drawn: set[tuple[float, float]]
               ) -> tuple[str, tuple[tuple[float, float], tuple[float, float]]]:
    """The ``d`` of a link from candidate place ``a`` to ``b``, from circle edge to circle
    edge: straight when that passes over no other candidate in ``drawn``, else a quadratic
    curve bent to the side (and by the amount) that passes over the fewest; and where its
    arrowhead goes: the tip, and a point behind it on the link's last tangent."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    if length < 1e-6:  # a candidate linked to itself: a small loop above it
        s, e = (ax - _NODE * 0.7, ay - _NODE * 0.7), (ax + _NODE * 0.7, ay - _NODE * 0.7)
        c2 = (ax + _GAP, ay - 2 * _GAP)
        return (f"M{num(s[0])},{num(s[1])} C{num(ax - _GAP)},{num(ay - 2 * _GAP)} "
                f"{num(c2[0])},{num(c2[1])} {num(e[0])},{num(e[1])}", (e, c2))
    others = [p for p in drawn if p not in (a, b)]
    best: tuple[int, float] | None = None
    for bend in (0.0, *_BEND):
        hits = _hits(a, b, bend, others)
        if best is None or hits < best[0]:
            best = (hits, bend)
        if hits == 0:
            break
    bend = best[1] if best is not None else 0.0
    nx, ny = -dy / length, dx / length
    lift = bend * max(length, 3 * _GAP)
    cx, cy = (ax + bx) / 2 + nx * lift, (ay + by) / 2 + ny * lift
    sx, sy = _toward(a, (cx, cy) if bend else b, _NODE)
    ex, ey = _toward(b, (cx, cy) if bend else a, _NODE)
    if not bend:
        return f"M{num(sx)},{num(sy)} L{num(ex)},{num(ey)}", ((ex, ey), (sx, sy))
    return (f"M{num(sx)},{num(sy)} Q{num(cx)},{num(cy)} {num(ex)},{num(ey)}",
            ((ex, ey), (cx, cy)))


def _toward(p: tuple[float, float], q: tuple[float, float], by: float) -> tuple[float, float]:
    """``p`` moved ``by`` units toward ``q``."""
    d = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
    return p[0] + (q[0] - p[0]) * by / d, p[1] + (q[1] - p[1]) * by / d


def _hits(a: tuple[float, float], b: tuple[float, float], bend: float,
          others: Sequence[tuple[float, float]]) -> int:
    """How many places of ``others`` the link from ``a`` to ``b`` (bent by ``bend``, as in
    :func:`_link_path`) passes within a node's radius of; leaving the grid counts as 10."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    lift = bend * max(length, 3 * _GAP)
    cx, cy = (ax + bx) / 2 + nx * lift, (ay + by) / 2 + ny * lift
    steps = max(8, int(length / (_NODE / 2)))
    points = []
    for k in range(1, steps):
        t = k / steps
        u = 1 - t
        points.append((u * u * ax + 2 * u * t * cx + t * t * bx,
                       u * u * ay + 2 * u * t * cy + t * t * by))
    lo, hi = _MARGIN + _NODE, _MARGIN + 9 * _CELL - _NODE
    outside = any(not (lo <= px <= hi and lo <= py <= hi) for px, py in points)
    return 10 * outside + sum(1 for ox, oy in others
                              if any(math.hypot(px - ox, py - oy) < _NODE for px, py in points))


def _step_shades(step: StepLike | None, col: Mapping[str, str]
                 ) -> dict[int, tuple[str, str]]:
    """The cells a step shades: ``{cell: (colour, class)}``, its pattern over its units."""
    if step is None:
        return {}
    out = {c: (col["unit"], " unit") for u in step.units for c in UNITS[u]}
    for c in list(step.cells) + [cell for cell, _ in step.places]:
        out[c] = (col["pattern"], " pattern")
    return out


def _solution(solution: Sequence[int] | None) -> list[int] | None:
    if solution is None:
        return None
    if isinstance(solution, str):
        solution = [int(ch) if ch in "123456789" else 0 for ch in solution]
    digits = [int(v) for v in solution]
    if len(digits) != 81 or any(not 0 <= v <= 9 for v in digits):
        raise ValueError("a solution is 81 digits from 0 (none) to 9")
    return digits


def _candidates(
    grid: Grid, values: list[int], mode: CandidateMode
) -> tuple[list[int], list[int]]:
    """Per cell: the candidates to draw, and the struck-out ones to draw faded."""
    none = [0] * 81
    if mode == "none" or (
        mode == "auto" and grid.candidates is None and grid.eliminated is None
    ):
        return none, none
    masks = grid.candidate_masks()
    shown = [0 if values[i] else masks[i] for i in range(81)]
    eliminated = grid.eliminated
    if eliminated is None:
        return shown, none
    struck = [0 if values[i] else eliminated[i] & ~shown[i] for i in range(81)]
    return shown, struck


def draw(
    grid: Grid,
    *,
    highlight: str | Mapping[Cell, str | None] | Iterable[Cell] | int | None = None,
    **options: Any,
) -> Svg:
    """:func:`sudoku_svg`, where ``highlight`` may also be text naming cells separated by
    commas or spaces (``"r1c1,r5c5"``), as the picture's declared option gives it."""
    if isinstance(highlight, str):
        highlight = [c for c in re.split(r"[\s,]+", highlight) if c]
    return sudoku_svg(grid, highlight=highlight, **options)


#: The SVG picture as a renderer, with the options that can be given as text.
RENDERER = Renderer(
    name="sudoku-svg",
    family="sudoku",
    model=Grid,
    kind="svg",
    description="SVG picture: givens, placed digits, candidates, conflicts, highlights",
    draw=draw,
    options=(
        Option("size", int, None, "width in pixels (default: the picture's own, 458)",
               minimum=1),
        Option("theme", str, "light", "colour theme", choices=THEMES),
        Option("candidates", str, "auto",
               "auto: those recorded; computed: recorded or else those left open; none",
               choices=("auto", "computed", "none")),
        Option("conflicts", bool, True, "draw digits repeated in a unit in the conflict colour"),
        Option("highlight", str, None, "cells to shade, e.g. r1c1,r5c5"),
        Option("solution", str, None, "81 digits to draw in the empty cells (0 or . for none)",
               length=81),
        Option("title", str, None, "the picture's <title> (default: the number of givens)"),
    ),
)
