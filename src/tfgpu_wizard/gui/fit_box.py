"""The "Largest batch that fits" button of the Monitor's memory tab (issue 25): ``core.flows.fit.fit_flow`` (what
``tfgpu-wizard fit`` runs) in a ``FlowTask``, with a cancel, its progress per probe, and its answer: "batch N fits,
N+k runs out of memory" with the headroom. On a machine without a GPU the flow says why it cannot measure and
gives the prediction only. Every probe is a child process of the flow: cancelling (the button, the page closing,
the app quitting through ``shutdown``) ends it; none is left behind.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from tfgpu_wizard.core.flows.fit import FitResult, fit_flow
from tfgpu_wizard.gui.widgets import verdict_html, wrap_label
from tfgpu_wizard.gui.workers import FlowTask

MAX_LINES = 6  # the last progress lines shown while the search runs


def _t(text: str) -> str:
    return QCoreApplication.translate("FitBox", text)


class FitBox(QWidget):
    """The button, a cancel, the search's progress and its answer."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("fit-box")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.setSpacing(3)
        self.title = wrap_label()
        lay.addWidget(self.title)
        row = QHBoxLayout()
        self.btn_fit = QPushButton()
        self.btn_cancel = QPushButton()
        self.btn_cancel.setEnabled(False)
        row.addWidget(self.btn_fit, 1)
        row.addWidget(self.btn_cancel)
        lay.addLayout(row)
        self.progress_text = wrap_label()
        self.progress_text.setStyleSheet("color: #444;")
        self.answer = wrap_label()
        lay.addWidget(self.progress_text)
        lay.addWidget(self.answer)
        self.task = FlowTask(fit_flow, self, name="tfgpu-fit")
        self.task.progress.connect(self._on_progress)
        self.task.finished.connect(self._on_finished)
        self.task.failed.connect(self._on_failed)
        self.btn_cancel.clicked.connect(self.cancel)
        self.lines: list[str] = []
        self.probes: list[str] = []  # one line per finished probe: kept under the answer
        self.result: FitResult | None = None
        self._failed: str | None = None
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText("<b>" + _t("Largest batch that fits") + "</b>")
        self.btn_fit.setText(_t("Find the largest batch"))
        self.btn_fit.setToolTip(_t("Runs the sample for a few steps at several batch sizes under TensorFlow's memory "
                                   "limit (the limit set above, else the GPU's free memory) until one batch fits and "
                                   "the next runs out of memory; the prediction picks where to start."))
        self.btn_cancel.setText(_t("Cancel"))
        self._render()

    def start(self, model: str, precision: str, limit_mb: float | None, python: str | None, *,
              keras2: bool = False, gpu_index: int = 0, **kwargs: Any) -> bool:
        """Search the largest batch of ``model`` in ``precision`` under ``limit_mb`` (None: the GPU's free memory
        less TensorFlow's reserve). False while a search runs."""
        if self.task.is_running():
            return False
        self.lines, self.probes, self.result, self._failed = [], [], None, None
        self.btn_fit.setEnabled(False)
        self.btn_cancel.setEnabled(True)
        self.progress_text.setText(_t("Starting: the prediction first (TensorFlow on the CPU)…"))
        self.answer.setText("")
        self._render()
        self.task.start(model, (precision,), limit_mb, python, keras2=keras2, gpu_index=gpu_index, **kwargs)
        return True

    def running(self) -> bool:
        return self.task.is_running()

    def cancel(self) -> None:
        if self.task.is_running():
            self.progress_text.setText(_t("Cancelling: stopping the probe…"))
            self.progress_text.setVisible(True)
            self.task.cancel()

    def _on_progress(self, item) -> None:
        if item.kind in ("phase", "probe", "probe-done", "prediction") and item.text:
            self.lines.append(item.text)
            if item.kind == "probe-done":
                self.probes.append(item.text)
        elif item.kind == "waiting" and item.text and self.lines:
            self.lines[-1] = self.lines[-1].split(" · ")[0] + " · " + item.text
        self.progress_text.setText("<br>".join(self._esc(x) for x in self.lines[-MAX_LINES:]))
        self.progress_text.setVisible(True)

    @staticmethod
    def _esc(text: str) -> str:
        import html

        return html.escape(text)

    def _on_finished(self, result: FitResult) -> None:
        self.result = result
        self._done()

    def _on_failed(self, message: str) -> None:
        self._failed = message
        self._done()

    def _done(self) -> None:
        self.btn_fit.setEnabled(True)
        self.btn_cancel.setEnabled(False)
        self._render()

    def _render(self) -> None:
        self._render_answer()
        for lab in (self.progress_text, self.answer):
            lab.setVisible(bool(lab.text()))

    def _render_answer(self) -> None:
        r = self.result
        if self._failed:
            self.answer.setText(verdict_html("bad", _t("The search failed: {0}").format(self._failed)))
        elif r is None:
            if not self.task.is_running():
                self.answer.setText("")
        else:
            lines = r.lines()  # core's sentences, in the current language
            if not lines:
                lines = [_t("Nothing was found.")]
            kind = "ok" if r.measured and not r.error and not r.cancelled and any(
                f.largest_fit for f in r.fits) else ("info" if not r.measured else "warn")
            self.answer.setText("<br>".join([verdict_html(kind, lines[0])] + [self._esc(x) for x in lines[1:]]))
            if not self.task.is_running():  # what was measured stays; the running commentary goes
                self.progress_text.setText("<br>".join(self._esc(x) for x in self.probes))

    def answer_text(self) -> str:
        """The answer as plain text (what tests read)."""
        from PySide6.QtGui import QTextDocument

        doc = QTextDocument()
        doc.setHtml(self.answer.text())
        return doc.toPlainText()

    def shutdown(self) -> None:
        self.task.shutdown(wait_ms=10_000)
