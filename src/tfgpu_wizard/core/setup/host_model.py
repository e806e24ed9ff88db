"""The host report: what ``doctor`` detected, as plain data.

This is the contract between detection (``core/setup/host.py``), recommendation
(``core/setup/recommend.py``), the GUI and saved reports (``plan --host report.json``).
Its JSON form is documented by ``resources/schemas/host-report.schema.json`` and versioned by
``SCHEMA_VERSION``: bump it when a field changes meaning or is removed (adding an optional
field is compatible).

Unknown values are ``None``, never guessed. Every detector that failed leaves a ``Note``
saying why, so a report can say "not available: <reason>" instead of crashing.
"""

from __future__ import annotations

import dataclasses
import json
import os
import types
import typing
from dataclasses import dataclass, field
from typing import Any

from tfgpu_wizard.core.i18n import N_, tr

SCHEMA_VERSION = 1


@dataclass
class Note:
    """A finding of detection for the user: ``severity`` is ``info``, ``warning`` or ``error``."""

    code: str  # stable identifier, e.g. "cuda-visible-devices-hides-all"
    severity: str
    message: str  # English source text (translated for display with core.i18n.tr("host", ...))
    detail: str = ""  # free text (paths, raw output); not translated


@dataclass
class OSInfo:
    system: str  # "linux" | "wsl2" | "wsl1" | "windows" | "macos" | "other"
    release: str = ""  # kernel release / Windows release
    version: str = ""  # human-readable OS version ("Debian GNU/Linux 12", "Windows 11 23H2")
    machine: str = ""  # "x86_64" | "aarch64" | "AMD64" | "arm64"
    windows_build: int | None = None  # Windows build number (also for WSL's host where known)
    distro: str | None = None  # Linux distribution id (os-release ID), e.g. "ubuntu"
    distro_version: str | None = None
    glibc: str | None = None  # e.g. "2.36"; None on Windows/macOS or musl
    linux_driver_inside_wsl: bool = False  # a Linux NVIDIA driver installed inside WSL (must not be)


@dataclass
class PythonInfo:
    executable: str
    version: str  # "3.11.7"
    implementation: str = "CPython"
    bits: int = 64
    is_venv: bool = False
    conda_env: str | None = None  # name of the conda env this interpreter belongs to, if any


@dataclass
class CondaEnv:
    name: str
    path: str
    python_version: str | None = None


@dataclass
class CondaInfo:
    executable: str
    kind: str  # "conda" | "mamba" | "micromamba"
    version: str | None = None
    envs: list[CondaEnv] = field(default_factory=list)


# What the driver is doing (``DriverInfo.state``). Only "working" and "no-devices" mean that a driver answers
# (``present`` is true); the others say why it does not, each with its own remedy (core.setup.host_model
# DRIVER_STATE_TEXTS, shared by doctor, the Setup page and plan).
DRIVER_STATES = (
    "working",  # the driver answers and lists its GPUs
    "no-devices",  # the driver answers but finds no GPU: the card, its slot, power or BIOS settings
    "needs-reboot",  # kernel module and driver libraries differ (updated, not rebooted): restart the computer
    "not-loaded",  # installed, but its kernel module is not loaded (Secure Boot, a new kernel, nouveau)
    "no-permission",  # the driver is there but this user/container may not open its devices
    "not-installed",  # no NVML library and no nvidia-smi: no NVIDIA driver is installed
    "failed",  # the driver answered with an error this tool does not know
)


# The words for each state, shared by doctor, the Setup page, plan and the Verify verdict (context "host").
# The message is a note's headline (what happened and what to do, in one sentence); the advice says more.
DRIVER_STATE_MESSAGES: dict[str, str] = {
    "working": N_("The NVIDIA driver is working."),
    "no-devices": N_("The NVIDIA driver is running but finds no GPU: the card, its power or its slot needs a look, "
                     "not a new driver."),
    "needs-reboot": N_("The NVIDIA driver was updated but the old version is still loaded: restart the computer "
                       "(nothing needs to be installed)."),
    "not-loaded": N_("The NVIDIA driver is installed but not running: its kernel module did not load."),
    "no-permission": N_("The NVIDIA driver is running, but this user (or container) may not use the GPU."),
    "not-installed": N_("No NVIDIA driver was found, so TensorFlow can only use the CPU."),
    "failed": N_("The NVIDIA driver did not answer properly."),
}
DRIVER_STATE_ADVICE: dict[str, str] = {
    "working": "",
    "no-devices": N_("Reseat the card and its power cables, enable its PCIe slot in the BIOS/UEFI settings (recent "
                     "cards also need \"Above 4G decoding\"), and read the driver's own reason with "
                     "\"sudo dmesg | grep -i NVRM\"."),
    "needs-reboot": N_("This is the usual state right after a driver update: the new driver libraries are on disk "
                       "while the old kernel module is still in memory. A restart loads the new one."),
    "not-loaded": N_("Usually Secure Boot blocks the module (enroll the driver's key at the next boot, or turn "
                     "Secure Boot off), or the kernel was updated and the module was not rebuilt for it (reinstall "
                     "the driver, or let DKMS rebuild it); then restart."),
    "no-permission": N_("Add the user to the group that owns /dev/nvidia* (often \"video\") and log in again; a "
                        "container needs GPU access (docker run --gpus all)."),
    "not-installed": N_("The driver is the one thing every install method needs: install it first."),
    "failed": N_("A restart often clears it; if not, reinstall the NVIDIA driver. nvidia-smi's own message is "
                 "in the details."),
}
NO_GPU_MESSAGE = N_("This computer has no NVIDIA GPU, so TensorFlow runs on the CPU here, as it should. No driver "
                    "is needed; to train on a GPU, run the wizard on a computer with an NVIDIA card.")
NO_GPU_LABEL = N_("not needed: no NVIDIA GPU in this computer")
DRIVER_STATE_LABELS: dict[str, str] = {  # a few words for a table cell ("NVIDIA driver: <label>")
    "working": N_("working"),
    "no-devices": N_("running, but finds no GPU"),
    "needs-reboot": N_("updated, waiting for a restart"),
    "not-loaded": N_("installed, not loaded"),
    "no-permission": N_("running, no permission"),
    "not-installed": N_("not found"),
    "failed": N_("not answering"),
}


# States in which the driver is there but does not work as it is: installing it again is the wrong advice.
DRIVER_INSTALLED_STATES = frozenset(("no-devices", "needs-reboot", "not-loaded", "no-permission", "failed"))


def driver_state_of(driver: Any) -> str:
    """The state of a ``DriverInfo`` or of its JSON form (a dict), for code that reads either (plan):
    ``state`` when it is one of DRIVER_STATES, else what ``present`` implies (a report older than the field)."""
    get = driver.get if isinstance(driver, dict) else (lambda key, default=None: getattr(driver, key, default))
    state = get("state")
    if state in DRIVER_STATES:
        return state
    return "working" if get("present") else "not-installed"


@dataclass
class DriverInfo:
    present: bool  # a driver answers (states "working" and "no-devices")
    version: str | None = None  # "580.159.04" (drivers 610+ call it the KMD version)
    cuda_version: str | None = None  # the highest CUDA the driver supports, "13.0" (610+: "CUDA UMD Version")
    source: str | None = None  # "nvml" | "nvidia-smi" | None
    error: str | None = None  # why it is absent / unusable, in English
    # NVIDIA display/3D controllers seen on the PCI bus when no driver works (Linux only; None: not looked):
    # 0 means this machine has no NVIDIA GPU at all, so "install the driver" would be wrong advice.
    nvidia_pci_gpus: int | None = None
    state: str | None = None  # one of DRIVER_STATES; None in reports older than the field
    # The NVML library's version: nvmlSystemGetNVMLVersion ("13.580.159.04"), or what nvidia-smi prints after
    # "NVML library version:" when it cannot start ("570.124", the libraries of a driver waiting for a reboot).
    nvml_version: str | None = None
    kernel_module_version: str | None = None  # /proc/driver/nvidia/version (Linux), when it was read

    def effective_state(self) -> str:
        """``state``, or for a report made before the field existed what ``present`` implies."""
        return driver_state_of(self)

    # The three texts below are what every surface says about the driver (doctor, the Setup page, plan, and
    # the Verify verdict, which reads them off this object: core.diagnose imports nothing of core.setup).

    def state_message(self, lang: str | None = None) -> str:
        """One sentence: what the driver is doing and what to do about it (translated)."""
        return tr("host", DRIVER_STATE_MESSAGES[self.effective_state()], lang)

    def state_advice(self, lang: str | None = None) -> str:
        """The longer remedy for a driver that does not work ("" when it works), translated."""
        text = DRIVER_STATE_ADVICE[self.effective_state()]
        return tr("host", text, lang) if text else ""

    def state_label(self, lang: str | None = None) -> str:
        """A few words for a table cell ("updated, waiting for a restart"), translated."""
        if self.no_nvidia_gpu:
            return tr("host", NO_GPU_LABEL, lang)
        return tr("host", DRIVER_STATE_LABELS[self.effective_state()], lang)

    @property
    def no_nvidia_gpu(self) -> bool:
        """No driver, and the PCI bus was read and holds no NVIDIA GPU: nothing to install a driver for (the CPU
        is what TensorFlow uses here, as it should). Unknown bus (Windows, WSL2, an old report): False."""
        return self.effective_state() == "not-installed" and self.nvidia_pci_gpus == 0


@dataclass
class MigDeviceInfo:
    """One MIG device (a slice of a GPU in MIG mode): what a CUDA process gets instead of the whole GPU."""

    index: int  # MIG device index on its GPU
    gpu_instance_id: int | None = None
    compute_instance_id: int | None = None
    memory_total_mib: int | None = None
    uuid: str | None = None  # "MIG-..." (NVML; nvidia-smi -L)
    name: str | None = None  # "NVIDIA H100 80GB HBM3 MIG 3g.40gb" (NVML)


@dataclass
class GpuInfo:
    index: int  # NVML index
    name: str
    uuid: str | None = None
    memory_total_mib: int | None = None  # the whole GPU, also in MIG mode (then see mig_devices)
    compute_capability: str | None = None  # "9.0"
    pci_bus_id: str | None = None
    # Where the compute capability comes from: "nvml", "nvidia-smi" or "product name" (known from the model's
    # name when the driver is too old to report it: resources/gpu-compute-capability.json, NVIDIA's CUDA GPUs page)
    compute_capability_source: str | None = None
    name_cut: bool = False  # nvidia-smi's table cut the name short ("NVIDIA GeForce RTX 4080 ...")
    mig_enabled: bool | None = None  # MIG mode (A100, H100 ...); None: not known or not supported
    mig_devices: list[MigDeviceInfo] = field(default_factory=list)


@dataclass
class ToolkitInfo:
    """A CUDA toolkit installed on the system (what nvcc prints), not the driver's CUDA."""

    version: str | None
    nvcc: str | None = None
    cuda_home: str | None = None


@dataclass
class CudnnInfo:
    version: str | None
    path: str | None = None


@dataclass
class TFInstall:
    """TensorFlow found in a target interpreter (read from package metadata, not imported)."""

    python: str
    version: str | None  # None: not installed there
    location: str | None = None
    distribution: str | None = None  # "tensorflow" | "tensorflow-cpu" | "tf-nightly" | ...
    keras_version: str | None = None
    tf_keras_version: str | None = None
    numpy_version: str | None = None
    nvidia_packages: dict[str, str] = field(default_factory=dict)  # nvidia-*-cu12 wheels present
    error: str | None = None


@dataclass
class HostReport:
    os: OSInfo
    python: PythonInfo
    driver: DriverInfo
    gpus: list[GpuInfo] = field(default_factory=list)
    conda: CondaInfo | None = None
    cuda_toolkit: ToolkitInfo | None = None
    cudnn: CudnnInfo | None = None
    env: dict[str, str] = field(default_factory=dict)  # CUDA-related environment variables as set
    target_python: PythonInfo | None = None
    tensorflow: TFInstall | None = None
    notes: list[Note] = field(default_factory=list)
    created: str = ""  # ISO 8601 time of detection
    tool_version: str = ""
    schema_version: int = SCHEMA_VERSION
    recorded_on: str = ""  # free text label for recordings/fixtures ("H200, driver 580 (recording)")

    # -- (de)serialisation ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HostReport:
        version = data.get("schema_version", SCHEMA_VERSION)
        if not isinstance(version, int) or version > SCHEMA_VERSION:
            raise ValueError(
                f"host report schema_version {version!r} is newer than this tool understands ({SCHEMA_VERSION})"
            )
        return _build(cls, data)

    @classmethod
    def from_json(cls, text: str) -> HostReport:
        """Parse a saved report. Raises ``ValueError`` naming the damaged field (never another error)."""
        try:
            data = json.loads(text)
        except RecursionError:
            raise ValueError("the JSON is nested too deeply") from None
        if not isinstance(data, dict):
            raise ValueError(f"expected a JSON object, got {_json_type(data)}")
        return cls.from_dict(data)


_SCALARS: dict[Any, tuple[type, ...]] = {str: (str,), int: (int,), float: (int, float), bool: (bool,)}
_TYPE_WORDS = {str: "text", int: "a whole number", float: "a number", bool: "true or false"}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    return {"dict": "an object", "list": "a list"}.get(type(value).__name__, type(value).__name__)


def _build(tp: Any, value: Any, where: str = "report") -> Any:
    """Rebuild nested dataclasses from plain JSON data, following the type hints.

    A value of the wrong type raises ``ValueError`` naming the field ("driver.present: expected true or
    false, got the text 'yes'"), so a damaged report is a message, not a traceback later on.
    """
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return _build(args[0], value, where) if len(args) == 1 else value
    if dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected an object, got {_json_type(value)}")
        hints = typing.get_type_hints(tp)
        kwargs = {}
        for f in dataclasses.fields(tp):
            if f.name in value:
                kwargs[f.name] = _build(hints[f.name], value[f.name], f"{where}.{f.name}" if where != "report"
                                        else f.name)
        try:
            return tp(**kwargs)
        except TypeError as exc:
            raise ValueError(f"{where}: {exc}") from None
    if origin is list:
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {_json_type(value)}")
        (item,) = typing.get_args(tp)
        return [_build(item, v, f"{where}[{i}]") for i, v in enumerate(value)]
    if origin is dict:
        if not isinstance(value, dict):
            raise ValueError(f"{where}: expected an object, got {_json_type(value)}")
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] in _SCALARS:
            for k, v in value.items():
                _build(args[1], v, f"{where}.{k}")
        return dict(value)
    if tp in _SCALARS:
        ok = isinstance(value, _SCALARS[tp]) and (tp is bool or not isinstance(value, bool))
        if not ok:
            raise ValueError(f"{where}: expected {_TYPE_WORDS[tp]}, got {_json_type(value)}")
        return float(value) if tp is float else value
    return value


# -- a saved report, read back (``plan --host report.json``) ---------------------------------------------------

# Bounds on what a saved report may hold (drills-3 N10): a real one is a few KB with a handful of GPUs. A
# 200,000-deep file ended in RecursionError, 10,000 GPUs took 15 s to plan, /dev/zero filled the memory.
MAX_REPORT_BYTES = 8 * 1024 * 1024
MAX_REPORT_DEPTH = 32
MAX_REPORT_GPUS = 64  # also the schema's maxItems; the largest single machines have 16
MAX_REPORT_LIST = 2000  # items in any other list (notes, MIG devices, ...)


class HostReportError(ValueError):
    """A saved host report that cannot be used; ``str()`` is the sentence for the user (translated)."""


def load_host_report(path: str | os.PathLike[str]) -> HostReport:
    """Read a report saved by ``doctor --json`` as users save it: UTF-8 (with or without a BOM, as PowerShell 7
    and Notepad write it), UTF-16 (Windows PowerShell 5.1's ``>``) or a Chinese console's GB18030. Bounded in
    size, depth and length; checked against resources/schemas/host-report.schema.json. Raises
    ``HostReportError`` naming the file and the first problem."""
    from tfgpu_wizard.core.diagnose.textdecode import detect_encoding
    from tfgpu_wizard.core.safe_io import read_capped

    shown = str(path)
    try:
        capped = read_capped(path, MAX_REPORT_BYTES)
    except OSError as exc:
        raise HostReportError(tr("host", "Cannot read the host report {path}: {reason}").format(
            path=shown, reason=exc.strerror or exc)) from None

    def bad(problem: str) -> HostReportError:
        return HostReportError(tr("host", "{path} is not a host report saved by 'tfgpu-wizard doctor --json': "
                                          "{problem}").format(path=shown, problem=problem))

    if capped.more:
        raise bad(tr("host", "it goes on past {mb} MB (a device or a pipe?); a report is a few KB").format(
            mb=MAX_REPORT_BYTES // 1048576))
    data = capped.head
    encoding = detect_encoding(data)
    if encoding == "utf-8-replace":
        raise bad(tr("host", "it is not text (neither UTF-8 nor UTF-16)"))
    if encoding.startswith("utf-16") and data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        data = data[2:]
    text = data.decode(encoding, errors="replace")  # "utf-8-sig" drops the UTF-8 BOM
    if not text.strip():
        raise bad(tr("host", "the file is empty"))
    try:
        obj = json.loads(text)
    except RecursionError:
        raise bad(_too_deep()) from None
    except ValueError as exc:
        raise bad(str(exc)) from None
    problem = _bounds_problem(obj) or schema_problem(obj)
    if problem:
        raise bad(problem)
    try:
        if not isinstance(obj, dict):
            raise ValueError(f"expected a JSON object, got {_json_type(obj)}")
        return HostReport.from_dict(obj)
    except (ValueError, TypeError, AttributeError, KeyError, RecursionError) as exc:
        raise bad(_short(str(exc))) from None


def _too_deep() -> str:
    return tr("host", "the JSON is nested more than {depth} levels deep; a report is not").format(
        depth=MAX_REPORT_DEPTH)


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _bounds_problem(data: Any) -> str | None:
    """Depth and lengths of parsed JSON, walked without recursion, before the schema or the planner sees it."""
    gpus = data.get("gpus") if isinstance(data, dict) else None
    if isinstance(gpus, list) and len(gpus) > MAX_REPORT_GPUS:
        return tr("host", "it lists {count} GPUs; a report has at most {max}").format(
            count=len(gpus), max=MAX_REPORT_GPUS)
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            if len(node) > MAX_REPORT_LIST:
                return tr("host", "a list in it has {count} items; a report's lists have at most {max}").format(
                    count=len(node), max=MAX_REPORT_LIST)
            children = node
        else:
            continue
        if depth > MAX_REPORT_DEPTH:
            return _too_deep()
        stack.extend((c, depth + 1) for c in children)
    return None


def schema_problem(data: Any) -> str | None:
    """The first problem of parsed report data against resources/schemas/host-report.schema.json, as
    "field: message" (a wrong field type would otherwise end in a traceback later); None when it fits (or when
    jsonschema is missing)."""
    try:
        import jsonschema

        from tfgpu_wizard.core.paths import resources_dir

        schema = json.loads((resources_dir() / "schemas" / "host-report.schema.json").read_text(encoding="utf-8"))
    except (ImportError, OSError, ValueError):
        return None
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(data))
    if error is None:
        return None
    where = ".".join(str(p) for p in error.absolute_path) or "(top level)"
    message = error.message
    if isinstance(error.instance, str) and len(error.instance) > 40:  # a 5000-digit version, shown as its start
        message = message.replace(repr(error.instance), repr(error.instance[:24]) + f" (+{len(error.instance) - 24} "
                                  "characters)")
    return f"{where}: {_short(message)}"
