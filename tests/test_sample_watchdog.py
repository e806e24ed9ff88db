"""The sample's watchdog and cuDNN check, with real TensorFlow (CPU) in a subprocess where it matters."""

from __future__ import annotations

import importlib.util

import pytest

from tfgpu_wizard.core.paths import target_script
from tfgpu_wizard.core.target.runner import SAMPLE_SCRIPT, SampleConfig, TargetRun


def _sample():
    spec = importlib.util.spec_from_file_location("sample_for_watchdog_test", target_script("sample.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_cudnn_versions_decode_and_the_hopper_rule() -> None:
    s = _sample()
    assert s._decode_cudnn_version(92800) == (9, 28, 0)
    assert s._decode_cudnn_version(90300) == (9, 3, 0)
    assert s._decode_cudnn_version(8907) == (8, 9, 7)
    hopper, ampere = [{"compute_capability": "9.0"}], [{"compute_capability": "8.6"}]
    assert s.xla_hang_risk(hopper, {"version": "9.3.0"})  # measured: XLA's autotuner hung on an H200
    assert not s.xla_hang_risk(hopper, {"version": "9.28.0"})  # measured: runs
    assert not s.xla_hang_risk(ampere, {"version": "9.3.0"})
    assert not s.xla_hang_risk(hopper, None)


@pytest.mark.tf
def test_a_slow_phase_is_reported_and_the_run_goes_on() -> None:
    cfg = SampleConfig(steps=3, log_every=1, batch_size=16, extra_args=["--stall-warn", "0.3", "--stall-limit", "0"])
    result = TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), timeout=300).start().wait()
    assert result.ok, result.stderr_tail(10)
    stalled = [e for e in result.events_of("warning") if e.get("code") == "stalled"]
    assert stalled and stalled[0].get("phase") in ("import", "first-step", "devices", "data", "build")
    assert stalled[0].get("hint") and isinstance(stalled[0].get("where"), list)
    assert result.events_of("resumed") and result.last("summary").get("first_step_s") > 0


@pytest.mark.tf
def test_no_step_for_too_long_ends_the_run_with_a_plain_message() -> None:
    """ResNet-50's first step on a CPU takes seconds: with a 1 s limit the watchdog ends the run itself."""
    cfg = SampleConfig(model="resnet50", steps=2, log_every=1, batch_size=8,
                       extra_args=["--stall-warn", "0.5", "--stall-limit", "1.5"])
    result = TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), timeout=300).start().wait()
    err = result.error_event()
    assert err is not None and err.get("code") == "stalled", result.describe_end()
    assert result.returncode == 7 and not result.timed_out
    assert err.get("phase") in ("first-step", "build", "data") and "no progress" in err.get("message")
    assert "--jit off" in err.get("advice")


def test_bad_watchdog_flags_are_refused() -> None:
    result = TargetRun(SAMPLE_SCRIPT, ["--stall-limit", "-1"], timeout=60).start().wait()
    err = result.error_event()
    assert err is not None and err.get("code") == "bad-flags" and result.returncode == 2
