"""The Diagnose page opens a log file (issue 22): dropped on the box (a real QDropEvent with file URLs, paths with
spaces and Chinese characters), opened with the button's reader, read on a worker thread (a FIFO that blocks the
reader does not block the window), and the page says what the log could not tell."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from tfgpu_wizard.gui import log_input as li

pytestmark = pytest.mark.gui
LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


def drop_files(widget, paths: list[Path]) -> None:
    """Drag files onto ``widget``'s viewport and drop them, as a file manager does."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    target = widget.viewport()
    pos = QPoint(10, 10)
    action = Qt.DropAction.CopyAction
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos, action, mime, buttons, mods)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(target, QDragMoveEvent(pos, action, mime, buttons, mods))
    drop = QDropEvent(QPointF(pos), action, mime, buttons, mods)
    QApplication.sendEvent(target, drop)


@pytest.fixture
def chinese_folder(tmp_path) -> Path:
    folder = tmp_path / "我的 日志 (logs)"
    folder.mkdir()
    return folder


def test_drop_a_file_with_spaces_and_chinese_in_its_path(qtbot, chinese_folder):
    target = chinese_folder / "训练 输出.log"
    shutil.copy(LOGS / "gh_tf_4349_mismatch_cuinit.log", target)
    box = li.LogInput()
    qtbot.addWidget(box)
    box.show()
    box.edit.setPlainText("what I pasted before")
    with qtbot.waitSignal(box.loaded, timeout=10_000) as sig:
        drop_files(box.edit, [target])
    assert sig.args == [str(target)]
    text = target.read_text(encoding="utf-8")
    assert box.edit.toPlainText() == text == box.text()  # the file's text, not its URL
    assert "file://" not in box.edit.toPlainText()
    assert "训练 输出.log" in box.status.text() and "utf-8" in box.status.text()
    qtbot.waitUntil(lambda: not box.busy())


def test_a_gbk_file_and_a_folder(qtbot, chinese_folder):
    box = li.LogInput()
    qtbot.addWidget(box)
    gbk = chinese_folder / "控制台 输出.txt"
    shutil.copy(LOGS / "gh_spmc_2_nvidia_smi_not_recognized_gbk.log", gbk)
    with qtbot.waitSignal(box.loaded, timeout=10_000):
        drop_files(box.edit, [gbk])
    assert "不是内部或外部命令" in box.text() and "gb18030" in box.status.text()
    qtbot.waitUntil(lambda: not box.busy())
    # a folder cannot be read: the message says so and the box keeps its text
    before = box.edit.toPlainText()
    with qtbot.waitSignal(box.failed, timeout=10_000) as sig:
        box.open_file(str(chinese_folder))
    assert "Cannot read" in sig.args[0] and str(chinese_folder) in sig.args[0]
    assert box.edit.toPlainText() == before
    qtbot.waitUntil(lambda: not box.busy())


def test_a_big_file_shows_its_end_and_explains_the_whole(qtbot, chinese_folder, monkeypatch):
    monkeypatch.setattr(li, "DISPLAY_CHARS", 2_000)  # a small box limit: a 30 kB file counts as big
    start = (LOGS / "gh_shine_cluster_30_nvml_mismatch.log").read_text(encoding="utf-8")
    noise = "2024-01-01 00:00:00.000001: I tensorflow/core/kernels/x.cc:1] step 10 loss=0.25\n" * 400
    path = chinese_folder / "big 大.log"
    path.write_text(start + noise + "[]\n", encoding="utf-8")
    box = li.LogInput()
    qtbot.addWidget(box)
    with qtbot.waitSignal(box.loaded, timeout=10_000):
        box.open_file(str(path))
    shown = box.edit.toPlainText()
    assert shown.startswith("[… ") and "lines before this are not shown here" in shown and shown.rstrip().endswith("[]")
    assert box.text() == path.read_text(encoding="utf-8")  # Explain gets the whole file
    box.edit.appendPlainText("my note")  # once the user edits the box, the box is what counts
    assert box.text() == box.edit.toPlainText()
    qtbot.waitUntil(lambda: not box.busy())


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_reading_never_blocks_the_window(qtbot, tmp_path):
    fifo = tmp_path / "slow 慢.log"
    os.mkfifo(fifo)
    box = li.LogInput()
    qtbot.addWidget(box)
    box.open_file(str(fifo))  # the reader now waits for a writer, on its own thread
    assert box.busy() and "Reading" in box.status.text()
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=5_000)  # the event loop runs while the file is not readable
    timer.stop()
    assert box.busy() and threading.main_thread() is threading.current_thread()
    with qtbot.waitSignal(box.loaded, timeout=10_000):
        with open(fifo, "w", encoding="utf-8") as fh:
            fh.write("failed call to cuInit: CUDA_ERROR_NO_DEVICE\n")
    assert "CUDA_ERROR_NO_DEVICE" in box.text()
    qtbot.waitUntil(lambda: not box.busy())


def test_diagnose_page_explains_a_dropped_file_and_what_it_cannot_tell(qtbot, chinese_folder):
    from tfgpu_wizard.gui.pages.diagnose import DiagnosePage

    page = DiagnosePage(state=None)
    qtbot.addWidget(page)
    page.show()
    target = chinese_folder / "日志 log.txt"
    shutil.copy(LOGS / "gh_tf_22525_dso_mismatch_no_device.log", target)
    with qtbot.waitSignal(page.input.loaded, timeout=10_000):
        drop_files(page.log, [target])
    page.btn.click()
    shown = page.result.toPlainText()
    assert "NVIDIA driver and driver library do not match" in shown.splitlines()[0]
    assert "What this log does not tell:" in shown
    assert "Which TensorFlow version wrote it: the log does not print it." in shown
    assert page.input.btn_open.isVisible()
    qtbot.waitUntil(lambda: not page.input.busy())
    # the page says what it cannot tell about text that is not a log at all
    page.log.setPlainText("Dear diary, today the computer was slow.")
    page.btn.click()
    assert "No TensorFlow, CUDA, pip or Python error lines were found" in page.result.toPlainText()


def test_log_input_in_chinese(qtbot):
    from tfgpu_wizard.gui import i18n

    box = li.LogInput()
    qtbot.addWidget(box)
    try:
        i18n.switch("zh_CN")
        box.retranslate()
        assert box.btn_open.text() == "打开日志文件…"
        assert "拖" in box.status.text() and "拖" in box.edit.placeholderText()
    finally:
        i18n.switch("en")
        box.retranslate()
    assert box.btn_open.text() == "Open a log file…"
