"""gui-audit-2's findings (/work/shared/reports/gui-audit-2.md), each as the steps the audit took: the real window
offscreen, real clicks, real files. Recorded machines (doctor reports) stand in for this one where a finding
depends on the machine; they go through the window's own detection path (``MainWindow._on_host``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui
REPO = Path(__file__).resolve().parents[2]
NO_DRIVER = REPO / "tests" / "fixtures" / "host" / "realistic" / "linux-ubuntu2404-no-driver.json"
RECORDINGS = REPO / "resources" / "recordings"


def _host(path: Path):
    from tfgpu_wizard.core.setup.host_model import HostReport

    return HostReport.from_dict(json.loads(path.read_text(encoding="utf-8")))


def test_n4_monitor_shown_first_follows_detection_to_cpu(window) -> None:
    """N4: with the Monitor the first page shown, Devices said "GPU 0" on a machine without one and Start failed
    (exit 3). Detection answering while the page is on screen now switches it to "CPU only"."""
    window._detect_pending = True  # what after_first_paint sets: detection has not answered yet
    page = window.show_page("monitor")
    assert page.devices.currentData() == "gpu:0"  # the hopeful default before the answer
    window._on_host(_host(NO_DRIVER))  # detection's answer, as its worker thread delivers it
    assert page.devices.currentData() == "cpu"
    assert not page.mode.isEnabled() and "CPU" in page.mode_text.text()
    assert page.sample_config().devices == "cpu"
