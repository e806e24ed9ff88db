"""The CLI's children die with it: SIGTERM, SIGHUP and SIGINT stop every child process group we started.

Every process the app starts (a target interpreter, ``nvidia-smi``, ``conda``) runs in its own session /
process group, so a signal to the CLI does not reach it by itself; an SSH disconnect (SIGHUP) or a
``kill`` would leave a trainer training with no parent. ``install()`` (called first thing in ``cli.main``)
puts a handler on those three signals that

1. marks the process as stopping (``stop_reason()`` says why, in words, e.g. "terminal closed (SIGHUP)"),
2. sends SIGTERM to every tracked child group at once, and SIGKILL to what is left after ``GRACE_S``
   (from a daemon timer thread, so the handler itself returns at once),
3. raises ``Stopped`` (a ``KeyboardInterrupt``) in the main thread, so every command's existing Ctrl-C
   path runs: ``record`` closes its run as "stopped" with the reason, ``run_target`` reaps its child.

``track(proc)`` / ``untrack(proc)`` register a ``subprocess.Popen`` started with ``start_new_session``.
A child that is being started while the signal arrives is caught too: ``track`` adds it first and then
checks the stopping flag, and the handler sets the flag before it looks at the tracked set (no lock, so
the handler can never wait on a lock held by the code it interrupted).

Qt-free; ``install()`` is a no-op off the main thread. On Windows only SIGINT/SIGTERM exist; children are
then stopped with ``Popen.terminate``/``kill``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable

from tfgpu_wizard.core.i18n import tr

GRACE_S = 2.0  # SIGTERM first (the sample says "terminated" and exits), SIGKILL after this

_tracked: dict[int, subprocess.Popen] = {}
_stopping: int | None = None  # the signal number that started the stop
_installed = False
_hooks: list[Callable[[int], None]] = []
_starting = 0  # > 0 while the main thread is between Popen and track (see starting())
_pending: int | None = None  # a signal that came meanwhile: raised when that section ends


class Stopped(KeyboardInterrupt):
    """The CLI was told to stop by a signal; ``exit_code`` is 128 + the signal number."""

    def __init__(self, signum: int):
        super().__init__(signal_reason(signum))
        self.signum = signum
        self.exit_code = 128 + signum


def signal_reason(signum: int) -> str:
    """Why we stopped, in words (translated)."""
    name = _signal_name(signum)
    if signum == getattr(signal, "SIGHUP", None):
        return tr("lifecycle", "the terminal was closed ({signal})").format(signal=name)
    if signum == signal.SIGINT:
        return tr("lifecycle", "interrupted ({signal}, Ctrl-C)").format(signal=name)
    return tr("lifecycle", "stopped by a signal ({signal})").format(signal=name)


def _signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def stop_reason() -> str | None:
    """Why this process is stopping (None while it is not)."""
    return None if _stopping is None else signal_reason(_stopping)


def stopping_signal() -> int | None:
    return _stopping


class starting:  # noqa: N801 - used like a function: ``with lifecycle.starting(): proc = Popen(...); track(proc)``
    """Hold back ``Stopped`` while the main thread starts a child and tracks it.

    A signal handled inside ``Popen`` (after the fork, before ``track``) would otherwise unwind past a child
    that nobody knows about; here the child is tracked first, stopped with the rest, and ``Stopped`` is
    raised when the section ends.
    """

    def __enter__(self) -> starting:
        global _starting
        if threading.current_thread() is threading.main_thread():
            _starting += 1
            self._counted = True
        else:
            self._counted = False
        return self

    def __exit__(self, *exc: object) -> None:
        global _starting, _pending
        if self._counted:
            _starting -= 1
            if _starting == 0 and _pending is not None:
                signum, _pending = _pending, None
                raise Stopped(signum)


def track(proc: subprocess.Popen) -> None:
    """Register a started child (its own process group); stopped at once if a stop is under way."""
    _tracked[id(proc)] = proc
    if _stopping is not None:
        _terminate(proc, signal.SIGTERM)
        _kill_later([proc])


def untrack(proc: subprocess.Popen) -> None:
    _tracked.pop(id(proc), None)


def tracked() -> list[subprocess.Popen]:
    return list(_tracked.values())


def on_stop(hook: Callable[[int], None]) -> None:
    """Call ``hook(signum)`` from the handler after the children were signalled (the GUI quits its loop)."""
    _hooks.append(hook)


def _terminate(proc: subprocess.Popen, sig: int) -> None:
    if proc.poll() is not None:
        return
    try:
        if os.name == "posix":
            os.killpg(proc.pid, sig)
        elif sig == signal.SIGTERM:
            proc.terminate()
        else:
            proc.kill()
    except (ProcessLookupError, PermissionError, OSError):
        pass


def _kill_later(procs: list[subprocess.Popen]) -> None:
    def finish() -> None:
        deadline = time.monotonic() + GRACE_S
        while time.monotonic() < deadline and any(p.poll() is None for p in procs):
            time.sleep(0.05)
        for p in procs:
            _terminate(p, getattr(signal, "SIGKILL", signal.SIGTERM))

    threading.Thread(target=finish, name="tfgpu-lifecycle-kill", daemon=True).start()


def stop_children(sig: int = signal.SIGTERM) -> list[subprocess.Popen]:
    """Signal every tracked child group now, and kill the rest after ``GRACE_S``; returns them."""
    procs = tracked()
    for p in procs:
        _terminate(p, sig)
    if procs:
        _kill_later(procs)
    return procs


def _handler(signum: int, frame: object) -> None:
    global _stopping
    first = _stopping is None
    if first:
        _stopping = signum  # before looking at the tracked set: see track()
    stop_children(signal.SIGTERM)
    if signum == getattr(signal, "SIGHUP", None):
        _detach_terminal()
    for hook in list(_hooks):
        try:
            hook(signum)
        except Exception:  # noqa: BLE001 - a hook must not keep the children alive
            pass
    if first:  # a second signal only hurries the children; it must not break the clean-up under way
        if _starting and threading.current_thread() is threading.main_thread():
            global _pending
            _pending = signum  # raised by starting.__exit__, once the new child is tracked
            return
        raise Stopped(signum)


def _detach_terminal() -> None:
    """After SIGHUP the terminal is gone: writes to it would fail (EIO) and hide the clean-up, so drop them."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and stream.isatty():
                os.dup2(devnull, stream.fileno())
        except (OSError, ValueError):
            pass
    os.close(devnull)


def install() -> bool:
    """Handle SIGTERM, SIGHUP and SIGINT in this (main) thread; returns False where that is impossible."""
    global _installed
    if threading.current_thread() is not threading.main_thread():
        return False
    for name in ("SIGTERM", "SIGHUP", "SIGINT"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        if name == "SIGINT" and signal.getsignal(sig) is signal.SIG_IGN:
            continue  # started in the background with Ctrl-C ignored (nohup, `&` in a script): keep it so
        try:
            signal.signal(sig, _handler)
        except (ValueError, OSError):
            return False
    if not _installed:
        previous = sys.excepthook

        def hook(kind, value, tb):  # a signal during start-up (before a command runs): one line, no traceback
            if isinstance(value, Stopped):
                try:
                    print(tr("lifecycle", "tfgpu-wizard: {reason}").format(reason=value), file=sys.stderr)
                except (OSError, ValueError):
                    pass
                os._exit(value.exit_code)
            previous(kind, value, tb)

        sys.excepthook = hook
    _installed = True
    return True


def reset_for_tests() -> None:
    """Forget a stop (tests that drive the handler in-process)."""
    global _stopping, _pending
    _stopping = None
    _pending = None


def quiet_broken_pipe() -> None:
    """After a BrokenPipeError on stdout (``| head -1``): point stdout at /dev/null so the exit flush is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
