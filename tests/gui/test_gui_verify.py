"""Setup → Verify with the real probe (target/probe.py) in a real TensorFlow (CPU) under QProcess.

The GUI's verdict must be the same words the CLI's ``core.target.runner.run_probe`` + ``probe_verdict`` give
for the same interpreter: two independent paths to the same probe, compared."""

from __future__ import annotations

import importlib.util
import shlex
import sys

import pytest

pytestmark = [
    pytest.mark.gui,
    pytest.mark.tf,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed"),
]


def test_verify_runs_the_real_probe_and_says_what_the_cli_says(window, qtbot):
    from tfgpu_wizard.core.diagnose.verdict import host_fact, with_host_facts
    from tfgpu_wizard.core.target.runner import probe_verdict, run_probe

    qtbot.waitUntil(lambda: not window.detecting(), timeout=60_000)  # the verdict starts from the host's facts
    page = window.show_page("setup")
    page.show_step(3)
    page.python_edit.setText(sys.executable)
    with qtbot.waitSignal(page.verifier.finished, timeout=180_000) as blocker:
        page.toggle_verify()
        assert page.verify_progress.isVisible() and window.status_text().startswith("Verifying")
    assert blocker.args[0].probe.ok, blocker.args[0].probe.stderr_tail()
    assert page.probe_result is not None and page.probe_result["probe_version"] == 1
    gui = page.verdict
    cli = with_host_facts(probe_verdict(run_probe(sys.executable, timeout=180)), window.state.host)
    assert gui.status == cli.status and gui.headline == cli.headline
    assert gui.reasons == cli.reasons
    fact = host_fact(window.state.host, page.probe_result)
    if fact is not None and fact[0] != "cpu-wheel":  # e.g. no driver here: that is the first thing said
        assert gui.reasons[0] == fact[1]
    shown = page.verify_view.toPlainText()
    assert gui.headline in shown
    for reason in gui.reasons:
        assert reason in shown
    assert page.probe_result["tensorflow"]["version"] in shown
    assert window.status_text() == "Ready"


@pytest.mark.skipif(sys.platform == "win32", reason="a shell-script interpreter")
def test_verify_with_a_python_without_tensorflow(window, qtbot, tmp_path):
    folder = tmp_path / "没有 tf"
    folder.mkdir()
    fake = folder / "python"
    # no site-packages; quoted: the clone may live under a folder with spaces
    fake.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -I -S \"$@\"\n", encoding="utf-8")
    fake.chmod(0o755)
    page = window.show_page("setup")
    page.show_step(3)
    page.python_edit.setText(str(fake))
    with qtbot.waitSignal(page.verifier.finished, timeout=60_000) as blocker:
        page.toggle_verify()
    # The probe itself ran (it needs only the standard library) and reported the failed import:
    # that is "no TensorFlow", not a crash of the probe.
    assert blocker.args[0].probe.returncode not in (0, None), blocker.args[0].probe.stderr_tail()
    report = page.probe_result
    assert report is not None and report["probe_version"] == 1
    assert report["tensorflow"]["version"] is None
    assert "No module named 'tensorflow'" in report["tensorflow"]["error"]
    assert page.verdict.status == "no-tensorflow"
    # the CLI's path to the same probe says the same
    from tfgpu_wizard.core.target.runner import probe_verdict, run_probe

    cli = probe_verdict(run_probe(str(fake), timeout=60))
    assert cli.status == "no-tensorflow" and page.verdict.headline == cli.headline
    shown = page.verify_view.toPlainText()
    assert page.verdict.headline in shown and "No module named 'tensorflow'" in shown
    assert "TensorFlow is not installed in this Python" in shown  # the diagnosis of its stderr
    assert window.status_text() == "Ready"


@pytest.mark.skipif(sys.platform == "win32", reason="a shell-script interpreter")
def test_the_cli_and_the_window_give_the_same_answer_for_a_wsl2_log(window, qtbot, wsl2_python, capsys):
    """One flow behind both faces (core.flows.verify): the same verdict, the same diagnosis context and findings,
    the same library check. Before, the CLI called this WSL2 log's machine "linux" (and dropped the host's
    facts) while the window left the platform to the log; and only the CLI ran the library check."""
    import json

    from tfgpu_wizard.cli import main

    wrapper = wsl2_python()
    window.detect_host()  # the window's host: this machine, as the CLI's
    qtbot.waitUntil(lambda: not window.detecting(), timeout=60_000)
    assert window.state.host is not None
    page = window.show_page("setup")
    page.show_step(3)
    page.python_edit.setText(str(wrapper))
    with qtbot.waitSignal(page.verifier.finished, timeout=360_000):
        page.toggle_verify()
    gui = page.verify_result
    # this machine has no NVIDIA GPU: TensorFlow on the CPU is what it can do, in both faces (newcomer-2 #7)
    assert main(["--lang", "en", "verify", "--json", "--python", str(wrapper)]) == gui.exit_code
    assert gui.exit_code == (0 if gui.no_gpu_here else 1)
    cli = json.loads(capsys.readouterr().out)
    assert cli["verdict"]["headline"] == gui.verdict.headline and cli["verdict"]["reasons"] == gui.verdict.reasons
    assert cli["context"] == gui.context() and "platform" not in cli["context"]
    assert [f["rule_id"] for f in cli["findings"]] == [f.rule_id for f in gui.findings()]
    assert {f["platform"] for f in cli["findings"]} == {"wsl2"}
    assert cli["libraries"] == gui.libraries.to_dict()
    shown = page.verify_view.toPlainText()
    assert "TensorFlow's loader did not name the library that failed" in shown  # the window's library check
    assert gui.findings()[0].title in shown


def test_the_plans_environment_after_a_cpu_plan_works_as_intended(window, qtbot, tmp_path, capsys):
    """A CPU plan's script ends with `verify --expect-cpu`; the window's Verify of that environment used to say
    "sees no GPU" in red for the same Python the script's own check passes."""
    import json
    from pathlib import Path

    from tfgpu_wizard.cli import main
    from tfgpu_wizard.core.monitor import nvml
    from tfgpu_wizard.core.setup.host_model import HostReport

    if nvml.init() is None:  # None: NVML started, so a driver is here
        pytest.skip("a GPU driver is here: TensorFlow may see a GPU")
    host = HostReport.from_json((Path(__file__).resolve().parents[1] / "fixtures" / "host" / "realistic"
                                 / "linux-ubuntu2404-no-driver.json").read_text("utf-8"))
    page = window.show_page("setup")
    page.set_host(host)
    page.commands.prefix.setText(str(tmp_path / "cpu 环境"))
    page.commands.rebuild()
    plan = page.commands.current_plan()
    assert plan is not None and plan.cpu
    env_python = Path(plan.env_python)  # "Run it for me" made it: here, this Python (TensorFlow CPU) stands in
    env_python.parent.mkdir(parents=True)
    env_python.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} \"$@\"\n", encoding="utf-8")
    env_python.chmod(0o755)
    page.show_step(3)
    assert page.python_edit.text() == str(env_python)
    with qtbot.waitSignal(page.verifier.finished, timeout=180_000):
        page.toggle_verify()
    gui = page.verify_result
    assert gui.as_intended and gui.exit_code == 0
    assert page.verify_view.toPlainText().startswith("✓ TensorFlow works, on the CPU, as this plan intends.")
    assert main(["--lang", "en", "verify", "--json", "--expect-cpu", "--python", str(env_python)]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"]["expected_cpu"] is True
    # another Python typed in the field is not the plan's: no GPU is then a finding again
    page.python_edit.setText(sys.executable)
    with qtbot.waitSignal(page.verifier.finished, timeout=180_000):
        page.toggle_verify()
    # (this page's host has an NVIDIA GPU on its bus and no driver yet: that needs action)
    assert not page.verify_result.as_intended and page.verify_result.verdict_kind == "needs-action"
    assert page.verify_result.exit_code == 1
