"""What writing a model in a format would drop: the one loss check of ``convert``.

A format declares in :attr:`~puzzlefmt.format.Format.holds` the kinds of content it keeps,
and a model says in :meth:`~puzzlefmt.model.Model.contents` what it carries; a kind the
format does not hold is dropped. ``"metadata"`` is a kind made of named fields (a Sudoku
grid's ``meta``: an sdk file keeps its author and source, a forum CSV its own columns, an
f-puzzles link a title, author, rules and solution): a format that holds metadata may still
hold only some of the fields. For a model with a ``meta`` mapping the fields are checked by
writing the model and reading it back, and each field that does not come back is named.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzlefmt.format import Format
from puzzlefmt.model import Model

__all__ = ["dropped"]


def dropped(value: Any, fmt: Format) -> list[str]:
    """What ``value`` carries that writing it in ``fmt`` would drop, in the words of
    ``Format.holds`` (``"metadata (Label, ER)"`` for metadata fields ``fmt`` cannot hold);
    empty when nothing is dropped, or when ``fmt`` declares nothing."""
    holds = fmt.holds
    if not holds or not isinstance(value, Model):
        return []
    if fmt.holds_for is not None:
        holds = fmt.holds_for(value)
    contents = value.contents()
    out = sorted(contents - holds)
    if "metadata" in contents and "metadata" in holds:
        fields = _lost_fields(value, fmt)
        if fields:
            out.append(f"metadata ({', '.join(fields)})")
            out.sort()
    return out


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
