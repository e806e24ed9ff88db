"""Wheel build hook: compile resources/i18n/*.ts into .qm (tools/build_translations.py) and ship them.

The .qm files are git-ignored build outputs written beside the .ts files; the wheel carries them under
tfgpu_wizard/_data/resources/i18n with the rest of resources/ (the CLI reads the .ts). Without PySide6 in the build environment the wheel is built
without them and says so: the window then reads the .ts catalogs, as in a source checkout.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        sys.path.insert(0, str(root / "tools"))
        try:
            import build_translations

            made = build_translations.compile_translations(root / "resources" / "i18n")
            print(f"tfgpu-wizard build: {len(made)} .qm translations compiled", file=sys.stderr)
        except Exception as exc:  # noqa: BLE001 - no PySide6 here: a wheel without .qm still works
            print(f"tfgpu-wizard build: .qm translations not compiled ({exc})", file=sys.stderr)
            return
        finally:
            sys.path.remove(str(root / "tools"))
        # They lie in resources/i18n, which the wheel force-includes whole (pyproject.toml).
