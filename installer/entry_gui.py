"""Frozen entry point of ``tfgpu-wizard-gui`` (windowed: no console window on Windows/macOS).

The same CLI as ``tfgpu-wizard`` with ``gui`` as the command, so the options are the same
(``tfgpu-wizard-gui --lang zh_CN --page monitor``).
"""

import sys


def gui_argv(argv: list[str]) -> list[str]:
    """``argv`` for the CLI: global options (``--lang X``, ``--lang=X``) first, then ``gui`` and the rest."""
    head: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--lang" and i + 1 < len(argv):
            head += argv[i : i + 2]
            i += 2
            continue
        if a.startswith("--lang="):
            head.append(a)
        else:
            rest.append(a)
        i += 1
    if rest[:1] in (["--version"], ["-h"], ["--help"]):
        return head + rest
    return [*head, "gui", *rest]


if __name__ == "__main__":
    import installer_smoke

    from tfgpu_wizard.cli import main

    ms = installer_smoke.requested()
    if ms is not None:
        installer_smoke.install(ms)
    sys.exit(main(gui_argv(sys.argv[1:])))
