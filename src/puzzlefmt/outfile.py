"""The one way puzzlefmt writes an output file: atomically where that is safe.

``with output(path) as out:`` gives a text (or, with ``binary=True``, a byte) stream:

- ``None`` or ``"-"``: standard output (left open);
- a regular file, or a path that does not exist yet: a temporary file beside it, renamed over
  the target only when the block ends without an exception, so a failed, interrupted or
  killed run never leaves half a file in its place. An existing file keeps its permission
  bits; a new one gets the usual ``0666 & ~umask``. A symbolic link is followed: its target
  is replaced, the link stays a link;
- anything else that exists (a device such as ``/dev/null``, a named pipe, a socket): opened
  and written in place, as a stream.

The temporary file is named ``.<name>.puzzlefmt-<pid>.part``; it is removed on any exception
(Ctrl-C included). One left by a killed process is removed by the next run writing the same
target once its process is gone. Errors name the user's path, never the temporary file.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
from collections.abc import Iterator
from typing import IO, Any, Literal, overload

__all__ = ["output", "write_bytes", "write_text"]

_PART = re.compile(r"^\.(?P<name>.+)\.puzzlefmt-(?P<pid>\d+)\.part$")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def _clean_stale(folder: str, name: str) -> None:
    """Remove ``.part`` files of ``name`` left by processes that no longer run."""
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            m = _PART.match(entry.name)
            if m and m["name"] == name and int(m["pid"]) != os.getpid() and not _alive(
                int(m["pid"])
            ):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@overload
def output(
    path: str | os.PathLike[str] | None, *, binary: Literal[False] = ...
) -> contextlib.AbstractContextManager[IO[str]]: ...


@overload
def output(
    path: str | os.PathLike[str] | None, *, binary: Literal[True]
) -> contextlib.AbstractContextManager[IO[bytes]]: ...


def output(path: str | os.PathLike[str] | None, *, binary: bool = False) -> Any:
    """A context manager giving the stream to write ``path`` through (see the module)."""
    return _output(path, binary)


@contextlib.contextmanager
def _output(path: str | os.PathLike[str] | None, binary: bool) -> Iterator[IO[Any]]:
    if path is None or os.fspath(path) == "-":
        if binary:
            yield sys.stdout.buffer
            sys.stdout.buffer.flush()
        else:
            yield sys.stdout
            sys.stdout.flush()
        return
    shown = os.fspath(path)
    target = os.path.realpath(shown)
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, shown) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(21, "is a folder, not a file", shown)
        try:
            stream = _open(target, binary)
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, shown) from None
        with stream:
            yield stream
        return
    folder, name = os.path.split(target)
    _clean_stale(folder, name)
    part = os.path.join(folder, f".{name}.puzzlefmt-{os.getpid()}.part")
    try:
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, shown) from None
    try:
        with _open(fd, binary) as f:
            yield f
        os.chmod(part, stat.S_IMODE(st.st_mode) if st is not None else _umask_mode())
        os.replace(part, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise


def _open(file: str | int, binary: bool) -> IO[Any]:
    if binary:
        return open(file, "wb")
    return open(file, "w", encoding="utf-8", newline="")


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, line endings as they are) to ``path`` through :func:`output`."""
    with output(path) as out:
        out.write(text)


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` through :func:`output`."""
    with output(path, binary=True) as out:
        out.write(data)

