"""Counts in words: ``1 record``, ``2 records``.

Every message that counts something (the command line's summaries, the batch runner's, the
cluster's) says the number with :func:`counted`, so that one thing is never "1 records". This
module is at the bottom of the layers: every other one may use it.
"""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, in the singular for exactly one and in the plural otherwise
    (``noun + "s"`` unless ``plural`` says it): ``counted(1, "record")`` is ``"1 record"``,
    ``counted(0, "record")`` ``"0 records"``. ``n`` is written with Python's ``str``."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {plural if plural is not None else noun + 's'}"
