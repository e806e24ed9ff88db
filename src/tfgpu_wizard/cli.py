"""``tfgpu-wizard`` command line: the app with no arguments, or one subcommand.

Each subcommand lives in ``tfgpu_wizard.commands.<name>`` and is imported only when used,
so that ``doctor`` and ``--help`` never pay for Qt (or anything else they do not need).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from tfgpu_wizard import __version__

# name -> one-line help. The module tfgpu_wizard.commands.<name> implements it.
COMMANDS: dict[str, str] = {
    "doctor": "detect this machine: OS, Python, conda, NVIDIA driver, GPUs, CUDA, cuDNN, TensorFlow",
    "plan": "recommend a TensorFlow version and write the install commands for your shell",
    "verify": "run the verification probe in a Python and say whether TensorFlow uses the GPU",
    "sample": "run the bundled training sample (memory modes, devices, precision) in a Python",
    "sanity": "check that TensorFlow trains on the GPU (probe + a short training run), in plain words",
    "benchmark": "run the sample once per setting and compare images/s (or show the H200 recordings)",
    "cluster": "write TF_CONFIG and launch commands for a multi-worker run",
    "diagnose": "explain a TensorFlow / CUDA error log in plain words, with the fix",
    "monitor": "live terminal view of GPU memory and utilization (NVML), optionally logged to CSV",
    "record": "run the sample and record it with the GPU sampler as a run",
    "runs": "list, show and export recorded runs",
    "report": "save a zip to attach to a question for help: doctor report, the log, the newest run",
    "gui": "start the desktop app",
}


def _module_name(command: str) -> str:
    return "tfgpu_wizard.commands." + command.replace("-", "_")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser. With ``only``, just that command's module is imported (fast path)."""
    parser = argparse.ArgumentParser(
        prog="tfgpu-wizard",
        description="Set up TensorFlow on an NVIDIA GPU, verify it, and watch what the GPU does. "
        "With no command, starts the desktop app (or prints the doctor report when there is no display).",
    )
    parser.add_argument("--version", action="version", version=f"tfgpu-wizard {__version__}")
    parser.add_argument("--lang", choices=["en", "zh_CN"], help="language of messages (default: from the locale)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is not None and name != only:
            continue
        try:
            mod = importlib.import_module(_module_name(name))
        except ModuleNotFoundError as exc:
            if exc.name != _module_name(name):
                raise
            p.set_defaults(_missing=name)
            continue
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def has_display() -> bool:
    """Whether a window can be shown: a display server, or an explicit Qt platform."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM")
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    # Import only the chosen command's module: `doctor` must not pay for the others.
    words = [a for a in argv if not a.startswith("-")]
    first = words[0] if words else None
    parser = build_parser(only=first if first in COMMANDS and "-h" not in argv[:1] else None)
    args = parser.parse_args(argv)
    from tfgpu_wizard.core import i18n

    i18n.set_language(args.lang)
    from tfgpu_wizard.core.logsetup import setup_logging  # one rotating log file for the CLI and the window

    setup_logging("gui" if args.command in (None, "gui") else "cli")
    if args.command is None:
        if has_display():
            args = build_parser(only="gui").parse_args(["gui"])
        else:
            from tfgpu_wizard.core.i18n import tr

            print(
                tr(
                    "cli",
                    "No display found, so here is the terminal report instead of the window.\n"
                    "To get the window: run this on a desktop, or over SSH with X forwarding (ssh -X), "
                    "or set QT_QPA_PLATFORM. On a bare server, Qt also needs the system libraries "
                    "listed in the README (libxcb-cursor0, libegl1, fonts-noto-cjk ...).",
                ),
                file=sys.stderr,
            )
            args = build_parser(only="doctor").parse_args(["doctor"])
    if getattr(args, "_missing", None):
        from tfgpu_wizard.core.i18n import tr

        print(
            tr("cli", "tfgpu-wizard {command}: not available in this build").format(command=args._missing),
            file=sys.stderr,
        )
        return 2
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
