"""Frozen entry point of ``tfgpu-wizard`` (console): the whole CLI; no arguments starts the app.

PyInstaller needs a script file, not a ``module:function`` entry point, hence this file. The arguments
are parsed by ``tfgpu_wizard.cli`` exactly as in the pip-installed program.
"""

import sys

from tfgpu_wizard.cli import main

if __name__ == "__main__":
    import installer_smoke

    ms = installer_smoke.requested()

    def smoke(args) -> None:
        if ms is not None and args.command in (None, "gui"):
            installer_smoke.install(ms)

    sys.exit(main(before_run=smoke))
