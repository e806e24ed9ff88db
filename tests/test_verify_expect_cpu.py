"""`verify --expect-cpu`: the check of a CPU plan. "Works, no GPU" passes (exit 0) with its own words;
no TensorFlow still fails. Real probe runs: this Python (TensorFlow CPU) and this Python without site-packages."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys

import pytest

pytestmark = [pytest.mark.tf, pytest.mark.skipif(os.name != "posix", reason="a shell-script interpreter")]


def _verify(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "tfgpu_wizard", "verify", *args], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=300)


def test_a_cpu_install_passes_as_intended(tmp_path) -> None:
    import importlib.util

    if importlib.util.find_spec("tensorflow") is None:
        pytest.skip("TensorFlow is not installed in this Python")
    from tfgpu_wizard.core.monitor import nvml

    if nvml.init() is None:
        pytest.skip("a GPU driver is here: TensorFlow may see a GPU")
    out = _verify("--python", sys.executable, "--expect-cpu", "--json")
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    data = json.loads(out.stdout)
    assert data["verdict"]["status"] == "no-gpu" and data["verdict"]["expected_cpu"] is True
    assert data["verdict"]["exit_code"] == 0

    # No TensorFlow is not "as intended": a Python without site-packages, through a wrapper
    fake = tmp_path / "无 tf python"
    fake.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -I -S \"$@\"\n", encoding="utf-8")
    fake.chmod(0o755)
    out = _verify("--python", str(fake), "--expect-cpu")
    assert out.returncode == 3, out.stdout + out.stderr
    assert "as this plan intends" not in out.stdout


def test_text_says_it_in_chinese_too() -> None:
    import importlib.util

    if importlib.util.find_spec("tensorflow") is None:
        pytest.skip("TensorFlow is not installed in this Python")
    from tfgpu_wizard.core.monitor import nvml

    if nvml.init() is None:
        pytest.skip("a GPU driver is here: TensorFlow may see a GPU")
    out = _verify("--python", sys.executable, "--expect-cpu", "--lang", "zh_CN")
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("✓ TensorFlow 可以工作，在 CPU 上运行"), out.stdout[:300]
