"""Sanity check page: one button that checks TensorFlow sees the GPU, trains a few hundred steps,
and answers plainly whether the GPU is used, and if not, why.

The check is ``core.flows.sanity`` (``tfgpu-wizard sanity`` too), driven through ``FlowTask``: the probe, then
``target/sample.py --devices auto`` in the chosen target interpreter. This page shows its progress (the phase,
the step, TensorFlow's output) and its answer.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QProgressBar, QPushButton, QVBoxLayout

from tfgpu_wizard.core import verdicts
from tfgpu_wizard.core.flows.sanity import sanity as sanity_flow
from tfgpu_wizard.gui.advice import advice_for
from tfgpu_wizard.gui.widgets import (
    Page,
    empty_state,
    heading,
    kind_html,
    verdict_html,
    wrap_label,
)
from tfgpu_wizard.gui.workers import FlowTask


def _t(text: str) -> str:
    return QCoreApplication.translate("SanityPage", text)


class SanityPage(Page):
    setup_requested = Signal()  # "Go to Setup →": the main window shows the Setup page
    STEPS = 300
    TIMEOUT_S = 900.0  # the training run (`sanity --timeout`, the same default)
    PROBE_TIMEOUT_S = 300.0  # the CLI's probe waits 180 s; a window waits more patiently

    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        self.checker = FlowTask(sanity_flow, self, name="tfgpu-sanity")  # core.flows.sanity, the CLI's too
        self.checker.progress.connect(self._on_progress)
        self.checker.finished.connect(self._on_finished)
        self.checker.failed.connect(self._on_failed)
        self.phase = "idle"  # idle | probe | train | done
        self.result = None  # core.flows.sanity.SanityResult of the last check
        self._result_python: str | None = None  # the Python that check ran in
        self.verdict_kind = ""
        self.steps = self.STEPS

        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        self.title = heading()
        top.addWidget(self.title, 1)
        self.btn = QPushButton()
        self.btn.setMinimumHeight(36)
        self.btn.clicked.connect(self.toggle)
        top.addWidget(self.btn)
        lay.addLayout(top)
        self.intro = wrap_label()
        lay.addWidget(self.intro)
        self.python_label = wrap_label()
        self.python_label.setStyleSheet("color:#444;")
        lay.addWidget(self.python_label)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        lay.addWidget(self.progress)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setStyleSheet("font-size: 14pt; padding: 8px 0;")
        lay.addWidget(self.verdict)
        self.details = wrap_label()
        lay.addWidget(self.details)
        # When the answer is "install TensorFlow" (or "the GPU is not used"), the way there is a button, not a
        # sentence to act on (gui-audit-2 N13).
        self.btn_setup = QPushButton()
        self.btn_setup.setVisible(False)
        self.btn_setup.clicked.connect(self.setup_requested)
        lay.addWidget(self.btn_setup, 0, Qt.AlignmentFlag.AlignLeft)
        self.log_title = QLabel()
        lay.addWidget(self.log_title)
        # TensorFlow's start-up lines (oneDNN, cudart_stub, "E0000 … failed call to cuInit") look like errors: the
        # log says they are not the answer (gui-audit-2 F20).
        self.log_note = wrap_label()
        self.log_note.setStyleSheet("color:#555;")
        lay.addWidget(self.log_note)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(2000)
        lay.addWidget(self.log, 1)
        # Before the first check there is nothing to read: a short "what happens" list, not an empty box.
        self.steps_info = empty_state()
        self.steps_info.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.steps_info, 1)
        self._show_log(False)
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(_t("Does TensorFlow use your GPU?"))
        self.btn_setup.setText(QCoreApplication.translate("MainWindow", "Setup") + " →")
        self.btn.setText(_t("■ Cancel") if self.busy() else _t("▶ Run sanity check"))
        self.intro.setText(
            _t(
                "One click: the wizard starts TensorFlow in your Python, checks which devices it sees, then "
                "trains a small network for {0} steps and tells you plainly whether the GPU did the work."
            ).format(self.steps)
        )
        self._show_python()
        self.log_title.setText(_t("What TensorFlow printed:"))
        self.log_note.setText(_t(
            "TensorFlow prints start-up messages every time (oneDNN, cudart_stub, \"failed call to cuInit\" "
            "without a GPU), some of them twice: they are normal noise. The answer is the line above."))
        self.steps_info.setText(
            _t("What the check does:\n"
               "1. starts the Python above and imports TensorFlow (a few seconds);\n"
               "2. lists the GPUs TensorFlow sees and multiplies two matrices on each, compared with the CPU;\n"
               "3. trains a small network and watches which device does the work.\n"
               "Nothing is installed or changed on your computer.")
        )
        if self.phase == "idle":
            self.verdict.setText(_t("Not checked yet. Press the button (it takes about a minute)."))
        elif self.phase == "done" and self.result is not None:
            self._show_result()  # the verdict in the new language, not the old one

    def _show_python(self) -> None:
        """The interpreter (and Keras) chosen in Setup → Verify: the same one the check runs."""
        text = _t("Python used: {0}").format(self.state.target_python)
        if getattr(self.state, "keras2", False):
            text += " · " + _t("Keras 2 (tf-keras)")
        self.python_label.setText(text)

    def on_shown(self) -> None:
        if not self.busy():
            self._show_python()
            old = self._result_python
            if self.phase == "done" and old is not None and old != self.state.target_python:
                # A verdict about another Python must not sit under this one's path.
                self.phase = "idle"
                self.result = None
                self.verdict_kind = ""
                self.verdict.setText(verdict_html("info", _t(
                    "The Python changed since the last check (it was {0}): run the check again for this one."
                ).format(old)))
                self.details.setText("")

    def _keras2(self) -> bool:
        return bool(getattr(self.state, "keras2", False))

    def _show_log(self, on: bool) -> None:
        self.log_title.setVisible(on)
        self.log_note.setVisible(on)
        self.log.setVisible(on)
        self.steps_info.setVisible(not on)

    def busy(self) -> bool:
        return self.checker.is_running()

    @property
    def probe_verdict(self):
        """``core.target.runner.ProbeVerdict`` of the last check's probe (host facts first), or None."""
        return self.result.probe_verdict if self.result is not None else None

    @property
    def sanity(self):
        """``core.diagnose.verdict.SanityVerdict`` of the last check, or None."""
        return self.result.verdict if self.result is not None else None

    def toggle(self) -> None:
        if self.busy():
            self.cancel()
        else:
            self.start()

    def start(self, steps: int | None = None) -> bool:
        if self.busy():
            return False
        self.steps = steps or self.STEPS
        self.result = None
        self.verdict_kind = ""
        self.log.clear()
        self._show_log(True)
        self.details.setText("")
        self.progress.setVisible(True)
        self.progress.setRange(0, 0)
        self.phase = "probe"
        self.retranslate()
        self.verdict.setText(verdict_html("busy", _t("Starting TensorFlow and looking for the GPU…")))
        self.status.emit(_t("Sanity check: starting TensorFlow…"))
        self._result_python = self.state.target_python
        self.checker.start(self.state.target_python, steps=self.steps, keras2=self._keras2(), host=self.state.host,
                           timeout=self.TIMEOUT_S, probe_timeout=self.PROBE_TIMEOUT_S)
        self.btn.setText(_t("■ Cancel"))
        return True

    def cancel(self) -> None:
        self.checker.cancel()

    def _on_progress(self, item) -> None:
        if item.kind == "line":
            self.log.appendPlainText(item.data)
        elif item.kind == "phase" and item.data == "train":
            self.phase = "train"
            self.verdict.setText(verdict_html("busy", _t("Training {0} steps…").format(self.steps)))
            self.progress.setRange(0, self.steps)
            self.progress.setValue(0)
            self.status.emit(_t("Sanity check: training…"))
        elif item.kind == "step":
            self.progress.setValue(int(item.done))
            self.status.emit(_t("Sanity check: step {0}/{1}").format(int(item.done), self.steps))

    def _done(self) -> None:
        self.phase = "done"
        self.progress.setVisible(False)
        self.btn.setText(_t("▶ Run sanity check"))
        self.status.emit("")

    def _on_failed(self, message: str) -> None:
        self._done()
        self.verdict_kind = verdicts.NOT_WORKING
        self.verdict.setText(kind_html(verdicts.NOT_WORKING, message))

    def _on_finished(self, result) -> None:
        self.result = result
        self._done()
        self._show_result()

    def _show_result(self) -> None:
        """The answer in the current language (core's verdicts are words, made when asked)."""
        kind, text, details = self.judge()
        self.verdict_kind = kind  # the vocabulary's kind (core.verdicts), as Verify and "Run it for me" say it
        self.verdict.setText(kind_html(kind, text))
        self.btn_setup.setVisible(kind == verdicts.NEEDS_ACTION)
        self.details.setText(details)

    def judge(self) -> tuple[str, str, str]:
        """The plain answer: (kind, headline, details as HTML), from the flow's ``SanityVerdict`` (the same answer
        as ``tfgpu-wizard sanity``), with the window's own advice for the sample's error codes."""
        v = self.result.verdict
        parts = [html.escape(line) for line in v.lines]
        if v.status == "failed":
            advice = advice_for(v.error)
            if advice:
                parts.append(f"<b>{html.escape(_t('What to do:'))}</b> {html.escape(advice)}")
            parts.append(html.escape(_t("The Diagnose page can explain the full log (copy it from below).")))
        details = "<br>".join(parts)
        if v.why:
            details = ("<b>" + html.escape(_t("Why:")) + "</b><ul>"
                       + "".join(f"<li>{html.escape(r)}</li>" for r in v.why) + "</ul>" + details)
        return self.result.verdict_kind, v.headline, details  # the CLI's kind (core.flows.sanity)

    def shutdown(self) -> None:
        self.checker.shutdown()
