"""TensorFlow's own runs on an NVIDIA H200 (recordings), replayed through the real run reader and stats code.

The files resources/recordings/sample-tf-*.run.jsonl are real `tfgpu-wizard record` runs of the bundled
sample with TensorFlow 2.21.0 and the CUDA 12 wheels pip installs today (cuDNN 9.28), driver 580.159.04,
made on 2026-12-03 with the sample of issue 24 (steps per execution tied to the progress interval, uint8 batches
cached and scaled on the device): the default-mode runs by benchmarks/bench_sample.py --record-dir (its sample
side), the others by tools/gpu/h200_sample_runs.py --set tf (labelled "recording" in their header). CI has no
GPU, so this is where the memory modes, the speed the sample reached and the loss-scaling demonstration are
checked as they happened; tests/test_tf_gpu.py checks the memory modes on a GPU.
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
    demos = {f"sample-tf-{m}-{p}-{mode}" for m in ("cnn", "resnet20")
             for p in ("fp32", "mixed_float16", "mixed_bfloat16") for mode in ("default", "growth", "limit")}
    assert demos <= set(TF_RUNS), sorted(demos - set(TF_RUNS))  # the 18 demos of issue 24
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


def test_too_small_a_limit_ends_in_tensorflows_out_of_memory_error() -> None:
    """256 MB for ResNet-20 at batch 4096 with the sample's defaults: the sample turned XLA off (with XLA the first
    step had spun with the GPU idle, 2026-12-03 morning) and the run ended with TensorFlow's own OOM error and the
    advice, 34 s after it started, no watchdog needed."""
    rec = read_run(TF_RUNS["sample-tf-resnet20-fp32-oom"])
    events = [e for _, e in rec.events]
    codes = [e.get("code") for e in events if e.get("type") == "warning"]
    assert "xla-off-small-limit" in codes and "stalled" not in codes
    err = [e for e in events if e.get("type") == "error"]
    assert err and err[-1]["code"] == "oom" and "smaller --batch-size" in err[-1]["advice"]
    assert not [e for e in events if e.get("type") == "progress"]


@pytest.mark.parametrize("model", ["resnet20", "cnn"])
def test_the_sample_uses_the_gpu_well(model: str) -> None:
    """Issue 24: steps per execution follow the progress interval (25 here), and the speeds are those of the best
    plain Keras configuration (docs/h200-results.md: ResNet-20 fp32 86.5k vs 86.7k img/s)."""
    stats = run_stats(read_run(TF_RUNS[f"sample-tf-{model}-fp32-default"]))
    summary = [e for _, e in read_run(TF_RUNS[f"sample-tf-{model}-fp32-default"]).events
               if e.get("type") == "summary"][0]
    assert summary["steps_per_execution"] == 25
    floor = {"resnet20": 0.95 * 86_652, "cnn": 0.95 * 409_000}[model]  # best plain Keras on this GPU
    assert stats.images_per_s > floor


def test_mixed_float16_overflows_are_visible_as_skipped_steps_and_a_halved_scale() -> None:
    rec = read_run(TF_RUNS["sample-tf-resnet20-mixed_float16-overflow"])
    events = [e for _, e in rec.events]
    marks = [e for e in events if e.get("type") == "overflow-demo"][0]["steps"]
    progress = [e for e in events if e.get("type") == "progress"]
    assert marks == [90, 180, 181]
    scales = [p["loss_scale"] for p in progress]
    skipped = [p["skipped_steps"] for p in progress]
    assert skipped[-1] == 3 and scales[0] / scales[-1] == 8  # three skips, three halvings
    assert all(b <= a for a, b in zip(skipped[1:], skipped[:-1], strict=True))  # cumulative
    assert all(p["loss"] < 10 for p in progress)  # the loss shown is the real one
