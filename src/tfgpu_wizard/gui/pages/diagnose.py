"""Diagnose page: paste an error log, get ranked findings with their fixes.

The explanation is ``core.flows.diagnose`` (``tfgpu-wizard diagnose --here`` too): the rules engine with this
machine's facts, and what the log does not tell. This page shows it.
"""

from __future__ import annotations

import html
import re
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout

from tfgpu_wizard.core import verdicts
from tfgpu_wizard.core.flows.diagnose import Explanation, explain, in_full
from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.gui.log_input import LogInput
from tfgpu_wizard.gui.widgets import Page, heading, verdict_html, wrap_label


def _t(text: str) -> str:
    return QCoreApplication.translate("DiagnosePage", text)


def _code_html(text: str) -> str:
    """Escaped text whose `backticked` commands are shown as code (not with the backticks)."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def findings_html(findings: list[Any]) -> str:
    """Findings (``core.diagnose.engine.Finding``, already in the current language) as the CLI lists them: rank
    order, "a consequence of #n", why and fix; a harmless line only named."""
    rank_of = {f.rule_id: f.rank for f in findings}
    out = []
    for f in findings:
        kind = verdicts.for_severity(f.severity)  # ✗ red, ! yellow, · blue: the vocabulary's marks and colours
        title = f.title
        if f.symptom_of:
            title += " " + tr("diagnose", "(a consequence of #{n})").format(n=rank_of.get(f.symptom_of, "?"))
        if not in_full(f):
            out.append(f"<p style='color:#555'>{verdict_html(kind, title)}</p>")
            continue
        out.append(
            f"<p>{verdict_html(kind, title)}<br>{_code_html(f.explanation)}"
            + (f"<br><b>{html.escape(_t('Fix:'))}</b> {_code_html(f.fix)}" if f.fix else "")
            + "</p>"
        )
    return "".join(out)


def explanation_html(ex: Explanation, *, with_unknowns: bool = True) -> str:
    """The whole answer for a pasted log: the findings (or "nothing known"), then what the log does not tell (the
    report's notes, as ``tfgpu-wizard diagnose`` prints them)."""
    report = ex.report()
    if not report.findings:
        body = (verdict_html("info", _t("No known problem found in this log.")) + "<p>"
                + html.escape(_t("Search the last error line on the web, or open an issue with the whole log."))
                + "</p>")
    else:
        body = findings_html(report.findings)
    if with_unknowns and report.notes:
        items = "".join(f"<li>{html.escape(n.text)}</li>" for n in report.notes)
        body += f"<p><b>{html.escape(_t('What this log does not tell:'))}</b></p><ul>{items}</ul>"
    return body


class DiagnosePage(Page):
    verify_requested = Signal()  # "run verify to collect the full log": the main window shows Verify

    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        lay = QVBoxLayout(self)
        self.title = heading()
        lay.addWidget(self.title)
        self.hint = wrap_label()
        lay.addWidget(self.hint)
        self.input = LogInput()  # paste, drop a file, or open one (read on a worker thread)
        self.log = self.input.edit
        lay.addWidget(self.input, 1)
        row = QHBoxLayout()
        self.btn = QPushButton()
        self.btn.clicked.connect(self.run_diagnosis)
        self.btn_clear = QPushButton()
        self.btn_clear.clicked.connect(self.log.clear)
        row.addWidget(self.btn)
        row.addWidget(self.btn_clear)
        row.addStretch(1)
        lay.addLayout(row)
        self.result = QTextBrowser()
        lay.addWidget(self.result, 1)
        self.btn_verify = QPushButton()
        self.btn_verify.clicked.connect(self.verify_requested)
        self.btn_verify.setVisible(False)
        lay.addWidget(self.btn_verify)
        self._diagnosed: str | None = None  # the text the shown explanation is for (re-rendered on a switch)
        self._gap: tuple[int, int] | None = None  # the lines of a huge file that text leaves out
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(_t("Diagnose an error"))
        self.hint.setText(
            _t(
                "Paste the whole output of the failing command (the TensorFlow log and the traceback). "
                "Nothing leaves your computer."
            )
        )
        self.input.retranslate()
        self.btn.setText(_t("Explain this log"))
        self.btn_clear.setText(_t("Clear"))
        self.btn_verify.setText(_t("Run verify to collect the full log"))
        if not self.result.toPlainText() or self.result.property("placeholder"):
            self.result.setHtml(f"<p style='color:#555'>{html.escape(_t('The explanation appears here.'))}</p>")
            self.result.setProperty("placeholder", True)
        elif self._diagnosed is not None:
            self._explain(self._diagnosed, self._gap)  # the findings in the new language, not the old one

    def run_diagnosis(self) -> None:
        self._explain(self.input.text(), self.input.gap())

    def _explain(self, text: str, gap: tuple[int, int] | None = None) -> None:
        self.result.setProperty("placeholder", False)
        self._diagnosed, self._gap = text, gap
        if not text.strip():
            self.result.setHtml(verdict_html("warn", _t("The box is empty: paste a log first.")))
            return
        host = getattr(self.state, "host", None)
        try:
            explanation = explain(text, host=host, gap=gap)
            shown = explanation_html(explanation)
        except Exception as exc:  # noqa: BLE001 - the user's text stays in the box
            self.result.setHtml(verdict_html("bad", _t("The diagnosis failed: {0}").format(exc)))
            return
        if explanation.no_gpu_here:
            # The findings read the log; the page also says what it knows of this computer (gui-audit-2 F12).
            shown = "<p>" + verdict_html("info", _t(
                "This computer has no NVIDIA GPU: TensorFlow runs on the CPU here, and messages about CUDA "
                "libraries are expected. They matter only if this log comes from a computer with an NVIDIA "
                "GPU.")) + "</p>" + shown
        self.result.setHtml(shown)
        self.btn_verify.setVisible(True)
