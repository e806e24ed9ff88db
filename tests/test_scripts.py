"""scripts/_venv.sh, scripts/test, scripts/app and the lock (issues 16 and 18), run for real with bash.

The installs themselves are checked once from a fresh clone (the lead's CI run); here: the stamp that skips
pip on a relaunch, the check for really missing Qt libraries (a fake ``ldconfig`` / ``apt-get`` on PATH are
the faults injected: a bare server, a held apt lock), the test venv being its own, and the lock's shape.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
from pathlib import Path

import pytest
import tomllib
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="bash scripts")


def _bash(script: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", f"source {str(ROOT / 'scripts' / '_venv.sh')!r}\n{script}"],
                          capture_output=True, text=True, timeout=timeout, env=env or dict(os.environ))


def _fake(folder: Path, name: str, body: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    exe = folder / name
    exe.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    exe.chmod(0o755)


# -- the lock ----------------------------------------------------------------------------------------


def _pins() -> dict[str, list[tuple[str, str]]]:
    pins: dict[str, list[tuple[str, str]]] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            req = Requirement(line)
            (version,) = [s.version for s in req.specifier]
            pins.setdefault(req.name.lower(), []).append((version, str(req.marker or "")))
    return pins


ENVS = [{"python_version": py, "python_full_version": py + ".0", "sys_platform": plat,
         "platform_system": {"linux": "Linux", "win32": "Windows", "darwin": "Darwin"}[plat]}
        for py in ("3.10", "3.11", "3.12", "3.13") for plat in ("linux", "win32", "darwin")]


def _applies(marker, env: dict[str, str]) -> bool:
    if not marker:
        return True
    if isinstance(marker, str):
        marker = Requirement(f"x; {marker}").marker
    return marker.evaluate(env)


def test_lock_is_dated_generated_and_pins_everything_exactly() -> None:
    text = (ROOT / "constraints.txt").read_text(encoding="utf-8")
    assert re.match(r"# Lock of .* refreshed \d{4}-\d{2}-\d{2} by tools/lock_deps.sh", text)
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            assert "==" in line and ">" not in line.split(";")[0], line
    pins = _pins()
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = [Requirement(d) for d in meta["project"]["dependencies"]]
    for group in ("test", "lint", "installer"):
        declared += [Requirement(d) for d in meta["dependency-groups"][group] if isinstance(d, str)]
    for req in declared:
        assert req.name.lower() in pins, f"{req.name} is declared but not in constraints.txt: run tools/lock_deps.sh"
        for version, marker in pins[req.name.lower()]:
            if any(_applies(req.marker, env) and _applies(marker, env) for env in ENVS):
                assert req.specifier.contains(version, prereleases=True), (req, version, marker)
    assert "pip" in pins, "dependency groups need pip >= 25.1: the lock pins it"


def test_lock_keeps_pyside_6_12_0_off_the_pythons_where_it_crashes() -> None:
    for version, marker in _pins()["pyside6-essentials"]:
        for env in ENVS:
            if env["python_version"] in ("3.10", "3.11") and _applies(marker, env):
                assert version != "6.12.0", (env, marker)


def test_numpy_and_the_tools_are_declared_where_they_belong() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    deps = {Requirement(d).name.lower() for d in meta["project"]["dependencies"]}
    assert {"numpy", "psutil", "rich"} <= deps  # rich: the CLI's terminal output and display widths
    extras = meta["project"].get("optional-dependencies", {})
    published = {Requirement(d).name.lower() for reqs in extras.values() for d in reqs}
    assert not published & {"ruff", "import-linter", "pytest", "tensorflow-cpu", "deptry"}, "tools are not extras"
    assert "deptry" in " ".join(meta["dependency-groups"]["lint"])


# -- the venvs -----------------------------------------------------------------------------------------


@posix_only
def test_scripts_test_uses_its_own_venv_not_the_apps() -> None:
    """Before: scripts/test installed tensorflow-cpu, jax and torch into .venv, the app's default Python."""
    out = subprocess.run(["bash", "-c", 'grep -E "^VENV=" scripts/test scripts/app'], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert '.venv-test' in out.split("scripts/app")[0] and 'scripts/app:VENV="${TFGPU_WIZARD_VENV:-$ROOT/.venv}"' in out
    assert ".venv-test/" in (ROOT / ".gitignore").read_text()
    text = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    assert "ensure_venv test lint" in text and '"$VENV/bin/deptry" src' in text


@posix_only
def test_relaunch_runs_no_pip_when_nothing_changed(tmp_path: Path) -> None:
    """Before: every launch re-ran pip (first paint 4.6-7.5 s). A venv without pip shows it: any pip run fails."""
    env_dir = tmp_path / "venv ohne pip"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    env = dict(os.environ, VENV_DIR=str(env_dir))
    first = _bash('VENV="$VENV_DIR"; ensure_venv test', env)
    assert first.returncode != 0 and "No module named pip" in first.stderr  # it did try to install
    mark = _bash('VENV="$VENV_DIR"; _stamp test > "$VENV/.tfgpu-wizard-stamp"', env)
    assert mark.returncode == 0, mark.stderr
    again = _bash('VENV="$VENV_DIR"; ensure_venv test && echo skipped', env)
    assert again.returncode == 0 and again.stdout.strip() == "skipped", again.stderr
    other = _bash('VENV="$VENV_DIR"; ensure_venv test lint', env)  # other groups: install again
    assert other.returncode != 0 and "No module named pip" in other.stderr


# -- system libraries ------------------------------------------------------------------------------------


ALL_LIBS = ["libEGL.so.1", "libGL.so.1", "libxkbcommon.so.0", "libfontconfig.so.1", "libdbus-1.so.3",
            "libglib-2.0.so.0", "libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1",
            "libxkbcommon-x11.so.0", "libxcb-shape.so.0", "libxcb-xinerama.so.0"]


def _ldconfig(folder: Path, libs: list[str]) -> None:
    lines = "".join(f"\t{lib} (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/{lib}\\n" for lib in libs)
    _fake(folder, "ldconfig", f'printf "{len(libs)} libs found in cache\\n{lines}"\n')
    _fake(folder, "fc-list", 'echo "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc: Noto Sans CJK SC"\n')


@posix_only
def test_only_really_missing_libraries_are_named(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    _ldconfig(bin_dir, ALL_LIBS)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    assert _bash("missing_qt_libs display", env).stdout == ""
    _ldconfig(bin_dir, [lib for lib in ALL_LIBS if lib not in ("libxcb-cursor.so.0", "libglib-2.0.so.0")])
    out = _bash("missing_qt_libs display", env).stdout.split()
    assert out == ["libglib2.0-0", "libxcb-cursor0"]
    assert _bash("missing_qt_libs", env).stdout.split() == ["libglib2.0-0"]  # no display: no xcb libraries


@posix_only
def test_no_apt_when_nothing_is_missing_and_a_held_apt_lock_does_not_stop_the_script(tmp_path: Path) -> None:
    """Before: scripts/app aborted on a held apt lock even when nothing needed installing."""
    bin_dir = tmp_path / "bin"
    calls = tmp_path / "apt-calls.txt"
    _fake(bin_dir, "apt-get", f'echo "$@" >> "{calls}"\necho "E: Could not get lock /var/lib/dpkg/lock-frontend" >&2\n'
                              "exit 100\n")
    _fake(bin_dir, "id", 'echo 0\n')  # as root, where the script would install
    _ldconfig(bin_dir, ALL_LIBS)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    out = _bash("qt_system_libs display && echo went-on", env)
    assert out.returncode == 0 and out.stdout.strip() == "went-on" and not calls.exists()
    _ldconfig(bin_dir, ALL_LIBS[1:])  # libEGL really missing, and apt is locked
    out = _bash("qt_system_libs display && echo went-on", env)
    assert out.returncode == 0 and out.stdout.strip().endswith("went-on"), out.stderr
    assert "Could not install libegl1" in out.stderr and "update" in calls.read_text()
