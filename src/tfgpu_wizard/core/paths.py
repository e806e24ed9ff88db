"""Where the shipped data lives, in a wheel and in a source checkout alike.

A wheel carries ``matrix.json`` and ``resources/`` under ``tfgpu_wizard/_data`` (see the
hatch force-include in pyproject.toml); a source checkout or an editable install reads
them from the repository's top level, where they are maintained.
"""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent
_REPO = _PKG.parent.parent


def data_root() -> Path:
    """The folder holding ``matrix.json`` and ``resources/``."""
    shipped = _PKG / "_data"
    if (shipped / "matrix.json").is_file():
        return shipped
    return _REPO


def matrix_path() -> Path:
    return data_root() / "matrix.json"


def resources_dir() -> Path:
    return data_root() / "resources"


def target_script(name: str) -> Path:
    """Path of a standalone script run in the target interpreter (e.g. ``probe.py``)."""
    return _PKG / "target" / name


def user_data_dir() -> Path:
    """Per-user data folder (runs, saved plans). ``TFGPU_WIZARD_DATA`` overrides it (tests, portable use)."""
    import os

    override = os.environ.get("TFGPU_WIZARD_DATA")
    if override:
        return Path(override)
    from platformdirs import user_data_path

    return user_data_path("tfgpu-wizard", appauthor=False)
