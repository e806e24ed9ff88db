"""Work off the GUI thread: flows (and plain blocking core calls) on a Python thread.

``FlowTask`` is the window's one bridge to ``core.flows``: it runs a flow (a generator function yielding
``core.flows.base.Progress`` and returning its result) on a Python thread and relays every progress item and
the result to the GUI thread through one queued signal; ``cancel()`` sets the flow's ``cancel`` event. A page
only starts flows and shows what they yield and return. ``ThreadTask`` is the special case of one blocking call.

Why a Python ``threading.Thread`` and not a ``QThread``: the core is plain Python (flows run their own
subprocesses with timeouts), the suite-wide leak guard sees Python threads, and a signal emitted from any
thread to a QObject living on the GUI thread is delivered there as a queued call, which is all the
marshalling needed.

A target interpreter (the probe, the sample) is a step of a flow (``core.flows.base.run_target`` on core's runner,
the CLI's too): its events and lines arrive as the flow's progress, and cancelling the flow ends the child's whole
process group.
"""

from __future__ import annotations

import inspect
import logging
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal

from tfgpu_wizard.core.flows.base import drive

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

