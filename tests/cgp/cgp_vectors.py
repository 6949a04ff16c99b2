"""Loading ../shared/vectors/cgp/ for the cgp tests (a helper module, not a test module)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from puzzlefmt.cgp import Move, Position

from helpers import shared_path

VECTOR_DIR = ("vectors", "cgp")

# The tab-separated files with the columns source, id, kind, cgp, stated, computed.
TABLES = (
    "open_protocols_spec.tsv",
    "macondo.tsv",
    "magpie_valid.tsv",
    "magpie_invalid.tsv",
    "magpie_sequences.tsv",
    "magpie_peg_positions.tsv",
    "wolges_fen.tsv",
    "liwords.tsv",
    "issues.tsv",
)

POSITIVE_KINDS = ("valid", "writer_output", "sequence_state")


@dataclass(frozen=True)
class Row:
    file: str
    line: int
    source: str
    id: str
    kind: str
    cgp: str
    stated: str

    def where(self) -> str:
        return f"{self.file}:{self.line} ({self.id})"


def vector_path(name: str) -> Path:
    return shared_path(*VECTOR_DIR, name)


def rows(name: str) -> list[Row]:
    """The data rows of one table (comment lines skipped)."""
    out: list[Row] = []
    text = vector_path(name).read_text(encoding="utf-8")
    for number, line in enumerate(text.split("\n"), start=1):
        if not line or line.startswith("#"):
            continue
        cols = line.split("\t")
        cols += [""] * (6 - len(cols))
        out.append(Row(name, number, cols[0], cols[1], cols[2], cols[3], cols[4]))
    return out


def uses_magpie_options(cgp: str) -> bool:
    """MAGPIE's private option syntax: ``-lex CSW21;`` (the README marks it not spec form)."""
    return re.search(r"(?:^| )-[a-z]+ ", cgp) is not None


_SPEC = re.compile(r"\S+ \S* \S+ [0-9]+((?: [^ ;\-][^;]*;)*)")


def is_spec_form(cgp: str) -> bool:
    """Spec form as the seed writes it: fields and operations separated by single spaces, no
    leading or trailing blanks, every operation ended by ';', no MAGPIE '-' opcodes."""
    if cgp != cgp.strip() or "  " in cgp or "\t" in cgp:
        return False
    return _SPEC.fullmatch(cgp) is not None


@dataclass(frozen=True)
class ScoringRow:
    line: int
    id: str
    cgp: str
    move: str
    expected: str
    note: str


def scoring_rows() -> list[ScoringRow]:
    out: list[ScoringRow] = []
    text = vector_path("magpie_scoring.tsv").read_text(encoding="utf-8")
    for number, line in enumerate(text.split("\n"), start=1):
        if not line or line.startswith("#"):
            continue
        cols = line.split("\t")
        cols += [""] * (6 - len(cols))
        out.append(ScoringRow(number, cols[1], cols[2], cols[3], cols[4], cols[5]))
    return out


@dataclass(frozen=True)
class BaselineCase:
    number: int
    rack: str
    board: str
    placements: list[tuple[str, int]]  # (move text, score)
    others: list[str]  # "Exch. TILES" and "Pass" lines


def baseline_cases() -> list[BaselineCase]:
    """The cases of wolges_movegen_baseline.txt with their scored placements."""
    cases: list[BaselineCase] = []
    text = vector_path("wolges_movegen_baseline.txt").read_text(encoding="utf-8")
    head = re.compile(r"=== Case (\d+): rack=(\S*) fen=(\S+) ===")
    placement = re.compile(r"\s+-?[0-9.]+ (\S+ \S+) (-?[0-9]+)")
    other = re.compile(r"\s+-?[0-9.]+ ((?:Exch\. \S+)|Pass)")
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        m = head.fullmatch(line)
        if m:
            cases.append(BaselineCase(int(m.group(1)), m.group(2), m.group(3), [], []))
            continue
        m = placement.fullmatch(line)
        if m:
            cases[-1].placements.append((m.group(1), int(m.group(2))))
            continue
        m = other.fullmatch(line)
        if m:
            cases[-1].others.append(m.group(1))
            continue
        raise AssertionError(f"unrecognised baseline line: {line!r}")
    return cases


def line_between(a: Position, b: Position) -> Move | None:
    """The placement that turns board ``a`` into board ``b`` (one line of new tiles, the
    tiles it plays through as ``.``), or ``None`` when the boards differ otherwise."""
    new = [
        (r, c, b.board[r][c])
        for r in range(a.rows)
        for c in range(a.cols)
        if a.board[r][c] is None and b.board[r][c] is not None
    ]
    changed = any(
        a.board[r][c] is not None and a.board[r][c] != b.board[r][c]
        for r in range(a.rows)
        for c in range(a.cols)
    )
    if not new or changed:
        return None
    rows_ = {r for r, _, _ in new}
    cols_ = {c for _, c, _ in new}
    vertical = len(rows_) > 1 or (
        len(new) == 1 and (filled(a, new[0][0] - 1, new[0][1]) or filled(a, new[0][0] + 1,
                                                                           new[0][1]))
    )
    if (len(rows_) > 1 and len(cols_) > 1):
        return None
    dr, dc = (1, 0) if vertical else (0, 1)
    r, c = min(rows_), min(cols_)
    while filled(a, r - dr, c - dc):
        r, c = r - dr, c - dc
    tiles: list[str] = []
    rr, cc = r, c
    while filled(b, rr, cc):
        tiles.append(b.board[rr][cc] if a.board[rr][cc] is None else ".")  # type: ignore[arg-type]
        rr, cc = rr + dr, cc + dc
    return Move.placement(r, c, tiles, vertical=vertical)


def filled(p: Position, r: int, c: int) -> bool:
    return 0 <= r < p.rows and 0 <= c < p.cols and p.board[r][c] is not None
