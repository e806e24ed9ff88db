"""Verify: does TensorFlow in that Python use the GPU? ``tfgpu-wizard verify`` and Setup → Verify.

Steps: run the probe (``target/probe.py``) in the chosen Python; read this machine's facts (driver, GPUs)
unless the caller has them; when TensorFlow skipped the GPU because a library did not load, run the probe
again with TensorFlow's loader messages on and name the library with its fix (``core.setup.gpulibs``). The
result words the verdict from the host's facts (``core.diagnose.verdict.with_host_facts``) and explains the
error output with the diagnosis engine, its context from the probe and the host
(``core.diagnose.verdict.diagnosis_context``: a Linux report leaves the platform to the log, which may
show WSL2).

Progress kinds: ``phase`` (data: ``"probe"`` | ``"host"`` | ``"libraries"``; text for a status line),
``started`` (data: pid), ``line`` (an error-output line), ``waiting`` (done: seconds so far, total: the limit).
"""

from __future__ import annotations

import dataclasses
import sys
import threading
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from tfgpu_wizard.core import verdicts
from tfgpu_wizard.core.diagnose.engine import Finding, diagnose
from tfgpu_wizard.core.diagnose.verdict import cpu_is_all_it_has, diagnosis_context, with_host_facts
from tfgpu_wizard.core.flows.base import (
    Progress,
    detect_host,
    is_cancelled,
    remember_python,
    resolve_python,
    run_probe,
)
from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup import gpulibs
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.target.runner import (
    ProbeVerdict,
    TargetResult,
    keras_label,
    keras_legacy_problem,
    probe_verdict,
)

CTX = "target"
DEFAULT_TIMEOUT_S = 180.0  # importing TensorFlow is slow; `verify --timeout` changes it
DETECT = "detect"  # host=DETECT: read this machine's facts after the probe (the CLI); the window passes its own


@dataclass
class LibraryCheck:
    """The second probe run with TensorFlow's loader messages on: which GPU library did not load, and the fix."""

    missing: list[gpulibs.MissingLibrary]
    opened: list[str]
    fix: list[str]
    run: TargetResult

    def to_dict(self) -> dict[str, Any]:
        return {"missing": [{"name": m.name, "reason": m.reason} for m in self.missing], "opened": self.opened,
                "fix": self.fix}


@dataclass
class VerifyResult:
    """What Verify found. The words (``verdict``, ``findings``) are made when asked, in the current language."""

    python: str  # the interpreter that was checked (a venv folder resolved to its Python)
    probe: TargetResult
    host: HostReport | None = None
    keras2: bool = False
    expect_cpu: bool = False  # a CPU plan's check: "works, no GPU" is what that plan installs
    libraries: LibraryCheck | None = None
    cancelled: bool = False

    @property
    def verdict(self) -> ProbeVerdict:
        """The probe's verdict, its reasons starting from the host's fact (no driver, CPU wheel, old driver)."""
        return with_host_facts(probe_verdict(self.probe), self.host)

    @property
    def report(self) -> dict[str, Any] | None:
        """The probe's JSON report (None when it printed none)."""
        ev = self.probe.last("probe")
        return ev.data if ev is not None else None

    @property
    def as_intended(self) -> bool:
        return self.expect_cpu and self.verdict.status == "no-gpu"

    @property
    def no_gpu_here(self) -> bool:
        """The host's facts say this machine has no NVIDIA GPU or no working driver: the CPU is all it has."""
        return cpu_is_all_it_has(self.host, self.report)

    @property
    def verdict_kind(self) -> str:
        """The kind in the one verdict vocabulary (``core.verdicts``): "works on the CPU, as expected" for a CPU
        plan and on a machine without an NVIDIA GPU (newcomer-2 #7), "needs action" where a GPU is not used."""
        return verdicts.for_probe(self.verdict.status, expect_cpu=self.expect_cpu,
                                  host_has_gpu=False if self.no_gpu_here else None)

    @property
    def exit_code(self) -> int:
        """0 the GPU works, or TF works on the CPU as expected (a CPU plan, a machine without an NVIDIA GPU or
        driver); 1 TF works without the GPU that is there; 3 no TF, crash, hang."""
        return 0 if self.verdict_kind == verdicts.OK_CPU else self.verdict.exit_code

    @property
    def works(self) -> bool:
        """TensorFlow imports and computes in that Python (with or without the GPU)."""
        return self.verdict.status in ("gpu", "no-gpu", "gpu-broken")

    @property
    def log(self) -> str:
        """The error output of the probe (and of the library check's run, when there was one)."""
        return self.probe.stderr if self.libraries is None else self.probe.stderr + "\n" + self.libraries.run.stderr

    @property
    def keras(self) -> tuple[str | None, str | None]:
        """(which Keras ``tf.keras`` is, what is wrong with a requested Keras 2) from the probe's report, in the
        words of ``verdict.details``: a face may lift the problem out as a warning line."""
        report = self.report or {}
        keras = report.get("keras") or {}
        if not isinstance(keras, dict) or not (keras.get("version") or keras.get("legacy_problem")):
            return None, None
        tf_version = (report.get("tensorflow") or {}).get("version")
        return keras_label(keras), keras_legacy_problem(keras, tf_version)

    def context(self) -> dict[str, Any]:
        """What the probe and the host add to the diagnosis of the log (``diagnosis_context``): on a machine
        without an NVIDIA GPU or driver, or for a CPU install (``expect_cpu``), the messages such a machine always
        prints are findings of severity "info", not errors."""
        return diagnosis_context(self.report, self.host, expect_cpu=self.expect_cpu)

    def findings(self) -> list[Finding]:
        """The diagnosis of the error output, harmless lines left out; none when the GPU works (or a CPU
        plan works as intended): then the log's warnings are not the answer."""
        if self.verdict.status == "gpu" or self.as_intended or not self.log.strip():
            return []
        try:
            found = diagnose(self.log, context=self.context() or None)
        except Exception:  # noqa: BLE001 - diagnosis is a bonus: never let it break the verdict
            return []
        return [f for f in found if f.severity != "harmless"]

    def to_dict(self) -> dict[str, Any]:
        """``verify --json``: the verdict, the probe's report, the run, the findings, the library check."""
        v = self.verdict
        p = self.probe
        return {
            "verdict": {"status": v.status, "headline": v.headline, "reasons": v.reasons, "details": v.details,
                        "exit_code": self.exit_code, "expected_cpu": self.as_intended,
                        "verdict_kind": self.verdict_kind},
            "probe": v.report,
            "run": {"python": self.python, "returncode": p.returncode, "signal": p.signal,
                    "timed_out": p.timed_out, "start_error": p.start_error,
                    "duration_s": round(p.duration_s, 3), "stderr": p.stderr},
            "context": self.context(),
            "findings": [f.to_dict() for f in self.findings()],
            "libraries": None if self.libraries is None else self.libraries.to_dict(),
        }


def expects_cpu(plan: Any, python: str) -> bool:
    """True when ``python`` is the environment of a CPU plan: "works, no GPU" is what that plan installs (its
    script ends with ``verify --expect-cpu``); another Python is judged as usual."""
    return bool(plan is not None and getattr(plan, "cpu", False) and python == str(getattr(plan, "env_python", "") or ""))


def _platform(report: dict[str, Any]) -> str:
    plat = (report.get("python") or {}).get("platform") or sys.platform
    return "windows" if plat == "win32" else ("macos" if plat == "darwin" else "linux")


def verify(python: str | None = None, *, keras2: bool = False, expect_cpu: bool = False,
           host: HostReport | None | str = DETECT, timeout: float = DEFAULT_TIMEOUT_S,
           cancel: threading.Event | None = None) -> Generator[Progress, None, VerifyResult]:
    """Check TensorFlow in ``python`` (an interpreter or an environment folder; default: this one).

    ``keras2`` sets TF_USE_LEGACY_KERAS=1 for the probe; ``expect_cpu`` makes "works, no GPU" a pass;
    ``host`` is this machine's ``HostReport`` (None: unknown; ``DETECT``: read it after the probe).
    """
    if not timeout or timeout <= 0:
        raise ValueError("timeout must be a positive number of seconds")
    python = resolve_python(python)
    env = {"TF_USE_LEGACY_KERAS": "1"} if keras2 else None
    yield Progress("phase", tr(CTX, "Checking TensorFlow in {python} ...").format(python=python), data="probe")
    probe = yield from run_probe(python, env=env, timeout=timeout, cancel=cancel)
    result = VerifyResult(python, probe, None if host == DETECT else host,  # type: ignore[arg-type]
                          keras2=keras2, expect_cpu=expect_cpu)
    if is_cancelled(cancel):
        return dataclasses.replace(result, cancelled=True)
    if host == DETECT:
        yield Progress("phase", data="host")
        result.host = detect_host()
    if result.works:
        remember_python(python)  # the environment `report` describes by default
    report = result.report or {}
    if result.verdict.status != "no-gpu" or not gpulibs.wants_library_check(report, probe.stderr):
        return result
    yield Progress("phase", tr(CTX, "TensorFlow skipped the GPU because a library did not load; running the probe "
                                    "again with TensorFlow's loader messages on to find which ..."), data="libraries")
    again = yield from run_probe(python, env={**(env or {}), **gpulibs.VERBOSE_LOADER_ENV}, timeout=timeout,
                                 cancel=cancel)
    if is_cancelled(cancel):
        return dataclasses.replace(result, cancelled=True)
    missing = gpulibs.missing_libraries(again.stderr)
    tf_version = (report.get("tensorflow") or {}).get("version")
    fix = gpulibs.library_fix(missing, tf_version, python, report.get("nvidia_wheels"), _platform(report)) \
        if missing else []
    result.libraries = LibraryCheck(missing, gpulibs.opened_libraries(again.stderr), fix, again)
    return result


__all__ = ["DETECT", "LibraryCheck", "VerifyResult", "verify"]
