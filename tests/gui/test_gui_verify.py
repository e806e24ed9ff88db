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
    with qtbot.waitSignal(page.probe.finished, timeout=180_000) as blocker:
        page.toggle_verify()
        assert page.verify_progress.isVisible() and window.status_text().startswith("Verifying")
    assert blocker.args[0].status == "ok", blocker.args[0].stderr_tail
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
    with qtbot.waitSignal(page.probe.finished, timeout=60_000) as blocker:
        page.toggle_verify()
    # The probe itself ran (it needs only the standard library) and reported the failed import:
    # that is "no TensorFlow", not a crash of the probe.
    assert blocker.args[0].status == "failed", blocker.args[0].stderr_tail
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
