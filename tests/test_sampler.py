"""The sampler and its ring buffer, fed by real recorded NVML traces (resources/recordings, H200, driver 580).

Replay goes through the same Sampler path as live NVML; only the source differs.
"""

from __future__ import annotations

import math
import threading
import time
from pathlib import Path

import pytest

from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.monitor.nvml import DeviceReading, MemoryInfo, NotAvailable, ProcessMemory, Utilization
from tfgpu_wizard.core.monitor.runs import RunRecord, bundled_recordings, read_run
from tfgpu_wizard.core.monitor.sampler import (
    BYTES_PER_SAMPLE,
    MIB,
    STATE_ENDED,
    STATE_GPU_LOST,
    STATE_STOPPED,
    STATE_UNAVAILABLE,
    GpuSnapshot,
    NvmlSource,
    ReplaySource,
    RingBuffer,
    Sampler,
    snapshot_from_reading,
)

RECORDINGS = {p.name.removesuffix(".run.jsonl"): p for p in bundled_recordings()}


def _replay_all(path: Path | RunRecord, **kw: object) -> tuple[Sampler, list]:
    ticks: list = []
    s = Sampler(ReplaySource(path, speed=math.inf), **kw)  # type: ignore[arg-type]
    s.subscribe(ticks.append)
    s.start()
    s.join(20)
    assert not s.running
    return s, ticks


def test_recordings_are_there_and_labelled() -> None:
    assert {"jax_default", "jax_ondemand", "jax_fraction", "torch_caching", "torch_fraction",
            "torch_train"} <= set(RECORDINGS)
    for name, p in RECORDINGS.items():
        assert p.stat().st_size < 2_000_000
        rec = read_run(p)
        assert "(recording" in rec.header["recorded_on"] and "H200" in rec.header["recorded_on"]
        # the TF run under a too-small limit ends in TensorFlow's out-of-memory error: a failed run, truthfully
        failed = name == "sample-tf-resnet20-fp32-oom"
        assert rec.status == ("failed" if failed else "finished"), name
        assert not rec.problems, name


@pytest.mark.parametrize("name", ["jax_default", "jax_ondemand", "torch_caching"])
def test_replay_delivers_every_recorded_tick_unchanged(name: str) -> None:
    rec = read_run(RECORDINGS[name])
    s, ticks = _replay_all(rec)
    assert s.state == STATE_ENDED
    assert len(ticks) == len(rec.ticks) == s.ticks
    for (_, want), got in zip(rec.ticks, ticks, strict=True):
        assert [g.mem_used for g in got.snapshots] == [w.mem_used for w in want]
        assert [g.pid_mem for g in got.snapshots] == [w.pid_mem for w in want]
    # the ring buffer holds the same curve in MiB (float32: exact for whole MiB below 16 TiB)
    t, used = s.series(0, "mem_used")
    assert len(t) == len(rec.ticks)
    assert all(t[i] < t[i + 1] for i in range(len(t) - 1))
    recorded = [w[0].mem_used / MIB for _, w in rec.ticks]
    assert max(abs(a - b) for a, b in zip(used, recorded, strict=True)) < 0.02


def test_the_three_jax_shapes_are_in_the_recordings() -> None:
    """Default: one jump to most of the card; on demand: a staircase; fraction: one jump to ~20 %."""
    peaks = {}
    for name in ("jax_default", "jax_ondemand", "jax_fraction"):
        rec = read_run(RECORDINGS[name])
        total = rec.devices[0].memory_total
        used = [s[0].pid_mem or 0 for _, s in rec.ticks]
        peaks[name] = max(used) / total
        steps = {round(u / (512 * MIB)) for u in used}
        if name == "jax_ondemand":
            assert len(steps) >= 5  # several distinct levels on the way up
    assert peaks["jax_default"] > 0.7
    assert 0.15 < peaks["jax_fraction"] < 0.25
    assert peaks["jax_ondemand"] < 0.1


def test_replay_at_speed_keeps_time_and_stop_is_prompt() -> None:
    rec = read_run(RECORDINGS["torch_train"])
    span = rec.ticks[-1][0] - rec.ticks[0][0]
    speed = span / 0.6  # the whole trace in about 0.6 s
    got: list = []
    t0 = time.monotonic()
    s = Sampler(ReplaySource(rec, speed=speed))
    s.subscribe(got.append)
    s.start()
    s.join(10)
    took = time.monotonic() - t0
    assert s.state == STATE_ENDED and len(got) == len(rec.ticks)
    assert 0.5 < took < 3.0
    replay_span = got[-1].t - got[0].t
    assert replay_span == pytest.approx(span / speed, rel=0.05)
    # a slow replay stops within a moment when asked
    slow = Sampler(ReplaySource(rec, speed=0.01))
    slow.start()
    t1 = time.monotonic()
    slow.stop()
    assert not slow.running and time.monotonic() - t1 < 1.0 and slow.state == STATE_STOPPED


def test_pull_api_latest_and_since() -> None:
    s, ticks = _replay_all(RECORDINGS["torch_caching"])
    last3 = s.latest(3, gpu=0)
    assert [x.t for x in last3] == [tk.t for tk in ticks[-3:]]
    assert last3[-1] == ticks[-1].snapshots[0]  # the newest keeps its process list
    mid = ticks[len(ticks) // 2].t
    after = s.since(mid)
    assert len(after) == len(ticks) - len(ticks) // 2 - 1 and all(x.t > mid for x in after)
    assert s.series(0, "mem_used", since=ticks[-1].t) == s.series(5, "mem_used")  # both empty
    with pytest.raises(KeyError):
        s.series(0, "no_such_field")


def test_ring_buffer_is_bounded_and_keeps_the_newest() -> None:
    s, ticks = _replay_all(RECORDINGS["torch_fraction"], interval=0.1, history_s=5.0)  # capacity 50
    assert s.capacity == 50
    t, _ = s.series(0, "mem_used")
    assert list(t) == [tk.t for tk in ticks[-50:]]
    assert s.buffer_nbytes == 50 * BYTES_PER_SAMPLE


def test_memory_bound_1h_8_gpus_20hz() -> None:
    """Stated bound: 45 bytes per GPU per sample: 1 h x 8 GPUs x 20 Hz = 25.92 MB, whatever the run length."""
    capacity = 3600 * 20
    rings = [RingBuffer(capacity) for _ in range(8)]
    assert sum(r.nbytes for r in rings) == 8 * capacity * BYTES_PER_SAMPLE == 25_920_000
    snap = read_run(RECORDINGS["torch_train"]).ticks[-1][1][0]
    r = RingBuffer(100)
    before = r.nbytes
    for _ in range(1000):
        r.append(snap)
    assert r.nbytes == before and r.count == 100


def test_subscriber_errors_do_not_kill_the_sampler() -> None:
    def bad(_tick: object) -> None:
        raise RuntimeError("subscriber bug")

    states: list = []
    s = Sampler(ReplaySource(RECORDINGS["jax_fraction"], speed=math.inf))
    s.subscribe(bad)
    s.on_state(lambda st, d: states.append(st))
    s.start()
    s.join(10)
    assert s.state == STATE_ENDED and s.callback_errors == s.ticks > 0
    assert states[0] == "running" and states[-1] == STATE_ENDED


def test_gpu_lost_mid_run_keeps_what_came_before() -> None:
    """A recording whose GPU falls off the bus after 100 ticks (derived from a real trace, labelled so)."""
    rec = read_run(RECORDINGS["torch_train"])
    lost = [(t, [GpuSnapshot(t, s.gpu, status=nvml.NA_GPU_LOST, unavailable=(("all", nvml.NA_GPU_LOST),))
                 for s in snaps]) for t, snaps in rec.ticks[100:]]
    derived = RunRecord(rec.path, dict(rec.header, recorded_on="derived from torch_train: GPU lost at tick 100"),
                        ticks=rec.ticks[:100] + lost)
    states: list = []
    s = Sampler(ReplaySource(derived, speed=math.inf))
    s.on_state(lambda st, d: states.append((st, d)))
    s.start()
    s.join(10)
    assert s.state == STATE_GPU_LOST and "lost" in s.state_detail
    assert s.ticks == 101  # stops at the first all-lost tick
    t, used = s.series(0, "mem_used")
    assert len(t) == 101 and math.isnan(used[-1]) and not any(math.isnan(v) for v in used[:100])
    assert s.latest(1)[0].status == nvml.NA_GPU_LOST


def test_snapshot_from_real_gpu_lost_error() -> None:
    pynvml = pytest.importorskip("pynvml")
    na = nvml.classify_error(pynvml.NVMLError(pynvml.NVML_ERROR_GPU_IS_LOST))
    snap = snapshot_from_reading(1.0, DeviceReading(0, na, na, na, na, na), frozenset({7}))
    assert snap.status == nvml.NA_GPU_LOST and snap.mem_used is None


def test_snapshot_splits_watched_pid_and_reports_wddm() -> None:
    mem = MemoryInfo(total=16 << 30, used=5 << 30, free=(11 << 30) - (600 << 20), reserved=600 << 20, version="v2")
    procs = [ProcessMemory(7, 4 << 30, "C"), ProcessMemory(8, 1 << 30, "G"), ProcessMemory(9, None, "C")]
    s = snapshot_from_reading(2.0, DeviceReading(0, mem, Utilization(50, 10), 100.0, 40, procs), frozenset({7}))
    assert s.pid_mem == 4 << 30 and s.others_mem == 1 << 30 and s.mem_reserved == 600 << 20
    wddm = NotAvailable(nvml.NA_PER_PROCESS_WDDM)
    unsupported = NotAvailable(nvml.NA_NOT_SUPPORTED)
    w = snapshot_from_reading(2.0, DeviceReading(0, mem, Utilization(1, 1), unsupported, 40, wddm), frozenset({7}))
    assert w.pid_mem is None and w.power_w is None and w.mem_used == 5 << 30
    assert dict(w.unavailable) == {"processes": nvml.NA_PER_PROCESS_WDDM, "power_w": nvml.NA_NOT_SUPPORTED}
    assert w.status == "ok"


@pytest.mark.skipif(nvml.init() is None, reason="a GPU driver is present here")
def test_live_source_without_driver_gives_a_clear_state() -> None:
    states: list = []
    s = Sampler(NvmlSource())
    s.on_state(lambda st, d: states.append((st, d)))
    s.start()
    s.join(5)
    assert s.state == STATE_UNAVAILABLE and "no NVIDIA driver" in s.state_detail
    assert states == [(STATE_UNAVAILABLE, s.state_detail)] and s.ticks == 0


def test_bad_settings_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="interval"):
        Sampler(ReplaySource(RECORDINGS["jax_default"]), interval=0.001)
    with pytest.raises(ValueError, match="speed"):
        ReplaySource(RECORDINGS["jax_default"], speed=0)


def test_unreadable_recording_is_unavailable_not_a_crash(tmp_path: Path) -> None:
    bad = tmp_path / "not a run 中文.run.jsonl"
    bad.write_text("hello\n", encoding="utf-8")
    s = Sampler(ReplaySource(bad))
    s.start()
    s.join(5)
    assert s.state == STATE_UNAVAILABLE and "not a tfgpu-wizard run file" in s.state_detail


def test_set_pid_from_another_thread_while_running() -> None:
    """set_pid() from another thread reaches the running loop: the next reads get the new pid set."""

    class PidSpy(ReplaySource):  # the real replay source; it only notes the pid set each read is given
        def __init__(self, *args: object, **kw: object) -> None:
            super().__init__(*args, **kw)  # type: ignore[arg-type]
            self.seen: list[frozenset[int]] = []

        def read(self, now: float, pids: frozenset[int]):  # type: ignore[override]
            self.seen.append(pids)
            return super().read(now, pids)

    def wait_ticks(n: int) -> None:
        deadline = time.monotonic() + 5
        while s.ticks < n and time.monotonic() < deadline:
            time.sleep(0.005)

    src = PidSpy(read_run(RECORDINGS["torch_train"]), speed=5)
    s = Sampler(src)
    s.start()
    try:
        wait_ticks(3)
        th = threading.Thread(target=lambda: s.set_pid(1234))
        th.start()
        th.join()
        wait_ticks(s.ticks + 3)
        assert s.running, "the replay ended before the pid change could be seen"
    finally:
        s.stop()
    assert not s.running and s.state == STATE_STOPPED
    assert src.seen[0] == frozenset() and src.seen[-1] == frozenset({1234})
