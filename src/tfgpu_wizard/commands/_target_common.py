"""What the commands that drive target flows share: the interpreter argument, findings, progress lines."""

from __future__ import annotations

import sys
from typing import Any


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
        print(item.text, file=sys.stderr, flush=True)


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
