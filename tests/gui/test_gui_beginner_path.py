"""Issue 18, the beginner's path: Run it for me's confirmation and one failure message, the status line
during an install, the Help menu's report, the error dialog with the log file, remembered settings, and
Qt's own dialog words in Chinese. Real widgets offscreen, real processes, real signals."""

from __future__ import annotations

import logging
import os
import sys
import zipfile
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tfgpu_wizard.core.setup.shells import Step

pytestmark = pytest.mark.gui
posix_only = pytest.mark.skipif(os.name != "posix" or sys.platform == "darwin", reason="runs bash steps")
ROOT = Path(__file__).resolve().parents[2]


def _linux_plan_page(window, tmp_path):
    from tfgpu_wizard.core.setup.host_model import HostReport

    page = window.show_page("setup")
    rec = ROOT / "resources" / "recordings"
    reports = sorted(rec.glob("*doctor*.json"))
    if reports:
        page.set_host(HostReport.from_json(reports[0].read_text(encoding="utf-8")))
    page.commands.prefix.setText(str(tmp_path / "tf env"))
    page.commands.rebuild()
    page.show_step(2)
    return page


@posix_only
def test_run_it_for_me_asks_first_showing_folder_and_size(window, qtbot, tmp_path):
    page = _linux_plan_page(window, tmp_path)
    view = page.commands
    if not view.plans:
        pytest.skip("no plan for the recorded host here")
    view.tabs.setCurrentIndex(0)
    seen = []

    def answer_cancel():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(50, answer_cancel)
            return
        seen.append(box.informativeText())
        next(b for b in box.buttons() if b.text() == "Cancel").click()

    QTimer.singleShot(50, answer_cancel)
    with qtbot.waitSignal(view.runner.finished, timeout=10_000) as blocker:  # the question comes from the flow
        qtbot.mouseClick(view.btn_run, Qt.MouseButton.LeftButton)
    assert seen, "no confirmation before installing"
    assert blocker.args == ["declined"]
    assert str(tmp_path / "tf env") in seen[0] and "Download" in seen[0] and "GB" in seen[0]
    assert not view.runner.is_running() and view.run_panel.isHidden()
    assert "Nothing was installed" in view.message.text()


@posix_only
def test_failure_is_said_once_and_the_log_opens_at_the_failing_step(window, qtbot, tmp_path):
    page = window.show_page("setup")
    view = page.commands
    noise = "; ".join(f"echo line{i}" for i in range(400))
    steps = [Step("Lots of output", snippet={"posix": noise}),
             Step("Break on purpose", snippet={"posix": "echo the real error; exit 7"}),
             Step("Never reached", argv=("echo", "no"))]
    with qtbot.waitSignal(view.runner.finished, timeout=30_000) as blocker:
        view.run_steps(steps, tmp_path)
    assert blocker.args == ["failed"]
    everything = view.run_step.text() + view.message.text()
    assert everything.count("failed") == 1 and "Break on purpose" in view.run_step.text()
    assert "below" in view.run_step.text() and "above" not in everything
    # the first visible line of the log is the failing step's header, not the end of the 400 lines
    first = view.run_log.cursorForPosition(view.run_log.viewport().rect().topLeft()).block().text()
    assert "Break on purpose" in first or "the real error" in first, first
    window.set_language("zh_CN")
    assert "失败" in view.run_step.text() and "failed" not in view.run_step.text()


@posix_only
def test_status_line_says_installing_while_a_plan_runs_on_another_page(window, qtbot, tmp_path):
    page = window.show_page("setup")
    view = page.commands
    with qtbot.waitSignal(view.runner.step_started, timeout=10_000):
        view.run_steps([Step("Wait", argv=("sleep", "30"))], tmp_path)
    window.show_page("learn")
    window.show_page("monitor")
    assert "Ready" not in window.status_text() and window.status_text()
    with qtbot.waitSignal(view.runner.finished, timeout=10_000):
        view.btn_cancel.click()
    assert window.status_text() == "Ready"


def test_help_report_action_writes_the_zip(window, qtbot, tmp_path):
    from tfgpu_wizard.core import logsetup

    logsetup.setup_logging("gui")
    logging.getLogger("tfgpu_wizard.test").warning("a line the report must carry")
    out = tmp_path / "报告 for help.zip"
    window.ask_report_path = lambda: str(out)
    window.act_report.trigger()  # written off the GUI thread (core.flows.report, the CLI's `report` too)
    qtbot.waitUntil(lambda: window._report_task is not None and not window._report_task.is_running(), timeout=60_000)
    assert out.is_file()
    names = zipfile.ZipFile(out).namelist()
    assert "README.txt" in names and any(n.startswith("logs/") for n in names)
    log_text = "".join(zipfile.ZipFile(out).read(n).decode() for n in names if n.startswith("logs/"))
    assert "a line the report must carry" in log_text
    assert str(out) in window.status_text()
    logsetup.close_logging()


@pytest.mark.allow_slot_errors
def test_an_exception_in_a_slot_is_logged_and_shown_with_the_log_file(window, qtbot, monkeypatch):
    from tfgpu_wizard.core import logsetup
    from tfgpu_wizard.gui import app

    shown = []
    monkeypatch.setattr(app, "show_error_dialog", lambda text, path, parent=None: shown.append((text, path)))
    old = sys.excepthook
    try:
        app.install_error_hooks(window)
        hook = sys.excepthook
        try:
            raise RuntimeError("boom in a slot")
        except RuntimeError:
            hook(*sys.exc_info())
        qtbot.waitUntil(lambda: bool(shown), timeout=5_000)
    finally:
        sys.excepthook = old
        from PySide6.QtCore import qInstallMessageHandler

        qInstallMessageHandler(None)
    assert "boom in a slot" in shown[0][0] and shown[0][1] == str(logsetup.log_file())
    assert "boom in a slot" in logsetup.log_file().read_text(encoding="utf-8")
    logsetup.close_logging()


def test_language_is_remembered_and_qt_dialog_words_follow(qtbot):
    from tfgpu_wizard.gui import i18n
    from tfgpu_wizard.gui.app import create_window, initial_language

    win = create_window("en")
    qtbot.addWidget(win)
    win.btn_zh.click()
    assert initial_language() == "zh_CN"  # what the next launch starts in
    # Qt's own words (file dialogs, message box buttons) come from qtbase_zh_CN.qm
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"
    win.btn_en.click()
    assert initial_language() == "en"
    win.shutdown()
    i18n.switch("en")


def test_verified_python_is_remembered_across_launches(tmp_path):
    from tfgpu_wizard.gui.mainwindow import AppState, settings

    py = tmp_path / "env" / "bin" / "python"
    py.parent.mkdir(parents=True)
    py.write_text("")
    settings().setValue("verified_python", str(py))
    settings().sync()
    assert AppState().target_python == str(py)
    settings().setValue("verified_python", str(tmp_path / "gone" / "python"))  # deleted since: not used
    assert AppState().target_python != str(tmp_path / "gone" / "python")


def test_setup_next_and_back_walk_the_four_steps(window, qtbot):
    page = window.show_page("setup")
    assert page.current_step() == "machine" and not page.btn_back.isEnabled()
    for expected in ("choose", "commands", "verify"):
        qtbot.mouseClick(page.btn_next, Qt.MouseButton.LeftButton)
        assert page.current_step() == expected
    assert not page.btn_next.isEnabled()
    qtbot.mouseClick(page.btn_back, Qt.MouseButton.LeftButton)
    assert page.current_step() == "commands"
    window.set_language("zh_CN")
    assert "下一步" in page.btn_next.text()


def test_sanity_result_follows_the_language_and_is_cleared_when_the_python_changes(window, qtbot, tmp_path):
    """Audit d2/d3: the verdict stayed English after 中文, and stayed under a new Python's path."""
    import re

    page = window.show_page("sanity")
    missing = str(tmp_path / "no such env" / "bin" / "python")
    window.state.target_python = missing
    page.on_shown()
    qtbot.mouseClick(page.btn, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.phase == "done", timeout=30_000)
    english = page.verdict.text()
    assert english and not re.search(r"[\u4e00-\u9fff]", english)
    window.set_language("zh_CN")
    assert re.search(r"[\u4e00-\u9fff]", page.verdict.text()), page.verdict.text()
    window.set_language("en")
    window.state.target_python = sys.executable
    window.show_page("learn")
    window.show_page("sanity")
    assert "The Python changed" in page.verdict.text() and missing in page.verdict.text()


def test_sanity_on_a_python_that_cannot_start_says_what_the_cli_says(window, qtbot, tmp_path, capsys):
    """One flow behind both faces (core.flows.sanity). The CLI used to answer "no TensorFlow" (and "install
    TensorFlow") for a Python that could not even be started; the window said it could not be started."""
    import html
    import json

    from tfgpu_wizard.cli import main

    missing = str(tmp_path / "no such env" / "bin" / "python")
    window.state.target_python = missing
    page = window.show_page("sanity")
    with qtbot.waitSignal(page.checker.finished, timeout=30_000):
        assert page.start(steps=20)
    assert main(["--lang", "en", "sanity", "--json", "--no-host", "--python", missing]) == 3
    cli = json.loads(capsys.readouterr().out)["verdict"]
    gui = page.sanity
    assert cli["status"] == gui.status == "not-started"
    assert cli["headline"] == gui.headline and cli["lines"] == gui.lines
    assert gui.headline in html.unescape(page.verdict.text())
