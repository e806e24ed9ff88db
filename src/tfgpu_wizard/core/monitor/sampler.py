"""GPU sampling thread + bounded ring buffer, fed by live NVML or by the replay of a recorded run.

The same code path serves a live GPU (:class:`NvmlSource`) and a recording (:class:`ReplaySource`,
at real or accelerated speed): that is how the GUI and the tests see GPU data on a machine without a GPU.

API (stable)::

    from tfgpu_wizard.core.monitor.sampler import Sampler, NvmlSource, ReplaySource

    s = Sampler(source=None,            # default NvmlSource() (all GPUs)
                interval=0.1,           # seconds between ticks: 0.01 (100 Hz) .. 60; live sources only
                history_s=3600.0)       # ring buffer length per GPU (capacity = history_s / interval)
    s.set_pid(pid)                      # the training process: its memory is kept apart (pid_mem vs others_mem)
    unsub = s.subscribe(fn)             # fn(tick: Tick) on the sampler thread (GUI: marshal to your thread)
    unsub2 = s.on_state(fn)             # fn(state: str, detail: str): see STATE_* below
    s.start(); ...; s.stop()            # or ``with Sampler(...) as s:``
    s.devices                           # list[DeviceInfo] once started (replay: the recorded GPUs)
    s.latest(n=1, gpu=None)             # last n snapshots (all GPUs, or one), oldest first
    s.since(t, gpu=None)                # snapshots with t > t (monotonic seconds)
    s.series(gpu, "mem_used", since=None) -> (array('d') times, array('d') values)  # MiB for memory, NaN = N/A
    s.state, s.state_detail, s.ticks, s.missed_ticks, s.buffer_nbytes

    ReplaySource(path_or_record, speed=1.0,   # speed=math.inf: as fast as possible, recorded spacing kept
                 allow_empty=False)           # True: a run with events but no GPU ticks replays (0 ticks)

A :class:`Tick` holds one :class:`GpuSnapshot` (both in ``core.monitor.snapshot``) per GPU taken at the same moment. Snapshot times are
``time.monotonic()`` of this process (replay: rebased onto it, so a replay looks live).

Memory bound: each GPU keeps a ring of ``capacity`` samples of :data:`BYTES_PER_SAMPLE` (45) bytes in
preallocated ``array`` columns; 1 h x 8 GPUs x 20 Hz = 576,000 samples = 25.9 MB (24.7 MiB), fixed
at construction, whatever the run length. Only the latest snapshot per GPU keeps its process list.
"""

from __future__ import annotations

import math
import threading
import time
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.monitor.nvml import DeviceReading, NotAvailable
from tfgpu_wizard.core.monitor.snapshot import (  # Source and SourceUnavailable: also known as sampler.Source ...
    MIB,
    DeviceInfo,
    GpuSnapshot,
    ProcessMemory,
    Source,
    SourceUnavailable,
    Tick,
)

if TYPE_CHECKING:
    from tfgpu_wizard.core.monitor.runs import RunRecord

MIN_INTERVAL = 0.01  # 100 Hz
MAX_INTERVAL = 60.0

STATE_IDLE = "idle"
STATE_RUNNING = "running"
STATE_ENDED = "ended"  # a replay reached its end
STATE_GPU_LOST = "gpu-lost"  # every sampled GPU is lost
STATE_UNAVAILABLE = "unavailable"  # the source could not start (no driver, bad recording ...)
STATE_STOPPED = "stopped"  # stop() was called
STATE_FAILED = "failed"  # the source raised something unexpected (detail says what)

# Numeric fields of a snapshot, in ring-buffer column order. Memory fields are stored as MiB.
FIELDS = ("mem_used", "mem_reserved", "mem_total", "pid_mem", "others_mem", "util_gpu", "util_mem", "power_w",
          "temp_c")
MEMORY_FIELDS = frozenset({"mem_used", "mem_reserved", "mem_total", "pid_mem", "others_mem"})
_STATUS_CODES = ("ok", nvml.NA_GPU_LOST, "error")
BYTES_PER_SAMPLE = 8 + 4 * len(FIELDS) + 1  # t as double, fields as float32, status as one byte


# -- sources ----------------------------------------------------------------------------------


class NvmlSource(Source):
    """Live NVML. ``gpus``: NVML indices to sample (default: all)."""

    live = True

    def __init__(self, gpus: Sequence[int] | None = None):
        self.gpus = list(gpus) if gpus is not None else None
        self.label = "NVML"

    def open(self) -> list[DeviceInfo]:
        st = nvml.status()
        if not st.ok:
            raise SourceUnavailable(st.problem if st.problem is not None else NotAvailable(nvml.NA_UNKNOWN))
        devs = nvml.devices()
        if isinstance(devs, NotAvailable):
            raise SourceUnavailable(devs)
        if self.gpus is not None:
            known = {d.index for d in devs}
            bad = [g for g in self.gpus if g not in known]
            if bad:
                raise SourceUnavailable(NotAvailable(nvml.NA_NO_SUCH_GPU, f"GPU {bad[0]}"))
            devs = [d for d in devs if d.index in self.gpus]
        if not devs:
            raise SourceUnavailable(NotAvailable(nvml.NA_NO_SUCH_GPU, "NVML lists no GPU"))
        self._indices = [d.index for d in devs]
        self.label = tr("monitor", "NVML, driver {version}").format(version=st.driver_version)
        return devs

    def read(self, now: float, pids: frozenset[int]) -> list[GpuSnapshot] | None:
        return [snapshot_from_reading(now, nvml.read_device(i), pids) for i in self._indices]


class ReplaySource(Source):
    """Replays the GPU ticks of a run file (a recording) at ``speed`` x real time (math.inf: no waiting).

    Snapshot times are rebased onto this process's monotonic clock, so consumers cannot tell a replay
    from a live source except by ``label`` / ``live``. An instant replay (``speed=math.inf``) does not
    wait, but its snapshot times still keep the recorded spacing (first tick = the moment the replay
    started, the others that far after it), so the time axis survives. The recorded ``pid_mem`` is kept
    (the recording watched its own training process).

    A run file without GPU ticks (a CPU-only run, or a run recorded without NVML) is refused as
    unavailable unless ``allow_empty``: then it "replays" zero ticks and ends at once, and ``record``
    still holds its events (what the GUI shows for such a run).
    """

    live = False

    def __init__(self, run: str | Path | RunRecord, speed: float = 1.0, gpus: Sequence[int] | None = None,
                 allow_empty: bool = False):
        if not (speed > 0):
            raise ValueError("speed must be > 0")
        self.run = run
        self.speed = speed
        self.gpus = set(gpus) if gpus is not None else None
        self.allow_empty = allow_empty
        self.label = "replay"
        self.tick_count: int | None = None  # known after open()
        self._i = 0
        self._base: float | None = None

    def open(self) -> list[DeviceInfo]:
        from tfgpu_wizard.core.monitor.runs import RunFileError, RunRecord, read_run

        if isinstance(self.run, RunRecord):
            record = self.run
        else:
            try:
                record = read_run(Path(self.run))
            except RunFileError as exc:
                raise SourceUnavailable(str(exc)) from None
        self.record = record
        self._ticks = [(t, [s for s in snaps if self.gpus is None or s.gpu in self.gpus])
                       for t, snaps in record.ticks]
        self.tick_count = len(self._ticks)  # the Sampler sizes its rings by it (memory in proportion to length)
        if not self._ticks and not self.allow_empty:
            raise SourceUnavailable(
                tr("monitor", "{path}: the recording holds no GPU samples").format(path=record.path)
            )
        label = record.header.get("recorded_on") or record.header.get("label") or record.run_id
        self.label = tr("monitor", "replay of {label}").format(label=label)
        devs = [d for d in record.devices if self.gpus is None or d.index in self.gpus]
        return devs

    def next_due(self, now: float) -> float | None:
        if self._i >= len(self._ticks):
            return now
        if self._base is None:
            self._base = now
        if math.isinf(self.speed):
            return now
        return self._base + (self._ticks[self._i][0] - self._ticks[0][0]) / self.speed

    def read(self, now: float, pids: frozenset[int]) -> list[GpuSnapshot] | None:
        if self._i >= len(self._ticks):
            return None
        rel, snaps = self._ticks[self._i]
        self._i += 1
        if self._base is None:
            self._base = now
        offset = rel - self._ticks[0][0]
        t = self._base + (offset if math.isinf(self.speed) else offset / self.speed)
        return [_retime(s, t) for s in snaps]


def _retime(s: GpuSnapshot, t: float) -> GpuSnapshot:
    return GpuSnapshot(t, s.gpu, s.mem_used, s.mem_reserved, s.mem_total, s.mem_free, s.mem_version, s.util_gpu,
                       s.util_mem, s.power_w, s.temp_c, s.pid_mem, s.others_mem, s.processes, s.status,
                       s.unavailable)


def snapshot_from_reading(t: float, reading: DeviceReading, pids: frozenset[int]) -> GpuSnapshot:
    """Build a snapshot from one nvml.read_device() result, splitting the watched PIDs' memory out."""
    na: list[tuple[str, str]] = []
    mem = reading.memory
    if isinstance(mem, NotAvailable):
        if mem.code == nvml.NA_GPU_LOST or mem.code in (nvml.NA_LIBRARY_NOT_FOUND, nvml.NA_NO_BINDINGS):
            return GpuSnapshot(t, reading.index, status=mem.code, unavailable=(("all", mem.code),))
        na.append(("memory", mem.code))
        used = reserved = total = free = None
        version = ""
    else:
        used, reserved, total, free, version = mem.used, mem.reserved, mem.total, mem.free, mem.version
    util = reading.utilization
    if isinstance(util, NotAvailable):
        na.append(("utilization", util.code))
        ug = um = None
    else:
        ug, um = float(util.gpu), float(util.memory)
    power = reading.power_w
    if isinstance(power, NotAvailable):
        na.append(("power_w", power.code))
        power = None
    temp = reading.temperature_c
    if isinstance(temp, NotAvailable):
        na.append(("temp_c", temp.code))
        temp = None
    procs = reading.processes
    pid_mem: int | None = None
    others: int | None = None
    plist: tuple[ProcessMemory, ...] = ()
    if isinstance(procs, NotAvailable):
        na.append(("processes", procs.code))
    else:
        plist = tuple(procs)
        others = 0
        for p in plist:
            if p.used is None:
                continue
            if p.pid in pids:
                pid_mem = (pid_mem or 0) + p.used
            else:
                others += p.used
        if pids and pid_mem is None:
            pid_mem = 0  # watched, and not (or no longer) on this GPU
    return GpuSnapshot(
        t, reading.index, used, reserved, total, free, version, ug, um,
        None if power is None else float(power), None if temp is None else float(temp),
        pid_mem, others, plist, "ok", tuple(na),
    )


# -- ring buffer ------------------------------------------------------------------------------


class RingBuffer:
    """Fixed-size columns (stdlib ``array``) for one GPU. Memory: ``capacity * BYTES_PER_SAMPLE``."""

    def __init__(self, capacity: int):
        if capacity < 1:
            raise ValueError("capacity must be >= 1")
        self.capacity = capacity
        nan = math.nan
        self.t = array("d", bytes(8 * capacity))
        self.cols = {name: array("f", [nan]) * capacity for name in FIELDS}
        self.status = array("B", bytes(capacity))
        self.head = 0  # next write position
        self.count = 0

    @property
    def nbytes(self) -> int:
        return (self.t.itemsize * len(self.t) + sum(c.itemsize * len(c) for c in self.cols.values())
                + self.status.itemsize * len(self.status))

    def append(self, s: GpuSnapshot) -> None:
        i = self.head
        self.t[i] = s.t
        cols = self.cols
        nan = math.nan
        for name in FIELDS:
            v = getattr(s, name)
            if v is None:
                cols[name][i] = nan
            elif name in MEMORY_FIELDS:
                cols[name][i] = v / MIB
            else:
                cols[name][i] = v
        self.status[i] = _STATUS_CODES.index(s.status) if s.status in _STATUS_CODES else 2
        self.head = (i + 1) % self.capacity
        if self.count < self.capacity:
            self.count += 1

    def _order(self) -> list[int]:
        start = (self.head - self.count) % self.capacity
        return [(start + k) % self.capacity for k in range(self.count)]

    def first_index_after(self, t: float) -> int:
        """Position (0 = oldest) of the first sample with time > t (binary search; times are increasing)."""
        start = (self.head - self.count) % self.capacity
        lo, hi = 0, self.count
        while lo < hi:
            mid = (lo + hi) // 2
            if self.t[(start + mid) % self.capacity] > t:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def column(self, name: str, first: int = 0) -> tuple[array, array]:
        start = (self.head - self.count) % self.capacity
        idx = [(start + k) % self.capacity for k in range(first, self.count)]
        src = self.t if name == "t" else self.cols[name]
        return array("d", (self.t[i] for i in idx)), array("d", (src[i] for i in idx))

    def snapshot(self, k: int, gpu: int, version: str) -> GpuSnapshot:
        i = ((self.head - self.count) % self.capacity + k) % self.capacity
        vals: dict[str, Any] = {}
        for name in FIELDS:
            v = self.cols[name][i]
            if math.isnan(v):
                vals[name] = None
            elif name in MEMORY_FIELDS:
                vals[name] = int(round(v * MIB))
            else:
                vals[name] = float(v)
        free = None
        if vals["mem_total"] is not None and vals["mem_used"] is not None:
            free = vals["mem_total"] - vals["mem_used"] - (vals["mem_reserved"] or 0)
        return GpuSnapshot(self.t[i], gpu, mem_free=free, mem_version=version,
                           status=_STATUS_CODES[self.status[i]], **vals)


# -- the sampler ------------------------------------------------------------------------------


@dataclass
class _Subscribers:
    ticks: list[Callable[[Tick], None]] = field(default_factory=list)
    states: list[Callable[[str, str], None]] = field(default_factory=list)


class Sampler:
    """A thread taking one Tick every ``interval`` seconds (or at the replay's pace) into ring buffers."""

    def __init__(self, source: Source | None = None, interval: float = 0.1, history_s: float = 3600.0,
                 name: str = "tfgpu-sampler"):
        if not (MIN_INTERVAL <= interval <= MAX_INTERVAL):
            raise ValueError(f"interval must be between {MIN_INTERVAL} and {MAX_INTERVAL} seconds")
        if not (history_s > 0):
            raise ValueError("history_s must be > 0")
        self.source = source if source is not None else NvmlSource()
        self.interval = float(interval)
        self.capacity = max(1, int(math.ceil(history_s / self.interval)))
        self._ring_capacity = self.capacity  # per-GPU ring size in use (a replay's own length, at most capacity)
        self.name = name
        self.devices: list[DeviceInfo] = []
        self.state = STATE_IDLE
        self.state_detail = ""
        self.ticks = 0
        self.missed_ticks = 0  # live ticks skipped because a tick (or the machine) ran late
        self.callback_errors = 0
        self._pids: frozenset[int] = frozenset()
        self._subs = _Subscribers()
        self._lock = threading.Lock()
        self._rings: dict[int, RingBuffer] = {}
        self._last: dict[int, GpuSnapshot] = {}
        self._last_tick: Tick | None = None
        self._stop = threading.Event()
        self._started = threading.Event()
        self._thread: threading.Thread | None = None

    # -- control --

    def start(self, wait: bool = True, timeout: float = 10.0) -> Sampler:
        """Start the thread; with ``wait``, return once the source is open (devices known) or failed."""
        if self._thread is not None:
            raise RuntimeError("a Sampler can be started once")
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()
        if wait:
            self._started.wait(timeout)
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        t = self._thread
        if t is not None and t is not threading.current_thread():
            t.join(timeout)

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def __enter__(self) -> Sampler:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def set_pid(self, pid: int | None) -> None:
        self.set_pids([] if pid is None else [pid])

    def set_pids(self, pids: Iterable[int]) -> None:
        self._pids = frozenset(int(p) for p in pids)

    def subscribe(self, fn: Callable[[Tick], None]) -> Callable[[], None]:
        with self._lock:
            self._subs.ticks.append(fn)

        def unsubscribe() -> None:
            with self._lock:
                if fn in self._subs.ticks:
                    self._subs.ticks.remove(fn)

        return unsubscribe

    def on_state(self, fn: Callable[[str, str], None]) -> Callable[[], None]:
        with self._lock:
            self._subs.states.append(fn)

        def unsubscribe() -> None:
            with self._lock:
                if fn in self._subs.states:
                    self._subs.states.remove(fn)

        return unsubscribe

    # -- pull API --

    @property
    def buffer_nbytes(self) -> int:
        with self._lock:
            return sum(r.nbytes for r in self._rings.values())

    @property
    def last_tick(self) -> Tick | None:
        return self._last_tick

    def gpus(self) -> list[int]:
        return [d.index for d in self.devices]

    def latest(self, n: int = 1, gpu: int | None = None) -> list[GpuSnapshot]:
        """The last ``n`` snapshots per GPU (oldest first; GPUs interleaved by time when gpu is None)."""
        out: list[GpuSnapshot] = []
        with self._lock:
            for g, ring in self._rings.items():
                if gpu is not None and g != gpu:
                    continue
                out.extend(self._from_ring(g, ring, max(0, ring.count - n)))
        out.sort(key=lambda s: (s.t, s.gpu))
        return out

    def since(self, t: float, gpu: int | None = None) -> list[GpuSnapshot]:
        out: list[GpuSnapshot] = []
        with self._lock:
            for g, ring in self._rings.items():
                if gpu is not None and g != gpu:
                    continue
                out.extend(self._from_ring(g, ring, ring.first_index_after(t)))
        out.sort(key=lambda s: (s.t, s.gpu))
        return out

    def series(self, gpu: int, name: str, since: float | None = None) -> tuple[array, array]:
        """Times and values of one field (MiB for memory fields, NaN where not available)."""
        if name not in FIELDS:
            raise KeyError(f"unknown field {name!r}; one of {', '.join(FIELDS)}")
        with self._lock:
            ring = self._rings.get(gpu)
            if ring is None:
                return array("d"), array("d")
            first = 0 if since is None else ring.first_index_after(since)
            return ring.column(name, first)

    def _from_ring(self, g: int, ring: RingBuffer, first: int) -> list[GpuSnapshot]:
        last = self._last.get(g)
        version = last.mem_version if last else ""
        out = [ring.snapshot(k, g, version) for k in range(first, ring.count)]
        if out and last is not None and out[-1].t == last.t:
            out[-1] = last  # the newest keeps its process list and reasons
        return out

    # -- thread --

    def _set_state(self, state: str, detail: str = "") -> None:
        self.state = state
        self.state_detail = detail
        with self._lock:
            subs = list(self._subs.states)
        for fn in subs:
            try:
                fn(state, detail)
            except Exception:  # noqa: BLE001 - a subscriber must not kill the sampler
                self.callback_errors += 1

    def _run(self) -> None:
        src = self.source
        try:
            try:
                devs = src.open()
            except SourceUnavailable as exc:
                self._set_state(STATE_UNAVAILABLE, str(exc.problem))
                return
            except Exception as exc:  # noqa: BLE001
                self._set_state(STATE_FAILED, f"{type(exc).__name__}: {exc}")
                return
            self.devices = list(devs)
            # A replay knows its length: its rings hold that many ticks, not the nominal history (an instant
            # replay at a 10 ms interval over 10 h would otherwise reserve 162 MB per GPU for 300 ticks).
            hint = None if src.live else getattr(src, "tick_count", None)
            self._ring_capacity = min(self.capacity, max(1, int(hint))) if isinstance(hint, int) else self.capacity
            with self._lock:
                self._rings = {d.index: RingBuffer(self._ring_capacity) for d in self.devices}
            self._set_state(STATE_RUNNING, src.label)
            self._started.set()
            self._loop(src)
        finally:
            self._started.set()
            try:
                src.close()
            except Exception:  # noqa: BLE001
                pass
            if self.state == STATE_RUNNING:
                self._set_state(STATE_STOPPED)

    def _loop(self, src: Source) -> None:
        interval = self.interval
        next_t = time.monotonic()
        while not self._stop.is_set():
            now = time.monotonic()
            due = src.next_due(now) if not src.live else next_t
            if due is not None and due > now:
                if self._stop.wait(due - now):
                    return
                now = time.monotonic()
            try:
                snaps = src.read(now, self._pids)
            except Exception as exc:  # noqa: BLE001
                self._set_state(STATE_FAILED, f"{type(exc).__name__}: {exc}")
                return
            if snaps is None:
                self._set_state(STATE_ENDED, src.label)
                return
            tick = Tick(snaps[0].t if snaps else now, tuple(snaps))
            with self._lock:
                for s in snaps:
                    ring = self._rings.get(s.gpu)
                    if ring is None:
                        ring = self._rings[s.gpu] = RingBuffer(self._ring_capacity)
                    ring.append(s)
                    self._last[s.gpu] = s
                self._last_tick = tick
                self.ticks += 1
                subs = list(self._subs.ticks)
            for fn in subs:
                try:
                    fn(tick)
                except Exception:  # noqa: BLE001 - a subscriber must not kill the sampler
                    self.callback_errors += 1
            if snaps and all(s.status == nvml.NA_GPU_LOST for s in snaps):
                self._set_state(STATE_GPU_LOST, nvml.NotAvailable(nvml.NA_GPU_LOST).reason)
                return
            if src.live:
                next_t += interval
                late = time.monotonic() - next_t
                if late > 0:
                    skipped = int(late // interval) + 1
                    self.missed_ticks += skipped
                    next_t += skipped * interval
