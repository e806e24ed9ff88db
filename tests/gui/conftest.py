"""GUI test fixtures: offscreen Qt, a main window that is always shut down, and a guard that fails a
test leaving QTimers, QThreads or QProcesses running (napari's dangling-qthread/qtimer idea).

The suite-wide conftest already fails tests that leak Python threads or child processes.
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
import weakref

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

from PySide6.QtCore import QProcess, QThread, QTimer  # noqa: E402


def _watch_single_shots(monkeypatch) -> list[dict]:
    """Make ``QTimer.singleShot(msec, [context,] callable)`` report whether its callable ran: one still due when
    the test ends would run in the next test (napari patches it for the same reason). A bound method of a
    QObject keeps that object as the context, so a shot whose object is gone is not counted (Qt drops it)."""
    import shiboken6
    from PySide6.QtCore import QObject

    original = QTimer.singleShot
    shots: list[dict] = []

    def single_shot(*args, **kwargs):
        args = list(args)
        i = len(args) - 1
        if i >= 1 and callable(args[i]) and not isinstance(args[i], QObject):
            fn = args[i]
            context = args[i - 1] if i >= 2 and isinstance(args[i - 1], QObject) else None
            owner = getattr(fn, "__self__", None)
            if context is None and isinstance(owner, QObject):
                context = owner
            shot = {"fired": False, "where": "".join(traceback.format_stack(limit=4)[:-1])}

            def fired(*a, _fn=fn, _shot=shot):
                _shot["fired"] = True
                return _fn(*a)

            shot["pending"] = lambda _s=shot, _c=context: not _s["fired"] and (_c is None or shiboken6.isValid(_c))
            shots.append(shot)
            args[i] = fired
            if context is not None and i == 1:
                args.insert(1, context)
        return original(*args, **kwargs)

    monkeypatch.setattr(QTimer, "singleShot", single_shot)
    return shots


@pytest.fixture(autouse=True)
def _no_dangling_qt(request, monkeypatch):
    """Record every QTimer/QThread/QProcess started during the test, and every QTimer.singleShot; fail if one
    still runs (or is still due) at the end."""
    started: list[tuple[weakref.ref, str, str]] = []

    def wrap(cls, method):
        original = getattr(cls, method)

        def patched(self, *args, **kwargs):
            where = "".join(traceback.format_stack(limit=4)[:-1])
            try:
                started.append((weakref.ref(self), cls.__name__, where))
            except TypeError:
                pass
            return original(self, *args, **kwargs)

        monkeypatch.setattr(cls, method, patched)

    wrap(QTimer, "start")
    wrap(QThread, "start")
    wrap(QProcess, "start")
    shots = _watch_single_shots(monkeypatch)
    yield
    if request.node.get_closest_marker("allow_leaks"):
        return
    still = [("QTimer.singleShot", shot["where"]) for shot in shots if shot["pending"]()]
    for ref, kind, where in started:
        obj = ref()
        if obj is None:
            continue
        try:
            if kind == "QTimer" and obj.isActive():
                still.append((kind, where))
            elif kind == "QThread" and obj.isRunning():
                still.append((kind, where))
            elif kind == "QProcess" and obj.state() != QProcess.ProcessState.NotRunning:
                still.append((kind, where))
        except RuntimeError:  # the C++ object is gone: not running
            continue
    if still:
        pytest.fail("test left Qt objects running:\n" + "\n".join(f"{k} started at\n{w}" for k, w in still))


@pytest.fixture(autouse=True)
def _no_exception_in_slots(request):
    """Fail the test when a Qt slot, a timer callback or a thread raised: PySide6 hands such exceptions to
    ``sys.excepthook`` (or ``threading.excepthook``) and carries on, so the user sees nothing and a test that
    does not look would pass. pytest-qt replaces ``sys.excepthook`` during the test call itself (and fails the
    test too); this guard covers setup, teardown (window shutdown) and worker threads."""
    seen: list[str] = []
    old_sys, old_thread = sys.excepthook, threading.excepthook

    def on_exc(exc_type, exc, tb) -> None:
        seen.append("".join(traceback.format_exception(exc_type, exc, tb)))

    def on_thread_exc(args) -> None:
        seen.append(f"in thread {getattr(args.thread, 'name', '?')}:\n"
                    + "".join(traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)))

    sys.excepthook, threading.excepthook = on_exc, on_thread_exc
    yield seen
    sys.excepthook, threading.excepthook = old_sys, old_thread
    if seen and not request.node.get_closest_marker("allow_slot_errors"):
        pytest.fail("an exception escaped into Qt's event loop or a thread:\n" + "\n".join(seen))


@pytest.fixture
def window(qtbot):
    """The real main window, English, shown offscreen; shut down (workers, timers, processes) afterwards."""
    from tfgpu_wizard.gui.app import create_window

    win = create_window("en")
    qtbot.addWidget(win)
    win.show()
    yield win
    win.shutdown()
    from tfgpu_wizard.gui import i18n

    i18n.switch("en")
