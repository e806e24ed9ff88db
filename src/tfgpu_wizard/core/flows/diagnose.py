"""Diagnose: explain an error log. ``tfgpu-wizard diagnose`` and the Diagnose page (and Verify's paste box).

The log is read as users save it (``core.diagnose.textdecode``: BOMs, UTF-16, GBK consoles); the findings come
from the rules engine, ranked, with the context the caller has: a platform and TensorFlow version the user
named, and this machine's facts when the log comes from here (``core.diagnose.verdict.diagnosis_context``: the
driver advice then starts from them). What the log does not tell is said too. Words are made when asked. A plain
function: nothing here waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tfgpu_wizard.core.diagnose.engine import ONLY_HARMLESS, Finding, decode_log, unknowns
from tfgpu_wizard.core.diagnose.engine import diagnose as _diagnose
from tfgpu_wizard.core.diagnose.verdict import diagnosis_context
from tfgpu_wizard.core.setup.host_model import HostReport


@dataclass
class Explanation:
    """A log, what the caller knows about it, and (when asked, in the current language) what it means."""

    text: str
    platform: str | None = None  # named by the user (else guessed from the log)
    tf_version: str | None = None  # named by the user (else read from the log when printed)
    host: HostReport | None = None  # this machine, when the log comes from here

    def context(self) -> dict[str, Any]:
        ctx = diagnosis_context(None, self.host) if self.host is not None else {}
        if self.platform:
            ctx["platform"] = self.platform
        if self.tf_version:
            ctx["tf_version"] = self.tf_version
        return ctx

    @property
    def findings(self) -> list[Finding]:
        """Every finding, ranked (harmless lines included: a face shows them briefly)."""
        return _diagnose(self.text, context=self.context() or None) if self.text.strip() else []

    @property
    def problems(self) -> bool:
        """An error or a warning was found (``diagnose`` exits 1)."""
        return any(f.severity in ("error", "warning") for f in self.findings)

    def unknowns(self, findings: list[Finding] | None = None) -> list[str]:
        """What this log does not tell (the error itself, the TensorFlow version, the platform)."""
        return unknowns(self.text, self.findings if findings is None else findings, self.context())


def in_full(finding: Finding) -> bool:
    """Explained in full (why, fix): every error and warning, and "only harmless lines"; a harmless line is
    named only, so a beginner sees the scary line is known (``diagnose --all`` explains those too)."""
    return finding.severity != "harmless" or finding.rule_id == ONLY_HARMLESS.id


def explain(log: str | bytes, *, platform: str | None = None, tf_version: str | None = None,
            host: HostReport | None = None) -> Explanation:
    """An ``Explanation`` of ``log`` (text, or the bytes of a saved file)."""
    text = decode_log(log) if isinstance(log, bytes) else log
    return Explanation(text, platform=platform, tf_version=tf_version, host=host)
