"""PySide6 6.12.0 lost a reference to None on every ``QObject.property`` of an unset property, and
pyqtgraph's ``setData`` calls it: on Python < 3.12 a live chart died within seconds
("none_dealloc: deallocating None"). See ../shared facts qt-stack-notes.md and the pin in pyproject.toml.

This drives the real chart through a long run of updates and fails if references to None leak.
"""

from __future__ import annotations

import sys

import pytest

from tfgpu_wizard.gui.chart import MemoryChart

pytestmark = pytest.mark.gui


def test_long_run_of_chart_updates_keeps_none_alive(qtbot):
    chart = MemoryChart()
    qtbot.addWidget(chart)
    for g in range(8):
        chart.add_sample(0.0, {f"gpu{g}.used": 1.0, f"gpu{g}.util": 1.0})
    chart.repaint_now()  # curves exist; from here on every frame is 16 setData calls
    before = sys.getrefcount(None)
    for i in range(1, 201):
        chart.add_sample(i * 0.05, {f"gpu{g}.used": float(i + g) for g in range(8)})
        chart.repaint_now()
    after = sys.getrefcount(None)
    # 200 frames x 16 setData: with the 6.12.0 bug this drops by ~32,000 (and crashes before);
    # allow a little drift from unrelated caches.
    assert after - before > -100, f"references to None fell by {before - after}"
    assert chart.frames >= 200
