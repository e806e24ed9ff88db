"""Small shared widgets: the page base class, headings, empty states, verdict lines.

Colours never carry meaning alone: every coloured verdict starts with a symbol (✓ ✗ ! …) and a word.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QWidget

from tfgpu_wizard.core import verdicts

# The window's colours for the verdict vocabulary's colour names (core.verdicts: the CLI maps the same names to
# terminal styles), so one fact has one mark, one word and one colour on every page and in the terminal.
PALETTE = {"green": "#1a7f37", "yellow": "#9a6700", "red": "#b42318", "blue": "#1f4e99", "grey": "#555555"}
# The pages' short kinds, as the vocabulary's kinds: ok, bad (not working), warn (caveats), info; busy is no verdict.
KIND_OF = {"ok": verdicts.OK, "bad": verdicts.NOT_WORKING, "warn": verdicts.CAVEATS, "info": verdicts.INFO}
SYMBOL = {k: verdicts.mark(v) for k, v in KIND_OF.items()} | {"busy": "…"}
COLOR = {k: PALETTE[verdicts.colour(v)] for k, v in KIND_OF.items()} | {"busy": "#444"}


class Page(QWidget):
    """Base of every page: a status signal for the main window's status line, and hooks."""

    status = Signal(str)

    def retranslate(self) -> None:  # pragma: no cover - every page overrides it
        """Set every visible text again in the current language."""

    def on_shown(self) -> None:
        """Called each time the page becomes the current page."""

    def shutdown(self) -> None:
        """Stop whatever the page runs (processes, threads, timers). Must be idempotent."""

    def busy(self) -> bool:
        return False


def heading(text: str = "") -> QLabel:
    lab = QLabel(text)
    font = lab.font()
    font.setPointSizeF(font.pointSizeF() * 1.35)
    font.setBold(True)
    lab.setFont(font)
    lab.setWordWrap(True)
    return lab


def wrap_label(text: str = "", selectable: bool = True) -> QLabel:
    lab = QLabel(text)
    lab.setWordWrap(True)
    # Preferred, not Minimum, vertically: a Minimum label asks for its height at a narrow guessed width (three
    # times the lines it needs at 1024 px), which made whole pages taller than a 600-px screen. Its layout still
    # gives it the height its real width needs (height-for-width); tests/gui/test_gui_fit_1024.py checks both.
    lab.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    if selectable:
        lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return lab


def empty_state(text: str = "") -> QLabel:
    lab = QLabel(text)
    lab.setWordWrap(True)
    lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
    lab.setStyleSheet("color: #555; border: 1px dashed #bbb; padding: 18px; border-radius: 6px;")
    return lab


def verdict_html(kind: str, text: str) -> str:
    """A verdict line: mark + text in the kind's colour (the mark carries the meaning). ``kind`` is one of the
    vocabulary's kinds (``core.verdicts``: ok, ok-cpu, caveats, needs-action, not-working, info, stopped) or a
    page's short kind (ok, bad, warn, info, busy)."""
    key = KIND_OF.get(kind, kind)
    if key in verdicts.KINDS:
        colour, mark = PALETTE[verdicts.colour(key)], verdicts.mark(key)
    else:
        colour, mark = COLOR.get(kind, "#222"), SYMBOL.get(kind, "")
    return f'<span style="color:{colour}; font-weight:600;">{mark} {html.escape(text)}</span>'


def kind_html(key: str, text: str) -> str:
    """A headline in the vocabulary's words: the kind's label, then what was found ("✓ Works on the CPU, as
    intended: TensorFlow 2.21.0 works …"), in the current language; Sanity, Verify, "Run it for me" and
    Diagnose say the same thing about the same fact this way (issue 23)."""
    from PySide6.QtCore import QCoreApplication

    if not text:
        return verdict_html(key, verdicts.label(key))
    # "Label: text", with the full-width colon in Chinese
    return verdict_html(key, QCoreApplication.translate("Verdicts", "{0}: {1}").format(verdicts.label(key), text))


def save_start(name: str) -> str:
    """Where a save dialog opens: Documents (or home), not whatever folder the app was started from."""
    from pathlib import Path

    docs = Path.home() / "Documents"
    return str((docs if docs.is_dir() else Path.home()) / name)


def saved_html(text: str, path: str) -> str:
    """"Saved to …" after an export, with a link that opens the folder (gui-audit-2 N14: exports said nothing)."""
    from pathlib import Path

    from PySide6.QtCore import QUrl

    folder = bytes(QUrl.fromLocalFile(str(Path(path).resolve().parent)).toEncoded()).decode("ascii")
    return verdict_html("ok", text) + f' <a href="{html.escape(folder)}">{html.escape(str(path))}</a>'


def hline() -> QFrame:
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line
