"""The compiled-translation path (issue 11): pyside6-lrelease builds .qm files from resources/i18n/*.ts, the
window loads them with QTranslator, they answer exactly what the .ts catalogs say, a stale .qm is not used,
and the wheel ships them. Everything here runs the real lrelease and the real QTranslator."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from tfgpu_wizard.core import i18n as core_i18n
from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.gui import i18n as gui_i18n

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_translations  # noqa: E402


@pytest.fixture
def compiled(tmp_path):
    folder = tmp_path / "resources" / "i18n"
    folder.mkdir(parents=True)
    for ts in (resources_dir() / "i18n").glob("*.ts"):
        shutil.copy2(ts, folder / ts.name)
    made = build_translations.compile_translations(folder)
    assert len(made) == len(list(folder.glob("*.ts"))) >= 9
    return folder


def test_qm_files_answer_what_the_ts_catalogs_say(qapp, compiled):
    translators = gui_i18n._qm_translators("zh_CN", compiled)
    assert translators and not any(isinstance(t, gui_i18n.CatalogTranslator) for t in translators)
    catalog = core_i18n.catalog("zh_CN")
    checked = 0
    for (ctx, src), want in catalog.items():
        if not want:
            continue
        got = next((t.translate(ctx, src) for t in translators if t.translate(ctx, src)), None)
        assert got == want, (ctx, src)
        checked += 1
    assert checked > 1000


def test_the_window_language_switch_uses_the_compiled_files(qapp, compiled, monkeypatch):
    monkeypatch.setattr(gui_i18n, "resources_dir", lambda: compiled.parent)
    try:
        assert gui_i18n.switch("zh_CN") == "zh_CN"
        assert gui_i18n._installed and all(type(t).__name__ == "QTranslator" for t in gui_i18n._installed)
        assert QCoreApplication.translate("MonitorPage", "Save run elsewhere…") == "将运行记录另存到其他位置…"
    finally:
        gui_i18n.switch("en")
    assert QCoreApplication.translate("MonitorPage", "Save run elsewhere…") == "Save run elsewhere…"


def test_a_stale_qm_is_not_used(qapp, compiled):
    ts = compiled / "gui_zh_CN.ts"
    assert gui_i18n.qm_files("zh_CN", compiled)  # fresh: used
    later = ts.with_suffix(".qm").stat().st_mtime + 60
    os.utime(ts, (later, later))  # the .ts edited after the build: its .qm lacks the new strings
    assert gui_i18n.qm_files("zh_CN", compiled) == []
    assert gui_i18n._qm_translators("zh_CN", compiled) == []


@pytest.mark.skipif(importlib.util.find_spec("hatchling") is None, reason="hatchling is not installed")
def test_the_wheel_ships_the_compiled_translations(tmp_path):
    src = tmp_path / "src tree"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".git", ".venv", "dist", "build", "*.qm",
                                                              "__pycache__", ".pytest_cache", ".ruff_cache"))
    out = tmp_path / "wheel"
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                           "-w", str(out), str(src)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    ts = {Path(n).stem for n in names if n.startswith("tfgpu_wizard/_data/resources/i18n/") and n.endswith(".ts")}
    qm = {Path(n).stem for n in names if n.startswith("tfgpu_wizard/_data/resources/i18n/") and n.endswith(".qm")}
    assert ts and qm == ts
