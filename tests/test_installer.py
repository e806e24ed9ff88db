"""The PyInstaller bundle: its data list, the frozen layout ``core.paths`` reads, and (opt-in) a real build.

The frozen-layout tests copy the real files to where the spec puts them and set ``sys.frozen`` /
``sys._MEIPASS`` the way PyInstaller's bootloader does, then run the app's own code on that layout.
The full build + smoke run (``installer`` marker) takes about a minute and needs PyInstaller:
``TFGPU_WIZARD_TEST_INSTALLER=1 pytest tests/test_installer.py``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core import i18n, paths
from tfgpu_wizard.core.setup.matrix import load_matrix

ROOT = Path(__file__).resolve().parent.parent
INSTALLER = ROOT / "installer"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"_installer_{name}", INSTALLER / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


layout = _load("bundle_layout")


def _build_frozen_layout(meipass: Path, with_code: bool = False) -> None:
    """Lay out real files under ``meipass`` exactly as the spec's datas put them in ``_internal``."""
    for src, dest in layout.datas(ROOT):
        target = meipass / dest
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target / Path(src).name)
    if with_code:  # PyInstaller keeps the modules in an archive below _MEIPASS; a plain copy stands for it
        shutil.copytree(
            ROOT / "src" / "tfgpu_wizard", meipass / "tfgpu_wizard", dirs_exist_ok=True,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "target"),
        )


# -- the spec's data entries -------------------------------------------------------------------


def test_spec_data_entries_exist_and_cover_what_the_app_reads():
    entries = layout.datas(ROOT)
    assert entries, "bundle_layout.datas() returned nothing"
    for src, dest in entries:
        assert Path(src).is_file(), f"spec data entry points at a missing file: {src}"
        assert not Path(dest).is_absolute() and ".." not in Path(dest).parts, dest
        assert "__pycache__" not in src and not src.endswith(".pyc"), src
    shipped = {(Path(dest) / Path(src).name).as_posix() for src, dest in entries}
    assert "tfgpu_wizard/_data/matrix.json" in shipped
    for folder in ("i18n", "schemas", "recordings"):
        on_disk = {p.relative_to(ROOT / "resources").as_posix() for p in (ROOT / "resources" / folder).rglob("*")
                   if p.is_file() and not p.name.startswith(".")}
        assert on_disk, folder
        for rel in on_disk:
            assert f"tfgpu_wizard/_data/resources/{rel}" in shipped, f"resources/{rel} is not shipped"
    for script in (ROOT / "src" / "tfgpu_wizard" / "target").glob("*.py"):
        assert f"tfgpu_wizard/target/{script.name}" in shipped, f"target script {script.name} is not shipped as .py"


def test_spec_uses_the_shared_layout_and_excludes_the_ml_frameworks():
    spec_text = (INSTALLER / "tfgpu_wizard.spec").read_text(encoding="utf-8")
    for needle in ("bundle_layout.datas(ROOT)", "bundle_layout.EXCLUDES", "bundle_layout.SOURCE_MODULES",
                   "bundle_layout.HIDDEN_PACKAGES", "bundle_layout.EXECUTABLES"):
        assert needle in spec_text, f"the spec no longer uses {needle}"
    for heavy in ("tensorflow", "keras", "torch", "jax", "jaxlib", "tensorboard", "PyQt5", "PyQt6"):
        assert heavy in layout.EXCLUDES, heavy
    for name, script, _console in layout.EXECUTABLES:
        assert (INSTALLER / script).is_file(), f"{name}: entry script {script} is missing"
    for module in [*layout.SOURCE_MODULES, *layout.HIDDEN_PACKAGES]:
        assert importlib.util.find_spec(module) is not None, module
    # Modules named here must never be bundled: the target scripts are data, TF is the user's.
    assert not any(p.startswith("tfgpu_wizard.target") for p in layout.HIDDEN_PACKAGES)


def test_frozen_entries_parse_through_the_package():
    """The frozen programs parse nothing themselves: tests/test_cli_conventions.py runs them."""
    for name, function in (("entry_cli", "main"), ("entry_gui", "gui_main")):
        text = (INSTALLER / f"{name}.py").read_text(encoding="utf-8")
        assert f"from tfgpu_wizard.cli import {function}" in text and "sys.argv[1:]" not in text, name


# -- core.paths in a frozen layout -------------------------------------------------------------


@pytest.fixture
def frozen(tmp_path, monkeypatch):
    """A ``_MEIPASS`` folder (with a space and Chinese in its path) and the process marked frozen."""
    meipass = tmp_path / "tfgpu wizard 应用" / "_internal"
    _build_frozen_layout(meipass)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(meipass), raising=False)
    return meipass


def test_paths_find_the_shipped_data_in_a_frozen_layout(frozen):
    assert paths.is_frozen()
    assert paths.data_root() == frozen / "tfgpu_wizard" / "_data"
    assert paths.matrix_path().is_file()
    assert paths.resources_dir() == frozen / "tfgpu_wizard" / "_data" / "resources"
    # The real loaders read the copies: the matrix validates against the bundled schema ...
    matrix = load_matrix(paths.matrix_path())
    assert matrix.path == paths.matrix_path()
    assert [r.label for r in matrix.rows] == [r.label for r in load_matrix(ROOT / "matrix.json").rows]
    # ... and the translations parse.
    zh = i18n.parse_ts(paths.resources_dir() / "i18n" / "cli_zh_CN.ts")
    assert zh, "no translations read from the bundled cli_zh_CN.ts"
    probe = paths.target_script("probe.py")
    assert probe == frozen / "tfgpu_wizard" / "target" / "probe.py"
    assert probe.read_bytes() == (ROOT / "src" / "tfgpu_wizard" / "target" / "probe.py").read_bytes()


def test_frozen_app_does_not_offer_itself_as_the_python(frozen, tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin 目录"
    bin_dir.mkdir()
    fake_name = "python.exe" if sys.platform == "win32" else "python3"
    (bin_dir / fake_name).symlink_to(sys.executable)
    monkeypatch.setenv("PATH", str(bin_dir))
    assert paths.default_python() == str(bin_dir / fake_name)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert paths.default_python() in ("python3", "python")  # names what is missing


def test_generated_scripts_call_the_bundles_console_program_when_frozen(frozen, monkeypatch):
    """A user of the bundle has no `tfgpu-wizard` on PATH: the plan's verify step names the bundle's program."""
    from tfgpu_wizard.core.setup.plan import build_plan

    app_dir = frozen.parent
    gui_exe, cli_exe = app_dir / "tfgpu-wizard-gui", app_dir / "tfgpu-wizard"
    for exe in (gui_exe, cli_exe):
        exe.write_bytes(b"")
    monkeypatch.setattr(sys, "executable", str(gui_exe))
    assert paths.cli_command() == str(cli_exe)  # the console program, even from the windowed one
    plan = build_plan(load_matrix(ROOT / "matrix.json").row("2.21", "linux"), None, "pip", "bash",
                      prefix="/home/ana/tf env")
    verify = [s for s in plan.steps if "verify" in s.argv]
    # 2.21's check runs through the env's python first (LD_LIBRARY_PATH like its activate hook), then the program
    assert verify and str(cli_exe) in verify[0].argv
    assert verify[0].argv[verify[0].argv.index("verify") - 1] == str(cli_exe)
    assert str(cli_exe) in plan.script()
    monkeypatch.setattr(sys, "frozen", False)
    assert paths.cli_command() == "tfgpu-wizard"
    assert paths.cli_argv() == (sys.executable, "-m", "tfgpu_wizard")  # by path: the venv may not be on PATH


def test_not_frozen_uses_this_python_and_the_checkout(monkeypatch):
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert not paths.is_frozen()
    assert paths.default_python() == sys.executable
    assert paths.matrix_path().is_file()
    assert paths.target_script("probe.py").is_file()


def test_cli_runs_from_a_frozen_layout_in_a_fresh_interpreter(tmp_path):
    """The CLI (plan, diagnose in zh_CN) in a process that looks like the bundle: code and data below _MEIPASS."""
    meipass = tmp_path / "bundle 包" / "_internal"
    _build_frozen_layout(meipass, with_code=True)
    log = tmp_path / "错误 log.txt"
    log.write_text(
        "Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: "
        "No such file or directory\nSkipping registering GPU devices...\n",
        encoding="utf-8",
    )
    boot = (
        "import sys, json\n"
        "sys.frozen = True\n"
        "sys._MEIPASS = sys.argv[1]\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "import tfgpu_wizard\n"
        "assert tfgpu_wizard.__file__.startswith(sys.argv[1]), tfgpu_wizard.__file__\n"
        "from tfgpu_wizard.cli import main\n"
        "from tfgpu_wizard.core import paths\n"
        "print('DATA', paths.data_root())\n"
        "sys.exit(main(sys.argv[2:]))\n"
    )
    env = dict(os.environ, PYTHONIOENCODING="utf-8", PYTHONDONTWRITEBYTECODE="1")
    env.pop("TFGPU_WIZARD_LANG", None)
    recording = meipass / "tfgpu_wizard" / "_data" / "resources" / "recordings" / "doctor-h200.json"
    plan = subprocess.run(
        [sys.executable, "-c", boot, str(meipass), "plan", "--host", str(recording), "--json"],
        capture_output=True, text=True, encoding="utf-8", timeout=120, env=env,
    )
    assert plan.returncode == 0, plan.stderr
    first, _, rest = plan.stdout.partition("\n")
    assert first == f"DATA {meipass / 'tfgpu_wizard' / '_data'}"
    assert json.loads(rest), "plan --json printed no plan"
    diag = subprocess.run(
        [sys.executable, "-c", boot, str(meipass), "--lang", "zh_CN", "diagnose", str(log)],
        capture_output=True, text=True, encoding="utf-8", timeout=120, env=env,
    )
    assert "libcudnn.so.8" in diag.stdout, diag.stdout + diag.stderr
    assert "原因" in diag.stdout, "the bundled zh_CN catalogue was not used"


# -- the real build (opt-in) -------------------------------------------------------------------


@pytest.mark.installer
@pytest.mark.skipif(
    os.environ.get("TFGPU_WIZARD_TEST_INSTALLER") != "1",
    reason="builds the PyInstaller bundle (about a minute, ~230 MB): run with TFGPU_WIZARD_TEST_INSTALLER=1 "
    "after `pip install pyinstaller`",
)
def test_bundle_builds_and_passes_its_smoke_checks(tmp_path):
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail(f"PyInstaller is not installed: {sys.executable} -m pip install pyinstaller")
    dist = tmp_path / "dist 目录"
    proc = subprocess.run(
        ["bash", str(INSTALLER / "build.sh"), "--smoke", "--python", sys.executable,
         "--dist", str(dist), "--work", str(tmp_path / "work")],
        capture_output=True, text=True, encoding="utf-8", timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    assert "All smoke checks passed" in proc.stdout
    report = json.loads((dist / "smoke" / "gui-zh.json").read_text(encoding="utf-8"))
    assert report["frozen"] and report["window"] and report["language"] == "zh_CN"
    assert Path(report["data_root"]).is_relative_to(dist / "tfgpu-wizard")
    internal = dist / "tfgpu-wizard" / "_internal"
    assert not [p for p in internal.iterdir() if p.name.lower().startswith(("tensorflow", "keras", "torch", "jax"))]
