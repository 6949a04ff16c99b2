"""The ``cgp-json`` format: a position as JSON (:meth:`Position.to_json
<puzzlefmt.cgp.Position.to_json>`, valid under ``schemas/cgp.json``).

Example (abridged)::

    {"format": "cgp-json", "version": 1, "rows": 15, "cols": 15,
     "board": [[null, "A", ...], ...], "racks": [["A", "?"], []], "scores": [0, 0],
     "zero_turns": 0, "operations": [["lex", "NWL18"], ["lm", "-2"]], ...}

The reader uses ``board``, ``racks``, ``scores``, ``zero_turns``, ``operations`` and, when
``distribution_source`` is ``"given"``, ``distribution``; the other keys (``cgp``, ``options``
with every opcode's effective value, ``layout``, ``problems``, ``unseen``) are there for
readers of the JSON and are not read back.
"""

from __future__ import annotations

import json
import re

from puzzlefmt.cgp.position import Position
from puzzlefmt.format import Format, Option, Sniff

__all__ = ["FORMAT", "read", "sniff", "write"]


def sniff(text: str) -> Sniff | None:
    """A JSON object written by the ``cgp-json`` writer."""
    head = text.lstrip("\ufeff \t\r\n")[:4000]
    if not head.startswith("{"):
        return None
    if re.search(r'"format"\s*:\s*"cgp-json"', head):
        return Sniff(0.98, 'JSON object with "format": "cgp-json"')
    if '"board"' in head and '"racks"' in head and '"scores"' in head:
        return Sniff(0.7, "JSON object with board, racks and scores")
    return None


def read(text: str) -> Position:
    """Parse ``cgp-json`` text; malformed JSON raises with its line and column."""
    return Position.from_json(text.lstrip("\ufeff"))


def write(position: Position, *, indent: int = 2) -> str:
    """The JSON text (UTF-8 characters kept as they are) and a newline: with ``indent``,
    one key per line and one board row per line; ``indent=0``: all on one line."""
    data = position.to_json()
    if not indent:
        return json.dumps(data, ensure_ascii=False) + "\n"
    pad = " " * indent
    parts: list[str] = []
    for key, value in data.items():
        if key == "board":
            rows = (",\n" + pad * 2).join(json.dumps(row, ensure_ascii=False) for row in value)
            text = "[\n" + pad * 2 + rows + "\n" + pad + "]"
        else:
            text = json.dumps(value, ensure_ascii=False)
        parts.append(f"{pad}{json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


#: The ``cgp-json`` format: a position as a JSON object (:meth:`Position.to_json`).
FORMAT = Format(
    name="cgp-json",
    family="cgp",
    model=Position,
    description="CGP position as JSON (board, racks, scores, operations)",
    sniff_text=sniff,
    read=read,
    write=write,
    priority=60,
    write_options=(
        Option("indent", int, 2, "spaces per level (one key, one board row a line); 0: one "
               "line", minimum=0, maximum=16),
    ),
    holds=frozenset({"operations", "distribution"}),
)
