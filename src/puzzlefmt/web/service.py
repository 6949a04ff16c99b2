"""Everything the page does, as functions from text to JSON-ready data.

This is the only module of :mod:`puzzlefmt.web` that calls the library: the HTTP layer
(:mod:`puzzlefmt.web.app`) and the worker processes (:mod:`puzzlefmt.web.engines`) call these
functions and nothing else, so a change of the library's API is adapted here alone.

Every request carries its text: nothing is stored between requests and nothing is read from
or written to the file system. A failure is a :class:`ServiceError` with a ``kind``, the HTTP
status it maps to, and details (a parse error's line and column, say).
"""

from __future__ import annotations

import io
import urllib.parse
from collections.abc import Callable, Iterator
from typing import Any

import puzzlefmt
from puzzlefmt import registry
from puzzlefmt.engine import Engine
from puzzlefmt.errors import OptionError, PuzzleFormatError
from puzzlefmt.family import Replay
from puzzlefmt.model import Model, SolveResult
from puzzlefmt.svg import svg

__all__ = [
    "ENGINE_JOBS",
    "MAX_PAGE_SIZE",
    "ServiceError",
    "canon",
    "capabilities",
    "convert",
    "detect",
    "formats",
    "game",
    "game_available",
    "generate",
    "move",
    "picture",
    "read",
    "records",
    "run_engine",
    "run_job",
    "solve",
    "warm_up",
]

#: The most records one page of the records table holds.
MAX_PAGE_SIZE = 100
#: The largest solution count a caller may ask for (counting stops there).
MAX_LIMIT = 10**9
#: How many records a conversion reads back to check what the target keeps.
_CHECK_RECORDS = 500
_THEMES = ("light", "dark", "print")
# Texts longer than this are detected from their first _DETECT_LINES lines.
_DETECT_WHOLE = 64 * 1024
_DETECT_LINES = 64

# JSON keys of the models' to_json forms, in words, for "the target drops ..." notes.
_FIELD_WORDS = {
    "candidates": "pencil marks (candidates)",
    "eliminations": "eliminated candidates",
    "placed": "placed digits",
    "givens": "givens",
    "meta": "metadata",
    "metadata": "metadata",
    "comments": "comments",
    "sections": "extra sections",
    "solution": "solution",
    "seed": "random seed",
    "state": "game state",
    "operations": "operations",
}


class ServiceError(Exception):
    """A request the service cannot answer: ``kind`` names the case, ``status`` is the HTTP
    status, ``details`` more fields for the JSON answer (``line``, ``column``...)."""

    def __init__(self, kind: str, message: str, *, status: int = 400, **details: Any) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.status = status
        self.details = details

    def to_json(self) -> dict[str, Any]:
        """The JSON answer: ``kind``, ``message`` and the ``details``."""
        return {"kind": self.kind, "message": self.message, **self.details}


# ---------------------------------------------------------------------- library adapters
# The few places where the page needs more than ``loads``/``dumps``/``detect`` and the Model
# protocol (docs/protocol.md) are these small functions.


def _family_name(obj: object) -> str:
    return str(registry.family_of(obj).name)


def _get_format(name: str) -> Any:
    try:
        return registry.get_format(name)
    except KeyError:
        known = ", ".join(f.name for f in registry.formats())
        raise ServiceError(
            "unknown-format", f"unknown format {name!r}; known formats: {known}"
        ) from None


def _problems(obj: Any) -> tuple[list[str], list[str]]:
    """A model's rule problems (severity ``"error"``) and its warnings, in words."""
    errors: list[str] = []
    warnings: list[str] = []
    for p in obj.problems():
        (errors if p.severity == "error" else warnings).append(str(p))
    return errors, warnings


def _svg(obj: Any, *, theme: str, size: int | None = None, **shown: Any) -> str:
    """The page's picture of ``obj``; ``shown``: what an engine's result adds (a Sudoku's
    ``solution``, a position's ``move``), ``None`` values left out."""
    options: dict[str, Any] = {"theme": theme, **registry.family_of(obj).page_picture}
    if size is not None:
        options["size"] = size
    options.update({k: v for k, v in shown.items() if v is not None})
    return str(svg(obj, **options))


def _engine(obj: Any, name: str) -> Engine | None:
    """The engine ``name`` of ``obj``'s family that takes ``obj`` (``None``: none)."""
    eng = registry.family_of(obj).engine(name)
    return eng if eng is not None and eng.takes(obj) else None


def _lacks(obj: Any, name: str) -> ServiceError:
    """The answer for a record whose family has no engine ``name``."""
    known = registry.engines(name)
    what = known[0].lacking if known else f"{name} engine"
    return ServiceError("unsupported", f"the {_family_name(obj)} family has no {what}")


def _can_solve(obj: Any) -> bool:
    return _engine(obj, "solve") is not None


def _canon_conventions(obj: Any) -> tuple[str, ...]:
    eng = registry.family_of(obj).engine("canon")
    if eng is None:
        return ()
    return next((tuple(o.choices) for o in eng.options if o.name == "convention"), ())


def _solution_view(puzzle: Any, solution: Any, theme: str) -> dict[str, Any]:
    """One solution (a model of the puzzle's type) as text and picture: the line the
    family's ``solve`` engine writes for it, and the puzzle drawn with it."""
    eng = registry.engine_for(puzzle, "solve")
    text = eng.line(puzzle, SolveResult(1, 1, [solution]))
    shown = eng.result_picture(solution) if eng.result_picture is not None else {}
    drawn = puzzle if shown else solution
    return {"text": text, "picture": _svg(drawn, theme=theme, **shown)}


def _to_json(obj: Any) -> dict[str, Any]:
    data: dict[str, Any] = obj.to_json()
    return data


def _declared_loss(obj: Model, target: Any) -> set[str]:
    """What the record holds that the target format declares it cannot keep."""
    holds = target.holds
    if not holds:
        return set()
    return set(obj.contents() - holds)


def _records_of(text: str, fmt: Any) -> Iterator[Any]:
    """The records of ``text`` read as ``fmt`` (one record for a single document), lazily;
    bad records come with ``error`` set."""
    return puzzlefmt.iter_records(io.StringIO(text), fmt.name, errors="collect")


def _parse_error(exc: PuzzleFormatError) -> ServiceError:
    return ServiceError(
        "parse",
        exc.message,
        status=422,
        format=exc.format,
        line=exc.line,
        column=exc.column,
        record=exc.record,
        text=exc.text,
        where=exc.where(),
        full=str(exc),
    )


def _game(obj: Any) -> Replay | None:
    """How to step through ``obj``, when its family declares it a game record (GCG)."""
    return registry.family_of(obj).game(obj)


def _picture(obj: Any, *, theme: str, size: int | None = None) -> str:
    """The picture of a record; of a game, its last position."""
    replay = _game(obj)
    if replay is not None:
        obj = replay.position(obj, replay.length(obj))
    return _svg(obj, theme=theme, size=size)


# ---------------------------------------------------------------------- shared steps


def _theme(theme: str) -> str:
    if theme not in _THEMES:
        raise ServiceError("bad-request", f"unknown theme {theme!r}; themes: {', '.join(_THEMES)}")
    return theme


def _offset(text: str, line: int, column: int) -> int:
    """The character offset of a 1-based line and column."""
    lines = text.splitlines(keepends=True)
    return sum(len(x) for x in lines[: line - 1]) + max(column - 1, 0)


def _closest(text: str) -> PuzzleFormatError | None:
    """For a text no format recognises: the error of the format that reads furthest into it,
    when that is a fifth of the way or more (a puzzle with a typo, not some other text).
    Errors at the very end (too few cells...) say the text ran out, not where it is wrong."""
    best: PuzzleFormatError | None = None
    best_offset = -1
    end = len(text.rstrip())
    for fmt in registry.formats():
        try:
            puzzlefmt.loads(text, fmt.name)
        except PuzzleFormatError as exc:
            if exc.line is None:
                continue
            offset = _offset(text, exc.line, exc.column or 1)
            if best_offset < offset < end:
                best, best_offset = exc, offset
        except (ValueError, TypeError, IndexError, KeyError):  # a reader's own bug: skip it
            continue
    if best is None or best_offset < max(8, end / 5):
        return None
    return best


def _resolve(text: str, format: str | None) -> Any:
    """The format named, else the best detected one."""
    if format:
        return _get_format(format)
    ranked = puzzlefmt.detect(_head(text))
    if not ranked:
        message = f"no format recognises this text (expected {registry.expected()})"
        near = _closest(text)
        if near is None:
            raise ServiceError("unrecognised", message, status=422)
        details = _parse_error(near).details
        raise ServiceError(
            "unrecognised",
            f"{message}; the closest is {near.format}, which stops at {near.where()}: "
            f"{near.message}",
            status=422,
            closest=near.format,
            **details,
        )
    return _get_format(ranked[0].format)


def _pick(text: str, fmt: Any, record: int) -> Any:
    """Record ``record`` (from 1) of ``text`` read as ``fmt``."""
    if record < 1:
        raise ServiceError("bad-request", f"records are numbered from 1, not {record}")
    seen = 0
    try:
        for rec in _records_of(text, fmt):
            seen = rec.number
            if rec.number == record:
                if rec.error is not None:
                    raise _parse_error(rec.error)
                return rec.value
    except PuzzleFormatError as exc:
        raise _parse_error(exc) from None
    shown = "record" if seen == 1 else "records"
    raise ServiceError("bad-request", f"no record {record}: the text has {seen} {shown}")


def _count(text: str, fmt: Any) -> tuple[int, int]:
    total = bad = 0
    try:
        for rec in _records_of(text, fmt):
            total += 1
            bad += rec.error is not None
    except PuzzleFormatError as exc:
        raise _parse_error(exc) from None
    return total, bad


def _status_words(problems: list[str]) -> str:
    if not problems:
        return "Follows the rules: no problem found."
    if len(problems) == 1:
        return "1 rule problem."
    return f"{len(problems)} rule problems."


# ---------------------------------------------------------------------- operations


def formats() -> list[dict[str, Any]]:
    """Every format: name, family, description, extensions, collection, writable."""
    return [
        {
            "name": f.name,
            "family": f.family,
            "description": f.description,
            "extensions": list(f.extensions),
            "collection": bool(f.collection),
            "writable": True,
        }
        for f in registry.formats()
    ]


def game_available() -> bool:
    """Whether some family declares game records to step through (GCG)."""
    return any(f.replay is not None for f in registry.families())


def capabilities() -> dict[str, Any]:
    """The version, the families (name and title, in the registry's order), the engines
    offered as actions, and whether games can be stepped through."""
    return {
        "version": puzzlefmt.__version__,
        "families": [{"name": f.name, "title": f.label} for f in registry.families()],
        "engines": [{"name": e.name, "family": e.family, "title": e.label,
                     "summary": e.summary} for e in registry.engines() if e.command],
        "generators": [{"makes": e.makes, "family": e.family, "title": e.label,
                        "summary": e.summary,
                        "options": [{"name": o.name, "default": o.default, "help": o.help,
                                     "choices": list(o.choices)} for o in e.options]}
                       for e in registry.engines() if e.generates],
        "game": game_available(),
    }


def _head(text: str) -> str:
    """What detection looks at: a large text's first lines, as the library's streaming
    reader does (every sniffer over megabytes of records would take seconds)."""
    if len(text) <= _DETECT_WHOLE:
        return text
    return "".join(text.splitlines(keepends=True)[:_DETECT_LINES])


def _candidates(text: str, filename: str | None) -> list[dict[str, Any]]:
    # Only the extension of the name reaches the library: nothing is opened.
    ext = filename.rsplit(".", 1)[1] if filename and "." in filename else ""
    name = f"upload.{ext}" if ext else None
    return [
        {"format": c.format, "family": c.family, "score": c.score, "reason": c.reason}
        for c in puzzlefmt.detect(_head(text), filename=name)
    ]


def _link_pieces(url: str) -> list[str]:
    """The parts of a share link that may hold a puzzle: our own ``text=``, the fragment,
    then every query value."""
    parts = urllib.parse.urlsplit(url)
    pieces: list[str] = []
    for field in (parts.fragment, parts.query):
        values = urllib.parse.parse_qs(field, keep_blank_values=False)
        pieces.extend(values.get("text", []))
    if parts.fragment:
        pieces.append(urllib.parse.unquote(parts.fragment))
    for query_values in urllib.parse.parse_qs(parts.query).values():
        pieces.extend(query_values)
    return [p for p in pieces if p.strip()]


def detect(text: str, *, filename: str | None = None) -> dict[str, Any]:
    """The ranked candidates for ``text``, best first. A text that is one ``http(s)`` link
    is a share link: the first part of it that some format recognises is taken instead and
    returned as ``text`` (the link is never fetched)."""
    stripped = text.strip()
    if stripped.startswith(("http://", "https://")) and not any(c.isspace() for c in stripped):
        for piece in _link_pieces(stripped):
            found = _candidates(piece, None)
            if found:
                return {"candidates": found, "text": piece, "source": "link"}
    return {"candidates": _candidates(text, filename), "text": None, "source": None}


def _actions(obj: Any) -> dict[str, Any]:
    return {
        "solve": _can_solve(obj),
        "canon": list(_canon_conventions(obj)),
        "engines": [{"name": e.name, "title": e.label, "summary": e.summary,
                     "doing": e.doing or "Working"}
                    for e in registry.family_of(obj).engines if e.command and e.takes(obj)],
        "move": registry.family_of(obj).moving(obj) is not None,
        "game": _game(obj) is not None,
    }


def _targets(fmt: Any, obj: Any) -> list[dict[str, Any]]:
    """The formats that can write ``obj`` (a game record is written by the formats of games,
    a position by those of positions)."""
    return [
        {
            "format": f.name,
            "description": f.description,
            "collection": bool(f.collection),
            "extension": f.extensions[0] if f.extensions else "txt",
        }
        for f in registry.formats(fmt.family)
        if isinstance(obj, f.model)
    ]


def read(text: str, format: str | None = None, *, record: int = 1,
         theme: str = "light") -> dict[str, Any]:
    """Read record ``record`` of ``text``: its picture, problems, status and what can be done
    with it. A collection also gives how many records it has and how many fail to read."""
    theme = _theme(theme)
    fmt = _resolve(text, format)
    obj = _pick(text, fmt, record)
    counts = None
    if fmt.collection:
        total, bad = _count(text, fmt)
        counts = {"total": total, "bad": bad}
    problems, warnings = _problems(obj)
    return {
        "format": fmt.name,
        "family": _family_name(obj),
        "collection": bool(fmt.collection),
        "record": record,
        "records": counts,
        "picture": _picture(obj, theme=theme),
        "problems": problems,
        "warnings": warnings,
        "status": _status_words(problems),
        "text_picture": str(obj),
        "actions": _actions(obj),
        "targets": _targets(fmt, obj),
    }


def records(text: str, format: str | None = None, *, page: int = 1,
            size: int = 25) -> dict[str, Any]:
    """One page of the records table: number, first line, status (read or not, rule
    problems), and the totals."""
    if not 1 <= size <= MAX_PAGE_SIZE:
        raise ServiceError("bad-request", f"page size must be 1 to {MAX_PAGE_SIZE}, not {size}")
    if page < 1:
        raise ServiceError("bad-request", f"pages are numbered from 1, not {page}")
    fmt = _resolve(text, format)
    first = (page - 1) * size + 1
    last = first + size - 1
    rows: list[dict[str, Any]] = []
    total = bad = 0
    try:
        for rec in _records_of(text, fmt):
            total += 1
            bad += rec.error is not None
            if not first <= rec.number <= last:
                continue
            row: dict[str, Any] = {
                "number": rec.number,
                "line": rec.line,
                "excerpt": rec.text.strip().splitlines()[0][:80] if rec.text.strip() else "",
            }
            if rec.error is not None:
                row.update(ok=False, status=f"does not read: {rec.error.message}",
                           error=_parse_error(rec.error).to_json())
            else:
                problems, _ = _problems(rec.value)
                status = ("follows the rules" if not problems
                          else problems[0] if len(problems) == 1 else _status_words(problems))
                row.update(ok=not problems, status=status, error=None)
            rows.append(row)
    except PuzzleFormatError as exc:
        raise _parse_error(exc) from None
    pages = max(1, -(-total // size))
    return {"format": fmt.name, "total": total, "bad": bad, "page": page, "pages": pages,
            "size": size, "rows": rows}


def picture(text: str, format: str | None = None, *, record: int = 1, theme: str = "light",
            size: int | None = None) -> dict[str, Any]:
    """The SVG picture of one record (``size``: width in pixels)."""
    theme = _theme(theme)
    if size is not None and not 16 <= size <= 4000:
        raise ServiceError("bad-request", f"size must be 16 to 4000 pixels, not {size}")
    fmt = _resolve(text, format)
    obj = _pick(text, fmt, record)
    return {"format": fmt.name, "record": record,
            "picture": _picture(obj, theme=theme, size=size)}


def _field_words(key: str) -> str:
    return _FIELD_WORDS.get(key, key.replace("_", " "))


def _differences(before: dict[str, Any], after: dict[str, Any]) -> tuple[set[str], set[str]]:
    dropped: set[str] = set()
    changed: set[str] = set()
    for key in set(before) | set(after):
        if key in ("format", "version", "problems"):
            continue
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        (dropped if old and not new else changed).add(key)
    return dropped, changed


def _loss_notes(source: list[Any], out: str, target: Any) -> list[str]:
    """What the target does not keep: what it declares it cannot hold (as ``puzzlefmt
    convert`` reports it), and, where nothing is declared lost, a check by reading the output
    back (the first records)."""
    declared: set[str] = set()
    for obj in source:
        declared |= _declared_loss(obj, target)
    if declared:
        words = sorted({_field_words(k) for k in declared})
        what = ", ".join(words)
        them = "it" if len(words) == 1 else "them"
        return [f"Left out: {what} ({target.name} cannot hold {them})."]
    try:
        back = puzzlefmt.loads(out, target.name)
    except PuzzleFormatError as exc:
        return [f"Reading the {target.name} text back fails, so what it keeps was not "
                f"checked: {exc}"]
    items = list(back) if isinstance(back, list) else [back]
    if len(items) != len(source):
        return [f"Read back, the {target.name} text gives {len(items)} records, "
                f"not {len(source)}."]
    dropped: set[str] = set()
    changed: set[str] = set()
    for a, b in zip(source[:_CHECK_RECORDS], items[:_CHECK_RECORDS], strict=True):
        d, c = _differences(_to_json(a), _to_json(b))
        dropped |= d
        changed |= c
    notes: list[str] = []
    if dropped or changed:
        notes.append(f"Read back, the {target.name} text differs in "
                     + ", ".join(sorted(_field_words(k) for k in dropped | changed)) + ".")
    if notes and len(source) > _CHECK_RECORDS:
        notes.append(f"Checked the first {_CHECK_RECORDS} records of {len(source)}.")
    return notes


def convert(text: str, format: str | None = None, *, to: str, record: int = 1) -> dict[str, Any]:
    """Write ``text`` in format ``to``: the whole collection when both are collection
    formats, else record ``record``. ``notes`` say what the target drops or changes."""
    src = _resolve(text, format)
    target = _get_format(to)
    if target.family != src.family:
        raise ServiceError("bad-request", f"{target.name} is a {target.family} format; this "
                           f"text is {src.family}: convert within a family")
    notes: list[str] = []
    if src.collection and target.collection:
        try:
            whole = puzzlefmt.loads(text, src.name)
        except PuzzleFormatError as exc:
            raise _parse_error(exc) from None
        items = list(whole)
        out = puzzlefmt.dumps(whole, target.name)
        scope = "collection"
    else:
        obj = _pick(text, src, record)
        items = [obj]
        try:
            out = puzzlefmt.dumps([obj] if target.collection else obj, target.name)
        except (TypeError, ValueError) as exc:  # a record the target cannot write at all
            raise ServiceError("unsupported", f"{target.name} cannot write this record: "
                               f"{exc}") from None
        scope = "record"
        if src.collection:
            total, _ = _count(text, src)
            if total > 1:
                notes.append(f"{target.name} holds one record: this is record {record} of "
                             f"{total}.")
    notes.extend(_loss_notes(items, out, target))
    ext = target.extensions[0] if target.extensions else "txt"
    return {"format": target.name, "scope": scope, "record": record if scope == "record" else None,
            "text": out, "extension": ext, "notes": notes, "lossless": not notes}


def _solve_words(result: Any, limit: int) -> str:
    status = result.status
    if status == "unknown":
        return "The solver could not decide" + (f": {result.reason}." if result.reason else ".")
    if status == "none":
        return "No solution" + (f": {result.reason}." if result.reason else ".")
    if status == "unique":
        return "One solution (unique)."
    if result.count >= limit:
        return f"Several solutions (at least {result.count}); two of them:"
    return f"Several solutions ({result.count}); two of them:"


def solve(text: str, format: str | None = None, *, record: int = 1, limit: int = 2,
          theme: str = "light") -> dict[str, Any]:
    """Count the solutions of one record up to ``limit``, with up to two of them drawn."""
    theme = _theme(theme)
    if not 2 <= limit <= MAX_LIMIT:
        raise ServiceError("bad-request", f"limit must be 2 to {MAX_LIMIT}, not {limit}")
    fmt = _resolve(text, format)
    obj = _pick(text, fmt, record)
    eng = _engine(obj, "solve")
    if eng is None:
        raise _lacks(obj, "solve")
    try:
        result = eng(obj, limit=limit)
    except ValueError as exc:  # a puzzle the solver does not take (e.g. a random-seed ID)
        raise ServiceError("unsupported", str(exc)) from None
    return {
        "status": result.status,
        "count": result.count,
        "limit": limit,
        "complete": bool(result.complete),
        "reason": result.reason or "",
        "words": _solve_words(result, limit),
        "solutions": [_solution_view(obj, s, theme) for s in list(result.solutions)[:2]],
    }


def canon(text: str, format: str | None = None, *, record: int = 1,
          convention: str = "string", theme: str = "light") -> dict[str, Any]:
    """The canonical (minlex) form of a Sudoku record, as text and picture."""
    theme = _theme(theme)
    fmt = _resolve(text, format)
    obj = _pick(text, fmt, record)
    conventions = _canon_conventions(obj)
    eng = _engine(obj, "canon")
    if eng is None or not conventions:
        raise _lacks(obj, "canon")
    if convention not in conventions:
        raise ServiceError("bad-request", f"unknown convention {convention!r}; conventions: "
                           + ", ".join(conventions))
    try:
        form = eng(obj, convention=convention)
    except ValueError as exc:  # a candidate grid has no puzzle to canonicalise
        raise ServiceError("unsupported", str(exc)) from None
    shown = type(obj)(form)  # the form is a text of the family, as its model reads it
    return {"canonical": form, "convention": convention, "picture": _svg(shown, theme=theme)}


def run_engine(name: str, text: str, format: str | None = None, *, record: int = 1,
               options: dict[str, Any] | None = None, pick: int | None = None,
               theme: str = "light") -> dict[str, Any]:
    """Run the family engine ``name`` (one its family offers as an action: ``grade``...) on
    one record: its JSON form, and ``words`` for people. An engine whose result has parts
    (``Engine.items``: a rating's steps, a position's moves) also gives ``items``, their
    lines, and ``pick``, the part drawn in ``picture`` (``pick``: which, from 0; default
    the first)."""
    theme = _theme(theme)
    fmt = _resolve(text, format)
    obj = _pick(text, fmt, record)
    eng = _engine(obj, name)
    if eng is None or not eng.command:
        raise _lacks(obj, name)
    try:
        result = eng(obj, **{**dict(eng.page_options), **(options or {})})
    except OptionError as exc:
        raise ServiceError("bad-request", str(exc)) from None
    except ValueError as exc:  # a record the engine does not take (too large, a seed ID...)
        raise ServiceError("unsupported", str(exc)) from None
    data = eng.to_json(result)
    out = {**(data if isinstance(data, dict) else {"result": data}),
           "words": eng.words(result)}
    items = list(eng.items(result)) if eng.items is not None else None
    if items is not None:
        out["items"] = items
    if items and eng.item_picture is not None:
        k = 0 if pick is None else pick
        if not 0 <= k < len(items):
            raise ServiceError("bad-request", f"pick {k} is out of range: the result has "
                               f"{len(items)} part{'s' if len(items) != 1 else ''}, 0-"
                               f"{len(items) - 1}")
        drawn, shown = eng.item_picture(obj, result, k)
        out["pick"] = k
        out["picture"] = _svg(drawn, theme=theme, **shown)
        return out
    if pick is not None:
        raise ServiceError("bad-request", f"the {name} result has no parts to pick")
    shown = eng.result_picture(result) if eng.result_picture is not None else {}
    if shown:  # the record drawn with the result
        out["picture"] = _svg(obj, theme=theme, **shown)
    return out


def generate(makes: str, *, seed: str | None = None,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A new puzzle from the generator that makes ``makes`` (the page's "new puzzle"
    action): its text (the generator's line, which the paste box reads back), its seed and
    the seed as the game takes it, the generator's JSON form and ``words``."""
    eng = next((e for e in registry.engines() if e.generates and e.makes == makes), None)
    if eng is None or eng.seeds is None:
        known = ", ".join(e.makes for e in registry.engines() if e.generates) or "none"
        raise ServiceError("unsupported", f"nothing generates {makes!r} (generators: {known})")
    try:
        opts = eng.prepare(options or {})
        chosen = next(eng.seeds(seed))
        made = eng.run(chosen, **opts)
    except OptionError as exc:
        raise ServiceError("bad-request", str(exc)) from None
    except ValueError as exc:  # parameters the game refuses (PuzzleFormatError), a timeout
        raise ServiceError("unsupported", str(exc)) from None
    shown = {k: v for k, v in opts.items() if k != "timeout"}
    data = eng.to_json(made)
    return {**(data if isinstance(data, dict) else {"result": data}),
            "text": eng.line(made, made), "seed": chosen,
            "seed_id": eng.seed_text(chosen, **shown), "words": eng.words(made)}


def move(text: str, format: str | None = None, *, record: int = 1, notation: str,
         check_rack: bool | None = None, theme: str = "light") -> dict[str, Any]:
    """Play a move in notation on a record whose family takes moves (a CGP position): its
    score and the next position, or why it is illegal. ``check_rack`` (default: when the
    rack is known): the tiles must be on the rack of the player to move."""
    theme = _theme(theme)
    fmt = _resolve(text, format)
    obj = _pick(text, fmt, record)
    moves = registry.family_of(obj).moving(obj)
    if moves is None:
        raise ServiceError("unsupported", f"the {_family_name(obj)} family has no moves")
    notation = notation.strip()
    if not notation:
        raise ServiceError("bad-request", f"type a move, e.g. {moves.example}")
    try:
        played = moves.play(obj, notation, check_rack)
    except ValueError as exc:  # PuzzleFormatError too
        raise ServiceError("bad-move", f"not a move: {exc}") from None
    after = None
    if played.legal:
        after = {"text": played.text, "picture": _svg(played.position, theme=theme)}
    return {"legal": played.legal, "move": played.move, "score": played.score,
            "reason": played.reason, "words": played.words, "next": after}


def game(text: str, format: str | None = None, *, record: int = 1, move: int = 0,
         theme: str = "light") -> dict[str, Any]:
    """Step through a game record (GCG): the position after its first ``move`` events, as
    CGP, picture and text picture."""
    theme = _theme(theme)
    if not game_available():
        raise ServiceError("unsupported", "this puzzlefmt cannot read GCG games")
    fmt = _resolve(text, format)
    obj = _pick(text, fmt, record)
    replay = _game(obj)
    if replay is None:
        raise ServiceError("unsupported",
                           f"only game records ({registry.game_names()}) can be stepped through")
    total = replay.length(obj)
    n = max(0, min(move, total))
    position = replay.position(obj, n)
    words = (f"The start; the game has {total} events." if n == 0
             else replay.words(obj, n))
    try:
        cgp: str | None = replay.text(position)
    except ValueError as exc:  # one player, rack unknown: no CGP holds it
        fam = registry.family_of(position)
        cgp = None
        words += f" This position has no {fam.noun or fam.label} ({exc})."
    return {"move": n, "events": total, "words": words, "cgp": cgp,
            "picture": _svg(position, theme=theme), "text_picture": str(position)}


# ---------------------------------------------------------------------- engine jobs

#: The operations that run in a worker process under the time limit.
ENGINE_JOBS: dict[str, Callable[..., dict[str, Any]]] = {
    "solve": solve,
    "canon": canon,
    "engine": run_engine,
    "generate": generate,
}


def run_job(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Run one engine job (what a worker process does with each request)."""
    return ENGINE_JOBS[kind](**payload)


def warm_up() -> None:
    """Load the engines' compiled kernels (numba, from its on-disk cache; compiled the first
    time), so that the time limit measures solving, not loading: every engine of every
    family, on the family's example."""
    for fam in registry.families():
        if not fam.example:
            continue
        value = puzzlefmt.loads(fam.example)
        for eng in fam.engines:
            if eng.takes(value):
                eng(value)
