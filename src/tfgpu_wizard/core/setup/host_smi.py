"""Reading ``nvidia-smi``: the fallback when the NVML Python bindings cannot be used.

``nvidia-smi -q -x`` prints the same report as XML that follows a versioned DTD
(``<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_vNN.dtd">``); NVIDIA documents the human text as
"not guaranteed to be backwards compatible", so the XML is read first (``parse_smi_xml``) and the text
parsers are kept for an nvidia-smi whose XML is missing or broken:

* ``parse_smi_xml(text)``   – ``nvidia-smi -q -x`` (driver, CUDA version, per GPU name/uuid/bus id/memory)
* ``parse_smi_q(text)``     – ``nvidia-smi -q`` (the same, as ``Key : value`` text)
* ``parse_smi_table(text)`` – plain ``nvidia-smi`` (the boxed table with "CUDA Version: X.Y")
* ``parse_smi_csv(text)``   – ``nvidia-smi --query-gpu=<QUERY_FIELDS> --format=csv,noheader,nounits``

Each returns ``SmiResult``: ``driver_version``, ``cuda_version``, a list of ``GpuInfo`` and ``rejected``,
the values that were there but did not look like what they claim to be (a driver version must look like
``580.159.04``, a bus id like ``00000000:00:06.0``): garbage is never reported as a driver. None of them
raises on any input. ``read_smi(run)`` runs the sequence; ``smi_failure_reason(text)`` turns the
well-known failure messages into one English line.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field

from tfgpu_wizard.core.setup.host_model import GpuInfo

QUERY_FIELDS = "index,name,uuid,memory.total,compute_cap,pci.bus_id,driver_version"


MAX_OUTPUT_CHARS = 4_000_000  # a real -q -x report is ~10 kB per GPU; anything far larger is not one


@dataclass
class SmiResult:
    driver_version: str | None = None
    cuda_version: str | None = None
    gpus: list[GpuInfo] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)  # "driver version 'banana'": present but not valid
    form: str = ""  # which output it came from: "xml", "text", "table" or "csv"


# What the values must look like. NVIDIA driver versions: 270.41.06, 580.159.04, 566.36 (Windows).
_VALID = {
    "driver version": re.compile(r"[0-9]{2,4}(?:\.[0-9]{1,3}){1,3}"),
    "CUDA version": re.compile(r"[0-9]{1,2}\.[0-9]{1,2}"),
    "GPU UUID": re.compile(r"(?:GPU|MIG)-[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}"),
    "PCI bus id": re.compile(r"[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]"),
    "compute capability": re.compile(r"[0-9]{1,2}\.[0-9]{1,2}"),
}
_NAME_OK = re.compile(r"[\w .,()/+\-]{1,96}")


def _valid(kind: str, value: str | None, res: SmiResult) -> str | None:
    """``value`` when it looks like a ``kind``, else None (and the value is noted in ``res.rejected``)."""
    value = _clean(value or "")
    if value is None:
        return None
    if _VALID[kind].fullmatch(value):
        return value
    res.rejected.append(f"{kind} {value[:60]!r}")
    return None


def _valid_name(value: str | None, res: SmiResult) -> str:
    value = _clean(value or "")
    if value and _NAME_OK.fullmatch(value):
        return value
    if value:
        res.rejected.append(f"GPU name {value[:60]!r}")
    return "unknown NVIDIA GPU"


def _mib(value: str | None) -> int | None:
    m = _MIB_RE.fullmatch((value or "").strip())
    if not m:
        return None
    mib = int(m.group(1))
    return mib if 0 < mib < 1 << 24 else None  # up to 16 TiB


def valid_driver_version(value: str | None) -> bool:
    """Whether ``value`` looks like an NVIDIA driver version (``580.159.04``, ``566.36``)."""
    return bool(value) and bool(_VALID["driver version"].fullmatch(value.strip()))


_MIB_RE = re.compile(r"([0-9]{1,9})\s*MiB")


def _clean(value: str) -> str | None:
    value = "".join(ch for ch in value if ch.isprintable()).strip()
    if not value or value in ("N/A", "[N/A]", "[Not Supported]", "Not Supported"):
        return None
    return value


def parse_smi_xml(text: str) -> SmiResult | None:
    """Parse ``nvidia-smi -q -x``. None when ``text`` is not such a report (not XML, another root element):
    the caller then falls back to the text forms. Element names are those of NVIDIA's nvsmi_device DTDs
    (v4 to v12 here): ``driver_version``, ``cuda_version`` (drivers >= 410), one ``gpu`` per device with
    ``product_name``, ``uuid``, ``pci/pci_bus_id`` and ``fb_memory_usage/total`` ("143771 MiB")."""
    if not text or len(text) > MAX_OUTPUT_CHARS:
        return None
    try:
        root = ET.fromstring(text.strip().encode("utf-8", "replace"))
    except (ET.ParseError, ValueError, RecursionError):
        return None
    if root.tag != "nvidia_smi_log":
        return None
    res = SmiResult(form="xml")
    res.driver_version = _valid("driver version", root.findtext("driver_version"), res)
    res.cuda_version = _valid("CUDA version", root.findtext("cuda_version"), res)
    for i, gpu in enumerate(root.findall("gpu")):
        bus = _valid("PCI bus id", gpu.findtext("pci/pci_bus_id"), res) or _valid("PCI bus id", gpu.get("id"), res)
        res.gpus.append(
            GpuInfo(
                index=i,
                name=_valid_name(gpu.findtext("product_name"), res),
                uuid=_valid("GPU UUID", gpu.findtext("uuid"), res),
                memory_total_mib=_mib(gpu.findtext("fb_memory_usage/total")),
                compute_capability=None,  # not in the XML: the csv query supplies it
                pci_bus_id=bus,
            )
        )
    return res


def parse_smi_q(text: str) -> SmiResult:
    """Parse ``nvidia-smi -q``: top-level ``Key : value`` lines, then one indented block per GPU."""
    res = SmiResult(form="text")
    current: dict[str, str] | None = None
    blocks: list[dict[str, str]] = []
    section: list[tuple[int, str]] = []  # (indent, name) of the open sub-sections
    for raw in text[:MAX_OUTPUT_CHARS].splitlines():
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
                res.driver_version = _valid("driver version", value, res)
            elif key == "CUDA Version":
                res.cuda_version = _valid("CUDA version", value, res)
            continue
        path = "/".join([name for _, name in section] + [key])
        current.setdefault(path, value.strip())
    for i, b in enumerate(blocks):
        res.gpus.append(
            GpuInfo(
                index=i,
                name=_valid_name(b.get("Product Name"), res),
                uuid=_valid("GPU UUID", b.get("GPU UUID"), res),
                memory_total_mib=_mib(b.get("FB Memory Usage/Total")),
                compute_capability=_valid("compute capability", b.get("Compute Capability"), res),
                pci_bus_id=_valid("PCI bus id", b.get("PCI/Bus Id"), res) or b["_bus"],
            )
        )
    return res


_TABLE_GPU_RE = re.compile(
    r"^\|\s+(?P<index>\d{1,3})\s+(?P<name>.+?)\s+(?:On|Off|WDDM|TCC)\s*\|\s*(?P<bus>[0-9A-Fa-f]+:[0-9A-Fa-f]+:[0-9A-Fa-f]+\.[0-9A-Fa-f])"
)
_DRIVER_RE = re.compile(r"Driver Version\s*:?\s*(\S+)")
_CUDA_RE = re.compile(r"CUDA Version\s*:?\s*(\S+)")


def parse_smi_table(text: str) -> SmiResult:
    """Parse the plain ``nvidia-smi`` table. GPU names may be cut short there ("NVIDIA GeForce RTX ...")."""
    res = SmiResult(form="table")
    text = text[:MAX_OUTPUT_CHARS]
    m = _DRIVER_RE.search(text)
    if m:
        res.driver_version = _valid("driver version", m.group(1), res)
    m = _CUDA_RE.search(text)
    if m:
        res.cuda_version = _valid("CUDA version", m.group(1), res)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = _TABLE_GPU_RE.match(line)
        if not m:
            continue
        mem = None
        if i + 1 < len(lines):
            mm = re.search(r"([0-9]{1,9})\s*MiB\s*/\s*([0-9]{1,9})\s*MiB", lines[i + 1])
            if mm:
                mem = _mib(mm.group(2) + " MiB")
        res.gpus.append(
            GpuInfo(index=int(m.group("index")), name=_valid_name(m.group("name"), res), memory_total_mib=mem,
                    pci_bus_id=_valid("PCI bus id", m.group("bus"), res))
        )
    return res


def parse_smi_csv(text: str) -> SmiResult:
    """Parse ``--query-gpu=QUERY_FIELDS --format=csv,noheader,nounits`` (one line per GPU)."""
    res = SmiResult(form="csv")
    for line in text[:MAX_OUTPUT_CHARS].splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 7 or not parts[0].isdigit() or len(parts[0]) > 3:
            continue
        # A GPU name could hold a comma: the fixed fields are at both ends.
        index, name = parts[0], ", ".join(parts[1:-5])
        uuid, mem, cc, bus, driver = parts[-5:]
        res.gpus.append(
            GpuInfo(
                index=int(index),
                name=_valid_name(name, res),
                uuid=_valid("GPU UUID", uuid, res),
                memory_total_mib=_mib(mem + " MiB"),
                compute_capability=_valid("compute capability", cc, res),
                pci_bus_id=_valid("PCI bus id", bus, res),
            )
        )
        res.driver_version = res.driver_version or _valid("driver version", driver, res)
    return res


class SmiFailed(Exception):
    """nvidia-smi ran and said it cannot work (the message is one English line), or printed nothing usable."""


Runner = Callable[[list[str]], "tuple[int, str, str]"]


def read_smi(smi: str, run: Runner) -> SmiResult:
    """Ask ``smi`` (the nvidia-smi path) the way that is stable first: ``-q -x``; then ``-q`` and the plain
    table when its XML is unusable; then the csv query for the compute capability, which neither prints.
    ``run(cmd)`` returns ``(exit status, stdout, stderr)``; whatever it raises on the first call (a time-out,
    cannot start) goes to the caller; the later calls only add detail, so their failures are ignored.
    Raises ``SmiFailed`` when nvidia-smi fails or prints no valid driver version."""
    rc, out, err = run([smi, "-q", "-x"])
    if rc != 0:
        raise SmiFailed(smi_failure_reason(out + "\n" + err))
    res = parse_smi_xml(out)
    rejected: list[str] = []
    if res is None or not res.driver_version:
        if res is not None:
            rejected += res.rejected
        for args, parse in (([smi, "-q"], parse_smi_q), ([smi], parse_smi_table)):
            try:
                rc2, out2, _ = run(args)
            except Exception:
                continue
            if rc2 == 0:
                res = parse(out2)
                if res.driver_version:
                    break
                rejected += res.rejected
    if res is None or not res.driver_version:
        why = "; ".join(dict.fromkeys(rejected))
        raise SmiFailed("nvidia-smi ran but printed no valid driver version" + (f" ({why})" if why else ""))
    if res.gpus and any(g.compute_capability is None for g in res.gpus):
        try:
            rc3, out3, _ = run([smi, f"--query-gpu={QUERY_FIELDS}", "--format=csv,noheader,nounits"])
        except Exception:
            rc3, out3 = 1, ""
        if rc3 == 0:
            extra_gpus = parse_smi_csv(out3).gpus
            by_bus = {(g.pci_bus_id or "").lower(): g for g in extra_gpus}
            for i, g in enumerate(res.gpus):
                extra = by_bus.get((g.pci_bus_id or "").lower())
                if extra is None and i < len(extra_gpus):
                    extra = extra_gpus[i]
                if extra is not None:
                    g.compute_capability = g.compute_capability or extra.compute_capability
                    g.uuid = g.uuid or extra.uuid
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
