"""Quoting and script rendering (core/setup/shells.py).

bash: the generated script is really run (argv checked by a tiny Python script that prints sys.argv).
PowerShell and cmd are not available here, so each is checked with a parser written from the documented
rules (about_Quoting_Rules; cmd's percent/caret/quote phase; CommandLineToArgvW), plus golden outputs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.shells import PlanFile, ShellError, Step, Var

BASH = shutil.which("bash")

# Characters that break naive quoting, plus Chinese and the typographic quotes PowerShell honours.
_SPECIAL = " '\"$%!^&`\\\n\t|<>()[]{};,*?~#=@:+-" + "\u2018\u2019\u201a\u201b\u201c\u201d"
ARG = st.text(
    alphabet=st.one_of(
        st.sampled_from(list(_SPECIAL)),
        st.sampled_from(list("abcXYZ019./_") + list("中文路径空格")),
        st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
    ),
    max_size=12,
)


# --------------------------------------------------------------------------------- bash, for real


@pytest.fixture(scope="module")
def argv_printer(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("bin") / "my tools 中文 'q'"
    folder.mkdir()
    script = folder / "print argv.py"
    script.write_text("import json, sys\nprint(json.dumps(sys.argv[1:]))\n", encoding="utf-8")
    return script


@pytest.mark.skipif(BASH is None, reason="bash not installed")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(args=st.lists(ARG, min_size=1, max_size=5))
def test_bash_script_passes_argv_intact(args, argv_printer, tmp_path_factory):
    out_dir = tmp_path_factory.mktemp("run") / "a b 文件夹"
    out_dir.mkdir()
    steps = [Step("print the arguments", argv=(sys.executable, str(argv_printer), *args))]
    text = shells.render_script(steps, "bash", title="t")
    script = out_dir / "install.sh"
    script.write_text(text, encoding="utf-8")
    proc = subprocess.run([BASH, str(script)], capture_output=True, timeout=30)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    assert json.loads(proc.stdout) == args


@pytest.mark.skipif(BASH is None, reason="bash not installed")
def test_bash_dry_run_prints_exact_argv(tmp_path):
    folder = tmp_path / "plan 目录 'x'"
    folder.mkdir()
    args = ("a b", "it's", "$HOME", "`id`", "x\ny", "", "中文")
    steps = [
        Step("one", argv=("echo", *args)),
        Step("two", snippet={"posix": "echo never"}),
        Step("three", argv=("cat", PlanFile("requirements.txt"))),
        Step("four", argv=("false",), platforms=("macos",)),
    ]
    (folder / "install.sh").write_text(shells.render_script(steps, "bash", title="t"), encoding="utf-8")
    env = dict(os.environ, TFGPU_WIZARD_DRY_RUN_FORMAT="nul")
    proc = subprocess.run(
        [BASH, str(folder / "install.sh"), "--dry-run"], capture_output=True, env=env, timeout=30
    )
    assert proc.returncode == 0, proc.stderr
    assert parse_nul_dry_run(proc.stdout) == [
        ("A", ["echo", *args]),
        ("S", ["2"]),
        ("A", ["cat", str(folder / "requirements.txt")]),
    ]
    bad = subprocess.run([BASH, str(folder / "install.sh"), "--bogus"], capture_output=True, timeout=30)
    assert bad.returncode == 2 and b"usage" in bad.stderr


def parse_nul_dry_run(data: bytes) -> list[tuple[str, list[str]]]:
    """Read the NUL-separated dry-run records: A <n> args... | S <step index>."""
    fields = data.decode("utf-8").split("\x00")
    assert fields[-1] == ""
    fields.pop()
    out: list[tuple[str, list[str]]] = []
    i = 0
    while i < len(fields):
        kind = fields[i]
        if kind == "A":
            n = int(fields[i + 1])
            out.append(("A", fields[i + 2 : i + 2 + n]))
            i += 2 + n
        elif kind == "S":
            out.append(("S", [fields[i + 1]]))
            i += 2
        else:
            raise AssertionError(f"unexpected record {kind!r}")
    return out


@pytest.mark.skipif(BASH is None, reason="bash not installed")
def test_bash_script_stops_at_first_failure(tmp_path):
    steps = [Step("fail", argv=("false",)), Step("never", argv=("touch", str(tmp_path / "ran")))]
    (tmp_path / "install.sh").write_text(shells.render_script(steps, "bash", title="t"), encoding="utf-8")
    proc = subprocess.run([BASH, str(tmp_path / "install.sh")], capture_output=True, timeout=30)
    assert proc.returncode != 0
    assert not (tmp_path / "ran").exists()


@pytest.mark.skipif(BASH is None, reason="bash not installed")
@pytest.mark.parametrize("before", [None, "", "/old path/lib:/x", "中文 $x"])
def test_bash_env_save_set_restore(tmp_path, before):
    prefix = "/opt/my env/中文"
    value = shells.env_value("$CONDA_PREFIX/lib/:$LD_LIBRARY_PATH", "LD_LIBRARY_PATH")
    act = "\n".join(shells.save_and_set_env("LD_LIBRARY_PATH", value, "bash"))
    deact = "\n".join(shells.restore_env("LD_LIBRARY_PATH", "bash"))
    (tmp_path / "act.sh").write_text(act + "\n", encoding="utf-8")
    (tmp_path / "deact.sh").write_text(deact + "\n", encoding="utf-8")
    setup = (
        "unset LD_LIBRARY_PATH"
        if before is None
        else "export LD_LIBRARY_PATH=" + shells.quote(before, "bash")
    )
    prog = "\n".join(
        [
            "set -u",
            "export CONDA_PREFIX=" + shells.quote(prefix, "bash"),
            setup,
            f". {shells.quote(str(tmp_path / 'act.sh'), 'bash')}",
            f". {shells.quote(str(tmp_path / 'act.sh'), 'bash')}",  # activating twice keeps the first saved value
            'printf "%s\\0" "${LD_LIBRARY_PATH}"',
            f". {shells.quote(str(tmp_path / 'deact.sh'), 'bash')}",
            'if [ -n "${LD_LIBRARY_PATH+x}" ]; then printf "set:%s\\0" "$LD_LIBRARY_PATH"; else printf "unset\\0"; fi',
            "env | grep -c TFGPU_WIZARD_OLD_ || true",
        ]
    )
    proc = subprocess.run([BASH, "-c", prog], capture_output=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    active, after, leftover = proc.stdout.decode("utf-8").split("\x00")
    tail = ":" + before if before else ""
    # the second activation saw our own value (prepended once more, or deduplicated), and the value from
    # before activation follows intact; the first saved value still wins on restore
    assert active in (prefix + "/lib/" + tail, prefix + "/lib/:" + prefix + "/lib/" + tail)
    assert after == ("unset" if before is None else "set:" + before)
    assert leftover.strip() == "0"


# ------------------------------------------------------------------------ PowerShell, by its rules

PS_SQ = shells.PS_SINGLE_QUOTES


def ps_tokenize(line: str) -> list[str]:
    """Argument-mode tokens of a PowerShell command line as we generate it (about_Quoting_Rules).

    Handles: the call operator ``&``; bare words; single-quoted verbatim strings, where any of the five
    single-quote characters ends the string unless the next character is also a single-quote character,
    in which case that next character is literal; and ``(Join-Path $PSScriptRoot '<name>')``.
    """
    tokens: list[str] = []
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c in " \t":
            i += 1
            continue
        if c in PS_SQ:
            i += 1
            buf = []
            while True:
                if i >= n:
                    raise ValueError("unterminated string")
                ch = line[i]
                if ch in PS_SQ:
                    if i + 1 < n and line[i + 1] in PS_SQ:
                        buf.append(line[i + 1])
                        i += 2
                        continue
                    i += 1
                    break
                buf.append(ch)
                i += 1
            tokens.append("".join(buf))
            continue
        if line.startswith("(Join-Path $PSScriptRoot ", i):
            j = line.index(")", i)
            inner = ps_tokenize(line[i + len("(Join-Path $PSScriptRoot ") : j])
            tokens.append("<SCRIPTDIR>\\" + inner[0])
            i = j + 1
            continue
        j = i
        while j < n and line[j] not in " \t":
            j += 1
        word = line[i:j]
        if any(ch in word for ch in "$`'\"(){};,@#|&<>") and word != "&":
            raise ValueError(f"bare word {word!r} would be interpreted by PowerShell")
        tokens.append(word)
        i = j
    if tokens and tokens[0] == "&":
        tokens.pop(0)
    return tokens


def ps51_native_command_line(args: list[str]) -> str:
    """How Windows PowerShell 5.1 (legacy passing) builds a program's command line from argument values."""
    return " ".join(f'"{a}"' if (" " in a or "\t" in a) else a for a in args)


def command_line_to_argv(cmdline: str) -> list[str]:
    """CommandLineToArgvW for the arguments after the program name (the documented backslash rules)."""
    args: list[str] = []
    i, n = 0, len(cmdline)
    while i < n:
        while i < n and cmdline[i] in " \t":
            i += 1
        if i >= n:
            break
        buf: list[str] = []
        in_quotes = False
        while i < n and (in_quotes or cmdline[i] not in " \t"):
            if cmdline[i] == "\\":
                j = i
                while j < n and cmdline[j] == "\\":
                    j += 1
                count = j - i
                if j < n and cmdline[j] == '"':
                    buf.append("\\" * (count // 2))
                    if count % 2:
                        buf.append('"')
                    else:
                        in_quotes = not in_quotes
                    i = j + 1
                else:
                    buf.append("\\" * count)
                    i = j
            elif cmdline[i] == '"':
                in_quotes = not in_quotes
                i += 1
            else:
                buf.append(cmdline[i])
                i += 1
        args.append("".join(buf))
    return args


@settings(max_examples=300, deadline=None)
@given(args=st.lists(ARG, min_size=1, max_size=5))
@example(args=["it's", "a\u2019b", "\u201bq\u2018", "$x `y`", "C:\\a b\\c", "--"])
@example(args=["a b\\"])
def test_powershell_quoting_round_trips(args):
    argv = ["prog.exe", *args]
    try:
        line = shells.join(argv, "powershell")
    except ShellError:
        assert any(
            a == ""
            or any(q in a for q in shells.PS_DOUBLE_QUOTES)
            or (a.endswith("\\") and (" " in a or "\t" in a))
            for a in args
        )
        return
    values = ps_tokenize(line)
    assert values == argv
    # and what the program then receives through Windows PowerShell 5.1's command line
    assert command_line_to_argv(ps51_native_command_line(values[1:])) == args


def test_powershell_golden():
    assert shells.quote("C:\\Users\\张 三\\tf env", "powershell") == "'C:\\Users\\张 三\\tf env'"
    assert shells.quote("it's", "powershell") == "'it''s'"
    assert shells.quote("a\u2019b", "powershell") == "'a\u2019\u2019b'"
    assert shells.quote("$env:PATH", "powershell") == "'$env:PATH'"
    assert shells.quote("--gpus", "powershell") == "--gpus"
    assert shells.quote("--", "powershell") == "'--'"
    assert (
        shells.join(["C:\\a b\\python.exe", "-c", "print(1)"], "powershell")
        == "& 'C:\\a b\\python.exe' -c 'print(1)'"
    )
    assert shells.join(["python", PlanFile("x.py")], "powershell") == "python (Join-Path $PSScriptRoot x.py)"
    with pytest.raises(ShellError, match="double quote"):
        shells.quote('say "hi"', "powershell")


# ------------------------------------------------------------------------------- cmd, by its rules


def cmd_batch_line(line: str, script_dir: str) -> str:
    """cmd.exe's pass over one batch-file line: percent expansion, then quotes and carets.

    Raises if an unescaped ``& | < >`` is left outside quotes, or a ``%`` sequence other than ``%%``
    and ``%~dp0`` appears (both would make cmd do something other than run the one command).
    """
    out: list[str] = []
    i = 0
    while i < len(line):
        if line[i] == "%":
            if line.startswith("%%", i):
                out.append("%")
                i += 2
            elif line.startswith("%~dp0", i):
                out.append(script_dir)
                i += 5
            else:
                raise ValueError(f"unexpected percent sequence at {i} in {line!r}")
        else:
            out.append(line[i])
            i += 1
    expanded = "".join(out)
    res: list[str] = []
    in_quotes = False
    i = 0
    while i < len(expanded):
        c = expanded[i]
        if c == '"':
            in_quotes = not in_quotes
            res.append(c)
        elif not in_quotes and c == "^":
            i += 1
            if i < len(expanded):
                res.append(expanded[i])
        elif not in_quotes and c in "&|<>":
            raise ValueError(f"unquoted {c!r} in {line!r}")
        else:
            res.append(c)
        i += 1
    if in_quotes:
        raise ValueError("unbalanced quotes")
    return "".join(res)


def split_program(cmdline: str) -> tuple[str, str]:
    """The program name (quotes toggle, no backslash rules) and the rest of the command line."""
    i, in_q, name = 0, False, []
    while i < len(cmdline) and (in_q or cmdline[i] not in " \t"):
        if cmdline[i] == '"':
            in_q = not in_q
        else:
            name.append(cmdline[i])
        i += 1
    return "".join(name), cmdline[i:]


@settings(max_examples=300, deadline=None)
@given(args=st.lists(ARG, min_size=1, max_size=5), batch=st.booleans())
@example(args=["C:\\a b\\", "x\\\\", "100%", "a&b|c<d>e^f", "(x)", "p=3.10;a,b", "!"], batch=False)
@example(args=["C:\\a b\\", "a&b", "!x!"], batch=True)
def test_cmd_quoting_round_trips(args, batch):
    argv = ["C:\\Program Files (x86)\\a&b\\prog.exe", *args]
    try:
        line = shells.join(argv, "cmd", batch=batch)
    except ShellError:
        bad = ('"', "\n", "\r") + (("%", "^") if batch else ())
        assert any(any(b in a for b in bad) for a in argv)
        return
    if batch:
        assert line.startswith("call ")
        line = line[len("call ") :]
    program, rest = split_program(cmd_batch_line(line, "C:\\plan dir\\"))
    assert program == argv[0]
    assert command_line_to_argv(rest) == args


def test_cmd_golden():
    assert shells.quote("C:\\Users\\张 三\\tf env", "cmd") == '"C:\\Users\\张 三\\tf env"'
    assert shells.quote("100%", "cmd") == '"100%%"'
    assert shells.quote("a&b", "cmd") == '"a&b"'
    assert shells.quote("C:\\a b\\", "cmd") == '"C:\\a b\\\\"'
    assert shells.quote("python=3.10", "cmd") == '"python=3.10"'
    assert (
        shells.join(["conda", "create", "-p", "C:\\x y"], "cmd", batch=True)
        == 'call conda create -p "C:\\x y"'
    )
    assert shells.join(["py", PlanFile("fix.py")], "cmd") == 'py "%~dp0fix.py"'
    with pytest.raises(ShellError, match="cmd.exe"):
        shells.quote("line\nbreak", "cmd")
    with pytest.raises(ShellError, match="twice"):
        shells.quote("50%", "cmd", batch=True)


def test_posix_golden_and_nul():
    assert shells.quote("/home/u/my env", "bash") == "'/home/u/my env'"
    assert shells.quote("it's", "zsh") == "'it'\"'\"'s'"  # shlex.quote (issue 11)
    assert shells.quote("plain-arg_1.0", "bash") == "plain-arg_1.0"
    assert shells.quote("", "bash") == "''"
    for sh in shells.SHELLS:
        with pytest.raises(ShellError, match="NUL"):
            shells.quote("a\x00b", sh)
    with pytest.raises(ShellError, match="Unknown shell"):
        shells.quote("x", "fish")


def test_env_lines_per_shell():
    value = shells.env_value("%CONDA_PREFIX%\\Library\\bin;%PATH%", "PATH")
    assert value == (Var("CONDA_PREFIX"), "\\Library\\bin", Var("PATH", lead=";"))
    assert shells.set_env("PATH", value, "cmd") == [
        'if defined PATH (set "PATH=%CONDA_PREFIX%\\Library\\bin;%PATH%") else (set "PATH=%CONDA_PREFIX%\\Library\\bin")'
    ]
    assert shells.set_env("X", "50% & more", "cmd") == ['set "X=50%% & more"']
    assert shells.set_env("X", "it's $y", "powershell") == ["$env:X = 'it''s $y'"]
    assert shells.set_env("X", (Var("A"), "/lib"), "powershell") == ["$env:X = ('' + $env:A + '/lib')"]
    assert shells.set_env("X", "a b", "bash") == ["export X='a b'"]
    with pytest.raises(ShellError):
        shells.set_env("1BAD", "x", "bash")
    with pytest.raises(ShellError):
        shells.set_env("X", 'say "hi"', "cmd")


@pytest.mark.parametrize("shell", shells.SHELLS)
def test_admin_steps_are_separate_and_explained(shell):
    steps = [
        Step("normal", argv=("echo", "hi")),
        Step(
            "needs root",
            argv=("sudo", "apt-get", "install", "-y", "x"),
            admin=True,
            admin_reason="system package",
        ),
    ]
    text = shells.render_script(steps, shell, title="t")
    lines = text.splitlines()
    banner = [i for i, ln in enumerate(lines) if "ADMINISTRATOR STEP: system package" in ln]
    assert len(banner) == 1
    cmd_line = [
        i
        for i, ln in enumerate(lines)
        if "apt-get install" in ln and not ln.lstrip().startswith(("#", "rem", "Write-Host"))
    ]
    assert cmd_line and cmd_line[0] > banner[0]
    # the admin command is its own line, not chained to the normal step
    assert "echo" not in lines[cmd_line[0]] or shell == "powershell"
    with pytest.raises(ValueError):
        Step("x", argv=("a",), admin=True)


@pytest.mark.parametrize("shell", shells.SHELLS)
def test_script_prologue_per_shell(shell):
    text = shells.render_script([Step("s", argv=("prog", "a b"))], shell, title="标题")
    if shell in ("bash", "zsh"):
        assert "set -euo pipefail" in text
    elif shell == "powershell":
        assert "$ErrorActionPreference = 'Stop'" in text and "UTF8" in text and "$LASTEXITCODE" in text
    else:
        assert "chcp 65001" in text and "if errorlevel 1 exit /b 1" in text
    assert "标题" in text
