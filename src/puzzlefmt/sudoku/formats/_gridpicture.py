"""Reading grid pictures: 9 rows of cells, with or without borders, as digits or as candidate
groups. The bordered formats (``.ss`` and its variants, ``.spf``, ``+---+`` grids, candidate
grids) differ in how they are written, not in how they are read, so they share this reader.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.sudoku._cells import bad_cell, digit_of, is_border, row_tokens, split_run
from puzzlefmt.sudoku.formats._pencilmarks import Group, is_group, marks_text, parse_group, settled
from puzzlefmt.sudoku.grid import PEERS, Grid, cell_name, digits_of
from puzzlefmt.textio import split_lines

NumLine = tuple[int, str]


def blocks(lines: Sequence[NumLine]) -> list[list[NumLine]]:
    """Runs of consecutive non-blank lines."""
    out: list[list[NumLine]] = []
    cur: list[NumLine] = []
    for n, ln in lines:
        if ln.strip():
            cur.append((n, ln))
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def _is_text(line: str) -> bool:
    """A banner line such as ``Simple Sudoku`` or ``Version 4.2n``: it has letters (and is not
    a row of candidate groups, where letters mark the cells of a HoDoKu step)."""
    return any(ch.isalpha() and ch not in "Xx" for ch in line) and not is_group_row(line)


def grid_rows(block: Sequence[NumLine], fmt: str) -> tuple[list[NumLine], int]:
    """The 9 content rows of a grid block (borders skipped); also the index in ``block`` just
    past the last row. Banner lines after the grid are left for the caller."""
    rows: list[NumLine] = []
    i = 0
    while i < len(block) and len(rows) < 9:
        n, ln = block[i]
        i += 1
        if is_border(ln):
            continue
        if _is_text(ln):
            if rows:
                raise PuzzleFormatError.expecting(
                    "9 rows of cells", f"{len(rows)} rows, then text", format=fmt, line=n,
                    text=ln)
            continue  # a title line before the grid
        rows.append((n, ln))
    if len(rows) < 9:
        last = block[-1][0] if block else None
        raise PuzzleFormatError.expecting(
            "9 rows of cells", f"{len(rows)}", format=fmt, line=last)
    while i < len(block) and is_border(block[i][1]):
        i += 1
    return rows, i


def _gap_column(cells: Sequence[tuple[int, str]]) -> int:
    """Where a row went wrong: the 10th cell when there are too many, else just past the
    last cell (where the missing one should have been)."""
    if len(cells) > 9:
        return cells[9][0]
    if not cells:
        return 1
    col, tok = cells[-1]
    return col + len(tok)


def read_value_rows(rows: Sequence[NumLine], fmt: str) -> list[int]:
    """81 cell values from 9 rows of single-character cells (run together or separated)."""
    values: list[int] = []
    for n, ln in rows:
        if len(ln) == 9 and all(digit_of(ch) >= 0 for ch in ln):
            cells = [(k + 1, ch) for k, ch in enumerate(ln)]  # spaces may be blanks here
        else:
            cells = split_run(row_tokens(ln))
        if len(cells) != 9:
            raise PuzzleFormatError.expecting(
                "9 cells in a row", f"{len(cells)}", format=fmt, line=n,
                column=_gap_column(cells), text=ln.strip())
        for col, ch in cells:
            v = digit_of(ch)
            if v < 0:
                raise bad_cell(fmt, ch, line=n, column=col, text=ln.strip())
            values.append(v)
    return values


def read_candidate_rows(rows: Sequence[NumLine], fmt: str) -> list[int]:
    """81 candidate masks from 9 rows of digit groups (``1567 3 1567 | 4 ...``)."""
    return [g.mask for g in read_group_rows(rows, fmt)]


def read_group_rows(rows: Sequence[NumLine], fmt: str) -> list[Group]:
    """81 groups (candidates and HoDoKu's step marks) from 9 rows of candidate groups."""
    groups: list[Group] = []
    for n, ln in rows:
        tokens = row_tokens(ln)
        if len(tokens) != 9:
            raise PuzzleFormatError.expecting(
                "9 candidate groups in a row", f"{len(tokens)}", format=fmt, line=n,
                column=_gap_column(tokens), text=ln.strip())
        for col, tok in tokens:
            groups.append(group_of(tok, fmt, n, col, ln))
    return groups


def group_of(tok: str, fmt: str, n: int | None, col: int, ln: str) -> Group:
    """The group ``tok`` writes (:func:`~puzzlefmt.sudoku.formats._pencilmarks.parse_group`),
    or the error."""
    found = parse_group(tok)
    if isinstance(found, str):
        expected, _, what = found.partition(", found ")
        raise PuzzleFormatError.expecting(expected, what, format=fmt, line=n, column=col,
                                          text=ln.strip())
    return found


def group_mask(tok: str, fmt: str, n: int | None, col: int, ln: str) -> int:
    """The mask of a candidate group such as ``1567`` (step marks read and dropped)."""
    return group_of(tok, fmt, n, col, ln).mask


def is_group_row(line: str) -> bool:
    """A row of 9 candidate groups (step marks and ``.`` for an empty cell allowed)."""
    tokens = row_tokens(line)
    return len(tokens) == 9 and all(is_group(t) for _, t in tokens)


def is_candidate_row(line: str) -> bool:
    """A row of 9 candidate groups with at least one of several digits or one mark."""
    tokens = row_tokens(line)
    if len(tokens) != 9:
        return False
    groups = [parse_group(t) for _, t in tokens]
    return all(isinstance(g, Group) for g in groups) and any(
        isinstance(g, Group) and (g.mark or g.struck or g.mask & (g.mask - 1)) for g in groups)


def candidate_grid(groups: Sequence[Group], step: str = "") -> Grid:
    """The grid a candidate grid's groups (and a step's text) stand for: each group's
    candidates, a one-candidate cell placed unless a peer still has its digit as a candidate
    (:func:`puzzlefmt.sudoku.formats._pencilmarks.settled`), the marks and the step as metadata."""
    masks = [g.mask for g in groups]
    meta = {}
    marks = marks_text(groups)
    if marks:
        meta["marks"] = marks
    if step:
        meta["step"] = step
    return Grid._make([0] * 81, settled(masks), masks, None, meta)


def read_grid_block(block: Sequence[NumLine], fmt: str) -> tuple[list[int], bool, int]:
    """Read the grid at the start of ``block``: ``(cells, is_candidates, next_index)``.

    ``cells`` are values (0-9) for a digit grid, masks for a candidate grid (rows of digit
    groups, at least one with several digits, or a frame wider than a digit grid's, which
    is how a candidate grid of single digits still shows itself).
    """
    rows, nxt = grid_rows(block, fmt)
    frame = block[0][1].strip() if block and is_border(block[0][1]) else ""
    if len(frame) > 25 or any(is_candidate_row(ln) for _, ln in rows):
        return read_candidate_rows(rows, fmt), True, nxt
    return read_value_rows(rows, fmt), False, nxt


def read_value_grid(text: str, fmt: str) -> Grid:
    """Read a text that is one digit grid (any frame) and nothing else."""
    numbered = list(enumerate(split_lines(text), 1))
    parts = blocks(numbered)
    if not parts:
        raise PuzzleFormatError.expecting("9 rows of cells", "empty text", format=fmt)
    rows, nxt = grid_rows(parts[0], fmt)
    values = read_value_rows(rows, fmt)
    leftover = [x for blk in [parts[0][nxt:], *parts[1:]] for x in blk]
    if leftover:
        n, ln = leftover[0]
        raise PuzzleFormatError.expecting(
            "the end of the grid", "more text", format=fmt, line=n, text=ln.strip())
    return Grid._make(values)


def nine_plain_rows(text: str) -> list[str] | None:
    """The lines of ``text`` when they are 9 rows of 9 cells with no frame and no ``|`` (what
    ``rows``, ``msk``, ``sol`` and a v1 ``.sdk`` share), else ``None``."""
    lines = [ln for ln in split_lines(text) if ln.strip()]
    if len(lines) != 9 or any(is_border(ln) or "|" in ln for ln in lines):
        return None
    try:
        read_value_grid(text, "rows")
    except PuzzleFormatError:
        return None
    return lines


def written_groups(grid: Grid, fmt: str, empty: str | None = None) -> list[str]:
    """The 81 groups a candidate-grid writer writes: a cell's digit, else its candidates
    (:meth:`Grid.candidate_masks`). A cell with no candidate left is written ``empty`` (HoDoKu
    writes ``.``); with ``empty=None`` it has no notation: ``ValueError`` names it (nothing is
    dropped in silence)."""
    masks = grid.candidate_masks()
    groups = [str(v) if v else digits_of(m) for v, m in zip(grid.values, masks, strict=True)]
    if "" in groups:
        if empty is not None:
            return [g or empty for g in groups]
        i = groups.index("")
        raise ValueError(f"{fmt} cannot write {cell_name(i)}: it has no candidate left "
                         "(an empty group has no notation; sukaku can write it)")
    return groups


def placed_read_back(grid: Grid) -> bool:
    """Whether a candidate grid written of ``grid`` reads its placed digits back: a placed
    digit is written as a one-candidate group, which reads as placed only while no peer's
    group still holds that digit (:func:`~puzzlefmt.sudoku.formats._pencilmarks.settled`)."""
    masks = grid.candidate_masks()
    for i, p in enumerate(grid.placed):
        if p and not grid.givens[i] and any(masks[j] >> (p - 1) & 1 for j in PEERS[i]):
            return False
    return True


#: What a candidate grid keeps (``candidates``, ``pm-grid``; ``pm-print`` all but metadata):
#: its placed digits only while they read back as placed (:func:`holds_for_candidate_grid`).
CANDIDATE_GRID_HOLDS = frozenset({"placed", "candidates", "eliminations", "metadata"})


def holds_for_candidate_grid(holds: frozenset[str]) -> Callable[[Grid], frozenset[str]]:
    """A candidate grid's ``holds_for``: ``holds``, less its placed digits for a grid whose
    placed digits would read back as candidates (a peer still has the digit: the loss check
    names it, where the text alone cannot tell the placed cell from the candidate)."""

    def holds_for(grid: Grid) -> frozenset[str]:
        return holds if placed_read_back(grid) else holds - {"placed"}

    return holds_for
