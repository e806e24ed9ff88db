"""The run being watched never wears a kept run's colour.

Before: the live run's GPU 0 curve was the palette's blue, the very hue of a kept *limit* run (GPU 1 red =
default, GPU 2 green = growth), so a live growth run beside a kept limit run showed two blue lines (seen in
the Monitor screenshot with the comparison table)."""

from __future__ import annotations

import pytest

from tfgpu_wizard.core.monitor.compare import MODE_COLOURS, style_for
from tfgpu_wizard.gui.chart import PALETTE, MemoryChart

pytestmark = pytest.mark.gui


def test_live_gpu_colours_are_no_mode_colour() -> None:
    assert not set(c.lower() for c in PALETTE) & set(c.lower() for c in MODE_COLOURS.values())


@pytest.mark.parametrize("mode", ["default", "growth", "limit"])
def test_current_run_differs_from_each_kept_mode(qtbot, mode: str) -> None:
    chart = MemoryChart()
    qtbot.addWidget(chart)
    for i in range(5):
        chart.add_sample(float(i), {"gpu0.used": 100.0 + i, "gpu0.total": 1000.0})
    assert chart.keep_as_faded(f"{mode} run", mode, "fp32")
    for i in range(5):
        chart.add_sample(float(i), {"gpu0.used": 200.0 + i, "gpu0.total": 1000.0})
    (label, colour, _dash, _info), = chart.faded_runs()
    assert colour == style_for(mode, "fp32")[0]
    current, _ = chart.current_style()
    assert current and current.lower() != colour.lower()
