"""``puzzlefmt lexicon``: build a KWG lexicon from a word list, and look words up in one.

- ``puzzlefmt lexicon build words.txt -o L.kwg``: one word a line (blank lines and ``#``
  comments skipped), read in the tiles of the distribution the output's name implies
  (``NWL...``/``CSW...`` English, as MAGPIE picks it) or ``--distribution``; a character
  outside its alphabet is one error line naming the line and column.
- ``puzzlefmt lexicon check L.kwg WORD...``: ``WORD<TAB>valid`` or ``invalid`` a word; exit
  1 when some word is not in the lexicon.

The KWG is what :mod:`puzzlefmt.cgp.lexicon` reads and writes (MAGPIE and wolges read it).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from puzzlefmt.cli._common import EXIT_INVALID, EXIT_OK, err

__all__ = ["add_parser"]


def add_parser(sub: Any) -> None:
    """The ``lexicon`` command and its two sub-commands."""
    p = sub.add_parser("lexicon", help="build a KWG lexicon from a word list, or look words "
                       "up in one")
    inner = p.add_subparsers(dest="lexicon_command", required=True, metavar="ACTION")
    b = inner.add_parser("build", help="build a KWG (DAWG and GADDAG) from a word list")
    b.add_argument("words", help="the word list: one word a line")
    b.add_argument("-o", "--output", required=True, help="the KWG file to write")
    b.add_argument("--distribution", metavar="NAME", help="the letter distribution (default: "
                   "the one the output's name implies, English otherwise)")
    b.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    b.set_defaults(func=cmd_build)
    c = inner.add_parser("check", help="say whether each word is in a KWG lexicon")
    c.add_argument("lexicon", help="the KWG file")
    c.add_argument("word", nargs="+")
    c.add_argument("--distribution", metavar="NAME", help="the letter distribution (default: "
                   "the one the lexicon's name implies, English otherwise)")
    c.set_defaults(func=cmd_check)


def _lexicon_module() -> Any:
    # The kernel loader: the word graph needs numpy and its numba kernels.
    from puzzlefmt.cgp import lexicon  # noqa: PLC0415 - the kernel loader

    return lexicon


def cmd_build(args: argparse.Namespace) -> int:
    """Build and write the KWG."""
    lex_mod = _lexicon_module()
    start = time.perf_counter()
    name = Path(args.output).name.split(".")[0]
    lex = lex_mod.Lexicon.build_file(args.words, args.distribution, name=name)
    lex.save(args.output)
    if not args.quiet:
        err(f"puzzlefmt lexicon: {args.output}: {len(lex)} words, {lex.nodes.shape[0]} nodes "
            f"({lex.distribution.name}, {time.perf_counter() - start:.2f} s)")
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    """Look each word up."""
    lex = _lexicon_module().Lexicon.load(args.lexicon, args.distribution)
    missing = 0
    for word in args.word:
        found = word in lex
        missing += not found
        print(f"{word}\t{'valid' if found else 'invalid'}")
    return EXIT_INVALID if missing else EXIT_OK
