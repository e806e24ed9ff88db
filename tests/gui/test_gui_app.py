"""The real main window and pages, driven offscreen with pytest-qt."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import numpy as np
import pytest

from tfgpu_wizard.gui.chart import MemoryChart, SeriesStore, minmax_reduce
from tfgpu_wizard.gui.mainwindow import PAGES

pytestmark = pytest.mark.gui


def test_every_page_builds_and_navigation_switches(window, qtbot):
    assert window.current_page_name() == "sanity"
    assert window.status_text() == "Ready"
    for row, name in enumerate(PAGES):
        window.nav.setCurrentRow(row)
        assert window.stack.currentWidget() is window.page(name)
        assert window.current_page_name() == name
    assert set(window.built_pages()) == set(PAGES)
    # nothing runs, so the status line must not claim otherwise
    assert window.status_text() == "Ready"


def test_language_switch_retranslates_live(window, qtbot):
    window.show_page("monitor")
    monitor = window.page("monitor")
    assert monitor.btn_start.text() == "▶ Start"
    window.set_language("zh_CN")
    assert window.nav.item(PAGES.index("monitor")).text().endswith("监控")
    assert monitor.btn_start.text() == "▶ 开始"
    assert window.btn_zh.isChecked() and not window.btn_en.isChecked()
    window.set_language("en")
    assert monitor.btn_start.text() == "▶ Start"
    assert window.nav.item(PAGES.index("monitor")).text().endswith("Monitor")


LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


@pytest.mark.parametrize(
    ("log", "root_cause"),
    [
        # TF 2.13 on Ubuntu without the CUDA libraries (tensorflow/tensorflow#66750, see its .source.txt)
        ("gh_tf_66750_cuda_drivers.log", "cuda-drivers-not-found"),
        # a cuDNN older than the build's, which then fails to start (tensorflow/text#1167)
        ("gh_tf_text_1167_cudnn_mismatch.log", "cudnn-version-mismatch"),
    ],
)
def test_diagnose_page_empty_and_real_log(window, qtbot, log, root_cause):
    """Real logs pasted into the page: the findings shown, in order, are core.diagnose.engine's for that text."""
    from tfgpu_wizard.core.diagnose.engine import decode_log, diagnose

    assert (LOGS / log.replace(".log", ".source.txt")).is_file()  # a real log, with its source
    page = window.show_page("diagnose")
    page.run_diagnosis()
    assert "The box is empty: paste a log first." in page.result.toPlainText()
    text = decode_log((LOGS / log).read_bytes())
    page.log.setPlainText(text)
    page.btn.click()
    expected = diagnose(text)
    assert expected[0].rule_id == root_cause  # the fixture still says what this test is about
    shown = page.result.toPlainText()
    lines = [line.strip() for line in shown.splitlines() if line.strip()]
    # the top finding is the first thing shown: its title, its explanation, its fix
    assert lines[0].endswith(expected[0].title) and lines[0][0] == "✗"
    # commands in `backticks` are shown as code, without the backticks
    assert lines[1] == expected[0].explanation.replace("`", "")
    assert expected[0].fix.replace("`", "") in shown
    # and every finding in the engine's order, none left out, none added
    titles = [line for line in lines if line[:2] in ("✗ ", "! ", "· ")]
    assert [t[2:].split(" (a consequence of #")[0] for t in titles] == [f.title for f in expected]
    ranks = {f.rule_id: f.rank for f in expected}  # a symptom names its cause, as the CLI does
    assert [t.endswith(f"(a consequence of #{ranks[f.symptom_of]})") if f.symptom_of else "consequence" not in t
            for t, f in zip(titles, expected, strict=True)] == [True] * len(expected)
    symbol = {"error": "✗", "warning": "!", "harmless": "·"}  # harmless noise is not shown as a warning
    assert [t[0] for t in titles] == [symbol[f.severity] for f in expected]
    assert page.log.toPlainText() == text  # the user's text is kept


def test_minmax_reduce_keeps_every_peak():
    t = np.arange(100_000, dtype=np.float64) / 20
    y = np.zeros(100_000, dtype=np.float32)
    y[12_345] = 900.0  # a one-sample spike must survive the reduction
    y[99_999] = -5.0
    tt, yy = minmax_reduce(t, y, 500)
    assert len(tt) <= 2 * 500 + 200
    assert yy.max() == 900.0 and yy.min() == -5.0
    assert np.all(np.diff(tt) >= 0)


def test_series_store_grows_and_keeps_gaps():
    s = SeriesStore(capacity=4)
    for i in range(10):
        s.append(i * 0.1, {"gpu0.used": None if i == 3 else float(i)})
    s.append(1.0, {"tf.current": 5.0})
    assert len(s) == 11
    assert np.isnan(s.col("gpu0.used")[3]) and s.col("gpu0.used")[9] == 9.0
    assert np.isnan(s.col("tf.current")[0]) and s.col("tf.current")[10] == 5.0


def test_chart_draws_only_the_visible_window(qtbot, tmp_path):
    chart = MemoryChart(window_s=300.0)
    qtbot.addWidget(chart)
    rows = [(i / 20, {f"gpu{g}.used": float(g * 1000 + i % 50) for g in range(8)}) for i in range(72_000)]
    chart.add_samples(rows)
    chart.repaint_now()
    x, y = chart.curve_data("gpu7.used")
    assert x.min() >= 3600 - 300 - 0.1  # only the last five minutes ...
    assert len(x) <= 2 * MemoryChart.BUCKETS + 50  # ... reduced to min/max pairs
    assert len(chart.store) == 72_000  # while every sample is kept
    out = tmp_path / "图 chart export.png"
    assert chart.export_png(out) and out.stat().st_size > 1000
    csv_path = tmp_path / "导出 chart.csv"
    chart.export_csv(csv_path)
    assert csv_path.read_text(encoding="utf-8").count("\n") == 72_001
    assert chart.keep_as_faded("growth") and chart.faded_labels() == ["growth"]


def test_crashing_target_interpreter_is_reported(window, qtbot, tmp_path):
    """A real 'python' that dies with a traceback: the monitor says it failed and keeps the log."""
    folder = tmp_path / "损坏的 python"
    folder.mkdir()
    fake = folder / "python"
    body = folder / "crash.py"
    body.write_text(
        "import sys\n"
        "print('Traceback (most recent call last):', file=sys.stderr)\n"
        "print('ImportError: libcudart.so.12: cannot open shared object file', file=sys.stderr)\n"
        "sys.exit(3)\n",
        encoding="utf-8",
    )
    # A shell wrapper, not `#!{sys.executable}`: a shebang cannot hold a path with spaces.
    fake.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} {shlex.quote(str(body))}\n", encoding="utf-8")
    fake.chmod(0o755)
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.trainer.finished, timeout=20_000) as blocker:
        assert page.start_sample(python=str(fake))
    info = blocker.args[0]
    assert info.end == "failed" and info.exit_code == 3
    assert "libcudart.so.12" in info.stderr_tail
    assert "exit code 3" in page.run_state.text()
    assert page.btn_start.isEnabled() and not page.btn_stop.isEnabled()
    assert window.status_text() == "Ready"


def test_missing_interpreter_is_reported(window, qtbot, tmp_path):
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.trainer.finished, timeout=10_000) as blocker:
        page.start_sample(python=str(tmp_path / "no such python"))
    assert blocker.args[0].end == "not-started"
    assert "Could not start" in page.run_state.text()
