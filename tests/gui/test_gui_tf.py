"""Real TensorFlow (CPU) in a QProcess, shown by the real widgets. Slow: marked ``tf``."""

from __future__ import annotations

import importlib.util

import pytest

pytestmark = [
    pytest.mark.gui,
    pytest.mark.tf,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed"),
]


def test_real_cpu_sample_run_shows_in_monitor(window, qtbot):
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    page.steps.setValue(40)
    page.batch.setValue(32)
    assert "--devices" in page.sample_args() and "cpu" in page.sample_args()
    seen = []
    page.proc.event.connect(lambda ev: seen.append(ev.get("type")))
    with qtbot.waitSignal(page.proc.finished, timeout=180_000) as blocker:
        assert page.start_sample()
        qtbot.waitUntil(lambda: window.status_text().startswith("Training"), timeout=5_000)
    info = blocker.args[0]
    assert info.status == "ok", info.stderr_tail
    assert "progress" in seen and "summary" in seen
    assert page.lab_step.text() == "40 / 40"
    assert page.lab_ips.text() != "—" and page.lab_loss.text() != "—"
    assert "Finished" in page.run_state.text()
    assert window.status_text() == "Ready"  # the status line does not keep claiming a run


def test_cancel_mid_run(window, qtbot):
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    page.steps.setValue(100_000)
    page.batch.setValue(32)
    with qtbot.waitSignal(page.proc.finished, timeout=120_000) as blocker:
        page.start_sample()
        qtbot.waitUntil(lambda: page.lab_step.text() != "—", timeout=90_000)  # really training
        page.btn_stop.click()
    assert blocker.args[0].status == "cancelled"
    assert "Stopped by you" in page.run_state.text()
    assert page.btn_start.isEnabled()


def test_sanity_check_answers_plainly_on_cpu(window, qtbot):
    page = window.show_page("sanity")
    with qtbot.waitSignal(page.proc.finished, timeout=300_000):
        assert page.start(steps=20)
        qtbot.waitUntil(lambda: page.phase == "done", timeout=290_000)
    # this CI machine has no GPU: the honest answer is "only the CPU"
    assert page.verdict_kind == "bad"
    assert "only on the CPU" in page.verdict.text()
