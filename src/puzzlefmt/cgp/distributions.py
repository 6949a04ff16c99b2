"""Letter distributions: which tiles a game has, how many of each, and what they score.

The thirteen distributions every engine ships (macondo, wolges, liwords) are package data, one
CSV each (``letter,count,score``, blank ``?``; see ``data/distributions/SOURCES.md``). The order
of the rows is the engines' "machine letter" order: :meth:`Distribution.index` gives it.

>>> english = get_distribution("english")
>>> english.score("Q"), english.count("E"), english.total
(10, 12, 100)
>>> english.score("q")  # a blank played as Q
0
>>> infer_distribution("DISC2")
'catalan'
"""

from __future__ import annotations

import csv
import functools
import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from puzzlefmt.cgp.tiles import BLANK

__all__ = [
    "Distribution",
    "TileError",
    "distribution_names",
    "get_distribution",
    "infer_distribution",
]

#: The distributions shipped beside the modules (read as files: importlib.resources would cost
#: every command its import at start-up).
_DATA = Path(__file__).parent / "data" / "distributions"

_NAMES = (
    "english",
    "english_super",
    "french",
    "german",
    "spanish",
    "catalan",
    "super_catalan",
    "polish",
    "norwegian",
    "dutch",
    "slovene",
    "swedish",
    "hong_kong_english",
)

# Other spellings of the same distributions (wolges and details.json call english_super
# "super_english").
_ALIASES = {"super_english": "english_super", "catalan_super": "super_catalan"}

# Rack sizes that are not 7 (the Hong Kong English game config uses a 9-tile rack).
_RACK_SIZES = {"hong_kong_english": 9}

# Lexicon name prefixes and the distribution each implies: word-golib's
# ProbableLetterDistributionName list, plus OSPD (English) which the CGP spec's own example uses.
# Longer prefixes first so that "nswl" is not taken for something shorter.
_LEXICON_PREFIXES: tuple[tuple[str, str], ...] = (
    ("america", "english"),
    ("deutsch", "german"),
    ("ecwl", "english"),
    ("nswl", "english"),
    ("ospd", "english"),
    ("osps", "polish"),
    ("disc", "catalan"),
    ("fise", "spanish"),
    ("file", "spanish"),
    ("nwl", "english"),
    ("twl", "english"),
    ("owl", "english"),
    ("csw", "english"),
    ("cel", "english"),
    ("iwi", "english"),
    ("nsf", "norwegian"),
    ("fra", "french"),
    ("cgl", "german"),
    ("dsw", "dutch"),
    ("slv", "slovene"),
    ("rd", "german"),
)

# The distribution to use on a 21x21 (SuperCrosswordGame) board instead of the 15x15 one.
_SUPER = {"english": "english_super", "catalan": "super_catalan"}

TileMode = Literal["board", "rack", "move"]


class TileError(ValueError):
    """A tile that a distribution does not know: ``offset`` is where it starts in the text,
    ``found`` is the text, ``expected`` says what would have done."""

    def __init__(self, message: str, offset: int, found: str, expected: str) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.found = found
        self.expected = expected


@dataclass(frozen=True, eq=False)
class Distribution:
    """A letter distribution.

    ``letters`` are the labels in machine-letter order (the blank ``?`` is not among them),
    ``counts`` and ``scores`` map each label, and ``"?"``, to its count and score. A blank
    played as a letter scores ``scores["?"]`` (0 in every shipped distribution).
    ``rack_size`` is how many tiles a full rack holds.
    """

    name: str
    letters: tuple[str, ...]
    counts: dict[str, int]
    scores: dict[str, int]
    rack_size: int = 7
    _spellings: dict[str, tuple[tuple[str, str], ...]] = field(
        init=False, repr=False, compare=False
    )
    _upper: frozenset[str] = field(init=False, repr=False, compare=False)
    _simple: frozenset[str] = field(init=False, repr=False, compare=False)
    _simple_rack: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if BLANK not in self.counts or BLANK not in self.scores:
            raise ValueError(f"distribution {self.name!r} has no blank ('?') row")
        for label in self.letters:
            if label != label.upper() or label.lower() == label:
                raise ValueError(f"distribution {self.name!r}: label {label!r} is not upper case")
            if "[" in label or "]" in label or label[0].isdigit():
                raise ValueError(f"distribution {self.name!r}: label {label!r} cannot be written")
        spellings: dict[str, list[tuple[str, str]]] = {}
        for label in self.letters:
            for spelled in (label, label.lower()):
                spellings.setdefault(spelled[0], []).append((spelled, spelled))
        # Longest first: an unbracketed "NY" is the Catalan NY tile, not N then Y.
        object.__setattr__(
            self,
            "_spellings",
            {k: tuple(sorted(v, key=lambda s: -len(s[0]))) for k, v in spellings.items()},
        )
        object.__setattr__(self, "_upper", frozenset(self.letters))
        # Characters that are a whole tile on their own and begin no longer tile: a reader
        # can take them without looking further.
        starts = {s[0] for label in self.letters if len(label) > 1 for s in (label, label.lower())}
        simple = {
            s for label in self.letters if len(label) == 1 for s in (label, label.lower())
        }
        object.__setattr__(self, "_simple", frozenset(simple - starts))
        object.__setattr__(self, "_simple_rack",
                           frozenset({s for s in self._simple if s in self._upper} | {BLANK}))

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_rows(
        cls, name: str, rows: Iterable[tuple[str, int, int]], *, rack_size: int = 7
    ) -> Distribution:
        """Build a distribution from ``(label, count, score)`` rows, blank ``?`` among them.

        Labels may carry brackets (``[CH]``, as in macondo's Spanish file); they are removed.
        """
        letters: list[str] = []
        counts: dict[str, int] = {}
        scores: dict[str, int] = {}
        for label, count, score in rows:
            if label.startswith("[") and label.endswith("]"):
                label = label[1:-1]
            if label in counts:
                raise ValueError(f"distribution {name!r}: label {label!r} appears twice")
            counts[label] = count
            scores[label] = score
            if label != BLANK:
                letters.append(label)
        return cls(name, tuple(letters), counts, scores, rack_size)

    @classmethod
    def from_csv(cls, name: str, text: str, *, rack_size: int = 7) -> Distribution:
        """Read the ``letter,count,score`` CSV form (header line first)."""
        reader = csv.reader(io.StringIO(text))
        header = next(reader, None)
        if header is None or [h.strip().lower() for h in header[:3]] != [
            "letter",
            "count",
            "score",
        ]:
            raise ValueError(f"distribution {name!r}: expected the header letter,count,score")
        rows = [(r[0], int(r[1]), int(r[2])) for r in reader if r]
        return cls.from_rows(name, rows, rack_size=rack_size)

    def with_scores(self, name: str, **changes: int) -> Distribution:
        """A copy under another name with some scores changed; ``blank=5`` sets the blank's.

        >>> get_distribution("english").with_scores("english_blank_is_5", blank=5).score("z")
        5
        """
        scores = dict(self.scores)
        for key, value in changes.items():
            label = BLANK if key == "blank" else key
            if label not in scores:
                raise ValueError(f"distribution {self.name!r} has no tile {label!r}")
            scores[label] = value
        return Distribution(name, self.letters, dict(self.counts), scores, self.rack_size)

    # ------------------------------------------------------------------ facts

    @property
    def total(self) -> int:
        """How many tiles the bag holds at the start, blanks included."""
        return sum(self.counts.values())

    @property
    def multi_letters(self) -> tuple[str, ...]:
        """The labels of more than one code point (``CH``, ``L·L``...)."""
        return tuple(label for label in self.letters if len(label) > 1)

    def __contains__(self, tile: object) -> bool:
        if not isinstance(tile, str):
            return False
        return tile == BLANK or tile in self._upper or tile.upper() in self._upper

    def count(self, tile: str) -> int:
        """How many of this tile the bag holds; a blank played as a letter counts as ``?``."""
        if tile in self._upper:
            return self.counts[tile]
        if tile == BLANK or tile.upper() in self._upper:
            return self.counts[BLANK]
        return 0

    def score(self, tile: str) -> int:
        """The tile's points: a label scores its value, a blank (``?`` or lower case) the
        blank's (0 in every shipped distribution)."""
        if tile in self._upper:
            return self.scores[tile]
        if tile == BLANK or tile.upper() in self._upper:
            return self.scores[BLANK]
        raise KeyError(f"{tile!r} is not a tile of the {self.name} distribution")

    def index(self, tile: str) -> int:
        """The machine letter: 0 for the blank, 1.. in file order; a designated blank gets
        ``index | 0x80`` as macondo and MAGPIE number it."""
        if tile == BLANK:
            return 0
        if tile in self._upper:
            return self.letters.index(tile) + 1
        return (self.letters.index(tile.upper()) + 1) | 0x80

    def bag(self) -> dict[str, int]:
        """A fresh full bag: label (and ``?``) to count, in machine-letter order."""
        out = {BLANK: self.counts[BLANK]}
        out.update((label, self.counts[label]) for label in self.letters)
        return out

    def sort_key(self, tile: str) -> int:
        """Sort tiles in machine-letter order, blank first (as macondo writes racks)."""
        if tile == BLANK:
            return 0
        return self.index(tile) & 0x7F

    # ------------------------------------------------------------------ reading tiles

    @property
    def simple_tiles(self) -> frozenset[str]:
        """Single characters that are a whole tile (upper case, or a blank in lower case) and
        begin no multi-code-point tile."""
        return self._simple

    @property
    def simple_rack_tiles(self) -> frozenset[str]:
        """The :attr:`simple_tiles` a rack may hold: the upper-case ones and the blank."""
        return self._simple_rack

    def scan(self, text: str, start: int = 0, *, mode: TileMode = "board") -> tuple[str, int]:
        """Read one tile at ``text[start]``; return it and where the next token starts.

        Brackets (``[CH]``, ``[l·l]``) are read first; unbracketed text matches the longest
        label (``NY`` is one Catalan tile). ``mode`` says what may stand there: on the
        ``"board"`` and in a ``"move"`` lower case is a blank played as that letter and ``?``
        is refused; on a ``"rack"`` ``?`` is the blank and lower case is refused.
        Raises :class:`TileError`.
        """
        ch = text[start]
        if ch == "[":
            close = text.find("]", start + 1)
            if close < 0:
                raise TileError(
                    "expected ']' to close a bracketed tile", start, text[start:], "']'"
                )
            inner = text[start + 1 : close]
            spelled = text[start : close + 1]
            if len(inner) <= 1:
                raise TileError(
                    "brackets are only for tiles of several code points, found "
                    f"{spelled!r} (write {inner!r} without them)" if inner else
                    "expected a tile inside the brackets, found '[]'",
                    start,
                    spelled,
                    "a multi-code-point tile in brackets",
                )
            tile = inner if inner in self._upper else None
            if tile is None and inner.upper() in self._upper and inner == inner.lower():
                tile = inner
            if tile is None:
                raise self._unknown(spelled, start)
            return self._check_mode(tile, spelled, start, mode), close + 1
        if ch == BLANK:
            if mode == "rack":
                return BLANK, start + 1
            raise TileError(
                "a blank played on the board is written as the lower-case letter it stands "
                "for, found '?'",
                start,
                "?",
                "a tile",
            )
        for spelled, tile in self._spellings.get(ch, ()):
            if text.startswith(spelled, start):
                return self._check_mode(tile, spelled, start, mode), start + len(spelled)
        raise self._unknown(ch, start)

    def _check_mode(self, tile: str, spelled: str, start: int, mode: TileMode) -> str:
        if mode == "rack" and tile not in self._upper:
            raise TileError(
                f"a rack holds tiles, not designated blanks: found {spelled!r}, which could "
                f"be the tile {tile.upper()!r} or a blank (write {tile.upper()!r}, or '?' for "
                "the blank)",
                start,
                spelled,
                "an upper-case tile or '?'",
            )
        return tile

    def _unknown(self, spelled: str, start: int) -> TileError:
        return TileError(
            f"expected a tile of the {self.name} distribution, found {spelled!r}",
            start,
            spelled,
            f"a tile of the {self.name} distribution",
        )

    def iter_tiles(
        self, text: str, *, mode: TileMode = "board", start: int = 0, stop: int | None = None
    ) -> Iterator[tuple[int, str]]:
        """Yield ``(offset, tile)`` for every tile in ``text[start:stop]``."""
        end = len(text) if stop is None else stop
        i = start
        while i < end:
            tile, nxt = self.scan(text[:end], i, mode=mode)
            yield i, tile
            i = nxt

    def tiles(self, text: str, *, mode: TileMode = "rack") -> list[str]:
        """All the tiles of ``text`` (a rack by default): ``"AB?[CH]"`` gives
        ``["A", "B", "?", "CH"]``. Raises :class:`TileError`."""
        return [tile for _, tile in self.iter_tiles(text, mode=mode)]

    def __repr__(self) -> str:
        return f"get_distribution({self.name!r})"


# ---------------------------------------------------------------------- the shipped data


def distribution_names() -> tuple[str, ...]:
    """The names of the shipped distributions."""
    return _NAMES


def _canonical_name(name: str) -> str | None:
    key = name.strip().lower().replace("-", "_")
    key = _ALIASES.get(key, key)
    return key if key in _NAMES else None


@functools.lru_cache(maxsize=256)  # distributions never change; every CGP read asks
def get_distribution(name: str) -> Distribution:
    """A shipped distribution by name (case-insensitive; ``super_english`` is an alias).

    Raises :class:`KeyError` naming the known ones.
    """
    key = _canonical_name(name)
    if key is None:
        known = ", ".join(_NAMES)
        raise KeyError(f"unknown letter distribution {name!r}; known: {known}")
    return _load(key)


@functools.cache
def _load(name: str) -> Distribution:
    data = _DATA / f"{name}.csv"
    return Distribution.from_csv(
        name, data.read_text(encoding="utf-8"), rack_size=_RACK_SIZES.get(name, 7)
    )


@functools.lru_cache(maxsize=1024)  # a pure function of two values, asked for every CGP read
def infer_distribution(lexicon: str, *, super_board: bool = False) -> str | None:
    """The distribution a lexicon name implies (``CSW21`` gives ``english``), or ``None``.

    The lexicon families are matched by prefix, case-insensitively: NWL/TWL/OWL/OSPD/CSW/ECWL
    English, FRA French, RD/Deutsch/CGL German, FILE/FISE Spanish, DISC Catalan, OSPS Polish,
    NSF Norwegian, DSW Dutch, SLV Slovene. On a 21x21 board (``super_board``) English and
    Catalan give their super distributions.
    """
    key = lexicon.strip().lower()
    for prefix, name in _LEXICON_PREFIXES:
        if key.startswith(prefix):
            return _SUPER.get(name, name) if super_board else name
    return None


def default_distribution(*, super_board: bool = False) -> str:
    """The distribution used when neither ``ld`` nor a known lexicon names one."""
    return "english_super" if super_board else "english"
