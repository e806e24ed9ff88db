"""Reading ``nvidia-smi``: the fallback when the NVML Python bindings cannot be used.

``nvidia-smi -q -x`` prints the same report as XML that follows a versioned DTD
(``<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_vNN.dtd">``); NVIDIA documents the human text as
"not guaranteed to be backwards compatible", so the XML is read first (``parse_smi_xml``) and the text
parsers are kept for an nvidia-smi whose XML is missing or broken:

* ``parse_smi_xml(text)``   – ``nvidia-smi -q -x`` (driver, CUDA version, per GPU name/uuid/bus id/memory, MIG)
* ``parse_smi_q(text)``     – ``nvidia-smi -q`` (the same, as ``Key : value`` text)
* ``parse_smi_table(text)`` – plain ``nvidia-smi`` (the boxed table with "CUDA Version: X.Y", MIG devices)
* ``parse_smi_csv(text, fields)`` – ``nvidia-smi --query-gpu=<fields> --format=csv,noheader,nounits``

The text forms changed with the drivers, and every spelling seen in real output is read:

* drivers 610 and later call the driver version the *KMD version* and the CUDA version the *CUDA UMD
  version*: the table header says ``KMD Version: 610.57.04  CUDA UMD Version: 13.3``; ``-q`` keeps the
  old keys with a note (``Driver Version : 610.57.04 [Deprecated; ... Use KMD Version instead]``) and adds
  the new ones. The new keys are preferred and a trailing ``[...]`` note is dropped from any version;
* the table cuts long names (``NVIDIA GeForce RTX 4080 ...``): such a GPU is marked ``name_cut`` and the
  csv query, which prints whole names, supplies the name where it answers;
* drivers before 510 do not know the csv field ``compute_cap`` (nvidia-smi exits 2, "is not a valid field
  to query") and the query is asked again without it;
* a non-zero exit with a complete report (14: corrupted infoROM) keeps the report; the problem is noted.

Each parser returns ``SmiResult``: ``driver_version``, ``cuda_version``, a list of ``GpuInfo`` and ``rejected``,
the values that were there but did not look like what they claim to be (a driver version must look like
``580.159.04``, a bus id like ``00000000:00:06.0``): garbage is never reported as a driver. None of them
raises on any input. ``read_smi(run)`` runs the sequence; ``smi_failure(text)`` recognises the messages
nvidia-smi prints when the driver cannot answer, as a state (``host_model.DRIVER_STATES``) and one English
line. ``compute_capability_for(name)`` knows the compute capability of a GPU model by its name.
"""

from __future__ import annotations

import json
import re
import threading
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field

from tfgpu_wizard.core.setup.host_model import GpuInfo, MigDeviceInfo

QUERY_FIELDS = "index,name,uuid,memory.total,compute_cap,pci.bus_id,driver_version"
# Drivers before 510 answer the whole query with "Field "compute_cap" is not a valid field to query." (exit 2).
QUERY_FIELDS_OLD = "index,name,uuid,memory.total,pci.bus_id,driver_version"


MAX_OUTPUT_CHARS = 4_000_000  # a real -q -x report is ~10 kB per GPU; anything far larger is not one


@dataclass
class SmiResult:
    driver_version: str | None = None
    cuda_version: str | None = None
    gpus: list[GpuInfo] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)  # "driver version 'banana'": present but not valid
    form: str = ""  # which output it came from: "xml", "text", "table" or "csv"
    # What nvidia-smi said besides its report: a non-zero exit status with its meaning, "WARNING: ..." lines.
    problems: list[str] = field(default_factory=list)


# What the values must look like. NVIDIA driver versions: 270.41.06, 580.159.04, 566.36 (Windows).
_VALID = {
    "driver version": re.compile(r"[0-9]{2,4}(?:\.[0-9]{1,3}){1,3}"),
    "CUDA version": re.compile(r"[0-9]{1,2}\.[0-9]{1,2}"),
    # MIG devices: "MIG-<uuid>", or on R450 drivers "MIG-GPU-<uuid of the GPU>/<GPU instance>/<compute instance>"
    "GPU UUID": re.compile(r"(?:GPU|MIG|MIG-GPU)-[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}(?:/\d+/\d+)?"),
    "PCI bus id": re.compile(r"[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]"),
    "compute capability": re.compile(r"[0-9]{1,2}\.[0-9]{1,2}"),
}
_VERSIONS = ("driver version", "CUDA version")
_NAME_OK = re.compile(r"[\w .,()/+\-]{1,96}")
# nvidia-smi's words for "no value": never a value, never garbage either.
_NO_VALUE = frozenset(("N/A", "[N/A]", "[Not Supported]", "Not Supported", "Not Found", "Not Available", "ERR!",
                       "[ERR!]", "[Unknown Error]", "Unknown Error", "None", "[Requested functionality has been "
                       "deprecated]", "Requested functionality has been deprecated"))
_NOTE_RE = re.compile(r"\s*\[[^\[\]]*\]\s*$")  # "610.57.04 [Deprecated; will be removed ...]" -> "610.57.04"


def _valid(kind: str, value: str | None, res: SmiResult) -> str | None:
    """``value`` when it looks like a ``kind``, else None (and the value is noted in ``res.rejected``)."""
    value = _clean(value or "")
    if value is None:
        return None
    if kind in _VERSIONS:
        value = _NOTE_RE.sub("", value) or value
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


def _int(value: str | None) -> int | None:
    value = (value or "").strip()
    return int(value) if value.isdigit() and len(value) < 6 else None


def valid_driver_version(value: str | None) -> bool:
    """Whether ``value`` looks like an NVIDIA driver version (``580.159.04``, ``566.36``)."""
    return bool(value) and bool(_VALID["driver version"].fullmatch(value.strip()))


def clean_driver_version(value: str | None) -> str | None:
    """A driver version as NVIDIA prints it, without a trailing ``[...]`` note; None when it is not one."""
    return _valid("driver version", value, SmiResult())


_MIB_RE = re.compile(r"([0-9]{1,9})\s*MiB")


def _clean(value: str) -> str | None:
    value = "".join(ch for ch in value if ch.isprintable()).strip()
    if not value or value in _NO_VALUE:
        return None
    return value


def _mig_mode(value: str | None) -> bool | None:
    """``Enabled`` / ``Disabled`` (``Enabled*``: a change waits for a GPU reset) -> True / False; else None."""
    value = (value or "").strip().rstrip("*").lower()
    return {"enabled": True, "disabled": False}.get(value)


def bus_key(bus: str | None) -> str:
    """A PCI bus id that compares equal across forms: ``0000:01:00.0`` (old tables) = ``00000000:01:00.0``."""
    m = re.fullmatch(r"([0-9A-Fa-f]{4,8}):([0-9A-Fa-f]{2}):([0-9A-Fa-f]{2})\.([0-7])", (bus or "").strip())
    if not m:
        return (bus or "").strip().lower()
    return f"{int(m.group(1), 16):x}:{m.group(2)}:{m.group(3)}.{m.group(4)}".lower()


# -- the XML report ---------------------------------------------------------------------------------------------


def parse_smi_xml(text: str) -> SmiResult | None:
    """Parse ``nvidia-smi -q -x``. None when ``text`` is not such a report (not XML, another root element):
    the caller then falls back to the text forms. Element names are those of NVIDIA's nvsmi_device DTDs
    (v4 to v13 here): ``driver_version``, ``cuda_version`` (drivers >= 410), one ``gpu`` per device with
    ``product_name``, ``uuid``, ``pci/pci_bus_id``, ``fb_memory_usage/total`` ("143771 MiB") and, for MIG,
    ``mig_mode/current_mig`` and ``mig_devices/mig_device``. ``kmd_version`` / ``cuda_umd_version`` are read
    first should a driver print them (610+ uses these names in its text forms)."""
    if not text or len(text) > MAX_OUTPUT_CHARS:
        return None
    try:
        root = ET.fromstring(text.strip().encode("utf-8", "replace"))
    except (ET.ParseError, ValueError, RecursionError):
        return None
    if root.tag != "nvidia_smi_log":
        return None
    res = SmiResult(form="xml")
    res.driver_version = (_valid("driver version", root.findtext("kmd_version"), res)
                          or _valid("driver version", root.findtext("driver_version"), res))
    res.cuda_version = (_valid("CUDA version", root.findtext("cuda_umd_version"), res)
                        or _valid("CUDA version", root.findtext("cuda_version"), res))
    for i, gpu in enumerate(root.findall("gpu")):
        bus = _valid("PCI bus id", gpu.findtext("pci/pci_bus_id"), res) or _valid("PCI bus id", gpu.get("id"), res)
        migs = [
            MigDeviceInfo(
                index=_int(m.findtext("index")) if _int(m.findtext("index")) is not None else k,
                gpu_instance_id=_int(m.findtext("gpu_instance_id")),
                compute_instance_id=_int(m.findtext("compute_instance_id")),
                memory_total_mib=_mib(m.findtext("fb_memory_usage/total")),
            )
            for k, m in enumerate(gpu.findall("mig_devices/mig_device"))
        ]
        res.gpus.append(
            GpuInfo(
                index=i,
                name=_valid_name(gpu.findtext("product_name"), res),
                uuid=_valid("GPU UUID", gpu.findtext("uuid"), res),
                memory_total_mib=_mib(gpu.findtext("fb_memory_usage/total")),
                compute_capability=None,  # not in the XML: the csv query supplies it
                pci_bus_id=bus,
                mig_enabled=_mig_mode(gpu.findtext("mig_mode/current_mig")),
                mig_devices=migs,
            )
        )
    return res


# -- nvidia-smi -q ----------------------------------------------------------------------------------------------


def parse_smi_q(text: str) -> SmiResult:
    """Parse ``nvidia-smi -q``: top-level ``Key : value`` lines, then one indented block per GPU, inside which
    each ``MIG Device`` section describes one MIG device."""
    res = SmiResult(form="text")
    top: dict[str, str] = {}
    current: dict[str, str] | None = None
    blocks: list[dict[str, str]] = []
    migs: dict[int, list[dict[str, str]]] = {}  # block number -> its MIG devices' keys
    mig: tuple[int, dict[str, str]] | None = None  # (indent of the "MIG Device" line, its keys)
    section: list[tuple[int, str]] = []  # (indent, name) of the open sub-sections
    for raw in text[:MAX_OUTPUT_CHARS].splitlines():
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        line = raw.strip()
        if indent == 0 and re.match(r"^GPU [0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f]$", line):
            current = {"_bus": line.split(" ", 1)[1]}
            blocks.append(current)
            section, mig = [], None
            continue
        while section and section[-1][0] >= indent:
            section.pop()
        if mig is not None and indent <= mig[0]:
            mig = None
        if ":" not in line:
            if current is not None and line == "MIG Device":
                mig = (indent, {})
                migs.setdefault(len(blocks) - 1, []).append(mig[1])
            section.append((indent, line))
            continue
        key, _, value = line.partition(":")
        key = key.strip()
        if indent == 0 or current is None:
            top.setdefault(key, value)
            continue
        if mig is not None:
            names = [name for ind, name in section if ind > mig[0]]
            mig[1].setdefault("/".join(names + [key]), value.strip())
            continue
        path = "/".join([name for _, name in section] + [key])
        current.setdefault(path, value.strip())
    # 610+: "KMD Version" / "CUDA UMD Version"; the old keys stay for a while, with a "[Deprecated ...]" note.
    res.driver_version = (_valid("driver version", top.get("KMD Version"), res)
                          or _valid("driver version", top.get("Driver Version"), res))
    res.cuda_version = (_valid("CUDA version", top.get("CUDA UMD Version"), res)
                        or _valid("CUDA version", top.get("CUDA Version"), res))
    for i, b in enumerate(blocks):
        res.gpus.append(
            GpuInfo(
                index=i,
                name=_valid_name(b.get("Product Name"), res),
                uuid=_valid("GPU UUID", b.get("GPU UUID"), res),
                memory_total_mib=_mib(b.get("FB Memory Usage/Total")),
                compute_capability=_valid("compute capability", b.get("Compute Capability"), res),
                pci_bus_id=_valid("PCI bus id", b.get("PCI/Bus Id"), res) or b["_bus"],
                mig_enabled=_mig_mode(b.get("MIG Mode/Current")),
                mig_devices=[
                    MigDeviceInfo(
                        index=_int(m.get("Index")) if _int(m.get("Index")) is not None else k,
                        gpu_instance_id=_int(m.get("GPU Instance ID")),
                        compute_instance_id=_int(m.get("Compute Instance ID")),
                        memory_total_mib=_mib(m.get("Shared FB Memory Usage/Total") or m.get("FB Memory Usage/Total")),
                    )
                    for k, m in enumerate(migs.get(i, []))
                ],
            )
        )
        if res.gpus[-1].compute_capability:
            res.gpus[-1].compute_capability_source = "nvidia-smi"
    return res


# -- the plain table --------------------------------------------------------------------------------------------

_TABLE_GPU_RE = re.compile(
    r"^\|\s+(?P<index>\d{1,3})\s+(?P<name>.+?)\s+(?:On|Off|WDDM|TCC)\s*\|\s*(?P<bus>[0-9A-Fa-f]+:[0-9A-Fa-f]+:[0-9A-Fa-f]+\.[0-9A-Fa-f])"
)
# The header: "Driver Version: 580.159.04   CUDA Version: 13.0"; from 610: "KMD Version: ...  CUDA UMD Version: ..."
_DRIVER_RE = re.compile(r"(?:KMD|Driver) Version\s*:?\s*(\S+)")
_CUDA_RE = re.compile(r"CUDA (?:UMD )?Version\s*:?\s*(\S+)")
_TABLE_MIG_MODE_RE = re.compile(r"\|\s*(Enabled|Disabled)\*?\s*\|\s*$")
_TABLE_MIG_DEV_RE = re.compile(
    r"^\|\s+(?P<gpu>\d{1,3})\s+(?P<gi>\d{1,4})\s+(?P<ci>\d{1,4})\s+(?P<mig>\d{1,3})\s+\|\s*"
    r"(?:[0-9]{1,9}\s*MiB\s*/\s*(?P<total>[0-9]{1,9})\s*MiB)?"
)


def parse_smi_table(text: str) -> SmiResult:
    """Parse the plain ``nvidia-smi`` table. GPU names may be cut short there ("NVIDIA GeForce RTX ..."): such a
    GPU keeps the name as shown and is marked ``name_cut``. The "MIG devices:" box, when there, lists each
    MIG device with its memory."""
    res = SmiResult(form="table")
    text = text[:MAX_OUTPUT_CHARS]
    m = _DRIVER_RE.search(text)
    if m:
        res.driver_version = _valid("driver version", m.group(1), res)
    m = _CUDA_RE.search(text)
    if m:
        res.cuda_version = _valid("CUDA version", m.group(1), res)
    lines = text.splitlines()
    in_mig = False
    for i, line in enumerate(lines):
        if "MIG devices:" in line:
            in_mig = True
            continue
        if "Processes:" in line:
            in_mig = False
            continue
        if in_mig:
            mm = _TABLE_MIG_DEV_RE.match(line)
            if mm:
                owner = next((g for g in res.gpus if g.index == int(mm.group("gpu"))), None)
                if owner is not None:
                    owner.mig_devices.append(MigDeviceInfo(
                        index=int(mm.group("mig")), gpu_instance_id=int(mm.group("gi")),
                        compute_instance_id=int(mm.group("ci")),
                        memory_total_mib=_mib(mm.group("total") + " MiB") if mm.group("total") else None))
            continue
        m = _TABLE_GPU_RE.match(line)
        if not m:
            continue
        mem = None
        if i + 1 < len(lines):
            mm = re.search(r"([0-9]{1,9})\s*MiB\s*/\s*([0-9]{1,9})\s*MiB", lines[i + 1])
            if mm:
                mem = _mib(mm.group(2) + " MiB")
        mig_mode = None
        if i + 2 < len(lines):
            mm = _TABLE_MIG_MODE_RE.search(lines[i + 2])
            mig_mode = _mig_mode(mm.group(1)) if mm else None
        name = m.group("name").strip()
        res.gpus.append(
            GpuInfo(index=int(m.group("index")), name=_valid_name(name, res), memory_total_mib=mem,
                    pci_bus_id=_valid("PCI bus id", m.group("bus"), res), name_cut=name.endswith("..."),
                    mig_enabled=mig_mode)
        )
    return res


# -- the csv query ----------------------------------------------------------------------------------------------


def parse_smi_csv(text: str, fields: str = QUERY_FIELDS) -> SmiResult:
    """Parse ``--query-gpu=<fields> --format=csv,noheader,nounits`` (one line per GPU). ``fields`` is the field
    list that was asked for (``QUERY_FIELDS`` or ``QUERY_FIELDS_OLD``); a GPU name may hold a comma, so the
    other fields are taken from both ends of the line."""
    res = SmiResult(form="csv")
    names = fields.split(",")
    at = names.index("name")
    before, after = names[:at], names[at + 1:]
    for line in text[:MAX_OUTPUT_CHARS].splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < len(names) or not parts[0].isdigit() or len(parts[0]) > 3:
            continue
        values = dict(zip(before, parts[:at], strict=True))
        values.update(zip(after, parts[len(parts) - len(after):], strict=True))
        name = ", ".join(parts[at:len(parts) - len(after)])
        cc = _valid("compute capability", values.get("compute_cap"), res)
        res.gpus.append(
            GpuInfo(
                index=int(values["index"]),
                name=_valid_name(name, res),
                uuid=_valid("GPU UUID", values.get("uuid"), res),
                memory_total_mib=_mib((values.get("memory.total") or "") + " MiB"),
                compute_capability=cc,
                pci_bus_id=_valid("PCI bus id", values.get("pci.bus_id"), res),
                compute_capability_source="nvidia-smi" if cc else None,
            )
        )
        res.driver_version = (res.driver_version or _valid("driver version", values.get("kmd_version"), res)
                              or _valid("driver version", values.get("driver_version"), res))
    return res


# -- nvidia-smi -L ----------------------------------------------------------------------------------------------

_LIST_GPU_RE = re.compile(r"^GPU (\d{1,3}): .*\(UUID: ([^)]+)\)")
_LIST_MIG_RE = re.compile(r"^\s+MIG (\S+)\s+Device\s+(\d{1,3}): \(UUID: ([^)]+)\)")


def parse_smi_list(text: str) -> dict[int, list[tuple[int, str, str | None]]]:
    """``nvidia-smi -L``: {GPU index: [(MIG device index, profile such as "3g.40gb", MIG UUID or None)]}."""
    out: dict[int, list[tuple[int, str, str | None]]] = {}
    gpu: int | None = None
    res = SmiResult()
    for line in text[:MAX_OUTPUT_CHARS].splitlines():
        m = _LIST_GPU_RE.match(line)
        if m:
            gpu = int(m.group(1))
            continue
        m = _LIST_MIG_RE.match(line)
        if m and gpu is not None:
            out.setdefault(gpu, []).append((int(m.group(2)), m.group(1)[:40], _valid("GPU UUID", m.group(3), res)))
    return out


# -- running it -------------------------------------------------------------------------------------------------


class SmiFailed(Exception):
    """nvidia-smi ran and said it cannot work (the message is one English line), or printed nothing usable.

    ``state`` is the driver's state it implies (``host_model.DRIVER_STATES``); ``nvml_version`` is the NVML
    library version nvidia-smi printed with a version mismatch ("570.124"), else None."""

    def __init__(self, reason: str, state: str = "failed", nvml_version: str | None = None) -> None:
        super().__init__(reason)
        self.state = state
        self.nvml_version = nvml_version


Runner = Callable[[list[str]], "tuple[int, str, str]"]

# nvidia-smi's exit statuses (its man page, RETURN VALUE), for a report that came with one.
EXIT_STATUS = {
    2: "a supplied argument or flag is invalid",
    3: "the requested operation is not available on the target device",
    4: "the current user does not have permission to access this device",
    6: "a query to find an object was unsuccessful",
    8: "a device's external power cables are not properly attached",
    9: "the NVIDIA driver is not loaded",
    10: "the NVIDIA kernel detected an interrupt issue with a GPU",
    12: "the NVML shared library could not be found or loaded",
    13: "the local NVML does not implement this function",
    14: "the infoROM is corrupted",
    15: "the GPU has fallen off the bus or has otherwise become inaccessible",
    255: "another error or an internal driver error",
}


def _problems(rc: int, text: str) -> list[str]:
    """What to note about an answer that is usable all the same: its exit status, its WARNING lines."""
    out = [line.strip()[:300] for line in text.splitlines() if line.strip().upper().startswith("WARNING")]
    if rc != 0:
        out.append(f"nvidia-smi exited with status {rc}" + (f" ({EXIT_STATUS[rc]})" if rc in EXIT_STATUS else ""))
    return out


def read_smi(smi: str, run: Runner) -> SmiResult:
    """Ask ``smi`` (the nvidia-smi path) the way that is stable first: ``-q -x``; then ``-q`` and the plain
    table when its XML is unusable; then the csv query, which fills in what those did not say (the compute
    capability, whole names where the table cut them, the driver version when no other form gave it), asked
    again without ``compute_cap`` for a driver older than 510. An answer with a non-zero exit status is used
    when it is complete (the status goes into ``problems``).
    ``run(cmd)`` returns ``(exit status, stdout, stderr)``; whatever it raises on the first call (a time-out,
    cannot start) goes to the caller; the later calls only add detail, so their failures are ignored.
    Raises ``SmiFailed`` when nvidia-smi says the driver cannot answer, or prints no valid driver version."""
    rc, out, err = run([smi, "-q", "-x"])
    res = parse_smi_xml(out)
    if res is None or not res.driver_version:
        _raise_if_failed(out + "\n" + err)  # only without a report: a report may hold such words as values
    problems = _problems(rc, out + "\n" + err) if res is not None and res.driver_version else []
    rejected: list[str] = []
    first_words = (out + "\n" + err).strip()
    if res is None or not res.driver_version:
        if res is not None:
            rejected += res.rejected
        for args, parse in (([smi, "-q"], parse_smi_q), ([smi], parse_smi_table)):
            try:
                rc2, out2, err2 = run(args)
            except Exception:  # noqa: BLE001 - a later form only adds detail: try the next
                continue
            res = parse(out2)
            if not res.driver_version:
                _raise_if_failed(out2 + "\n" + err2)
            if res.driver_version:
                problems = _problems(rc2, out2 + "\n" + err2)
                break
            rejected += res.rejected
    res = _complete_from_csv(smi, run, res)
    if res is not None and any(g.mig_enabled and any(m.uuid is None for m in g.mig_devices) for g in res.gpus):
        _complete_migs_from_list(smi, run, res)
    if res is None or not res.driver_version:
        why = "; ".join(dict.fromkeys(rejected + (res.rejected if res is not None else [])))
        if not why and rc != 0:
            why = smi_failure_reason(first_words)
        raise SmiFailed("nvidia-smi ran but printed no valid driver version" + (f" ({why})" if why else ""))
    res.problems = list(dict.fromkeys(problems + res.problems))
    if res.rejected:  # a GPU shown as "unknown NVIDIA GPU" says why (drills-3 N20)
        res.problems.append("values nvidia-smi printed that are not valid, so they were left out: "
                            + "; ".join(dict.fromkeys(res.rejected)))
    return res


def _complete_migs_from_list(smi: str, run: Runner, res: SmiResult) -> None:
    """MIG device UUIDs (what CUDA_VISIBLE_DEVICES takes) and profiles from ``nvidia-smi -L``."""
    try:
        rc, out, _ = run([smi, "-L"])
    except Exception:  # noqa: BLE001 - the MIG list only adds detail (UUIDs)
        return
    if rc != 0:
        return
    listed = parse_smi_list(out)
    for g in res.gpus:
        for m in g.mig_devices:
            hit = next((x for x in listed.get(g.index, []) if x[0] == m.index), None)
            if hit is not None:
                m.uuid = m.uuid or hit[2]
                m.name = m.name or f"MIG {hit[1]}"


def _raise_if_failed(text: str) -> None:
    state, reason, nvml_version = smi_failure(text)
    if state is not None:
        raise SmiFailed(reason, state, nvml_version)


def _complete_from_csv(smi: str, run: Runner, res: SmiResult | None) -> SmiResult | None:
    """The csv query's answer merged into ``res`` (matched by PCI bus id, else by position)."""
    need = (res is None or not res.driver_version or not res.gpus
            or any(g.compute_capability is None or g.name_cut or g.uuid is None or g.memory_total_mib is None
                   for g in res.gpus))
    if not need:
        return res
    csv = None
    fields = QUERY_FIELDS
    for _ in range(3):
        try:
            rc, out, err = run([smi, f"--query-gpu={fields}", "--format=csv,noheader,nounits"])
        except Exception:  # noqa: BLE001 - the csv query only adds detail
            return res
        if rc == 0:
            csv = parse_smi_csv(out, fields)
            break
        # 'Field "compute_cap" is not a valid field to query.': ask again without it (drivers < 510), or with
        # kmd_version for driver_version (deprecated by 610, to be removed with CUDA 14)
        m = re.search(r'Field "([\w.]+)" is not a valid field', out + err)
        bad = m.group(1) if m else ("compute_cap" if "not a valid field" in (out + err).lower() else None)
        names = fields.split(",")
        if bad == "driver_version":
            names[names.index(bad)] = "kmd_version"
        elif bad in names and bad not in ("index", "name"):
            names.remove(bad)
        else:
            return res
        fields = ",".join(names)
    if csv is None:
        return res
    if res is None or not res.driver_version:
        if not csv.driver_version:
            return res
        if res is None or not res.gpus:
            csv.cuda_version = csv.cuda_version or (res.cuda_version if res is not None else None)
            return csv
        res.driver_version = csv.driver_version
    if not res.gpus:
        res.gpus = csv.gpus
        return res
    by_bus = {bus_key(g.pci_bus_id): g for g in csv.gpus if g.pci_bus_id}
    for i, g in enumerate(res.gpus):
        extra = by_bus.get(bus_key(g.pci_bus_id)) if g.pci_bus_id else None
        if extra is None and not by_bus and len(csv.gpus) == len(res.gpus):
            extra = csv.gpus[i]
        if extra is None:
            continue
        if g.compute_capability is None and extra.compute_capability:
            g.compute_capability, g.compute_capability_source = extra.compute_capability, "nvidia-smi"
        g.uuid = g.uuid or extra.uuid
        g.memory_total_mib = g.memory_total_mib or extra.memory_total_mib
        if g.name_cut and extra.name != "unknown NVIDIA GPU":
            g.name, g.name_cut = extra.name, False
    return res


# -- what nvidia-smi says when the driver cannot answer ----------------------------------------------------------

# (text it prints, driver state, one English line). The first match wins; "No devices were found" is printed
# by a driver that works but has no GPU it can use, so it is not "no driver".
_FAILURES = (
    ("Driver/library version mismatch", "needs-reboot",
     "The NVIDIA kernel module and the driver's libraries have different versions "
     "(usually after a driver update without a reboot)."),
    ("couldn't communicate with the NVIDIA driver", "not-loaded",
     "nvidia-smi could not talk to the NVIDIA driver: the kernel module is not loaded "
     "(not installed for this kernel, blocked by Secure Boot, or a reboot is pending)."),
    ("couldn\u2018t communicate with the NVIDIA driver", "not-loaded",  # as pasted through some editors
     "nvidia-smi could not talk to the NVIDIA driver: the kernel module is not loaded "
     "(not installed for this kernel, blocked by Secure Boot, or a reboot is pending)."),
    ("No devices were found", "no-devices", "The NVIDIA driver is loaded but found no GPU."),
    ("Insufficient Permissions", "no-permission",
     "nvidia-smi may not open the NVIDIA device files (/dev/nvidia*) as this user."),
    ("Failed to initialize NVML: Unknown Error", "failed",
     "NVML could not start (\"Unknown Error\"; in a container this often means its GPU access was lost)."),
    ("couldn't find libnvidia-ml.so", "failed", "nvidia-smi is there but the NVML library of its driver is not."),
    ("could not load NVML library", "failed", "nvidia-smi is there but the NVML library of its driver is not."),
    ("GPU is lost", "failed", "A GPU has fallen off the bus or stopped answering; a restart is usually needed."),
)
_NVML_LIB_RE = re.compile(r"NVML library version:\s*([0-9]+(?:\.[0-9]+){1,3})")


def smi_failure(text: str) -> tuple[str | None, str, str | None]:
    """(driver state, one English line, NVML library version) for a message nvidia-smi prints when the driver
    cannot answer; (None, "", None) for any other text. The NVML library version is what nvidia-smi prints
    under "Driver/library version mismatch": the version of the libraries, waiting for the matching module."""
    low = text.lower()
    for needle, state, reason in _FAILURES:
        if needle.lower() in low:
            m = _NVML_LIB_RE.search(text)
            return state, reason, m.group(1) if m else None
    return None, "", None


def smi_failure_reason(text: str) -> str:
    """One English line explaining a failed ``nvidia-smi`` run (falls back to its first line)."""
    state, reason, _ = smi_failure(text)
    if state is not None:
        return reason
    if "not a valid field" in text.lower():
        return "This nvidia-smi is too old for the query it was given."
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first[:300] or "nvidia-smi failed without a message."


# -- the compute capability of a model, by its name -------------------------------------------------------------

_CC_LOCK = threading.Lock()
_CC_TABLE: list[tuple[str, str]] | None = None  # (normalised model name, compute capability), longest first
_DROP_WORDS = ("nvidia", "geforce", "tesla")


def _norm_name(name: str) -> str:
    words = [w for w in re.sub(r"\s+", " ", name.strip().lower()).split(" ") if w and w not in _DROP_WORDS]
    return " ".join(words)


def _cc_table() -> list[tuple[str, str]]:
    global _CC_TABLE
    with _CC_LOCK:
        if _CC_TABLE is None:
            from tfgpu_wizard.core.paths import resources_dir

            try:
                data = json.loads((resources_dir() / "gpu-compute-capability.json").read_text(encoding="utf-8"))
                maps = [data["compute_capability"], data.get("nvidia_smi_names", {}).get("compute_capability", {})]
                pairs = [(_norm_name(model), cc) for m in maps for cc, models in m.items() for model in models]
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                pairs = []
            _CC_TABLE = sorted(pairs, key=lambda p: -len(p[0]))
        return _CC_TABLE


def _boundary(name: str, key: str) -> bool:
    """``name`` starts with the model ``key`` as whole words ("rtx 3080 ti" has "rtx 3080"; "rtx 30800" not)."""
    return name.startswith(key) and (len(name) == len(key) or name[len(key)] in " -(_/")


def compute_capability_for(name: str | None) -> str | None:
    """The compute capability of a GPU model known by its name ("Tesla K80" -> "3.7"), from NVIDIA's CUDA GPUs
    pages (resources/gpu-compute-capability.json); None when the name is unknown or ambiguous. A name that
    nvidia-smi's table cut short ("NVIDIA GeForce RTX 4080 ...") counts only when every model it could be
    has the same compute capability."""
    if not name:
        return None
    cut = name.rstrip().endswith("...")
    norm = _norm_name(name.rstrip().rstrip(".").rstrip())
    if not norm:
        return None
    table = _cc_table()
    hit = next((cc for key, cc in table if _boundary(norm, key)), None)
    if not cut:
        return hit
    # the visible part may be a whole model name or the start of several: all must agree
    possible = {cc for key, cc in table if _boundary(norm, key) or key.startswith(norm)}
    return possible.pop() if len(possible) == 1 else None
