"""Sanity check page: one button that checks TensorFlow sees the GPU, trains a few hundred steps,
and answers plainly whether the GPU is used, and if not, why.

It runs ``target/probe.py`` (when this build has it) and then ``target/sample.py --devices auto``
in the chosen target interpreter, each under ``TargetProcess``; the verdict comes from their
events (the probe's JSON object, the sample's ``devices`` / ``summary`` / ``error`` events).
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QProgressBar, QPushButton, QVBoxLayout

from tfgpu_wizard.core.paths import target_script
from tfgpu_wizard.core.target.runner import sample_argv
from tfgpu_wizard.core.target.sampleopts import sanity_config
from tfgpu_wizard.gui.advice import advice_for
from tfgpu_wizard.gui.widgets import Page, empty_state, heading, verdict_html, wrap_label
from tfgpu_wizard.gui.workers import FinishInfo, TargetProcess


def _t(text: str) -> str:
    return QCoreApplication.translate("SanityPage", text)


class SanityPage(Page):
    STEPS = 300
    TIMEOUT_S = 900.0

    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        self.proc = TargetProcess(self)
        self.proc.event.connect(self._on_event)
        self.proc.text.connect(self._on_text)
        self.proc.finished.connect(self._on_finished)
        self.phase = "idle"  # idle | probe | train | done
        self.devices_event: dict[str, Any] | None = None
        self.summary_event: dict[str, Any] | None = None
        self.error_event: dict[str, Any] | None = None
        self.probe_result: dict[str, Any] | None = None
        self.probe_verdict = None  # core.target.runner.ProbeVerdict of the probe phase
        self.verdict_kind = ""
        self.steps = self.STEPS
        self.config = None  # core.target.runner.SampleConfig of the training phase
        self.sanity = None  # core.diagnose.verdict.SanityVerdict of the last check

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
        self.log_title = QLabel()
        lay.addWidget(self.log_title)
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
        self.btn.setText(_t("■ Cancel") if self.busy() else _t("▶ Run sanity check"))
        self.intro.setText(
            _t(
                "One click: the wizard starts TensorFlow in your Python, checks which devices it sees, then "
                "trains a small network for {0} steps and tells you plainly whether the GPU did the work."
            ).format(self.steps)
        )
        self._show_python()
        self.log_title.setText(_t("What TensorFlow printed:"))
        self.steps_info.setText(
            _t("What the check does:\n"
               "1. starts the Python above and imports TensorFlow (a few seconds);\n"
               "2. lists the GPUs TensorFlow sees and multiplies two matrices on each, compared with the CPU;\n"
               "3. trains a small network and watches which device does the work.\n"
               "Nothing is installed or changed on your computer.")
        )
        if self.phase == "idle":
            self.verdict.setText(_t("Not checked yet. Press the button (it takes about a minute)."))
        elif self.phase == "done" and getattr(self, "_last_info", None) is not None:
            self._show_result(self._last_info)  # the verdict in the new language, not the old one

    def _show_python(self) -> None:
        """The interpreter (and Keras) chosen in Setup → Verify: the same one the check runs."""
        text = _t("Python used: {0}").format(self.state.target_python)
        if getattr(self.state, "keras2", False):
            text += " · " + _t("Keras 2 (tf-keras)")
        self.python_label.setText(text)

    def on_shown(self) -> None:
        if not self.busy():
            self._show_python()
            old = getattr(self, "_result_python", None)
            if self.phase == "done" and old is not None and old != self.state.target_python:
                # A verdict about another Python must not sit under this one's path.
                self.phase = "idle"
                self._last_info = None
                self.verdict_kind = ""
                self.verdict.setText(verdict_html("info", _t(
                    "The Python changed since the last check (it was {0}): run the check again for this one."
                ).format(old)))
                self.details.setText("")

    def _keras2(self) -> bool:
        return bool(getattr(self.state, "keras2", False))

    def _show_log(self, on: bool) -> None:
        self.log_title.setVisible(on)
        self.log.setVisible(on)
        self.steps_info.setVisible(not on)

    def busy(self) -> bool:
        return self.proc.is_running()

    def toggle(self) -> None:
        if self.busy():
            self.cancel()
        else:
            self.start()

    def start(self, steps: int | None = None) -> bool:
        if self.busy():
            return False
        self.steps = steps or self.STEPS
        self.devices_event = self.summary_event = self.error_event = self.probe_result = None
        self.probe_verdict = None
        self._probe_inputs = None
        self.verdict_kind = ""
        self.log.clear()
        self._show_log(True)
        self.details.setText("")
        self.progress.setVisible(True)
        self.progress.setRange(0, 0)
        self.retranslate()
        probe = target_script("probe.py")
        if probe.is_file():
            self.phase = "probe"
            self.verdict.setText(verdict_html("busy", _t("Starting TensorFlow and looking for the GPU…")))
            self.status.emit(_t("Sanity check: starting TensorFlow…"))
            env = {"TF_USE_LEGACY_KERAS": "1"} if self._keras2() else None
            self.proc.start(self.state.target_python, [str(probe)], env=env, timeout_s=300)
        else:
            self._start_training()
        self.btn.setText(_t("■ Cancel"))
        return True

    def _start_training(self) -> None:
        self.phase = "train"
        self.verdict.setText(verdict_html("busy", _t("Training {0} steps…").format(self.steps)))
        self.progress.setRange(0, self.steps)
        self.progress.setValue(0)
        self.status.emit(_t("Sanity check: training…"))
        self.config = sanity_config(self.steps, keras2=self._keras2())
        self.proc.start(self.state.target_python, sample_argv(self.config), timeout_s=self.TIMEOUT_S)

    def cancel(self) -> None:
        self.proc.cancel()

    def _on_text(self, line: str) -> None:
        self.log.appendPlainText(line)

    def _on_event(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if self.phase == "probe":
            if "probe_version" in ev:
                self.probe_result = ev
            return
        if kind == "devices":
            self.devices_event = ev
        elif kind == "progress":
            step = ev.get("step")
            if isinstance(step, int):
                self.progress.setValue(step)
                self.status.emit(_t("Sanity check: step {0}/{1}").format(step, self.steps))
        elif kind == "summary":
            self.summary_event = ev
        elif kind == "error":
            self.error_event = ev

    def _on_finished(self, info: FinishInfo) -> None:
        if self.phase == "probe":
            # kept to word the verdict again in another language (core's verdicts are words, made when asked)
            self._probe_inputs = (info, self.probe_result, self.log.toPlainText(),
                                  [self.state.target_python, str(target_script("probe.py"))])
            self._verdict_from_probe()
            if info.status in ("cancelled", "timeout", "not-started") or self.probe_verdict.status in (
                "no-tensorflow", "crashed", "hung", "not-started"
            ):
                self._finish(info)
                return
            self._start_training()
            return
        self._finish(info)

    def _finish(self, info: FinishInfo) -> None:
        self.phase = "done"
        self.progress.setVisible(False)
        self.btn.setText(_t("▶ Run sanity check"))
        self.status.emit("")
        self._last_info = info
        self._result_python = self.state.target_python
        self._show_result(info)

    def _verdict_from_probe(self) -> None:
        from tfgpu_wizard.gui.probe_view import probe_verdict_for

        inputs = getattr(self, "_probe_inputs", None)
        if inputs is not None:
            self.probe_verdict = probe_verdict_for(*inputs, host=self.state.host)

    def _show_result(self, info: FinishInfo) -> None:
        self._verdict_from_probe()  # in the current language
        kind, text, details = self.judge(info)
        self.verdict_kind = kind
        self.verdict.setText(verdict_html(kind, text))
        self.details.setText(details)

    def judge(self, info: FinishInfo) -> tuple[str, str, str]:
        """The plain answer: (kind, headline, details as HTML), from ``core.diagnose.verdict.sanity_verdict`` (the same
        answer as ``tfgpu-wizard sanity``), with the window's own advice for the sample's error codes."""
        from tfgpu_wizard.core.diagnose.verdict import sanity_verdict

        v = sanity_verdict(status=info.status, steps=self.steps, devices=self.devices_event,
                           summary=self.summary_event, error=self.error_event, probe=self.probe_verdict,
                           host=self.state.host, start_error=info.error, stderr_tail=info.stderr_tail)
        self.sanity = v
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
        return v.kind, v.headline, details

    def shutdown(self) -> None:
        self.proc.shutdown()
