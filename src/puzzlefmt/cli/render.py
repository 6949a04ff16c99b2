"""``puzzlefmt render``: draw one record of any input as an SVG or PNG picture.

::

    puzzlefmt render puzzles.sdm --record 3 -o third.svg
    puzzlefmt render game.cgp -o game.png --size 1200 --theme dark
    puzzlefmt render keen.txt -o - --solution --color border=#603
    puzzlefmt render game.gcg --at 12 -o move12.svg

The command line builds its parser with :func:`add_parser`.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from puzzlefmt import registry
from puzzlefmt._words import counted
from puzzlefmt.cli._common import UsageError, positive, records
from puzzlefmt.family import Family
from puzzlefmt.jobs import position_at
from puzzlefmt.outfile import write_bytes
from puzzlefmt.svg import THEMES, svg, to_png

__all__ = ["THEME_CHOICES", "add_at", "add_parser", "at_event", "cmd_render"]

#: The names ``--theme`` accepts: the themes of :data:`puzzlefmt.svg.THEMES`.
THEME_CHOICES = tuple(THEMES)

# The largest picture drawn: 8000 pixels a side is far beyond any screen or print, and
# rasterising it stays within a few hundred MB.
MAX_SIZE = 8000


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
    p.add_argument("--record", type=positive("--record"), default=1, metavar="N",
                   help="which record of a collection to draw, from 1 (default: 1)")
    p.add_argument("--size", type=positive("--size", most=MAX_SIZE), metavar="PIXELS",
                   help="width of the picture in pixels (default: its natural size)")
    p.add_argument("--theme", choices=THEME_CHOICES, default="light",
                   help="colour theme (default: light)")
    p.add_argument("--color", action="append", metavar="NAME=VALUE", default=[],
                   help="replace one colour of the theme, e.g. highlight=#fc0 (repeatable)")
    p.add_argument("--highlight", action="append", metavar="CELLS", default=[],
                   help="cells to highlight, comma-separated: r1c1 (Sudoku, Keen), 8H (CGP) "
                   "(repeatable)")
    p.add_argument("--move", metavar="MOVE",
                   help="a placement to draw on the board in the last-move colour (CGP), "
                        "e.g. '8G QIS' as puzzlefmt moves gives it")
    p.add_argument("--solution", action="store_true",
                   help="draw the solution (Sudoku, Keen): the attached one, else the unique "
                   "one the solver finds")
    add_at(p, "draw", "(default: the last)")
    p.set_defaults(func=cmd_render)


def add_at(p: argparse.ArgumentParser, verb: str, default: str = "") -> None:
    """The ``--at N`` option of ``show``, ``render`` and ``convert``: a game record's position
    after its first N events (read by :func:`at_event`)."""
    more = f" {default}" if default else ""
    p.add_argument("--at", type=positive("--at", zero=True), metavar="N",
                   help=f"a game record (GCG): {verb} the position after its first N "
                   f"events{more}")


def _usage(message: str) -> Exception:
    return UsageError(message)


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
    """``--at N``: the position after the first ``n`` events of a game record
    (:func:`puzzlefmt.jobs.position_at`), or a usage error saying why there is none."""
    try:
        return position_at(value, n)
    except TypeError as exc:  # not a game record
        raise _usage(f"--at: {exc}") from None
    except ValueError as exc:  # n past its end
        raise _usage(f"--at {n}: {exc}") from None


def _solution(obj: Any, fam: Family, number: int) -> dict[str, Any]:
    """The picture options that draw the record with its unique solution (the family's
    ``solve`` engine finds it and says how it is drawn)."""
    solve = fam.engine("solve")
    if solve is None or solve.result_picture is None or not solve.takes(obj):
        raise _usage(f"--solution: {fam.name} records have no solution to draw")
    result = solve(obj, limit=2)
    if result.count != 1:
        found = "no solution" if result.count == 0 else "more than one solution"
        raise _usage(f"--solution: record {number} has {found}")
    return dict(solve.result_picture(result.solutions[0]))


def cmd_render(args: argparse.Namespace) -> int:
    """Draw record ``--record`` of the input; write SVG or PNG."""
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
    if getattr(args, "move", None):
        options["move"] = args.move

    seen = 0
    value: Any = None
    for rec in records(args.input, args.from_format):
        seen = rec.number
        if rec.number != args.record:
            continue
        if rec.error is not None:
            raise rec.error
        value = rec.value
        break
    else:
        raise _usage(f"{args.input}: no record {args.record}; the input has "
                     f"{counted(seen, 'record')}")

    if args.at is not None:
        value = at_event(value, args.at)
    try:
        fam = registry.family_of(value)
    except TypeError as exc:
        raise _usage(f"record {args.record}: {exc}") from None
    if args.solution:
        options.update(_solution(value, fam, args.record))

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
        write_bytes(args.output, data)
    else:
        write_bytes(args.output, (picture + "\n").encode("utf-8"))
    return 0
