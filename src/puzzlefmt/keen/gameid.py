"""Keen game IDs and descriptions: the codec (reader and writer of the text).

This is not a format module (that is :mod:`puzzlefmt.keen.formats.keen_id`): it works on text and
the parts of :mod:`puzzlefmt.keen.elements`, below the model, so that
:class:`~puzzlefmt.keen.model.Puzzle` can read and write its own game ID.

A game ID is ``<params>:<desc>`` (``6:...``, ``6dhm:...``) or ``<params>#<seed>``. The
description is the block structure (the cage walls, run-length coded), a comma, then one
clue per cage in order of the cage's first cell. See ``docs/keen.md`` for every leniency.

The reader follows the documented meaning of the block structure: ``_`` is a wall, a letter
``a``..``y`` is 1..25 shared edges followed by a wall, ``z`` is 25 shared edges and no wall.
``runs="upstream"`` reads ``y`` and ``z`` as the real program does instead (``y``: 25 shared
edges, no wall; ``z``: 26 shared edges and a wall), so that it accepts exactly what the real
program accepts and builds the cages it would build.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Sequence
from typing import NamedTuple

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.keen.elements import (
    MAX_SIZE,
    MAX_TARGET_DIGITS,
    Cage,
    Difficulty,
    KeenCompatibilityWarning,
    OnMisread,
    Op,
    Runs,
    edge_cells,
    edge_pairs,
    positions_for,
)
from puzzlefmt.keen.upstream import upstream_desc_error

__all__ = [
    "KeenCompatibilityWarning",
    "Parsed",
    "block_walls",
    "edge_pairs",
    "encode_block_structure",
    "encode_desc",
    "parse_game_id",
    "positions_for",
]

FMT = "keen"

# Digits longer than this are not read as a number: a repeat count this long overflows every
# grid (the largest has 2*32*31+1 positions), and Python refuses very long int() conversions.
_MAX_COUNT_DIGITS = 7

_PARAMS = re.compile(r"([0-9]+)(?:d(.?))?(m)?")
_DIGIT_RUN = re.compile(r"[0-9]*")
_OPS = {"a": Op.ADD, "m": Op.MUL, "s": Op.SUB, "d": Op.DIV}


class Parsed(NamedTuple):
    """What the reader found, before it becomes a :class:`~puzzlefmt.keen.model.Puzzle`."""

    size: int
    cages: tuple[Cage, ...]
    cell_cage: tuple[int, ...]
    difficulty: Difficulty | None
    multiplication_only: bool
    seed: str | None


def _error(
    message: str,
    *,
    text: str,
    column: int | None,
    expected: str,
    found: str,
    upstream: str | None = None,
) -> PuzzleFormatError:
    if upstream:
        message += f' (Keen: "{upstream}")'
    return PuzzleFormatError(
        message, format=FMT, line=1, column=column, text=text, expected=expected, found=found
    )


def _show(ch: str) -> str:
    return repr(ch) if ch else "end of text"


def _read_count(text: str, i: int) -> tuple[int, int]:
    """Read an optional decimal repeat count at ``i``: ``(count, next_index)``; 0 and 1 both
    mean once, an absent count means once."""
    j = i
    while j < len(text) and text[j] in "0123456789":
        j += 1
    if j == i:
        return 1, j
    digits = text[i:j].lstrip("0")
    if len(digits) > _MAX_COUNT_DIGITS:
        return 10**_MAX_COUNT_DIGITS, j
    return max(int(digits or "0"), 1), j


def _symbol(ch: str, runs: Runs) -> tuple[int, bool]:
    """``(shared edges, wall follows)`` for a block-structure symbol."""
    if ch == "_":
        return 0, True
    k = ord(ch) - 96  # a=1 .. z=26
    if runs == "upstream":
        if k == 25:
            return 25, False
        return k, True
    if k == 26:
        return 25, False
    return k, True


def _is_symbol(ch: str) -> bool:
    return ch == "_" or "a" <= ch <= "z"


def _bad_symbol(text: str, i: int) -> PuzzleFormatError:
    return _error(
        f"expected '_', a letter a-z or a repeat count in the block structure, found "
        f"{text[i]!r}",
        text=text, column=i + 1, expected="'_', a-z or digits", found=repr(text[i]),
    )


def _count_positions(text: str, start: int, runs: Runs) -> int:
    """Total positions the block structure at ``start`` describes (for a bare description).
    Raises on a character that cannot be in a block structure."""
    i = start
    total = 0
    while i < len(text) and text[i] != ",":
        ch = text[i]
        if not _is_symbol(ch):
            raise _bad_symbol(text, i)
        shared, wall = _symbol(ch, runs)
        count, i = _read_count(text, i + 1)
        total += count * (shared + wall)
    return total


def _size_from_positions(total: int) -> int | None:
    for w in range(1, MAX_SIZE + 1):
        if positions_for(w) == total:
            return w
    return None


def _read_block_structure(text: str, start: int, w: int, runs: Runs) -> tuple[list[int], int]:
    """Read the block structure of a ``w`` grid starting at ``start``.

    Returns the cage root (smallest cell) of every cell and the index of the comma.
    """
    total = positions_for(w)
    pairs = edge_pairs(w)
    parent = list(range(w * w))
    i = start
    n = len(text)
    pos = 0
    while i < n and text[i] != ",":
        ch = text[i]
        col = i + 1
        if not _is_symbol(ch):
            raise _bad_symbol(text, i)
        shared, wall = _symbol(ch, runs)
        count, i = _read_count(text, i + 1)
        step = shared + wall
        end = pos + count * step
        if end > total or (not wall and end >= total):
            raise _error(
                f"expected {total} positions in the block structure of a {w}x{w} grid, "
                f"found more by the symbol at column {col}",
                text=text, column=col, expected=f"{total} positions",
                found=f"more than {total}",
            )
        if shared:
            for rep in range(count):
                first = pos + rep * step
                for a, b in pairs[first : first + shared]:
                    while parent[a] != a:
                        a = parent[a]
                    while parent[b] != b:
                        b = parent[b]
                    if a < b:
                        parent[b] = a
                    elif b < a:
                        parent[a] = b
        pos = end
    if pos != total:
        raise _error(
            f"expected {total} positions in the block structure of a {w}x{w} grid, "
            f"found {pos}",
            text=text, column=i + 1, expected=f"{total} positions", found=str(pos),
        )
    if i >= n:
        raise _error(
            "expected ',' after the block structure, found end of text",
            text=text, column=i + 1, expected="','", found="end of text",
        )
    roots = parent
    for c in range(w * w):
        roots[c] = roots[roots[c]]  # roots are smaller cells, already final
    return roots, i


def _read_clues(
    text: str, start: int, w: int, roots: list[int]
) -> tuple[tuple[Cage, ...], tuple[int, ...]]:
    members: dict[int, list[int]] = {}
    for cell, root in enumerate(roots):
        if root == cell:
            members[cell] = [cell]
        else:
            members[root].append(cell)
    groups = list(members.values())  # in order of first cell
    cell_cage = [0] * (w * w)
    cages: list[Cage] = []
    i = start
    n = len(text)

    def where(k: int) -> str:
        r, c = divmod(groups[k][0], w)
        return (f"cage {k + 1} of {len(groups)} (first cell {groups[k][0]}, row {r + 1} "
                f"column {c + 1})")

    for k, cells in enumerate(groups):
        col = i + 1
        if i >= n:
            raise _error(
                f"expected a clue (a, m, s or d and a number) for {where(k)}, found end of "
                "text",
                text=text, column=col, expected="a clue", found="end of text",
            )
        op = _OPS.get(text[i])
        if op is None:
            raise _error(
                f"expected a clue letter a, m, s or d for {where(k)}, found {text[i]!r}",
                text=text, column=col, expected="a, m, s or d", found=repr(text[i]),
            )
        if (op is Op.SUB or op is Op.DIV) and len(cells) != 2:
            name = "subtraction" if op is Op.SUB else "division"
            area = len(cells)
            raise _error(
                f"expected a 2-cell cage for the {name} clue {text[i]!r}, found {where(k)} "
                f"with {area} cell{'s' if area != 1 else ''}",
                text=text, column=col, expected="a 2-cell cage", found=f"{area} cells",
            )
        m = _DIGIT_RUN.match(text, i + 1)
        assert m is not None  # "[0-9]*" always matches
        digits = m.group()
        if len(digits) > MAX_TARGET_DIGITS:
            raise _error(
                f"expected a target of at most {MAX_TARGET_DIGITS} digits for {where(k)}, "
                f"found {len(digits)}",
                text=text, column=i + 2, expected=f"at most {MAX_TARGET_DIGITS} digits",
                found=f"{len(digits)} digits",
            )
        cages.append(Cage(tuple(cells), op, int(digits) if digits else None))
        for cell in cells:
            cell_cage[cell] = k
        i = m.end()
    if i < n:
        raise _error(
            f"expected the end of the clues after {len(groups)} cages, found {text[i]!r}",
            text=text, column=i + 1, expected="end of text", found=repr(text[i]),
        )
    return tuple(cages), tuple(cell_cage)


def parse_game_id(text: str, *, size: int | None = None, runs: Runs = "documented") -> Parsed:
    """Read a game ID, a random-seed ID, or a bare description.

    Surrounding whitespace is ignored; nothing else is. Every error is a
    :class:`PuzzleFormatError` with the column (in ``text``) of the problem, and, when the
    real program refuses the same text, its message in the error.
    """
    if not isinstance(text, str):
        raise TypeError(f"a game ID is text, not {type(text).__name__}")
    lead = len(text) - len(text.lstrip())
    body = text.strip()
    if not body:
        raise _error(
            "expected a Keen game ID, found empty text",
            text=text, column=None, expected="a game ID", found="empty text",
        )
    colon = body.find(":")
    hash_ = body.find("#")
    if colon < 0 and hash_ < 0:
        return _parse_bare(text, lead, size, runs)
    sep = colon if hash_ < 0 or (0 <= colon < hash_) else hash_
    w, difficulty, mult = _parse_params(text, lead, body[:sep])
    if size is not None and size != w:
        raise _error(
            f"expected a {size}x{size} puzzle, found size {w} in the parameters",
            text=text, column=lead + 1, expected=f"size {size}", found=f"size {w}",
        )
    if body[sep] == "#":
        seed = body[sep + 1 :]
        bad = next((k for k, ch in enumerate(seed)
                    if ch in "\r\n\x00" or "\ud800" <= ch <= "\udfff"), -1)
        if bad >= 0:
            raise _error(
                f"expected seed text on one line, found {seed[bad]!r}",
                text=text, column=lead + sep + 2 + bad, expected="seed text",
                found=repr(seed[bad]),
            )
        return Parsed(w, (), (), difficulty, mult, seed)
    # Positions in errors are columns of the whole input: parse the stripped text, then
    # shift columns by ``lead``. The description starts after the colon.
    start = lead + sep + 1
    try:
        roots, comma = _read_block_structure(text.rstrip(), start, w, runs)
        cages, cell_cage = _read_clues(text.rstrip(), comma + 1, w, roots)
    except PuzzleFormatError as exc:
        raise _with_upstream(exc, text.rstrip()[start:], w) from None
    return Parsed(w, cages, cell_cage, difficulty, mult, None)


def _with_upstream(exc: PuzzleFormatError, desc: str, w: int) -> PuzzleFormatError:
    """``exc`` with what the real program says of ``desc`` added to its message."""
    upstream = upstream_desc_error(desc, w)
    if upstream is not None:
        note = f'Keen: "{upstream}"'
    elif any(ch in desc.split(",", 1)[0] for ch in "yz"):
        note = "the real Keen program accepts it, reading 'y' and 'z' its own way: see runs="
        note += "'upstream'"
    else:
        return exc
    return PuzzleFormatError(
        f"{exc.message} ({note})",
        format=exc.format, line=exc.line, column=exc.column, text=exc.text,
        expected=exc.expected, found=exc.found,
    )


def _parse_params(text: str, lead: int, params: str) -> tuple[int, Difficulty | None, bool]:
    m = _PARAMS.match(params)
    if m is None:
        found = _show(params[:1])
        raise _error(
            f"expected the grid size (a number) at the start of the game ID, found {found}",
            text=text, column=lead + 1, expected="a grid size", found=found,
        )
    digits = m.group(1)
    w = int(digits) if len(digits) <= 4 else 10**4
    if not 1 <= w <= MAX_SIZE:
        upstream = "Grid size must be between 3 and 9"
        raise _error(
            f"expected a grid size from 1 to {MAX_SIZE}, found {digits}",
            text=text, column=lead + 1, expected=f"1 to {MAX_SIZE}", found=digits,
            upstream=upstream,
        )
    difficulty: Difficulty | None = None
    if m.group(2) is not None:
        letter = m.group(2)
        if letter not in ("e", "n", "h", "x", "u") or not letter:
            found = _show(letter)
            raise _error(
                f"expected a difficulty letter e, n, h, x or u after 'd', found {found}",
                text=text, column=lead + m.start(2) + 1, expected="e, n, h, x or u",
                found=found, upstream="Unknown difficulty rating",
            )
        difficulty = Difficulty.from_letter(letter)
    mult = m.group(3) is not None
    if m.end() != len(params):
        found = repr(params[m.end()])
        raise _error(
            f"expected ':' or '#' after the parameters {params[: m.end()]!r}, found {found}",
            text=text, column=lead + m.end() + 1, expected="':' or '#'", found=found,
        )
    return w, difficulty, mult


def _parse_bare(text: str, lead: int, size: int | None, runs: Runs) -> Parsed:
    body = text.rstrip()
    start = lead
    if size is None:
        total = _count_positions(body, start, runs)
        found_w = _size_from_positions(total)
        if found_w is None:
            comma = body.find(",", start)
            col = (comma if comma >= 0 else len(body)) + 1
            raise _error(
                "expected a block structure of 2w(w-1)+1 positions for a size w (5, 13, 25, "
                f"41, 61, 85, 113, 145 for sizes 2 to 9), found {total}",
                text=text, column=col, expected="2w(w-1)+1 positions", found=str(total),
            )
        w = found_w
    else:
        if not 1 <= size <= MAX_SIZE:
            raise ValueError(f"size must be from 1 to {MAX_SIZE}, not {size}")
        w = size
    roots, comma = _read_block_structure(body, start, w, runs)
    cages, cell_cage = _read_clues(body, comma + 1, w, roots)
    return Parsed(w, cages, cell_cage, None, False, None)


# ---------------------------------------------------------------------- writer


def block_walls(size: int, cell_cage: Sequence[int]) -> list[bool]:
    """For every position of the block structure of a ``size`` grid whose cells are in the
    cages ``cell_cage``, whether it is a wall (the last one, the terminating position, always
    is)."""
    w = size
    total = positions_for(w)
    cc = cell_cage
    out = []
    for pos in range(total - 1):
        a, b = edge_cells(pos, w)
        out.append(cc[a] != cc[b])
    out.append(True)
    return out


def encode_block_structure(size: int, cell_cage: Sequence[int]) -> tuple[str, bool]:
    """The block structure text, and whether it has a run of 25 or more shared edges (which
    the real program mis-reads)."""
    symbols: list[str] = []
    run = 0
    for wall in block_walls(size, cell_cage):
        if not wall:
            run += 1
            continue
        while run > 25:
            symbols.append("z")
            run -= 25
        symbols.append("_" if run == 0 else chr(96 + run))
        run = 0
    misread = any(s in ("y", "z") for s in symbols)
    out: list[str] = []
    i = 0
    while i < len(symbols):
        j = i
        while j < len(symbols) and symbols[j] == symbols[i]:
            j += 1
        n = j - i
        out.append(symbols[i] * n if n <= 2 else f"{symbols[i]}{n}")
        i = j
    return "".join(out), misread


def encode_desc(
    size: int,
    cell_cage: Sequence[int],
    cages: Sequence[Cage],
    *,
    on_misread: OnMisread = "warn",
    stacklevel: int = 2,
) -> str:
    """The description: block structure, ``,``, clues. ``on_misread``: what to do with a run
    the real program mis-reads (``"warn"``: :class:`KeenCompatibilityWarning`, raised from
    ``stacklevel`` frames up; ``"error"``: :class:`ValueError`; ``"ignore"``)."""
    blocks, misread = encode_block_structure(size, cell_cage)
    if misread and on_misread != "ignore":
        message = (
            "this block structure has a run of 25 or more shared cage edges ('y' or 'z'), "
            "which the real Keen program mis-reads"
        )
        if on_misread == "error":
            raise ValueError(message)
        warnings.warn(message, KeenCompatibilityWarning, stacklevel=stacklevel + 1)
    return blocks + "," + "".join(cage.clue() for cage in cages)
