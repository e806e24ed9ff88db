"""Setup → Commands: the install plan per shell, copy, "Save as…", and "Run it for me".

``CommandsView.set_choice(choice, host)`` builds one ``core.setup.plan.Plan`` per shell valid for the row's
platform (one tab each, the text is exactly ``plan.script()``). "Save as…" writes the folder with
``write_plan`` and asks before overwriting files the user edited (``PlanExistsError``).

"Run it for me" (bash on Linux/WSL2, PowerShell on Windows) drives ``core.flows.plan_run`` (``plan --run`` too)
through ``PlanRunner``: one process per step, the command printed before it starts, output streamed live, a
progress bar, Cancel, and every administrator step behind its own confirmation dialog ("Run" / "Skip this
step" / "Stop"). Nothing blocks the GUI thread.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
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

from tfgpu_wizard.core import verdicts
from tfgpu_wizard.core.flows.choose import plan_for
from tfgpu_wizard.core.flows.plan_run import PlanRunResult, default_folder, plan_run, run_steps, runnable_here
from tfgpu_wizard.core.setup.plan import shells_for
from tfgpu_wizard.core.setup.shells import join as shell_join
from tfgpu_wizard.gui.widgets import empty_state, kind_html, verdict_html, wrap_label
from tfgpu_wizard.gui.workers import FlowTask

SHELL_TITLES = {"bash": "bash", "zsh": "zsh", "powershell": "PowerShell", "cmd": "cmd.exe"}


def _t(text: str) -> str:
    return QCoreApplication.translate("SetupCommands", text)


def can_run_here(platform: str, shell: str) -> bool:
    """"Run it for me" exists for bash plans of Linux/WSL2 rows on Linux, and PowerShell plans on Windows."""
    return runnable_here(platform, shell)


def monospace() -> QFont:
    f = QFont("monospace")
    f.setStyleHint(QFont.StyleHint.Monospace)
    return f


# ------------------------------------------------------------------------------------------ runner


class PlanRunner(QObject):
    """The window's side of ``core.flows.plan_run`` (``plan --run`` drives the same flow): a ``FlowTask`` whose
    progress becomes the Commands view's signals and whose questions go to the view's hooks.

    ``ask_admin(step) -> "run" | "skip" | "stop"`` is called (on the GUI thread) before every administrator
    step; the default shows a dialog. ``confirm(summary) -> bool`` and ``replace(paths) -> bool`` answer a whole
    plan's first question and the one about edited files (``start_plan``). Steps limited to other platforms
    and steps with no command (done by hand) are reported and skipped. ``HERE`` is set to ``cwd``, as the
    generated script does, so steps that name files beside the script find them.
    """

    step_started = Signal(int, str, str)  # index, explanation, command
    output = Signal(str)
    step_finished = Signal(int, str)  # index, "ok" | "failed" | "skipped" | "manual" | "cancelled" | "timeout"
    progress = Signal(int, int)  # steps done, total
    running = Signal()  # the first step starts (after the plan's questions)
    finished = Signal(str)  # "ok" | "failed" | "cancelled" | "stopped" (| "declined" | "not-written" | ...)

    def __init__(self, parent=None, ask_admin: Callable[[Any], str] | None = None) -> None:
        super().__init__(parent)
        self.ask_admin = ask_admin or self._ask_dialog
        self.confirm: Callable[[Any], bool] = lambda summary: True
        self.replace: Callable[[list], bool] = lambda paths: False
        self.task = FlowTask(run_steps, self, name="tfgpu-plan-run")
        self.task.progress.connect(self._on_progress)
        self.task.finished.connect(self._on_finished)
        self.task.failed.connect(self._on_failed)
        self.steps: list[Any] = []
        self._pid: int | None = None
        self._started = False
        self.step_timeout_s = 3600.0
        self.results: list[str] = []
        self.status = "idle"
        self.failed_index: int | None = None
        self.result = None  # core.flows.plan_run.PlanRunResult of the last run

    def is_running(self) -> bool:
        return self.task.is_running()

    def pid(self) -> int | None:
        """The process id of the running step, if one runs."""
        return self._pid if self.is_running() else None

    def _reset(self, steps: Sequence[Any]) -> None:
        self.steps = list(steps)
        self.results = []
        self.failed_index = None
        self.result = None
        self._pid = None
        self._started = False
        self.status = "running"

    def start(self, steps: Sequence[Any], cwd: str | os.PathLike[str], env: dict[str, str] | None = None,
              shell: str = "bash") -> None:
        """Run ``steps`` in ``cwd`` (no questions before: the caller has asked)."""
        if self.is_running():
            raise RuntimeError("a plan is already running")
        self._reset(steps)
        self.task.run(run_steps, self.steps, cwd, shell=shell, env=env, step_timeout_s=self.step_timeout_s)
        self.progress.emit(0, len(self.steps))

    def start_plan(self, plan: Any, folder: str | os.PathLike[str]) -> None:
        """Ask (``confirm``), write the plan into ``folder`` (``replace`` edited files?), then run its steps."""
        if self.is_running():
            raise RuntimeError("a plan is already running")
        self._reset(plan.steps)
        self.task.run(plan_run, plan, folder)

    def cancel(self) -> None:
        """Stop now: terminate the running step's process group (kill after 3 s); no further step starts."""
        if self.is_running():
            self.task.cancel()

    def shutdown(self, wait_ms: int = 5000) -> None:
        self.task.shutdown(wait_ms)

    def _on_progress(self, item: Any) -> None:
        if item.kind == "confirm":
            item.reply("install" if self.confirm(item.data) else "cancel")
        elif item.kind == "replace":
            item.reply("yes" if self.replace(item.data) else "no")
        elif item.kind == "admin":
            item.reply(self.ask_admin(item.data))
        elif item.kind == "step":
            if not self._started:
                self._started = True
                self.running.emit()
                self.progress.emit(0, len(self.steps))
            self.step_started.emit(int(item.done), item.text, item.data or "")
            if item.data:
                self.output.emit(f"$ {item.data}")
        elif item.kind == "started":
            self._pid = item.data
        elif item.kind == "line":
            self.output.emit(item.data)
        elif item.kind == "done":
            index = int(item.done) - 1
            self._pid = None
            self.results.append(item.data)
            if item.data in ("failed", "timeout"):
                self.failed_index = index
            self.step_finished.emit(index, item.data)
            self.progress.emit(int(item.done), int(item.total))

    def _on_finished(self, result: Any) -> None:
        self.result = result
        self.status = result.status
        self._pid = None
        self.finished.emit(result.status)

    def _on_failed(self, message: str) -> None:
        self._on_finished(PlanRunResult("not-written", error=message))

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


# ------------------------------------------------------------------------------------------ view


class CommandsView(QWidget):
    """The plan for the current choice, one tab per shell."""

    status = Signal(str)  # for the window's status line while a plan runs ("" when done)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        # confirm_run(summary: core.setup.plan_run.PlanSummary) -> bool, asked before anything is written or run
        self.confirm_run: Callable[[Any], bool] = self._confirm_dialog
        self._last_run: tuple[str, int | None] | None = None  # (status, failed step) for re-rendering
        self._step_blocks: dict[int, int] = {}  # step index -> first log block of that step
        self.choice = None
        self.host = None
        self.plans: dict[str, Any] = {}  # shell -> Plan
        self.error = ""
        self.run_folder: Path | None = None
        self._run_target: Path | None = None  # where the run being started goes (run_folder once it runs)
        self._prefixes: dict[str, str] = {}  # platform -> folder typed for it
        self.runner = PlanRunner(self)
        self.runner.confirm = lambda summary: self.confirm_run(summary)  # a test may replace confirm_run
        self.runner.replace = self._ask_replace
        self.runner.running.connect(self._on_running)
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
        self.btn_remake.setText(_t("Update the plan"))
        self.btn_copy.setText(_t("Copy script"))
        self.btn_copy_cmds.setText(_t("Copy commands only"))
        self.btn_save.setText(_t("Save as…"))
        self.btn_run.setText("▶ " + _t("Run it for me"))
        self.btn_cancel.setText("■ " + _t("Cancel"))
        if self.runner.is_running():
            self.message.setText(verdict_html("busy", _t("Running the plan… Cancel stops it at once.")))
        self.rebuild()
        if self._last_run is not None and not self.runner.is_running():
            self._show_run_result(*self._last_run)

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
        """Build one plan per shell for the current choice (language, folder or choice changed). Not while a
        plan runs (its tabs are what runs); a language switched meanwhile is caught up when it ends (N12)."""
        if self.runner.is_running():
            return
        from tfgpu_wizard.gui import i18n

        self._built_lang = i18n.current()
        keep = self.current_shell()
        self.plans = {}
        self.error = ""
        self.tabs.clear()
        if self.choice is not None:
            from tfgpu_wizard.core.setup.plan import PlanError

            prefix = self.prefix.text().strip() or None
            for shell in self.shells():
                try:
                    # the same arguments as `tfgpu-wizard plan` (core.flows.choose.plan_for)
                    self.plans[shell] = plan_for(self.choice, self.host, shell, prefix)
                except PlanError as exc:
                    self.error = str(exc)
                    break
                except Exception as exc:  # noqa: BLE001 - shown, never a crash of the page
                    self.error = f"{type(exc).__name__}: {exc}"
                    break
            if self.error:
                self.plans = {}
        # The placeholder names the folder the plan really uses when the box is empty (a CPU plan writes
        # tf-2.21-cpu, not the "-gpu" the fixed placeholder said: N16).
        first = next(iter(self.plans.values()), None)
        if first is not None and not self.prefix.text().strip() and first.prefix and first.method != "docker":
            self.prefix.setPlaceholderText(_t("empty: {0}").format(first.prefix))
        else:
            self.prefix.setPlaceholderText(_t("empty: a folder in your home (tf-<version>-gpu)"))
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

    def commands_text(self, folder: Path | None = None) -> str:
        """The plan's commands, one a line. With ``folder`` (where the plan's files were written), the commands
        that read a file of the plan (``requirements.lock``) name it relative to that folder and the first line
        goes there, so the text works pasted in any terminal (gui-audit-2 N1: ``"$HERE"/requirements.lock``
        exists only inside the saved script)."""
        plan = self.current_plan()
        if plan is None:
            return ""
        out = []
        for st in plan.steps:
            cmd = st.command(plan.shell, relative=folder is not None)
            if cmd:
                out.append(cmd)
        if folder is not None:
            cd = ["cd", "/d", str(folder)] if plan.shell == "cmd" else ["cd", str(folder)]
            out.insert(0, shell_join(cd, plan.shell))
        return "\n".join(out) + "\n"

    def _needs_plan_files(self, plan: Any) -> bool:
        return any(st.command(plan.shell) != st.command(plan.shell, relative=True) for st in plan.steps)

    def copy_script(self) -> None:
        plan = self.current_plan()
        if plan is not None:
            QGuiApplication.clipboard().setText(plan.script())
            self.message.setText(verdict_html("ok", _t("The script is on the clipboard.")))

    def copy_commands(self) -> None:
        plan = self.current_plan()
        if plan is None:
            return
        if not self._needs_plan_files(plan):
            QGuiApplication.clipboard().setText(self.commands_text())
            self.message.setText(verdict_html("ok", _t("The commands are on the clipboard.")))
            return
        folder = self.default_run_folder(plan)  # where "Run it for me" writes this plan too
        if not self._write(plan, folder):
            return  # the message says why (or that the user kept their edited files)
        QGuiApplication.clipboard().setText(self.commands_text(folder))
        self.message.setText(verdict_html("ok", _t(
            "The commands are on the clipboard. They read files of the plan, written to {0}: the first line "
            "goes there.").format(folder)))

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
        from tfgpu_wizard.core.setup.plan import PlanError, PlanExistsError, write_plan

        try:
            return write_plan(plan, folder)
        except PlanExistsError as exc:
            if not self._ask_replace(exc.paths):
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

    def _ask_replace(self, paths: Sequence[Any]) -> bool:
        names = "\n".join(str(p) for p in paths)
        answer = QMessageBox.question(
            self,
            _t("Replace your files?"),
            _t("These files were changed after tfgpu-wizard wrote them (or it did not write them):\n\n{0}"
               "\n\nReplace them with the new plan?").format(names),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    # -- run --------------------------------------------------------------------------------

    def default_run_folder(self, plan: Any) -> Path:
        return default_folder(plan)

    def run_plan(self, folder: str | os.PathLike[str] | None = None) -> bool:
        """Run the current plan here (``core.flows.plan_run``): it asks first (``confirm_run``), writes the plan
        into ``folder`` (default: the user data folder) and runs its steps there, one by one."""
        plan = self.current_plan()
        if plan is None or self.runner.is_running() or not can_run_here(plan.platform, plan.shell):
            return False
        self._run_target = Path(folder) if folder else self.default_run_folder(plan)
        self._last_run = None
        self._run_plan = plan
        self.runner.start_plan(plan, self._run_target)
        self._update_buttons()
        return True

    def _confirm_dialog(self, summary: Any) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, _t("Install now?"),
                          _t("“Run it for me” will install TensorFlow now:"), parent=self)
        box.setInformativeText("\n".join(summary.lines()))
        ok = box.addButton(_t("Install"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(_t("Cancel"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(ok)
        box.setObjectName("confirm-install")
        box.exec()
        return box.clickedButton() is ok

    def run_steps(self, steps: Sequence[Any], folder: str | os.PathLike[str], shell: str = "bash") -> bool:
        """Run ``steps`` (``core.setup.shells.Step``) with ``folder`` as working directory and ``HERE``."""
        if self.runner.is_running():
            return False
        self._run_target = Path(folder)
        self._last_run = None
        self._on_running()
        self.runner.start(steps, folder, shell=shell)
        self._update_buttons()
        return True

    def _on_running(self) -> None:
        """The steps start (after the plan's questions): the log panel, the busy line, the status line."""
        self.run_folder = self._run_target
        self._step_blocks = {}
        self.run_panel.setVisible(True)
        # On a 600-px screen the plan above left the run's steps, result and log below the fold of the page's
        # scroll area (gui-audit-2 F17): the script gives way, and the page scrolls to the run.
        self.tabs.setMinimumHeight(60)
        self.split.setSizes([1, 3])
        self._scroll_to_run()
        self.run_log.clear()
        self.run_log.appendPlainText(_t("Running in {0}").format(self.run_folder))
        self.message.setText(verdict_html("busy", _t("Running the plan… Cancel stops it at once.")))
        self.status.emit(_t("Installing: running the plan…"))

    def _scroll_to_run(self) -> None:
        from PySide6.QtWidgets import QScrollArea

        area = self.parentWidget()
        while area is not None and not isinstance(area, QScrollArea):
            area = area.parentWidget()
        if area is not None:
            area.widget().adjustSize() if not area.widgetResizable() else None
            area.ensureWidgetVisible(self.run_step, 0, 0)
            area.ensureWidgetVisible(self.run_progress, 0, 0)

    def _on_step_started(self, i: int, text: str, command: str) -> None:
        n = len(self.runner.steps)
        self.run_step.setText(verdict_html("busy", _t("Step {0} of {1}: {2}").format(i + 1, n, text)))
        self.status.emit(_t("Installing: step {0} of {1}").format(i + 1, n))
        self.run_log.appendPlainText("")
        self._step_blocks[i] = self.run_log.blockCount()
        self.run_log.appendPlainText(f"==> [{i + 1}/{n}] {text}")

    def _on_output(self, text: str) -> None:
        self.run_log.appendPlainText(text)

    def _on_progress(self, done: int, total: int) -> None:
        self.run_progress.setRange(0, max(total, 1))
        self.run_progress.setValue(done)

    def _on_run_finished(self, status: str) -> None:
        from tfgpu_wizard.gui import i18n

        if getattr(self, "_built_lang", None) != i18n.current():
            self.rebuild()  # the language was switched during the run: the plan's words in the new one
        self._update_buttons()
        self.status.emit("")
        if status == "declined":
            self.message.setText(verdict_html("info", _t("Nothing was installed.")))
            return
        if status in ("kept", "not-written", "not-runnable"):
            result = self.runner.result
            self.message.setText(verdict_html("info" if status == "kept" else "bad", result.message() if result else ""))
            return
        failed = self.runner.failed_index
        self._last_run = (status, failed)
        text = self._show_run_result(status, failed)
        self.run_log.appendPlainText("")
        self.run_log.appendPlainText("== " + text)
        if failed is not None and failed in self._step_blocks:
            # The log opens at the failing step's own lines, not at the end of a long pip transcript.
            block = self.run_log.document().findBlockByNumber(self._step_blocks[failed])
            cursor = self.run_log.textCursor()
            cursor.setPosition(block.position())
            self.run_log.setTextCursor(cursor)
            self.run_log.verticalScrollBar().setValue(self._step_blocks[failed])
            self.run_log.ensureCursorVisible()

    def _show_run_result(self, status: str, failed: int | None) -> str:
        """One message for the end of a run, directly above the log (re-rendered on a language switch)."""
        key = verdicts.for_step(status)  # the vocabulary Sanity, Verify and Diagnose use too
        plan = getattr(self, "_run_plan", None)
        if key == verdicts.OK and plan is not None and getattr(plan, "cpu", False):
            key = verdicts.OK_CPU  # a CPU plan's environment works on the CPU: what it set out to do
        text = PlanRunResult(status, steps=self.runner.steps, failed_index=failed).message()
        self.run_step.setText(kind_html(key, text))
        self._scroll_to_run()
        self.message.setText("")
        return text

    def busy(self) -> bool:
        return self.runner.is_running()

    def shutdown(self) -> None:
        self.runner.shutdown()
