"""What goes into the PyInstaller bundle besides the Python code: one list shared by the spec and the tests.

``datas(root)`` returns PyInstaller ``(source file, destination folder)`` pairs. The destinations
mirror the wheel layout that ``tfgpu_wizard.core.paths`` reads below ``sys._MEIPASS``:

- ``tfgpu_wizard/_data/matrix.json`` and ``tfgpu_wizard/_data/resources/**``
- ``tfgpu_wizard/target/*.py``: the standalone scripts run by the *user's* Python (with TensorFlow),
  so they ship as plain source files, never compiled into the bundle's archive.

Files are listed one by one (not whole folders) so that ``__pycache__`` and editor leftovers
never ship.

This file is plain stdlib: the spec imports it at build time, tests import it directly.
"""

from __future__ import annotations

from pathlib import Path

# Never in the bundle: TensorFlow and the other ML frameworks run in the user's interpreter, other Qt
# bindings would confuse pyqtgraph, and the rest are heavy optional imports of numpy/pyqtgraph that
# the app does not use. (The build venv has tensorflow-cpu, jax and torch installed for the tests.)
EXCLUDES = [
    "tensorflow", "tensorflow_estimator", "tensorboard", "tensorboard_data_server", "keras", "tf_keras",
    "torch", "torchvision", "torchaudio", "jax", "jaxlib", "flax", "optax",
    "ml_dtypes", "h5py", "grpc", "google.protobuf", "optree", "opt_einsum", "absl",
    "scipy", "matplotlib", "pandas", "IPython", "jupyter_client", "ipykernel", "notebook",
    "PyQt5", "PyQt6", "PySide2", "tkinter", "_tkinter",
    "pyqtgraph.opengl", "pyqtgraph.examples", "pyqtgraph.jupyter", "OpenGL",
    "pytest", "hypothesis", "_pytest", "pytestqt",
]

# Modules no import statement names: the CLI imports tfgpu_wizard.commands.<name> by name and the
# main window loads pages lazily. tfgpu_wizard.target is left out on purpose (see datas()).
HIDDEN_PACKAGES = ["tfgpu_wizard.commands", "tfgpu_wizard.core", "tfgpu_wizard.gui"]

# Modules collected as .py source beside the archive: core.setup.host runs host_pyprobe in another
# interpreter by reading its own source file (host_pyprobe.__file__).
SOURCE_MODULES = ["tfgpu_wizard.core.setup.host_pyprobe"]

TARGET_SCRIPTS_DEST = "tfgpu_wizard/target"
DATA_DEST = "tfgpu_wizard/_data"

# The two launchers, one folder: (name, entry script in installer/, console window?)
EXECUTABLES = [("tfgpu-wizard", "entry_cli.py", True), ("tfgpu-wizard-gui", "entry_gui.py", False)]


def _skip(path: Path) -> bool:
    return "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo") or path.name.startswith(".")


def datas(root: Path) -> list[tuple[str, str]]:
    """``(source, destination folder)`` pairs for PyInstaller's ``Analysis(datas=...)``; ``root`` = repo root."""
    root = Path(root)
    out: list[tuple[str, str]] = [(str(root / "matrix.json"), DATA_DEST)]
    resources = root / "resources"
    for path in sorted(resources.rglob("*")):
        if path.is_file() and not _skip(path.relative_to(resources)):
            dest = Path(DATA_DEST, "resources", *path.relative_to(resources).parts[:-1])
            out.append((str(path), dest.as_posix()))
    for path in sorted((root / "src" / "tfgpu_wizard" / "target").glob("*.py")):
        out.append((str(path), TARGET_SCRIPTS_DEST))
    return out
