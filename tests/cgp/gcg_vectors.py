"""Loading ../shared/vectors/gcg/ for the GCG tests (a helper module, not a test module)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp.game import Game

from helpers import shared_path

VECTOR_DIR = ("vectors", "gcg")


@dataclass(frozen=True)
class Expectation:
    line: int
    file: str  # relative to vectors/gcg/
    kind: str
    n_events: str
    player: str
    expected: str
    source: str

    def where(self) -> str:
        return f"expectations.tsv:{self.line} {self.kind} {self.file.rsplit('/', 1)[-1]}"


def gcg_root() -> Path:
    return shared_path(*VECTOR_DIR)


def expectations() -> list[Expectation]:
    out: list[Expectation] = []
    text = (gcg_root() / "expectations.tsv").read_text(encoding="utf-8")
    for number, line in enumerate(text.split("\n"), start=1):
        if not line or line.startswith("#"):
            continue
        cols = line.split("\t")
        cols += [""] * (6 - len(cols))
        out.append(Expectation(number, *cols[:6]))
    return out


def manifest() -> list[dict[str, str]]:
    """The rows of manifest.tsv as dicts (file, bytes, sha256, source, tags, ...)."""
    lines = (gcg_root() / "manifest.tsv").read_text(encoding="utf-8").split("\n")
    header = lines[0].lstrip("# ").split("\t")
    return [dict(zip(header, line.split("\t"), strict=False)) for line in lines[1:] if line]


def all_files() -> list[str]:
    return [row["file"] for row in manifest()]


def error_files() -> set[str]:
    return {e.file for e in expectations() if e.kind == "parse_error"}


def data(file: str) -> bytes:
    return (gcg_root() / file).read_bytes()


@cache
def game(file: str) -> Game:
    """The game of a vector file, read from its bytes (cached: tests must not change it)."""
    return Game.from_bytes(data(file))


def try_game(file: str) -> Game | PuzzleFormatError:
    try:
        return game(file)
    except PuzzleFormatError as exc:
        return exc


def sorted_racks(cgp: str) -> str:
    """The four fields of a CGP with each rack's tiles sorted (MAGPIE writes the blank last,
    the GCG records first)."""
    board, racks, scores, zeros = cgp.split(" ")[:4]
    racks = "/".join("".join(sorted(r)) for r in racks.split("/"))
    return " ".join([board, racks, scores, zeros])
