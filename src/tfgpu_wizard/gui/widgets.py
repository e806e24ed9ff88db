"""Small shared widgets: the page base class, headings, empty states, verdict lines.

Colours never carry meaning alone: every coloured verdict starts with a symbol (✓ ✗ ! …) and a word.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QWidget

SYMBOL = {"ok": "✓", "bad": "✗", "warn": "!", "info": "i", "busy": "…"}
COLOR = {"ok": "#1a7f37", "bad": "#b42318", "warn": "#9a6700", "info": "#1f4e99", "busy": "#444"}


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
    """A verdict line: symbol + text in the kind's colour (the symbol carries the meaning)."""
    return (
        f'<span style="color:{COLOR.get(kind, "#222")}; font-weight:600;">'
        f"{SYMBOL.get(kind, '')} {html.escape(text)}</span>"
    )


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
