"""Opening a recording costs memory in proportion to its length (issue 11: it was ~160 MB per GPU).

Recordings: the bundled run files under resources/recordings (real runs, replayed through the real reader and
sampler with the Monitor page's settings: interval 0.01 s, history 36 000 s).
"""

from __future__ import annotations

import math
import tracemalloc

from tfgpu_wizard.core.monitor.runs import read_run
from tfgpu_wizard.core.monitor.sampler import BYTES_PER_SAMPLE, ReplaySource, Sampler
from tfgpu_wizard.core.paths import resources_dir

RECORDING = resources_dir() / "recordings" / "dataparallel-1gpu-jax-resnet20-mixed_float16.run.jsonl"


def _replay(path, history_s: float = 36_000.0):
    source = ReplaySource(path, speed=math.inf, allow_empty=True)
    sampler = Sampler(source, interval=0.01, history_s=history_s, name="test-replay")
    sampler.start(wait=True)
    sampler.join(60.0)
    sampler.stop()
    return sampler


def test_replay_memory_follows_the_recording_not_the_nominal_history():
    ticks = len(read_run(RECORDING).ticks)
    _replay(RECORDING)  # warm the imports and the reader's caches: what is measured is the replay itself
    tracemalloc.start()
    try:
        sampler = _replay(RECORDING)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(sampler.since(-math.inf)) == ticks  # nothing dropped
    assert sampler.capacity * BYTES_PER_SAMPLE > 150 * 2**20  # the nominal hour-long ring would be 160 MB
    assert peak < 8 * 2**20, f"opening a {ticks}-tick recording peaked at {peak / 2**20:.1f} MiB"


def test_a_short_history_still_bounds_a_long_replay():
    ticks = len(read_run(RECORDING).ticks)
    sampler = _replay(RECORDING, history_s=1.0)  # 100 samples per GPU
    assert 0 < len(sampler.since(-math.inf)) <= 100 < ticks
