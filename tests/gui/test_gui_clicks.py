"""Every button and menu action of every page, pressed through its real signal (``qtbot.mouseClick`` /
``QAction.trigger``), in both languages.

The tests elsewhere call page methods; a beginner clicks. A slot connected to ``clicked`` receives Qt's
``checked`` argument, which once reached ``show_recordings(paths)`` as ``False`` and raised ``TypeError``
into the event loop (the user saw nothing happen). The autouse guard in conftest fails the test on any
exception in a slot. File dialogs and questions are answered "cancel" here; a click that starts work
(a probe, a sample, a benchmark, an install) is followed by the page's own shutdown, so nothing is left
running.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QMessageBox, QPushButton

from tfgpu_wizard.gui.mainwindow import PAGES

pytestmark = pytest.mark.gui


@pytest.fixture
def cancel_dialogs(monkeypatch):
    """Answer every modal dialog with "cancel" and record what was asked."""
    asked: list[str] = []

    def record(name, value):
        def f(*args, **kwargs):
            asked.append(name)
            return value

        return f

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(record("open", ("", ""))))
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", staticmethod(record("open", ([], ""))))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(record("save", ("", ""))))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(record("folder", "")))
    for name in ("question", "warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(record(name, QMessageBox.StandardButton.Cancel)))
    monkeypatch.setattr(QMessageBox, "exec", lambda self: asked.append("box") or QMessageBox.StandardButton.Cancel)
    monkeypatch.setattr(QFileDialog, "exec", lambda self: asked.append("dialog") or 0)
    return asked


def _stop_everything(window, qtbot) -> None:
    for page in window.built_pages().values():
        if page.busy():
            page.shutdown()
            qtbot.waitUntil(lambda p=page: not p.busy(), timeout=30_000)


def _press_all(window, qtbot, name: str) -> list[str]:
    page = window.show_page(name)
    qtbot.wait(10)
    pressed = []
    for button in page.findChildren(QAbstractButton):
        if not (button.isVisibleTo(window) and button.isEnabled()):
            continue
        label = button.text() or button.objectName() or type(button).__name__
        if isinstance(button, QPushButton) or button.isCheckable():
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            pressed.append(label)
            qtbot.wait(20)
            _stop_everything(window, qtbot)
    return pressed


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_every_button_on_every_page_survives_a_click(window, qtbot, cancel_dialogs, lang):
    window.set_language(lang)
    total = 0
    for name in PAGES:
        pressed = _press_all(window, qtbot, name)
        total += len(pressed)
    # the window's own buttons (language, and the Setup navigation)
    assert total >= 20, total
    triggered = []
    for action in _menu_actions(window.menuBar().actions()):
        if action.isEnabled() and action.isVisible():
            action.trigger()
            triggered.append(action.text())
            qtbot.wait(10)
            _stop_everything(window, qtbot)
    assert len(triggered) >= 3, triggered  # the Help menu: report, log folder, about


def _menu_actions(actions) -> list[QAction]:
    """The window's own menu entries, depth first (pyqtgraph's chart context menu is not ours)."""
    out = []
    for a in actions:
        if a.menu() is not None:
            out.extend(_menu_actions(a.menu().actions()))
        elif not a.isSeparator():
            out.append(a)
    return out


def test_open_dialog_starts_at_the_recordings_with_them_in_the_sidebar(window, qtbot, monkeypatch):
    """Audit F9: the dialog opened in an empty runs folder with no way to the bundled recordings."""
    seen = {}

    def fake_exec(dlg):
        seen["dir"] = dlg.directory().absolutePath()
        seen["side"] = [u.toLocalFile().rstrip("/") for u in dlg.sidebarUrls()]
        return 0

    monkeypatch.setattr(QFileDialog, "exec", fake_exec)
    page = window.show_page("monitor")
    qtbot.mouseClick(page.btn_open, Qt.MouseButton.LeftButton)
    assert seen["dir"].endswith("recordings")
    assert any(p.endswith("recordings") for p in seen["side"])  # one click away, whatever folder you are in


def test_benchmark_show_recordings_button_fills_the_table(window, qtbot):
    """Audit finding F1: the button did nothing (TypeError: 'bool' object is not iterable)."""
    page = window.show_page("benchmark")
    qtbot.waitUntil(page.btn_demo.isEnabled, timeout=10_000)
    qtbot.mouseClick(page.btn_demo, Qt.MouseButton.LeftButton)
    assert page.demo
    assert page.results, "the recordings were not shown"


def test_export_with_nothing_to_export_says_so(window, qtbot, cancel_dialogs):
    """Audit F4: Export CSV of an empty chart wrote a bare header and said nothing."""
    page = window.show_page("monitor")
    for button in (page.btn_csv, page.btn_png):
        page.run_state.setText("")
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert "Nothing to export yet" in page.run_state.text()
    assert "save" not in cancel_dialogs  # no file dialog for nothing
