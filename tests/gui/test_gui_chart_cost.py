"""The chart's cost, measured by the real benchmark in its own process (the numbers belong to that process).

An hour of 8 GPUs at 20 Hz is replayed fast into the real MemoryChart, then live samples arrive at 20 Hz
for two seconds while the chart repaints on its own timer. Resident memory must stay under the bound the
benchmark states. The GUI thread's CPU share (goal 10 %, measured ~6 %) is the benchmark's to judge
(benchmarks/bench_gui_chart.py): a time measurement is not a test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_gui_chart.py"


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc/self/statm")
def test_an_hour_of_8_gpus_stays_under_the_memory_bound_and_cheap_to_draw():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYQTGRAPH_QT_LIB="PySide6")
    proc = subprocess.run([sys.executable, str(BENCH), "2", "--json"], capture_output=True, text=True,
                          timeout=120, env=env)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    assert lines, proc.stdout + proc.stderr
    result = json.loads(lines[-1])
    assert result["samples"] >= 72_000  # the whole hour is kept
    assert result["rss_mb"] <= result["rss_bound_mb"], result
    assert result["frames"] >= 3  # it really repainted while sampling
    # the GUI thread's CPU share is a time measurement: the benchmark states its goal and says whether it holds
