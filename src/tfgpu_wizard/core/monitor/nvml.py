"""The one NVML wrapper of the app (nvidia-ml-py, module ``pynvml``). It never raises into callers.

Every query returns either a value or a :class:`NotAvailable` saying why (no driver, NVML library
not found, driver/library version mismatch, not supported on this GPU, per-process memory hidden by
Windows WDDM / WSL2, GPU lost ...). ``NotAvailable`` is falsy, so ``if value:`` reads naturally, and
``str()`` of it is a short English reason (translate with ``tr("monitor", na.reason)`` for display).

API (stable)::

    from tfgpu_wizard.core.monitor import nvml

    nvml.init() -> NotAvailable | None        # lazy: every query calls it; None = NVML is up
    nvml.shutdown()                           # clean shutdown (also registered with atexit)
    nvml.status() -> NvmlStatus               # driver / NVML / CUDA driver versions, GPU count or why not
    nvml.device_count() -> int | NotAvailable
    nvml.devices() -> list[DeviceInfo] | NotAvailable      # index (NVML), name, uuid, pci_bus_id, total, CC, MIG
                                                           # mode and MIG devices (MigDevice: uuid, name, memory)
    nvml.read_memory(i) -> MemoryInfo | NotAvailable       # v2 (used/reserved/total/free) else v1 (version="v1")
    nvml.read_utilization(i) -> Utilization | NotAvailable # percent gpu / memory
    nvml.read_power(i) -> float | NotAvailable             # watts
    nvml.read_temperature(i) -> int | NotAvailable         # deg C
    nvml.read_processes(i) -> list[ProcessMemory] | NotAvailable   # compute + graphics, merged by pid
    nvml.read_device(i) -> DeviceReading                   # all of the above at once (what the sampler uses)

    # TensorFlow's "GPU:k" -> NVML index (pure: works on recorded device lists too)
    nvml.map_tf_devices(devices, env=os.environ) -> DeviceMapping   # .tf_to_nvml {k: nvml_index}, .notes, .exact

Memory is in bytes everywhere. Reason codes (``NotAvailable.code``) are stable strings, listed as
``NA_*`` constants below.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tfgpu_wizard.core.i18n import N_

# The device types live with the snapshot (every source's vocabulary); imported here for NVML's readers and
# for callers that know them as nvml.DeviceInfo / nvml.MigDevice / nvml.ProcessMemory.
from tfgpu_wizard.core.monitor.snapshot import DeviceInfo, MigDevice, ProcessMemory

# -- "not available" ----------------------------------------------------------------------------

NA_NO_BINDINGS = "no-bindings"  # nvidia-ml-py not importable
NA_LIBRARY_NOT_FOUND = "library-not-found"  # libnvidia-ml.so.1 / nvml.dll missing: no NVIDIA driver
NA_DRIVER_NOT_LOADED = "driver-not-loaded"
NA_VERSION_MISMATCH = "version-mismatch"  # driver kernel module and user library differ (upgrade, no reboot)
NA_NOT_SUPPORTED = "not-supported"
NA_NO_PERMISSION = "no-permission"
NA_PER_PROCESS_WDDM = "per-process-not-given"  # Windows WDDM and WSL2 do not give per-process memory
NA_GPU_LOST = "gpu-lost"
NA_NO_SUCH_GPU = "no-such-gpu"
NA_FUNCTION_NOT_FOUND = "function-not-found"  # the driver is older than the binding's function
NA_NO_DEVICES = "no-devices"  # the driver runs but finds no GPU (NVML_ERROR_GPU_NOT_FOUND when NVML starts)
NA_UNKNOWN = "unknown"

_REASONS: dict[str, str] = {
    NA_NO_BINDINGS: N_("the Python package nvidia-ml-py is not installed"),
    NA_LIBRARY_NOT_FOUND: N_("no NVIDIA driver: the NVML library (libnvidia-ml / nvml.dll) was not found"),
    NA_DRIVER_NOT_LOADED: N_("the NVIDIA driver is installed but not loaded"),
    NA_VERSION_MISMATCH: N_(
        "the NVIDIA driver and its library have different versions (usually after a driver update "
        "without a reboot): reboot, or reload the nvidia kernel module"
    ),
    NA_NOT_SUPPORTED: N_("not supported on this GPU"),
    NA_NO_PERMISSION: N_("no permission to read this"),
    NA_PER_PROCESS_WDDM: N_(
        "per-process GPU memory is not given by the driver on Windows (WDDM) and WSL2; "
        "only the whole-GPU memory is shown"
    ),
    NA_GPU_LOST: N_("the GPU was lost (it fell off the bus or stopped answering); a reboot is usually needed"),
    NA_NO_SUCH_GPU: N_("no GPU with this index"),
    NA_FUNCTION_NOT_FOUND: N_("the NVIDIA driver is too old for this query"),
    NA_NO_DEVICES: N_("the NVIDIA driver is running but finds no GPU"),
    NA_UNKNOWN: N_("NVML reported an unknown error"),
}


@dataclass(frozen=True)
class NotAvailable:
    """A value NVML could not give, with the reason. Falsy; ``str()`` is the English reason."""

    code: str
    detail: str = ""  # e.g. the NVML error text; not translated

    @property
    def reason(self) -> str:
        return _REASONS.get(self.code, _REASONS[NA_UNKNOWN])

    def __bool__(self) -> bool:
        return False

    def __str__(self) -> str:
        return self.reason


def is_na(value: object) -> bool:
    return isinstance(value, NotAvailable)


# -- data -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemoryInfo:
    total: int
    used: int
    free: int
    reserved: int | None  # None with v1 (v1 counts the driver's reserve inside ``used``)
    version: str  # "v2" | "v1"


@dataclass(frozen=True)
class Utilization:
    gpu: int  # percent of time a kernel ran
    memory: int  # percent of time memory was read or written


@dataclass(frozen=True)
class DeviceReading:
    """Everything read from one GPU in one go; each field a value or NotAvailable."""

    index: int
    memory: MemoryInfo | NotAvailable
    utilization: Utilization | NotAvailable
    power_w: float | NotAvailable
    temperature_c: int | NotAvailable
    processes: list[ProcessMemory] | NotAvailable

    @property
    def lost(self) -> bool:
        return isinstance(self.memory, NotAvailable) and self.memory.code == NA_GPU_LOST


@dataclass(frozen=True)
class NvmlStatus:
    ok: bool
    problem: NotAvailable | None = None
    driver_version: str | NotAvailable | None = None
    nvml_version: str | NotAvailable | None = None
    cuda_driver_version: str | NotAvailable | None = None  # "13.0"
    device_count: int = 0


# -- init / shutdown --------------------------------------------------------------------------

_lock = threading.RLock()
_pynvml: Any = None
_init_result: NotAvailable | None | bool = False  # False: not tried yet
_handles: dict[int, Any] = {}
_lost: set[int] = set()
_mem_v1_only: set[int] = set()
_procs_v2_only = False
_atexit_registered = False


# NVML return codes (nvml.h; the names nvidia-ml-py gives them) -> reason codes. By name, so that a binding
# without one of the newer codes still loads.
_CODES = {
    "NVML_ERROR_LIBRARY_NOT_FOUND": NA_LIBRARY_NOT_FOUND,
    "NVML_ERROR_DRIVER_NOT_LOADED": NA_DRIVER_NOT_LOADED,
    "NVML_ERROR_LIB_RM_VERSION_MISMATCH": NA_VERSION_MISMATCH,
    "NVML_ERROR_NOT_SUPPORTED": NA_NOT_SUPPORTED,
    "NVML_ERROR_NO_PERMISSION": NA_NO_PERMISSION,
    "NVML_ERROR_OPERATING_SYSTEM": NA_NO_PERMISSION,  # "blocked by the operating system/cgroups" (containers)
    "NVML_ERROR_GPU_IS_LOST": NA_GPU_LOST,
    "NVML_ERROR_RESET_REQUIRED": NA_GPU_LOST,  # "the GPU requires a reset": a restart, as for a lost GPU
    "NVML_ERROR_GPU_NOT_FOUND": NA_GPU_LOST,  # for a device query; when NVML starts: no GPU at all (below)
    "NVML_ERROR_FUNCTION_NOT_FOUND": NA_FUNCTION_NOT_FOUND,
    "NVML_ERROR_INVALID_ARGUMENT": NA_NO_SUCH_GPU,
    "NVML_ERROR_NOT_FOUND": NA_NO_SUCH_GPU,
}
# When nvmlInit itself fails, some codes mean something about the whole driver.
_INIT_CODES = {"NVML_ERROR_GPU_NOT_FOUND": NA_NO_DEVICES}


def _classify(exc: BaseException, starting: bool = False) -> NotAvailable:
    """Turn an NVML exception into a NotAvailable with a stable code (``starting``: raised by nvmlInit)."""
    value = getattr(exc, "value", None)
    p = _pynvml
    detail = f"{type(exc).__name__}: {exc}"
    if p is None or not isinstance(value, int):
        return NotAvailable(NA_UNKNOWN, detail)
    table = {getattr(p, name): code for name, code in _CODES.items() if isinstance(getattr(p, name, None), int)}
    if starting:
        table.update({getattr(p, name): code for name, code in _INIT_CODES.items()
                      if isinstance(getattr(p, name, None), int)})
    return NotAvailable(table.get(value, NA_UNKNOWN), detail)


def classify_error(exc: BaseException, starting: bool = False) -> NotAvailable:
    """Public form of the error mapping (pynvml must be importable); ``starting``: the error came from
    nvmlInit (then NVML_ERROR_GPU_NOT_FOUND means the driver runs but finds no GPU)."""
    _import_bindings()
    return _classify(exc, starting)


def _import_bindings() -> NotAvailable | None:
    global _pynvml
    if _pynvml is not None:
        return None
    try:
        import pynvml
    except ImportError as exc:
        return NotAvailable(NA_NO_BINDINGS, str(exc))
    if not hasattr(pynvml, "nvmlDeviceGetMemoryInfo"):
        # another package shadows NVIDIA's module of the same name
        return NotAvailable(NA_NO_BINDINGS, f"pynvml at {getattr(pynvml, '__file__', '?')} is not nvidia-ml-py")
    _pynvml = pynvml
    return None


def init() -> NotAvailable | None:
    """Start NVML once (thread-safe). None when it is up, else why not (remembered until shutdown())."""
    global _init_result, _atexit_registered
    if _init_result is not False:
        return _init_result  # type: ignore[return-value]
    with _lock:
        if _init_result is not False:
            return _init_result  # type: ignore[return-value]
        problem = _import_bindings()
        if problem is None:
            try:
                _pynvml.nvmlInit()
            except Exception as exc:  # noqa: BLE001 - NVML raises NVMLError subclasses and OSError
                problem = _classify(exc, starting=True)
        _init_result = problem
        if problem is None and not _atexit_registered:
            atexit.register(shutdown)
            _atexit_registered = True
        return problem


def shutdown() -> None:
    """Shut NVML down if it was started; the next query starts it again."""
    global _init_result
    with _lock:
        if _init_result is None and _pynvml is not None:
            try:
                _pynvml.nvmlShutdown()
            except Exception:  # noqa: BLE001
                pass
        _init_result = False
        _handles.clear()
        _lost.clear()
        _mem_v1_only.clear()


def _handle(index: int) -> Any:
    """Cached device handle; raises NVMLError (classified by callers)."""
    h = _handles.get(index)
    if h is None:
        h = _pynvml.nvmlDeviceGetHandleByIndex(index)
        _handles[index] = h
    return h


def _query(index: int, fn: Any) -> Any:
    """Run ``fn(handle)`` for GPU ``index``: its value, or NotAvailable."""
    problem = init()
    if problem is not None:
        return problem
    if index in _lost:
        return NotAvailable(NA_GPU_LOST)
    try:
        return fn(_handle(index))
    except Exception as exc:  # noqa: BLE001
        na = _classify(exc)
        if na.code == NA_GPU_LOST:
            _lost.add(index)
        return na


def _decode(value: Any) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)


# -- queries ----------------------------------------------------------------------------------


def status() -> NvmlStatus:
    problem = init()
    if problem is not None:
        return NvmlStatus(ok=False, problem=problem)
    p = _pynvml

    def get(fn: Any) -> Any:
        try:
            return fn()
        except Exception as exc:  # noqa: BLE001
            return _classify(exc)

    driver = get(lambda: _decode(p.nvmlSystemGetDriverVersion()))
    nvml_v = get(lambda: _decode(p.nvmlSystemGetNVMLVersion()))
    cuda = get(p.nvmlSystemGetCudaDriverVersion)
    if isinstance(cuda, int):
        cuda = f"{cuda // 1000}.{(cuda % 1000) // 10}"
    count = device_count()
    if isinstance(count, NotAvailable):
        return NvmlStatus(ok=False, problem=count, driver_version=driver, nvml_version=nvml_v)
    return NvmlStatus(
        ok=True, driver_version=driver, nvml_version=nvml_v, cuda_driver_version=cuda, device_count=count
    )


def device_count() -> int | NotAvailable:
    problem = init()
    if problem is not None:
        return problem
    try:
        return int(_pynvml.nvmlDeviceGetCount())
    except Exception as exc:  # noqa: BLE001
        return _classify(exc)


def device_info(index: int) -> DeviceInfo | NotAvailable:
    p = _pynvml

    def read(h: Any) -> DeviceInfo:
        name = _decode(p.nvmlDeviceGetName(h))
        uuid = _decode(p.nvmlDeviceGetUUID(h))
        try:
            pci = _decode(p.nvmlDeviceGetPciInfo(h).busId)
        except Exception:  # noqa: BLE001
            pci = ""
        try:
            total: int | None = int(p.nvmlDeviceGetMemoryInfo(h).total)
        except Exception:  # noqa: BLE001
            total = None
        try:
            major, minor = p.nvmlDeviceGetCudaComputeCapability(h)
            cc: str | None = f"{major}.{minor}"
        except Exception:  # noqa: BLE001
            cc = None
        mig_enabled, migs = _read_migs(h)
        return DeviceInfo(index, name, uuid, pci, total, cc, tuple(m.uuid for m in migs if m.uuid), mig_enabled,
                          tuple(migs))

    problem = init()
    if problem is not None:
        return problem
    p = _pynvml
    return _query(index, read)


def _read_migs(h: Any) -> tuple[bool | None, list[MigDevice]]:
    """MIG mode and the MIG devices of one GPU: (None, []) where MIG is not supported. Each MIG device is read
    field by field, so one that cannot be read whole (an empty slot: NVML_ERROR_NOT_FOUND) costs only itself."""
    p = _pynvml
    try:
        current, _pending = p.nvmlDeviceGetMigMode(h)
    except Exception:  # noqa: BLE001 - NOT_SUPPORTED on GPUs without MIG, FUNCTION_NOT_FOUND on old drivers
        return None, []
    enabled = current == getattr(p, "NVML_DEVICE_MIG_ENABLE", 1)
    if not enabled:
        return False, []
    migs: list[MigDevice] = []
    try:
        slots = int(p.nvmlDeviceGetMaxMigDeviceCount(h))
    except Exception:  # noqa: BLE001
        return True, []
    for k in range(max(0, min(slots, 64))):
        try:
            mh = p.nvmlDeviceGetMigDeviceHandleByIndex(h, k)
        except Exception:  # noqa: BLE001 - empty MIG slot
            continue

        def get(fn: Any, mh: Any = mh) -> Any:
            try:
                return fn(mh)
            except Exception:  # noqa: BLE001
                return None

        uuid = get(p.nvmlDeviceGetUUID)
        name = get(p.nvmlDeviceGetName)
        mem = get(p.nvmlDeviceGetMemoryInfo)
        gi = get(p.nvmlDeviceGetGpuInstanceId)
        ci = get(p.nvmlDeviceGetComputeInstanceId)
        migs.append(MigDevice(
            index=k, uuid=_decode(uuid) if uuid is not None else "", name=_decode(name) if name is not None else "",
            memory_total=int(mem.total) if mem is not None and getattr(mem, "total", None) is not None else None,
            gpu_instance_id=int(gi) if isinstance(gi, int) else None,
            compute_instance_id=int(ci) if isinstance(ci, int) else None,
        ))
    return True, migs


def devices() -> list[DeviceInfo] | NotAvailable:
    count = device_count()
    if isinstance(count, NotAvailable):
        return count
    out = []
    for i in range(count):
        info = device_info(i)
        if isinstance(info, DeviceInfo):
            out.append(info)
        else:
            out.append(DeviceInfo(i, f"GPU {i} ({info.code})", ""))
    return out


def _read_memory(h: Any, index: int) -> MemoryInfo:
    p = _pynvml
    if index not in _mem_v1_only and hasattr(p, "nvmlMemory_v2"):
        try:
            m = p.nvmlDeviceGetMemoryInfo(h, version=p.nvmlMemory_v2)
            return MemoryInfo(int(m.total), int(m.used), int(m.free), int(m.reserved), "v2")
        except Exception as exc:  # noqa: BLE001
            if _classify(exc).code == NA_GPU_LOST:
                raise
            _mem_v1_only.add(index)  # older driver: remember, do not retry each tick
    m = p.nvmlDeviceGetMemoryInfo(h)
    return MemoryInfo(int(m.total), int(m.used), int(m.free), None, "v1")


def read_memory(index: int) -> MemoryInfo | NotAvailable:
    return _query(index, lambda h: _read_memory(h, index))


def read_utilization(index: int) -> Utilization | NotAvailable:
    def read(h: Any) -> Utilization:
        u = _pynvml.nvmlDeviceGetUtilizationRates(h)
        return Utilization(int(u.gpu), int(u.memory))

    return _query(index, read)


def read_power(index: int) -> float | NotAvailable:
    return _query(index, lambda h: _pynvml.nvmlDeviceGetPowerUsage(h) / 1000.0)


def read_temperature(index: int) -> int | NotAvailable:
    return _query(index, lambda h: int(_pynvml.nvmlDeviceGetTemperature(h, _pynvml.NVML_TEMPERATURE_GPU)))


def _running(h: Any, kind: str) -> list[Any]:
    """Compute or graphics processes, preferring the _v3 call and falling back to _v2 (drivers < 510)."""
    global _procs_v2_only
    p = _pynvml
    base = "nvmlDeviceGetComputeRunningProcesses" if kind == "C" else "nvmlDeviceGetGraphicsRunningProcesses"
    if not _procs_v2_only:
        try:
            return list(getattr(p, base + "_v3")(h))
        except Exception as exc:  # noqa: BLE001
            if _classify(exc).code != NA_FUNCTION_NOT_FOUND:
                raise
            _procs_v2_only = True
    return list(getattr(p, base + "_v2")(h))


def _read_processes(h: Any) -> list[ProcessMemory] | NotAvailable:
    merged: dict[int, ProcessMemory] = {}
    hidden = 0
    for kind in ("C", "G"):
        try:
            procs = _running(h, kind)
        except Exception as exc:  # noqa: BLE001
            na = _classify(exc)
            if na.code == NA_GPU_LOST or kind == "C":
                raise
            continue  # graphics list unsupported (headless data-centre GPU): compute list is enough
        for pr in procs:
            used = pr.usedGpuMemory
            if used is None:
                hidden += 1
            prev = merged.get(pr.pid)
            if prev is None:
                merged[pr.pid] = ProcessMemory(int(pr.pid), None if used is None else int(used), kind)
            else:
                best = max((v for v in (prev.used, used) if v is not None), default=None)
                merged[pr.pid] = ProcessMemory(prev.pid, best, "C+G")
    if merged and hidden == len(merged):
        return NotAvailable(NA_PER_PROCESS_WDDM)
    return sorted(merged.values(), key=lambda m: -(m.used or 0))


def read_processes(index: int) -> list[ProcessMemory] | NotAvailable:
    return _query(index, _read_processes)


def read_device(index: int) -> DeviceReading:
    """All fields of one GPU. Once the GPU is lost every field says so (no more NVML calls to it)."""
    memory = read_memory(index)
    if isinstance(memory, NotAvailable) and memory.code in (NA_GPU_LOST, NA_LIBRARY_NOT_FOUND, NA_NO_BINDINGS):
        return DeviceReading(index, memory, memory, memory, memory, memory)
    return DeviceReading(
        index,
        memory,
        read_utilization(index),
        read_power(index),
        read_temperature(index),
        read_processes(index),
    )


# -- TensorFlow / CUDA index -> NVML index -----------------------------------------------------


@dataclass
class DeviceMapping:
    """Which NVML GPU is TensorFlow's ``GPU:k``. ``exact`` is False when CUDA's order had to be guessed."""

    tf_to_nvml: dict[int, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # English; translate with tr("monitor", ...)
    exact: bool = True

    def nvml_index(self, tf_index: int) -> int | NotAvailable:
        if tf_index in self.tf_to_nvml:
            return self.tf_to_nvml[tf_index]
        return NotAvailable(NA_NO_SUCH_GPU, f"GPU:{tf_index} is not visible")


def _cc_key(cc: str | None) -> tuple[int, int]:
    try:
        major, minor = (cc or "0.0").split(".", 1)
        return int(major), int(minor)
    except ValueError:
        return (0, 0)


def cuda_order(devices: Sequence[DeviceInfo], order: str | None) -> tuple[list[DeviceInfo], bool]:
    """CUDA's enumeration of the physical GPUs, and whether it is known exactly.

    ``PCI_BUS_ID`` is NVML's own order (NVML enumerates by PCI bus id). CUDA's default,
    ``FASTEST_FIRST``, puts the fastest first by an undocumented heuristic and breaks ties by PCI
    bus id; with identical GPUs that is PCI order too. With mixed models we approximate it by compute
    capability, then memory, and say so.
    """
    by_pci = sorted(devices, key=lambda d: (d.pci_bus_id.lower(), d.index))
    if (order or "FASTEST_FIRST").upper() == "PCI_BUS_ID":
        return by_pci, True
    if len({(d.name, d.compute_capability, d.memory_total) for d in devices}) <= 1:
        return by_pci, True
    # stable sort on negated keys: faster first, ties keep PCI order
    ranked = sorted(
        by_pci,
        key=lambda d: (-_cc_key(d.compute_capability)[0], -_cc_key(d.compute_capability)[1], -(d.memory_total or 0)),
    )
    return ranked, False


def map_tf_devices(devices: Sequence[DeviceInfo], env: Mapping[str, str] | None = None) -> DeviceMapping:
    """Map TensorFlow's ``GPU:k`` to NVML indices, honouring CUDA_VISIBLE_DEVICES and CUDA_DEVICE_ORDER.

    CUDA_VISIBLE_DEVICES follows CUDA's rules: unset = all GPUs; empty = none; a comma-separated list
    of CUDA indices (in CUDA's order), ``GPU-<uuid>`` or ``MIG-<uuid>`` (a unique prefix is enough);
    parsing stops at the first entry that is invalid, unknown or repeated.
    TensorFlow numbers the GPUs it sees 0, 1, ... in that order.
    """
    env = os.environ if env is None else env
    mapping = DeviceMapping()
    ordered, exact = cuda_order(devices, env.get("CUDA_DEVICE_ORDER"))
    mapping.exact = exact
    if not exact:
        mapping.notes.append(
            N_(
                "The GPUs are of different models, so CUDA's default order (fastest first) is guessed. "
                "Set CUDA_DEVICE_ORDER=PCI_BUS_ID to make TensorFlow's GPU numbers match nvidia-smi's."
            )
        )
    raw = env.get("CUDA_VISIBLE_DEVICES")
    if raw is None:
        visible: list[int] = [d.index for d in ordered]
    else:
        visible = []
        for token in (t.strip() for t in raw.split(",")):
            target: int | None = None
            if token.isdigit():
                k = int(token)
                if k < len(ordered):
                    target = ordered[k].index
            elif token.upper().startswith("GPU-") or token.upper().startswith("MIG-"):
                want = token.lower()
                hits = {d.index for d in devices if d.uuid.lower().startswith(want)}
                hits |= {d.index for d in devices for m in d.mig_uuids if m.lower().startswith(want)}
                if len(hits) == 1:
                    target = hits.pop()
            if target is None or target in visible:
                if token:
                    mapping.notes.append(
                        N_("CUDA_VISIBLE_DEVICES stops at an entry that names no GPU (or repeats one): ")
                        + token
                    )
                break
            visible.append(target)
        if not visible:
            mapping.notes.append(N_("CUDA_VISIBLE_DEVICES hides every GPU: TensorFlow will see none."))
    mapping.tf_to_nvml = dict(enumerate(visible))
    return mapping


def is_wsl() -> bool:
    """Running inside WSL (where per-process memory is not given)."""
    if os.environ.get("WSL_DISTRO_NAME"):
        return True
    if sys.platform != "linux":
        return False
    try:
        with open("/proc/version", encoding="ascii", errors="replace") as fh:
            return "microsoft" in fh.read().lower()
    except OSError:
        return False
