"""The verification probe's result in the window, worded as the CLI's ``verify`` words it.

Setup → Verify and the Sanity check drive ``core.flows`` (``verify``, ``sanity``); this module only turns their
``ProbeVerdict`` and library check into HTML.
"""

from __future__ import annotations

import html
from typing import Any

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.gui.widgets import verdict_html

VERDICT_KIND = {
    "gpu": "ok",
    "no-gpu": "bad",
    "gpu-broken": "bad",
    "no-tensorflow": "bad",
    "crashed": "bad",
    "hung": "bad",
    "not-started": "bad",
}


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


def verdict_block_html(verdict: Any, as_intended: bool = False) -> str:
    """Headline, then a Keras 2 problem, then why (for a missing GPU), then the details (versions, matmul).

    ``as_intended``: a CPU plan's environment works on the CPU, which is what it installs (``verify --expect-cpu``).
    """
    kind = "ok" if as_intended else VERDICT_KIND.get(verdict.status, "warn")
    parts = []
    if as_intended:
        parts.append(f"<p style='font-size:13pt'>"
                     f"{verdict_html('ok', tr('target', 'TensorFlow works, on the CPU, as this plan intends.'))}</p>")
        parts.append(f"<p>{html.escape(verdict.headline)}</p>")
    else:
        parts.append(f"<p style='font-size:13pt'>{verdict_html(kind, verdict.headline)}</p>")
    _, keras_problem = keras_lines(verdict)
    if keras_problem:
        parts.append(f"<p>{verdict_html('warn', keras_problem)}</p>")
    if verdict.reasons:
        parts.append("<ul>" + "".join(f"<li>{html.escape(r)}</li>" for r in verdict.reasons) + "</ul>")
    details = [d for d in verdict.details or [] if d != keras_problem]
    if details:
        parts.append("<p style='color:#444'>" + "<br>".join(html.escape(d) for d in details) + "</p>")
    return "".join(parts)


def libraries_html(check: Any) -> str:
    """The library check of ``core.flows.verify``: which GPU library did not load, and what to do."""
    if not check.missing:
        return "<p>" + html.escape(tr("target", "TensorFlow's loader did not name the library that failed, even "
                                                "with its messages on.")) + "</p>"
    items = "".join(f"<li><code>{html.escape(m.name)}</code>: {html.escape(m.reason)}</li>" for m in check.missing)
    fix = "<br>".join(html.escape(line) for line in check.fix)
    return (f"<p>{verdict_html('bad', tr('target', 'TensorFlow could not load:'))}</p><ul>{items}</ul>"
            f"<p><b>{html.escape(tr('target', 'What to do:'))}</b><br><code>{fix}</code></p>")
