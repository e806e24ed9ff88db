"""The checker's small engine: read, extract, run the rule families, rank. ``check_document`` is the API.

Qt-free and TensorFlow-free; the matrix through ``core.setup.matrix``'s typed model. Findings are ranked:
errors first, then warnings, then information; within a severity by line. A rule that fires twice on one
line says it once.
"""

from __future__ import annotations

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup.check.docker import check_docker
from tfgpu_wizard.core.setup.check.extract import Document, extract, read_document
from tfgpu_wizard.core.setup.check.facts import MatrixFacts
from tfgpu_wizard.core.setup.check.machine import Tools, check_machine
from tfgpu_wizard.core.setup.check.model import CheckFinding, CheckReport, Unknown
from tfgpu_wizard.core.setup.check.rules import build_context, check_text
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.matrix import Matrix, load_matrix
from tfgpu_wizard.core.setup.recommend import host_platform

CTX = "check"
_ORDER = {"error": 0, "warning": 1, "info": 2}

NOTE_TEXT = {
    "binary": "This is not a text (a binary file): nothing to check.",
    "empty": "The text is empty: nothing to check.",
    "cut": "The text is very long: only its first 2 million characters were checked.",
    "not-json": "It looks like a notebook but is not valid JSON: it was checked as plain text.",
    "no-claims": "No install command and no version claim found: nothing to check.",
}


def note_text(code: str) -> str:
    return tr(CTX, NOTE_TEXT.get(code, code))


def check_document(doc: Document, *, matrix: Matrix | None = None, host: HostReport | None = None,
                   tools: Tools | None = None) -> CheckReport:
    """Check ``doc`` against the matrix's sources, its own lines and (with ``host``) this machine."""
    notes = list(doc.notes)
    if "binary" in notes or "empty" in notes:
        return CheckReport(doc.format, doc.total_lines, 0, [], [], notes, host is not None)
    facts = MatrixFacts(matrix or load_matrix())
    claims = extract(doc)
    platform = host_platform(host) if host is not None else "linux"
    if platform not in ("linux", "wsl2", "windows", "macos"):
        platform = "linux"
    ctx = build_context(facts, claims, platform if platform != "macos" else "linux")
    findings, unknowns = check_text(facts, claims, ctx)
    dfind, dunknown = check_docker(facts, claims)
    findings += dfind
    unknowns += dunknown
    findings += check_machine(facts, claims, ctx, host, tools)
    findings = _dedupe(findings)
    for f in findings:  # source keys of the matrix ("WHEEL", "ISSUE #62320") as their URLs / descriptions
        f.sources = [s if "://" in s else (facts.matrix.source_url(s) or s) for s in f.sources]
    findings.sort(key=lambda f: (_ORDER.get(f.severity, 3), f.refs[0].cell or 0 if f.refs else 0, f.line))
    unknowns = _dedupe_unknowns(unknowns)
    if not claims.count():
        notes.append("no-claims")
    return CheckReport(doc.format, doc.total_lines, claims.count(), findings, unknowns, notes, host is not None)


def check_bytes(data: bytes | str, name: str = "", **kw) -> CheckReport:
    return check_document(read_document(data, name), **kw)


def _dedupe(findings: list[CheckFinding]) -> list[CheckFinding]:
    seen: set[tuple] = set()
    out = []
    for f in findings:
        key = (f.rule, f.refs[0].cell if f.refs else None, f.line)
        if key in seen:
            continue
        seen.add(key)
        out.append(f)
    return out


def _dedupe_unknowns(items: list[Unknown]) -> list[Unknown]:
    seen: set[tuple] = set()
    out = []
    for u in items:
        key = (u.ref.cell, u.ref.line)
        if key not in seen:
            seen.add(key)
            out.append(u)
    return sorted(out, key=lambda u: (u.ref.cell or 0, u.ref.line))
