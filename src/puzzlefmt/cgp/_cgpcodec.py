"""The CGP line codec, below the model: ``read(text)`` turns one CGP line into the fields of
a :class:`~puzzlefmt.cgp.Position`; the writer helpers turn fields back into text. The model
(``Position(text)``, ``position.cgp()``) and the ``cgp``, ``cgp-list`` and ``cgp-json`` formats
use them; this module imports no model.

What the reader tolerates and what it refuses is listed in ``docs/cgp.md`` ("Parser
behaviour"): every tolerated deviation from the spec is noted in ``Fields.deviations``
(``Position.deviations``), and ``strict=True`` refuses each of them instead.

Reading takes one of two paths. The fast path reads a line in the spec's own form (single
spaces, ``;`` after each operation, a board of single-character tiles and runs without
leading zeros) with a handful of compiled patterns and string methods, checks the board's
shape without building it, and leaves the board as text: ``Position.board`` expands it when
it is first used, and the writer reuses the text while the board is not touched. Anything
else (a deviation, a multi-character tile, an error) is read again by the careful path,
character by character, which notes deviations and computes where an error is.

Every syntax error is a :class:`~puzzlefmt.errors.PuzzleFormatError` whose message starts with
the field (``board row 9``, ``racks``, ``scores``, ``consecutive zero turns``, an opcode) and
whose column is the 1-based position in the string.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from puzzlefmt.cgp.distributions import (
    Distribution,
    TileError,
    default_distribution,
    get_distribution,
    infer_distribution,
)
from puzzlefmt.cgp.layouts import Layout
from puzzlefmt.cgp.layouts import _canonical as _layout_canonical
from puzzlefmt.cgp.moves import Move, MoveStyle, parse_move
from puzzlefmt.cgp.tiles import BLANK
from puzzlefmt.errors import PuzzleFormatError

__all__ = [
    "CHALLENGE_RULES",
    "DEFAULTS",
    "KNOWN_OPCODES",
    "MAX_DIMENSION",
    "OPCODES",
    "WRITE_ORDER",
    "Fields",
    "Opcode",
    "Operation",
    "expand_board",
    "read",
    "write_board",
    "write_operand",
    "write_operations",
    "write_racks",
]

FORMAT = "cgp"

#: The largest board side the reader builds (a guard against "99999999/..." eating memory).
MAX_DIMENSION = 1000

OpcodeKind = Literal["int", "name", "cr", "oru", "tmr", "lm"]


@dataclass(frozen=True)
class Opcode:
    """A known opcode, declared once (:data:`OPCODES`): ``opcode``, the ``attr`` of
    :class:`~puzzlefmt.cgp.Position` that holds it, its ``kind`` (``"int"``: a whole number;
    ``"name"``: one word; ``"cr"``: a challenge rule; ``"oru"``: no operand, ``True`` when
    present; ``"tmr"``: a timer a player; ``"lm"``: a move), its ``default`` (``None``: absent
    unless given) and, for a number or a name, what it holds in ``words`` (the reader's
    messages say it)."""

    opcode: str
    attr: str
    kind: OpcodeKind
    default: int | None = None
    words: str = ""


#: The opcodes of the seed and of the current spec (``oru``), in the order in which the writer
#: adds those that were not in the text it was read from. Everything else about the known
#: opcodes (the reader's checks, ``Position.replace``'s, the tables below) follows this.
OPCODES = (
    Opcode("lex", "lexicon", "name", words="a lexicon name"),
    Opcode("ld", "distribution_name", "name", words="a letter distribution name"),
    Opcode("bdn", "board_name", "name", words="a board name"),
    Opcode("bb", "bingo_bonus", "int", 50, "a bingo bonus in points"),
    Opcode("cr", "challenge_rule", "cr"),
    Opcode("etl", "exchange_limit", "int", 7,
           "the fewest tiles in the bag that allow an exchange"),
    Opcode("mcnz", "max_zero_turns", "int", 6, "the most consecutive zero-score turns"),
    Opcode("gid", "gid", "name", words="a game id"),
    Opcode("lm", "last_move", "lm"),
    Opcode("ti", "timer_increment", "int", words="a timer increment in milliseconds"),
    Opcode("tmr", "timers", "tmr"),
    Opcode("to", "max_overtime", "int", words="a maximum overtime in milliseconds"),
    Opcode("var", "variant", "name", words="a variant name"),
    Opcode("oru", "opponent_rack_unknown", "oru", False),
)

#: Each known opcode (in alphabetical order) with the attribute of :class:`Position` that
#: holds it.
KNOWN_OPCODES: dict[str, str] = {op.opcode: op.attr
                                 for op in sorted(OPCODES, key=lambda op: op.opcode)}

#: Defaults of the opcodes that have one; the others default to ``None`` (absent). ``oru``
#: (no operand) is ``True`` when present.
DEFAULTS: dict[str, int] = {op.opcode: op.default for op in OPCODES if op.default is not None}

#: The order in which the writer adds opcodes that were not in the text it was read from.
WRITE_ORDER = tuple(op.opcode for op in OPCODES)

#: The values the ``cr`` opcode (challenge rule) may take, in lower case.
CHALLENGE_RULES = ("single", "double", "triple", "void", "5pt", "10pt")

_INT_OPS = {op.opcode for op in OPCODES if op.kind == "int"}
_NAME_OPS = {op.opcode for op in OPCODES if op.kind == "name"}
_WORDS = {op.opcode: op.words for op in OPCODES if op.words}

_MAX_DIGITS = 18
_DIGITS = 18  # scores and counts fit in 64 bits
_SCORE = re.compile(r"[-+]?[0-9]{1,18}", re.ASCII)
_COUNT = re.compile(r"[0-9]{1,18}", re.ASCII)
_TOO_LONG = re.compile(r"[-+]?[0-9]{19,}", re.ASCII)


def _not_a_number(text: str) -> str:
    """What a score or count field holds instead of a number, in words: a whole number too
    long is one (say its length), anything else is quoted (shortened)."""
    if _TOO_LONG.fullmatch(text):
        return f"a number of {len(text.lstrip('+-'))} digits"
    shown = text if len(text) <= 40 else text[:39] + "…"
    return repr(shown)
_LEADING_ZERO = re.compile(r"[-+]?0[0-9]", re.ASCII)
_BLANKS = " \t"
_FIELD_BREAKS = " \t\r\n"  # line breaks inside the line are refused before fields are split


@dataclass(frozen=True)
class Operation:
    """An operation the reader does not know, kept verbatim: ``opcode`` and the ``operands``
    text (``""`` when there are none)."""

    opcode: str
    operands: str = ""

    def __str__(self) -> str:
        return f"{self.opcode} {self.operands};" if self.operands else f"{self.opcode};"


@dataclass
class Fields:
    """What :func:`read` found, ready to become a :class:`~puzzlefmt.cgp.Position`.

    The board is either ``board`` (rows of squares) or, from the fast path, ``board_text``
    (the board field in its canonical form, every tile one character) with ``rows`` and
    ``cols``; :func:`expand_board` turns the text into rows when they are needed.
    """

    board: list[list[str | None]] | None
    racks: list[list[str]]
    scores: list[int]
    zero_turns: int
    distribution: Distribution
    distribution_source: Literal["ld", "lex", "default", "given"]
    values: dict[str, object] = field(default_factory=dict)
    order: list[str | Operation] = field(default_factory=list)
    unknown: list[Operation] = field(default_factory=list)
    lm_style: MoveStyle | None = None
    deviations: list[str] = field(default_factory=list)
    board_text: str | None = None
    rows: int = 0
    cols: int = 0


@dataclass
class _RawOp:
    opcode: str  # as written (a MAGPIE "-lex" keeps its dash here)
    name: str  # the known opcode it stands for, or the opcode itself
    operands: str
    at: int  # where the opcode starts
    operands_at: int  # where the operands start


class _Deviations:
    """What the reader tolerates, noted one by one; with ``strict`` the first one raises."""

    def __init__(self, strict: bool, text: str) -> None:
        self.strict = strict
        self.text = text
        self.found: list[str] = []

    def note(self, message: str, column: int, found: str) -> None:
        if self.strict:
            raise _error(
                f"{message} (strict reading refuses every deviation from the spec)",
                column,
                self.text,
                expected="the spec's form",
                found=repr(found),
            )
        self.found.append(message)


def _error(
    message: str,
    column: int,
    text: str,
    *,
    expected: str | None = None,
    found: str | None = None,
) -> PuzzleFormatError:
    return PuzzleFormatError(
        message, format=FORMAT, column=column + 1, text=text, expected=expected, found=found
    )


# ---------------------------------------------------------------------- reading


def _split_fields(text: str) -> tuple[list[tuple[int, str]], int]:
    """The first four blank-separated fields (with offsets) and where the operations begin."""
    out: list[tuple[int, str]] = []
    i = 0
    n = len(text)
    while len(out) < 4:
        while i < n and text[i] in _FIELD_BREAKS:
            i += 1
        if i >= n:
            break
        j = i
        while j < n and text[j] not in _FIELD_BREAKS:
            j += 1
        out.append((i, text[i:j]))
        i = j
    return out, i


def read(
    text: str,
    *,
    distribution: Distribution | str | None = None,
    layout: Layout | str | None = None,
    strict: bool = False,
) -> Fields:
    """Parse one CGP line. ``distribution`` overrides ``ld`` and the lexicon inference;
    ``strict`` refuses every deviation from the spec that the reader would otherwise
    tolerate (see ``docs/cgp.md``)."""
    fast = _read_fast(text, distribution, layout, strict)
    if fast is not None:
        return fast
    return _read_careful(text, distribution, layout, strict)


def _read_careful(
    text: str,
    distribution: Distribution | str | None,
    layout: Layout | str | None,
    strict: bool,
) -> Fields:
    """The careful path: character by character, every deviation noted, every error with
    its column."""
    dev = _Deviations(strict, text)
    line = text
    if text.startswith("\ufeff"):
        dev.note("a byte-order mark before the CGP", 0, "\ufeff")
        line = " " + text[1:]
    stripped = line.strip(" \t\r\n")
    lead = len(line) - len(line.lstrip(" \t\r\n"))
    for bad in ("\n", "\r"):
        k = stripped.find(bad)
        if k >= 0:
            raise _error(
                "a CGP is one line; found a line break inside it (use cgp-list for many)",
                lead + k,
                stripped,
                expected="one line",
                found="a line break",
            )
    body = line[1:] if text.startswith("\ufeff") else line
    if body.strip(" \t\r\n") != body:
        dev.note("blanks before or after the CGP", 0 if lead > len(line) - len(body) else
                 len(line.rstrip(" \t\r\n")), text)
    fields, ops_at = _split_fields(line)
    if len(fields) < 4:
        found = f"only {len(fields)}" if fields else "nothing"
        raise _error(
            "expected 4 fields (board, racks, scores, consecutive zero turns) separated by "
            f"spaces, found {found}",
            len(line.rstrip()),
            stripped,
            expected="4 fields",
            found=f"{len(fields)} fields",
        )
    for (a_at, a), (b_at, _) in itertools.pairwise(fields):
        gap = line[a_at + len(a) : b_at]
        if gap != " ":
            dev.note(f"fields separated by {gap!r} instead of one space", a_at + len(a), gap)
    (board_at, board_text), (racks_at, racks_text), (scores_at, scores_text), (
        zero_at,
        zero_text,
    ) = fields
    raw_ops = _split_operations(line, ops_at, dev)
    dist, source = _choose_distribution(raw_ops, board_text, distribution, layout, line)
    board = _read_board(board_text, board_at, dist, source, dev)
    racks = _read_racks(racks_text, racks_at, dist, dev)
    scores = _read_scores(scores_text, scores_at, dev)
    if len(racks) != len(scores):
        raise _error(
            f"scores: expected one score per rack ({_n(len(racks), 'rack')}), found "
            f"{_n(len(scores), 'score')}",
            scores_at,
            f"{racks_text} {scores_text}",
            expected=f"{len(racks)} scores",
            found=f"{len(scores)} scores",
        )
    if not _COUNT.fullmatch(zero_text):
        found = _not_a_number(zero_text)
        raise _error(
            f"consecutive zero turns: expected a whole number of at most {_DIGITS} digits, "
            f"found {found}",
            zero_at,
            zero_text,
            expected=f"a whole number of at most {_DIGITS} digits",
            found=found,
        )
    if _LEADING_ZERO.match(zero_text):
        dev.note(f"consecutive zero turns: a leading zero in {zero_text!r}", zero_at, zero_text)
    out = Fields(board, racks, scores, int(zero_text), dist, source, rows=len(board),
                 cols=len(board[0]))
    _read_operations(raw_ops, out, line, dev)
    out.deviations = dev.found
    return out


# ---------------------------------------------------------------------- the fast path


class _Fallback(Exception):  # noqa: N818 - a signal, not an error: read the careful way
    """The fast path met something only the careful path reads (or reports)."""


class _FastDeviations(_Deviations):
    """On the fast path a deviation is not noted: the careful path reads the line again."""

    def note(self, message: str, column: int, found: str) -> None:
        raise _Fallback


# The four fields of a line in the spec's form (one space between them, scores and count
# without '+' or leading zeros), then the operations, if any, after a blank.
_NUMBER = r"(?:0|[1-9][0-9]{0,17})"
_FAST_LINE = re.compile(
    rf"([^ \t\r\n]+) ([^ \t\r\n]+) (-?{_NUMBER}(?:/-?{_NUMBER})*) ({_NUMBER})"
    r"((?:[ \t][^\r\n]*)?)"
)
_RUN_SPLIT = re.compile(r"([0-9]+)")
# The runs of empty squares a board may hold, as written (no leading zero), to their length;
# and to the squares they add to the row beyond their own characters.
_RUN_LENGTHS = {str(n): n for n in range(1, MAX_DIMENSION + 1)}
_RUN_EXTRA = {run: n - len(run) for run, n in _RUN_LENGTHS.items()}
_FAST_SHAPES: dict[frozenset[str], tuple[re.Pattern[str], dict[int, str], frozenset[str]]] = {}


def _fast_shapes(dist: Distribution) -> tuple[re.Pattern[str], dict[int, str], frozenset[str]]:
    """What the fast path needs of a distribution: the characters a board may hold (digits,
    '/', the one-character tiles) as a pattern, a table turning each tile into a space, and
    the characters of a rack."""
    key = dist.simple_tiles
    found = _FAST_SHAPES.get(key)
    if found is None:
        chars = "".join(re.escape(ch) for ch in sorted(key))
        board = re.compile(f"[0-9/{chars}]+")
        spaces = str.maketrans(dict.fromkeys(key, " "))
        found = _FAST_SHAPES[key] = (board, spaces, dist.simple_rack_tiles)
    return found


def _board_size(board: str, spaces: dict[int, str]) -> tuple[int, int] | None:
    """Rows and columns of a board field of one-character tiles and runs (``spaces`` turns
    each tile into a space), or ``None`` when a row is empty, a run has a leading zero or
    is too long, or the rows differ in width (the careful path says which)."""
    rows = board.translate(spaces).split("/")
    if len(rows) > MAX_DIMENSION:
        return None
    extra = _RUN_EXTRA.__getitem__
    try:  # a row is as wide as its characters, plus what each run adds
        widths = {len(row) + sum(map(extra, row.split())) for row in rows}
    except KeyError:  # a run of 0, with a leading zero, or longer than a row can be
        return None
    if len(widths) != 1:
        return None
    width = widths.pop()
    if not 0 < width <= MAX_DIMENSION:
        return None
    return len(rows), width


def _read_fast(
    text: str,
    distribution: Distribution | str | None,
    layout: Layout | str | None,
    strict: bool,
) -> Fields | None:
    """Read a line in the spec's form without a loop over its characters, or return
    ``None`` (the careful path reads it, notes its deviations or says what is wrong)."""
    m = _FAST_LINE.fullmatch(text)
    if m is None:
        return None
    board_text, racks_text, scores_text, zero_text, ops_text = m.groups()
    raw: list[_RawOp] = []
    dev: _Deviations = _FastDeviations(strict, text)
    if ops_text:
        if ops_text[-1] in " \t":
            return None  # blanks after the CGP: noted by the careful path
        quick = _quick_operations(ops_text, m.start(5))
        if quick is not None:
            raw = quick
        else:  # the operations deviate from the spec's form: note how, one by one
            dev = _Deviations(strict, text)
            try:
                raw = _split_operations(text, m.start(5), dev)
            except PuzzleFormatError:
                return None
    try:
        dist, source = _choose_distribution(raw, board_text, distribution, layout, text)
    except PuzzleFormatError:
        return None
    board_shape, spaces, rack_chars = _fast_shapes(dist)
    if board_shape.fullmatch(board_text) is None:
        return None
    size = _board_size(board_text, spaces)
    if size is None:
        return None
    racks: list[list[str]] = []
    for rack in racks_text.split("/"):
        if not rack_chars.issuperset(rack):
            return None
        racks.append(list(rack))
    scores = [int(s) for s in scores_text.split("/")]
    if len(racks) != len(scores):
        return None
    out = Fields(None, racks, scores, int(zero_text), dist, source, board_text=board_text,
                 rows=size[0], cols=size[1])
    try:
        _read_operations(raw, out, text, dev)
    except (_Fallback, PuzzleFormatError):
        return None
    out.deviations = dev.found
    return out


def _quick_operations(ops: str, at: int) -> list[_RawOp] | None:
    """The operations in the spec's form (`` op operands;`` each after one space), or
    ``None`` for anything else."""
    if ops[0] != " " or ops[-1] != ";":
        return None
    raw: list[_RawOp] = []
    at += 1
    for item in ops[1:-1].split("; "):
        opcode, sep, operands = item.partition(" ")
        if (
            not opcode
            or ";" in item
            or "\t" in item
            or (sep and (not operands or operands[0] == " " or operands[-1] == " "))
            or (opcode[0] == "-" and opcode[1:] in KNOWN_OPCODES)
        ):
            return None
        raw.append(_RawOp(opcode, opcode, operands, at, at + len(opcode) + len(sep)))
        at += len(item) + 2
    return raw


def expand_board(text: str) -> list[list[str | None]]:
    """The rows of squares of a board field read by the fast path (one-character tiles)."""
    board: list[list[str | None]] = []
    length = _RUN_LENGTHS.__getitem__
    for row in text.split("/"):
        parts = _RUN_SPLIT.split(row)  # tiles, run, tiles, run, ..., tiles
        squares: list[str | None] = list(parts[0])
        for k in range(1, len(parts), 2):
            squares += [None] * length(parts[k])
            squares += parts[k + 1]
        board.append(squares)
    return board


def _split_operations(line: str, start: int, dev: _Deviations | None = None) -> list[_RawOp]:
    ops: list[_RawOp] = []
    i = start
    n = len(line)
    first = True
    while True:
        j0 = i
        while i < n and line[i] in _BLANKS + "\r\n":
            i += 1
        if i >= n:
            break
        end = line.find(";", i)
        if end < 0:
            end = n  # the last operation may lack its ';' (MAGPIE test strings)
        segment = line[i:end]
        if segment.strip(_BLANKS + "\r\n") and dev is not None:
            if line[j0:i] != " ":
                where = "the fourth field" if first else "the operation before"
                dev.note(
                    f"operations: {line[j0:i]!r} after {where} instead of one space", j0,
                    line[j0:i],
                )
            if end == n:
                dev.note("operations: the last operation has no ';'", n, line[i:])
        first = False
        if not segment.strip(_BLANKS + "\r\n"):
            if dev is None:
                raise _error(
                    "operations: expected an opcode before ';'",
                    i,
                    line[i : end + 1],
                    expected="an opcode",
                    found="';'",
                )
            dev.note("operations: an empty operation ';'", i, line[i : end + 1])
            i = end + 1
            continue
        j = i
        while j < end and line[j] not in _BLANKS:
            j += 1
        opcode = line[i:j]
        k = j
        while k < end and line[k] in _BLANKS:
            k += 1
        operands = line[k:end].rstrip(_BLANKS + "\r\n")
        if dev is not None:
            if k > j + 1 or (k == j + 1 and line[j] != " "):
                dev.note(f"{opcode}: more than one space before the operands", j, line[j:k])
            if k < end and len(operands) != end - k:
                dev.note(f"{opcode}: blanks before ';'", k + len(operands), line[k:end])
        name = opcode
        if opcode.startswith("-") and opcode[1:] in KNOWN_OPCODES:
            name = opcode[1:]  # MAGPIE's command-line style "-lex CSW21;"
            if dev is not None:
                dev.note(f"{name}: written {opcode!r} (MAGPIE's command-line style)", i, opcode)
        ops.append(_RawOp(opcode, name, operands, i, k))
        i = end + 1
    return ops


def _choose_distribution(
    ops: list[_RawOp],
    board_text: str,
    given: Distribution | str | None,
    layout: Layout | str | None,
    line: str,
) -> tuple[Distribution, Literal["ld", "lex", "default", "given"]]:
    if isinstance(given, Distribution):
        return given, "given"
    if isinstance(given, str):
        return get_distribution(given), "given"
    found = {op.name: op for op in ops if op.name in ("ld", "lex", "bdn")}
    if "ld" in found:
        op = found["ld"]
        try:
            return get_distribution(op.operands), "ld"
        except KeyError as exc:
            raise _error(
                f"ld: {exc.args[0]}",
                op.operands_at,
                op.operands,
                expected="a known letter distribution",
                found=repr(op.operands),
            ) from None
    super_board = False
    if isinstance(layout, Layout):
        super_board = layout.rows == 21
    elif isinstance(layout, str):
        super_board = _layout_canonical(layout) == "SuperCrosswordGame"
    elif "bdn" in found:
        super_board = _layout_canonical(found["bdn"].operands) == "SuperCrosswordGame"
    else:
        super_board = board_text.count("/") == 20
    if "lex" in found:
        name = infer_distribution(found["lex"].operands, super_board=super_board)
        if name is not None:
            return get_distribution(name), "lex"
    return get_distribution(default_distribution(super_board=super_board)), "default"


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _why(dist: Distribution, source: str) -> str:
    if source == "default":
        return f" (no ld opcode and no known lexicon: {dist.name} is the default)"
    if source == "lex":
        return f" (no ld opcode: {dist.name} inferred from the lexicon)"
    return ""


def _read_board(
    text: str, at: int, dist: Distribution, source: str, dev: _Deviations | None = None
) -> list[list[str | None]]:
    rows: list[list[str | None]] = []
    width = -1
    offset = at
    simple = dist.simple_tiles
    parts = text.split("/")
    if len(parts) > 1 and parts[-1] == "" and dev is not None:
        dev.note("board: a '/' after the last row", at + len(text) - 1, "/")
        parts.pop()
    if len(parts) > MAX_DIMENSION:
        raise _error(
            f"board: expected at most {MAX_DIMENSION} rows, found {len(parts)}",
            at,
            text,
            expected=f"at most {MAX_DIMENSION} rows",
            found=f"{len(parts)} rows",
        )
    for number, row_text in enumerate(parts, start=1):
        limit = MAX_DIMENSION if width < 0 else width
        n = len(row_text)
        row: list[str | None] = []
        i = 0
        while i < n:
            ch = row_text[i]
            if ch in simple and len(row) < limit:
                row.append(ch)
                i += 1
                continue
            if "0" <= ch <= "9":
                j = i + 1
                while j < n and "0" <= row_text[j] <= "9":
                    j += 1
                digits = row_text[i:j]
                if digits[0] == "0":
                    if dev is None:
                        raise _error(
                            f"board row {number}: expected a run of empty squares from 1 "
                            f"without a leading zero, found {digits!r}",
                            offset + i,
                            row_text,
                            expected="a run length from 1",
                            found=repr(digits),
                        )
                    what = "a run of 0 empty squares" if not digits.strip("0") else (
                        "a run with a leading zero"
                    )
                    dev.note(f"board row {number}: {what} ({digits!r})", offset + i, digits)
                    digits = digits.lstrip("0") or "0"
                run = int(digits) if len(digits) <= 6 else MAX_DIMENSION + 1
                if len(row) + run > limit:
                    what = (
                        f"{width} squares wide like row 1" if width >= 0
                        else f"at most {MAX_DIMENSION} squares wide"
                    )
                    raise _error(
                        f"board row {number}: the run {digits} of empty squares overflows the "
                        f"row (expected {what})",
                        offset + i,
                        row_text,
                        expected=what,
                        found=f"{len(row) + run} squares",
                    )
                row.extend([None] * run)
                i = j
                continue
            try:
                tile, i_next = dist.scan(row_text, i, mode="board")
            except TileError as exc:
                message = exc.message
                if message.startswith("expected a tile of the"):
                    message = message.replace(
                        " distribution, found", " distribution or a run of empty squares, found", 1
                    ) + _why(dist, source)
                raise _error(
                    f"board row {number}: {message}",
                    offset + exc.offset,
                    row_text,
                    expected=exc.expected,
                    found=repr(exc.found),
                ) from None
            if len(row) + 1 > limit:
                what = (
                    f"{width} squares wide like row 1" if width >= 0
                    else f"at most {MAX_DIMENSION} squares wide"
                )
                raise _error(
                    f"board row {number}: the tile {tile!r} overflows the row (expected "
                    f"{what})",
                    offset + i,
                    row_text,
                    expected=what,
                    found=f"more than {limit} squares",
                )
            row.append(tile)
            i = i_next
        if width < 0:
            if not row:
                raise _error(
                    "board row 1: expected tiles or a run of empty squares, found nothing",
                    offset,
                    text,
                    expected="a row",
                    found="an empty row",
                )
            width = len(row)
        elif len(row) != width:
            raise _error(
                f"board row {number}: expected {width} squares like row 1, found {len(row)}",
                offset,
                row_text,
                expected=f"{width} squares",
                found=f"{len(row)} squares",
            )
        rows.append(row)
        offset += n + 1
    return rows


def _read_racks(
    text: str, at: int, dist: Distribution, dev: _Deviations | None = None
) -> list[list[str]]:
    racks: list[list[str]] = []
    offset = at
    for number, rack_text in enumerate(text.split("/"), start=1):
        dot = rack_text.find(".")
        if dot >= 0 and dev is not None and "." not in dist:
            dev.note(f"racks: rack {number}: '.' for the blank (MAGPIE's alias of '?')",
                     offset + dot, ".")
            rack_text = rack_text.replace(".", BLANK)
        try:
            racks.append(dist.tiles(rack_text, mode="rack"))
        except TileError as exc:
            message = exc.message
            if message.startswith("expected a tile"):
                message = message.replace(" distribution", " distribution or '?'", 1)
            raise _error(
                f"racks: rack {number}: {message}",
                offset + exc.offset,
                rack_text,
                expected=exc.expected,
                found=repr(exc.found),
            ) from None
        offset += len(rack_text) + 1
    return racks


def _read_scores(text: str, at: int, dev: _Deviations | None = None) -> list[int]:
    scores: list[int] = []
    offset = at
    for number, score_text in enumerate(text.split("/"), start=1):
        ok = _SCORE.fullmatch(score_text) is not None
        if ok and dev is None and score_text.startswith("+"):
            ok = False
        if ok and dev is not None:
            if score_text.startswith("+"):
                dev.note(f"scores: score {number} written with '+' ({score_text!r})", offset,
                         score_text)
            elif _LEADING_ZERO.match(score_text):
                dev.note(f"scores: score {number} has a leading zero ({score_text!r})", offset,
                         score_text)
        if not ok:
            found = _not_a_number(score_text)
            raise _error(
                f"scores: score {number}: expected a whole number of at most {_DIGITS} digits "
                f"(negative allowed), found {found}",
                offset,
                score_text,
                expected=f"a whole number of at most {_DIGITS} digits",
                found=found,
            )
        scores.append(int(score_text))
        offset += len(score_text) + 1
    return scores


def _one_operand(op: _RawOp, line: str) -> str:
    if not op.operands:
        raise _error(
            f"{op.name}: expected {_WORDS[op.name]}, found nothing",
            op.operands_at,
            line[op.at : op.operands_at + 1],
            expected=_WORDS[op.name],
            found="nothing",
        )
    if " " in op.operands or "\t" in op.operands:
        raise _error(
            f"{op.name}: expected one operand ({_WORDS[op.name]}, no spaces), found "
            f"{op.operands!r}",
            op.operands_at,
            op.operands,
            expected="one operand",
            found=repr(op.operands),
        )
    return op.operands


def _read_operations(
    ops: list[_RawOp], out: Fields, line: str, dev: _Deviations | None = None
) -> None:
    seen: dict[str, _RawOp] = {}
    for op in ops:
        name = op.name
        if name not in KNOWN_OPCODES:
            unknown = Operation(op.opcode, op.operands)
            out.unknown.append(unknown)
            out.order.append(unknown)
            continue
        if name in seen:
            before = seen[name]
            if dev is None or before.operands != op.operands:
                same = "" if before.operands == op.operands else (
                    f" with different values ({before.operands!r}, then {op.operands!r}: "
                    "which one holds is not clear)"
                )
                raise _error(
                    f"{name}: given twice{same}; an opcode may appear once",
                    op.at,
                    line[op.at :],
                    expected=f"one {name} operation",
                    found="a second one",
                )
            dev.note(f"{name}: given twice with the same value", op.at, line[op.at : op.at + 40])
            continue
        seen[name] = op
        value: object
        if name in _INT_OPS:
            operand = _one_operand(op, line)
            if not _COUNT.fullmatch(operand):
                raise _error(
                    f"{name}: expected {_WORDS[name]} (a whole number), found {operand!r}",
                    op.operands_at,
                    operand,
                    expected="a whole number",
                    found=repr(operand),
                )
            if dev is not None and _LEADING_ZERO.match(operand):
                dev.note(f"{name}: a leading zero in {operand!r}", op.operands_at, operand)
            value = int(operand)
        elif name in _NAME_OPS:
            value = _one_operand(op, line)
        elif name == "cr":
            if op.operands.lower() not in CHALLENGE_RULES:
                raise _error(
                    f"cr: expected a challenge rule ({', '.join(CHALLENGE_RULES)}), found "
                    f"{op.operands!r}",
                    op.operands_at,
                    op.operands or line[op.at :],
                    expected="a challenge rule",
                    found=repr(op.operands),
                )
            if dev is not None and op.operands not in CHALLENGE_RULES:
                dev.note(f"cr: {op.operands!r} is not in lower case", op.operands_at,
                         op.operands)
            value = op.operands
        elif name == "oru":
            if op.operands:
                raise _error(
                    f"oru: expected no operand (oru;), found {op.operands!r}",
                    op.operands_at,
                    op.operands,
                    expected="no operand",
                    found=repr(op.operands),
                )
            value = True
        elif name == "tmr":
            value = _read_timers(op, len(out.racks), line)
        else:  # lm
            value, out.lm_style = parse_move(
                op.operands,
                out.distribution,
                field="lm",
                offset=op.operands_at,
                strict=dev is not None and dev.strict,
            )
        out.values[name] = value
        out.order.append(name)


def _read_timers(op: _RawOp, players: int, line: str) -> list[int]:
    parts = op.operands.split("/") if op.operands else []
    offset = op.operands_at
    timers: list[int] = []
    for number, part in enumerate(parts, start=1):
        if not _SCORE.fullmatch(part):
            raise _error(
                f"tmr: timer {number}: expected milliseconds (a whole number, negative when "
                f"overtime), found {part!r}",
                offset,
                op.operands,
                expected="a whole number",
                found=repr(part),
            )
        timers.append(int(part))
        offset += len(part) + 1
    if len(timers) != players:
        raise _error(
            f"tmr: expected one timer per player ({players}), found {_n(len(timers), 'timer')}",
            op.operands_at,
            op.operands or line[op.at :],
            expected=f"{players} timers",
            found=f"{len(timers)} timers",
        )
    return timers



# ---------------------------------------------------------------------- writing


def write_board(board: Sequence[Sequence[str | None]]) -> str:
    """The board field: rows joined by ``/``, runs of empty squares as numbers."""
    rows: list[str] = []
    for row in board:
        parts: list[str] = []
        run = 0
        for sq in row:
            if sq is None:
                run += 1
                continue
            if run:
                parts.append(str(run))
                run = 0
            parts.append(f"[{sq}]" if len(sq) > 1 else sq)
        if run:
            parts.append(str(run))
        rows.append("".join(parts))
    return "/".join(rows)


def write_operand(name: str, value: object) -> str:
    """The operand text of a known opcode's value (``lm`` in the seed's notation)."""
    if name == "tmr":
        assert isinstance(value, (list, tuple))
        return "/".join(str(v) for v in value)
    if name == "lm":
        assert isinstance(value, Move)
        return value.notation()
    if name == "oru":
        return ""
    return str(value)


def write_racks(racks: Sequence[Sequence[str]]) -> str:
    """The racks field: racks joined by ``/``, multi-code-point tiles in brackets."""
    parts: list[str] = []
    for rack in racks:
        text = "".join(rack)
        if len(text) != len(rack):  # a tile of several code points
            text = "".join(f"[{t}]" if len(t) > 1 else t for t in rack)
        parts.append(text)
    return "/".join(parts)


def write_operations(ops: Iterable[tuple[str, str]]) -> str:
    """The operations field: ``op operands;`` each (``op;`` without operands), one space
    apart."""
    return " ".join(f"{op} {arg};" if arg else f"{op};" for op, arg in ops)
