"""The verification probe and `tfgpu-wizard verify`, run for real against TensorFlow (CPU) in this venv."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.cli import main
from tfgpu_wizard.core.target.runner import probe_report, probe_verdict, run_probe

pytestmark = pytest.mark.tf

try:
    import importlib.util

    HAVE_TF = importlib.util.find_spec("tensorflow") is not None
except Exception:  # pragma: no cover
    HAVE_TF = False


@pytest.fixture(scope="module")
def probe_result():
    if not HAVE_TF:
        pytest.skip("TensorFlow is not installed in this Python")
    return run_probe(sys.executable, timeout=240)


def test_probe_reports_tensorflow_and_a_correct_cpu_matmul(probe_result) -> None:
    assert probe_result.ok, probe_result.stderr_tail()
    # stdout carried exactly one JSON object: TF's own chatter went to stderr
    assert [e.type for e in probe_result.events] == ["probe"]
    report = probe_report(probe_result)
    from importlib import metadata

    installed = set()
    for dist in ("tensorflow", "tensorflow-cpu"):
        try:
            installed.add(metadata.version(dist))
        except metadata.PackageNotFoundError:
            pass
    assert report["tensorflow"]["version"] in installed
    assert Path(report["tensorflow"]["location"]).is_dir()
    assert report["python"]["executable"]
    assert isinstance(report["is_cuda_build"], bool)
    assert report["keras"]["major"] in (2, 3) and report["keras"]["version"]
    assert report["numpy"]
    cpu = [m for m in report["matmul"] if m["device"] == "CPU:0"][0]
    assert cpu["ok"] and cpu["rel_error"] < 1e-3 and cpu["seconds"] > 0
    # CI has no GPU: the probe must say so, not invent one
    if not report["gpus"]:
        assert [m["device"] for m in report["matmul"]] == ["CPU:0"]


def test_verdict_for_tensorflow_without_gpu(probe_result) -> None:
    verdict = probe_verdict(probe_result)
    report = probe_report(probe_result)
    if report["gpus"]:
        pytest.skip("this machine has a GPU")
    assert verdict.status == "no-gpu" and verdict.exit_code == 1
    assert "sees no GPU" in verdict.headline and verdict.reasons
    if report["is_cuda_build"] is False:
        assert any("CPU-only" in r for r in verdict.reasons)


def test_verdict_names_cuda_visible_devices_that_hides_the_gpus() -> None:
    """A real probe with CUDA_VISIBLE_DEVICES=-1, as a user might have set it: the verdict names it as a reason."""
    if not HAVE_TF:
        pytest.skip("TensorFlow is not installed in this Python")
    result = run_probe(sys.executable, timeout=240, env={"CUDA_VISIBLE_DEVICES": "-1"})
    assert result.ok, result.stderr_tail()
    report = probe_report(result)
    assert report["env"]["CUDA_VISIBLE_DEVICES"] == "-1" and report["gpus"] == []
    verdict = probe_verdict(result)
    assert verdict.status == "no-gpu" and verdict.exit_code == 1
    assert any("CUDA_VISIBLE_DEVICES is set to '-1'" in r for r in verdict.reasons), verdict.reasons


def test_verify_command_json(capsys) -> None:
    if not HAVE_TF:
        pytest.skip("TensorFlow is not installed in this Python")
    code = main(["--lang", "en", "verify", "--json", "--timeout", "240"])
    out = json.loads(capsys.readouterr().out)
    assert code == out["verdict"]["exit_code"]
    assert out["probe"]["tensorflow"]["version"]
    assert out["run"]["returncode"] == 0 and isinstance(out["run"]["stderr"], str)


@pytest.fixture(scope="module")
def python_without_tf(tmp_path_factory) -> Path:
    """A real, fresh venv (no TensorFlow) in a folder with spaces and Chinese characters."""
    folder = tmp_path_factory.mktemp("venv") / "没有 tf env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    exe = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    assert exe.exists()
    return exe


def test_verify_a_python_without_tensorflow(python_without_tf: Path, capsys) -> None:
    code = main(["--lang", "en", "verify", "--python", str(python_without_tf.parent.parent)])
    out = capsys.readouterr().out
    assert code == 3
    assert "has no working TensorFlow" in out and "tensorflow" in out


def _fake_python(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.mark.skipif(os.name != "posix", reason="a shell script as the interpreter")
def test_verify_an_interpreter_that_crashes(tmp_path: Path, capsys) -> None:
    fake = _fake_python(tmp_path, "python crash 崩溃", "echo 'Fatal Python error: Segmentation fault' >&2\nkill -SEGV $$\n")
    code = main(["--lang", "en", "verify", "--python", str(fake)])
    out = capsys.readouterr().out
    assert code == 3
    assert "crashed" in out and "SIGSEGV" in out
    assert "Segmentation fault" in out  # the captured error output is shown


@pytest.mark.skipif(os.name != "posix", reason="a shell script as the interpreter")
def test_verify_an_interpreter_that_hangs(tmp_path: Path, capsys) -> None:
    fake = _fake_python(tmp_path, "python hang", "exec sleep 60\n")
    code = main(["--lang", "en", "verify", "--python", str(fake), "--timeout", "1"])
    out = capsys.readouterr().out
    assert code == 3 and "hung" in out
