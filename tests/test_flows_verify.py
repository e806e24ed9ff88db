"""The verify flow (core/flows/verify.py) with real probe runs: what the CLI's `verify` and the window's Verify
both drive. The progress it yields, a cancel, the diagnosis context from the probe and the host (WSL2 stays
WSL2), the library check."""

from __future__ import annotations

import importlib.util
import json
import os
import threading
import time
from pathlib import Path

import pytest

from tfgpu_wizard.core.flows.base import drive
from tfgpu_wizard.core.flows.verify import verify
from tfgpu_wizard.core.setup.host_model import HostReport

ROOT = Path(__file__).resolve().parent.parent
HAVE_TF = importlib.util.find_spec("tensorflow") is not None
posix_only = pytest.mark.skipif(os.name != "posix", reason="a shell-script interpreter")


def recorded_wsl2_host() -> HostReport:
    """A doctor report recorded on WSL2 (tests/fixtures/host/realistic)."""
    return HostReport.from_json((ROOT / "tests/fixtures/host/realistic/wsl2-ubuntu2204-rtx3060.json").read_text("utf-8"))


@posix_only
def test_a_python_without_tensorflow_progress_and_verdict(wsl2_python) -> None:
    items = []
    result = drive(verify(str(wsl2_python(with_tf=False)), host=None, timeout=60), items.append)
    assert [i.data for i in items if i.kind == "phase"] == ["probe"]
    assert items[0].text.startswith("Checking TensorFlow in ")
    assert any(i.kind == "started" for i in items)
    assert any(i.kind == "line" and "/usr/lib/wsl/lib/libcuda.so.1" in i.data for i in items)
    assert result.verdict.status == "no-tensorflow" and result.exit_code == 3 and not result.works
    assert result.libraries is None  # no TensorFlow: nothing to look for
    assert result.context() == {}  # no TensorFlow version, no host: the log alone decides
    # the diagnosis reads the whole error output; the platform comes from the log: WSL2
    assert result.findings() and {f.platform for f in result.findings()} == {"wsl2"}


@posix_only
def test_cancel_ends_the_probe_at_once_and_says_so(tmp_path) -> None:
    hang = tmp_path / "python hangs"
    hang.write_text("#!/bin/sh\nexec sleep 60\n", encoding="utf-8")
    hang.chmod(0o755)
    cancel = threading.Event()

    def on_progress(item) -> None:
        if item.kind == "started":
            threading.Timer(0.3, cancel.set).start()

    t0 = time.monotonic()
    result = drive(verify(str(hang), host=None, timeout=60, cancel=cancel), on_progress)
    assert time.monotonic() - t0 < 8
    assert result.cancelled and result.probe.stopped


def test_a_venv_folder_is_resolved_to_its_python(tmp_path) -> None:
    """Both faces take an environment folder (the CLI always did; the window's field now too)."""
    import venv

    folder = tmp_path / "环境 env"
    venv.EnvBuilder(with_pip=False).create(folder)
    result = drive(verify(str(folder), host=None, timeout=60))
    assert Path(result.python).parent.parent == folder
    assert result.verdict.status == "no-tensorflow"


@pytest.mark.tf
@posix_only
@pytest.mark.skipif(not HAVE_TF, reason="TensorFlow is not installed")
def test_wsl2_stays_wsl2_and_the_library_check_runs(wsl2_python) -> None:
    """A real TensorFlow (CPU) whose error output shows a WSL2 machine where a GPU library did not load.

    The CLI used to build the diagnosis context by hand with ``platform = "linux"`` for any non-Windows probe,
    so this log got Linux advice and no host facts; core's ``diagnosis_context`` leaves Linux to the log."""
    host = recorded_wsl2_host()
    items = []
    result = drive(verify(str(wsl2_python()), host=host, timeout=180), items.append)
    assert result.verdict.status == "no-gpu", result.probe.stderr_tail()
    ctx = result.context()
    assert "platform" not in ctx and ctx["tf_version"] == result.report["tensorflow"]["version"]
    assert ctx["driver_present"] is True and ctx["driver_cuda"] == host.driver.cuda_version
    findings = result.findings()
    assert "dlopen-failed" in [f.rule_id for f in findings]
    assert {f.platform for f in findings} == {"wsl2"}
    # "Cannot dlopen some GPU libraries": the probe ran again with TensorFlow's loader messages on
    assert [i.data for i in items if i.kind == "phase"] == ["probe", "libraries"]
    assert result.libraries is not None and result.libraries.run.ok
    data = json.loads(json.dumps(result.to_dict(), default=str))
    assert data["context"] == ctx and data["libraries"]["missing"] == []
    assert [f["rule_id"] for f in data["findings"]] == [f.rule_id for f in findings]


@posix_only
def test_a_cpu_installs_expected_messages_are_information(tmp_path, capsys) -> None:
    """``verify --expect-cpu`` (a CPU plan's last step) and Setup → Verify of a CPU plan pass ``expect_cpu`` into
    the diagnosis: "Could not find cuda drivers" is what such an install always prints, not an error.

    The interpreter: a real Python (without site-packages: the probe ends as "no TensorFlow", so the error output
    is diagnosed) behind a wrapper that first prints a real CPU machine's TensorFlow log on stderr
    (tensorflow issue 66750, tests/fixtures/logs)."""
    import shlex
    import sys

    from tfgpu_wizard.cli import main

    log = ROOT / "tests/fixtures/logs/gh_tf_66750_cuda_drivers.log"
    wrapper = tmp_path / "cpu python 录制"
    wrapper.write_text(f"#!/bin/sh\ncat {shlex.quote(str(log))} >&2\nexec {shlex.quote(sys.executable)} -I -S \"$@\"\n",
                       encoding="utf-8")
    wrapper.chmod(0o755)
    severity = {}
    for expect_cpu in (False, True):
        result = drive(verify(str(wrapper), expect_cpu=expect_cpu, host=None, timeout=60))
        assert result.verdict.status == "no-tensorflow" and not result.as_intended
        assert result.context().get("expect_cpu", False) is expect_cpu
        severity[expect_cpu] = {f.rule_id: f.severity for f in result.findings()}
    assert severity[False]["cuda-drivers-not-found"] == "error"
    assert severity[True]["cuda-drivers-not-found"] == "info"
    # the CLI drives the same flow, with this machine's facts beside expect_cpu
    assert main(["--lang", "en", "verify", "--python", str(wrapper), "--expect-cpu", "--json"]) == 3
    out = json.loads(capsys.readouterr().out)
    assert out["context"]["expect_cpu"] is True
    assert {f["rule_id"]: f["severity"] for f in out["findings"]}["cuda-drivers-not-found"] == "info"
