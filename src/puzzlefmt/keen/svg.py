"""The SVG picture of a Keen :class:`~puzzlefmt.keen.model.Puzzle`.

>>> from puzzlefmt.keen import Puzzle
>>> p = Puzzle("3:a_a3_a_,a3m6m3s1", solution="213321132")
>>> picture = keen_svg(p, solution=True)
>>> [t for t in ("3+", "6×", "3×", "1−") if f'class="clue">{t}<' in picture]
['3+', '6×', '3×', '1−']
>>> picture.count('class="digit"')
9

As Keen draws it: thin lines between cells, thick cage walls, each cage's clue (target and
operation sign, ``+ × − ÷``; none on a one-cell cage) small in the top-left corner of the
cage's first cell (the top-left-most, which is the lowest index), and optionally the
solution's digits in the middle of the cells.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from puzzlefmt.format import Option, Renderer
from puzzlefmt.keen.model import Puzzle
from puzzlefmt.svg import (
    Svg,
    ThemeName,
    element,
    fit_font_size,
    highlights,
    line,
    palette,
    rect,
    render,
    svg_root,
    text,
)

__all__ = ["COLORS", "RENDERER", "Cell", "keen_svg", "seed_card"]

#: A cell as the ``highlight`` option takes it: index (row-major, from 0), ``(row, column)``
#: from 0, or ``"r1c1"`` (1-based).
Cell = int | str | tuple[int, int]

#: Keen colours per theme, on top of the shared ones (``background``, ``line``, ``border``,
#: ``text``, ``muted``, ``highlight``). ``border`` draws the cage walls.
COLORS: dict[str, dict[str, str]] = {
    "light": {"cell": "#ffffff", "clue": "#1a1a1a", "solution": "#1f5fbf"},
    "dark": {"cell": "#26282c", "clue": "#e6e6e6", "solution": "#7fb2ff"},
    "print": {"cell": "#ffffff", "clue": "#000000", "solution": "#000000"},
}

_CELL = 60.0
_WALL = 3.5
_THIN = 1.0
_MARGIN = 4.0
_NAME = re.compile(r"[rR]([0-9]+)[cC]([0-9]+)")


def keen_svg(
    puzzle: Puzzle,
    *,
    size: int | None = None,
    theme: ThemeName = "light",
    colors: Mapping[str, str] | None = None,
    highlight: Mapping[Cell, str | None] | Iterable[Cell] | int | str | None = None,
    solution: bool | Sequence[int] = False,
    symbols: Literal["unicode", "ascii"] = "unicode",
    title: str | None = None,
) -> Svg:
    """The picture of ``puzzle`` as SVG.

    - ``size``: width in pixels (default: one pixel per unit, 60 per cell).
    - ``theme``: ``"light"``, ``"dark"`` or ``"print"``; ``colors`` replaces some of its
      colours by name (see :data:`COLORS`; ``border`` is the cage walls, ``line`` the thin
      lines, ``highlight`` the shading).
    - ``highlight``: cells to shade (``[0, (2, 3), "r1c2"]``), or a mapping of cells to
      colours (``None``: the theme's highlight colour).
    - ``solution``: ``True`` draws the attached solution (:class:`ValueError` if there is
      none); a sequence of numbers (row-major, 0 for an empty cell) draws those digits.
    - ``symbols``: ``"unicode"`` (``+ × − ÷``, as Keen shows them) or ``"ascii"``
      (``+ x - /``).
    - ``title``: the picture's ``<title>`` (default: a short description).

    A random-seed ID of a size Keen does not make has no cages: drawing one raises
    :class:`ValueError`.
    """
    if not puzzle.cages:
        raise ValueError(
            "a random-seed ID of a size Keen does not make (3 to 9) has no cages to draw"
        )
    if symbols not in ("unicode", "ascii"):
        raise ValueError(f"symbols must be 'unicode' or 'ascii', not {symbols!r}")
    w = puzzle.size
    digits = _digits(puzzle, solution)
    col = palette(theme, COLORS, colors, what="Keen")

    def key(cell: Any) -> int:
        return _cell_key(cell, w)

    marks = highlights(highlight, key, col["highlight"])
    side = w * _CELL + 2 * _MARGIN
    if title is None:
        title = f"Keen {w}x{w}: {len(puzzle.cages)} cages"
        if puzzle.difficulty is not None:
            title += f", {puzzle.difficulty.title}"
    root = svg_root(side, side, size=size, title=title, background=col["background"],
                    class_="keen")

    def corner(i: int) -> float:
        return _MARGIN + i * _CELL

    cells = element(root, "g", class_="cells")
    for i in range(w * w):
        r, c = divmod(i, w)
        fill = marks.get(i)
        name = f"cell r{r + 1}c{c + 1}" + (" highlight" if fill else "")
        rect(cells, corner(c), corner(r), _CELL, _CELL, fill=fill or col["cell"], class_=name)

    cage = [puzzle.cage_index(i) for i in range(w * w)]
    lo, hi = corner(0), corner(w)
    lines = element(root, "g", class_="lines")
    for i in range(1, w):
        p = corner(i)
        line(lines, p, lo, p, hi, stroke=col["line"], stroke_width=_THIN, class_="thin")
        line(lines, lo, p, hi, p, stroke=col["line"], stroke_width=_THIN, class_="thin")

    walls = element(root, "g", class_="walls", stroke=col["border"], stroke_width=_WALL,
                    stroke_linecap="square")
    for x1, y1, x2, y2 in _wall_runs(cage, w):
        line(walls, corner(x1), corner(y1), corner(x2), corner(y2), class_="wall")

    clues = element(root, "g", class_="clues")
    pad = _CELL * 0.08
    for cg in puzzle.cages:
        anchor = cg.anchor
        label = cg.label(symbols)
        if not label:
            continue
        r, c = divmod(anchor, w)
        font = fit_font_size(label, _CELL - 2 * pad, _CELL * 0.27)
        text(clues, corner(c) + pad, corner(r) + pad, label, font_size=font,
             anchor="start", valign="top", fill=col["clue"], class_="clue")

    if digits is not None:
        group = element(root, "g", class_="solution")
        for i, v in enumerate(digits):
            if not v:
                continue
            r, c = divmod(i, w)
            shown = str(v)
            font = fit_font_size(shown, _CELL * 0.8, _CELL * 0.5)
            text(group, corner(c) + _CELL / 2, corner(r) + _CELL * 0.6, shown,
                 font_size=font, fill=col["solution"], class_="digit")
    return render(root)


def seed_card(puzzle: Puzzle, *, size: int | None = None, theme: ThemeName = "light",
              colors: Mapping[str, str] | None = None, title: str | None = None) -> Svg:
    """What Jupyter shows (``_repr_svg_``) for a random-seed ID of a size Keen does not make,
    which has no cages for :func:`keen_svg` to draw: a card with its game ID and why there
    is no grid. ``size``, ``theme``, ``colors`` and ``title`` as for :func:`keen_svg`."""
    col = palette(theme, COLORS, colors, what="Keen")
    width, height = 6 * _CELL, 2 * _CELL
    if title is None:
        title = f"Keen {puzzle.size}x{puzzle.size}: a random-seed ID with no cages"
    root = svg_root(width, height, size=size, title=title, background=col["background"],
                    class_="keen")
    ident = puzzle.game_id()
    text(root, width / 2, height * 0.38, ident,
         font_size=fit_font_size(ident, width - 2 * _MARGIN, _CELL * 0.4),
         fill=col["clue"], class_="game-id")
    note = "Keen makes sizes 3 to 9: no cages to draw"
    text(root, width / 2, height * 0.72, note,
         font_size=fit_font_size(note, width - 2 * _MARGIN, _CELL * 0.22),
         fill=col["muted"], class_="note")
    return render(root)


def _digits(puzzle: Puzzle, solution: bool | Sequence[int]) -> tuple[int, ...] | None:
    if solution is False:
        return None
    if solution is True:
        if puzzle.solution is None:
            raise ValueError("solution=True, but this puzzle has no solution attached "
                             "(attach one with with_solution(), or pass the digits)")
        return tuple(puzzle.solution)
    n = puzzle.size * puzzle.size
    values = tuple(int(v) for v in solution)
    if len(values) != n:
        raise ValueError(f"a {puzzle.size}x{puzzle.size} solution needs {n} values, "
                         f"found {len(values)}")
    if any(not 0 <= v <= puzzle.size for v in values):
        raise ValueError(f"solution values must be 0 (empty) to {puzzle.size}")
    return values


def _cell_key(cell: Any, w: int) -> int:
    if isinstance(cell, bool):
        raise ValueError(f"not a cell: {cell!r}")
    if isinstance(cell, int):
        if 0 <= cell < w * w:
            return cell
        raise ValueError(f"cell index {cell} is out of range 0-{w * w - 1}")
    if isinstance(cell, str):
        m = _NAME.fullmatch(cell.strip())
        if m is None:
            raise ValueError(f"expected a cell such as 'r1c1', found {cell!r}")
        r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
    elif isinstance(cell, tuple) and len(cell) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in cell
    ):
        r, c = int(cell[0]), int(cell[1])
    else:
        raise ValueError(
            f"expected a cell as an index, (row, column) or 'r1c1', found {cell!r}"
        )
    if not (0 <= r < w and 0 <= c < w):
        raise ValueError(f"no cell {cell!r} in a {w}x{w} grid")
    return r * w + c


def _wall_runs(cage: list[int], w: int) -> list[tuple[int, int, int, int]]:
    """The cage walls and the border as straight runs ``(x1, y1, x2, y2)`` in cell corners:
    a wall segment runs between two cells of different cages."""
    runs: list[tuple[int, int, int, int]] = []
    for j in range(w + 1):  # vertical lines x = j
        start: int | None = None
        for r in range(w + 1):
            wall = r < w and (
                j in (0, w) or cage[r * w + j - 1] != cage[r * w + j]
            )
            if wall and start is None:
                start = r
            elif not wall and start is not None:
                runs.append((j, start, j, r))
                start = None
    for i in range(w + 1):  # horizontal lines y = i
        start = None
        for c in range(w + 1):
            wall = c < w and (
                i in (0, w) or cage[(i - 1) * w + c] != cage[i * w + c]
            )
            if wall and start is None:
                start = c
            elif not wall and start is not None:
                runs.append((start, i, c, i))
                start = None
    return runs


def _draw(
    puzzle: Puzzle,
    *,
    highlight: str = "",
    colors: str = "",
    **options: Any,
) -> Svg:
    """:func:`keen_svg` with the highlight and colours as text (what a command line gives):
    ``highlight="r1c1,r2c3"``, ``colors="border=#603,cell=#fff"``."""
    cells = [c.strip() for c in highlight.split(",") if c.strip()]
    pairs: dict[str, str] = {}
    for item in (c.strip() for c in colors.split(",") if c.strip()):
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise ValueError(f"colors: expected NAME=VALUE, found {item!r}")
        pairs[name.strip()] = value.strip()
    return keen_svg(puzzle, highlight=cells or None, colors=pairs or None, **options)


#: The ``keen-svg`` picture: an SVG drawing of the grid, its cages and (optionally) the solution.
RENDERER = Renderer(
    name="keen-svg",
    family="keen",
    model=Puzzle,
    kind="svg",
    description="SVG picture of a Keen puzzle, as Keen draws it: cage walls, clues, solution",
    draw=_draw,
    options=(
        Option("size", int, None, "width in pixels (default: 60 per cell)", minimum=16,
               maximum=8192),
        Option("theme", str, "light", "colour theme", choices=("light", "dark", "print")),
        Option("solution", bool, False, "draw the attached solution's digits"),
        Option("symbols", str, "unicode", "clue signs: unicode (+ × − ÷) or ascii (+ x - /)",
               choices=("unicode", "ascii")),
        Option("title", str, None, "the picture's <title> (default: a short description)"),
        Option("highlight", str, "", "cells to shade, comma-separated (r1c1,r2c3)"),
        Option("colors", str, "", "colours to replace, comma-separated (border=#603)"),
    ),
)
