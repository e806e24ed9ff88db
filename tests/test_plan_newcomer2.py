"""The plan findings of the second newcomer report (/work/shared/reports/newcomer-2.md, issue 23), each
reproduced the way the report did it: through the real CLI (``cli.main``), the real matrix.json and the
realistic host reports of tests/fixtures/host (plus the H200 recording), running what the plan writes where
this machine can (bash).
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tfgpu_wizard import cli
from tfgpu_wizard.core import i18n

ROOT = Path(__file__).resolve().parents[1]
HOSTS = ROOT / "tests" / "fixtures" / "host" / "realistic"
NO_DRIVER = HOSTS / "linux-ubuntu2404-no-driver.json"  # a fresh Ubuntu 24.04 desktop, no NVIDIA driver yet
H200 = ROOT / "resources" / "recordings" / "doctor-h200.json"  # recording of a real H200 server
BASH = shutil.which("bash")


def plan_cli(*args: str, lang: str = "en") -> tuple[int, str, str]:
    """``tfgpu-wizard --lang LANG plan ARGS``, in this process; (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old = i18n.set_language(lang)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(["--lang", lang, "plan", *args])
    finally:
        i18n.set_language(old)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_24_install_sh_dry_run_says_nothing_was_run(tmp_path: Path) -> None:
    """Defect 24: ``bash install.sh --dry-run`` ended with "==> All steps finished." although nothing ran."""
    folder = tmp_path / "my plan 计划"
    code, _, err = plan_cli("--host", str(NO_DRIVER), "--prefix", str(tmp_path / "tf env 环境"), "--write", str(folder))
    assert code == 0, err
    proc = subprocess.run([BASH, str(folder / "install.sh"), "--dry-run"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    last = [ln for ln in proc.stderr.splitlines() if ln.strip()][-1]
    assert last == "==> Dry run: nothing was run."
    assert "All steps finished." not in proc.stderr
    assert not (tmp_path / "tf env 环境").exists()  # and indeed nothing ran
    ps1 = tmp_path / "ps"
    assert plan_cli("--host", str(NO_DRIVER), "--shell", "powershell", "--write", str(ps1))[0] == 0
    assert "if ($DryRun) { Write-Host 'Dry run: nothing was run.' }" in (ps1 / "install.ps1").read_text("utf-8")


def _readme_commands(readme: str) -> list[str]:
    """The commands of README.md's "## Steps" section (the indented fenced blocks), one string each."""
    steps = readme.split("\n## Steps\n", 1)[1].split("\n## ", 1)[0]
    out, block = [], None
    for line in steps.splitlines():
        if line.strip() == "```":
            if block is None:
                block = []
            else:
                out.append("\n".join(block))
                block = None
        elif block is not None:
            block.append(line[3:])
    return out


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_04_written_readme_is_pasteable_from_the_plan_folder(tmp_path: Path) -> None:
    """Defect 4: README.md step 3 read ``… -r "$HERE"/requirements.lock``; pasted, $HERE is empty and pip looks
    for /requirements.lock. The README's commands now name the plan's files relative to its folder."""
    import sys

    folder = tmp_path / "my plan 计划"
    env = tmp_path / "tf env 环境"
    code, _, err = plan_cli("--host", str(NO_DRIVER), "--prefix", str(env), "--write", str(folder))
    assert code == 0, err
    readme = (folder / "README.md").read_text(encoding="utf-8")
    commands = _readme_commands(readme)
    assert len(commands) >= 4 and not any("HERE" in c for c in commands), commands
    install = next(c for c in commands if "requirements.lock" in c)
    # paste it, in a terminal opened in the plan's folder, into the environment the first step makes
    subprocess.run([sys.executable, "-m", "venv", str(env)], check=True, timeout=300)
    offline = {"PIP_NO_INDEX": "1", "PIP_CONFIG_FILE": "/dev/null", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    proc = subprocess.run([BASH, "-c", install], cwd=folder, capture_output=True, text=True, timeout=300, env=offline)
    # pip opened the lock and looked for its first pinned package (there is no index here: that is the stop)
    assert "Could not open requirements file" not in proc.stderr, proc.stderr
    assert "absl-py" in proc.stderr, proc.stderr
    win11 = HOSTS / "win11-rtx4070-py312.json"  # native Windows 2.10 (conda, requirements.txt)
    for shell in ("powershell", "cmd"):
        other = tmp_path / shell
        code, _, err = plan_cli("--host", str(win11), "--tf", "2.10", "--shell", shell, "--write", str(other))
        assert code == 0, err
        pasted = _readme_commands((other / "README.md").read_text(encoding="utf-8"))
        assert any("requirements.txt" in c for c in pasted)
        assert not any("$PSScriptRoot" in c or "%~dp0" in c for c in pasted), pasted
