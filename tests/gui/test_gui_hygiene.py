"""The GUI tests' own guards, shown to fail: a Qt warning (pyproject: qt_log_level_fail) and a QTimer.singleShot
still due when a test ends (tests/gui/conftest.py). Each case is a real pytest run over a small test file, with
this repository's settings and GUI fixtures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]

CASES = {
    "qt_warning": ("from PySide6.QtCore import qWarning\n\n"
                   "def test_it(qtbot):\n    qWarning('a real Qt warning')\n"),
    "leaked_single_shot": ("from PySide6.QtCore import QTimer\n\n"
                           "def test_it(qtbot):\n    QTimer.singleShot(60_000, lambda: None)\n"),
    "fired_single_shot": ("from PySide6.QtCore import QTimer\n\n"
                          "def test_it(qtbot):\n    seen = []\n    QTimer.singleShot(0, lambda: seen.append(1))\n"
                          "    qtbot.waitUntil(lambda: seen == [1], timeout=5000)\n"),
    "shot_of_a_deleted_object": ("from PySide6.QtCore import QTimer\nfrom PySide6.QtWidgets import QLabel\n\n"
                                 "def test_it(qtbot):\n    label = QLabel()\n"
                                 "    QTimer.singleShot(60_000, label.clear)\n    label.deleteLater()\n"
                                 "    qtbot.wait(50)\n"),
    "python_warning_from_the_app": ("import warnings\n\n"
                                    "def test_it():\n    warnings.warn_explicit('old', DeprecationWarning, "
                                    "'x.py', 1, module='tfgpu_wizard.core.paths')\n"),
}


def run_case(tmp_path: Path, name: str) -> subprocess.CompletedProcess:
    (tmp_path / "conftest.py").write_text(  # the GUI fixtures of this suite, as they are
        (ROOT / "tests" / "gui" / "conftest.py").read_text("utf-8"), encoding="utf-8")
    (tmp_path / f"test_{name}.py").write_text(CASES[name], encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT / "src"))
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c",
                           str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), str(tmp_path)],
                          capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)


@pytest.mark.parametrize(("name", "fails"), [("qt_warning", True), ("leaked_single_shot", True),
                                             ("fired_single_shot", False), ("shot_of_a_deleted_object", False),
                                             ("python_warning_from_the_app", True)])
def test_the_guard(tmp_path, name: str, fails: bool) -> None:
    result = run_case(tmp_path, name)
    assert (result.returncode != 0) == fails, result.stdout[-3000:]
    if name == "qt_warning":
        assert "Qt messages with level WARNING or above emitted" in result.stdout
    if name == "leaked_single_shot":
        assert "QTimer.singleShot" in result.stdout
