"""Setup → Commands: the install plan per shell, copy, "Save as…", and "Run it for me".

``CommandsView.set_choice(choice, host)`` builds one ``core.plan.Plan`` per shell valid for the row's
platform (one tab each, the text is exactly ``plan.script()``). "Save as…" writes the folder with
``write_plan`` and asks before overwriting files the user edited (``PlanExistsError``).

"Run it for me" (bash, on Linux/WSL only) hands the plan's steps to ``PlanRunner``: one ``QProcess``
per step, the command printed before it starts, output streamed live, a progress bar, Cancel, and
every administrator step behind its own confirmation dialog ("Run" / "Skip this step" / "Stop").
Nothing blocks the GUI thread.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QProcess, QProcessEnvironment, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tfgpu_wizard.core.plan import shells_for
from tfgpu_wizard.gui.widgets import empty_state, verdict_html, wrap_label

SHELL_TITLES = {"bash": "bash", "zsh": "zsh", "powershell": "PowerShell", "cmd": "cmd.exe"}


def _t(text: str) -> str:
    return QCoreApplication.translate("SetupCommands", text)


def can_run_here(platform: str, shell: str) -> bool:
    """"Run it for me" exists for bash plans of Linux/WSL2 rows, on a POSIX machine that has bash."""
    return shell == "bash" and platform in ("linux", "wsl2") and os.name == "posix" and sys.platform != "darwin"


def monospace() -> QFont:
    f = QFont("monospace")
    f.setStyleHint(QFont.StyleHint.Monospace)
    return f


# ------------------------------------------------------------------------------------------ runner


class PlanRunner(QObject):
    """Run plan steps one after the other, each as ``bash -c`` in its own ``QProcess``.

    ``ask_admin(step) -> "run" | "skip" | "stop"`` is called (on the GUI thread) before every
    administrator step; the default shows a dialog. Steps limited to other platforms and steps
    with no command (done by hand) are reported and skipped. ``HERE`` is set to ``cwd``, as the
    generated script does, so steps that name files beside the script find them.
    """

    step_started = Signal(int, str, str)  # index, explanation, command
    output = Signal(str)
    step_finished = Signal(int, str)  # index, "ok" | "failed" | "skipped" | "manual" | "cancelled" | "timeout"
    progress = Signal(int, int)  # steps done, total
    finished = Signal(str)  # "ok" | "failed" | "cancelled" | "stopped"

    def __init__(self, parent=None, ask_admin: Callable[[Any], str] | None = None) -> None:
        super().__init__(parent)
        self.ask_admin = ask_admin or self._ask_dialog
        self._steps: list[Any] = []
        self._i = -1
        self._proc: QProcess | None = None
        self._cwd = ""
        self._env: dict[str, str] = {}
        self._cancelled = False
        self._timeout = QTimer(self)
        self._timeout.setSingleShot(True)
        self._timeout.timeout.connect(self._on_timeout)
        self._timed_out = False
        self.step_timeout_s = 3600.0
        self.results: list[str] = []
        self.status = "idle"

    def is_running(self) -> bool:
        return self.status == "running"

    def start(self, steps: Sequence[Any], cwd: str | os.PathLike[str], env: dict[str, str] | None = None) -> None:
        if self.is_running():
            raise RuntimeError("a plan is already running")
        self._steps = list(steps)
        self._cwd = os.fspath(cwd)
        self._env = dict(env or {})
        self._i = -1
        self._cancelled = False
        self.results = []
        self.status = "running"
        self.progress.emit(0, len(self._steps))
        QTimer.singleShot(0, self._next)

    def cancel(self) -> None:
        """Stop now: terminate the running step (kill after 3 s); no further step starts."""
        if not self.is_running():
            return
        self._cancelled = True
        proc = self._proc
        if proc is not None and proc.state() != QProcess.ProcessState.NotRunning:
            proc.terminate()
            QTimer.singleShot(3000, self._kill)
        else:
            QTimer.singleShot(0, lambda: self._finish("cancelled"))

    def shutdown(self, wait_ms: int = 5000) -> None:
        self._cancelled = True
        self._timeout.stop()
        proc = self._proc
        if proc is not None and proc.state() != QProcess.ProcessState.NotRunning:
            proc.kill()
            proc.waitForFinished(wait_ms)
        if self.is_running():
            self._finish("cancelled")

    def _kill(self) -> None:
        proc = self._proc
        if proc is not None and proc.state() != QProcess.ProcessState.NotRunning:
            proc.kill()

    # -- steps ------------------------------------------------------------------------------

    def _ask_dialog(self, step: Any) -> str:
        box = QMessageBox(QMessageBox.Icon.Warning, _t("Administrator step"),
                          _t("This step needs administrator rights:"), parent=None)
        cmd = step.command("bash") or ""
        box.setInformativeText(f"{step.text()}\n\n{step.reason()}\n\n{cmd}\n\n"
                               + _t("sudo may ask for your password in a terminal; if it cannot, skip this "
                                    "step and run it in a terminal yourself."))
        run = box.addButton(_t("Run this step"), QMessageBox.ButtonRole.AcceptRole)
        skip = box.addButton(_t("Skip this step"), QMessageBox.ButtonRole.RejectRole)
        box.addButton(_t("Stop"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(skip)
        box.exec()
        clicked = box.clickedButton()
        return "run" if clicked is run else "skip" if clicked is skip else "stop"

    def _next(self) -> None:
        if not self.is_running():
            return
        if self._cancelled:
            self._finish("cancelled")
            return
        self._i += 1
        if self._i >= len(self._steps):
            self._finish("failed" if "failed" in self.results else "ok")
            return
        i, step = self._i, self._steps[self._i]
        command = step.command("bash")
        text = step.text()
        if step.platforms and "linux" not in step.platforms:
            self._done(i, "skipped", _t("(not for this system: skipped)"))
            return
        if not command:
            self.step_started.emit(i, text, "")
            self._done(i, "manual", _t("(a step you do by hand; see the script's comment)"))
            return
        if step.admin:
            answer = self.ask_admin(step)
            if answer == "stop":
                self.results.append("stopped")
                self.step_finished.emit(i, "stopped")
                self._finish("stopped")
                return
            if answer != "run":
                self.step_started.emit(i, text, command)
                self._done(i, "skipped", _t("(administrator step skipped by you)"))
                return
        self.step_started.emit(i, text, command)
        self.output.emit(f"$ {command}")
        proc = QProcess(self)
        env = QProcessEnvironment.systemEnvironment()
        env.insert("HERE", self._cwd)
        env.insert("PYTHONUNBUFFERED", "1")
        for k, v in self._env.items():
            env.insert(k, v)
        proc.setProcessEnvironment(env)
        proc.setWorkingDirectory(self._cwd)
        proc.setProcessChannelMode(QProcess.ProcessChannelMode.MergedChannels)
        proc.readyReadStandardOutput.connect(self._read)
        proc.finished.connect(self._on_finished)
        proc.errorOccurred.connect(self._on_error)
        self._proc = proc
        self._timed_out = False
        proc.start("bash", ["-c", "set -euo pipefail\n" + command])
        self._timeout.start(int(self.step_timeout_s * 1000))

    def _read(self) -> None:
        proc = self._proc
        if proc is None:
            return
        text = bytes(proc.readAllStandardOutput().data()).decode("utf-8", errors="replace")
        text = text.replace("\r\n", "\n").rstrip("\n")
        if text:
            self.output.emit(text)

    def _on_error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart and self._proc is not None:
            self._timeout.stop()
            self._done(self._i, "failed", _t("Could not start bash: {0}").format(self._proc.errorString()))

    def _on_timeout(self) -> None:
        if self._proc is not None and self._proc.state() != QProcess.ProcessState.NotRunning:
            self._timed_out = True
            self._proc.kill()

    def _on_finished(self, code: int, status: QProcess.ExitStatus) -> None:
        self._timeout.stop()
        self._read()
        if self._cancelled:
            result = "cancelled"
        elif self._timed_out:
            result = "timeout"
        elif status == QProcess.ExitStatus.NormalExit and code == 0:
            result = "ok"
        else:
            result = "failed"
        note = "" if result == "ok" else _t("(exit code {0})").format(code) if result == "failed" else ""
        self._done(self._i, result, note)

    def _done(self, i: int, result: str, note: str = "") -> None:
        if note:
            self.output.emit(note)
        if self._proc is not None:
            self._proc.deleteLater()
            self._proc = None
        self.results.append(result)
        self.step_finished.emit(i, result)
        self.progress.emit(i + 1, len(self._steps))
        if result in ("failed", "timeout"):
            self._finish("failed")
        elif result == "cancelled":
            self._finish("cancelled")
        else:
            QTimer.singleShot(0, self._next)

    def _finish(self, status: str) -> None:
        if self.status != "running":
            return
        self._timeout.stop()
        self.status = status
        self.finished.emit(status)


# ------------------------------------------------------------------------------------------ view


class CommandsView(QWidget):
    """The plan for the current choice, one tab per shell."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.choice = None
        self.host = None
        self.plans: dict[str, Any] = {}  # shell -> Plan
        self.error = ""
        self.run_folder: Path | None = None
        self._prefixes: dict[str, str] = {}  # platform -> folder typed for it
        self.runner = PlanRunner(self)
        self.runner.step_started.connect(self._on_step_started)
        self.runner.output.connect(self._on_output)
        self.runner.progress.connect(self._on_progress)
        self.runner.finished.connect(self._on_run_finished)

        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        self.empty = empty_state()
        root.addWidget(self.empty)
        self.title = wrap_label()
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        root.addWidget(self.title)
        self.why = wrap_label()
        self.why.setTextFormat(Qt.TextFormat.RichText)
        root.addWidget(self.why)
        row = QHBoxLayout()
        self.lab_prefix = QLabel()
        self.prefix = QLineEdit()
        self.lab_prefix.setBuddy(self.prefix)
        self.btn_remake = QPushButton()
        self.btn_remake.clicked.connect(self.rebuild)
        self.prefix.returnPressed.connect(self.rebuild)
        row.addWidget(self.lab_prefix)
        row.addWidget(self.prefix, 1)
        row.addWidget(self.btn_remake)
        root.addLayout(row)

        self.split = QSplitter(Qt.Orientation.Vertical)
        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        self.tabs = QTabWidget()
        self.tabs.setMinimumHeight(160)
        tl.addWidget(self.tabs, 1)
        buttons = QHBoxLayout()
        self.btn_copy = QPushButton()
        self.btn_copy.clicked.connect(self.copy_script)
        self.btn_copy_cmds = QPushButton()
        self.btn_copy_cmds.clicked.connect(self.copy_commands)
        self.btn_save = QPushButton()
        self.btn_save.clicked.connect(self._save_dialog)
        self.btn_run = QPushButton()
        self.btn_run.clicked.connect(lambda: self.run_plan())  # not clicked(bool) as `folder`
        self.btn_cancel = QPushButton()
        self.btn_cancel.clicked.connect(self.runner.cancel)
        self.btn_cancel.setEnabled(False)
        for b in (self.btn_copy, self.btn_copy_cmds, self.btn_save):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.btn_run)
        buttons.addWidget(self.btn_cancel)
        tl.addLayout(buttons)
        self.message = wrap_label()
        self.message.setTextFormat(Qt.TextFormat.RichText)
        tl.addWidget(self.message)
        self.split.addWidget(top)

        bottom = QWidget()
        bl = QVBoxLayout(bottom)
        bl.setContentsMargins(0, 0, 0, 0)
        self.run_step = wrap_label()
        self.run_progress = QProgressBar()
        self.run_log = QPlainTextEdit()
        self.run_log.setReadOnly(True)
        self.run_log.setFont(monospace())
        self.run_log.setMaximumBlockCount(20_000)
        bl.addWidget(self.run_step)
        bl.addWidget(self.run_progress)
        bl.addWidget(self.run_log, 1)
        self.split.addWidget(bottom)
        self.split.setStretchFactor(0, 3)
        self.split.setStretchFactor(1, 2)
        self.run_panel = bottom
        bottom.setVisible(False)
        root.addWidget(self.split, 1)
        self.tabs.currentChanged.connect(self._update_buttons)
        self.retranslate()

    # -- text -------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.lab_prefix.setText(_t("Environment folder:"))
        self.prefix.setPlaceholderText(_t("empty: a folder in your home (tf-<version>-gpu)"))
        self.btn_remake.setText(_t("Update the plan"))
        self.btn_copy.setText(_t("Copy script"))
        self.btn_copy_cmds.setText(_t("Copy commands only"))
        self.btn_save.setText(_t("Save as…"))
        self.btn_run.setText("▶ " + _t("Run it for me"))
        self.btn_cancel.setText("■ " + _t("Cancel"))
        self.rebuild()

    # -- plans ------------------------------------------------------------------------------

    def set_choice(self, choice: Any, host: Any) -> None:
        # The folder is per platform: a Windows path makes no sense for the WSL2 plan and vice versa.
        old = self.choice.platform if self.choice is not None else None
        new = choice.platform if choice is not None else None
        if old is not None:
            self._prefixes[old] = self.prefix.text()
        if new is not None and new != old and old is not None:
            self.prefix.setText(self._prefixes.get(new, ""))
        self.choice = choice
        self.host = host
        self.rebuild()

    def shells(self) -> tuple[str, ...]:
        return shells_for(self.choice.platform) if self.choice else ()

    def rebuild(self) -> None:
        """Build one plan per shell for the current choice (language, folder or choice changed)."""
        if self.runner.is_running():
            return
        keep = self.current_shell()
        self.plans = {}
        self.error = ""
        self.tabs.clear()
        if self.choice is not None:
            from tfgpu_wizard.core.plan import PlanError, build_plan

            prefix = self.prefix.text().strip() or None
            for shell in self.shells():
                try:
                    self.plans[shell] = build_plan(self.choice.row, self.host, self.choice.method, shell, prefix)
                except PlanError as exc:
                    self.error = str(exc)
                    break
                except Exception as exc:  # noqa: BLE001 - shown, never a crash of the page
                    self.error = f"{type(exc).__name__}: {exc}"
                    break
            if self.error:
                self.plans = {}
        for shell, plan in self.plans.items():
            view = QPlainTextEdit()
            view.setReadOnly(True)
            view.setFont(monospace())
            view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            view.setPlainText(plan.script())
            view.setObjectName(f"script-{shell}")
            # Open at the first step: the helper functions at the top are not what a beginner reads first.
            cursor = view.document().find("[1/")
            if not cursor.isNull():
                view.verticalScrollBar().setValue(max(0, cursor.block().firstLineNumber() - 1))
            self.tabs.addTab(view, SHELL_TITLES.get(shell, shell))
        if keep in self.plans:
            self.tabs.setCurrentIndex(list(self.plans).index(keep))
        self._show_state()

    def _show_state(self) -> None:
        has = bool(self.plans)
        self.empty.setVisible(not has)
        for w in (self.title, self.why, self.split):
            w.setVisible(has)
        show_prefix = self.choice is not None and self.choice.method != "docker" or has
        for w in (self.lab_prefix, self.prefix, self.btn_remake):
            w.setVisible(self.choice is not None and show_prefix)
        if self.choice is None:
            self.empty.setText(_t("Choose a TensorFlow version and an install method in step 2 first."))
        elif self.error:
            self.empty.setText(_t("No plan for this choice: {0}").format(self.error))
        if has:
            plan = next(iter(self.plans.values()))
            self.title.setText(plan.title())
            notes = [w for w in plan.why if w.kind in ("why", "warning")]
            self.why.setText("<br>".join(
                verdict_html("warn" if w.kind == "warning" else "info", w.text()) for w in notes[:4]))
            admin = sum(1 for s in plan.steps if s.admin)
            if admin:
                self.message.setText(verdict_html(
                    "warn", _t("{0} step(s) need administrator rights; “Run it for me” asks before each one.")
                    .format(admin)))
            elif not self.message.text():
                self.message.setText("")
        self._update_buttons()

    def current_shell(self) -> str | None:
        i = self.tabs.currentIndex()
        shells = list(self.plans)
        return shells[i] if 0 <= i < len(shells) else None

    def current_plan(self):
        shell = self.current_shell()
        return self.plans.get(shell) if shell else None

    def script_text(self, shell: str) -> str:
        view = self.tabs.widget(list(self.plans).index(shell))
        return view.toPlainText()

    def _update_buttons(self) -> None:
        plan = self.current_plan()
        running = self.runner.is_running()
        for b in (self.btn_copy, self.btn_copy_cmds, self.btn_save):
            b.setEnabled(plan is not None)
        runnable = plan is not None and can_run_here(plan.platform, plan.shell)
        self.btn_run.setVisible(runnable or running)
        self.btn_run.setEnabled(runnable and not running)
        self.btn_cancel.setVisible(runnable or running)
        self.btn_cancel.setEnabled(running)
        self.tabs.setEnabled(not running)
        self.btn_remake.setEnabled(not running)

    # -- copy / save ------------------------------------------------------------------------

    def commands_text(self) -> str:
        plan = self.current_plan()
        if plan is None:
            return ""
        out = []
        for st in plan.steps:
            cmd = st.command(plan.shell)
            if cmd:
                out.append(cmd)
        return "\n".join(out) + "\n"

    def copy_script(self) -> None:
        plan = self.current_plan()
        if plan is not None:
            QGuiApplication.clipboard().setText(plan.script())
            self.message.setText(verdict_html("ok", _t("The script is on the clipboard.")))

    def copy_commands(self) -> None:
        if self.current_plan() is not None:
            QGuiApplication.clipboard().setText(self.commands_text())
            self.message.setText(verdict_html("ok", _t("The commands are on the clipboard.")))

    def _save_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, _t("Save the plan into a folder"), str(Path.home()))
        if folder:
            self.save_plan(folder)

    def save_plan(self, folder: str | os.PathLike[str]) -> list[Path]:
        """Write the current tab's plan into ``folder``; ask before replacing files the user edited."""
        plan = self.current_plan()
        if plan is None:
            return []
        written = self._write(plan, Path(folder))
        if written:
            names = ", ".join(sorted(p.name for p in written))
            self.message.setText(verdict_html("ok", _t("Saved in {0}: {1}").format(folder, names)))
        return written

    def _write(self, plan: Any, folder: Path) -> list[Path]:
        from tfgpu_wizard.core.plan import PlanError, PlanExistsError, write_plan

        try:
            return write_plan(plan, folder)
        except PlanExistsError as exc:
            names = "\n".join(str(p) for p in exc.paths)
            answer = QMessageBox.question(
                self,
                _t("Replace your files?"),
                _t("These files were changed after tfgpu-wizard wrote them (or it did not write them):\n\n{0}"
                   "\n\nReplace them with the new plan?").format(names),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                self.message.setText(verdict_html("info", _t("Nothing was written; your files are unchanged.")))
                return []
            try:
                return write_plan(plan, folder, force=True)
            except PlanError as exc2:
                self.message.setText(verdict_html("bad", str(exc2)))
                return []
        except PlanError as exc:
            self.message.setText(verdict_html("bad", str(exc)))
            return []

    # -- run --------------------------------------------------------------------------------

    def default_run_folder(self, plan: Any) -> Path:
        from tfgpu_wizard.core.paths import user_data_dir

        name = re.sub(r"[^A-Za-z0-9._-]+", "-", f"tf-{plan.tensorflow}-{plan.method}-{plan.shell}")
        return user_data_dir() / "plans" / name

    def run_plan(self, folder: str | os.PathLike[str] | None = None) -> bool:
        """Save the bash plan (default: the user data folder) and run its steps there, one by one."""
        plan = self.current_plan()
        if plan is None or self.runner.is_running() or not can_run_here(plan.platform, plan.shell):
            return False
        target = Path(folder) if folder else self.default_run_folder(plan)
        if not self._write(plan, target):
            return False
        return self.run_steps(plan.steps, target)

    def run_steps(self, steps: Sequence[Any], folder: str | os.PathLike[str]) -> bool:
        """Run ``steps`` (``core.shells.Step``) with ``folder`` as working directory and ``HERE``."""
        if self.runner.is_running():
            return False
        self.run_folder = Path(folder)
        self.run_panel.setVisible(True)
        self.run_log.clear()
        self.run_log.appendPlainText(_t("Running in {0}").format(folder))
        self.runner.start(steps, folder)
        self._update_buttons()
        self.message.setText(verdict_html("busy", _t("Running the plan… Cancel stops it at once.")))
        return True

    def _on_step_started(self, i: int, text: str, command: str) -> None:
        n = len(self.runner._steps)
        self.run_step.setText(verdict_html("busy", _t("Step {0} of {1}: {2}").format(i + 1, n, text)))
        self.run_log.appendPlainText("")
        self.run_log.appendPlainText(f"==> [{i + 1}/{n}] {text}")

    def _on_output(self, text: str) -> None:
        self.run_log.appendPlainText(text)

    def _on_progress(self, done: int, total: int) -> None:
        self.run_progress.setRange(0, max(total, 1))
        self.run_progress.setValue(done)

    def _on_run_finished(self, status: str) -> None:
        self._update_buttons()
        words = {
            "ok": ("ok", _t("All steps finished.")),
            "failed": ("bad", _t("A step failed; the output above says why. The Diagnose page explains logs.")),
            "cancelled": ("warn", _t("Cancelled by you.")),
            "stopped": ("warn", _t("Stopped before an administrator step, as you asked.")),
        }
        kind, text = words.get(status, ("info", status))
        self.run_step.setText(verdict_html(kind, text))
        self.message.setText(verdict_html(kind, text))
        self.run_log.appendPlainText("")
        self.run_log.appendPlainText("== " + text)

    def busy(self) -> bool:
        return self.runner.is_running()

    def shutdown(self) -> None:
        self.runner.shutdown()
