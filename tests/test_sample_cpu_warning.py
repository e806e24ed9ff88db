"""The sample says so when it trains on the CPU although a driver and a CUDA build are there.

Found on the H200 (docs/h200-results.md): TF 2.21's pip wheels without a library path registered no GPU and
the sample trained on the CPU without a word. The decision is the sample's own function (run here through
the real script file); the CLI's words for it are checked in both languages, and a real CPU run here (a
CPU-only TensorFlow, no driver) must not raise the alarm.
"""

from __future__ import annotations

import importlib.util
import sys

import pytest

from tfgpu_wizard.core import i18n
from tfgpu_wizard.core.paths import target_script
from tfgpu_wizard.core.target.runner import SAMPLE_SCRIPT, SampleConfig, run_sample, warning_text


def _sample_module():
    spec = importlib.util.spec_from_file_location("tfgpu_sample_for_test", target_script(SAMPLE_SCRIPT))
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


SAMPLE = _sample_module()


@pytest.mark.parametrize(("kind", "gpus", "cuda", "driver", "visible", "code"), [
    ("auto", 0, True, True, None, "gpu-not-used"),      # the H200 case: libraries did not load
    ("all", 0, True, True, "0", "gpu-not-used"),
    ("auto", 0, True, True, "", "gpu-hidden"),          # the user hid the GPUs
    ("auto", 0, True, True, "-1", "gpu-hidden"),
    ("auto", 1, True, True, None, None),                # a GPU: nothing to say
    ("cpu", 0, True, True, None, None),                 # asked for the CPU
    ("auto", 0, False, True, None, None),               # a CPU-only build: Verify/Setup say that, not the run
    ("auto", 0, True, False, None, None),               # no driver: training on the CPU is expected
])
def test_when_the_sample_warns(kind, gpus, cuda, driver, visible, code) -> None:
    got = SAMPLE.gpu_not_used(kind, gpus, cuda, driver, visible)
    assert (got[0] if got else None) == code
    if got:
        assert "CPU" in got[1]


def test_no_driver_here_is_seen() -> None:
    """This machine (and CI) has no NVIDIA driver: the stdlib check must say so, not guess."""
    from tfgpu_wizard.core.monitor import nvml

    if nvml.init() is None:
        pytest.skip("an NVIDIA driver is installed here")
    assert SAMPLE.nvidia_driver_present() is False


@pytest.mark.parametrize("code", ["gpu-not-used", "gpu-hidden"])
def test_cli_words_are_translated(code: str) -> None:
    en = warning_text({"code": code, "message": "the sample's own words"})
    assert "CPU" in en and en != "the sample's own words"
    i18n.set_language("zh_CN")
    try:
        zh = warning_text({"code": code, "message": "the sample's own words"})
    finally:
        i18n.set_language("en")
    assert zh != en and "CPU" in zh and any("\u4e00" <= ch <= "\u9fff" for ch in zh)
    assert warning_text({"code": "batch-adjusted", "message": "kept as sent"}) == "kept as sent"


@pytest.mark.tf
def test_a_real_cpu_run_here_raises_no_alarm() -> None:
    if importlib.util.find_spec("tensorflow") is None:
        pytest.skip("TensorFlow is not installed in this Python")
    result = run_sample(SampleConfig(steps=2, log_every=2, batch_size=8), python=sys.executable, timeout=240)
    assert result.ok, result.describe_end()
    codes = [e.get("code") for e in result.events_of("warning")]
    assert "gpu-not-used" not in codes and "gpu-hidden" not in codes


@pytest.mark.tf
def test_cpu_run_in_chinese_says_no_gpu_in_chinese() -> None:
    """Before: `--lang zh_CN sample` printed the sample's English "no GPU" in the devices line and warning."""
    import os
    import subprocess

    if importlib.util.find_spec("tensorflow") is None:
        pytest.skip("TensorFlow is not installed in this Python")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    out = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "--lang", "zh_CN", "sample", "--steps", "2",
                          "--log-every", "2", "--batch-size", "8", "--memory", "growth"],
                         capture_output=True, text=True, encoding="utf-8", env=env, timeout=240)
    assert out.returncode == 0, out.stderr
    assert "没有 GPU" in out.stdout and "no GPU" not in out.stdout and "has no effect" not in out.stdout
