"""``tfgpu-wizard gui``: start the desktop app.

The GUI package is imported by name at run time, so the CLI (and its import contract) never
pulls in Qt for the other commands.
"""

from __future__ import annotations

import argparse
import importlib

PAGES = ("sanity", "setup", "monitor", "classroom", "benchmark", "diagnose", "check", "learn")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--page", choices=PAGES, help="page to open first (default: sanity)")


def run(args: argparse.Namespace) -> int:
    import sys

    from tfgpu_wizard.core.i18n import language, tr

    try:
        app = importlib.import_module("tfgpu_wizard.gui.app")
    except ImportError as exc:
        print(
            tr("gui", "The desktop app cannot start: {0}\nInstall PySide6-Essentials and pyqtgraph, "
               "or use the terminal commands (tfgpu-wizard doctor, plan, verify).").format(exc),
            file=sys.stderr,
        )
        return 2
    # only an explicit --lang wins over the remembered choice and the desktop's language (gui.app)
    explicit = getattr(args, "lang", None)
    return int(app.main(lang=explicit and language(), page=getattr(args, "page", None)))
