"""The desktop app's loose ends (issue 5): the plan's Python in Verify, Keras 2, the H200 demo on the
Benchmark page, GUI-worded advice, and the backend named in the run box.

Everything runs for real: real venvs made by a real "Run it for me" step, the real probe and sample in
real interpreters under QProcess, the bundled H200 recordings (labelled recordings of real runs, see
docs/h200-results.md) read through ``core.monitor.runs.read_run``.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.shells import Step

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
RECORDINGS = resources_dir() / "recordings"
HAVE_TF = importlib.util.find_spec("tensorflow") is not None
HAVE_TF_KERAS = importlib.util.find_spec("tf_keras") is not None
posix_only = pytest.mark.skipif(os.name != "posix", reason="runs bash steps and shell-script interpreters")
needs_tf = pytest.mark.skipif(not HAVE_TF, reason="TensorFlow is not installed")


def recorded_h200() -> HostReport:
    """The doctor report recorded on an H200 (resources/recordings/doctor-h200.json, a recording)."""
    return HostReport.from_dict(json.loads((RECORDINGS / "doctor-h200.json").read_text("utf-8")))


def plain(html_text: str) -> str:
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(html_text)
    return doc.toPlainText()


# -- 1. Verify takes the new environment's Python from the plan --------------------------------------


@posix_only

def _type(qtbot, edit, text: str) -> None:
    """Type as a user does: keys for ASCII; other characters (a path under 学生 or 深 路径) arrive the way an
    input method delivers them, as a committed string (QTest.keyClicks aborts Qt on characters with no key)."""
    if text.isascii():
        qtbot.keyClicks(edit, text)
        return
    from PySide6.QtGui import QInputMethodEvent
    from PySide6.QtWidgets import QApplication

    edit.setFocus()
    event = QInputMethodEvent("", [])
    event.setCommitString(text)
    QApplication.sendEvent(edit, event)

def test_verify_takes_the_new_environments_python_from_the_plan(window, qtbot, tmp_path):
    page = window.show_page("setup")
    page.set_host(recorded_h200())
    prefix = tmp_path / "新 环境 tf"
    page.commands.prefix.setText(str(prefix))
    page.commands.rebuild()
    plan = page.commands.current_plan()
    assert plan is not None and plan.env_python.startswith(str(prefix))
    before = page.python_edit.text()

    # The environment does not exist yet: Verify says where it will be and keeps the field as it was.
    page.show_step(3)
    assert page.python_edit.text() == before and window.state.target_python == before
    assert not page.python_hint.isHidden() and plan.env_python in plain(page.python_hint.text())

    # "Run it for me" creates it (a real step in a real bash): Verify now checks that Python.
    steps = [Step("Create the virtual environment", argv=(sys.executable, "-m", "venv", "--without-pip", str(prefix)))]
    page.show_step(2)
    with qtbot.waitSignal(page.commands.runner.finished, timeout=120_000) as blocker:
        assert page.commands.run_steps(steps, tmp_path)
    assert blocker.args == ["ok"] and Path(plan.env_python).is_file()
    assert page.python_edit.text() == plan.env_python == window.state.target_python
    assert "environment from step 3" in plain(page.python_hint.text())
    assert page.python_edit.isEnabled() and not page.python_edit.isReadOnly()
    assert plan.env_python in window.show_page("sanity").python_label.text()

    # A Python the user types wins over the plan's, and is what every page then runs.
    page = window.show_page("setup")
    page.show_step(3)
    page.python_edit.clear()
    _type(qtbot, page.python_edit, sys.executable)
    assert window.state.target_python == sys.executable and page.python_hint.isHidden()
    page.show_step(2)
    page.show_step(3)
    assert page.python_edit.text() == sys.executable
    assert sys.executable in window.show_page("sanity").python_label.text()

    # Back to the plan's environment: the Monitor trains in it (no TensorFlow in that fresh venv).
    assert window.page("setup").suggest_env_python(force=True)
    monitor = window.show_page("monitor")
    monitor.devices.setCurrentIndex(monitor.devices.findData("cpu"))
    with qtbot.waitSignal(monitor.trainer.finished, timeout=120_000) as blocker:
        assert monitor.start_sample()
    assert blocker.args[0].end == "failed" and blocker.args[0].exit_code == 6
    assert monitor.result.error_event is not None and monitor.result.error_event.get("code") == "no-tensorflow"
    shown = plain(monitor.run_state.text())
    assert "tensorflow" in shown.lower() and "Setup → Verify" in shown


# -- 2 and 4. Keras 2 and the GUI's advice ------------------------------------------------------------


def test_monitor_offers_keras2_and_a_backend_only_where_they_apply(window, qtbot):
    page = window.show_page("monitor")
    assert page.backend.currentData() == "tensorflow" and page.keras2.isEnabled()
    assert page.lab_tfmem_k.text() == "TF memory"
    page.keras2.setChecked(True)
    args = page.sample_args()
    assert "--keras2" in args and "--backend" not in args and "Keras 2" in page.run_label()
    assert window.state.keras2 is True
    assert window.show_page("setup").keras2.isChecked()  # the same choice in Verify

    page = window.show_page("monitor")
    page.backend.setCurrentIndex(page.backend.findData("jax"))
    assert not page.keras2.isEnabled() and "TensorFlow backend only" in page.keras2.toolTip()
    args = page.sample_args()
    assert "--keras2" not in args and args[args.index("--backend") + 1] == "jax"
    page.devices.setCurrentIndex(page.devices.findData("gpu:0"))
    page.mode.setCurrentIndex(page.mode.findData("default"))
    assert "75%" in page.mode_text.text()
    page.backend.setCurrentIndex(page.backend.findData("torch"))
    assert "caching allocator" in page.mode_text.text()
    page.backend.setCurrentIndex(page.backend.findData("tensorflow"))
    assert page.keras2.isEnabled() and "TensorFlow takes nearly all" in page.mode_text.text()


@pytest.mark.parametrize(("recording", "label"), [
    ("sample-torch-cnn-fp32-default.run.jsonl", "PyTorch memory"),
    ("sample-jax-resnet20-fp32-growth.run.jsonl", "JAX memory"),
])
def test_run_box_names_the_backend_of_the_opened_recording(window, qtbot, recording, label):
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=60_000) as blocker:
        assert page.open_run(RECORDINGS / recording)
    assert blocker.args == [True]
    assert page.lab_tfmem_k.text() == label and page.lab_tfmem.text() != "—"
    window.set_language("zh_CN")
    assert page.lab_tfmem_k.text() == label.replace(" memory", " 显存")


def test_bad_flags_get_advice_worded_for_the_app(window, qtbot):
    """A real sample refusing its flags: the run box shows what to change in the app, not "--help"."""
    from tfgpu_wizard.gui.advice import GUI_ADVICE

    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    with qtbot.waitSignal(page.trainer.finished, timeout=60_000) as blocker:
        assert page.start_sample(extra_args=["--learning-rate", "-1"], python=sys.executable)
    assert blocker.args[0].exit_code == 2
    assert page.result.error_event.get("code") == "bad-flags" and "--help" in page.result.error_event.get("advice")
    shown = plain(page.run_state.text())
    assert GUI_ADVICE["bad-flags"] in shown and "--help" not in shown
    assert "--learning-rate must be a positive number" in shown  # the sample's own message stays
    window.set_language("zh_CN")
    assert "这些示例设置互相冲突" in plain(page.run_state.text())


@needs_tf
@pytest.mark.tf
@pytest.mark.skipif(not HAVE_TF_KERAS, reason="tf-keras is not installed")
def test_verify_with_keras2_says_what_the_cli_says(window, qtbot):
    from tfgpu_wizard.core.target.runner import keras_label, probe_verdict, run_probe

    page = window.show_page("setup")
    page.show_step(3)
    page.python_edit.setText(sys.executable)
    page.keras2.setChecked(True)
    with qtbot.waitSignal(page.verifier.finished, timeout=180_000) as blocker:
        page.toggle_verify()
    assert blocker.args[0].probe.ok, blocker.args[0].probe.stderr_tail()
    keras = page.probe_result["keras"]
    assert keras["legacy_env"] == "1" and keras["source"] == "tf_keras"
    cli = probe_verdict(run_probe(sys.executable, timeout=180, keras2=True))
    def steady(details: list[str]) -> list[str]:  # the measured GFLOP/s differ from run to run
        return [d for d in details if "GFLOP/s" not in d]

    assert page.verdict.headline == cli.headline and steady(page.verdict.details) == steady(cli.details)
    shown = page.verify_view.toPlainText()
    assert keras_label(keras) in shown and "Keras 2 (tf-keras, TF_USE_LEGACY_KERAS=1)" in shown


@pytest.fixture(scope="module")
def python_without_tf_keras(tmp_path_factory) -> str:
    """A real venv (folder with a space and Chinese) holding this one's packages except tf-keras."""
    import sysconfig
    import venv

    root = tmp_path_factory.mktemp("gui-keras2") / "无 tf keras"
    venv.EnvBuilder(with_pip=False).create(root)
    python = root / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    dest = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, timeout=60, check=True).stdout.strip()
    src = sysconfig.get_paths()["purelib"]
    for entry in os.listdir(src):
        if not entry.lower().startswith(("tf_keras", "tf-keras")):
            os.symlink(os.path.join(src, entry), os.path.join(dest, entry))
    return str(python)


@needs_tf
@pytest.mark.tf
@posix_only
def test_keras2_without_tf_keras_is_a_warning_in_verify_and_advice_in_the_monitor(
        window, qtbot, python_without_tf_keras):
    from tfgpu_wizard.gui.advice import GUI_ADVICE

    page = window.show_page("setup")
    page.show_step(3)
    page.python_edit.setText(python_without_tf_keras)
    page.keras2.setChecked(True)
    with qtbot.waitSignal(page.verifier.finished, timeout=180_000):
        page.toggle_verify()
    assert page.probe_result["keras"]["legacy_problem"] == "tf-keras-missing"
    problem = next(d for d in page.verdict.details if "tf-keras is not installed" in d)
    html_text = page.verify_view.toHtml()
    shown = page.verify_view.toPlainText()
    assert shown.count(problem) == 1  # lifted out of the details into a warning line under the headline
    assert shown.index(page.verdict.headline) < shown.index(problem)
    assert "! " + problem in shown and "#9a6700" in html_text

    monitor = window.show_page("monitor")  # the same Python and the same Keras choice
    assert monitor.keras2.isChecked() and "--keras2" in monitor.sample_args()
    monitor.devices.setCurrentIndex(monitor.devices.findData("cpu"))
    with qtbot.waitSignal(monitor.trainer.finished, timeout=180_000) as blocker:
        assert monitor.start_sample()
    assert blocker.args[0].end == "failed", blocker.args[0].stderr_tail
    assert monitor.result.error_event.get("code") == "no-tf-keras"
    assert GUI_ADVICE["no-tf-keras"] in plain(monitor.run_state.text())


# -- 3. the Benchmark page's demo from the H200 recordings ------------------------------------------


def bench_script_ratios() -> dict[tuple[str, str, str], float]:
    """The ratios benchmarks/bench_h200_precision.py prints (the docs' table), from a separate process."""
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_h200_precision.py"), "--json"],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    return {(q["backend"], q["model"], q["precision"]): q["speedup"] for q in json.loads(out)["ratios"]}


def test_benchmark_shows_the_h200_recordings_as_a_labelled_demo(window, qtbot, tmp_path):
    page = window.show_page("benchmark")
    assert page.source_note.isHidden() and not page.plot_empty.isHidden()
    files = sorted(RECORDINGS.glob("sample-*.run.jsonl"))
    tf_files = [f for f in files if f.name.startswith("sample-tf-")]  # TensorFlow 2.21's own runs (2026-12-03)
    n = len(files)
    assert n - len(tf_files) == 13 and len(tf_files) >= 9
    assert page.show_recordings() == n and page.table.rowCount() == n

    note = plain(page.source_note.text())
    assert not page.source_note.isHidden()
    for words in ("not measured on this computer", "NVIDIA H200", "driver 580.159.04", "2026-12-02", "JAX",
                  "PyTorch"):
        assert words in note, (words, note)
    cells = [[page.table.item(r, c).text() for c in range(5)] for r in range(n)]
    # a recording of a run that failed says so, with what stopped it (the OOM recording: gui-audit-2 N7)
    assert all(row[4].startswith("● recording") or row[4].startswith("✗ recording of a failed run · ")
               for row in cells)
    assert any(row[4].startswith("✗") and "Out of memory" in row[4] for row in cells)
    # The same ratios as the benchmark script (and docs/h200-results.md), shown in the table and the chart.
    ratios = bench_script_ratios()
    # JAX and TensorFlow (issue 24's runs) in both mixed precisions for both models; PyTorch has one precision each
    assert sorted(ratios) == [(b, m, p) for b in ("jax", "tensorflow") for m in ("cnn", "resnet20")
                              for p in ("mixed_bfloat16", "mixed_float16")]
    for (backend, model, precision), speedup in ratios.items():
        name = {"jax": "JAX", "torch": "PyTorch", "tensorflow": "TensorFlow"}[backend]
        row = next(r for r in cells if r[0] == f"{name} · {model} · {precision} · default")
        assert row[3] == f"{speedup:.2f}×"
    assert next(r for r in cells if r[0] == "JAX · resnet20 · mixed_float16 · default")[3] == "1.72×"
    growth = next(r for r in cells if r[0] == "JAX · resnet20 · fp32 · growth")
    assert "peak 4.6 GiB" in growth[4]
    assert not page.plot.isHidden() and page.plot_empty.isHidden()
    # PyTorch ResNet-20 was recorded in mixed precision only; the TF run under a too-small limit trained no step
    assert len(page.bars.opts["height"]) == 12 + len(tf_files) - 1

    out = tmp_path / "基准 demo.csv"
    page.export_csv(str(out))
    with open(out, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == n and all("recording" in r["source"] for r in rows)
    assert [r for r in rows if r["status"] != "recording"] == [r for r in rows if "oom" in r["source"]
                                                               or not r["images_per_sec"]], rows
    assert {r["setting"] for r in rows} == {c[0] for c in cells}

    window.set_language("zh_CN")
    assert "录制数据" in page.source_note.text() and "NVIDIA H200" in page.source_note.text()
    assert page.table.item(0, 4).text().startswith("● 录制数据")


def test_benchmark_demo_survives_a_bad_file(window, tmp_path):
    bad = tmp_path / "sample-broken 坏.run.jsonl"
    bad.write_text("this is not a run file\n", encoding="utf-8")
    good = RECORDINGS / "sample-jax-cnn-fp32-default.run.jsonl"
    page = window.show_page("benchmark")
    assert page.show_recordings([good, bad]) == 2
    cells = [[page.table.item(r, c).text() for c in range(5)] for r in range(2)]
    assert cells[0][0] == "JAX · cnn · fp32 · default" and cells[0][3] == "1.00×"
    assert cells[1][0] == bad.name and cells[1][4].startswith("✗") and len(cells[1][4]) > 3
    assert "NVIDIA H200" in page.source_note.text()
    assert page.show_recordings([bad]) == 1 and "No H200 recordings could be read" in page.source_note.text()


@pytest.mark.skipif(importlib.util.find_spec("jax") is None or importlib.util.find_spec("keras") is None,
                    reason="Keras 3 on JAX is not installed")
def test_a_live_jax_run_is_named_in_the_run_box_and_the_chart(window, qtbot):
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    page.backend.setCurrentIndex(page.backend.findData("jax"))
    page.steps.setValue(20)
    page.batch.setValue(16)
    with qtbot.waitSignal(page.trainer.finished, timeout=180_000) as blocker:
        assert page.start_sample(python=sys.executable)
        assert page.lab_tfmem_k.text() == "JAX memory"
    assert blocker.args[0].end == "ok", blocker.args[0].stderr_tail
    assert page.lab_step.text() == "20 / 20" and page.lab_tfmem_k.text() == "JAX memory"
    from tfgpu_wizard.core.monitor.runs import read_run

    start = next(ev for _, ev in read_run(page.last_run_path).events if ev.get("type") == "start")
    assert start["config"]["backend"] == "jax"
