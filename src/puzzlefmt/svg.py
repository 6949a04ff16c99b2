"""SVG pictures built with the standard library, python-chess style.

Every renderer returns an :class:`Svg`: a ``str`` that Jupyter shows as a picture and that can
be saved as ``.svg`` or, with the optional ``png`` extra (``pip install 'puzzlefmt[png]'``),
as ``.png``.

>>> from puzzlefmt.sudoku import Grid
>>> grid = Grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> picture = svg(grid, highlight=["r1c1"])
>>> picture.startswith("<svg")
True

This module knows no family in particular: it holds the element builders, the themes and
colour handling, text helpers, the PNG conversion, and :func:`svg`, which calls the renderer
the model's family installed on its class (see :mod:`puzzlefmt.model`):

- :func:`puzzlefmt.sudoku.svg.sudoku_svg` for a Sudoku :class:`~puzzlefmt.sudoku.Grid`,
- :func:`puzzlefmt.keen.svg.keen_svg` for a Keen :class:`~puzzlefmt.keen.Puzzle`,
- :func:`puzzlefmt.cgp.svg.cgp_svg` for a CGP :class:`~puzzlefmt.cgp.Position`.

Pictures are drawn in fixed internal units (the ``viewBox``); ``size`` only sets the
``width`` and ``height`` attributes, so one picture scales to any size without changing.
"""

from __future__ import annotations

import math
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, Literal, TypeVar

from puzzlefmt.outfile import write_bytes, write_text

__all__ = [
    "FONT_FAMILY",
    "THEMES",
    "Svg",
    "ThemeName",
    "element",
    "fit_font_size",
    "highlights",
    "line",
    "num",
    "palette",
    "polygon",
    "rect",
    "render",
    "star_points",
    "svg",
    "svg_root",
    "text",
    "to_png",
]

#: A colour theme's name: ``"light"``, ``"dark"`` or ``"print"``.
ThemeName = Literal["light", "dark", "print"]

#: The themes every renderer knows.
THEMES: tuple[ThemeName, ...] = ("light", "dark", "print")

#: Fonts asked for, in order (DejaVu Sans first: it is on most Linux systems and has ×, ÷, −).
FONT_FAMILY = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

# The colours every family shares, per theme. Families add their own names on top.
_BASE: dict[str, dict[str, str]] = {
    "light": {
        "background": "#ffffff",
        "line": "#a0a0a0",
        "border": "#1a1a1a",
        "text": "#1a1a1a",
        "muted": "#6b6b6b",
        "highlight": "#ffe98a",
    },
    "dark": {
        "background": "#1e1f22",
        "line": "#5a5d63",
        "border": "#d8d8d8",
        "text": "#e6e6e6",
        "muted": "#9a9da3",
        "highlight": "#5c4d12",
    },
    "print": {
        "background": "#ffffff",
        "line": "#808080",
        "border": "#000000",
        "text": "#000000",
        "muted": "#404040",
        "highlight": "#d9d9d9",
    },
}

_MISSING_PNG = (
    "PNG output needs cairosvg: pip install 'puzzlefmt[png]' (cairosvg also needs the "
    "system cairo library, e.g. apt-get install libcairo2 or brew install cairo)"
)


class Svg(str):
    """SVG text. Jupyter displays it as a picture (``_repr_svg_``); it is a plain ``str``
    otherwise, so it can be written to a file as it is."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def save(self, path: str | os.PathLike[str], *, scale: float = 1.0) -> None:
        """Write the picture to ``path``: PNG when the name ends in ``.png`` (needs the
        ``png`` extra), SVG text otherwise. ``scale`` multiplies a PNG's pixel size."""
        if os.fspath(path).lower().endswith(".png"):
            to_png(self, path, scale=scale)
            return
        write_text(path, self if self.endswith("\n") else self + "\n")

    def png(self, *, scale: float = 1.0) -> bytes:
        """The picture as PNG bytes (needs the ``png`` extra)."""
        return to_png(self, scale=scale)


def to_png(
    svg_text: str,
    path: str | os.PathLike[str] | None = None,
    *,
    scale: float = 1.0,
) -> bytes:
    """Rasterise SVG text with cairosvg; return the PNG bytes and write them to ``path`` if
    given. Raises :class:`ImportError` naming the ``png`` extra when cairosvg (or the cairo
    library it loads) is missing."""
    if not (isinstance(scale, int | float) and math.isfinite(scale) and scale > 0):
        raise ValueError(f"scale must be a positive number, not {scale!r}")
    try:
        import cairosvg  # noqa: PLC0415 - optional dependency (the png extra)
    except (ImportError, OSError) as exc:  # OSError: cairosvg found no cairo library
        raise ImportError(_MISSING_PNG) from exc
    data = cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), scale=scale)
    if not isinstance(data, bytes):  # pragma: no cover - cairosvg returns bytes without a target
        raise TypeError("cairosvg returned no PNG data")
    if path is not None:
        write_bytes(path, data)
    return data


# --------------------------------------------------------------------------- dispatch


def svg(obj: object, **options: Any) -> Svg:
    """The picture of any model; ``options`` go to its family's renderer.

    Raises :class:`TypeError` for an object no family draws.
    """
    engines = getattr(type(obj), "engines", None)
    draw = getattr(engines, "svg", None)
    if draw is None:
        raise TypeError(f"no picture for objects of type {type(obj).__name__}")
    return Svg(draw(obj, **options))


# --------------------------------------------------------------------------- colours


def palette(
    theme: str,
    family_colors: Mapping[str, Mapping[str, str]],
    overrides: Mapping[str, str] | None,
    *,
    what: str,
) -> dict[str, str]:
    """The colours of one picture: the theme's shared colours, the family's colours for the
    theme, then ``overrides`` (a colour name to any SVG colour: ``"#f00"``, ``"red"``,
    ``"none"``). ``what`` names the family in error messages.

    Raises :class:`ValueError` for an unknown theme or colour name.
    """
    if theme not in _BASE:
        raise ValueError(f"unknown theme {theme!r}; known themes: {', '.join(THEMES)}")
    colors = dict(_BASE[theme])
    colors.update(family_colors.get(theme, {}))
    for name, value in (overrides or {}).items():
        if name not in colors:
            known = ", ".join(sorted(colors))
            raise ValueError(f"unknown colour {name!r} for {what} pictures; known: {known}")
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"colour {name!r} must be a non-empty string, not {value!r}")
        colors[name] = value.strip()
    return colors


K = TypeVar("K", bound=Hashable)


def highlights(
    spec: Mapping[Any, str | None] | Iterable[Any] | str | int | None,
    key: Callable[[Any], K],
    default: str,
) -> dict[K, str]:
    """Turn a ``highlight`` option into ``{cell: colour}``.

    ``spec`` is ``None``, one cell written as a number or a name, an iterable of cells (each
    gets ``default``; a tuple is a collection of cells, so one ``(row, column)`` cell goes in a
    list), or a mapping of cells to colours (``None``: ``default``). ``key`` turns a cell as
    the user wrote it into the family's cell key, raising :class:`ValueError` for a bad one.
    """
    if spec is None:
        return {}
    if isinstance(spec, str | int):
        return {key(spec): default}
    if isinstance(spec, Mapping):
        return {key(cell): colour or default for cell, colour in spec.items()}
    return {key(cell): default for cell in spec}


# --------------------------------------------------------------------------- elements


def num(value: float) -> str:
    """A coordinate as short text: ``12``, ``12.5``, ``0.33``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: Mapping[str, object]) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in attrs.items():
        if value is None:
            continue
        key = "class" if name == "class_" else name.replace("_", "-")
        if isinstance(value, bool):
            out[key] = "true" if value else "false"
        elif isinstance(value, float | int):
            out[key] = num(value)
        else:
            out[key] = str(value)
    return out


def element(parent: ET.Element | None, tag: str, **attrs: object) -> ET.Element:
    """A new element (added to ``parent`` when given). Keyword names become attribute names
    with ``_`` as ``-`` (``font_size`` is ``font-size``; ``class_`` is ``class``); numbers are
    written short; ``None`` leaves an attribute out."""
    made = _attrs(attrs)
    if parent is None:
        return ET.Element(tag, made)
    return ET.SubElement(parent, tag, made)


def svg_root(
    width: float,
    height: float,
    *,
    size: int | None = None,
    title: str | None = None,
    background: str | None = None,
    class_: str | None = None,
) -> ET.Element:
    """The ``<svg>`` element: a ``viewBox`` of ``width`` x ``height`` units, shown ``size``
    pixels wide (default: one pixel per unit), with an optional ``<title>`` and a background
    rectangle."""
    if size is not None and (not isinstance(size, int) or isinstance(size, bool) or size <= 0):
        raise ValueError(f"size must be a positive whole number of pixels, not {size!r}")
    shown_w = float(size) if size is not None else width
    shown_h = shown_w * height / width
    root = element(
        None,
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        version="1.1",
        width=shown_w,
        height=shown_h,
        viewBox=f"0 0 {num(width)} {num(height)}",
        font_family=FONT_FAMILY,
        class_=class_,
    )
    if title:
        element(root, "title").text = title
    if background is not None:
        rect(root, 0, 0, width, height, fill=background, class_="background")
    return root


def rect(
    parent: ET.Element, x: float, y: float, width: float, height: float, **attrs: object
) -> ET.Element:
    """A ``<rect>``."""
    return element(parent, "rect", x=x, y=y, width=width, height=height, **attrs)


def line(
    parent: ET.Element, x1: float, y1: float, x2: float, y2: float, **attrs: object
) -> ET.Element:
    """A ``<line>``."""
    return element(parent, "line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)


def polygon(
    parent: ET.Element, points: Iterable[tuple[float, float]], **attrs: object
) -> ET.Element:
    """A ``<polygon>`` through ``points``."""
    joined = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return element(parent, "polygon", points=joined, **attrs)


def star_points(
    cx: float, cy: float, outer: float, inner: float | None = None, n: int = 5
) -> list[tuple[float, float]]:
    """The corners of an ``n``-pointed star centred on ``(cx, cy)``, first point up."""
    inner = outer * 0.4 if inner is None else inner
    out: list[tuple[float, float]] = []
    for k in range(2 * n):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / n
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


# Where a line of text sits relative to the baseline, as a share of the font size: the middle
# of a capital letter or digit is about 0.36 em above the baseline in the fonts we ask for.
_MIDDLE = 0.36
_CAP = 0.72


def text(
    parent: ET.Element,
    x: float,
    y: float,
    content: str,
    *,
    font_size: float,
    anchor: Literal["start", "middle", "end"] = "middle",
    valign: Literal["middle", "top", "baseline"] = "middle",
    **attrs: object,
) -> ET.Element:
    """A ``<text>`` placed by its ``anchor`` horizontally and, vertically, by the middle or top
    of its capitals (or its baseline) at ``y``. The baseline is computed here rather than left
    to ``dominant-baseline``, which renderers disagree on."""
    if valign == "middle":
        baseline = y + _MIDDLE * font_size
    elif valign == "top":
        baseline = y + _CAP * font_size
    else:
        baseline = y
    made = element(
        parent,
        "text",
        x=x,
        y=baseline,
        font_size=font_size,
        text_anchor=anchor,
        **attrs,
    )
    made.text = content
    return made


def fit_font_size(content: str, width: float, size: float, *, advance: float = 0.62) -> float:
    """``size``, or less so that ``content`` fits in ``width`` units, taking each character
    as ``advance`` em wide (a safe average for digits and capitals)."""
    if not content:
        return size
    needed = len(content) * advance * size
    return size if needed <= width else max(1.0, size * width / needed)


def render(root: ET.Element) -> Svg:
    """The finished picture as :class:`Svg` text."""
    return Svg(ET.tostring(root, encoding="unicode"))
