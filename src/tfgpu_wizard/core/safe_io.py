"""Writing a file the user named, without surprises (issue 14).

``write_text(path, text)`` / ``write_bytes(path, data)`` do what a user expects at ``path``:

* a regular file (or a new name): written to a temporary file in the same folder and renamed over it
  (atomic: a failure leaves the old file as it was), keeping the old file's permissions; a new file gets
  the usual permissions (0666 less the umask, not the 0600 of a temporary file);
* a symbolic link: the file it points to is written the same way, and the link stays a link;
* a character device or a pipe (``/dev/stdout``, ``/dev/null``, ``>(...)``, a FIFO with a reader):
  written through, never replaced by a regular file;
* a folder, a block device, a socket, a pipe nobody reads, a device that refuses the data (``/dev/full``):
  nothing is replaced, and ``UnsafeWrite`` (an ``OSError``) says why in words.

Every failure is an ``OSError`` whose ``str()`` is a sentence for the user (``UnsafeWrite``), so a command
only has to print it. ``make_folder(path)`` creates a folder the same way.

Reading a file the user named (a matrix, a host report, a log, standard input) goes through
``read_capped(source, limit)``: never more than ``limit`` bytes are kept, whatever the source is. The size a
file claims is not trusted: ``/dev/zero``, ``/dev/urandom``, a FIFO or ``yes |`` report 0 and never end
(drills-3 N4: a ``MemoryError`` traceback after filling the memory).
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from tfgpu_wizard.core.i18n import tr

CTX = "lifecycle"


class UnsafeWrite(OSError):
    """The file could not be written safely; ``str(exc)`` is the message for the user."""

    def __init__(self, message: str, errno_: int | None = None):
        super().__init__(errno_ or errno.EINVAL, message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return tr(CTX, "the disk is full")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return tr(CTX, "permission denied")
    if exc.errno == errno.EROFS:
        return tr(CTX, "the file system is read-only")
    return exc.strerror or str(exc)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> Path:
    return write_bytes(path, text.encode(encoding))


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` as described in the module docstring; returns the file really written."""
    shown = str(path)
    target = Path(os.path.expanduser(str(path)))
    try:
        if target.is_symlink():
            # Write through the link (a chain too); a loop or a dangling link into a missing folder fails below.
            target = Path(os.path.realpath(target))
        try:
            st = os.stat(target)
        except FileNotFoundError:
            st = None
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise UnsafeWrite(tr(CTX, "{path} is a folder; give a file name").format(path=shown), errno.EISDIR)
        if st is not None and (stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
            _write_through(target, data, shown, fifo=stat.S_ISFIFO(st.st_mode))
            return target
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise UnsafeWrite(tr(CTX, "{path} is not a regular file (a device or a socket); it was left as it "
                                      "is").format(path=shown))
        folder = target.parent
        if not folder.is_dir():
            raise UnsafeWrite(tr(CTX, "the folder {folder} does not exist").format(folder=folder), errno.ENOENT)
        mode = stat.S_IMODE(st.st_mode) if st is not None else (0o666 & ~_umask())
        fd, tmp = tempfile.mkstemp(prefix="." + target.name + ".", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, mode)
            if st is not None and hasattr(os, "chown"):
                try:
                    os.chown(tmp, st.st_uid, st.st_gid)
                except OSError:
                    pass  # not ours to give away: the file becomes ours, with the same mode
            os.replace(tmp, target)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        return target
    except UnsafeWrite:
        raise
    except OSError as exc:
        raise UnsafeWrite(tr(CTX, "cannot write {path}: {reason}").format(path=shown, reason=_reason(exc)),
                          exc.errno) from exc


def _write_through(target: Path, data: bytes, shown: str, fifo: bool) -> None:
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0)
    if fifo:
        flags |= getattr(os, "O_NONBLOCK", 0)  # a pipe nobody reads: ENXIO now, instead of waiting forever
    try:
        fd = os.open(target, flags)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise UnsafeWrite(tr(CTX, "{path} is a pipe that nobody reads; nothing was written").format(
                path=shown), exc.errno) from exc
        raise
    try:
        if fifo and hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            if n <= 0:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            view = view[n:]
    finally:
        os.close(fd)


def make_folder(path: str | os.PathLike[str]) -> Path:
    """``mkdir -p`` for a folder the user named; ``UnsafeWrite`` with a sentence when it cannot be made."""
    folder = Path(os.path.expanduser(str(path)))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UnsafeWrite(tr(CTX, "cannot create the folder {folder}: {reason}").format(
            folder=path, reason=_reason(exc)), exc.errno) from exc
    return folder


# -- reading with a cap ------------------------------------------------------------------------------------------

_CHUNK = 1 << 20


@dataclass
class Capped:
    """What ``read_capped`` kept of a source."""

    head: bytes  # the start; everything read when nothing was left out
    tail: bytes = b""  # the end, when the middle was left out (``tail=`` asked for)
    left_out: int = 0  # bytes read between head and tail and dropped
    left_out_lines: int = 0  # line ends (b"\n") in them
    more: bool = False  # the source had more than was read: over ``limit`` (no tail), or past ``max_total``

    @property
    def data(self) -> bytes:
        return self.head + self.tail


def read_capped(source: str | os.PathLike[str] | BinaryIO, limit: int, *, tail: int = 0,
                max_total: int | None = None) -> Capped:
    """Read ``source`` (a path, or a binary stream such as ``sys.stdin.buffer``) keeping at most ``limit`` bytes.

    Without ``tail``, reading stops one byte past ``limit`` and ``more`` says the source is larger (the caller
    refuses it). With ``tail``, the source is read to its end and its first ``limit - tail`` and last ``tail``
    bytes are kept (a huge log: its start-up lines and its error), unless it gives more than ``max_total``
    bytes: then reading stops there (``more``: an endless device or pipe) and the end kept is what came last.
    A path that is a folder or cannot be opened raises ``OSError``; a FIFO waits for its writer, as ``cat``
    does."""
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as fh:
            return read_capped(fh, limit, tail=tail, max_total=max_total)
    fh = source
    if tail <= 0:
        data = _read_up_to(fh, limit + 1)
        return Capped(data[:limit], more=len(data) > limit)
    tail = min(tail, limit)
    head = _read_up_to(fh, limit - tail)
    buf = bytearray()
    left_out = lines = 0
    total = len(head)
    more = False
    while True:
        want = _CHUNK if max_total is None else min(_CHUNK, max_total - total)
        if want <= 0:
            more = bool(fh.read(1))
            break
        chunk = fh.read(want)
        if not chunk:
            break
        total += len(chunk)
        buf += chunk
        if len(buf) > 2 * tail + _CHUNK:
            drop = len(buf) - tail
            left_out += drop
            lines += buf.count(b"\n", 0, drop)
            del buf[:drop]
    if len(buf) > tail:
        drop = len(buf) - tail
        left_out += drop
        lines += buf.count(b"\n", 0, drop)
        del buf[:drop]
    if not left_out:
        return Capped(head + bytes(buf), more=more)
    return Capped(head, bytes(buf), left_out, lines, more)


def _read_up_to(fh: BinaryIO, n: int) -> bytes:
    parts: list[bytes] = []
    got = 0
    while got < n:
        chunk = fh.read(min(_CHUNK, n - got))
        if not chunk:
            break
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)
