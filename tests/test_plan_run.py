"""core.setup.plan_run: the executor behind "Run it for me" and `plan --run`, with real processes.

PowerShell: no PowerShell runs on the machines this is developed on, so the command building for native
Windows is checked against recorded expectations (the exact argv, and the decoded script), not run.
"""

from __future__ import annotations

import base64
import os
import sys
import threading
import time
from pathlib import Path

import pytest

from tfgpu_wizard.core.setup import plan_run
from tfgpu_wizard.core.setup.matrix import load_matrix
from tfgpu_wizard.core.setup.plan import build_plan
from tfgpu_wizard.core.setup.plan_run import PlanExecutor, step_process, summarize
from tfgpu_wizard.core.setup.shells import Step

ROOT = Path(__file__).resolve().parents[1]
posix_only = pytest.mark.skipif(os.name != "posix" or sys.platform == "darwin", reason="runs bash steps")

# Recorded expectation: what the runner hands CreateProcess for one PowerShell step. The script is the
# step's command between the stop-on-error prelude and the exit-code epilogue, base64 of UTF-16LE.
PS_COMMAND = "& 'C:\\Users\\Ana Li\\tf 环境\\Scripts\\python.exe' -m pip install -r \"$HERE\\requirements.txt\""
PS_SCRIPT_EXPECTED = (
    "$ErrorActionPreference = 'Stop'\n$ProgressPreference = 'SilentlyContinue'\n"
    + PS_COMMAND
    + "\nif ($LASTEXITCODE) { exit $LASTEXITCODE }\n"
)
PS_ARGV_HEAD = ["powershell.exe", "-NoLogo", "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass",
                "-EncodedCommand"]


def test_powershell_step_is_encoded_so_quotes_and_spaces_survive():
    argv = step_process(PS_COMMAND, "powershell")
    assert argv[:-1] == PS_ARGV_HEAD
    assert base64.b64decode(argv[-1]).decode("utf-16-le") == PS_SCRIPT_EXPECTED
    assert '"' not in argv[-1] and " " not in argv[-1]  # nothing for CreateProcess quoting to mangle


def test_windows_plan_steps_build_powershell_processes():
    """A real Windows pip plan: every step with a command becomes the recorded PowerShell argv shape."""
    row = load_matrix(ROOT / "matrix.json").row("2.10", "windows")
    plan = build_plan(row, None, "pip", "powershell", prefix="C:\\Users\\Ana Li\\tf 环境")
    cmds = [st.command("powershell") for st in plan.steps if st.command("powershell")]
    assert cmds
    for cmd in cmds:
        argv = step_process(cmd, "powershell")
        assert argv[:-1] == PS_ARGV_HEAD
        script = base64.b64decode(argv[-1]).decode("utf-16-le")
        assert script.startswith("$ErrorActionPreference = 'Stop'") and cmd in script
        assert script.rstrip().endswith("if ($LASTEXITCODE) { exit $LASTEXITCODE }")


def test_bash_step_and_unsupported_shells():
    assert step_process("echo hi", "bash") == ["bash", "-c", "set -euo pipefail\necho hi"]
    with pytest.raises(ValueError):
        step_process("echo hi", "cmd")
    ok, why = plan_run.runnable(type("P", (), {"platform": "windows", "shell": "cmd"})())
    assert not ok and "cmd" in why


def test_summary_names_folder_download_and_admin_steps(tmp_path):
    row = load_matrix(ROOT / "matrix.json").row("2.21", "linux")
    plan = build_plan(row, None, "pip", "bash", prefix=str(tmp_path / "tf env"))
    s = summarize(plan, tmp_path / "plan")
    text = "\n".join(s.lines())
    assert str(tmp_path / "plan") in text and str(tmp_path / "tf env") in text
    assert s.download_high >= plan_run.TF_WHEEL_BYTES and "GB" in text
    assert s.free_bytes is not None and s.free_bytes > 0


class _Collect:
    def __init__(self):
        self.events = []

    def __call__(self, ev):
        self.events.append(ev)

    def lines(self):
        return [e.text for e in self.events if e.kind == "output"]


@posix_only
def test_executor_runs_steps_in_order_and_stops_at_the_first_failure(tmp_path):
    folder = tmp_path / "计划 folder"
    folder.mkdir()
    (folder / "note.txt").write_text("beside the script\n", encoding="utf-8")
    steps = [
        Step("Say hello", argv=("echo", "hi there")),
        Step("Read a file beside the script", snippet={"posix": 'cat "$HERE"/note.txt'}),
        Step("Windows only", argv=("echo", "never"), platforms=("windows",)),
        Step("Fail", snippet={"posix": "echo about to fail; exit 3"}),
        Step("Never reached", argv=("echo", "unreached")),
    ]
    out = _Collect()
    transcript = tmp_path / "t.log"
    ex = PlanExecutor(steps, "bash", folder, out, lambda s: "run", transcript=transcript)
    assert ex.run() == "failed"
    assert ex.results == ["ok", "ok", "skipped", "failed"] and ex.failed_index == 3
    lines = out.lines()
    assert "hi there" in lines and "beside the script" in lines and "(exit code 3)" in lines
    assert "never" not in lines and "unreached" not in lines
    assert out.events[-1].kind == "finished" and out.events[-1].result == "failed"
    assert "about to fail" in transcript.read_text(encoding="utf-8")


@posix_only
def test_executor_admin_answers_and_cancel_kills_the_group(tmp_path):
    marker = tmp_path / "admin ran"
    steps = [Step("Pretend admin", argv=("touch", str(marker)), admin=True, admin_reason="system files")]
    assert PlanExecutor(steps, "bash", tmp_path, _Collect(), lambda s: "skip").run() == "ok"
    assert not marker.exists()
    assert PlanExecutor(steps, "bash", tmp_path, _Collect(), lambda s: "stop").run() == "stopped"
    assert PlanExecutor(steps, "bash", tmp_path, _Collect(), lambda s: "run").run() == "ok" and marker.exists()

    # a step whose child ignores nothing: bash starts `sleep` as a grandchild; Cancel must stop both
    pidfile = tmp_path / "pid"
    long = [Step("Wait", snippet={"posix": f"sleep 300 & echo $! > '{pidfile}'; wait"})]
    ex = PlanExecutor(long, "bash", tmp_path, _Collect(), lambda s: "run")
    t = threading.Thread(target=ex.run)
    t.start()
    deadline = time.monotonic() + 10
    while not (pidfile.exists() and pidfile.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.05)
    grandchild = int(pidfile.read_text())
    t0 = time.monotonic()
    ex.cancel()
    t.join(10)
    assert not t.is_alive() and ex.status == "cancelled" and time.monotonic() - t0 < 5
    time.sleep(0.2)
    assert not Path(f"/proc/{grandchild}").exists() or "Z" in Path(f"/proc/{grandchild}/stat").read_text()


def test_failure_message_names_the_step_and_points_down():
    text = plan_run.failure_message("failed", "Install TensorFlow")
    assert "Install TensorFlow" in text and "below" in text and "above" not in text


def _cli(*args, env_extra=None, stdin=""):
    import subprocess

    env = dict(os.environ, **(env_extra or {}))
    return subprocess.run([sys.executable, "-m", "tfgpu_wizard", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=120)


@posix_only
def test_cli_plan_run_shows_the_summary_and_installs_nothing_without_a_yes(tmp_path):
    host = ROOT / "resources" / "recordings" / "doctor-h200.json"
    r = _cli("plan", "--host", str(host), "--method", "pip", "--shell", "bash", "--prefix", str(tmp_path / "env"),
             "--write", str(tmp_path / "plan"), "--run")
    assert r.returncode == 1, r.stderr
    assert "New environment:" in r.stdout and "Download:" in r.stdout and "Nothing was installed." in r.stdout
    assert not (tmp_path / "env").exists() and not (tmp_path / "plan").exists()


def test_cli_report_writes_the_zip(tmp_path):
    import zipfile

    out = tmp_path / "help 报告.zip"
    r = _cli("report", "--out", str(out), "--run", "sample-jax-cnn-fp32-growth")
    assert r.returncode == 0, r.stderr
    names = zipfile.ZipFile(out).namelist()
    assert "doctor.json" in names and "README.txt" in names
    assert "runs/sample-jax-cnn-fp32-growth.run.jsonl" in names
    assert any(n.startswith("logs/") for n in names)  # the CLI itself logged to the file
