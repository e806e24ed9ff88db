"""The window frees reference cycles in the GUI thread, between events (gui/gc_timer.py), never inside a paint
event or a worker thread; automatic collection comes back when it shuts down."""

from __future__ import annotations

import gc
import threading
import weakref


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_the_window_collects_cycles_from_its_timer_and_gives_collection_back(window, qtbot) -> None:
    assert not gc.isenabled()  # automatic collection is off while the window lives
    ref: list[weakref.ref] = []

    def make_garbage() -> None:  # a worker thread allocates cycles: they must not be freed there
        for _ in range(3 * gc.get_threshold()[0]):
            obj = _Cycle()
        ref.append(weakref.ref(obj))

    t = threading.Thread(target=make_garbage)
    t.start()
    t.join()
    assert ref[0]() is not None  # still there: nothing collected it in the worker
    qtbot.waitUntil(lambda: ref[0]() is None, timeout=5_000)  # the window's timer did, in this thread
    window.shutdown()
    assert gc.isenabled()


def test_check_collects_only_past_the_thresholds(qapp) -> None:
    from tfgpu_wizard.gui.gc_timer import GuiThreadCollector

    c = GuiThreadCollector()
    c.start()
    try:
        gc.collect()
        obj = _Cycle()
        ref = weakref.ref(obj)
        del obj
        assert c.check() == 0 and ref() is not None  # below gen 0's threshold: left for later
        for _ in range(gc.get_threshold()[0] + 1):
            _Cycle()
        assert c.check() > 0 and ref() is None
    finally:
        c.stop()
    assert gc.isenabled()
