"""The report flow (core/flows/report.py): what `tfgpu-wizard report` and Help → "Save a report for help…" drive.

Before, the window wrote the zip on the GUI thread and, before its own detection had finished, without
doctor.json; the CLI always detected. Both now detect unless the caller has the host report."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from tfgpu_wizard.core.flows.base import drive
from tfgpu_wizard.core.flows.report import report
from tfgpu_wizard.core.setup.host_model import HostReport

H200 = Path(__file__).resolve().parents[1] / "resources" / "recordings" / "doctor-h200.json"


def test_a_known_host_is_written_as_it_is(tmp_path) -> None:
    host = HostReport.from_json(H200.read_text("utf-8"))  # a recording, as a window that detected an H200 has it
    items = []
    out = tmp_path / "求助 report.zip"
    contents = drive(report(out, host=host), items.append)
    assert [i.data for i in items] == ["write"]  # nothing detected: the caller had the host
    assert contents.path == out and "doctor.json" in contents.names
    doctor = json.loads(zipfile.ZipFile(out).read("doctor.json"))
    assert doctor["gpus"][0]["name"] == host.gpus[0].name


def test_without_a_host_this_machine_is_detected(tmp_path) -> None:
    items = []
    contents = drive(report(tmp_path / "r.zip"), items.append)
    assert [i.data for i in items] == ["host", "write"]
    assert "doctor.json" in contents.names and "README.txt" in contents.names
