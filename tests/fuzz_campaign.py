"""A long fuzz campaign over every registered format, counting what it finds.

The same inputs and the same check as ``tests/test_fuzz_formats.py`` (``strategies.fuzz``),
but many more of them, and a finding does not stop the run: every call whose exception is
not the library's is counted, grouped by where it was raised, and the shortest input of each
group is printed with its traceback. Run from the project root::

    python tests/fuzz_campaign.py --calls 200000
    python tests/fuzz_campaign.py --calls 5000 --formats keen-json,cgp-json

``--calls`` is the total, shared out evenly over the formats and the three kinds of input
(mutated valid texts, text from nothing, bytes). Exit status 1 when anything was found.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "src"), str(HERE)]

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from strategies.fuzz import (  # noqa: E402
    FORMATS,
    corpus,
    foreign_exception,
    mutated,
    mutated_bytes,
    random_text,
)


@dataclass
class Finding:
    """The calls that failed at one place with one exception type."""

    count: int = 0
    formats: set[str] = field(default_factory=set)
    shortest: str | bytes = ""
    error: BaseException | None = None


def _signature(fmt: str, exc: BaseException) -> tuple[str, str, str]:
    frames = traceback.extract_tb(exc.__traceback__)
    place = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return fmt, type(exc).__name__, place


def _fuzzer(
    fmt: str,
    strategy: st.SearchStrategy[str | bytes],
    per: int,
    found: dict[tuple[str, str, str], Finding],
    counter: list[int],
) -> Callable[[], None]:
    @given(data=strategy)
    @settings(
        max_examples=per,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def fuzz(data: str | bytes) -> None:
        counter[0] += 1
        exc = foreign_exception(fmt, data)
        if exc is None:
            return
        item = found.setdefault(_signature(fmt, exc), Finding())
        item.count += 1
        item.formats.add(fmt)
        if item.error is None or len(data) < len(item.shortest):
            item.shortest, item.error = data, exc

    return fuzz


def run(formats: list[str], calls: int) -> tuple[int, dict[tuple[str, str, str], Finding]]:
    kinds: list[Callable[[str], st.SearchStrategy[str | bytes]]] = [
        mutated,
        lambda _fmt: random_text(),
        mutated_bytes,
    ]
    per = max(1, calls // (len(formats) * len(kinds)))
    found: dict[tuple[str, str, str], Finding] = {}
    counter = [0]
    for fmt in formats:
        start = time.perf_counter()
        before = counter[0]
        for strategy in kinds:
            _fuzzer(fmt, strategy(fmt), per, found, counter)()
        bad = sum(f.count for k, f in found.items() if k[0] == fmt)
        print(
            f"{fmt:16} {counter[0] - before:7} calls {bad:6} foreign "
            f"{time.perf_counter() - start:7.1f} s",
            flush=True,
        )
    return counter[0], found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200_000)
    parser.add_argument("--formats", default="", help="comma-separated (default: all)")
    args = parser.parse_args()
    formats = [f for f in args.formats.split(",") if f] or FORMATS
    corpus()  # built once, before the clock
    start = time.perf_counter()
    done, found = run(formats, args.calls)
    total = sum(f.count for f in found.values())
    print(
        f"\n{done} loads calls over {len(formats)} formats in "
        f"{time.perf_counter() - start:.0f} s: {total} raised an exception that is not the "
        f"library's, at {len(found)} places"
    )
    for (fmt, kind, place), item in sorted(found.items()):
        print(f"\n== {fmt}: {kind} at {place} ({item.count} calls); shortest input:")
        print(repr(item.shortest)[:400])
        assert item.error is not None
        print("".join(traceback.format_exception(item.error)).rstrip())
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
