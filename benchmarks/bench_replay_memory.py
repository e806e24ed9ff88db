"""Memory that opening a recording costs: the Monitor page's replay path (core.monitor.sampler.Sampler over a
ReplaySource, interval 0.01 s, history 36 000 s), measured with tracemalloc (peak of Python allocations).

    python benchmarks/bench_replay_memory.py [RUN_FILE ...]   # default: the largest bundled recordings

Goal (issue 11): memory in proportion to the recording's length, not to the buffer's nominal hour.
"""

from __future__ import annotations

import math
import sys
import tracemalloc
from pathlib import Path

from tfgpu_wizard.core.monitor.sampler import ReplaySource, Sampler
from tfgpu_wizard.core.paths import resources_dir


def measure(path: Path) -> tuple[int, int, float]:
    """(ticks, GPUs, peak MiB) of one replay through the same Sampler settings as the Monitor page."""
    tracemalloc.start()
    source = ReplaySource(path, speed=math.inf, allow_empty=True)
    sampler = Sampler(source, interval=0.01, history_s=36_000.0, name="bench-replay")
    sampler.start(wait=True)
    sampler.join(120.0)
    sampler.stop()
    snaps = sampler.since(-math.inf)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return len(snaps), len(sampler.devices), peak / 2**20


def main(argv: list[str]) -> int:
    paths = [Path(p) for p in argv] or sorted((resources_dir() / "recordings").glob("*.run.jsonl"),
                                               key=lambda p: p.stat().st_size)[-3:]
    for p in paths:
        n, gpus, mib = measure(p)
        print(f"{p.name}: {p.stat().st_size / 1024:.0f} KiB, {n} snapshots, {gpus} GPU(s): peak {mib:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
