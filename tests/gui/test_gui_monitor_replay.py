"""Bundled recordings (real NVML traces from an H200, resources/recordings/*.run.jsonl, labelled as
recordings in their header) opened in the real Monitor page through the core sampler's replay path."""

from __future__ import annotations

import numpy as np
import pytest

from tfgpu_wizard.core.monitor.runs import bundled_recordings, read_run
from tfgpu_wizard.gui.pages.monitor import MIB

pytestmark = pytest.mark.gui

RECORDINGS = {p.name: p for p in bundled_recordings()}


@pytest.mark.skipif("torch_train.run.jsonl" not in RECORDINGS, reason="recording not bundled")
def test_recording_replays_into_the_gpu_curve_with_its_time_axis(window, qtbot):
    path = RECORDINGS["torch_train.run.jsonl"]
    record = read_run(path)
    assert "recording" in record.header.get("recorded_on", "")
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
        assert page.open_run(path)
    assert blocker.args == [True]
    store = page.chart.store
    want_t = np.array([t for t, _ in record.ticks]) - record.ticks[0][0]
    want_used = np.array([snaps[0].mem_used for _, snaps in record.ticks], dtype=float) / MIB
    used = store.col("gpu0.used")
    have = np.isfinite(used)
    assert have.sum() == len(record.ticks)  # every recorded tick arrived
    np.testing.assert_allclose(used[have], want_used, rtol=1e-5)
    # the recorded time axis survives the fast replay (1000 x real time)
    np.testing.assert_allclose(store.t()[have], want_t, atol=0.02)
    assert want_used.max() > 1000  # a real training run: gigabytes, not an empty trace
    # the curve really drawn is those values (reduced to min/max pairs, peaks kept)
    x, y = page.chart.curve_data("gpu0.used")
    assert len(x) and np.nanmax(y) == pytest.approx(want_used.max(), rel=1e-5)
    # the framework's own memory comes from the run's events, on the same time axis
    steps = [(t, ev) for t, ev in record.events if isinstance(ev.get("allocated"), (int, float))]
    cur = store.col("tf.current")
    assert np.isfinite(cur).sum() == len(steps)
    assert np.nanmax(cur) == pytest.approx(max(ev["allocated"] for _, ev in steps) / MIB, rel=1e-5)
    assert "tf.current" in page.chart.curve_names()
    assert "PyTorch" in page.chart._label("tf.current")
    assert "torch_train" in page.run_state.text()
    assert window.status_text() == "Ready"


def test_a_file_that_is_not_a_run_is_refused_plainly(window, qtbot, tmp_path):
    bad = tmp_path / "不是 run.jsonl"
    bad.write_text("hello\n", encoding="utf-8")
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
        assert page.open_run(bad)  # read on the replay thread: the answer comes as replay_done
    assert blocker.args == [False]
    assert (f"Could not open {bad.name}: {bad} is not a tfgpu-wizard run file (its first line is not a run "
            "header).") in page.run_state.text()
    assert bad.read_text(encoding="utf-8") == "hello\n"  # nothing lost
