"""TensorFlow itself on a real GPU: the three memory modes as NVML sees them, the probe, the watchdog.

Marker ``gpu``: skipped where NVML finds no GPU, or where the target Python's TensorFlow sees none (CI has
neither; there the H200 recordings in resources/recordings/sample-tf-*.run.jsonl are replayed by
tests/test_tf_recordings.py). On the GPU machine::

    TFGPU_WIZARD_TEST_TF_PYTHON=/path/to/python-with-tf PYTHONPATH=src python3 -m pytest -m gpu tests/test_tf_gpu.py

Each test runs the real bundled sample in that Python (a subprocess, with the app's runner) while the real
sampler watches the trainer's own process through NVML.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.monitor.compare import memory_shape
from tfgpu_wizard.core.monitor.sampler import STATE_RUNNING, NvmlSource, Sampler
from tfgpu_wizard.core.target.runner import SAMPLE_SCRIPT, SampleConfig, TargetRun, probe_verdict, run_probe

MIB = 1024 * 1024
PYTHON = os.environ.get("TFGPU_WIZARD_TEST_TF_PYTHON") or sys.executable


def _tf_sees_a_gpu() -> str | None:
    if nvml.init() is not None:
        return "no NVIDIA GPU / driver here"
    try:
        out = subprocess.run([PYTHON, "-c", "import tensorflow as tf; print(len(tf.config.list_physical_devices('GPU')))"],
                             capture_output=True, text=True, timeout=180)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"the target Python cannot run TensorFlow: {exc}"
    if out.returncode != 0 or not out.stdout.strip().splitlines()[-1:] or out.stdout.strip().splitlines()[-1] == "0":
        return "TensorFlow in the target Python sees no GPU"
    return None


_SKIP = _tf_sees_a_gpu()
pytestmark = [pytest.mark.gpu, pytest.mark.tf, pytest.mark.skipif(_SKIP is not None, reason=str(_SKIP))]


def _run_with_sampler(cfg: SampleConfig, timeout: float = 240) -> tuple[list[int], list[dict], int]:
    """Run the sample; return the trainer's NVML memory (bytes, one per tick), its events, and the card's total."""
    sampler = Sampler(NvmlSource([0]), interval=0.02)
    sampler.start()
    assert sampler.state == STATE_RUNNING
    total = sampler.devices[0].memory_total
    run = TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), python=PYTHON, timeout=timeout)
    try:
        run.start()
        assert run.pid
        sampler.set_pid(run.pid)
        result = run.wait()
        time.sleep(0.2)
    finally:
        sampler.stop()
    _, values = sampler.series(0, "pid_mem")  # MiB
    mem = [int(v * MIB) for v in values if v == v and v >= 0]
    return mem, [e.data | {"type": e.type} for e in result.events], total


def _levels(mem: list[int], step: int = 64 * MIB) -> list[int]:
    """The distinct plateaus a memory trace climbs through (changes smaller than ``step`` ignored)."""
    out: list[int] = []
    for v in mem:
        if v <= 0:
            continue
        if not out or v - out[-1] >= step:
            out.append(v)
    return out


def test_probe_sees_the_gpu_and_computes_right() -> None:
    verdict = probe_verdict(run_probe(PYTHON, timeout=240))
    assert verdict.status == "gpu", verdict.headline + "\n" + "\n".join(verdict.reasons + verdict.details)
    report = verdict.report or {}
    gpu_mm = [m for m in report["matmul"] if m["device"].startswith("GPU")]
    assert gpu_mm and all(m["ok"] for m in gpu_mm) and gpu_mm[0]["speedup_vs_cpu"] > 2
    assert report["cudnn_runtime"] and report["cudnn_runtime"]["version"].startswith(("8.", "9."))


def test_default_mode_takes_almost_the_whole_card_in_one_jump() -> None:
    mem, events, total = _run_with_sampler(SampleConfig(model="resnet20", batch_size=256, steps=60, log_every=20))
    assert any(e["type"] == "summary" for e in events), events[-3:]
    peak = max(mem)
    assert peak > 0.8 * total, f"default mode should map most of the card: {peak / MIB:.0f} of {total / MIB:.0f} MiB"
    assert memory_shape(mem, total) == "one-jump", [round(v / MIB) for v in _levels(mem)]


def test_growth_climbs_a_staircase_and_stays_small() -> None:
    mem, events, total = _run_with_sampler(SampleConfig(model="resnet20", batch_size=1024, steps=60, log_every=20,
                                                        memory="growth"))
    assert any(e["type"] == "summary" for e in events), events[-3:]
    peak = max(mem)
    assert 200 * MIB < peak < 0.2 * total, f"growth should take only what it needs: {peak / MIB:.0f} MiB"
    assert memory_shape(mem, total) == "staircase", [round(v / MIB) for v in _levels(mem)]


def test_limit_caps_the_process_near_the_limit() -> None:
    mem, events, total = _run_with_sampler(SampleConfig(model="resnet20", batch_size=1024, steps=60, log_every=20,
                                                        memory="limit", memory_limit="4096"))
    assert any(e["type"] == "summary" for e in events), events[-3:]
    peak = max(mem)
    # The limit is TensorFlow's pool; the CUDA context and cuDNN/cuBLAS workspaces come on top (~0.6 GiB).
    assert 4096 * MIB <= peak <= (4096 + 1536) * MIB, f"{peak / MIB:.0f} MiB for a 4096 MB limit"
    assert memory_shape(mem, total) == "capped", [round(v / MIB) for v in _levels(mem)]


def test_too_small_limit_ends_with_a_plain_message_not_a_silent_hang() -> None:
    """On the H200 (TF 2.21, cuDNN 9.28) XLA's first step spun under a 256 MB pool instead of failing: the run must
    end by itself, with the out-of-memory advice or the watchdog's (which names the limit)."""
    cfg = SampleConfig(model="resnet20", batch_size=4096, steps=20, log_every=5, memory="limit", memory_limit="256",
                       extra_args=["--stall-warn", "20", "--stall-limit", "45"])
    run = TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), python=PYTHON, timeout=240)
    result = run.start().wait()
    err = result.error_event()
    assert err is not None and err.get("code") in ("oom", "stalled"), (result.describe_end(), result.stderr_tail(10))
    assert not result.timed_out
    if err.get("code") == "stalled":
        assert result.returncode == 7 and "--memory-limit" in err.get("hint", "")
    else:
        assert result.returncode == 4 and "smaller --batch-size" in err.get("advice", "")


def test_default_flags_never_hang_and_report_the_first_step() -> None:
    """The default a beginner gets (cnn, jit auto): a summary with the first-step (compile) time."""
    t0 = time.monotonic()
    run = TargetRun(SAMPLE_SCRIPT, SampleConfig().to_argv(), python=PYTHON, timeout=300)
    result = run.start().wait()
    assert result.ok, (result.describe_end(), result.stderr_tail(15))
    summary = result.last("summary")
    devices = result.last("devices")
    assert summary is not None and summary.get("first_step_s") is not None
    assert devices is not None and devices.get("cudnn")
    print(json.dumps({"first_step_s": summary.get("first_step_s"), "jit": summary.get("jit"),
                      "cudnn": devices.get("cudnn"), "wall_s": round(time.monotonic() - t0, 1)}))
