"""Work off the GUI thread: blocking core calls on a Python thread, target interpreters under QProcess.

Why a Python ``threading.Thread`` and not a ``QThread`` for core calls: the core is plain Python
(``detect_host`` runs its own subprocesses with timeouts), the suite-wide leak guard sees Python
threads, and a signal emitted from any thread to a QObject living on the GUI thread is delivered
there as a queued call, which is all the marshalling needed.

``TargetProcess`` runs one of the standalone scripts of ``tfgpu_wizard/target`` (or any program)
in the *target* interpreter. Its stdout is read as JSON lines (one event object per line); other
lines (TensorFlow's log, tracebacks) come out as ``text``. It never blocks the GUI thread, it
always ends with exactly one ``finished`` signal, and a timeout or ``cancel()`` kills the child.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment, QTimer, Signal


class ThreadTask(QObject):
    """Run ``fn(*args)`` once on a daemon Python thread; report on the GUI thread."""

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, fn: Callable[..., Any], *args: Any, name: str = "tfgpu-task", parent=None) -> None:
        super().__init__(parent)
        self._fn = fn
        self._args = args
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        try:
            result = self._fn(*self._args)
        except Exception as exc:  # noqa: BLE001 - shown to the user, never swallowed silently
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        self.done.emit(result)

    def is_running(self) -> bool:
        return self._thread.is_alive()

    def wait(self, timeout_ms: int = 30_000) -> bool:
        if self._thread.ident is None:
            return True
        self._thread.join(timeout_ms / 1000)
        return not self._thread.is_alive()


@dataclass
class FinishInfo:
    """How a target process ended."""

    status: str  # "ok" | "failed" | "cancelled" | "timeout" | "crashed" | "not-started"
    exit_code: int | None
    stderr_tail: str = ""
    duration_s: float = 0.0
    events: int = 0
    last_event: dict[str, Any] | None = None
    error: str = ""  # why it did not start, in English
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.status == "ok"


class TargetProcess(QObject):
    """A child interpreter whose stdout is JSON lines. One run per object at a time."""

    event = Signal(dict)
    text = Signal(str)
    started = Signal()
    finished = Signal(object)  # FinishInfo

    TAIL_LINES = 200

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._proc: QProcess | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_timeout)
        self._reason: str | None = None
        self._buf = {QProcess.ProcessChannel.StandardOutput: b"", QProcess.ProcessChannel.StandardError: b""}
        self._tail: deque[str] = deque(maxlen=self.TAIL_LINES)
        self._events = 0
        self._last_event: dict[str, Any] | None = None
        self._t0 = 0.0
        self._finished_sent = True

    # -- control ----------------------------------------------------------------------------

    def is_running(self) -> bool:
        return self._proc is not None and self._proc.state() != QProcess.ProcessState.NotRunning

    def start(
        self,
        program: str,
        args: list[str],
        env: dict[str, str] | None = None,
        timeout_s: float | None = 600.0,
        cwd: str | None = None,
    ) -> None:
        """Start ``program args``; ``env`` entries are added to this process's environment."""
        if self.is_running():
            raise RuntimeError("a target process is already running")
        self._cleanup_proc()
        proc = QProcess(self)
        penv = QProcessEnvironment.systemEnvironment()
        penv.insert("PYTHONUNBUFFERED", "1")
        penv.insert("PYTHONIOENCODING", "utf-8")
        for k, v in (env or {}).items():
            penv.insert(k, v)
        proc.setProcessEnvironment(penv)
        if cwd:
            proc.setWorkingDirectory(cwd)
        proc.readyReadStandardOutput.connect(self._read_stdout)
        proc.readyReadStandardError.connect(self._read_stderr)
        proc.finished.connect(self._on_finished)
        proc.errorOccurred.connect(self._on_error)
        self._proc = proc
        self._reason = None
        self._buf = {QProcess.ProcessChannel.StandardOutput: b"", QProcess.ProcessChannel.StandardError: b""}
        self._tail.clear()
        self._events = 0
        self._last_event = None
        self._t0 = time.monotonic()
        self._finished_sent = False
        proc.start(program, list(args))
        if timeout_s:
            self._timer.start(int(timeout_s * 1000))
        self.started.emit()

    def cancel(self) -> None:
        """Stop the child: terminate, then kill if it does not go within 3 s. ``finished`` follows."""
        if not self.is_running():
            return
        self._reason = self._reason or "cancelled"
        assert self._proc is not None
        self._proc.terminate()
        QTimer.singleShot(3000, self._kill_if_running)

    def shutdown(self, wait_ms: int = 5000) -> None:
        """Kill and reap the child now (window closing, test teardown)."""
        self._timer.stop()
        if self.is_running():
            assert self._proc is not None
            self._reason = self._reason or "cancelled"
            self._proc.kill()
            self._proc.waitForFinished(wait_ms)

    def _kill_if_running(self) -> None:
        if self.is_running():
            assert self._proc is not None
            self._proc.kill()

    def _on_timeout(self) -> None:
        if self.is_running():
            self._reason = "timeout"
            assert self._proc is not None
            self._proc.kill()

    # -- output -----------------------------------------------------------------------------

    def _read_stdout(self) -> None:
        self._drain(QProcess.ProcessChannel.StandardOutput, final=False)

    def _read_stderr(self) -> None:
        self._drain(QProcess.ProcessChannel.StandardError, final=False)

    def _drain(self, channel: QProcess.ProcessChannel, final: bool) -> None:
        proc = self._proc
        if proc is None:
            return
        if channel == QProcess.ProcessChannel.StandardOutput:
            data = bytes(proc.readAllStandardOutput().data())
        else:
            data = bytes(proc.readAllStandardError().data())
        buf = self._buf[channel] + data
        *lines, rest = buf.split(b"\n")
        if final and rest:
            lines.append(rest)
            rest = b""
        self._buf[channel] = rest
        for raw in lines:
            line = raw.decode("utf-8", errors="replace").rstrip("\r")
            if channel == QProcess.ProcessChannel.StandardOutput and line.startswith("{"):
                try:
                    obj = json.loads(line)
                except ValueError:
                    obj = None
                if isinstance(obj, dict):
                    self._events += 1
                    self._last_event = obj
                    self.event.emit(obj)
                    continue
            if line.strip():
                self._tail.append(line)
                self.text.emit(line)

    def _on_error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self._timer.stop()
            msg = self._proc.errorString() if self._proc is not None else ""
            self._send_finished(FinishInfo("not-started", None, error=msg))

    def _on_finished(self, exit_code: int, exit_status: QProcess.ExitStatus) -> None:
        self._timer.stop()
        self._drain(QProcess.ProcessChannel.StandardOutput, final=True)
        self._drain(QProcess.ProcessChannel.StandardError, final=True)
        if self._reason:
            status = self._reason
        elif exit_status == QProcess.ExitStatus.CrashExit:
            status = "crashed"
        elif exit_code == 0:
            status = "ok"
        else:
            status = "failed"
        code = exit_code if exit_status == QProcess.ExitStatus.NormalExit else None
        info = FinishInfo(status, code, "\n".join(self._tail))
        if exit_status == QProcess.ExitStatus.CrashExit and os.name == "posix" and exit_code > 0:
            info.extra["signal"] = exit_code  # Qt reports the terminating signal as the exit code on POSIX
        self._send_finished(info)

    def _send_finished(self, info: FinishInfo) -> None:
        if self._finished_sent:
            return
        self._finished_sent = True
        info.duration_s = time.monotonic() - self._t0
        info.events = self._events
        info.last_event = self._last_event
        if not info.stderr_tail:
            info.stderr_tail = "\n".join(self._tail)
        self.finished.emit(info)

    def _cleanup_proc(self) -> None:
        if self._proc is not None:
            self._proc.deleteLater()
            self._proc = None
