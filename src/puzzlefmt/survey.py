"""``puzzlefmt survey``: what is in a folder of puzzle files, checked end to end.

For every file: the detected format, how many records it holds and how many read, how many
are valid (rules, and one solution where the family has a solver), and whether each record
survives writing in its own format and reading back.
"""

from __future__ import annotations

import os
import stat
from dataclasses import asdict, dataclass, field
from typing import Any

from puzzlefmt import registry
from puzzlefmt.api import open_lines, records_of
from puzzlefmt.collection import LineCollection
from puzzlefmt.errors import OptionError, PuzzleFormatError
from puzzlefmt.format import Format
from puzzlefmt.model import Model

__all__ = ["SurveyRow", "survey_file", "survey_paths"]


@dataclass
class SurveyRow:
    """One file of a survey: its detected ``format`` and ``family``, how many ``records`` it
    holds, how many were ``read`` and ``rejected``, how many are ``valid``, how many have one
    solution (``unique``; None: not solved), how many write back to equal models
    (``round_trip``), and the ``error`` that stopped reading it or the ``notes`` on rejected
    records."""
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
        """The table's column names, in the order of :meth:`cells`."""
        return ["file", "format", "family", "records", "read", "rejected", "valid",
                "unique", "round-trip", "note"]

    def cells(self) -> list[str]:
        """The row as the table's cells (the first note cut to 60 characters)."""
        note = self.error or "; ".join(self.notes[:1])
        return [self.file, self.format, self.family, str(self.records), str(self.read),
                str(self.rejected), str(self.valid),
                "-" if self.unique is None else str(self.unique),
                f"{self.round_trip}/{self.read}", note[:60]]

    def as_dict(self) -> dict[str, Any]:
        """The row as a JSON-ready ``dict``."""
        return asdict(self)


def _regular(path: str) -> bool:
    """Only regular files are surveyed: a named pipe or a device in a folder would block."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _files(paths: list[str]) -> list[str]:
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out.extend(path for n in sorted(names)
                           if not n.startswith(".") and not n.endswith(".md")
                           and _regular(path := os.path.join(root, n)))
        else:
            out.append(p)
    return out


def survey_file(path: str, *, limit: int = 2) -> SurveyRow:
    """Read every record of one file and check each: valid, solved (up to ``limit`` solutions; 0:
    no solving), written back and read again to the same model."""
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
    valid = [v for v in good if not isinstance(v, Model) or v.is_valid()]
    row.valid = len(valid)
    fam = registry.family(fmt.family)
    solve = fam.engine("solve")
    if solve is not None and limit > 0:
        row.unique = sum(r.unique for r in solve.many(valid, limit=limit)) if valid else 0
    row.round_trip = sum(_round_trips(fmt, value) for value in good)
    return row


def _round_trips(fmt: Format, value: Any) -> bool:
    try:
        if isinstance(fmt, LineCollection):
            back = list(fmt.loads(fmt.dump_record(value)))
            return len(back) == 1 and back[0] == value
        return bool(fmt.loads(fmt.dumps(value)) == value)
    except (PuzzleFormatError, OptionError, TypeError, ValueError):
        return False


def survey_paths(paths: list[str], *, limit: int = 2) -> list[SurveyRow]:
    """A survey row for each file: the files given, and those in the folders given (sorted;
    hidden files and ``.md`` files left out)."""
    return [survey_file(p, limit=limit) for p in _files(paths)]
