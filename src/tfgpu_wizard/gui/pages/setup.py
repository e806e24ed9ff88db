"""Setup page: the wizard Machine → Choose → Commands → Verify.

Machine shows ``core.flows.doctor``'s report (run by the main window through ``FlowTask`` after the first
paint). Choose lists ``core.setup.matrix`` rows for the detected platform (ranked by
``core.setup.recommend`` where this build has it). Commands shows ``core.setup.plan``'s per-shell scripts where
this build has it. Verify drives ``core.flows.verify`` (the CLI's ``verify`` too) through ``FlowTask`` and
shows its result; a paste box reaches the same diagnosis.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tfgpu_wizard.core.flows.diagnose import explain
from tfgpu_wizard.core.flows.doctor import cuda_explanation, host_notes
from tfgpu_wizard.core.flows.verify import expects_cpu
from tfgpu_wizard.core.flows.verify import verify as verify_flow
from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.paths import target_script
from tfgpu_wizard.gui.pages.diagnose import explanation_html, findings_html
from tfgpu_wizard.gui.pages.setup_choose import ChooseView
from tfgpu_wizard.gui.pages.setup_commands import CommandsView
from tfgpu_wizard.gui.widgets import Page, heading, verdict_html, wrap_label
from tfgpu_wizard.gui.workers import FlowTask

STEPS = ("machine", "choose", "commands", "verify")
_STEP_TITLES = {"machine": "Machine", "choose": "Choose", "commands": "Commands", "verify": "Verify"}


def _t(text: str) -> str:
    return QCoreApplication.translate("SetupPage", text)


def driver_error(detail: str) -> str:
    """The driver's error for display: "; "-separated parts, each maybe prefixed by its source ("NVML: ",
    "nvidia-smi: "), each fixed part in the current language (gui-audit-2 F15: it stayed English in 中文). The
    report keeps it in English (it is data); the host catalog has the words."""
    parts = []
    for part in detail.split("; "):
        head, sep, rest = part.partition(": ")
        if sep and head in ("NVML", "nvidia-smi"):
            parts.append(head + sep + tr("host", rest))
        else:
            parts.append(tr("host", part))
    return tr("host", "; ").join(parts)


def host_html(report: Any, target_python: str | None = None) -> str:
    """The report in words a beginner understands: warnings first, then what was found. ``target_python``: the
    Python the other pages check (Sanity, Verify, Monitor); when it is not the one detection looked at (the app's
    own), both are named with their roles (gui-audit-2 N10)."""
    parts: list[str] = []
    for severity, text in host_notes(report):
        kind = {"error": "bad", "warning": "warn"}.get(severity, "info")
        parts.append(f"<p>{verdict_html(kind, text)}</p>")
    rows = []
    os_ = report.os
    rows.append((_t("System"), f"{os_.version or os_.system} ({os_.machine})"))
    other = bool(target_python) and os.path.realpath(str(target_python)) != os.path.realpath(
        report.python.executable or "")
    rows.append((_t("Python (this app)") if other else _t("Python"),
                 f"{report.python.version} — {report.python.executable}"))
    if other:
        rows.append((_t("Your TensorFlow's Python"),
                     _t("{0} (Sanity, Monitor and Verify use it)").format(target_python)))
    drv = report.driver
    if drv.present and drv.version and drv.effective_state() == "working":
        rows.append((_t("NVIDIA driver"), _t("{0}, runs CUDA up to {1}").format(drv.version, drv.cuda_version or "?")))
    else:  # the driver's state in the words doctor and plan use (core.setup.host_model); its remedy is the
        # "Driver:" paragraph of explain_cuda_versions below
        rows.append((_t("NVIDIA driver"), ("· " if drv.no_nvidia_gpu else "✗ ") + drv.state_label() + (f" ({driver_error(drv.error)})" if drv.error
                                                                       else "")))
    if drv.nvml_version:
        rows.append((_t("NVML library"), drv.nvml_version))
    for g in report.gpus:
        mem = f"{g.memory_total_mib / 1024:.0f} GB" if g.memory_total_mib else "?"
        text = f"{g.name} · {mem} · CC {g.compute_capability or '?'}"
        if g.mig_enabled:
            text += " · " + _t("MIG mode, {0} MIG devices").format(len(g.mig_devices))
        rows.append((_t("GPU {0}").format(g.index), text))
    if not report.gpus:
        # none in this computer is a fact, not a fault (the CPU is what it has); none seen by a driver is one
        rows.append((_t("GPUs"), ("· " if drv.no_nvidia_gpu else "✗ ") + _t("none found")))
    tf = report.tensorflow
    if tf is not None:
        rows.append((_t("TensorFlow (this app's Python)") if other else _t("TensorFlow"),
                     tf.version or ("✗ " + _t("not installed in this Python"))))
    table = "".join(
        f"<tr><td style='padding-right:14px;color:#444'>{html.escape(k)}</td><td>{html.escape(str(v))}</td></tr>"
        for k, v in rows
    )
    parts.append(f"<table>{table}</table>")
    explain = cuda_explanation(report)
    if explain:
        parts.append(f"<h4>{html.escape(_t('Driver CUDA vs toolkit CUDA'))}</h4>")
        parts.append("".join(f"<p>{html.escape(line)}</p>" for line in explain))
    return "".join(parts)


def _scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(widget)
    return area


class SetupPage(Page):
    VERIFY_TIMEOUT_S = 300.0  # the CLI's default is 180 (`verify --timeout`); a window waits more patiently

    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        self.win = parent
        self.verifier = FlowTask(verify_flow, self, name="tfgpu-verify")  # core.flows.verify, the CLI's too
        self.verifier.progress.connect(self._verify_progress)
        self.verifier.finished.connect(self._verify_finished)
        self.verifier.failed.connect(self._verify_failed)
        self.verify_result = None  # core.flows.verify.VerifyResult of the last finished check
        self._verify_python = ""  # the Python being checked (the busy line)
        # What the Verify view shows, to show it again in another language: ("result", VerifyResult),
        # ("paste", text), ("note", kind, English text), or None (the hint; also while a check runs)
        self._verify_shown: tuple | None = None

        root = QVBoxLayout(self)
        self.title = heading()
        root.addWidget(self.title)
        bar = QHBoxLayout()
        self.step_group = QButtonGroup(self)
        self.step_buttons: dict[str, QPushButton] = {}
        for i, name in enumerate(STEPS):
            b = QPushButton()
            b.setCheckable(True)
            b.setFlat(True)
            b.setStyleSheet("QPushButton:checked { font-weight: 600; border-bottom: 3px solid #1f4e99; }")
            self.step_group.addButton(b, i)
            self.step_buttons[name] = b
            bar.addWidget(b)
            if i < len(STEPS) - 1:
                bar.addWidget(QLabel("→"))
        bar.addStretch(1)
        root.addLayout(bar)
        self.stack = QStackedWidget()
        root.addWidget(self.stack, 1)
        self.step_group.idClicked.connect(self.show_step)
        # Back / Next: a beginner (and the keyboard) walks the four steps without finding the step bar
        nav = QHBoxLayout()
        self.btn_back = QPushButton()
        self.btn_back.setObjectName("setup-back")
        self.btn_back.clicked.connect(lambda: self.show_step(max(0, self.stack.currentIndex() - 1)))
        self.btn_next = QPushButton()
        self.btn_next.setObjectName("setup-next")
        self.btn_next.setDefault(True)
        self.btn_next.clicked.connect(lambda: self.show_step(min(len(STEPS) - 1, self.stack.currentIndex() + 1)))
        nav.addWidget(self.btn_back)
        nav.addStretch(1)
        nav.addWidget(self.btn_next)

        # Machine
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.setContentsMargins(0, 0, 0, 0)
        self.machine_view = QTextBrowser()
        lay.addWidget(self.machine_view, 1)
        self.btn_redetect = QPushButton()
        self.btn_redetect.clicked.connect(self._redetect)
        lay.addWidget(self.btn_redetect, 0, Qt.AlignmentFlag.AlignLeft)
        self.stack.addWidget(w)

        # Choose
        # Each step scrolls on its own, so a long recommendation never makes the window taller than the screen.
        self.choose = ChooseView(self)
        self.stack.addWidget(_scrolled(self.choose))

        # Commands
        self.commands = CommandsView(self)
        self.commands.status.connect(self.status.emit)  # "Installing: step 2 of 5", not "Ready"
        self.stack.addWidget(_scrolled(self.commands))
        self.choose.choice_changed.connect(self._on_choice)
        # After "Run it for me" the new environment exists: verify that one.
        self.commands.runner.finished.connect(lambda status: self.suggest_env_python(force=status == "ok"))

        # Verify
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.python_label = QLabel()
        self.python_edit = QLineEdit(self.state.target_python)
        self.python_label.setBuddy(self.python_edit)
        # True once the user typed a Python: the plan's environment then no longer replaces it on its own.
        self._python_typed = False
        self._python_note: tuple[str, str] = ("", "")  # (kind, path) of the line under the field
        self.python_edit.textEdited.connect(self._on_python_typed)
        self.python_edit.textChanged.connect(self._on_python_changed)
        self.keras2 = QCheckBox()
        self.keras2.setChecked(self.state.keras2)
        self.keras2.toggled.connect(self._on_keras2)
        self.btn_verify = QPushButton()
        self.btn_verify.clicked.connect(self.toggle_verify)
        row.addWidget(self.python_label)
        row.addWidget(self.python_edit, 1)
        row.addWidget(self.keras2)
        row.addWidget(self.btn_verify)
        lay.addLayout(row)
        self.python_hint = wrap_label()
        self.python_hint.setStyleSheet("color:#444;")
        lay.addWidget(self.python_hint)
        self.verify_progress = QProgressBar()
        self.verify_progress.setRange(0, 0)
        self.verify_progress.setVisible(False)
        lay.addWidget(self.verify_progress)
        self.verify_view = QTextBrowser()
        lay.addWidget(self.verify_view, 2)
        self.paste_label = QLabel()
        lay.addWidget(self.paste_label)
        self.paste = QPlainTextEdit()
        self.paste.setMaximumHeight(110)
        lay.addWidget(self.paste)
        self.btn_paste = QPushButton()
        self.btn_paste.clicked.connect(self._diagnose_paste)
        lay.addWidget(self.btn_paste, 0, Qt.AlignmentFlag.AlignLeft)
        self.stack.addWidget(w)

        root.addLayout(nav)
        if self.win is not None and hasattr(self.win, "host_ready"):
            self.win.host_ready.connect(self._on_host)
        self.retranslate()
        if self.state.host is not None:
            self.choose.set_host(self.state.host)
        self.show_step(0)

    # -- steps ------------------------------------------------------------------------------

    def show_step(self, index: int) -> None:
        self.stack.setCurrentIndex(index)
        self.step_group.button(index).setChecked(True)
        self.btn_back.setEnabled(index > 0)
        self.btn_next.setEnabled(index < len(STEPS) - 1)
        if STEPS[index] == "verify":
            self.suggest_env_python()

    def on_shown(self) -> None:
        # Another page may have changed the shared Keras choice.
        if self.keras2.isChecked() != self.state.keras2:
            self.keras2.setChecked(self.state.keras2)

    def current_step(self) -> str:
        return STEPS[self.stack.currentIndex()]

    def retranslate(self) -> None:
        self.title.setText(_t("Set up TensorFlow for your GPU"))
        for i, name in enumerate(STEPS):
            self.step_buttons[name].setText(f"{i + 1}. {_t(_STEP_TITLES[name])}")
        self.btn_redetect.setText(_t("Detect again"))
        self.btn_back.setText("← " + _t("Back"))
        self.btn_next.setText(_t("Next") + " →")
        self.python_label.setText(_t("Python to check:"))
        self.keras2.setText(_t("Keras 2 (tf-keras)"))
        self.keras2.setToolTip(_t("Check with TF_USE_LEGACY_KERAS=1: TensorFlow 2.16 and later then use Keras 2 "
                                  "from the tf-keras package, which must be installed in that Python."))
        self._render_python_note()
        self.btn_verify.setText(_t("■ Cancel") if self.verifier.is_running() else _t("▶ Verify"))
        self.paste_label.setText(_t("Or paste an error log you got elsewhere:"))
        self.paste.setPlaceholderText(_t("Paste the error log here…"))
        self.btn_paste.setText(_t("Explain this log"))
        shown = self._verify_shown
        if self.verifier.is_running():
            self.verify_view.setHtml(verdict_html("busy", _t("Starting TensorFlow in {0}…").format(
                self._verify_python)))
        elif shown is not None:
            {"result": self._show_verify_result, "paste": self._show_paste_result,
             "note": self._show_note}[shown[0]](*shown[1:])
        else:
            self.verify_view.setHtml(
                "<p style='color:#555'>"
                + html.escape(_t("Press Verify: the wizard starts TensorFlow in that Python and checks the GPU."))
                + "</p>"
            )
        self._show_host()
        self.choose.retranslate()
        self.commands.retranslate()

    # -- machine ----------------------------------------------------------------------------

    def _redetect(self) -> None:
        if self.win is not None:
            self.win.detect_host()
            self._show_host()

    def _on_host(self, report) -> None:
        self._show_host()
        self.choose.set_host(self.state.host)

    def _show_host(self) -> None:
        if self.state.host is not None:
            try:
                self.machine_view.setHtml(host_html(self.state.host, self.state.target_python))
            except Exception as exc:  # noqa: BLE001 - a bad report must not break the page
                self.machine_view.setHtml(verdict_html("bad", str(exc)))
        elif self.state.host_error:
            self.machine_view.setHtml(
                verdict_html("bad", _t("Detection failed: {0}").format(self.state.host_error))
            )
        elif self.win is not None and self.win.detecting():
            self.machine_view.setHtml(
                verdict_html("busy", _t("Detecting your machine (driver, GPUs, Python, TensorFlow)…"))
            )
        else:
            self.machine_view.setHtml(verdict_html("info", _t("Not detected yet: press “Detect again”.")))

    # -- choose / commands ----------------------------------------------------------------

    def set_host(self, report) -> None:
        """Show ``report`` as the detected machine (tests and recordings use this too)."""
        self.state.host = report
        self.state.host_error = None
        self._on_host(report)

    def _on_choice(self, choice) -> None:
        self.commands.set_choice(choice, self.state.host)

    # -- the interpreter to verify (shared with Sanity, Monitor, Benchmark) ------------------

    def _on_python_typed(self, _text: str) -> None:
        self._python_typed = True

    def _on_python_changed(self, text: str) -> None:
        text = text.strip()
        if text:
            self.state.target_python = text
        if self._python_note[0] == "plan" and text != self._python_note[1]:
            self._python_note = ("", "")
            self._render_python_note()

    def _on_keras2(self, on: bool) -> None:
        self.state.keras2 = bool(on)

    def suggest_env_python(self, force: bool = False) -> bool:
        """Put the plan's new-environment Python (``plan.env_python``) into the field when it exists.

        Only when the user has not typed a Python of their own, unless ``force`` (the plan was just run
        here: that environment is what to verify). The field stays editable. Returns True if it was set.
        """
        plan = self.commands.current_plan()
        env_python = str(getattr(plan, "env_python", "") or "")
        if not env_python:
            if self._python_note[0] == "missing":
                self._python_note = ("", "")
                self._render_python_note()
            return False
        if not Path(env_python).is_file():
            if self.python_edit.text().strip() != env_python:
                self._python_note = ("missing", env_python)
                self._render_python_note()
            return False
        if self._python_typed and not force:
            return False
        self._python_typed = False
        self.python_edit.setText(env_python)
        self._python_note = ("plan", env_python)
        self._render_python_note()
        return True

    def _render_python_note(self) -> None:
        kind, path = self._python_note
        if kind == "plan":
            self.python_hint.setText(verdict_html(
                "info", _t("This is the Python of the environment from step 3. You can type another one.")))
        elif kind == "missing":
            self.python_hint.setText(verdict_html(
                "info", _t("The plan's environment will have its Python at {0}; it does not exist yet. Run the "
                           "commands of step 3 first (or type another Python).").format(path)))
        else:
            self.python_hint.setText("")
        self.python_hint.setVisible(bool(kind))

    # -- verify -----------------------------------------------------------------------------

    def busy(self) -> bool:
        return self.verifier.is_running() or self.commands.busy()

    @property
    def verdict(self):
        """``core.target.runner.ProbeVerdict`` of the last finished check (None: none, or it was stopped)."""
        r = self.verify_result
        return None if r is None or r.cancelled else r.verdict

    @property
    def probe_result(self) -> dict[str, Any] | None:
        """The probe's JSON report of the last finished check."""
        return self.verify_result.report if self.verify_result is not None else None

    def toggle_verify(self) -> None:
        if self.verifier.is_running():
            self.verifier.cancel()
            return
        python = self.python_edit.text().strip()
        if not python:
            self._show_note("warn", "Enter the path of a Python first.")
            return
        if not target_script("probe.py").is_file():
            self._show_note("bad", "The verification probe is missing from this build.")
            return
        self.state.target_python = python
        self.state.keras2 = self.keras2.isChecked()
        expect_cpu = expects_cpu(self.commands.current_plan(), python)  # a CPU plan's own environment
        self.verify_result = None
        self._verify_shown = None
        self._verify_python = python
        self.verify_progress.setVisible(True)
        self.verify_view.setHtml(verdict_html("busy", _t("Starting TensorFlow in {0}…").format(python)))
        self.btn_verify.setText(_t("■ Cancel"))
        self.status.emit(_t("Verifying TensorFlow…"))
        self.verifier.start(python, keras2=self.state.keras2, expect_cpu=expect_cpu, host=self.state.host,
                            timeout=self.VERIFY_TIMEOUT_S)

    def _verify_progress(self, item) -> None:
        if (item.kind == "phase" and item.data == "libraries") or item.kind == "waiting":
            self.verify_view.setHtml(verdict_html("busy", item.text))

    def _verify_done(self) -> None:
        self.verify_progress.setVisible(False)
        self.btn_verify.setText(_t("▶ Verify"))
        self.status.emit("")

    def _verify_failed(self, message: str) -> None:
        self._verify_done()
        self._verify_shown = None
        self.verify_view.setHtml(verdict_html("bad", message))

    def _verify_finished(self, result) -> None:
        self._verify_done()
        self.verify_result = result
        if result.cancelled:
            self._show_note("warn", "Stopped by you.")
            return
        self._show_verify_result(result)
        if result.works:  # TensorFlow works there: remember it
            from tfgpu_wizard.gui.settings import settings

            settings().setValue("verified_python", self.state.target_python)

    def _show_note(self, kind: str, text: str) -> None:
        """One verdict line (``text``: English source, translated here)."""
        self._verify_shown = ("note", kind, text)
        self.verify_view.setHtml(verdict_html(kind, _t(text)))

    def _show_verify_result(self, result) -> None:
        """The verdict, the library check and what the error output says, worded in the current language."""
        from tfgpu_wizard.gui.probe_view import libraries_html, verdict_block_html

        self._verify_shown = ("result", result)
        parts = [verdict_block_html(result)]
        if result.libraries is not None:
            parts.append(libraries_html(result.libraries))
        findings = result.findings()
        if findings:
            parts.append("<h4>" + html.escape(_t("What the error output says")) + "</h4>")
            parts.append(findings_html(findings))
        self.verify_view.setHtml("".join(parts))

    def _diagnose_paste(self) -> None:
        self._show_paste_result(self.paste.toPlainText())

    def _show_paste_result(self, text: str) -> None:
        self._verify_shown = ("paste", text)
        if not text.strip():
            self.verify_view.setHtml(verdict_html("warn", _t("The box is empty: paste a log first.")))
            return
        # the Diagnose page's explanation (core.flows.diagnose), "what it does not tell" left to that page
        self.verify_view.setHtml(explanation_html(explain(text, host=self.state.host), with_unknowns=False))

    def shutdown(self) -> None:
        self.verifier.shutdown()
        self.commands.shutdown()
