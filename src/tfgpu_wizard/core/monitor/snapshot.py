"""One GPU at one moment: the snapshot that the sampler takes and run files store.

:class:`GpuSnapshot` (memory in bytes, None = not available), :class:`Tick` (one snapshot per GPU taken at
the same moment) and :func:`snapshot_from_reading` (from one ``nvml.read_device()`` result). Below both the
sampler and the run files (``core.monitor.runs``), so neither has to import the other's module for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.monitor.nvml import DeviceReading, NotAvailable, ProcessMemory

MIB = 1024 * 1024

@dataclass(frozen=True, slots=True)
class GpuSnapshot:
    """One GPU at one moment. Memory in bytes; None = not available (see ``unavailable``)."""

    t: float
    gpu: int  # NVML index
    mem_used: int | None = None
    mem_reserved: int | None = None
    mem_total: int | None = None
    mem_free: int | None = None
    mem_version: str = ""  # "v2" | "v1" ("v1": used includes the driver's reserve)
    util_gpu: float | None = None  # percent
    util_mem: float | None = None
    power_w: float | None = None
    temp_c: float | None = None
    pid_mem: int | None = None  # the watched process(es) on this GPU
    others_mem: int | None = None  # every other process with a known size
    processes: tuple[ProcessMemory, ...] = ()
    status: str = "ok"  # "ok" | "gpu-lost" | another nvml.NA_* code that blanked the whole GPU
    unavailable: tuple[tuple[str, str], ...] = ()  # (field, nvml.NA_* code)

    def value(self, name: str) -> float | None:
        return getattr(self, name)

    def to_dict(self) -> dict[str, Any]:
        """Compact JSON form used by run files (times are written by the recorder)."""
        d: dict[str, Any] = {"gpu": self.gpu}
        for name in ("mem_used", "mem_reserved", "mem_total", "mem_free", "util_gpu", "util_mem", "power_w",
                     "temp_c", "pid_mem", "others_mem"):
            v = getattr(self, name)
            if v is not None:
                d[name] = v
        if self.mem_version:
            d["mem_version"] = self.mem_version
        if self.processes:
            d["procs"] = [[p.pid, p.used, p.kind] for p in self.processes]
        if self.status != "ok":
            d["status"] = self.status
        if self.unavailable:
            d["na"] = dict(self.unavailable)
        return d

    @classmethod
    def from_dict(cls, t: float, d: dict[str, Any]) -> GpuSnapshot:
        def num(name: str) -> Any:
            v = d.get(name)
            return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None

        procs = tuple(
            ProcessMemory(int(p[0]), p[1] if isinstance(p[1], int) else None, str(p[2]) if len(p) > 2 else "C")
            for p in d.get("procs") or ()
            if isinstance(p, list) and p and isinstance(p[0], int)
        )
        na = d.get("na") or {}
        return cls(
            t=t,
            gpu=int(d["gpu"]),
            mem_used=num("mem_used"),
            mem_reserved=num("mem_reserved"),
            mem_total=num("mem_total"),
            mem_free=num("mem_free"),
            mem_version=str(d.get("mem_version", "")),
            util_gpu=num("util_gpu"),
            util_mem=num("util_mem"),
            power_w=num("power_w"),
            temp_c=num("temp_c"),
            pid_mem=num("pid_mem"),
            others_mem=num("others_mem"),
            processes=procs,
            status=str(d.get("status", "ok")),
            unavailable=tuple(sorted((str(k), str(v)) for k, v in na.items())) if isinstance(na, dict) else (),
        )


@dataclass(frozen=True, slots=True)
class Tick:
    t: float
    snapshots: tuple[GpuSnapshot, ...]


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
