"""Work off the GUI thread: flows (and plain blocking core calls) on a Python thread, target interpreters on core's runner.

``FlowTask`` is the window's one bridge to ``core.flows``: it runs a flow (a generator function yielding
``core.flows.base.Progress`` and returning its result) on a Python thread and relays every progress item and
the result to the GUI thread through one queued signal; ``cancel()`` sets the flow's ``cancel`` event. A page
only starts flows and shows what they yield and return. ``ThreadTask`` is the special case of one blocking call.

Why a Python ``threading.Thread`` and not a ``QThread``: the core is plain Python (flows run their own
subprocesses with timeouts), the suite-wide leak guard sees Python threads, and a signal emitted from any
thread to a QObject living on the GUI thread is delivered there as a queued call, which is all the
marshalling needed.

``TargetProcess`` runs one of the standalone scripts of ``tfgpu_wizard/target`` (or any program)
in the *target* interpreter, on core's runner (``core.target.runner.TargetRun``, the CLI's too). Its stdout
is read as JSON lines (one event object per line); other lines (TensorFlow's log, tracebacks) come
out as ``text``. It never blocks the GUI thread, it always ends with exactly one ``finished`` signal,
and a timeout or ``cancel()`` kills the child's whole process group.
"""

from __future__ import annotations

import inspect
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal

from tfgpu_wizard.core.flows.base import drive
from tfgpu_wizard.core.target.runner import TargetResult, TargetRun

log = logging.getLogger("tfgpu_wizard.gui")


class FlowTask(QObject):
    """Run a flow of ``core.flows`` on a Python thread; its progress and result arrive on the GUI thread.

    ``FlowTask(flow)`` then ``start(*args, **kwargs)`` calls ``flow(*args, cancel=<threading.Event>, **kwargs)``
    on a new thread and drives it. Signals (on the GUI thread): ``progress(Progress)`` for each item the flow
    yields (an ``Ask`` waits until the page calls ``item.reply(...)``), then exactly one of ``finished(result)``
    or ``failed("Type: message")``. One run at a time; relays of an earlier run are dropped.
    ``cancellable=False`` calls ``flow(*args, **kwargs)`` (a plain blocking function, see ``ThreadTask``).
    """

    progress = Signal(object)
    finished = Signal(object)
    failed = Signal(str)
    _relay = Signal(int, str, object)  # (generation, kind, payload) from the worker thread

    def __init__(self, flow: Callable[..., Any], parent=None, *, name: str = "tfgpu-flow",
                 cancellable: bool = True) -> None:
        super().__init__(parent)
        self._flow = flow
        self._name = name
        self._cancellable = cancellable
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._generation = 0
        self._running = False
        self._relay.connect(self._on_relay, Qt.ConnectionType.QueuedConnection)

    def start(self, *args: Any, **kwargs: Any) -> None:
        """Run the flow given at construction with these arguments."""
        self.run(self._flow, *args, **kwargs)

    def run(self, flow: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """Run ``flow`` (any flow of ``core.flows``: one bridge for a page's related tasks) with these arguments."""
        if self.is_running():
            raise RuntimeError("this flow is already running")
        self._generation += 1
        self._cancel = threading.Event()
        if self._cancellable:
            kwargs["cancel"] = self._cancel
        self._running = True
        self._thread = threading.Thread(target=self._work, args=(self._generation, flow, args, kwargs),
                                        name=self._name, daemon=True)
        self._thread.start()

    def is_running(self) -> bool:
        """True from ``start`` until its ``finished``/``failed`` has been delivered (not the thread's liveness:
        the thread ends a moment before the page hears the result)."""
        return self._running

    def cancel(self) -> None:
        """Ask the flow to stop (it stops its children and still returns a result saying so)."""
        self._cancel.set()

    def wait(self, timeout_ms: int = 30_000) -> bool:
        """Join the worker thread; True when it has ended."""
        thread = self._thread
        if thread is None or thread.ident is None:
            return True
        thread.join(timeout_ms / 1000)
        return not thread.is_alive()

    def shutdown(self, wait_ms: int = 5000) -> None:
        """Cancel, join, and deliver what the flow sent meanwhile (window closing, test teardown)."""
        if self._thread is None:
            return
        self.cancel()
        self.wait(wait_ms)
        QCoreApplication.sendPostedEvents(self, QEvent.Type.MetaCall)

    def _work(self, gen: int, flow: Callable[..., Any], args: tuple, kwargs: dict) -> None:
        try:
            made = flow(*args, **kwargs)
            if inspect.isgenerator(made):
                result = drive(made, lambda item: self._relay.emit(gen, "progress", item), answers_later=True)
            else:
                result = made
        except Exception as exc:  # noqa: BLE001 - shown to the user, never swallowed silently
            log.warning("%s failed", self._name, exc_info=True)
            self._relay.emit(gen, "failed", f"{type(exc).__name__}: {exc}")
            return
        self._relay.emit(gen, "done", result)

    def _on_relay(self, gen: int, kind: str, payload: Any) -> None:
        if gen != self._generation or not self._running:
            return
        if kind == "progress":
            self.progress.emit(payload)
            return
        self._running = False
        if kind == "done":
            self.finished.emit(payload)
        else:
            self.failed.emit(payload)


class ThreadTask(FlowTask):
    """Run ``fn(*args)`` once on a daemon Python thread; ``done(result)`` or ``failed(str)`` on the GUI thread."""

    done = Signal(object)

    def __init__(self, fn: Callable[..., Any], *args: Any, name: str = "tfgpu-task", parent=None) -> None:
        super().__init__(fn, parent, name=name, cancellable=False)
        self._args = args
        self.finished.connect(self.done)

    def start(self) -> None:  # type: ignore[override]
        super().start(*self._args)


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
    """A child interpreter whose stdout is JSON lines. One run per object at a time.

    It runs on core's runner (``core.target.runner.TargetRun``), the same one the CLI uses: the child gets its
    own process group and every end (Cancel, the timeouts, window closing) signals the whole group, so
    a forking interpreter wrapper cannot leave its trainer running. This class only marshals the
    runner's callbacks (reader threads) to the GUI thread through one queued signal.
    """

    event = Signal(dict)
    text = Signal(str)
    started = Signal()
    finished = Signal(object)  # FinishInfo

    _relay = Signal(str, object)  # (kind, payload) from the runner's threads, delivered on the GUI thread

    TAIL_LINES = 200
    CANCEL_GRACE_S = 3.0

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._run: TargetRun | None = None
        self._reason: str | None = None
        self._tail: deque[str] = deque(maxlen=self.TAIL_LINES)
        self._events = 0
        self._last_event: dict[str, Any] | None = None
        self._t0 = 0.0
        self._finished_sent = True
        self._generation = 0  # relays of an earlier run are dropped
        self._relay.connect(self._on_relay, Qt.ConnectionType.QueuedConnection)

    # -- control ----------------------------------------------------------------------------

    def is_running(self) -> bool:
        return self._run is not None and not self._finished_sent

    @property
    def pid(self) -> int | None:
        return self._run.pid if self._run is not None else None

    def start(
        self,
        program: str,
        args: list[str],
        env: dict[str, str] | None = None,
        timeout_s: float | None = 600.0,
        cwd: str | None = None,
        idle_timeout_s: float | None = None,
    ) -> None:
        """Start ``program args``; ``env`` entries are added to this process's environment.

        ``idle_timeout_s``: no output line for that long ends the run (status "timeout", ``extra["stalled_s"]``).
        """
        if self.is_running():
            raise RuntimeError("a target process is already running")
        self._generation += 1
        gen = self._generation
        self._reason = None
        self._tail.clear()
        self._events = 0
        self._last_event = None
        self._t0 = time.monotonic()
        self._finished_sent = False
        self._run = TargetRun(
            command=[program, *list(args)], env=dict(env or {}), cwd=cwd, timeout=timeout_s or None,
            idle_timeout=idle_timeout_s, collect=False,
            on_event=lambda ev: self._relay.emit("event", (gen, ev)),
            on_text=lambda line: self._relay.emit("text", (gen, line)),
            on_exit=lambda result: self._relay.emit("exit", (gen, result)),
        )
        self._run.start()
        self.started.emit()

    def cancel(self) -> None:
        """Stop the child's group: SIGTERM, then SIGKILL if it does not go within 3 s. ``finished`` follows."""
        if not self.is_running():
            return
        self._reason = self._reason or "cancelled"
        assert self._run is not None
        self._run.terminate(grace=self.CANCEL_GRACE_S)

    def shutdown(self, wait_ms: int = 5000) -> None:
        """Kill and reap the child's group now (window closing, test teardown); ``finished`` is sent now."""
        run = self._run
        if run is None or self._finished_sent:
            return
        self._reason = self._reason or "cancelled"
        run.kill()
        result = run.wait(timeout=wait_ms / 1000)
        QCoreApplication.sendPostedEvents(self, QEvent.Type.MetaCall)  # the events already read come first
        self._finish(result)

    # -- the GUI thread side ----------------------------------------------------------------

    def _on_relay(self, kind: str, payload: Any) -> None:
        gen, value = payload
        if gen != self._generation or self._finished_sent:
            return
        if kind == "event":
            ev = value
            if ev.type == "raw":
                line = ev.raw.rstrip("\r")
                if line.strip():
                    self._tail.append(line)
                    self.text.emit(line)
                return
            self._events += 1
            self._last_event = ev.data
            self.event.emit(ev.data)
        elif kind == "text":
            if value.strip():
                self._tail.append(value)
                self.text.emit(value)
        elif kind == "exit":
            self._finish(value)

    def _finish(self, result: TargetResult) -> None:
        if self._finished_sent:
            return
        if result.start_error:
            info = FinishInfo("not-started", None, error=result.start_error)
        else:
            if self._reason:
                status = self._reason
            elif result.timed_out or result.stalled:
                status = "timeout"
            elif result.signal is not None:
                status = "crashed"
            elif result.returncode == 0:
                status = "ok"
            else:
                status = "failed"
            code = result.returncode if result.returncode is not None and result.returncode >= 0 else None
            info = FinishInfo(status, code, "\n".join(self._tail))
            if result.signal is not None:
                info.extra["signal"] = result.signal
            if result.stalled:
                info.extra["stalled_s"] = result.stalled_s
                info.error = result.describe_end()
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
