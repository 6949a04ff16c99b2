"""What the picture tests share: reading an SVG's structure, and the golden-file check.

A golden file (``tests/golden/*.svg``) is a picture as it was drawn and looked at. The check
compares STRUCTURE, not pixels and not coordinates: the ``viewBox``, how many elements of each
kind (tag and class, cell names left out), every text with its class, and the fill of every
highlighted element. Moving a label by a pixel does not fail; losing a wall, a clue, a
candidate or a highlight does.

To rewrite the golden files from the current renderers (after a deliberate change)::

    PUZZLEFMT_REGEN_GOLDEN=1 .venv/bin/pytest tests/sudoku/test_sudoku_svg.py \
        tests/keen/test_keen_svg.py tests/cgp/test_cgp_svg.py

then look at the new pictures (open the .svg files, or ``puzzlefmt render`` them to PNG) and
commit them with the change.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
REGEN = "PUZZLEFMT_REGEN_GOLDEN"
SVG_NS = "{http://www.w3.org/2000/svg}"

# Class tokens that name a place (r1c1 cells, 8H squares): left out of the structure counts.
_PLACE = re.compile(r"r[0-9]+c[0-9]+|[0-9]+[A-Z]+")


def parse(svg: str) -> ET.Element:
    """The root element; the SVG namespace is taken off every tag."""
    root = ET.fromstring(svg)
    for el in root.iter():
        if el.tag.startswith(SVG_NS):
            el.tag = el.tag[len(SVG_NS) :]
    return root


def classes(el: ET.Element) -> list[str]:
    return el.get("class", "").split()


def find(root: ET.Element, tag: str, cls: str | None = None) -> list[ET.Element]:
    """Elements with this tag (and this class among their classes), in document order."""
    return [el for el in root.iter(tag) if cls is None or cls in classes(el)]


def texts(root: ET.Element, cls: str) -> list[str]:
    """The text of every ``<text>`` of a class, in document order."""
    return [el.text or "" for el in find(root, "text", cls)]


def kind(el: ET.Element) -> str:
    """``tag.class.class`` without the place tokens: ``rect.cell.highlight``."""
    return ".".join([el.tag, *(c for c in classes(el) if not _PLACE.fullmatch(c))])


def structure(svg: str) -> dict[str, object]:
    root = parse(svg)
    counts = Counter(kind(el) for el in root.iter())
    return {
        "viewBox": root.get("viewBox"),
        "counts": sorted(counts.items()),
        "texts": sorted((kind(el), el.text or "") for el in root.iter("text")),
        "highlighted": sorted(
            (el.get("class", ""), el.get("fill", "")) for el in root.iter()
            if "highlight" in classes(el)
        ),
    }


def check_golden(name: str, svg: str) -> None:
    """Compare ``svg`` with ``tests/golden/<name>`` by structure (or rewrite it, see above)."""
    path = GOLDEN / name
    if os.environ.get(REGEN):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(svg + "\n", encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path} is missing: run the picture tests with {REGEN}=1 to draw it")
    want = structure(path.read_text(encoding="utf-8"))
    got = structure(svg)
    for key in want:
        assert got[key] == want[key], f"{name}: {key} differs from the golden picture"
