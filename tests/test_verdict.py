"""Verdicts start from the host's facts (core.diagnose.verdict), the same in `tfgpu-wizard sanity` and the window.

Hosts: the doctor report recorded on an H200 (resources/recordings/doctor-h200.json, a recording) and copies
of it with the driver fields changed (derived from the recording, each labelled where it is made). Probe
reports: a real probe run in this test's Python (this machine has no NVIDIA GPU), and copies of its report
with one field changed (derived, labelled).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

from tfgpu_wizard.core.diagnose.verdict import diagnosis_context, host_fact, sanity_verdict, with_host_facts
from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup.host_model import HostReport

HAVE_TF = importlib.util.find_spec("tensorflow") is not None
needs_tf = pytest.mark.skipif(not HAVE_TF, reason="TensorFlow is not installed")


def h200(**driver) -> HostReport:
    data = json.loads((resources_dir() / "recordings" / "doctor-h200.json").read_text("utf-8"))
    data["driver"].update(driver)  # derived from the recording: only these driver fields differ
    return HostReport.from_dict(data)


@pytest.fixture(scope="module")
def real_probe():
    from tfgpu_wizard.core.target.runner import probe_verdict, run_probe

    if not HAVE_TF:
        pytest.skip("TensorFlow is not installed")
    return probe_verdict(run_probe(sys.executable, timeout=300))


def test_no_driver_is_the_first_sentence_and_says_the_cpu_is_expected():
    code, text = host_fact(h200(present=False, version=None, cuda_version=None, nvidia_pci_gpus=None))
    assert code == "no-driver"
    assert text == ("This computer has no working NVIDIA driver/GPU; TensorFlow uses the CPU here, which is "
                    "expected.")
    assert host_fact(h200(present=False, nvidia_pci_gpus=0))[0] == "no-nvidia-gpu"
    code, text = host_fact(h200(present=False, nvidia_pci_gpus=1))
    assert code == "driver-missing" and "install the driver" in text


def test_old_driver_and_missing_libraries_get_their_own_sentence():
    cuda_build = {"is_cuda_build": True, "build_info": {"cuda_version": "12.5.1"}, "gpus": [],
                  "tensorflow": {"version": "2.21.0"}}  # the probe's fields (docs/sample-protocol.md)
    code, text = host_fact(h200(cuda_version="12.2", version="535.54"), cuda_build)  # derived: an older driver
    assert code == "old-driver" and "535.54" in text and "12.2" in text and "12.5.1" in text
    code, text = host_fact(h200(), cuda_build)  # the recording's driver (CUDA 13.0) is new enough
    assert code == "libraries" and "CUDA/cuDNN" in text
    assert host_fact(h200(), {**cuda_build, "gpus": [{"index": 0}]}) is None  # TF sees the GPU: nothing to say
    assert host_fact(h200(), {**cuda_build, "is_cuda_build": False})[0] == "cpu-wheel"


@needs_tf
def test_a_real_probe_without_a_gpu_starts_from_the_host(real_probe):
    assert real_probe.status == "no-gpu"
    no_driver = h200(present=False, nvidia_pci_gpus=0)
    v = with_host_facts(real_probe, no_driver)
    assert v.reasons == [host_fact(no_driver)[1]]  # no "install tensorflow[and-cuda]" on a machine without a GPU
    assert real_probe.reasons != v.reasons  # a copy: the probe's own verdict is unchanged
    # with a working driver the wheel comes first: this venv has tensorflow-cpu, which the probe says itself
    v = with_host_facts(real_probe, h200())
    fact = host_fact(h200(), real_probe.report)
    assert fact is not None and fact[0] == "cpu-wheel"
    assert v.reasons == real_probe.reasons and "CPU-only build" in v.reasons[0]  # said once, not twice
    ctx = diagnosis_context(real_probe.report, no_driver)
    assert ctx["gpu_count"] == 0 and ctx["driver_present"] is False and ctx["host_fact"] == "no-nvidia-gpu"


@needs_tf
def test_sanity_verdict_reads_what_the_sample_sends(real_probe):
    summary = {"type": "summary", "steps": 20, "images_per_sec": 812.4, "global_batch": 64}
    v = sanity_verdict(status="ok", steps=20, devices={"gpus": []}, summary=summary, probe=real_probe,
                       host=h200(present=False, nvidia_pci_gpus=0))
    assert v.status == "cpu-expected" and v.kind == "info" and v.exit_code == 0  # expected: exit 0 (newcomer-2 #26)
    assert "812 images/s" in v.lines[0] and v.why[0].startswith("This computer has no NVIDIA GPU")
    v = sanity_verdict(status="ok", steps=20, devices={"gpus": [{"name": "NVIDIA H200"}]}, summary=summary)
    assert v.status == "gpu" and v.exit_code == 0 and "NVIDIA H200" in v.lines[0] and "812" in v.lines[0]
    v = sanity_verdict(status="failed", steps=20, error={"code": "oom", "message": "OOM when allocating"})
    assert v.status == "failed" and v.exit_code == 3 and v.lines == ["OOM when allocating"]


@needs_tf
def test_sanity_command_really_trains_and_starts_from_this_hosts_facts():
    from tfgpu_wizard.core.setup.host import detect_host

    proc = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "sanity", "--steps", "20", "--json"],
                          capture_output=True, text=True, timeout=600)
    out = json.loads(proc.stdout)
    verdict = out["verdict"]
    # on the CPU: exit 0 where that is expected (no NVIDIA GPU or driver: newcomer-2 #26), 1 where a GPU is unused
    assert verdict["status"] in ("cpu", "cpu-expected") and "20 steps trained on the CPU" in verdict["lines"][0]
    assert proc.returncode == verdict["exit_code"] == (0 if verdict["status"] == "cpu-expected" else 1), \
        proc.stderr[-2000:]
    assert verdict["verdict_kind"] == ("ok-cpu" if verdict["status"] == "cpu-expected" else "needs-action")
    assert out["config"]["devices"] == "auto" and out["config"]["steps"] == 20
    fact = host_fact(detect_host(), None)
    if fact is not None:
        assert verdict["why"][0] == fact[1]
    human = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "sanity", "--steps", "-1"],
                           capture_output=True, text=True, timeout=60)
    assert human.returncode == 2 and "steps" in human.stderr



@pytest.mark.parametrize("state", ["needs-reboot", "not-loaded", "no-permission", "failed", "no-devices"])
def test_a_driver_that_is_there_is_not_called_missing(state):
    """Issue 28: the Verify and Sanity answers start from the driver's state in the host report's own words,
    never "install the driver first" for a driver waiting for a restart (the doctor recording, its driver
    state changed)."""
    host = HostReport.from_json((resources_dir() / "recordings" / "doctor-h200.json").read_text(encoding="utf-8"))
    host.driver.state, host.driver.present = state, state == "no-devices"
    host.gpus = []
    code, sentence = host_fact(host)
    assert code == f"driver-{state}" and sentence == host.driver.state_message()
    assert "install the driver" not in sentence.lower()
    assert diagnosis_context({}, host)["host_fact"] == code
