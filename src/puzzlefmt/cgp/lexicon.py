"""Lexicons and leave values in the files the engines use: KWG (a word graph) and KLV2/KLV
(leave values).

A KWG ("Kurnia word graph", from wolges, read by MAGPIE) is an array of little-endian 32-bit
nodes, ``tile << 24 | accepts 0x800000 | last-sibling 0x400000 | arc index``; node 0 points
to the DAWG's root, node 1 to the GADDAG's (where tile 0 marks the turn from leftwards to
rightwards: CARE is ``ERAC``, ``RAC@E``, ``AC@RE``, ``C@ARE``). Tiles are numbered as the
letter distribution orders them (A-Z are 1-26 in English); a multi-letter tile (Spanish
``CH``) is one code.

>>> lex = Lexicon.build(["CARE", "CAR", "ACE"])
>>> "CARE" in lex, "CARES" in lex, lex.words()
(True, False, ['ACE', 'CAR', 'CARE'])

A KLV2 holds a DAWG over leaves (tiles ascending, the blank 0 first) and a float32 value for
each, in the DAWG's word order; the older KLV holds int16 values and a scale. MAGPIE turns
each value into integer millipoints rounding half away from zero, as :class:`Leaves` does.

No lexicon ships with puzzlefmt: build one from a word list (:meth:`Lexicon.build`,
``puzzlefmt lexicon build``) or load a KWG (:meth:`Lexicon.load`).
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np

from puzzlefmt._jit import notice_if_cold
from puzzlefmt.cgp._kernels import kwg as kern
from puzzlefmt.cgp.distributions import Distribution, get_distribution, infer_distribution
from puzzlefmt.cgp.tiles import BLANK
from puzzlefmt.errors import PuzzleFormatError

__all__ = ["Leaves", "Lexicon", "lexicon_distribution"]

_MAX_TILE = 63


def _distribution(value: Distribution | str | None, name: str) -> Distribution:
    if isinstance(value, Distribution):
        return value
    if value is not None:
        return get_distribution(value)
    return get_distribution(lexicon_distribution(name))


def lexicon_distribution(name: str) -> str:
    """The distribution a lexicon's name implies, as MAGPIE picks it (``NWL...``, ``CSW...``
    English; :func:`~puzzlefmt.cgp.distributions.infer_distribution`), English otherwise."""
    return infer_distribution(name) or "english"


def _read_bytes(path: str | os.PathLike[str], fmt: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise PuzzleFormatError(f"cannot read {os.fspath(path)!r}: {exc.strerror}",
                                format=fmt, path=os.fspath(path)) from None


def _words_error(message: str, *, line: int | None = None, column: int | None = None,
                 text: str | None = None) -> PuzzleFormatError:
    return PuzzleFormatError(message, format="word-list", line=line, column=column, text=text)


class _Encoder:
    """Words to tile codes in one distribution (codes from 1, in its order)."""

    def __init__(self, dist: Distribution) -> None:
        if len(dist.letters) > _MAX_TILE:
            raise ValueError(f"{dist.name}: more than {_MAX_TILE} letters do not fit a KWG")
        self.dist = dist
        self.single = all(len(label) == 1 for label in dist.letters)
        size = max([128, *(ord(label) + 1 for label in dist.letters if len(label) == 1)])
        self.table = np.zeros(size, dtype=np.uint8)
        for k, label in enumerate(dist.letters, start=1):
            if len(label) == 1:
                self.table[ord(label)] = k
        self.labels = ("", *dist.letters)
        # each ASCII byte's code as ``str.upper`` reads it (0: not a letter of the
        # distribution), for word lists read as bytes
        self.byte_table = np.zeros(256, dtype=np.uint8)
        for b in range(128):
            upper = chr(b).upper()
            if upper in dist.letters and len(upper) == 1 and upper not in (BLANK, "["):
                self.byte_table[b] = dist.letters.index(upper) + 1

    def encode(self, word: str, *, line: int | None = None) -> list[int]:
        """The codes of one word (upper-cased); a character outside the alphabet raises
        :class:`PuzzleFormatError` with its column."""
        text = word.upper()
        codes: list[int] = []
        i = 0
        while i < len(text):
            if text[i] == BLANK or text[i] == "[":
                raise self._bad(text, i, line)
            try:
                tile, nxt = self.dist.scan(text, i, mode="rack")
            except ValueError:
                raise self._bad(text, i, line) from None
            codes.append(self.dist.letters.index(tile) + 1)
            i = nxt
        return codes

    def _bad(self, text: str, i: int, line: int | None) -> PuzzleFormatError:
        return _words_error(
            f"expected a tile of the {self.dist.name} distribution, found {text[i]!r} in "
            f"{text!r}", line=line, column=i + 1, text=text)

    def encode_many(self, words: list[str], lines: list[int] | None = None
                    ) -> tuple[np.ndarray, np.ndarray]:
        """All the words' codes one after another and where each ends."""
        if self.single:
            joined = "".join(words).upper()
            points = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32)
            if len(joined) == len("".join(words)) and (
                    points.size == 0 or int(points.max()) < self.table.shape[0]):
                codes = self.table[points]
                if codes.size == 0 or int(codes.min()) > 0:
                    ends = np.cumsum(np.fromiter(map(len, words), np.int64, len(words)))
                    return codes, ends
        # the careful path: multi-letter tiles, or a character to report
        out: list[int] = []
        ends_list: list[int] = []
        for k, word in enumerate(words):
            out.extend(self.encode(word, line=lines[k] if lines else k + 1))
            ends_list.append(len(out))
        return np.array(out, dtype=np.uint8), np.array(ends_list, dtype=np.int64)

    def encode_lines(self, raw: bytes) -> tuple[np.ndarray, np.ndarray] | None:
        """A word list's codes and where each word ends, when its bytes are only letters
        of the distribution (either case) and line ends (``\\n``, ``\\r``): one table
        lookup over the bytes, no word made a string. ``None`` for any other file (blank
        space in a line, comments, other characters): the careful path reads those."""
        if not self.single:
            return None
        data = np.frombuffer(raw, dtype=np.uint8)
        codes = self.byte_table[data]
        letter = codes != 0
        if not bool(np.all(letter | (data == 10) | (data == 13))):
            return None
        # a word ends where a letter is followed by a line end or the end of the file
        last = np.flatnonzero(letter & ~np.concatenate((letter[1:], [False])))
        kept = codes[letter]
        ends = np.cumsum(letter, dtype=np.int64)[last] if last.size else np.zeros(
            0, dtype=np.int64)
        return np.ascontiguousarray(kept), ends

    def decode(self, codes: Iterable[int]) -> str:
        """The word of some codes."""
        return "".join(self.labels[c] for c in codes)


def _row_order(rows: np.ndarray) -> np.ndarray:
    """The order of the rows of ``rows`` (``uint8``) in byte order, equal rows in their
    order: the rows packed into ``uint64`` keys and radix-sorted
    (:func:`~puzzlefmt.cgp._kernels.kwg.row_order`)."""
    return kern.row_order(np.ascontiguousarray(rows, dtype=np.uint8))


def _matrix(codes: np.ndarray, ends: np.ndarray, *, gaddag: bool) -> tuple[np.ndarray,
                                                                            np.ndarray]:
    """The rows to build from, sorted in byte order, each once (a word given twice would
    break the builder): the words, or their GADDAG strings
    (:func:`~puzzlefmt.cgp._kernels.kwg.sorted_rows`)."""
    starts = np.concatenate(([0], ends[:-1])).astype(np.int64)
    lengths = (ends - starts).astype(np.int64)
    longest = int(lengths.max(initial=0))
    width = max(8, -(-(longest + 1) // 8) * 8)
    return kern.sorted_rows(np.ascontiguousarray(codes, dtype=np.uint8), starts, lengths,
                            width, gaddag)


def _check_nodes(nodes: np.ndarray, fmt: str, what: str, max_tile: int, *,
                 path: str | None) -> None:
    bad = int(kern.check_kwg(nodes, max_tile))
    if bad >= 0:
        v = int(nodes[bad])
        raise PuzzleFormatError(
            f"not a {what}: node {bad} (byte offset {4 * bad + (4 if fmt != 'kwg' else 0)}) "
            f"is 0x{v:08x} (tile {v >> 24}, arc {v & kern.ARC_MASK}); the file is foreign or "
            "damaged", format=fmt, path=path)


class Lexicon:
    """A word graph (KWG): the DAWG (``word in lexicon``) and the GADDAG the move generator
    walks, over the tiles of a letter distribution.

    ``nodes``: the KWG's nodes (``uint32``); ``distribution``: what the tile codes are;
    ``name``: the lexicon's name (a file's stem), which a position's ``lex`` must match when
    both are known.
    """

    def __init__(self, nodes: np.ndarray, distribution: Distribution | str | None = None, *,
                 name: str = "") -> None:
        self.name = name
        self.distribution = _distribution(distribution, name)
        self._encoder = _Encoder(self.distribution)
        self.nodes = np.ascontiguousarray(nodes, dtype=np.uint32)
        # the number of words, known when built: (the nodes it counts, the count)
        self._size: tuple[np.ndarray, int] | None = None

    # ------------------------------------------------------------------ files

    @classmethod
    def load(cls, path: str | os.PathLike[str],
             distribution: Distribution | str | None = None) -> Lexicon:
        """Read a KWG file with both a DAWG and a GADDAG (wolges' and MAGPIE's layout);
        ``distribution`` (``None``: the one its name implies, as MAGPIE picks it). A file
        that is not one raises :class:`PuzzleFormatError`."""
        name = Path(path).name.split(".")[0]
        return cls.from_bytes(_read_bytes(path, "kwg"), distribution, name=name,
                              path=os.fspath(path))

    @classmethod
    def from_bytes(cls, data: bytes, distribution: Distribution | str | None = None, *,
                   name: str = "", path: str | None = None) -> Lexicon:
        """A KWG from the bytes of its file (see :meth:`load`)."""
        dist = _distribution(distribution, name)
        if len(data) % 4 or len(data) < 12:
            raise PuzzleFormatError(
                f"not a KWG: {len(data)} bytes, expected a whole number of 4-byte nodes, "
                "at least 3", format="kwg", path=path)
        nodes = np.frombuffer(data, dtype="<u4").astype(np.uint32)
        head = [int(v) for v in nodes[:2]]
        if any(v >> 24 or not v & kern.IS_END or v & kern.ACCEPTS for v in head):
            raise PuzzleFormatError(
                f"not a KWG: nodes 0 and 1 must point to the DAWG's and the GADDAG's roots, "
                f"found 0x{head[0]:08x} 0x{head[1]:08x} (a KLV, or another file?)",
                format="kwg", path=path)
        if head[1] & kern.ARC_MASK == 0:
            raise PuzzleFormatError(
                "a KWG without a GADDAG (node 1 points nowhere): a DAWG-only word graph "
                "cannot generate moves", format="kwg", path=path)
        _check_nodes(nodes, "kwg", "KWG", len(dist.letters), path=path)
        return cls(nodes, dist, name=name)

    def to_bytes(self) -> bytes:
        """The KWG file's bytes."""
        return self.nodes.astype("<u4").tobytes()

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the KWG file (MAGPIE and wolges read it)."""
        Path(path).write_bytes(self.to_bytes())

    # ------------------------------------------------------------------ building

    @classmethod
    def build(cls, words: Iterable[str], distribution: Distribution | str | None = None, *,
              name: str = "") -> Lexicon:
        """A KWG of these words (a DAWG and a GADDAG on the same states). Words are read
        case-insensitively in the distribution's tiles; a character outside its alphabet
        raises :class:`PuzzleFormatError` (``line``: the word's place, from 1)."""
        dist = _distribution(distribution, name)
        items = [w.strip() for w in words]
        lines = [k + 1 for k, w in enumerate(items) if w]
        items = [w for w in items if w]
        return cls._from_words(items, lines, dist, name)

    @classmethod
    def build_file(cls, path: str | os.PathLike[str],
                   distribution: Distribution | str | None = None, *,
                   name: str | None = None) -> Lexicon:
        """A KWG of a word list file (one word a line; blank lines and ``#`` comments
        skipped; only the first field of a line is the word)."""
        raw = _read_bytes(path, "word-list")
        label = name if name is not None else Path(path).name.split(".")[0]
        dist = _distribution(distribution, label)
        fast = _Encoder(dist).encode_lines(raw[3:] if raw.startswith(b"\xef\xbb\xbf")
                                           else raw)
        if fast is not None and fast[1].size:
            return cls._from_codes(*fast, [], dist, label)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise PuzzleFormatError(f"expected UTF-8 text, found byte 0x{raw[exc.start]:02x}",
                                    format="word-list", line=line,
                                    path=os.fspath(path)) from None
        items: list[str] = []
        lines: list[int] = []
        for k, line_text in enumerate(text.splitlines(), start=1):
            field = line_text.split(maxsplit=1)[0] if line_text.strip() else ""
            if field and not field.startswith("#"):
                items.append(field)
                lines.append(k)
        try:
            return cls._from_words(items, lines, dist, label)
        except PuzzleFormatError as exc:
            raise exc.relocated(path=os.fspath(path)) from None

    @classmethod
    def _from_words(cls, items: list[str], lines: list[int], dist: Distribution,
                    name: str) -> Lexicon:
        if not items:
            raise _words_error("expected at least one word, found none")
        codes, ends = _Encoder(dist).encode_many(items, lines)
        return cls._from_codes(codes, ends, lines, dist, name)

    @classmethod
    def _from_codes(cls, codes: np.ndarray, ends: np.ndarray, lines: list[int],
                    dist: Distribution, name: str) -> Lexicon:
        starts = np.concatenate(([0], ends[:-1])).astype(np.int64)
        lengths = ends - starts
        if len(lengths) and int(lengths.min()) < 1:
            k = int(np.flatnonzero(lengths < 1)[0])
            raise _words_error("expected a word, found nothing", line=lines[k])
        notice_if_cold("the word graph builder")
        dawg, dawg_len = _matrix(codes, ends, gaddag=False)
        gaddag, gaddag_len = _matrix(codes, ends, gaddag=True)
        nodes = kern.build_kwg(dawg, dawg_len, gaddag, gaddag_len)
        lex = cls(nodes, dist, name=name)
        lex._size = (lex.nodes, int(dawg.shape[0]))  # its words, each once
        return lex

    # ------------------------------------------------------------------ words

    def encode(self, word: str) -> list[int]:
        """A word's tile codes (raises :class:`PuzzleFormatError` for a character outside
        the alphabet)."""
        return self._encoder.encode(word)

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word:
            return False
        try:
            codes = self._encoder.encode(word)
        except PuzzleFormatError:
            return False
        return bool(self.contains_codes([codes])[0])

    def contains_codes(self, words: list[list[int]]) -> np.ndarray:
        """For each word given as tile codes: whether the DAWG holds it."""
        flat = np.array([c for w in words for c in w], dtype=np.uint8)
        ends = np.cumsum([len(w) for w in words]).astype(np.int64)
        return kern.contains(self.nodes, flat, ends).astype(bool)

    def words(self) -> list[str]:
        """Every word, in tile-code order."""
        codes, ends = kern.list_words(self.nodes, 0)
        labels = self._encoder.labels
        if self._encoder.single:
            letters = np.array([ord(c) if c else 0 for c in labels], dtype=np.uint32)
            text = letters[codes].tobytes().decode("utf-32-le")
            starts = np.concatenate(([0], ends[:-1]))
            return [text[a:b] for a, b in zip(starts.tolist(), ends.tolist(), strict=True)]
        out: list[str] = []
        lo = 0
        for hi in ends.tolist():
            out.append("".join(labels[c] for c in codes[lo:hi].tolist()))
            lo = hi
        return out

    def __len__(self) -> int:
        if self._size is not None and self._size[0] is self.nodes:
            return self._size[1]  # built here: the distinct words given, no walk
        return len(kern.list_words(self.nodes, 0)[1])

    def __repr__(self) -> str:
        return (f"<Lexicon {self.name or '(unnamed)'}: {self.nodes.shape[0]} nodes, "
                f"{self.distribution.name}>")


class Leaves:
    """Leave values: a KLV2 (float32) or KLV (int16 and a scale) table, each value in
    integer millipoints as MAGPIE rounds it (half away from zero).

    ``nodes``: the DAWG over the leaves (tile codes ascending, the blank 0 first);
    ``values``: the millipoints, in the DAWG's word order.
    """

    def __init__(self, nodes: np.ndarray, values: np.ndarray,
                 distribution: Distribution | str | None = None, *, name: str = "",
                 floats: np.ndarray | None = None) -> None:
        self.name = name
        self.distribution = _distribution(distribution, name)
        self.nodes = np.ascontiguousarray(nodes, dtype=np.uint32)
        self.values = np.ascontiguousarray(values, dtype=np.int64)
        self.floats = floats
        self.counts = kern.word_counts(self.nodes)

    @staticmethod
    def millipoints(values: np.ndarray) -> np.ndarray:
        """Values in points to integer millipoints, rounding half away from zero (as C's
        ``round`` of ``value * 1000`` in double precision)."""
        scaled = np.asarray(values, dtype=np.float64) * 1000.0
        return (np.sign(scaled) * np.floor(np.abs(scaled) + 0.5)).astype(np.int64)

    @classmethod
    def load(cls, path: str | os.PathLike[str],
             distribution: Distribution | str | None = None, *,
             scale: float | None = None) -> Leaves:
        """Read a KLV2 file, or an old KLV of int16 values (each ``value * scale`` points;
        ``scale`` ``None``: wolges' 1/256). A file that is neither raises
        :class:`PuzzleFormatError`."""
        name = Path(path).name.split(".")[0]
        return cls.from_bytes(_read_bytes(path, "klv"), distribution, name=name, scale=scale,
                              path=os.fspath(path))

    @classmethod
    def from_bytes(cls, data: bytes, distribution: Distribution | str | None = None, *,
                   name: str = "", scale: float | None = None,
                   path: str | None = None) -> Leaves:
        """A KLV2 or KLV from its bytes (see :meth:`load`)."""
        dist = _distribution(distribution, name)

        def bad(message: str) -> PuzzleFormatError:
            return PuzzleFormatError(message, format="klv", path=path)

        if len(data) < 8:
            raise bad(f"not a KLV: {len(data)} bytes, too short for its two counts")
        n_nodes = int.from_bytes(data[:4], "little")
        after = 4 + 4 * n_nodes
        if n_nodes < 2 or after + 4 > len(data):
            raise bad(f"not a KLV: it says {n_nodes} nodes, which need {after + 4} bytes of "
                      f"the {len(data)} (a KWG, or a truncated file?)")
        n_leaves = int.from_bytes(data[after: after + 4], "little")
        rest = len(data) - after - 4
        if rest == 4 * n_leaves:
            raw = np.frombuffer(data, dtype="<f4", count=n_leaves, offset=after + 4)
            floats = raw.astype(np.float32)
            values = cls.millipoints(floats)
        elif rest == 2 * n_leaves:
            raw16 = np.frombuffer(data, dtype="<i2", count=n_leaves, offset=after + 4)
            step = 1 / 256 if scale is None else scale
            if not math.isfinite(step) or step <= 0:
                raise ValueError(f"a KLV's scale must be a positive number, not {scale!r}")
            floats = (raw16.astype(np.float64) * step).astype(np.float32)
            values = cls.millipoints(raw16.astype(np.float64) * step)
        else:
            raise bad(f"not a KLV2 or KLV: {n_leaves} leaves need {4 * n_leaves} (float32) or "
                      f"{2 * n_leaves} (int16) bytes after byte offset {after + 4}, found "
                      f"{rest} (truncated?)")
        nodes = np.frombuffer(data, dtype="<u4", count=n_nodes, offset=4).astype(np.uint32)
        _check_nodes(nodes, "klv", "KLV's word graph", len(dist.letters), path=path)
        leaves = cls(nodes, values, dist, name=name, floats=floats)
        root = int(nodes[0]) & kern.ARC_MASK
        words = int(leaves.counts[root]) if root else 0
        if words != n_leaves:
            raise bad(f"not a KLV: its word graph holds {words} leaves, its table "
                      f"{n_leaves} values")
        return leaves

    @classmethod
    def build(cls, table: Mapping[str, float],
              distribution: Distribution | str | None = None, *, name: str = "") -> Leaves:
        """A KLV2 from leave -> value (points): a leave is its tiles in any order, ``?`` the
        blank (``"AEF?"``, ``"??A"``); a tile outside the distribution raises
        :class:`PuzzleFormatError`."""
        dist = _distribution(distribution, name)
        seqs: list[tuple[int, ...]] = []
        vals: list[float] = []
        # A leave of single-character tiles (every leave of most languages) is looked up
        # character by character; any other goes through the tile reader (which also says
        # what is wrong with a bad one). Both give each tile its machine letter.
        simple = {t: dist.index(t) for t in dist.simple_rack_tiles}
        for k, (leave, value) in enumerate(table.items(), start=1):
            text = leave.upper()
            try:
                seq = tuple(sorted([simple[c] for c in text]))
            except KeyError:
                try:
                    tiles = dist.tiles(text, mode="rack")
                except ValueError as exc:
                    raise PuzzleFormatError(f"leave {leave!r}: {exc}", format="klv-table",
                                            line=k, text=leave) from None
                seq = tuple(sorted(dist.index(t) for t in tiles))
            if not seq:
                continue  # the empty leave is 0 and never stored
            seqs.append(seq)
            vals.append(float(value))
        order = sorted(range(len(seqs)), key=lambda i: seqs[i])
        ordered = [seqs[i] for i in order]
        floats = np.array([vals[i] for i in order], dtype=np.float32)
        for a, b in itertools.pairwise(ordered):
            if a == b:
                raise PuzzleFormatError("the same leave appears twice", format="klv-table")
        width = max(8, -(-(max(map(len, ordered), default=0) + 1) // 8) * 8)
        rows = np.zeros((len(ordered), width), dtype=np.uint8)
        lengths = np.fromiter(map(len, ordered), dtype=np.int64, count=len(ordered))
        # each row's first ``length`` places, row after row: the tiles in order
        rows[np.arange(width) < lengths[:, None]] = np.fromiter(
            itertools.chain.from_iterable(ordered), dtype=np.uint8, count=int(lengths.sum()))
        # KLVs spell the blank 0, as the padding is: the rows go to the builder in the
        # order sorted here (by the tuples), which reads each row only up to its length
        notice_if_cold("the word graph builder")
        nodes = kern.build_kwg(rows, lengths, np.zeros((0, width), dtype=np.uint8),
                               np.zeros(0, dtype=np.int64))
        return cls(nodes, cls.millipoints(floats), dist, name=name, floats=floats)

    def to_bytes(self) -> bytes:
        """The KLV2 file's bytes (float32 values)."""
        floats = self.floats if self.floats is not None else (
            self.values.astype(np.float64) / 1000.0).astype(np.float32)
        return b"".join((
            len(self.nodes).to_bytes(4, "little"), self.nodes.astype("<u4").tobytes(),
            len(floats).to_bytes(4, "little"), np.asarray(floats, dtype="<f4").tobytes()))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the KLV2 file."""
        Path(path).write_bytes(self.to_bytes())

    def codes(self, leave: str) -> list[int]:
        """A leave's tile codes ascending (blank 0 first)."""
        dist = self.distribution
        return sorted(0 if t == BLANK else dist.letters.index(t) + 1
                      for t in dist.tiles(leave, mode="rack"))

    def value(self, leave: str) -> int:
        """The leave's value in millipoints (0 for the empty leave and a leave not in the
        table, as MAGPIE counts them)."""
        codes = self.codes(leave)
        if not codes:
            return 0
        index = kern.word_index(self.nodes, self.counts, np.array(codes, dtype=np.uint8),
                                len(codes))
        return int(self.values[index]) if index >= 0 else 0

    def __len__(self) -> int:
        return int(self.values.shape[0])

    def __repr__(self) -> str:
        return f"<Leaves {self.name or '(unnamed)'}: {len(self)} leaves>"
