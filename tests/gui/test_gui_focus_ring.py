"""gui-audit F16: the keyboard focus ring was a faint 1-px frame. The window's style draws a 2-px ring in the full
highlight colour around the focused control, and only around it."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionButton

pytestmark = pytest.mark.gui


def _ring_pixels(style: QStyle, focused: bool) -> int:
    """Pixels of the exact highlight colour in a 120×32 push button drawn by ``style``."""
    opt = QStyleOptionButton()
    opt.rect = opt.rect.__class__(0, 0, 120, 32)
    opt.text = "Next →"
    opt.palette = QApplication.palette()
    opt.state = QStyle.StateFlag.State_Enabled | QStyle.StateFlag.State_Raised
    if focused:
        opt.state |= QStyle.StateFlag.State_HasFocus | QStyle.StateFlag.State_KeyboardFocusChange
    img = QImage(120, 32, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    style.drawControl(QStyle.ControlElement.CE_PushButton, opt, p)
    p.end()
    hl = opt.palette.color(QPalette.ColorRole.Highlight).rgb()
    return sum(1 for y in range(32) for x in range(120) if img.pixel(x, y) == hl)


def test_the_window_installs_a_focus_ring_a_keyboard_user_can_see(window) -> None:
    from PySide6.QtWidgets import QStyleFactory

    from tfgpu_wizard.gui.focus_style import FocusRingStyle

    style = QApplication.style()
    assert isinstance(style, FocusRingStyle)
    plain = QStyleFactory.create(style.baseStyle().name())
    perimeter = 2 * (120 + 32)
    assert _ring_pixels(style, focused=True) >= perimeter  # a solid ring, at least one full pixel all round
    assert _ring_pixels(plain, focused=True) < perimeter // 4  # Fusion's own mark: a faint blend
    assert _ring_pixels(style, focused=False) == _ring_pixels(plain, focused=False)  # unfocused: as Fusion draws
