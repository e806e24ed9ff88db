"""A plan for a machine whose NVIDIA driver is there but not working says what the driver needs, never "install
the driver" (issue 28): the recorded H200 report with its driver state changed to each installed-but-broken state,
through the real `plan` CLI in both languages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.paths import resources_dir


def _report(tmp_path: Path, state: str) -> Path:
    data = json.loads((resources_dir() / "recordings" / "doctor-h200.json").read_text(encoding="utf-8"))
    data["driver"].update(present=state == "no-devices", state=state, version=None, cuda_version=None,
                          source="nvidia-smi", error="recorded H200 report, driver state changed for this test")
    data["gpus"] = []
    path = tmp_path / f"doctor {state} 报告.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _plan(report: Path, *extra: str) -> str:
    env = dict(os.environ, COLUMNS="200")
    proc = subprocess.run([sys.executable, "-m", "tfgpu_wizard", *extra, "plan", "--host", str(report)],
                          capture_output=True, text=True, env=env, timeout=120)
    return proc.stdout + proc.stderr


@pytest.mark.parametrize(("state", "words"), [
    ("needs-reboot", "restart the computer"),
    ("not-loaded", "kernel module did not load"),
    ("no-devices", "not a new driver"),
])
def test_a_driver_that_is_there_is_not_installed_again(tmp_path: Path, state: str, words: str) -> None:
    out = _plan(_report(tmp_path, state))
    assert words in out
    assert "Install the NVIDIA driver" not in out
    assert "Install the NVIDIA driver first" not in out


def test_the_reboot_advice_is_chinese_in_chinese(tmp_path: Path) -> None:
    out = _plan(_report(tmp_path, "needs-reboot"), "--lang", "zh_CN")
    assert "restart the computer" not in out and "重" in out  # 重启 / 重新启动
