"""The architecture rules that keep the app fast and working before TensorFlow is installed."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "tfgpu_wizard"
FORBIDDEN_IN_CORE = ("PySide6", "pyqtgraph", "tensorflow", "keras", "tfgpu_wizard.gui")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", sorted((SRC / "core").rglob("*.py")), ids=lambda p: p.name)
def test_core_module_imports_neither_qt_nor_tensorflow(path: Path) -> None:
    bad = [n for n in _imports(path) if n.split(".")[0] in FORBIDDEN_IN_CORE or n.startswith("tfgpu_wizard.gui")]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


@pytest.mark.parametrize("path", sorted((SRC / "target").glob("*.py")), ids=lambda p: p.name)
def test_target_scripts_are_standalone(path: Path) -> None:
    """Target scripts run in the user's interpreter, where this package is not installed."""
    bad = [n for n in _imports(path) if n.split(".")[0] == "tfgpu_wizard"]
    assert not bad, f"{path.name} imports {bad}"


def test_gui_never_imports_tensorflow() -> None:
    for path in (SRC / "gui").rglob("*.py"):
        bad = [n for n in _imports(path) if n.split(".")[0] in ("tensorflow", "keras")]
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_importing_every_core_module_loads_no_qt_or_tf() -> None:
    """Dynamic check (catches indirect imports a static scan misses)."""
    modules = sorted(
        ".".join(("tfgpu_wizard", *p.relative_to(SRC).with_suffix("").parts))
        for p in (SRC / "core").rglob("*.py") if p.stem != "__init__"
    ) + ["tfgpu_wizard.cli"]
    assert "tfgpu_wizard.core.monitor.nvml" in modules, modules  # the rooms' modules are in the list
    code = (
        "import importlib, json, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print(json.dumps(sorted(k for k in sys.modules if k.split('.')[0] in "
        "('PySide6','pyqtgraph','tensorflow','keras'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def test_pyside6_6_12_0_is_excluded_where_it_crashes() -> None:
    """qt-stack-notes.md: 6.12.0 loses references to None on Python < 3.12 (pyqtgraph charts die)."""
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    reqs = [Requirement(d) for d in deps if d.lower().startswith("pyside6")]
    assert reqs, "PySide6 must be a dependency"
    for py in ("3.10", "3.11"):
        env = {"python_version": py, "python_full_version": py + ".0"}
        active = [r for r in reqs if r.marker is None or r.marker.evaluate(env)]
        assert active, py
        assert all(not r.specifier.contains(Version("6.12.0")) for r in active), py
        assert any(r.specifier.contains(Version("6.11.3")) for r in active), py
    assert all(r.name == "PySide6-Essentials" for r in reqs), "the Essentials wheel is enough"


def test_nvml_comes_from_nvidia_ml_py_not_the_deprecated_pynvml_dist() -> None:
    deps = [Requirement(d).name.lower() for d in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]]
    assert "nvidia-ml-py" in deps
    assert "pynvml" not in deps
    assert "tensorflow" not in deps and "tensorflow-cpu" not in deps, "TF is installed in the target env, not the app's"
