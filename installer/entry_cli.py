"""Frozen entry point of ``tfgpu-wizard`` (console): the whole CLI; no arguments starts the app.

PyInstaller needs a script file, not a ``module:function`` entry point, hence this file.
"""

import sys

from tfgpu_wizard.cli import COMMANDS, main

if __name__ == "__main__":
    import installer_smoke

    ms = installer_smoke.requested()
    words = [a for a in sys.argv[1:] if not a.startswith("-") and a not in ("en", "zh_CN")]
    command = next((w for w in words if w in COMMANDS), None)
    if ms is not None and command in (None, "gui"):
        installer_smoke.install(ms)
    sys.exit(main())
