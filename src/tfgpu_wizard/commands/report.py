"""``tfgpu-wizard report``: save a zip for asking for help (doctor JSON, the log, the newest run).

The same bundle as the window's Help → "Save a report for help…": both drive ``core.flows.report``.
"""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", metavar="FILE", help="where to write the zip (default: Documents or home)")
    parser.add_argument("--run", metavar="RUN", help="the run to include (id, recording name or file; default: "
                        "the newest)")
    parser.add_argument("--python", metavar="PATH", help="the Python (or venv / conda env folder) whose TensorFlow "
                        "to describe (default: the one `verify` last found TensorFlow in)")


def run(args: argparse.Namespace) -> int:
    import os
    import sys

    from tfgpu_wizard.core.flows.base import drive
    from tfgpu_wizard.core.flows.report import report
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.monitor.runs import RunFileError, find_run

    run_path = None
    if args.run:
        try:
            run_path = find_run(args.run)
        except RunFileError as exc:
            print(str(exc), file=sys.stderr)
            return 2
    python = None
    if args.python:
        from tfgpu_wizard.commands._target_common import resolve_python

        python = resolve_python(args.python)
        if not os.path.exists(python):
            print(tr("cli", "tfgpu-wizard report: no Python interpreter at {0}").format(args.python), file=sys.stderr)
            return 2
    try:
        contents = drive(report(args.out, run=run_path, python=python))
    except OSError as exc:
        print(tr("cli", "Could not write the report: {0}").format(exc), file=sys.stderr)
        return 1
    print(tr("cli", "Report saved: {0}").format(contents.path))
    for name in contents.names:
        print("  " + name)
    for problem in contents.problems:
        print("  " + tr("cli", "not included: {0}").format(problem))
    print(tr("cli", "Look inside before you share it: paths and your user name appear in it."))
    return 0
