"""Diagnose page: paste an error log, get ranked findings with their fixes (``core.diagnose.engine``)."""

from __future__ import annotations

import html
import importlib
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout

from tfgpu_wizard.gui.log_input import LogInput
from tfgpu_wizard.gui.widgets import Page, heading, verdict_html, wrap_label


def _t(text: str) -> str:
    return QCoreApplication.translate("DiagnosePage", text)


def diagnose_text(text: str, context: dict[str, Any] | None = None) -> tuple[list[Any] | None, str]:
    """Findings for ``text`` from ``core.diagnose.engine`` (None + reason when the engine is missing).

    ``context`` carries what the caller knows: ``platform``, ``tf_version``, ``has_driver``,
    ``gpu_count`` (see ``core.diagnose.engine.diagnose``)."""
    try:
        mod = importlib.import_module("tfgpu_wizard.core.diagnose.engine")
    except ModuleNotFoundError:
        return None, "the diagnosis rules are not available in this build"
    fn = getattr(mod, "diagnose", None)
    if fn is None:
        return None, "the diagnosis rules are not available in this build"
    result = fn(text, context=context) if context else fn(text)
    findings = getattr(result, "findings", result)
    return list(findings or []), ""


def _field(obj: Any, *names: str) -> str:
    for n in names:
        v = obj.get(n) if isinstance(obj, dict) else getattr(obj, n, None)
        if v:
            return str(v)
    return ""


def _code_html(text: str) -> str:
    """Escaped text whose `backticked` commands are shown as code (not with the backticks)."""
    import re

    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def findings_html(findings: list[Any]) -> str:
    """Findings as HTML: severity symbol + title, then the explanation and the fix."""
    from tfgpu_wizard.core.i18n import tr

    out = []
    for f in findings:
        sev = _field(f, "severity") or "error"
        # core.diagnose.engine's severities; "harmless" noise must not look like a warning
        kind = {"error": "bad", "warning": "warn", "info": "info", "harmless": "info"}.get(sev, "warn")
        title = tr("diagnose", _field(f, "title", "summary", "message", "rule_id", "id"))
        explain = tr("diagnose", _field(f, "explanation", "why", "detail"))
        fix = tr("diagnose", _field(f, "fix", "action", "advice"))
        out.append(
            f"<p>{verdict_html(kind, title)}<br>{_code_html(explain)}"
            + (f"<br><b>{html.escape(_t('Fix:'))}</b> {_code_html(fix)}" if fix else "")
            + "</p>"
        )
    return "".join(out)


def unknowns(text: str, findings: list[Any], context: dict[str, Any] | None = None) -> list[str]:
    """What the diagnosis could not tell from this text (core.diagnose.engine.unknowns, already translated)."""
    from tfgpu_wizard.core.diagnose.engine import unknowns as core_unknowns

    return [n.text for n in core_unknowns(text, findings, context)]


class DiagnosePage(Page):
    verify_requested = Signal()  # "run verify to collect the full log": the main window shows Verify

    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
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
            self._explain(self._diagnosed)  # the findings in the new language, not the old one

    def run_diagnosis(self) -> None:
        self._explain(self.input.text())

    def _explain(self, text: str) -> None:
        self.result.setProperty("placeholder", False)
        self._diagnosed = text
        if not text.strip():
            self.result.setHtml(verdict_html("warn", _t("The box is empty: paste a log first.")))
            return
        try:
            findings, why = diagnose_text(text)
        except Exception as exc:  # noqa: BLE001 - the user's text stays in the box
            self.result.setHtml(verdict_html("bad", _t("The diagnosis failed: {0}").format(exc)))
            return
        if findings is None:
            self.result.setHtml(verdict_html("warn", _t("Diagnosis is not available: {0}").format(why)))
        elif not findings:
            self.result.setHtml(
                verdict_html("info", _t("No known problem found in this log."))
                + "<p>"
                + html.escape(_t("Search the last error line on the web, or open an issue with the whole log."))
                + "</p>"
                + self._unknowns_html(text, [])
            )
        else:
            self.result.setHtml(findings_html(findings) + self._unknowns_html(text, findings))
        self.btn_verify.setVisible(True)

    def _unknowns_html(self, text: str, findings: list[Any]) -> str:
        missing = unknowns(text, findings)
        if not missing:
            return ""
        items = "".join(f"<li>{html.escape(_t(m))}</li>" for m in missing)
        return f"<p><b>{html.escape(_t('What this log does not tell:'))}</b></p><ul>{items}</ul>"
