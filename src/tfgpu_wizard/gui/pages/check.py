"""Check page: paste, open or drop a tutorial, requirements file, notebook, environment.yml, Dockerfile or
compose file; see what in it is wrong, with line numbers and the corrected command (``core.flows.check``).

The file is read (``core.flows.check.open_source``) and checked on a worker thread (``gui.workers``: the box's
``ThreadTask``, the check's ``FlowTask``), never on the GUI thread; the box is ``gui.log_input``'s (paste, drop,
open). A file opened unedited is checked as its bytes with its name (so a
notebook is read as a notebook, a Dockerfile as a Dockerfile); edited or pasted text is checked as text, its
format guessed. This machine's facts come from the window's doctor report when it has one.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout

from tfgpu_wizard.core.flows.check import check, machine_tools, note_text, open_source
from tfgpu_wizard.gui.log_input import LogInput
from tfgpu_wizard.gui.widgets import Page, heading, verdict_html, wrap_label
from tfgpu_wizard.gui.workers import FlowTask, ThreadTask


def _t(text: str) -> str:
    return QCoreApplication.translate("CheckPage", text)


class CheckInput(LogInput):
    """The log box with its own words and reader: the checker wants a file's bytes and name."""

    def retranslate(self) -> None:
        super().retranslate()
        self.btn_open.setText(_t("Open a file…"))
        self.edit.setPlaceholderText(_t("Paste a tutorial, a requirements.txt, a Dockerfile … here, or drop a file "
                                        "on this box…"))

    def choose_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self, _t("Open a file to check"), "",
            _t("Tutorials and setup files (*.md *.txt *.ipynb *.yml *.yaml *.sh Dockerfile* *.Dockerfile);;"
               "All files (*)"))
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> None:
        if self.busy():
            return
        self._reading = path
        self._set_status("reading", name=os.path.basename(path) or path)
        self.btn_open.setEnabled(False)
        self._task = ThreadTask(open_source, path, name="tfgpu-read-check", parent=self)
        self._task.done.connect(self._on_read)
        self._task.failed.connect(self._on_failed)
        self._task.start()

    def source(self) -> tuple[bytes | str, str, bool]:
        """(what to check, its file name, whether the file was cut): the file's bytes while the box shows it
        unedited, else the box."""
        if self._log is not None and self.edit.toPlainText() == self._shown and hasattr(self._log, "data"):
            return self._log.data, self._reading or "", self._log.cut
        return self.edit.toPlainText(), "", False


class CheckPage(Page):
    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        lay = QVBoxLayout(self)
        self.title = heading()
        lay.addWidget(self.title)
        self.hint = wrap_label()
        lay.addWidget(self.hint)
        self.input = CheckInput()
        lay.addWidget(self.input, 1)
        row = QHBoxLayout()
        self.btn = QPushButton()
        self.btn.clicked.connect(self.run_check)
        self.btn_clear = QPushButton()
        self.btn_clear.clicked.connect(self.input.edit.clear)
        row.addWidget(self.btn)
        row.addWidget(self.btn_clear)
        row.addStretch(1)
        lay.addLayout(row)
        self.result = QTextBrowser()
        self.result.setOpenExternalLinks(True)
        lay.addWidget(self.result, 2)
        self._task = FlowTask(_checked, self, name="tfgpu-check", cancellable=False)
        self._task.finished.connect(self._on_done)
        self._task.failed.connect(self._on_failed)
        self._result = None  # core.flows.check.CheckResult shown
        self._name = ""
        self.retranslate()

    # -- page protocol
    def retranslate(self) -> None:
        self.title.setText(_t("Check a tutorial before you follow it"))
        self.hint.setText(_t("Paste or open a tutorial, README, notebook, requirements.txt, environment.yml, "
                             "Dockerfile or compose file. Every version and install command in it is checked "
                             "against TensorFlow's sources, against its other lines and against this computer. "
                             "Nothing leaves your computer."))
        self.input.retranslate()
        self.btn.setText(_t("Check it"))
        self.btn_clear.setText(_t("Clear"))
        if self._result is not None and not self.busy():
            self._start(self._result)  # the findings again, in the new language
        elif self._result is None:
            self.result.setHtml(f"<p style='color:#555'>{html.escape(_t('What is wrong appears here.'))}</p>")

    def busy(self) -> bool:
        return self._task.is_running() or self.input.busy()

    def shutdown(self) -> None:
        self._task.wait(5000)
        self.input.shutdown()

    # -- actions
    def run_check(self) -> None:
        if self.busy():
            return
        source, name, cut = self.input.source()
        if not source.strip():
            self.result.setHtml(verdict_html("warn", _t("The box is empty: paste a text or open a file first.")))
            return
        self._name = Path(name).name if name else ""
        host = getattr(self.state, "host", None)
        self._begin(lambda: check(source, name=name, host=host, tools=machine_tools() if host else None, cut=cut))

    def _start(self, result) -> None:
        self._begin(lambda: result)

    def _begin(self, make) -> None:
        self.btn.setEnabled(False)
        self.status.emit(_t("Checking …"))
        self._task.start(make)

    def _on_failed(self, message: str) -> None:
        self.btn.setEnabled(True)
        self.status.emit("")
        self.result.setHtml(verdict_html("bad", _t("The check failed: {0}").format(message)))

    def _on_done(self, result) -> None:
        self.btn.setEnabled(True)
        self.status.emit("")
        self._result = result
        self.result.setHtml(report_html(result.report, self._name))


def _checked(make):
    """The check itself, on the worker thread: ``make()`` gives the ``CheckResult``, its report is made here."""
    res = make()
    res.report  # noqa: B018 - the check runs when its report is first asked for
    return res


def _code(text: str) -> str:
    return f"<pre style='margin:2px 0 2px 12px'>{html.escape(text)}</pre>"


def report_html(rep, name: str = "") -> str:
    """The checker's report as HTML: notes, findings (line, quoted text, why, the corrected command, sources),
    then what the sources cannot decide."""
    out: list[str] = []
    for code in rep.notes:
        out.append(verdict_html("warn" if code in ("binary", "empty", "no-claims", "not-json") else "info",
                                note_text(code)))
    kinds = {"error": "bad", "warning": "warn", "info": "info"}
    against = {"sources": _t("contradicts the sources"), "text": _t("contradicts another line of the text"),
               "machine": _t("does not fit this computer")}
    if rep.findings:
        found = _t("{n} problems found").format(n=len(rep.findings))
        out.append(f"<p><b>{html.escape(found)}</b>"
                   + (f" — {html.escape(name)}" if name else "") + "</p>")
    for f in rep.findings:
        where = ", ".join(r.label() for r in f.refs)
        out.append("<p>" + verdict_html(kinds.get(f.severity, "warn"), f.title)
                   + f"<br><span style='color:#555'>{html.escape(_t('line {0}').format(where))} · "
                   + f"{html.escape(against.get(f.against, f.against))}</span>"
                   + (_code(f.refs[0].text) if f.refs else "")
                   + html.escape(f.explanation)
                   + (f"<br><b>{html.escape(_t('Instead:'))}</b>" + _code(f.fix) if f.fix else "")
                   + "".join(f"<br><a href='{html.escape(s)}'>{html.escape(s)}</a>" for s in f.sources
                             if s.startswith("http"))[:600]
                   + "</p>")
    if not rep.findings and not any(c in rep.notes for c in ("binary", "empty", "no-claims")):
        out.append(verdict_html("ok", _t("Nothing wrong found in {0} claims and commands.").format(rep.claims)))
    if rep.unknowns:
        items = "".join(f"<li>{html.escape(_t('line {0}').format(u.ref.label()))}: {html.escape(u.claim)} — "
                        f"{html.escape(u.reason)}</li>" for u in rep.unknowns)
        head = _t("What the sources cannot decide (not counted as problems):")
        out.append(f"<p><b>{html.escape(head)}</b></p><ul>{items}</ul>")
    if not rep.checked_machine:
        not_here = _t("Not checked against this computer: its facts are not known yet (Setup detects them).")
        out.append(f"<p style='color:#555'>{html.escape(not_here)}</p>")
    return "".join(out)
