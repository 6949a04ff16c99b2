"""Ctrl-C under ``--jobs 2`` (issue 11): the command ends promptly in one line and exit 130,
leaves the target as it was and no ``.part`` file, and no worker behind it; whether the
signal reaches the whole process group (a terminal's Ctrl-C) or the parent alone.

0.1 printed worker tracebacks, and its parent could hang for ever in
``multiprocessing.Pool.terminate()`` (its feeder thread stuck sending a chunk to a worker
already killed). Each case runs the installed command in its own session, bounded in time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

RECORDS = 400_000  # far more than the job can solve before the signal (several seconds)
OLD = "the target as it was\n"


def _group_gone(pgid: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


# The command starts as a terminal starts it, Ctrl-C not ignored: a test run started in the
# background by a shell without job control (``.ci/run &``) ignores SIGINT, a child inherits
# that, and the signal would never reach the command (seen in such a run). Python installs
# its Ctrl-C handler only where SIGINT is not ignored: this puts it back, then runs the CLI.
AS_FROM_A_TERMINAL = (
    "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
    "runpy.run_module('puzzlefmt', run_name='__main__', alter_sys=True)"
)


# As plain Python the job takes about two minutes to start writing (its 120 s bound, under load).
@pytest.mark.slow_without_jit
@pytest.mark.parametrize("whole_group", [True, False], ids=["process-group", "parent-alone"])
def test_ctrl_c_under_jobs_2_is_one_line_and_130(tmp_path: Path, whole_group: bool) -> None:
    src = tmp_path / "many.txt"
    src.write_text(("." * 81 + "\n") * RECORDS)
    target = tmp_path / "out.txt"
    target.write_text(OLD)
    proc = subprocess.Popen(
        # Each empty grid enumerated to 1,000 solutions: the job takes a minute (the columnar
        # path solves 400,000 of them to 2 solutions in under two seconds, sometimes before
        # the signal came).
        [sys.executable, "-c", AS_FROM_A_TERMINAL, "solve", str(src), "--jobs", "2",
         "--limit", "1000", "-o", str(target)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        started = False
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            # The first chunks are written (past the output buffer) once the workers run.
            if any(p.stat().st_size for p in tmp_path.glob(".out.txt.puzzlefmt-*.part")):
                started = True
                break
            time.sleep(0.02)
        assert started, "the job did not start writing"
        sent = time.monotonic()
        if whole_group:
            os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C
        else:
            os.kill(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:  # hung: do not leave it behind
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    lines = [ln for ln in err.decode().splitlines() if ln.strip()]
    assert lines == ["puzzlefmt: interrupted"], lines
    assert proc.returncode == 130
    assert took < 20, took
    assert target.read_text() == OLD
    assert not list(tmp_path.glob(".*.part"))
    assert _group_gone(proc.pid, 10), "a worker outlived the command"
