"""Issue 25 in the window: the Monitor's memory panel (the prediction before the run, its line on the chart, its
parts, the score after the run; which number is which; the memory mode's shape stated and checked).

The recordings are real H200 runs (resources/recordings/sample-tf-*.run.jsonl, labelled ``recording`` in their
header), replayed through the page's real path; the prediction for chosen settings runs for real: the estimator
in this Python's TensorFlow on the CPU, through the page's FlowTask.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import pytest

from tfgpu_wizard.core.flows.predict import MIB
from tfgpu_wizard.core.monitor.runs import bundled_recordings, read_run

pytestmark = pytest.mark.gui

RECORDINGS = {p.name.removesuffix(".run.jsonl"): p for p in bundled_recordings()}
OVERFLOW = "sample-tf-resnet20-mixed_float16-overflow"


def _open(page, qtbot, path) -> None:
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
        assert page.open_run(path)
    assert blocker.args == [True]


def test_a_reopened_recording_shows_its_stored_prediction_line_and_score(window, qtbot):
    path = RECORDINGS[OVERFLOW]
    record = read_run(path)
    assert "recording" in record.header["label"]  # a labelled real run
    page = window.show_page("monitor")
    _open(page, qtbot, path)
    panel = page.memory
    stored = record.end["memory"]
    estimate = next(e for _, e in record.events if e.get("type") == "estimate")
    # the prediction the sample made before its first step, with its parts
    assert panel.prediction is not None and panel.prediction_from == "run"
    assert panel.prediction.tf_peak_bytes == estimate["tf_peak_bytes"]
    assert {"weights", "gradients", "optimizer slots", "activations", "CUDA context",
            "TensorFlow's reserve"} <= set(panel.parts_shown())
    # the line on the chart is the stored prediction for the run's mode, labelled
    assert panel.line_value() == pytest.approx(stored["predicted_tf_peak"] / MIB)
    assert panel.line_label() == f"predicted TF peak {stored['predicted_tf_peak'] / MIB:,.0f} MiB"
    assert page.chart._ymax >= stored["predicted_tf_peak"] / MIB  # the line is inside the y range
    # the score: TensorFlow's measured peak, NVML's peak, the error in %
    score = panel.score
    assert score.tf_peak_bytes == stored["tf_peak"] and score.nvml_peak_bytes == stored["nvml_peak"]
    assert round(score.error_pct, 2) == stored["error_pct"]
    text = panel.score_text.text()
    assert f"{stored['error_pct']:+.1f}%" in text and "✓" in text and f"{stored['nvml_peak'] / MIB:,.0f}" in text


def test_the_comparison_table_has_the_prediction_columns_of_runs_compare(window, qtbot):
    names = ["sample-tf-cnn-mixed_float16-growth", OVERFLOW]
    paths = [RECORDINGS[n] for n in names]
    page = window.show_page("monitor")
    for p in paths:
        _open(page, qtbot, p)
    r = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "runs", "compare", *map(str, paths), "--json"],
                       capture_output=True, text=True, env=dict(os.environ), timeout=120)
    assert r.returncode == 0, r.stderr
    cli = json.loads(r.stdout)["runs"]
    table = page.compare
    for row, want in zip(table.values(), cli, strict=True):
        for key in ("tf_peak_mib", "predicted_mib", "error_pct"):
            assert want[key] is not None and row[key] == pytest.approx(want[key], rel=1e-9), key
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    col = headers.index("Error")
    assert not table.isColumnHidden(col)
    assert table.item(1, col).text() == f"{cli[1]['error_pct']:+.1f}%"


@pytest.mark.tf
@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed")
def test_picking_settings_predicts_them_in_the_target_python_and_draws_the_line(window, qtbot):
    page = window.show_page("monitor")
    starts = []
    page.memory.predictor.progress.connect(lambda p: starts.append(p) if p.kind == "phase" else None)
    page.devices.setCurrentIndex(page.devices.findData("gpu:0"))
    page.mode.setCurrentIndex(page.mode.findData("growth"))
    assert not page.memory.btn_predict.isHidden()  # nothing predicted yet: the button offers it
    # the user picks a model, then a precision at once: one prediction, for both
    page.model.setCurrentIndex(page.model.findData("cnn"))
    page.model.activated.emit(page.model.currentIndex())
    page.precision.setCurrentIndex(page.precision.findData("mixed_float16"))
    page.precision.activated.emit(page.precision.currentIndex())
    assert "predicting" in page.memory.pred_text.text() and page.memory.btn_predict.isHidden()
    with qtbot.waitSignal(page.memory.prediction_changed, timeout=240_000) as blocker:
        pass
    pred = blocker.args[0]
    assert pred is not None, page.memory.pred_text.text()
    assert len(starts) == 1  # the pause let the two picks make one run of the estimator
    assert (pred.model, pred.batch_size, pred.precision) == ("cnn", page.batch.value(), "mixed_float16")
    assert sum(p.bytes for p in pred.parts) == pred.tf_peak_bytes  # the parts add up to the peak
    # growth mode: the line is the growth peak (whole chunks of the growing pool count)
    assert page.memory.line_value() == pytest.approx(pred.tf_peak_for("growth") / MIB)
    assert "activations" in page.memory.parts_shown()
    assert "cnn, batch 128, mixed_float16" in page.memory.pred_text.text()
    # the same settings again: from the cache, no second run
    page.memory.btn_predict.click()
    assert page.memory.prediction is pred and not page.memory.busy()
    # a run of these settings keeps the app's prediction in its header and scores it (here on the CPU)
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    page.steps.setValue(3)
    with qtbot.waitSignal(page.trainer.finished, timeout=240_000) as run:
        assert page.start_sample()
    result = run.args[0]
    assert result.end == "ok", result.stderr_tail
    back = read_run(result.saved_to)
    assert back.header["prediction"]["tf_peak_bytes"] == pred.tf_peak_bytes
    assert result.score.predicted_bytes == pred.tf_peak_for(result.score.memory_mode)
    assert back.end["memory"]["predicted_tf_peak"] == result.score.predicted_bytes
    assert page.memory.prediction is pred and page.memory.prediction_from == "predict"  # not the sample's estimate
    assert page.memory.line_value() is None  # a CPU run: no line on a chart of GPU memory
    window.set_language("zh_CN")
    assert "预测的 TF 峰值" in page.memory.line_label() and "激活" in page.memory.parts.text()


# -- loss scaling, live (the plot under the chart, the sentences, the demonstration) ------------------------------


def test_a_reopened_overflow_demo_plots_the_scale_marks_the_skips_and_says_each(window, qtbot):
    page = window.show_page("monitor")
    assert page.loss_plot.isHidden()  # nothing scaled yet: no empty plot under the chart
    _open(page, qtbot, RECORDINGS["sample-tf-resnet20-fp32-growth"])
    assert page.loss_plot.isHidden() and page.loss_list.sentences() == []  # fp32 scales nothing
    _open(page, qtbot, RECORDINGS[OVERFLOW])
    assert page.loss_plot.isVisible()
    points = page.loss_plot.scale_points()
    assert points[0] == (25, 32768.0) and points[-1] == (300, 4096.0) and len(points) == 12
    assert page.loss_plot.skip_marks() == [100, 200, 200]  # forced at steps 90, 180, 181
    x, y = page.loss_plot.curve.getData()
    assert list(x) == [p[0] for p in points]
    said = page.loss_list.sentences()
    assert len(said) == 4 and said[0].startswith("the loss scale starts at 32,768: ")
    assert said[3] == ("by step 200: gradients overflowed: this step was skipped and the scale halved "
                       "(8,192 → 4,096)")
    window.set_language("zh_CN")  # core's sentences again, in Chinese
    assert page.loss_list.sentences()[3] == "到第 200 步：梯度溢出：这一步被跳过，损失缩放减半（8,192 → 4,096）"
    assert page.side.tabText(2) == "损失缩放"
    # the plot under the chart and the tabs still fit the smallest screen the app is made for
    for tab in range(page.side.count()):
        page.side.setCurrentIndex(tab)
        hint = window.minimumSizeHint()
        assert hint.width() <= 1024 and hint.height() <= 600, (tab, hint)


@pytest.mark.tf
@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed")
def test_show_an_overflow_runs_the_demonstration_on_this_cpu(window, qtbot):
    """This machine has no GPU: the sample supports --overflow-demo on the CPU, and the button runs it there."""
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    page.steps.setValue(12)
    page.batch.setValue(16)
    with qtbot.waitSignal(page.trainer.finished, timeout=240_000) as blocker:
        page.side.setCurrentIndex(2)
        page.loss_list.btn_demo.click()
        assert page.busy() and "three steps overflow" in page.loss_list.demo_note.text()
    result = blocker.args[0]
    assert result.end == "ok", result.stderr_tail
    assert result.config.overflow_demo and result.config.precision == "mixed_float16"
    assert page.precision.currentData() == "mixed_float16"  # the settings say what ran
    said = page.loss_list.sentences()
    assert said[0].startswith("the loss scale starts at 32,768: ")
    assert [s.split(": ", 1)[1].split(" (")[0] for s in said[1:]] == [
        "gradients overflowed: this step was skipped and the scale halved"] * 3
    marks = page.loss_plot.skip_marks()
    assert said[-1].endswith("(8,192 → 4,096)") and len(marks) == 3 and marks == sorted(marks)
    assert page.loss_plot.isVisible()
    # the memory panel: the sample's own estimate before its first step, then the run's score (no GPU peak here)
    panel = page.memory
    assert panel.prediction_from == "sample" and panel.prediction.precision == "mixed_float16"
    assert panel.score is result.score and panel.score.predicted_bytes == panel.prediction.tf_peak_bytes
    assert "TensorFlow reported no peak (no GPU?)" in panel.score_text.text()
    assert panel.line_value() is None  # a CPU run: no line on a chart of GPU memory


# -- which number is which; each mode's shape stated before the run and checked after it --------------------------


def test_the_mode_s_expected_shape_is_stated_before_the_run(window, qtbot):
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("gpu:0"))
    for mode, words in (("growth", "a staircase"), ("limit", "capped"), ("default", "one jump")):
        page.mode.setCurrentIndex(page.mode.findData(mode))
        assert page.memory.shape_text.text().startswith(f"Expected: {words}"), mode
        assert "✓" not in page.memory.shape_text.text()  # nothing checked before a run
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    assert page.memory.shape_text.text() == ""  # the memory modes do not apply on the CPU


@pytest.mark.parametrize("mode", ["default", "growth", "limit"])
def test_a_reopened_run_labels_every_figure_and_checks_its_shape(window, qtbot, mode):
    path = RECORDINGS[f"sample-tf-cnn-fp32-{mode}"]
    record = read_run(path)
    page = window.show_page("monitor")
    _open(page, qtbot, path)
    panel = page.memory
    figs = {f.key: f for f in panel.figures()}
    assert list(figs) == ["nvml.device", "nvml.process", "tf.pool", "tf.current", "tf.peak", "predicted"]
    # NVML's figures at the run's peak, TensorFlow's pool from its own log line, its numbers at the last point
    used = [s.mem_used for _, snaps in record.ticks for s in snaps if s.mem_used]
    assert figs["nvml.device"].value == max(used)
    pool = next(n["pool_mb"] for n in record.notes if n.get("code") == "tf-pool")
    assert figs["tf.pool"].value == pool * MIB and str(pool) in figs["tf.pool"].what
    last = [e for _, e in record.events if e.get("type") in ("progress", "summary")][-1]
    assert figs["tf.peak"].value == last["memory"][0]["peak"]
    name, value = panel.fig_labels["tf.pool"]
    assert name.text() == "TensorFlow's pool limit" and value.text() == f"{pool:,} MiB"
    assert "Created device ... with" in value.toolTip()  # the one-line explanation of where it comes from
    assert "get_memory_info" in panel.fig_labels["tf.peak"][0].toolTip()
    # stated and checked
    words = {"default": "one jump", "growth": "a staircase", "limit": "capped"}[mode]
    text = panel.shape_text.text()
    assert text.startswith(f"Expected: {words}") and f"✓ As expected: {words}" in text
    window.set_language("zh_CN")
    assert panel.fig_labels["tf.pool"][0].text() == "TensorFlow 显存池上限" and "✓" in panel.shape_text.text()
    assert "Expected" not in panel.shape_text.text()


# -- the largest batch that fits -----------------------------------------------------------------------------------


@pytest.mark.tf
@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed")
def test_largest_batch_on_this_machine_says_why_it_cannot_measure_and_gives_the_prediction(window, qtbot):
    """No GPU here (no NVIDIA driver): the real fit flow predicts (TensorFlow on the CPU) and says why it does not
    measure."""
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("gpu:0"))
    page.mode.setCurrentIndex(page.mode.findData("limit"))
    page.limit_mb.setValue(2048)
    page.model.setCurrentIndex(page.model.findData("resnet20"))
    box = page.fit
    with qtbot.waitSignal(box.task.finished, timeout=240_000) as blocker:
        page.side.setCurrentIndex(1)
        box.btn_fit.click()
        assert box.running() and not box.btn_fit.isEnabled() and box.btn_cancel.isEnabled()
        assert not page.start_sample()  # the probes would need the GPU the sample trains on
    result = blocker.args[0]
    assert not result.measured and "NVML" in result.reason and result.limit_mb == 2048
    (fit,) = result.fits
    assert fit.precision == "fp32" and fit.probes == [] and fit.prediction is not None
    assert fit.predicted_batch == fit.prediction.largest_batch(2048 * MIB, 1) > 0
    text = box.answer_text()
    assert text.splitlines() == ["· " + result.lines()[0], *result.lines()[1:]]  # core's sentences
    assert text.startswith("· Cannot measure here: no NVIDIA driver")
    assert f"fp32: predicted largest batch {fit.predicted_batch:,} under 2,048 MB (not measured)" in text
    assert box.btn_fit.isEnabled() and not box.btn_cancel.isEnabled()
    window.set_language("zh_CN")
    assert "无法测量" in box.answer_text() or "不能测量" in box.answer_text()


def test_cancelling_the_search_or_closing_the_page_leaves_no_child(window, qtbot):
    """The search's first step is the estimator in a child process: cancel stops it, and so does closing.
    (tests/conftest.py fails a test that leaves a child process or a thread behind.)"""
    page = window.show_page("monitor")
    box = page.fit
    with qtbot.waitSignal(box.task.finished, timeout=60_000) as blocker:
        assert page.find_largest_batch()
        qtbot.wait(300)
        box.btn_cancel.click()
    assert blocker.args[0].cancelled
    assert box.answer_text().endswith("The search was cancelled.")
    assert page.find_largest_batch()  # again, and the window closes while it runs
    qtbot.wait(300)
    page.shutdown()
    assert not box.running()


@pytest.mark.tf
@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed")
def test_the_box_shows_each_probe_as_it_ends(qtbot):
    """NVML's facts given (this machine has none), the probe is the real sample on the CPU: TensorFlow registers no
    GPU, the probe is stopped at once and its line stays under the answer."""
    from tfgpu_wizard.core.flows.fit import GpuFacts
    from tfgpu_wizard.gui.fit_box import FitBox

    box = FitBox()
    qtbot.addWidget(box)
    facts = GpuFacts(0, "pretend", 16000.0, 15000.0, 8)
    with qtbot.waitSignal(box.task.finished, timeout=240_000) as blocker:
        assert box.start("cnn", "fp32", 1024, sys.executable, gpu=facts, jit="off", probe_timeout=120)
        assert not box.start("cnn", "fp32", 1024, sys.executable)  # one search at a time
    result = blocker.args[0]
    (probe,) = result.fits[0].probes
    assert probe.outcome == "no-gpu"
    assert box.probes == [box.lines[-1]] and box.probes[0].startswith(f"fp32: batch {probe.batch:,} no GPU (")
    assert box.progress_text.text() == box.probes[0]
    assert "registered no GPU" in box.answer_text()
    box.shutdown()
