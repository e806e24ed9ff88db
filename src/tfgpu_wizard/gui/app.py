"""Start the desktop app: QApplication, translators, the main window; detection after the first paint.

Only PySide6 and what the first page needs are imported before the window shows; pyqtgraph and the
other pages load when first visited, and host detection starts on a worker thread once the window
has been painted (``QTimer.singleShot(0, ...)`` after ``show()``).
"""

from __future__ import annotations

import os
import sys


def create_window(lang: str | None = None):
    """Build the main window (a QApplication must exist). Used by ``main``, tests and tools."""
    from tfgpu_wizard.gui import focus_style, i18n
    from tfgpu_wizard.gui.mainwindow import MainWindow

    focus_style.install()  # a focus ring a keyboard user can see (gui-audit F16)
    i18n.switch(lang or initial_language())
    return MainWindow()


def initial_language() -> str:
    """No --lang: the choice remembered from last time, else the desktop's language (``QLocale.system()``,
    which on Windows and macOS is the system setting, not an environment variable)."""
    from PySide6.QtCore import QLocale

    from tfgpu_wizard.gui.settings import settings

    saved = settings().value("language")
    if saved in ("en", "zh_CN"):
        return str(saved)
    return "zh_CN" if QLocale.system().name().startswith("zh") else "en"


def install_error_hooks(win=None) -> None:
    """Uncaught exceptions (slots, threads) and Qt's own warnings go to the log file; an exception also
    shows a plain dialog naming that file, because a window started from a menu has no console."""
    import logging

    from PySide6.QtCore import QObject, Qt, QtMsgType, Signal, qInstallMessageHandler

    from tfgpu_wizard.core import logsetup

    logsetup.setup_logging("gui")
    log = logging.getLogger("tfgpu_wizard.qt")

    class _Bridge(QObject):
        error = Signal(str, str)

    bridge = _Bridge()
    bridge.error.connect(lambda text, path: show_error_dialog(text, path, win), Qt.ConnectionType.QueuedConnection)
    _hooks_keepalive.append(bridge)

    def show(text: str, path) -> None:
        bridge.error.emit(text, str(path))  # queued: safe from any thread

    logsetup.install_excepthooks(show)
    levels = {QtMsgType.QtDebugMsg: logging.DEBUG, QtMsgType.QtInfoMsg: logging.INFO,
              QtMsgType.QtWarningMsg: logging.WARNING, QtMsgType.QtCriticalMsg: logging.ERROR,
              QtMsgType.QtFatalMsg: logging.CRITICAL}

    def on_qt_message(mode, context, message) -> None:
        log.log(levels.get(mode, logging.WARNING), "%s", message)

    qInstallMessageHandler(on_qt_message)


_hooks_keepalive: list = []
_dialog_open = [False]


def show_error_dialog(text: str, log_path: str, parent=None) -> None:
    """A plain message: something went wrong, the window goes on, the details are in this file."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMessageBox

    if _dialog_open[0]:  # one at a time: an error in a timer must not stack up dialogs
        return
    t = lambda s: QCoreApplication.translate("App", s)  # noqa: E731
    box = QMessageBox(QMessageBox.Icon.Warning, t("Something went wrong"),
                      t("Something inside the wizard failed. The window keeps working, but the last thing you "
                        "did may not have finished.\n\nThe details are in the log file:\n{0}\n\nHelp → "
                        "“Save a report for help…” puts it in a zip you can attach to a question.").format(log_path),
                      parent=parent)
    box.setDetailedText(text)
    box.setObjectName("error-dialog")
    _dialog_open[0] = True
    try:
        box.exec()
    finally:
        _dialog_open[0] = False


def main(argv: list[str] | None = None, lang: str | None = None, page: str | None = None) -> int:
    # pyqtgraph picks the first Qt binding it finds; make sure it is ours.
    os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(list(argv if argv is not None else sys.argv[:1]))
    app.setApplicationName("tfgpu-wizard")
    app.setApplicationDisplayName("TensorFlow GPU wizard")
    install_error_hooks()
    win = create_window(lang)
    if page:
        win.show_page(page)
    else:
        win.auto_start_page = True  # no TensorFlow in the Python to check: detection opens Setup
    win.show()
    QTimer.singleShot(0, win.after_first_paint)
    _quit_cleanly_on_signals(app, win)
    if os.environ.get("TFGPU_WIZARD_QUIT_AFTER_PAINT"):  # cold-start benchmark: quit once painted
        QTimer.singleShot(0, app.quit)
    return app.exec()


def _quit_cleanly_on_signals(app, win) -> None:
    """SIGTERM (logout, ``kill``) or Ctrl+C in the terminal closes the window the normal way, so a running
    sample or probe is stopped and its run file closed: without this Python dies at once and the child
    interpreter lives on as an orphan. Python only runs signal handlers between bytecodes, so a cheap timer
    hands control back to it a few times a second while Qt's event loop waits."""
    import signal

    from PySide6.QtCore import QTimer

    def on_signal(signum, _frame) -> None:
        QTimer.singleShot(0, win.close_without_asking)  # the system asks: no question back, the run is stopped
        QTimer.singleShot(0, app.quit)

    for name in ("SIGTERM", "SIGINT", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            try:
                signal.signal(sig, on_signal)
            except (OSError, ValueError):  # not the main thread, or not supported here
                pass
    tick = QTimer(app)
    tick.setInterval(250)
    tick.timeout.connect(lambda: None)
    tick.start()
    app.aboutToQuit.connect(win.shutdown)  # however the loop ends, children are stopped
