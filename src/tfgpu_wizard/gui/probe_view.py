"""The verification probe's result in the GUI: the same verdict as the CLI's ``verify``.

The GUI runs ``target/probe.py`` under ``TargetProcess`` (QProcess); the CLI under
``core.target.runner.run_probe``. Both end in ``core.target.runner.probe_verdict``: here a ``TargetResult`` is
assembled from what the QProcess saw (the probe's JSON object, exit code, timeout/cancel, stderr),
so the words a user reads are the same in both places.
"""

from __future__ import annotations

import html
import json
from typing import Any

from tfgpu_wizard.gui.widgets import verdict_html
from tfgpu_wizard.gui.workers import FinishInfo

VERDICT_KIND = {
    "gpu": "ok",
    "no-gpu": "bad",
    "gpu-broken": "bad",
    "no-tensorflow": "bad",
    "crashed": "bad",
    "hung": "bad",
    "not-started": "bad",
}


def probe_verdict_for(info: FinishInfo, report: dict[str, Any] | None, stderr: str, command: list[str],
                      host: Any = None):
    """``core.target.runner.ProbeVerdict`` for a probe run seen through ``TargetProcess``, its reasons starting from
    the host's facts (``core.diagnose.verdict.with_host_facts``: no driver, CPU-only wheel, old driver, libraries)."""
    from tfgpu_wizard.core.diagnose.verdict import with_host_facts
    from tfgpu_wizard.core.target.runner import TargetResult, parse_event_line, probe_verdict

    events = [parse_event_line(json.dumps(report))] if isinstance(report, dict) else []
    result = TargetResult(
        command=list(command),
        events=events,
        returncode=info.exit_code,
        timed_out=info.status == "timeout",
        stopped=info.status == "cancelled",
        start_error=(info.error or "could not be started") if info.status == "not-started" else None,
        stderr=stderr,
        duration_s=info.duration_s,
    )
    return with_host_facts(probe_verdict(result), host)


def diagnosis_context(verdict: Any, host: Any = None) -> dict[str, Any]:
    """What the probe (and the host) know that a log alone does not: ``core.diagnose.verdict.diagnosis_context``."""
    from tfgpu_wizard.core.diagnose.verdict import diagnosis_context as _context

    return _context(getattr(verdict, "report", None), host)


def keras_lines(verdict: Any) -> tuple[str | None, str | None]:
    """(which Keras ``tf.keras`` is, what is wrong with a requested Keras 2) from the probe's report.

    The same words as in ``verdict.details`` (``core.target.runner.keras_label`` / ``keras_legacy_problem``);
    the GUI lifts them out so a Keras 2 problem is a warning line, not one detail among many.
    """
    from tfgpu_wizard.core.target.runner import keras_label, keras_legacy_problem

    report = getattr(verdict, "report", None) or {}
    keras = report.get("keras") or {}
    if not isinstance(keras, dict) or not (keras.get("version") or keras.get("legacy_problem")):
        return None, None
    tf_version = (report.get("tensorflow") or {}).get("version")
    return keras_label(keras), keras_legacy_problem(keras, tf_version)


def verdict_block_html(verdict: Any) -> str:
    """Headline, then a Keras 2 problem, then why (for a missing GPU), then the details (versions, matmul)."""
    kind = VERDICT_KIND.get(verdict.status, "warn")
    parts = [f"<p style='font-size:13pt'>{verdict_html(kind, verdict.headline)}</p>"]
    _, keras_problem = keras_lines(verdict)
    if keras_problem:
        parts.append(f"<p>{verdict_html('warn', keras_problem)}</p>")
    if verdict.reasons:
        parts.append("<ul>" + "".join(f"<li>{html.escape(r)}</li>" for r in verdict.reasons) + "</ul>")
    details = [d for d in verdict.details or [] if d != keras_problem]
    if details:
        parts.append("<p style='color:#444'>" + "<br>".join(html.escape(d) for d in details) + "</p>")
    return "".join(parts)
