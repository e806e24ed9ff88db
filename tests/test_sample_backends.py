"""The sample on Keras 3's JAX and PyTorch backends, for real on the CPU (jax and torch CPU builds), and the
H200 recordings of it replayed through the real run reader and replay sampler.

CPU runs are tiny (a few steps of the small CNN) so the file stays well under a minute of training on 2 cores.
The GPU side of the memory modes cannot run here; the recordings (real runs on an NVIDIA H200, labelled as
such in their headers) are what checks it: each memory mode leaves its own shape in NVML's memory curve.
"""

from __future__ import annotations

import importlib.util
import math
import os
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.monitor import runs
from tfgpu_wizard.core.monitor.sampler import ReplaySource, Sampler
from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.target.runner import SampleConfig, run_sample

HAVE_JAX = importlib.util.find_spec("jax") is not None and importlib.util.find_spec("keras") is not None
HAVE_TORCH = importlib.util.find_spec("torch") is not None and importlib.util.find_spec("keras") is not None
needs_jax = pytest.mark.skipif(not HAVE_JAX, reason="jax (CPU) and keras 3 are not installed")
needs_torch = pytest.mark.skipif(not HAVE_TORCH, reason="torch (CPU) and keras 3 are not installed")

# Keras 3 on JAX / PyTorch; TensorFlow's own runs (sample-tf-*) are checked by tests/test_tf_recordings.py
RECORDINGS = sorted(p for p in (resources_dir() / "recordings").glob("sample-*.run.jsonl")
                    if not p.name.startswith("sample-tf-"))
GIB = 2**30


def _run(env: dict[str, str] | None = None, **kw):
    kw.setdefault("steps", 6)
    kw.setdefault("log_every", 3)
    kw.setdefault("batch_size", 16)
    return run_sample(SampleConfig(**kw), python=sys.executable, timeout=240, env=env)


def _check(result, backend: str, replicas: int = 1) -> None:
    assert result.ok, (result.describe_end(), [e.data for e in result.events_of("error")], result.stderr_tail())
    types = [e.type for e in result.events]
    assert types[0] == "start" and types[-1] == "summary" and "raw" not in types
    assert all(e.get("v") == 1 for e in result.events)
    start = result.events[0]
    assert start.get("backend") == backend and start.get("versions")["backend"] == backend
    assert start.get("versions")["tensorflow"] is None and start.get("versions")["keras_major"] == 3
    devices = result.last("devices")
    assert devices.get("replicas") == replicas and devices.get("backend") == backend
    assert devices.get("memory_mapping")  # the backend's own meaning of the memory mode, in words
    progress = result.events_of("progress")
    assert [p.get("step") for p in progress] == [3, 6]
    assert progress[0].get("warmup") is True and progress[1].get("warmup") is False
    for p in progress:
        assert p.get("loss") > 0 and 0.0 <= p.get("accuracy") <= 1.0 and p.get("images_per_sec") > 0
        assert p.get("memory") == []  # no GPU here: the per-GPU statistics are empty, as on TensorFlow
    summary = result.last("summary")
    assert summary.get("backend") == backend and summary.get("steps") == 6 and summary.get("images_per_sec") > 0
    # TensorFlow is installed in this venv, and the jax/torch paths still never load it.
    assert summary.get("tensorflow_loaded") is False


@needs_jax
def test_jax_cpu_run_never_loads_tensorflow() -> None:
    result = _run(backend="jax")
    _check(result, "jax")
    assert result.last("devices").get("steps_per_execution") == 3  # the log interval: host syncs only there
    assert result.events[0].get("versions")["jax"]
    # the loss falls on the learnable synthetic data (seeded: 2.2991 -> 2.2960 at steps 3 -> 6 here)
    losses = [p.get("loss") for p in result.events_of("progress")]
    assert losses[-1] < losses[0], losses


@needs_jax
def test_jax_data_parallel_over_two_host_devices() -> None:
    """keras.distribution.DataParallel works with any number of devices: here two forced host devices."""
    result = _run(backend="jax", devices="all", logical_cpus=2, batch_size=31, precision="mixed_float16",
                  env={"XLA_FLAGS": ""})
    _check(result, "jax", replicas=2)
    devices = result.last("devices")
    assert devices.get("strategy") == "DataParallel" and devices.get("devices") == ["cpu:0", "cpu:1"]
    assert devices.get("global_batch") == 30 and devices.get("per_replica_batch") == 15
    adjusted = [w for w in result.events_of("warning") if w.get("code") == "batch-adjusted"]
    assert adjusted and adjusted[0].get("used") == 30
    # mixed_float16: a LossScaleOptimizer, whose (synced) scale is reported at each log point
    scales = [p.get("loss_scale") for p in result.events_of("progress")]
    assert all(isinstance(s, float) and s >= 1 for s in scales)
    assert result.last("summary").get("strategy") == "DataParallel"


@needs_jax
def test_jax_limit_is_a_fraction_of_the_card() -> None:
    result = _run(backend="jax", memory="limit", memory_limit="4000", gpu_total_mb=16000, steps=3)
    devices = result.last("devices")
    assert "XLA_PYTHON_CLIENT_MEM_FRACTION=0.2500" in devices.get("memory_mapping")
    # no GPU here: said so, and the run still trains
    assert any(w.get("code") == "memory-mode-no-effect" for w in result.events_of("warning"))
    assert result.ok


@needs_torch
def test_torch_cpu_mixed_float16_with_loss_scaling() -> None:
    result = _run(backend="torch", precision="mixed_float16", memory="growth")
    _check(result, "torch")
    assert result.events[0].get("versions")["torch"]
    mapping = result.last("devices").get("memory_mapping")
    assert "same as default" in mapping and "never preallocates" in mapping
    assert all(p.get("loss_scale") >= 1 for p in result.events_of("progress"))


def test_backend_flag_combinations_are_refused_with_a_reason() -> None:
    probs = SampleConfig(backend="torch", devices="gpu:0,1").problems()
    assert any("one GPU only" in p for p in probs)
    assert any("TensorFlow backend" in p for p in SampleConfig(backend="jax", multi_worker=True).problems())
    assert any("TensorFlow backend" in p for p in SampleConfig(backend="jax", loop="custom").problems())
    assert any("unknown backend" in p for p in SampleConfig(backend="mxnet").problems())
    assert SampleConfig(backend="jax", devices="all", logical_cpus=4).problems() == []
    assert SampleConfig(backend="jax").to_argv()[-2:] == ["--backend", "jax"]
    assert "--backend" not in SampleConfig().to_argv()  # TensorFlow stays the default, argv unchanged


def test_the_script_itself_refuses_torch_on_several_gpus() -> None:
    """Checked before any framework is imported: runs here without torch or a GPU."""
    cfg = SampleConfig(backend="torch", extra_args=["--devices", "gpu:0,1"])
    result = run_sample(cfg, python=sys.executable, timeout=120)
    err = result.error_event()
    assert result.returncode == 3 and err is not None and err.get("code") == "multi-gpu-unsupported"
    assert "jax" in err.get("advice") and [e.type for e in result.events] == ["error"]


# -- the H200 recordings through the replay path ------------------------------------------------------


def _load(name: str) -> runs.RunRecord:
    path = resources_dir() / "recordings" / f"sample-{name}.run.jsonl"
    return runs.read_run(path)


def _replayed_mem(rec: runs.RunRecord) -> list[int]:
    """The process's GPU memory as the real replay sampler delivers it (full speed)."""
    s = Sampler(ReplaySource(rec, speed=math.inf))
    got: list[int] = []
    s.subscribe(lambda tick: got.extend(x.pid_mem or 0 for x in tick.snapshots))
    s.start()
    s.join(20)
    s.stop()
    return got


def test_recordings_are_labelled_real_h200_runs() -> None:
    assert len(RECORDINGS) >= 10
    assert sum(p.stat().st_size for p in RECORDINGS) < 6 * 2**20
    for p in RECORDINGS:
        rec = runs.read_run(p)
        assert not rec.problems and rec.status == "finished", (p.name, rec.problems)
        assert "recording" in rec.header["recorded_on"] and "H200" in rec.header["recorded_on"]
        assert "driver" in rec.header["recorded_on"]
        cfg = rec.header["config"]
        assert f"sample-{cfg['backend']}-{cfg['model']}-{cfg['precision']}-{cfg['memory']}" in p.name
        types = [e.get("type") for _, e in rec.events]
        assert types[0] == "start" and types[-1] == "summary" and "devices" in types
        summary = rec.events[-1][1]
        assert summary["tensorflow_loaded"] is False and summary["images_per_sec"] > 0
        assert summary["memory"] and summary["memory"][0]["peak"] > 0  # the backend's own statistics


def test_memory_modes_leave_their_shape_in_the_replayed_curve() -> None:
    total = _load("jax-resnet20-fp32-default").header["devices"][0]["memory_total"]
    default = max(_replayed_mem(_load("jax-resnet20-fp32-default")))
    growth = max(_replayed_mem(_load("jax-resnet20-fp32-growth")))
    limit_rec = _load("jax-resnet20-fp32-limit")
    limit = max(_replayed_mem(limit_rec))
    # JAX default preallocates 75 % of the card; growth takes what the model needs; limit = the fraction.
    assert 0.70 * total < default < 0.80 * total
    assert growth < 8 * GIB and growth < default / 10
    limit_mb = next(e for _, e in limit_rec.events if e.get("type") == "devices")["gpus"][0]["memory_limit_mb"]
    assert limit_mb == 8192 and 7.5 * GIB < limit < 9.5 * GIB
    # PyTorch's caching allocator: small and growing, never preallocated (default == growth there)
    torch_peak = max(_replayed_mem(_load("torch-cnn-fp32-default")))
    assert torch_peak < 4 * GIB
    torch_limit = _load("torch-cnn-fp32-limit")
    dev = next(e for _, e in torch_limit.events if e.get("type") == "devices")
    assert "set_per_process_memory_fraction" in dev["memory_mapping"]


def test_recorded_steady_state_keeps_the_gpu_busy() -> None:
    """The sample's own fix (several steps per execution, data sliced not rebuilt): ResNet-20 >= 80 %."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    try:
        import bench_h200_precision as bench
    finally:
        sys.path.pop(0)
    for name in ("jax-resnet20-fp32-default", "jax-resnet20-mixed_float16-default"):
        row = bench.analyse(resources_dir() / "recordings" / f"sample-{name}.run.jsonl")
        assert row["util_ticks"] >= 10 and row["util_mean"] >= 80.0, row
    fp32 = bench.analyse(resources_dir() / "recordings" / "sample-jax-resnet20-fp32-default.run.jsonl")
    mixed = bench.analyse(resources_dir() / "recordings" / "sample-jax-resnet20-mixed_float16-default.run.jsonl")
    assert mixed["images_per_sec"] > 1.3 * fp32["images_per_sec"]


@pytest.mark.skipif(os.name != "posix", reason="paths")
def test_replay_from_a_path_with_spaces_and_chinese(tmp_path: Path) -> None:
    src = RECORDINGS[0]
    dst = tmp_path / "录制 runs" / src.name
    dst.parent.mkdir()
    dst.write_bytes(src.read_bytes())
    assert max(_replayed_mem(runs.read_run(dst))) > 0
