"""What writing a model in a format would drop: the one loss check of ``convert``.

A format declares in :attr:`~puzzlefmt.format.Format.holds` the kinds of content it keeps,
and a model says in :meth:`~puzzlefmt.model.Model.contents` what it carries; a kind the
format does not hold is dropped. ``"metadata"`` is a kind made of named fields (a Sudoku
grid's ``meta``: an sdk file keeps its author and source, a forum CSV its own columns, an
f-puzzles link a title, author, rules and solution): a format that holds metadata may still
hold only some of the fields. For a model with a ``meta`` mapping the fields are checked by
writing the model and reading it back, and each field that does not come back is named.

A format may also write a kind as another one (:attr:`~puzzlefmt.format.Format.writes_as`):
a line writes the placed digits of a grid without givens as its givens. Such a kind is not
dropped (:func:`rewritten` names it, and :func:`dropped` leaves it out), but it does not
read back as it was: :func:`described` says both in one phrase for ``convert``'s warning.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzlefmt.format import Format
from puzzlefmt.model import Model

__all__ = ["described", "dropped", "lost", "rewritten"]

#: How a kind is named in a sentence, where its name alone would not read well.
_NOUNS = {"placed": "placed digits"}


def rewritten(value: Any, fmt: Format,
              options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The kinds ``value`` carries that writing it in ``fmt`` (with the writer ``options``)
    keeps as another kind, each with that kind: ``{"placed": "givens"}``."""
    if fmt.writes_as is None or not isinstance(value, Model):
        return {}
    contents = value.contents()
    return {k: v for k, v in fmt.writes_as(value, options or {}).items() if k in contents}


def dropped(value: Any, fmt: Format, options: Mapping[str, Any] | None = None) -> list[str]:
    """What ``value`` carries that writing it in ``fmt`` (with the writer ``options``) would
    drop, in the words of ``Format.holds`` (``"metadata (Label, ER)"`` for metadata fields
    ``fmt`` cannot hold); empty when nothing is dropped, or when ``fmt`` declares nothing.
    A kind written as another kind (:func:`rewritten`) is not dropped."""
    holds = fmt.holds
    if not holds or not isinstance(value, Model):
        return []
    if fmt.holds_for is not None:
        holds = fmt.holds_for(value)
    contents = value.contents()
    out = sorted(contents - holds - rewritten(value, fmt, options).keys())
    if "metadata" in contents and "metadata" in holds:
        fields = _lost_fields(value, fmt)
        if fields:
            out.append(f"metadata ({', '.join(fields)})")
            out.sort()
    return out


def lost(value: Any, fmt: Format, options: Mapping[str, Any] | None = None) -> list[str]:
    """What ``value`` carries that writing it in ``fmt`` (with the writer ``options``) would
    not keep as it is (see :mod:`puzzlefmt.losses`): each kind dropped (``"candidates"``),
    and each kind written as another (``"placed (written as givens)"``)."""
    moved = rewritten(value, fmt, options)
    return sorted([*dropped(value, fmt, options),
                   *(f"{k} (written as {v})" for k, v in moved.items())])


def described(fmt: Format, gone: list[str], moved: Mapping[str, str]) -> str:
    """One phrase for what a conversion to ``fmt`` drops (``gone``) and writes as another
    kind (``moved``): ``"line cannot hold its candidates, and writes its placed digits as
    givens"`` (empty when neither)."""
    said = [f"cannot hold its {', '.join(gone)}"] if gone else []
    said += [f"writes its {_NOUNS.get(k, k)} as {v}" for k, v in moved.items()]
    return f"{fmt.name} {', and '.join(said)}" if said else ""


def _lost_fields(value: Model, fmt: Format) -> list[str]:
    meta = getattr(value, "meta", None)
    if not isinstance(meta, Mapping) or not meta:
        return []
    try:
        back = fmt.loads(fmt.dumps(value))
    except (TypeError, ValueError):  # the writer refuses it: the conversion says so itself
        return []
    if isinstance(back, list):
        if len(back) != 1:
            return []
        back = back[0]
    kept = getattr(back, "meta", None)
    if not isinstance(kept, Mapping):
        kept = {}
    # "comment" is the kind "comments", checked by ``holds``
    return [str(k) for k, v in meta.items()
            if k != "comment" and v not in ("", None) and kept.get(k) != v]
