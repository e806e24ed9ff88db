"""gui-audit-2's findings (/work/shared/reports/gui-audit-2.md), each as the steps the audit took: the real window
offscreen, real clicks, real files. Recorded machines (doctor reports) stand in for this one where a finding
depends on the machine; they go through the window's own detection path (``MainWindow._on_host``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui
REPO = Path(__file__).resolve().parents[2]
NO_DRIVER = REPO / "tests" / "fixtures" / "host" / "realistic" / "linux-ubuntu2404-no-driver.json"
RECORDINGS = REPO / "resources" / "recordings"


def _host(path: Path):
    from tfgpu_wizard.core.setup.host_model import HostReport

    return HostReport.from_dict(json.loads(path.read_text(encoding="utf-8")))


def test_n4_monitor_shown_first_follows_detection_to_cpu(window) -> None:
    """N4: with the Monitor the first page shown, Devices said "GPU 0" on a machine without one and Start failed
    (exit 3). Detection answering while the page is on screen now switches it to "CPU only"."""
    window._detect_pending = True  # what after_first_paint sets: detection has not answered yet
    page = window.show_page("monitor")
    assert page.devices.currentData() == "gpu:0"  # the hopeful default before the answer
    window._on_host(_host(NO_DRIVER))  # detection's answer, as its worker thread delivers it
    assert page.devices.currentData() == "cpu"
    assert not page.mode.isEnabled() and "CPU" in page.mode_text.text()
    assert page.sample_config().devices == "cpu"


def test_n5_overlay_names_the_model_and_keeps_one_entry_per_file(window, qtbot) -> None:
    """N5: resnet20 default, growth, default again, then cnn default: the cnn run and the re-opened resnet20 run
    were both "default · fp32 · TensorFlow · NVIDIA H200 (2)", and the re-opened file was drawn twice."""
    page = window.show_page("monitor")
    for name in ("resnet20-fp32-default", "resnet20-fp32-growth", "resnet20-fp32-default", "cnn-fp32-default"):
        with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
            assert page.open_run(RECORDINGS / f"sample-tf-{name}.run.jsonl")
        assert blocker.args == [True]
    rows = [r.label for r in page.compare_rows()]
    assert rows == ["resnet20 · batch 1024 · growth · fp32 · TensorFlow · NVIDIA H200",
                    "resnet20 · batch 1024 · default · fp32 · TensorFlow · NVIDIA H200",
                    "cnn · batch 1024 · default · fp32 · TensorFlow · NVIDIA H200"]
    legend = [lab.text for _, lab in page.chart.mem_legend.items]
    assert sum("resnet20 · batch 1024 · default" in t for t in legend) == 1, legend
    # the file already shown, opened again: nothing is added
    with qtbot.waitSignal(page.replay_done, timeout=30_000):
        page.open_run(RECORDINGS / "sample-tf-cnn-fp32-default.run.jsonl")
    assert [r.label for r in page.compare_rows()] == rows


@pytest.mark.tf
@pytest.mark.skipif(__import__("importlib").util.find_spec("tensorflow") is None, reason="needs TensorFlow")
def test_n6_a_saved_cpu_run_reopens_with_its_curve_name_and_numbers(window, qtbot, monkeypatch, tmp_path) -> None:
    """N6: Monitor → Start on the CPU (saved) → Open that file: "This run has no GPU memory readings", no curve,
    another name. The real sample on real TensorFlow (CPU), then the real open path."""
    import sys

    monkeypatch.setenv("TFGPU_WIZARD_DATA", str(tmp_path / "数据 data"))
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    page.steps.setValue(30)
    page.batch.setValue(16)
    with qtbot.waitSignal(page.trainer.finished, timeout=240_000):
        assert page.start_sample(python=sys.executable)
    assert page.result is not None and page.result.status == "finished", page.result
    live_label = page.compare_rows()[-1].label
    live_t, live_rss = page.chart.curve_data("host.rss")
    live_ips = page.lab_ips.text()
    assert live_ips == f"{page.compare_rows()[-1].stats.images_per_s:,.0f}"  # the run box says the table's figure
    assert len(live_rss) >= 2 and live_label.endswith("fp32 · TensorFlow · CPU")
    page.keep.setChecked(False)
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
        assert page.open_run(page.last_run_path)
    assert blocker.args == [True]
    t, rss = page.chart.curve_data("host.rss")
    assert len(rss) >= 2 and abs(float(rss.max()) - float(live_rss.max())) < 1.0  # the same MiB
    assert abs((float(t.max()) - float(t.min())) - (float(live_t.max()) - float(live_t.min()))) < 3.0  # same span
    assert page.chart.empty_label.isHidden() or not page.chart.empty_label.text()
    assert page.compare_rows()[-1].label == live_label and page.lab_ips.text() == live_ips
    # N8: the axis of a CPU run's curve says host RAM, not "GPU memory"
    assert page.chart.mem_plot.getAxis("left").labelText == "Host RAM (MiB)"


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_n7_the_oom_recording_says_it_ran_out_of_memory(window, qtbot, lang: str) -> None:
    """N7: the bundled "out of memory" recording (re-recorded on an H200: a real OOM, exit code 4) read "The run
    failed (exit code 4). ended with exit code 4" in the Monitor and "● recording · peak 0.8 GiB" in Benchmark."""
    window.set_language(lang)
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=30_000):
        assert page.open_run(RECORDINGS / "sample-tf-resnet20-fp32-oom.run.jsonl")
    oom = {"en": "Out of memory", "zh_CN": "内存不足"}[lang]
    text = page.run_state.text()
    assert oom in text and "ended with exit code" not in text, text
    assert ("What stopped it" if lang == "en" else "停止原因") in text
    bench = window.show_page("benchmark")
    bench.show_recordings()
    row = next(r for r in range(bench.table.rowCount()) if "limit 256 MB" in bench.table.item(r, 0).text())
    result = bench.table.item(row, 4).text()
    assert result.startswith("✗") and oom in result, result


def test_n14_exports_say_where_they_saved(window, qtbot, monkeypatch, tmp_path) -> None:
    """N14: Export PNG / Export CSV (Monitor) and Export CSV (Benchmark) wrote their file and said nothing; the
    Benchmark's dialog opened in the folder the app was started from (F9)."""
    from PySide6.QtWidgets import QFileDialog

    folder = tmp_path / "导出 exports"
    folder.mkdir()
    asked: list[str] = []

    def answer(name: str):
        def dialog(_parent, _title, start, _filter):
            asked.append(start)
            return str(folder / name), ""
        return staticmethod(dialog)

    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=30_000):
        page.open_run(RECORDINGS / "sample-tf-cnn-fp32-growth.run.jsonl")
    for button, name in ((page.btn_png, "显存 chart.png"), (page.btn_csv, "显存 data.csv")):
        monkeypatch.setattr(QFileDialog, "getSaveFileName", answer(name))
        button.click()
        assert (folder / name).stat().st_size > 0
        text = page.run_state.text()
        assert "Saved to" in text and name in text and folder.as_uri() in text, text
    bench = window.show_page("benchmark")
    bench.show_recordings()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer("基准 bench.csv"))
    bench.btn_csv.click()
    assert (folder / "基准 bench.csv").read_text(encoding="utf-8").count("\n") > 5
    assert bench.saved_note.isVisible() and "Saved to" in bench.saved_note.text()
    assert Path(asked[-1]).parent.is_absolute() and Path(asked[-1]).name == "benchmark.csv"


@pytest.mark.tf
@pytest.mark.skipif(__import__("importlib").util.find_spec("tensorflow") is None, reason="needs TensorFlow")
def test_f3_verify_and_sanity_say_the_same_words_on_a_computer_without_a_gpu(window, qtbot) -> None:
    """F3 / issue 23's vocabulary: on a computer without an NVIDIA GPU, Verify said a red "✗ … works but sees no
    GPU" and Sanity a blue "TensorFlow works and trains on the CPU … expected" about the same Python. Both now say
    "✓ Works on the CPU, as expected" in green (core.verdicts), in English and in Chinese."""
    import sys

    from tfgpu_wizard.core.monitor import nvml
    from tfgpu_wizard.gui.widgets import PALETTE

    if nvml.init() is None:  # None: NVML started, so a driver is here and TensorFlow may see a GPU
        pytest.skip("a GPU driver is here")
    window.detect_host()  # this machine's real detection
    qtbot.waitUntil(lambda: not window.detecting(), timeout=60_000)
    from tfgpu_wizard.core.diagnose.verdict import cpu_is_all_it_has

    if not cpu_is_all_it_has(window.state.host):
        pytest.skip("this computer has an NVIDIA GPU (without a working driver)")
    window.state.target_python = sys.executable
    setup = window.show_page("setup")
    setup.show_step(3)
    setup.python_edit.setText(sys.executable)
    with qtbot.waitSignal(setup.verifier.finished, timeout=180_000):
        setup.toggle_verify()
    sanity = window.show_page("sanity")
    with qtbot.waitSignal(sanity.checker.finished, timeout=300_000):
        assert sanity.start(steps=5)
    qtbot.waitUntil(lambda: sanity.phase == "done", timeout=60_000)
    for lang, words in (("en", "✓ Works on the CPU, as expected"), ("zh_CN", "✓ ")):
        window.set_language(lang)
        verify_html, verify_text = setup.verify_view.toHtml(), setup.verify_view.toPlainText()
        assert verify_text.lstrip().startswith(words), verify_text[:200]
        assert sanity.verdict.text().count(words) == 1 and sanity.verdict_kind == "ok-cpu"
        assert PALETTE["green"] in sanity.verdict.text() and PALETTE["green"] in verify_html
        assert "✗" not in verify_text
    from tfgpu_wizard.core import verdicts

    label = verdicts.label("ok-cpu")  # the Chinese label, both faces
    assert label in setup.verify_view.toPlainText() and label in sanity.verdict.text() and label != "Works on the CPU, as expected"
    window.set_language("en")


@pytest.mark.tf
@pytest.mark.skipif(__import__("importlib").util.find_spec("tensorflow") is None, reason="needs TensorFlow")
def test_n9_the_status_line_keeps_saying_what_runs_after_a_language_switch(window, qtbot) -> None:
    """N9: Setup working, another page finished ("Still running: Setup"), then 中文: the line said "就绪" (Ready)."""
    import sys

    setup = window.show_page("setup")
    setup.show_step(3)
    setup.python_edit.setText(sys.executable)
    with qtbot.waitSignal(setup.verifier.finished, timeout=180_000):
        setup.toggle_verify()  # Setup is busy now (a real probe of this Python)
        monitor = window.show_page("monitor")  # another page works and finishes: "Opening …", then done
        with qtbot.waitSignal(monitor.replay_done, timeout=30_000):
            monitor.open_run(RECORDINGS / "sample-tf-cnn-fp32-growth.run.jsonl")
        assert window.status_text() == "Still running: Setup"
        window.set_language("zh_CN")
        assert window.status_text().startswith("仍在运行") and "安装设置" in window.status_text()
    window.set_language("en")
    assert window.status_text() == "Ready"


@pytest.mark.skipif(__import__("os").name != "posix", reason="the trainer is a shell script")
def test_n12_opened_run_hints_and_the_title_follow_a_language_switch(window, qtbot, tmp_path, monkeypatch) -> None:
    """N12: after EN → 中文 the Monitor's "This run has no GPU memory readings …" hint stayed English, and the window
    title read "TensorFlow GPU 向导 — TensorFlow GPU wizard" (the display name appended untranslated)."""
    import sys

    from PySide6.QtGui import QGuiApplication

    from tfgpu_wizard.core.flows.base import drive
    from tfgpu_wizard.core.flows.record import record
    from tfgpu_wizard.core.target.runner import SampleConfig

    monkeypatch.setenv("TFGPU_WIZARD_DATA", str(tmp_path / "data"))
    body = tmp_path / "silent.py"  # a real run whose trainer started and printed nothing else: no readings
    body.write_text("import json, os\nprint(json.dumps({'type': 'start', 'pid': os.getpid()}), flush=True)\n",
                    encoding="utf-8")
    exe = tmp_path / "env" / "python"
    exe.parent.mkdir()
    exe.write_text(f"#!/bin/sh\nexec '{sys.executable}' '{body}'\n", encoding="utf-8")
    exe.chmod(0o755)
    saved = drive(record(SampleConfig(steps=3, devices="cpu"), str(exe), label="silent")).saved_to
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=30_000):
        page.open_run(saved)
    assert "no GPU memory readings" in page.chart.empty_label.text()
    window.set_language("zh_CN")
    hint = page.chart.empty_label.text()
    assert "no GPU memory readings" not in hint and "GPU" in hint, hint
    assert window.windowTitle() == QGuiApplication.applicationDisplayName() == "TensorFlow GPU 向导"
    window.set_language("en")
    assert "no GPU memory readings" in page.chart.empty_label.text()


def test_n16_the_folder_placeholder_names_the_folder_the_plan_uses(window) -> None:
    """N16: the Environment-folder placeholder said "(tf-<version>-gpu)" while the CPU plan writes tf-2.21-cpu."""
    page = window.show_page("setup")
    page.set_host(_host(NO_DRIVER))
    page.show_step(2)
    plan = page.commands.current_plan()
    assert plan is not None and plan.cpu
    hint = page.commands.prefix.placeholderText()
    assert plan.prefix in hint and hint.rstrip("/").endswith("-cpu") and "-gpu" not in hint, hint
    window.set_language("zh_CN")
    assert page.commands.prefix.placeholderText().startswith("留空：")
    window.set_language("en")


def test_f14_the_controls_show_the_opened_runs_settings(window, qtbot) -> None:
    """F14: "Backend: TensorFlow, Model: cnn" stayed in the controls while a PyTorch / resnet20 recording was open."""
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=30_000):
        page.open_run(RECORDINGS / "sample-torch-resnet20-mixed_float16-default.run.jsonl")
    assert page.backend.currentData() == "torch" and page.model.currentData() == "resnet20"
    assert page.precision.currentData() == "mixed_float16" and page.mode.currentData() == "default"
    with qtbot.waitSignal(page.replay_done, timeout=30_000):
        page.open_run(RECORDINGS / "sample-tf-resnet20-fp32-limit.run.jsonl")
    assert page.backend.currentData() == "tensorflow" and page.mode.currentData() == "limit"
    assert page.limit_mb.value() == 4096 and page.batch.value() == 1024
    assert page.sample_config().model == "resnet20"  # Start runs what the controls show


def test_f14_csv_columns_are_named_after_the_framework(window, qtbot, tmp_path) -> None:
    """F14: the exported CSV of a PyTorch recording had `tf.current,tf.peak` columns."""
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=30_000):
        page.open_run(RECORDINGS / "sample-torch-resnet20-mixed_float16-default.run.jsonl")
    out = tmp_path / "torch.csv"
    assert page.export_csv(out) is None
    header = out.read_text(encoding="utf-8").splitlines()[0].split(",")
    assert "pytorch.current" in header and not any(h.startswith("tf.") for h in header), header


@pytest.mark.skipif(__import__("os").name != "posix", reason="the interpreter is a shell script")
def test_n13_a_fresh_start_without_tensorflow_opens_setup_and_sanity_offers_the_way(window, qtbot, tmp_path,
                                                                                  monkeypatch) -> None:
    """N13: a fresh `scripts/app` opened on the Sanity check; its first click failed ("This Python has no working
    TensorFlow … Open Setup …" as plain text). Detection saying "no TensorFlow in this Python" now opens Setup, and
    the Sanity answer has a "Setup →" button."""
    import dataclasses
    import shlex
    import sys

    fake = tmp_path / "没有 tf" / "python"  # a Python without site-packages: no TensorFlow
    fake.parent.mkdir()
    fake.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -I -S \"$@\"\n", encoding="utf-8")
    fake.chmod(0o755)
    host = _host(NO_DRIVER)
    host = dataclasses.replace(host, tensorflow=dataclasses.replace(host.tensorflow, python=str(fake)))
    window.state.target_python = str(fake)
    window.auto_start_page = True  # what app.main sets when no --page was given
    assert window.current_page_name() == "sanity"
    window._on_host(host)  # detection's answer: this Python has no TensorFlow
    assert window.current_page_name() == "setup"
    sanity = window.show_page("sanity")
    with qtbot.waitSignal(sanity.checker.finished, timeout=60_000):
        assert sanity.start(steps=5)
    qtbot.waitUntil(lambda: sanity.phase == "done", timeout=20_000)
    assert sanity.verdict_kind == "needs-action" and sanity.btn_setup.isVisible()
    # F20: the log under the answer says TensorFlow's start-up lines are noise, not the answer
    assert sanity.log.isVisible() and sanity.log_note.isVisible() and "normal noise" in sanity.log_note.text()
    sanity.btn_setup.click()
    assert window.current_page_name() == "setup"
    window._on_host(host)  # a second detection ("Detect again") does not move the user
    assert window.current_page_name() == "setup"


def test_n18_the_log_folder_is_shown_when_no_file_manager_opens_it(window, qtbot, monkeypatch) -> None:
    """N18: "Open the log folder" did nothing visible where no file manager is (the status line only)."""
    from PySide6.QtGui import QGuiApplication

    monkeypatch.setenv("TFGPU_WIZARD_NO_OPEN", "1")  # nothing is launched: as on a machine without a file manager
    folder = window.open_log_folder()
    box = window.log_folder_box
    assert box.isVisible() and folder in box.text()
    copy = next(b for b in box.buttons() if b.text() == "Copy the path")
    copy.click()
    assert QGuiApplication.clipboard().text() == folder and box.isVisible()  # copying keeps the box open
    box.close()


def test_f13_benchmark_title_fits_a_computer_without_a_gpu(window) -> None:
    """F13: "Benchmark: how much faster is the GPU?" on a machine without one (it compares CPU settings)."""
    window._on_host(_host(NO_DRIVER))
    page = window.show_page("benchmark")
    assert page.title.text() == "Benchmark: compare CPU settings"
    window.set_language("zh_CN")
    assert page.title.text() == "基准测试：比较 CPU 设置"
    assert "Tensor Core" in page.hint.text()  # why mixed precision is no faster on a CPU (F13's other half)
    page.show_recordings()  # the H200 recordings answer the GPU question
    assert "GPU" in page.title.text() and "Tensor Core" not in page.hint.text()
    window.set_language("en")


def test_n10_machine_names_the_python_the_other_pages_check(window) -> None:
    """N10: Setup → Machine described the app's own Python while Sanity and Monitor said "Python used: ~/tf…"."""
    window.state.target_python = "/home/ana/tf 2.21 环境/bin/python"
    page = window.show_page("setup")
    page.set_host(_host(REPO / "resources" / "recordings" / "doctor-h200.json"))
    text = page.machine_view.toPlainText()
    assert "Python (this app)" in text and "Your TensorFlow's Python" in text
    assert "/home/ana/tf 2.21 环境/bin/python (Sanity, Monitor and Verify use it)" in text
    assert "TensorFlow (this app's Python)" in text


@pytest.mark.skipif(__import__("shutil").which("bash") is None, reason="needs bash")
def test_n1_copy_commands_only_pastes_into_a_terminal(window, tmp_path, monkeypatch) -> None:
    """N1: "Copy commands only" gave `pip install … -r "$HERE"/requirements.lock`; pasted, that fails ($HERE is
    set only inside the saved script, and the lock file existed only once the plan was saved)."""
    import subprocess

    from PySide6.QtGui import QGuiApplication

    monkeypatch.setenv("TFGPU_WIZARD_DATA", str(tmp_path / "数据 data"))
    page = window.show_page("setup")
    page.set_host(_host(NO_DRIVER))
    page.commands.prefix.setText(str(tmp_path / "tf 环境"))
    page.commands.rebuild()
    page.show_step(2)
    view = page.commands
    view.tabs.setCurrentIndex(0)  # bash
    plan = view.current_plan()
    assert any("requirements.lock" in (st.command("bash") or "") for st in plan.steps)
    view.btn_copy_cmds.click()
    clip = QGuiApplication.clipboard().text()
    assert "$HERE" not in clip and "requirements.lock" in clip, clip
    first, *rest = clip.splitlines()
    assert first.startswith("cd ") and "数据 data" in first
    lock_line = next(line for line in rest if "requirements.lock" in line)
    # pasted in a terminal: the first line, then the file the pip line reads is there
    check = subprocess.run(["bash", "-c", f"{first} && test -s requirements.lock && echo ok"],
                           capture_output=True, text=True, timeout=30)
    assert check.stdout.strip() == "ok", (check.stdout, check.stderr, lock_line)
    assert "written to" in view.message.text()


def test_f12_diagnose_says_this_computer_has_no_gpu(window, qtbot) -> None:
    """F12: the libcudart dlerror pasted on a computer without an NVIDIA GPU: the page did not say that this
    machine has no NVIDIA GPU (so CUDA library messages are expected here)."""
    log = ("W tensorflow/compiler/xla/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
           "library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file: No such file "
           "or directory\nI tensorflow/compiler/xla/stream_executor/cuda/cudart_stub.cc:29] Ignore above cudart "
           "dlerror if you do not have a GPU set up on your machine.\n")
    from tfgpu_wizard.core.diagnose.verdict import cpu_is_all_it_has

    window.detect_host()  # this machine's real detection
    qtbot.waitUntil(lambda: not window.detecting(), timeout=60_000)
    if not cpu_is_all_it_has(window.state.host):
        pytest.skip("this computer has an NVIDIA GPU")
    page = window.show_page("diagnose")
    page.input.edit.setPlainText(log)
    page.btn.click()
    first = page.result.toPlainText().strip().splitlines()[0]
    assert first.startswith("· This computer has no NVIDIA GPU") and "expected" in first
    window.set_language("zh_CN")
    assert page.result.toPlainText().strip().startswith("· 这台电脑没有 NVIDIA GPU")
    window.set_language("en")
    # an NVIDIA GPU without a working driver is not "a computer without a GPU": no such note there
    window._on_host(_host(NO_DRIVER))
    page.btn.click()
    assert "This computer has no NVIDIA GPU" not in page.result.toPlainText()


def test_f19_learn_says_what_to_do_without_a_gpu_and_links_the_docs(window) -> None:
    """F19: Learn had the same four paragraphs: nothing on "no NVIDIA GPU, what now?", no links to docs."""
    from tfgpu_wizard.core import verdicts

    page = window.show_page("learn")
    text = page.text.toPlainText()
    assert "No NVIDIA GPU? What you can still do here" in text and verdicts.label("ok-cpu") in text
    links = page.text.toHtml()
    assert "h200-results.md" in links and "diagnosis.md" in links
    window.set_language("zh_CN")
    assert "没有 NVIDIA GPU？" in page.text.toPlainText() and verdicts.label("ok-cpu") in page.text.toPlainText()
    window.set_language("en")


def test_n17_f9_the_open_dialog_shows_whole_names_and_its_labels_in_chinese(window, qtbot) -> None:
    """N17: "sample-jax-cnn-mi…default.run.jsonl" twice, sizes "12.…KiB"; F9: "Look in:" and "Files of type:"
    stayed English in 中文 (Qt's own catalog lacks "&Look in:" and "Files of &type:")."""
    from PySide6.QtWidgets import QLabel, QTreeView

    window.resize(1024, 600)
    page = window.show_page("monitor")
    dlg = page.open_run_dialog()
    dlg.show()
    tree = dlg.findChild(QTreeView, "treeView")
    qtbot.waitUntil(lambda: tree.model().rowCount(tree.rootIndex()) > 10, timeout=10_000)
    names = [tree.model().index(r, 0, tree.rootIndex()).data() for r in range(tree.model().rowCount(tree.rootIndex()))]
    longest = max(tree.fontMetrics().horizontalAdvance(n) for n in names if n.endswith(".run.jsonl"))
    assert tree.header().sectionSize(0) >= longest, (tree.header().sectionSize(0), longest)
    assert dlg.width() <= 1024
    dlg.close()
    window.set_language("zh_CN")
    dlg = page.open_run_dialog()
    dlg.show()
    labels = [lab.text() for lab in dlg.findChildren(QLabel)]
    assert "查找范围(&L)：" in labels and "文件类型(&T)：" in labels, labels
    dlg.close()
    window.set_language("en")


def test_f15_the_driver_detail_on_machine_is_chinese_in_chinese(window, qtbot) -> None:
    """F15: launched in 中文, Setup → Machine said "✗ 未找到 (NVML: the NVML library (libnvidia-ml / nvml.dll, part
    of the NVIDIA driver) was not found; nvidia-smi: not found; no NVIDIA GPU is visible …)" in English."""
    window.set_language("zh_CN")
    window.detect_host()  # this machine's real detection
    qtbot.waitUntil(lambda: not window.detecting(), timeout=60_000)
    error = window.state.host.driver.error or ""
    if "nvidia-smi: not found" not in error:
        pytest.skip("this computer has an NVIDIA driver")
    page = window.show_page("setup")
    row = next(line for line in page.machine_view.toPlainText().splitlines() if "nvidia-smi:" in line)
    assert "nvidia-smi: 未找到" in row and "；" in row and "was not found" not in row, row
    window.set_language("en")


@pytest.mark.skipif(__import__("os").name != "posix", reason="the steps are shell snippets")
def test_n12_setup_commands_catch_up_a_language_switched_during_a_run(window, qtbot, tmp_path) -> None:
    """N12: switched to 中文 while "Run it for me" ran, the plan title, its warnings and the script stayed English
    after the run ended (✓ 所有步骤已完成 under an English plan)."""
    from tfgpu_wizard.core.setup.shells import Step

    page = window.show_page("setup")
    page.set_host(_host(NO_DRIVER))
    page.show_step(2)
    view = page.commands
    english = view.script_text("bash")
    assert "CPU only" in english
    with qtbot.waitSignal(view.runner.finished, timeout=30_000):
        view.run_steps([Step("Wait a moment", argv=("sleep", "1"))], tmp_path)
        window.set_language("zh_CN")  # during the run
        assert view.runner.is_running() and "运行" in view.message.text()
    chinese = view.script_text("bash")
    assert chinese != english and "仅 CPU" in chinese, chinese[:300]
    window.set_language("en")


@pytest.mark.skipif(__import__("os").name != "posix", reason="a POSIX plan runs here")
def test_n11_the_confirmation_knows_the_environment_is_already_there(window, qtbot, tmp_path, monkeypatch) -> None:
    """N11: "Run it for me" again for an existing environment said "New environment: … Download: about 572 MB";
    nothing was downloaded. The real question of the flow, answered "no" here."""
    import venv

    monkeypatch.setenv("TFGPU_WIZARD_DATA", str(tmp_path / "data"))
    env = tmp_path / "tf env"
    venv.EnvBuilder(with_pip=False).create(env)  # a real environment already in that folder
    page = window.show_page("setup")
    page.set_host(_host(NO_DRIVER))
    page.commands.prefix.setText(str(env))
    page.commands.rebuild()
    page.show_step(2)
    view = page.commands
    view.tabs.setCurrentIndex(0)
    asked: list[str] = []
    view.confirm_run = lambda summary: asked.append("\n".join(summary.lines())) or False
    with qtbot.waitSignal(view.runner.finished, timeout=20_000) as blocker:
        assert view.run_plan(tmp_path / "plan")
    assert blocker.args == ["declined"] and asked
    assert "already there" in asked[0] and "New environment" not in asked[0] and "at most" in asked[0], asked[0]


def test_f14_a_large_memory_axis_counts_in_gib(window, qtbot) -> None:
    """F14: the y-axis read 140000 MiB for the H200's default run."""
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=30_000):
        page.open_run(RECORDINGS / "sample-tf-resnet20-fp32-default.run.jsonl")
    axis = page.chart.mem_plot.getAxis("left")
    assert axis.labelText == "GPU memory (GiB)" and axis.scale == 1 / 1024
    assert axis.tickStrings([0.0, 51_200.0, 102_400.0], axis.scale, 51_200.0) == ["0", "50", "100"]
    page.keep.setChecked(False)  # the next run alone
    with qtbot.waitSignal(page.replay_done, timeout=30_000):
        page.open_run(RECORDINGS / "sample-tf-resnet20-fp32-growth.run.jsonl")  # 4 GiB: MiB ticks
    assert axis.labelText == "GPU memory (MiB)" and axis.scale == 1.0


def test_machine_without_an_nvidia_gpu_shows_facts_not_faults(window) -> None:
    """Issue 23 ("no verdict that contradicts the machine"): on a computer whose PCI bus holds no NVIDIA GPU, Setup
    → Machine said "NVIDIA driver ✗ not found" and "GPUs ✗ none found" in red marks, as for a card without its
    driver. Now both rows are facts ("·"); a card on the bus without a driver keeps its ✗ (the recorded report)."""
    import dataclasses

    page = window.show_page("setup")
    with_card = _host(NO_DRIVER)  # recorded: one NVIDIA display controller on the PCI bus, no driver
    page.set_host(with_card)
    text = page.machine_view.toPlainText()
    assert "✗ not found" in text and "✗ none found" in text
    none = dataclasses.replace(with_card, driver=dataclasses.replace(with_card.driver, nvidia_pci_gpus=0))
    page.set_host(none)
    text = page.machine_view.toPlainText()
    assert "· not needed: no NVIDIA GPU in this computer" in text and "· none found" in text
    assert "✗ not found" not in text and "✗ none found" not in text
