"""The main window: navigation list on the left, one page at a time, a status line that never lies.

Pages are built on first visit (``page(name)``), so the first paint costs only the navigation and
the first page. Each page emits ``status(str)`` for the status line; when nothing runs the line
says so ("Ready") instead of keeping a stale message.
"""

from __future__ import annotations

import importlib
import os

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tfgpu_wizard.core.paths import default_python
from tfgpu_wizard.gui import i18n
from tfgpu_wizard.gui.settings import settings
from tfgpu_wizard.gui.widgets import Page

PAGES = ("sanity", "setup", "monitor", "classroom", "benchmark", "diagnose", "check", "learn")

# name -> (module, class, English title, symbol). Titles are translated in context "MainWindow".
_PAGE_INFO = {
    "sanity": ("tfgpu_wizard.gui.pages.sanity", "SanityPage", "Sanity check", "✓"),
    "setup": ("tfgpu_wizard.gui.pages.setup", "SetupPage", "Setup", "⚙"),
    "monitor": ("tfgpu_wizard.gui.pages.monitor", "MonitorPage", "Monitor", "◉"),
    "classroom": ("tfgpu_wizard.gui.pages.classroom", "ClassroomPage", "Classroom", "⊞"),
    "benchmark": ("tfgpu_wizard.gui.pages.benchmark", "BenchmarkPage", "Benchmark", "▥"),
    "diagnose": ("tfgpu_wizard.gui.pages.diagnose", "DiagnosePage", "Diagnose", "✚"),
    "check": ("tfgpu_wizard.gui.pages.check", "CheckPage", "Check a tutorial", "☑"),
    "learn": ("tfgpu_wizard.gui.pages.learn", "LearnPage", "Learn", "✎"),
}


def _t(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class AppState:
    """What the pages share: the detected host and the chosen target interpreter."""

    def __init__(self) -> None:
        self.host = None  # core.setup.host_model.HostReport once detection finished
        self.host_error: str | None = None
        # the interpreter that has (or will have) TensorFlow; python3 on PATH in the frozen app
        self.target_python: str = default_python()
        # The last Python that Verify found a working TensorFlow in, remembered across launches (QSettings).
        saved = settings().value("verified_python")
        if isinstance(saved, str) and saved and os.path.exists(saved):
            self.target_python = saved
        # Keras 2 (tf-keras, TF_USE_LEGACY_KERAS=1) instead of Keras 3 for the probe and the TensorFlow sample
        self.keras2: bool = False


class MainWindow(QMainWindow):
    host_ready = Signal(object)  # HostReport, or None when detection failed (state.host_error says why)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("tfgpu-main")  # found by tools and tests among the top-level widgets
        self.state = AppState()
        self._pages: dict[str, Page] = {}
        self._status_owner: str | None = None
        self._detect_task = None
        self._report_task = None  # the help zip being written (core.flows.report)
        self._detect_pending = False  # True from start until its result (or failure) has arrived here
        self.auto_start_page = False  # app.main: no --page given, so detection may open Setup (N13)
        self._close_without_asking = False  # a signal or the app quitting: close without the quit prompt
        from tfgpu_wizard.gui.gc_timer import GuiThreadCollector

        self._collector = GuiThreadCollector(self)  # cycles are freed in this thread, between events
        self._collector.start()

        central = QWidget()
        outer = QHBoxLayout(central)
        outer.setContentsMargins(6, 6, 6, 0)
        side = QVBoxLayout()
        self.nav = QListWidget()
        self.nav.setObjectName("nav")
        self.nav.setFixedWidth(170)
        self.nav.setStyleSheet(
            "QListWidget#nav { font-size: 11pt; border: none; background: #f3f4f6; }"
            "QListWidget#nav::item { padding: 8px 6px; }"
            "QListWidget#nav::item:selected { background: #dbe7ff; color: #000; }"
        )
        for name in PAGES:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.nav.addItem(item)
        side.addWidget(self.nav, 1)
        lang_row = QHBoxLayout()
        self.lang_group = QButtonGroup(self)
        self.btn_en = QPushButton("EN")
        self.btn_zh = QPushButton("中文")
        for b, code in ((self.btn_en, "en"), (self.btn_zh, "zh_CN")):
            b.setCheckable(True)
            b.setProperty("lang", code)
            self.lang_group.addButton(b)
            lang_row.addWidget(b)
        side.addLayout(lang_row)
        outer.addLayout(side)

        self.stack = QStackedWidget()
        outer.addWidget(self.stack, 1)
        self.setCentralWidget(central)

        self.status_label = QLabel()
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.statusBar().addWidget(self.status_label, 1)

        self._build_menu()

        self.nav.currentRowChanged.connect(self._on_nav)
        self.lang_group.buttonClicked.connect(lambda b: self.set_language(b.property("lang")))
        self.resize(1280, 740)
        self.retranslate()
        self.nav.setCurrentRow(0)

    # -- Help menu ---------------------------------------------------------------------------

    def _build_menu(self) -> None:
        from PySide6.QtGui import QAction

        self.menu_help = self.menuBar().addMenu("")
        self.act_report = QAction(self)
        self.act_report.setObjectName("act-report")
        self.act_report.triggered.connect(lambda: self.save_report())
        self.act_logs = QAction(self)
        self.act_logs.triggered.connect(self.open_log_folder)
        self.act_about = QAction(self)
        self.act_about.triggered.connect(self.show_about)
        for a in (self.act_report, self.act_logs, self.act_about):
            self.menu_help.addAction(a)
        # ask_report_path() -> str ("" = cancelled); tests replace it
        self.ask_report_path = self._ask_report_path

    def _ask_report_path(self) -> str:
        from PySide6.QtWidgets import QFileDialog

        from tfgpu_wizard.core.report import default_report_path

        path, _ = QFileDialog.getSaveFileName(self, _t("Save a report for help"), str(default_report_path()),
                                              _t("Zip files (*.zip)"))
        return path

    def save_report(self, path: str | None = None) -> bool:
        """Write the help zip (doctor JSON, log, newest run, last plan run) off the GUI thread
        (``core.flows.report``, the CLI's ``report`` too); the status line says where. False: no path chosen."""
        from tfgpu_wizard.core.flows.report import DETECT, report
        from tfgpu_wizard.gui.workers import FlowTask

        path = path or self.ask_report_path()
        if not path or (self._report_task is not None and self._report_task.is_running()):
            return False
        self._report_task = task = FlowTask(report, self, name="tfgpu-report")
        task.finished.connect(lambda contents: self.status(_t("Report saved: {0}").format(contents.path)))
        task.failed.connect(self._report_failed)
        task.start(path, host=self.state.host if self.state.host is not None else DETECT)
        return True

    def _report_failed(self, message: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self, _t("Save a report for help"), _t("Could not write the report: {0}").format(message))

    def open_log_folder(self) -> str:
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        from tfgpu_wizard.core.logsetup import log_dir

        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        self.status(_t("The log folder: {0}").format(folder))
        opened = False
        if not os.environ.get("TFGPU_WIZARD_NO_OPEN"):
            opened = QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
        if not opened:
            self._show_log_folder(str(folder))
        return str(folder)

    def _show_log_folder(self, folder: str) -> None:
        """No file manager opened the folder (a server, a minimal desktop): its path in a box that can copy it,
        instead of nothing visible (gui-audit-2 N18)."""
        from PySide6.QtGui import QGuiApplication
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Information, _t("Open the log folder"),
                          _t("No file manager opened it. The log folder is:\n{0}").format(folder), parent=self)
        box.setObjectName("log-folder")
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        copy = box.addButton(_t("Copy the path"), QMessageBox.ButtonRole.ActionRole)
        copy.clicked.disconnect()  # copying does not close the box
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(folder))
        box.addButton(QMessageBox.StandardButton.Close)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.log_folder_box = box
        box.open()

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        from tfgpu_wizard import __version__
        from tfgpu_wizard.core.logsetup import log_file

        box = QMessageBox(QMessageBox.Icon.Information, _t("About"),
                          _t("TensorFlow GPU wizard {0}\n\nThe log file: {1}").format(__version__, log_file()),
                          parent=self)
        box.setObjectName("about")
        box.exec()

    # -- pages ------------------------------------------------------------------------------

    def page(self, name: str) -> Page:
        page = self._pages.get(name)
        if page is None:
            mod_name, cls_name, _, _ = _PAGE_INFO[name]
            cls = getattr(importlib.import_module(mod_name), cls_name)
            page = cls(self.state, self)
            page.status.connect(lambda text, n=name: self._on_page_status(n, text))
            if hasattr(page, "verify_requested"):  # diagnose: "run verify to collect the full log"
                page.verify_requested.connect(lambda: self.show_page("setup"))
            if hasattr(page, "setup_requested"):  # sanity: "Setup →" when TensorFlow is missing
                page.setup_requested.connect(lambda: self.show_page("setup"))
            self._pages[name] = page
            self.stack.addWidget(page)
        return page

    def built_pages(self) -> dict[str, Page]:
        return dict(self._pages)

    def show_page(self, name: str) -> Page:
        row = PAGES.index(name)
        if self.nav.currentRow() != row:
            self.nav.setCurrentRow(row)  # -> _on_nav
        return self._pages[name]

    def current_page_name(self) -> str:
        return PAGES[self.nav.currentRow()]

    def _on_nav(self, row: int) -> None:
        if row < 0:
            return
        page = self.page(PAGES[row])
        self.stack.setCurrentWidget(page)
        page.on_shown()

    # -- status line ------------------------------------------------------------------------

    def status(self, text: str) -> None:
        self.status_label.setText(text or _t("Ready"))

    def _on_page_status(self, name: str, text: str) -> None:
        # An empty text means "that page is done"; only then may another page's idle state show.
        if text:
            self._status_owner = name
            self.status(text)
        elif self._status_owner in (name, None):
            self._status_owner = None
            busy = [n for n, p in self._pages.items() if p.busy()]
            if self.detecting():
                busy.insert(0, "setup")
            self.status(_t("Still running: {0}").format(", ".join(self._title(n) for n in busy)) if busy else "")

    def status_text(self) -> str:
        return self.status_label.text()

    # -- language ---------------------------------------------------------------------------

    def _title(self, name: str) -> str:
        return _t(_PAGE_INFO[name][2])

    def set_language(self, lang: str) -> None:
        i18n.switch(lang)
        settings().setValue("language", i18n.current())  # remembered for the next launch
        self.retranslate()
        for page in self._pages.values():
            page.retranslate()

    def retranslate(self) -> None:
        # Qt appends the application's display name to every window title: the same words, translated, so the
        # title is not "TensorFlow GPU 向导 — TensorFlow GPU wizard" in Chinese (N12).
        from PySide6.QtGui import QGuiApplication

        QGuiApplication.setApplicationDisplayName(_t("TensorFlow GPU wizard"))
        self.setWindowTitle(_t("TensorFlow GPU wizard"))
        for row, name in enumerate(PAGES):
            self.nav.item(row).setText(f"{_PAGE_INFO[name][3]}  {self._title(name)}")
        lang = i18n.current()
        self.btn_en.setChecked(lang == "en")
        self.btn_zh.setChecked(lang == "zh_CN")
        self.btn_en.setToolTip(_t("English"))
        self.btn_zh.setToolTip(_t("Chinese (Simplified)"))
        self.menu_help.setTitle(_t("&Help"))
        self.act_report.setText(_t("Save a report for help…"))
        self.act_report.setToolTip(_t("A zip with this machine's report, the log and your newest run, to attach "
                                      "to a question"))
        self.act_logs.setText(_t("Open the log folder"))
        self.act_about.setText(_t("About"))
        if not self._status_owner:
            self._on_page_status("", "")  # the idle line, or "Still running: Setup" while a page works (N9)

    # -- host detection -------------------------------------------------------------------

    def after_first_paint(self) -> None:
        """Start host detection on a worker thread (the window is already on screen)."""
        self.detect_host()

    def detect_host(self) -> bool:
        from tfgpu_wizard.core.flows.doctor import doctor
        from tfgpu_wizard.gui.workers import FlowTask

        if self.detecting():
            return False
        self._on_page_status("_detect", _t("Detecting your machine (driver, GPUs, Python, TensorFlow)…"))
        task = FlowTask(doctor, self, name="tfgpu-detect")  # core.flows.doctor, `tfgpu-wizard doctor` too
        task.finished.connect(self._on_host)
        task.failed.connect(self._on_host_failed)
        self._detect_task = task
        self._detect_pending = True
        task.start()
        return True

    def detecting(self) -> bool:
        # Not the thread's liveness: the thread emits its result a moment before it exits, and the status
        # line must not say "Still running: Setup" once the result is here.
        return self._detect_pending

    def _on_host(self, report) -> None:
        self._detect_pending = False
        self.state.host = report
        self.state.host_error = None
        self._on_page_status("_detect", "")
        self.host_ready.emit(report)
        self._maybe_start_on_setup(report)

    def _maybe_start_on_setup(self, report) -> None:
        """A fresh start (no page asked for) whose Python has no TensorFlow and no verified Python remembered
        opens on Setup: the Sanity check could only fail there (gui-audit-2 N13). Once the user has moved or
        started something, the window stays where it is."""
        if not self.auto_start_page:
            return
        self.auto_start_page = False
        tf = getattr(report, "tensorflow", None)
        no_tf = tf is not None and tf.version is None and os.path.realpath(tf.python) == os.path.realpath(
            self.state.target_python)
        sanity = self._pages.get("sanity")
        idle = sanity is None or (not sanity.busy() and getattr(sanity, "result", None) is None)
        if no_tf and idle and self.current_page_name() == "sanity" and not settings().value("verified_python"):
            self.show_page("setup")

    def _on_host_failed(self, message: str) -> None:
        self._detect_pending = False
        self.state.host_error = message
        self._on_page_status("_detect", "")
        self.host_ready.emit(None)

    # -- shutdown ---------------------------------------------------------------------------

    def shutdown(self) -> None:
        for page in self._pages.values():
            page.shutdown()
        if self._detect_task is not None:
            self._detect_task.wait(30_000)
        if self._report_task is not None:
            self._report_task.shutdown(30_000)
        self._collector.stop()

    def busy_pages(self) -> list[str]:
        """The titles of the pages running something (a sample, an install, a check), in the current language."""
        return [self._title(n) for n, p in self._pages.items() if p.busy()]

    def close_without_asking(self) -> None:
        """Close even while something runs (a signal from the system, the app quitting): it is stopped."""
        self._close_without_asking = True
        self.close()

    def confirm_quit(self, busy: list[str]) -> bool:
        """Ask before a close stops a run (gui-audit-2: "no 'a run is in progress, quit anyway?' prompt"): "Keep
        running" is the default and Esc; True when the user chose to stop and quit."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, _t("Quit tfgpu-wizard?"),
                          _t("Still running: {0}. Quitting stops it; a run file keeps what was recorded so far.")
                          .format(", ".join(busy)), parent=self)
        stop = box.addButton(_t("Stop and quit"), QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton(_t("Keep running"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.setObjectName("tfgpu-quit-prompt")
        box.exec()
        return box.clickedButton() is stop

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt override
        busy = self.busy_pages()
        if busy and not self._close_without_asking and not self.confirm_quit(busy):
            event.ignore()
            return
        self.shutdown()
        super().closeEvent(event)
