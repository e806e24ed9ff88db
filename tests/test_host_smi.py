"""The nvidia-smi fallback, fed with real output recorded on an NVIDIA H200 (tests/fixtures/host/h200-*).

The recordings were made with the `run` device tool on an H200 (driver 580.159.04, CUDA 13.0) on
2026-12-02; each text file starts with a '# RECORDING' header that says what command made it. The
same machine's `doctor --json` through NVML is recorded in doctor-h200.json, so the fallback path
can be checked against NVML's answer for the very same GPU.
"""

from __future__ import annotations

import json
import os
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
