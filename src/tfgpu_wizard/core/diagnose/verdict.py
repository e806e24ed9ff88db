"""Verdicts that start from the host's facts: the Verify and Sanity answers, the same in the CLI and the window.

``core.target.runner.probe_verdict`` reads only what the probe saw inside one Python. What a beginner needs first is
often a fact about the machine: there is no NVIDIA driver (then the CPU is *expected*), the wheel is the CPU-only
build, the driver is older than the CUDA this TensorFlow was built for, or the driver works but the CUDA/cuDNN
libraries did not load. ``host_fact`` names that fact (one code, one first sentence); ``with_host_facts`` puts it
in front of a probe verdict; ``sanity_verdict`` is the Sanity check's answer (``tfgpu-wizard sanity`` and the
Sanity page); ``diagnosis_context`` is what the probe and the host add to a log's diagnosis.

Qt-free and TensorFlow-free. Strings are translated (context ``verdict``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from packaging.version import InvalidVersion, Version

from tfgpu_wizard.core import verdicts
from tfgpu_wizard.core.i18n import tr

CTX = "verdict"

# the generic reason of core.target.runner.probe_verdict that a host fact replaces
_GENERIC_NO_GPU = ("TensorFlow was built with CUDA but found no usable GPU: usually the driver or the CUDA/cuDNN "
                   "libraries did not load. The error output below says which.")


def _version(text: Any) -> Version | None:
    try:
        return Version(str(text)) if text else None
    except InvalidVersion:
        return None


# driver states (core.setup.host_model.DRIVER_STATES) that explain a missing GPU by themselves
_DRIVER_STATE_FACTS = frozenset(("needs-reboot", "not-loaded", "no-permission", "failed", "no-devices"))
DRIVER_STATE_FACT_CODES = frozenset(f"driver-{s}" for s in _DRIVER_STATE_FACTS)


def host_fact(host: Any, report: dict[str, Any] | None = None) -> tuple[str, str] | None:
    """(code, first sentence) of the machine fact that explains a missing GPU, or None when none does.

    Codes: ``driver-needs-reboot``, ``driver-not-loaded``, ``driver-no-permission``, ``driver-failed``,
    ``driver-no-devices`` (a driver that is there but does not work as it is: the host report's own sentence),
    ``no-nvidia-gpu`` (no NVIDIA GPU on the PCI bus), ``no-driver`` (no working driver, the bus not
    looked at), ``driver-missing`` (an NVIDIA GPU on the bus, no working driver), ``cpu-wheel``
    (a CPU-only TensorFlow), ``old-driver`` (the driver's CUDA is older than TensorFlow's), ``libraries`` (the
    driver works, TensorFlow is a CUDA build, yet it found no GPU: its CUDA/cuDNN libraries did not load).
    ``host`` is a ``core.setup.host_model.HostReport`` (or None); ``report`` the probe's report (or None).
    """
    report = report or {}
    driver = getattr(host, "driver", None)
    tf_install = getattr(host, "tensorflow", None)
    # A driver that is there but does not work as it is (waiting for a restart, module not loaded, no permission,
    # no GPU found): its own sentence, the one doctor and the Setup page show. The words live with the host
    # report (core.setup.host_model.DriverInfo.state_message); this room reads them off the object it is given.
    state = driver.effective_state() if hasattr(driver, "effective_state") else None
    if state in _DRIVER_STATE_FACTS and not (state == "no-devices" and getattr(host, "gpus", None)):
        return f"driver-{state}", driver.state_message()
    if driver is not None and not getattr(driver, "present", True):
        if getattr(driver, "nvidia_pci_gpus", None) == 0:
            return "no-nvidia-gpu", tr(CTX, "This computer has no NVIDIA GPU; TensorFlow uses the CPU here, which "
                                            "is expected.")
        if getattr(driver, "nvidia_pci_gpus", None):
            return "driver-missing", tr(CTX, "This computer has an NVIDIA GPU but no working NVIDIA driver, so TensorFlow "
                                        "uses the CPU: install the driver first (Setup shows how).")
        return "no-driver", tr(CTX, "This computer has no working NVIDIA driver/GPU; TensorFlow uses the CPU here, "
                                    "which is expected.")
    if report.get("is_cuda_build") is False or getattr(tf_install, "distribution", None) == "tensorflow-cpu":
        return "cpu-wheel", tr(CTX, "This TensorFlow is a CPU-only build, so it cannot use the GPU whatever the "
                                    "driver: install the GPU build.")
    if driver is None:
        return None
    need = _version((report.get("build_info") or {}).get("cuda_version"))
    have = _version(getattr(driver, "cuda_version", None))
    if need is not None and have is not None and have.release[:2] < need.release[:2]:
        return "old-driver", tr(CTX, "The NVIDIA driver {driver} supports CUDA up to {have}, but this TensorFlow "
                                     "was built for CUDA {need}: update the driver.").format(
            driver=getattr(driver, "version", None) or "?", have=have, need=need)
    if report.get("is_cuda_build") and not report.get("gpus") and (report.get("tensorflow") or {}).get("version"):
        return "libraries", tr(CTX, "The NVIDIA driver works, but TensorFlow could not load its CUDA/cuDNN "
                                    "libraries: the error output says which one is missing.")
    return None


def cpu_is_all_it_has(host: Any, report: dict[str, Any] | None = None) -> bool:
    """The host's facts say this computer has no NVIDIA GPU, or no working driver and no NVIDIA GPU seen: the CPU
    is all it has, so TensorFlow on the CPU is expected there. The one rule that verify, sanity and the window's
    pages use (an NVIDIA GPU without a working driver is not such a computer: a driver is to be installed)."""
    fact = host_fact(host, report)
    return fact is not None and fact[0] in ("no-nvidia-gpu", "no-driver")


def with_host_facts(verdict: Any, host: Any) -> Any:
    """A copy of a ``core.target.runner.ProbeVerdict`` whose reasons start from the host's fact (when one explains it).

    Only a verdict without a GPU changes: the fact becomes the first reason and replaces the generic
    "usually the driver or the libraries" guess; with no driver at all the headline says the CPU is expected.
    """
    if getattr(verdict, "status", None) != "no-gpu":
        return verdict
    fact = host_fact(host, getattr(verdict, "report", None))
    if fact is None:
        return verdict
    code, sentence = fact
    if code == "cpu-wheel" and verdict.reasons:
        return verdict  # the probe already says it first, in the words for its platform (Windows, macOS)
    generic = tr("target", _GENERIC_NO_GPU)
    reasons = [sentence] + [r for r in verdict.reasons if r not in (generic, _GENERIC_NO_GPU, sentence)]
    if code in ("no-nvidia-gpu", "no-driver", "driver-missing") or code in DRIVER_STATE_FACT_CODES:
        # The probe's CPU-only/CUDA guesses are beside the point on a machine without a working driver.
        reasons = [sentence]
    return dataclasses.replace(verdict, reasons=reasons)


def diagnosis_context(report: dict[str, Any] | None, host: Any = None, *, expect_cpu: bool = False) -> dict[str, Any]:
    """What the probe and the host know that a log alone does not (``core.diagnose.engine`` context).

    ``host_fact`` ("no-nvidia-gpu" / "no-driver") and ``expect_cpu`` (a CPU installation, e.g. ``verify --expect-cpu``
    or a CPU plan's last step) make the messages such a machine always prints ("Could not find cuda drivers",
    "failed call to cuInit", an empty GPU list) findings of severity ``info`` instead of errors."""
    report = report or {}
    ctx: dict[str, Any] = {}
    if expect_cpu:
        ctx["expect_cpu"] = True
    wheels = report.get("nvidia_wheels")
    if isinstance(wheels, dict) and (wheels.get("packages") or wheels.get("lib_dirs")) or (
            isinstance(wheels, list) and wheels):
        ctx["pip_cuda_wheels"] = True  # pip's NVIDIA libraries are installed in that Python
    tf = report.get("tensorflow") or {}
    if tf.get("version"):
        ctx["tf_version"] = tf["version"]
        ctx["gpu_count"] = len(report.get("gpus") or [])
    platform = (report.get("python") or {}).get("platform")
    if platform == "win32":
        ctx["platform"] = "windows"  # (linux is left to the log: it may be WSL2)
    driver = getattr(host, "driver", None)
    if driver is not None:
        ctx["driver_present"] = bool(getattr(driver, "present", False))
        if getattr(driver, "cuda_version", None):
            ctx["driver_cuda"] = driver.cuda_version
    fact = host_fact(host, report) if (host is not None or report) else None
    if fact is not None:
        ctx["host_fact"] = fact[0]
    return ctx


# -- the Sanity check -------------------------------------------------------------------------------


@dataclass
class SanityVerdict:
    """The Sanity check's answer. ``kind``: ok | bad | warn | info (the GUI's colours); ``status`` a code."""

    status: str  # gpu | cpu | cpu-expected | failed | no-tensorflow | cancelled | timeout | not-started
    kind: str
    headline: str
    lines: list[str] = field(default_factory=list)  # what ran: devices, steps, speed
    why: list[str] = field(default_factory=list)  # why there is no GPU (host fact first)
    error: dict[str, Any] | None = None  # the sample's error event (the window words its advice itself)

    @property
    def exit_code(self) -> int:
        """0 trains on the GPU, or on the CPU where that is the expected result (a machine without an NVIDIA GPU
        or driver, a CPU install: ``sanity --expect-cpu``; newcomer-2 #26); 1 only on the CPU although a GPU could
        be used; 3 it could not train (or no answer)."""
        return {"gpu": 0, "cpu": 1, "cpu-expected": 0}.get(self.status, 3)

    @property
    def verdict_kind(self) -> str:
        """The kind in the one verdict vocabulary (``core.verdicts``): words, mark and colour for every face."""
        return verdicts.for_sanity(self.status)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self) | {"exit_code": self.exit_code, "verdict_kind": self.verdict_kind}


def sanity_verdict(*, status: str, steps: int, devices: dict[str, Any] | None = None,
                   summary: dict[str, Any] | None = None, error: dict[str, Any] | None = None,
                   probe: Any = None, host: Any = None, start_error: str = "",
                   stderr_tail: str = "", expect_cpu: bool = False) -> SanityVerdict:
    """The plain answer from the training run's events (``status``: ok / failed / cancelled / timeout /
    not-started / crashed) and the probe's verdict, starting from the host's facts."""
    if status == "cancelled":
        return SanityVerdict("cancelled", "warn", tr(CTX, "Stopped by you; no answer yet."))
    if status == "timeout":
        return SanityVerdict("timeout", "bad", tr(CTX, "No answer: TensorFlow did not finish in time."))
    if status == "not-started":
        return SanityVerdict("not-started", "bad", tr(CTX, "This Python could not be started: {error}").format(
            error=start_error))
    if probe is not None and getattr(probe, "status", "") in ("no-tensorflow", "crashed", "hung", "not-started"):
        return SanityVerdict("no-tensorflow", "bad", probe.headline, lines=[
            tr(CTX, "Open Setup to install TensorFlow for your GPU; the Diagnose page explains the output below.")])
    if error is not None or status != "ok":
        err = error or {}
        msg = str(err.get("message") or (stderr_tail.strip().splitlines() or [""])[-1])
        return SanityVerdict("failed", "bad", tr(CTX, "The check failed: TensorFlow could not train."),
                             lines=[msg[:400]] if msg else [], error=err or None)
    ips = (summary or {}).get("images_per_sec")  # the sample's steady state (docs/sample-protocol.md)
    speed = tr(CTX, "{ips:,.0f} images/s").format(ips=float(ips)) if isinstance(ips, (int, float)) else ""
    gpus = list((devices or {}).get("gpus") or [])
    if gpus:
        names = ", ".join(str(g.get("name") or g.get("logical") or g) if isinstance(g, dict) else str(g)
                          for g in gpus)
        return SanityVerdict("gpu", "ok", tr(CTX, "Yes: TensorFlow trains on your GPU."), lines=[
            tr(CTX, "Devices: {names}. {steps} steps done. {speed}").format(names=names, steps=steps,
                                                                            speed=speed).strip()])
    why = list(getattr(with_host_facts(probe, host), "reasons", []) or []) if probe is not None else []
    fact = host_fact(host, getattr(probe, "report", None))
    if fact is not None and (not why or why[0] != fact[1]):
        why.insert(0, fact[1])
    line = tr(CTX, "{steps} steps trained on the CPU ({speed}).").format(steps=steps, speed=speed or "?")
    if expect_cpu or cpu_is_all_it_has(host, getattr(probe, "report", None)):
        return SanityVerdict("cpu-expected", "info", tr(CTX, "TensorFlow works and trains on the CPU."),
                             lines=[line], why=why)
    return SanityVerdict("cpu", "bad", tr(CTX, "No: TensorFlow runs, but only on the CPU."), lines=[
        line + " " + tr(CTX, "Open Setup to find out why the GPU is not used.")], why=why)
