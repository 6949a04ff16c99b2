"""``puzzlefmt survey``: what is in a folder of puzzle files, checked end to end.

For every file: the detected format, how many records it holds and how many read, how many
are valid (rules, and one solution where the family has a solver), and whether each record
survives writing in its own format and reading back.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from typing import Any

from puzzlefmt import registry
from puzzlefmt.api import loads, open_lines, records_of
from puzzlefmt.errors import PuzzleFormatError

__all__ = ["SurveyRow", "survey_file", "survey_paths"]


@dataclass
class SurveyRow:
    file: str
    format: str = "-"
    family: str = "-"
    records: int = 0
    read: int = 0
    rejected: int = 0
    valid: int = 0
    unique: int | None = None  # None: the family has no solver (or solving was off)
    round_trip: int = 0
    error: str = ""
    notes: list[str] = field(default_factory=list)

    @staticmethod
    def header() -> list[str]:
        return ["file", "format", "family", "records", "read", "rejected", "valid",
                "unique", "round-trip", "note"]

    def cells(self) -> list[str]:
        note = self.error or "; ".join(self.notes[:1])
        return [self.file, self.format, self.family, str(self.records), str(self.read),
                str(self.rejected), str(self.valid),
                "-" if self.unique is None else str(self.unique),
                f"{self.round_trip}/{self.read}", note[:60]]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _files(paths: list[str]) -> list[str]:
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out.extend(os.path.join(root, n) for n in sorted(names)
                           if not n.startswith(".") and not n.endswith(".md"))
        else:
            out.append(p)
    return out


def survey_file(path: str, *, limit: int = 2) -> SurveyRow:
    row = SurveyRow(path)
    try:
        raw = open_lines(path)
        try:
            records = list(records_of(raw))
        finally:
            raw.close()
    except PuzzleFormatError as exc:
        row.error = exc.message
        return row
    except OSError as exc:
        row.error = str(exc)
        return row
    fmt = raw.format  # detected once, from the same lines the records came from
    row.format, row.family = fmt.name, fmt.family
    good = []
    for rec in records:
        row.records += 1
        if rec.error is not None:
            row.rejected += 1
            row.notes.append(rec.error.message)
            continue
        row.read += 1
        good.append(rec.value)
    for value in good:
        fam = registry.family_of(value)
        problems = fam.problems(value) if fam.problems else []
        if not problems:
            row.valid += 1
        if fam.solve is not None and limit > 0:
            row.unique = (row.unique or 0) + (not problems and fam.solve(value, limit).unique)
        if _round_trips(fmt, value):
            row.round_trip += 1
    return row


def _round_trips(fmt: registry.Format, value: Any) -> bool:
    try:
        if fmt.collection and fmt.write_record is not None:
            text = fmt.write_record(value) + fmt.newline
            back = list(fmt.read(text))
            return len(back) == 1 and back[0] == value
        if fmt.write is None:
            return False
        return bool(loads(fmt.write(value), fmt.name) == value)
    except (PuzzleFormatError, TypeError, ValueError):
        return False


def survey_paths(paths: list[str], *, limit: int = 2) -> list[SurveyRow]:
    return [survey_file(p, limit=limit) for p in _files(paths)]
