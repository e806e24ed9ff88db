"""What the checker reads and what it says: a document's lines, the claims found in them, findings, unknowns.

Every finding says which line(s) it stands on (``Ref``: the line of the file, and for a notebook the cell and
the line in it), what it contradicts (``against``: the matrix's ``sources``, another line of the same
``text``, or this ``machine``), and the corrected command where there is one. Words are English templates
translated when a finding is made (``core.i18n.tr("check", ...)``); the checker runs again after a language
switch rather than keeping old words.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

SEVERITIES = ("error", "warning", "info")
AGAINST = ("sources", "text", "machine")
FORMATS = ("markdown", "text", "shell", "notebook", "requirements", "conda-env", "dockerfile", "compose")


@dataclass(frozen=True)
class Line:
    """One line of the document as the checker sees it.

    ``no`` is the 1-based line in the file (for a notebook: the line in the cell's source, see ``cell``);
    ``code`` says the line is a command or program (a fenced block, a script, a Dockerfile, a code cell,
    a line starting with ``$``), else prose (which is still searched for commands: pasted web pages have
    no code fences); ``lang`` is what the code is (``shell``, ``python``, ``dockerfile``, ``yaml``,
    ``requirements``) or ``""`` for prose.
    """

    no: int
    text: str
    code: bool = False
    lang: str = ""
    cell: int | None = None


@dataclass(frozen=True)
class Ref:
    """Where a finding stands: ``line`` (1-based) and, in a notebook, ``cell`` (1-based)."""

    line: int
    text: str
    cell: int | None = None

    def label(self) -> str:
        return f"{self.cell}:{self.line}" if self.cell is not None else str(self.line)


@dataclass
class CheckFinding:
    """One thing the text says that is wrong, with the line(s) it stands on and the corrected command.

    ``rule`` is a stable id (docs/check.md lists them); ``severity`` error (following it fails), warning
    (it works badly or only sometimes), info (harmless but worth knowing); ``against`` what it contradicts.
    ``fix`` is the corrected command or statement ("" when there is none to give); ``sources`` are the
    matrix's source keys or URLs the verdict rests on.
    """

    rule: str
    severity: str
    against: str
    title: str
    explanation: str
    fix: str = ""
    refs: list[Ref] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)

    @property
    def line(self) -> int:
        return self.refs[0].line if self.refs else 0

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["lines"] = [r.label() for r in self.refs]
        return d


@dataclass
class Unknown:
    """A claim the sources cannot decide (never reported as a problem): where, what, and why not."""

    ref: Ref
    claim: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.ref.label(), "text": self.ref.text, "claim": self.claim, "reason": self.reason}


@dataclass
class CheckReport:
    """The checker's answer for one document."""

    format: str
    lines: int
    claims: int  # version claims and install commands found
    findings: list[CheckFinding]
    unknowns: list[Unknown]
    notes: list[str] = field(default_factory=list)  # what the reading itself says (binary, empty, cut, ...)
    checked_machine: bool = False  # this machine's facts were part of the check

    @property
    def problems(self) -> bool:
        return any(f.severity in ("error", "warning") for f in self.findings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "lines": self.lines,
            "claims": self.claims,
            "checked_machine": self.checked_machine,
            "notes": list(self.notes),
            "findings": [f.to_dict() for f in self.findings],
            "unknowns": [u.to_dict() for u in self.unknowns],
        }
