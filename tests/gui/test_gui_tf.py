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
    page.trainer.progress.connect(lambda p: seen.append(p.data.get("type")) if p.kind == "event" else None)
    with qtbot.waitSignal(page.trainer.finished, timeout=180_000) as blocker:
        assert page.start_sample()
        qtbot.waitUntil(lambda: window.status_text().startswith("Training"), timeout=5_000)
    info = blocker.args[0]
    assert info.end == "ok", info.stderr_tail
    assert "progress" in seen and "summary" in seen
    assert page.lab_step.text() == "40 / 40"
    assert page.lab_ips.text() != "—" and page.lab_loss.text() != "—"
    # a CPU run draws itself: the training process's host RAM (psutil), on the memory axis (issue 18)
    assert "host.rss" in page.chart.curve_names()
    page.chart.repaint_now()
    _, rss = page.chart.curve_data("host.rss")
    assert len(rss) and float(max(rss)) > 50  # MiB: TensorFlow alone is hundreds
    assert "Finished" in page.run_state.text()
    assert window.status_text() == "Ready"  # the status line does not keep claiming a run
    # the run was recorded with core.monitor.runs and reads back with every progress event
    from tfgpu_wizard.core.monitor.runs import read_run

    assert page.last_run_path is not None and page.last_run_path.name in page.run_state.text()
    record = read_run(page.last_run_path)
    kinds = [ev.get("type") for _, ev in record.events]
    assert kinds.count("progress") == seen.count("progress") and "summary" in kinds
    assert record.end is not None and record.end["status"] == "finished"
    from tfgpu_wizard.core.monitor.compare import run_stats

    stats = run_stats(record)
    assert stats.source in ("framework", "host-ram") and stats.peak_mib and stats.gpu == "CPU"
    # ... and opens again in the Monitor (no GPU here: the events only)
    page.lab_step.setText("—")
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as opened:
        assert page.open_run(page.last_run_path)
    assert opened.args == [True]
    assert page.lab_step.text() == "40 / 40" and "Showing" in page.run_state.text()


def test_cancel_mid_run(window, qtbot):
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    page.steps.setValue(100_000)
    page.batch.setValue(32)
    with qtbot.waitSignal(page.trainer.finished, timeout=120_000) as blocker:
        page.start_sample()
        qtbot.waitUntil(lambda: page.lab_step.text() != "—", timeout=90_000)  # really training
        page.btn_stop.click()
    assert blocker.args[0].end == "cancelled"
    assert "Stopped by you" in page.run_state.text()
    assert page.btn_start.isEnabled()


def test_sanity_check_answers_plainly_on_cpu(window, qtbot):
    from tfgpu_wizard.core.diagnose.verdict import host_fact

    qtbot.waitUntil(lambda: not window.detecting(), timeout=60_000)  # the verdict starts from the host's facts
    page = window.show_page("sanity")
    with qtbot.waitSignal(page.checker.finished, timeout=300_000):
        assert page.start(steps=20)
        qtbot.waitUntil(lambda: page.phase == "done", timeout=290_000)
    # this CI machine has no GPU: the honest answer is "only the CPU", and why starts from the machine's fact
    assert page.probe_verdict is not None and page.probe_verdict.status == "no-gpu"
    fact = host_fact(window.state.host, page.probe_verdict.report)
    if fact is not None and fact[0] in ("no-nvidia-gpu", "no-driver"):  # no driver here: the CPU is expected
        assert page.verdict_kind == "ok-cpu" and "trains on the CPU" in page.verdict.text()
        assert "Works on the CPU, as expected" in page.verdict.text()  # the vocabulary's words (issue 23)
        assert "tensorflow[and-cuda]" not in page.details.text()
    else:
        assert page.verdict_kind == "needs-action" and "only on the CPU" in page.verdict.text()
    if fact is not None:
        assert page.details.text().index(fact[1]) < page.details.text().index("steps trained on the CPU")
    for reason in page.probe_verdict.reasons:
        assert reason in page.details.text()
    assert page.sanity.lines[0].startswith("20 steps trained on the CPU")


def test_benchmark_compares_cpu_settings_and_exports(window, qtbot, tmp_path):
    """The Benchmark page on this GPU-less machine: two real CPU runs in sequence, a table, a chart, a CSV."""
    from tfgpu_wizard.core.target.sampleopts import BENCHMARK_CPU

    page = window.show_page("benchmark")
    assert [page.table.item(r, 0).text() for r in range(page.table.rowCount())] == [c[0] for c in BENCHMARK_CPU]
    assert page.table.item(0, 4).text() == "not run yet" and not page.plot_empty.isHidden()
    page.start(steps=10)
    assert page.busy() and "running" in page.table.item(0, 4).text()
    qtbot.waitUntil(lambda: not page.busy(), timeout=240_000)
    assert [r["status"] for r in page.results] == ["ok", "ok"], page.results
    assert all(r["images_per_sec"] > 0 for r in page.results)
    # the step time comes from what the sample sends (global batch / images per second), not a missing field
    assert all(r["step_time_s"] > 0 for r in page.results) and page.table.item(0, 2).text().endswith(" ms")
    assert page.table.item(0, 3).text() == "1.00×" and page.table.item(1, 3).text().endswith("×")
    assert page.table.item(1, 4).text().startswith("✓")
    assert page.plot_empty.isHidden() and not page.plot.isHidden()
    out = tmp_path / "基准 result.csv"
    page.export_csv(str(out))
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("setting,images_per_sec") and len(lines) == 3
    assert window.status_text() == "Ready"
