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
    if os.environ.get("TFGPU_WIZARD_QUIT_AFTER_PAINT"):  # cold-start benchmark: quit once painted
        QTimer.singleShot(0, app.quit)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
