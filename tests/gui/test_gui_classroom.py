"""The Classroom page (issue 27): real loopback endpoints serving recorded answers (a DCGM exporter on a busy T4,
nvitop-exporter on an H200 training run), the app's own server replaying an H200 recording with its recorded
doctor report, and an address where nothing listens; side by side and overlaid; in Chinese after a switch; no
thread left after shutdown."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from remote_endpoints import DCGM_BUSY, NVITOP_H200, RecordedEndpoint, recorded, recorded_sequence

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture
def lab():
    from tfgpu_wizard.core.flows.share import Share
    from tfgpu_wizard.core.monitor.runs import find_run
    from tfgpu_wizard.core.monitor.sampler import ReplaySource
    from tfgpu_wizard.core.setup.host_model import HostReport

    report = HostReport.from_json((ROOT / "resources" / "recordings" / "doctor-h200.json").read_text("utf-8"))
    dcgm = RecordedEndpoint(recorded(DCGM_BUSY), period=0.5).start()
    nvitop = RecordedEndpoint(recorded_sequence(NVITOP_H200)[1], period=0.5).start()
    share = Share(port=0, interval=0.5, detect=lambda: report,
                  source=ReplaySource(find_run("sample-tf-resnet20-fp32-growth"), speed=2.0))
    share.start()
    try:
        yield [f"t4={dcgm.url}", f"h200={nvitop.url}", f"app=127.0.0.1:{share.server.port}",
               f"gone=127.0.0.1:{_free_port()}"]
    finally:
        share.stop()
        dcgm.stop()
        nvitop.stop()


def _texts(card) -> str:
    return " ".join(w.text() for w in (card.title, card.state, card.verdict, card.gpus))


def test_classroom_page_watches_machines_and_marks_the_dead_one(window, qtbot, lab):
    page = window.show_page("classroom")
    assert page.stack.currentWidget() is page.empty
    page.addresses.setPlainText(" ".join(lab))
    qtbot.mouseClick(page.btn_watch, Qt.MouseButton.LeftButton)
    assert page.room is not None and len(page.cards) == 4
    qtbot.waitUntil(lambda: "Doctor: The driver" in page.cards[2].verdict.text() and "GPU 0" in page.cards[1].gpus.text(),
                    timeout=15_000)
    qtbot.waitUntil(lambda: "not answering" in page.cards[3].state.text(), timeout=15_000)
    t4, h200, app, gone = (_texts(c) for c in page.cards)
    assert "t4  (DCGM exporter)" in t4 and "Tesla T4: 5.0 of 15.0 GiB, 91 %" in t4 and "No doctor verdict" in t4 and "<code>tfgpu-wizard monitor --serve</code>" in t4
    assert "nvitop-exporter" in h200 and "NVIDIA H200" in h200
    assert "Doctor:" in app and "TensorFlow is not installed" in app
    assert "✗ not answering: connection refused" in gone and "trying again" in gone
    assert page.cards[3].alive is False and page.cards[0].alive is True
    assert "3 of 4 machines answering" in page.summary.text()
    # the curve of a live machine has points; the page's GUI-thread work stays small
    assert page.cards[0].curves[0].getData()[0] is not None and len(page.cards[0].curves[0].getData()[0]) >= 1
    assert max(page.refresh_ms_spent) < 1000

    page.layout_box.setCurrentIndex(1)  # overlaid: one plot, one legend entry per machine
    QApplication.processEvents()
    assert page.stack.currentWidget() is page.overlay
    qtbot.waitUntil(lambda: len(page.overlay_legend.items) >= 3, timeout=5_000)
    assert {label.text for _, label in page.overlay_legend.items} >= {"t4", "h200", "app"}

    window.set_language("zh_CN")
    QApplication.processEvents()
    page.refresh()
    assert page.title.text() == "课堂：其他机器的 GPU"
    assert "无应答" in page.cards[3].state.text()
    assert "台机器中有" in page.summary.text()

    page.btn_stop.click()  # Stop only tells the threads; the GUI thread does not wait on the network
    assert page.room is None and not page.timer.isActive()
    page.shutdown()
    assert not any(r.running for r in page._stopping)


def test_bad_addresses_are_said_in_words(window):
    page = window.show_page("classroom")
    page.addresses.setPlainText("")
    assert page.start_watching() is False and "at least one address" in page.summary.text()
    page.addresses.setPlainText("ftp://lab:21")
    assert page.start_watching() is False and "http://" in page.summary.text()
    assert page.room is None
