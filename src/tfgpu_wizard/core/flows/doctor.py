"""Doctor: what this machine has (OS, Python, NVIDIA driver, GPUs, CUDA, TensorFlow). ``tfgpu-wizard doctor``,
the window's detection after its first paint and Setup → Machine.

Detection is ``core.setup.host.detect_host`` (subprocesses with timeouts; it never raises for what it finds); the
report's notes and the "driver CUDA vs toolkit CUDA" lines are worded here for both faces.

Progress kinds: ``phase`` (data: ``"host"``).
"""

from __future__ import annotations

import threading
from collections.abc import Generator

from tfgpu_wizard.core.flows.base import Progress
from tfgpu_wizard.core.setup.host import (
    DEFAULT_TIMEOUT,
    detect_host,
    explain_cuda_versions,
    note_text,
    sorted_notes,
)
from tfgpu_wizard.core.setup.host_model import HostReport


def doctor(python: str | None = None, *, timeout: float = DEFAULT_TIMEOUT,
           cancel: threading.Event | None = None) -> Generator[Progress, None, HostReport]:
    """Detect this machine; ``python``: the interpreter whose TensorFlow to look at (default this one)."""
    yield Progress("phase", data="host")
    return detect_host(python, timeout=timeout)


def host_notes(report: HostReport) -> list[tuple[str, str]]:
    """(severity, sentence) of the report's notes, the most important first (error | warning | info)."""
    return [(note.severity, note_text(note)) for note in sorted_notes(report.notes)]


def cuda_explanation(report: HostReport) -> list[str]:
    """Why the driver's CUDA and the toolkit's CUDA differ, in sentences (empty when there is nothing to say)."""
    return list(explain_cuda_versions(report))
