"""Diagnose: explain an error log. ``tfgpu-wizard diagnose`` and the Diagnose page (and Verify's paste box).

The log is read as users save it (``core.diagnose.engine.read_log``: BOMs, UTF-16, GBK consoles, a huge file at
its start and its end); the findings come from the rules engine, ranked, with the context the caller has: a
platform and TensorFlow version the user named, and this machine's facts when the log comes from here
(``core.diagnose.verdict.diagnosis_context``: the driver advice then starts from them, and on a machine without
an NVIDIA GPU or driver the messages it always prints are "info"). What the log does not tell is said too (the
report's notes). Words are made when asked, in the current language. Plain functions: nothing here waits but
``explain_file``, which reads a file (a face calls it off its GUI thread).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tfgpu_wizard.core.diagnose.engine import (
    ONLY_HARMLESS,
    DiagnosisReport,
    Finding,
    LogText,
    decode_log,
    diagnose_report,
    read_log,
)
from tfgpu_wizard.core.diagnose.textdecode import detect_encoding
from tfgpu_wizard.core.diagnose.verdict import cpu_is_all_it_has, diagnosis_context
from tfgpu_wizard.core.setup.host_model import HostReport

__all__ = ["Explanation", "LogText", "explain", "explain_file", "in_full", "read_log"]


@dataclass
class Explanation:
    """A log, what the caller knows about it, and (when asked, in the current language) what it means."""

    text: str
    platform: str | None = None  # named by the user (else guessed from the log)
    tf_version: str | None = None  # named by the user (else read from the log when printed)
    host: HostReport | None = None  # this machine, when the log comes from here
    gap: tuple[int, int] | None = None  # lines of a huge file that were not read (``LogText.gap``)
    encoding: str | None = None  # how the bytes were decoded (None: the caller gave text)

    def context(self) -> dict[str, Any]:
        ctx = diagnosis_context(None, self.host) if self.host is not None else {}
        if self.platform:
            ctx["platform"] = self.platform
        if self.tf_version:
            ctx["tf_version"] = self.tf_version
        return ctx

    def report(self) -> DiagnosisReport:
        """The findings, ranked (harmless lines included: a face shows them briefly), and what the log does not
        tell (``notes``), in the current language."""
        return diagnose_report(self.text, self.platform, self.context() or None, tf_version=self.tf_version,
                               gap=self.gap)

    @property
    def findings(self) -> list[Finding]:
        return self.report().findings

    @property
    def no_gpu_here(self) -> bool:
        """The log is read on this machine and it has no NVIDIA GPU (``cpu_is_all_it_has``): CUDA messages are
        expected here, which a face says beside the findings."""
        return self.host is not None and cpu_is_all_it_has(self.host)

    @property
    def problems(self) -> bool:
        """An error or a warning was found (``diagnose`` exits 1)."""
        return any(f.severity in ("error", "warning") for f in self.findings)


def in_full(finding: Finding) -> bool:
    """Explained in full (why, fix): every error, warning and info finding, and "only harmless lines"; a harmless
    line is named only, so a beginner sees the scary line is known (``diagnose --all`` explains those too)."""
    return finding.severity != "harmless" or finding.rule_id == ONLY_HARMLESS.id


def explain(log: str | bytes | LogText, *, platform: str | None = None, tf_version: str | None = None,
            host: HostReport | None = None, gap: tuple[int, int] | None = None) -> Explanation:
    """An ``Explanation`` of ``log``: text, the bytes of a saved file, or a file ``read_log`` read (``gap``: the
    lines of a huge file that were not read, so the line numbers stay the file's)."""
    if isinstance(log, LogText):
        return Explanation(log.text, platform, tf_version, host, log.gap, log.encoding)
    if isinstance(log, bytes):
        return Explanation(decode_log(log), platform, tf_version, host, gap, detect_encoding(log))
    return Explanation(log, platform, tf_version, host, gap)


def explain_file(path: str | Path, *, platform: str | None = None, tf_version: str | None = None,
                 host: HostReport | None = None) -> Explanation:
    """``explain`` of a log file of any size (a huge one is read at its start and its end, never all at once).
    Raises OSError when it cannot be read."""
    return explain(read_log(path), platform=platform, tf_version=tf_version, host=host)
