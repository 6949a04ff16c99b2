"""Work and memory that grow with the input no faster than it (issue 20): save files, GCG
games, a long line of junk.

No test here is timed. Linearity is shown by counting work: the lines of puzzlefmt's own
code that run (``sys.settrace``), or the elements of a list that are read, for an input of
``n`` and of ``2n``; a linear reader does about twice the work, a quadratic one about four
times. Memory is bounded by ``tracemalloc``'s peak against the size of a generated input.
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import puzzlefmt
from puzzlefmt.sgt import savefile as sgtsave

SRC = str(Path(puzzlefmt.__file__).resolve().parent)

# 2 for linear work; a quadratic part makes it tend to 4. The margin covers the fixed costs
# that make small inputs cost a little more than half of their doubles.
LINEAR = 2.25


def lines_run(func: Callable[[], object]) -> int:
    """How many lines of puzzlefmt's code run in ``func()`` (Python's ``line`` trace
    events: one per line per time it runs, one per loop turn)."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename.startswith(SRC) else None

    old = sys.gettrace()
    sys.settrace(trace)
    try:
        func()
    finally:
        sys.settrace(old)
    return count


def growth(work: Callable[[int], int], n: int) -> float:
    """``work(2n) / work(n)``, after a first ``work(n)`` that imports what the work needs."""
    work(n)
    return work(2 * n) / work(n)


def peak_bytes(func: Callable[[], object]) -> int:
    """The most memory ``func()`` held at once beyond what was held before, in bytes."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        func()
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


# ---------------------------------------------------------------------- save files

KEEN_ID = "3:a_a3_a_,a3m6m3s1"
SOLO_LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def keen_save(moves: int) -> str:
    """A Keen save of a 3x3 game with ``moves`` moves (digits and pencil marks)."""
    params, desc = KEEN_ID.split(":")
    history = []
    for i in range(moves):
        y, x = divmod(i % 9, 3)
        digit = i // 9 % 3 + 1
        history.append(("MOVE", f"R{x},{y},{digit}" if i % 2 else f"P{x},{y},{digit}"))
    save = sgtsave.build(game="Keen", params=params, cparams=params, desc=desc, moves=history)
    return save.text()


def solo_save(moves: int) -> str:
    """A Solo save of a 9x9 game with ``moves`` moves in its empty cells."""
    grid = puzzlefmt.loads(SOLO_LINE)
    free = [i for i, v in enumerate(grid.givens) if not v]
    history = []
    for i in range(moves):
        y, x = divmod(free[i % len(free)], 9)
        digit = i // len(free) % 9 + 1
        history.append(("MOVE", f"R{x},{y},{digit}" if i % 2 else f"P{x},{y},{digit}"))
    base = sgtsave.parse(puzzlefmt.dumps(grid, "solo-save", history=False))
    return base.with_history(history, base.statepos).text()


def reading(make: Callable[[int], str], fmt: str) -> Callable[[int], int]:
    """The lines run to read ``make(n)`` as ``fmt`` (the text made beforehand)."""

    def work(n: int) -> int:
        text = make(n)
        return lines_run(lambda: puzzlefmt.loads(text, fmt))

    return work


def test_a_keen_save_loads_in_work_linear_in_its_moves() -> None:
    """Replaying a move looked ``STATEPOS`` up again among every record: a save of 2n moves
    cost four times one of n."""
    assert growth(reading(keen_save, "keen-save"), 300) < LINEAR


def test_a_solo_save_loads_in_work_linear_in_its_moves() -> None:
    assert growth(reading(solo_save, "solo-save"), 300) < LINEAR


def test_save_file_lookups_do_not_walk_the_records() -> None:
    """``get``, ``record``, ``statepos``... answer from an index, whatever the number of
    records (2,000 moves here)."""
    save = sgtsave.parse(keen_save(2000))
    for lookup in (
        lambda: save.get("DESC"),
        lambda: save.record("PARAMS"),
        lambda: save.statepos,
        lambda: save.seed,
    ):
        assert lines_run(lookup) < 30
    assert save.get("DESC") == "a_a3_a_,a3m6m3s1"
    assert save.statepos == save.nstates == 2001
    assert save.seed is None


@pytest.mark.parametrize(("make", "fmt"), [(keen_save, "keen-save"), (solo_save, "solo-save")])
def test_a_save_file_loads_in_memory_a_few_times_its_size(
    make: Callable[[int], str], fmt: str
) -> None:
    """One record a move, each value shared with the moves like it, and the text written
    back without holding every record's line at once: under ten times the file (it was 17
    times)."""
    puzzlefmt.loads(make(10), fmt)
    text = make(20_000)
    assert peak_bytes(lambda: puzzlefmt.loads(text, fmt)) < 10 * len(text)


# ---------------------------------------------------------------------- GCG games

PLAYERS = "#player1 alice Alice\n#player2 bob Bob\n"
# A play and its withdrawal by each player: the board stays empty, the game goes on.
ROUND = (
    ">alice: AEINQST 8G QAT +24 24\n>alice: AEINQST -- -24 0\n"
    ">bob: EGLNORT 8D LONGER +16 16\n>bob: EGLNORT -- -16 0\n"
)


def gcg_game(rounds: int) -> str:
    """A GCG game of ``4 * rounds`` events."""
    return PLAYERS + ROUND * rounds


def one_sided_game(events: int) -> str:
    """A GCG game where alice makes every move (bob never plays again)."""
    return PLAYERS + ">alice: AEINQST 8G QAT +24 24\n>alice: AEINQST -- -24 0\n" * (events // 2)


class CountingList(list[Any]):
    """A list that counts the elements read from it (by index, slice or iteration)."""

    read = 0

    def __getitem__(self, index: Any) -> Any:
        got = super().__getitem__(index)
        CountingList.read += len(got) if isinstance(index, slice) else 1
        return got

    def __iter__(self) -> Any:
        for item in super().__iter__():
            CountingList.read += 1
            yield item


def events_read(make: Callable[[int], str]) -> Callable[[int], int]:
    """How many events are read while the position after each event of ``make(n)`` is
    made."""

    def work(n: int) -> int:
        game = puzzlefmt.loads(make(n), "gcg")
        # A game is immutable: the counting list is put in past its write-once guard (a
        # test's instrument, not a change of the game: the same events, in the same order).
        object.__setattr__(game, "events", CountingList(game.events))
        CountingList.read = 0
        for _ in game.positions():
            pass
        return CountingList.read

    return work


def test_every_position_of_a_game_reads_each_event_a_few_times() -> None:
    """The racks of each position came from a copy of every event after it
    (``events[n:]``): n^2 / 2 events read for a game of n."""
    assert growth(events_read(gcg_game), 100) < LINEAR


def test_positions_of_a_game_one_player_plays_read_each_event_a_few_times() -> None:
    """The rack of the player on turn is looked for among the events after the position;
    when that player never plays again, each position looked through all of them."""
    assert growth(events_read(one_sided_game), 400) < LINEAR


def test_a_game_reads_in_memory_a_few_times_its_size() -> None:
    """The lines, the parts of every line and the events were all held at once: 44 times
    the text. Each line's parts now go as its event is made."""
    text = gcg_game(1000)  # 4,000 events, 109 KB
    puzzlefmt.loads(gcg_game(2), "gcg")
    assert peak_bytes(lambda: puzzlefmt.loads(text, "gcg")) < 20 * len(text)


def test_the_positions_of_a_game_hold_little_beyond_the_game() -> None:
    """Making every position noted every problem and every move's written form on the way,
    used by neither."""
    text = gcg_game(1000)
    game = puzzlefmt.loads(text, "gcg")
    assert peak_bytes(lambda: sum(1 for _ in game.positions())) < 2 * len(text)


def test_a_game_written_as_cgp_list_is_written_a_position_at_a_time() -> None:
    """``dumps(game, "cgp-list")`` held every position (each its own board) at once: 200
    times the game."""
    text = gcg_game(1000)
    game = puzzlefmt.loads(text, "gcg")
    written = ""

    def write() -> None:
        nonlocal written
        written = puzzlefmt.dumps(game, "cgp-list")

    assert peak_bytes(write) < 12 * len(text)  # the text written is 3 times the game's
    assert written.count("\n") == len(game.events) == 4000
    assert written.splitlines()[-1] == game.position(4000).cgp()


# ---------------------------------------------------------------------- a line of junk


def junk(size: int) -> str:
    """One line of ``size`` characters that no format reads."""
    return ("i eqh524yng5by1,a2ro.gubbb8ayn1b7o259ow;" * (size // 40 + 1))[:size] + "\n"


def test_detecting_a_long_line_of_junk_looks_at_its_start() -> None:
    """Every sniffer read the whole text (one of them at 12 times its size) to refuse it;
    they now see its first MiB of whole lines, whatever its length."""
    puzzlefmt.detect(junk(100))

    def peak(size: int) -> int:
        text = junk(size)
        assert puzzlefmt.detect(text) == []
        return peak_bytes(lambda: puzzlefmt.detect(text))

    assert peak(8_000_000) < 1.1 * peak(4_000_000)


@pytest.mark.parametrize(
    "argv",
    [["validate"], ["convert", "--to", "line"], ["detect"], ["show"]],
    ids=lambda argv: argv[0],
)
def test_a_command_refuses_a_long_line_of_junk_in_memory_a_few_times_its_size(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``puzzlefmt validate junk.txt`` of one 50 MB line took 882 MB to refuse it: each
    byte more of the line cost about 14 bytes more. Now at most 4."""
    from puzzlefmt.cli import main

    path = tmp_path / "junk.txt"
    path.write_text(junk(100), encoding="ascii")
    main([*argv, str(path)])

    def peak(size: int) -> int:
        path.write_text(junk(size), encoding="ascii")
        codes: list[int] = []
        used = peak_bytes(lambda: codes.append(main([*argv, str(path)])))
        assert codes == [2]
        assert "junk.txt" in capsys.readouterr().err
        return used

    assert peak(8_000_000) - peak(4_000_000) < 4 * 4_000_000
