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
    from tfgpu_wizard.gui import i18n
    from tfgpu_wizard.gui.mainwindow import MainWindow

    i18n.switch(lang)
    return MainWindow()


def main(argv: list[str] | None = None, lang: str | None = None, page: str | None = None) -> int:
    # pyqtgraph picks the first Qt binding it finds; make sure it is ours.
    os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(list(argv if argv is not None else sys.argv[:1]))
    app.setApplicationName("tfgpu-wizard")
    app.setApplicationDisplayName("TensorFlow GPU wizard")
    win = create_window(lang)
    if page:
        win.show_page(page)
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
        QTimer.singleShot(0, win.close)
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


if __name__ == "__main__":  # the options are parsed where all four programs parse them
    from tfgpu_wizard.cli import gui_main

    raise SystemExit(gui_main())
