"""The nvidia-smi fallback, fed with real output recorded on an NVIDIA H200 (tests/fixtures/host/h200-*).

The recordings were made with the `run` device tool on an H200 (driver 580.159.04, CUDA 13.0) on
2026-12-02; each text file starts with a '# RECORDING' header that says what command made it. The
same machine's `doctor --json` through NVML is recorded in doctor-h200.json, so the fallback path
can be checked against NVML's answer for the very same GPU.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import stat
import sys
import time
from pathlib import Path

import pytest

from tfgpu_wizard.core.setup import host
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.host_smi import (
    parse_smi_csv,
    parse_smi_q,
    parse_smi_table,
    parse_smi_xml,
    smi_failure_reason,
)

FIX = Path(__file__).parent / "fixtures" / "host"


def recording(name: str) -> str:
    """The verbatim output of a recording, without its '# ' header lines."""
    lines = (FIX / name).read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[0].startswith("# RECORDING"), f"{name} must say it is a recording"
    i = 0
    while i < len(lines) and lines[i].startswith("# "):
        i += 1
    return "".join(lines[i:])


def _seen(gpus) -> list[tuple]:
    """What both paths read of each GPU: name, uuid, memory, compute capability, bus id (the NVML recording
    predates the fields saying where a value came from)."""
    return [(g.name, g.uuid, g.memory_total_mib, g.compute_capability, g.pci_bus_id) for g in gpus]


def nvml_gpus() -> list[dict]:
    """What NVML said on the same machine (recorded doctor --json)."""
    return json.loads((FIX / "doctor-h200.json").read_text(encoding="utf-8"))["gpus"]


def test_q_recording_matches_nvml():
    res = parse_smi_q(recording("h200-nvidia-smi-q.txt"))
    nvml = nvml_gpus()[0]
    assert res.driver_version == "580.159.04"
    assert res.cuda_version == "13.0"
    assert len(res.gpus) == 1
    g = res.gpus[0]
    assert (g.name, g.uuid, g.memory_total_mib, g.pci_bus_id) == (
        nvml["name"], nvml["uuid"], nvml["memory_total_mib"], nvml["pci_bus_id"])
    # `-q` does not print the compute capability on this driver: the csv query supplies it.
    assert g.compute_capability is None


def test_table_recording():
    res = parse_smi_table(recording("h200-nvidia-smi.txt"))
    assert (res.driver_version, res.cuda_version) == ("580.159.04", "13.0")
    assert [(g.index, g.name, g.memory_total_mib, g.pci_bus_id) for g in res.gpus] == [
        (0, "NVIDIA H200", 143771, "00000000:00:06.0")]


def test_csv_recording_has_compute_capability():
    res = parse_smi_csv(recording("h200-nvidia-smi-query.csv"))
    assert res.driver_version == "580.159.04"
    assert res.gpus[0].compute_capability == nvml_gpus()[0]["compute_capability"] == "9.0"
    assert res.gpus[0].uuid == nvml_gpus()[0]["uuid"]


def test_parsers_take_garbage_without_crashing():
    for parse in (parse_smi_q, parse_smi_table, parse_smi_csv):
        res = parse("Segmentation fault\n\x00\n: : :\n|  |\n1, 2\n")
        assert res.gpus == [] and res.driver_version is None


def test_failure_reasons():
    # The message nvidia-smi prints when the kernel module is not loaded (quoted in field-notes.md, rule 15).
    text = ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
            "Make sure that the latest NVIDIA driver is installed and running.")
    assert "kernel module is not loaded" in smi_failure_reason(text)
    assert "different versions" in smi_failure_reason("Failed to initialize NVML: Driver/library version mismatch")
    assert smi_failure_reason("something new\nsecond line") == "something new"


# -- the real fallback path: a replaying nvidia-smi on PATH, pynvml unavailable -------------------


def _replayer(folder: Path, body: str) -> Path:
    """An executable named nvidia-smi that replays recordings (or misbehaves), run as a real subprocess."""
    folder.mkdir(parents=True, exist_ok=True)
    exe = folder / "nvidia-smi"
    # Not `#!{sys.executable}`: a shebang cannot hold a path with spaces (a clone under "My Projects").
    script = folder / "nvidia-smi.py"
    script.write_text(body, encoding="utf-8")
    exe.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} {shlex.quote(str(script))} \"$@\"\n",
                   encoding="utf-8")
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return exe


REPLAY = """
import sys, pathlib
fix = pathlib.Path({fix!r})
def rec(name):
    lines = (fix / name).read_text(encoding="utf-8").splitlines(keepends=True)
    return "".join(l for l in lines if not l.startswith("# "))
args = sys.argv[1:]
if args == ["-q"]:
    sys.stdout.write(rec("h200-nvidia-smi-q.txt"))
elif args and args[0].startswith("--query-gpu="):
    sys.stdout.write(rec("h200-nvidia-smi-query.csv"))
else:
    sys.stdout.write(rec("h200-nvidia-smi.txt"))
"""

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="the replaying nvidia-smi is a POSIX script")


@pytest.fixture
def no_pynvml(monkeypatch):
    monkeypatch.setitem(sys.modules, "pynvml", None)  # import pynvml -> ImportError, as on a machine without it


def _env_with(folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = str(folder) + os.pathsep + env.get("PATH", "")
    env.pop("CUDA_VISIBLE_DEVICES", None)
    return env


@posix_only
def test_fallback_replay_equals_nvml_answer(tmp_path, no_pynvml):
    folder = tmp_path / "驱动 bin"
    _replayer(folder, REPLAY.format(fix=str(FIX)))
    report = host.detect_host(environ=_env_with(folder), timeout=10)
    recorded = HostReport.from_json((FIX / "doctor-h200.json").read_text(encoding="utf-8"))
    assert report.driver.present and report.driver.source == "nvidia-smi"
    assert (report.driver.version, report.driver.cuda_version) == (recorded.driver.version, recorded.driver.cuda_version)
    assert _seen(report.gpus) == _seen(recorded.gpus)  # name, uuid, memory, compute capability, bus id: all equal
    assert report.gpus[0].compute_capability_source == "nvidia-smi" and report.driver.state == "working"
    codes = [n.code for n in report.notes]
    assert "nvml-unavailable" in codes and "no-nvidia-driver" not in codes


@posix_only
def test_fallback_driver_not_loaded(tmp_path, no_pynvml):
    folder = tmp_path / "bin"
    _replayer(folder, "import sys\nprint(\"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA "
                      "driver. Make sure that the latest NVIDIA driver is installed and running.\")\nsys.exit(9)\n")
    report = host.detect_host(environ=_env_with(folder), timeout=10)
    assert not report.driver.present
    assert "kernel module is not loaded" in report.driver.error
    # installed but not running: not "no driver ... install it first" (issue 28)
    assert report.driver.state == "not-loaded"
    assert report.notes[0].code == "driver-not-loaded" and report.notes[0].severity == "error"


@posix_only
def test_fallback_hanging_nvidia_smi_is_killed(tmp_path, no_pynvml):
    folder = tmp_path / "bin"
    _replayer(folder, "import time\ntime.sleep(60)\n")
    t0 = time.monotonic()
    report = host.detect_host(environ=_env_with(folder), timeout=1.0)
    assert time.monotonic() - t0 < 8
    assert not report.driver.present
    assert "did not finish within 1 s" in report.driver.error


# -- values are checked before they are believed (issue 14: garbage was a driver, marked ✓) ---------------


GARBAGE_Q = """
==============NVSMI LOG==============

Driver Version                            : banana
CUDA Version                              : 13.0

Attached GPUs                             : 1
GPU 00000000:00:06.0
    Product Name                          : NVIDIA H200
    GPU UUID                              : not-a-uuid
"""


def test_text_parsers_refuse_values_that_do_not_look_like_one():
    res = parse_smi_q(GARBAGE_Q)
    assert res.driver_version is None and "driver version 'banana'" in res.rejected
    assert res.cuda_version == "13.0" and res.gpus[0].uuid is None and res.gpus[0].pci_bus_id == "00000000:00:06.0"
    table = parse_smi_table("| NVIDIA-SMI 580.159.04   Driver Version: 5x0.1   CUDA Version: thirteen |\n")
    assert (table.driver_version, table.cuda_version) == (None, None) and len(table.rejected) == 2
    csv = parse_smi_csv("0, NVIDIA H200, GPU-3d26a52d-3f73-119e-e522-8ab903aef275, 143771, 9.0, 00000000:00:06.0, ???\n")
    assert csv.driver_version is None and csv.gpus[0].compute_capability == "9.0"
    assert parse_smi_csv("0, x, y, -5, nine, z, 1.2.3.4.5\n").gpus[0].memory_total_mib is None


def test_xml_parser_takes_anything_without_raising():
    assert parse_smi_xml("") is None and parse_smi_xml("NVIDIA-SMI has failed") is None
    assert parse_smi_xml("<other_root/>") is None
    assert parse_smi_xml("<nvidia_smi_log><driver_version>") is None  # cut short
    deep = "<nvidia_smi_log>" + "<a>" * 100_000 + "</a>" * 100_000 + "</nvidia_smi_log>"
    t0 = time.monotonic()
    assert parse_smi_xml(deep) is not None and time.monotonic() - t0 < 5
    laughs = ('<?xml version="1.0"?><!DOCTYPE nvidia_smi_log [<!ENTITY a "aaaaaaaaaa">'
              + "".join(f'<!ENTITY {c} "{("&" + p + ";") * 10}">' for p, c in zip("abcdefgh", "bcdefghi", strict=True))
              + "]><nvidia_smi_log><driver_version>&i;</driver_version></nvidia_smi_log>")
    res = parse_smi_xml(laughs)  # expat refuses the entity expansion, or the value is refused
    assert res is None or res.driver_version is None
    res = parse_smi_xml("<nvidia_smi_log><driver_version>banana</driver_version><gpu id='zz'>"
                        "<product_name>" + "x" * 500 + "</product_name>"
                        "<fb_memory_usage><total>lots</total>"
                        "</fb_memory_usage></gpu></nvidia_smi_log>")
    assert res is not None and res.driver_version is None and "driver version 'banana'" in res.rejected
    assert res.gpus[0].name == "unknown NVIDIA GPU" and res.gpus[0].memory_total_mib is None
    assert res.gpus[0].pci_bus_id is None


@posix_only
def test_garbage_driver_version_is_not_a_driver(tmp_path, no_pynvml):
    """Before: `Driver Version: banana` came out as driver "banana", marked ✓ in doctor."""
    folder = tmp_path / "bin"
    _replayer(folder, "import sys\nargs = sys.argv[1:]\n"
                      "if args == ['-q', '-x']:\n"
                      "    print('<?xml version=\"1.0\" ?><nvidia_smi_log><driver_version>banana</driver_version>'\n"
                      "          '<cuda_version>13.0</cuda_version></nvidia_smi_log>')\n"
                      f"elif args == ['-q']:\n    print({GARBAGE_Q!r})\n"
                      "else:\n    print('| NVIDIA-SMI banana   Driver Version: banana   CUDA Version: 13.0 |')\n")
    report = host.detect_host(environ=_env_with(folder), timeout=10)
    assert not report.driver.present and report.driver.version is None
    assert "no valid driver version" in report.driver.error and "'banana'" in report.driver.error
    # an nvidia-smi that answers garbage: a driver that does not answer properly, not a missing one
    assert report.driver.state == "failed" and report.notes[0].code == "driver-failed"


@posix_only
def test_fallback_asks_for_xml_first(tmp_path, no_pynvml):
    log = tmp_path / "calls.txt"
    folder = tmp_path / "bin"
    _replayer(folder, f"import sys\nopen({str(log)!r}, 'a').write(' '.join(sys.argv[1:]) + '\\n')\n"
              + REPLAY.format(fix=str(FIX)))
    report = host.detect_host(environ=_env_with(folder), timeout=10)
    assert report.driver.present
    assert log.read_text().splitlines()[0] == "-q -x"

# -- the XML report (nvidia-smi -q -x), recorded on the H200 ---------------------------------------------


def test_xml_recording_matches_nvml():
    res = parse_smi_xml(recording("h200-nvidia-smi-q-x.xml"))
    assert res is not None and res.form == "xml" and res.rejected == []
    nvml = nvml_gpus()[0]
    assert (res.driver_version, res.cuda_version) == ("580.159.04", "13.0")
    (g,) = res.gpus
    # recorded on another H200 than the NVML recording: the same model, memory and slot, its own UUID
    assert (g.name, g.memory_total_mib, g.pci_bus_id) == (nvml["name"], nvml["memory_total_mib"], nvml["pci_bus_id"])
    assert g.uuid == "GPU-c56cad9f-1592-d663-a7ac-2c6c324a218a"


XML_REPLAY = REPLAY.replace('if args == ["-q"]:', 'if args == ["-q", "-x"]:\n    sys.stdout.write(rec("h200-nvidia-smi-q-x.xml"))\nelif args == ["-q"]:')


@posix_only
def test_fallback_through_the_xml_equals_nvml_answer(tmp_path, no_pynvml):
    log = tmp_path / "calls.txt"
    folder = tmp_path / "驱动 bin"
    _replayer(folder, f"import sys\nopen({str(log)!r}, 'a').write(' '.join(sys.argv[1:]) + '\\n')\n"
              + XML_REPLAY.format(fix=str(FIX)))
    report = host.detect_host(environ=_env_with(folder), timeout=10)
    recorded = HostReport.from_json((FIX / "doctor-h200.json").read_text(encoding="utf-8"))
    assert report.driver.present and report.driver.source == "nvidia-smi"
    assert (report.driver.version, report.driver.cuda_version) == (recorded.driver.version, recorded.driver.cuda_version)
    import dataclasses

    assert _seen([dataclasses.replace(g, uuid="") for g in report.gpus]) == _seen([
        dataclasses.replace(g, uuid="") for g in recorded.gpus])  # another H200: its own UUID
    assert report.gpus[0].uuid == "GPU-c56cad9f-1592-d663-a7ac-2c6c324a218a"
    calls = log.read_text().splitlines()
    assert calls[0] == "-q -x" and "-q" not in calls[1:]  # the text form was not needed
    assert calls[1].startswith("--query-gpu=")  # only for the compute capability


@posix_only
def test_broken_xml_falls_back_to_the_text_form(tmp_path, no_pynvml):
    folder = tmp_path / "bin"
    broken = XML_REPLAY.replace('sys.stdout.write(rec("h200-nvidia-smi-q-x.xml"))',
                                'sys.stdout.write(rec("h200-nvidia-smi-q-x.xml")[:1500])')
    _replayer(folder, broken.format(fix=str(FIX)))
    report = host.detect_host(environ=_env_with(folder), timeout=10)
    assert report.driver.present and report.driver.version == "580.159.04"
    assert _seen(report.gpus) == _seen(HostReport.from_json((FIX / "doctor-h200.json").read_text(encoding="utf-8")).gpus)


# -- issue 28: the forms of drivers 610+, MIG, old drivers, failures ---------------------------------------------
# The recorded outputs of these forms are replayed whole in tests/test_smi_replay.py (tests/fixtures/smi). The
# inputs below are CONSTRUCTED from the formats, to pin single rules: the 610 lines are the ones quoted in
# PrismML-Eng/Bonsai-demo#122 and the team's smi-captures; MIG keys are those of nvidia-smi -q / -q -x.

Q_610 = """
==============NVSMI LOG==============

Driver Version                            : 610.57.04 [Deprecated; will be removed in CUDA 14.0. Use KMD Version instead]
CUDA Version                              : 13.3 [Deprecated; will be removed in CUDA 14.0. Use CUDA UMD Version instead]
KMD Version                               : 610.57.04
CUDA UMD Version                          : 13.3

Attached GPUs                             : 1
GPU 00000000:09:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    MIG Mode
        Current                           : Enabled
        Pending                           : Enabled
    MIG Device
        Index                             : 0
        GPU Instance ID                   : 2
        Compute Instance ID               : 0
        Shared FB Memory Usage
            Total                         : 40448 MiB
            Used                          : 26 MiB
    MIG Device
        Index                             : 1
        GPU Instance ID                   : 3
        Compute Instance ID               : 0
        Shared FB Memory Usage
            Total                         : 20096 MiB
    GPU UUID                              : GPU-3d26a52d-3f73-119e-e522-8ab903aef275
    FB Memory Usage
        Total                             : 81559 MiB
        Used                              : 59 MiB
"""


def test_q_of_driver_610_reads_kmd_and_umd_versions_and_mig_devices():
    res = parse_smi_q(Q_610)
    assert (res.driver_version, res.cuda_version) == ("610.57.04", "13.3")
    (g,) = res.gpus
    assert (g.name, g.memory_total_mib, g.uuid) == ("NVIDIA H100 80GB HBM3", 81559,
                                                   "GPU-3d26a52d-3f73-119e-e522-8ab903aef275")
    assert g.mig_enabled is True
    assert [(m.index, m.gpu_instance_id, m.memory_total_mib) for m in g.mig_devices] == [(0, 2, 40448), (1, 3, 20096)]
    # the deprecated key alone (a 610 -q without the new lines) still reads, without its note
    old_only = "\n".join(line for line in Q_610.splitlines() if not line.startswith(("KMD", "CUDA UMD")))
    assert (parse_smi_q(old_only).driver_version, parse_smi_q(old_only).cuda_version) == ("610.57.04", "13.3")


def test_table_header_of_driver_610():
    res = parse_smi_table("| NVIDIA-SMI 610.62                 KMD Version: 610.62        CUDA UMD Version: 13.3     |\n")
    assert (res.driver_version, res.cuda_version) == ("610.62", "13.3")


def test_xml_mig_devices():
    xml = ("<nvidia_smi_log><driver_version>590.48.01</driver_version><cuda_version>13.1</cuda_version>"
           "<gpu id='00000000:00:09.0'><product_name>NVIDIA H100 80GB HBM3</product_name>"
           "<mig_mode><current_mig>Enabled</current_mig><pending_mig>Enabled</pending_mig></mig_mode>"
           "<mig_devices><mig_device><index>0</index><gpu_instance_id>2</gpu_instance_id>"
           "<compute_instance_id>0</compute_instance_id><fb_memory_usage><total>40448 MiB</total></fb_memory_usage>"
           "</mig_device></mig_devices><fb_memory_usage><total>81559 MiB</total></fb_memory_usage></gpu>"
           "<gpu id='00000000:00:0A.0'><product_name>NVIDIA H100 80GB HBM3</product_name>"
           "<mig_mode><current_mig>N/A</current_mig></mig_mode><mig_devices>None</mig_devices></gpu></nvidia_smi_log>")
    res = parse_smi_xml(xml)
    assert res is not None
    a, b = res.gpus
    assert (a.mig_enabled, [(m.index, m.memory_total_mib) for m in a.mig_devices]) == (True, [(0, 40448)])
    assert a.memory_total_mib == 81559
    assert (b.mig_enabled, b.mig_devices) == (None, [])


def test_csv_of_old_drivers_and_names_with_commas():
    from tfgpu_wizard.core.setup.host_smi import QUERY_FIELDS_OLD

    res = parse_smi_csv("0, Tesla K80, GPU-fa47c254-9528-4baf-b9fc-b669a1124986, 11441, 000052CE:00:00.0, 418.40.04\n"
                        "1, Odd, Name, GPU-fa47c254-9528-4baf-b9fc-b669a1124987, 11441, 00000000:01:00.0, 418.40.04\n",
                        QUERY_FIELDS_OLD)
    assert res.driver_version == "418.40.04"
    assert [(g.name, g.memory_total_mib, g.compute_capability, g.pci_bus_id) for g in res.gpus] == [
        ("Tesla K80", 11441, None, "000052CE:00:00.0"), ("Odd, Name", 11441, None, "00000000:01:00.0")]


def test_cut_table_names_are_marked():
    res = parse_smi_table("| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |\n"
                          "|   0  Tesla P100-PCIE...  On   | 00000000:0B:00.0 Off |                    0 |\n"
                          "| N/A   42C    P0    29W / 250W |      0MiB / 16280MiB |      0%      Default |\n")
    (g,) = res.gpus
    assert (g.name, g.name_cut, g.memory_total_mib) == ("Tesla P100-PCIE...", True, 16280)


@pytest.mark.parametrize(("text", "state"), [
    ("Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 570.124\n", "needs-reboot"),
    ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure ...", "not-loaded"),
    ("No devices were found\n", "no-devices"),
    ("Failed to initialize NVML: Insufficient Permissions\n", "no-permission"),
    ("Failed to initialize NVML: Unknown Error\n", "failed"),
    ("Unable to determine the device handle for GPU0000:3B:00.0: GPU is lost.  Reboot the system ...", "failed"),
    ("| NVIDIA-SMI 580.159.04   Driver Version: 580.159.04   CUDA Version: 13.0 |", None),
])
def test_failure_messages_are_driver_states(text, state):
    from tfgpu_wizard.core.setup.host_smi import smi_failure

    got, reason, nvml_version = smi_failure(text)
    assert got == state and (reason != "") == (state is not None)
    assert nvml_version == ("570.124" if state == "needs-reboot" else None)


@pytest.mark.parametrize(("name", "cc"), [
    ("Tesla K80", "3.7"), ("Tesla K40c", "3.5"), ("GeForce GTX 960M", "5.0"), ("GeForce GTX 960", "5.2"),
    ("TITAN X (Pascal)", "6.1"), ("GeForce GTX TITAN X", "5.2"), ("Tesla V100-SXM2-16GB", "7.0"),
    ("Tesla V100S-PCIE-32GB", "7.0"), ("NVIDIA A100-SXM4-40GB", "8.0"), ("NVIDIA GeForce RTX 3080 Ti Laptop GPU", "8.6"),
    ("NVIDIA RTX 6000 Ada Generation", "8.9"), ("Quadro RTX 6000", "7.5"), ("NVIDIA H100 80GB HBM3", "9.0"),
    ("NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", "12.0"),
    # names the table cut: known only when every model they could be agrees
    ("NVIDIA GeForce RTX 4080 ...", "8.9"), ("GeForce GTX 108...", "6.1"), ("Tesla P100-PCIE...", "6.0"),
    ("NVIDIA GeForce ...", None), ("GeForce GTX TITAN ...", None),
    # unknown or not a model name
    ("Graphics Device", None), ("NVIDIA GeForce RTX 30800", None), ("", None),
])
def test_compute_capability_by_model_name(name, cc):
    from tfgpu_wizard.core.setup.host_smi import compute_capability_for

    assert compute_capability_for(name) == cc


def test_compute_capability_table_is_well_formed():
    """The table (resources/gpu-compute-capability.json) names its sources and gives each model one value."""
    data = json.loads((Path(__file__).resolve().parents[1] / "resources" / "gpu-compute-capability.json")
                      .read_text(encoding="utf-8"))
    assert "developer.nvidia.com/cuda-gpus" in data["sources"]["NV-CC"]
    seen: dict[str, str] = {}
    for table in (data["compute_capability"], data["nvidia_smi_names"]["compute_capability"]):
        for cc, models in table.items():
            assert re.fullmatch(r"[0-9]{1,2}\.[0-9]", cc), cc
            for model in models:
                assert seen.setdefault(model.lower(), cc) == cc, model


def test_cut_name_is_completed_from_the_csv_row_with_the_same_bus_id():
    """The recorded H200 table with its name cut as the table cuts long names (CONSTRUCTED from the recording),
    and the recorded csv: the GPU gets the csv's whole name, matched by bus id, and is no longer marked cut."""
    from tfgpu_wizard.core.setup.host_smi import read_smi

    table = recording("h200-nvidia-smi.txt").replace("NVIDIA H200       ", "NVIDIA H2...      ")
    assert "NVIDIA H2..." in table
    answers = {("-q", "-x"): (0, ""), ("-q",): (0, ""), (): (0, table)}

    def run(cmd):
        args = tuple(cmd[1:])
        if args and args[0].startswith("--query-gpu="):
            return 0, recording("h200-nvidia-smi-query.csv"), ""
        return (*answers[args], "")

    res = read_smi("nvidia-smi", run)
    (g,) = res.gpus
    assert (g.name, g.name_cut, g.compute_capability, g.uuid) == (
        "NVIDIA H200", False, "9.0", "GPU-3d26a52d-3f73-119e-e522-8ab903aef275")


def test_list_and_old_csv_recordings():
    """`nvidia-smi -L` and the csv query without compute_cap, recorded on an H200 (driver 580, MIG off)."""
    from tfgpu_wizard.core.setup.host_smi import QUERY_FIELDS_OLD, parse_smi_list

    assert parse_smi_list(recording("h200-nvidia-smi-L.txt")) == {}  # no MIG devices listed under GPU 0
    res = parse_smi_csv(recording("h200-nvidia-smi-query-old.csv"), QUERY_FIELDS_OLD)
    (g,) = res.gpus
    assert res.driver_version == "580.159.04"
    assert (g.name, g.memory_total_mib, g.pci_bus_id, g.compute_capability) == (
        nvml_gpus()[0]["name"], nvml_gpus()[0]["memory_total_mib"], nvml_gpus()[0]["pci_bus_id"], None)


def test_csv_query_asked_again_without_the_field_a_driver_refuses():
    """nvidia-smi names the field it refuses ('Field "X" is not a valid field to query.', exit 2): compute_cap
    (drivers < 510) is dropped; driver_version (deprecated by 610 for kmd_version) is asked as kmd_version."""
    from tfgpu_wizard.core.setup.host_smi import read_smi

    asked: list[str] = []
    table = recording("h200-nvidia-smi.txt")

    def run(cmd):
        args = cmd[1:]
        if not args:
            return 0, table, ""
        if args[0].startswith("--query-gpu="):
            fields = args[0].split("=", 1)[1].split(",")
            asked.append(",".join(fields))
            for bad in ("driver_version", "compute_cap"):
                if bad in fields:
                    return 2, f'Field "{bad}" is not a valid field to query.\n\n', ""
            return 0, "0, NVIDIA H200, GPU-3d26a52d-3f73-119e-e522-8ab903aef275, 143771, 00000000:00:06.0, 580.159.04\n", ""
        return 0, "", ""

    res = read_smi("nvidia-smi", run)
    assert asked == ["index,name,uuid,memory.total,compute_cap,pci.bus_id,driver_version",
                     "index,name,uuid,memory.total,compute_cap,pci.bus_id,kmd_version",
                     "index,name,uuid,memory.total,pci.bus_id,kmd_version"]
    assert res.gpus[0].uuid == "GPU-3d26a52d-3f73-119e-e522-8ab903aef275" and res.driver_version == "580.159.04"


@posix_only
def test_a_gpu_name_that_is_refused_says_why(tmp_path, no_pynvml):
    """drills-3 N20: a GPU whose name nvidia-smi printed as `NVIDIA $(touch x)` became "unknown NVIDIA GPU" with no
    reason given (the reason was kept only when no driver version was valid). The recorded H200 XML, its name
    changed, through a real nvidia-smi subprocess: the GPU is kept, and a note says which value was left out."""
    body = XML_REPLAY.format(fix=str(FIX)).replace(
        'sys.stdout.write(rec("h200-nvidia-smi-q-x.xml"))',
        'sys.stdout.write(rec("h200-nvidia-smi-q-x.xml").replace("NVIDIA H200<", "NVIDIA $(touch x)<"))')
    _replayer(tmp_path / "bin", body)
    report = host.detect_host(environ=_env_with(tmp_path / "bin"), timeout=10)
    assert report.driver.present and report.gpus[0].name == "unknown NVIDIA GPU"
    note = next(n for n in report.notes if n.code == "nvidia-smi-problem")
    assert "GPU name 'NVIDIA $(touch x)'" in note.detail and "not valid" in note.detail
