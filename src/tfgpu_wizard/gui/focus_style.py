"""A keyboard focus ring a beginner can see (gui-audit F16: "the focus ring is faint").

Qt's Fusion style marks the focused button, field or list with a 1-px frame in a pale blend of the highlight colour;
on a laptop screen it is easy to lose track of where Tab went. This proxy keeps every control as Fusion draws it and
adds a 2-px ring in the full highlight colour around the one that has focus. A proxy style, not a style sheet: a
style sheet on buttons replaces their whole look (bevel, padding, default-button marking) in every page.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle

RING_WIDTH = 2

_State = QStyle.StateFlag
_CONTROLS = (QStyle.ControlElement.CE_PushButton,)
_COMPLEX = (QStyle.ComplexControl.CC_ComboBox, QStyle.ComplexControl.CC_SpinBox, QStyle.ComplexControl.CC_ToolButton)
_PANELS = (QStyle.PrimitiveElement.PE_PanelLineEdit,)


def _focused(option) -> bool:
    state = option.state
    return bool(state & _State.State_HasFocus) and bool(state & _State.State_Enabled)


class FocusRingStyle(QProxyStyle):
    """Fusion (or the platform's style), plus a clear focus ring."""

    def ring(self, painter: QPainter, option, inset: float = 1.0) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(option.palette.color(QPalette.ColorRole.Highlight), RING_WIDTH))
        half = RING_WIDTH / 2 + inset - 1
        painter.drawRoundedRect(QRectF(option.rect).adjusted(half, half, -half, -half), 3, 3)
        painter.restore()

    def drawControl(self, element, option, painter, widget=None) -> None:  # noqa: N802 - Qt override
        super().drawControl(element, option, painter, widget)
        if element in _CONTROLS and _focused(option):
            self.ring(painter, option)

    def drawComplexControl(self, control, option, painter, widget=None) -> None:  # noqa: N802 - Qt override
        super().drawComplexControl(control, option, painter, widget)
        if control in _COMPLEX and _focused(option):
            self.ring(painter, option)

    def drawPrimitive(self, element, option, painter, widget=None) -> None:  # noqa: N802 - Qt override
        if element == QStyle.PrimitiveElement.PE_FrameFocusRect:  # check boxes, radio buttons, list items
            self.ring(painter, option, inset=0.0)
            return
        super().drawPrimitive(element, option, painter, widget)
        if element in _PANELS and _focused(option):
            self.ring(painter, option)


def install(app: QApplication | None = None) -> FocusRingStyle:
    """Put the focus ring on the application's style (once; the style the app had stays underneath)."""
    app = app or QApplication.instance()
    current = app.style()
    if isinstance(current, FocusRingStyle):
        return current
    style = FocusRingStyle(current.name())  # a fresh base of the same kind: the app deletes its old style
    app.setStyle(style)
    return style
