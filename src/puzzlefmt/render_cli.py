"""``puzzlefmt render``: draw one record of any input as an SVG or PNG picture.

::

    puzzlefmt render puzzles.sdm --record 3 -o third.svg
    puzzlefmt render game.cgp -o game.png --size 1200 --theme dark
    puzzlefmt render keen.txt -o - --solution --color border=#603
    puzzlefmt render game.gcg --at 12 -o move12.svg

The command line builds its parser with :func:`add_parser`; the picture modules are imported
only when the command runs, so the other commands do not pay for them.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

__all__ = ["THEME_CHOICES", "add_parser", "at_event", "cmd_render"]

# The same as puzzlefmt.svg.THEMES (a test checks); written out so that building the parser
# does not import the picture code.
THEME_CHOICES = ("light", "dark", "print")


def add_parser(sub: Any) -> None:
    """Add the ``render`` command to the command line's subparsers."""
    p = sub.add_parser(
        "render",
        help="draw one record as an SVG or PNG picture",
        description="Draw one record of the input (detected unless --from names the format) "
        "as SVG, or as PNG when the output name ends in .png (needs the png extra: "
        "pip install 'puzzlefmt[png]').",
    )
    p.add_argument("input", help="input file, or - for standard input")
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="picture file ending in .svg or .png, or - for SVG on standard output")
    p.add_argument("--from", dest="from_format", metavar="FORMAT",
                   help="input format (default: detected)")
    p.add_argument("--record", type=int, default=1, metavar="N",
                   help="which record of a collection to draw, from 1 (default: 1)")
    p.add_argument("--size", type=int, metavar="PIXELS",
                   help="width of the picture in pixels (default: its natural size)")
    p.add_argument("--theme", choices=THEME_CHOICES, default="light",
                   help="colour theme (default: light)")
    p.add_argument("--color", action="append", metavar="NAME=VALUE", default=[],
                   help="replace one colour of the theme, e.g. highlight=#fc0 (repeatable)")
    p.add_argument("--highlight", action="append", metavar="CELLS", default=[],
                   help="cells to highlight, comma-separated: r1c1 (Sudoku, Keen), 8H (CGP) "
                   "(repeatable)")
    p.add_argument("--solution", action="store_true",
                   help="draw the solution (Sudoku, Keen): the attached one, else the unique "
                   "one the solver finds")
    p.add_argument("--at", type=int, metavar="N",
                   help="a game record (GCG): draw the position after its first N events "
                   "(default: the last)")
    p.set_defaults(func=cmd_render)


def _usage(message: str) -> Exception:
    from puzzlefmt.cli import _UsageError

    return _UsageError(message)


def _colors(pairs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise _usage(f"--color: expected NAME=VALUE, found {pair!r}")
        out[name.strip()] = value.strip()
    return out


def _output_kind(output: str) -> str:
    if output == "-":
        return "stdout"
    ext = os.path.splitext(output)[1].lower()
    if ext in (".svg", ".png"):
        return ext[1:]
    raise _usage(f"-o {output}: the name must end in .svg or .png (or be - for SVG on "
                 "standard output)")


def at_event(value: Any, n: int) -> Any:
    """``--at N``: the position after the first ``n`` events of a game record (an object
    with ``events`` and ``position(n)``, as :class:`puzzlefmt.cgp.Game`)."""
    events = getattr(value, "events", None)
    position = getattr(value, "position", None)
    if events is None or not callable(position):
        raise _usage(f"--at: a {type(value).__name__} is not a game record (GCG); it has no "
                     "events")
    if not 0 <= n <= len(events):
        raise _usage(f"--at {n}: the game has {len(events)} events (0 to {len(events)})")
    return position(n)


def _solution(obj: Any, fam: Any, number: int) -> list[int]:
    """The digits to draw as the solution: the attached ones, else the unique solution."""
    attached = getattr(obj, "solution", None)
    if attached is not None and not callable(attached):
        return [int(v) for v in attached]
    if fam.solve is None:
        raise _usage(f"--solution: {fam.name} records have no solution to draw")
    result = fam.solve(obj, 2)
    if result.count != 1:
        found = "no solution" if result.count == 0 else "more than one solution"
        raise _usage(f"--solution: record {number} has {found}")
    found_one = result.solutions[0]
    values = getattr(found_one, "values", found_one)  # a solved Sudoku grid has .values
    return [int(v) for v in values]


def cmd_render(args: argparse.Namespace) -> int:
    """Draw record ``--record`` of the input; write SVG or PNG."""
    from puzzlefmt import registry
    from puzzlefmt.cli import _records

    if args.record < 1:
        raise _usage(f"--record must be 1 or more, not {args.record}")
    if args.size is not None and args.size < 1:
        raise _usage(f"--size must be 1 or more pixels, not {args.size}")
    kind = _output_kind(args.output)
    options: dict[str, Any] = {"theme": args.theme}
    if args.size is not None:
        options["size"] = args.size
    colors = _colors(args.color)
    if colors:
        options["colors"] = colors
    cells = [c.strip() for group in args.highlight for c in group.split(",") if c.strip()]
    if cells:
        options["highlight"] = cells

    seen = 0
    value: Any = None
    for rec in _records(args.input, args.from_format):
        seen = rec.number
        if rec.number != args.record:
            continue
        if rec.error is not None:
            raise rec.error
        value = rec.value
        break
    else:
        shown = "record" if seen == 1 else "records"
        raise _usage(f"{args.input}: no record {args.record}; the input has {seen} {shown}")

    if args.at is not None:
        value = at_event(value, args.at)
    try:
        fam = registry.family_of(value)
    except TypeError as exc:
        raise _usage(f"record {args.record}: {exc}") from None
    if args.solution:
        options["solution"] = _solution(value, fam, args.record)

    from puzzlefmt.svg import svg, to_png

    try:
        picture = svg(value, **options)
    except (ValueError, TypeError) as exc:
        raise _usage(f"record {args.record}: cannot draw it: {exc}") from None
    if kind == "stdout":
        sys.stdout.write(picture + "\n")
        return 0
    if kind == "png":
        try:
            data = to_png(picture)
        except ImportError as exc:
            raise _usage(str(exc)) from None
        _write(args.output, data)
    else:
        _write(args.output, (picture + "\n").encode("utf-8"))
    return 0


def _write(path: str, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place."""
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
