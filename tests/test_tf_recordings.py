"""TensorFlow's own runs on an NVIDIA H200 (recordings), replayed through the real run reader and stats code.

The files resources/recordings/sample-tf-*.run.jsonl are real `tfgpu-wizard record` runs of the bundled
sample with TensorFlow 2.21.0 and the CUDA 12 wheels pip installs today (cuDNN 9.28), driver 580.159.04,
made by tools/gpu/h200_sample_runs.py --set tf (labelled "recording" in their header). CI has no GPU, so
this is where the memory modes are checked as NVML saw them; tests/test_tf_gpu.py checks the same on a GPU.
"""

from __future__ import annotations

import pytest

from tfgpu_wizard.core.monitor.compare import memory_shape, run_stats
from tfgpu_wizard.core.monitor.runs import bundled_recordings, read_run

MIB = 2**20
TF_RUNS = {p.name.removesuffix(".run.jsonl"): p for p in bundled_recordings() if p.name.startswith("sample-tf-")}


def _trace(name: str) -> tuple[list[int], int, object]:
    rec = read_run(TF_RUNS[name])
    mem = [s.pid_mem or 0 for _, snaps in rec.ticks for s in snaps]
    total = rec.devices[0].memory_total
    return mem, total, rec


def test_the_tf_recordings_are_there_and_labelled() -> None:
    assert len(TF_RUNS) >= 9, sorted(TF_RUNS)
    for name, path in TF_RUNS.items():
        rec = read_run(path)
        assert "recording" in rec.header["label"] and "H200" in rec.header["recorded_on"], name
        assert rec.header["config"]["backend"] == "tensorflow"


def test_tf_recordings_open_first() -> None:
    names = [p.name for p in bundled_recordings()]
    assert names[0] == "sample-tf-resnet20-fp32-default.run.jsonl"
    assert all(n.startswith("sample-tf-") for n in names[: len(TF_RUNS)])


@pytest.mark.parametrize("name,shape", [
    ("sample-tf-resnet20-fp32-default", "one-jump"),
    ("sample-tf-cnn-fp32-default", "one-jump"),
    ("sample-tf-resnet20-fp32-growth", "staircase"),
    ("sample-tf-cnn-fp32-growth", "staircase"),
    ("sample-tf-resnet20-mixed_float16-growth", "staircase"),
    ("sample-tf-resnet20-fp32-limit", "capped"),
    ("sample-tf-cnn-fp32-limit", "capped"),
])
def test_each_memory_mode_has_its_shape(name: str, shape: str) -> None:
    mem, total, rec = _trace(name)
    assert memory_shape(mem, total) == shape
    if shape == "capped":
        limit = rec.header["config"]["memory_limit"]
        # the limit is TensorFlow's pool; the CUDA context and library workspaces come on top
        assert int(limit) * MIB <= max(mem) <= (int(limit) + 1536) * MIB


def test_growth_holds_a_fraction_of_what_default_holds() -> None:
    default, total, _ = _trace("sample-tf-resnet20-fp32-default")
    growth, _, _ = _trace("sample-tf-resnet20-fp32-growth")
    assert max(default) > 0.9 * total  # ~141,460 of 143,771 MiB
    assert max(growth) < 0.05 * max(default)  # ~4,240 MiB: what ResNet-20 at batch 1024 really needs


def test_mixed_precision_is_faster_and_smaller_than_fp32() -> None:
    fp32 = run_stats(read_run(TF_RUNS["sample-tf-resnet20-fp32-growth"]))
    fp16 = run_stats(read_run(TF_RUNS["sample-tf-resnet20-mixed_float16-growth"]))
    assert fp16.images_per_s > 1.2 * fp32.images_per_s
    assert fp16.peak_mib < fp32.peak_mib
    assert fp32.first_step_s and 5 < fp32.first_step_s < 60  # XLA compile + cuDNN autotuning on the H200


def test_too_small_a_limit_is_caught_by_the_watchdog_not_silent() -> None:
    """256 MB for ResNet-20 at batch 4096: XLA's first step spun with the GPU idle instead of failing with
    out of memory; the sample's watchdog said so after 60 s (recorded, then the run was killed at 88 s)."""
    rec = read_run(TF_RUNS["sample-tf-resnet20-fp32-oom"])
    warnings = [e for _, e in rec.events if e.get("type") == "warning" and e.get("code") == "stalled"]
    assert warnings and warnings[0]["phase"] == "first-step" and warnings[0]["idle_s"] >= 60
    assert not [e for _, e in rec.events if e.get("type") == "progress"]
