"""The suite leaves the developer's home alone (issue 23; newcomer-2 defect 27: a run of scripts/test rewrote
~/.config/QtProject.conf): each test has its own HOME and XDG folders, in this process and in its children."""

from __future__ import annotations

import os
import pwd
import subprocess
import sys

import pytest

_REAL_HOME = pwd.getpwuid(os.getuid()).pw_dir  # the account's home, whatever HOME says


def test_home_and_xdg_point_into_the_tests_own_folder(tmp_path_factory) -> None:
    base = str(tmp_path_factory.getbasetemp())
    assert os.environ["HOME"].startswith(base) and os.path.expanduser("~") != _REAL_HOME
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        assert os.environ[name].startswith(os.environ["HOME"]), name
    child = subprocess.run([sys.executable, "-c", "import os; print(os.path.expanduser('~'))"],
                           capture_output=True, text=True, check=True).stdout.strip()
    assert child == os.environ["HOME"]


@pytest.mark.gui
def test_qt_settings_of_a_file_dialog_land_in_the_tests_home(qtbot) -> None:
    from PySide6.QtCore import QSettings, QStandardPaths

    config = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    assert config.startswith(os.environ["HOME"])
    settings = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "QtProject")
    settings.setValue("FileDialog/lastVisited", "file:///somewhere")
    settings.sync()
    assert settings.fileName().startswith(os.environ["HOME"])
