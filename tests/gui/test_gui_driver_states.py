"""The Setup page says what doctor says about a driver that is there but does not work (issue 28).

The reports come from RECORDED REAL nvidia-smi outputs (tests/fixtures/smi, sources in each case.json), replayed
through the real detection (a replaying nvidia-smi first on PATH, NVML unavailable), as tests/test_smi_replay.py
does for doctor and plan.
"""

from __future__ import annotations

import html
import os
import shlex
import stat
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.setup import host
from tfgpu_wizard.gui.pages.setup import host_html

pytestmark = pytest.mark.gui

SMI = Path(__file__).resolve().parents[1] / "fixtures" / "smi"
posix_only = pytest.mark.skipif(os.name != "posix", reason="the replaying nvidia-smi is a POSIX shell wrapper")


def replayed(case: str, tmp_path: Path, monkeypatch) -> host.HostReport:
    monkeypatch.setitem(sys.modules, "pynvml", None)
    monkeypatch.setattr(nvml, "_pynvml", None)
    nvml.shutdown()
    folder = tmp_path / "回放 bin"
    folder.mkdir()
    exe = folder / "nvidia-smi"
    exe.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} {shlex.quote(str(SMI / 'replay_nvidia_smi.py'))} "
                   f"{shlex.quote(str(SMI / case))} \"$@\"\n", encoding="utf-8")
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    env = dict(os.environ, PATH=str(folder) + os.pathsep + os.environ.get("PATH", ""))
    try:
        return host.detect_host(environ=env, timeout=15)
    finally:
        nvml.shutdown()


@posix_only
@pytest.mark.parametrize("case", ["fail-version-mismatch-570", "fail-no-devices-rtx5090", "fail-no-comm-fedora"])
def test_setup_page_words_are_doctors_words(case, tmp_path, monkeypatch, window):
    report = replayed(case, tmp_path, monkeypatch)
    d = report.driver
    shown = host_html(report)
    assert html.escape(d.state_message()) in shown  # the first note, as doctor's "Needs attention" headline
    assert html.escape(d.state_advice()) in shown
    assert html.escape(d.state_label()) in shown  # the driver row: "updated, waiting for a restart" ...
    assert "No NVIDIA driver was found" not in shown and "install it first" not in shown
    if d.nvml_version:
        assert d.nvml_version in shown
    window.set_language("zh_CN")
    try:
        zh = host_html(report)
        assert html.escape(d.state_message("zh_CN")) in zh and d.state_message("zh_CN") != d.state_message("en")
        assert "未找到 NVIDIA 驱动" not in zh
    finally:
        window.set_language("en")


@posix_only
def test_setup_page_shows_mig_devices(tmp_path, monkeypatch, window):
    report = replayed("table-570-a100-mig-4-devices", tmp_path, monkeypatch)
    shown = host_html(report)
    assert "MIG mode, 4 MIG devices" in shown
    assert html.escape(host.note_text(next(n for n in report.notes if n.code == "gpu-mig-enabled"))) in shown
