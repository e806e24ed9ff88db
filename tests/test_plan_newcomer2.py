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
