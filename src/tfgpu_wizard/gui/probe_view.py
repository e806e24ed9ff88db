"""The verification probe's result in the window, worded as the CLI's ``verify`` words it.

Setup → Verify drives ``core.flows.verify``; this module only turns its result (verdict, Keras 2 problem,
library check) into HTML.
"""

from __future__ import annotations

import html
from typing import Any

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.gui.widgets import kind_html, verdict_html


def verdict_block_html(result: Any) -> str:
    """Headline, then a Keras 2 problem, then why (for a missing GPU), then the details (versions, matmul), of a
    ``core.flows.verify.VerifyResult``. A CPU plan's environment working on the CPU is what it installs
    (``verify --expect-cpu``): then that is the headline."""
    verdict = result.verdict
    # The vocabulary's kind (core.verdicts), as Sanity, "Run it for me" and the CLI's verify say it: on a computer
    # without an NVIDIA GPU, "works, no GPU" is "Works on the CPU, as expected" (gui-audit-2 F3), not a red ✗.
    key = result.verdict_kind
    parts = []
    if result.as_intended:
        parts.append(f"<p style='font-size:13pt'>"
                     f"{verdict_html(key, tr('target', 'TensorFlow works, on the CPU, as this plan intends.'))}</p>")
        parts.append(f"<p>{html.escape(verdict.headline)}</p>")
    else:
        parts.append(f"<p style='font-size:13pt'>{kind_html(key, verdict.headline)}</p>")
    _, keras_problem = result.keras
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
