"""Check: is this tutorial, requirements file, notebook or Dockerfile right, and right for this machine?
``tfgpu-wizard check`` and the Check page.

The text is read as users save it (encodings as for logs; a notebook's cells, never its outputs), its claims
and install commands are checked by ``core.setup.check`` against the matrix's sources, against its own other
lines, and against this machine's facts when the caller has them (``host``; ``tools``: docker and the NVIDIA
Container Toolkit on PATH). Words are made when asked (``report`` is made again after a language switch). A
plain function: nothing here waits (the caller detects the host first, off the GUI thread).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from tfgpu_wizard.core import i18n
from tfgpu_wizard.core.diagnose.textdecode import decode_bytes, detect_encoding
from tfgpu_wizard.core.setup.check.engine import check_document, note_text
from tfgpu_wizard.core.setup.check.extract import MAX_NOTEBOOK_BYTES, Document, read_document
from tfgpu_wizard.core.setup.check.machine import Tools, find_tools
from tfgpu_wizard.core.setup.check.model import CheckReport
from tfgpu_wizard.core.setup.host_model import HostReport

# What is read of a file at most: a notebook is parsed whole up to this size, other text is cut further on.
MAX_READ_BYTES = MAX_NOTEBOOK_BYTES
FORMAT_NAMES = {  # --format: a file name that makes read_document take the format
    "markdown": "text.md", "text": "text.txt", "shell": "script.sh", "notebook": "notebook.ipynb",
    "requirements": "requirements.txt", "conda-env": "environment.yml", "dockerfile": "Dockerfile",
    "compose": "compose.yml",
}


@dataclass
class CheckResult:
    """A document, what the caller knows about this machine, and (when asked) the checker's report."""

    doc: Document
    host: HostReport | None = None
    tools: Tools | None = None
    cut: bool = False  # the file was larger than MAX_READ_BYTES: only its start was read
    _cache: dict[str, CheckReport] = field(default_factory=dict, repr=False)

    @property
    def report(self) -> CheckReport:
        lang = i18n.language()
        if lang not in self._cache:
            rep = check_document(self.doc, host=self.host, tools=self.tools)
            if self.cut and "cut" not in rep.notes:
                rep.notes.append("cut")
            self._cache.clear()
            self._cache[lang] = rep
        return self._cache[lang]

    @property
    def exit_code(self) -> int:
        """0 nothing wrong found, 1 an error or a warning, 2 not a text (binary)."""
        rep = self.report
        if "binary" in rep.notes:
            return 2
        return 1 if rep.problems else 0


def read_source(path: str | Path) -> tuple[bytes, bool]:
    """The bytes of ``path`` (at most MAX_READ_BYTES) and whether it was cut. Raises OSError."""
    with open(path, "rb") as fh:
        data = fh.read(MAX_READ_BYTES + 1)
    return data[:MAX_READ_BYTES], len(data) > MAX_READ_BYTES


@dataclass
class SourceFile:
    """A file opened to be checked: what a text box shows of it (``text``, ``encoding``, ``size``, ``gap``: the
    fields of a log box's ``LogText``) and the bytes the checker reads (``data``; ``cut`` when the file was larger
    than MAX_READ_BYTES and only its start was read)."""

    text: str
    encoding: str
    size: int
    data: bytes
    cut: bool = False
    gap: tuple[int, int] | None = None


SHOWN_BYTES = 4_000_000  # what a text box gets of a file (the checker still reads up to MAX_READ_BYTES)


def open_source(path: str | Path) -> SourceFile:
    """``path`` read for the Check page's box and the checker (encodings as for logs). Raises OSError."""
    data, cut = read_source(path)
    return SourceFile(decode_bytes(data[:SHOWN_BYTES]), detect_encoding(data[:65536]), os.path.getsize(path),
                      data, cut)


def check(source: bytes | str, *, name: str = "", fmt: str | None = None, host: HostReport | None = None,
          tools: Tools | None = None, cut: bool = False) -> CheckResult:
    """A ``CheckResult`` for ``source`` (bytes of a file or pasted text). ``name`` helps to tell the format
    (``Dockerfile``, ``environment.yml``); ``fmt`` forces one (``FORMAT_NAMES``)."""
    doc = read_document(source, FORMAT_NAMES.get(fmt or "", name))
    return CheckResult(doc, host=host, tools=tools, cut=cut)


def machine_tools() -> Tools:
    """docker and the NVIDIA Container Toolkit on PATH (no process is started)."""
    return find_tools()


# note_text(code): a report note's words (``CheckReport.notes`` holds codes), for both faces
__all__ = ["FORMAT_NAMES", "MAX_READ_BYTES", "CheckResult", "SourceFile", "check", "machine_tools", "note_text",
           "open_source", "read_source"]
