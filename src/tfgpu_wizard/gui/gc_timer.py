"""Python's cyclic garbage collector, run by a timer of the GUI thread instead of whenever an allocation trips it.

Why: with automatic collection a cycle holding Qt objects (pyqtgraph items, page widgets, a worker's signal
object) is freed wherever the allocation that crossed the threshold happens: in a flow's worker thread, or in the
middle of a paint event of the chart. A Qt object destroyed there can take the process down (a segfault seen once
in the test suite: "Garbage-collecting" inside pyqtgraph's ``prepareForPaint`` while a worker read a run file).
Collected from the event loop, each generation is collected at the same thresholds, only at a safe point. This is
the remedy pyqtgraph documents (``pyqtgraph.util.garbage_collector``); that class has no way to stop, which a
window that is shut down (and the suite's dangling-timer guard) needs, so the window keeps this small one.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

_holders = 0  # windows that turned automatic collection off (it comes back when the last one stops)


class GuiThreadCollector(QObject):
    """While started: automatic collection off, a check every ``interval_ms`` that collects the generations whose
    counts passed Python's own thresholds. ``stop()`` turns automatic collection back on (the last holder)."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = 500) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.check)
        self._running = False

    def start(self) -> None:
        global _holders
        if self._running:
            return
        self._running = True
        _holders += 1
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        global _holders
        if not self._running:
            return
        self._running = False
        self._timer.stop()
        _holders -= 1
        if _holders <= 0:
            _holders = 0
            gc.enable()

    def check(self) -> int:
        """Collect the oldest generation whose count passed its threshold (and the younger ones with it); the
        number of unreachable objects found."""
        counts, limits = gc.get_count(), gc.get_threshold()
        generation = -1
        for g in range(3):
            if counts[g] > limits[g]:
                generation = g
            else:
                break
        return gc.collect(generation) if generation >= 0 else 0
