"""Quoting and script rendering for bash/zsh (POSIX sh), PowerShell and cmd.exe.

Public API (stable; the GUI and ``core.setup.plan`` build on it)::

    SHELLS = ("bash", "zsh", "powershell", "cmd")
    ShellError(ValueError)              # an argument/value the shell cannot represent; message says why

    quote(arg, shell, *, batch=False) -> str          # one argument, quoted for that shell
    join(argv, shell, *, batch=False) -> str          # a whole command line (PlanFile args allowed)
    EnvValue = tuple[str | Var, ...]                  # literal text and run-time variable references
    Var(name, lead="")                                # ${name}; with lead=":" -> ":${name}" only when set
    env_value(template, self_name=None) -> EnvValue   # parse "$CONDA_PREFIX/lib:$LD_LIBRARY_PATH"
    set_env(name, value, shell) -> list[str]          # lines that set a variable
    save_and_set_env(name, value, shell) -> list[str] # ... remembering the old value (activate.d)
    restore_env(name, shell) -> list[str]             # ... and putting it back (deactivate.d)
    PlanFile(name)                                    # an argument naming a file written beside the script
    Step(explain, argv=(), snippet=None, explain_args=(), admin=False, admin_reason="",
         platforms=(), batch=False)
    render_script(steps, shell, *, title, notes=()) -> str
    render_env_file(lines_by_shell, shell, *, title) -> str
    script_name(shell) / env_file_name(shell) / file_encoding(shell) / newline(shell)

Rules implemented (each one is a documented behaviour of the shell, checked by tests/test_shells*.py):

* POSIX sh (bash, zsh): ``shlex.quote``: single quotes keep everything literal except ``'`` itself, written
  ``'"'"'``.
  Newlines are fine inside single quotes. NUL can never be in an argument (rejected for every shell).
* PowerShell (about_Quoting_Rules): a single-quoted string is verbatim; a quote inside is doubled.
  PowerShell also treats the typographic quotes U+2018, U+2019, U+201A, U+201B as single quotes, so
  they are doubled too. A quoted command name needs the call operator ``&``. Windows PowerShell 5.1
  passes arguments to programs without escaping embedded double quotes and drops empty ones, and a
  quoted argument with a space that ends in a backslash reaches the program with a stray quote, so
  those are rejected with a message instead of producing a command that silently does something else.
* cmd.exe: the program receives the line after cmd's own pass, then splits it with the
  CommandLineToArgvW rules (2n backslashes + quote -> n backslashes and a toggle). We wrap every
  argument that needs it in double quotes, so ``& | < > ( ) ^`` are literal; ``%`` is written ``%%``
  (a batch file expands ``%`` even inside quotes); trailing backslashes are doubled before the closing
  quote. ``"`` and newlines cannot be represented and are rejected (Windows paths cannot hold ``"``).
  Scripts run with delayed expansion off, so ``!`` is literal. A batch program (conda.bat) must be
  started with ``call`` and goes through a second expansion pass, so for ``batch=True`` ``%`` and ``^``
  are rejected too.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tfgpu_wizard.core.i18n import tr

SHELLS: tuple[str, ...] = ("bash", "zsh", "powershell", "cmd")
_CTX = "plan"

# Single-quote characters of the PowerShell tokenizer: ASCII ' and the typographic ones.
PS_SINGLE_QUOTES = "'\u2018\u2019\u201a\u201b"
PS_DOUBLE_QUOTES = '"\u201c\u201d\u201e'

# Bare words PowerShell passes unchanged to a program. Not "--" (the end-of-parameters token),
# nothing starting with "-" followed by nothing, and none of $ ` ' " , ; ( ) { } @ # < > | & [ ].
_PS_SAFE = re.compile(r"[A-Za-z0-9_./:\\=+-]+")
# cmd: "=" "," ";" split batch-file arguments, so they are quoted too.
_CMD_SAFE = re.compile(r"[A-Za-z0-9_./:\\+-]+")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class ShellError(ValueError):
    """A value that the chosen shell cannot represent (the message says which and why)."""


def family(shell: str) -> str:
    """``posix`` for bash/zsh, else the shell's own name."""
    if shell in ("bash", "zsh"):
        return "posix"
    if shell in ("powershell", "cmd"):
        return shell
    raise ShellError(tr(_CTX, "Unknown shell {!r}: choose one of bash, zsh, powershell, cmd.").format(shell))


def _show(arg: str) -> str:
    return arg if len(arg) <= 60 else arg[:57] + "..."


# --------------------------------------------------------------------------------------- quoting


def quote(arg: str, shell: str, *, batch: bool = False) -> str:
    """Quote one argument so that the program started by ``shell`` receives exactly ``arg``."""
    fam = family(shell)
    if "\x00" in arg:
        raise ShellError(tr(_CTX, "An argument cannot contain a NUL character: {!r}").format(_show(arg)))
    if fam == "posix":
        return shlex.quote(arg)  # the standard library's POSIX quoting (issue 11): '' for an empty argument
    if fam == "powershell":
        return _quote_powershell(arg)
    return _quote_cmd(arg, batch=batch)


def _quote_powershell(arg: str) -> str:
    if arg == "":
        raise ShellError(tr(_CTX, "Windows PowerShell drops an empty argument; it cannot be passed."))
    if any(c in arg for c in PS_DOUBLE_QUOTES):
        raise ShellError(
            tr(
                _CTX,
                "Windows PowerShell 5.1 does not pass a double quote inside an argument to a program "
                "correctly: {!r}. Use a folder name without quotes.",
            ).format(_show(arg))
        )
    if arg.endswith("\\") and any(c in arg for c in " \t"):
        raise ShellError(
            tr(
                _CTX,
                "Windows PowerShell 5.1 passes {!r} wrongly (a space and a trailing backslash); "
                "remove the trailing backslash.",
            ).format(_show(arg))
        )
    if _PS_SAFE.fullmatch(arg) and arg != "--" and not arg.startswith("--%"):
        return arg
    out = []
    for ch in arg:
        out.append(ch + ch if ch in PS_SINGLE_QUOTES else ch)
    return "'" + "".join(out) + "'"


def _quote_cmd(arg: str, *, batch: bool) -> str:
    bad = [c for c in ('"', "\n", "\r") if c in arg]
    if bad:
        raise ShellError(
            tr(
                _CTX, "cmd.exe cannot pass {} inside an argument: {!r}. Choose PowerShell or another folder."
            ).format(" ".join(repr(c) for c in bad), _show(arg))
        )
    if batch:
        bad = [c for c in ("%", "^") if c in arg]
        if bad:
            raise ShellError(
                tr(
                    _CTX,
                    "cmd.exe expands {} twice when it calls a batch program such as conda: {!r}. "
                    "Choose PowerShell or a folder without these characters.",
                ).format(" ".join(bad), _show(arg))
            )
    if arg and _CMD_SAFE.fullmatch(arg):
        return arg
    body = arg.replace("%", "%%")
    # CommandLineToArgvW: backslashes before the closing quote must be doubled, or the quote
    # becomes literal. No other backslash is special because the body holds no quote.
    trailing = len(body) - len(body.rstrip("\\"))
    body = body + "\\" * trailing
    return '"' + body + '"'


@dataclass(frozen=True)
class PlanFile:
    """An argument that names a file written next to the script (resolved at run time)."""

    name: str

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*", self.name):
            raise ValueError(f"PlanFile names are plain relative ASCII paths, got {self.name!r}")


Arg = str | PlanFile


def _render_arg(arg: Arg, shell: str, *, batch: bool, relative: bool = False) -> str:
    if isinstance(arg, PlanFile) and relative:  # pasted in a terminal opened in the plan's folder
        return quote(arg.name if family(shell) == "posix" else arg.name.replace("/", "\\"), shell, batch=batch)
    if isinstance(arg, PlanFile):
        fam = family(shell)
        if fam == "posix":
            return '"$HERE"/' + quote(arg.name, shell)
        if fam == "powershell":
            return "(Join-Path $PSScriptRoot " + quote(arg.name.replace("/", "\\"), shell) + ")"
        return '"%~dp0' + arg.name.replace("/", "\\") + '"'
    return quote(arg, shell, batch=batch)


def join(argv: Sequence[Arg], shell: str, *, batch: bool = False, relative: bool = False) -> str:
    """A command line that runs ``argv`` in ``shell`` (``batch``: the program is a cmd batch file).

    A ``PlanFile`` names the file beside the running script (``"$HERE"/name``, ``$PSScriptRoot``, ``%~dp0``);
    with ``relative`` it is the bare relative name instead, for commands pasted in the plan's folder.
    """
    if not argv:
        raise ShellError("empty command")
    parts = [_render_arg(a, shell, batch=batch, relative=relative) for a in argv]
    fam = family(shell)
    if fam == "powershell" and (not isinstance(argv[0], str) or parts[0] != argv[0]):
        parts.insert(0, "&")  # a quoted or computed command name is a string, not a command
    if fam == "cmd" and batch:
        parts.insert(0, "call")
    return " ".join(parts)


# --------------------------------------------------------------------------- environment variables


@dataclass(frozen=True)
class Var:
    """A reference to an environment variable, expanded when the script runs.

    ``lead`` (``trail``) is a separator written before (after) the value only when the variable is set
    and not empty, so ``LD_LIBRARY_PATH=$X/lib:$LD_LIBRARY_PATH`` does not end in ``:`` (which would add the
    current directory to the library search path) when LD_LIBRARY_PATH was unset.
    """

    name: str
    lead: str = ""
    trail: str = ""

    def __post_init__(self) -> None:
        if not _ENV_NAME.fullmatch(self.name):
            raise ShellError(f"not an environment variable name: {self.name!r}")
        if self.lead not in ("", ":", ";") or self.trail not in ("", ":", ";") or (self.lead and self.trail):
            raise ShellError(f"unsupported separator {self.lead!r}/{self.trail!r}")

    @property
    def conditional(self) -> bool:
        return bool(self.lead or self.trail)


EnvValue = tuple["str | Var", ...]

_TEMPLATE_VAR = re.compile(
    r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)|%([A-Za-z_][A-Za-z0-9_]*)%"
)


def env_value(template: str, self_name: str | None = None) -> EnvValue:
    """Parse ``$NAME`` / ``${NAME}`` / ``%NAME%`` references in a recipe's value.

    A reference to ``self_name`` (the variable being set) that is separated by ``:`` or ``;`` from
    the rest becomes conditional (``Var(name, lead=sep)``), the usual "prepend to a path list".
    """
    parts: list[str | Var] = []
    pos = 0
    for m in _TEMPLATE_VAR.finditer(template):
        if m.start() > pos:
            parts.append(template[pos : m.start()])
        name = m.group(1) or m.group(2) or m.group(3)
        parts.append(Var(name))
        pos = m.end()
    if pos < len(template):
        parts.append(template[pos:])
    if self_name:
        for i, part in enumerate(parts):
            if isinstance(part, Var) and part.name == self_name and i > 0:
                prev = parts[i - 1]
                if isinstance(prev, str) and prev[-1:] in (":", ";"):
                    parts[i - 1] = prev[:-1]
                    parts[i] = Var(self_name, lead=prev[-1])
        parts = [p for p in parts if p != ""]
    return tuple(parts)


def _as_value(value: str | EnvValue) -> EnvValue:
    return (value,) if isinstance(value, str) else tuple(value)


def _check_name(name: str) -> None:
    if not _ENV_NAME.fullmatch(name):
        raise ShellError(tr(_CTX, "Not a valid environment variable name: {!r}").format(name))


def _posix_value(value: EnvValue, shell: str) -> str:
    if all(isinstance(p, str) for p in value):
        return quote("".join(value), shell)  # type: ignore[arg-type]
    out = ['"']
    for p in value:
        if isinstance(p, Var):
            if p.conditional:
                out.append("${" + p.name + ":+" + p.lead + "${" + p.name + "}" + p.trail + "}")
            else:
                out.append("${" + p.name + ":-}")
        else:
            out.append(re.sub(r'([\\"$`])', r"\\\1", p))
    out.append('"')
    return "".join(out)


def _ps_literal(text: str) -> str:
    return "'" + "".join(c + c if c in PS_SINGLE_QUOTES else c for c in text) + "'"


def _ps_value(value: EnvValue) -> str:
    pieces = ["''"]
    for p in value:
        if isinstance(p, Var):
            if p.lead:
                pieces.append(
                    f"$(if ($env:{p.name}) {{ {_ps_literal(p.lead)} + $env:{p.name} }} else {{ '' }})"
                )
            elif p.trail:
                pieces.append(
                    f"$(if ($env:{p.name}) {{ $env:{p.name} + {_ps_literal(p.trail)} }} else {{ '' }})"
                )
            else:
                pieces.append(f"$env:{p.name}")
        elif p:
            pieces.append(_ps_literal(p))
    if len(pieces) == 2 and not isinstance(value[0], Var):
        return pieces[1]
    return "(" + " + ".join(pieces) + ")"


def _cmd_text(text: str) -> str:
    if '"' in text or "\n" in text or "\r" in text:
        raise ShellError(
            tr(_CTX, "cmd.exe cannot hold a double quote or a line break in a variable: {!r}").format(
                _show(text)
            )
        )
    return text.replace("%", "%%")


def _cmd_value(value: EnvValue, conditional: Var | None = None, present: bool = True) -> str:
    out = []
    for p in value:
        if isinstance(p, Var):
            if p is conditional:
                if present:
                    out.append(_cmd_text(p.lead) + "%" + p.name + "%" + _cmd_text(p.trail))
            else:
                out.append("%" + p.name + "%")
        else:
            out.append(_cmd_text(p))
    return "".join(out)


def set_env(name: str, value: str | EnvValue, shell: str) -> list[str]:
    """Lines that set ``name`` to ``value`` for the rest of the session (export, $env:, set)."""
    _check_name(name)
    val = _as_value(value)
    fam = family(shell)
    if fam == "posix":
        return [f"export {name}={_posix_value(val, shell)}"]
    if fam == "powershell":
        return [f"$env:{name} = {_ps_value(val)}"]
    conditional = [p for p in val if isinstance(p, Var) and p.conditional]
    if len(conditional) > 1:
        raise ShellError("cmd.exe: at most one conditional variable per value")
    if not conditional:
        return [f'set "{name}={_cmd_value(val)}"']
    c = conditional[0]
    return [
        f'if defined {c.name} (set "{name}={_cmd_value(val, c, True)}") '
        f'else (set "{name}={_cmd_value(val, c, False)}")'
    ]


def _saved(name: str) -> str:
    return "TFGPU_WIZARD_OLD_" + name


def save_and_set_env(name: str, value: str | EnvValue, shell: str) -> list[str]:
    """Remember the current value of ``name`` (set or unset) once, then set it.

    Activating twice keeps the first saved value, so deactivating restores what the user had.
    """
    _check_name(name)
    old = _saved(name)
    fam = family(shell)
    if fam == "posix":
        save = [
            f'if [ -z "${{{old}+x}}" ]; then',
            f'  if [ -n "${{{name}+x}}" ]; then export {old}="=${{{name}}}"; else export {old}=""; fi',
            "fi",
        ]
    elif fam == "powershell":
        save = [
            f"if ($null -eq $env:{old}) {{ "
            f"if ($null -ne $env:{name}) {{ $env:{old} = '=' + $env:{name} }} else {{ $env:{old} = '-' }} }}"
        ]
    else:
        save = [f'if not defined {old} (if defined {name} (set "{old}=+%{name}%") else (set "{old}=-"))']
    return save + set_env(name, value, shell)


def restore_env(name: str, shell: str) -> list[str]:
    """Put back what :func:`save_and_set_env` remembered (unset it if it was unset)."""
    _check_name(name)
    old = _saved(name)
    fam = family(shell)
    if fam == "posix":
        return [
            f'if [ -n "${{{old}+x}}" ]; then',
            f'  if [ -n "${{{old}}}" ]; then export {name}="${{{old}#=}}"; else unset {name}; fi',
            f"  unset {old}",
            "fi",
        ]
    if fam == "powershell":
        return [
            f"if ($null -ne $env:{old}) {{",
            f"  if ($env:{old}.StartsWith('=')) {{ $env:{name} = $env:{old}.Substring(1) }}"
            f" else {{ Remove-Item Env:{name} -ErrorAction SilentlyContinue }}",
            f"  Remove-Item Env:{old}",
            "}",
        ]
    return [
        f'if defined {old} (if "%{old}:~0,1%"=="-" (set "{name}=") else (set "{name}=%{old}:~1%"))',
        f'set "{old}="',
    ]


# ------------------------------------------------------------------------------------------ steps

PLATFORMS = ("linux", "windows", "macos")


@dataclass(frozen=True)
class Step:
    """One thing the user (or the script) does.

    ``explain`` is English source text, translated with ``tr("plan", ...)`` when shown, then
    formatted with ``explain_args``. A step is ``argv`` (quoted per shell), or ``snippet`` (raw code
    per shell family: ``posix`` / ``powershell`` / ``cmd``), or neither: then it is done by hand and
    the script shows it as a comment (also for a family the snippet has no code for). ``admin`` steps are rendered as their
    own block with ``admin_reason``. ``platforms`` limits the step to some OSes (``linux`` covers
    WSL2); the script checks at run time. An ``elsewhere`` step is done on another computer (the one with
    internet, for an offline plan): the script shows it as a comment and never runs it.
    """

    explain: str
    argv: tuple[Arg, ...] = ()
    snippet: Mapping[str, str] | None = None
    explain_args: tuple[str, ...] = ()
    admin: bool = False
    admin_reason: str = ""
    platforms: tuple[str, ...] = ()
    batch: bool = False
    reason_args: tuple[str, ...] = field(default=())
    elsewhere: bool = False

    def __post_init__(self) -> None:
        if self.argv and self.snippet:
            raise ValueError("a Step has argv or snippet, not both (neither: a step done by hand)")
        if self.admin and not self.admin_reason:
            raise ValueError("an admin Step says why it needs administrator rights")
        for p in self.platforms:
            if p not in PLATFORMS:
                raise ValueError(f"unknown platform {p!r}")

    def text(self) -> str:
        return tr(_CTX, self.explain).format(*self.explain_args)

    def reason(self) -> str:
        return tr(_CTX, self.admin_reason).format(*self.reason_args) if self.admin_reason else ""

    def command(self, shell: str, *, relative: bool = False) -> str | None:
        """The command as the user would type it in ``shell`` (None: nothing to run there); ``relative``:
        as pasted in a terminal opened in the plan's folder (``join``)."""
        if self.argv:
            return join(self.argv, shell, batch=self.batch, relative=relative)
        if not self.snippet:
            return None
        return self.snippet.get(family(shell)) or None


def script_name(shell: str) -> str:
    return {"posix": "install.sh", "powershell": "install.ps1", "cmd": "install.cmd"}[family(shell)]


def env_file_name(shell: str) -> str:
    return {"posix": "env.sh", "powershell": "env.ps1", "cmd": "env.cmd"}[family(shell)]


def file_encoding(shell: str) -> str:
    """Windows PowerShell 5.1 reads a .ps1 without BOM in the ANSI code page: give it a BOM."""
    return "utf-8-sig" if family(shell) == "powershell" else "utf-8"


def newline(shell: str) -> str:
    """cmd mis-parses labels and blocks in LF-only batch files; PowerShell on Windows expects CRLF."""
    return "\n" if family(shell) == "posix" else "\r\n"


def _comment(text: str, shell: str) -> list[str]:
    prefix = "rem " if family(shell) == "cmd" else "# "
    lines = text.splitlines() or [""]
    if family(shell) == "cmd":
        # rem lines are still scanned for %...% in some contexts; keep them literal and harmless.
        lines = [ln.replace("%", "%%") for ln in lines]
    return [(prefix + ln).rstrip() for ln in lines]


def _cmd_echo(text: str) -> str:
    esc = re.sub(r"([\^&|<>()])", r"^\1", text.replace("%", "%%"))
    return "echo(" + esc if esc else "echo("


def _posix_guard(platforms: tuple[str, ...]) -> str:
    tests = []
    for p in platforms:
        tests.append({"linux": "Linux", "macos": "Darwin", "windows": "MINGW*|MSYS*|CYGWIN*"}[p])
    return "|".join(tests)


def _ps_guard(platforms: tuple[str, ...]) -> str:
    tests = []
    for p in platforms:
        tests.append(
            {
                "linux": "$IsLinux",
                "macos": "$IsMacOS",
                "windows": "([System.Environment]::OSVersion.Platform -eq 'Win32NT')",
            }[p]
        )
    return " -or ".join(tests)


_POSIX_PRELUDE = r"""set -euo pipefail
DRY_RUN=0
case "${1:-}" in
  --dry-run) DRY_RUN=1 ;;
  "") ;;
  *) printf '%s\n' "usage: $0 [--dry-run]" >&2; exit 2 ;;
esac
# run CMD ARGS...: run a command, or with --dry-run only print it (TFGPU_WIZARD_DRY_RUN_FORMAT=nul
# prints it NUL-separated, for tools that check the script).
run() {
  if [ "$DRY_RUN" = 1 ]; then
    if [ "${TFGPU_WIZARD_DRY_RUN_FORMAT:-}" = nul ]; then
      printf 'A\0%s\0' "$#"; printf '%s\0' "$@"
    else
      printf '+'; printf ' %q' "$@"; printf '\n'
    fi
  else
    "$@"
  fi
}
snippet() {
  if [ "$DRY_RUN" = 1 ]; then
    if [ "${TFGPU_WIZARD_DRY_RUN_FORMAT:-}" = nul ]; then printf 'S\0%s\0' "$1"; else printf '+ (step %s)\n' "$1"; fi
    return 1
  fi
  return 0
}
step() { printf '\n==> %s\n' "$1" >&2; }
"""


def render_script(steps: Sequence[Step], shell: str, *, title: str, notes: Sequence[str] = ()) -> str:
    """The install script for ``shell``; every step is announced, checked and stops the script on failure.

    bash/zsh: ``set -euo pipefail`` and a ``--dry-run`` option. PowerShell: ``$ErrorActionPreference =
    'Stop'``, UTF-8 console output, ``$LASTEXITCODE`` checked after every program. cmd: ``chcp 65001``
    and ``if errorlevel 1 exit /b 1`` after every command. Lines use :func:`newline` when written.
    """
    fam = family(shell)
    total = len(steps)
    lines: list[str] = []
    head = [title, tr(_CTX, "Generated by tfgpu-wizard. Read it before you run it."), *notes]
    if fam == "posix":
        lines.append("#!/usr/bin/env bash" if shell == "bash" else "#!/usr/bin/env zsh")
        lines += _comment("\n".join(head), shell)
        lines.append(
            "# "
            + tr(_CTX, "Run: {} {} (add --dry-run to only print the commands)").format(
                shell, script_name(shell)
            )
        )
        lines += _POSIX_PRELUDE.splitlines()
        if shell == "bash":
            lines.append('HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"')
        else:
            lines.append('HERE="${0:A:h}"')
    elif fam == "powershell":
        lines.append("param([switch]$DryRun)")
        lines += _comment("\n".join(head), shell)
        lines.append(
            "# "
            + tr(_CTX, "Run: powershell -ExecutionPolicy Bypass -File {} (add -DryRun to only print)").format(
                script_name(shell)
            )
        )
        lines += [
            "$ErrorActionPreference = 'Stop'",
            "[Console]::OutputEncoding = [System.Text.Encoding]::UTF8",
            "$OutputEncoding = [System.Text.Encoding]::UTF8",
            "function Test-TfgpuAdmin {",
            "  if (-not ([System.Environment]::OSVersion.Platform -eq 'Win32NT')) { return $true }",
            "  $id = [Security.Principal.WindowsIdentity]::GetCurrent()",
            "  return ([Security.Principal.WindowsPrincipal]$id).IsInRole("
            "[Security.Principal.WindowsBuiltInRole]::Administrator)",
            "}",
        ]
    else:
        lines.append("@echo off")
        lines += _comment("\n".join(head), shell)
        lines.append("rem " + tr(_CTX, "Run: {} in a Command Prompt").format(script_name(shell)))
        lines += ["chcp 65001 >nul", "setlocal EnableExtensions DisableDelayedExpansion"]

    for i, st in enumerate(steps, 1):
        header = f"[{i}/{total}] {st.text()}"
        lines.append("")
        if st.admin:
            banner = tr(_CTX, "ADMINISTRATOR STEP: {}").format(st.reason())
            lines += _comment("=" * 70, shell)
            lines += _comment(banner, shell)
            lines += _comment("=" * 70, shell)
        lines += _comment(header, shell)
        body = _render_step_body(st, shell, i, header)
        lines += body
    lines.append("")
    done = tr(_CTX, "All steps finished.")
    dry = tr(_CTX, "Dry run: nothing was run.")
    if fam == "posix":
        lines.append(f'if [ "$DRY_RUN" = 1 ]; then step {quote(dry, shell)}; else step {quote(done, shell)}; fi')
    elif fam == "powershell":
        lines.append(f"if ($DryRun) {{ Write-Host {_ps_literal(dry)} }} else {{ Write-Host {_ps_literal(done)} }}")
    else:
        lines += [_cmd_echo(done), "exit /b 0"]
    return "\n".join(lines) + "\n"


def _render_elsewhere(st: Step, shell: str, header: str) -> list[str]:
    """A step for another computer: announced, its command shown as a comment, never run."""
    fam = family(shell)
    note = tr(_CTX, "Not run here: do this on a computer with internet, in a copy of this folder.")
    out = _comment(note, shell)
    cmd = st.command(shell, relative=True)
    if cmd:
        out += _comment("\n".join("  " + ln for ln in cmd.splitlines()), shell)
    said = f"{header} ({note})"
    if fam == "posix":
        out.append(f"step {quote(said, shell)}")
    elif fam == "powershell":
        out.append(f"Write-Host ''; Write-Host {_ps_literal('==> ' + said)}")
    else:
        out += ["echo(", _cmd_echo("==> " + said)]
    return out


def _render_step_body(st: Step, shell: str, index: int, header: str) -> list[str]:
    fam = family(shell)
    if st.elsewhere:
        return _render_elsewhere(st, shell, header)
    cmd = st.command(shell)
    out: list[str] = []
    if fam == "posix":
        inner = [f"step {quote(header, shell)}"]
        if st.admin:
            inner.append(f"printf '%s\\n' {quote(st.reason(), shell)} >&2")
        if cmd is None:
            inner += _comment(tr(_CTX, "Nothing to run in this shell; do it by hand as described."), shell)
            inner.append(":")
        elif st.argv:
            inner.append("run " + cmd)
        else:
            inner.append(f"if snippet {index}; then")
            inner += ["  " + ln for ln in cmd.splitlines()]
            inner.append("fi")
        if st.platforms:
            out.append(f'case "$(uname -s)" in {_posix_guard(st.platforms)})')
            out += ["  " + ln for ln in inner]
            out += ["  ;;", "esac"]
        else:
            out += inner
        return out
    if fam == "powershell":
        inner = [f"Write-Host ''; Write-Host {_ps_literal('==> ' + header)}"]
        if st.admin:
            msg = tr(_CTX, "This step needs administrator rights: start PowerShell as administrator.")
            inner.append(f"if (-not (Test-TfgpuAdmin)) {{ throw {_ps_literal(msg)} }}")
        if cmd is None:
            inner += _comment(tr(_CTX, "Nothing to run in this shell; do it by hand as described."), shell)
        else:
            inner.append("if ($DryRun) {")
            inner.append("  Write-Host " + _ps_literal("+ " + cmd.splitlines()[0]))
            inner.append("} else {")
            inner += ["  " + ln for ln in cmd.splitlines()]
            if st.argv:
                fail = tr(_CTX, "Step {} failed with exit code").format(index)
                inner.append(
                    f"  if ($LASTEXITCODE -ne 0) {{ throw ({_ps_literal(fail + ' ')} + $LASTEXITCODE) }}"
                )
            inner.append("}")
        if st.platforms:
            out.append(f"if ({_ps_guard(st.platforms)}) {{")
            out += ["  " + ln for ln in inner]
            out.append("}")
        else:
            out += inner
        return out
    # cmd
    if st.platforms and "windows" not in st.platforms:
        return _comment(tr(_CTX, "Skipped: this step is only for {}.").format(", ".join(st.platforms)), shell)
    out.append("echo(")
    out.append(_cmd_echo("==> " + header))
    if st.admin:
        msg = tr(_CTX, "This step needs administrator rights: open the Command Prompt as administrator.")
        out += ["net session >nul 2>&1", f"if errorlevel 1 ({_cmd_echo(msg)}& exit /b 1)"]
    if cmd is None:
        out += _comment(tr(_CTX, "Nothing to run in this shell; do it by hand as described."), shell)
        return out
    out += cmd.splitlines()
    out.append("if errorlevel 1 exit /b 1")
    return out


def render_env_file(body: Sequence[str], shell: str, *, title: str) -> str:
    """An environment file the user *sources* (``source env.sh`` / ``. .\\env.ps1`` / ``call env.cmd``).

    It must not exit or change shell options, since it runs inside the user's own shell.
    """
    fam = family(shell)
    lines: list[str] = []
    if fam == "posix":
        lines += _comment(title, shell)
        lines.append("# " + tr(_CTX, "Use: source {}").format(env_file_name(shell)))
    elif fam == "powershell":
        lines += _comment(title, shell)
        lines.append("# " + tr(_CTX, "Use: . .\\{}").format(env_file_name(shell)))
    else:
        lines.append("@echo off")
        lines += _comment(title, shell)
        lines.append("rem " + tr(_CTX, "Use: call {}").format(env_file_name(shell)))
    lines += list(body)
    return "\n".join(lines) + "\n"
