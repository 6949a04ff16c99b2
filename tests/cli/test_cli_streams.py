"""Input from a stream (issue 11): a named pipe or standard input is read once, as a stream:
every line in is a record out (0.1's encoding check and line count ate part of it: 1,000
lines in gave "100 records in" and 98 lines out), and memory stays flat however long the
input (0.1 read all of stdin first: 830 MB in, 4.07 GB peak)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlefmt.cli import main

PUZZLE = ".234..8..6....7......53.62...5......84.....36......1...52.96......1....7..8..521."


def _lines(n: int) -> str:
    # different records, so that nothing can be deduplicated or cached away
    return "".join(PUZZLE[:80] + str(1 + i % 9) + "\n" if i % 3 else PUZZLE + "\n"
                   for i in range(n))


def _feed(tmp_path: Path, fifo: Path, text: str) -> subprocess.Popen[bytes]:
    """Write ``text`` into the named pipe from another process (a thread of this one would
    hold the pipe's write end open in the forked workers, and the end never came)."""
    src = tmp_path / "feed.txt"
    src.write_text(text)
    return subprocess.Popen(["cp", str(src), str(fifo)])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_named_pipe_is_read_once(tmp_path: Path, jobs: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "in.pipe"
    os.mkfifo(fifo)
    text = "# a comment first\n" + _lines(1000)
    writer = _feed(tmp_path, fifo, text)
    out = tmp_path / "out.sdm"
    code = main(["convert", str(fifo), "--from", "txt", "--to", "sdm", "-o", str(out),
                 "--jobs", jobs, "--progress"])
    assert writer.wait(10) == 0
    assert code == 0
    err = capsys.readouterr().err
    assert "1000 records in: 1000 converted, 0 rejected" in err
    lines = out.read_text().splitlines()
    assert lines[0] == "# a comment first"
    assert len(lines) == 1001
    assert lines[1:] == [ln.replace(".", "0") for ln in text.splitlines()[1:]]


def test_a_named_pipe_is_read_once_when_detected(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Detection reads the head of the stream: those lines are records too."""
    fifo = tmp_path / "in.pipe"
    os.mkfifo(fifo)
    text = _lines(1000)
    writer = _feed(tmp_path, fifo, text)
    out = tmp_path / "out.txt"
    assert main(["convert", str(fifo), "--to", "line", "-o", str(out)]) == 0
    assert writer.wait(10) == 0
    assert "1000 records in: 1000 converted" in capsys.readouterr().err
    assert out.read_text() == text


_PEAK = """
import resource, subprocess, sys
with open(sys.argv[1], "rb") as src:
    subprocess.run([sys.executable, "-m", "puzzlefmt", *sys.argv[2:]], stdin=src,
                   stdout=subprocess.DEVNULL, check=False)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _peak_kb(path: Path, *args: str) -> int:
    # A pipe, not the file itself, on stdin: a pipe cannot be read twice or sized.
    cat = subprocess.Popen(["cat", str(path)], stdout=subprocess.PIPE)
    assert cat.stdout is not None
    proc = subprocess.run([sys.executable, "-c", _PEAK, "/dev/stdin", *args],
                          stdin=cat.stdout, capture_output=True, text=True, check=True)
    cat.stdout.close()
    cat.wait()
    return int(proc.stdout.split()[-1])


def test_stdin_is_streamed(tmp_path: Path) -> None:
    """Peak memory of 16 times the input through stdin is that of 1 time (within a margin
    far below what holding the larger input would take: 16 x 10,000 lines is 13 MB of bytes,
    13 MB more as a Python string)."""
    small = tmp_path / "small.txt"
    small.write_text(_lines(10_000))
    big = tmp_path / "big.txt"
    big.write_text(small.read_text() * 16)
    command = ["convert", "-", "--to", "sdm", "-q"]
    one = _peak_kb(small, *command)
    sixteen = _peak_kb(big, *command)
    assert sixteen < one + 10_000, (one, sixteen)
