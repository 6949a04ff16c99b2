"""Save files of Simon Tatham's Portable Puzzle Collection: the container, for every game.

A save file is a run of records ``KEY:LENGTH:VALUE``. ``KEY`` fills exactly 8 bytes (the
name, padded on the right with spaces), ``LENGTH`` is the value's length in bytes, in decimal,
and the value is exactly that many bytes, whatever they are. The game writes a newline after
each record; when reading, any run of CR and LF bytes before a key is skipped. The first
record is ``SAVEFILE`` = ``Simon Tatham's Portable Puzzle Collection``; then, as the game
writes them: ``VERSION`` (``1``), ``GAME`` (the game's name), ``PARAMS`` and ``CPARAMS`` (the
long-term and the current parameters), ``SEED`` or ``HEXSEED`` (for a game made from a random
seed), ``DESC``, ``PRIVDESC``, ``AUXINFO`` (the generator's extra data, obfuscated and
hex-coded), ``UI``, ``TIME``, ``NSTATES`` (states in the undo chain, the first included),
``STATEPOS`` (the current one, from 1), then one ``MOVE``/``SOLVE``/``RESTART`` record per
state after the first. Reading stops as soon as all of those state records have been read:
anything after them is never looked at.

This module is the codec of that container and of what every game shares (the obfuscation
of ``AUXINFO``, the C library's number reading that the games' move strings rely on, the
``R``/``P``/``M``/``S`` move language of the digit-grid games). It knows no game: the
families read ``DESC`` and the moves (``puzzlefmt.keen.formats.keen_save``,
``puzzlefmt.sudoku.formats.solo_save``). The rules follow the real program's loader (midend.c,
``midend_deserialise_internal``); ``docs/sgt.md`` lists them with our leniencies.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from puzzlefmt.errors import PuzzleFormatError
from puzzlefmt.textio import joined

__all__ = [
    "MAGIC",
    "STATE_KEYS",
    "DigitState",
    "Failure",
    "Record",
    "SaveFile",
    "apply_digit_move",
    "as_moves",
    "build",
    "c_atoi",
    "digit_moves",
    "hide_aux",
    "identify_game",
    "open_game",
    "parse",
    "reveal_aux",
    "scan_ints",
    "serialise",
    "sniff_game",
    "sniff_save",
    "wrong_game",
]

#: The value of the first record, ``SAVEFILE``.
MAGIC = "Simon Tatham's Portable Puzzle Collection"
#: The only ``VERSION`` the game reads.
VERSION = "1"
#: The records that each make one state of the undo chain.
STATE_KEYS = ("MOVE", "SOLVE", "RESTART")

FMT = "sgt-save"

StateKind = Literal["MOVE", "SOLVE", "RESTART"]

_INT_MAX = 2**31 - 1
_HEX = "0123456789abcdef"


# ---------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class Record:
    """One ``KEY:LENGTH:VALUE`` record. ``offset`` is the byte where it starts in the text it
    was read from (``-1`` for a record built here); it takes no part in equality."""

    key: str
    value: str
    offset: int = field(default=-1, compare=False)

    def text(self) -> str:
        """The record as the game writes it: key padded to 8, ``:``, byte length, ``:``,
        value, newline."""
        return f"{self.key:<8}:{len(_bytes(self.value))}:{self.value}\n"


@dataclass(frozen=True, slots=True)
class SaveFile:
    """The records of a save file that the game's loader reads, in order (unknown keys
    included), and the text after them that it never reads (``rest``)."""

    records: tuple[Record, ...]
    rest: str = field(default="", compare=False)
    # Where the last record of each key is, found once: a lookup never walks the records
    # (a save holds one record per move, and a replay asks for some values at every move).
    _last: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_last", {rec.key: i for i, rec in enumerate(self.records)})

    def get(self, key: str) -> str | None:
        """The value of the last ``key`` record (the loader keeps the last), or ``None``."""
        rec = self.record(key)
        return None if rec is None else rec.value

    def record(self, key: str) -> Record | None:
        """The last ``key`` record, or ``None``."""
        at = self._last.get(key)
        return None if at is None else self.records[at]

    @property
    def game(self) -> str | None:
        """The ``GAME`` record: the game's name (``Keen``, ``Solo``...)."""
        return self.get("GAME")

    @property
    def seed(self) -> str | None:
        """The random seed: the last ``SEED`` or ``HEXSEED`` record (hex decoded)."""
        seed = self._last.get("SEED", -1)
        hexseed = self._last.get("HEXSEED", -1)
        if seed < 0 and hexseed < 0:
            return None
        if seed > hexseed:
            return self.records[seed].value
        return _hex_to_bytes(self.records[hexseed].value).decode("utf-8", "surrogateescape")

    @property
    def aux(self) -> str | None:
        """``AUXINFO`` de-obfuscated: the generator's extra data (Keen's and Solo's is the
        solution, as a solve move)."""
        value = self.get("AUXINFO")
        return None if value is None else reveal_aux(value)

    @property
    def nstates(self) -> int:
        """``NSTATES`` as the game reads it (C ``atoi``)."""
        value = self.get("NSTATES")
        return 0 if value is None else c_atoi(value)

    @property
    def statepos(self) -> int:
        """``STATEPOS`` as the game reads it (C ``atoi``): the current state, from 1."""
        value = self.get("STATEPOS")
        return -1 if value is None else c_atoi(value)

    @property
    def states(self) -> tuple[Record, ...]:
        """The ``MOVE``/``SOLVE``/``RESTART`` records, in order (state 2 onwards)."""
        return tuple(r for r in self.records if r.key in STATE_KEYS)

    def text(self) -> str:
        """The records as the game writes them (``rest`` is not written)."""
        return joined(rec.text() for rec in self.records)  # not every line at once

    def with_history(self, moves: Sequence[tuple[StateKind, str]], statepos: int) -> SaveFile:
        """These records with the undo chain replaced: the first ``statepos - 1`` state
        records are kept, the rest (the redo history) dropped, and ``moves`` appended after
        them; ``NSTATES`` and ``STATEPOS`` are updated. Every other record keeps its place,
        as the game does when a move is made after an undo."""
        kept: list[Record] = []
        seen = 0
        insert_at = -1
        for rec in self.records:
            if rec.key in STATE_KEYS:
                seen += 1
                if seen >= statepos:
                    continue
                kept.append(rec)
                insert_at = len(kept)
            elif rec.key in ("NSTATES", "STATEPOS"):
                kept.append(Record(rec.key, rec.value))
                if seen == 0 or insert_at < 0:
                    insert_at = len(kept)
            else:
                kept.append(rec)
        if insert_at < 0:
            insert_at = len(kept)
        total = statepos + len(moves)
        new = [Record(kind, text) for kind, text in moves]
        out = kept[:insert_at] + new + kept[insert_at:]
        fixed = tuple(
            Record(r.key, str(total)) if r.key == "NSTATES"
            else Record(r.key, str(total)) if r.key == "STATEPOS"
            else r
            for r in out
        )
        return SaveFile(fixed)


# ---------------------------------------------------------------------- reading


# Values this short (moves such as ``R12,3,7``) are shared between the records that hold the
# same one: a save repeats its moves, and one string each would cost three times their bytes.
# The strings are shared through a table of the parse's own (let go with it), of at most
# _SHARED_MOST values: a save of values that never repeat costs no more than a fixed table.
_SHARED_VALUE = 16
_SHARED_MOST = 1 << 16


def _shared(table: dict[bytes, str], raw: bytes) -> str:
    """The text of ``raw``, the same string for the same bytes while ``table`` has room."""
    text = table.get(raw)
    if text is None:
        text = _text(raw)
        if len(table) < _SHARED_MOST:
            table[raw] = text
    return text


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


class _Reader:
    """The loader's loop over the bytes, with positions for errors."""

    def __init__(self, text: str, fmt: str) -> None:
        try:
            self.data = _bytes(text)
        except UnicodeEncodeError as exc:
            raise _unencodable(text, exc.start, fmt) from None
        self.fmt = fmt
        self.pos = 0

    def where(self, offset: int) -> tuple[int, int]:
        line = self.data.count(b"\n", 0, offset) + 1
        start = self.data.rfind(b"\n", 0, offset) + 1
        return line, offset - start + 1

    def error(
        self, expected: str, found: str, offset: int, *, upstream: str | None = None,
        text: str | None = None,
    ) -> PuzzleFormatError:
        line, column = self.where(offset)
        message = f"expected {expected}, found {found} (byte {offset})"
        if upstream:
            message += f'; the game says "{upstream}"'
        return PuzzleFormatError(
            message, format=self.fmt, line=line, column=column, text=text,
            expected=expected, found=found,
        )


def _unencodable(text: str, at: int, fmt: str) -> PuzzleFormatError:
    """The error for a character no bytes decode to: a lone surrogate (U+D800 to U+DFFF)
    other than the undecodable bytes that ``surrogateescape`` keeps (U+DC80 to U+DCFF)."""
    code = f"U+{ord(text[at]):04X}"
    return PuzzleFormatError(
        f"expected text decoded from the bytes of a save file, found {code}, a lone "
        f"surrogate that no bytes decode to (character {at + 1})",
        format=fmt, line=text.count("\n", 0, at) + 1,
        column=at - text.rfind("\n", 0, at), expected="text decoded from bytes",
        found=code,
    )


def _show(data: bytes) -> str:
    return repr(_text(data)) if data else "the end of the text"


def parse(text: str, *, format: str = FMT) -> SaveFile:
    """Read the records of a save file as the game's loader does.

    Checks what the loader checks before it hands the data to the game: the first record is
    ``SAVEFILE`` with the collection's name, ``VERSION`` is ``1``, values (but ``SEED``'s)
    are printable ASCII, ``NSTATES`` is given once and is positive, ``STATEPOS`` comes before
    the first state record and is in range, and ``PARAMS``, ``CPARAMS``, ``DESC`` are
    present. The game's own checks (parameters, description, moves) are the families'.
    ``format`` names the format in errors. Raises :class:`PuzzleFormatError`.
    """
    rd = _Reader(text, format)
    data = rd.data
    n = len(data)
    records: list[Record] = []
    shared: dict[bytes, str] = {}  # keys and short values, one string each (_SHARED_VALUE)
    started = False
    nstates = 0
    have_nstates = False
    statepos = -1
    got = 0
    pos = 0
    ended = "Saved data ended unexpectedly"
    while nstates <= 0 or statepos < 0 or got < nstates - 1:
        while pos < n and data[pos] in b"\r\n":
            pos += 1
        start = pos
        if pos >= n:
            if not started:
                raise rd.error("a save file (SAVEFILE:41:Simon Tatham's Portable Puzzle "
                               "Collection)", "the end of the text", pos,
                               upstream="Data does not appear to be a saved game file")
            missing = ("NSTATES" if not have_nstates else "STATEPOS" if statepos < 0
                       else f"{nstates - 1 - got} more state record(s) (NSTATES is {nstates})")
            raise rd.error(f"a record ({missing})", "the end of the text", pos,
                           upstream=ended)
        key_bytes = data[pos:pos + 8]
        if pos + 9 > n or data[pos + 8] != ord(":"):
            if not started:
                raise rd.error("a save file (SAVEFILE:41:Simon Tatham's Portable Puzzle "
                               "Collection)", _show(data[pos:pos + 20]), pos,
                               upstream="Data does not appear to be a saved game file")
            if pos + 9 > n:
                raise rd.error("a key of 8 characters and ':'", _show(data[pos:]), pos,
                               upstream=ended)
            raise rd.error("a key padded to 8 characters, then ':'",
                           _show(data[pos:pos + 9]), pos,
                           upstream="Data was incorrectly formatted for a saved game file")
        cut = min((i for i in (key_bytes.find(b":"), key_bytes.find(b" ")) if i >= 0),
                  default=8)
        key = _shared(shared, key_bytes[:cut])
        pos += 9
        length = 0
        len_start = pos
        while True:
            if pos >= n:
                raise rd.error("a length and ':'", "the end of the text", pos,
                               upstream=ended if started else
                               "Data does not appear to be a saved game file")
            ch = data[pos]
            pos += 1
            if ch == ord(":"):
                break
            if 48 <= ch <= 57 and length < (_INT_MAX - 10) // 10:
                length = length * 10 + ch - 48
                continue
            if not started:
                raise rd.error("a save file (SAVEFILE:41:Simon Tatham's Portable Puzzle "
                               "Collection)", _show(data[start:pos]), start,
                               upstream="Data does not appear to be a saved game file")
            raise rd.error(f"the byte length of {key}'s value (digits, then ':')",
                           _show(data[len_start:pos]), pos - 1,
                           upstream="Data was incorrectly formatted for a saved game file")
        if pos + length > n:
            raise rd.error(f"{length} bytes of {key}'s value", f"{n - pos}", pos,
                           upstream=ended if started else
                           "Data does not appear to be a saved game file")
        raw = data[pos:pos + length]
        value_at = pos
        pos += length
        if key != "SEED":
            bad = next((i for i, b in enumerate(raw) if b < 32 or b >= 127), -1)
            if bad >= 0:
                raise rd.error(f"printable ASCII in the value of {key}",
                               f"byte {raw[bad]:#04x}", value_at + bad,
                               upstream="Forbidden characters in saved game file")
        value = _text(raw) if length > _SHARED_VALUE else _shared(shared, raw)
        if not started:
            if key != "SAVEFILE" or value != MAGIC:
                raise rd.error("a save file (SAVEFILE:41:Simon Tatham's Portable Puzzle "
                               "Collection)", _show(data[start:pos][:60]), start,
                               upstream="Data does not appear to be a saved game file")
            started = True
        elif key == "VERSION":
            if value != VERSION:
                raise rd.error("VERSION 1", repr(value), value_at,
                               upstream="Cannot handle this version of the saved game "
                                        "file format")
        elif key == "NSTATES":
            if have_nstates:
                raise rd.error("one NSTATES record", "a second", start,
                               upstream="Two state counts provided in save file")
            have_nstates = True
            nstates = c_atoi(value)
            if nstates <= 0:
                raise rd.error("a positive number of states", repr(value), value_at,
                               upstream="Number of states in save file was negative")
        elif key == "STATEPOS":
            statepos = c_atoi(value)
        elif key in STATE_KEYS:
            if not have_nstates:
                raise rd.error("NSTATES before the first state record", key, start,
                               upstream="No state count provided in save file")
            if statepos < 0:
                raise rd.error("STATEPOS before the first state record", key, start,
                               upstream="No game position provided in save file")
            got += 1
        records.append(Record(key, value, start))
    save = SaveFile(tuple(records), _text(data[pos:]))
    for key, words in (("PARAMS", "Long-term parameters in save file are missing"),
                       ("CPARAMS", "Short-term parameters in save file are missing"),
                       ("DESC", "Game description in save file is missing")):
        if save.get(key) is None:
            raise rd.error(f"a {key} record", "none", pos, upstream=words)
    if not 1 <= statepos <= nstates:
        rec = save.record("STATEPOS")
        at = rec.offset if rec is not None else pos
        raise rd.error(f"STATEPOS from 1 to NSTATES ({nstates})", str(statepos), at,
                       upstream="Game position in save file is out of range")
    return save


def error_at(
    save: SaveFile, text: str, key: str, expected: str, found: str, *, format: str,
    upstream: str | None = None, record: Record | None = None,
) -> PuzzleFormatError:
    """An error about the value of ``key`` (or of ``record``) in ``text`` read as ``save``,
    placed at that record's line and column."""
    rec = record if record is not None else save.record(key)
    rd = _Reader(text, format)
    offset = rec.offset if rec is not None and rec.offset >= 0 else 0
    return rd.error(expected, found, offset, upstream=upstream,
                    text=None if rec is None else rec.value)


def wrong_game(
    save: SaveFile, text: str, game: str, wanted: str, *, format: str
) -> PuzzleFormatError:
    """The error for a save file of another game: ``this is a save file of Net, not
    Keen``, placed at the ``GAME`` record."""
    rec = save.record("GAME")
    rd = _Reader(text, format)
    line, column = rd.where(rec.offset if rec is not None and rec.offset >= 0 else 0)
    return PuzzleFormatError(
        f"this is a save file of {game}, not {wanted}", format=format, line=line,
        column=column, expected=f"a save file of {wanted}", found=f"a save file of {game}")


class Failure(Protocol):
    """:func:`open_game`'s error builder: an error about ``key``'s value (or ``record``'s),
    placed at its line and column."""

    def __call__(self, key: str, expected: str, found: str, upstream: str | None = None,
                 record: Record | None = None) -> PuzzleFormatError: ...


def open_game(text: str, game: str, *, format: str) -> tuple[SaveFile, Failure]:
    """A game's loader's first steps, shared by every game's save format: ``text`` read as a
    save file (:func:`parse`), one of another game refused (:func:`wrong_game`), and the
    error builder the game's own checks use (:func:`error_at` on this save)."""
    save = parse(text, format=format)

    def fail(key: str, expected: str, found: str, upstream: str | None = None,
             record: Record | None = None) -> PuzzleFormatError:
        return error_at(save, text, key, expected, found, format=format,
                        upstream=upstream, record=record)

    named = save.game
    if named is not None and named != game:
        raise wrong_game(save, text, named, game, format=format)
    return save, fail


def identify_game(text: str) -> str | None:
    """The ``GAME`` of a save file, or ``None`` when ``text`` is not one (or names no game);
    never raises. Looks only at the records before ``GAME``, as the game's own
    ``identify_game`` does."""
    head = text[:4096]
    try:
        data = _bytes(head)
    except UnicodeEncodeError as exc:  # no bytes give that character: read up to it
        data = _bytes(head[: exc.start])
    pos = 0
    n = len(data)
    first = True
    while pos < n:
        while pos < n and data[pos] in b"\r\n":
            pos += 1
        if pos + 9 > n or data[pos + 8] != ord(":"):
            return None
        key_bytes = data[pos:pos + 8]
        cut = min((i for i in (key_bytes.find(b":"), key_bytes.find(b" ")) if i >= 0),
                  default=8)
        key = key_bytes[:cut]
        pos += 9
        j = pos
        while j < n and 48 <= data[j] <= 57 and j - pos < 9:
            j += 1
        if j >= n or data[j] != ord(":"):
            return None
        length = int(data[pos:j] or b"0")
        value = data[j + 1:j + 1 + length]
        if len(value) < length:
            return None
        pos = j + 1 + length
        if first:
            if key != b"SAVEFILE" or value != MAGIC.encode():
                return None
            first = False
        elif key == b"GAME":
            return _text(value)
    return None


def sniff_game(text: str, game: str) -> tuple[float, str] | None:
    """``(score, reason)`` of a save file for the format of ``game``: 1 when it names
    ``game``, a little when it names no game, very little when it names another (so that
    reading it says which game it is); ``None`` when ``text`` is no save file."""
    found = sniff_save(text)
    if found is None:
        return None
    named, reason = found
    if named == game:
        return 1.0, reason
    if named is None:
        return 0.2, reason
    return 0.05, reason + f", not {game}"


def sniff_save(text: str) -> tuple[str | None, str] | None:
    """``(game, reason)`` when ``text`` starts like a save file of the collection (``game``
    is ``None`` when no ``GAME`` record was found near the start), else ``None``."""
    head = text.lstrip("\r\n")
    if not head.startswith("SAVEFILE:41:" + MAGIC):
        return None
    game = identify_game(text)
    if game is None:
        return None, "a Simon Tatham's Portable Puzzle Collection save file naming no game"
    return game, f"a Simon Tatham's Portable Puzzle Collection save file of {game}"


# ---------------------------------------------------------------------- writing


def check_record(key: str, value: str) -> None:
    """Raise :class:`ValueError` if the game could not read ``key``/``value`` back."""
    if not 1 <= len(key) <= 8 or any(c in ": \r\n" or not " " <= c <= "~" for c in key):
        raise ValueError(f"a save-file key is 1 to 8 printable characters without ':' or "
                         f"spaces, not {key!r}")
    if key != "SEED" and any(not " " <= c <= "~" for c in value):
        raise ValueError(f"the value of {key} must be printable ASCII: {value!r}")
    if key == "SEED" and "\x00" in value:
        raise ValueError("a seed cannot hold a NUL character")


def as_moves(moves: Iterable[str]) -> list[tuple[StateKind, str]]:
    """``MOVE`` records' (kind, value) pairs for :func:`build` and
    :meth:`SaveFile.with_history`."""
    return [("MOVE", m) for m in moves]


def serialise(records: Iterable[Record]) -> str:
    """The records as the game writes them (see :meth:`Record.text`); each is checked with
    :func:`check_record`."""
    out = []
    for rec in records:
        check_record(rec.key, rec.value)
        out.append(rec.text())
    return "".join(out)


def build(
    *,
    game: str,
    params: str,
    cparams: str,
    desc: str,
    moves: Sequence[tuple[StateKind, str]] = (),
    statepos: int | None = None,
    seed: str | None = None,
    privdesc: str | None = None,
    aux: str | None = None,
    ui: str | None = None,
    time: str | None = None,
) -> SaveFile:
    """A new save file with the records in the order the game writes them. ``statepos``
    defaults to the last state (nothing to redo). A seed that is not printable ASCII is
    written as ``HEXSEED``, as the game does."""
    nstates = len(moves) + 1
    pos = nstates if statepos is None else statepos
    if not 1 <= pos <= nstates:
        raise ValueError(f"statepos must be from 1 to {nstates}, not {pos}")
    recs = [Record("SAVEFILE", MAGIC), Record("VERSION", VERSION), Record("GAME", game),
            Record("PARAMS", params), Record("CPARAMS", cparams)]
    if seed is not None:
        if all(" " <= c <= "~" for c in seed):
            recs.append(Record("SEED", seed))
        else:
            recs.append(Record("HEXSEED", _bytes(seed).hex()))
    recs.append(Record("DESC", desc))
    if privdesc is not None:
        recs.append(Record("PRIVDESC", privdesc))
    if aux is not None:
        recs.append(Record("AUXINFO", hide_aux(aux)))
    if ui is not None:
        recs.append(Record("UI", ui))
    if time is not None:
        recs.append(Record("TIME", time))
    recs += [Record("NSTATES", str(nstates)), Record("STATEPOS", str(pos))]
    recs += [Record(kind, text) for kind, text in moves]
    for rec in recs:
        check_record(rec.key, rec.value)
    return SaveFile(tuple(recs))


# ---------------------------------------------------------------------- AUXINFO


def _hex_to_bytes(text: str) -> bytes:
    """The game's ``hex2bin``: two characters per byte (an odd last one dropped), any
    character that is not a hex digit read as 0."""
    out = bytearray()
    for i in range(0, len(text) - 1, 2):
        pair = 0
        for ch in text[i:i + 2]:
            low = ch.lower()
            pair = pair * 16 + (_HEX.index(low) if low in _HEX and low else 0)
        out.append(pair)
    return bytes(out)


def _obfuscate(data: bytearray, decode: bool) -> None:
    """misc.c ``obfuscate_bitmap`` on whole bytes. The data is cut in two (the first half
    rounded down); a mask made from one half is XORed over the other: first the second half
    masks the first, then the (new) first half masks the second; decoding does the two steps
    in the reverse order. A mask is the SHA-1 digests of the seed half followed by the
    decimal numbers 0, 1, 2..., one after another."""
    half = len(data) // 2
    low = (0, half)
    high = (half, len(data))
    steps = ((low, high), (high, low)) if decode else ((high, low), (low, high))
    for (s0, s1), (t0, t1) in steps:
        seed = bytes(data[s0:s1])
        counter = 0
        digest = b""
        used = 20
        for j in range(t0, t1):
            if used >= 20:
                digest = hashlib.sha1(seed + str(counter).encode()).digest()
                counter += 1
                used = 0
            data[j] ^= digest[used]
            used += 1


def reveal_aux(value: str) -> str:
    """An ``AUXINFO`` value (hex of obfuscated bytes) as the text the generator wrote."""
    data = bytearray(_hex_to_bytes(value))
    _obfuscate(data, decode=True)
    return _text(bytes(data).split(b"\x00", 1)[0])


def hide_aux(text: str) -> str:
    """The ``AUXINFO`` value the game writes for ``text``."""
    data = bytearray(_bytes(text))
    _obfuscate(data, decode=False)
    return bytes(data).hex()


# ---------------------------------------------------------------------- C number reading


_SPACE = " \t\n\v\f\r"


def c_atoi(text: str) -> int:
    """C ``atoi``: leading white space, an optional sign, then digits; anything after them
    is ignored, no digits give 0. Values beyond 32 bits are clamped."""
    i = 0
    n = len(text)
    while i < n and text[i] in _SPACE:
        i += 1
    sign = 1
    if i < n and text[i] in "+-":
        sign = -1 if text[i] == "-" else 1
        i += 1
    j = i
    while j < n and "0" <= text[j] <= "9":
        j += 1
    digits = text[i:j].lstrip("0")
    if len(digits) > 10:
        return sign * _INT_MAX
    return sign * min(int(digits or "0"), _INT_MAX)


def scan_ints(text: str, count: int) -> tuple[int, ...] | None:
    """C ``sscanf(text, "%d,%d,...")`` with ``count`` numbers: each may have leading white
    space and a sign, the commas must follow the numbers directly, and text after the last
    number is ignored. ``None`` when fewer than ``count`` numbers are read; numbers beyond
    32 bits (which the C library would wrap) count as unreadable."""
    i = 0
    n = len(text)
    out: list[int] = []
    for k in range(count):
        if k:
            if i >= n or text[i] != ",":
                return None
            i += 1
        while i < n and text[i] in _SPACE:
            i += 1
        j = i
        if j < n and text[j] in "+-":
            j += 1
        d = j
        while d < n and "0" <= text[d] <= "9":
            d += 1
        if d == j:
            return None
        value = int(text[i:d])
        if not -_INT_MAX - 1 <= value <= _INT_MAX:
            return None
        out.append(value)
        i = d
    return tuple(out)


# ---------------------------------------------------------------------- digit-grid moves


@dataclass(frozen=True, slots=True)
class DigitState:
    """The player's grid in a digit-grid game: a digit per cell (0: empty) and a pencil-mark
    mask per cell (bit ``d - 1``: digit ``d``)."""

    digits: tuple[int, ...]
    marks: tuple[int, ...]


def apply_digit_move(
    state: DigitState,
    move: str,
    size: int,
    *,
    parse_solve: Callable[[str], tuple[int, ...] | None],
    solve_clears_marks: bool,
) -> DigitState | None:
    """The state after ``move`` in the move language Keen and Solo share (their
    ``execute_move``), or ``None`` where the game refuses the move:

    - ``R<x>,<y>,<n>``: cell (column x, row y, from 0) set to ``n`` (0 clears it); its pencil
      marks are cleared;
    - ``P<x>,<y>,<n>``: pencil mark ``n`` toggled (``n`` = 0 acts as ``R``);
    - ``M``: every empty cell gets every pencil mark;
    - ``S...``: the solution (``parse_solve`` reads it, ``None`` when malformed).
    """
    digits, marks = list(state.digits), list(state.marks)
    if _execute(digits, marks, move, size, parse_solve=parse_solve,
                solve_clears_marks=solve_clears_marks) is None:
        return None
    return DigitState(tuple(digits), tuple(marks))


def _execute(
    digits: list[int],
    marks: list[int],
    move: str,
    size: int,
    *,
    parse_solve: Callable[[str], tuple[int, ...] | None],
    solve_clears_marks: bool,
) -> Sequence[int] | None:
    """:func:`apply_digit_move` on the grid's lists, in place: the cells whose digit the
    move sets, or ``None`` (the lists untouched) where the game refuses it. A move costs
    the cells it touches, not a copy of the grid."""
    cells = size * size
    if move.startswith("S"):
        values = parse_solve(move)
        if values is None or len(values) != cells:
            return None
        digits[:] = values
        if solve_clears_marks:
            marks[:] = (0,) * cells
        return range(cells)
    if move[:1] in ("P", "R"):
        nums = scan_ints(move[1:], 3)
        if nums is None:
            return None
        x, y, digit = nums
        if not (0 <= x < size and 0 <= y < size and 0 <= digit <= size):
            return None
        cell = y * size + x
        if move[0] == "P" and digit > 0:
            marks[cell] ^= 1 << (digit - 1)
            return ()
        digits[cell] = digit
        marks[cell] = 0
        return (cell,)
    if move.startswith("M"):
        full = (1 << size) - 1
        for cell, d in enumerate(digits):
            if not d:
                marks[cell] = full
        return ()
    return None


def replay_digit_moves(
    save: SaveFile,
    start: DigitState,
    desc: str,
    size: int,
    *,
    desc_problem: Callable[[str], str | None],
    parse_solve: Callable[[str], tuple[int, ...] | None],
    solve_clears_marks: bool,
    move_words: str,
    fail: Callable[..., PuzzleFormatError],
    check: Callable[[Record, Sequence[int], Sequence[int]], None] | None = None,
) -> DigitState:
    """The state at ``STATEPOS`` of a Keen or Solo save: every state record is executed, as
    the loader does, from ``start`` (the grid a ``RESTART`` of ``desc`` goes back to).

    ``desc_problem`` is the game's description check (for ``RESTART``), ``move_words`` says
    what a move of the game looks like (in the error), ``check(record, digits, cells)`` may
    refuse a move the game allows but the model cannot hold (``digits``: the grid after the
    move, ``cells``: those whose digit it set). ``fail(key, expected, found, upstream,
    record)`` makes the error. One grid is updated in place, move by move: the work grows
    with the moves, not with the moves times the records or the cells.
    """
    statepos = save.statepos
    digits, marks = list(start.digits), list(start.marks)
    current = start if statepos == 1 else None
    index = 1
    for rec in save.records:
        if rec.key not in STATE_KEYS:
            continue
        index += 1
        if rec.key == "RESTART":
            bad = desc_problem(rec.value)
            if bad is not None:
                raise fail(rec.key, "a valid description in RESTART", repr(rec.value),
                           f"Save file contained an invalid restart move ({bad})", rec)
            if rec.value != desc:
                raise fail(rec.key, "a restart of this game (its DESC)", repr(rec.value),
                           None, rec)
            digits[:] = start.digits
            marks[:] = start.marks
        else:
            cells = _execute(digits, marks, rec.value, size, parse_solve=parse_solve,
                             solve_clears_marks=solve_clears_marks)
            if cells is None:
                raise fail(rec.key, move_words, repr(rec.value),
                           "Save file contained an invalid move", rec)
            if check is not None and cells:
                check(rec, digits, cells)
        if index == statepos:
            current = DigitState(tuple(digits), tuple(marks))
    assert current is not None
    return current


def digit_moves(before: DigitState, after: DigitState, size: int) -> list[str]:
    """``R``/``P`` moves that turn ``before`` into ``after``, cell by cell in reading order:
    an ``R`` where the digit changes (it clears the cell's marks), then one ``P`` per mark
    to toggle, ascending."""
    out: list[str] = []
    for cell in range(size * size):
        y, x = divmod(cell, size)
        marks = before.marks[cell]
        if after.digits[cell] != before.digits[cell]:
            out.append(f"R{x},{y},{after.digits[cell]}")
            marks = 0
        diff = marks ^ after.marks[cell]
        for d in range(1, size + 1):
            if diff >> (d - 1) & 1:
                out.append(f"P{x},{y},{d}")
    return out
