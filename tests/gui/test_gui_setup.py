"""Setup → Choose and Setup → Commands with real recommendations, real plans, real bash processes.

Hosts: the doctor report recorded on an H200 (resources/recordings/doctor-h200.json, a recording),
the fixtures in tests/fixtures/host/, and hand-built Windows / no-driver / WSL2 hosts.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox

from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup.host_model import DriverInfo, GpuInfo, HostReport, OSInfo, PythonInfo
from tfgpu_wizard.core.setup.matrix import load_matrix
from tfgpu_wizard.core.setup.recommend import recommend
from tfgpu_wizard.core.setup.shells import Step
from tfgpu_wizard.gui.pages.setup_choose import ChooseView
from tfgpu_wizard.gui.pages.setup_commands import CommandsView, PlanRunner

pytestmark = pytest.mark.gui

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "host"
posix_only = pytest.mark.skipif(os.name != "posix" or sys.platform == "darwin", reason="runs bash plans")


def recorded_h200() -> HostReport:
    return HostReport.from_dict(json.loads((resources_dir() / "recordings" / "doctor-h200.json").read_text("utf-8")))


def windows_host() -> HostReport:
    return HostReport(
        os=OSInfo(system="windows", machine="AMD64", windows_build=22631, version="Windows 11 23H2"),
        python=PythonInfo(executable="C:\\Python312\\python.exe", version="3.12.1"),
        driver=DriverInfo(present=True, version="551.61", cuda_version="12.4", source="nvml"),
        gpus=[GpuInfo(index=0, name="NVIDIA GeForce RTX 3060", memory_total_mib=12288, compute_capability="8.6")],
    )


def no_driver_host() -> HostReport:
    return HostReport(
        os=OSInfo(system="linux", machine="x86_64", glibc="2.36", version="Debian GNU/Linux 12"),
        python=PythonInfo(executable="/usr/bin/python3", version="3.11.2"),
        driver=DriverInfo(present=False, error="libnvidia-ml.so.1 not found"),
    )


@pytest.fixture
def choose(qtbot):
    view = ChooseView()
    qtbot.addWidget(view)
    view.resize(1180, 640)
    view.show()
    return view


def table_rows(view: ChooseView) -> list[list[str]]:
    t = view.table
    return [[t.item(r, c).text() for c in range(t.columnCount())] for r in range(t.rowCount())]


@pytest.mark.parametrize("source", ["recording", "doctor-h200.json", "doctor-h200-smi-fallback.json"])
def test_choose_puts_the_recommendation_first_with_reasons(choose, source):
    host = recorded_h200() if source == "recording" else HostReport.from_dict(
        json.loads((FIXTURES / source).read_text("utf-8")))
    choose.set_host(host)
    rec = recommend(load_matrix(), host)
    rows = table_rows(choose)
    assert len(rows) == len(rec.candidates)
    best = rec.best
    assert rows[0][0] == best.row.tensorflow and "recommended" in rows[0][4] and rows[0][4].startswith("✓")
    assert choose.table.item(0, 0).font().bold()
    assert not choose.rec_box.isHidden()
    assert f"TensorFlow {best.row.version}" in choose.rec_title.text()
    assert "Why" in choose.rec_why.text() and "Driver" in choose.rec_why.text()
    # every other row is greyed and every ruled-out row says why with ✗ and words
    for r, cand in enumerate(rec.candidates[1:], 1):
        assert choose.table.item(r, 0).foreground().color().name() == "#8a8a8a"
        if cand.status == "ruled-out":
            assert rows[r][4].startswith("✗") and rows[r][5].startswith("✗") and len(rows[r][5]) > 10
        elif cand.status == "works-with-caveats":
            assert rows[r][4].startswith("!")
    assert choose.win_box.isHidden()  # a Linux host gets no Windows comparison
    choice = choose.choice()
    assert choice.row.tensorflow == best.row.tensorflow and choice.method == best.best_method.method


def test_pinning_a_version_and_method_shows_the_cost(choose, qtbot):
    choose.set_host(recorded_h200())
    seen = []
    choose.choice_changed.connect(seen.append)
    choose.pin_tf("2.13")
    choose.pin_method("conda")
    text = choose.cost.text()
    assert "older than the recommended" in text and "conda instead of the recommended pip" in text
    assert seen[-1].row.tensorflow == "2.13" and seen[-1].method == "conda"
    # a ruled-out pin is said plainly and gives no plan
    choose.pin_method(None)
    choose.pin_tf("2.3")
    assert "does not work here" in choose.cost.text()
    assert choose.choice() is None
    # clicking a table row pins that version
    row = next(r for r in range(choose.table.rowCount()) if choose.table.item(r, 0).text() == "2.18")
    choose.table.cellClicked.emit(row, 0)
    assert choose.tf_combo.currentData() == "2.18" and seen[-1].row.tensorflow == "2.18"


def test_windows_host_gets_the_side_by_side_choice(choose):
    host = windows_host()
    choose.set_host(host)
    wc = recommend(load_matrix(), host).windows_choice
    assert wc is not None and not choose.win_box.isHidden()
    native, wsl = choose.win_native.text(), choose.win_wsl.text()
    assert "2.10" in native and wc.native_pros[0].message in native
    assert wc.wsl2_cons[0].message in wsl and wc.wsl2.row.version in wsl
    assert ("suggested" in wsl) == (wc.suggested == "wsl2")
    assert "DirectML" in choose.win_directml.text()
    # rows after 2.10 are ruled out on native Windows, with the reason in words
    rows = {r[0]: r for r in table_rows(choose)}
    assert rows["2.15"][4].startswith("✗") and "WSL2" in rows["2.15"][5]


def test_no_driver_host_is_a_cpu_only_recommendation(choose):
    choose.set_host(no_driver_host())
    assert "No NVIDIA driver" in choose.notes.text() and not choose.notes.isHidden()
    assert "CPU only" in choose.rec_title.text()


def test_choose_empty_state_before_detection_and_in_chinese(window, qtbot):
    # create_window() builds the window without detecting (app.main starts detection after the first
    # paint), so this window has no host and detects nothing unless asked: the empty state is certain.
    assert window.state.host is None and not window.detecting()
    page = window.show_page("setup")
    page.show_step(1)
    choose = page.choose
    assert choose.host is None and choose.choice() is None
    assert not choose.empty.isHidden() and choose.empty.text() == "Waiting for the machine to be detected (step 1)…"
    for w in (choose.table, choose.rec_box, choose.tf_combo, choose.method_combo, choose.cost):
        assert w.isHidden()
    window.set_language("zh_CN")  # the empty state is translated live too
    assert choose.empty.text() == "正在等待检测电脑（第 1 步）…" and not choose.empty.isHidden()
    window.set_language("en")
    assert not window.detecting() and window.state.host is None  # still nothing detected behind our back
    page.set_host(recorded_h200())
    assert page.choose.empty.isHidden() and page.choose.table.rowCount() > 5
    window.set_language("zh_CN")
    assert page.choose.rec_box.title() == "推荐"
    assert "推荐" in page.choose.table.item(0, 4).text()
    window.set_language("en")
    assert page.choose.rec_box.title() == "Recommended"


# -------------------------------------------------------------------------------- commands


@pytest.fixture
def setup_page(window):
    page = window.show_page("setup")
    page.set_host(recorded_h200())
    page.show_step(2)
    return page


def test_commands_tabs_match_the_plans(setup_page, tmp_path):
    from tfgpu_wizard.core.setup.plan import build_plan

    view: CommandsView = setup_page.commands
    prefix = str(tmp_path / "my env 环境")
    view.prefix.setText(prefix)
    view.rebuild()
    assert [view.tabs.tabText(i) for i in range(view.tabs.count())] == ["bash", "zsh", "PowerShell"]
    choice = setup_page.choose.choice()
    host = setup_page.state.host
    for shell in ("bash", "zsh", "powershell"):
        expected = build_plan(choice.row, host, choice.method, shell, prefix).script()
        assert view.script_text(shell) == expected
    view.tabs.setCurrentIndex(0)
    view.copy_script()
    assert QGuiApplication.clipboard().text() == view.plans["bash"].script()
    view.copy_commands()
    clip = QGuiApplication.clipboard().text()
    assert prefix.replace("'", "") in clip and "pip install" in clip and "run()" not in clip
    # another choice rebuilds the tabs
    setup_page.choose.pin_method("conda")
    assert "conda" in view.plans["bash"].script()


def test_windows_plan_has_powershell_and_cmd_tabs(window):
    page = window.show_page("setup")
    page.commands.prefix.setText("C:\\Users\\Ana Li\\tf 环境")
    page.set_host(windows_host())
    page.choose.pin_tf("2.10")
    view = page.commands
    assert [view.tabs.tabText(i) for i in range(view.tabs.count())] == ["PowerShell", "cmd.exe"]
    assert view.btn_run.isHidden()  # "Run it for me" is bash on Linux/WSL only


class AnswerMessageBox:
    """Waits for the next real QMessageBox among the top-level widgets and clicks one of its buttons.

    A polling QTimer (the box is modal: its own event loop runs while the code under test waits in it).
    ``seen`` keeps (title, text, default button) of each box answered; ``stop()`` ends the polling.
    """

    def __init__(self, button: QMessageBox.StandardButton) -> None:
        from PySide6.QtCore import QTimer

        self.button = button
        self.seen: list[tuple[str, str, QMessageBox.StandardButton]] = []
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self._poll)
        self.timer.start()

    def _poll(self) -> None:
        from PySide6.QtWidgets import QApplication

        for w in QApplication.topLevelWidgets():
            if isinstance(w, QMessageBox) and w.isVisible():
                default = w.standardButton(w.defaultButton()) if w.defaultButton() else None
                self.seen.append((w.windowTitle(), w.text(), default))
                self.timer.stop()
                w.button(self.button).click()
                return

    def stop(self) -> None:
        self.timer.stop()


def test_save_writes_the_files_and_asks_before_overwriting(setup_page, tmp_path):
    view: CommandsView = setup_page.commands
    folder = tmp_path / "保存 plan"
    no_box = AnswerMessageBox(QMessageBox.StandardButton.No)
    written = view.save_plan(folder)  # a new folder: nothing to ask
    no_box.stop()
    assert no_box.seen == []
    names = {p.name for p in written}
    assert {"install.sh", "requirements.txt", "README.md"} <= names
    assert (folder / "install.sh").read_text("utf-8") == view.plans["bash"].script()
    assert "Saved in" in view.message.text()
    # the user edits the script; saving again must ask in a real dialog, and "No" keeps the edit
    (folder / "install.sh").write_text("# my edits\n", encoding="utf-8")
    answer = AnswerMessageBox(QMessageBox.StandardButton.No)
    try:
        assert view.save_plan(folder) == []
    finally:
        answer.stop()
    assert len(answer.seen) == 1
    title, text, default = answer.seen[0]
    assert title == "Replace your files?"
    assert str(folder / "install.sh") in text and "requirements.txt" not in text  # only the edited file
    assert default == QMessageBox.StandardButton.No  # Enter keeps the user's files
    assert (folder / "install.sh").read_text("utf-8") == "# my edits\n"
    assert "unchanged" in view.message.text()
    # asked again, "Yes" replaces it with the plan
    answer = AnswerMessageBox(QMessageBox.StandardButton.Yes)
    try:
        assert view.save_plan(folder)
    finally:
        answer.stop()
    assert len(answer.seen) == 1 and answer.seen[0][0] == "Replace your files?"
    assert (folder / "install.sh").read_text("utf-8") == view.plans["bash"].script()
    assert "Saved in" in view.message.text()


@posix_only
def test_runner_shows_each_command_then_its_output(qtbot, tmp_path):
    folder = tmp_path / "run 目录"
    folder.mkdir()
    (folder / "note.txt").write_text("hello from the plan folder\n", encoding="utf-8")
    runner = PlanRunner()
    out: list[str] = []
    started: list[tuple[int, str, str]] = []
    runner.output.connect(out.append)
    runner.step_started.connect(lambda i, t, c: started.append((i, t, c)))
    steps = [
        Step("Say hello", argv=("echo", "hi there")),
        Step("Read a file beside the script", snippet={"posix": 'cat "$HERE"/note.txt'}),
        Step("Done by hand: reboot"),
        Step("Windows only", argv=("echo", "never"), platforms=("windows",)),
    ]
    with qtbot.waitSignal(runner.finished, timeout=20_000) as blocker:
        runner.start(steps, folder)
    assert blocker.args == ["ok"]
    assert runner.results == ["ok", "ok", "manual", "skipped"]
    assert out.index("$ echo 'hi there'") < out.index("hi there")
    assert "hello from the plan folder" in out
    assert "never" not in out
    assert [s[0] for s in started] == [0, 1, 2]


@posix_only
def test_admin_step_waits_for_confirmation_and_no_skips_or_stops(qtbot, tmp_path):
    marker = tmp_path / "admin ran"
    steps = [
        Step("Pretend admin step", argv=("touch", str(marker)), admin=True, admin_reason="writes system files"),
        Step("Ordinary step", argv=("echo", "after")),
    ]
    asked = []

    def skip(step):
        asked.append(step.text())
        return "skip"

    runner = PlanRunner(ask_admin=skip)
    with qtbot.waitSignal(runner.finished, timeout=20_000) as blocker:
        runner.start(steps, tmp_path)
    assert blocker.args == ["ok"] and asked == ["Pretend admin step"]
    assert runner.results == ["skipped", "ok"] and not marker.exists()

    runner.ask_admin = lambda step: "stop"
    with qtbot.waitSignal(runner.finished, timeout=20_000) as blocker:
        runner.start(steps, tmp_path)
    assert blocker.args == ["stopped"] and runner.results == ["stopped"] and not marker.exists()

    runner.ask_admin = lambda step: "run"
    with qtbot.waitSignal(runner.finished, timeout=20_000) as blocker:
        runner.start(steps, tmp_path)
    assert blocker.args == ["ok"] and marker.exists()


@posix_only
def test_admin_confirmation_dialog_appears(qtbot, tmp_path, monkeypatch):
    """The real dialog of the runner: it is shown for the admin step, and pressing "Skip" skips it."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    seen = []

    def press_skip():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(50, press_skip)
            return
        seen.append(box.informativeText())
        skip = next(b for b in box.buttons() if b.text() == "Skip this step")
        skip.click()

    runner = PlanRunner()
    QTimer.singleShot(50, press_skip)
    with qtbot.waitSignal(runner.finished, timeout=20_000) as blocker:
        runner.start([Step("Install a system package", argv=("true",), admin=True, admin_reason="apt")], tmp_path)
    assert blocker.args == ["ok"] and runner.results == ["skipped"]
    assert seen and "Install a system package" in seen[0] and "apt" in seen[0]


@posix_only
def test_cancel_kills_a_long_running_step(setup_page, qtbot, tmp_path):
    view: CommandsView = setup_page.commands
    steps = [Step("Wait a long time", argv=("sleep", "300")), Step("Never reached", argv=("echo", "no"))]
    assert view.run_steps(steps, tmp_path)
    assert not view.run_panel.isHidden() and view.btn_cancel.isEnabled() and not view.btn_run.isEnabled()
    qtbot.waitUntil(lambda: view.runner.pid() is not None, timeout=5_000)
    pid = view.runner.pid()
    assert setup_page.busy()
    t0 = time.monotonic()
    with qtbot.waitSignal(view.runner.finished, timeout=10_000) as blocker:
        view.btn_cancel.click()
    assert blocker.args == ["cancelled"] and time.monotonic() - t0 < 5
    assert view.runner.results == ["cancelled"]
    assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split(")")[1][:3]
    assert "$ sleep 300" in view.run_log.toPlainText() and "Cancelled by you" in view.run_step.text()
    assert view.btn_run.isEnabled() and not setup_page.busy()


@posix_only
def test_run_it_for_me_runs_the_real_plan_up_to_an_admin_step(window, qtbot, tmp_path, monkeypatch):
    """A real docker plan: its first step needs sudo; answering "Stop" ends the run before anything ran."""
    page = window.show_page("setup")
    page.set_host(recorded_h200())
    page.commands.prefix.setText(str(tmp_path / "ws"))
    page.choose.pin_method("docker")
    view = page.commands
    view.tabs.setCurrentIndex(0)
    assert view.current_shell() == "bash" and view.btn_run.isEnabled()
    asked = []
    view.runner.ask_admin = lambda step: asked.append(step.command("bash")) or "stop"
    view.confirm_run = lambda summary: True
    with qtbot.waitSignal(view.runner.finished, timeout=20_000) as blocker:
        assert view.run_plan(tmp_path / "plan folder")
    assert blocker.args == ["stopped"] and asked and "sudo" in asked[0]
    assert (tmp_path / "plan folder" / "install.sh").is_file()


def test_windows_host_can_plan_for_wsl2_instead(window):
    """The side core suggests is planned first, as `tfgpu-wizard plan` plans it for the same host (the window
    used to plan native Windows by default while marking WSL2 "suggested"); either button switches."""
    from tfgpu_wizard.core.flows.choose import choose

    page = window.show_page("setup")
    page.set_host(windows_host())
    view = page.commands
    rec = recommend(load_matrix(), windows_host())
    assert rec.windows_choice.suggested == "wsl2" and choose(rec).choice.platform == "wsl2"
    assert page.choose.choice().platform == "wsl2" and page.choose.btn_wsl.isChecked()
    page.choose.btn_native.click()
    assert page.choose.choice().platform == "windows" and page.choose.btn_native.isChecked()
    view.prefix.setText("C:\\Users\\Ana\\tf")
    view.rebuild()
    assert [view.tabs.tabText(i) for i in range(view.tabs.count())] == ["PowerShell", "cmd.exe"]
    page.choose.btn_wsl.click()
    if not view.plans:  # a Linux folder is needed for WSL2 unless this machine is Linux
        view.prefix.setText("/home/ana/tf wsl")
        view.rebuild()
    choice = page.choose.choice()
    assert choice.platform == "wsl2" and page.choose.btn_wsl.isChecked()
    assert [view.tabs.tabText(i) for i in range(view.tabs.count())] == ["bash", "zsh"]
    assert f"TensorFlow {choice.row.version}" in view.plans["bash"].script()
    page.choose.btn_native.click()
    assert page.choose.choice().platform == "windows" and view.prefix.text() == "C:\\Users\\Ana\\tf"
    assert [view.tabs.tabText(i) for i in range(view.tabs.count())] == ["PowerShell", "cmd.exe"]
