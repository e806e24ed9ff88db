"""Parsers for ``nvidia-smi`` text output: the fallback when the NVML Python bindings cannot be used.

NVIDIA says the text output "is not guaranteed to be backwards compatible", so every parser here
is lenient: it takes what it recognises and leaves the rest ``None``. Three forms are understood:

* ``parse_smi_q(text)``     – ``nvidia-smi -q`` (driver, CUDA version, per GPU name/uuid/bus id/memory)
* ``parse_smi_table(text)`` – plain ``nvidia-smi`` (the boxed table with "CUDA Version: X.Y")
* ``parse_smi_csv(text)``   – ``nvidia-smi --query-gpu=<QUERY_FIELDS> --format=csv,noheader,nounits``

Each returns ``SmiResult``: ``driver_version``, ``cuda_version`` and a list of ``GpuInfo``.
``smi_failure_reason(text)`` turns the well-known failure messages into one English line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tfgpu_wizard.core.host_model import GpuInfo

QUERY_FIELDS = "index,name,uuid,memory.total,compute_cap,pci.bus_id,driver_version"


@dataclass
class SmiResult:
    driver_version: str | None = None
    cuda_version: str | None = None
    gpus: list[GpuInfo] = field(default_factory=list)


_DRIVER_RE = re.compile(r"Driver Version\s*:?\s*([0-9][0-9.]*)")
_CUDA_RE = re.compile(r"CUDA Version\s*:?\s*([0-9]+\.[0-9]+)")
_MIB_RE = re.compile(r"([0-9]+)\s*MiB")


def _clean(value: str) -> str | None:
    value = value.strip()
    if not value or value in ("N/A", "[N/A]", "[Not Supported]", "Not Supported"):
        return None
    return value


def parse_smi_q(text: str) -> SmiResult:
    """Parse ``nvidia-smi -q``: top-level ``Key : value`` lines, then one indented block per GPU."""
    res = SmiResult()
    current: dict[str, str] | None = None
    blocks: list[dict[str, str]] = []
    section: list[tuple[int, str]] = []  # (indent, name) of the open sub-sections
    for raw in text.splitlines():
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        line = raw.strip()
        if indent == 0 and re.match(r"^GPU [0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f]$", line):
            current = {"_bus": line.split(" ", 1)[1]}
            blocks.append(current)
            section = []
            continue
        while section and section[-1][0] >= indent:
            section.pop()
        if ":" not in line:
            section.append((indent, line))
            continue
        key, _, value = line.partition(":")
        key = key.strip()
        if indent == 0 or current is None:
            if key == "Driver Version":
                res.driver_version = _clean(value)
            elif key == "CUDA Version":
                res.cuda_version = _clean(value)
            continue
        path = "/".join([name for _, name in section] + [key])
        current.setdefault(path, value.strip())
    for i, b in enumerate(blocks):
        total = b.get("FB Memory Usage/Total")
        mib = _MIB_RE.search(total or "")
        res.gpus.append(
            GpuInfo(
                index=i,
                name=_clean(b.get("Product Name", "")) or "unknown NVIDIA GPU",
                uuid=_clean(b.get("GPU UUID", "")),
                memory_total_mib=int(mib.group(1)) if mib else None,
                compute_capability=_clean(b.get("Compute Capability", "")),
                pci_bus_id=_clean(b.get("PCI/Bus Id", "")) or b["_bus"],
            )
        )
    return res


_TABLE_GPU_RE = re.compile(
    r"^\|\s+(?P<index>\d+)\s+(?P<name>.+?)\s+(?:On|Off|WDDM|TCC)\s*\|\s*(?P<bus>[0-9A-Fa-f]+:[0-9A-Fa-f]+:[0-9A-Fa-f]+\.[0-9A-Fa-f])"
)


def parse_smi_table(text: str) -> SmiResult:
    """Parse the plain ``nvidia-smi`` table. GPU names may be cut short there ("NVIDIA GeForce RTX ...")."""
    res = SmiResult()
    m = _DRIVER_RE.search(text)
    if m:
        res.driver_version = m.group(1)
    m = _CUDA_RE.search(text)
    if m:
        res.cuda_version = m.group(1)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = _TABLE_GPU_RE.match(line)
        if not m:
            continue
        mem = None
        if i + 1 < len(lines):
            mm = re.search(r"([0-9]+)\s*MiB\s*/\s*([0-9]+)\s*MiB", lines[i + 1])
            if mm:
                mem = int(mm.group(2))
        res.gpus.append(
            GpuInfo(index=int(m.group("index")), name=m.group("name").strip(), memory_total_mib=mem,
                    pci_bus_id=m.group("bus"))
        )
    return res


def parse_smi_csv(text: str) -> SmiResult:
    """Parse ``--query-gpu=QUERY_FIELDS --format=csv,noheader,nounits`` (one line per GPU)."""
    res = SmiResult()
    for line in text.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 7 or not parts[0].isdigit():
            continue
        # A GPU name could hold a comma: the fixed fields are at both ends.
        index, name = parts[0], ", ".join(parts[1:-5])
        uuid, mem, cc, bus, driver = parts[-5:]
        res.gpus.append(
            GpuInfo(
                index=int(index),
                name=name,
                uuid=_clean(uuid),
                memory_total_mib=int(mem) if mem.isdigit() else None,
                compute_capability=_clean(cc),
                pci_bus_id=_clean(bus),
            )
        )
        res.driver_version = res.driver_version or _clean(driver)
    return res


_FAILURES = (
    ("couldn't communicate with the NVIDIA driver",
     "nvidia-smi could not talk to the NVIDIA driver: the kernel module is not loaded "
     "(not installed for this kernel, blocked by Secure Boot, or a reboot is pending)."),
    ("Driver/library version mismatch",
     "The NVIDIA kernel module and the driver's libraries have different versions "
     "(usually after a driver update without a reboot)."),
    ("No devices were found", "The NVIDIA driver is loaded but found no GPU."),
    ("not a valid field", "This nvidia-smi is too old for the query it was given."),
)


def smi_failure_reason(text: str) -> str:
    """One English line explaining a failed ``nvidia-smi`` run (falls back to its first line)."""
    for needle, reason in _FAILURES:
        if needle.lower() in text.lower():
            return reason
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first[:300] or "nvidia-smi failed without a message."
