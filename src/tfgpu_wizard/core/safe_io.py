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
only has to print it.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

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
