"""Replay of real nvidia-smi outputs through the real detection path (issue 28).

Each case in tests/fixtures/smi/ is a RECORDED REAL OUTPUT of nvidia-smi that someone pasted in public (an
issue, a documentation page; ``case.json`` names the source, the author and date, and what is verbatim), with
what the capture shows as ``truth``. A replaying ``nvidia-smi`` (fixtures/smi/replay_nvidia_smi.py, behind a
shell wrapper in a folder whose name has a space and Chinese characters) is put first on PATH, NVML is made
unavailable, and ``detect_host`` runs as on a user's machine: nvidia-smi is run as a real subprocess.

A capture set in the same layout (``fake.json`` + ``truth.json`` per folder, as the team's smi-captures) is
replayed too when ``TFGPU_SMI_CAPTURES`` names its folder: with the ten captures of the issue that makes the
twenty-case replay the issue asks for.
"""

from __future__ import annotations

import json
import os
import shlex
import stat
import sys
from pathlib import Path

import jsonschema
import pytest

from tfgpu_wizard.commands.doctor import render_text
from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup import host
from tfgpu_wizard.core.setup.host_model import DRIVER_STATE_MESSAGES
from tfgpu_wizard.core.setup.host_smi import bus_key, compute_capability_for
from tfgpu_wizard.core.setup.matrix import load_matrix
from tfgpu_wizard.core.setup.recommend import recommend

FIX = Path(__file__).parent / "fixtures" / "smi"
REPLAYER = FIX / "replay_nvidia_smi.py"


def _cases() -> list[Path]:
    cases = sorted(p for p in FIX.iterdir() if (p / "case.json").is_file())
    extra = os.environ.get("TFGPU_SMI_CAPTURES")
    if extra and Path(extra).is_dir():
        cases += sorted(p for p in Path(extra).iterdir() if (p / "fake.json").is_file() and (p / "truth.json").is_file())
    return cases


def _truth(case: Path) -> dict:
    if (case / "case.json").is_file():
        return json.loads((case / "case.json").read_text(encoding="utf-8"))["truth"]
    truth = json.loads((case / "truth.json").read_text(encoding="utf-8"))
    truth.setdefault("driver_state", "working" if truth["driver_present"] else "not-installed")
    return truth


posix_only = pytest.mark.skipif(sys.platform == "win32", reason="the replaying nvidia-smi is a POSIX shell wrapper")


@pytest.fixture
def without_nvml(monkeypatch):
    """NVML unavailable, as on the machines the cases come from when NVML failed (or here, with no driver)."""
    monkeypatch.setitem(sys.modules, "pynvml", None)
    monkeypatch.setattr(nvml, "_pynvml", None)
    nvml.shutdown()
    yield
    nvml.shutdown()


def _wrapper(folder: Path, case: Path) -> None:
    folder.mkdir(parents=True)
    exe = folder / "nvidia-smi"
    # a shell wrapper: a shebang cannot hold a path with spaces
    exe.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} {shlex.quote(str(REPLAYER))} "
                   f"{shlex.quote(str(case))} \"$@\"\n", encoding="utf-8")
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def _replay(case: Path, tmp_path: Path, log: Path | None = None):
    folder = tmp_path / "回放 bin"
    _wrapper(folder, case)
    env = dict(os.environ)
    env["PATH"] = str(folder) + os.pathsep + env.get("PATH", "")
    env.pop("CUDA_VISIBLE_DEVICES", None)
    if log is not None:
        os.environ["FAKE_SMI_LOG"] = str(log)  # read by the replayer, a child of this process
    try:
        return host.detect_host(environ=env, timeout=15)
    finally:
        os.environ.pop("FAKE_SMI_LOG", None)


@posix_only
@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.name)
def test_replayed_output_reads_right(case: Path, tmp_path: Path, without_nvml) -> None:
    truth = _truth(case)
    report = _replay(case, tmp_path)
    schema = json.loads((resources_dir() / "schemas" / "host-report.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(json.loads(report.to_json()), schema)  # doctor --json, with the new fields
    d = report.driver
    where = f"{case.name}: {d}"
    assert d.effective_state() == truth["driver_state"], where
    assert d.present == truth["driver_present"], where
    assert d.version == truth["driver_version"], where
    assert d.cuda_version == truth["cuda_version"], where
    if "nvml_version" in truth:
        assert d.nvml_version == truth["nvml_version"], where
    assert len(report.gpus) == truth["gpu_count"], report.gpus
    for g, t in zip(report.gpus, truth["gpus"], strict=True):
        if t["name"] is None:  # the capture shows only the name the table cut: it is shown as cut, not as a name
            assert (g.name, g.name_cut) == (t["name_shown"], True), g
        else:
            assert (g.name, g.name_cut) == (t["name"], False), g
        assert g.memory_total_mib == t["memory_mib"], g
        assert bus_key(g.pci_bus_id) == bus_key(t["bus"]), g
        if t["cc"] is not None:
            assert g.compute_capability == t["cc"], g
        else:  # not in the capture: only NVIDIA's table may supply it, and says so
            assert g.compute_capability is None or (
                g.compute_capability_source == "product name"
                and g.compute_capability == compute_capability_for(g.name)), g
        if "mig_enabled" in t:
            assert g.mig_enabled == t["mig_enabled"], g
            assert [m.memory_total_mib for m in g.mig_devices] == t["mig_devices_mib"], g
    details = " ".join(n.detail for n in report.notes)
    for problem in truth.get("problems", []):
        assert problem in details, details

    # The same words everywhere: the first error is the driver's state (doctor's headline, the Setup page's
    # first note), plan's host note says the same, and "no driver ... install it first" only when there is none.
    codes = [n.code for n in report.notes]
    text = " ".join(render_text(report, width=100).split())
    state = truth["driver_state"]
    if state != "working":
        first = next(n for n in report.notes if n.severity == "error")
        assert first.message == DRIVER_STATE_MESSAGES[state], codes
        rec = recommend(load_matrix(), report)
        assert any(n.message == d.state_message() for n in rec.notes) or state == "not-installed", rec.notes
    if state != "not-installed":
        assert "no-nvidia-driver" not in codes, codes
        assert "No NVIDIA driver was found" not in text and "install it first" not in text, text


@posix_only
def test_old_driver_csv_is_asked_again_without_compute_cap(tmp_path: Path, without_nvml) -> None:
    """Driver 410 answers the csv query with "not a valid field" (exit 2): the query is asked again without
    compute_cap, and the K80's compute capability comes from NVIDIA's table by its name."""
    log = tmp_path / "calls.txt"
    report = _replay(FIX / "table-410-k80-gce", tmp_path, log)
    calls = log.read_text(encoding="utf-8").splitlines()
    queries = [c for c in calls if c.startswith("--query-gpu=")]
    assert len(queries) == 2 and "compute_cap" in queries[0] and "compute_cap" not in queries[1], calls
    (g,) = report.gpus
    assert (g.compute_capability, g.compute_capability_source) == ("3.7", "product name")
    text = " ".join(render_text(report, width=100).split())
    assert "compute capability 3.7 (known from the model name)" in text


@posix_only
def test_exit_status_14_keeps_the_complete_table(tmp_path: Path, without_nvml) -> None:
    """Before: the table came with exit status 14 (corrupted infoROM) and was thrown away ("no driver")."""
    report = _replay(FIX / "table-470-p100-inforom-exit14", tmp_path)
    assert report.driver.present and report.driver.version == "470.82.01"
    note = next(n for n in report.notes if n.code == "nvidia-smi-problem")
    assert note.severity == "warning" and "status 14" in note.detail and "infoROM" in note.detail


@posix_only
def test_mig_mode_without_mig_devices_is_an_error(tmp_path: Path, without_nvml) -> None:
    report = _replay(FIX / "table-550-a100-mig-enabled-empty", tmp_path)
    (g,) = report.gpus
    assert g.mig_enabled is True and g.mig_devices == []
    note = next(n for n in report.notes if n.code == "gpu-mig-no-devices")
    assert note.severity == "error" and "NVIDIA A100 80GB PCIe" in note.detail


@posix_only
def test_version_mismatch_says_restart_with_both_versions(tmp_path: Path, without_nvml) -> None:
    report = _replay(FIX / "fail-version-mismatch-570", tmp_path)
    d = report.driver
    assert (d.state, d.present, d.nvml_version) == ("needs-reboot", False, "570.124")
    text = " ".join(render_text(report, width=100).split())
    assert "restart the computer" in text and "NVML library" in text and "570.124" in text
    assert "updated, waiting for a restart" in text
    lines = host.explain_cuda_versions(report)
    assert lines[0].startswith("Driver: The NVIDIA driver was updated") and "A restart loads the new one" in lines[0]
