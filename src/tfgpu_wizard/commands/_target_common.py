"""Helpers shared by the verify, sample and cluster commands (helper D's area)."""

from __future__ import annotations


def resolve_python(path: str | None) -> str:
    """An interpreter path, or a venv / conda env folder (core.setup.host knows the layouts); this Python if None."""
    if not path:
        from tfgpu_wizard.core.paths import default_python

        return default_python()
    try:
        from tfgpu_wizard.core.setup.host import resolve_python as _resolve
    except ImportError:  # pragma: no cover - core.setup.host is part of the app
        return path
    return _resolve(path)


def stderr_findings(text: str, context: dict | None = None) -> list:
    """Findings of the diagnosis engine for ``text``; empty when the engine is missing or fails."""
    if not text.strip():
        return []
    try:
        from tfgpu_wizard.core.diagnose import engine as _diagnose
    except ImportError:
        return []
    try:
        found = list(_diagnose.diagnose(text, context=context or None))
    except Exception:  # diagnosis is a bonus: never let it break the verdict
        return []
    return [f for f in found if getattr(f, "severity", "") != "harmless"]


def format_findings(findings: list) -> str:
    try:
        from tfgpu_wizard.core.diagnose.engine import format_findings as _fmt

        return _fmt(findings, show_harmless=False)
    except Exception:
        return "\n".join(f"- {getattr(f, 'title', f)}: {getattr(f, 'fix', '')}" for f in findings)
