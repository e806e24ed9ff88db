"""The app's remembered settings (language, the last verified Python): one QSettings for the window and its pages."""

from __future__ import annotations

import os

from PySide6.QtCore import QSettings


def settings() -> QSettings:
    """The platform's usual place, or an ini file under TFGPU_WIZARD_DATA (tests, portable use), so a test never
    reads or writes the developer's own settings."""
    data = os.environ.get("TFGPU_WIZARD_DATA")
    if data:
        return QSettings(os.path.join(data, "settings.ini"), QSettings.Format.IniFormat)
    return QSettings("tfgpu-wizard", "tfgpu-wizard")
