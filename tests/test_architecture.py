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


# -- what the contracts cannot see, and what they must cover ------------------------------------------------

# The only places that import a module by name at run time, each by design: the lazy loaders that keep start-up
# fast (argparse's command modules, the window's pages; both load modules of their own side of the house), the
# standalone target scripts (they load their sibling file, no package). `runs compare --png` imports
# gui/overlay_png.py by a plain import the CLI contract states. Anything else is an import the contracts cannot see.
IMPORT_BY_NAME_ALLOWED = {
    "cli.py": "the command loader: commands/<name>.py when argparse picks it",
    "gui/mainwindow.py": "the page loader: gui/pages/<name>.py on the first visit",
    "target/probe.py": "standalone: finds where the NVIDIA pip wheels put their libraries (find_spec)",
    "target/sample.py": "standalone: loads target/sample_keras3.py and target/estimate.py beside it",
    "target/sample_keras3.py": "standalone: refuses TensorFlow for the JAX/PyTorch backends",
    "target/estimate.py": "standalone: loads target/sample.py beside it (its models and datasets)",
}
IMPORT_BY_NAME = ("import_module(", "__import__(", "spec_from_file_location(", "find_spec(", "ModuleSpec(")


def test_no_module_is_imported_by_name_outside_the_documented_loaders() -> None:
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        hits = [n for n in IMPORT_BY_NAME if n in path.read_text(encoding="utf-8")]
        if hits:
            found[rel] = hits
    assert set(found) <= set(IMPORT_BY_NAME_ALLOWED), {k: v for k, v in found.items() if k not in IMPORT_BY_NAME_ALLOWED}
    assert set(found) == set(IMPORT_BY_NAME_ALLOWED), "a loader listed here is gone: take it off the list"
    assert "gui/pages/diagnose.py" not in found and "commands/gui.py" not in found


def test_the_package_has_no_import_circle() -> None:
    """Every import the package makes (lazy ones inside functions too), as import-linter's grimp sees them."""
    import grimp

    graph = grimp.build_graph("tfgpu_wizard")
    adjacency = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in adjacency.get(v, ()):
            if w not in adjacency:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for module in sorted(adjacency):
        if module not in index:
            visit(module)
    assert circles == []


# core modules the pages may import (docs/architecture.md): the flows, the data types, the basics
PAGE_ALLOWED_CORE = {
    "core", "core.flows", "core.i18n", "core.paths", "core.text", "core.verdicts", "core.versions",
    "core.setup", "core.setup.host_model", "core.setup.matrix", "core.setup.plan", "core.setup.shells",
    "core.setup.plan.model", "core.setup.plan.script", "core.setup.check.model",
    "core.monitor", "core.monitor.snapshot", "core.monitor.compare", "core.monitor.benchmark",
    "core.monitor.progress", "core.monitor.lossscale", "core.target", "core.target.sampleopts", "core.diagnose",
}


def test_the_page_contract_places_every_core_module() -> None:
    """A new core module must be put on one side: allowed to the pages, or in the contract's forbidden list."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    pages = next(c for c in contracts if c["name"].startswith("the pages import only"))
    forbidden = {m.removeprefix("tfgpu_wizard.") for m in pages["forbidden_modules"]}
    modules = set()
    for p in (SRC / "core").rglob("*.py"):
        parts = p.relative_to(SRC).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if not name.startswith("core.flows."):
            modules.add(name)
    unplaced = sorted(m for m in modules if m not in PAGE_ALLOWED_CORE and m not in forbidden)
    assert not unplaced, f"give these core modules a side in the page contract: {unplaced}"
    assert not (PAGE_ALLOWED_CORE & forbidden)
