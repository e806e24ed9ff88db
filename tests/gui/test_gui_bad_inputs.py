"""The bad inputs the app promises to survive, driven through the real window offscreen.

Each test feeds one real bad input (a broken copy of the shipped matrix.json, an interpreter that kills
itself, a sample killed with SIGKILL mid-run, refused flags, a cut-off run file made from a bundled H200
recording, this GPU-less machine) and checks three things: a clear message in the window, no traceback,
nothing lost (the input file unchanged, the run file kept). ``TFGPU_QA_SHOTS=<folder>`` saves a
screenshot of the window at each check, for a person to look at.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _procs import alive
from PySide6.QtCore import QTimer

from tfgpu_wizard.core.monitor.runs import read_run
from tfgpu_wizard.core.paths import matrix_path, resources_dir

pytestmark = pytest.mark.gui
needs_tf = pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed")
posix_only = pytest.mark.skipif(os.name != "posix", reason="a POSIX shell-script interpreter / signals")
RECORDINGS = resources_dir() / "recordings"


def shot(window, name: str) -> None:
    folder = os.environ.get("TFGPU_QA_SHOTS")
    if folder:
        from PySide6.QtWidgets import QApplication

        QApplication.processEvents()  # let the layouts settle first
        Path(folder).mkdir(parents=True, exist_ok=True)
        window.grab().save(str(Path(folder) / f"{name}.png"))


def h200_host():
    """The doctor report recorded on an H200 (resources/recordings/doctor-h200.json), as the detected host."""
    from tfgpu_wizard.core.setup.host_model import HostReport

    return HostReport.from_json((RECORDINGS / "doctor-h200.json").read_text(encoding="utf-8"))


def fake_python(folder: Path, body: str) -> Path:
    """A real executable standing in for a target interpreter (a shell script)."""
    folder.mkdir(parents=True, exist_ok=True)
    exe = folder / "python"
    exe.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    exe.chmod(0o755)
    return exe


# -- a broken matrix ---------------------------------------------------------------------------


def test_broken_matrix_is_a_message_in_choose_not_a_crash(window, qtbot, tmp_path, monkeypatch):
    data = json.loads(matrix_path().read_text(encoding="utf-8"))
    data["rows"][0]["python"] = "three point eleven"  # a field no code can read
    broken = tmp_path / "矩阵 copy" / "matrix.json"
    broken.parent.mkdir()
    text = json.dumps(data, indent=1)
    broken.write_text(text, encoding="utf-8")
    monkeypatch.setenv("TFGPU_WIZARD_MATRIX", str(broken))
    assert matrix_path() == broken

    page = window.show_page("setup")
    page.set_host(h200_host())
    page.show_step(1)
    shown = page.choose.empty.text()
    shot(window, "matrix-broken")
    assert page.choose.choice() is None and not page.choose.empty.isHidden()
    assert "compatibility matrix cannot be used" in shown
    assert str(broken) in shown and "python" in shown  # names the file and the field
    assert "Traceback" not in shown and "MatrixError" not in shown
    page.show_step(2)  # the next step has nothing to show, and says so instead of failing
    assert page.commands.isEnabled()
    assert broken.read_text(encoding="utf-8") == text  # nothing lost
    assert window.status_text() == "Ready"

    # not JSON at all
    broken.write_text(text[: len(text) // 2], encoding="utf-8")
    page.choose.refresh()
    assert "compatibility matrix cannot be used" in page.choose.empty.text()
    # the fix: point back at the shipped matrix and the recommendation is there again
    monkeypatch.delenv("TFGPU_WIZARD_MATRIX")
    page.choose.refresh()
    assert page.choose.choice() is not None


# -- target interpreters that crash, sample runs that die -----------------------------------------


@posix_only
def test_interpreter_that_crashes_with_a_signal(window, qtbot, tmp_path):
    """A real interpreter that dies of SIGSEGV before printing anything, in Monitor and Sanity check."""
    crash = fake_python(tmp_path / "崩溃 python", "kill -SEGV $$")
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.trainer.finished, timeout=20_000) as blocker:
        assert page.start_sample(python=str(crash))
    info = blocker.args[0]
    assert info.end == "crashed" and info.signal == signal.SIGSEGV
    text = page.run_state.text()
    shot(window, "monitor-python-crashes")
    assert f"killed (signal {int(signal.SIGSEGV)})" in text and "before the first step" in text
    assert "exit code None" not in text
    assert page.btn_start.isEnabled() and not page.btn_stop.isEnabled()
    assert window.status_text() == "Ready"
    record = read_run(page.last_run_path)  # the (empty) run is kept and says what happened
    assert record.end["status"] == "failed" and "signal" in record.end["detail"]
    assert not record.ticks and not record.events  # a header and an end line only
    # opened again, that run with nothing in it still says how it ended
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as opened:
        assert page.open_run(page.last_run_path)
    assert opened.args == [True]
    shown = page.run_state.text()
    assert "The run failed." in shown and f"killed by signal {int(signal.SIGSEGV)}" in shown
    assert "Could not open" not in shown

    window.state.target_python = str(crash)
    sanity = window.show_page("sanity")
    with qtbot.waitSignal(sanity.checker.finished, timeout=20_000):
        assert sanity.start(steps=5)
        assert window.status_text().startswith("Sanity check")  # not "Ready" while it runs
    qtbot.waitUntil(lambda: sanity.phase == "done", timeout=20_000)
    shot(window, "sanity-python-crashes")
    assert sanity.verdict_kind == "not-working" and sanity.verdict.text()
    assert window.status_text() == "Ready"


@needs_tf
@posix_only
def test_sample_killed_mid_run_keeps_its_data_and_says_so(window, qtbot):
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    page.steps.setValue(100_000)
    page.batch.setValue(32)
    pid: list[int] = []
    page.trainer.progress.connect(
        lambda p: pid.append(p.data["pid"]) if p.kind == "event" and p.data.get("type") == "start" else None)
    with qtbot.waitSignal(page.trainer.finished, timeout=120_000) as blocker:
        assert page.start_sample()
        qtbot.waitUntil(lambda: page.lab_step.text() != "—", timeout=90_000)  # really training
        assert "CPU" in page.run_state.text() and "growth" not in page.run_state.text()
        assert not page.chart.empty_label.isHidden() and "CPU" in page.chart.empty_label.text()
        os.kill(pid[0], signal.SIGKILL)
    info = blocker.args[0]
    assert info.end == "crashed" and info.signal == signal.SIGKILL
    step = page._last["step"]
    text = page.run_state.text()
    shot(window, "monitor-sample-killed")
    assert f"killed (signal {int(signal.SIGKILL)})" in text and f"step {step} of" in text
    assert page.last_run_path is not None and "kept in" in text
    assert window.status_text() == "Ready"
    record = read_run(page.last_run_path)
    steps = [ev["step"] for _, ev in record.events if ev.get("type") == "progress"]
    assert steps and steps[-1] == step  # every step seen before the kill is in the file
    assert record.end["status"] == "failed" and "signal 9" in record.end["detail"]
    # opened again, the run says how it ended
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as opened:
        assert page.open_run(page.last_run_path)
    assert opened.args == [True]
    shown = page.run_state.text()
    shot(window, "monitor-killed-run-reopened")
    assert "The run failed" in shown and "signal 9" in shown
    assert page.lab_step.text().startswith(f"{step} /")
    # a CPU run reopens with the host-RAM curve it had live (gui-audit-2 N6), not "no GPU memory readings"
    assert "host.rss" in page.chart.curve_names() and page.chart.empty_label.isHidden()


@needs_tf
def test_refused_flags_say_which_flag(window, qtbot):
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    with qtbot.waitSignal(page.trainer.finished, timeout=60_000) as blocker:
        assert page.start_sample(extra_args=["--model", "vgg-无"])
    assert blocker.args[0].end == "failed" and blocker.args[0].exit_code == 2
    text = page.run_state.text()
    shot(window, "monitor-bad-flags")
    assert "exit code 2" in text and "--model" in text and "invalid choice" in text
    assert read_run(page.last_run_path).end["status"] == "failed"
    assert window.status_text() == "Ready"


def _answer_quit_prompt(keep: bool) -> str:
    """Click a button of the window's quit prompt (a modal QMessageBox); its text, for the test to read."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    box = QApplication.activeModalWidget()
    assert isinstance(box, QMessageBox) and box.objectName() == "tfgpu-quit-prompt", box
    wanted = "Keep running" if keep else "Stop and quit"
    next(b for b in box.buttons() if b.text() == wanted).click()
    return box.text()


@posix_only
def test_closing_the_window_stops_the_running_sample(qtbot, tmp_path):
    """A 'python' that trains forever (sleeps) is stopped when the window closes: no orphan."""
    from tfgpu_wizard.gui.app import create_window

    pid_file = tmp_path / "pid"
    slow = fake_python(tmp_path / "slow python", f"echo $$ > '{pid_file}'\nexec sleep 600")
    win = create_window("en")
    qtbot.addWidget(win)
    win.show()
    page = win.show_page("monitor")
    assert page.start_sample(python=str(slow))
    qtbot.waitUntil(lambda: pid_file.exists() and pid_file.read_text().strip() != "", timeout=10_000)
    pid = int(pid_file.read_text())
    assert alive(pid) and window_status_busy(win)
    # Closing asks first: "Keep running" (the default, Esc) keeps the window and the sample
    answers = []
    QTimer.singleShot(200, lambda: answers.append(_answer_quit_prompt(keep=True)))
    win.close()
    assert answers and "Monitor" in answers[0] and win.isVisible() and alive(pid)
    # "Stop and quit" stops it
    QTimer.singleShot(200, lambda: answers.append(_answer_quit_prompt(keep=False)))
    t0 = time.monotonic()
    win.close()
    assert len(answers) == 2 and not win.isVisible()
    assert not alive(pid), "the sample outlived the window"
    assert time.monotonic() - t0 < 10
    # the run was recorded from its start and its file says how it ended
    assert page.last_run_path is not None and page.last_run_path.is_file()
    from tfgpu_wizard.core.monitor.runs import runs_dir

    assert page.last_run_path.parent == runs_dir()  # where `tfgpu-wizard runs` and Open… look
    record = read_run(page.last_run_path)
    assert record.end is not None and record.end["status"] == "stopped"
    assert record.end.get("detail") == "the app was closed while the sample was running"
    assert not record.problems
    assert record.header["config"] == page._config.to_dict()  # the header is this run's SampleConfig
    assert record.header["config"]["steps"] == page.steps.value()
    assert record.header["label"] == page.run_label()


def window_status_busy(win) -> bool:
    return win.status_text().startswith("Training")


@posix_only
def test_sigterm_to_the_app_stops_its_child(tmp_path):
    """The real app process (offscreen) gets SIGTERM while a sample runs: it closes cleanly, no orphan."""
    pid_file = tmp_path / "pid"
    slow = fake_python(tmp_path / "slow python", f"echo $$ > '{pid_file}'\nexec sleep 600")
    code = (
        "import sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from tfgpu_wizard.gui import app\n"
        "qapp = QApplication(['x'])\n"
        "def go():\n"
        "    from PySide6.QtWidgets import QApplication\n"
        "    w = [x for x in QApplication.topLevelWidgets() if x.objectName() == 'tfgpu-main'][0]\n"
        f"    w.page('monitor').start_sample(python={str(slow)!r})\n"
        "QTimer.singleShot(300, go)\n"
        "sys.exit(app.main(['x'], lang='en', page='monitor'))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not (pid_file.exists() and pid_file.read_text().strip()):
            assert proc.poll() is None, proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            assert time.monotonic() < deadline, "the sample did not start"
            time.sleep(0.1)
        child = int(pid_file.read_text())
        assert alive(child)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        gone = time.monotonic() + 5
        while alive(child) and time.monotonic() < gone:
            time.sleep(0.05)
        assert not alive(child), "SIGTERM left the sample running as an orphan"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if pid_file.exists() and pid_file.read_text().strip():
            try:
                os.kill(int(pid_file.read_text()), signal.SIGKILL)
            except OSError:
                pass


# -- run files ---------------------------------------------------------------------------------


def test_truncated_and_corrupt_run_file_opens_with_a_warning(window, qtbot, tmp_path):
    """A bundled H200 recording, cut off mid-line and with a garbage line: the rest is shown, with why."""
    src = RECORDINGS / "sample-jax-cnn-fp32-growth.run.jsonl"
    lines = src.read_bytes().splitlines(keepends=True)
    mid = len(lines) // 2
    damaged = b"".join(lines[:mid]) + b"{not json at all\n" + b"".join(lines[mid:-1]) + lines[-1][:17]
    path = tmp_path / "坏的 run.run.jsonl"
    path.write_bytes(damaged)
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
        assert page.open_run(path)
    assert blocker.args == [True]
    text = page.run_state.text()
    shot(window, "monitor-truncated-run")
    assert "cut off" in text  # the reader's words, shown
    assert "skipped" in text or "corrupt" in text
    assert "no end" in text  # its end line was the one cut off
    assert len(page.chart.store) > 100
    assert path.read_bytes() == damaged  # nothing lost, nothing "repaired" behind the user's back
    assert window.status_text() == "Ready"


def test_empty_and_header_only_files(window, qtbot, tmp_path):
    """An empty file is not a run: refused with the reader's reason. A file holding only a run header
    (the app killed before the sample's first step) is a run: it opens and says it has nothing and no end."""
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
        assert page.open_run(RECORDINGS / "torch_train.run.jsonl")  # something on the chart beforehand
    assert blocker.args == [True] and len(page.chart.store) > 0
    before = len(page.chart.store)

    empty = tmp_path / "空的 empty.run.jsonl"
    empty.write_bytes(b"")
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
        assert page.open_run(empty)  # the file is read on the replay thread, so the answer comes as a signal
    assert blocker.args == [False]
    text = page.run_state.text()
    shot(window, "monitor-empty-run-file")
    assert f"Could not open {empty.name}: {empty} is empty: no run was recorded in it." in text
    assert len(page.chart.store) == before  # the chart still shows what it showed
    assert empty.read_bytes() == b""
    assert window.status_text() == "Ready"

    header = (RECORDINGS / "torch_train.run.jsonl").read_bytes().splitlines(keepends=True)[0]
    header_only = tmp_path / "header only.run.jsonl"
    header_only.write_bytes(header)
    record = read_run(header_only)  # the core reader accepts it: a run with nothing in it and no end
    assert not record.ticks and not record.events and record.end is None
    with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
        assert page.open_run(header_only)
    assert blocker.args == [True]
    text = page.run_state.text().replace("\u200b", "")  # the name may wrap at '.', '-', '/'
    shot(window, "monitor-header-only-run-file")
    assert f"Showing {header_only.name}" in text
    assert "Could not open" not in text
    assert "NVIDIA H200" in text  # the GPU its header names
    assert "The run has no end mark: it was still running, or the app was killed." in text
    assert len(page.chart.store) == 0 and "no GPU memory readings" in page.chart.empty_label.text()
    assert page.lab_step.text() == "—"
    assert header_only.read_bytes() == header
    assert window.status_text() == "Ready"


def test_two_recordings_compare_and_export(window, qtbot, tmp_path):
    page = window.show_page("monitor")
    for name in ("sample-jax-cnn-fp32-default.run.jsonl", "sample-jax-cnn-fp32-growth.run.jsonl"):
        with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
            assert page.open_run(RECORDINGS / name)
        assert blocker.args == [True]
    assert page.chart.faded_labels() == ["cnn · batch 1024 · default · fp32 · JAX · NVIDIA H200"]  # what the run was (issue 18)
    assert "JAX" in page.chart._label("tf.current")
    assert page.lab_tfmem.text() != "—"
    shot(window, "monitor-two-recordings")
    out = tmp_path / "导出 folder"
    out.mkdir()
    assert page.export_png(out / "mem.png") and (out / "mem.png").stat().st_size > 1000
    assert page.export_csv(out / "mem.csv") is None
    assert (out / "mem.csv").read_text(encoding="utf-8").startswith("t_s,")
    assert not page.export_png(tmp_path / "no such folder" / "mem.png")
    problem = page.export_csv(tmp_path / "no such folder" / "mem.csv")
    assert problem and "Could not write" in problem


# -- no NVIDIA driver (this machine) -----------------------------------------------------------


def test_no_driver_machine_defaults_to_cpu_and_says_why(window, qtbot):
    from tfgpu_wizard.core.monitor import nvml

    if nvml.status().ok:
        pytest.skip("this machine has a working NVIDIA driver")
    with qtbot.waitSignal(window.host_ready, timeout=120_000):
        window.detect_host()
    assert window.state.host is not None and not window.state.host.gpus
    page = window.show_page("monitor")
    qtbot.waitUntil(lambda: bool(page.gpu_note.text()), timeout=10_000)
    shot(window, "monitor-no-driver")
    assert page.devices.currentData() == "cpu"  # a GPU run could only fail here
    assert "No live GPU readings" in page.gpu_note.text()
    assert "open a saved run or a bundled recording" in page.gpu_note.text()
    assert window.status_text() == "Ready"
