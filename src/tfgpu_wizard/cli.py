"""``tfgpu-wizard`` command line: the app with no arguments, or one subcommand.

Each subcommand lives in ``tfgpu_wizard.commands.<name>`` and is imported only when argparse picks it
(``_Commands`` loads the module when the sub-parser is about to run), so ``doctor`` and ``--help`` never
pay for Qt or for the other commands. The same parser serves the pip-installed programs and the frozen
ones (installer/entry_*.py): ``main`` for ``tfgpu-wizard``, ``gui_main`` for ``tfgpu-wizard-gui``.

Global options (``--lang``) come from one parent parser that every (sub-)parser gets, so they work
before or after the command. Help texts and argparse's own messages are translated: the language is
read first (``_early_language``), then the help texts go through ``tr("cli-help", ...)`` when they are
formatted and argparse's messages through ``tr("argparse", ...)`` (the gettext hook argparse offers).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence

from tfgpu_wizard import __version__

HELP_CTX = "cli-help"  # the translation context of every help text, description and group title
ARGPARSE_CTX = "argparse"  # argparse's own messages ("usage: ", "invalid choice: ...")

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
    "check": "check a tutorial, requirements file, notebook or Dockerfile before you follow it",
    "monitor": "live terminal view of GPU memory and utilization (NVML), optionally logged to CSV",
    "record": "run the sample and record it with the GPU sampler as a run",
    "fit": "find the largest batch that fits under a memory limit: predicted, then measured on the GPU",
    "runs": "list, show and export recorded runs",
    "report": "save a zip to attach to a question for help: doctor report, the log, the newest run",
    "gui": "start the desktop app",
}

DESCRIPTION = (
    "Set up TensorFlow on an NVIDIA GPU, verify it, and watch what the GPU does. "
    "With no command, starts the desktop app (or prints the doctor report when there is no display)."
)
GUI_DESCRIPTION = "Start the tfgpu-wizard desktop app."


def _module_name(command: str) -> str:
    return "tfgpu_wizard.commands." + command.replace("-", "_")


# -- global options ----------------------------------------------------------------------------------


def add_global_options(parser: argparse.ArgumentParser, in_subcommand: bool = False) -> None:
    """The options every parser takes, before or after the command. In a sub-parser their default is
    SUPPRESS, so a value given before the command is not overwritten by the sub-parser's default."""
    from tfgpu_wizard.core.i18n import SUPPORTED

    default = argparse.SUPPRESS if in_subcommand else None
    parser.add_argument("--lang", choices=SUPPORTED, default=default,
                        help="language of messages (default: from the locale)")


def _global_parent() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    add_global_options(parent, in_subcommand=True)
    return parent


class _EarlyParseError(Exception):
    pass


class _EarlyParser(argparse.ArgumentParser):
    def error(self, message: str):  # type: ignore[override]
        raise _EarlyParseError(message)


def _early_language(argv: Sequence[str]) -> str | None:
    """``--lang`` wherever it is on the command line, before the real parse: the help texts and
    argparse's messages must already be in that language when ``--help`` or an error is printed.
    Anything wrong here is left for the real parser to report."""
    from tfgpu_wizard.core.i18n import SUPPORTED

    early = _EarlyParser(add_help=False, allow_abbrev=False)
    add_global_options(early)
    try:
        ns, _rest = early.parse_known_args(list(argv))
    except _EarlyParseError:
        return None
    return ns.lang if ns.lang in SUPPORTED else None


# -- translated help -----------------------------------------------------------------------------


def _tr_help(text: str) -> str:
    from tfgpu_wizard.core.i18n import tr

    return tr(HELP_CTX, text)


class TranslatedHelpFormatter(argparse.HelpFormatter):
    """argparse's formatter with every help text, description and heading translated, and lines wrapped
    by display columns (Chinese characters take two and break anywhere; ``core.text``)."""

    def __init__(self, prog: str, *args, **kwargs) -> None:
        from tfgpu_wizard.core.text import terminal_width

        kwargs.setdefault("width", terminal_width() - 2)
        super().__init__(prog, *args, **kwargs)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return _tr_help(action.help) if action.help else action.help

    def add_text(self, text: str | None) -> None:
        super().add_text(_tr_help(text) if text and text is not argparse.SUPPRESS else text)

    def start_section(self, heading: str | None) -> None:
        if heading:
            heading = _tr_help(heading)
            self._wide_headings = getattr(self, "_wide_headings", set())
            if not heading.isascii():
                self._wide_headings.add(heading)
        super().start_section(heading)

    def format_help(self) -> str:
        text = super().format_help()
        for heading in getattr(self, "_wide_headings", ()):  # "选项：", not "选项:" (Python < 3.13 hard-codes ":")
            text = text.replace(f"{heading}:\n", f"{heading}：\n")
        return text

    def _format_usage(self, usage, actions, groups, prefix) -> str:
        """argparse indents the usage's continuation lines by the prefix's length in characters;
        "用法：" is three characters but six columns wide."""
        from tfgpu_wizard.core.text import display_width

        if prefix is None:
            prefix = argparse._("usage: ")  # type: ignore[attr-defined]
        text = super()._format_usage(usage, actions, groups, prefix)
        extra = display_width(prefix) - len(prefix)
        if extra <= 0:
            return text
        lines = text.split("\n")
        return "\n".join([lines[0]] + [" " * extra + ln if ln.startswith(" ") else ln for ln in lines[1:]])

    def _split_lines(self, text: str, width: int) -> list[str]:
        from tfgpu_wizard.core.text import wrap

        return wrap(" ".join(text.split()), width) or [""]

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        from tfgpu_wizard.core.text import wrap

        return "\n".join(wrap(" ".join(text.split()), width, indent))


class _Commands(argparse._SubParsersAction):
    """Sub-parsers that take the global options, and load their command's module only when chosen."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._loaders: dict[str, Callable[[argparse.ArgumentParser], None]] = {}

    def add_parser(self, name: str, **kwargs):  # type: ignore[override]
        kwargs["parents"] = [*kwargs.get("parents", ()), _global_parent()]
        return super().add_parser(name, **kwargs)

    def add_lazy(self, name: str, loader: Callable[[argparse.ArgumentParser], None], **kwargs):
        parser = self.add_parser(name, **kwargs)
        self._loaders[name] = loader
        return parser

    def load(self, name: str) -> None:
        loader = self._loaders.pop(name, None)
        if loader is not None:
            loader(self._name_parser_map[name])

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        if values:
            self.load(values[0])
        super().__call__(parser, namespace, values, option_string)
        # An unknown option is the command's error, with the command's usage (argparse would leave it to the
        # top-level parser, which prints the usage of `tfgpu-wizard` itself: drills-3 3f).
        extras = getattr(namespace, argparse._UNRECOGNIZED_ARGS_ATTR, None)  # type: ignore[attr-defined]
        if values and extras:
            self._name_parser_map[values[0]].error(
                argparse._("unrecognized arguments: %s") % " ".join(extras))  # type: ignore[attr-defined]


class Parser(argparse.ArgumentParser):
    """``ArgumentParser`` with translated help; its sub-parsers (at any depth) take the global options."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", TranslatedHelpFormatter)
        super().__init__(*args, **kwargs)
        self.register("action", "parsers", _Commands)

    def error(self, message: str):  # type: ignore[override]
        # Python < 3.11 formats "argument X: ..." without asking gettext: translate it here.
        m = re.match(r"argument (\S+): (.*)\Z", message, re.S)
        if m:
            message = argparse._("argument %(argument_name)s: %(message)s") % {  # type: ignore[attr-defined]
                "argument_name": m.group(1), "message": m.group(2)}
        super().error(message)


# -- argparse's own messages -----------------------------------------------------------------------


@contextlib.contextmanager
def argparse_translated() -> Iterator[None]:
    """argparse's messages ("usage: ", "the following arguments are required: %s" ...) in the current
    language while the parser is built and used. argparse asks ``gettext`` through its module-level
    ``_`` and ``ngettext`` for them (the hook its documentation names); our catalogs are Qt .ts files,
    so those two names are pointed at ``tr`` for the duration."""
    from tfgpu_wizard.core.i18n import tr

    saved = {name: getattr(argparse, name) for name in ("_", "ngettext") if hasattr(argparse, name)}
    if len(saved) == 2:
        argparse._ = lambda message: tr(ARGPARSE_CTX, message)  # type: ignore[attr-defined]
        argparse.ngettext = lambda singular, plural, n: tr(ARGPARSE_CTX, singular if n == 1 else plural)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(argparse, name, value)


# -- the parsers -----------------------------------------------------------------------------------


def _command_loader(name: str) -> Callable[[argparse.ArgumentParser], None]:
    def load(p: argparse.ArgumentParser) -> None:
        try:
            mod = importlib.import_module(_module_name(name))
        except ModuleNotFoundError as exc:
            if exc.name != _module_name(name):
                raise
            p.set_defaults(_missing=name)
            return
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)

    return load


def build_parser(load_all: bool = False) -> Parser:
    """The ``tfgpu-wizard`` parser. A command's module is imported when argparse picks that command
    (or at once for every command with ``load_all``, which tests and tools use to see every option)."""
    parser = Parser(prog="tfgpu-wizard", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"tfgpu-wizard {__version__}")
    add_global_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in COMMANDS.items():
        sub.add_lazy(name, _command_loader(name), help=help_text, description=help_text)
        if load_all:
            sub.load(name)
    return parser


def build_gui_parser() -> Parser:
    """The ``tfgpu-wizard-gui`` parser: the ``gui`` command's options and the global ones."""
    from tfgpu_wizard.commands import gui

    parser = Parser(prog="tfgpu-wizard-gui", description=GUI_DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"tfgpu-wizard {__version__}")
    add_global_options(parser)
    gui.add_arguments(parser)
    parser.set_defaults(command="gui", _run=gui.run)
    return parser


def parse_args(argv: Sequence[str], gui: bool = False) -> argparse.Namespace:
    """Parse ``argv`` the one way all four programs do (pip and frozen, CLI and window): the language
    first, then the command and its options by argparse. Sets the language for the rest of the run."""
    from tfgpu_wizard.core import i18n

    i18n.set_language(_early_language(argv))
    with argparse_translated():
        parser = build_gui_parser() if gui else build_parser()
        args = parser.parse_args(list(argv))
    i18n.set_language(getattr(args, "lang", None))
    return args


def has_display() -> bool:
    """Whether a window can be shown that the user will see (core.display: a display server that answers)."""
    from tfgpu_wizard.core.display import display_problem

    return display_problem() is None


def _default_command(args: argparse.Namespace) -> argparse.Namespace:
    """No command: the window when one can be shown, else the doctor report (and how to get the window).
    Global options given before (``--lang zh_CN``) are kept: parsing ``gui`` afresh dropped them (gui-audit-2 N3)."""
    from tfgpu_wizard.core.display import display_problem, how_to_get_a_window
    from tfgpu_wizard.core.i18n import tr

    problem = display_problem()
    if problem is None:
        name = "gui"
    else:
        from tfgpu_wizard.commands._console import err

        err().line(tr("cli", "No display found: {0}. Here is the terminal report instead of the window.").format(problem))
        err().line(how_to_get_a_window())
        name = "doctor"
    with argparse_translated():
        chosen = build_parser().parse_args([name])
    for key, value in vars(args).items():  # the global options, as given
        if value is not None and not key.startswith("_") and getattr(chosen, key, None) is None:
            setattr(chosen, key, value)
    return chosen


def run_parsed(args: argparse.Namespace) -> int:
    """Run what ``parse_args`` chose."""
    from tfgpu_wizard.core.logsetup import setup_logging  # one rotating log file for the CLI and the window

    setup_logging("gui" if args.command in (None, "gui") else "cli")
    if args.command is None:
        args = _default_command(args)
    if getattr(args, "_missing", None):
        from tfgpu_wizard.core.i18n import tr

        print(
            tr("cli", "tfgpu-wizard {command}: not available in this build").format(command=args._missing),
            file=sys.stderr,
        )
        return 2
    try:
        code = int(args._run(args) or 0)
        sys.stdout.flush()  # a full disk or a closed reader shows here, not at the interpreter's exit
        return code
    except KeyboardInterrupt as exc:
        return getattr(exc, "exit_code", 130)  # 143 after SIGTERM, 129 after SIGHUP (core.lifecycle.Stopped)
    except BrokenPipeError:
        return 0
    except OSError as exc:
        if exc.filename is not None:  # a file the command named: the command's own message belongs there
            raise
        # the output itself could not be written (stdout on a full disk, a closed terminal): say so, no traceback
        _quiet_stdout()
        from tfgpu_wizard.core.i18n import tr

        print(tr("cli", "tfgpu-wizard: the output could not be written: {error}").format(
            error=exc.strerror or exc), file=sys.stderr)
        return 1


def _quiet_stdout() -> None:
    """After a failed write to stdout, point it at devnull so that the interpreter's exit flush stays quiet."""
    import os

    try:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives until exit
    except OSError:
        pass


def prepare_streams() -> str | None:
    """Make the standard streams safe to print to, before anything is printed.

    A console whose encoding cannot print Chinese or the marks (a Latin-1 locale, drills-3 #9) gets ``?`` for
    what it cannot show instead of a UnicodeEncodeError traceback (the console module picks ASCII marks there).
    A closed stream (``>&-``, ``2>&-``, ``<&-``: cron and daemon contexts, drills-3 #11) is None in Python; returns
    the sentence to say and exit with when stdout is closed (nothing the command prints could be seen), else None.
    A closed stdin or stderr is pointed at the null device: a command that reads stdin then says it got nothing.
    """
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            continue
        enc = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if enc not in ("utf-8", "utf8", "utf-16", "utf-32") and hasattr(stream, "reconfigure"):
            with contextlib.suppress(Exception):
                stream.reconfigure(errors="replace")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives until exit
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives until exit
    if sys.stdout is None:
        from tfgpu_wizard.core.i18n import tr

        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives until exit
        return tr("cli", "tfgpu-wizard: the output could not be written: the standard output is closed. Run it "
                         "again with its output going somewhere (a terminal, a file: > out.txt).")
    return None


def main(argv: Sequence[str] | None = None,
         before_run: Callable[[argparse.Namespace], None] | None = None) -> int:
    """``tfgpu-wizard``. ``before_run`` sees the parsed arguments first (the frozen entry's smoke hook)."""
    from tfgpu_wizard.core import lifecycle

    lifecycle.install()  # SIGTERM/SIGHUP/SIGINT stop our child process groups first (issue 14)
    closed = prepare_streams()
    if closed is not None:
        parse_args(sys.argv[1:] if argv is None else argv)  # the language of the sentence (and --help/--version)
        print(closed, file=sys.stderr)
        return 1
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if before_run is not None:
        before_run(args)
    return run_parsed(args)


def gui_main(argv: Sequence[str] | None = None,
             before_run: Callable[[argparse.Namespace], None] | None = None) -> int:
    """``tfgpu-wizard-gui``: the window, with the same options as ``tfgpu-wizard gui`` and the global ones
    (``tfgpu-wizard-gui --lang zh_CN --page monitor``), for the pip-installed and the frozen program."""
    prepare_streams()  # the window prints little, but what it prints must not crash on a closed stream
    args = parse_args(sys.argv[1:] if argv is None else argv, gui=True)
    if before_run is not None:
        before_run(args)
    return run_parsed(args)


if __name__ == "__main__":
    raise SystemExit(main())
