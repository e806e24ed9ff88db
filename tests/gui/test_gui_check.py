"""The Check page (issue 26): paste a text, check it on a worker thread, see the findings; Chinese after a switch."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.gui
FIX = Path(__file__).resolve().parents[1] / "fixtures" / "check"


def test_check_page_pastes_checks_and_switches_language(qtbot, tmp_path):
    from tfgpu_wizard.core import i18n
    from tfgpu_wizard.gui.mainwindow import AppState
    from tfgpu_wizard.gui.pages.check import CheckPage

    page = CheckPage(AppState())
    qtbot.addWidget(page)
    page.resize(1024, 600)
    page.input.edit.setPlainText((FIX / "f14_tensorflow_org_pip.md").read_text(encoding="utf-8"))
    page.run_check()
    qtbot.waitUntil(lambda: not page.busy() and page._result is not None, timeout=20000)
    text = page.result.toPlainText()
    assert "cuDNN 8.9.7" in text and "pip install 'tensorflow[and-cuda]'" in text
    # a file dropped / opened is read on a worker thread and checked as its bytes, with its name
    path = tmp_path / "配 置 Dockerfile"
    path.write_text("FROM tensorflow/tensorflow:2.16.0-gpu\n", encoding="utf-8")
    page.input.open_file(str(path))
    qtbot.waitUntil(lambda: not page.input.busy(), timeout=20000)
    page.run_check()
    qtbot.waitUntil(lambda: not page.busy() and "2.16.0-gpu" in page.result.toPlainText(), timeout=20000)
    from tfgpu_wizard.gui import i18n as gui_i18n

    try:
        gui_i18n.switch("zh_CN")
        page.retranslate()
        qtbot.waitUntil(lambda: not page.busy() and "镜像" in page.result.toPlainText(), timeout=20000)
        assert page.btn.text() == "检查"
    finally:
        gui_i18n.switch("en")
        i18n.set_language("en")
    page.shutdown()
