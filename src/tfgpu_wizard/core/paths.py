"""Where the shipped data lives: in a wheel, a source checkout and a PyInstaller bundle alike.

API (stable)::

    data_root()          # folder holding matrix.json and resources/
    matrix_path()        # data_root() / "matrix.json"
    resources_dir()      # data_root() / "resources"  (i18n/, schemas/, recordings/)
    target_script(name)  # a standalone script run by the *target* Python, e.g. "probe.py"
    user_data_dir()      # per-user data folder; TFGPU_WIZARD_DATA overrides it
    is_frozen()          # True inside a PyInstaller bundle (installer/tfgpu_wizard.spec)
    default_python()     # the interpreter to run target scripts with when the user chose none
    cli_command()        # how generated scripts call this tool: the bundle's program, or "tfgpu-wizard"
    cli_argv()           # the same as an argv by absolute path: (sys.executable, "-m", "tfgpu_wizard") or the bundle

Layouts:

- A wheel carries ``matrix.json`` and ``resources/`` under ``tfgpu_wizard/_data`` (the hatch
  force-include in pyproject.toml).
- A source checkout or an editable install reads them from the repository's top level, where they
  are maintained.
- A PyInstaller bundle (``sys.frozen`` set, files unpacked under ``sys._MEIPASS``) has the same
  ``tfgpu_wizard/_data`` and ``tfgpu_wizard/target/*.py`` layout as a wheel, below ``_MEIPASS``. The
  package's own modules live in the bundle's archive there, so ``__file__`` is not trusted to name
  a real folder; ``sys._MEIPASS`` is.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent
_REPO = _PKG.parent.parent


def is_frozen() -> bool:
    """Whether this process is the frozen app (PyInstaller sets ``sys.frozen`` and ``sys._MEIPASS``)."""
    return bool(getattr(sys, "frozen", False)) and bool(getattr(sys, "_MEIPASS", None))


def _package_dir() -> Path:
    """The ``tfgpu_wizard`` folder on disk: below ``_MEIPASS`` when frozen, else this package."""
    if is_frozen():
        return Path(sys._MEIPASS) / "tfgpu_wizard"  # type: ignore[attr-defined]
    return _PKG


def data_root() -> Path:
    """The folder holding ``matrix.json`` and ``resources/``."""
    shipped = _package_dir() / "_data"
    if (shipped / "matrix.json").is_file():
        return shipped
    return _REPO


def matrix_path() -> Path:
    """The compatibility matrix in use. ``TFGPU_WIZARD_MATRIX`` overrides it: a matrix being edited, a
    newer one, or a broken copy in a test (the app must show ``MatrixError`` as a message, not crash)."""
    import os

    override = os.environ.get("TFGPU_WIZARD_MATRIX")
    if override:
        return Path(override)
    return data_root() / "matrix.json"


def resources_dir() -> Path:
    return data_root() / "resources"


def target_script(name: str) -> Path:
    """Path of a standalone script run in the target interpreter (e.g. ``probe.py``).

    Always a plain ``.py`` file on disk (the bundle ships them as data), because another Python
    runs it.
    """
    return _package_dir() / "target" / name


def default_python() -> str:
    """The interpreter to run target scripts with when the user has not chosen one.

    Normally this Python. In the frozen app ``sys.executable`` is the app itself, which cannot run
    a script, so the first ``python3`` / ``python`` on PATH is used instead (``python`` when there is
    none, so that the failure names what is missing).
    """
    if not is_frozen():
        return sys.executable
    names = ("python", "python3") if sys.platform == "win32" else ("python3", "python")
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return names[0]


def cli_command() -> str:
    """How a generated script calls this tool: ``tfgpu-wizard`` on PATH, or, in the frozen app, the bundle's
    console program by its full path (the bundle is usually not on PATH)."""
    if not is_frozen():
        return "tfgpu-wizard"
    exe = Path(sys.executable)
    console = exe.with_name("tfgpu-wizard" + exe.suffix)
    return str(console if console.exists() else exe)


def cli_argv() -> tuple[str, ...]:
    """How a plan *run on this machine* calls this tool: by the interpreter that runs it now, an absolute path.

    A bare ``tfgpu-wizard`` fails with "command not found" (exit 127) whenever the app runs from a venv that
    is not on PATH (``scripts/app``, a desktop launcher), which is most of the time. ``sys.executable -m
    tfgpu_wizard`` works from any shell, activated or not; the frozen app has its console program instead.
    """
    if is_frozen():
        return (cli_command(),)
    return (sys.executable, "-m", "tfgpu_wizard")


def user_data_dir() -> Path:
    """Per-user data folder (runs, saved plans). ``TFGPU_WIZARD_DATA`` overrides it (tests, portable use)."""
    override = os.environ.get("TFGPU_WIZARD_DATA")
    if override:
        return Path(override)
    from platformdirs import user_data_path

    return user_data_path("tfgpu-wizard", appauthor=False)
