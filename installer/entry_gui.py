"""Frozen entry point of ``tfgpu-wizard-gui`` (windowed: no console window on Windows/macOS).

The same program as the pip-installed ``tfgpu-wizard-gui``: ``tfgpu_wizard.cli.gui_main`` parses the
options (``tfgpu-wizard-gui --lang zh_CN --page monitor``, in any order) for both.
"""

import sys

from tfgpu_wizard.cli import gui_main

if __name__ == "__main__":
    import installer_smoke

    ms = installer_smoke.requested()

    def smoke(_args) -> None:
        if ms is not None:
            installer_smoke.install(ms)

    sys.exit(gui_main(before_run=smoke))
