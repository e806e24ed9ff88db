"""core.monitor.progress: the framework's memory from the sample's events (summed over GPUs), one home for all pages.

Recordings: bundled run files (real runs on an H200): torch_train (PyTorch step events), sample-jax-* (the
sample protocol's progress events). The two-GPU events below are derived from the protocol's fields.
"""

from __future__ import annotations

from tfgpu_wizard.core.monitor.progress import MIB, memory_rows, progress_memory
from tfgpu_wizard.core.monitor.runs import read_run
from tfgpu_wizard.core.paths import resources_dir

REC = resources_dir() / "recordings"


def test_sum_over_gpus_only_when_every_gpu_reported():
    two = {"type": "progress", "memory": [{"device": "GPU:0", "current": 3 * MIB, "peak": 5 * MIB},
                                          {"device": "GPU:1", "current": 1 * MIB, "peak": 2 * MIB}]}
    assert progress_memory(two) == (4 * MIB, 7 * MIB)
    half = {"type": "progress", "memory": [{"current": 3 * MIB, "peak": None}, {"current": None, "peak": 1}]}
    assert progress_memory(half) == (None, None)  # a partial sum would understate the run
    assert progress_memory({"type": "progress", "memory": []}) == (None, None)  # the CPU: nothing to draw


def test_recordings_give_rows_and_the_framework():
    rec = read_run(REC / "sample-jax-resnet20-fp32-growth.run.jsonl")
    rows, name = memory_rows(rec.events, rec.events[0][0])
    assert name == "JAX" and rows and all("tf.current" in v for _, v in rows)
    torch = read_run(REC / "torch_train.run.jsonl")
    rows, name = memory_rows(torch.events, 0.0)
    assert name == "PyTorch" and rows and max(v["tf.peak"] for _, v in rows if "tf.peak" in v) > 0
