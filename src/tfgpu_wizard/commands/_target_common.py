"""What the commands that drive target flows share: the interpreter argument, findings, progress lines."""

from __future__ import annotations

import sys
from typing import Any

DIAG_CTX = "diagnose"  # the findings' words are the diagnosis engine's (context "diagnose")


def resolve_python(path: str | None) -> str:
    """An interpreter path, or a venv / conda env folder (core.setup.host knows the layouts); this Python if None."""
    if not path:
        from tfgpu_wizard.core.paths import default_python

        return default_python()
    from tfgpu_wizard.core.setup.host import resolve_python as _resolve

    return _resolve(path)


def print_progress(item: Any) -> None:
    """A flow's progress on stderr: each phase and "still waiting" line that has words (stdout stays the answer)."""
    if item.kind in ("phase", "waiting") and item.text:
        from tfgpu_wizard.commands._console import err

        err().line(item.text, data=True)
        sys.stderr.flush()


class ProgressPrinter:
    """A flow's progress on stderr, for a long phase too (issue 23, newcomer-2 #26): phases and "still waiting"
    lines as text; training steps (``step`` items) as a rich progress bar on a terminal and, in a pipe or a file,
    a plain line every ``every`` seconds. Call it with each item; ``close()`` (or use as a context manager) ends
    the bar."""

    def __init__(self, every: float = 15.0) -> None:
        self.every = every
        self._beat: Any = None

    def __call__(self, item: Any) -> None:
        from tfgpu_wizard.commands._console import Heartbeat

        if item.kind == "step" and item.total:
            if self._beat is None:
                from tfgpu_wizard.core.i18n import tr

                self._label = tr("cli", "Training")
                self._beat = Heartbeat(self._label, total=float(item.total), every=self.every).__enter__()
            self._beat.update(None, item.done)
            return
        if item.kind in ("phase", "waiting") and item.text:
            self.close()
            print_progress(item)

    def close(self) -> None:
        if self._beat is not None:
            self._beat.__exit__(None, None, None)
            self._beat = None

    def __enter__(self) -> ProgressPrinter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def print_findings(o: Any, findings: list, show_harmless: bool = False) -> None:
    """Diagnosis findings through the console: each with the vocabulary's mark and colour for its severity, the
    why and the fix wrapped under it, the quoted log lines made visible (a log is data: drills-3 #6)."""
    from tfgpu_wizard.core import verdicts
    from tfgpu_wizard.core.diagnose.engine import ONLY_HARMLESS
    from tfgpu_wizard.core.i18n import tr

    labels = {"error": tr(DIAG_CTX, "ERROR"), "warning": tr(DIAG_CTX, "WARNING"), "info": tr(DIAG_CTX, "INFO"),
              "harmless": tr(DIAG_CTX, "HARMLESS")}
    if not findings:
        # "·" as the window says it: a log whose problem is not a known one is not a "✓" (the same fact, one kind)
        o.verdict(verdicts.INFO, tr(DIAG_CTX, "No known problem found in this log."), style_text=False)
        return
    rank_of = {f.rule_id: f.rank for f in findings}
    for f in findings:
        full = f.severity != "harmless" or show_harmless or f.rule_id == ONLY_HARMLESS.id
        kind = verdicts.for_severity(f.severity)
        head = f"[{labels.get(f.severity, f.severity)}] {f.title}"
        if f.symptom_of:
            head += "  " + tr(DIAG_CTX, "(a consequence of #{n})").format(n=rank_of.get(f.symptom_of, "?"))
        o.verdict(kind, f"{f.rank}. {head}", style_text=False)
        if full:
            o.line(tr(DIAG_CTX, "Why:") + " " + f.explanation, indent=3, hang=5)
            o.line(tr(DIAG_CTX, "Fix:") + " " + f.fix, indent=3, hang=5)
        shown = f.evidence[: 3 if full else 1]
        for e in shown:
            o.line(tr(DIAG_CTX, "line {n}:").format(n=e.line) + " " + (e.message or e.text), indent=3, hang=5, data=True)
        if f.count > len(shown):
            o.line(tr(DIAG_CTX, "({n} matching lines in all)").format(n=f.count), indent=3)
        if full and f.sources and f.severity not in ("harmless", "info"):
            o.line(tr(DIAG_CTX, "See:") + " " + " ".join(f.sources[:2]), indent=3, hang=5)
        o.blank()


def format_findings(findings: list) -> str:
    from tfgpu_wizard.core.diagnose.engine import format_findings as _fmt

    return _fmt(findings, show_harmless=False)


def stderr_findings(text: str, context: dict | None = None) -> list:
    """Findings of the diagnosis engine for ``text``, harmless lines left out; empty when it fails."""
    if not text.strip():
        return []
    from tfgpu_wizard.core.diagnose import engine

    try:
        found = list(engine.diagnose(text, context=context or None))
    except Exception:  # noqa: BLE001 - diagnosis is a bonus: never let it break the verdict
        return []
    return [f for f in found if f.severity != "harmless"]
