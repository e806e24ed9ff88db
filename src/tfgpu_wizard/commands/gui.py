"""``tfgpu-wizard gui``: start the desktop app.

The one command that imports the window (``gui.app``), inside ``run`` so no other command pulls in Qt; the
contract "the CLI commands never pull in Qt or TensorFlow" lists this edge in ``ignore_imports``.
"""

from __future__ import annotations

import argparse

PAGES = ("sanity", "setup", "monitor", "classroom", "benchmark", "diagnose", "check", "learn")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--page", choices=PAGES, help="page to open first (default: sanity)")


def run(args: argparse.Namespace) -> int:
    import sys

    from tfgpu_wizard.core.display import display_problem, how_to_get_a_window
    from tfgpu_wizard.core.i18n import language, tr

    # Before Qt: a display nobody answers on makes Qt abort with "xcb-cursor0 … is needed" (newcomer-2 #14).
    problem = display_problem(headless_ok=True)
    if problem is not None:
        print(tr("gui", "The window cannot be shown: {0}.").format(problem), file=sys.stderr)
        print(how_to_get_a_window(), file=sys.stderr)
        print(tr("gui", "Everything the window does is also a terminal command: tfgpu-wizard --help"), file=sys.stderr)
        return 2
    try:
        from tfgpu_wizard.gui import app
    except ImportError as exc:  # PySide6 / pyqtgraph or a system library they need is missing
        print(
            tr("gui", "The desktop app cannot start: {0}\nInstall PySide6-Essentials and pyqtgraph, "
               "or use the terminal commands (tfgpu-wizard doctor, plan, verify).").format(exc),
            file=sys.stderr,
        )
        return 2
    # only an explicit --lang wins over the remembered choice and the desktop's language (gui.app)
    explicit = getattr(args, "lang", None)
    return int(app.main(lang=explicit and language(), page=getattr(args, "page", None)))
