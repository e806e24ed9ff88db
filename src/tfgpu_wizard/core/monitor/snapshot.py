"""The monitor's vocabulary: one GPU at one moment, the devices a source has, and what a source is.

:class:`GpuSnapshot` (memory in bytes, None = not available), :class:`Tick` (one snapshot per GPU taken at
the same moment), :class:`DeviceInfo` / :class:`MigDevice` / :class:`ProcessMemory` (what a source says about
its GPUs) and :class:`Source` (where snapshots come from: NVML, a recording, another machine's metrics
endpoint). At the bottom of the monitor room: NVML (``nvml``), the recordings (``runs``) and the remote
endpoints (``remote``) produce these types and the sampler stores them, so none of them imports another's
module for them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MIB = 1024 * 1024


@dataclass(frozen=True)
class ProcessMemory:
    pid: int
    used: int | None  # bytes; None where the driver does not say (WDDM / WSL2)
    kind: str  # "C" compute, "G" graphics, "C+G"


@dataclass(frozen=True)
class MigDevice:
    """One MIG device of a GPU in MIG mode: what a CUDA process is given instead of the whole GPU."""

    index: int  # MIG device index on its GPU (nvmlDeviceGetMigDeviceHandleByIndex)
    uuid: str = ""  # "MIG-..."
    name: str = ""  # "NVIDIA H100 80GB HBM3 MIG 3g.40gb"
    memory_total: int | None = None  # bytes
    gpu_instance_id: int | None = None
    compute_instance_id: int | None = None


@dataclass(frozen=True)
class DeviceInfo:
    index: int  # NVML index (NVML enumerates in PCI bus order)
    name: str
    uuid: str
    pci_bus_id: str = ""
    memory_total: int | None = None
    compute_capability: str | None = None  # "9.0"
    mig_uuids: tuple[str, ...] = ()  # UUIDs of MIG instances when MIG mode is on
    mig_enabled: bool | None = None  # None: MIG not supported on this GPU (or not known)
    mig_devices: tuple[MigDevice, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "name": self.name,
            "uuid": self.uuid,
            "pci_bus_id": self.pci_bus_id,
            "memory_total": self.memory_total,
            "compute_capability": self.compute_capability,
            "mig_uuids": list(self.mig_uuids),
            "mig_enabled": self.mig_enabled,
            "mig_devices": [dataclasses.asdict(m) for m in self.mig_devices],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> DeviceInfo:
        migs = []
        for m in d.get("mig_devices") or ():
            if isinstance(m, Mapping) and isinstance(m.get("index"), int):
                migs.append(MigDevice(**{k: m[k] for k in MigDevice.__dataclass_fields__ if k in m}))
        return cls(
            index=int(d["index"]),
            name=str(d.get("name", "")),
            uuid=str(d.get("uuid", "")),
            pci_bus_id=str(d.get("pci_bus_id", "")),
            memory_total=d.get("memory_total"),
            compute_capability=d.get("compute_capability"),
            mig_uuids=tuple(d.get("mig_uuids") or ()),
            mig_enabled=d.get("mig_enabled") if isinstance(d.get("mig_enabled"), bool) else None,
            mig_devices=tuple(migs),
        )



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


class SourceUnavailable(Exception):
    """A source could not start; ``problem`` says why (an ``nvml.NotAvailable`` or a plain message)."""

    def __init__(self, problem: object):
        super().__init__(str(problem))
        self.problem = problem


class Source:
    """Where snapshots come from. Live sources are paced by the sampler; a replay paces itself.

    ``open()`` returns the devices (or raises :class:`SourceUnavailable`); ``read(now, pids)`` the snapshots of
    every GPU now, or None when the stream has ended; ``next_due(now)`` the monotonic time of the next read for
    a self-paced source (``live = False``).
    """

    live = True
    label = ""

    def open(self) -> list[DeviceInfo]:
        raise NotImplementedError

    def next_due(self, now: float) -> float | None:
        """Monotonic time of the next tick for self-paced sources; None: the sampler's interval decides."""
        return None

    def read(self, now: float, pids: frozenset[int]) -> list[GpuSnapshot] | None:
        """Snapshots of every GPU now; None when the stream has ended."""
        raise NotImplementedError

    def close(self) -> None:
        pass
