"""The log box of the Diagnose page: paste text, drop a file on it, or open one with a button.

Files are read through core's reader (``core.flows.diagnose.read_log``: encoding detected, a huge file read at
its start and end) on a worker thread, never on the GUI thread; while it reads, the box keeps what it had. What
the box shows of a big file is its end (the error is there) and a line saying so; ``text()`` still gives the
whole text that was read, so the diagnosis sees all of it, unless the user edited the box since.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMimeData, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from tfgpu_wizard.gui.workers import ThreadTask

DISPLAY_CHARS = 1_000_000  # what the box shows of a file at most (a text widget slows down beyond this)

# status lines, translated when shown (and again on a language switch)
LOG_INPUT_TEXT = {
    "idle": "You can also drop a log file on the box.",
    "reading": "Reading {name} …",
    "opened": "Opened {name} ({size}, {encoding}).",
    "failed": "Cannot read {path}: {reason}",
}


def _t(text: str) -> str:
    return QCoreApplication.translate("LogInput", text)


def _local_files(mime: QMimeData) -> list[str]:
    if not mime.hasUrls():
        return []
    return [u.toLocalFile() for u in mime.urls() if u.isLocalFile() and u.toLocalFile()]


class LogTextEdit(QPlainTextEdit):
    """A plain-text box that takes dropped (or pasted) files as files: it asks for them to be read instead of
    inserting their URL."""

    files_dropped = Signal(str)  # the first local file dropped or pasted

    def canInsertFromMimeData(self, source: QMimeData) -> bool:  # noqa: N802 - Qt's name
        return bool(_local_files(source)) or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:  # noqa: N802 - Qt's name
        files = _local_files(source)
        if files:
            self.files_dropped.emit(files[0])
            return
        super().insertFromMimeData(source)


class LogInput(QWidget):
    """The text box, an "Open a log file…" button and a status line."""

    loaded = Signal(str)  # a file's text is in the box (its path)
    failed = Signal(str)  # a file could not be read (the message shown)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.edit = LogTextEdit()
        self.edit.files_dropped.connect(self.open_file)
        lay.addWidget(self.edit, 1)
        row = QHBoxLayout()
        self.btn_open = QPushButton()
        self.btn_open.clicked.connect(self.choose_file)
        row.addWidget(self.btn_open)
        self.status = QLabel()
        self.status.setWordWrap(True)
        row.addWidget(self.status, 1)
        lay.addLayout(row)
        self._task: ThreadTask | None = None
        self._reading: str | None = None
        self._log = None  # the LogText of the file in the box
        self._shown = ""  # what the box showed of it
        self._status: tuple[str, dict] = ("idle", {})  # (LOG_INPUT_TEXT key, fields): re-worded on a switch
        self.retranslate()

    # -- public
    def retranslate(self) -> None:
        self.btn_open.setText(_t("Open a log file…"))
        self.edit.setPlaceholderText(_t("Paste the error log here, or drop a log file on this box…"))
        self._show_status()

    def text(self) -> str:
        """The text to explain: the whole file read (when the box still shows it unedited), else the box."""
        box = self.edit.toPlainText()
        if self._log is not None and box == self._shown:
            return self._log.text
        return box

    def gap(self) -> tuple[int, int] | None:
        """Lines of a huge file that were not read (``LogText.gap``), while the box shows that file."""
        return self._log.gap if self._log is not None and self.edit.toPlainText() == self._shown else None

    def busy(self) -> bool:
        return self._task is not None and self._task.is_running()

    def choose_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, _t("Open a log file"), "",
                                              _t("Logs and text files (*.log *.txt *.out *.err);;All files (*)"))
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> None:
        """Read ``path`` on a worker thread; the box is replaced only when it was read."""
        if self.busy():
            return
        from tfgpu_wizard.core.flows.diagnose import read_log

        self._reading = path
        self._set_status("reading", name=os.path.basename(path) or path)
        self.btn_open.setEnabled(False)
        self._task = ThreadTask(read_log, path, name="tfgpu-read-log", parent=self)
        self._task.done.connect(self._on_read)
        self._task.failed.connect(self._on_failed)
        self._task.start()

    def shutdown(self, wait_ms: int = 5000) -> None:
        if self._task is not None:
            self._task.wait(wait_ms)

    # -- internals
    def _on_read(self, log) -> None:
        path = self._reading or ""
        self.btn_open.setEnabled(True)
        text = log.text
        shown = text
        if len(text) > DISPLAY_CHARS:
            cut = text.find("\n", len(text) - DISPLAY_CHARS) + 1 or len(text) - DISPLAY_CHARS
            skipped = text.count("\n", 0, cut) + (log.gap[1] if log.gap else 0)
            shown = _t("[… {n} lines before this are not shown here; Explain reads the whole file …]").format(
                n=skipped) + "\n" + text[cut:]
        self._log, self._shown = log, shown
        self.edit.setPlainText(shown)
        size = f"{log.size / 1e6:.1f} MB" if log.size >= 100_000 else f"{max(1, round(log.size / 1000))} kB"
        self._set_status("opened", name=Path(path).name, size=size, encoding=log.encoding)
        self.loaded.emit(path)

    def _on_failed(self, message: str) -> None:
        self.btn_open.setEnabled(True)
        self._set_status("failed", path=self._reading or "", reason=message)
        self.failed.emit(self.status.text())

    def _set_status(self, key: str, **fields) -> None:
        self._status = (key, fields)
        self._show_status()

    def _show_status(self) -> None:
        key, fields = self._status
        self.status.setText(_t(LOG_INPUT_TEXT[key]).format(**fields))
